import GeoJSON
extension PaintContext {
    /// Draws a fill layer like MapLibre: interiors sampled at pixel centres, then (with antialias) each
    /// ring edge as a 2 px line whose alpha falls off as `1 - smoothstep(0, 1, distance)`.
    mutating func paintFill(_ layer: FillLayer) {
        let shift = planeTranslation(layer.translate, anchor: layer.translateAnchor)
        let w = canvasWidth, p = pixels, clip = clip
        // (the globe view as the cover holds it: taken from the transform, it kept the whole transform alive, copied
        // and released around every call that may change the context, a few thousand times a snapshot)
        let globe = globeView, snapping = transform.subpixelSnapping
        let onGlobe = globe != nil
        // on the sphere the outlines read the rings the interiors projected (see GlobeOutlineRecords)
        scratch.outlineRecords.reset(recording: globe?.isSphere == true && layer.antialias && shift == Point(x: 0, y: 0)
                                        && !(layer.patterns != nil && layer.outlineColor != nil))
        defer { scratch.outlineRecords.reset(recording: false) }
        for (i, feature) in layer.features.enumerated() {
            let color = layer.color[i].premultiplied(opacity: Float(layer.opacity[i]))
            if let patterns = layer.patterns, patterns[i] == nil { continue }  // its pattern is missing: nothing drawn
            if color.a <= 0 && layer.patterns == nil { continue }
            // a feature wholly in another band's rows is not projected or scanned here
            if !onGlobe, let copies = copies(worldWest: feature.bounds.minX, worldEast: feature.bounds.maxX, margin: 2 + shift.length),
               !copies.contains(where: { mayTouchRows(feature.bounds, copy: $0, margin: 2 + shift.length) }) {
                continue
            }
            if let globe, shift == Point(x: 0, y: 0), globeSkips(feature.bounds, cache: feature.globeSplits, globe: globe, margin: 2) {
                continue
            }
            for (polygonIndex, polygon) in feature.polygons.enumerated() {
                guard let exterior = polygon.first, exterior.count >= 3 else { continue }
                let (west, east) = PaintContext.worldXBounds(exterior)
                guard let copies = copies(worldWest: west, worldEast: east, margin: 2 + shift.length) else { continue }
                for copy in copies {
                    // the interior's vertices where the GPU puts them (the outline's antialiasing reads the true edge)
                    if let globe {
                        projectGlobeRings(polygon, copy: copy, shift: shift, globe: globe, cache: (feature.globeSplits, polygonIndex),
                                          record: (i, polygonIndex))
                    } else {
                        projectRings(polygon, copy: copy, shift: shift, snapped: snapping)
                    }
                    var sc = PixelCenterScanner()
                    swap(&sc, &scratch.scanner)
                    let rings = scratch.screenRings
                    if let pattern = layer.patterns?[i] {
                        let opacity = Float(max(0, min(1, layer.opacity[i])))
                        sc.scan(rings: rings, rule: .evenOdd, clip: clip, ties: onGlobe ? .above : nil) { y, x0, x1 in
                            let (a, b) = tileSpan(row: y, x0, x1)
                            for x in a..<max(a, b) {
                                guard let c = patternColor(pattern, x: x, y: y), c.a > 0 else { continue }
                                Canvas.blendPixel(p, offset: 4 * (y * w + x), color: c.scaled(opacity), alpha: 1)
                            }
                        }
                    } else if let cover = globeCover {
                        // on the globe the rings are closed along the true horizon, a fraction of a pixel
                        // outside the outline GL JS draws (its triangles cut by the horizon plane, the
                        // chords of its tile grid): the fill keeps to the rows of the globe's tile meshes;
                        // a pixel centre on a horizontal edge goes to the polygon above it, as in GL JS's
                        // pictures (the globe is GL JS's alone: MapLibre Native's tie rule need not hold)
                        let spans = tileSpans
                        sc.scan(rings: rings, rule: .evenOdd, clip: clip, ties: .above) { y, x0, x1 in
                            cover.forEachSpan(row: y, from: x0, to: x1) { c0, c1 in
                                let (a, b) = PaintContext.tileSpan(spans, row: y, c0, c1)
                                if a < b { Canvas.blendSpan(p, offset: 4 * (y * w + a), count: b - a, color: color) }
                            }
                        }
                    } else if tileClip == nil {
                        sc.scan(rings: rings, rule: .evenOdd, clip: clip) { y, x0, x1 in
                            Canvas.blendSpan(p, offset: 4 * (y * w + x0), count: x1 - x0, color: color)
                        }
                    } else {
                        // the closure reads the tile's spans, not `self`: capturing the context made the
                        // scanner copy it (its arrays and caches retained and released) for every span
                        let spans = tileSpans
                        sc.scan(rings: rings, rule: .evenOdd, clip: clip) { y, x0, x1 in
                            let (a, b) = PaintContext.tileSpan(spans, row: y, x0, x1)
                            if a < b { Canvas.blendSpan(p, offset: 4 * (y * w + a), count: b - a, color: color) }
                        }
                    }
                    swap(&sc, &scratch.scanner)
                }
            }
        }
        if layer.antialias { paintFillOutlines(layer, shift: shift) }
    }

