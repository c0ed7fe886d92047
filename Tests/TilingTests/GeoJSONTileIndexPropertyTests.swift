import Foundation
import GeoJSON
import MercatorTestSupport
import Testing
@testable import Tiling

/// Behaviour of the tiler beyond geojson-vt's fixtures: wrapping, buffer, tolerance, ids, bad input.
@Suite struct GeoJSONTileIndexPropertyTests {
    func line(_ points: [(Double, Double)]) -> Geometry { .lineString(PositionList(points.map { Position($0.0, $0.1) })) }

    @Test func lineAcrossTheAntimeridianAppearsOnBothSides() throws {
        let f = GeoJSONFeature(identifier: 7, geometry: line([(170, 10), (190, 10)]), properties: ["name": "dateline"])
        let index = try GeoJSONTileIndex(features: [f])
        let east = try #require(index.tile(z: 1, x: 1, y: 0))
        let west = try #require(index.tile(z: 1, x: 0, y: 0))
        #expect(east.count == 1 && west.count == 1)
        #expect(east[0].identifier == 7 && west[0].properties?["name"] == "dateline")
        // the eastern piece runs to the right edge (+buffer), the western piece starts left of 0
        #expect(east[0].geometry[0].last?.x == Int32(4096 + 64))
        #expect(west[0].geometry[0].first?.x == Int32(-64))
        // tile x wraps around the world
        #expect(index.tile(z: 1, x: 2, y: 0)?.features == west.features)
    }

    @Test func bufferControlsOverlap() throws {
        // a point just left of the z1 tile boundary at 0° longitude
        let p = GeoJSONFeature(geometry: .point(Position(-0.5, 10)), properties: nil)
        for (buffer, expected) in [(0, 0), (64, 1), (512, 1)] {
            let index = try GeoJSONTileIndex(features: [p], options: GeoJSONTileOptions(indexMaxZoom: 0, buffer: buffer))
            #expect((index.tile(z: 1, x: 1, y: 0)?.count ?? 0) == expected, "buffer \(buffer)")
        }
        let wide = try GeoJSONTileIndex(features: [p], options: GeoJSONTileOptions(buffer: 512))
        let x = try #require(wide.tile(z: 1, x: 1, y: 0)?[0].geometry[0][0].x)
        #expect(x < 0 && x > -512)
    }

    @Test func toleranceSimplifiesBelowMaxZoom() throws {
        var points = [Position]()
        for i in 0...400 {
            let t = Double(i) / 400
            points.append(Position(-20 + 40 * t, 10 * sin(t * 40)))
        }
        let f = GeoJSONFeature(geometry: .lineString(PositionList(points)), properties: nil)
        func vertices(_ tolerance: Double, z: Int) throws -> Int {
            let index = try GeoJSONTileIndex(features: [f], options: GeoJSONTileOptions(maxZoom: 6, tolerance: tolerance))
            let id = WebMercator.tile(containing: Position(0, 0), zoom: z)
            return try #require(index.tile(id)).simplifiedPointCount
        }
        let loose = try vertices(10, z: 0), tight = try vertices(0.5, z: 0), none = try vertices(0, z: 0)
        #expect(loose < tight && tight <= none)
        #expect(none == 401)
        // at maxZoom nothing is simplified, whatever the tolerance
        #expect(try vertices(10, z: 6) >= 2)
        let index = try GeoJSONTileIndex(features: [f], options: GeoJSONTileOptions(maxZoom: 6, tolerance: 10))
        let atMax = try #require(index.tile(WebMercator.tile(containing: Position(0, 0), zoom: 6)))
        #expect(atMax.simplifiedPointCount == atMax.pointCount)
        // beyond maxZoom there are no tiles: callers overzoom the maxZoom tile
        #expect(index.tile(WebMercator.tile(containing: Position(0, 0), zoom: 7)) == nil)
    }

    @Test func polygonWindingAndHoles() throws {
        // counter-clockwise outer ring (RFC 7946) with a clockwise hole; output: outer clockwise in tile space
        let outer = PositionList([Position(-10, -10), Position(10, -10), Position(10, 10), Position(-10, 10), Position(-10, -10)])
        let hole = PositionList([Position(-5, -5), Position(-5, 5), Position(5, 5), Position(5, -5), Position(-5, -5)])
        let index = try GeoJSONTileIndex(features: [GeoJSONFeature(geometry: .polygon([outer, hole]), properties: nil)])
        let f = try #require(index.tile(z: 0, x: 0, y: 0)?[0])
        #expect(f.type == .polygon && f.geometry.count == 2)
        #expect(Tile.signedArea(f.geometry[0]) > 0)
        #expect(Tile.signedArea(f.geometry[1]) < 0)
        let back = try #require(index.tile(z: 0, x: 0, y: 0)?.geoJSONFeatures.first?.geometry)
        if case .polygon(let rings) = back {
            #expect(rings.count == 2)
            #expect(abs(rings[0][0].longitude) > 9)
        } else {
            Issue.record("expected a polygon, got \(back.type)")
        }
    }

