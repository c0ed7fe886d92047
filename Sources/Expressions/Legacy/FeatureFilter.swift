public import GeoJSON

/// A compiled layer filter (legacy syntax or a boolean expression): `evaluate` tells whether a feature passes.
public struct FeatureFilter: Sendable {
    let expression: Expression?
    /// The compiled root, kept separately so evaluation does not copy the `Expression` value.
    let root: Expr?
    /// Whether evaluating needs the feature geometry or its type (`within`, `distance`, `geometry-type`, `$type`).
    public let needsGeometry: Bool
    /// Warnings about mixed legacy/expression syntax (`layers[0].filter[1]: …`).
    public let warnings: [String]
    /// The same filter evaluated straight on a feature, when it has the shapes production styles use (nil: only
    /// the expression evaluator answers it).
    package let predicate: FilterPredicate?

    /// The filter spec the reference uses: boolean, default false, zoom and feature parameters.
    static let spec = PropertySpecification(.boolean, propertyType: .dataDriven, parameters: [.zoom, .feature],
                                            isInterpolated: false, defaultValue: .bool(false))

    /// Compiles a filter; `nil`/absent filters pass everything. Legacy filters are converted first.
    public init(_ filter: JSONValue?, rootKey: String = "filter") throws(ExpressionParseError) {
        try self.init(filter, rootKey: rootKey, binding: nil)
    }

    /// Compiles a filter with a style's global state bound (``GlobalStateBinding``).
    package init(_ filter: JSONValue?, rootKey: String = "filter", binding: GlobalStateBinding?) throws(ExpressionParseError) {
        guard let filter, !filter.isNull else {
            expression = nil; root = nil; needsGeometry = false; warnings = []; predicate = nil
            return
        }
        var json = filter
        var warnings: [String] = []
        if !LegacyFilter.isExpressionFilter(filter) {
            json = LegacyFilter.convertToInternal(filter)
        } else if let d = LegacyFilter.findMixedLegacyFilter(filter) {
            warnings.append("\(rootKey)\(d.path.map { "[\($0)]" }.joined()): \(LegacyFilter.mixedFilterMessage(d.legacyFilter))")
        }
        self.warnings = warnings
        let compiled = try Expression.parseStyleExpression(json, for: Self.spec, binding: binding)
        expression = compiled
        root = compiled.root
        predicate = FilterPredicate(json: json)
        needsGeometry = LegacyFilter.geometryNeeded(json) || compiled.needsGeometry
    }

    /// Whether the layer has no filter (every feature passes without evaluating anything).
    public var passesEverything: Bool { root == nil }

    /// Keys read by `global-state`.
    public var globalStateReferences: Set<String> { expression?.globalStateReferences ?? [] }

    /// Whether the feature passes; evaluation errors and non-boolean results count as false.
    public func evaluate(_ context: EvaluationContext) -> Bool {
        guard let root else { return true }
        do {
            if case .boolean(let b) = try root.evaluate(context) { return b }
        } catch {}
        return false
    }

    /// Whether a GeoJSON feature passes at the given zoom.
    public func evaluate(_ feature: GeoJSONFeature, zoom: Double = 0, globalState: JSONObject? = nil) -> Bool {
        if let predicate { return predicate.evaluate(feature) }
        return evaluate(EvaluationContext(zoom: zoom, feature: FeatureView(feature, geometry: needsGeometry), globalState: globalState))
    }
}

/// Legacy filter syntax: detection, diagnostics and conversion to expressions.
public enum LegacyFilter {
    enum Classification { case expression, legacy, neutral }

    static func classify(_ f: JSONValue) -> Classification {
        if case .bool = f { return .neutral }
        guard case .array(let a) = f, !a.isEmpty else { return .legacy }
        let op = a[0].string
        switch op {
        case "has":
            if a.count < 2 || a[1] == "$id" || a[1] == "$type" { return .legacy }
            return a.count == 2 ? .neutral : .expression
        case "in":
            let isExpr = a.count >= 3 && (a[1].string == nil || a[2].array != nil)
            return isExpr ? .expression : .legacy
        case "!in", "!has", "none": return .legacy
        case "==", "!=", ">", ">=", "<", "<=":
            return a.count != 3 || a[1].array != nil || a[2].array != nil ? .expression : .legacy
        case "any", "all":
            var sawLegacy = false
            for c in a.dropFirst() {
                switch classify(c) {
                case .expression: return .expression
                case .legacy: sawLegacy = true
                case .neutral: break
                }
            }
            return sawLegacy ? .legacy : .neutral
        default: return .expression
        }
    }

    /// Whether a filter is (or must be read as) expression syntax.
    public static func isExpressionFilter(_ f: JSONValue) -> Bool { classify(f) != .legacy }

    struct MixedDiagnostic { var path: [Int]; var legacyFilter: [JSONValue] }

