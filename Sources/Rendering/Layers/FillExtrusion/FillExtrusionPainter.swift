import Foundation
import Geo
import GeoJSON

/// The pixels a fill-extrusion layer covers inside one band, before they are composited: the depth
/// buffer (shared with the band's other extrusion layers) and, per pixel, whether the layer drew it
/// and the colour of its nearest surface.
struct ExtrusionBuffer {
    let clip: PixelClip
    let width: Int
    /// `1 / depth` of the nearest surface per pixel (larger is nearer), 0 where nothing is drawn.
    var inverseDepth: [Float]
    /// Whether this layer drew the pixel.
    var covered: [Bool]
    /// Premultiplied RGBA of the nearest surface per pixel (alpha below 1 only where a pattern is).
    var colors: [Float]

    init(clip: PixelClip, depth: [Float]) {
        self.clip = clip
        width = clip.x1 - clip.x0
        let count = width * (clip.y1 - clip.y0)
        inverseDepth = depth.count == count ? depth : Array(repeating: 0, count: count)
        covered = Array(repeating: false, count: count)
        colors = Array(repeating: 0, count: 4 * count)
    }

    /// Draws a fragment when it is at least as near as what the pixel holds (GL's `LEQUAL` test).
    @inline(__always)
    mutating func write(x: Int, y: Int, inverseDepth q: Float, r: Float, g: Float, b: Float, a: Float = 1) {
        let i = (y - clip.y0) * width + (x - clip.x0)
        guard q > 0, q >= inverseDepth[i] else { return }
        inverseDepth[i] = q
        covered[i] = true
        colors[4 * i] = r
        colors[4 * i + 1] = g
        colors[4 * i + 2] = b
        colors[4 * i + 3] = a
    }
}

/// A vertex of an extruded face in camera space, with how far up the wall it is (0 at the base, 1 at the top).
struct ExtrusionVertex {
    var point: CameraPoint
    var t: Double
    /// Pattern position (pixels at the integer zoom): along the ring and up the wall.
    var u: Double = 0
    var v: Double = 0
}

