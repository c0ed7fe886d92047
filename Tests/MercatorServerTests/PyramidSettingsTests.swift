import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Mercator
import Testing
import TileSources
@testable import MercatorServer

/// Issue 40: a pyramid archive records the settings it was asked for and never resumes into one made with
/// other settings (unless forced, which starts afresh); its PMTiles header says what the tiles are, and
/// `serve` describes the archive from that header.
@Suite struct PyramidSettingsTests {
    static let plan = PyramidPlan(bounds: (-10, 35, 30, 60), zooms: 0...2, styleDigest: String(repeating: "ab", count: 32))

    static var style: ServedStyle { TestServer.catalog.style("cities")! }

    static func temporary(_ name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-pyramid-settings-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        for p in [path, PyramidArchive.journalPath(path)] { try? FileManager.default.removeItem(atPath: p) }
        return path
    }

    static func render(_ plan: PyramidPlan, to path: String, force: Bool = false) throws {
        let archive = try PyramidArchive(path: path, plan: plan, name: "cities", force: force)
        _ = try PyramidRenderer(style: style, plan: plan, threads: 2).run(into: archive)
        try archive.finish()
    }

    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test("SHA-256 is sha256sum's")
    func sha256() {
        #expect(SHA256.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(Data(String(repeating: "a", count: 1000).utf8)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test("The settings round-trip and name what differs")
    func settingsText() throws {
        var p = Self.plan
        p.format = .webp
        p.shard = 1
        p.shardCount = 3
        #expect(PyramidPlan(settings: p.settings) == p)
        #expect(p.wholePlan.settings == PyramidPlan(settings: p.settings)!.wholePlan.settings)
        #expect(!p.wholePlan.settings.contains("shard"))
        let differences = PyramidPlan.settingsDifferences(recorded: Self.plan.settings, asked: p.settings)
        #expect(differences == ["format: png in the archive, webp asked", "shard: none in the archive, 1/3 asked"])
    }

    @Test("The PMTiles header carries the tile type, zooms, bounds and centre; the metadata the settings", arguments: [PyramidFormat.png, .jpeg])
    func pmtilesHeader(_ format: PyramidFormat) throws {
        if format == .jpeg && ImageOutputFormat.jpeg.missingFeature != nil { return }
        var plan = Self.plan
        plan.format = format
        let path = Self.temporary("header-\(format).pmtiles")
        try Self.render(plan, to: path)
        let read = try PMTilesWriter.read(path: path)
        #expect(read.header.tileType == (format == .png ? .png : .jpeg))
        #expect(read.header.minimumZoom == 0 && read.header.maximumZoom == 2)
        #expect(abs(read.header.bounds.west - -10) < 1e-6 && abs(read.header.bounds.north - 60) < 1e-6)
        #expect(abs(read.header.center.longitude - 10) < 1e-6 && abs(read.header.center.latitude - 47.5) < 1e-6)
        let magic: [UInt8] = format == .png ? [0x89, 0x50, 0x4E, 0x47] : [0xFF, 0xD8, 0xFF]
        #expect(read.tiles.values.allSatisfy { [UInt8]($0.prefix(magic.count)) == magic })
        let metadata = try JSONValue(parsing: read.metadata)
        #expect(metadata[PyramidPlan.settingsKey]?.string == plan.settings)
        #expect(metadata["format"]?.string == format.metadataName)
        // serve describes it from the header: the tile type, zooms and bounds (not pbf, 0-14, the world).
        let served = try ServedData.archive(id: "p", path: path)
        #expect(served.format == (format == .png ? "png" : "jpg"))
        #expect(!served.isVector)
        #expect(served.minZoom == 0 && served.maxZoom == 2)
        #expect(abs(served.bounds.west - -10) < 1e-6 && abs(served.bounds.south - 35) < 1e-6)
        #expect(abs(served.bounds.east - 30) < 1e-6 && abs(served.bounds.north - 60) < 1e-6)
    }

    @Test("mercator serve serves a rendered PMTiles pyramid as its header says, over HTTP: PNG tiles, TileJSON format and zooms")
    func servedOverHTTP() async throws {
        let path = Self.temporary("served.pmtiles")
        try Self.render(Self.plan, to: path)
        let catalog = try ServerCatalog.load(inputs: [path])
        let id = try #require(catalog.data.first?.id)
        try await MercatorServer(catalog: catalog, options: TestServer.options()).application(logger: TestServer.quiet).test(.live) { client in
            let tileJSON = try JSONValue(parsing: try await client.execute(uri: "/data/\(id).json", method: .get).data)
            #expect(tileJSON["format"]?.string == "png")
            #expect(tileJSON["minzoom"]?.number == 0 && tileJSON["maxzoom"]?.number == 2)
            #expect(tileJSON["tiles"]?.array?.first?.string?.hasSuffix("/data/\(id)/{z}/{x}/{y}.png") == true)
            let tile = try await client.execute(uri: "/data/\(id)/1/1/0.png", method: .get)
            #expect(tile.status == .ok)
            #expect(tile.headers[.contentType] == "image/png")
            #expect([UInt8](tile.data.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            #expect(try await client.execute(uri: "/data/\(id)/1/1/0.pbf", method: .get).status != .ok, "not described as vector tiles")
        }
    }

    @Test("A finished archive made with other settings is refused, then --force starts afresh", arguments: ["pmtiles", "mbtiles"])
    func finishedArchiveWithOtherSettings(_ ext: String) throws {
        let path = Self.temporary("other.\(ext)")
        try Self.render(Self.plan, to: path)
        var deeper = Self.plan
        deeper.zooms = 0...3
        var restyled = Self.plan
        restyled.styleDigest = String(repeating: "cd", count: 32)
        for (other, phrase) in [(deeper, "zooms: 0-2 in the archive, 0-3 asked"), (restyled, "style-sha256: abab")] {
            do {
                _ = try PyramidArchive(path: path, plan: other, name: "cities")
                Issue.record("resumed into an archive made with other settings")
            } catch let error as PyramidError {
                #expect(error.description.contains(phrase), "\(error)")
                #expect(error.description.contains("--force"))
            }
        }
        // Refused without touching it: the same settings still resume (nothing to render).
        let same = try PyramidArchive(path: path, plan: Self.plan, name: "cities")
        #expect(try PyramidRenderer(style: Self.style, plan: Self.plan).run(into: same).rendered == 0)
        try same.finish()
        // Forced: the archive is the one a fresh run with the new settings writes.
        try Self.render(deeper, to: path, force: true)
        let fresh = Self.temporary("fresh.\(ext)")
        try Self.render(deeper, to: fresh)
        #expect(try PyramidArchive.readTiles(path).map(\.id) == PyramidArchive.readTiles(fresh).map(\.id))
        #expect(try PyramidArchive.readTiles(path).map(\.data) == PyramidArchive.readTiles(fresh).map(\.data))
        if ext == "pmtiles" { #expect(try Self.bytes(path) == Self.bytes(fresh)) }
    }

    @Test("A crashed run is resumed only with its own settings; resumed equals uninterrupted byte for byte", arguments: ["pmtiles", "mbtiles"])
    func crashedRunWithOtherSettings(_ ext: String) throws {
        let once = Self.temporary("once.\(ext)")
        try Self.render(Self.plan, to: once)
        let crashed = Self.temporary("crashed.\(ext)")
        do {
            let archive = try PyramidArchive(path: crashed, plan: Self.plan, name: "cities")
            let renderer = PyramidRenderer(style: Self.style, plan: Self.plan, threads: 1)
            for tile in Self.plan.tiles().prefix(5).map(\.tile) {
                try archive.add(try renderer.render(renderer.block(of: tile), maps: MapPool()).filter { $0.tile == tile })
            }
        }
        var other = Self.plan
        other.ratio = 2
        #expect(throws: PyramidError.self) { try PyramidArchive(path: crashed, plan: other, name: "cities") }
        let archive = try PyramidArchive(path: crashed, plan: Self.plan, name: "cities")
        #expect(archive.done.count == 5)
        #expect(try PyramidRenderer(style: Self.style, plan: Self.plan, threads: 2).run(into: archive).skipped == 5)
        try archive.finish()
        #expect(try PyramidArchive.readTiles(once).map(\.data) == PyramidArchive.readTiles(crashed).map(\.data))
        if ext == "pmtiles" { #expect(try Self.bytes(once) == Self.bytes(crashed)) }
    }

    @Test("An archive recording no settings (another tool's) is refused unless forced", arguments: ["pmtiles", "mbtiles"])
    func foreignArchive(_ ext: String) throws {
        let path = Self.temporary("foreign.\(ext)")
        if ext == "pmtiles" {
            let writer = PMTilesWriter(tileType: 2, tileCompression: 1, minZoom: 0, maxZoom: 0, bounds: (-180, -85, 180, 85), metadata: "{}")
            try writer.archive([0: Data("not ours".utf8)]).write(to: URL(fileURLWithPath: path))
        } else {
            let db = try DatabaseQueue(path: path)
            try db.write { db in
                try db.execute(sql: """
                    CREATE TABLE metadata (name TEXT, value TEXT); INSERT INTO metadata VALUES ('name', 'theirs');
                    CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
                    INSERT INTO tiles VALUES (0, 0, 0, x'00');
                    """)
            }
            try db.close()
        }
        do {
            _ = try PyramidArchive(path: path, plan: Self.plan, name: "cities")
            Issue.record("resumed into a foreign archive")
        } catch let error as PyramidError {
            #expect(error.description.contains("records no `mercator pyramid render` settings"), "\(error)")
        }
        try Self.render(Self.plan, to: path, force: true)
        #expect(try PyramidArchive.readTiles(path).count == Self.plan.allTiles().count)
    }

    @Test("Shards record their shard; merged they record the unsharded settings and equal the unsharded archive")
    func shardsMerge() throws {
        let whole = Self.temporary("whole.pmtiles")
        try Self.render(Self.plan, to: whole)
        var parts: [String] = []
        for k in 0..<2 {
            var p = Self.plan
            p.shard = k
            p.shardCount = 2
            parts.append(Self.temporary("part\(k).pmtiles"))
            try Self.render(p, to: parts[k])
        }
        // A part does not resume as another part.
        var other = Self.plan
        other.shard = 1
        other.shardCount = 2
        #expect(throws: PyramidError.self) { try PyramidArchive(path: parts[0], plan: other, name: "cities") }
        let merged = Self.temporary("merged.pmtiles")
        let (plan, name) = try PyramidMerge.planOfParts(parts)
        #expect(plan == Self.plan)
        let archive = try PyramidArchive(path: merged, plan: plan, name: name)
        try archive.addAll(try PyramidMerge.tiles(of: parts))
        try archive.finish()
        #expect(try Self.bytes(whole) == Self.bytes(merged))
    }
}