    @Test func identifiersPromotedAndGenerated() throws {
        let features = [
            GeoJSONFeature(identifier: "a", geometry: .point(Position(1, 1)), properties: ["code": 12]),
            GeoJSONFeature(geometry: .point(Position(2, 2)), properties: ["code": "x"]),
            GeoJSONFeature(geometry: nil, properties: ["code": 3]),
            GeoJSONFeature(geometry: .point(Position(3, 3)), properties: ["code": true]),
        ]
        let kept = try GeoJSONTileIndex(features: features)
        #expect(kept.tile(z: 0, x: 0, y: 0)?.map(\.identifier) == ["a", nil, nil])
        let promoted = try GeoJSONTileIndex(features: features, options: GeoJSONTileOptions(promoteID: "code"))
        #expect(promoted.tile(z: 0, x: 0, y: 0)?.map(\.identifier) == [12, "x", nil])
        let generated = try GeoJSONTileIndex(features: features, options: GeoJSONTileOptions(generateID: true))
        #expect(generated.tile(z: 0, x: 0, y: 0)?.map(\.identifier) == [0, 1, 3])
        #expect(throws: TilingError.self) { try GeoJSONTileIndex(features: features, options: GeoJSONTileOptions(promoteID: "code", generateID: true)) }
    }

    @Test func badInputNeverCrashes() throws {
        #expect(throws: TilingError.self) { try GeoJSONTileIndex(features: [], options: GeoJSONTileOptions(maxZoom: 25)) }
        #expect(throws: TilingError.self) { try GeoJSONTileIndex(features: [], options: GeoJSONTileOptions(tolerance: .nan)) }
        let weird: [GeoJSONFeature] = [
            GeoJSONFeature(geometry: .point(Position(.nan, .infinity)), properties: nil),
            GeoJSONFeature(geometry: .point(Position(1e300, -1e300)), properties: nil),
            GeoJSONFeature(geometry: .lineString(PositionList()), properties: nil),
            GeoJSONFeature(geometry: .polygon([]), properties: nil),
            GeoJSONFeature(geometry: .polygon([PositionList(), PositionList([Position(0, 0)])]), properties: nil),
            GeoJSONFeature(geometry: .multiPolygon([[]]), properties: nil),
            GeoJSONFeature(geometry: .lineString(PositionList(Array(repeating: Position(5, 5), count: 5000))), properties: nil),
            GeoJSONFeature(geometry: .geometryCollection(GeometryCollection([.point(Position(0, 0)), .geometryCollection(GeometryCollection([]))])), properties: nil),
        ]
        let index = try GeoJSONTileIndex(features: weird, options: GeoJSONTileOptions(maxZoom: 24))
        _ = index.tile(z: 0, x: 0, y: 0)?.features
        _ = index.tile(z: 24, x: 8_388_608 + 56_000, y: 8_388_608 - 56_000)?.features
        #expect(index.tile(z: 3, x: 0, y: 8) == nil)
        #expect(index.tile(z: 3, x: 0, y: -1) == nil)
    }

    @Test func lineMetricsCarryProgress() throws {
        let f = GeoJSONFeature(geometry: line([(-10, 0), (10, 0)]), properties: ["k": 1])
        let index = try GeoJSONTileIndex(features: [f], options: GeoJSONTileOptions(lineMetrics: true))
        let west = try #require(index.tile(z: 1, x: 0, y: 1)?.first?.properties)
        let east = try #require(index.tile(z: 1, x: 1, y: 1)?.first?.properties)
        #expect(west["k"] == 1 && west["mapbox_clip_start"] == 0.0)
        #expect(east["mapbox_clip_end"] == 1.0)
        let mid = try #require(west["mapbox_clip_end"]?.number)
        // the western tile reaches 64/4096 of a z1 tile (2.8125°) past 0°: (10 + 2.8125) / 20
        #expect(abs(mid - 0.640625) < 1e-9)
    }
}

@Suite struct GeoJSONTileIndexConcurrencyTests {
    @Test(.needsShared) func concurrentRequestsAgree() throws {
        let features = try TestSupport.sharedFeatures("geojsonvt_us-states.geojson")
        let index = try GeoJSONTileIndex(features: features, options: GeoJSONTileOptions(indexMaxZoom: 2))
        // the tile holding each state's first vertex, at zooms 6-9
        let ids = features.enumerated().compactMap { i, f -> TileID? in
            var first: Position?
            if case .polygon(let rings)? = f.geometry { first = rings.first?.first }
            if case .multiPolygon(let polygons)? = f.geometry { first = polygons.first?.first?.first }
            return first.map { WebMercator.tile(containing: $0, zoom: 6 + i % 4) }
        }
        let serial = try GeoJSONTileIndex(features: features, options: GeoJSONTileOptions(indexMaxZoom: 2))
        let expected = ids.map { serial.tile($0)?.features }
        let results = Results(count: ids.count)
        DispatchQueue.concurrentPerform(iterations: ids.count) { i in
            results.set(i, index.tile(ids[i])?.features)
        }
        #expect(ids.count == 52)
        #expect(expected.filter { !($0 ?? []).isEmpty }.count == ids.count)
        #expect(results.values == expected)
    }

    /// Thread-safe result slots for the test above.
    final class Results: @unchecked Sendable {
        private var storage: [[TileFeature]?]
        private let lock = NSLock()
        init(count: Int) { storage = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ v: [TileFeature]?) {
            lock.lock()
            storage[i] = v
            lock.unlock()
        }
        var values: [[TileFeature]?] { lock.withLock { storage } }
    }
}
