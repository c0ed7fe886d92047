import Foundation
public import GeoJSON

extension FormatExpression {
    /// The style-JSON expression this format expression stands for, as the SDK's
    /// `-[NSExpression mgl_jsonExpressionObject]` produces it.
    public func jsonValue(options: FormatJSONOptions = FormatJSONOptions()) throws(FormatStringError) -> JSONValue {
        var encoder = FormatJSONEncoder(options: options)
        return try encoder.expression(self)
    }
}

extension FormatPredicate {
    /// The style-JSON filter this predicate stands for, as the SDK's `-[NSPredicate mgl_jsonExpressionObject]`
    /// produces it.
    public func jsonValue(options: FormatJSONOptions = FormatJSONOptions()) throws(FormatStringError) -> JSONValue {
        var encoder = FormatJSONEncoder(options: options)
        return try encoder.predicate(self)
    }
}

/// Converts format-string ASTs to style JSON, following the SDK operator by operator.
struct FormatJSONEncoder {
    let options: FormatJSONOptions
    private var depth = 0

    init(options: FormatJSONOptions) {
        self.options = options
    }

    private func failure(_ message: String, _ suggestion: String? = nil) -> FormatStringError {
        FormatStringError(.conversion, message, suggestion: suggestion)
    }

    private mutating func enter() throws(FormatStringError) {
        depth += 1
        if depth > FormatJSONOptions.maximumDepth {
            throw FormatStringError(.tooDeep, "The expression is nested more than \(FormatJSONOptions.maximumDepth) levels deep.")
        }
    }

    // MARK: Expressions

    mutating func expression(_ e: FormatExpression) throws(FormatStringError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        switch e {
        case .constant(let c):
            return try constant(c)
        case .keyPath(let components):
            var result: JSONValue = .null
            for (i, component) in components.enumerated() {
                result = i == 0 ? ["get", .string(component)] : ["get", .string(component), result]
            }
            return result
        case .variable(let name):
            return Self.variableJSON(name)
        case .evaluatedObject:
            throw failure("SELF cannot be converted on its own.",
                          "SELF is only meaningful in mgl_does:have:(SELF, 'key') and SELF IN shape.")
        case .aggregate(let elements):
            return ["literal", .array(try elements.map { (x) throws(FormatStringError) in try expression(x) })]
        case .function(let name, let args):
            return try function(name, args)
        case .customFunction(let target, let selector, let args):
            return try customFunction(target, selector, args)
        case .conditional(let p, let a, let b):
            return ["case", try predicate(p), try expression(a), try expression(b)]
        }
    }

    static func variableJSON(_ name: String) -> JSONValue {
        switch name {
        case "zoomLevel": return ["zoom"]
        case "heatmapDensity": return ["heatmap-density"]
        case "lineProgress": return ["line-progress"]
        case "featureAccumulated": return ["accumulated"]
        case "geometryType": return ["geometry-type"]
        case "featureIdentifier": return ["id"]
        case "featureAttributes": return ["properties"]
        default: return ["var", .string(name)]
        }
    }

    /// A whole number as an integer, anything else as a double.
    static func number(_ d: Double) -> JSONValue {
        if d == d.rounded(), abs(d) < 9e15 { return .int(Int64(d)) }
        return .double(d)
    }

    mutating func constant(_ c: FormatConstant) throws(FormatStringError) -> JSONValue {
        switch c {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .integer(let i): return .int(i)
        case .double(let d):
            if d == M_E { return ["e"] }
            if d == Double.pi { return ["pi"] }
            return .double(d)
        case .string(let s): return .string(s)
        case .color(let color):
            if color.alpha == 1 {
                return ["rgb", Self.number(color.red), Self.number(color.green), Self.number(color.blue)]
            }
            return ["rgba", Self.number(color.red), Self.number(color.green), Self.number(color.blue), Self.number(color.alpha)]
        case .shape(let json): return json
        case .dictionary(let entries): return ["literal", .object(try object(entries))]
        case .stops(let stops):
            var o = JSONObject()
            for stop in stops { o[Self.keyString(stop.key)] = try expression(stop.value) }
            return ["literal", .object(o)]
        case .predicate(let p): return try predicate(p)
        case .attributed(let a): return .array(try attributed(a))
        case .offset(let dx, let dy):
            return ["literal", [Self.number(dx), Self.number(options.platform == .macOS ? -dy : dy)]]
        case .edgeInsets(let top, let left, let bottom, let right):
            return ["literal", [Self.number(top), Self.number(right), Self.number(bottom), Self.number(left)]]
        case .colorClass(let name):
            throw failure("The class ‘\(name)’ cannot be converted on its own.",
                          "Use it only as the target of FUNCTION(…, 'colorWithRed:green:blue:alpha:', r, g, b, a).")
        }
    }

