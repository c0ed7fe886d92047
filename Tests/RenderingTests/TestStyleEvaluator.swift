import Foundation
import GeoJSON
import Rendering

/// Test-only evaluation of the paint values render tests use: literals, legacy zoom / property /
/// zoom-and-property functions, and the expressions `get`, `zoom`, `interpolate`, `step`, `literal`.
/// Returns nil for anything else so the test is skipped. (The real evaluation lives in `Expressions`.)
enum TestStyleEvaluator {
    /// A value after evaluation: a number, a colour, a string or a number array.
    enum Value {
        case number(Double)
        case color(RenderColor)
        case string(String)
        case numbers([Double])
        var number: Double? { if case .number(let n) = self { return n }; return nil }
    }

    /// Whether the value depends on feature properties.
    static func isDataDriven(_ v: JSONValue) -> Bool {
        if let o = v.object { return o["property"] != nil }
        if let a = v.array, let op = a.first?.string {
            if op == "get" || op == "has" || op == "properties" || op == "feature-state" { return true }
            return a.dropFirst().contains(where: isDataDriven)
        }
        return false
    }

    static func evaluate(_ v: JSONValue, zoom: Double, properties: JSONObject?, colorProperty: Bool) -> Value? {
        switch v {
        case .object(let f):
            return evaluateFunction(f, zoom: zoom, properties: properties, colorProperty: colorProperty)
        case .array(let a):
            if let op = a.first?.string {
                return evaluateExpression(op, Array(a.dropFirst()), zoom: zoom, properties: properties,
                                          colorProperty: colorProperty)
            }
            let nums = a.compactMap(\.number)
            return nums.count == a.count ? .numbers(nums) : nil
        default:
            return literal(v, colorProperty: colorProperty)
        }
    }

    static func literal(_ v: JSONValue, colorProperty: Bool) -> Value? {
        if let n = v.number { return .number(n) }
        if let s = v.string {
            if colorProperty { return RenderTestCase.parseColor(s).map(Value.color) }
            return .string(s)
        }
        if let b = v.bool { return .number(b ? 1 : 0) }
        if let a = v.array {
            let nums = a.compactMap(\.number)
            return nums.count == a.count ? .numbers(nums) : nil
        }
        return nil
    }

