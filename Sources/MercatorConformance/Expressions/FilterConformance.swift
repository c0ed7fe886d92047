import Mercator
public import Foundation
import GeoJSON
import Expressions

/// Runs `filter-tests.jsonl` cases the way the style-spec `feature_filter` tests do.
public enum FilterConformance {
    /// Runs every line of a `.jsonl` file; the family is the part of the name before ` > `.
    public static func run(fileAt url: URL, emit: Bool = false) throws -> ConformanceReport {
        let text = try String(contentsOf: url, encoding: .utf8)
        var report = ConformanceReport()
        for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let rec = try JSONValue(parsing: String(line))
            let name = rec["name"]?.string ?? "?"
            let family = name.components(separatedBy: " > ").first ?? name
            let (ok, reason, result) = runCase(rec)
            report.record(name, family: family, ok: ok, reason: reason)
            if emit {
                var o = JSONObject()
                o["name"] = .string(name)
                o["kind"] = rec["kind"] ?? .null
                o["result"] = result
                report.emitted.append(JSONValue.object(o).serialized())
            }
        }
        return report
    }

    static func compile(_ filter: JSONValue) -> Result<FeatureFilter, ExpressionParseError> {
        do { return .success(try FeatureFilter(filter, rootKey: "layers[0].filter")) } catch { return .failure(error) }
    }

    static func errorText(_ e: ExpressionParseError) -> String {
        e.errors.map { "\($0.key): \($0.message)" }.joined(separator: ", ")
    }

    /// Evaluates one record; returns (passed, reason, result JSON).
    static func runCase(_ rec: JSONValue) -> (Bool, String, JSONValue) {
        let filter = rec["filter"] ?? .null
        let globalState = rec["globalState"]?.object
        switch rec["kind"]?.string {
        case "eval":
            var variants: [JSONValue] = []
            if rec["only_via_convertFilter"]?.bool == true {
                variants = [LegacyFilter.convert(filter)]
            } else {
                variants = [filter]
                if rec["legacy_also_via_convertFilter"]?.bool == true { variants.append(LegacyFilter.convert(filter)) }
            }
            var results: [JSONValue] = []
            for variant in variants {
                switch compile(variant) {
                case .failure(let e): return (false, "compile error: \(errorText(e))", .null)
                case .success(let ff):
                    for c in rec["cases"]?.array ?? [] {
                        let got = ff.evaluate(context(for: c, globalState: globalState))
                        results.append(.bool(got))
                        if got != (c["expected"]?.bool ?? false) {
                            return (false, "case \(c.serialized()): got \(got) via \(variant.serialized())", .array(results))
                        }
                    }
                }
            }
            return (true, "", .array(results))
        case "compile_error":
            let want = rec["error_contains"]?.string ?? ""
            switch compile(filter) {
            case .success: return (false, "compiled but expected error containing \(want)", .null)
            case .failure(let e):
                let t = errorText(e)
                return (t.contains(want), "error \(t) lacks \(want)", .string(t))
            }
        case "is_expression":
            let got = LegacyFilter.isExpressionFilter(filter)
            return (got == rec["expected"]?.bool, "isExpressionFilter gave \(got)", .bool(got))
        case "convert":
            let got = LegacyFilter.convert(filter)
            let ok = JSONCompare.deepEqual(got, rec["expected"] ?? .null)
            return (ok, "converted to \(got.serialized())", got)
        case "warning":
            switch compile(filter) {
            case .failure(let e): return (false, "compile error: \(errorText(e))", .null)
            case .success(let ff):
                let want = rec["warning"]?.string ?? ""
                return (ff.warnings.contains(want), "warnings \(ff.warnings)", .array(ff.warnings.map { .string($0) }))
            }
        case "compiles":
            switch compile(filter) {
            case .failure(let e): return (false, "compile error: \(errorText(e))", .bool(false))
            case .success: return (true, "", .bool(true))
            }
        default:
            return (false, "unknown kind", .null)
        }
    }

    /// Builds the context of one filter case: `globals`, `feature` (`properties`, `id`, `type` 1/2/3 or a name,
    /// `geometry`) and `canonicalID`.
    static func context(for c: JSONValue, globalState: JSONObject?) -> EvaluationContext {
        var ctx = EvaluationContext()
        ctx.zoom = c["globals"]?["zoom"]?.number
        ctx.globalState = globalState
        if let id = c["canonicalID"]?.object, let z = id["z"]?.number.flatMap(safeInt), let x = id["x"]?.number.flatMap(safeInt),
           let y = id["y"]?.number.flatMap(safeInt) {
            ctx.canonical = TileID(z: z, x: x, y: y)
        }
        guard let f = c["feature"]?.object else { return ctx }
        var view = FeatureView(properties: f["properties"]?.object ?? JSONObject())
        if let id = f["id"] { view.id = ExpressionValue(json: id) }
        switch f["type"] {
        case .string(let s)?: view.geometryType = s
        case let t? where t.number != nil:
            let names = ["Unknown", "Point", "LineString", "Polygon"]
            let i = safeInt(t.number!) ?? -1
            view.geometryType = (0..<4).contains(i) ? names[i] : nil
        default: break
        }
        if let geo = f["geometry"] {
            if case .geometry(let g, _)? = try? GeoJSONObject(json: geo) { view.geometry = g }
            switch geo["type"]?.string {
            case "Point", "MultiPoint": view.geometryType = "Point"
            case "LineString", "MultiLineString": view.geometryType = "LineString"
            case "Polygon", "MultiPolygon": view.geometryType = "Polygon"
            default: break
            }
        }
        ctx.feature = view
        return ctx
    }
}
