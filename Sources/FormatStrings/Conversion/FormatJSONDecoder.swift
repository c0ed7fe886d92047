import Foundation
public import GeoJSON

extension FormatExpression {
    /// The format expression the SDK's `+[NSExpression expressionWithMLNJSONObject:]` builds from a
    /// style-JSON expression.
    public init(json: JSONValue, options: FormatJSONOptions = FormatJSONOptions()) throws(FormatStringError) {
        var decoder = FormatJSONDecoder(options: options)
        self = try decoder.expression(json)
    }
}

extension FormatPredicate {
    /// The predicate the SDK builds from a style-JSON filter (`+[NSPredicate predicateWithMLNJSONObject:]`).
    /// Legacy filters (`["==", "key", value]`, `["!has", "key"]`, `["none", …]`, …) are accepted as well.
    public init(json: JSONValue, options: FormatJSONOptions = FormatJSONOptions()) throws(FormatStringError) {
        var decoder = FormatJSONDecoder(options: options)
        self = try decoder.filter(json)
    }
}

/// Converts style JSON to format-string ASTs, following the SDK operator by operator.
struct FormatJSONDecoder {
    let options: FormatJSONOptions
    private var depth = 0

    init(options: FormatJSONOptions) {
        self.options = options
    }

    private mutating func enter() throws(FormatStringError) {
        depth += 1
        if depth > FormatJSONOptions.maximumDepth {
            throw FormatStringError(.tooDeep, "The JSON is nested more than \(FormatJSONOptions.maximumDepth) levels deep.")
        }
    }

    // MARK: Expressions

    mutating func expression(_ json: JSONValue) throws(FormatStringError) -> FormatExpression {
        try enter()
        defer { depth -= 1 }
        switch json {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .integer(i)
        case .uint(let u): return .double(Double(u))
        case .double(let d): return .double(d)
        case .string(let s): return .string(s)
        case .object(let o):
            if o["type"] != nil, FormatGeoJSON.isShape(o) { return .constant(.shape(json)) }
            return .constant(.dictionary(try entries(o)))
        case .array(let items):
            guard case .string(let op)? = items.first else {
                return .function("MLN_FUNCTION", try list(items))
            }
            return try operatorExpression(op, Array(items.dropFirst()), whole: items)
        }
    }

    private mutating func entries(_ o: JSONObject) throws(FormatStringError) -> [FormatDictionaryEntry] {
        var out: [FormatDictionaryEntry] = []
        for (key, value) in o { out.append(FormatDictionaryEntry(key, try expression(value))) }
        return out
    }

    private mutating func list(_ items: [JSONValue]) throws(FormatStringError) -> [FormatExpression] {
        var out: [FormatExpression] = []
        out.reserveCapacity(items.count)
        for item in items { out.append(try expression(item)) }
        return out
    }

    /// The lossless fallback: `MLN_FUNCTION('op', args…)`.
    private mutating func generic(_ whole: [JSONValue]) throws(FormatStringError) -> FormatExpression {
        .function("MLN_FUNCTION", try list(whole))
    }

    private mutating func operatorExpression(_ op: String, _ args: [JSONValue], whole: [JSONValue])
        throws(FormatStringError) -> FormatExpression
    {
        let e = try convertOperator(op, args, whole: whole)
        // A malformed operator (e.g. `["let", 1]`) stays an MLN_FUNCTION, so that its format string parses back.
        do {
            switch e {
            case .function(let name, let arguments) where name != "MLN_FUNCTION":
                try FormatCatalog.validateFunction(name, arguments)
            case .customFunction(let target, let selector, let arguments):
                try FormatCatalog.validateCustomFunction(target: target, selector: selector, arguments: arguments)
            default:
                break
            }
        } catch {
            return try generic(whole)
        }
        return e
    }

