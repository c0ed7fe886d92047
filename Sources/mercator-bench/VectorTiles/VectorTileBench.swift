import ArgumentParser
import Foundation
import Mercator
import MercatorTestSupport
import Tiling

/// `mercator-bench tiles`: MVT full-decode throughput (all layers, features, geometry and
/// properties) on the suite's Mapbox Streets tile and on tiles encoded from shared/data, side by
/// side with `@mapbox/vector-tile` + `pbf` on node on the same bytes; and encoding throughput.
enum VectorTileBench {
    /// (label, shared/data file, tile) for the encoded tiles.
    static let encodedTiles: [(String, String, TileID)] = [
        ("countries 0/0/0", "ne_50m_admin_0_countries.geojson", TileID(z: 0, x: 0, y: 0)),
        ("us_counties 4/3/6", "us_counties_500k.geojson", TileID(z: 4, x: 3, y: 6)),
        ("rivers 1/0/0", "ne_10m_rivers_lake_centerlines.geojson", TileID(z: 1, x: 0, y: 0)),
        ("cities500 3/4/2", "geonames_cities500.geojson", TileID(z: 3, x: 4, y: 2)),
    ]

    /// How much of the decoded result is materialized; every mode reads every layer's tables and
    /// every feature's id, type, properties (each key and value resolved) and all geometry points.
    enum Mode {
        /// As the node side: a properties object (`JSONObject`) and rings of points (`[[TilePoint]]`) per feature.
        case objects
        /// Properties as a `JSONObject`, geometry into one reused flat ``VectorTileGeometry``.
        case flatGeometry
        /// Properties visited in place (`forEachProperty`: key `String` and ``VectorTileValue``),
        /// geometry into one reused flat ``VectorTileGeometry``: no per-feature allocation.
        case streamed
        /// Each layer decoded whole (`VectorTile.columns(at:)`: ids, types, property indices and every
        /// point into flat per-layer buffers), then every feature's id, type, properties (key `String`
        /// and value) and points visited through the views.
        case columns
    }

    /// What one decode is, on each side (printed before the figures).
    static let measured = """
        MVT decode, median time of one full decode of the same bytes (BENCH_RUNS runs), per side:
          node:     new VectorTile(new Pbf(bytes)) (every layer's keys and values read), then for every feature
                    of every layer layer.feature(i) (id, type, properties object) and feature.loadGeometry()
                    (rings of Point objects)
          objects:  VectorTile(bytes:), every layer(at:), every feature(at:) (id, type, tags checked),
                    feature.properties (a JSONObject) and feature.geometry() (rings of TilePoint): node's work
          flat:     as objects, but the geometry decoded into one reused VectorTileGeometry (flat x, y storage)
          streamed: as flat, but properties visited in place (forEachProperty: each key String and value)
          columns:  every layer decoded whole into flat columns (VectorTile.columns(at:): ids, types, checked
                    property indices, every point), then every feature's id, type, property (key String and
                    value) and point visited through the views: node's work without per-feature objects
        ratio = node time / Mercator time (above 1: Mercator faster); goal: at least 3x.
        Wall-clock medians, then CPU-time medians (Mercator: the decoding thread; node: all its threads,
        garbage collection included), which a busy machine disturbs less.
        """

    @inline(never)
    static func decodeAll(_ bytes: ContiguousArray<UInt8>, mode: Mode) throws -> Int {
        let tile = try VectorTile(bytes: bytes)
        if mode == .columns { return try visitColumns(tile) }
        var n = 0
        var g = VectorTileGeometry()
        for l in 0..<tile.layerCount {
            let layer = try tile.layer(at: l)
            for i in 0..<layer.count {
                let f = try layer.feature(at: i)
                n &+= f.rawType
                switch mode {
                case .objects:
                    n &+= f.properties.count
                    n &+= try f.geometry().count
                case .flatGeometry:
                    n &+= f.properties.count
                    try f.decodeGeometry(into: &g)
                    n &+= g.pointCount
                case .columns:
                    break  // decoded by visitColumns above
                case .streamed:
                    f.forEachProperty { key, value in
                        n &+= key.utf8.count
                        if case .string(let s) = value { n &+= s.utf8.count }
                    }
                    try f.decodeGeometry(into: &g)
                    n &+= g.pointCount
                }
            }
        }
        return n
    }

