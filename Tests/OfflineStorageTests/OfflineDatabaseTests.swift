import Foundation
import GRDB
import Geo
@testable import OfflineStorage
import Testing
import TileSources
import Tiling
import JSON

/// A fresh path in a temporary folder.
func temporaryDatabasePath(_ name: String = "offline.db") -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("offline-\(UUID().uuidString)")
    return folder.appendingPathComponent(name).path
}

/// A copy of fixture `name` in a temporary folder.
func fixtureCopy(_ name: String) throws -> String {
    let source = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
    let path = temporaryDatabasePath(name)
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: source.path, toPath: path)
    return path
}

@Suite("Offline database: MapLibre Native's schema and files")
struct OfflineDatabaseSchemaTests {
    @Test("a new database has MapLibre's schema text, user_version 6 and incremental auto-vacuum")
    func newDatabaseMatchesMapLibreSchema() throws {
        let path = temporaryDatabasePath()
        let database = try OfflineDatabase(path: path)
        #expect(try database.userVersion() == 6)
        let schemaURL = try #require(Bundle.module.url(forResource: "Fixtures/maplibre-offline-schema", withExtension: "sql"))
        let expected = try String(contentsOf: schemaURL, encoding: .utf8).components(separatedBy: ";\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        let (stored, autoVacuum) = try database.queue.inDatabase { db in
            (try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid"),
             try Int.fetchOne(db, sql: "PRAGMA auto_vacuum"))
        }
        #expect(stored == expected)
        #expect(autoVacuum == 2)
    }

    @Test("a MapLibre-made database: regions, metadata, resources, compressed bodies, tiles and no-content tiles")
    func readsMapLibreDatabase() throws {
        let database = try OfflineDatabase(path: try fixtureCopy("maplibre-v6.db"))
        let regions = try database.regions()
        #expect(regions.count == 2)
        #expect(regions[0].name == "San Francisco")
        #expect(regions[0].definition.area == .bounds(west: -122.8, south: 37.2, east: -121.7, north: 38.1))
        #expect(regions[0].definition.maximumZoom == 15 && !regions[0].definition.includesIdeographs)
        #expect(regions[1].definition.maximumZoom == .infinity && regions[1].definition.pixelRatio == 2)
        guard case .geometry(let geometry) = regions[1].definition.area else { Issue.record("not a geometry"); return }
        #expect(geometry["type"]?.string == "Point")
        #expect(regions[1].metadata == Data([0xde, 0xad, 0xbe, 0xef]))

        let style = try #require(try database.response(for: ResourceRequest(url: "https://example.com/style.json", kind: .style)))
        #expect(style.data == Data(#"{"version":8,"sources":{},"layers":[]}"#.utf8))
        #expect(style.etag == "abc" && style.modified == 1_500_000_000 && style.mustRevalidate)
        let compressed = try #require(try database.response(for: ResourceRequest(url: "https://example.com/compressed.json", kind: .style)))
        #expect(compressed.data == Data(String(repeating: #"{"version":8,"name":"compressed","sources":{},"layers":[]}"#, count: 4).utf8))
        #expect(compressed.expires == 1_700_000_000 && !compressed.isFresh())

        let template = "https://example.com/tiles/{z}/{x}/{y}.pbf"
        let tile = try database.response(for: ResourceRequest(tile: .init(urlTemplate: template, id: TileID(z: 3, x: 4, y: 5))))
        #expect(tile?.data == Data("tile-3-4-5".utf8))
        let empty = try database.response(for: ResourceRequest(tile: .init(urlTemplate: template, id: TileID(z: 3, x: 4, y: 6))))
        #expect(empty != nil && empty?.data == nil)
        #expect(try database.response(for: ResourceRequest(tile: .init(urlTemplate: template, id: TileID(z: 3, x: 4, y: 7)))) == nil)

        let status = try database.completedStatus(1)
        #expect(status.completedTileCount == 2 && status.completedResourceCount == 4)
        #expect(status.completedTileSize == 10)
    }

    @Test("a version 5 database is migrated to 6 (must_revalidate added), its packs kept")
    func migratesVersion5() throws {
        let path = try fixtureCopy("maplibre-v5.db")
        let database = try OfflineDatabase(path: path)
        #expect(try database.userVersion() == 6)
        #expect(try database.regions().count == 2)
        let columns = try database.queue.inDatabase { db in try db.columns(in: "tiles").map(\.name) }
        #expect(columns.contains("must_revalidate"))
        #expect(try database.response(for: ResourceRequest(url: "https://example.com/style.json", kind: .style))?.mustRevalidate == false)
    }