    private mutating func convertOperator(_ op: String, _ args: [JSONValue], whole: [JSONValue])
        throws(FormatStringError) -> FormatExpression
    {
        if let name = FormatCatalog.functionsByOperator[op] {
            if op == "+" && args.count > 2 { return .function("sum:", [.aggregate(try list(args))]) }
            if op == "^", args.first == ["e"] { return .function("exp:", try list(Array(args.dropFirst()))) }
            return .function(name, try list(args))
        }
        let first: JSONValue = args.first ?? .null
        switch op {
        case "collator":
            return try generic(whole)
        case "literal":
            if case .array(let elements) = first { return .aggregate(try list(elements)) }
            return try expression(first)
        case "to-boolean":
            return .customFunction(target: try expression(first), selector: "boolValue", arguments: [])
        case "to-number", "number":
            let operand = try expression(first)
            if args.count <= 1 { return .function(FormatCatalog.cast, [operand, .string("NSNumber")]) }
            return .customFunction(target: operand, selector: "mgl_numberWithFallbackValues:",
                                   arguments: try list(Array(args.dropFirst())))
        case "to-string", "string":
            return .function(FormatCatalog.cast, [try expression(first), .string("NSString")])
        case "to-color":
            if args.count == 1 { return .function(FormatCatalog.cast, [try expression(first), .string(options.colorClassName)]) }
            return try generic(whole)
        case "to-rgba":
            return .function(FormatCatalog.cast, [.function(FormatCatalog.noindex, [try expression(first)]), .string("NSArray")])
        case "get":
            return try get(args, whole: whole)
        case "length":
            let operand = try expression(first)
            return .function(operand.constantString != nil ? "length:" : "count:", [operand])
        case "rgb", "rgba":
            return color(op, try list(args))
        case "min", "max":
            return .function(op + ":", [.aggregate(try list(args))])
        case "e": return .double(M_E)
        case "pi": return .double(Double.pi)
        case "concat":
            return .function("mgl_join:", [.aggregate(try list(args))])
        case "at":
            guard args.count == 2 else { return try generic(whole) }
            return .function(FormatCatalog.index, [try expression(args[1]), try expression(args[0])])
        case "has":
            guard args.count == 1 || args.count == 2 else { return try generic(whole) }
            let object = args.count > 1 ? try expression(args[1]) : .evaluatedObject
            return .function("mgl_does:have:", [object, try expression(args[0])])
        case "interpolate":
            if let e = try interpolation(args) { return e }
            return try generic(whole)
        case "step":
            if let e = try step(args) { return e }
            return try generic(whole)
        case "zoom": return .variable("zoomLevel")
        case "heatmap-density": return .variable("heatmapDensity")
        case "line-progress": return .variable("lineProgress")
        case "accumulated": return .variable("featureAccumulated")
        case "geometry-type": return .variable("geometryType")
        case "id": return .variable("featureIdentifier")
        case "properties": return .variable("featureAttributes")
        case "var":
            guard args.count == 1, case .string(let name) = first else { return try generic(whole) }
            return .variable(name)
        case "case":
            var items: [FormatExpression] = []
            for (i, item) in args.enumerated() {
                if i % 2 == 0 && i != args.count - 1 {
                    items.append(.constant(.predicate(try predicate(item))))
                } else {
                    items.append(try expression(item))
                }
            }
            if items.count == 3, case .constant(.predicate(let p)) = items[0] {
                return .conditional(p, items[1], items[2])
            }
            return .function("MLN_IF", items)
        case "match":
            var items: [FormatExpression] = []
            for (i, item) in args.enumerated() {
                if i > 0, i < args.count - 1, i % 2 == 1, case .array(let labels) = item {
                    items.append(.aggregate(try list(labels)))
                } else {
                    items.append(try expression(item))
                }
            }
            return .function("MLN_MATCH", items)
        case "format":
            if let e = try format(args) { return e }
            return try generic(whole)
        case "coalesce":
            return .function("mgl_coalesce:", [.aggregate(try list(args))])
        default:
            return try generic(whole)
        }
    }

    private mutating func get(_ args: [JSONValue], whole: [JSONValue]) throws(FormatStringError) -> FormatExpression {
        switch args.count {
        case 1:
            guard case .string(let key) = args[0] else { return try generic(whole) }
            return .keyPath([key])
        case 2:
            let object = try expression(args[1])
            if case .string(let key) = args[0] {
                if case .keyPath(let components) = object { return .keyPath(components + [key]) }
                return .customFunction(target: object, selector: "valueForKeyPath:", arguments: [.string(key)])
            }
            return .customFunction(target: object, selector: "valueForKeyPath:", arguments: [try expression(args[0])])
        default:
            return try generic(whole)
        }
    }

    private func color(_ op: String, _ components: [FormatExpression]) -> FormatExpression {
        let numbers = components.compactMap { e -> Double? in
            if case .constant(let c) = e { return c.number }
            return nil
        }
        if (3...4).contains(components.count), numbers.count == components.count {
            return .constant(.color(FormatColor(red: numbers[0], green: numbers[1], blue: numbers[2],
                                                alpha: numbers.count == 4 ? numbers[3] : 1)))
        }
        let target = FormatExpression.constant(.colorClass(options.colorClassName))
        let args = op == "rgb" ? components + [.double(1)] : components
        return .customFunction(target: target, selector: "colorWithRed:green:blue:alpha:", arguments: args)
    }

