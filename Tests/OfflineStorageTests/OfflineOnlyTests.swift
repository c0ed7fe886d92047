import Foundation
import GRDB
import Mercator
import MercatorTestSupport
@testable import OfflineStorage
import Testing
import TileSources

/// Issue 40: offline means offline. A map made with `offlineOnly` draws whatever the database holds, however old
/// (expired, `must-revalidate`), and asks the network nothing; stale entries are revalidated only online.
@Suite("Offline only: stale entries used as they are, no network", .needsShared, .serialized)
struct OfflineOnlyTests {
    /// Every stored resource and tile expired long ago and marked `must-revalidate`.
    static func expireEverything(_ database: OfflineDatabase) throws {
        try database.queue.write { db in
            try db.execute(sql: "UPDATE resources SET expires = 1, must_revalidate = 1")
            try db.execute(sql: "UPDATE tiles SET expires = 1, must_revalidate = 1")
        }
    }

    static func render(_ styleJSON: JSONValue, offlineDatabase: OfflineDatabase? = nil, offlineOnly: Bool = false) throws -> MapSnapshot {
        let document = try StyleDocument(json: styleJSON)
        let style = try Style(document: document)
        let size = MapSize(width: 256, height: 256)
        let map = offlineDatabase.map { Map(style: style, camera: MapCamera(style: document), size: size, offlineDatabase: $0, offlineOnly: offlineOnly) }
            ?? Map(style: style, camera: MapCamera(style: document), size: size)
        return try map.snapshot()
    }

    @Test("expired, must-revalidate entries draw offline with no request; online they are revalidated; unreachable online they are refused")
    func staleEntries() async throws {
        let server = try PackServer()
        defer { server.stop() }
        let base = server.base
        let path = temporaryDatabasePath("offline-only.db")
        let database = try OfflineDatabase(path: path)
        let region = try database.createRegion(berlinDefinition(base: base), metadata: OfflineRegion.metadata(name: "Berlin"))
        #expect(try await quickDownload(database).run(region).isComplete)
        let styleJSON = try JSONValue(parsing: Data(PackServer.style(base: base).utf8))
        let online = try Self.render(styleJSON)
        #expect(online.sourceErrors.isEmpty)
        let reference = online.pngData()

        // Offline only, everything stale, the server up and counting: the same picture, not one request.
        try Self.expireEverything(database)
        let before = server.paths.count
        let offline = try Self.render(styleJSON, offlineDatabase: database, offlineOnly: true)
        #expect(offline.sourceErrors.isEmpty, "\(offline.sourceErrors)")
        #expect(offline.pngData() == reference)
        #expect(server.paths.count == before, "\(server.paths.dropFirst(before))")
        // The style itself, stale, is read offline too.
        let fetcher = StorageFetcher(database: database, offlineOnly: true)
        let style = try fetcher.fetch(ResourceRequest(url: base + "/styles/berlin.json", kind: .style), limit: 1 << 20, store: "style")
        #expect(style.map { try? JSONValue(parsing: $0) } == styleJSON)
        #expect(server.paths.count == before)

        // Online, the stale entries are revalidated with the server.
        let revalidated = try Self.render(styleJSON, offlineDatabase: database, offlineOnly: false)
        #expect(revalidated.pngData() == reference)
        #expect(server.paths.count > before)

        // Stale again and the network unreachable: online must-revalidate entries are not used; offline they are.
        try Self.expireEverything(database)
        server.stop()
        let unreachable = try Self.render(styleJSON, offlineDatabase: database, offlineOnly: false)
        #expect(!unreachable.sourceErrors.isEmpty)
        let stillOffline = try Self.render(styleJSON, offlineDatabase: try OfflineDatabase(path: path), offlineOnly: true)
        #expect(stillOffline.sourceErrors.isEmpty, "\(stillOffline.sourceErrors)")
        #expect(stillOffline.pngData() == reference)
    }

    @Test("offline only, what the database lacks is a source error naming the database, not a request")
    func missingEntries() throws {
        let server = try PackServer()
        defer { server.stop() }
        let database = try OfflineDatabase(path: temporaryDatabasePath("offline-only-empty.db"))
        let styleJSON = try JSONValue(parsing: Data(PackServer.style(base: server.base).utf8))
        let snapshot = try Self.render(styleJSON, offlineDatabase: database, offlineOnly: true)
        #expect(!snapshot.sourceErrors.isEmpty)
        #expect(snapshot.sourceErrors.contains { "\($0)".contains("is not in the offline database") }, "\(snapshot.sourceErrors)")
        #expect(server.paths.isEmpty, "\(server.paths)")
    }
}
