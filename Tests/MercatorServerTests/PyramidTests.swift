import Foundation
import Mercator
import Testing
import TileSources
@testable import MercatorServer

/// Pyramid plans, shards, the PMTiles writer, resuming, and merging shards into the unsharded archive.
@Suite struct PyramidTests {
    static let plan = PyramidPlan(bounds: (-10, 35, 30, 60), zooms: 0...4)

    static var style: ServedStyle { TestServer.catalog.style("cities")! }

    static func temporary(_ name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-pyramid-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        for p in [path, PyramidArchive.journalPath(path)] { try? FileManager.default.removeItem(atPath: p) }
        return path
    }

    @Test func shardsAreContiguousBalancedAndCoverEveryTile() {
        let all = Self.plan.allTiles()
        #expect(all.map(\.id) == all.map(\.id).sorted())
        #expect(Set(all.map(\.id)).count == all.count)
        for n in [1, 2, 3, 7] {
            var joined: [UInt64] = []
            var sizes: [Int] = []
            for k in 0..<n {
                var p = Self.plan
                p.shard = k
                p.shardCount = n
                let part = p.tiles().map(\.id)
                sizes.append(part.count)
                joined += part
            }
            #expect(joined == all.map(\.id))
            #expect(sizes.max()! - sizes.min()! <= 1)
        }
    }