    static func keyString(_ key: Double) -> String {
        if key == key.rounded(), abs(key) < 9e15 { return String(Int64(key)) }
        return "\(key)"
    }

    private mutating func object(_ entries: [FormatDictionaryEntry]) throws(FormatStringError) -> JSONObject {
        var o = JSONObject()
        for entry in entries { o[entry.key] = try expression(entry.value) }
        return o
    }

    /// The JSON of a constant as it is stored, without a `literal` wrapper (collator and format options).
    private mutating func raw(_ e: FormatExpression) throws(FormatStringError) -> JSONValue {
        if case .constant(.dictionary(let entries)) = e { return .object(try object(entries)) }
        return try expression(e)
    }

    private mutating func attributed(_ a: FormatAttributedExpression) throws(FormatStringError) -> [JSONValue] {
        [try expression(a.expression), .object(try object(a.attributes))]
    }

    /// The elements of an aggregate-like first argument, or the arguments themselves.
    private func collection(_ args: [FormatExpression]) -> [FormatExpression] {
        if let first = args.first, let elements = first.aggregateElements { return elements }
        return args
    }

    private mutating func list(_ args: [FormatExpression]) throws(FormatStringError) -> [JSONValue] {
        var out: [JSONValue] = []
        out.reserveCapacity(args.count)
        for a in args { out.append(try expression(a)) }
        return out
    }

    private mutating func function(_ name: String, _ args: [FormatExpression]) throws(FormatStringError) -> JSONValue {
        if let op = FormatCatalog.operatorsByFunction[name] {
            return .array([.string(op)] + (try list(args)))
        }
        func first() throws(FormatStringError) -> FormatExpression {
            guard let f = args.first else { throw failure("‘\(name)’ needs an argument.") }
            return f
        }
        switch name {
        case "average:":
            let sum = try function("sum:", args)
            let count = try function("count:", args)
            return ["/", sum, count]
        case "sum:": return .array(["+"] + (try list(collection(args))))
        case "count:": return ["length", try expression(try first())]
        case "min:": return .array(["min"] + (try list(collection(args))))
        case "max:": return .array(["max"] + (try list(collection(args))))
        case "exp:": return ["^", ["e"], try expression(try first())]
        case "trunc:":
            let x = try expression(try first())
            return ["-", x, ["%", x, 1]]
        case "mgl_join:": return .array(["concat"] + (try list(collection(args))))
        case FormatCatalog.index:
            guard args.count == 2 else { throw failure("‘\(name)’ takes 2 arguments.") }
            let array = try expression(args[0])
            switch args[1].constantString {
            case "FIRST": return ["at", 0, array]
            case "LAST": return ["at", ["-", ["length", array], 1], array]
            case "SIZE": return ["length", array]
            default: return ["at", try expression(args[1]), array]
            }
        case FormatCatalog.noindex: return try expression(try first())
        case "mgl_does:have:":
            guard args.count == 2 else { throw failure("‘\(name)’ takes 2 arguments.") }
            return try has(object: args[0], key: args[1])
        case FormatCatalog.interpolate:
            guard args.count == 4 else { throw failure("‘\(name)’ takes 4 arguments.") }
            return try interpolation(input: args[0], curveType: args[1], parameters: args[2], stops: args[3], name)
        case FormatCatalog.step:
            guard args.count == 3 else { throw failure("‘\(name)’ takes 3 arguments.") }
            return try step(input: args[0], minimum: args[1], stops: args[2], name)
        case "MLN_IF":
            guard let condition = args.first else { throw failure("MLN_IF needs arguments.") }
            return try caseExpression(condition: condition, rest: Array(args.dropFirst()))
        case "MLN_MATCH":
            guard let input = args.first else { throw failure("MLN_MATCH needs arguments.") }
            var out: [JSONValue] = ["match", try expression(input)]
            for i in 1..<args.count {
                let isLabel = i % 2 == 1 && i < args.count - 1
                out.append(isLabel ? try matchLabel(args[i]) : try expression(args[i]))
            }
            return .array(out)
        case "mgl_coalesce:":
            guard let elements = args.first?.aggregateElements else {
                throw failure("mgl_coalesce needs an aggregate or array argument.", "Write mgl_coalesce({a, b, c}).")
            }
            return .array(["coalesce"] + (try list(elements)))
        case FormatCatalog.cast:
            return try cast(args)
        case "mgl_attributed:":
            var out: [JSONValue] = ["format"]
            for item in collection(args) {
                if case .constant(.attributed(let a)) = item {
                    out += try attributed(a)
                } else {
                    out += [try expression(item), .object(JSONObject())]
                }
            }
            return .array(out)
        case "MLN_FUNCTION":
            if args.first?.constantString == "collator", args.count > 1 {
                return ["collator", try raw(args[1])]
            }
            if args.first?.constantString == "format" {
                var out: [JSONValue] = ["format"]
                for i in 1..<args.count { out.append(i % 2 == 1 ? try expression(args[i]) : try raw(args[i])) }
                return .array(out)
            }
            return .array(try list(args))
        default:
            try FormatCatalog.validateFunction(name, args)
            throw failure("‘\(name)’ cannot be converted.")
        }
    }