extension PaintContext {
    /// Draws a fill-extrusion layer as MapLibre does: roofs and walls (faces turned away culled) into a
    /// depth buffer of the layer's own, each vertex lit by the style's light (walls by their normal, a
    /// vertical gradient along their height), then the nearest surfaces composited with the layer's opacity.
    mutating func paintFillExtrusion(_ layer: FillExtrusionLayer) {
        let opacity = Float(max(0, min(1, layer.opacity.isNaN ? 0 : layer.opacity)))
        guard opacity > 0, !clip.isEmpty, !layer.features.isEmpty else { return }
        var buffer = ExtrusionBuffer(clip: clip, depth: extrusionDepth)
        extrusionDepth = []
        let t = transform
        let shift = planeTranslation(layer.translate, anchor: layer.translateAnchor)
        let light = layer.light.direction(bearing: t.camera.bearing)
        let shading = ExtrusionShading(light: light, lightColor: layer.light.color, intensity: layer.light.intensity,
                                       verticalGradient: layer.verticalGradient, glJSRules: t.glJSRules)
        let metres = t.pixelsPerMeter
        let cameraHeight = t.cameraPosition.z
        let axonometric = t.projectionMode.axonometric
        // how far a roof may lie from its footprint, per pixel of height
        let lean = axonometric ? max(1, (abs(t.projectionMode.xSkew) + abs(t.projectionMode.ySkew)) * max(t.width, t.height)
                                            / (2 * t.cameraToCenterDistance)) : 1
        for (i, feature) in layer.features.enumerated() {
            if let patterns = layer.patterns, patterns[i] == nil { continue }  // its pattern is missing: nothing drawn
            let pattern = layer.patterns?[i] ?? nil
            let base = ExtrusionShading.sanitized(layer.base[i]), height = ExtrusionShading.sanitized(layer.height[i])
            let color = layer.color[i].premultiplied()
            // over terrain both raised by the ground under the centroid
            let drawn = layer.drawnBaseAndHeight(i)
            let zBase = drawn.base * metres, zTop = drawn.height * metres
            let roofColor = shading.roof(color)
            for polygon in feature.polygons {
                guard let exterior = polygon.first, exterior.count >= 3 else { continue }
                let copies: ClosedRange<Int>
                if let wrap = feature.wrap {
                    copies = wrap...wrap
                } else {
                    let (west, east) = PaintContext.worldXBounds(exterior)
                    guard let c = self.copies(worldWest: west, worldEast: east, margin: 2 + shift.length + min(zTop * lean, t.worldSize)) else { continue }
                    copies = c
                }
                for copy in copies {
                    let (rings, cutEdges) = extrusionRings(polygon, copy: copy, shift: shift, cutTile: feature.cutTile)
                    if let pattern {
                        if zTop < cameraHeight || axonometric {
                            paintPatternRoof(rings, z: zTop, pattern: pattern, lighting: shading.patternRoof(), shift: shift, into: &buffer)
                        }
                        for (r, ring) in rings.enumerated() {
                            paintWalls(ring, cutEdges: cutEdges?[r], zBase: zBase, zTop: zTop, base: base, height: height,
                                       color: color, shading: shading, pattern: pattern, shift: shift, into: &buffer)
                        }
                        continue
                    }
                    if zTop < cameraHeight || axonometric {
                        paintRoof(rings, z: zTop, color: roofColor, into: &buffer)
                    }
                    for (r, ring) in rings.enumerated() {
                        paintWalls(ring, cutEdges: cutEdges?[r], zBase: zBase, zTop: zTop, base: base, height: height,
                                   color: color, shading: shading, into: &buffer)
                    }
                }
            }
        }
        composite(buffer, opacity: opacity)
        extrusionDepth = buffer.inverseDepth
    }

    /// A polygon's rings in plane space, without their closing point, wound as MapLibre winds them
    /// (exterior rings with positive area in y-down coordinates, holes negative); with `cutTile`, each ring's
    /// ``TileCut/cutEdges(_:tile:)`` (the walls left out), otherwise nil.
    private func extrusionRings(_ polygon: [[Point]], copy: Int, shift: Point,
                                cutTile: WorldBounds?) -> (rings: [[Point]], cutEdges: [[Bool]]?) {
        var out: [[Point]] = []
        var cuts: [[Bool]] = []
        out.reserveCapacity(polygon.count)
        for (k, ring) in polygon.enumerated() {
            var points: [Point] = []
            var world: [Point] = []
            points.reserveCapacity(ring.count)
            for c in ring {
                let p = transform.plane(mercator: c, copy: copy) + shift
                guard p.x.isFinite, p.y.isFinite else { continue }
                if let last = points.last, last.x == p.x, last.y == p.y { continue }
                points.append(p)
                if cutTile != nil { world.append(c) }
            }
            if points.count > 1, let first = points.first, let last = points.last, first.x == last.x, first.y == last.y {
                points.removeLast()
                if cutTile != nil { world.removeLast() }
            }
            guard points.count >= 3 else { continue }
            var area = 0.0
            var previous = points[points.count - 1]
            for p in points {
                area += previous.x * p.y - p.x * previous.y
                previous = p
            }
            if (k == 0) != (area > 0) {
                points.reverse()
                world.reverse()
            }
            out.append(points)
            if let cutTile { cuts.append(TileCut.cutEdges(world, tile: cutTile)) }
        }
        return (out, cutTile == nil ? nil : cuts)
    }

