/// The functions, selectors and cast types the SDK understands, and the checks the parser and the
/// converters share.
enum FormatCatalog {
    /// Class names that stand for a colour class (`CAST('UIColor', 'Class')`).
    static let colorClassNames: Set<String> = ["UIColor", "NSColor", "MLNColor", "MGLColor"]

    /// Functions that convert positionally to a style-JSON operator.
    static let operatorsByFunction: [String: String] = [
        "add:to:": "+", "from:subtract:": "-", "multiply:by:": "*", "divide:by:": "/", "modulus:by:": "%",
        "sqrt:": "sqrt", "log:": "log10", "ln:": "ln", "raise:toPower:": "^", "ceiling:": "ceil", "abs:": "abs",
        "floor:": "floor", "uppercase:": "upcase", "lowercase:": "downcase", "length:": "length",
        "mgl_round:": "round", "mgl_acos:": "acos", "mgl_cos:": "cos", "mgl_asin:": "asin", "mgl_sin:": "sin",
        "mgl_atan:": "atan", "mgl_tan:": "tan", "mgl_log2:": "log2", "mgl_distanceFrom:": "distance",
        "MLN_LET": "let",
    ]

    /// Style-JSON operators that parse back to a positional function.
    static let functionsByOperator: [String: String] = [
        "+": "add:to:", "-": "from:subtract:", "*": "multiply:by:", "/": "divide:by:", "%": "modulus:by:",
        "sqrt": "sqrt:", "log10": "log:", "ln": "ln:", "abs": "abs:", "round": "mgl_round:", "acos": "mgl_acos:",
        "cos": "mgl_cos:", "asin": "mgl_asin:", "sin": "mgl_sin:", "atan": "mgl_atan:", "tan": "mgl_tan:",
        "log2": "mgl_log2:", "floor": "floor:", "ceil": "ceiling:", "^": "raise:toPower:",
        "distance": "mgl_distanceFrom:", "upcase": "uppercase:", "downcase": "lowercase:", "let": "MLN_LET",
    ]

    static let interpolate = "mgl_interpolate:withCurveType:parameters:stops:"
    static let step = "mgl_step:from:stops:"
    static let cast = "castObject:toType:"
    static let index = "objectFrom:withIndex:"
    static let noindex = "noindex:"

    /// Every function name the converter handles (canonical spelling).
    static let supportedFunctions: Set<String> = Set(operatorsByFunction.keys).union([
        "sum:", "count:", "min:", "max:", "average:", "exp:", "trunc:", "mgl_join:", index, noindex, cast,
        "mgl_does:have:", interpolate, step, "mgl_coalesce:", "mgl_attributed:", "MLN_IF", "MLN_MATCH", "MLN_FUNCTION",
    ])

    /// Built-in NSExpression functions the SDK rejects.
    static let unsupportedFunctions: Set<String> = [
        "median:", "mode:", "stddev:", "random", "randomn:", "now", "bitwiseAnd:with:", "bitwiseOr:with:",
        "bitwiseXor:with:", "leftshift:by:", "rightshift:by:", "onesComplement:", "distanceToLocation:fromLocation:",
    ]

    /// Selectors accepted by `FUNCTION(target, 'selector', …)`.
    static let customSelectors: Set<String> = [
        "stringByAppendingString:", "boolValue", "mgl_number", "mgl_numberWithFallbackValues:", "doubleValue",
        "floatValue", "decimalValue", "stringValue", "mgl_has:", "mgl_interpolateWithCurveType:parameters:stops:",
        "mgl_stepWithMinimum:stops:", "mgl_expressionWithContext:", "mgl_if:", "mgl_match:", "mgl_coalesce",
        "colorWithRed:green:blue:alpha:", "valueForKey:", "valueForKeyPath:",
    ]

    /// Selectors that convert to `to-number`.
    static let numberSelectors: Set<String> = [
        "mgl_number", "mgl_numberWithFallbackValues:", "decimalValue", "floatValue", "doubleValue",
    ]

    /// The CAST types the SDK converts.
    static let castTypes: Set<String> = ["NSString", "NSNumber", "UIColor", "NSColor", "MLNColor", "NSArray"]

    /// Control structures, installed with and without a trailing colon, spelled `MLN_` or (old) `MGL_`.
    static let controlStructures: Set<String> = ["LET", "MATCH", "IF", "FUNCTION"]

    /// The canonical name of a function written `name(…)` with `count` arguments: NSExpression adds the
    /// colon of a one-part selector when there are arguments, and the control structures lose theirs.
    static func canonicalName(_ written: String, argumentCount count: Int) -> String {
        for prefix in ["MLN_", "MGL_"] where written.hasPrefix(prefix) {
            var rest = String(written.dropFirst(prefix.count))
            if rest.hasSuffix(":") { rest.removeLast() }
            if controlStructures.contains(rest) { return "MLN_" + rest }
        }
        if !written.contains(":") && count > 0 { return written + ":" }
        return written
    }

