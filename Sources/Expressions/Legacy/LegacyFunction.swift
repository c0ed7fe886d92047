public import GeoJSON

/// Converts legacy style functions (`{"type", "property", "base", "stops", "default", "colorSpace"}`) into
/// expressions, following the spec's `convertFunction`.
public enum LegacyFunction {
    /// Whether a property value is a legacy function (a JSON object).
    public static func isFunction(_ v: JSONValue) -> Bool { if case .object = v { return true }; return false }

    static func literal(_ v: JSONValue) -> JSONValue {
        switch v {
        case .array, .object, .null: return ["literal", v]
        default: return v
        }
    }

    /// Converts a legacy function for a property with the given specification into an expression.
    public static func convertFunction(_ parameters: JSONValue, spec: PropertySpecification) -> JSONValue {
        let p = parameters.object ?? JSONObject()
        guard case .array(let rawStops)? = p["stops"] else { return identity(p, spec) }
        let zoomAndFeature: Bool = {
            if case .object? = rawStops.first?.array?.first { return true }
            return false
        }()
        let featureDependent = zoomAndFeature || p["property"] != nil
        let zoomDependent = zoomAndFeature || !featureDependent
        let stops: [(JSONValue, JSONValue)] = rawStops.compactMap { s in
            guard let a = s.array, a.count >= 2 else { return nil }
            if !featureDependent && spec.supportsTokens, case .string(let str) = a[1] { return (a[0], convertTokenString(str)) }
            return (a[0], literal(a[1]))
        }
        if stops.isEmpty { return .null }
        if zoomAndFeature { return zoomAndProperty(p, spec, stops) }
        if zoomDependent { return zoomFunction(p, spec, stops) }
        return propertyFunction(p, spec, stops)
    }

    static func identity(_ p: JSONObject, _ spec: PropertySpecification) -> JSONValue {
        let get: JSONValue = ["get", p["property"] ?? .null]
        guard let def = p["default"] else {
            return spec.valueType == .string ? ["string", get] : get
        }
        if spec.valueType == .enumeration {
            return ["match", get, .array(spec.enumValues.map { .string($0) }), get, def]
        }
        let typeName = spec.valueType.map { $0 == .color ? "to-color" : $0.specificationName } ?? ""
        var e: [JSONValue] = [.string(typeName), get, literal(def)]
        if case .array(let element)? = spec.valueType {
            let elementName: JSONValue = element == .value ? .null : .string(element.specificationName)
            e.insert(contentsOf: [elementName, spec.length.map { .int(Int64($0)) } ?? .null], at: 1)
        }
        return .array(e)
    }

    static func interpolateOperator(_ p: JSONObject) -> JSONValue {
        switch p["colorSpace"]?.string {
        case "hcl": return "interpolate-hcl"
        case "lab": return "interpolate-lab"
        default: return "interpolate"
        }
    }

    static func functionType(_ p: JSONObject, _ spec: PropertySpecification) -> String {
        if let t = p["type"]?.string { return t }
        return spec.isInterpolated ? "exponential" : "interval"
    }

    static func appendStopPair(_ curve: inout [JSONValue], _ input: JSONValue, _ output: JSONValue, _ isStep: Bool) {
        if curve.count > 3 && input == curve[curve.count - 2] { return }
        if !(isStep && curve.count == 2) { curve.append(input) }
        curve.append(output)
    }

    static func fixupDegenerateStep(_ e: inout [JSONValue]) {
        if e.first == "step" && e.count == 3 { e.append(0); e.append(e[2]) }
    }

    static func fallback(_ p: JSONObject, _ spec: PropertySpecification) -> JSONValue {
        if let d = p["default"] { return literal(d) }
        if let d = spec.defaultValue { return literal(d) }
        if spec.valueType == .resolvedImage { return "" }
        return .null
    }

