import Foundation
import Geo
import MercatorHTTP
import MercatorTestSupport
import Testing
@testable import TileSources
import Tiling

/// PMTiles archives whose sections and entries claim lengths and offsets of 2^63 bytes and more (issue 39):
/// `Range<UInt64>.count` is an Int, so such a length once killed the process (SIGILL) in `PMTilesStore`
/// and the byte sources. Each must be refused with a typed error naming the byte offset.
@Suite("Hostile PMTiles archives")
struct HostilePMTilesTests {
    /// The crafted archives, by what they lie about. Each is built from `runs.pmtiles`'s bytes.
    static func archives() throws -> [(name: String, bytes: Data)] {
        let runs = try Data(contentsOf: URL(fileURLWithPath: PMTilesTests.fixture("runs.pmtiles")))
        var out: [(String, Data)] = []
        // Header fields patched in place (the directories stay gzip-compressed as written).
        for (name, field, value) in [
            ("root length 2^63", 16, UInt64(1) << 63),
            ("root length 2^64 - 1 - offset", 16, UInt64.max - 127),
            ("root offset 2^63", 8, UInt64(1) << 63),
            ("metadata length 2^63", 32, UInt64(1) << 63),
            ("metadata length 2^64 - 1 - offset", 32, UInt64.max - 305),
            ("metadata offset 2^63", 24, UInt64(1) << 63),
            // never used as a length (entries are offsets from the sections' starts): read, harmlessly
            ("harmless: leaf section length 2^63", 48, UInt64(1) << 63),
            ("harmless: tile section length 2^63", 64, UInt64(1) << 63),
        ] as [(String, Int, UInt64)] {
            out.append((name, CraftedPMTiles.patched(runs, at: field, value)))
        }
        // Directories written anew (uncompressed), entries pointing into the fixture's tile data.
        let tileData = runs.subdata(in: 494..<runs.count)
        out.append(("tile length 2^63", CraftedPMTiles.archive(header: runs, root: [(0, 0, 1 << 63, 1)], leaf: [], tiles: tileData)))
        out.append(("tile length 2^64 - 1", CraftedPMTiles.archive(header: runs, root: [(0, 0, .max, 1)], leaf: [], tiles: tileData)))
        out.append(("tile offset 2^63", CraftedPMTiles.archive(header: runs, root: [(0, 1 << 63, 10, 1)], leaf: [], tiles: tileData)))
        out.append(("tile offset 2^64 - 2", CraftedPMTiles.archive(header: runs, root: [(0, .max - 1, 10, 1)], leaf: [], tiles: tileData)))
        out.append(("tile run 2^64 - 1", CraftedPMTiles.archive(header: runs, root: [(0, 0, 1 << 63, .max)], leaf: [], tiles: tileData)))
        out.append(("leaf length 2^63", CraftedPMTiles.archive(header: runs, root: [(0, 0, 1 << 63, 0)], leaf: [(0, 0, 10, 1)], tiles: tileData)))
        out.append(("leaf offset 2^63", CraftedPMTiles.archive(header: runs, root: [(0, 1 << 63, 4, 0)], leaf: [(0, 0, 10, 1)], tiles: tileData)))
        out.append(("leaf holds a tile of length 2^63",
                    CraftedPMTiles.archive(header: runs, root: [(0, 0, UInt64(CraftedPMTiles.directory([(0, 0, 1 << 63, 1)]).count), 0)], leaf: [(0, 0, 1 << 63, 1)], tiles: tileData)))
        let selfLeaf = CraftedPMTiles.directory([(0, 0, 8, 0)])
        out.append(("a leaf pointing at itself", CraftedPMTiles.archive(header: runs, root: [(0, 0, UInt64(selfLeaf.count), 0)], leaf: [(0, 0, UInt64(selfLeaf.count), 0)], tiles: tileData)))
        return out
    }

    /// Opens `open()` and reads the first tiles of zooms 0...3: every failure must be a typed error
    /// naming a byte offset, and at least one must happen.
    static func expectRefused(_ name: String, _ open: () throws(TileStoreError) -> PMTilesStore) {
        let store: PMTilesStore
        do throws(TileStoreError) {
            store = try open()
        } catch {
            #expect(error.description.contains("(byte "), "\(name): \(error)")
            return
        }
        var failures = 0
        for z in 0...3 {
            do throws(TileStoreError) {
                _ = try store.tileData(TileID(z: z, x: 0, y: 0))
            } catch {
                failures += 1
                #expect(error.description.contains("(byte "), "\(name): \(error)")
            }
        }
        #expect(failures > 0 || name.hasPrefix("harmless"), "\(name): every tile read")
    }

    @Test("each lying length or offset is a typed error, read from a file")
    func fromFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-hostile-pmtiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (i, archive) in try Self.archives().enumerated() {
            let path = folder.appendingPathComponent("hostile-\(i).pmtiles").path
            try archive.bytes.write(to: URL(fileURLWithPath: path))
            Self.expectRefused(archive.name) { () throws(TileStoreError) in try PMTilesStore(path: path) }
        }
    }

    @Test("each lying length or offset is a typed error, read from memory")
    func fromMemory() throws {
        for archive in try Self.archives() {
            Self.expectRefused(archive.name) { () throws(TileStoreError) in
                try PMTilesStore(source: PMTilesMemorySource(archive.bytes, name: archive.name), prefix: UInt64(PMTilesHeader.size))
            }
        }
    }

    @Test("each lying length or offset is a typed error over HTTP range requests, and none is requested")
    func overHTTP() throws {
        let archives = try Self.archives()
        let server = try LoopbackHTTPServer { request, _ in
            guard let i = Int(request.path.dropFirst().prefix(while: \.isNumber)), archives.indices.contains(i) else { return .init(status: 404) }
            return .ranged(archives[i].bytes, request: request)
        }
        defer { server.stop() }
        let client = PMTilesHTTPTests.client()
        for (i, archive) in archives.enumerated() {
            Self.expectRefused(archive.name) { () throws(TileStoreError) in
                try PMTilesStore(url: server.baseURL + "/\(i).pmtiles", client: client)
            }
        }
        // A lying length is refused before it becomes a request.
        for range in server.requests.compactMap({ $0.headers["range"] }) {
            let parts = range.dropFirst("bytes=".count).split(separator: "-").compactMap { UInt64($0) }
            #expect(parts.count == 2 && parts[1] - parts[0] < PMTilesStore.maximumSectionBytes, "\(range)")
        }
    }

    @Test("the byte sources refuse a 2^63-byte range themselves")
    func byteSources() throws {
        let memory = PMTilesMemorySource(Data(count: 100))
        #expect(throws: PMTilesError.self) { try memory.read(0..<(UInt64(1) << 63)) }
        #expect(throws: PMTilesError.self) { try memory.read(0..<UInt64.max) }
        #expect(try memory.read(10..<20).count == 10)
        let file = try PMTilesFileSource(path: PMTilesTests.fixture("runs.pmtiles"))
        #expect(throws: PMTilesError.self) { try file.read(0..<(UInt64(1) << 63)) }
        #expect(throws: PMTilesError.self) { try file.read((UInt64(1) << 63)..<UInt64.max) }
        #expect(try file.read(0..<7) == Data("PMTiles".utf8))
        let http = PMTilesHTTPSource(url: "http://127.0.0.1:9/never-asked.pmtiles", client: PMTilesHTTPTests.client())
        #expect(throws: PMTilesError.self) { try http.read(0..<(UInt64(1) << 63)) }
        #expect((UInt64(5)..<UInt64.max).byteLength == UInt64.max - 5)
    }
}
