import Foundation
import GRDB
import Geo
import Testing
@testable import TileSources
import Tiling

@Suite("MBTiles databases")
struct MBTilesTests {
    /// An MBTiles 1.3 file with three tiles (rows in TMS order) and metadata.
    static func makeDatabase() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-\(UUID().uuidString).mbtiles").path
        let db = try DatabaseQueue(path: path)
        try db.write { db in
            try db.execute(sql: "CREATE TABLE metadata (name TEXT, value TEXT)")
            try db.execute(sql: "CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)")
            for (name, value) in [("name", "test"), ("format", "pbf"), ("minzoom", "0"), ("maxzoom", "3"),
                                  ("bounds", "-180,-85,180,85"), ("center", "0,0,2"), ("attribution", "synthetic"),
                                  ("json", #"{"vector_layers":[{"id":"roads","fields":{"class":"String"}}]}"#)] {
                try db.execute(sql: "INSERT INTO metadata VALUES (?, ?)", arguments: [name, value])
            }
            // XYZ 2/1/0 is TMS row 3; 2/1/3 is TMS row 0.
            for (z, x, tmsRow, text) in [(0, 0, 0, "world"), (2, 1, 3, "north"), (2, 1, 0, "south")] {
                try db.execute(sql: "INSERT INTO tiles VALUES (?, ?, ?, ?)", arguments: [z, x, tmsRow, Data(text.utf8)])
            }
        }
        return path
    }

    @Test("tiles are found by XYZ id with the TMS row flipped; metadata becomes TileJSON")
    func reads() throws {
        let path = try Self.makeDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try MBTilesStore(path: path)
        #expect(try store.tileData(TileID(z: 0, x: 0, y: 0)) == Data("world".utf8))
        #expect(try store.tileData(TileID(z: 2, x: 1, y: 0)) == Data("north".utf8))
        #expect(try store.tileData(TileID(z: 2, x: 1, y: 3)) == Data("south".utf8))
        #expect(try store.tileData(TileID(z: 2, x: 2, y: 2)) == nil)
        let tileJSON = try #require(store.tileJSON)
        #expect(tileJSON.maxZoom == 3)
        #expect(tileJSON.attribution == "synthetic")
        #expect(tileJSON.vectorLayers.map(\.id) == ["roads"])
    }

    @Test("missing files, other files and databases without tiles are refused by name")
    func refuses() throws {
        #expect(throws: TileStoreError.self) { try MBTilesStore(path: "/nonexistent/x.mbtiles") }
        let text = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-\(UUID().uuidString).mbtiles").path
        try Data("not a database, just text".utf8).write(to: URL(fileURLWithPath: text))
        defer { try? FileManager.default.removeItem(atPath: text) }
        #expect { try MBTilesStore(path: text) } throws: { ($0 as? TileStoreError)?.description.contains("cannot open as MBTiles") == true }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-\(UUID().uuidString).mbtiles").path
        try DatabaseQueue(path: empty).write { try $0.execute(sql: "CREATE TABLE other (a)") }
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect { try MBTilesStore(path: empty) } throws: { ($0 as? TileStoreError)?.description.contains("no \"tiles\" table") == true }
    }
}