    /// Projects polygon rings of the flat map to screen points into `scratch.screenRings`, `snapped` as the GPU places
    /// vertices (``Transform/snapped(_:)``); on the globe, ``projectGlobeRings(_:copy:shift:globe:granularity:cache:)``.
    mutating func projectRings(_ rings: [[Point]], copy: Int, shift: Point, snapped: Bool = false) {
        scratch.screenRings.removeAll()
        for ring in rings {
            for c in ring {
                let s = transform.screen(plane: transform.plane(mercator: c, copy: copy) + shift)
                scratch.screenRings.add(snapped ? transform.snapped(s) : s)
            }
            scratch.screenRings.endRun()
        }
    }

    private mutating func paintFillOutlines(_ layer: FillLayer, shift: Point) {
        // MapLibre draws a patterned fill's outline with its pattern, and only when the style sets no
        // `fill-outline-color` (the pattern shaders have no outline colour: no outline at all)
        if layer.patterns != nil && layer.outlineColor != nil { return }
        // (the globe view as the cover holds it: see paintFill)
        let globe = globeView
        let turned = transform.unrotate(shift)
        let worldShift = Point(x: turned.x / transform.worldSize, y: turned.y / transform.worldSize)
        // a ring's outline runs on the globe, emptied for each ring
        var runs = PointRuns()
        for (i, feature) in layer.features.enumerated() {
            let base = layer.outlineColor?[i] ?? layer.color[i]
            let color = base.premultiplied(opacity: Float(layer.opacity[i]))
            let pattern = layer.patterns?[i]
            if layer.patterns != nil && pattern == nil { continue }
            if color.a <= 0 && pattern == nil { continue }
            let patternOpacity = Float(max(0, min(1, layer.opacity[i])))
            if globe == nil, let copies = copies(worldWest: feature.bounds.minX, worldEast: feature.bounds.maxX, margin: 2 + shift.length),
               !copies.contains(where: { mayTouchRows(feature.bounds, copy: $0, margin: 2 + shift.length) }) {
                continue
            }
            if let globe, shift == Point(x: 0, y: 0), globeSkips(feature.bounds, cache: feature.globeSplits, globe: globe, margin: 3) {
                continue
            }
            for (polygonIndex, polygon) in feature.polygons.enumerated() {
                guard let exterior = polygon.first, exterior.count >= 2 else { continue }
                let (west, east) = PaintContext.worldXBounds(exterior)
                guard let copies = copies(worldWest: west, worldEast: east, margin: 2 + shift.length) else { continue }
                for copy in copies {
                    if let globe {
                        // on the globe: the rings' runs in front of the horizon (the horizon is no edge), moved
                        // on the map by the translate (only their parts near this band: globeVisibleWorldRuns)
                        let unmoved = shift == Point(x: 0, y: 0)
                        for (ringIndex, ring) in polygon.enumerated() {
                            let key = GlobeRingProjection.Key(feature: i, polygon: polygonIndex, copy: copy, ring: ringIndex)
                            runs.removeAll()
                            if unmoved, let projected = scratch.outlineRecords.take(key) {
                                globeRecordedRuns(projected, globe: globe, margin: 3 + shift.length, into: &runs)
                            } else {
                                let moved = unmoved ? ring : ring.map { $0 + worldShift }
                                if let band = globeSeamBand(copy: copy), let pieces = PaintContext.seamPieces(moved, closed: true, band: band) {
                                    // a zoom 0 tile's ring reaching past the antimeridian: its outline within the tile
                                    for piece in pieces {
                                        globeVisibleWorldRuns(piece, copy: copy, closed: false, globe: globe, margin: 3 + shift.length,
                                                              granularity: GlobeGranularity.fill, screenPoints: true, into: &runs)
                                    }
                                } else {
                                    globeVisibleWorldRuns(moved, copy: copy, closed: true, globe: globe, margin: 3 + shift.length,
                                                          granularity: GlobeGranularity.fill, screenPoints: true,
                                                          cache: unmoved ? (feature.globeSplits, .outline, polygonIndex, ringIndex) : nil,
                                                          into: &runs)
                                }
                            }
                            for k in 0..<runs.count {
                                let run = runs.range(k)
                                guard run.count >= 2 else { continue }
                                for j in (run.lowerBound + 1)..<run.upperBound {
                                    paintOutlineEdge(runs.points[j - 1], runs.points[j], color: color, pattern: pattern,
                                                     patternOpacity: patternOpacity, oneWide: true)
                                }
                            }
                        }
                        continue
                    }
                    projectRings(polygon, copy: copy, shift: shift)
                    for k in 0..<scratch.screenRings.count where scratch.screenRings.range(k).count >= 2 {
                        let ring = scratch.screenRings[k]
                        var prev = ring[ring.index(before: ring.endIndex)]
                        // Open rings are closed; a closed ring's repeated point gives a zero-length edge.
                        for p in ring {
                            paintOutlineEdge(prev, p, color: color, pattern: pattern, patternOpacity: patternOpacity)
                            prev = p
                        }
                    }
                }
            }
        }
    }

