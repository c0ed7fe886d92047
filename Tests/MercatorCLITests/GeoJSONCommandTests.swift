import Foundation
import Testing

@Suite("mercator geojson")
struct GeoJSONCommandTests {
    @Test("info on the bundled sample (the README's main command)")
    func info() throws {
        let sample = CLIRunner.repository.appendingPathComponent("Samples/world-cities.geojson").path
        let r = try CLIRunner.run(["geojson", "info", sample])
        #expect(r.status == 0)
        #expect(r.stdout.contains("features: 300"))
        #expect(r.stdout.contains("Point: 300"))
        #expect(r.stdout.contains("vertices: 300"))
        #expect(r.stdout.contains("bbox: ["))
        #expect(r.stdout.contains("parse time:"))
    }

    @Test("validate: exit 0 when valid, 1 with located one-line messages otherwise; - is standard input")
    func validate() throws {
        let good = try CLIRunner.run(["geojson", "validate", "-"], stdin: Data(#"{"type":"Point","coordinates":[1,2]}"#.utf8))
        #expect(good.status == 0)
        let bad = try CLIRunner.run(["geojson", "validate", "-"], stdin: Data("{\"type\":\"Polygon\",\n\"coordinates\":[[[0,0],[1,0],[1,1],[0,1]]]}".utf8))
        #expect(bad.status == 1)
        #expect(bad.stderr == "-:2:16: error: coordinates[0]: the exterior ring is not closed: its last position must equal its first (byte 34)\n")
        let lenient = try CLIRunner.run(["geojson", "validate", "--lenient", "-"], stdin: Data("{\"type\":\"Polygon\",\"coordinates\":[[[0,0],[1,0],[1,1],[0,1]]]}".utf8))
        #expect(lenient.status == 0)
        #expect(lenient.stderr.contains("warning: coordinates[0]"))
        let syntax = try CLIRunner.run(["geojson", "validate", "-"], stdin: Data("{\"type\": tru}".utf8))
        #expect(syntax.status == 1 && syntax.stderr.hasPrefix("-:1:10: error:"))
        let missing = try CLIRunner.run(["geojson", "validate", "/nonexistent/file.geojson"])
        #expect(missing.status != 0 && missing.stderr.contains("cannot read /nonexistent/file.geojson"))
    }

    @Test("format: pretty, precision, output file")
    func format() throws {
        let input = Data(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[1.23456,2.5]},"properties":{"a":1}}"#.utf8)
        let compact = try CLIRunner.run(["geojson", "format", "--precision", "2", "-"], stdin: input)
        #expect(compact.status == 0)
        #expect(compact.stdout == #"{"type":"Feature","geometry":{"type":"Point","coordinates":[1.23,2.5]},"properties":{"a":1}}"# + "\n")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-format-\(UUID().uuidString).geojson")
        defer { try? FileManager.default.removeItem(at: out) }
        let pretty = try CLIRunner.run(["geojson", "format", "--pretty", "-o", out.path, "-"], stdin: input)
        #expect(pretty.status == 0)
        let written = try String(contentsOf: out, encoding: .utf8)
        #expect(written.hasPrefix("{\n  \"type\": \"Feature\",\n  \"geometry\": {"))
        let bad = try CLIRunner.run(["geojson", "format", "--precision", "40", "-"], stdin: input)
        #expect(bad.status != 0)
    }
}