    private mutating func matchLabel(_ label: FormatExpression) throws(FormatStringError) -> JSONValue {
        if let elements = label.aggregateElements { return .array(try list(elements)) }
        return try expression(label)
    }

    private mutating func has(object: FormatExpression, key: FormatExpression) throws(FormatStringError) -> JSONValue {
        if object == .evaluatedObject { return ["has", try expression(key)] }
        return ["has", try expression(key), try expression(object)]
    }

    /// A `case` condition: constant predicates convert as predicates.
    private mutating func condition(_ e: FormatExpression) throws(FormatStringError) -> JSONValue {
        if case .constant(.predicate(let p)) = e { return try predicate(p) }
        return try expression(e)
    }

    private mutating func caseExpression(condition first: FormatExpression, rest: [FormatExpression])
        throws(FormatStringError) -> JSONValue
    {
        var out: [JSONValue] = ["case", try condition(first)]
        for item in rest { out.append(try condition(item)) }
        return .array(out)
    }

    private mutating func sortedStops(_ stops: FormatExpression, _ name: String) throws(FormatStringError) -> [JSONValue] {
        try FormatCatalog.validateStops(stops, name)
        var pairs: [(Double, FormatExpression)] = []
        switch stops {
        case .constant(.stops(let s)): pairs = s.map { ($0.key, $0.value) }
        case .constant(.dictionary(let d)): pairs = d.compactMap { e in Double(e.key).map { ($0, e.value) } }
        default: break
        }
        pairs.sort { $0.0 < $1.0 }
        var out: [JSONValue] = []
        for (key, value) in pairs {
            out.append(Self.number(key))
            out.append(try expression(value))
        }
        return out
    }

    private mutating func interpolation(
        input: FormatExpression, curveType: FormatExpression, parameters: FormatExpression, stops: FormatExpression,
        _ name: String
    ) throws(FormatStringError) -> JSONValue {
        try FormatCatalog.validateInterpolation(curveType: curveType, parameters: parameters, stops: stops, name)
        let curve = curveType.constantString ?? "linear"
        var interpolation: [JSONValue] = [.string(curve)]
        if curve == "exponential" {
            interpolation.append(try expression(parameters))
        } else if curve == "cubic-bezier", let points = parameters.aggregateElements {
            interpolation += try list(points)
        }
        return .array(["interpolate", .array(interpolation), try expression(input)] + (try sortedStops(stops, name)))
    }

    private mutating func step(input: FormatExpression, minimum: FormatExpression, stops: FormatExpression, _ name: String)
        throws(FormatStringError) -> JSONValue
    {
        .array(["step", try expression(input), try expression(minimum)] + (try sortedStops(stops, name)))
    }

    private mutating func cast(_ args: [FormatExpression]) throws(FormatStringError) -> JSONValue {
        guard args.count == 2, let type = args[1].constantString else {
            throw failure("CAST takes a value and a type string.", FormatCatalog.castSuggestion)
        }
        let object = try expression(args[0])
        switch type {
        case "NSString": return ["to-string", object]
        case "NSNumber": return ["to-number", object]
        case "UIColor", "NSColor", "MLNColor", "MGLColor": return ["to-color", object]
        case "NSArray":
            try FormatCatalog.validateRGBACast(args[0])
            return ["to-rgba", object]
        default:
            throw FormatStringError(.unsupported, "Casting to ‘\(type)’ is not supported.", suggestion: FormatCatalog.castSuggestion)
        }
    }

