import Foundation
import Testing

/// `mercator render` and `query` with MapLibre Native's map options: `--projection axonometric --skew X,Y`
/// and `--map-mode tile`.
@Suite struct MapOptionArgumentTests {
    /// A 100 m building north-east of the centre at z18 (the render suite's `projection/skew`).
    static let building = #"""
    {"version":8,"center":[0,0],"zoom":18,"sources":{"b":{"type":"geojson","data":{"type":"Feature","properties":{"name":"tower"},
      "geometry":{"type":"Polygon","coordinates":[[[0.00025,0.00025],[0.00035,0.00025],[0.00035,0.00035],[0.00025,0.00035],[0.00025,0.00025]]]}}}},
     "layers":[{"id":"x","type":"fill-extrusion","source":"b","paint":{"fill-extrusion-height":100,"fill-extrusion-color":"red"}}]}
    """#

    @Test("--projection axonometric --skew leans the building; queries find it where it is drawn; bad values are refused")
    func axonometric() throws {
        let style = MapCommandTests.temporary("building.json"), plain = MapCommandTests.temporary("plain.png"),
            skewed = MapCommandTests.temporary("skewed.png")
        defer { for f in [style, plain, skewed] { try? FileManager.default.removeItem(at: f) } }
        try Data(Self.building.utf8).write(to: style)
        #expect(try CLIRunner.run(["render", style.path, "-o", plain.path]).status == 0)
        let run = try CLIRunner.run(["render", style.path, "-o", skewed.path, "--projection", "axonometric", "--skew", "-1,-1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Data(contentsOf: plain) != Data(contentsOf: skewed))
        // the roof leans about 112 points down and left of the footprint's centre (about 368, 144): to the view's centre
        let roof = try CLIRunner.run(["query", style.path, "--point", "256,256", "--projection", "axonometric", "--skew", "-1,-1"])
        #expect(roof.status == 0 && roof.stdout.contains("tower"), "\(roof.stderr)")
        let flat = try CLIRunner.run(["query", style.path, "--point", "256,256"])
        #expect(flat.status == 0 && !flat.stdout.contains("tower"))
        for bad in [["--projection", "isometric"], ["--skew", "1,1"], ["--projection", "axonometric", "--skew", "1"], ["--map-mode", "tiles"]] {
            let refused = try CLIRunner.run(["render", style.path, "-o", skewed.path] + bad)
            #expect(refused.status != 0, "\(bad)")
        }
    }

    @Test("--projection takes GL JS's projections (and perspective, the old spelling); camera project reads it")
    func glProjections() throws {
        let style = MapCommandTests.temporary("globe.json"), out = MapCommandTests.temporary("globe.png")
        defer { for f in [style, out] { try? FileManager.default.removeItem(at: f) } }
        try Data(#"{"version":8,"center":[0,0],"zoom":1,"sources":{},"layers":[{"id":"bg","type":"background","paint":{"background-color":"blue"}}]}"#.utf8)
            .write(to: style)
        for name in ["mercator", "globe", "vertical-perspective", "perspective"] {
            let run = try CLIRunner.run(["render", style.path, "-o", out.path, "--size", "64x64", "--projection", name])
            #expect(run.status == 0, "\(name): \(run.stderr)")
        }
        let refused = try CLIRunner.run(["render", style.path, "-o", out.path, "--projection", "equal-earth"])
        #expect(refused.status != 0 && refused.stderr.contains("mercator, globe, vertical-perspective or axonometric"))
        let skewOnGlobe = try CLIRunner.run(["render", style.path, "-o", out.path, "--projection", "globe", "--skew", "1,1"])
        #expect(skewOnGlobe.status != 0)
        let project = try CLIRunner.run(["camera", "project", "--camera", "0,0,1", "--coordinates", "0,0", "--projection", "globe"])
        #expect(project.status == 0 && project.stdout.contains("\"points\""), "\(project.stderr)")
    }

    @Test("--map-mode tile renders")
    func tileMode() throws {
        let style = MapCommandTests.temporary("tile.json"), out = MapCommandTests.temporary("tile.png")
        defer { for f in [style, out] { try? FileManager.default.removeItem(at: f) } }
        try Data(Self.building.utf8).write(to: style)
        let run = try CLIRunner.run(["render", style.path, "-o", out.path, "--map-mode", "tile"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Array([UInt8](try Data(contentsOf: out)).prefix(8)) == MapCommandTests.pngSignature)
    }
}
