import Foundation
import Geo
import GeoJSON
import Testing
@testable import Rendering

/// What stands on the globe's terrain (``StandingTerrain`` over ``GlobeGround``): circles raised along the sphere's
/// normal and faded by GL JS 5.24's depth test on the globe, extrusions lifted by the ground under their centroid.
@Suite("Globe standing terrain")
struct GlobeStandingTerrainTests {
    /// A vertical-perspective view of 256 x 256 pixels at `zoom` over (`longitude`, 0), pitched `pitch`.
    static func transform(zoom: Double = 1, longitude: Double = 0, pitch: Double = 0) -> Transform {
        var t = Transform(camera: MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: longitude), zoom: zoom, pitch: pitch),
                          width: 256, height: 256)
        t.globeness = 1
        return t
    }

    /// The depth buffer (1 / clip `w` per pixel, 0 off the ground) of the globe raised evenly to `radius` of the unit
    /// sphere: what ``GlobeTerrainRenderer`` leaves for ground at one height.
    static func depth(_ t: Transform, radius: Double) throws -> [Float] {
        let camera = try #require(t.globe).camera
        var depth = [Float](repeating: 0, count: Int(t.width) * Int(t.height))
        let o = camera.cameraPosition
        for y in 0..<Int(t.height) {
            for x in 0..<Int(t.width) {
                let d = camera.rayDirection(screenX: Double(x) + 0.5, y: Double(y) + 0.5)
                // the nearer crossing of the ray with the sphere of `radius`
                let b = o.dot(d), c = o.dot(o) - radius * radius
                let discriminant = b * b - d.dot(d) * c
                guard discriminant >= 0 else { continue }
                let s = (-b - discriminant.squareRoot()) / d.dot(d)
                let w = -camera.view(o + d * s).z
                if s > 0, w > 0 { depth[y * Int(t.width) + x] = Float(1 / w) }
            }
        }
        return depth
    }

    /// The ground standing evenly `metres` high (exaggeration 100) under a globe view, with its depth buffer.
    static func standing(_ t: Transform, metres: Double) throws -> StandingTerrain {
        let elevation = try TerrainTests.elevation(exaggeration: 100) { _, _ in metres }
        let raised = 1 + elevation.range.upperBound / GlobeTerrainRenderer.earthRadius
        return try #require(StandingTerrain(globe: t, elevation: elevation, meshZoom: 1, depth: try depth(t, radius: raised),
                                            width: Int(t.width), height: Int(t.height)))
    }

    /// The screen position of a world point on the globe at 0 m.
    static func screen(_ t: Transform, _ w: Point) throws -> Point {
        let p = try #require(t.globe).project(worldX: w.x, y: w.y)
        return Point(x: p.x, y: p.y)
    }

    @Test("a circle on high ground is drawn farther from the globe's centre than at 0 m, larger, and seen")
    func raisedCircleMovesOutward() throws {
        let t = Self.transform()
        // 2000 m times 100: 200 km, 3 % of the radius (farther out, a raised point shows past the 0 m globe's outline
        // and is not drawn)
        let terrain = try Self.standing(t, metres: 2000)
        let centre = Point(x: t.width / 2, y: t.height / 2)
        for longitude in [-40.0, -20, 10, 35] {
            let w = Transform.mercator(LocationCoordinate2D(latitude: 10, longitude: longitude))
            let r = try #require(terrain.raised(worldX: w.x, worldY: w.y))
            let flat = try Self.screen(t, w), raised = try Self.screen(t, r.point)
            let dFlat = hypot(flat.x - centre.x, flat.y - centre.y), dRaised = hypot(raised.x - centre.x, raised.y - centre.y)
            // the point moves out along the normal, a few pixels on this globe of 163 pixels' radius
            #expect(dRaised > dFlat + 1, "\(longitude)°: \(dFlat) -> \(dRaised)")
            #expect(r.visibility == 1, "\(longitude)°")
            // nearer the camera: a radius scaling with the map grows
            #expect(r.depthRatio.raised < r.depthRatio.flat, "\(longitude)°")
        }
        // at 0 m the point stays where the globe draws it
        let plain = try Self.standing(t, metres: 0)
        let w = Transform.mercator(LocationCoordinate2D(latitude: 10, longitude: 40))
        let r = try #require(plain.raised(worldX: w.x, worldY: w.y))
        #expect(abs(r.point.x - w.x) < 1e-9 && abs(r.point.y - w.y) < 1e-9)
    }

    @Test("GL JS's depth test on the globe: the horizon plane's depth against the terrain's fades circles near the limb")
    func fadesNearTheLimb() throws {
        let t = Self.transform()
        // the ground at 0 m (a raised point that close to the limb shows past the 0 m outline and is not drawn)
        let terrain = try Self.standing(t, metres: 0)
        let globe = try #require(t.globe)
        var faded = 0
        // every half degree, and every 1/2000 of a degree over the limb (72.7° from the centre here): the band where
        // the horizon plane's depth passes the terrain's is a few hundredths of a degree wide at this zoom
        let longitudes = (0..<180).map { Double($0) / 2 } + (0..<4000).map { 72 + Double($0) / 2000 }
        for longitude in longitudes {
            let w = Transform.mercator(LocationCoordinate2D(latitude: 0, longitude: longitude))
            let side = globe.camera.horizonSide(globe.spherePoint(worldX: w.x, y: w.y))
            let r = terrain.raised(worldX: w.x, worldY: w.y)
            if side < 0 {
                // past the horizon plane: clipped
                #expect(r == nil, "\(longitude)°: side \(side)")
            } else if side > 0.02 {
                #expect(r?.visibility == 1, "\(longitude)°: side \(side)")
            } else if let r, r.visibility < 1 {
                faded += 1
            }
        }
        // a thin band in front of the horizon plane, where its depth passes the terrain's
        #expect(faded > 0)
    }

    @Test("a circle over no ground (the globe's cleared depth texture) is hidden; over the flat terrain it is seen")
    func noGroundHides() throws {
        let t = Self.transform()
        let elevation = try TerrainTests.elevation(exaggeration: 100) { _, _ in 5000 }
        let empty = [Float](repeating: 0, count: 256 * 256)
        let terrain = try #require(StandingTerrain(globe: t, elevation: elevation, meshZoom: 1, depth: empty, width: 256, height: 256))
        let w = Transform.mercator(LocationCoordinate2D(latitude: 0, longitude: 0))
        #expect(terrain.raised(worldX: w.x, worldY: w.y)?.visibility == 0)
    }

    @Test("no globe view: no globe ground")
    func flatTransformHasNoGlobeGround() throws {
        let t = Transform(camera: MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 1), width: 64, height: 64)
        let elevation = try TerrainTests.elevation { _, _ in 0 }
        #expect(StandingTerrain(globe: t, elevation: elevation, meshZoom: 1, depth: [], width: 64, height: 64) == nil)
    }

    @Test("an extrusion's centroid is GL JS's: each wall edge's ends, every ring, a closed ring's vertices once each")
    func extrusionCentroid() throws {
        let square = [Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 4), Point(x: 0, y: 4)]
        let closed = FillExtrusionFeature(mercator: [[square + [square[0]]]])
        #expect(StandingTerrain.centroid(closed) == Point(x: 2, y: 2))
        // an open ring is closed
        #expect(StandingTerrain.centroid(FillExtrusionFeature(mercator: [[square]])) == Point(x: 2, y: 2))
        // a hole's vertices count as the outline's do
        let hole = [Point(x: 1, y: 1), Point(x: 2, y: 1), Point(x: 2, y: 2), Point(x: 1, y: 2), Point(x: 1, y: 1)]
        let holed = try #require(StandingTerrain.centroid(FillExtrusionFeature(mercator: [[square + [square[0]], hole]])))
        #expect(abs(holed.x - 1.75) < 1e-12 && abs(holed.y - 1.75) < 1e-12)
        #expect(StandingTerrain.centroid(FillExtrusionFeature(mercator: [])) == nil)
    }

    @Test("on the globe an extrusion is lifted by its ground's whole elevation and drawn over the terrain's depth")
    func extrusionLift() throws {
        let t = Self.transform()
        let terrain = try Self.standing(t, metres: 2000)
        let a = Transform.mercator(LocationCoordinate2D(latitude: -5, longitude: 15))
        let b = Transform.mercator(LocationCoordinate2D(latitude: 5, longitude: 25))
        var solids = FillExtrusionLayer(features: [FillExtrusionFeature(mercator: [[[a, Point(x: b.x, y: a.y), b, Point(x: a.x, y: b.y), a]]])])
        solids.base = .constant(0)
        solids.height = .constant(100_000)
        var layers: [any SceneLayer] = [solids]
        terrain.raise(&layers)
        #expect(layers.first is TerrainDepthLayer)
        let raised = try #require(layers.compactMap { $0 as? FillExtrusionLayer }.first)
        // 2000 m times 100, from 0 m (the globe's camera does not stand over the centre's ground)
        let lift = try #require(raised.terrainLift?.first)
        #expect(abs(lift - 200_000) < 1, "\(lift)")
        // GL JS's basement: a base at the ground 10 m lower
        let drawn = raised.drawnBaseAndHeight(0)
        #expect(abs(drawn.base - (200_000 - 10)) < 1 && abs(drawn.height - 300_000) < 1, "\(drawn)")
    }
}
