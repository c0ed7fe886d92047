import Foundation
import GRDB
import Mercator
import MercatorTestSupport
@testable import OfflineStorage
import Testing
import TileSources
import Rendering

/// MapLibre Native's own offline databases (`../shared/offline-db/maplibre-native/`, the files of its
/// `offline_database.test.cpp` and apps), read-only fixtures copied to a temporary folder first.
enum NativeDatabases {
    static let folder = SharedFixtures.url("offline-db/maplibre-native")
    static var available: Bool { folder.map { FileManager.default.fileExists(atPath: $0.appendingPathComponent("v5.db").path) } ?? false }

    /// A writable copy of `name` (with its `-wal`/`-shm` files when there are any) in a fresh folder.
    static func copy(_ name: String) throws -> String {
        let source = try #require(folder)
        let path = temporaryDatabasePath(name)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        for suffix in ["", "-wal", "-shm"] {
            let file = source.appendingPathComponent(name + suffix).path
            guard FileManager.default.fileExists(atPath: file) else { continue }
            try FileManager.default.copyItem(atPath: file, toPath: path + suffix)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path + suffix)
        }
        return path
    }

    static func pragma(_ path: String, _ name: String) throws -> String? {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in try String.fetchOne(db, sql: "PRAGMA \(name)") }
    }

    static func count(_ path: String, _ table: String) throws -> Int {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? -1 }
    }

    static func columns(_ path: String, _ table: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in try Row.fetchAll(db, sql: "PRAGMA table_info(\(table))").map { $0["name"] as String } }
    }
}

/// Records the URLs a map asks for and whether the database answered, then forwards.
final class LookupRecorder: ResourceFetching, @unchecked Sendable {
    let inner: any ResourceFetching
    private let lock = NSLock()
    private var log: [(url: String, found: Bool)] = []

    init(_ inner: any ResourceFetching) { self.inner = inner }

    var requests: [(url: String, found: Bool)] { lock.withLock { log } }

    func fetch(_ request: ResourceRequest, limit: Int, store: String) throws(TileStoreError) -> Data? {
        do {
            let data = try inner.fetch(request, limit: limit, store: store)
            lock.withLock { log.append((request.tile?.urlTemplate ?? request.url, data != nil)) }
            return data
        } catch {
            lock.withLock { log.append((request.tile?.urlTemplate ?? request.url, false)) }
            throw error
        }
    }
}

