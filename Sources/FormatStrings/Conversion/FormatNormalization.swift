import GeoJSON

extension FormatExpression {
    /// A normal form for comparing expressions by meaning: whole doubles become integers, dictionaries and
    /// stops are sorted, and `object.key` on a key path becomes the longer key path.
    public func normalized() -> FormatExpression {
        switch self {
        case .constant(.offset(let dx, let dy)):
            // Offsets and insets read back from JSON as plain arrays (iOS order).
            return FormatExpression.aggregate([.double(dx), .double(dy)]).normalized()
        case .constant(.edgeInsets(let top, let left, let bottom, let right)):
            return FormatExpression.aggregate([.double(top), .double(right), .double(bottom), .double(left)]).normalized()
        case .constant(let c): return .constant(c.normalized())
        case .keyPath, .variable, .evaluatedObject: return self
        case .aggregate(let elements): return .aggregate(elements.map { $0.normalized() })
        case .function(let name, let args): return .function(name, args.map { $0.normalized() })
        case .customFunction(let target, let selector, let args):
            let t = target.normalized()
            let a = args.map { $0.normalized() }
            if selector == "valueForKeyPath:" || selector == "valueForKey:" {
                if a.count == 1, let key = a[0].constantString, case .keyPath(let components) = t {
                    return .keyPath(components + [key])
                }
                return .customFunction(target: t, selector: "valueForKeyPath:", arguments: a)
            }
            return .customFunction(target: t, selector: selector, arguments: a)
        case .conditional(let p, let a, let b): return .conditional(p.normalized(), a.normalized(), b.normalized())
        }
    }
}

extension FormatPredicate {
    /// A normal form for comparing predicates by meaning (see ``FormatExpression/normalized()``).
    public func normalized() -> FormatPredicate {
        switch self {
        case .constant: return self
        case .comparison(var c):
            c.left = c.left.normalized()
            c.right = c.right.normalized()
            return .comparison(c)
        case .and(let items): return .and(items.map { $0.normalized() })
        case .or(let items): return .or(items.map { $0.normalized() })
        case .not(let p): return .not(p.normalized())
        }
    }
}

extension FormatConstant {
    func normalized() -> FormatConstant {
        switch self {
        case .double(let d) where d == d.rounded() && abs(d) < 9e15: return .integer(Int64(d))
        case .dictionary(let entries) where !entries.isEmpty && entries.allSatisfy({ Double($0.key) != nil }):
            // A dictionary with numeric keys is a stop dictionary.
            return FormatConstant.stops(entries.compactMap { e in Double(e.key).map { FormatStop($0, e.value) } }).normalized()
        case .dictionary(let entries):
            return .dictionary(entries.map { FormatDictionaryEntry($0.key, $0.value.normalized()) }.sorted { $0.key < $1.key })
        case .stops(let stops):
            return .stops(stops.map { FormatStop($0.key, $0.value.normalized()) }.sorted { $0.key < $1.key })
        case .predicate(let p): return .predicate(p.normalized())
        case .attributed(let a):
            return .attributed(FormatAttributedExpression(
                a.expression.normalized(),
                attributes: a.attributes.map { FormatDictionaryEntry($0.key, $0.value.normalized()) }.sorted { $0.key < $1.key }))
        case .shape(let json): return .shape(FormatJSONComparison.normalized(json))
        default: return self
        }
    }
}
