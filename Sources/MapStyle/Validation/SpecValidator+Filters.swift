import GeoJSON

/// Which of the two filter syntaxes a filter node belongs to (`feature_filter/index.ts`).
enum FilterClassification {
    case expression
    case legacy
    case ambiguous

    static func classify(_ filter: JSONValue) -> FilterClassification {
        if filter.bool != nil { return .ambiguous }
        guard let a = filter.array, !a.isEmpty else { return .legacy }
        guard let op = a[0].string else { return .expression }
        switch op {
        case "has":
            if a.count < 2 || a[1].string == "$id" || a[1].string == "$type" { return .legacy }
            return a.count == 2 ? .ambiguous : .expression
        case "in":
            return a.count >= 3 && (a[1].string == nil || a[2].array != nil) ? .expression : .legacy
        case "!in", "!has":
            return .legacy
        case "==", "!=", ">", ">=", "<", "<=":
            return a.count != 3 || a[1].array != nil || a[2].array != nil ? .expression : .legacy
        case "none", "any", "all":
            var sawLegacy = false
            for child in a.dropFirst() {
                switch classify(child) {
                case .expression: return .expression
                case .legacy: sawLegacy = true
                case .ambiguous: break
                }
            }
            return sawLegacy ? .legacy : .ambiguous
        default:
            return .expression
        }
    }

    /// `isExpressionFilter(filter)`.
    static func isExpressionFilter(_ filter: JSONValue) -> Bool { classify(filter) != .legacy }

    /// `findMixedLegacyFilter`: the first legacy sub-filter inside an expression filter.
    static func findMixedLegacy(_ filter: JSONValue, path: [Int] = []) -> (path: [Int], filter: JSONValue)? {
        guard let a = filter.array, !a.isEmpty else { return nil }
        func check(_ i: Int) -> (path: [Int], filter: JSONValue)? {
            guard i < a.count, a[i].array != nil else { return nil }
            if !isExpressionFilter(a[i]) { return (path + [i], a[i]) }
            return findMixedLegacy(a[i], path: path + [i])
        }
        switch a[0].string {
        case "all", "any", "none":
            for i in 1..<a.count { if let d = check(i) { return d } }
        case "!":
            if let d = check(1) { return d }
        case "case":
            var i = 1
            while i < a.count - 1 {
                if let d = check(i) { return d }
                i += 2
            }
        default: break
        }
        return nil
    }

    /// `getMixedFilterMessage(filter)`.
    static func mixedMessage(_ filter: JSONValue) -> String {
        let a = filter.array ?? []
        if let op = a.first?.string, ["<", "<=", ">", ">="].contains(op), a.count > 1, a[1].string == "$type" {
            return "\"$type\" cannot be use with operator \"\(op)\""
        }
        if let suggestion = suggestion(a) {
            return "Mixing deprecated filter syntax with expression syntax is not supported. Replace \(JavaScript.stringify(filter)) with \(JavaScript.stringify(suggestion))."
        }
        return "Mixing deprecated filter syntax with expression syntax is not supported. Convert \(JavaScript.stringify(filter)) to expression syntax."
    }

    private static func propertyExpression(_ property: String) -> JSONValue {
        if property == "$type" { return ["geometry-type"] }
        if property == "$id" { return ["id"] }
        return ["get", .string(property)]
    }

    private static func suggestion(_ a: [JSONValue]) -> JSONValue? {
        guard let op = a.first?.string else { return nil }
        switch op {
        case "==", "!=", "<", "<=", ">", ">=":
            guard a.count == 3, let property = a[1].string else { return nil }
            return [.string(op), propertyExpression(property), a[2]]
        case "in", "!in":
            guard a.count >= 2, let property = a[1].string else { return nil }
            let expression: JSONValue = ["in", propertyExpression(property), ["literal", .array(Array(a.dropFirst(2)))]]
            return op == "!in" ? ["!", expression] : expression
        case "has", "!has":
            guard a.count == 2, let property = a[1].string, property != "$type", property != "$id" else { return nil }
            let expression: JSONValue = ["has", .string(property)]
            return op == "!has" ? ["!", expression] : expression
        default:
            return nil
        }
    }
}

extension SpecValidator {
    /// `validateFilter(options)`.
    func validateFilter(_ o: Options) -> [ValidationMessage] {
        guard let node = o.value else { return validateNonExpressionFilter(o) }
        let value = node.value
        let isLegacyOnlyNone = value.array?.first?.string == "none"
        if isLegacyOnlyNone || !FilterClassification.isExpressionFilter(value) {
            return validateNonExpressionFilter(o)
        }
        var errors: [ValidationMessage] = []
        if let mixed = FilterClassification.findMixedLegacy(value) {
            var target: Node? = node
            for i in mixed.path { target = target?.element(i) }
            errors.append(error(o.key + mixed.path.map { "[\($0)]" }.joined(), target,
                                FilterClassification.mixedMessage(mixed.filter), severity: .warning))
        }
        var inner = o
        inner.expressionContext = .filter
        inner.valueSpec = ["value": "boolean"]
        return errors + validateExpression(inner)
    }

