import Foundation
import Mercator
import MercatorTestSupport
import Testing
import TileSources
import Rendering

/// A production style over real OpenStreetMap tiles, end to end, against MapLibre Native's render of it
/// (`../shared/realworld/`; see docs/realworld.md). The expected image was made by
/// `scripts/realworld-reference.py` with the reference renderer, from the same style made local the same way.
@Suite("Production styles against MapLibre Native")
struct RealWorldStyleTests {
    /// Share of pixels apart when the expected image was made: 0.00% (pixelmatch, anti-aliasing not counted).
    static let allowedShare = 0.0005

    static let hasFixtures = SharedFixtures.url("realworld/helsinki-openmaptiles.mbtiles") != nil
        && SharedFixtures.url("conformance/render-tests/glyphs/Noto Sans Regular") != nil

    /// The MBTiles' tiles written out as `{z}/{x}/{y}.pbf` files, as compare.py writes them for both engines.
    static func writeTiles(from mbtiles: URL, to folder: URL) throws -> Int {
        let store = try MBTilesStore(path: mbtiles.path)
        var written = 0
        for z in 0...14 {
            // central Helsinki (the extract's bounds) with a tile's margin
            let nw = WebMercator.tile(containing: Position(24.90, 60.20), zoom: z)
            let se = WebMercator.tile(containing: Position(25.00, 60.14), zoom: z)
            for x in nw.x...se.x {
                for y in nw.y...se.y {
                    guard let data = try store.tileData(TileID(z: z, x: x, y: y)) else { continue }
                    let directory = folder.appendingPathComponent("\(z)/\(x)")
                    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                    try data.write(to: directory.appendingPathComponent("\(y).pbf"))
                    written += 1
                }
            }
        }
        return written
    }

    @Test("MapTiler Basic at z15 over Helsinki: within 0.05% of MapLibre Native's pixels",
          .needsShared("realworld/helsinki-openmaptiles.mbtiles", "realworld/ and the render suite's glyphs"))
    func maptilerBasic() throws {
        let shared = try #require(SharedFixtures.root())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-realworld-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = try Self.writeTiles(from: shared.appendingPathComponent("realworld/helsinki-openmaptiles.mbtiles"),
                                        to: folder.appendingPathComponent("tiles"))
        #expect(count >= 19)  // every tile of the MBTiles (z0-z14 over central Helsinki)

        // the style made local: tiles from the files, glyphs from the render suite's Noto Sans, no sprite
        let styleURL = shared.appendingPathComponent("realworld/styles/maptiler-basic-gl-style/style.json")
        var style = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: styleURL)) as? [String: Any])
        var sources = try #require(style["sources"] as? [String: Any])
        for (name, value) in sources {
            guard var source = value as? [String: Any], source["type"] as? String == "vector" else { continue }
            source["url"] = nil
            source["tiles"] = ["file://\(folder.path)/tiles/{z}/{x}/{y}.pbf"]
            source["minzoom"] = 0
            source["maxzoom"] = 14
            sources[name] = source
        }
        style["sources"] = sources
        style["glyphs"] = "file://\(shared.path)/conformance/render-tests/glyphs/{fontstack}/{range}.pbf"
        style["sprite"] = nil
        let document = try StyleDocument(parsing: String(decoding: try JSONSerialization.data(withJSONObject: style), as: UTF8.self))

        let camera = MapCamera(center: LocationCoordinate2D(latitude: 60.1700, longitude: 24.9443), zoom: 15)
        let snapshot = try Map(style: try Style(document: document), camera: camera, size: MapSize(width: 512, height: 512)).snapshot()
        #expect(snapshot.sourceErrors.isEmpty, "\(snapshot.sourceErrors)")

        let expectedURL = try #require(Bundle.module.url(forResource: "maptiler-basic-helsinki-z15", withExtension: "png",
                                                         subdirectory: "Fixtures"))
        let expected = try PNGDecoder.decode([UInt8](Data(contentsOf: expectedURL)))
        // MapLibre's render-test threshold, as compare.py measures
        let result = try PixelMatch.compare(snapshot.image, expected, options: PixelMatch.Options(threshold: 0.1285, includeAA: false))
        let share = Double(result.differentPixels) / Double(512 * 512)
        print("MapTiler Basic z15: \(result.differentPixels) pixels apart (\(String(format: "%.3f", share * 100))%)")
        #expect(share <= Self.allowedShare, "\(result.differentPixels) pixels apart")
    }
}
