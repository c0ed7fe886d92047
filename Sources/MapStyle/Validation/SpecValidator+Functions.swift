import Foundation
import Expressions
import GeoJSON

extension SpecValidator {
    /// The running state of one `validateFunction` call (the reference keeps it in closures).
    private final class FunctionState {
        var stopKeyType: String?
        var stopDomainValues: Set<String> = []
        var previousStopDomainValue: JSONValue?
        var previousStopDomainZoom: JSONValue?
        var typeIsAbsent = false
    }

    /// `validateFunction(options)`: a legacy (pre-expression) function value.
    func validateFunction(_ o: Options) -> [ValidationMessage] {
        guard let function = o.value else { return [] }
        let functionValueSpec = o.valueSpec ?? .object(JSONObject())
        let functionType = function.member("type")?.value
        let typeName = functionType?.string
        let state = FunctionState()
        state.typeIsAbsent = function.value.object?["type"] == nil
        let hasProperty = function.value.object?["property"] != nil
        let isZoomFunction = typeName != "categorical" && !hasProperty
        let isPropertyFunction = !isZoomFunction
        let stops = function.member("stops")
        let isZoomAndPropertyFunction = stops?.value.array?.first?.array?.first?.object != nil

        var errors = validateObject(Options(key: o.key, value: function, valueSpec: spec["function"], objectElementValidators: [
            "stops": { [unowned self] inner in
                self.validateFunctionStops(inner, typeName: typeName, isZoomAndProperty: isZoomAndPropertyFunction,
                                           functionValueSpec: functionValueSpec, state: state)
            },
            "default": { [unowned self] inner in
                self.validate(Options(key: inner.key, value: inner.value, valueSpec: functionValueSpec))
            },
        ]))

        if typeName == "identity" && isZoomFunction {
            errors.append(error(o.key, function, "missing required property \"property\""))
        }
        if typeName != "identity" && !truthy(stops) {
            errors.append(error(o.key, function, "missing required property \"stops\""))
        }
        if typeName == "exponential" && functionValueSpec["expression"] != nil && !Self.supportsInterpolation(functionValueSpec) {
            errors.append(error(o.key, function, "exponential functions not supported"))
        }
        if isPropertyFunction && !Self.supportsPropertyExpression(functionValueSpec) {
            errors.append(error(o.key, function, "property functions not supported"))
        } else if isZoomFunction && !Self.supportsZoomExpression(functionValueSpec) {
            errors.append(error(o.key, function, "zoom functions not supported"))
        }
        if (typeName == "categorical" || isZoomAndPropertyFunction) && !hasProperty {
            errors.append(error(o.key, function, "\"property\" property is required"))
        }
        return errors
    }

    private func validateFunctionStops(_ o: Options, typeName: String?, isZoomAndProperty: Bool,
                                       functionValueSpec: JSONValue, state: FunctionState) -> [ValidationMessage] {
        if typeName == "identity" {
            return [error(o.key, o.value, "identity function may not have a \"stops\" property")]
        }
        var errors = validateArray(Options(key: o.key, value: o.value, valueSpec: o.valueSpec, arrayElementValidator: { [unowned self] stop in
            self.validateFunctionStop(stop, typeName: typeName, isZoomAndProperty: isZoomAndProperty,
                                      functionValueSpec: functionValueSpec, state: state)
        }))
        if let node = o.value, node.isArray, node.count == 0 {
            errors.append(error(o.key, node, "array must have at least one stop"))
        }
        return errors
    }