    /// The perspective divisors (GL's clip `w`, over the camera's distance to the centre) of an edge's ends on the
    /// sphere, found under their screen points (at the horizon for a point just off the globe); nil off the sphere (a
    /// blend with Mercator).
    private func globeOutlineDepths(_ a: Point, _ b: Point) -> (Double, Double)? {
        guard let g = globeView, g.isSphere else { return nil }
        let (wa, wb) = (g.depthRatio(screenX: a.x, y: a.y), g.depthRatio(screenX: b.x, y: b.y))
        return wa > 0 && wb > 0 ? (wa, wb) : nil
    }

    /// The perspective divisor at screen point `s` (1 where the point is off the ground plane).
    private func edgeW(screen s: Point) -> Double {
        transform.plane(screen: s).map { transform.w(plane: $0) } ?? 1
    }

    /// One GL wide line (2 px) from `a` to `b`: pixels whose centre lies within 1 px of the line along
    /// the minor axis, alpha `1 - smoothstep(0, 1, minor distance)`.
    ///
    /// `oneWide`: the line WebGL draws (GL JS asks for a width of 2, browsers draw 1): one pixel per column
    /// (row) along the major axis, the one the line crosses (GL's diamond-exit rule), alpha `1 - smoothstep(0,
    /// 1, distance)` with the distance from the pixel centre to the line (the shader's `v_pos`, interpolated
    /// along the line, against `gl_FragCoord`). GL JS's outlines on the globe.
    mutating func paintOutlineEdge(_ a: Point, _ b: Point, color: PremultipliedColor, pattern: StyleImage? = nil,
                                   patternOpacity: Float = 1, oneWide: Bool = false) {
        let w = canvasWidth, clip = clip
        let dx = b.x - a.x, dy = b.y - a.y
        if dx == 0 && dy == 0 { return }
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return }
        // an edge more than its 1 px reach away from this band's pixels paints none of them
        if max(a.y, b.y) < Double(clip.y0) - 2 || min(a.y, b.y) > Double(clip.y1) + 2
            || max(a.x, b.x) < Double(clip.x0) - 2 || min(a.x, b.x) > Double(clip.x1) + 2 {
            return
        }
        let px = pixels
        let spans = tileSpans
        // Pitched views: the shader's `v_pos` varying is interpolated perspective-correctly along the
        // edge, so the position a fragment compares itself with slides along the edge towards the
        // nearer end (w is the perspective divisor of each end).
        // (the transform read in place: a copy per edge retained and released its references)
        let pitched = transform.isPitched
        let wa = pitched ? edgeW(screen: a) : 1
        let wb = pitched ? edgeW(screen: b) : 1
        @inline(__always) func interpolated(_ s: Double) -> Point {
            guard pitched, wa > 0, wb > 0 else { return Point(x: a.x + dx * s, y: a.y + dy * s) }
            let u = (s / wb) / ((1 - s) / wa + s / wb)
            return Point(x: a.x + dx * u, y: a.y + dy * u)
        }
        // one pixel at `distance` from the edge along the minor axis: the colour (or pattern) faded out
        func blendOutline(_ x: Int, _ y: Int, distance d: Double) {
            if d >= 1 { return }
            if let spans {
                let (first, end) = spans.span(row: y)
                if x < first || x >= end { return }
            }
            let alpha = Float(1 - smoothstep(0, 1, d))
            if let pattern {
                guard let c = patternColor(pattern, x: x, y: y) else { return }
                Canvas.blendPixel(px, offset: 4 * (y * w + x), color: c.scaled(patternOpacity), alpha: alpha)
            } else {
                Canvas.blendPixel(px, offset: 4 * (y * w + x), color: color, alpha: alpha)
            }
        }
        if oneWide {
            let length = (dx * dx + dy * dy).squareRoot()
            // On a pitched sphere the ends' depths differ: `v_pos`, interpolated perspective-correctly at the fragment's
            // place along the edge (GL's line parameter: the centre projected onto it), slides towards the nearer end,
            // and the middle of a long edge seen obliquely fades out (its `v_pos` a pixel or more from the fragment).
            let depths = transform.sinPitch > 1e-9 ? globeOutlineDepths(a, b) : nil
            @inline(__always) func distance(_ x: Int, _ y: Int, across: Double) -> Double {
                guard let (wa, wb) = depths else { return across }
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                let s = ((cx - a.x) * dx + (cy - a.y) * dy) / (length * length)
                let u = (s / wb) / ((1 - s) / wa + s / wb)
                let vx = a.x + dx * u - cx, vy = a.y + dy * u - cy
                return (vx * vx + vy * vy).squareRoot()
            }
            if abs(dx) >= abs(dy) {
                let (p, q) = a.x <= b.x ? (a, b) : (b, a)
                let slope = (q.y - p.y) / (q.x - p.x)
                for x in clip.firstColumn(atOrRightOf: p.x)..<max(clip.firstColumn(atOrRightOf: p.x), clip.firstColumn(atOrRightOf: q.x)) {
                    let ly = p.y + (Double(x) + 0.5 - p.x) * slope
                    let y = Int(ly.rounded(.down))
                    guard y >= clip.y0, y < clip.y1 else { continue }
                    blendOutline(x, y, distance: distance(x, y, across: abs(Double(y) + 0.5 - ly) * abs(dx) / length))
                }
            } else {
                let (p, q) = a.y <= b.y ? (a, b) : (b, a)
                let slope = (q.x - p.x) / (q.y - p.y)
                for y in clip.firstRow(atOrBelow: p.y)..<max(clip.firstRow(atOrBelow: p.y), clip.firstRow(atOrBelow: q.y)) {
                    let lx = p.x + (Double(y) + 0.5 - p.y) * slope
                    let x = Int(lx.rounded(.down))
                    guard x >= clip.x0, x < clip.x1 else { continue }
                    blendOutline(x, y, distance: distance(x, y, across: abs(Double(x) + 0.5 - lx) * abs(dy) / length))
                }
            }
            return
        }
        if abs(dx) >= abs(dy) {
            let (p, q) = a.x <= b.x ? (a, b) : (b, a)
            let slope = (q.y - p.y) / (q.x - p.x)
            let x0 = clip.firstColumn(atOrRightOf: p.x)
            let x1 = clip.firstColumn(atOrRightOf: q.x)
            if x0 >= x1 { return }
            for x in x0..<x1 {
                let cx = Double(x) + 0.5
                let ly = p.y + (cx - p.x) * slope
                let y0 = clampedInt((ly - 1.5).rounded(.down) + 1, clip.y0, clip.y1)
                let y1 = clampedInt((ly + 0.5).rounded(.up), clip.y0, clip.y1)
                if y0 >= y1 { continue }
                if pitched {
                    let v = interpolated((cx - a.x) / dx)
                    for y in y0..<y1 {
                        let ddx = v.x - cx, ddy = v.y - (Double(y) + 0.5)
                        blendOutline(x, y, distance: (ddx * ddx + ddy * ddy).squareRoot())
                    }
                    continue
                }
                for y in y0..<y1 {
                    blendOutline(x, y, distance: abs(Double(y) + 0.5 - ly))
                }
            }
        } else {
            let (p, q) = a.y <= b.y ? (a, b) : (b, a)
            let slope = (q.x - p.x) / (q.y - p.y)
            let y0 = clip.firstRow(atOrBelow: p.y)
            let y1 = clip.firstRow(atOrBelow: q.y)
            if y0 >= y1 { return }
            for y in y0..<y1 {
                let cy = Double(y) + 0.5
                let lx = p.x + (cy - p.y) * slope
                let x0 = clampedInt((lx - 1.5).rounded(.down) + 1, clip.x0, clip.x1)
                let x1 = clampedInt((lx + 0.5).rounded(.up), clip.x0, clip.x1)
                if x0 >= x1 { continue }
                // the edge's pixels two rows down: a cache miss per row otherwise
                Canvas.prefetchSpan(px, offset: 4 * ((y + 2) * w + x0), count: x1 - x0)
                if pitched {
                    let v = interpolated((cy - a.y) / dy)
                    for x in x0..<x1 {
                        let ddx = v.x - (Double(x) + 0.5), ddy = v.y - cy
                        blendOutline(x, y, distance: (ddx * ddx + ddy * ddy).squareRoot())
                    }
                    continue
                }
                for x in x0..<x1 {
                    blendOutline(x, y, distance: abs(Double(x) + 0.5 - lx))
                }
            }
        }
    }
}