    static func zoomAndProperty(_ p: JSONObject, _ spec: PropertySpecification, _ stops: [(JSONValue, JSONValue)]) -> JSONValue {
        var zoomStops: [JSONValue] = []
        var byZoom: [JSONValue: [(JSONValue, JSONValue)]] = [:]
        for (input, output) in stops {
            let zoom = input["zoom"] ?? .null
            if byZoom[zoom] == nil { byZoom[zoom] = []; zoomStops.append(zoom) }
            byZoom[zoom]!.append((input["value"] ?? .null, output))
        }
        var fp = JSONObject()
        if let t = p["type"] { fp["type"] = t }
        if let pr = p["property"] { fp["property"] = pr }
        if let d = p["default"] { fp["default"] = d }
        if functionType(JSONObject(), spec) == "exponential" {
            var e: [JSONValue] = [interpolateOperator(p), ["linear"], ["zoom"]]
            for z in zoomStops { appendStopPair(&e, z, propertyFunction(fp, spec, byZoom[z]!), false) }
            return .array(e)
        }
        var e: [JSONValue] = ["step", ["zoom"]]
        for z in zoomStops { appendStopPair(&e, z, propertyFunction(fp, spec, byZoom[z]!), true) }
        fixupDegenerateStep(&e)
        return .array(e)
    }

    static func propertyFunction(_ p: JSONObject, _ spec: PropertySpecification, _ stops: [(JSONValue, JSONValue)]) -> JSONValue {
        let type = functionType(p, spec)
        let get: JSONValue = ["get", p["property"] ?? .null]
        func wrapDefault(_ e: [JSONValue]) -> JSONValue {
            guard let d = p["default"] else { return .array(e) }
            return ["case", ["==", ["typeof", get], "number"], .array(e), literal(d)]
        }
        if type == "categorical", case .bool = stops[0].0 {
            var e: [JSONValue] = ["case"]
            for (i, o) in stops { e.append(["==", get, i]); e.append(o) }
            e.append(fallback(p, spec))
            return .array(e)
        } else if type == "categorical" {
            var e: [JSONValue] = ["match", get]
            for (i, o) in stops { appendStopPair(&e, i, o, false) }
            e.append(fallback(p, spec))
            return .array(e)
        } else if type == "interval" {
            var e: [JSONValue] = ["step", ["number", get]]
            for (i, o) in stops { appendStopPair(&e, i, o, true) }
            fixupDegenerateStep(&e)
            return wrapDefault(e)
        } else {
            let base = p["base"]?.number ?? 1
            var e: [JSONValue] = [interpolateOperator(p), base == 1 ? ["linear"] : ["exponential", .double(base)], ["number", get]]
            for (i, o) in stops { appendStopPair(&e, i, o, false) }
            return wrapDefault(e)
        }
    }

    static func zoomFunction(_ p: JSONObject, _ spec: PropertySpecification, _ stops: [(JSONValue, JSONValue)]) -> JSONValue {
        let type = functionType(p, spec)
        var e: [JSONValue]
        var isStep = false
        if type == "interval" {
            e = ["step", ["zoom"]]
            isStep = true
        } else {
            let base = p["base"]?.number ?? 1
            e = [interpolateOperator(p), base == 1 ? ["linear"] : ["exponential", .double(base)], ["zoom"]]
        }
        for (i, o) in stops { appendStopPair(&e, i, o, isStep) }
        fixupDegenerateStep(&e)
        return .array(e)
    }

    /// `"a {name} b"` → `["concat", "a ", ["get", "name"], " b"]` (legacy token strings).
    public static func convertTokenString(_ s: String) -> JSONValue {
        var result: [JSONValue] = ["concat"]
        let chars = Array(s)
        var pos = 0
        var i = 0
        while i < chars.count {
            if chars[i] == "{", let close = chars[(i + 1)...].firstIndex(where: { $0 == "}" || $0 == "{" }), chars[close] == "}", close > i + 1 {
                let lit = String(chars[pos..<i])
                if !lit.isEmpty { result.append(.string(lit)) }
                result.append(["get", .string(String(chars[(i + 1)..<close]))])
                pos = close + 1
                i = close + 1
            } else { i += 1 }
        }
        if result.count == 1 { return .string(s) }
        if pos < chars.count { result.append(.string(String(chars[pos...]))) } else if result.count == 2 { return ["to-string", result[1]] }
        return .array(result)
    }
}
