import MercatorTestSupport
import ArgumentParser
import Foundation
import Mercator

/// `mercator-bench expressions [--json]`: filter and interpolate over 1,000,000 synthetic earthquake-like features,
/// compiled expressions versus the same logic hand-written as Swift closures.
enum ExpressionsBench {
    struct Measurement: Sendable {
        var name: String
        var expressionSeconds: Double
        var closureSeconds: Double
        var count: Int
        var expressionRate: Double { Double(count) / expressionSeconds }
        var closureRate: Double { Double(count) / closureSeconds }
        var ratio: Double { expressionSeconds / closureSeconds }
    }

    /// Deterministic features with realistic properties (type, mag, place, time, depth, felt, tsunami, …).
    static func makeFeatures(count: Int) -> [GeoJSONFeature] {
        var rng = SplitMix64(seed: 42)
        let types = ["earthquake", "earthquake", "earthquake", "earthquake", "quarry blast", "explosion", "ice quake"]
        let places = ["10km NE of Ridgecrest, CA", "Offshore Northern California", "5km S of Volcano, Hawaii", "Fiji region"]
        var out: [GeoJSONFeature] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            let props: JSONObject = [
                "id": .string("us\(i)"),
                "mag": .double((rng.unit() * 100).rounded() / 10),
                "place": .string(places[i % places.count]),
                "time": .int(1_500_000_000_000 + Int64(i) * 1000),
                "felt": i % 3 == 0 ? .null : .int(Int64(i % 50)),
                "tsunami": .int(Int64(i % 2)),
                "type": .string(types[Int(rng.unit() * Double(types.count)) % types.count]),
                "depth": .double(rng.unit() * 700),
            ]
            out.append(GeoJSONFeature(identifier: .int(Int64(i)), geometry: .point(Position(rng.unit() * 360 - 180, rng.unit() * 170 - 85)), properties: props))
        }
        return out
    }

    /// Thread CPU time of `body` (robust on a shared, loaded machine), with its result.
    static func time(_ body: () -> Int) -> (Double, Int) {
        let start = Measure.cpuSeconds()
        let r = body()
        return (Measure.cpuSeconds() - start, r)
    }

    /// Runs both benchmarks `runs` times and returns median timings.
    static func run(count: Int = 1_000_000, runs: Int = 5) throws -> [Measurement] {
        let features = makeFeatures(count: count)
        let filter = try FeatureFilter(["all", ["==", ["get", "type"], "earthquake"], [">", ["get", "mag"], 3]])
        let ramp = try Expression.parse(["interpolate", ["linear"], ["get", "mag"], 0, "yellow", 5, "red", 10, "white"],
                                        for: PropertySpecification(.color))
        let yellow = Color(css: "yellow")!, red = Color(css: "red")!, white = Color(css: "white")!

        let filterClosure: (GeoJSONFeature) -> Bool = { f in
            guard case .string(let t)? = f.properties?["type"], t == "earthquake",
                  let m = f.properties?["mag"]?.number else { return false }
            return m > 3
        }
        let rampClosure: (GeoJSONFeature) -> Color? = { f in
            guard let m = f.properties?["mag"]?.number else { return nil }
            if m <= 0 { return yellow }
            if m >= 10 { return white }
            return m < 5 ? Color.interpolate(yellow, red, m / 5) : Color.interpolate(red, white, (m - 5) / 5)
        }

        var fe: [Double] = [], fc: [Double] = [], re: [Double] = [], rc: [Double] = []
        var checks = (0, 0, 0, 0)
        for _ in 0..<runs {
            // Both sides read the features in place (no per-feature copy of the GeoJSON struct).
            let a = time {
                features.withUnsafeBufferPointer { buf in
                    var n = 0
                    var ctx = EvaluationContext(zoom: 10)
                    let geometry = filter.needsGeometry
                    for i in buf.indices { ctx.feature = FeatureView(buf[i], geometry: geometry); if filter.evaluate(ctx) { n += 1 } }
                    return n
                }
            }
            let b = time {
                features.withUnsafeBufferPointer { buf in
                    var n = 0
                    for i in buf.indices where filterClosure(buf[i]) { n += 1 }
                    return n
                }
            }
            let c = time {
                features.withUnsafeBufferPointer { buf in
                    var n = 0
                    var ctx = EvaluationContext(zoom: 10)
                    let geometry = ramp.needsGeometry
                    for i in buf.indices {
                        ctx.feature = FeatureView(buf[i], geometry: geometry)
                        if case .success(.color(let col)) = ramp.evaluate(ctx), col.alpha > 0 { n += 1 }
                    }
                    return n
                }
            }
            let d = time {
                features.withUnsafeBufferPointer { buf in
                    var n = 0
                    for i in buf.indices { if let col = rampClosure(buf[i]), col.alpha > 0 { n += 1 } }
                    return n
                }
            }
            fe.append(a.0); fc.append(b.0); re.append(c.0); rc.append(d.0)
            checks = (a.1, b.1, c.1, d.1)
        }
        precondition(checks.0 == checks.1 && checks.2 == checks.3, "expression and closure disagree: \(checks)")
        return [
            Measurement(name: "filter", expressionSeconds: Measure.median(fe), closureSeconds: Measure.median(fc), count: count),
            Measurement(name: "interpolate", expressionSeconds: Measure.median(re), closureSeconds: Measure.median(rc), count: count),
        ]
    }

}

/// `mercator-bench expressions [--json] [--count N]`.
struct ExpressionsBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expressions",
        abstract: "Filter and interpolate over 1,000,000 features: compiled expressions vs hand-written closures.")

    @Flag(help: "Print one JSON object per measurement.") var json = false
    @Option(help: "Number of synthetic features.") var count = 1_000_000

    func run() throws {
        for m in try ExpressionsBench.run(count: count) {
            if json {
                print("{\"bench\":\"expressions.\(m.name)\",\"count\":\(m.count),\"expression_evals_per_s\":\(Int(m.expressionRate)),\"closure_evals_per_s\":\(Int(m.closureRate)),\"ratio\":\(String(format: "%.2f", m.ratio))}")
            } else {
                print("\(m.name): expression \(Int(m.expressionRate)) evals/s (median \(String(format: "%.3f", m.expressionSeconds)) s), closure \(Int(m.closureRate)) evals/s, ratio \(String(format: "%.2fx", m.ratio))")
            }
        }
    }
}