    /// The roof: the rings at height `z`, clipped to the view's depth range, filled (even-odd) with
    /// one colour; a horizontal plane's depth is the same along a screen row.
    private mutating func paintRoof(_ rings: [[Point]], z: Double, color: (Float, Float, Float), into buffer: inout ExtrusionBuffer) {
        scanRoof(rings, z: z) { y, x0, x1, q in
            for x in x0..<x1 { buffer.write(x: x, y: y, inverseDepth: q, r: color.0, g: color.1, b: color.2) }
        }
    }

    /// A patterned roof: each pixel samples the pattern where its ray meets the roof (world position
    /// at the integer zoom, as MapLibre lays patterns out from the tile's pixel origin), lit as a roof.
    private mutating func paintPatternRoof(_ rings: [[Point]], z: Double, pattern: StyleImage, lighting: (Float, Float, Float),
                                           shift: Point, into buffer: inout ExtrusionBuffer) {
        let (w, h) = pattern.displaySize
        guard w > 0, h > 0 else { return }
        let t = transform
        let scale = 512 * pow(2, t.camera.zoom.rounded(.down))
        scanRoof(rings, z: z) { y, x0, x1, q in
            for x in x0..<x1 {
                guard let p = t.plane(screen: Point(x: Double(x) + 0.5, y: Double(y) + 0.5), z: z) else { continue }
                let wf = t.worldFraction(plane: Point(x: p.x - shift.x, y: p.y - shift.y))
                let c = PaintContext.patternSample(pattern, wf.x * scale / w, wf.y * scale / h)
                buffer.write(x: x, y: y, inverseDepth: q, r: c.r * lighting.0, g: c.g * lighting.1, b: c.b * lighting.2, a: c.a)
            }
        }
    }

    /// The pixel spans of a roof at height `z`: its rings cut to the near and far planes, projected
    /// and scanned; each span comes with the roof's inverse depth on its row (a flat roof has one
    /// depth along a screen row).
    private mutating func scanRoof(_ rings: [[Point]], z: Double, _ span: (_ y: Int, _ x0: Int, _ x1: Int, _ inverseDepth: Float) -> Void) {
        let t = transform
        let near = t.nearDepth, far = t.farDepth
        var screen: [[Point]] = []
        for ring in rings {
            let clipped = PaintContext.clipToDepth(ring.map { ExtrusionVertex(point: t.cameraPoint(plane: $0, z: z), t: 1) },
                                                   near: near, far: far)
            if clipped.count >= 3 { screen.append(clipped.map { t.screen(camera: $0.point) }) }
        }
        guard !screen.isEmpty else { return }
        var scanner = PixelCenterScanner()
        swap(&scanner, &self.scratch.scanner)
        var row = -1
        var q: Float = 0
        scanner.scan(rings: screen, rule: .evenOdd, clip: clip) { y, x0, x1 in
            if y != row {
                row = y
                q = Float(t.depthKey(ofPlaneAt: z, rowCenter: Double(y) + 0.5))
            }
            span(y, x0, x1, q)
        }
        swap(&scanner, &self.scratch.scanner)
    }

    /// A pattern's premultiplied colour at pattern coordinates (`u`, `v` in images, repeating).
    static func patternSample(_ image: StyleImage, _ u: Double, _ v: Double) -> PremultipliedColor {
        guard u.isFinite, v.isFinite else { return PremultipliedColor(r: 0, g: 0, b: 0, a: 0) }
        var fu = u.truncatingRemainder(dividingBy: 1), fv = v.truncatingRemainder(dividingBy: 1)
        if fu < 0 { fu += 1 }
        if fv < 0 { fv += 1 }
        return image.image.sampleWrapped(u: fu, v: fv)
    }

