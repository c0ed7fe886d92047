public import Mercator
public import Foundation
import GeoJSON
import Expressions

/// Pass/fail counts of a conformance run, per operator family.
public struct ConformanceReport: Sendable {
    /// Family (first path segment of the case name) → (passed, failed).
    public var families: [String: (passed: Int, failed: Int)] = [:]
    /// Names of failing cases with a short reason.
    public var failures: [(name: String, reason: String)] = []
    /// Emitted lines (`{"name","compiled","outputs"}`), when requested.
    public var emitted: [String] = []

    /// Cases that passed, over all families.
    public var passed: Int { families.values.reduce(0) { $0 + $1.passed } }
    /// Cases that failed, over all families.
    public var failed: Int { families.values.reduce(0) { $0 + $1.failed } }

    mutating func record(_ name: String, family: String, ok: Bool, reason: String) {
        var f = families[family] ?? (0, 0)
        if ok { f.passed += 1 } else { f.failed += 1; failures.append((name, reason)) }
        families[family] = f
    }

    /// A table of families and a total line (`N passed, M failed`).
    public var summary: String {
        var lines: [String] = []
        for (k, v) in families.sorted(by: { $0.key < $1.key }) {
            lines.append("\(k.padding(toLength: 28, withPad: " ", startingAt: 0)) \(v.passed) passed, \(v.failed) failed")
        }
        lines.append("total: \(passed) passed, \(failed) failed")
        return lines.joined(separator: "\n")
    }
}

/// Runs `expression-tests.jsonl` cases exactly as the style-spec expression harness does.
public enum ExpressionConformance {
    static let errorPrefix = "layers[0].paint.some-property: "

    /// Runs every line of a `.jsonl` file.
    public static func run(fileAt url: URL, emit: Bool = false) throws -> ConformanceReport {
        let text = try String(contentsOf: url, encoding: .utf8)
        var report = ConformanceReport()
        for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let rec = try JSONValue(parsing: String(line))
            let name = rec["name"]?.string ?? "?"
            let family = String(name.split(separator: "/").first ?? "?")
            guard let test = rec["test"] else { continue }
            let (compiled, outputs) = runCase(test)
            var ok = false
            var reason = ""
            if let expected = test["expected"] {
                let expCompiled = expected["compiled"] ?? .null
                if !JSONCompare.deepEqual(compiled, expCompiled) {
                    reason = "compiled: expected \(expCompiled.serialized()) got \(compiled.serialized())"
                } else if let expOut = expected["outputs"] {
                    let got = JSONValue.array(outputs)
                    if outputsEqual(got, expOut) { ok = true } else {
                        reason = "outputs: expected \(expOut.serialized()) got \(got.serialized())"
                    }
                } else { ok = true }
            }
            report.record(name, family: family, ok: ok, reason: reason)
            if emit {
                var o = JSONObject()
                o["name"] = .string(name)
                o["compiled"] = compiled
                if compiled["result"]?.string == "success" { o["outputs"] = .array(outputs) }
                report.emitted.append(JSONValue.object(o).serialized())
            }
        }
        return report
    }

    /// Compares outputs; runtime error messages are compared after the `layers[0]…: ` prefix.
    static func outputsEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        guard case .array(let x) = a, case .array(let y) = b, x.count == y.count else { return false }
        for (p, q) in zip(x, y) {
            if case .string(let e1)? = p.object?["error"], case .string(let e2)? = q.object?["error"], p.object?.count == 1, q.object?.count == 1 {
                if stripPrefix(e1) != stripPrefix(e2) { return false }
            } else if !JSONCompare.deepEqual(p, q) { return false }
        }
        return true
    }

    /// Drops a location prefix such as `layers[0].paint.some-property[2]: ` or `expression: `.
    static func stripPrefix(_ s: String) -> String {
        guard s.hasPrefix("layers[") || s.hasPrefix("expression") || s.hasPrefix("property"),
              let r = s.range(of: ": ") else { return s }
        return String(s[r.upperBound...])
    }

    /// Compiles and evaluates one `test.json`; returns the `compiled` object and the outputs.
    public static func runCase(_ test: JSONValue) -> (JSONValue, [JSONValue]) {
        let spec = PropertySpecification(json: test["propertySpec"])
        var exprJSON = test["expression"] ?? .null
        if case .object = exprJSON {
            exprJSON = LegacyFunction.convertFunction(exprJSON, spec: spec)
        }
        let expression: Expressions.Expression
        do {
            expression = try Expressions.Expression.parse(exprJSON, for: spec)
        } catch {
            let errs: [JSONValue] = error.errors.map { .object(JSONObject([("key", .string($0.key)), ("error", .string($0.message))])) }
            return (.object(JSONObject([("result", "error"), ("errors", .array(errs))])), [])
        }
        let compiled = JSONValue.object(JSONObject([
            ("result", "success"), ("isFeatureConstant", .bool(expression.isFeatureConstant)),
            ("isZoomConstant", .bool(expression.isZoomConstant)), ("type", .string(expression.type.description)),
        ]))
        var outputs: [JSONValue] = []
        let globalState = test["globalState"]?.object
        for input in test["inputs"]?.array ?? [] {
            let ctx = context(for: input, globalState: globalState)
            switch expression.evaluate(ctx) {
            case .success(let v):
                if expression.type == .color, case .color(let c) = v {
                    let p = c.premultiplied
                    outputs.append([.double(p.r), .double(p.g), .double(p.b), .double(p.a)])
                } else {
                    outputs.append(OutputJSON.encode(v))
                }
            case .failure(let e):
                outputs.append(.object(JSONObject([("error", .string(errorPrefix + e.message))])))
            }
        }
        return (compiled, outputs)
    }

    /// Builds the evaluation context of one `[globals, feature]` input.
    static func context(for input: JSONValue, globalState: JSONObject?) -> EvaluationContext {
        let g = input.array?.first?.object ?? JSONObject()
        let f = (input.array?.count ?? 0) > 1 ? input.array![1].object ?? JSONObject() : JSONObject()
        var ctx = EvaluationContext()
        ctx.zoom = g["zoom"]?.number
        ctx.heatmapDensity = g["heatmapDensity"]?.number
        ctx.lineProgress = g["lineProgress"]?.number
        ctx.elevation = g["elevation"]?.number
        if let acc = g["accumulated"] { ctx.accumulated = ExpressionValue(json: acc) }
        ctx.availableImages = Set((g["availableImages"]?.array ?? []).compactMap(\.string))
        if let c = g["canonicalID"]?.object, let z = c["z"]?.number.flatMap(safeInt), let x = c["x"]?.number.flatMap(safeInt),
           let y = c["y"]?.number.flatMap(safeInt) {
            ctx.canonical = TileID(z: z, x: x, y: y)
        }
        ctx.globalState = globalState
        ctx.featureState = f["featureState"]?.object ?? JSONObject()
        var feature = FeatureView(properties: f["properties"]?.object ?? JSONObject())
        if let id = f["id"] { feature.id = ExpressionValue(json: id) }
        if let geo = f["geometry"] {
            let type = geo["type"]?.string
            if let geometry = try? GeoJSONObject(json: geo), case .geometry(let gm, _) = geometry {
                feature.geometry = gm
            }
            if ctx.canonical != nil {
                switch type {
                case "Point", "MultiPoint": feature.geometryType = "Point"
                case "LineString", "MultiLineString": feature.geometryType = "LineString"
                case "Polygon", "MultiPolygon": feature.geometryType = "Polygon"
                default: feature.geometryType = type
                }
            } else {
                feature.geometryType = type
            }
        }
        ctx.feature = feature
        return ctx
    }
}
