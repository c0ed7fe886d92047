import Foundation
import GRDB
import Mercator
import MercatorTestSupport
@testable import OfflineStorage
import Testing
import TileSources
import Tiling

/// Packs whose area is a GeoJSON geometry (MapLibre's `OfflineGeometryRegionDefinition`): the tiles
/// stored are the geometry's cover (`GeometryTileCover`, tested in TilingTests).
@Suite("Offline packs over a geometry")
struct PackGeometryTests {
    @Test("a pack over a geometry stores the tiles the geometry touches, fewer than its bounding box's", .needsShared)
    func packFromGeometry() async throws {
        let server = try PackServer()
        defer { server.stop() }
        // a line across the Berlin fixture tiles, south-west to north-east, z12–14
        let line: JSONValue = ["type": "LineString", "coordinates": [[13.401, 52.491], [13.439, 52.509]]]
        var definition = berlinDefinition(base: server.base)
        definition.area = .geometry(line)
        let geometry = try #require(definition.geometry)
        let database = try OfflineDatabase(path: temporaryDatabasePath())
        let region = try database.createRegion(definition, metadata: Data())
        let status = try await quickDownload(database).run(region)
        #expect(status.isComplete)

        let expected = Set((12...14).flatMap { z in GeometryTileCover.tiles(of: geometry, zoom: z).map { [$0.z, $0.x, $0.y] } })
        let stored = try await database.queue.read { db in
            try Row.fetchAll(db, sql: "SELECT z, x, y FROM tiles JOIN region_tiles ON tile_id = tiles.id WHERE region_id = ?", arguments: [region.id])
                .map { [$0[0], $0[1], $0[2]] as [Int] }
        }
        #expect(Set(stored) == expected)
        #expect(stored.count == expected.count)
        #expect(status.completedTileCount == expected.count)

        // the box of the same line: a superset
        let box = OfflineResources.tiles(.init(identifier: "maplibre", template: server.base + "/tiles/{z}-{x}-{y}.mvt", scheme: .xyz,
                                               minimumZoom: 0, maximumZoom: 14, tileSize: 512, raster: false, bounds: (-180, -90, 180, 90)),
                                         definition: { var d = definition; d.area = .bounds(west: 13.401, south: 52.491, east: 13.439, north: 52.509); return d }())
        let boxTiles = Set(box.map { [$0.id.z, $0.id.x, $0.id.y] })
        #expect(expected.isSubset(of: boxTiles))
        #expect(expected.count < boxTiles.count)
    }

    @Test("a geometry that is not GeoJSON makes the definition invalid")
    func badGeometry() {
        var definition = berlinDefinition(base: "http://localhost")
        definition.area = .geometry(["type": "Polygon", "coordinates": "nope"])
        #expect(definition.problem?.hasPrefix("geometry") == true)
        #expect(definition.geometry == nil)
        definition.area = .geometry(["type": "Feature", "geometry": ["type": "Point", "coordinates": [1, 2]], "properties": .null])
        #expect(definition.problem != nil)
    }
}
