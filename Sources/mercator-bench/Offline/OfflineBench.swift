import ArgumentParser
import Foundation
import Mercator
import MercatorHTTP
import MercatorTestSupport
import OfflineStorage
import TileSources
import Tiling

/// `mercator-bench offline`: a z0–12 pack of a vector style over a city, downloaded from a loopback
/// server into a new offline database: tiles stored per second and the database size, against the
/// same requests fetched without storing (the baseline, measured side by side).
struct OfflineBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "offline",
        abstract: "A z0-12 city pack from a loopback server: tiles/s stored and database size, against fetching alone.")

    @Option(help: "The area as W,S,E,N (default: Berlin).") var bounds = "13.08,52.33,13.76,52.68"
    @Option(help: "The deepest zoom.") var maxZoom = 12
    @Option(help: "Runs (medians are printed).") var runs = 3
    @Option(help: "Requests in flight.") var concurrency = 8

    func run() async throws {
        let b = bounds.split(separator: ",").compactMap { Double($0) }
        guard b.count == 4 else { throw ValidationError("--bounds must be W,S,E,N") }
        guard let tilesFolder = SharedFixtures.url("conformance/render-tests/tiles") else { throw ValidationError("shared/ fixtures not found") }
        // real vector tiles of a city, served for every address
        let bodies = try ["14-8802-5374.mvt", "14-8802-5375.mvt", "14-8803-5374.mvt", "14-8803-5375.mvt"].map {
            try Data(contentsOf: tilesFolder.appendingPathComponent($0))
        }
        let server = try LoopbackHTTPServer { request, base in
            switch request.path {
            case "/style.json":
                return .json(#"{"version":8,"sources":{"v":{"type":"vector","url":"\#(base)/tiles.json"}},"layers":[{"id":"road","type":"line","source":"v","source-layer":"road"}]}"#)
            case "/tiles.json":
                return .json(#"{"tilejson":"2.2.0","tiles":["\#(base)/t/{z}/{x}/{y}.mvt"],"minzoom":0,"maxzoom":14}"#)
            default:
                let n = request.path.split(separator: "/").compactMap { Int($0.split(separator: ".").first ?? "") }.reduce(0, +)
                return .init(status: 200, headers: ["Cache-Control": "max-age=86400"], body: bodies[n % bodies.count])
            }
        }
        defer { server.stop() }
        let definition = OfflineRegionDefinition(styleURL: server.baseURL + "/style.json",
                                                 area: .bounds(west: b[0], south: b[1], east: b[2], north: b[3]),
                                                 minimumZoom: 0, maximumZoom: Double(maxZoom))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-bench-offline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }

        var packTimes: [Double] = [], fetchTimes: [Double] = []
        var tiles = 0, databaseBytes = 0, tileBytes = 0
        for run in 0..<runs {
            // the pack: fetch and store
            let path = folder.appendingPathComponent("pack-\(run).sqlite").path
            let database = try OfflineDatabase(path: path)
            let requestsBefore = server.requests.count
            let region = try database.createRegion(definition, metadata: OfflineRegion.metadata(name: "bench"))
            let download = OfflineDownload(database: database, concurrency: concurrency)
            let clock = ContinuousClock()
            let start = clock.now
            let status = try await download.run(region) { p in if ProcessInfo.processInfo.environment["BENCH_TRACE"] != nil { print(Self.seconds(clock.now - start), p) } }
            packTimes.append(Self.seconds(clock.now - start))
            tiles = status.completedTileCount
            tileBytes = status.completedTileSize
            databaseBytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0

            // the baseline: the same tile requests, bodies dropped
            let keys = server.requests.dropFirst(requestsBefore).map(\.path).filter { $0.hasPrefix("/t/") }
            let client = HTTPClient(policy: HTTPClientPolicy(maximumConcurrentRequests: concurrency, cacheBytes: 0))
            let fetchStart = clock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                var next = keys.makeIterator()
                for _ in 0..<concurrency {
                    guard let key = next.next() else { break }
                    group.addTask { _ = try await client.get(server.baseURL + key) }
                }
                while try await group.next() != nil {
                    if let key = next.next() { group.addTask { _ = try await client.get(server.baseURL + key) } }
                }
            }
            fetchTimes.append(Self.seconds(clock.now - fetchStart))
        }
        let pack = Self.median(packTimes), fetch = Self.median(fetchTimes)
        print("offline pack z0-\(maxZoom) over \(bounds): \(tiles) tiles, \(runs) runs, concurrency \(concurrency)")
        print(String(format: "  pack (fetch + store): median %.3f s, %.0f tiles/s", pack, Double(tiles) / pack))
        print(String(format: "  fetch only (baseline): median %.3f s, %.0f tiles/s", fetch, Double(tiles) / fetch))
        print(String(format: "  ratio pack/fetch: %.2f", pack / fetch))
        print(String(format: "  database: %.1f KiB (tile bodies stored: %.1f KiB, %d bytes/tile)", Double(databaseBytes) / 1024,
                     Double(tileBytes) / 1024, tiles > 0 ? databaseBytes / tiles : 0))
        // a geometry region over the same area downloads only the tiles the geometry touches
        let (w, south, e, n) = (b[0], b[1], b[2], b[3])
        let ellipse = Geometry.polygon([PositionList((0...64).map { i in
            let angle = Double(i % 64) / 64 * 2 * Double.pi
            return Position((w + e) / 2 + (e - w) / 2 * cos(angle), (south + n) / 2 + (n - south) / 2 * sin(angle))
        })])
        let rectangle = Geometry.polygon([PositionList([Position(w, south), Position(e, south), Position(e, n), Position(w, n), Position(w, south)])])
        let ellipseTiles = (0...maxZoom).reduce(0) { $0 + GeometryTileCover.count(of: ellipse, zoom: $1) }
        let rectangleTiles = (0...maxZoom).reduce(0) { $0 + GeometryTileCover.count(of: rectangle, zoom: $1) }
        print("  geometry regions z0-\(maxZoom): the ellipse inscribed in the bounds covers \(ellipseTiles) tiles, the bounds as a polygon \(rectangleTiles)")
        print("  MapLibre Native: no figure — the reference renderer (mapli 0.4.1) exposes no offline-pack API")
    }

    static func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

    static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.isEmpty ? .nan : (s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2)
    }
}