    @Test func tileIDsRoundTrip() throws {
        for z in 0...6 {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    let id = PMTilesTileID.id(z: z, x: x, y: y)!
                    #expect(try PyramidArchive.tile(of: id) == TileID(z: z, x: x, y: y))
                }
            }
        }
    }

    @Test func writtenPMTilesReadBackThroughTheStoreWithLeafDirectories() throws {
        var tiles: [UInt64: Data] = [:]
        var expected: [(TileID, Data)] = []
        for x in 0..<128 {
            for y in 0..<128 {  // 16384 distinct tiles and a run of repeats: more than a root directory holds
                let data = y < 100 ? Data("\(x)/\(y)".utf8) : Data("same".utf8)
                tiles[PMTilesTileID.id(z: 7, x: x, y: y)!] = data
                expected.append((TileID(z: 7, x: x, y: y), data))
            }
        }
        let writer = PMTilesWriter(tileType: 2, tileCompression: 1, minZoom: 7, maxZoom: 7, bounds: (-180, -85, 180, 85), metadata: "{}")
        let bytes = writer.archive(tiles)
        #expect(bytes == writer.archive(tiles))  // deterministic
        let path = Self.temporary("leaves.pmtiles")
        try bytes.write(to: URL(fileURLWithPath: path))
        let store = try PMTilesStore(path: path)
        #expect(!store.header.leafDirectories.isEmpty)
        for (tile, data) in expected.filter({ $0.0.x % 9 == 0 }) { #expect(try store.tileData(tile) == data) }
        #expect(try store.tileData(TileID(z: 6, x: 0, y: 0)) == nil)
        #expect(try PMTilesWriter.read(path: path).tiles == tiles)
    }

    /// Renders `plan` into `path` from scratch.
    static func render(_ plan: PyramidPlan, to path: String) throws {
        let archive = try PyramidArchive(path: path, plan: plan, name: "cities")
        _ = try PyramidRenderer(style: style, plan: plan, threads: 2).run(into: archive)
        try archive.finish()
    }

    @Test(arguments: ["pmtiles", "mbtiles"])
    func shardsMergeIntoTheUnshardedArchive(_ ext: String) throws {
        let whole = Self.temporary("whole.\(ext)")
        try Self.render(Self.plan, to: whole)
        var parts: [String] = []
        for k in 0..<3 {
            var p = Self.plan
            p.shard = k
            p.shardCount = 3
            let path = Self.temporary("part\(k).\(ext)")
            try Self.render(p, to: path)
            parts.append(path)
        }
        let merged = Self.temporary("merged.\(ext)")
        let (plan, name) = try PyramidMerge.planOfParts(parts)
        let archive = try PyramidArchive(path: merged, plan: plan, name: name)
        try archive.addAll(try PyramidMerge.tiles(of: parts))
        try archive.finish()
        let a = try PyramidArchive.readTiles(whole), b = try PyramidArchive.readTiles(merged)
        #expect(a.count == Self.plan.allTiles().count)
        #expect(a.map(\.id) == b.map(\.id))
        #expect(a.map(\.data) == b.map(\.data))
        if ext == "pmtiles" {
            #expect(try Data(contentsOf: URL(fileURLWithPath: whole)) == Data(contentsOf: URL(fileURLWithPath: merged)))
        }
    }

    @Test(arguments: ["pmtiles", "mbtiles"])
    func aRunResumedAfterACrashGivesTheSameArchive(_ ext: String) throws {
        let whole = Self.temporary("once.\(ext)")
        try Self.render(Self.plan, to: whole)
        // A crashed run: a few blocks written, the archive never finished, a torn record at the end.
        let resumed = Self.temporary("resumed.\(ext)")
        do {
            let archive = try PyramidArchive(path: resumed, plan: Self.plan, name: "cities")
            let renderer = PyramidRenderer(style: Self.style, plan: Self.plan, threads: 1)
            let first = Self.plan.tiles().prefix(6).map(\.tile)
            for tile in first { try archive.add(try renderer.render(renderer.block(of: tile), maps: MapPool()).filter { $0.tile == tile }) }
        }
        if ext == "pmtiles" {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: PyramidArchive.journalPath(resumed)))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data([1, 2, 3, 4, 5, 6, 7, 8, 200, 0, 0, 0, 9]))
            try handle.close()
        }
        let archive = try PyramidArchive(path: resumed, plan: Self.plan, name: "cities")
        #expect(archive.done.count == 6)
        let summary = try PyramidRenderer(style: Self.style, plan: Self.plan, threads: 2).run(into: archive)
        try archive.finish()
        #expect(summary.skipped == 6)
        #expect(try PyramidArchive.readTiles(whole).map(\.data) == PyramidArchive.readTiles(resumed).map(\.data))
        if ext == "pmtiles" {
            #expect(try Data(contentsOf: URL(fileURLWithPath: whole)) == Data(contentsOf: URL(fileURLWithPath: resumed)))
            // A rerun over the finished archive renders nothing and writes the same file.
            let again = try PyramidArchive(path: resumed, plan: Self.plan, name: "cities")
            #expect(try PyramidRenderer(style: Self.style, plan: Self.plan).run(into: again).rendered == 0)
            try again.finish()
            #expect(try Data(contentsOf: URL(fileURLWithPath: whole)) == Data(contentsOf: URL(fileURLWithPath: resumed)))
        }
    }

    @Test(.enabled(if: WebPEncoder.isAvailable, "needs libwebp.so.7 (libwebp7)"))
    func webpTilesAreWebPAndShardsMergeToTheSameFile() throws {
        var plan = Self.plan
        plan.format = .webp
        plan.zooms = 0...2
        let whole = Self.temporary("whole.webp.pmtiles")
        try Self.render(plan, to: whole)
        let read = try PMTilesWriter.read(path: whole)
        #expect(read.header.tileType == .webp)
        #expect(read.tiles.values.allSatisfy { $0.prefix(4) == Data("RIFF".utf8) && $0.dropFirst(8).prefix(4) == Data("WEBP".utf8) })
        var parts: [String] = []
        for k in 0..<2 {
            var p = plan
            p.shard = k
            p.shardCount = 2
            parts.append(Self.temporary("part\(k).webp.pmtiles"))
            try Self.render(p, to: parts[k])
        }
        let merged = Self.temporary("merged.webp.pmtiles")
        let (mergedPlan, name) = try PyramidMerge.planOfParts(parts)
        let archive = try PyramidArchive(path: merged, plan: mergedPlan, name: name)
        try archive.addAll(try PyramidMerge.tiles(of: parts))
        try archive.finish()
        #expect(try Data(contentsOf: URL(fileURLWithPath: whole)) == Data(contentsOf: URL(fileURLWithPath: merged)))
    }

    @Test func vectorTilesHoldTheStyleGeoJSONSources() throws {
        var plan = Self.plan
        plan.format = .mvt
        plan.zooms = 0...2
        let path = Self.temporary("cities-mvt.pmtiles")
        try Self.render(plan, to: path)
        let read = try PMTilesWriter.read(path: path)
        #expect(read.header.tileType == .mvt)
        #expect(read.header.tileCompression == .gzip)
        #expect(!read.tiles.isEmpty)
        let tile = try PMTilesStore(path: path).tileData(TileID(z: 0, x: 0, y: 0))
        #expect(tile.map { $0.prefix(2) == Data([0x1f, 0x8b]) } == true)  // gzip
    }
}
