import Foundation
import Fonts
import Rendering
import Testing

@Suite("mercator render, query, venue, style, predicate")
struct MapCommandTests {
    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("mercator-cli-\(UUID().uuidString)-\(name)")
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test("render a style and a GeoJSON file to PNG; refuse invalid styles and absurd sizes")
    func render() throws {
        let style = Self.temporary("style.json")
        let png = Self.temporary("out.png")
        defer { try? FileManager.default.removeItem(at: style); try? FileManager.default.removeItem(at: png) }
        try Data(#"{"version":8,"sources":{},"layers":[{"id":"bg","type":"background","paint":{"background-color":"red"}}]}"#.utf8).write(to: style)
        let ok = try CLIRunner.run(["render", style.path, "-o", png.path, "--size", "64x32", "--ratio", "2"])
        #expect(ok.status == 0, "\(ok.stderr)")
        let bytes = [UInt8](try Data(contentsOf: png))
        #expect(Array(bytes.prefix(8)) == Self.pngSignature)
        // IHDR width and height: 128x64 device pixels.
        #expect(bytes[16...23].elementsEqual([0, 0, 0, 128, 0, 0, 0, 64]))

        let sample = CLIRunner.repository.appendingPathComponent("Samples/world-cities.geojson").path
        #expect(try CLIRunner.run(["render", sample, "-o", png.path]).status == 0)

        try Data("{\"version\":8,\"sources\":{},\n\"layers\":[{\"id\":\"bg\",\"type\":\"background\",\"paint\":{\"background-color\":5}}]}".utf8).write(to: style)
        let invalid = try CLIRunner.run(["render", style.path, "-o", png.path])
        #expect(invalid.status == 1)
        #expect(invalid.stderr.contains(":2: layers[0].paint.background-color: color expected, number found"))

        let huge = try CLIRunner.run(["render", sample, "-o", png.path, "--size", "100000x100000"])
        #expect(huge.status != 0)
        #expect(huge.stderr.contains("limit"))
    }

    @Test("query prints the features under a point as GeoJSON, filtered by a format-string predicate")
    func query() throws {
        let style = Self.temporary("query.json")
        defer { try? FileManager.default.removeItem(at: style) }
        try Data(#"""
        {"version":8,"center":[0,0],"zoom":1,"sources":{"s":{"type":"geojson","data":{"type":"FeatureCollection","features":[
          {"type":"Feature","id":7,"properties":{"kind":"cafe"},"geometry":{"type":"Point","coordinates":[0,0]}},
          {"type":"Feature","id":8,"properties":{"kind":"shop"},"geometry":{"type":"Point","coordinates":[0,0]}}]}}},
         "layers":[{"id":"pois","type":"circle","source":"s","paint":{"circle-radius":10}}]}
        """#.utf8).write(to: style)
        let all = try CLIRunner.run(["query", style.path, "--size", "100x100", "--point", "50,50"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout.contains("\"cafe\"") && all.stdout.contains("\"shop\""))
        let cafes = try CLIRunner.run(["query", style.path, "--size", "100x100", "--point", "50,50", "--predicate", "kind == 'cafe'"])
        #expect(cafes.stdout.contains("\"cafe\"") && !cafes.stdout.contains("\"shop\""))
        let bad = try CLIRunner.run(["query", style.path, "--point", "50,50", "--predicate", "kind BEGINSWITH 'c'"])
        #expect(bad.status != 0 && bad.stderr.contains("BEGINSWITH"))
    }

    @Test("render --collision-boxes outlines the labels' collision boxes", .enabled(if: PlatformFeature.installedFonts.isAvailable, "needs installed fonts (the FreeType trait)"))
    func collisionBoxes() throws {
        let glyphs = CLIRunner.repository.deletingLastPathComponent().appendingPathComponent("shared/conformance/render-tests/glyphs")
        let style = Self.temporary("labels.json"), plain = Self.temporary("plain.png"), boxes = Self.temporary("boxes.png")
        defer { for f in [style, plain, boxes] { try? FileManager.default.removeItem(at: f) } }
        let json = #"{"version":8,"glyphs":"GLYPHS/{fontstack}/{range}.pbf","sources":{"p":{"type":"geojson","data":{"type":"Point","coordinates":[0,0]}}},"layers":[{"id":"l","type":"symbol","source":"p","layout":{"text-field":"Label","text-font":["Open Sans Semibold","Arial Unicode MS Bold"]}}]}"#
        try Data(json.replacingOccurrences(of: "GLYPHS", with: glyphs.path).utf8).write(to: style)
        #expect(try CLIRunner.run(["render", style.path, "-o", plain.path, "--size", "128x64"]).status == 0)
        let run = try CLIRunner.run(["render", style.path, "-o", boxes.path, "--size", "128x64", "--collision-boxes"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Data(contentsOf: plain) != Data(contentsOf: boxes), "the boxes are drawn")
    }

    @Test("venue info and render on the bundled sample")
    func venue() throws {
        let bundle = CLIRunner.repository.appendingPathComponent("Samples/harbourfront-galleria.zip").path
        let info = try CLIRunner.run(["venue", "info", bundle])
        #expect(info.status == 0 && info.stdout.contains("floors: 3"))
        let png = Self.temporary("floor.png")
        defer { try? FileManager.default.removeItem(at: png) }
        let render = try CLIRunner.run(["venue", "render", bundle, "--floor", "1", "--look", "styled", "--size", "200x150", "-o", png.path])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(Array([UInt8](try Data(contentsOf: png)).prefix(8)) == Self.pngSignature)
        let missing = try CLIRunner.run(["venue", "render", bundle, "--floor", "7", "-o", png.path])
        #expect(missing.status != 0 && missing.stderr.contains("no floor"))
    }

    @Test("style validate reports located messages; predicate converts and rejects")
    func styleAndPredicate() throws {
        let style = Self.temporary("bad.json")
        defer { try? FileManager.default.removeItem(at: style) }
        try Data("{\"version\": 8, \"sources\": {},\n \"layers\": [{\"id\": \"x\", \"type\": \"fill\", \"source\": \"nope\"}]}".utf8).write(to: style)
        let v = try CLIRunner.run(["style", "validate", style.path])
        #expect(v.status == 1)
        #expect(v.stdout.contains("source \"nope\" not found") || v.stderr.contains("source \"nope\" not found"))
        let p = try CLIRunner.run(["predicate", "mag > 3 AND type == 'earthquake'", "--to-json"])
        #expect(p.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == #"["all",[">",["get","mag"],3],["==",["get","type"],"earthquake"]]"#)
        let e = try CLIRunner.run(["expression", "mgl_interpolate:withCurveType:parameters:stops:(mag, 'linear', nil, %@)", "--arg", #"{"0": 1, "10": 5}"#, "--to-json"])
        #expect(e.status == 0 && e.stdout.contains("interpolate"))
    }
}