    /// Argument fix-ups applied while parsing: the documented Swift spelling `MLN_LET(floorCount, 2, …)` names
    /// its variables with bare words, which read as key paths; they become the names they stand for.
    static func normalizedArguments(_ name: String, _ arguments: [FormatExpression]) -> [FormatExpression] {
        guard name == "MLN_LET" else { return arguments }
        var out = arguments
        for i in stride(from: 0, to: out.count - 1, by: 2) {
            if case .keyPath(let components) = out[i], components.count == 1 { out[i] = .string(components[0]) }
        }
        return out
    }

    /// A one-line list of the supported functions, for suggestions.
    static let supportedFunctionList =
        "Supported: arithmetic (+ - * / **, modulus:by:, sqrt, log, ln, exp, ceiling, floor, abs, trunc), "
        + "sum/count/min/max/average({…}), uppercase, lowercase, length, noindex, CAST, TERNARY, "
        + "the mgl_ functions (mgl_join, mgl_round, mgl_acos…mgl_tan, mgl_log2, mgl_distanceFrom, mgl_coalesce, "
        + "mgl_does:have:, mgl_interpolate:withCurveType:parameters:stops:, mgl_step:from:stops:, mgl_attributed), "
        + "MLN_LET, MLN_MATCH, MLN_IF and MLN_FUNCTION('operator', …) for any other style-spec operator."

    static func unsupported(_ message: String, _ suggestion: String? = nil) -> FormatStringError {
        FormatStringError(.unsupported, message, suggestion: suggestion)
    }

    /// Checks a function call the way the SDK's converter would, before conversion.
    static func validateFunction(_ name: String, _ arguments: [FormatExpression]) throws(FormatStringError) {
        if unsupportedFunctions.contains(name) {
            let suggestion = name == "distanceToLocation:fromLocation:"
                ? "Use mgl_distanceFrom(%@) with a shape instead."
                : "The SDK has no style-spec equivalent for it. " + supportedFunctionList
            throw unsupported("The expression function ‘\(name)’ is not supported.", suggestion)
        }
        guard supportedFunctions.contains(name) else {
            var suggestion = supportedFunctionList
            if let near = supportedFunctions.first(where: { $0.lowercased() == name.lowercased() }) {
                suggestion = "Did you mean ‘\(near)’? " + suggestion
            }
            throw unsupported("Unknown expression function ‘\(name)’.", suggestion)
        }
        switch name {
        case interpolate:
            try expectCount(name, arguments, 4)
            try validateInterpolation(curveType: arguments[1], parameters: arguments[2], stops: arguments[3], name,
                                      firstIndex: 1)
        case step:
            try expectCount(name, arguments, 3)
            try validateStops(arguments[2], name, index: 2)
        case "mgl_does:have:", index:
            try expectCount(name, arguments, 2)
        case "exp:", "trunc:", "count:", noindex, "mgl_coalesce:":
            try expectAtLeast(name, arguments, 1)
        case "MLN_LET":
            guard arguments.count % 2 == 1 else {
                throw FormatStringError(.conversion, "MLN_LET needs name/value pairs followed by an expression.",
                                        suggestion: "Write MLN_LET('name', value, …, expression).")
            }
            for i in stride(from: 0, to: arguments.count - 1, by: 2) where arguments[i].constantString == nil {
                throw FormatStringError(.conversion, "MLN_LET variable names must be string constants.",
                                        suggestion: "Write MLN_LET('name', value, …, expression).")
            }
        case "MLN_MATCH":
            try expectAtLeast(name, arguments, 2)
        case "MLN_IF":
            try expectAtLeast(name, arguments, 1)
        case cast:
            try expectCount(name, arguments, 2)
            guard let type = arguments[1].constantString else {
                throw FormatStringError(.conversion, "The type of a CAST must be a string constant.", suggestion: castSuggestion)
            }
            _ = try cast(arguments[0], to: type)
        default:
            break
        }
    }

    /// Checks a `FUNCTION(target, 'selector', …)` call.
    static func validateCustomFunction(target: FormatExpression, selector: String, arguments: [FormatExpression])
        throws(FormatStringError)
    {
        guard customSelectors.contains(selector) else {
            throw unsupported(
                "The custom function selector ‘\(selector)’ is not supported.",
                "Supported selectors: " + customSelectors.sorted().joined(separator: ", ")
                    + ". Prefer the mgl_ functions or MLN_FUNCTION('operator', …).")
        }
        switch selector {
        case "mgl_has:", "valueForKey:", "valueForKeyPath:", "mgl_expressionWithContext:", "mgl_if:", "mgl_match:":
            try expectCount(selector, arguments, 1)
        case "mgl_interpolateWithCurveType:parameters:stops:":
            try expectCount(selector, arguments, 3)
            try validateInterpolation(curveType: arguments[0], parameters: arguments[1], stops: arguments[2], selector,
                                      firstIndex: 2)
        case "mgl_stepWithMinimum:stops:":
            try expectCount(selector, arguments, 2)
            try validateStops(arguments[1], selector, index: 3)
        case "colorWithRed:green:blue:alpha:":
            guard case .constant(.colorClass) = target else {
                throw unsupported("colorWithRed:green:blue:alpha: needs a colour class as its target.",
                                  "Write FUNCTION(CAST('UIColor', 'Class'), 'colorWithRed:green:blue:alpha:', r, g, b, a).")
            }
            try expectCount(selector, arguments, 4)
        default:
            break
        }
        if selector == "mgl_expressionWithContext:" {
            guard case .constant(.dictionary) = arguments[0] else {
                throw FormatStringError(.argument, "mgl_expressionWithContext: needs a dictionary of variables.",
                                        suggestion: "Pass an NSDictionary (a JSON object) as %@, or use MLN_LET.")
            }
        }
    }

