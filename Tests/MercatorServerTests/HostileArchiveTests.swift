import Foundation
import Hummingbird
import HummingbirdTesting
import Mercator
import MercatorTestSupport
@testable import MercatorServer
import Testing
import TileSources

/// `mercator serve` on PMTiles archives whose entries claim 2^63-byte lengths (issue 39): one GET used to
/// kill the process (SIGILL in `Range<UInt64>.count`). Now the tile is an error status and the server lives.
@Suite("Hostile archives served")
struct HostileArchiveTests {
    static let runs = TestServer.repository.appendingPathComponent("Tests/TileSourcesTests/Fixtures/runs.pmtiles")

    /// runs.pmtiles's header and tile data around crafted `root` and `leaf` directories.
    static func archive(root: [CraftedPMTiles.Entry], leaf: [CraftedPMTiles.Entry]) throws -> Data {
        let fixture = try Data(contentsOf: runs)
        return CraftedPMTiles.archive(header: fixture, root: root, leaf: leaf, tiles: fixture.subdata(in: 494..<fixture.count))
    }

    @Test("a GET of a tile whose entry claims 2^63 bytes is an error status, and the server keeps serving")
    func lyingTileEntries() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-hostile-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tile = try Self.archive(root: [(0, 0, 1 << 63, 1)], leaf: [])
        let leafEntry = CraftedPMTiles.directory([(0, 0, 1 << 63, 1)])
        let leaf = try Self.archive(root: [(0, 0, 1 << 63, 0)], leaf: [(0, 0, 10, 1)])
        let inLeaf = try Self.archive(root: [(0, 0, UInt64(leafEntry.count), 0)], leaf: [(0, 0, 1 << 63, 1)])
        for (name, data) in [("tile", tile), ("leaf", leaf), ("inleaf", inLeaf)] {
            try data.write(to: folder.appendingPathComponent("\(name).pmtiles"))
        }
        // A root directory claiming 2^63 bytes: refused when the catalog is loaded, not when served.
        let root = CraftedPMTiles.patched(try Data(contentsOf: Self.runs), at: 16, 1 << 63)
        let rootPath = folder.appendingPathComponent("root.pmtiles").path
        try root.write(to: URL(fileURLWithPath: rootPath))
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
        let loop = CraftedPMTiles.directory([(0, 0, 8, 0)])
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
        let root = CraftedPMTiles.patched(try Data(contentsOf: Self.runs), at: 16, 1 << 63)
        let path = folder.appendingPathComponent("root.pmtiles").path
        try root.write(to: URL(fileURLWithPath: path))
        #expect(throws: PyramidError.self) { try PMTilesWriter.read(path: path) }
        #expect(try PMTilesWriter.read(path: Self.runs.path).tiles.count > 10)
    }
}
