import Foundation
package import Geo
import GeoJSON
import Tiling

extension Transform {
    /// The Mercator camera's plane point of a world point, on the globe too (line meshes are laid out there).
    @inline(__always)
    func flatPlane(worldFraction m: Point) -> Point {
        rotate(Point(x: m.x * worldSize - centerWorld.x, y: m.y * worldSize - centerWorld.y))
    }

    /// The world point of a Mercator-camera plane point (the inverse of ``flatPlane(worldFraction:)``).
    @inline(__always)
    func flatWorldFraction(plane p: Point) -> Point {
        let w = unrotate(p)
        return Point(x: (w.x + centerWorld.x) / worldSize, y: (w.y + centerWorld.y) / worldSize)
    }

    /// The screen position (device pixels) of a Mercator-camera plane point (``flatPlane(worldFraction:)``):
    /// on the globe, its world point projected onto the sphere (GL JS lays labels pitched with the map
    /// out in tile units and projects each glyph's corners).
    func screen(flatPlane p: Point) -> Point {
        guard let globe else { return screen(plane: p) }
        let w = flatWorldFraction(plane: p)
        let q = globe.project(worldX: w.x, y: w.y)
        return Point(x: q.x, y: q.y)
    }

    /// ``screen(flatPlane:)`` with how far the point lies in front of the globe's horizon plane (negative: hidden;
    /// GL JS's clip `z` over `w` is 1 minus it) and its depth ratio (its clip `w` over the camera's distance to the
    /// centre); in Mercator, side 1 and the plane's depth ratio.
    func projectedCorner(flatPlane p: Point) -> (point: Point, side: Double, w: Double) {
        guard let globe else { return (screen(plane: p), 1, w(plane: p)) }
        let m = flatWorldFraction(plane: p)
        let s = globe.spherePoint(worldX: m.x, y: m.y)
        let q = globe.project(sphere: s, worldX: m.x, y: m.y)
        return (Point(x: q.x, y: q.y), q.side, globe.depthRatio(sphere: s, worldX: m.x, y: m.y))
    }

    /// GL JS's pitched-text correction (`getPitchedTextCorrection`) at a world point's latitude: on the globe, text in
    /// the map plane is laid out in Mercator units, which the sphere shrinks by the cosine of the latitude, so GL JS
    /// spaces the glyphs of a label by the cosine of the centre's latitude over the anchor's (1 off the globe, blended
    /// with it by the globeness).
    func pitchedTextCorrection(worldY y: Double) -> Double {
        guard globe != nil else { return 1 }
        let correction = cos(camera.center.latitude * .pi / 180) / max(cos(WebMercator.cameraLatitude(worldY: y) * .pi / 180), 1e-9)
        return 1 + (correction - 1) * globeness
    }

    /// The scale GL JS's globe symbol shader gives a glyph of text in the map plane (`projectionScaling`): the cosine of
    /// the centre's latitude (`u_pitched_scale`, blended by the globeness) over that of the glyph's own latitude, blended
    /// with 1 by the globeness. A glyph of a label along a line takes its own latitude, not its anchor's: a label
    /// running north grows glyph by glyph towards the pole (1 off the globe).
    func pitchedGlyphScale(worldY y: Double) -> Double {
        guard globe != nil else { return 1 }
        let pitchedScale = 1 + (cos(camera.center.latitude * .pi / 180) - 1) * globeness
        let scale = pitchedScale / max(cos(WebMercator.cameraLatitude(worldY: y) * .pi / 180), 1e-9)
        return 1 + (scale - 1) * globeness
    }

    /// Whether a world point (shifted by `copy` worlds) is behind the globe; never in Mercator.
    func isHiddenOnGlobe(worldFraction m: Point, copy: Int = 0) -> Bool {
        guard let globe else { return false }
        let q = quantized(m)
        return globe.side(worldX: q.x + Double(copy), y: q.y) < 0
    }