    /// Checks a `CAST(value, 'Type')` and returns the expression it stands for.
    static func cast(_ value: FormatExpression, to type: String) throws(FormatStringError) -> FormatExpression {
        if type == "Class" {
            if let name = value.constantString, colorClassNames.contains(name) {
                return .constant(.colorClass(name))
            }
            throw unsupported("Only colour classes can be cast to 'Class'.",
                              "Write CAST('UIColor', 'Class'), CAST('NSColor', 'Class') or CAST('MLNColor', 'Class').")
        }
        guard castTypes.contains(type) else {
            throw unsupported("Casting to ‘\(type)’ is not supported.", castSuggestion)
        }
        if type == "NSArray" { try validateRGBACast(value) }
        return .function(cast, [value, .string(type)])
    }

    static let castSuggestion =
        "Cast to 'NSString', 'NSNumber', 'UIColor' (iOS), 'NSColor' (macOS) or 'MLNColor', or use "
        + "CAST(noindex(color), 'NSArray') for a colour's components."

    /// `CAST(x, 'NSArray')` is only allowed on a non-constant or a colour constant.
    static func validateRGBACast(_ value: FormatExpression) throws(FormatStringError) {
        var operand = value
        switch value {
        case .function(_, let args): if let first = args.first { operand = first }
        case .customFunction(_, _, let args): if let first = args.first { operand = first }
        default: break
        }
        if case .constant(let c) = operand {
            if case .color = c { return }
            throw unsupported("CAST(…, 'NSArray') is only supported for colours and non-constant values.",
                              "Pass a colour: CAST(noindex(%@), 'NSArray') with a colour argument, or a key path.")
        }
    }

    static func validateInterpolation(
        curveType: FormatExpression, parameters: FormatExpression, stops: FormatExpression, _ name: String,
        firstIndex: Int? = nil
    ) throws(FormatStringError) {
        guard let curve = curveType.constantString, ["linear", "exponential", "cubic-bezier"].contains(curve) else {
            var e = FormatStringError(.conversion, "The curve type of ‘\(name)’ must be 'linear', 'exponential' or 'cubic-bezier'.")
            e.argumentIndex = firstIndex
            throw e
        }
        if curve == "cubic-bezier" {
            guard let points = parameters.aggregateElements, points.count == 4 else {
                var e = FormatStringError(.conversion, "A 'cubic-bezier' curve needs four control points.",
                                          suggestion: "Write {x1, y1, x2, y2} as the parameters.")
                e.argumentIndex = firstIndex.map { $0 + 1 }
                throw e
            }
        }
        try validateStops(stops, name, index: firstIndex.map { $0 + 2 })
    }

    /// Stops must be a non-empty dictionary with numeric keys.
    static func validateStops(_ stops: FormatExpression, _ name: String, index: Int? = nil) throws(FormatStringError) {
        do {
            try checkStops(stops, name)
        } catch {
            var e = error
            e.argumentIndex = index
            throw e
        }
    }

    private static func checkStops(_ stops: FormatExpression, _ name: String) throws(FormatStringError) {
        let count: Int
        switch stops {
        case .constant(.stops(let s)): count = s.count
        case .constant(.dictionary(let d)):
            for entry in d where Double(entry.key) == nil {
                throw FormatStringError(.argument, "The ‘stops’ dictionary of ‘\(name)’ has a non-numeric key ‘\(entry.key)’.",
                                        suggestion: "Stop keys must be numbers (zoom levels or attribute values).")
            }
            count = d.count
        default:
            throw FormatStringError(.argument, "The ‘stops’ argument of ‘\(name)’ must be a dictionary.",
                                    suggestion: "Pass the stops as a %@ dictionary argument with numeric keys.")
        }
        if count == 0 {
            throw FormatStringError(.argument, "The ‘stops’ dictionary argument to ‘\(name)’ must not be empty.",
                                    suggestion: "Give at least one stop.")
        }
    }

    static func expectCount(_ name: String, _ arguments: [FormatExpression], _ n: Int) throws(FormatStringError) {
        if arguments.count != n {
            throw FormatStringError(.conversion, "‘\(name)’ takes \(n) argument\(n == 1 ? "" : "s"), not \(arguments.count).")
        }
    }

    static func expectAtLeast(_ name: String, _ arguments: [FormatExpression], _ n: Int) throws(FormatStringError) {
        if arguments.count < n {
            throw FormatStringError(.conversion, "‘\(name)’ takes at least \(n) argument\(n == 1 ? "" : "s").")
        }
    }
}
