import Foundation
import Geo
import MapStyle

extension PaintContext {
    /// Draws a circle layer like MapLibre's circle shader: for extrusion length `len` (1 at radius +
    /// stroke width), alpha `smoothstep(0, -max(blur, 1 px), len - 1)`, colour mixing from fill to stroke
    /// at `radius / (radius + stroke width)`.
    mutating func paintCircle(_ layer: CircleLayer) {
        let t = transform
        let ratio = t.pixelRatio
        let shift = planeTranslation(layer.translate, anchor: layer.translateAnchor)
        let pitchWithMap = layer.pitchAlignment == .map
        let scaleWithMap = layer.pitchScale == .map
        let w = canvasWidth, clip = clip, px = pixels
        // Circles that cover the whole clip in their fill colour are counted, not painted: a run of
        // them composites once (``repeated(_:_:)``), so a huge radius costs the clip once per run of
        // equal colours, not once per point.
        var covering = (color: PremultipliedColor(r: 0, g: 0, b: 0, a: 0), count: 0)
        let corners = clip.isEmpty ? [] : [Point(x: Double(clip.x0) + 0.5, y: Double(clip.y0) + 0.5),
                                           Point(x: Double(clip.x1) - 0.5, y: Double(clip.y0) + 0.5),
                                           Point(x: Double(clip.x1) - 0.5, y: Double(clip.y1) - 0.5),
                                           Point(x: Double(clip.x0) + 0.5, y: Double(clip.y1) - 0.5)]
        // On the globe, a circle pitched with the map lies on the sphere (GL JS turns its centre's
        // unit vector by the extrusion's angles, `globeRotateVector`): each pixel's extrusion is the
        // angles from the centre to the sphere point under it.
        let sphereCircles = pitchWithMap ? t.globe : nil
        let cornerPlanes = pitchWithMap && sphereCircles == nil ? corners.map { t.plane(screen: $0) } : []
        defer { if covering.count > 0 { fillClip(Self.repeated(covering.color, covering.count)) } }
        for (i, feature) in layer.features.enumerated() {
            let radius = max(0, layer.radius[i])
            let strokeWidth = max(0, layer.strokeWidth[i])
            let outer = radius + strokeWidth
            // A non-finite radius or stroke draws nothing (MapLibre's extrusion becomes NaN or infinite).
            if !(outer > 0) || !outer.isFinite { continue }
            let featureFill = layer.color[i].premultiplied(opacity: Float(layer.opacity[i]))
            let featureStroke = layer.strokeColor[i].premultiplied(opacity: Float(layer.strokeOpacity[i]))
            if featureFill.a <= 0 && (featureStroke.a <= 0 || strokeWidth < 0.01) { continue }
            let blur = max(0, layer.blur[i])
            let aaBlur = 1 / ratio / outer
            let antialiasedBlur = -max(blur, aaBlur)
            let strokeStart = radius / outer
            let hasStroke = strokeWidth >= 0.01
            let featureOuterDevice = outer * ratio
            // Inside this extrusion length (squared) opacity is 1 and the colour is the fill colour.
            let innerOpacity = max(0, 1 + antialiasedBlur)
            let innerColor = hasStroke ? max(0, strokeStart + antialiasedBlur) : innerOpacity
            let innerFill2 = min(innerOpacity, innerColor) * min(innerOpacity, innerColor)
            let featureMargin = 4 * featureOuterDevice + shift.length
            for (k, c) in feature.points.enumerated() {
                // over terrain, a circle sized by its raised position's depth, not the flat ground's it is drawn at
                let pointScale = scaleWithMap ? Double(feature.scale.map { k < $0.count ? $0[k] : 1 } ?? 1) : 1
                let outerDevice = featureOuterDevice * pointScale
                let margin = pointScale == 1 ? featureMargin : 4 * outerDevice + shift.length
                guard let copies = copies(worldWest: c.x, worldEast: c.x, margin: margin) else { continue }
                // over terrain, a point hidden behind hills fades (GL JS's v_visibility scales the whole colour)
                let visibility = feature.visibility.map { k < $0.count ? $0[k] : 1 } ?? 1
                let fill = visibility < 1 ? featureFill.scaled(visibility) : featureFill
                let stroke = visibility < 1 ? featureStroke.scaled(visibility) : featureStroke
                let shading = CircleShading(fill: fill, stroke: hasStroke ? stroke : nil, strokeStart: strokeStart,
                                            antialiasedBlur: antialiasedBlur, innerFill2: innerFill2)
                for copy in copies {
                    if hiddenOnGlobe(c, copy: copy) { continue }
                    // a zoom 0 tile's point past the antimeridian (its buffer's wrapped copy) would land on the tile's
                    // own point on the sphere: a tile draws only its own points (GL JS's circle bucket skips the rest)
                    if let band = globeSeamBand(copy: copy), c.x < band.minX || c.x >= band.maxX { continue }
                    if let g = sphereCircles {
                        paintSphereCircle(c, copy: copy, shift: shift, globe: g, outer: outerDevice, scaleWithMap: scaleWithMap,
                                          shading: shading)
                        continue
                    }
                    // on the globe the translate moves the centre on the map (GL JS adds `u_translate` in tile units)
                    let center = t.globe == nil ? t.plane(mercator: c, copy: copy) + shift
                        : t.plane(Transform.coordinate(mercator: c), copy: copy, translatedBy: shift)
                    let centerScreen = t.screen(plane: center)
                    guard centerScreen.x.isFinite, centerScreen.y.isFinite else { continue }
                    // Screen-space radius (viewport alignment) or plane-space radius (map alignment); on
                    // the globe, circles far from the camera (towards the limb) are smaller
                    let wCenter = t.depthRatio(plane: center)
                    if wCenter <= 0 { continue }
                    var minX: Double, maxX: Double, minY: Double, maxY: Double
                    var radiusScreen = 0.0, radiusPlane = 0.0
                    if pitchWithMap {
                        radiusPlane = outerDevice * (scaleWithMap ? 1 : wCenter)
                        minX = .infinity; maxX = -.infinity; minY = .infinity; maxY = -.infinity
                        for (sx, sy) in [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)] {
                            let s = t.screen(plane: center + Point(x: sx * radiusPlane, y: sy * radiusPlane))
                            minX = min(minX, s.x); maxX = max(maxX, s.x)
                            minY = min(minY, s.y); maxY = max(maxY, s.y)
                        }
                    } else {
                        radiusScreen = outerDevice * (scaleWithMap ? 1 / wCenter : 1)
                        minX = centerScreen.x - radiusScreen; maxX = centerScreen.x + radiusScreen
                        minY = centerScreen.y - radiusScreen; maxY = centerScreen.y + radiusScreen
                    }
                    let x0 = clip.firstColumn(atOrRightOf: minX)
                    let x1 = clip.firstColumn(atOrRightOf: maxX)
                    let y0 = clip.firstRow(atOrBelow: minY)
                    let y1 = clip.firstRow(atOrBelow: maxY)
                    if x0 >= x1 || y0 >= y1 { continue }
                    if tileClip == nil && !corners.isEmpty {
                        // The colour every pixel of the clip gets, if one does: the fill when the clip lies
                        // inside the opaque fill disk, the stroke when it lies inside the opaque stroke ring.
                        var cover: PremultipliedColor?
                        if pitchWithMap {
                            let inside = cornerPlanes.allSatisfy { q in
                                guard let q else { return false }
                                let ex = (q.x - center.x) / radiusPlane, ey = (q.y - center.y) / radiusPlane
                                return ex * ex + ey * ey < innerFill2
                            }
                            if inside { cover = fill }
                        } else {
                            var far2 = 0.0
                            for c in corners {
                                let ex = (c.x - centerScreen.x) / radiusScreen, ey = (c.y - centerScreen.y) / radiusScreen
                                far2 = max(far2, ex * ex + ey * ey)
                            }
                            let nx = (min(max(centerScreen.x, corners[0].x), corners[2].x) - centerScreen.x) / radiusScreen
                            let ny = (min(max(centerScreen.y, corners[0].y), corners[2].y) - centerScreen.y) / radiusScreen
                            let near2 = nx * nx + ny * ny
                            if far2 < innerFill2 {
                                cover = fill
                            } else if hasStroke, near2 >= strokeStart * strokeStart, far2 <= innerOpacity * innerOpacity {
                                cover = stroke
                            }
                        }
                        if let cover {
                            if covering.count > 0 && covering.color != cover {
                                fillClip(Self.repeated(covering.color, covering.count))
                                covering.count = 0
                            }
                            covering.color = cover
                            covering.count += 1
                            continue
                        }
                    }
                    if covering.count > 0 {
                        fillClip(Self.repeated(covering.color, covering.count))
                        covering.count = 0
                    }
                    /// Shades pixel (x, y) at extrusion (ex, ey) (1 at radius + stroke width).
                    func shade(_ x: Int, _ y: Int, _ ex: Double, _ ey: Double) {
                        shading.shade(px, offset: 4 * (y * w + x), ex, ey)
                    }
                    if pitchWithMap && t.subpixelSnapping && t.isPitched {
                        // GL JS's reference pictures: the pixels of the quad from snapped vertices
                        // (``SnappedCircleQuad``; its sides along the tile's axes), each shaded at its exact extrusion
                        let quad = [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { (sx, sy) in
                            t.snapped(t.screen(plane: center + t.rotate(Point(x: sx * radiusPlane, y: sy * radiusPlane))))
                        }
                        let spans = tileSpans
                        SnappedCircleQuad.scan(quad, clip: clip) { y, x0, x1 in
                            let (rowX0, rowX1) = PaintContext.tileSpan(spans, row: y, x0, x1)
                            for x in rowX0..<max(rowX0, rowX1) {
                                guard let q = t.plane(screen: Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) else { continue }
                                shade(x, y, (q.x - center.x) / radiusPlane, (q.y - center.y) / radiusPlane)
                            }
                        }
                        continue
                    }
                    for y in y0..<y1 {
                        let cy = Double(y) + 0.5
                        let (rowX0, rowX1) = tileSpan(row: y, x0, x1)
                        if rowX0 >= rowX1 { continue }
                        for x in rowX0..<rowX1 {
                            let cx = Double(x) + 0.5
                            if pitchWithMap {
                                guard let q = t.plane(screen: Point(x: cx, y: cy)) else { continue }
                                shade(x, y, (q.x - center.x) / radiusPlane, (q.y - center.y) / radiusPlane)
                            } else {
                                shade(x, y, (cx - centerScreen.x) / radiusScreen, (cy - centerScreen.y) / radiusScreen)
                            }
                        }
                    }
                }
            }
        }
    }

