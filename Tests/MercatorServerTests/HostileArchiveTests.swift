import Foundation
import Hummingbird
import HummingbirdTesting
import Mercator
@testable import MercatorServer
import Testing

/// `mercator serve` on PMTiles archives whose entries claim 2^63-byte lengths (issue 39): one GET used to
/// kill the process (SIGILL in `Range<UInt64>.count`). Now the tile is an error status and the server lives.
@Suite("Hostile archives served")
struct HostileArchiveTests {
    static let runs = TestServer.repository.appendingPathComponent("Tests/TileSourcesTests/Fixtures/runs.pmtiles")

    /// A PMTiles directory (tile id, offset, length, run length), uncompressed.
    static func directory(_ entries: [(UInt64, UInt64, UInt64, UInt64)]) -> [UInt8] {
        var out: [UInt8] = []
        func varint(_ v: UInt64) {
            var v = v
            while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
            out.append(UInt8(v))
        }
        varint(UInt64(entries.count))
        var last: UInt64 = 0
        for e in entries { varint(e.0 &- last); last = e.0 }
        for e in entries { varint(e.3) }
        for e in entries { varint(e.2) }
        for e in entries { varint(e.1 &+ 1) }
        return out
    }

    static func put(_ value: UInt64, at offset: Int, in bytes: inout [UInt8]) {
        for i in 0..<8 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(i))) }
    }

    /// runs.pmtiles's header (directories made uncompressed, no metadata) and tile data, with `root` and `leaf` directories.
    static func archive(root: [(UInt64, UInt64, UInt64, UInt64)], leaf: [(UInt64, UInt64, UInt64, UInt64)]) throws -> Data {
        let fixture = [UInt8](try Data(contentsOf: runs))
        var bytes = Array(fixture.prefix(127))
        bytes[97] = 1
        let rootBytes = directory(root), leafBytes = directory(leaf), tiles = Array(fixture[494...])
        let rootStart = UInt64(bytes.count), leafStart = rootStart + UInt64(rootBytes.count)
        let tileStart = leafStart + UInt64(leafBytes.count)
        bytes += rootBytes + leafBytes + tiles
        for (field, value) in [(8, rootStart), (16, UInt64(rootBytes.count)), (24, leafStart), (32, 0),
                               (40, leafStart), (48, UInt64(leafBytes.count)), (56, tileStart), (64, UInt64(tiles.count))] {
            put(value, at: field, in: &bytes)
        }
        return Data(bytes)
    }

    @Test("a GET of a tile whose entry claims 2^63 bytes is an error status, and the server keeps serving")
    func lyingTileEntries() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-hostile-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tile = try Self.archive(root: [(0, 0, 1 << 63, 1)], leaf: [])
        let leafEntry = Self.directory([(0, 0, 1 << 63, 1)])
        let leaf = try Self.archive(root: [(0, 0, 1 << 63, 0)], leaf: [(0, 0, 10, 1)])
        let inLeaf = try Self.archive(root: [(0, 0, UInt64(leafEntry.count), 0)], leaf: [(0, 0, 1 << 63, 1)])
        for (name, data) in [("tile", tile), ("leaf", leaf), ("inleaf", inLeaf)] {
            try data.write(to: folder.appendingPathComponent("\(name).pmtiles"))
        }
        // A root directory claiming 2^63 bytes: refused when the catalog is loaded, not when served.
        var root = [UInt8](try Data(contentsOf: Self.runs))
        Self.put(1 << 63, at: 16, in: &root)
        let rootPath = folder.appendingPathComponent("root.pmtiles").path
        try Data(root).write(to: URL(fileURLWithPath: rootPath))
        #expect(throws: CatalogError.self) { try ServerCatalog.load(inputs: [rootPath]) }

        let catalog = try ServerCatalog.load(inputs: ["tile", "leaf", "inleaf"].map { folder.appendingPathComponent("\($0).pmtiles").path })
        var options = TestServer.options()
        options.port = 0
        options.renderThreads = 2
        let server = MercatorServer(catalog: catalog, options: options)
        try await server.application(logger: TestServer.quiet).test(.live) { client in
            for name in ["tile", "leaf", "inleaf", "tile"] {
                let response = try await client.execute(uri: "/data/\(name)/0/0/0.pbf", method: .get)
                #expect(response.status.code == 500, "\(name): \(response.status)")
            }
            let list = try await client.execute(uri: "/data.json", method: .get)
            #expect(list.status == .ok, "the server still answers")
        }
    }

    @Test("pyramid merge's reader refuses lying lengths, offsets, runs and leaf loops with an error naming the file")
    func mergeReader() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-hostile-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let loop = Self.directory([(0, 0, 8, 0)])
        let archives: [(String, Data)] = [
            ("tile-length", try Self.archive(root: [(0, 0, 1 << 63, 1)], leaf: [])),
            ("tile-offset", try Self.archive(root: [(0, .max - 1, 10, 1)], leaf: [])),
            ("run-length", try Self.archive(root: [(0, 0, 10, .max)], leaf: [])),
            ("run-past-ids", try Self.archive(root: [(.max - 2, 0, 10, 5)], leaf: [])),
            ("leaf-length", try Self.archive(root: [(0, 0, 1 << 63, 0)], leaf: [(0, 0, 10, 1)])),
            ("leaf-loop", try Self.archive(root: [(0, 0, UInt64(loop.count), 0)], leaf: [(0, 0, UInt64(loop.count), 0)])),
        ]
        for (name, data) in archives {
            let path = folder.appendingPathComponent("\(name).pmtiles").path
            try data.write(to: URL(fileURLWithPath: path))
            #expect(throws: (any Error).self, "\(name)") { try PMTilesWriter.read(path: path) }
        }
        var root = [UInt8](try Data(contentsOf: Self.runs))
        Self.put(1 << 63, at: 16, in: &root)
        let path = folder.appendingPathComponent("root.pmtiles").path
        try Data(root).write(to: URL(fileURLWithPath: path))
        #expect(throws: PyramidError.self) { try PMTilesWriter.read(path: path) }
        #expect(try PMTilesWriter.read(path: Self.runs.path).tiles.count > 10)
    }
}
