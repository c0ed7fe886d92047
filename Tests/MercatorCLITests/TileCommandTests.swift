import Foundation
import Testing
import GeoJSON

@Suite("mercator tile")
struct TileCommandTests {
    static func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-tile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let points = (0..<20).map { i in
            #"{"type":"Feature","properties":{"i":\#(i)},"geometry":{"type":"Point","coordinates":[\#(Double(i) * 0.01),\#(Double(i) * 0.01)]}}"#
        }.joined(separator: ",")
        try Data(#"{"type":"FeatureCollection","features":[\#(points)]}"#.utf8).write(to: dir.appendingPathComponent("points.geojson"))
        try Data(#"{"type":"Feature","properties":{"name":"box"},"geometry":{"type":"Polygon","coordinates":[[[-10,-10],[10,-10],[10,10],[-10,10],[-10,-10]]]}}"#.utf8)
            .write(to: dir.appendingPathComponent("box.geojson"))
        let style = #"""
        {"version":8,"sources":{
          "points":{"type":"geojson","data":"points.geojson","cluster":true},
          "box":{"type":"geojson","data":"box.geojson","buffer":0},
          "raster":{"type":"raster","tiles":["https://example.com/{z}/{x}/{y}.png"]}},
         "layers":[{"id":"b","type":"fill","source":"box"}]}
        """#
        try Data(style.utf8).write(to: dir.appendingPathComponent("style.json"))
        return dir
    }

    @Test("a style's GeoJSON sources are tiled with their own options")
    func style() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let style = dir.appendingPathComponent("style.json").path
        let all = try CLIRunner.run(["tile", style, "1/1/1"])
        #expect(all.status == 0, "\(all.stderr)")
        let json = try JSONValue(parsing: all.stdout)
        #expect(json.object?.keys.sorted() == ["box", "points"])
        // the 20 points cluster into one at zoom 1
        let cluster = try #require(json["points"]?.array?.first)
        #expect(cluster["tags"]?["point_count"] == .int(20))
        // buffer 0: the box's quarter in tile 1/1/1 is clipped to the tile edge
        let ring = try #require(json["box"]?.array?.first?["geometry"]?.array?.first?.array)
        let xs = ring.compactMap { $0.array?.first?.number }
        #expect(xs.min() == 0)

        let one = try CLIRunner.run(["tile", style, "1/1/1", "--source", "box", "--geojson"])
        #expect(one.status == 0, "\(one.stderr)")
        let collection = try GeoJSONObject(parsing: one.stdout)
        #expect(collection.features.first?.properties?["name"] == .string("box"))

        let unknown = try CLIRunner.run(["tile", style, "1/1/1", "--source", "nope"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("no source \"nope\""))
        let raster = try CLIRunner.run(["tile", style, "1/1/1", "--source", "raster"])
        #expect(raster.stderr.contains("is a raster source"))
    }

    @Test("a GeoJSON file is tiled with the options given; bad tiles are refused")
    func geojson() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("points.geojson").path
        let plain = try CLIRunner.run(["tile", file, "0/0/0"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(try JSONValue(parsing: plain.stdout).array?.count == 20)
        let clustered = try CLIRunner.run(["tile", file, "0/0/0", "--cluster"])
        #expect(try JSONValue(parsing: clustered.stdout).array?.count == 1)
        let bad = try CLIRunner.run(["tile", file, "1/2/0"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("Z/X/Y"))
    }
}
