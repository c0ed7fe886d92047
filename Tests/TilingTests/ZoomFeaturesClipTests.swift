import Foundation
import Geo
import GeoJSON
import Testing
@testable import Tiling

/// ``GeoJSONTileIndex/features(atZoom:clippedTo:)``: a tile's features cut to the tile and its buffer, as geojson-vt
/// cuts them, so that a renderer drawing the tile works on its part of a large feature only.
@Suite struct ZoomFeaturesClipTests {
    /// A star of 9 tips around (`lon`, `lat`): a ring crossing a tile's sides many times, in and out.
    static func star(lon: Double, lat: Double, outer: Double, inner: Double) -> [[Double]] {
        var ring = (0..<18).map { k -> [Double] in
            let a = Double(k) * .pi / 9, r = k.isMultiple(of: 2) ? outer : inner
            return [lon + r * cos(a), lat + r * sin(a)]
        }
        ring.append(ring[0])
        return ring
    }

    static func feature(_ type: String, _ coordinates: Any) -> String {
        let data = try! JSONSerialization.data(withJSONObject: coordinates)
        return #"{"type":"Feature","properties":{},"geometry":{"type":"\#(type)","coordinates":\#(String(decoding: data, as: UTF8.self))}}"#
    }

    static let features: [GeoJSONFeature] = try! TestSupport.features(#"{"type":"FeatureCollection","features":["# + [
        feature("Polygon", [star(lon: 12, lat: 22, outer: 40, inner: 8)]),
        feature("LineString", [[-40, 25], [60, 30], [10, 35], [12, -30]]),
        feature("Point", [100, 60]),
        feature("Polygon", [[[170, 10], [190, 10], [190, 30], [170, 30], [170, 10]]]),
    ].joined(separator: ",") + "]}")

    /// Tile 3/4/3 (0°-45° E, 0°-41° N) and a quarter tile around it.
    static let bounds = WorldBounds(minX: 3.75 / 8, minY: 2.75 / 8, maxX: 5.25 / 8, maxY: 4.25 / 8)

    /// The geometry's rings or lines in world fractions.
    static func worldLines(_ g: Geometry?) -> [[Point2]] {
        func list(_ l: PositionList) -> [Point2] {
            (0..<l.count).map { let w = WebMercator.cameraWorld(longitude: l[$0].longitude, latitude: l[$0].latitude); return Point2(x: w.x, y: w.y) }
        }
        switch g {
        case .lineString(let l)?: return [list(l)]
        case .multiLineString(let ls)?, .polygon(let ls)?: return ls.map(list)
        case .multiPolygon(let ps)?: return ps.flatMap { $0.map(list) }
        default: return []
        }
    }

    struct Point2 { var x, y: Double }

    /// Whether `p` lies in `b` (to rounding).
    static func inBox(_ p: Point2, _ b: WorldBounds) -> Bool {
        let e = 1e-12
        return p.x >= b.minX - e && p.x <= b.maxX + e && p.y >= b.minY - e && p.y <= b.maxY + e
    }

    static func evenOdd(_ rings: [[Point2]], _ p: Point2) -> Bool {
        var inside = false
        for ring in rings {
            var j = ring.count - 1
            for i in ring.indices {
                let a = ring[i], b = ring[j]
                if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
                j = i
            }
        }
        return inside
    }

    @Test("a polygon crossing the box is cut to it and keeps every point's side inside the box", arguments: [3, 18])
    func polygon(zoom: Int) throws {
        let index = try GeoJSONTileIndex(features: Self.features, options: ShapeSourceOptions().tileOptions)
        let b = Self.bounds
        let cut = try #require(index.features(atZoom: zoom, clippedTo: b).first { $0.index == 0 })
        let whole = try #require(index.features(atZoom: zoom, in: b).first { $0.index == 0 })
        let cutRings = Self.worldLines(cut.geometry), wholeRings = Self.worldLines(whole.geometry ?? Self.features[0].geometry)
        #expect(cutRings.flatMap { $0 }.allSatisfy { Self.inBox($0, b) })
        #expect(wholeRings.flatMap { $0 }.contains { $0.x < b.minX || $0.x > b.maxX })
        var inside = 0
        for i in 0..<40 {
            for j in 0..<40 {
                let x: Double = b.minX + (Double(i) + 0.37) / 40 * (b.maxX - b.minX)
                let y: Double = b.minY + (Double(j) + 0.61) / 40 * (b.maxY - b.minY)
                let p = Point2(x: x, y: y)
                let expected = Self.evenOdd(wholeRings, p)
                #expect(Self.evenOdd(cutRings, p) == expected)
                if expected { inside += 1 }
            }
        }
        #expect(inside > 100 && inside < 1500)
    }

    @Test("a line is cut into its pieces inside the box; with lineMetrics it stays whole")
    func line() throws {
        let b = Self.bounds
        let index = try GeoJSONTileIndex(features: Self.features, options: ShapeSourceOptions().tileOptions)
        let cut = try #require(index.features(atZoom: 18, clippedTo: b).first { $0.index == 1 })
        let pieces = Self.worldLines(cut.geometry)
        #expect(pieces.count == 2)
        #expect(pieces.flatMap { $0 }.allSatisfy { Self.inBox($0, b) })
        var options = ShapeSourceOptions()
        options.lineMetrics = true
        let metrics = try GeoJSONTileIndex(features: Self.features, options: options.tileOptions)
        let whole = try #require(metrics.features(atZoom: 18, clippedTo: b).first { $0.index == 1 })
        #expect(whole.geometry == nil)
    }

    @Test("points, features within the box and features across the antimeridian are kept whole; others away are left out")
    func keptWhole() throws {
        let index = try GeoJSONTileIndex(features: Self.features, options: ShapeSourceOptions().tileOptions)
        // a box around the point: the point only, as it is
        let point = WorldBounds(minX: 0.75, minY: 0.2, maxX: 0.8, maxY: 0.35)
        #expect(index.features(atZoom: 18, clippedTo: point).map(\.index) == [2])
        #expect(index.features(atZoom: 18, clippedTo: point).first?.geometry == nil)
        // tile 3/0/3 and its buffer, across the antimeridian from the square at 170°-190° E: the square, whole
        let west = WorldBounds(minX: -0.25 / 8, minY: 2.75 / 8, maxX: 1.25 / 8, maxY: 4.25 / 8)
        let across = index.features(atZoom: 18, clippedTo: west)
        #expect(across.map(\.index) == [3])
        #expect(across.first?.geometry == nil)
    }
}
