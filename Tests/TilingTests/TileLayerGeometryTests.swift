import Foundation
import GeoJSON
import MercatorTestSupport
import Testing
@testable import Tiling

/// A vector tile layer's features with their geometry left in the tile (`TileLayerGeometry`) read as
/// the eagerly built GeoJSON features: same identifiers, properties and geometry, and their types
/// counted from the tile without building it.
struct TileLayerGeometryTests {
    /// Compares every layer of `data` placed at tile 14/8802/5374; returns the features compared.
    static func compare(_ data: Data, _ name: String) throws -> Int {
        let tile = try VectorTile(data: data)
        var compared = 0
        for l in 0..<tile.layerCount {
            let columns = try tile.columns(at: l)
            let layer = TileLayerGeometry(columns: columns, x: 8802, y: 5374, z: 14)
            let deferred = layer.features(), eager = columns.geoJSONFeatures(x: 8802, y: 5374, z: 14)
            #expect(deferred.count == eager.count, "\(name) \(columns.name)")
            for (d, e) in zip(deferred, eager) {
                #expect(d == e, "\(name) \(columns.name)")
                let (source, index) = try #require(d.deferredGeometry)
                #expect(source === layer)
                #expect(d.geometryType == e.geometry?.type, "\(name) \(columns.name) #\(index)")
                let basic: GeometryType? = switch e.geometry?.type {
                case .multiPoint?: .point
                case .multiLineString?: .lineString
                case .multiPolygon?: .polygon
                case let t: t
                }
                #expect(layer.basicGeometryType(at: index) == basic)
                let feature = columns[index]
                if feature.type == .polygon {
                    #expect(feature.classifiedRings() == feature.flatGeometry.classifyRings(), "\(name) \(columns.name) #\(index)")
                    #expect(feature.polygonCount == feature.flatGeometry.classifyRings().count)
                }
                compared += 1
            }
        }
        return compared
    }

    @Test(.needsShared) func everySuiteTileReadsAsItsGeoJSONFeatures() throws {
        let tiles = VectorTileTestSupport.conformanceTiles()
        var compared = 0
        for (name, url) in tiles {
            let data = try Data(contentsOf: url)
            guard VectorTileTestSupport.looksLikeMVT(data) else { continue }
            compared += try Self.compare(data, name)
        }
        if !tiles.isEmpty { #expect(compared > 1000) }
    }

    /// Rings classified as vector-tile-js does: the first ring sets the exterior winding, zero-area
    /// rings are dropped, a new polygon starts at every ring of the exterior's winding.
    @Test func ringsAreClassifiedFromTheColumns() throws {
        var layer = PolygonLayerWriter()
        // exterior, hole, zero-area ring (dropped), exterior, hole
        layer.addPolygon([[(0, 0), (0, 10), (10, 10), (10, 0)],
                          [(0, 0), (10, 0), (10, 10), (0, 10)],
                          [(0, 0), (5, 0), (10, 0)],
                          [(2, 2), (2, 4), (4, 4), (4, 2)],
                          [(20, 20), (30, 20), (30, 30), (20, 30)]])
        let tile = try VectorTile(data: layer.tileData())
        let columns = try tile.columns(at: 0)
        let feature = columns[0]
        #expect(feature.classifiedRings() == feature.flatGeometry.classifyRings())
        #expect(feature.classifiedRings() == [[0, 1], [3, 4]])
        #expect(feature.polygonCount == 2)
        let geometry = TileLayerGeometry(columns: columns, x: 0, y: 0, z: 0)
        #expect(geometry.geometryType(at: 0) == .multiPolygon)
        #expect(geometry.basicGeometryType(at: 0) == .polygon)
        #expect(geometry.geometry(at: 0)?.type == .multiPolygon)
    }

    /// Changing a deferred feature's geometry builds it first; copies stay as they were.
    @Test func changingADeferredGeometryBuildsIt() throws {
        var layer = PolygonLayerWriter()
        layer.addPolygon([[(0, 0), (4096, 0), (4096, 4096), (0, 4096)]])
        let columns = try VectorTile(data: layer.tileData()).columns(at: 0)
        let original = TileLayerGeometry(columns: columns, x: 1, y: 1, z: 1).features()[0]
        var changed = original
        #expect(changed.deferredGeometry != nil)
        changed.geometry = .point(Position(longitude: 1, latitude: 2))
        #expect(changed.deferredGeometry == nil)
        #expect(changed.geometry == .point(Position(longitude: 1, latitude: 2)))
        #expect(original.deferredGeometry != nil && original.geometry?.type == .polygon)
        var renamed = original
        renamed.identifier = .string("a")
        #expect(renamed.deferredGeometry != nil && renamed.geometry == original.geometry)
    }
}

/// A one-layer Mapbox Vector Tile of polygon features (extent 4096), each ring closed with ClosePath.
struct PolygonLayerWriter {
    private var features: [ContiguousArray<UInt8>] = []