    private mutating func customFunction(_ target: FormatExpression, _ selector: String, _ args: [FormatExpression])
        throws(FormatStringError) -> JSONValue
    {
        try FormatCatalog.validateCustomFunction(target: target, selector: selector, arguments: args)
        switch selector {
        case "valueForKey:", "valueForKeyPath:":
            return ["get", try expression(args[0]), try expression(target)]
        case "stringByAppendingString:":
            return .array(["concat", try expression(target)] + (try list(args)))
        case "boolValue":
            return ["to-boolean", try expression(target)]
        case "stringValue":
            return ["to-string", try expression(target)]
        case _ where FormatCatalog.numberSelectors.contains(selector):
            return .array(["to-number", try expression(target)] + (try list(args)))
        case "mgl_has:":
            return try has(object: target, key: args[0])
        case "mgl_interpolateWithCurveType:parameters:stops:":
            return try interpolation(input: target, curveType: args[0], parameters: args[1], stops: args[2], selector)
        case "mgl_stepWithMinimum:stops:":
            return try step(input: target, minimum: args[0], stops: args[1], selector)
        case "mgl_expressionWithContext:":
            var out: [JSONValue] = ["let"]
            if case .constant(.dictionary(let entries)) = args[0] {
                for entry in entries {
                    out.append(.string(entry.key))
                    out.append(try expression(entry.value))
                }
            }
            out.append(try expression(target))
            return .array(out)
        case "mgl_if:":
            guard let elements = args[0].aggregateElements else {
                throw failure("mgl_if: needs an array of values and conditions.")
            }
            return try caseExpression(condition: target, rest: elements)
        case "mgl_match:":
            guard let elements = args[0].aggregateElements else {
                throw failure("mgl_match: needs an array of labels and values.")
            }
            var out: [JSONValue] = ["match", try expression(target)]
            for (i, item) in elements.enumerated() {
                let isLabel = i % 2 == 0 && i < elements.count - 1
                out.append(isLabel ? try matchLabel(item) : try expression(item))
            }
            return .array(out)
        case "mgl_coalesce":
            guard let elements = target.aggregateElements else {
                throw failure("FUNCTION(…, 'mgl_coalesce') needs an array target.", "Write mgl_coalesce({a, b, c}).")
            }
            return .array(["coalesce"] + (try list(elements)))
        case "colorWithRed:green:blue:alpha:":
            return .array(["rgba"] + (try list(args)))
        default:
            throw failure("The selector ‘\(selector)’ cannot be converted.")
        }
    }

    // MARK: Predicates

    mutating func predicate(_ p: FormatPredicate) throws(FormatStringError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        switch p {
        case .constant(let b): return .bool(b)
        case .not(let inner): return ["!", try predicate(inner)]
        case .and(let items): return .array(["all"] + (try predicates(items)))
        case .or(let items): return .array(["any"] + (try predicates(items)))
        case .comparison(let c): return try comparison(c)
        }
    }

    private mutating func predicates(_ items: [FormatPredicate]) throws(FormatStringError) -> [JSONValue] {
        var out: [JSONValue] = []
        for item in items { out.append(try predicate(item)) }
        return out
    }

    private mutating func comparison(_ c: FormatComparison) throws(FormatStringError) -> JSONValue {
        switch c.modifier {
        case .all:
            guard c.op == .notEqual else {
                throw FormatStringError(.unsupported, "“ALL” is only supported for the “!=” operator.",
                                        suggestion: "Write ALL haystack != needle (NOT needle IN haystack).")
            }
            guard c.options.isEmpty else {
                throw FormatStringError(.unsupported, "Options are not supported for “ALL … !=” comparisons.")
            }
            return ["!", try comparison(FormatComparison(c.right, .in, c.left))]
        case .any:
            guard c.op == .equal else {
                throw FormatStringError(.unsupported, "“ANY” or “SOME” is only supported for the “=” operator.",
                                        suggestion: "Write ANY haystack = needle (needle IN haystack).")
            }
            guard c.options.isEmpty else {
                throw FormatStringError(.unsupported, "Options are not supported for “ANY … =” comparisons.")
            }
            return try comparison(FormatComparison(c.right, .in, c.left))
        case .direct:
            break
        }
        switch c.op {
        case .between:
            guard let limits = c.right.aggregateElements, limits.count == 2 else {
                throw failure("BETWEEN needs a pair of limits.", "Write key BETWEEN {lower, upper}.")
            }
            let value = try expression(c.left)
            return ["all", ["<=", try expression(limits[0]), value], ["<=", value, try expression(limits[1])]]
        case .contains:
            return try comparison(FormatComparison(c.right, .in, c.left, options: c.options))
        case .in:
            if c.left == .evaluatedObject { return ["within", try expression(c.right)] }
            if c.left.constantString != nil, c.right.constantString != nil {
                // Two string literals would read as a legacy "in" filter: wrap the haystack.
                return try withCollator(["in", try expression(c.left), ["literal", try expression(c.right)]], c.options)
            }
            return try withCollator(["in", try expression(c.left), try expression(c.right)], c.options)
        default:
            let op = c.op.jsonOperator ?? c.op.rawValue
            return try withCollator([.string(op), try expression(c.left), try expression(c.right)], c.options)
        }
    }

    private func withCollator(_ items: [JSONValue], _ options: FormatComparisonOptions) throws(FormatStringError) -> JSONValue {
        guard !options.isEmpty else { return .array(items) }
        let collator: JSONValue = [
            "collator",
            [
                "case-sensitive": .bool(!options.contains(.caseInsensitive)),
                "diacritic-sensitive": .bool(!options.contains(.diacriticInsensitive)),
            ],
        ]
        return .array(items + [collator])
    }
}