    /// The walls of one ring: a quad per edge from `zBase` to `zTop`, culled when it faces away from the camera, and
    /// left out along a tile's cut (`cutEdges[i]`: the edge leaving point `i`).
    private func paintWalls(_ ring: [Point], cutEdges: [Bool]?, zBase: Double, zTop: Double, base: Double, height: Double,
                            color: PremultipliedColor, shading: ExtrusionShading, pattern: StyleImage? = nil, shift: Point = Point(x: 0, y: 0),
                            into buffer: inout ExtrusionBuffer) {
        guard zTop > zBase || zTop < zBase else { return }
        let t = transform
        // patterns on walls: MapLibre's edge distance along the ring and the height (``ExtrusionWallPattern``)
        let layout = pattern == nil ? nil
            : ExtrusionWallPattern(world: ring.map { t.worldFraction(plane: Point(x: $0.x - shift.x, y: $0.y - shift.y)) },
                                   tiles: pow(2, transform.camera.zoom.rounded(.down)), base: base, height: height)
        let cameraY = t.cameraPosition.y
        let near = t.nearDepth, far = t.farDepth
        let upright = zTop > zBase
        var a = ring[ring.count - 1]
        for (index, b) in ring.enumerated() {
            defer { a = b }
            if let cutEdges, cutEdges[index == 0 ? ring.count - 1 : index - 1] { continue }
            // the edge runs a -> b with the solid on its right-hand side (y down): its outward normal
            let ex = b.x - a.x, ey = b.y - a.y
            let outward = (x: ey, y: -ex)
            if t.projectionMode.axonometric {
                // no camera position: the wall faces the viewer when its quad turns clockwise on screen
                // (MapLibre culls by winding)
                let corners = [t.screen(camera: t.cameraPoint(plane: a, z: zBase)), t.screen(camera: t.cameraPoint(plane: b, z: zBase)),
                               t.screen(camera: t.cameraPoint(plane: b, z: zTop)), t.screen(camera: t.cameraPoint(plane: a, z: zTop))]
                var area = 0.0
                var previous = corners[3]
                for p in corners {
                    area += previous.x * p.y - p.x * previous.y
                    previous = p
                }
                if !(area > 0) { continue }
            } else {
                // a wall faces the camera when the camera is on its outer side (inner side when upside down)
                let side = outward.x * (0 - a.x) + outward.y * (cameraY - a.y)
                if upright ? side <= 0 : side >= 0 { continue }
            }
            // MapLibre's wall normal: perp(current - previous), from the world-aligned edge, packed into
            // 16-bit integers as its vertex attributes are
            let w = transform.unrotate(Point(x: ex, y: ey))
            let length = (w.x * w.x + w.y * w.y).squareRoot()
            guard length > 0 else { continue }
            let nx = -w.y / length, ny = w.x / length
            let bottom = pattern == nil ? shading.wall(color, nx: nx, ny: ny, t: 0, base: base, height: height)
                                        : shading.patternWall(nx: nx, ny: ny, t: 0, base: base, height: height)
            let top = pattern == nil ? shading.wall(color, nx: nx, ny: ny, t: 1, base: base, height: height)
                                     : shading.patternWall(nx: nx, ny: ny, t: 1, base: base, height: height)
            let (uA, uB) = layout.map { ($0.edgeEnd[index], $0.edgeStart[index]) } ?? (0, 0)
            let (vBase, vTop) = layout.map { ($0.vBase, $0.vTop) } ?? (0, 0)
            let quad = [ExtrusionVertex(point: t.cameraPoint(plane: a, z: zBase), t: 0, u: uA, v: vBase),
                        ExtrusionVertex(point: t.cameraPoint(plane: b, z: zBase), t: 0, u: uB, v: vBase),
                        ExtrusionVertex(point: t.cameraPoint(plane: b, z: zTop), t: 1, u: uB, v: vTop),
                        ExtrusionVertex(point: t.cameraPoint(plane: a, z: zTop), t: 1, u: uA, v: vTop)]
            let clipped = PaintContext.clipToDepth(quad, near: near, far: far)
            guard clipped.count >= 3 else { continue }
            let screen = clipped.map { t.screen(camera: $0.point) }
            for k in 1..<(clipped.count - 1) {
                rasterizeWallTriangle((screen[0], clipped[0]), (screen[k], clipped[k]), (screen[k + 1], clipped[k + 1]),
                                      bottom: bottom, top: top, pattern: pattern, into: &buffer)
            }
        }
    }