    mutating func addPolygon(_ rings: [[(Int64, Int64)]]) {
        var geometry = ProtobufWriter()
        var cursor: (Int64, Int64) = (0, 0)
        for ring in rings {
            for (k, p) in ring.enumerated() {
                if k == 0 { geometry.varint(UInt64(1 | 1 << 3)) }
                if k == 1 { geometry.varint(UInt64(2 | (ring.count - 1) << 3)) }
                geometry.varint(zigzagEncode(p.0 - cursor.0))
                geometry.varint(zigzagEncode(p.1 - cursor.1))
                cursor = p
            }
            geometry.varint(UInt64(7 | 1 << 3))
        }
        var feature = ProtobufWriter()
        feature.varintField(3, 3)
        feature.bytesField(4, geometry.bytes)
        features.append(feature.bytes)
    }

    func tileData() -> Data {
        var layer = ProtobufWriter()
        layer.varintField(15, 2)
        layer.stringField(1, "shapes")
        for f in features { layer.bytesField(2, f) }
        layer.varintField(5, 4096)
        var tile = ProtobufWriter()
        tile.bytesField(3, layer.bytes)
        return Data(tile.bytes)
    }
}

/// A MapLibre tile's layers reach the renderer in tile coordinates as an MVT layer's do
/// (`MapLibreTileLayer.tileFeatures`): the same identifiers, properties and longitude/latitude
/// geometry as the eagerly built features, polygons grouped as the tile groups them.
struct MapLibreTileLayerGeometryTests {
    @Test(.needsShared) func everyMLTFixtureReadsAsItsGeoJSONFeatures() throws {
        let root = try #require(SharedFixtures.url("conformance/render-tests/tiles"))
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".mlt") }.sorted()
        #expect(!names.isEmpty)
        var compared = 0
        for name in names {
            let tile = try MapLibreTile(data: Data(contentsOf: root.appendingPathComponent(name)))
            for layer in tile.layers {
                let deferred = layer.tileFeatures(x: 8802, y: 5374, z: 14), eager = layer.geoJSONFeatures(x: 8802, y: 5374, z: 14)
                #expect(deferred.count == eager.count, "\(name) \(layer.name)")
                for (d, e) in zip(deferred, eager) {
                    #expect(d == e, "\(name) \(layer.name)")
                    let (source, index) = try #require(d.deferredGeometry)
                    let geometry = try #require(source as? TileLayerGeometry)
                    #expect(d.geometryType == e.geometry?.type, "\(name) \(layer.name) #\(index)")
                    let basic: GeometryType? = switch e.geometry?.type {
                    case .multiPoint?: .point
                    case .multiLineString?: .lineString
                    case .multiPolygon?: .polygon
                    case let t: t
                    }
                    #expect(geometry.basicGeometryType(at: index) == basic)
                    compared += 1
                }
            }
        }
        #expect(compared > 1000)
    }

    /// Polygons keep the tile's grouping, whatever their winding: two exteriors wound the same way
    /// stay one polygon when the tile says so (an MVT layer would split them).
    @Test func polygonsAreGroupedAsTheTileSays() throws {
        var square = VectorTileGeometry()
        for p: (Int32, Int32) in [(0, 0), (10, 0), (10, 10), (0, 10), (0, 0), (20, 20), (30, 20), (30, 30), (20, 30), (20, 20)] {
            square.coordinates.append(p.0)
            square.coordinates.append(p.1)
        }
        square.ringOffsets = [0, 5, 10]
        let storage = ColumnStorage(name: "shapes", extent: 4096, features: [(id: 7, rawType: 3, geometry: square), (id: nil, rawType: 3, geometry: square)])
        let layer = TileLayerGeometry(columns: VectorTileColumns(storage: storage), x: 0, y: 0, z: 0,
                                      polygonRings: (starts: [0, 1, 3], ringCounts: [2, 1, 1]))
        #expect(layer.polygons(at: 0) == [[0, 1]])
        #expect(layer.polygons(at: 1) == [[0], [1]])
        #expect(layer.geometryType(at: 0) == .polygon)
        #expect(layer.geometryType(at: 1) == .multiPolygon)
        #expect(layer.columns[0].id == 7 && layer.columns[1].id == nil)
        #expect(layer.columns[1].rings.count == 2 && layer.columns[1].rings[1][2] == TilePoint(x: 30, y: 30))
        #expect(layer.columns[0].classifiedRings() == [[0], [1]])
    }
}