    @Test("definitions are written as MapLibre writes them and read back")
    func definitionEncoding() throws {
        let definition = OfflineRegionDefinition(styleURL: "https://example.com/style.json",
                                                 area: .bounds(west: -122.8, south: 37.2, east: -121.7, north: 38.1),
                                                 minimumZoom: 0, maximumZoom: 15, pixelRatio: 1, includesIdeographs: false)
        let text = definition.encoded()
        #expect(text == #"{"style_url":"https:\/\/example.com\/style.json","min_zoom":0.0,"max_zoom":15.0,"pixel_ratio":1.0,"include_ideographs":false,"bounds":[37.2,-122.8,38.1,-121.7]}"#
                || text == #"{"style_url":"https://example.com/style.json","min_zoom":0.0,"max_zoom":15.0,"pixel_ratio":1.0,"include_ideographs":false,"bounds":[37.2,-122.8,38.1,-121.7]}"#)
        #expect(try OfflineRegionDefinition(decoding: text) == definition)
        #expect(throws: OfflineRegionDefinition.DefinitionError.self) { try OfflineRegionDefinition(decoding: #"{"style_url":"x","pixel_ratio":1.0}"#) }
    }
}

@Suite("Offline database: errors never lose a pack")
struct OfflineDatabaseErrorTests {
    @Test("a file that is not SQLite is an error, and is left as it was")
    func notADatabase() throws {
        let path = temporaryDatabasePath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try OfflineDatabase(path: path)
        } throws: { error in
            (error as? OfflineStorageError)?.kind == .notADatabase && "\(error)".contains(path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test("a damaged offline database is reported (never deleted)")
    func damagedDatabase() throws {
        let path = try fixtureCopy("maplibre-v6.db")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // wipe page 2 onwards (the tables' b-trees), keep the header and schema page
        for i in 4096..<min(bytes.count, 4096 * 6) { bytes[i] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: path))
        var failed = false
        do {
            let database = try OfflineDatabase(path: path)
            _ = try database.regions()
            _ = try database.completedStatus(1)
        } catch {
            failed = true
            if case .corrupt = error.kind {} else if case .notADatabase = error.kind {} else { Issue.record("unexpected \(error)") }
        }
        #expect(failed)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("another SQLite file, or a newer schema, is refused unchanged")
    func foreignAndNewer() throws {
        let path = temporaryDatabasePath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('keep')") }
        #expect { _ = try OfflineDatabase(path: path) } throws: { ($0 as? OfflineStorageError)?.kind == .notAnOfflineDatabase }
        #expect(try DatabaseQueue(path: path).read { db in try String.fetchOne(db, sql: "SELECT text FROM notes") } == "keep")

        let newer = try fixtureCopy("maplibre-v6.db")
        try DatabaseQueue(path: newer).writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = 7") }
        #expect { _ = try OfflineDatabase(path: newer) } throws: { ($0 as? OfflineStorageError)?.kind == .unsupportedVersion(7) }
        #expect(try DatabaseQueue(path: newer).read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM regions") } == 2)
    }

    @Test("a read-only database lists and reads packs; changing one is a clear error")
    func readOnly() throws {
        let path = try fixtureCopy("maplibre-v6.db")
        let database = try OfflineDatabase(path: path, readOnly: true)
        #expect(database.isReadOnly)
        #expect(try database.regions().count == 2)
        #expect(try database.response(for: ResourceRequest(url: "https://example.com/style.json", kind: .style)) != nil)
        #expect { try database.deleteRegion(1) } throws: { ($0 as? OfflineStorageError)?.kind == .readOnly }
        #expect { try database.putAmbient(ResourceRequest(url: "https://x/y", kind: .unknown), StoredResponse(data: Data([1]))) } throws: {
            ($0 as? OfflineStorageError)?.kind == .readOnly
        }
    }

    @Test("the database folder is created when missing; the default path follows XDG_DATA_HOME")
    func createsFolder() throws {
        let path = temporaryDatabasePath("nested/deeper/cache.sqlite")
        _ = try OfflineDatabase(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(OfflineDatabase.defaultPath(environment: ["XDG_DATA_HOME": "/data"]) == "/data/mercator/cache.sqlite")
    }
}

@Suite("Offline database: ambient cache and shared pack rows")
struct OfflineAmbientCacheTests {
    /// Incompressible bytes.
    func noise(_ count: Int, seed: UInt64) -> Data {
        var state = seed
        return Data((0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        })
    }

    @Test("over the size limit the least recently used ambient rows go first; pack rows never")
    func leastRecentlyUsedEviction() throws {
        let database = try OfflineDatabase(path: temporaryDatabasePath(), maximumAmbientCacheSize: 3500)
        let region = try database.createRegion(OfflineRegionDefinition(styleURL: "https://x/style.json", area: .bounds(west: 0, south: 0, east: 1, north: 1),
                                                                       minimumZoom: 0, maximumZoom: 1), metadata: Data())
        try database.putRegionResources(region.id, [(ResourceRequest(url: "https://x/pack", kind: .unknown), StoredResponse(data: noise(5000, seed: 9)))])
        for i in 0..<3 {
            try database.putAmbient(ResourceRequest(url: "https://x/\(i)", kind: .unknown), StoredResponse(data: noise(1000, seed: UInt64(i))))
        }
        // accessed times: 1 oldest, then 0, then 2 (reading 0 later than 1 makes it more recent)
        try database.queue.write { db in
            try db.execute(sql: "UPDATE resources SET accessed = 100 WHERE url = 'https://x/1'")
            try db.execute(sql: "UPDATE resources SET accessed = 200 WHERE url = 'https://x/0'")
            try db.execute(sql: "UPDATE resources SET accessed = 300 WHERE url = 'https://x/2'")
        }
        try database.putAmbient(ResourceRequest(url: "https://x/3", kind: .unknown), StoredResponse(data: noise(1000, seed: 3)))
        func has(_ name: String) throws -> Bool { try database.response(for: ResourceRequest(url: "https://x/\(name)", kind: .unknown)) != nil }
        #expect(try !has("1"))
        #expect(try has("0") && has("2") && has("3"))
        #expect(try has("pack"))
        #expect(try database.ambientCacheSize() <= 3500)
        // a body larger than the whole cache is not stored
        #expect(try !database.putAmbient(ResourceRequest(url: "https://x/huge", kind: .unknown), StoredResponse(data: noise(4000, seed: 4))))
    }

    @Test("packs share rows; a row outlives the first pack deleted, then becomes ambient cache")
    func sharedRows() throws {
        let database = try OfflineDatabase(path: temporaryDatabasePath())
        let definition = OfflineRegionDefinition(styleURL: "https://x/style.json", area: .bounds(west: 0, south: 0, east: 1, north: 1), minimumZoom: 0, maximumZoom: 1)
        let a = try database.createRegion(definition, metadata: OfflineRegion.metadata(name: "a"))
        let b = try database.createRegion(definition, metadata: OfflineRegion.metadata(name: "b"))
        let tile = ResourceRequest(tile: .init(urlTemplate: "https://x/{z}/{x}/{y}.pbf", id: TileID(z: 1, x: 0, y: 1)))
        let body = Data(String(repeating: "tile ", count: 100).utf8)
        try database.putRegionResources(a.id, [(tile, StoredResponse(data: body))])
        #expect(try database.linkRegionResources(b.id, [tile]).isEmpty)
        let count = { try database.queue.read { db in (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM tiles") ?? -1, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM region_tiles") ?? -1) } }
        #expect(try count() == (1, 2))
        let stored = try database.queue.read { db in try Int.fetchOne(db, sql: "SELECT compressed FROM tiles") }
        #expect(stored == 1)  // repetitive: stored deflated
        try database.deleteRegion(a.id)
        #expect(try count() == (1, 1))
        #expect(try database.ambientCacheSize() == 0)
        try database.deleteRegion(b.id)
        #expect(try count() == (1, 0))
        #expect(try database.ambientCacheSize() > 0)
        #expect(try database.response(for: tile)?.data == body)
        #expect { try database.updateMetadata(a.id, Data()) } throws: { ($0 as? OfflineStorageError)?.kind == .noSuchRegion(a.id) }
    }

    @Test("renaming keeps the definition; invalidating marks rows expired and to revalidate")
    func renameAndInvalidate() throws {
        let database = try OfflineDatabase(path: temporaryDatabasePath())
        let region = try database.createRegion(OfflineRegionDefinition(styleURL: "https://x/s.json", area: .bounds(west: 0, south: 0, east: 1, north: 1),
                                                                       minimumZoom: 0, maximumZoom: 2), metadata: OfflineRegion.metadata(name: "old"))
        try database.putRegionResources(region.id, [(ResourceRequest(url: "https://x/s.json", kind: .style), StoredResponse(data: Data("{}".utf8), expires: nil))])
        try database.updateMetadata(region.id, OfflineRegion.metadata(name: "new"))
        #expect(try database.region(region.id).name == "new")
        #expect(try database.region(region.id).definition == region.definition)
        try database.invalidateRegion(region.id)
        let response = try #require(try database.response(for: ResourceRequest(url: "https://x/s.json", kind: .style)))
        #expect(response.expires == 0 && response.mustRevalidate && !response.isFresh())
    }

    @Test("HTTP caching headers become expires, modified, etag and must_revalidate")
    func cachingHeaders() {
        let response = StoredResponse(data: Data(), headers: ["cache-control": "max-age=60, must-revalidate", "etag": "\"v1\"",
                                                              "last-modified": "Sun, 06 Nov 1994 08:49:37 GMT"], now: 1000)
        #expect(response.expires == 1060 && response.mustRevalidate && response.etag == "\"v1\"" && response.modified == 784_111_777)
        #expect(StoredResponse(data: Data(), headers: [:]).expires == nil)
    }

    @Test("the API key is added for the API host only, and redacted from messages")
    func apiKey() {
        let auth = RequestAuthorization(apiKey: "s3cret", apiBaseURL: "https://api.example.com")
        #expect(auth.requestURL("https://api.example.com/v4/a.json") == "https://api.example.com/v4/a.json?access_token=s3cret")
        #expect(auth.requestURL("mapbox://fonts/x/{fontstack}/0-255.pbf") == "https://api.example.com/fonts/v1/x/{fontstack}/0-255.pbf?access_token=s3cret")
        #expect(auth.requestURL("https://tiles.other.org/a.json") == "https://tiles.other.org/a.json")
        #expect(auth.redact("GET https://api.example.com/a?access_token=s3cret failed") == "GET https://api.example.com/a?access_token=<api key> failed")
    }
}