    static func checkChild(_ index: Int, _ path: [Int], _ filter: [JSONValue]) -> MixedDiagnostic? {
        guard index < filter.count, case .array(let child) = filter[index] else { return nil }
        if !isExpressionFilter(filter[index]) { return MixedDiagnostic(path: path + [index], legacyFilter: child) }
        return findMixedLegacyFilter(filter[index], path + [index])
    }

    static func findMixedLegacyFilter(_ f: JSONValue, _ path: [Int] = []) -> MixedDiagnostic? {
        guard case .array(let a) = f, !a.isEmpty else { return nil }
        switch a[0].string {
        case "all", "any", "none":
            for i in 1..<a.count { if let d = checkChild(i, path, a) { return d } }
        case "!":
            if let d = checkChild(1, path, a) { return d }
        case "case":
            var i = 1
            while i < a.count - 1 { if let d = checkChild(i, path, a) { return d }; i += 2 }
        default: break
        }
        return nil
    }

    static func propertyExpression(_ p: String) -> JSONValue {
        if p == "$type" { return ["geometry-type"] }
        if p == "$id" { return ["id"] }
        return ["get", .string(p)]
    }

    static func suggestion(_ f: [JSONValue]) -> JSONValue? {
        switch f.first?.string {
        case "==", "!=", "<", "<=", ">", ">=":
            guard f.count == 3, case .string(let p) = f[1] else { return nil }
            return [f[0], propertyExpression(p), f[2]]
        case "in", "!in":
            guard f.count >= 2, case .string(let p) = f[1] else { return nil }
            let e: JSONValue = ["in", propertyExpression(p), ["literal", .array(Array(f.dropFirst(2)))]]
            return f[0] == "!in" ? ["!", e] : e
        case "has", "!has":
            guard f.count == 2, case .string(let p) = f[1], p != "$type", p != "$id" else { return nil }
            let e: JSONValue = ["has", .string(p)]
            return f[0] == "!has" ? ["!", e] : e
        default: return nil
        }
    }

    static func mixedFilterMessage(_ f: [JSONValue]) -> String {
        if let op = f.first?.string, ["<", "<=", ">", ">="].contains(op), f.count > 1, f[1] == "$type" {
            return "\"$type\" cannot be use with operator \"\(op)\""
        }
        let text = JSStringify.stringify(ExpressionValue(json: .array(f)))
        if let s = suggestion(f) {
            return "Mixing deprecated filter syntax with expression syntax is not supported. Replace \(text) with \(JSStringify.stringify(ExpressionValue(json: s)))."
        }
        return "Mixing deprecated filter syntax with expression syntax is not supported. Convert \(text) to expression syntax."
    }

    static func geometryNeeded(_ f: JSONValue) -> Bool {
        guard case .array(let a) = f else { return false }
        if a.first == "within" || a.first == "distance" { return true }
        return a.dropFirst().contains(where: geometryNeeded)
    }

    // MARK: feature_filter's internal conversion (filter-* operators)

    static func convertToInternal(_ f: JSONValue) -> JSONValue {
        guard case .array(let a) = f, !a.isEmpty else { return f.isNull ? true : (f.bool.map { .bool($0) } ?? true) }
        let op = a[0].string ?? ""
        if a.count <= 1 { return .bool(op != "any") }
        func at(_ i: Int) -> JSONValue { i < a.count ? a[i] : .null }
        switch op {
        case "==": return comparison(at(1), at(2), "==")
        case "!=": return ["!", comparison(at(1), at(2), "==")]
        case "<", ">", "<=", ">=": return comparison(at(1), at(2), op)
        case "any": return .array(["any"] + a.dropFirst().map(convertToInternal))
        case "all": return .array(["all"] + a.dropFirst().map(convertToInternal))
        case "none": return .array(["all"] + a.dropFirst().map { ["!", convertToInternal($0)] })
        case "in": return inOp(at(1), Array(a.dropFirst(2)))
        case "!in": return ["!", inOp(at(1), Array(a.dropFirst(2)))]
        case "has": return hasOp(at(1))
        case "!has": return ["!", hasOp(at(1))]
        default: return true
        }
    }

    static func comparison(_ property: JSONValue, _ value: JSONValue, _ op: String) -> JSONValue {
        switch property.string {
        case "$type": return [.string("filter-type-\(op)"), value]
        case "$id": return [.string("filter-id-\(op)"), value]
        default: return [.string("filter-\(op)"), property, value]
        }
    }

    static func inOp(_ property: JSONValue, _ values: [JSONValue]) -> JSONValue {
        if values.isEmpty { return false }
        switch property.string {
        case "$type": return ["filter-type-in", ["literal", .array(values)]]
        case "$id": return ["filter-id-in", ["literal", .array(values)]]
        default:
            let first = jsTypeof(values[0])
            if values.count > 200 && !values.contains(where: { jsTypeof($0) != first }) {
                let sorted = values.sorted { a, b in
                    let x = ExpressionValue(json: a), y = ExpressionValue(json: b)
                    if let p = x.number, let q = y.number { return p < q }
                    if let p = x.string, let q = y.string { return compareUTF16(p, q) < 0 }
                    return false
                }
                return ["filter-in-large", property, ["literal", .array(sorted)]]
            }
            return ["filter-in-small", property, ["literal", .array(values)]]
        }
    }