    /// Numeric-keyed stops from alternating key/value JSON; `nil` when a key is not a number.
    private mutating func stops(_ items: ArraySlice<JSONValue>) throws(FormatStringError) -> [FormatStop]? {
        guard items.count % 2 == 0 else { return nil }
        var out: [FormatStop] = []
        var i = items.startIndex
        while i < items.endIndex {
            guard let key = items[i].number else { return nil }
            out.append(FormatStop(key, try expression(items[i + 1])))
            i += 2
        }
        return out
    }

    private mutating func interpolation(_ args: [JSONValue]) throws(FormatStringError) -> FormatExpression? {
        guard args.count >= 4, case .array(let curve) = args[0], case .string(let type)? = curve.first else { return nil }
        let parameters: FormatExpression
        switch type {
        case "linear":
            parameters = .null
        case "exponential":
            guard curve.count == 2 else { return nil }
            parameters = try expression(curve[1])
        case "cubic-bezier":
            guard curve.count == 5 else { return nil }
            parameters = .aggregate(try list(Array(curve[1...4])))
        default:
            return nil
        }
        guard let stops = try stops(args[2...]), !stops.isEmpty else { return nil }
        return .function(FormatCatalog.interpolate,
                         [try expression(args[1]), .string(type), parameters, .constant(.stops(stops))])
    }

    private mutating func step(_ args: [JSONValue]) throws(FormatStringError) -> FormatExpression? {
        guard args.count >= 4 else { return nil }
        let input = try expression(args[0])
        var rest = args[1...]
        let minimum: FormatExpression
        if rest.count % 2 == 1 {
            minimum = try expression(rest.removeFirst())
        } else {
            // An even number: the first pair's value is the minimum (its key is dropped), as the SDK does.
            minimum = try expression(rest[rest.startIndex + 1])
            rest = rest.dropFirst(2)
        }
        guard let stops = try stops(rest), !stops.isEmpty else { return nil }
        return .function(FormatCatalog.step, [input, minimum, .constant(.stops(stops))])
    }

    private mutating func format(_ args: [JSONValue]) throws(FormatStringError) -> FormatExpression? {
        var items: [FormatExpression] = []
        var i = 0
        while i < args.count {
            let text = try expression(args[i])
            var attributes: [FormatDictionaryEntry] = []
            if i + 1 < args.count {
                guard case .object(let o) = args[i + 1] else { return nil }
                attributes = try entries(o)
            }
            items.append(.constant(.attributed(FormatAttributedExpression(text, attributes: attributes))))
            i += 2
        }
        return .function("mgl_attributed:", items)
    }

    // MARK: Predicates

    /// A layer filter: legacy filters are recognised here (as mbgl's filter conversion does).
    mutating func filter(_ json: JSONValue) throws(FormatStringError) -> FormatPredicate {
        if case .array(let items) = json, let legacy = try legacyFilter(items) { return legacy }
        return try predicate(json)
    }

    mutating func predicate(_ json: JSONValue) throws(FormatStringError) -> FormatPredicate {
        try enter()
        defer { depth -= 1 }
        if case .bool(let b) = json { return .constant(b) }
        guard case .array(let items) = json, case .string(let op)? = items.first else { return try truthTest(json) }
        let args = Array(items.dropFirst())
        if let comparisonOperator = Self.comparisonOperators[op], args.count >= 2 {
            var options: FormatComparisonOptions = []
            if args.count > 2 {
                guard case .array(let collator) = args[2], collator.count == 2, collator[0] == "collator",
                      case .object(let settings) = collator[1]
                else { return try truthTest(json) }
                if settings["locale"] == nil {
                    if settings["case-sensitive"] == .bool(false) { options.insert(.caseInsensitive) }
                    if settings["diacritic-sensitive"] == .bool(false) { options.insert(.diacriticInsensitive) }
                }
            }
            return .comparison(FormatComparison(try expression(args[0]), comparisonOperator, try expression(args[1]),
                                                options: options))
        }
        switch op {
        case "!":
            let subpredicates = try predicates(args)
            if subpredicates.count > 1 { return .not(Self.or(subpredicates)) }
            if let only = subpredicates.first { return .not(only) }
            return .constant(true)
        case "all":
            let subpredicates = try predicates(args)
            if subpredicates.count == 2, let between = Self.between(subpredicates[0], subpredicates[1]) {
                return between
            }
            return Self.and(subpredicates)
        case "any":
            return Self.or(try predicates(args))
        case "within" where args.count == 1:
            return .comparison(FormatComparison(.evaluatedObject, .in, try expression(args[0])))
        default:
            return try truthTest(json)
        }
    }

    /// `["all"]` is TRUEPREDICATE and `["all", p]` is `p`: a format string has no one-operand AND.
    static func and(_ items: [FormatPredicate]) -> FormatPredicate {
        items.count == 1 ? items[0] : items.isEmpty ? .constant(true) : .and(items)
    }

