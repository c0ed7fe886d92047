import Foundation
import GeoJSON
import MercatorTestSupport
import Testing
@testable import TileSources
import Tiling

@Suite("PMTiles archives")
struct PMTilesTests {
    static func fixture(_ name: String) throws -> String {
        try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)).path
    }

    static func expected() throws -> JSONValue {
        try JSONValue(parsing: Data(contentsOf: URL(fileURLWithPath: fixture("expected.json"))))
    }

    @Test("tile ids follow the specification's Hilbert order")
    func tileIDs() {
        #expect(PMTilesTileID.id(z: 0, x: 0, y: 0) == 0)
        #expect([(0, 0), (0, 1), (1, 1), (1, 0)].map { PMTilesTileID.id(z: 1, x: $0.0, y: $0.1) } == [1, 2, 3, 4])
        #expect(PMTilesTileID.id(z: 2, x: 0, y: 0) == 5)
        #expect(PMTilesTileID.id(z: 31, x: (1 << 31) - 1, y: (1 << 31) - 1) != nil)
        #expect(PMTilesTileID.id(z: 1, x: 2, y: 0) == nil)
        #expect(PMTilesTileID.id(z: 32, x: 0, y: 0) == nil)
    }

    @Test("every sampled tile reads back as the reference writer stored it, through leaf directories and runs")
    func readsReferenceArchives() throws {
        let expected = try Self.expected()
        for name in ["leaves.pmtiles", "runs.pmtiles"] {
            let store = try PMTilesStore(path: Self.fixture(name))
            #expect(store.header.tileType == .mvt)
            let cases = try #require(expected[name]?["present"]?.array)
            for item in cases {
                let a = try #require(item.array)
                let tile = TileID(z: Int(a[0].number!), x: Int(a[1].number!), y: Int(a[2].number!))
                let data = try #require(try store.tileData(tile), "\(name) \(tile)")
                #expect(data.map { String(format: "%02x", $0) }.joined() == a[3].string, "\(name) \(tile)")
            }
            for item in expected[name]?["absent"]?.array ?? [] {
                let a = try #require(item.array)
                #expect(try store.tileData(TileID(z: Int(a[0].number!), x: Int(a[1].number!), y: Int(a[2].number!))) == nil)
            }
        }
        let leaves = try PMTilesStore(path: Self.fixture("leaves.pmtiles"))
        #expect(!leaves.header.leafDirectories.isEmpty)
        #expect(leaves.tileJSON?.vectorLayers.first?.id == "synthetic")
        #expect(leaves.tileJSON?.maxZoom == 8)
    }

    @Test("truncated and corrupted archives are refused with the offset, never a crash")
    func hostileArchives() throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.fixture("runs.pmtiles")))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-pmtiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var rng = SplitMix64(seed: 3)
        var refused = 0
        for trial in 0..<300 {
            var bytes = original
            if trial < 60 {
                bytes = bytes.prefix(Int(rng.unit() * Double(bytes.count)))
            } else {
                for _ in 0..<(1 + trial % 4) {
                    let i = Int(rng.unit() * Double(bytes.count))
                    bytes[i] ^= UInt8(1 << Int(rng.unit() * 8))
                }
            }
            let file = folder.appendingPathComponent("t\(trial).pmtiles")
            try bytes.write(to: file)
            do {
                let store = try PMTilesStore(path: file.path)
                for z in 0...5 { _ = try? store.tileData(TileID(z: z, x: 0, y: 0)) }
            } catch {
                refused += 1
                #expect(error.description.contains(file.path))
            }
        }
        #expect(refused > 60)
        #expect(throws: TileStoreError.self) { try PMTilesStore(path: folder.appendingPathComponent("missing.pmtiles").path) }
    }

    @Test("a directory that declares more entries than it can hold is refused before allocating")
    func lyingDirectory() {
        // 2^40 entries declared in six bytes.
        #expect(throws: PMTilesError.self) { try PMTilesDirectory([0x80, 0x80, 0x80, 0x80, 0x80, 0x20]) }
        #expect(throws: PMTilesError.self) { try PMTilesDirectory([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]) }
    }

    @Test("an entry whose offset plus length passes the largest offset is an error, not a trap")
    func overflowingEntry() throws {
        let entry = PMTilesEntry(tileID: 0, offset: UInt64.max - 10, length: 100, runLength: 1)
        #expect(throws: PMTilesError.self) { try PMTilesStore.section(1000, entry) }
        let fine = PMTilesEntry(tileID: 0, offset: 10, length: 100, runLength: 1)
        #expect(try PMTilesStore.section(1000, fine) == 1010..<1110)
    }
}