    /// One circle pitched with the map on the globe: the pixels whose sphere point lies within `outer`
    /// device pixels' worth of angle (``GlobeView/extrudeAngle``; times the centre's depth ratio for
    /// `circle-pitch-scale: viewport`) of the centre, in the tangent frame GL JS extrudes in.
    private mutating func paintSphereCircle(_ c: Point, copy: Int, shift: Point, globe g: GlobeView, outer: Double, scaleWithMap: Bool,
                                            shading: CircleShading) {
        let t = transform
        var m = t.quantized(c)
        m.x += Double(copy)
        // circle-translate moves the centre on the map (GL JS adds it in tile units)
        let turned = t.unrotate(shift)
        m = Point(x: m.x + turned.x / t.worldSize, y: m.y + turned.y / t.worldSize)
        let centre = g.spherePoint(worldX: m.x, y: m.y)
        guard let frame = GlobeView.tangentFrame(centre) else { return }
        let angle = g.extrudeAngle * outer * (scaleWithMap ? 1 : g.depthRatio(sphere: centre, worldX: m.x, y: m.y))
        guard angle > 0, angle < 1.5 else { return }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        let k = tan(angle)
        for (ex, ey) in [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1), (0, -1), (1, 0), (0, 1), (-1, 0)] {
            var v = centre + frame.east * (ex * k) + frame.south * (ey * k)
            v = v * (1 / v.length)
            let p = g.screen(sphere: v)
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        let x0 = clip.firstColumn(atOrRightOf: minX), x1 = clip.firstColumn(atOrRightOf: maxX)
        let y0 = clip.firstRow(atOrBelow: minY), y1 = clip.firstRow(atOrBelow: maxY)
        if x0 >= x1 || y0 >= y1 { return }
        let w = canvasWidth, px = pixels
        for y in y0..<y1 {
            let cy = Double(y) + 0.5
            let (rowX0, rowX1) = tileSpan(row: y, x0, x1)
            if rowX0 >= rowX1 { continue }
            for x in rowX0..<rowX1 {
                guard let s = g.spherePoint(screenX: Double(x) + 0.5, y: cy),
                      let a = GlobeView.extrudeAngles(of: s, around: centre, frame: frame) else { continue }
                shading.shade(px, offset: 4 * (y * w + x), a.x / angle, a.y / angle)
            }
        }
    }