    /// `["any"]` is FALSEPREDICATE and `["any", p]` is `p`.
    static func or(_ items: [FormatPredicate]) -> FormatPredicate {
        items.count == 1 ? items[0] : items.isEmpty ? .constant(false) : .or(items)
    }

    private mutating func predicates(_ items: [JSONValue]) throws(FormatStringError) -> [FormatPredicate] {
        var out: [FormatPredicate] = []
        for item in items { out.append(try predicate(item)) }
        return out
    }

    /// Anything else is `expression == TRUE`.
    private mutating func truthTest(_ json: JSONValue) throws(FormatStringError) -> FormatPredicate {
        .comparison(FormatComparison(try expression(json), .equal, .bool(true)))
    }

    static let comparisonOperators: [String: FormatComparisonOperator] = [
        "==": .equal, "!=": .notEqual, "<": .less, "<=": .lessOrEqual, ">": .greater, ">=": .greaterOrEqual, "in": .in,
    ]

    /// Two bounds on the same value (the four ≤/≥ patterns the SDK recognises) read as BETWEEN.
    static func between(_ a: FormatPredicate, _ b: FormatPredicate) -> FormatPredicate? {
        guard case .comparison(let l) = a, case .comparison(let r) = b, l.modifier == .direct, r.modifier == .direct,
              l.options.isEmpty, r.options.isEmpty
        else { return nil }
        let value: FormatExpression, lower: FormatExpression, upper: FormatExpression
        switch (l.op, r.op) {
        case (.greaterOrEqual, .lessOrEqual) where l.left == r.left:
            (value, lower, upper) = (l.left, l.right, r.right)
        case (.lessOrEqual, .lessOrEqual) where l.right == r.left:
            (value, lower, upper) = (l.right, l.left, r.right)
        case (.lessOrEqual, .greaterOrEqual) where l.right == r.right:
            (value, lower, upper) = (l.right, l.left, r.left)
        case (.greaterOrEqual, .greaterOrEqual) where l.left == r.right:
            (value, lower, upper) = (l.left, l.right, r.left)
        default:
            return nil
        }
        return .comparison(FormatComparison(value, .between, .aggregate([lower, upper])))
    }

    // MARK: Legacy filters

    /// Whether `items` is a legacy (pre-expression) filter, per the style specification's `isExpressionFilter`.
    static func isLegacy(_ items: [JSONValue]) -> Bool {
        guard case .string(let op)? = items.first else { return false }
        switch op {
        case "!in", "!has", "none":
            return true
        case "has":
            return items.count >= 2 && (items[1] == "$id" || items[1] == "$type")
        case "in":
            return items.count >= 3 && items[1].string != nil && items[2].array == nil
        case "==", "!=", ">", ">=", "<", "<=":
            return items.count == 3 && items[1].string != nil && items[2].array == nil
        case "any", "all":
            return items.dropFirst().contains { item in
                if case .array(let sub) = item { return isLegacy(sub) }
                return item.bool == nil
            }
        default:
            return false
        }
    }

    private mutating func legacyFilter(_ items: [JSONValue]) throws(FormatStringError) -> FormatPredicate? {
        guard Self.isLegacy(items), case .string(let op)? = items.first else { return nil }
        try enter()
        defer { depth -= 1 }
        let args = Array(items.dropFirst())
        func key(_ json: JSONValue) -> FormatExpression? {
            guard case .string(let k) = json else { return nil }
            switch k {
            case "$type": return .variable("geometryType")
            case "$id": return .variable("featureIdentifier")
            default: return .keyPath([k])
            }
        }
        switch op {
        case "has", "!has":
            guard args.count == 1, let k = key(args[0]) else { return nil }
            return .comparison(FormatComparison(k, op == "has" ? .notEqual : .equal, .null))
        case "in", "!in":
            guard let first = args.first, let k = key(first) else { return nil }
            let test = FormatPredicate.comparison(FormatComparison(k, .in, .aggregate(try list(Array(args.dropFirst())))))
            return op == "in" ? test : .not(test)
        case "==", "!=", ">", ">=", "<", "<=":
            guard args.count == 2, let k = key(args[0]), let comparison = Self.comparisonOperators[op] else { return nil }
            return .comparison(FormatComparison(k, comparison, try expression(args[1])))
        case "all", "any", "none":
            var subpredicates: [FormatPredicate] = []
            for item in args { subpredicates.append(try filter(item)) }
            switch op {
            case "all": return Self.and(subpredicates)
            case "any": return Self.or(subpredicates)
            default: return .not(Self.or(subpredicates))
            }
        default:
            return nil
        }
    }
}
