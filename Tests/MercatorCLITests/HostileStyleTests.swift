import Foundation
import Testing

/// Issue 19, second round: styles and arguments that used to stall, mislead or pass silently.
@Suite("mercator: hostile styles and arguments")
struct HostileStyleTests {
    static func write(_ json: String, _ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-hostile-\(name)").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func points(_ n: Int) -> String {
        let f = (0..<n).map { #"{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[\#(-170 + $0 * 73 % 340),\#(-60 + $0 * 31 % 120)]}}"# }
        return #"{"type":"FeatureCollection","features":[\#(f.joined(separator: ","))]}"#
    }

    @Test("query warns about sources it cannot read, as render does")
    func queryWarns() throws {
        let style = try Self.write(#"""
            {"version":8,"sources":{"gone":{"type":"geojson","data":"/nonexistent/data.geojson"},
             "ftp":{"type":"geojson","data":"ftp://example.com/x.geojson"}},
             "layers":[{"id":"a","type":"circle","source":"gone"},{"id":"b","type":"circle","source":"ftp"}]}
            """#, "query.json")
        let r = try CLIRunner.run(["query", style, "--point", "10,10", "--size", "32x32"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("warning:") && r.stderr.contains("gone") && r.stderr.contains("ftp"), "\(r.stderr)")
    }

    @Test("source options out of range are reported with the number given")
    func givenNumbers() throws {
        let style = try Self.write(#"""
            {"version":8,"sources":{"s":{"type":"geojson","cluster":true,"clusterMaxZoom":1e9,"data":\#(Self.points(3))}},
             "layers":[{"id":"a","type":"circle","source":"s"}]}
            """#, "cluster.json")
        let r = try CLIRunner.run(["render", style, "-o", "/tmp/mercator-hostile-cluster.png", "--size", "32x32"])
        #expect(r.stderr.contains("clusterMaxZoom") && r.stderr.contains("1000000000"), "\(r.stderr)")
        #expect(!r.stderr.contains("found -1"))
        let data = try Self.write(Self.points(3), "points.geojson")
        let b = try CLIRunner.run(["tile", data, "0/0/0", "--buffer=-100"])
        #expect(b.status != 0 && b.stderr.contains("found -100.0"), "\(b.stderr)")
        #expect(!b.stderr.contains("-1600"))
    }

    @Test("arguments that start with '-' are values where a value is expected")
    func dashValues() throws {
        let e = try CLIRunner.run(["expression", "-(1)"])
        #expect(!e.stderr.contains("Unknown option"), "\(e.stderr)")
        let t = try CLIRunner.run(["tile", "url", "https://x/{z}/{x}/{y}.pbf", "-1/0/0"])
        #expect(!t.stderr.contains("Unknown option"), "\(t.stderr)")
        #expect(t.status != 0)   // a negative tile column is refused by the tile id parser, in words
    }

    @Test("huge and non-finite circle radii render over 300 points, validated or drawn as nothing")
    func circleRadii() throws {
        for radius in ["1e9", "1e308", #"["^",10,400]"#, #"["to-number","1e400"]"#] {
            let style = try Self.write(#"""
                {"version":8,"center":[0,0],"zoom":1,"sources":{"s":{"type":"geojson","data":\#(Self.points(300))}},
                 "layers":[{"id":"c","type":"circle","source":"s","paint":{"circle-radius":\#(radius)}}]}
                """#, "radius.json")
            let r = try CLIRunner.run(["render", style, "-o", "/tmp/mercator-hostile-radius.png", "--size", "64x64"])
            #expect(r.status == 0, "\(radius): \(r.stderr)")
        }
    }

    @Test("100,000 layers are refused naming Limits.layers; a 1e5-stop match naming Limits.literalElements")
    func limits() throws {
        let layers = (0..<100_000).map { #"{"id":"l\#($0)","type":"background"}"# }.joined(separator: ",")
        let many = try Self.write(#"{"version":8,"sources":{},"layers":[\#(layers)]}"#, "layers.json")
        for command in [["style", "validate", many], ["render", many, "-o", "/tmp/mercator-hostile-layers.png"]] {
            let r = try CLIRunner.run(command)
            #expect(r.status != 0 && (r.stdout + r.stderr).contains("Limits.layers"), "\(command[0]): \(r.stderr.prefix(300))")
        }
        let stops = (0..<100_000).map { "\($0),3" }.joined(separator: ",")
        let match = try Self.write(#"""
            {"version":8,"sources":{"s":{"type":"geojson","data":\#(Self.points(3))}},
             "layers":[{"id":"c","type":"circle","source":"s","paint":{"circle-radius":["match",["get","i"],\#(stops),1]}}]}
            """#, "match.json")
        let r = try CLIRunner.run(["render", match, "-o", "/tmp/mercator-hostile-match.png"])
        #expect(r.status != 0 && r.stderr.contains("Limits.literalElements"), "\(r.stderr.prefix(300))")
    }
}
