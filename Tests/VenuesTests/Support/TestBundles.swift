import Foundation
import MercatorTestSupport
import Testing
import ZIPFoundation
@testable import Venues

/// Shared bundles and in-memory zips for the tests.
enum TestBundles {
    static var harbourfront: URL {
        get throws { try #require(SharedFixtures.url("venues/harbourfront-galleria.zip")) }
    }
    static var legacyOffice: URL {
        get throws { try #require(SharedFixtures.url("venues/legacy-office")) }
    }
    static var partialTaoyuan: URL {
        get throws { try #require(SharedFixtures.url("venues/partial-export-taoyuan")) }
    }

    /// A zip held in memory with the given entries (deflated).
    static func zip(_ entries: [(String, Data)]) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, data) in entries {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return try #require(archive.data)
    }

    /// A tiny valid bundle: one floor with a room (with a hole), a wall, a kiosk and styles.
    static func tinyBundle(stylesColor: String = "#ff0000") -> [(String, Data)] {
        let manifest = #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[10.0,50.0]},"properties":{"name":"Tiny","version":"2.0.0","time":"2026-01-01T00:00:00Z"}}]}"#
        let floors = #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[9.999,49.999],[10.001,49.999],[10.001,50.001],[9.999,50.001],[9.999,49.999]]]},"properties":{"id":"m_1","name":"Ground","elevation":0,"externalId":"G"}}]}"#
        let spaces = #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[9.9995,49.9995],[10.0005,49.9995],[10.0005,50.0005],[9.9995,50.0005],[9.9995,49.9995]],[[9.9999,49.9999],[9.9999,50.0001],[10.0001,50.0001],[10.0001,49.9999],[9.9999,49.9999]]]},"properties":{"id":"s_room","externalId":"R1","details":{"name":"Room"}}},{"type":"Feature","geometry":{"type":"Point","coordinates":[10.0002,50.0002]},"properties":{"id":"s_kiosk","externalId":"K1"}}]}"#
        let obstructions = #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"LineString","coordinates":[[9.9995,49.9995],[10.0005,49.9995]]},"properties":{"id":"o_wall"}}]}"#
        let styles = ##"{"Rooms":{"color":"\##(stylesColor)","opacity":0.5,"altitude":0,"height":1,"polygons":["s_room"]},"Walls":{"color":"#333","opacity":1,"width":0.2,"lineStrings":["o_wall"]}}"##
        return [("manifest.geojson", manifest), ("floor.geojson", floors), ("space/m_1.geojson", spaces),
                ("obstruction/m_1.geojson", obstructions), ("styles.json", styles)].map { ($0.0, Data($0.1.utf8)) }
    }
}