    /// One wall triangle: inverse depth and `t / depth` are affine on screen, so both are interpolated
    /// exactly (perspective-correct) from the corners; the colour is mixed from bottom to top by `t`.
    func rasterizeWallTriangle(_ p0: (Point, ExtrusionVertex), _ p1: (Point, ExtrusionVertex), _ p2: (Point, ExtrusionVertex),
                                       bottom: (Float, Float, Float), top: (Float, Float, Float), pattern: StyleImage? = nil,
                                       into buffer: inout ExtrusionBuffer) {
        let (s0, v0) = p0, (s1, v1) = p1, (s2, v2) = p2
        let det = (s1.x - s0.x) * (s2.y - s0.y) - (s2.x - s0.x) * (s1.y - s0.y)
        guard det.isFinite, abs(det) > 1e-12 else { return }
        // perspective-correct interpolation divides by w; the depth test compares the depth key
        // (the same as 1 / w with the perspective camera)
        let q0 = 1 / v0.point.w, q1 = 1 / v1.point.w, q2 = 1 / v2.point.w
        // f(x, y) = f0 + fx (x - s0.x) + fy (y - s0.y)
        func gradient(_ f0: Double, _ f1: Double, _ f2: Double) -> (Double, Double) {
            let fx = ((f1 - f0) * (s2.y - s0.y) - (f2 - f0) * (s1.y - s0.y)) / det
            let fy = ((f2 - f0) * (s1.x - s0.x) - (f1 - f0) * (s2.x - s0.x)) / det
            return (fx, fy)
        }
        let axonometric = transform.projectionMode.axonometric
        let k0 = transform.depthKey(v0.point)
        let (kx, ky) = axonometric ? gradient(k0, transform.depthKey(v1.point), transform.depthKey(v2.point)) : (0, 0)
        let (qx, qy) = gradient(q0, q1, q2)
        let (rx, ry) = gradient(v0.t * q0, v1.t * q1, v2.t * q2)
        let r0 = v0.t * q0
        if let pattern {
            let (ux, uy) = gradient(v0.u * q0, v1.u * q1, v2.u * q2), (vx, vy) = gradient(v0.v * q0, v1.v * q1, v2.v * q2)
            let u0 = v0.u * q0, w0 = v0.v * q0
            let (w, h) = pattern.displaySize
            guard w > 0, h > 0 else { return }
            PixelCenterScanner.scanTriangle(s0, s1, s2, clip: clip) { y, x0, x1 in
                let dy = Double(y) + 0.5 - s0.y
                for x in x0..<x1 {
                    let dx = Double(x) + 0.5 - s0.x
                    let q = q0 + qx * dx + qy * dy
                    guard q > 0 else { continue }
                    let f = Float(max(0, min(1, (r0 + rx * dx + ry * dy) / q)))
                    let u = (u0 + ux * dx + uy * dy) / q, v = (w0 + vx * dx + vy * dy) / q
                    let c = PaintContext.patternSample(pattern, u / w, v / h)
                    buffer.write(x: x, y: y, inverseDepth: Float(axonometric ? k0 + kx * dx + ky * dy : q),
                                 r: c.r * (bottom.0 + (top.0 - bottom.0) * f), g: c.g * (bottom.1 + (top.1 - bottom.1) * f),
                                 b: c.b * (bottom.2 + (top.2 - bottom.2) * f), a: c.a)
                }
            }
            return
        }
        PixelCenterScanner.scanTriangle(s0, s1, s2, clip: clip) { y, x0, x1 in
            let dy = Double(y) + 0.5 - s0.y
            for x in x0..<x1 {
                let dx = Double(x) + 0.5 - s0.x
                let q = q0 + qx * dx + qy * dy
                guard q > 0 else { continue }
                let f = Float(max(0, min(1, (r0 + rx * dx + ry * dy) / q)))
                buffer.write(x: x, y: y, inverseDepth: Float(axonometric ? k0 + kx * dx + ky * dy : q),
                             r: bottom.0 + (top.0 - bottom.0) * f, g: bottom.1 + (top.1 - bottom.1) * f,
                             b: bottom.2 + (top.2 - bottom.2) * f)
            }
        }
    }