    /// Whether a coordinate is behind the globe; never in Mercator.
    func isHiddenOnGlobe(_ c: LocationCoordinate2D, copy: Int = 0) -> Bool {
        globe != nil && isHiddenOnGlobe(worldFraction: Transform.mercator(c), copy: copy)
    }

    /// Whether things far from the camera are drawn smaller: a pitched view, or the globe (whose
    /// limb is farther from the camera than its centre).
    var hasPerspective: Bool { isPitched || globe != nil }

    /// The perspective divisor of a plane point over the camera's distance to the centre (GL's clip `w`
    /// over `cameraToCenterDistance`; 1 at the view's centre): ``w(plane:)`` in Mercator; on the globe,
    /// that of the sphere point under the plane point (the horizon's nearest point off the globe).
    /// Symbols' and circles' perspective ratios are taken from it (GL JS's `perspective_ratio`).
    @inline(__always)
    func depthRatio(plane p: Point) -> Double {
        if let globe { return globe.depthRatio(screenX: p.x + width / 2, y: p.y + height / 2) }
        return w(plane: p)
    }

    /// The plane point of a coordinate moved by a translate (`shift`, a plane offset in device pixels):
    /// in Mercator the plane point plus the shift; on the globe the coordinate moves on the map before
    /// it is projected, as GL JS adds a symbol's translate in tile units.
    func plane(_ c: LocationCoordinate2D, copy: Int, translatedBy shift: Point) -> Point {
        guard globe != nil, shift.x != 0 || shift.y != 0 else { return plane(c, copy: copy) + shift }
        return plane(worldFraction: world(c, copy: 0, translatedBy: shift), copy: copy)
    }

    /// The world point (Web Mercator fractions, shifted by `copy` worlds) of a coordinate moved on the map by a
    /// translate (`shift`, a plane offset in device pixels), as ``plane(_:copy:translatedBy:)`` moves it on the globe.
    func world(_ c: LocationCoordinate2D, copy: Int, translatedBy shift: Point) -> Point {
        var m = worldFraction(c)
        m.x += Double(copy)
        guard shift.x != 0 || shift.y != 0 else { return m }
        let d = unrotate(shift)
        m.x += d.x / worldSize
        m.y += d.y / worldSize
        return m
    }

    /// ``depthRatio(plane:)`` of a world point (Web Mercator fractions, shifted by `copy` worlds).
    func depthRatio(worldFraction m: Point, copy: Int = 0) -> Double {
        if let globe {
            let q = quantized(m)
            return globe.depthRatio(worldX: q.x + Double(copy), y: q.y)
        }
        return w(plane: plane(worldFraction: m, copy: copy))
    }
}