    private func validateFunctionStop(_ o: Options, typeName: String?, isZoomAndProperty: Bool,
                                      functionValueSpec: JSONValue, state: FunctionState) -> [ValidationMessage] {
        let key = o.key
        guard let stop = o.value, stop.isArray else {
            return [error(key, o.value, "array expected, \(type(o.value)) found")]
        }
        if stop.count != 2 {
            return [error(key, stop, "array length 2 expected, length \(stop.count) found")]
        }
        var errors: [ValidationMessage] = []
        let domain = stop.element(0)
        if isZoomAndProperty {
            guard let domain, domain.isObject else {
                return [error(key, stop, "object expected, \(type(stop.element(0))) found")]
            }
            guard let zoom = domain.member("zoom") else { return [error(key, stop, "object stop key must have zoom")] }
            if domain.member("value") == nil { return [error(key, stop, "object stop key must have value")] }
            if let previous = state.previousStopDomainZoom, jsTruthy(previous), Self.jsGreater(previous, zoom.value) {
                return [error(key, zoom, "stop zoom values must appear in ascending order")]
            }
            if state.previousStopDomainZoom.map({ !Self.strictEquals($0, zoom.value) }) ?? true {
                state.previousStopDomainZoom = zoom.value
                state.previousStopDomainValue = nil
                state.stopDomainValues = []
            }
            errors += validateObject(Options(key: "\(key)[0]", value: domain, valueSpec: ["zoom": .object(JSONObject())],
                                             objectElementValidators: [
                                                 "zoom": { [unowned self] inner in self.validateNumber(inner) },
                                                 "value": { [unowned self] inner in
                                                     self.validateStopDomainValue(inner, stop: domain, typeName: typeName,
                                                                                  functionValueSpec: functionValueSpec, state: state)
                                                 },
                                             ]))
        } else {
            errors += validateStopDomainValue(Options(key: "\(key)[0]", value: domain, valueSpec: .object(JSONObject())),
                                              stop: stop, typeName: typeName, functionValueSpec: functionValueSpec, state: state)
        }
        if let output = stop.element(1), isExpression(output.value) {
            return errors + [error("\(key)[1]", output, "expressions are not allowed in function stops.")]
        }
        return errors + validate(Options(key: "\(key)[1]", value: stop.element(1), valueSpec: functionValueSpec))
    }

    private func validateStopDomainValue(_ o: Options, stop: Node, typeName: String?, functionValueSpec: JSONValue,
                                         state: FunctionState) -> [ValidationMessage] {
        let valueType = type(o.value)
        let report = (o.value?.value.isNull ?? true) ? stop : o.value
        if let stopKeyType = state.stopKeyType {
            if valueType != stopKeyType {
                return [error(o.key, report, "\(valueType) stop domain type must match previous stop domain type \(stopKeyType)")]
            }
        } else {
            state.stopKeyType = valueType
        }
        if valueType != "number" && valueType != "string" && valueType != "boolean" {
            return [error(o.key, report, "stop domain value must be a number, string, or boolean")]
        }
        let value = o.value?.value ?? .null
        if valueType != "number" && typeName != "categorical" {
            var message = "number expected, \(valueType) found"
            if Self.supportsPropertyExpression(functionValueSpec) && state.typeIsAbsent {
                message += "\nIf you intended to use a categorical function, specify `\"type\": \"categorical\"`."
            }
            return [error(o.key, report, message)]
        }
        if typeName == "categorical", let n = value.number, !n.isFinite || n.rounded(.down) != n {
            return [error(o.key, report, "integer expected, found \(JavaScript.number(value))")]
        }
        if typeName != "categorical", let n = value.number, let previous = state.previousStopDomainValue,
           let p = previous.number, n < p {
            return [error(o.key, report, "stop domain values must appear in ascending order")]
        } else {
            state.previousStopDomainValue = value
        }
        let domainKey = JavaScript.display(value)
        if typeName == "categorical" && state.stopDomainValues.contains(domainKey) {
            return [error(o.key, report, "stop domain values must be unique")]
        } else {
            state.stopDomainValues.insert(domainKey)
        }
        return []
    }


    /// JavaScript `a > b` for primitives.
    static func jsGreater(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = a.string, let y = b.string { return Array(x.utf16).lexicographicallyPrecedes(Array(y.utf16)) == false && x != y }
        func toNumber(_ v: JSONValue) -> Double {
            switch v {
            case .null: return 0
            case .bool(let b): return b ? 1 : 0
            case .string(let s):
                let t = s.trimmingCharacters(in: .whitespaces)
                return t.isEmpty ? 0 : (Double(t) ?? .nan)
            default: return v.number ?? .nan
            }
        }
        return toNumber(a) > toNumber(b)
    }
}