    /// A convex polygon (or one ring) of camera-space vertices cut to `near...far` depths.
    static func clipToDepth(_ polygon: [ExtrusionVertex], near: Double, far: Double) -> [ExtrusionVertex] {
        func cut(_ input: [ExtrusionVertex], keep: (Double) -> Bool, at limit: Double) -> [ExtrusionVertex] {
            if input.allSatisfy({ keep($0.point.depth) }) { return input }
            var out: [ExtrusionVertex] = []
            guard var previous = input.last else { return out }
            for current in input {
                let inside = keep(current.point.depth), wasInside = keep(previous.point.depth)
                if inside != wasInside {
                    let f = (limit - previous.point.depth) / (current.point.depth - previous.point.depth)
                    func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
                    // the divisor is the depth unless the projection is axonometric
                    let perspective = previous.point.w == previous.point.depth && current.point.w == current.point.depth
                    out.append(ExtrusionVertex(point: CameraPoint(x: lerp(previous.point.x, current.point.x),
                                                                  y: lerp(previous.point.y, current.point.y), depth: limit,
                                                                  w: perspective ? limit : lerp(previous.point.w, current.point.w)),
                                               t: lerp(previous.t, current.t), u: lerp(previous.u, current.u),
                                               v: lerp(previous.v, current.v)))
                }
                if inside { out.append(current) }
                previous = current
            }
            return out
        }
        guard polygon.allSatisfy({ $0.point.depth.isFinite && $0.point.x.isFinite && $0.point.y.isFinite }) else { return [] }
        return cut(cut(polygon, keep: { $0 >= near }, at: near), keep: { $0 <= far }, at: far)
    }

    /// Composites the layer's drawn pixels over the canvas with its opacity.
    func composite(_ buffer: ExtrusionBuffer, opacity: Float) {
        let w = canvasWidth, px = pixels
        for y in clip.y0..<clip.y1 {
            for x in clip.x0..<clip.x1 {
                let i = (y - clip.y0) * buffer.width + (x - clip.x0)
                guard buffer.covered[i] else { continue }
                let c = PremultipliedColor(r: buffer.colors[4 * i] * opacity, g: buffer.colors[4 * i + 1] * opacity,
                                           b: buffer.colors[4 * i + 2] * opacity, a: buffer.colors[4 * i + 3] * opacity)
                Canvas.blendPixel(px, offset: 4 * (y * w + x), color: c, alpha: 1)
            }
        }
    }
}

/// MapLibre's fill-extrusion vertex lighting.
struct ExtrusionShading {
    /// The direction towards the light in world axes (x east, y south, z up).
    var light: (x: Double, y: Double, z: Double)
    var lightColor: RenderColor
    var intensity: Double
    var verticalGradient: Bool
    /// Which walls the vertical gradient darkens: GL JS's shaders only those whose packed normal has a `y` (not a wall
    /// facing due east or west: `normal.y != 0.0`), MapLibre Native's every wall (`normal.z == 0.0`)
    /// (``Transform/glJSRules``).
    var glJSRules = false

    /// Whether a vertex of packed `normal` is darkened towards its foot (``glJSRules``).
    @inline(__always)
    private func hasGradient(_ normal: (Double, Double, Double)) -> Bool {
        glJSRules ? normal.1 != 0 : normal.2 == 0
    }

