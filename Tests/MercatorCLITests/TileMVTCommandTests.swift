import Foundation
import Testing
import GeoJSON
import Tiling

@Suite("mercator tile --format mvt")
struct TileMVTCommandTests {
    @Test("a GeoJSON file's tile is written as a vector tile, to a file or standard output")
    func geoJSONFile() throws {
        let dir = try TileCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let box = dir.appendingPathComponent("box.geojson").path
        let out = dir.appendingPathComponent("t.mvt").path
        let r = try CLIRunner.run(["tile", box, "0/0/0", "--format", "mvt", "-o", out, "--layer", "boxes"])
        #expect(r.status == 0, "\(r.stderr)")
        let tile = try VectorTile(data: try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(tile.layerNames == ["boxes"])
        let layer = try tile.layer(at: 0)
        #expect(layer.extent == 4096 && layer.count == 1)
        let f = try #require(try layer.feature(at: 0).geoJSONFeature(x: 0, y: 0, z: 0))
        #expect(f.properties?["name"] == .string("box"))
        guard case .polygon(let rings)? = f.geometry else { Issue.record("not a polygon"); return }
        #expect(abs(rings[0].map(\.longitude).max()! - 10) < 0.1)

        let gz = try CLIRunner.run(["tile", box, "0/0/0", "--format", "mvt", "--gzip"])
        #expect(gz.status == 0 && gz.stdout.utf8.count > 0)
        let style = dir.appendingPathComponent("style.json").path
        let s = try CLIRunner.run(["tile", style, "1/1/1", "--format", "mvt", "-o", out])
        #expect(s.status == 0, "\(s.stderr)")
        #expect(Set(try VectorTile(data: try Data(contentsOf: URL(fileURLWithPath: out))).layerNames) == ["box", "points"])
        #expect(try CLIRunner.run(["tile", box, "0/0/0", "--format", "png"]).status != 0)
    }
}