    private func validateNonExpressionFilter(_ o: Options) -> [ValidationMessage] {
        let key = o.key
        guard let node = o.value, node.isArray else {
            return [error(key, o.value, "array expected, \(type(o.value)) found")]
        }
        if node.count < 1 { return [error(key, node, "filter array must have at least 1 element")] }
        var errors = validateEnum(Options(key: "\(key)[0]", value: node.element(0), valueSpec: spec["filter_operator"]))
        let op = node.element(0)?.string ?? ""
        let opText = node.element(0).map { JavaScript.display($0.value) } ?? "undefined"
        let first = node.element(1)
        switch op {
        case "<", "<=", ">", ">=", "==", "!=", "in", "!in":
            if ["<", "<=", ">", ">="].contains(op), node.count >= 2, first?.string == "$type" {
                errors.append(error(key, node, "\"$type\" cannot be use with operator \"\(opText)\""))
            }
            if ["<", "<=", ">", ">=", "==", "!="].contains(op), node.count != 3 {
                errors.append(error(key, node, "filter array for operator \"\(opText)\" must have 3 elements"))
            }
            if node.count >= 2, type(first) != "string" {
                errors.append(error("\(key)[1]", first, "string expected, \(type(first)) found"))
            }
            for i in 2..<max(2, node.count) {
                let element = node.element(i)
                if first?.string == "$type" {
                    errors += validateEnum(Options(key: "\(key)[\(i)]", value: element, valueSpec: spec["geometry_type"]))
                } else if !["string", "number", "boolean"].contains(type(element)) {
                    errors.append(error("\(key)[\(i)]", element, "string, number, or boolean expected, \(type(element)) found"))
                }
            }
        case "any", "all", "none":
            for i in 1..<max(1, node.count) {
                errors += validateNonExpressionFilter(Options(key: "\(key)[\(i)]", value: node.element(i)))
            }
        case "has", "!has":
            if node.count != 2 {
                errors.append(error(key, node, "filter array for \"\(opText)\" operator must have 2 elements"))
            } else if type(first) != "string" {
                errors.append(error("\(key)[1]", first, "string expected, \(type(first)) found"))
            }
        default:
            break
        }
        return errors
    }

    // MARK: Expressions

    /// `validateExpression(options)`, with parsing delegated to the `ExpressionValidating` hook.
    func validateExpression(_ o: Options) -> [ValidationMessage] {
        let context = o.expressionContext ?? .other
        let value = o.value?.value ?? .null
        let request = ExpressionValidationRequest(expression: value, context: context,
                                                  specification: o.valueSpec, propertyKey: o.propertyKey)
        let traits: ExpressionTraits
        switch expressions.validate(request) {
        case .unavailable:
            uncheckedExpressions.append(o.key)
            return []
        case .errors(let issues):
            return issues.map { error("\(o.key)\($0.key)", o.value, $0.message) }
        case .valid(let t):
            traits = t
        }
        if context == .property, let spec = o.valueSpec {
            // The checks `createPropertyExpression` adds after parsing.
            if !traits.isFeatureConstant && !Self.supportsPropertyExpression(spec) {
                return [error(o.key, o.value, "data expressions not supported")]
            }
            if !traits.isZoomConstant && !Self.supportsZoomExpression(spec) {
                return [error(o.key, o.value, "zoom expressions not supported")]
            }
            switch traits.zoomCurve {
            case .absent where !traits.isZoomConstant:
                return [error(o.key, o.value, "\"zoom\" expression may only be used as input to a top-level \"step\" or \"interpolate\" expression.")]
            case .misplaced(let issue):
                return [error("\(o.key)\(issue.key)", o.value, issue.message)]
            case .interpolate where !Self.supportsInterpolation(spec):
                return [error(o.key, o.value, "\"interpolate\" expressions cannot be used with this property")]
            default: break
            }
            if o.propertyKey == "text-font" && !traits.isOutputDefined {
                return [error(o.key, o.value, "Invalid data expression for \"text-font\". Output values must be contained as literals within the expression.")]
            }
            if o.propertyType == "layout" && !traits.isStateConstant {
                return [error(o.key, o.value, "\"feature-state\" data expressions are not supported with layout properties.")]
            }
        }
        if context == .filter && !traits.isStateConstant {
            return [error(o.key, o.value, "\"feature-state\" data expressions are not supported with filters.")]
        }
        if [.clusterMap, .clusterReduce, .clusterInitial].contains(context) {
            if !traits.isZoomAndStateConstant {
                return [error(o.key, o.value, "\"zoom\" and \"feature-state\" expressions are not supported with cluster properties.")]
            }
            if context == .clusterInitial && !traits.isFeatureConstant {
                return [error(o.key, o.value, "Feature data expressions are not supported with initial expression part of cluster properties.")]
            }
        }
        return []
    }
}