    /// A height or base in metres as the shader reads it: at least 0, finite (NaN is 0).
    static func sanitized(_ v: Double) -> Double {
        guard !v.isNaN else { return 0 }
        return max(0, min(v, 1e9))
    }

    /// The colour of a roof vertex (normal straight up).
    func roof(_ color: PremultipliedColor) -> (Float, Float, Float) {
        shade(color, normal: (1, 0, 16384), t: 1, base: 0, height: 0)
    }

    /// The colour of a wall vertex (`t` 0 at the foot, 1 at the top) for a wall of normal `nx, ny`.
    func wall(_ color: PremultipliedColor, nx: Double, ny: Double, t: Double, base: Double, height: Double) -> (Float, Float, Float) {
        let packedX = (nx * 8192).rounded(.down) * 2 + t
        let packedY = (ny * 16384).rounded(.towardZero)
        return shade(color, normal: (packedX, packedY, 0), t: t, base: base, height: height)
    }

    /// The pattern shader's lighting of a roof vertex (multiplies the pattern's colour).
    func patternRoof() -> (Float, Float, Float) { patternLighting(normal: (1, 0, 16384), t: 1, base: 0, height: 0) }

    /// The pattern shader's lighting of a wall vertex.
    func patternWall(nx: Double, ny: Double, t: Double, base: Double, height: Double) -> (Float, Float, Float) {
        let packedX = (nx * 8192).rounded(.down) * 2 + t
        let packedY = (ny * 16384).rounded(.towardZero)
        return patternLighting(normal: (packedX, packedY, 0), t: t, base: base, height: height)
    }

    private func patternLighting(normal: (Double, Double, Double), t: Double, base: Double, height: Double) -> (Float, Float, Float) {
        let dot = (normal.0 * light.x + normal.1 * light.y + normal.2 * light.z) / 16384
        var directional = max(0, min(1, dot))
        let low = 1 - intensity, high = max(0.5 + intensity, 1)
        directional = low + (high - low) * directional
        if hasGradient(normal) {
            let gradient = verticalGradient ? 1.0 : 0.0
            let floor = 0.7 + (0.98 - 0.7) * (1 - intensity)
            let along = max(floor, min(1, (t + base) * (height / 150).squareRoot()))
            directional *= (1 - gradient) + gradient * along
        }
        func channel(_ l: Float) -> Float { Float(max(0.3 * (1 - Double(l)), min(1, directional * Double(l)))) }
        return (channel(lightColor.red), channel(lightColor.green), channel(lightColor.blue))
    }

    /// The vertex shader's colour for a packed normal (components scaled by 16384).
    private func shade(_ color: PremultipliedColor, normal: (Double, Double, Double), t: Double, base: Double, height: Double) -> (Float, Float, Float) {
        let r = Double(color.r), g = Double(color.g), b = Double(color.b)
        let luminance = r * 0.2126 + g * 0.7152 + b * 0.0722
        let cr = r + 0.03, cg = g + 0.03, cb = b + 0.03
        let dot = (normal.0 * light.x + normal.1 * light.y + normal.2 * light.z) / 16384
        var directional = max(0, min(1, dot))
        let low = 1 - intensity, high = max(1 - luminance + intensity, 1)
        directional = low + (high - low) * directional
        if hasGradient(normal) {  // walls darken towards their foot (in MapLibre Native, whichever way they face)
            let gradient = verticalGradient ? 1.0 : 0.0
            let floor = 0.7 + (0.98 - 0.7) * (1 - intensity)
            let along = max(floor, min(1, (t + base) * (height / 150).squareRoot()))
            directional *= (1 - gradient) + gradient * along
        }
        func channel(_ c: Double, _ l: Float) -> Float {
            let l = Double(l)
            return Float(max(0.3 * (1 - l), min(1, c * directional * l)))
        }
        return (channel(cr, lightColor.red), channel(cg, lightColor.green), channel(cb, lightColor.blue))
    }
}