@Suite("MapLibre Native's offline databases", .needsShared("offline-db/maplibre-native/v5.db"))
struct NativeDatabaseFixtureTests {
    @Test("v2, v3, v4 (WAL) and v5 migrate to schema 6 with their rows kept, as Native's MigrateFromV*Schema expect",
          arguments: ["v2.db", "v3.db", "v4.db", "v5.db"])
    func migrates(_ name: String) throws {
        let path = try NativeDatabases.copy(name)
        let before = (resources: try NativeDatabases.count(path, "resources"), regions: try NativeDatabases.count(path, "regions"),
                      links: try NativeDatabases.count(path, "region_resources"))
        let database = try OfflineDatabase(path: path)
        #expect(try database.userVersion() == 6)
        let regions = try database.regions()
        #expect(regions.count == before.regions)
        #expect(try NativeDatabases.count(path, "resources") == before.resources)
        #expect(try NativeDatabases.count(path, "region_resources") == before.links)
        if name != "v5.db" {
            // the v2–v4 files hold one world region of 20 style resources
            #expect(regions.count == 1 && before.resources == 20)
            #expect(regions.first?.definition.area == .bounds(west: -180, south: -90, east: 180, north: 90))
            let first = try #require(try database.response(for: ResourceRequest(url: "http://example.com/1", kind: .style)))
            #expect(first.data != nil)
            #expect(try database.completedStatus(regions[0].id).completedResourceCount == 20)
        }
        #expect(try NativeDatabases.columns(path, "resources") == ["id", "url", "kind", "expires", "modified", "etag", "data", "compressed", "accessed", "must_revalidate"])
        #expect(try NativeDatabases.columns(path, "tiles") == ["id", "url_template", "pixel_ratio", "z", "x", "y", "expires", "modified", "etag",
                                                              "data", "compressed", "accessed", "must_revalidate"])
        #expect(try NativeDatabases.pragma(path, "journal_mode") == "delete")
        #expect(try NativeDatabases.pragma(path, "auto_vacuum") == "2")
        // deleting the regions frees pages, as Native's v2 test expects of the vacuumed file
        for region in regions { try database.deleteRegion(region.id) }
    }

    @Test("v999 (a newer schema) and the two corrupt files are refused with a typed message, the file byte-identical",
          arguments: ["v999.db", "corrupt-immediate.db", "corrupt-delayed.db"])
    func refuses(_ name: String) throws {
        let path = try NativeDatabases.copy(name)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        var caught: OfflineStorageError?
        do throws(OfflineStorageError) {
            let database = try OfflineDatabase(path: path)
            // a file damaged only further in fails at its first read instead
            _ = try database.regions()
            _ = try database.response(for: ResourceRequest(url: "http://example.com/1", kind: .style))
        } catch {
            caught = error
        }
        let error = try #require(caught)
        switch (name, error.kind) {
        case ("v999.db", .unsupportedVersion(999)):
            #expect(error.description.contains("schema version 999") && error.description.contains("nothing was changed"))
        case (_, .corrupt), (_, .notADatabase):
            #expect(name.hasPrefix("corrupt"))
            #expect(error.description.contains("damaged") || error.description.contains("not an SQLite database"), "\(error)")
        default:
            Issue.record("\(name): unexpected \(error)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
    }

    @Test("no_auto_vacuum.db is switched to incremental auto-vacuum, its pack kept (Native's IncrementalVacuum)")
    func incrementalVacuum() throws {
        let path = try NativeDatabases.copy("no_auto_vacuum.db")
        #expect(try NativeDatabases.pragma(path, "auto_vacuum") == "0")
        let database = try OfflineDatabase(path: path)
        #expect(try NativeDatabases.pragma(path, "auto_vacuum") == "2")
        #expect(try database.regions().count == 1)
        #expect(try NativeDatabases.count(path, "tiles") == 1)
    }

    @Test("android-offline_test.db: the pack, its definition and its satellite tile under a mapbox:// {ratio} .webp template")
    func androidPack() throws {
        let path = try NativeDatabases.copy("android-offline_test.db")
        let database = try OfflineDatabase(path: path)
        let regions = try database.regions()
        #expect(regions.count == 1)
        let region = try #require(regions.first)
        #expect(region.definition.styleURL == "mapbox://styles/mapbox/satellite-v9")
        #expect(region.definition.area == .bounds(west: -125.5078, south: 24.287, east: -66.3574, north: 49.6107))
        #expect(region.definition.minimumZoom == 0 && region.definition.maximumZoom == 0 && region.definition.pixelRatio == 1)
        let status = try database.completedStatus(region.id)
        #expect(status.completedResourceCount == 2 && status.completedTileCount == 1)

        let fetcher = StorageFetcher(database: database, offlineOnly: true)
        let style = try #require(try fetcher.fetch(ResourceRequest(url: "mapbox://styles/mapbox/satellite-v9", kind: .style), limit: 1 << 20, store: "style"))
        #expect(try JSONValue(parsing: style)["version"] != nil)
        // max_zoom 0 of a 256-pixel raster source: its one tile is at z1 (one zoom deeper)
        let tile = ResourceRequest(tile: .init(urlTemplate: "mapbox://tiles/mapbox.satellite/{z}/{x}/{y}{ratio}.webp", pixelRatio: 1, id: TileID(z: 1, x: 0, y: 0)))
        #expect(tile.url == "mapbox://tiles/mapbox.satellite/1/0/0.webp")
        let body = try #require(try fetcher.fetch(tile, limit: 1 << 20, store: "tile"))
        // the template says .webp, the bytes Native's test app stored are a JPEG (FF D8 FF): decoded by content
        #expect(Array(body.prefix(3)) == [0xFF, 0xD8, 0xFF])
        if PlatformFeature.jpegDecoding.isAvailable {
            let image = try RasterDecoding.decode(body)
            #expect(image.width == 256 || image.width == 512)
        } else {
            // a build without the LibJPEG trait names what is missing
            #expect(throws: RasterDecodingError.self) { try RasterDecoding.decode(body) }
        }
        // a ratio-2 map asks for other tiles: not in this pack
        let retina = ResourceRequest(tile: .init(urlTemplate: "mapbox://tiles/mapbox.satellite/{z}/{x}/{y}{ratio}.webp", pixelRatio: 2, id: TileID(z: 1, x: 0, y: 0)))
        #expect(throws: TileStoreError.self) { try fetcher.fetch(retina, limit: 1 << 20, store: "tile") }
    }

    /// The style of `cache-metrics.db`, with its `local://mvt-fixtures/…` tiles named as Native's
    /// benchmark harness stored them (`http://mvt-fixtures/…`).
    static func uruguayStyleText(_ fetcher: StorageFetcher) throws -> String {
        let data = try #require(try fetcher.fetch(ResourceRequest(url: "http://styles/uruguay.json", kind: .style), limit: 1 << 20, store: "style"))
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "local://mvt-fixtures/", with: "http://mvt-fixtures/")
    }

    static func uruguayStyle(_ fetcher: StorageFetcher) throws -> JSONValue {
        try JSONValue(parsing: Data(try uruguayStyleText(fetcher).utf8))
    }

    @Test("cache-metrics.db: the Uruguay style renders offline from it, sprite and glyphs under their canonical mapbox:// keys")
    func uruguayRendersOffline() throws {
        let path = try NativeDatabases.copy("cache-metrics.db")
        let database = try OfflineDatabase(path: path)
        let fetcher = LookupRecorder(StorageFetcher(database: database, offlineOnly: true))
        let style = try Self.uruguayStyle(StorageFetcher(database: database, offlineOnly: true))
        let document = try StyleDocument(json: style)
        let camera = MapCamera(center: LocationCoordinate2D(latitude: -32.8427, longitude: -56.25), zoom: 9)
        let map = Map(style: try Style(document: document), camera: camera, size: MapSize(width: 512, height: 512), fetcher: fetcher)
        let snapshot = try map.snapshot()
        #expect(snapshot.sourceErrors.isEmpty, "\(snapshot.sourceErrors)")
        let png = snapshot.pngData()
        try? png.write(to: URL(fileURLWithPath: NSTemporaryDirectory() + "mercator-uruguay-offline.png"))

        let requests = fetcher.requests
        func found(_ url: String) -> Bool { requests.contains { $0.url == url && $0.found } }
        #expect(found("mapbox://sprites/mapbox/basic-v9.json") && found("mapbox://sprites/mapbox/basic-v9.png"), "\(requests.map(\.url))")
        #expect(found("mapbox://fonts/mapbox/Open%20Sans%20Semibold%2cArial%20Unicode%20MS%20Bold/0-255.pbf"), "\(requests.map(\.url))")
        #expect(found("http://mvt-fixtures/real-world/uruguay/{z}-{x}-{y}.mvt"))
        #expect(!requests.contains { $0.url.contains("mvt-fixtures") && !$0.found })

        // drawn: land, roads and water, not one flat colour
        let image = try RasterDecoding.decode(png)
        var colours = Set<UInt32>()
        for i in stride(from: 0, to: image.width * image.height, by: 7) {
            let p = i * 4
            colours.insert(UInt32(image.pixels[p]) << 16 | UInt32(image.pixels[p + 1]) << 8 | UInt32(image.pixels[p + 2]))
        }
        #expect(colours.count > 20)
    }

    @Test("a style naming mapbox:// resources, served from a database, draws as the same style with local URLs")
    func mapboxURLsDrawAsLocal() throws {
        let path = try NativeDatabases.copy("cache-metrics.db")
        let database = try OfflineDatabase(path: path)
        let fetcher = StorageFetcher(database: database, offlineOnly: true)
        let style = try Self.uruguayStyle(fetcher)
        let camera = MapCamera(center: LocationCoordinate2D(latitude: -32.8427, longitude: -56.25), zoom: 9)

        // the same resources as files: tiles, sprite and glyph ranges read out of the database
        let folder = URL(fileURLWithPath: (temporaryDatabasePath("local") as NSString).deletingLastPathComponent).appendingPathComponent("local")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("tiles"), withIntermediateDirectories: true)
        for (z, x, y) in [(9, 175, 304), (9, 176, 304), (9, 175, 305), (9, 176, 305), (9, 175, 306), (9, 176, 306)] {
            let tile = ResourceRequest(tile: .init(urlTemplate: "http://mvt-fixtures/real-world/uruguay/{z}-{x}-{y}.mvt", id: TileID(z: z, x: x, y: y)))
            let data = try #require(try fetcher.fetch(tile, limit: 1 << 24, store: "tile"))
            try data.write(to: folder.appendingPathComponent("tiles/\(z)-\(x)-\(y).mvt"))
        }
        for ext in ["json", "png"] {
            let data = try #require(try fetcher.fetch(ResourceRequest(url: "mapbox://sprites/mapbox/basic-v9.\(ext)", kind: ext == "json" ? .spriteJSON : .spriteImage),
                                                      limit: 1 << 24, store: "sprite"))
            try data.write(to: folder.appendingPathComponent("sprite.\(ext)"))
        }
        for stack in ["Open Sans Semibold,Arial Unicode MS Bold", "Open Sans Bold,Arial Unicode MS Bold"] {
            let glyphs = try #require(try fetcher.fetch(ResourceRequest(url: "mapbox://fonts/mapbox/\(MapboxURL.percentEncode(stack))/0-255.pbf", kind: .glyphs),
                                                        limit: 1 << 24, store: "glyphs"))
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts/\(stack)"), withIntermediateDirectories: true)
            try glyphs.write(to: folder.appendingPathComponent("fonts/\(stack)/0-255.pbf"))
        }
        let local = try JSONValue(parsing: Data(try Self.uruguayStyleText(fetcher)
            .replacingOccurrences(of: "mapbox://sprites/mapbox/basic-v9", with: folder.path + "/sprite")
            .replacingOccurrences(of: "mapbox://fonts/mapbox/", with: folder.path + "/fonts/")
            .replacingOccurrences(of: "http://mvt-fixtures/real-world/uruguay/", with: folder.path + "/tiles/").utf8))
        #expect(local != style)

        func render(_ json: JSONValue, fetcher: (any ResourceFetching)?) throws -> Data {
            let document = try StyleDocument(json: json)
            let map = Map(style: try Style(document: document), camera: camera, size: MapSize(width: 512, height: 512), fetcher: fetcher)
            let snapshot = try map.snapshot()
            #expect(snapshot.sourceErrors.isEmpty, "\(snapshot.sourceErrors)")
            return snapshot.pngData()
        }
        let fromDatabase = try render(style, fetcher: fetcher)
        let fromFiles = try render(local, fetcher: nil)
        #expect(fromDatabase == fromFiles)
    }

    @Test("mapbox:// style, TileJSON and canonical mapbox://tiles/… keys: the style draws from the database with no network and no key")
    func mapboxStyleFromDatabase() throws {
        let path = try NativeDatabases.copy("cache-metrics.db")
        let database = try OfflineDatabase(path: path)
        let plain = StorageFetcher(database: database, offlineOnly: true)
        let camera = MapCamera(center: LocationCoordinate2D(latitude: -32.8427, longitude: -56.25), zoom: 9)
        func render(_ json: JSONValue) throws -> Data {
            let document = try StyleDocument(json: json)
            let map = Map(style: try Style(document: document), camera: camera, size: MapSize(width: 512, height: 512), fetcher: plain)
            let snapshot = try map.snapshot()
            #expect(snapshot.sourceErrors.isEmpty, "\(snapshot.sourceErrors)")
            return snapshot.pngData()
        }
        let expected = try render(try Self.uruguayStyle(plain))

        // as a Mapbox-hosted copy of the style would be stored by Native: the style under mapbox://styles/…,
        // its source's TileJSON under mapbox://ID (templates on the v4 API with a key), tiles under the canonical template
        let text = try Self.uruguayStyleText(plain).replacingOccurrences(
            of: #""tiles": [ "http://mvt-fixtures/real-world/uruguay/{z}-{x}-{y}.mvt" ]"#, with: #""url": "mapbox://mapbox.uruguay""#)
        #expect(text.contains("mapbox://mapbox.uruguay"))
        try database.putAmbient(ResourceRequest(url: "mapbox://styles/mercator/uruguay", kind: .style), StoredResponse(data: Data(text.utf8)))
        try database.putAmbient(ResourceRequest(url: "mapbox://mapbox.uruguay", kind: .source), StoredResponse(data: Data(#"""
            {"tilejson":"2.2.0","tiles":["https://a.tiles.mapbox.com/v4/mapbox.uruguay/{z}/{x}/{y}.vector.pbf?access_token=pk.abc"],"minzoom":0,"maxzoom":14}
            """#.utf8)))
        for (x, y) in [(175, 304), (176, 304), (175, 305), (176, 305), (175, 306), (176, 306)] {
            let id = TileID(z: 9, x: x, y: y)
            let body = try #require(try plain.fetch(ResourceRequest(tile: .init(urlTemplate: "http://mvt-fixtures/real-world/uruguay/{z}-{x}-{y}.mvt", id: id)),
                                                    limit: 1 << 24, store: "tile"))
            try database.putAmbient(ResourceRequest(tile: .init(urlTemplate: "mapbox://tiles/mapbox.uruguay/{z}/{x}/{y}.vector.pbf", id: id)),
                                    StoredResponse(data: body))
        }
        let recording = LookupRecorder(plain)
        let style = try #require(try recording.fetch(ResourceRequest(url: "mapbox://styles/mercator/uruguay", kind: .style), limit: 1 << 20, store: "style"))
        let document = try StyleDocument(json: try JSONValue(parsing: style))
        let map = Map(style: try Style(document: document), camera: camera, size: MapSize(width: 512, height: 512), fetcher: recording)
        let snapshot = try map.snapshot()
        #expect(snapshot.sourceErrors.isEmpty, "\(snapshot.sourceErrors)")
        #expect(recording.requests.contains { $0.url == "mapbox://tiles/mapbox.uruguay/{z}/{x}/{y}.vector.pbf" && $0.found })
        #expect(!recording.requests.contains { !$0.found && !$0.url.contains("fonts") }, "\(recording.requests)")
        #expect(snapshot.pngData() == expected)
    }
}