    static func hasOp(_ property: JSONValue) -> JSONValue {
        switch property.string {
        case "$type": return true
        case "$id": return ["filter-has-id"]
        default: return ["filter-has", property]
        }
    }

    // MARK: convert.ts (public conversion to standard expressions)

    /// Converts a legacy filter to an equivalent expression (the spec's `convertFilter`); expression filters pass through.
    public static func convert(_ filter: JSONValue) -> JSONValue {
        var types: [(String, String)] = []
        return convert(filter, &types)
    }

    static func convert(_ filter: JSONValue, _ expectedTypes: inout [(String, String)]) -> JSONValue {
        if isExpressionFilter(filter) { return filter }
        guard case .array(let a) = filter, !a.isEmpty else { return true }
        let op = a[0].string ?? ""
        if a.count <= 1 { return .bool(op != "any") }
        func at(_ i: Int) -> JSONValue { i < a.count ? a[i] : .null }
        switch op {
        case "==", "!=", "<", ">", "<=", ">=":
            return convertComparison(at(1).string ?? "", at(2), op, &expectedTypes)
        case "any":
            let children: [JSONValue] = a.dropFirst().map { f in
                var types: [(String, String)] = []
                let child = convert(f, &types)
                let checks = runtimeTypeChecks(types)
                return checks == .bool(true) ? child : ["case", checks, child, false]
            }
            return .array(["any"] + children)
        case "all":
            let children = a.dropFirst().map { convert($0, &expectedTypes) }
            return children.count > 1 ? .array(["all"] + children) : children[0]
        case "none":
            var t: [(String, String)] = []
            return ["!", convert(.array(["any"] + a.dropFirst()), &t)]
        case "in": return convertIn(at(1).string ?? "", Array(a.dropFirst(2)), negate: false)
        case "!in": return convertIn(at(1).string ?? "", Array(a.dropFirst(2)), negate: true)
        case "has": return convertHas(at(1).string ?? "")
        case "!has": return ["!", convertHas(at(1).string ?? "")]
        default: return true
        }
    }

    static func runtimeTypeChecks(_ types: [(String, String)]) -> JSONValue {
        var conditions: [JSONValue] = []
        for (property, type) in types {
            let get: JSONValue = property == "$id" ? ["id"] : ["get", .string(property)]
            conditions.append(["==", ["typeof", get], .string(type)])
        }
        if conditions.isEmpty { return true }
        if conditions.count == 1 { return conditions[0] }
        return .array(["all"] + conditions)
    }

    static func convertComparison(_ property: String, _ value: JSONValue, _ op: String, _ expectedTypes: inout [(String, String)]) -> JSONValue {
        let get: JSONValue
        if property == "$type" { return [.string(op), ["geometry-type"], value] }
        get = property == "$id" ? ["id"] : ["get", .string(property)]
        if !value.isNull {
            let t = jsTypeof(value)
            if let i = expectedTypes.firstIndex(where: { $0.0 == property }) { expectedTypes[i].1 = t } else { expectedTypes.append((property, t)) }
        }
        if op == "==" && property != "$id" && value.isNull {
            return ["all", ["has", .string(property)], ["==", get, .null]]
        } else if op == "!=" && property != "$id" && value.isNull {
            return ["any", ["!", ["has", .string(property)]], ["!=", get, .null]]
        }
        return [.string(op), get, value]
    }

    static func convertIn(_ property: String, _ values: [JSONValue], negate: Bool) -> JSONValue {
        if values.isEmpty { return .bool(negate) }
        let get: JSONValue = property == "$type" ? ["geometry-type"] : property == "$id" ? ["id"] : ["get", .string(property)]
        let type = jsTypeof(values[0])
        let uniform = values.allSatisfy { jsTypeof($0) == type }
        if uniform && (type == "string" || type == "number") {
            // JS default sort compares string forms.
            let sorted = values.enumerated().sorted { x, y in
                let c = compareUTF16(jsDisplayString(x.element), jsDisplayString(y.element))
                return c != 0 ? c < 0 : x.offset < y.offset
            }.map(\.element)
            var unique: [JSONValue] = []
            for (i, v) in sorted.enumerated() where i == 0 || !(ExpressionValue(json: sorted[i - 1]).strictEquals(ExpressionValue(json: v))) {
                unique.append(v)
            }
            return ["match", get, .array(unique), .bool(!negate), .bool(negate)]
        }
        if negate { return .array(["all"] + values.map { ["!=", get, $0] }) }
        return .array(["any"] + values.map { ["==", get, $0] })
    }

    static func convertHas(_ property: String) -> JSONValue {
        if property == "$type" { return true }
        if property == "$id" { return ["!=", ["id"], .null] }
        return ["has", .string(property)]
    }
}
