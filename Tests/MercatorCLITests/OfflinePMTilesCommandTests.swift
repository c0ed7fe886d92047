import Foundation
import MercatorTestSupport
import Testing

/// Issue 40: `mercator render --offline` never touches the network, remote PMTiles archives included,
/// whether a source names one in `url` or inside `tiles`: the source is refused naming its URL.
@Suite("mercator render --offline with remote PMTiles")
struct OfflinePMTilesCommandTests {
    static let archive = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TileSourcesTests/Fixtures/leaves.pmtiles")

    @Test("a remote PMTiles source, in url or in tiles, is refused by name offline and read online", arguments: [false, true])
    func refusedOffline(inTiles: Bool) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-offline-pmtiles-\(ProcessInfo.processInfo.processIdentifier)-\(inTiles)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = try Data(contentsOf: Self.archive)
        let server = try LoopbackHTTPServer { request, _ in .ranged(bytes, request: request) }
        defer { server.stop() }
        let url = inTiles ? "pmtiles://\(server.baseURL)/leaves.pmtiles/{z}/{x}/{y}" : "pmtiles://\(server.baseURL)/leaves.pmtiles"
        let member = inTiles ? "\"tiles\": [\"\(url)\"]" : "\"url\": \"\(url)\""
        let style = """
            {"version": 8, "center": [0, 0], "zoom": 0, "sources": {"remote": {"type": "vector", \(member)}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                        {"id": "f", "type": "fill", "source": "remote", "source-layer": "leaves"}]}
            """
        let stylePath = dir.appendingPathComponent("style.json").path
        try Data(style.utf8).write(to: URL(fileURLWithPath: stylePath))
        // an empty file is an empty offline database
        let db = dir.appendingPathComponent("offline.db").path
        #expect(FileManager.default.createFile(atPath: db, contents: Data()))

        let online = try CLIRunner.run(["render", stylePath, "--size", "64x64", "-o", dir.appendingPathComponent("online.png").path])
        #expect(online.status == 0, "\(online.stderr)")
        #expect(!online.stderr.contains("leaves.pmtiles"), "\(online.stderr)")
        let before = server.requests.count
        #expect(before > 0)

        let offline = try CLIRunner.run(["render", stylePath, "--size", "64x64", "--offline", "--db", db, "-o", dir.appendingPathComponent("offline.png").path])
        #expect(offline.stderr.contains(url) && offline.stderr.contains("offline mode"), "\(offline.stderr)")
        #expect(server.requests.count == before, "no request offline: \(server.requests.dropFirst(before).map(\.path))")
    }
}