    /// `color` composited source-over `count` times, as one colour: alpha `1 - (1 - a)^count`.
    static func repeated(_ color: PremultipliedColor, _ count: Int) -> PremultipliedColor {
        let a = Double(color.a)
        if count == 1 || a >= 1 || a <= 0 { return color }
        let total = 1 - pow(1 - a, Double(count))
        let f = Float(total / a)
        return PremultipliedColor(r: color.r * f, g: color.g * f, b: color.b * f, a: Float(total))
    }
}

/// How a circle's pixels are shaded from their extrusion (MapLibre's circle shader): the fill, the stroke ring
/// from `strokeStart` outwards, the antialiased (or blurred) edge; the same on the map and on the globe.
struct CircleShading {
    let fill: PremultipliedColor
    let stroke: PremultipliedColor?
    /// Where the stroke starts, as a fraction of the outer radius.
    let strokeStart: Double
    /// The edge's (negative) smoothstep width.
    let antialiasedBlur: Double
    /// The squared extrusion below which a pixel is plain fill at full opacity.
    let innerFill2: Double

    /// Blends the pixel at `offset` at extrusion (`ex`, `ey`) (length 1 at radius + stroke width).
    @inline(__always)
    func shade(_ pixels: UnsafeMutablePointer<Float>, offset: Int, _ ex: Double, _ ey: Double) {
        let len2 = ex * ex + ey * ey
        if len2 >= 1 { return }
        if len2 < innerFill2 {
            // Fully opaque, pure fill colour: no smoothstep needed.
            Canvas.blendPixel(pixels, offset: offset, color: fill, alpha: 1)
            return
        }
        let len = len2.squareRoot()
        let opacityT = smoothstep(0, antialiasedBlur, len - 1)
        if opacityT <= 0 { return }
        let color = stroke.map { PremultipliedColor.mix(fill, $0, Float(smoothstep(antialiasedBlur, 0, len - strokeStart))) } ?? fill
        Canvas.blendPixel(pixels, offset: offset, color: color, alpha: Float(opacityT))
    }
}