/// The globe side of a ``Transform``: GL JS's vertical-perspective camera (`GlobeCamera`) and, for a
/// globeness between 0 and 1, GL JS's blend with the Mercator camera.
///
/// GL JS's globe shader mixes the clip-space positions of the two projections
/// (`interpolateProjection`: `xyw = mix(flat, globe, globeness)`), and since both share one
/// perspective matrix, that is a mix of their view-space positions followed by one perspective
/// divide: what ``project(worldX:y:)`` does. The far side is clipped by the horizon plane, blended
/// in as GL JS blends its clip `z` (from 20 % globeness on).
///
/// Painters work in screen space on the globe: the transform's *plane* point is the screen position
/// less the view's centre (``plane(worldX:y:)``), so every painter that projects through
/// `Transform.plane` and `Transform.screen(plane:)` draws on the sphere unchanged; what must not show
/// through the globe (fills, lines, points on the far side) is clipped or culled with ``side(worldX:y:)``.
package final class GlobeView: Sendable {
    /// The vertical-perspective camera.
    package let camera: GlobeCamera
    /// 0 (Mercator) ... 1 (globe).
    package let globeness: Double
    /// How much of the globe's horizon clipping applies (GL JS: none below 20 % globeness, all at 100 %).
    let clipWeight: Double
    // The Mercator camera, for the blend: world size, centre (world pixels), bearing, pitch, distance.
    let worldSize: Double
    let centerX: Double
    let centerY: Double
    let cosBearing: Double
    let sinBearing: Double
    let cosPitch: Double
    let sinPitch: Double
    /// The roll's (1 and 0 unless a pitched view is rolled: unpitched, the transform turns the bearing by it).
    let cosRoll: Double
    let sinRoll: Double
    let distance: Double
    let halfWidth: Double
    let halfHeight: Double
    /// The centre's world x (fractions): inverse projections return x within half a world of it.
    let centerWorldX: Double
    /// How sines and cosines put world positions on the sphere (SwiftShader's for ``RasterReference/glJSSwiftShader``).
    let sine: GlobeSine
    /// ``visibleWorldCorners()`` and ``visibleWorldHull()``, worked out once for the view: the sources' tile covers,
    /// the background's cover and each band's context ask every frame, and each answer casts a few hundred rays.
    private let visibleWorld = VisibleWorldMemo()

    /// The globe view of a transform, or nil when its globeness is 0 (or not a number).
    init?(_ t: Transform) {
        guard t.globeness > 0 else { return nil }
        globeness = min(1, t.globeness)
        clipWeight = max(0, min(1, (globeness - 0.2) / 0.8))
        camera = GlobeCamera(longitude: t.camera.center.longitude, latitude: t.camera.center.latitude,
                             worldSize: t.worldSize, bearing: t.camera.bearing, pitch: t.camera.pitch, roll: t.camera.roll,
                             width: t.width, height: t.height, distance: t.cameraToCenterDistance)
        worldSize = t.worldSize
        centerX = t.centerWorld.x
        centerY = t.centerWorld.y
        cosBearing = t.cosBearing
        sinBearing = t.sinBearing
        cosPitch = t.cosPitch
        sinPitch = t.sinPitch
        cosRoll = t.cosRoll
        sinRoll = t.sinRoll
        distance = t.cameraToCenterDistance
        halfWidth = t.width / 2
        halfHeight = t.height / 2
        centerWorldX = t.centerWorld.x / t.worldSize
        sine = t.rasterReference == .glJSSwiftShader ? .swiftShader : .exact
    }

    /// The unit-sphere point of a world point (Web Mercator fractions), with the view's ``sine``.
    @inline(__always)
    func spherePoint(worldX x: Double, y: Double) -> Vector3 {
        GlobeProjection.spherePoint(worldX: x, worldY: y, sine: sine)
    }

    /// Whether the view is entirely the sphere (no Mercator mixed in).
    var isSphere: Bool { globeness >= 1 }

    /// The whole worlds to take off the world x of something spanning `low...high` (world x) that a blend draws in one
    /// world copy, the one its middle is nearest the view's centre on (GL JS draws a tile in one copy: each point in its
    /// own nearest copy would tear it where copies meet).
    @inline(__always)
    func copyShift(low: Double, high: Double) -> Double { ((low + high) / 2 - centerWorldX).rounded() }

    /// The view-space position of a world point under the Mercator camera (its nearest world copy, or with `wrapped`
    /// false the copy `x` is in).
    @inline(__always)
    func mercatorView(worldX x: Double, y: Double, wrapped: Bool = true) -> Vector3 {
        let copy = wrapped ? (x - centerWorldX).rounded() : 0
        let wx = (x - copy) * worldSize - centerX, wy = y * worldSize - centerY
        let px = wx * cosBearing + wy * sinBearing, py = -wx * sinBearing + wy * cosBearing
        // turned by the roll about the view's axis, as the globe's camera turns (``GlobeCamera``)
        let vx = px, vy = -py * cosPitch
        return Vector3(vx * cosRoll - vy * sinRoll, vx * sinRoll + vy * cosRoll, py * sinPitch - distance)
    }

    /// The screen position (device pixels) of a world point, and how far it is in front of the
    /// horizon (negative: hidden behind the globe). `sphere` is its unit-sphere point.
    /// In a blend with Mercator the world point's nearest copy is taken, unless `wrapped` is false (the
    /// points of one polygon keep their copy, so that it does not tear where copies meet).
    @inline(__always)
    func project(sphere s: Vector3, worldX x: Double, y: Double, wrapped: Bool = true) -> (x: Double, y: Double, side: Double) {
        let g = camera.view(s)
        if globeness >= 1 {
            let p = camera.screen(view: g)
            return (p.x, p.y, camera.horizonSide(s))
        }
        let m = mercatorView(worldX: x, y: y, wrapped: wrapped)
        let k = globeness
        let v = Vector3(m.x + (g.x - m.x) * k, m.y + (g.y - m.y) * k, m.z + (g.z - m.z) * k)
        let p = camera.screen(view: v)
        // GL JS's clip z: clipWeight * (1 - side) * w_globe against w; seen while z <= w
        let wGlobe = -g.z, w = -v.z
        let side = camera.horizonSide(s)
        let visible = w - clipWeight * (1 - side) * wGlobe
        return (p.x, p.y, visible / max(w, 1e-9))
    }

    /// GL's clip `w` of a world point over the camera's distance to the view's centre (1 at the centre,
    /// more towards the limb): the blend's view depth, as GL JS's `interpolateProjection` gives it.
    func depthRatio(sphere s: Vector3, worldX x: Double, y: Double) -> Double {
        let g = camera.view(s)
        if globeness >= 1 { return -g.z / distance }
        let m = mercatorView(worldX: x, y: y)
        return -(m.z + (g.z - m.z) * globeness) / distance
    }

    /// The view-space position (pixels) of a point `heightPixels` above the world point `x, y`, whose
    /// unit-sphere direction is `s`, raised on the globe to `radius` of the unit sphere: the two
    /// cameras' positions mixed by the globeness, as GL JS's `interpolateProjectionFor3D` mixes them.
    func view(sphere s: Vector3, radius: Double, worldX x: Double, y: Double, heightPixels: Double, wrapped: Bool = true) -> Vector3 {
        let g = camera.view(s * radius)
        if globeness >= 1 { return g }
        var m = mercatorView(worldX: x, y: y, wrapped: wrapped)
        m.y += heightPixels * sinPitch
        m.z += heightPixels * cosPitch
        return Vector3(m.x + (g.x - m.x) * globeness, m.y + (g.y - m.y) * globeness, m.z + (g.z - m.z) * globeness)
    }

    /// ``depthRatio(sphere:worldX:y:)`` of a world point.
    func depthRatio(worldX x: Double, y: Double) -> Double {
        depthRatio(sphere: spherePoint(worldX: x, y: y), worldX: x, y: y)
    }

    /// ``depthRatio(sphere:worldX:y:)`` of the globe under a screen position; off the globe, of the
    /// horizon's point nearest the ray (1 where the blend's inverse finds nothing).
    func depthRatio(screenX sx: Double, y sy: Double) -> Double {
        if globeness >= 1 {
            let s = camera.spherePoint(screenX: sx, y: sy) ?? camera.horizonPoint(screenX: sx, y: sy)
            return -camera.view(s).z / distance
        }
        guard let p = blendedWorld(screenX: sx, y: sy) else { return 1 }
        return depthRatio(worldX: p.x, y: p.y)
    }

    /// The unit-sphere point under a screen position, or nil off the globe.
    func spherePoint(screenX sx: Double, y sy: Double) -> Vector3? {
        if globeness >= 1 { return camera.spherePoint(screenX: sx, y: sy) }
        return blendedWorld(screenX: sx, y: sy).map { spherePoint(worldX: $0.x, y: $0.y) }
    }

    /// The angle (radians) one device pixel of a `pitch-alignment: map` circle or a heatmap kernel
    /// spans on the sphere (GL JS's `u_globe_extrude_scale`: a pixel in world units, times 2π and the
    /// circle radius correction `cos(centre latitude)`), so that such a circle at the view's centre is
    /// as large as in Mercator.
    var extrudeAngle: Double {
        let cosLatitude = worldSize / (2 * .pi * camera.radius)
        return 2 * .pi / worldSize * (1 + (cosLatitude - 1) * globeness)
    }

    /// The unit vectors east and south (GL JS's `globeRotateVector` axes, `axisRight` and `axisUp`,
    /// which points south as tile y does) at a unit-sphere point; nil at the poles.
    static func tangentFrame(_ c: Vector3) -> (east: Vector3, south: Vector3)? {
        let right = Vector3(c.z, 0, -c.x)
        let l = right.length
        guard l > 1e-12 else { return nil }
        let r = right * (1 / l)
        // right × c
        var down = Vector3(r.y * c.z - r.z * c.y, r.z * c.x - r.x * c.z, r.x * c.y - r.y * c.x)
        down = down * (1 / max(down.length, 1e-12))
        return (r, down)
    }

    /// The extrude angles (radians east and south, GL JS's `globeRotateVector` inverted) that turn the
    /// unit-sphere point `c` into `q`, or nil when `q` is a quarter turn or more away.
    @inline(__always)
    static func extrudeAngles(of q: Vector3, around c: Vector3, frame: (east: Vector3, south: Vector3)) -> (x: Double, y: Double)? {
        let d = q.dot(c)
        guard d > 1e-9 else { return nil }
        let v = q * (1 / d)
        return (atan(v.dot(frame.east)), atan(v.dot(frame.south)))
    }

    /// ``project(sphere:worldX:y:wrapped:)`` of a world point.
    @inline(__always)
    func project(worldX x: Double, y: Double, wrapped: Bool = true) -> (x: Double, y: Double, side: Double) {
        project(sphere: spherePoint(worldX: x, y: y), worldX: x, y: y, wrapped: wrapped)
    }

    /// How far a world point is in front of the horizon (negative: hidden).
    @inline(__always)
    func side(worldX x: Double, y: Double) -> Double { project(worldX: x, y: y).side }

    /// The transform's plane point (screen position less the centre, device pixels) of a world point.
    @inline(__always)
    func plane(worldX x: Double, y: Double) -> Point {
        plane(sphere: spherePoint(worldX: x, y: y), worldX: x, y: y)
    }

    /// The view-space position (pixels, the camera looking down `-z`) of a world point on the ground:
    /// ``view(sphere:radius:worldX:y:heightPixels:)`` at the sphere's radius and no height, as GL JS's `projectTile`
    /// places a vertex before the projection matrix.
    @inline(__always)
    func viewPosition(worldX x: Double, y: Double, wrapped: Bool = true) -> Vector3 {
        view(sphere: spherePoint(worldX: x, y: y), radius: 1, worldX: x, y: y, heightPixels: 0, wrapped: wrapped)
    }

    /// ``plane(worldX:y:)`` of a world point whose sphere point `s` is known: ``project(sphere:worldX:y:wrapped:)``'s
    /// position without its horizon side.
    @inline(__always)
    func plane(sphere s: Vector3, worldX x: Double, y: Double) -> Point {
        let g = camera.view(s)
        let p: (x: Double, y: Double)
        if globeness >= 1 {
            p = camera.screen(view: g)
        } else {
            let m = mercatorView(worldX: x, y: y)
            let k = globeness
            p = camera.screen(view: Vector3(m.x + (g.x - m.x) * k, m.y + (g.y - m.y) * k, m.z + (g.z - m.z) * k))
        }
        return Point(x: p.x - halfWidth, y: p.y - halfHeight)
    }

    /// The world point (x within half a world of the centre's) under a screen position, or nil off the globe.
    func world(screenX sx: Double, y sy: Double) -> Point? {
        if globeness >= 1 {
            guard let s = camera.spherePoint(screenX: sx, y: sy) else { return nil }
            return world(sphere: s)
        }
        return blendedWorld(screenX: sx, y: sy)
    }

    /// The world point of a unit-sphere point, x within half a world of the centre's.
    func world(sphere s: Vector3) -> Point {
        let w = GlobeProjection.world(spherePoint: s)
        return Point(x: w.x - (w.x - centerWorldX).rounded(), y: w.y)
    }

    /// Whether a screen position shows the globe.
    func isOnGlobe(screenX sx: Double, y sy: Double) -> Bool {
        if globeness >= 1 { return camera.spherePoint(screenX: sx, y: sy) != nil }
        return blendedWorld(screenX: sx, y: sy) != nil
    }

    /// The blended projection's inverse: Newton's method from the Mercator camera's answer.
    private func blendedWorld(screenX sx: Double, y sy: Double) -> Point? {
        // the Mercator camera's inverse as the first guess (the view's centre above its horizon), the roll turned back
        let du = sx - halfWidth, dv = sy - halfHeight
        let u = du * cosRoll - dv * sinRoll, v = du * sinRoll + dv * cosRoll
        var guess = Point(x: centerWorldX, y: centerY / worldSize)
        let denominator = distance * cosPitch + v * sinPitch
        if denominator > 1e-9 {
            let py = v * distance / denominator
            let px = u * (distance - py * sinPitch) / distance
            let wx = px * cosBearing - py * sinBearing, wy = px * sinBearing + py * cosBearing
            guess = Point(x: (wx + centerX) / worldSize, y: (wy + centerY) / worldSize)
        }
        let h = 1 / worldSize
        for _ in 0..<8 {
            let p = project(worldX: guess.x, y: guess.y)
            let ex = p.x - sx, ey = p.y - sy
            if ex * ex + ey * ey < 1e-6 { return p.side >= 0 ? guess : nil }
            let px = project(worldX: guess.x + h, y: guess.y), py = project(worldX: guess.x, y: guess.y + h)
            let a = (px.x - p.x) / h, b = (py.x - p.x) / h, c = (px.y - p.y) / h, d = (py.y - p.y) / h
            let det = a * d - b * c
            guard det != 0, det.isFinite else { return nil }
            guess.x -= (d * ex - b * ey) / det
            guess.y -= (-c * ex + a * ey) / det
            guard guess.x.isFinite, guess.y.isFinite else { return nil }
        }
        let p = project(worldX: guess.x, y: guess.y)
        let ex = p.x - sx, ey = p.y - sy
        return ex * ex + ey * ey < 0.01 && p.side >= 0 ? guess : nil
    }

    /// The corners of a world rectangle holding everything visible (tile covers take the convex hull):
    /// the world under the screen's edges and the horizon's points on screen, every longitude when
    /// a pole is in view.
    func visibleWorldCorners() -> [(x: Double, y: Double)] {
        visibleWorld.corners { computeVisibleWorldCorners() }
    }

    private func computeVisibleWorldCorners() -> [(x: Double, y: Double)] {
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        func include(_ p: Point) {
            guard p.x.isFinite, p.y.isFinite else { return }
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        let w = 2 * halfWidth, h = 2 * halfHeight
        let steps = 16
        for i in 0...steps {
            let f = Double(i) / Double(steps)
            for (sx, sy) in [(f * w, 0.0), (f * w, h), (0, f * h), (w, f * h), (f * w, h / 2), (w / 2, f * h)] {
                if let p = world(screenX: sx, y: sy) { include(p) }
            }
        }
        // the horizon circle where it is on screen
        for p in horizonWorldPointsOnScreen(samples: 128) { include(p) }
        // a pole in view: every longitude, up to the pole
        for pole in [Vector3(0, 1, 0), Vector3(0, -1, 0)] where camera.isVisible(pole) {
            let p = camera.screen(pole)
            if p.x >= 0, p.x <= w, p.y >= 0, p.y <= h {
                minX = centerWorldX - 0.5; maxX = centerWorldX + 0.5
                if pole.y > 0 { minY = 0 } else { maxY = 1 }
            }
        }
        guard minX.isFinite else {
            let c = (x: centerWorldX, y: centerY / worldSize)
            return [c, c, c, c]
        }
        // a margin for the horizon's samples (2.8° apart), within one world's width around the centre
        minX = max(centerWorldX - 0.5, minX - 1.0 / 64); maxX = min(centerWorldX + 0.5, maxX + 1.0 / 64)
        minY = max(0, minY - 1.0 / 64); maxY = min(1, maxY + 1.0 / 64)
        return [(minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY)]
    }

    /// The convex hull (world fractions, x within half a world of the centre's) of the world the screen shows: the
    /// world under points along the screen's edges and the horizon's points on screen; nil when a pole is in view (every
    /// longitude shows: ``visibleWorldCorners()``) or nothing of the globe is.
    func visibleWorldHull() -> ConvexPolygon? {
        visibleWorld.hull { computeVisibleWorldHull() }
    }

    private func computeVisibleWorldHull() -> ConvexPolygon? {
        let w = 2 * halfWidth, h = 2 * halfHeight
        for pole in [Vector3(0, 1, 0), Vector3(0, -1, 0)] where camera.isVisible(pole) {
            let p = camera.screen(pole)
            if p.x >= 0, p.x <= w, p.y >= 0, p.y <= h { return nil }
        }
        var points: [(x: Double, y: Double)] = []
        let steps = 64
        for i in 0...steps {
            let f = Double(i) / Double(steps)
            for (sx, sy) in [(f * w, 0.0), (f * w, h), (0, f * h), (w, f * h)] {
                if let p = world(screenX: sx, y: sy) { points.append((p.x, p.y)) }
            }
        }
        if isSphere {
            for q in horizonWorldPointsOnScreen(samples: 512) { points.append((q.x, q.y)) }
        } else if points.count < 4 * (steps + 1) {
            return nil  // the blend's outline is no circle: the bounding rectangle then
        }
        return ConvexPolygon.hull(of: points)
    }

    /// The world points (x within half a world of the centre's) of `samples` points evenly around the horizon circle
    /// that lie on the screen.
    private func horizonWorldPointsOnScreen(samples: Int) -> [Point] {
        let w = 2 * halfWidth, h = 2 * halfHeight
        let n = camera.horizonNormal, r = (1 - camera.horizonDistance * camera.horizonDistance).squareRoot()
        let (e1, e2) = GlobeView.basis(n)
        let centre = n * camera.horizonDistance
        var out: [Point] = []
        for i in 0..<samples {
            let a = Double(i) / Double(samples) * 2 * .pi
            let s = centre + (e1 * cos(a) + e2 * sin(a)) * r
            let p = camera.screen(s)
            if p.x >= 0, p.x <= w, p.y >= 0, p.y <= h { out.append(world(sphere: s)) }
        }
        return out
    }

    /// Two unit vectors perpendicular to `n` and to each other.
    static func basis(_ n: Vector3) -> (Vector3, Vector3) {
        let a = abs(n.y) < 0.9 ? Vector3(0, 1, 0) : Vector3(1, 0, 0)
        var e1 = Vector3(a.y * n.z - a.z * n.y, a.z * n.x - a.x * n.z, a.x * n.y - a.y * n.x)
        e1 = e1 * (1 / e1.length)
        let e2 = Vector3(n.y * e1.z - n.z * e1.y, n.z * e1.x - n.x * e1.z, n.x * e1.y - n.y * e1.x)
        return (e1, e2)
    }
}
