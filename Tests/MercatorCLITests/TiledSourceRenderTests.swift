import Foundation
import GRDB
import MercatorTestSupport
import Testing
import TileSources

/// `mercator render style.json` with a vector source read from a folder of tiles, an MBTiles database
/// or a PMTiles archive, by absolute URL or relative to the style's folder: the same picture each time.
@Suite("mercator render with local tile archives")
struct TiledSourceRenderTests {
    /// Four z14 Mapbox Streets tiles from the render suite around one corner, as (z, x, y, bytes).
    static func tiles() throws -> [(z: Int, x: Int, y: Int, data: Data)] {
        let folder = try #require(SharedFixtures.url("conformance/render-tests/tiles"))
        return try [(8802, 5374), (8802, 5375), (8803, 5374), (8803, 5375)].map { x, y in
            (14, x, y, try Data(contentsOf: folder.appendingPathComponent("14-\(x)-\(y).mvt")))
        }
    }

    /// An MBTiles 1.3 database (TMS rows) holding `tiles`.
    static func writeMBTiles(_ tiles: [(z: Int, x: Int, y: Int, data: Data)], to url: URL) throws {
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE metadata (name TEXT, value TEXT)")
            try db.execute(sql: "CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)")
            for (name, value) in [("name", "streets"), ("format", "pbf"), ("minzoom", "14"), ("maxzoom", "14")] {
                try db.execute(sql: "INSERT INTO metadata VALUES (?, ?)", arguments: [name, value])
            }
            for t in tiles {
                try db.execute(sql: "INSERT INTO tiles VALUES (?, ?, ?, ?)", arguments: [t.z, t.x, (1 << t.z) - 1 - t.y, t.data])
            }
        }
    }

    /// A PMTiles v3 archive (uncompressed root directory, no metadata) holding `tiles`.
    static func writePMTiles(_ tiles: [(z: Int, x: Int, y: Int, data: Data)], to url: URL) throws {
        let sorted = tiles.map { (id: PMTilesTileID.id(z: $0.z, x: $0.x, y: $0.y)!, data: $0.data) }.sorted { $0.id < $1.id }
        var directory = [UInt8]()
        func varint(_ value: UInt64) {
            var v = value
            while v >= 0x80 { directory.append(UInt8(v & 0x7f) | 0x80); v >>= 7 }
            directory.append(UInt8(v))
        }
        varint(UInt64(sorted.count))
        var last: UInt64 = 0
        for t in sorted { varint(t.id - last); last = t.id }
        for _ in sorted { varint(1) }
        for t in sorted { varint(UInt64(t.data.count)) }
        for (i, _) in sorted.enumerated() { varint(i == 0 ? 1 : 0) }  // offset 0, then each right after the previous
        let tileData = sorted.reduce(into: Data()) { $0.append($1.data) }
        var header = [UInt8](repeating: 0, count: 127)
        header.replaceSubrange(0..<7, with: Array("PMTiles".utf8))
        header[7] = 3
        func put(_ value: UInt64, at offset: Int) { for i in 0..<8 { header[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(i))) } }
        func put32(_ value: Int32, at offset: Int) { for i in 0..<4 { header[offset + i] = UInt8(truncatingIfNeeded: UInt32(bitPattern: value) >> (8 * UInt32(i))) } }
        put(127, at: 8); put(UInt64(directory.count), at: 16)                       // root directory
        put(127 + UInt64(directory.count), at: 24)                                 // metadata (empty)
        put(127 + UInt64(directory.count), at: 40)                                 // leaf directories (none)
        put(127 + UInt64(directory.count), at: 56); put(UInt64(tileData.count), at: 64)
        put(UInt64(sorted.count), at: 72); put(UInt64(sorted.count), at: 80); put(UInt64(sorted.count), at: 88)
        header[96] = 1; header[97] = 1; header[98] = 1; header[99] = 1              // clustered, no compression, MVT
        header[100] = 14; header[101] = 14
        put32(-1_800_000_000, at: 102); put32(-850_000_000, at: 106); put32(1_800_000_000, at: 110); put32(850_000_000, at: 114)
        var archive = Data(header)
        archive.append(contentsOf: directory)
        archive.append(tileData)
        try archive.write(to: url)
    }

    static func style(_ source: String) -> String {
        #"""
        {"version": 8, "center": [13.4318, 52.4974], "zoom": 14,
         "sources": {"streets": {"type": "vector", \#(source), "minzoom": 14, "maxzoom": 14}},
         "layers": [
          {"id": "bg", "type": "background", "paint": {"background-color": "#f2efe9"}},
          {"id": "landuse", "type": "fill", "source": "streets", "source-layer": "landuse", "paint": {"fill-color": "#cde6b8"}},
          {"id": "water", "type": "fill", "source": "streets", "source-layer": "water", "paint": {"fill-color": "#a0c8f0"}},
          {"id": "building", "type": "fill", "source": "streets", "source-layer": "building", "paint": {"fill-color": "#d9d0c9", "fill-outline-color": "#bfb3a8"}},
          {"id": "road", "type": "line", "source": "streets", "source-layer": "road",
           "paint": {"line-color": "#ffffff", "line-width": ["match", ["get", "class"], ["main", "street"], 3, 1.5]}}
         ]}
        """#
    }

    @Test("file:// templates, mbtiles:// and pmtiles:// URLs, absolute or relative, render the same picture", .needsShared)
    func samePicture() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-cli-tiles-\(UUID().uuidString)")
        let tileFolder = folder.appendingPathComponent("tiles")
        try FileManager.default.createDirectory(at: tileFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tiles = try Self.tiles()
        for t in tiles { try t.data.write(to: tileFolder.appendingPathComponent("\(t.z)-\(t.x)-\(t.y).mvt")) }
        try Self.writeMBTiles(tiles, to: folder.appendingPathComponent("streets.mbtiles"))
        try Self.writePMTiles(tiles, to: folder.appendingPathComponent("streets.pmtiles"))

        let sources = [
            "file-absolute": #""tiles": ["file://\#(tileFolder.path)/{z}-{x}-{y}.mvt"]"#,
            "file-relative": #""tiles": ["tiles/{z}-{x}-{y}.mvt"]"#,
            "mbtiles-absolute": #""url": "mbtiles://\#(folder.path)/streets.mbtiles""#,
            "mbtiles-relative": #""url": "mbtiles://streets.mbtiles""#,
            "pmtiles-absolute": #""url": "pmtiles://\#(folder.path)/streets.pmtiles""#,
            "pmtiles-relative": #""url": "pmtiles://streets.pmtiles""#,
        ]
        var pictures: [String: Data] = [:]
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            let style = folder.appendingPathComponent("\(name).json"), png = folder.appendingPathComponent("\(name).png")
            try Data(Self.style(source).utf8).write(to: style)
            let run = try CLIRunner.run(["render", style.path, "-o", png.path, "--size", "256x256"])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            pictures[name] = try? Data(contentsOf: png)
        }
        // The background alone, to prove the tiles drew something.
        let empty = folder.appendingPathComponent("empty.json"), emptyPNG = folder.appendingPathComponent("empty.png")
        try Data(Self.style(#""tiles": ["tiles/none/{z}-{x}-{y}.mvt"]"#).utf8).write(to: empty)
        #expect(try CLIRunner.run(["render", empty.path, "-o", emptyPNG.path, "--size", "256x256"]).status == 0)
        let reference = try #require(pictures["file-absolute"])
        #expect(reference != (try? Data(contentsOf: emptyPNG)), "the tiles drew nothing")
        for (name, picture) in pictures { #expect(picture == reference, "\(name) differs from file-absolute") }
        #expect(pictures.count == sources.count)
    }
}