    /// Decodes every layer into columns and visits every feature's id, type, properties and points.
    static func visitColumns(_ tile: VectorTile) throws -> Int {
        var n = 0
        for l in 0..<tile.layerCount {
            let layer = try tile.columns(at: l)
            for f in layer {
                n &+= f.rawType
                if let id = f.id { n &+= Int(truncatingIfNeeded: id) }
                f.forEachProperty { key, value in
                    n &+= key.utf8.count
                    if case .string(let s) = value { n &+= s.utf8.count }
                }
                for ring in f.rings {
                    ring.withUnsafeCoordinates { for c in $0 { n &+= Int(c) } }
                }
            }
        }
        return n
    }

    static func featureCount(_ bytes: ContiguousArray<UInt8>) throws -> Int {
        let tile = try VectorTile(bytes: bytes)
        return try (0..<tile.layerCount).reduce(0) { $0 + (try tile.layer(at: $1).count) }
    }

    static func run(json: Bool, js: String?) throws {
        let runs = Int(ProcessInfo.processInfo.environment["BENCH_RUNS"] ?? "") ?? 15
        var inputs = [(label: String, url: URL, bytes: ContiguousArray<UInt8>)]()
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-bench-tiles-\(getpid())")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temp) }
        if let streets = SharedFixtures.url("conformance/render-tests/tiles/14-8802-5374.mvt"),
           let data = try? Data(contentsOf: streets) {
            inputs.append(("streets 14/8802/5374", streets, ContiguousArray(data)))
        } else {
            print("streets tile not found under shared/conformance/render-tests/tiles")
        }
        // Encoding: geojson-vt tiles (extent 4096) to MVT bytes.
        var encodeRows = [(String, Double, Int, Int)]()
        for (label, file, id) in encodedTiles {
            guard let features = try? BenchSupport.load(file) else { print("\(file) not found, skipped"); continue }
            let index = try GeoJSONTileIndex(features: features, options: GeoJSONTileOptions(maxZoom: 14, indexMaxZoom: 0, tolerance: 3, extent: 4096, buffer: 64))
            guard let tile = index.tile(id) else { continue }
            var bytes = ContiguousArray<UInt8>()
            let reps = max(1, 200 / max(1, tile.count / 50))
            let (wall, _) = Measure.medians(runs: runs) {
                for _ in 0..<reps {
                    var e = VectorTileEncoder()
                    e.addLayer(named: "data", tile: tile)
                    bytes = e.encoded()
                }
            }
            encodeRows.append((label, wall / Double(reps), bytes.count, tile.count))
            let url = temp.appendingPathComponent(label.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: " ", with: "_") + ".mvt")
            try Data(bytes).write(to: url)
            inputs.append((label, url, bytes))
        }
        let repsFor: (Int) -> Int = { max(1, 4_000_000 / max(1, $0)) }
        let (folder, why) = NodeVectorTile.folder(js)
        if folder == nil { print(why) }
        // Rounds alternate node and Mercator so that a change in the machine's load (other jobs)
        // falls on both sides; each side's figure is the median of all its runs.
        let rounds = max(1, Int(ProcessInfo.processInfo.environment["BENCH_ROUNDS"] ?? "") ?? 3)
        let runsPerRound = max(1, (runs + rounds - 1) / rounds)
        var nodeTimes = [String: [Double]](), nodeCPU = [String: [Double]]()
        var swiftTimes = [[[Double]]](repeating: [[], [], [], []], count: inputs.count)
        var swiftCPU = [[[Double]]](repeating: [[], [], [], []], count: inputs.count)
        var sink = 0
        for input in inputs { sink &+= try decodeAll(input.bytes, mode: .objects) }
        for _ in 0..<rounds {
            if let folder {
                let times = try NodeVectorTile.run(folder: folder, runs: runsPerRound, files: inputs.map { ($0.url, repsFor($0.bytes.count)) })
                for (file, t) in times {
                    nodeTimes[file, default: []] += t.wall
                    nodeCPU[file, default: []] += t.cpu
                }
            }
            for (i, input) in inputs.enumerated() {
                let reps = repsFor(input.bytes.count)
                for (m, mode) in [Mode.objects, .flatGeometry, .streamed, .columns].enumerated() {
                    for _ in 0..<runsPerRound {
                        let c0 = Measure.cpuSeconds()
                        swiftTimes[i][m].append(try Measure.seconds { for _ in 0..<reps { sink &+= try decodeAll(input.bytes, mode: mode) } } / Double(reps))
                        swiftCPU[i][m].append((Measure.cpuSeconds() - c0) / Double(reps))
                    }
                }
            }
        }
        var results = [JSONValue]()
        if !json { print(measured + "\n\(rounds) rounds of \(runsPerRound) runs per side, node and Mercator alternating") }
        for (i, input) in inputs.enumerated() {
            let features = try featureCount(input.bytes)
            let t = Measure.median(swiftTimes[i][0]), tf = Measure.median(swiftTimes[i][1]), ts = Measure.median(swiftTimes[i][2])
            let tc = Measure.median(swiftTimes[i][3]), cpuColumns = Measure.median(swiftCPU[i][3])
            let mb = Double(input.bytes.count) / 1e6
            let js = nodeTimes[input.url.path].map(Measure.median)
            let cpu = Measure.median(swiftCPU[i][0]), cpuStreamed = Measure.median(swiftCPU[i][2])
            let jsCPU = nodeCPU[input.url.path].map(Measure.median)
            if !json {
                var line = String(format: "decode %@ (%.0f kB, %d features): objects %.1f MB/s, %.2fM features/s (%.3f ms); flat geometry %.3f ms; streamed %.3f ms; columns %.1f MB/s, %.2fM features/s (%.3f ms)",
                                  input.label, Double(input.bytes.count) / 1000, features, mb / t, Double(features) / t / 1e6, t * 1000, tf * 1000, ts * 1000,
                                  mb / tc, Double(features) / tc / 1e6, tc * 1000)
                if let js {
                    line += String(format: " | node %.1f MB/s, %.2fM features/s (%.3f ms), ratio objects %.2fx, flat %.2fx, streamed %.2fx, columns %.2fx",
                                   mb / js, Double(features) / js / 1e6, js * 1000, js / t, js / tf, js / ts, js / tc)
                }
                if let jsCPU {
                    line += String(format: " | CPU: objects %.3f ms, streamed %.3f ms, columns %.3f ms, node %.3f ms, ratio objects %.2fx, streamed %.2fx, columns %.2fx",
                                   cpu * 1000, cpuStreamed * 1000, cpuColumns * 1000, jsCPU * 1000, jsCPU / cpu, jsCPU / cpuStreamed, jsCPU / cpuColumns)
                }
                print(line + (sink == 42 ? " " : ""))
            }
            var row: JSONObject = ["tile": .string(input.label), "bytes": .int(Int64(input.bytes.count)), "features": .int(Int64(features)),
                                   "decode_ms": .double(t * 1000), "decode_flat_ms": .double(tf * 1000),
                                   "decode_streamed_ms": .double(ts * 1000), "decode_columns_ms": .double(tc * 1000), "mb_per_s": .double(mb / t)]
            if let js {
                row["node_ms"] = .double(js * 1000); row["speedup"] = .double(js / t)
                row["speedup_flat"] = .double(js / tf); row["speedup_streamed"] = .double(js / ts); row["speedup_columns"] = .double(js / tc)
            }
            row["decode_cpu_ms"] = .double(cpu * 1000); row["decode_streamed_cpu_ms"] = .double(cpuStreamed * 1000)
            row["decode_columns_cpu_ms"] = .double(cpuColumns * 1000)
            if let jsCPU {
                row["node_cpu_ms"] = .double(jsCPU * 1000); row["speedup_cpu"] = .double(jsCPU / cpu)
                row["speedup_columns_cpu"] = .double(jsCPU / cpuColumns)
            }
            results.append(.object(row))
        }
        for (label, seconds, size, features) in encodeRows {
            if !json {
                print(String(format: "encode %@ (%d features -> %.0f kB): %.3f ms, %.1f MB/s out, %.2fM features/s",
                             label, features, Double(size) / 1000, seconds * 1000, Double(size) / 1e6 / seconds, Double(features) / seconds / 1e6))
            }
            results.append(["encode": .string(label), "features": .int(Int64(features)), "bytes": .int(Int64(size)), "encode_ms": .double(seconds * 1000)])
        }
        if json { print(JSONValue.array(results).serialized()) }
    }
}

/// `mercator-bench tiles [--json] [--js DIR]`.
struct VectorTileBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tiles",
        abstract: "MVT decode throughput vs @mapbox/vector-tile on node (same bytes, same run), and MVT encoding throughput.",
        discussion: "Environment: BENCH_RUNS=N (runs per side, default 15), BENCH_ROUNDS=N (node/Mercator alternations, default 3), MERCATOR_VT_JS=DIR (node_modules with @mapbox/vector-tile, pbf 4, @mapbox/point-geometry).")
    @Flag(help: "Print one JSON array of measurements.") var json = false
    @Option(help: "Folder with node_modules/@mapbox/vector-tile, pbf and @mapbox/point-geometry (default $MERCATOR_VT_JS).") var js: String?
    func run() throws { try VectorTileBench.run(json: json, js: js) }
}