    static func interpolate(_ a: Value, _ b: Value, _ t: Double) -> Value? {
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(x + (y - x) * t)
        case let (.color(x), .color(y)):
            // Interpolate premultiplied components, as MapLibre does.
            let px = x.premultiplied(), py = y.premultiplied()
            let m = PremultipliedColor.mix(px, py, Float(t))
            if m.a <= 0 { return .color(.transparent) }
            return .color(RenderColor(red: m.r / m.a, green: m.g / m.a, blue: m.b / m.a, alpha: m.a))
        case let (.numbers(x), .numbers(y)) where x.count == y.count:
            return .numbers(zip(x, y).map { $0 + ($1 - $0) * t })
        default: return t < 1 ? a : b
        }
    }

    /// Exponential interpolation factor between stops.
    static func factor(_ input: Double, _ lower: Double, _ upper: Double, base: Double) -> Double {
        let d = upper - lower
        if d == 0 { return 0 }
        let p = input - lower
        if base == 1 { return p / d }
        return (pow(base, p) - 1) / (pow(base, d) - 1)
    }

    static func evaluateStops(_ stops: [(Double, Value)], input: Double, base: Double, interval: Bool) -> Value? {
        guard let first = stops.first, let last = stops.last else { return nil }
        if input <= first.0 { return first.1 }
        if input >= last.0 { return last.1 }
        for i in 0..<(stops.count - 1) where input >= stops[i].0 && input < stops[i + 1].0 {
            if interval { return stops[i].1 }
            return interpolate(stops[i].1, stops[i + 1].1,
                               factor(input, stops[i].0, stops[i + 1].0, base: base))
        }
        return last.1
    }

    static func evaluateFunction(_ f: JSONObject, zoom: Double, properties: JSONObject?, colorProperty: Bool) -> Value? {
        let type = f["type"]?.string
        let base = f["base"]?.number ?? 1
        let defaultValue = f["default"].flatMap { literal($0, colorProperty: colorProperty) }
        guard let stopsJSON = f["stops"]?.array ?? (type == "identity" ? [] : nil) else { return nil }
        if let property = f["property"]?.string {
            let input = properties?[property]
            if type == "identity" {
                return input.flatMap { literal($0, colorProperty: colorProperty) } ?? defaultValue
            }
            // Zoom-and-property: stops keyed by {zoom, value}.
            if let firstKey = stopsJSON.first?.array?.first, firstKey.object != nil {
                var byZoom: [Double: [(JSONValue, JSONValue)]] = [:]
                for s in stopsJSON {
                    guard let pair = s.array, pair.count == 2, let z = pair[0]["zoom"]?.number,
                          let v = pair[0]["value"] else { return nil }
                    byZoom[z, default: []].append((v, pair[1]))
                }
                var zoomStops: [(Double, Value)] = []
                for z in byZoom.keys.sorted() {
                    let inner = JSONObject([("property", .string(property)), ("type", type.map { .string($0) } ?? .null),
                                            ("base", .double(base)),
                                            ("stops", .array(byZoom[z]!.map { .array([$0.0, $0.1]) }))])
                    guard let v = evaluateFunction(inner, zoom: zoom, properties: properties,
                                                   colorProperty: colorProperty) else { return defaultValue }
                    zoomStops.append((z, v))
                }
                return evaluateStops(zoomStops, input: zoom, base: base, interval: false)
            }
            guard let input else { return defaultValue }
            if type == "categorical" || input.string != nil || input.bool != nil {
                for s in stopsJSON {
                    guard let pair = s.array, pair.count == 2 else { return nil }
                    if pair[0] == input || (pair[0].number != nil && pair[0].number == input.number) {
                        return literal(pair[1], colorProperty: colorProperty)
                    }
                }
                return defaultValue
            }
            guard let x = input.number else { return defaultValue }
            var stops: [(Double, Value)] = []
            for s in stopsJSON {
                guard let pair = s.array, pair.count == 2, let k = pair[0].number,
                      let v = literal(pair[1], colorProperty: colorProperty) else { return nil }
                stops.append((k, v))
            }
            return evaluateStops(stops, input: x, base: base, interval: type == "interval")
        }
        var stops: [(Double, Value)] = []
        for s in stopsJSON {
            guard let pair = s.array, pair.count == 2, let k = pair[0].number,
                  let v = literal(pair[1], colorProperty: colorProperty) else { return nil }
            stops.append((k, v))
        }
        let interval = type == "interval" || (stops.first.map { if case .string = $0.1 { return true }; return false } ?? false)
        return evaluateStops(stops, input: zoom, base: base, interval: interval)
    }

    static func evaluateExpression(_ op: String, _ args: [JSONValue], zoom: Double, properties: JSONObject?,
                                   colorProperty: Bool) -> Value? {
        func eval(_ v: JSONValue) -> Value? {
            evaluate(v, zoom: zoom, properties: properties, colorProperty: colorProperty)
        }
        func numberInput(_ v: JSONValue) -> Double? {
            if let a = v.array, a.first?.string == "zoom" { return zoom }
            return evaluate(v, zoom: zoom, properties: properties, colorProperty: false)?.number
        }
        switch op {
        case "literal":
            return args.first.flatMap { literal($0, colorProperty: colorProperty) }
        case "zoom":
            return .number(zoom)
        case "get":
            guard args.count == 1, let key = args[0].string, let v = properties?[key] else { return nil }
            return literal(v, colorProperty: colorProperty)
        case "interpolate":
            guard args.count >= 4, let kind = args[0].array?.first?.string, let input = numberInput(args[1]) else {
                return nil
            }
            let base = kind == "exponential" ? (args[0].array?[1].number ?? 1) : 1
            guard kind == "linear" || kind == "exponential" else { return nil }
            var stops: [(Double, Value)] = []
            var i = 2
            while i + 1 < args.count {
                guard let k = args[i].number, let v = eval(args[i + 1]) else { return nil }
                stops.append((k, v))
                i += 2
            }
            return evaluateStops(stops, input: input, base: base, interval: false)
        case "step":
            guard args.count >= 2, let input = numberInput(args[0]), var result = eval(args[1]) else { return nil }
            var i = 2
            while i + 1 < args.count {
                guard let k = args[i].number else { return nil }
                if input >= k { guard let v = eval(args[i + 1]) else { return nil }; result = v }
                i += 2
            }
            return result
        case "to-color":
            return args.first.flatMap { literal($0, colorProperty: true) }
        default:
            return nil
        }
    }
}
