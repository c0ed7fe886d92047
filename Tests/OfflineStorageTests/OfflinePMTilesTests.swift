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

    static func snapshot(url: String, inTiles: Bool = false, offlineDatabase: OfflineDatabase?) throws -> MapSnapshot {
        let member = inTiles ? "\"tiles\": [\"\(url)\"]" : "\"url\": \"\(url)\""
        let json = """
            {"version": 8, "center": [0, 0], "zoom": 0,
             "sources": {"remote": {"type": "vector", \(member)}},
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

    @Test("a PMTiles archive inside `tiles` (pmtiles://https://…/{z}/{x}/{y}, or https://…/x.pmtiles) is read online and refused offline by name",
          arguments: ["pmtiles://{base}/leaves.pmtiles/{z}/{x}/{y}", "pmtiles://{base}/leaves.pmtiles", "{base}/leaves.pmtiles"])
    func remotePMTilesInTilesOffline(template: String) throws {
        let bytes = try Data(contentsOf: Self.archive)
        let server = try LoopbackHTTPServer { request, _ in .ranged(bytes, request: request) }
        defer { server.stop() }
        let url = template.replacingOccurrences(of: "{base}", with: server.baseURL)
        let online = try Self.snapshot(url: url, inTiles: true, offlineDatabase: nil)
        #expect(online.sourceErrors.isEmpty, "\(online.sourceErrors)")
        let before = server.requests.count
        #expect(before > 0, "the archive is read by range requests")

        let database = try OfflineDatabase(path: temporaryDatabasePath("offline-pmtiles-tiles.db"))
        let offline = try Self.snapshot(url: url, inTiles: true, offlineDatabase: database)
        let error = try #require(offline.sourceErrors.first)
        #expect(error.source == "remote")
        #expect(error.message.contains(url) && error.message.contains("offline") && error.message.contains("tiles[0]"), "\(error)")
        #expect(server.requests.count == before, "no request offline: \(server.requests.dropFirst(before).map(\.path))")
    }

    @Test("a local PMTiles archive in `tiles` is read offline too")
    func localPMTilesInTiles() throws {
        let database = try OfflineDatabase(path: temporaryDatabasePath("offline-pmtiles-local.db"))
        let snapshot = try Self.snapshot(url: "pmtiles://\(Self.archive.path)", inTiles: true, offlineDatabase: database)
        #expect(snapshot.sourceErrors.isEmpty, "\(snapshot.sourceErrors)")
    }
}
