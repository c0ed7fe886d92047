import Foundation
import Testing

/// Option values that start with `-` (western longitudes, southern latitudes, negative bearings,
/// off-screen points) are taken as values, not as options, on every command that takes them.
@Suite("Negative numbers as option values")
struct NegativeOptionTests {
    static let style = #"""
    {"version":8,"center":[-74,40.7],"zoom":10,"sources":{"s":{"type":"geojson","data":{"type":"Feature","properties":{"kind":"pier"},
     "geometry":{"type":"Point","coordinates":[-74.006,40.713]}}}},
     "layers":[{"id":"bg","type":"background","paint":{"background-color":"white"}},
               {"id":"pois","type":"circle","source":"s","paint":{"circle-radius":20}}]}
    """#

    static func withStyle(_ body: (URL) throws -> Void) throws {
        let url = MapCommandTests.temporary("negative-style.json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(style.utf8).write(to: url)
        try body(url)
    }

    /// The parser's own complaints, which a value taken for an option produces.
    static func parsedAsValues(_ r: CLIRunner.Output) -> Bool {
        !r.stderr.contains("Missing value") && !r.stderr.contains("Unknown option")
    }

    @Test("render: --center -74.006,40.713 --bearing -30 --pitch and --zoom take negative values")
    func render() throws {
        try Self.withStyle { style in
            let png = MapCommandTests.temporary("negative.png")
            defer { try? FileManager.default.removeItem(at: png) }
            let r = try CLIRunner.run(["render", style.path, "-o", png.path, "--center", "-74.006,40.713", "--bearing", "-30",
                                       "--pitch", "20", "--zoom", "12", "--size", "64x64"])
            #expect(r.status == 0, "\(r.stderr)")
            // a negative pitch reaches the camera's own check, which names it
            let pitch = try CLIRunner.run(["render", style.path, "-o", png.path, "--pitch", "-10", "--size", "64x64"])
            #expect(pitch.status != 0 && Self.parsedAsValues(pitch), "\(pitch.stderr)")
            #expect(pitch.stderr.contains("-10"), "\(pitch.stderr)")
        }
    }

    @Test("query: --center with a western longitude, --point and --rect with negative coordinates")
    func query() throws {
        try Self.withStyle { style in
            let hit = try CLIRunner.run(["query", style.path, "--center", "-74.006,40.713", "--zoom", "12", "--bearing", "-30",
                                         "--size", "100x100", "--point", "50,50"])
            #expect(hit.status == 0, "\(hit.stderr)")
            #expect(hit.stdout.contains("pier"))
            // a rectangle starting left of and above the view still meets the circle in its middle
            let rect = try CLIRunner.run(["query", style.path, "--center", "-74.006,40.713", "--zoom", "12",
                                          "--size", "100x100", "--rect", "-10,-10,70,70"])
            #expect(rect.status == 0, "\(rect.stderr)")
            #expect(rect.stdout.contains("pier"))
            let off = try CLIRunner.run(["query", style.path, "--center", "-74.006,40.713", "--size", "100x100", "--point", "-5,-5"])
            #expect(off.status == 0 && Self.parsedAsValues(off), "\(off.stderr)")
            #expect(!off.stdout.contains("pier"))
        }
    }

    @Test("animate: --fly-to, --from-center, --bearing, --from-bearing and --from-zoom take negative values")
    func animate() throws {
        try Self.withStyle { style in
            let frames = MapCommandTests.temporary("negative-frames")
            defer { try? FileManager.default.removeItem(at: frames) }
            let r = try CLIRunner.run(["animate", style.path, "--fly-to", "-73.9,40.8,11", "--from-center", "-74.1,40.6",
                                       "--from-zoom", "10", "--bearing", "-30", "--from-bearing", "-10", "--pitch", "10",
                                       "--from-pitch", "0", "--duration", "0.25", "--fps", "4", "--size", "32x32", "-o", frames.path])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: frames.path).count == 1)
        }
    }

    @Test("camera fit, fly and project: bounds, bearings and points below zero")
    func camera() throws {
        let fit = try CLIRunner.run(["camera", "fit", "--bounds", "-74.1,40.6,-73.9,40.8", "--bearing", "-30", "--size", "400x300"])
        #expect(fit.status == 0, "\(fit.stderr)")
        #expect(fit.stdout.contains("-74") || fit.stdout.contains("-73.9"), "\(fit.stdout)")
        let fly = try CLIRunner.run(["camera", "fly", "--from", "-74.1,40.6,10,-20,0", "--to", "-73.9,-33.8,11", "--samples", "2"])
        #expect(fly.status == 0, "\(fly.stderr)")
        let project = try CLIRunner.run(["camera", "project", "--camera", "-74,40.7,10,-15,0", "--points", "-10,-10",
                                         "--coordinates", "-74.006,40.713"])
        #expect(project.status == 0, "\(project.stderr)")
    }

    @Test("offline create: --bounds -74.1,40.6,-73.9,40.8 is the area, not an option")
    func offlineCreate() throws {
        let db = MapCommandTests.temporary("negative.db")
        defer { try? FileManager.default.removeItem(at: db) }
        // zooms the wrong way round: the pack is refused after the bounds were read, before any request
        let r = try CLIRunner.run(["offline", "create", "http://127.0.0.1:9/style.json", "--bounds", "-74.1,40.6,-73.9,40.8",
                                   "--zooms", "5-3", "--db", db.path])
        #expect(r.status != 0)
        #expect(Self.parsedAsValues(r), "\(r.stderr)")
        #expect(r.stderr.contains("invalid pack"), "\(r.stderr)")
        #expect(!r.stderr.contains("--bounds"), "\(r.stderr)")
    }

    @Test("expression --evaluate: --zoom -1 is a value")
    func expressionZoom() throws {
        let features = MapCommandTests.temporary("negative-features.geojson")
        defer { try? FileManager.default.removeItem(at: features) }
        try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[0,0]}}]}"#.utf8)
            .write(to: features)
        let r = try CLIRunner.run(["expression", "$zoomLevel", "--evaluate", features.path, "--zoom", "-1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("-1"), "\(r.stdout)")
    }

    @Test("venue render and venue style: --floor -1 (a basement elevation) is a value")
    func venueFloor() throws {
        let venue = CLIRunner.repository.appendingPathComponent("Samples/harbourfront-galleria.zip").path
        let png = MapCommandTests.temporary("negative-floor.png")
        let style = MapCommandTests.temporary("negative-floor.json")
        defer { try? FileManager.default.removeItem(at: png); try? FileManager.default.removeItem(at: style) }
        let render = try CLIRunner.run(["venue", "render", venue, "--floor", "-1", "--size", "64x64", "-o", png.path])
        #expect(Self.parsedAsValues(render), "\(render.stderr)")
        #expect(render.status == 0 || render.stderr.contains("-1"), "\(render.stderr)")
        let written = try CLIRunner.run(["venue", "style", venue, "--floor", "-1", "-o", style.path])
        #expect(Self.parsedAsValues(written), "\(written.stderr)")
        #expect(written.status == 0 || written.stderr.contains("-1"), "\(written.stderr)")
    }
}
