import GeoJSON
import MercatorTestSupport
import Testing
@testable import Tiling

/// ``GeoJSONTileIndex/features(atZoom:in:)``: what a renderer draws of an index at one zoom.
@Suite struct ZoomFeaturesTests {
    static let states: [GeoJSONFeature] = (try? TestSupport.sharedFeatures("geojsonvt_us-states.geojson")) ?? []

    static func pointCount(_ g: Geometry?) -> Int {
        switch g {
        case .point?: return 1
        case .multiPoint(let l)?, .lineString(let l)?: return l.count
        case .multiLineString(let ls)?, .polygon(let ls)?: return ls.reduce(0) { $0 + $1.count }
        case .multiPolygon(let ps)?: return ps.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
        case .geometryCollection(let c)?: return c.geometries.reduce(0) { $0 + pointCount($1) }
        case nil: return 0
        }
    }

    @Test(.needsShared) func simplifiesLessAtEachDeeperZoomAndNotAtMaxZoom() throws {
        #expect(Self.states.count == 52)
        let index = try GeoJSONTileIndex(features: Self.states, options: ShapeSourceOptions().tileOptions)
        let original = Self.states.reduce(0) { $0 + Self.pointCount($1.geometry) }
        var previous = 0
        for z in [0, 2, 4, 6, 8] {
            let drawn = index.features(atZoom: z).reduce(0) { $0 + Self.pointCount($1.geometry ?? Self.states[$1.index].geometry) }
            #expect(drawn > previous, "z\(z)")
            #expect(drawn < original, "z\(z)")
            previous = drawn
        }
        // z0 keeps a small fraction of the points.
        let z0 = index.features(atZoom: 0).reduce(0) { $0 + Self.pointCount($1.geometry ?? Self.states[$1.index].geometry) }
        #expect(z0 * 3 < original)
        // At maxzoom (18) nothing is simplified: every feature is drawn as it is.
        let full = index.features(atZoom: 18)
        #expect(full.count == 52)
        #expect(full.allSatisfy { $0.geometry == nil })
        #expect(full.map(\.index) == Array(0..<52))
    }

    @Test func simplifiedPointsAreInputPointsAndRingsStayClosed() throws {
        let index = try GeoJSONTileIndex(features: Self.states, options: ShapeSourceOptions().tileOptions)
        for f in index.features(atZoom: 3) {
            guard case .multiPolygon(let polygons)? = f.geometry ?? Self.states[f.index].geometry,
                  case .multiPolygon(let input)? = Self.states[f.index].geometry else { continue }
            var inputPoints = Set<[Double]>()
            for p in input { for r in p { for q in r { inputPoints.insert([q.longitude, q.latitude]) } } }
            for p in polygons {
                for ring in p {
                    #expect(ring.first == ring.last)
                    for q in ring {
                        #expect(inputPoints.contains { abs($0[0] - q.longitude) < 1e-9 && abs($0[1] - q.latitude) < 1e-9 })
                    }
                }
            }
        }
    }

    @Test func culledToBoundsAcrossWorldCopies() throws {
        let features = try TestSupport.features(#"""
        {"type":"FeatureCollection","features":[
          {"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[179.5,0]}},
          {"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[0,0],[10,10]]}},
          {"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[-90,60]}}
        ]}
        """#)
        let index = try GeoJSONTileIndex(features: features, options: ShapeSourceOptions().tileOptions)
        // x 0.95...1.05 spans the antimeridian: only the point at 179.5°.
        let across = index.features(atZoom: 3, in: WorldBounds(minX: 0.99, minY: 0.4, maxX: 1.05, maxY: 0.6))
        #expect(across.map(\.index) == [0])
        // The same box one world to the west.
        #expect(index.features(atZoom: 3, in: WorldBounds(minX: -0.01, minY: 0.4, maxX: 0.05, maxY: 0.6)).map(\.index) == [0])
        // The line's box, not the northern point.
        #expect(index.features(atZoom: 3, in: WorldBounds(minX: 0.5, minY: 0.45, maxX: 0.53, maxY: 0.5)).map(\.index) == [1])
        // A box a world wide holds everything in its latitudes.
        #expect(index.features(atZoom: 3, in: WorldBounds(minX: 3, minY: 0, maxX: 4, maxY: 0.5)).map(\.index) == [0, 1, 2])
    }

    @Test func tinyPolygonsVanishAtLowZoomsWithTheirHoles() throws {
        let features = try TestSupport.features(#"""
        {"type":"Feature","properties":{},"geometry":{"type":"MultiPolygon","coordinates":[
          [[[0,0],[0.0001,0],[0.0001,0.0001],[0,0.0001],[0,0]]],
          [[[10,10],[20,10],[20,20],[10,20],[10,10]],[[12,12],[13,12],[13,13],[12,13],[12,12]]]
        ]}}
        """#)
        let index = try GeoJSONTileIndex(features: features, options: ShapeSourceOptions().tileOptions)
        let z0 = try #require(index.features(atZoom: 0).first)
        guard case .multiPolygon(let polygons)? = z0.geometry, polygons.count == 1, let rings = polygons.first else {
            Issue.record("expected the large polygon alone, found \(String(describing: z0.geometry))")
            return
        }
        #expect(rings[0].count == 5)
        // at z0 the hole (1° wide) is still larger than the tolerance
        #expect(rings.count == 2)
        #expect(index.features(atZoom: 18).first?.geometry == nil)
    }
}
