import Foundation
import Mercator
import MercatorTestSupport
import OfflineStorage
import Testing

/// Offline means offline for remote PMTiles too: their HTTP range requests bypass the fetcher, so an
/// offline-only map refuses the source with an error naming its URL instead of asking the network.
@Suite struct OfflinePMTilesTests {
    static let archive = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TileSourcesTests/Fixtures/leaves.pmtiles")

    static func snapshot(url: String, offlineDatabase: OfflineDatabase?) throws -> MapSnapshot {
        let json = """
            {"version": 8, "center": [0, 0], "zoom": 0,
             "sources": {"remote": {"type": "vector", "url": "\(url)"}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
                        {"id": "f", "type": "fill", "source": "remote", "source-layer": "leaves"}]}
            """
        let document = try StyleDocument(json: JSONValue(parsing: Data(json.utf8)))
        let style = try Style(document: document)
        let size = MapSize(width: 64, height: 64)
        let map = offlineDatabase.map { Map(style: style, camera: MapCamera(style: document), size: size, offlineDatabase: $0, offlineOnly: true) }
            ?? Map(style: style, camera: MapCamera(style: document), size: size)
        return try map.snapshot()
    }

    @Test("offline only, a pmtiles://https://… source is refused with an error naming its URL, and no range request is sent")
    func remotePMTilesOffline() throws {
        let bytes = try Data(contentsOf: Self.archive)
        let server = try LoopbackHTTPServer { request, _ in .ranged(bytes, request: request) }
        defer { server.stop() }
        let url = "pmtiles://\(server.baseURL)/leaves.pmtiles"
        // online, the archive is read by range requests
        let online = try Self.snapshot(url: url, offlineDatabase: nil)
        #expect(online.sourceErrors.isEmpty, "\(online.sourceErrors)")
        let before = server.requests.count
        #expect(before > 0)

        let database = try OfflineDatabase(path: temporaryDatabasePath("offline-pmtiles.db"))
        let offline = try Self.snapshot(url: url, offlineDatabase: database)
        let error = try #require(offline.sourceErrors.first)
        #expect(error.source == "remote")
        #expect(error.message.contains(url) && error.message.contains("offline"), "\(error)")
        #expect(offline.warnings.contains { $0.path == "sources.remote" && $0.message.contains(url) })
        #expect(server.requests.count == before, "no request offline: \(server.requests.dropFirst(before).map(\.path))")
    }
}
