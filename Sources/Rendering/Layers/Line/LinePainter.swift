import GeoJSON
import Geo
import Foundation
import MapStyle

extension PaintContext {
    /// Draws a line layer like MapLibre: each feature is tessellated into MapLibre's triangle mesh
    /// (``LineTessellator``), every triangle is sampled at pixel centres and blended on its own, and the
    /// line shader's alpha `clamp(min(dist - (inset - blur2), outset - dist) / blur2)` is applied with
    /// `dist = |interpolated normal| * outset`, `outset`/`inset` bounding the stroke (and the gap) plus
    /// half a device pixel of antialiasing.
    mutating func paintLine(_ layer: LineLayer) {
        // one copy of the transform for the layer, lent to each mesh (a copy per mesh retained its globe view)
        let tr = transform
        let ratio = transform.pixelRatio
        let shift = planeTranslation(layer.translate, anchor: layer.translateAnchor)
        // MapLibre's line atlas entry for the dashes: round caps make round dashes
        let dashTexture = DashTexture(layer.dashArray, round: layer.cap == .round)
        // Tile pixels of the data's tiles (a tiled source's own, possibly overscaled) -> device pixels.
        let dataTileZoom = tileClip.map(\.zoom) ?? Double(transform.tileZoom)
        let tileScale = pow(2, transform.camera.zoom - dataTileZoom) * ratio
        // Dashes, patterns and sharp-corner offsets keep their size in the tile units of the integer
        // zoom even when the source's tiles are overscaled (MapLibre's `overscaling` and
        // `pixelsToTileUnits(…, integerZoom)`).
        let integerZoomScale = pow(2, transform.camera.zoom - transform.camera.zoom.rounded(.down)) * ratio
        let overscaling = pow(2, max(0, transform.camera.zoom.rounded(.down) - dataTileZoom))
        let sharpCornerOffset = overscaling <= 16 ? 15 * integerZoomScale : 0
        // (the context's, grown by earlier layers and renders)
        var tessellator = LineTessellator()
        swap(&tessellator, &scratch.tessellator)
        defer { swap(&tessellator, &scratch.tessellator) }
        var plane: [Point] = []
        // a line's runs on the globe (and where a dashed one's each start along it), emptied for each line
        var runs = PointRuns()
        var runStarts: [Double] = []
        // a zoom 0 tile's lines on the globe are drawn within the tile (globeSeamBand; a tile's piece is pinned to its copy)
        let seamBand = globeSeamBand(copy: pinnedCopy ?? 0)
        let gradient = layer.gradient.flatMap { $0.isEmpty ? nil : $0.map { $0.premultiplied() } }
        for (i, feature) in layer.features.enumerated() {
            let width = max(0, layer.width[i])
            let halfGap = max(0, layer.gapWidth[i]) / 2
            let halfWidth = width / 2
            let aa = 0.5  // MapLibre's ANTIALIASING: half a device pixel
            let inset = halfGap > 0 ? halfGap * ratio + aa : 0
            let outset = (halfGap + halfWidth * (halfGap > 0 ? 2 : 1)) * ratio + (halfWidth == 0 ? 0 : aa)
            if outset <= 0 || width <= 0 { continue }
            let color = layer.color[i].premultiplied(opacity: Float(layer.opacity[i]))
            if color.a <= 0 && gradient == nil && layer.patterns == nil { continue }
            let stroke = LineStroke(color: color, gradient: gradient, opacity: Float(max(0, min(1, layer.opacity[i]))),
                                    inset: inset, outset: outset, blur: max(0, layer.blur[i]) * ratio,
                                    offset: layer.offset[i] * ratio, shift: shift,
                                    dash: dashTexture.flatMap { DashPattern($0, floorWidth: (layer.floorWidth?[i] ?? width) * ratio,
                                                                            scale: integerZoomScale / ratio, fadeLength: layer.dashFadeLength) },
                                    pattern: layer.patterns?[i].map { image in
                                        // GL JS's rule for a globe style: the image spans the width at its aspect
                                        LinePattern(image: image, length: image.displaySize.0 * integerZoomScale,
                                                    aspect: tr.glJSRules ? image.displaySize.1 / max(1e-9, layer.floorWidth?[i] ?? width) : nil)
                                    })
            if let patterns = layer.patterns, patterns[i] == nil { continue }  // its pattern is missing: nothing drawn
            let options = LineTessellator.Options(join: layer.join[i], cap: layer.cap, miterLimit: layer.miterLimit,
                                                  roundLimit: layer.roundLimit, sharpCornerOffset: sharpCornerOffset,
                                                  maxDistance: gradient == nil ? 2048 * tileScale : .infinity,
                                                  polygon: feature.closedRings,
                                                  tileUnitsPerPixel: transform.quantizationUnits == nil ? 0 : 16 / tileScale)
            // on the globe, a feature behind the horizon or off this band is skipped whole (its caps and joins
            // reach no further than the runs' margin below)
            if let globe = globeView, shift == Point(x: 0, y: 0),
               globeSkips(feature.bounds, cache: feature.globeSplits, globe: globe,
                          margin: (max(layer.miterLimit, 2) + 2) * outset + abs(stroke.offset) + 2) {
                continue
            }
            // (the pieces of lines cut there are open lines, and not the feature's own: not kept in its split cache)
            let seamCut = seamBand.flatMap { PaintContext.seamCut(feature.lines, closed: feature.closedRings, band: $0) }
            let closedRings = feature.closedRings && seamCut == nil
            for (lineIndex, line) in (seamCut ?? feature.lines).enumerated() where line.count >= 2 {
                let (west, east) = PaintContext.worldXBounds(line)
                let margin = 4 * outset + abs(stroke.offset) + shift.length
                guard let copies = copies(worldWest: west, worldEast: east, margin: margin) else {
                    continue
                }
                for copy in copies {
                    if let globe = globeView {
                        // on the globe: the runs in front of the horizon, split on GL JS's line grid, laid out
                        // on the Mercator plane and their mesh projected onto the sphere (GL JS extrudes in
                        // tile units and projects each vertex), so widths foreshorten towards the limb
                        // (a plain stroke only where it can show in this band: see globeVisibleWorldRuns)
                        let plain = stroke.dash == nil && stroke.gradient == nil && stroke.pattern == nil
                        let reach = (max(layer.miterLimit, 2) + 2) * outset + abs(stroke.offset) + shift.length + 2
                        // dashes and patterns run on along the line behind the horizon (GL JS's line distance
                        // counts the hidden vertices): a run in front starts at the line's distance there
                        let measured = stroke.dash != nil || stroke.pattern != nil
                        if measured && tileClip == nil
                            && paintGlobeDashedByTile(line, copy: copy, closed: closedRings, stroke: stroke,
                                                      options: options, globe: globe, transform: tr, tessellator: &tessellator) {
                            continue
                        }
                        runs.removeAll()
                        runStarts.removeAll(keepingCapacity: true)
                        if plain {
                            globeVisibleWorldRuns(line, copy: copy, closed: closedRings, globe: globe, margin: reach,
                                                  cache: seamCut == nil ? (feature.globeSplits, .line, lineIndex, 0) : nil, into: &runs)
                        } else {
                            for (run, start) in globeMeasuredWorldRuns(line, copy: copy, closed: closedRings, globe: globe,
                                                                       measure: measured ? { tr.flatPlane(worldFraction: $0) } : nil,
                                                                       resetPast: options.maxDistance / 2) {
                                runs.append(run)
                                runStarts.append(start)
                            }
                        }
                        for k in 0..<runs.count {
                            plane.removeAll(keepingCapacity: true)
                            for j in runs.range(k) { plane.append(tr.flatPlane(worldFraction: runs.points[j])) }
                            var runOptions = options
                            runOptions.startDistance = runStarts.isEmpty ? 0 : runStarts[k]
                            runOptions.polygon = closedRings && plane.first == plane.last
                            // (a ring's runs that start or end where it closes are joined there as the whole ring is)
                            if k == 0, let before = runs.before { runOptions.before = tr.flatPlane(worldFraction: before) }
                            if k == runs.count - 1, let after = runs.after { runOptions.after = tr.flatPlane(worldFraction: after) }
                            tessellator.tessellate(plane, options: runOptions)
                            var total = 0.0
                            if gradient != nil {
                                for k in 1..<plane.count { total += (plane[k] - plane[k - 1]).length }
                            }
                            // (the runs are in the line's own world copy: globeVisibleWorldRuns, globeMeasuredWorldRuns)
                            paintMesh(tessellator, stroke: stroke, tileClip: nil, lineLength: total, transform: tr, wrapped: false)
                        }
                        continue
                    }
                    // a line whose stroke cannot reach this band's rows is not tessellated here (a join's
                    // extrusion is at most the miter limit, a cap's or bevel's two widths)
                    if !mayTouchRows(feature.bounds, copy: copy,
                                     margin: max(4, layer.miterLimit + 1) * (stroke.outset + abs(stroke.offset)) + shift.length) {
                        continue
                    }
                    if (stroke.dash != nil || stroke.pattern != nil) && tileClip == nil {
                        // Dashes restart where the line enters each source tile, as in MapLibre. (A
                        // tiled source's lines are already cut by tile: their dashes start at each
                        // line's start in its tile.)
                        paintDashedByTile(line, copy: copy, stroke: stroke, options: options, margin: margin,
                                          tessellator: &tessellator)
                        continue
                    }
                    plane.removeAll(keepingCapacity: true)
                    for c in line { plane.append(transform.plane(mercator: c, copy: copy)) }
                    if closedRings, let f = plane.first, let l = plane.last, f != l { plane.append(f) }
                    tessellator.tessellate(plane, options: options)
                    var total = 0.0
                    if gradient != nil {
                        for k in 1..<plane.count { total += (plane[k] - plane[k - 1]).length }
                    }
                    paintMesh(tessellator, stroke: stroke, tileClip: nil, lineLength: total, transform: tr)
                }
            }
        }
    }

    /// Splits a dashed line by source tile (with MapLibre's quarter-tile buffer), restarts the dash
    /// distance in each part and draws each part only inside its own tile.
    private mutating func paintDashedByTile(_ line: [Point], copy: Int, stroke: LineStroke,
                                            options: LineTessellator.Options, margin: Double,
                                            tessellator: inout LineTessellator) {
        let t = transform
        let vx = visibleX, vy = t.visibleWorldYRange()
        let m = margin / t.worldSize
        guard let (world, cut) = dashTiles(line, copy: copy, closed: options.polygon, zoom: t.tileZoom,
                                           within: (minX: vx.min - m, minY: vy.min - m, maxX: vx.max + m, maxY: vy.max + m)) else { return }
        for (box, clip) in cut {
            for part in clipPolyline(world, to: box) {
                var partOptions = options
                partOptions.polygon = options.polygon && part.count == world.count
                tessellator.tessellate(part.map { t.plane(worldFraction: $0) }, options: partOptions)
                paintMesh(tessellator, stroke: stroke, tileClip: clip, lineLength: 0, transform: t)
            }
        }
    }

    /// A world box: the tile squares and their buffered boxes of ``dashTiles(_:copy:closed:zoom:within:)``.
    typealias WorldBox = (minX: Double, minY: Double, maxX: Double, maxY: Double)

    /// A line cut by source tile as MapLibre draws a dashed line: its world points (quantized, closed when `closed`,
    /// on world copy `copy`) and the tiles at `zoom` whose box, with MapLibre's quarter-tile buffer, holds part of it
    /// (a line on a tile edge is in both tiles), each as that buffered box and its own square; only those meeting
    /// `limit` when given; nil when more than 4096.
    private func dashTiles(_ line: [Point], copy: Int, closed: Bool, zoom: Int,
                           within limit: WorldBox?) -> (world: [Point], tiles: [(box: WorldBox, tile: WorldBox)])? {
        let t = transform
        let tiles = pow(2, Double(zoom))
        var world: [Point] = line.map { t.quantized($0) }
        if closed, let f = world.first, let l = world.last, f != l { world.append(f) }
        for i in world.indices { world[i].x += Double(copy) }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for p in world {
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        if let limit {
            minX = max(minX, limit.minX); maxX = min(maxX, limit.maxX); minY = max(minY, limit.minY); maxY = min(maxY, limit.maxY)
        }
        let buffer = 0.25
        let tx0 = clampedInt((minX * tiles - buffer).rounded(.down), Int(-64 * tiles), Int(64 * tiles))
        let tx1 = clampedInt((maxX * tiles + buffer).rounded(.down), Int(-64 * tiles), Int(64 * tiles))
        let ty0 = clampedInt((minY * tiles - buffer).rounded(.down), 0, Int(tiles - 1))
        let ty1 = clampedInt((maxY * tiles + buffer).rounded(.down), 0, Int(tiles - 1))
        guard tx0 <= tx1, ty0 <= ty1, (tx1 - tx0 + 1) * (ty1 - ty0 + 1) <= 4096 else { return nil }
        var cut: [(box: WorldBox, tile: WorldBox)] = []
        for ty in ty0...ty1 {
            for tx in tx0...tx1 {
                cut.append(((minX: (Double(tx) - buffer) / tiles, minY: (Double(ty) - buffer) / tiles,
                             maxX: (Double(tx) + 1 + buffer) / tiles, maxY: (Double(ty) + 1 + buffer) / tiles),
                            (minX: Double(tx) / tiles, minY: Double(ty) / tiles, maxX: Double(tx + 1) / tiles, maxY: Double(ty + 1) / tiles)))
            }
        }
        return (world, cut)
    }

    /// A dashed line of an untiled source on the globe as GL JS draws it from its source's tiles: cut by tile
    /// (MapLibre's quarter-tile buffer, at the tile zoom of the globe's data), the dash distance starting where
    /// the line enters each buffered tile and running on behind the horizon, each piece drawn only inside its
    /// own tile (cut there, where GL clips with the stencil). False (nothing drawn) when the line spans more than
    /// 4096 tiles.
    private mutating func paintGlobeDashedByTile(_ line: [Point], copy: Int, closed: Bool, stroke: LineStroke,
                                                 options: LineTessellator.Options, globe: GlobeView, transform tr: Transform,
                                                 tessellator: inout LineTessellator) -> Bool {
        guard let (world, cut) = dashTiles(line, copy: copy, closed: closed, zoom: globeDataTileZoom, within: nil) else { return false }
        let measure: (Point) -> Point = { tr.flatPlane(worldFraction: $0) }
        let resetPast = options.maxDistance / 2
        for (box, tile) in cut {
            for part in clipPolyline(world, to: box) {
                for (piece, pieceStart) in PaintContext.measuredPieces(part, inside: tile, measure: measure, resetPast: resetPast) {
                    // (in a blend, the piece in its tile's world copy: GL JS draws a tile in one copy)
                    let runs = globeMeasuredWorldRuns(piece, copy: 0, closed: false, globe: globe, measure: measure,
                                                      resetPast: resetPast, startDistance: pieceStart,
                                                      within: (low: tile.minX, high: tile.maxX))
                    for (worldRun, start) in runs {
                        var runOptions = options
                        runOptions.startDistance = start
                        runOptions.polygon = false
                        tessellator.tessellate(worldRun.map(measure), options: runOptions)
                        paintMesh(tessellator, stroke: stroke, tileClip: nil, lineLength: 0, transform: tr, wrapped: false)
                    }
                }
            }
        }
        return true
    }

    /// The pieces of a polyline inside a box (a segment along its east or south side left out), each with the distance
    /// along the polyline at its start (`measure` lays the points out; the distance restarts at zero past `resetPast` at
    /// a vertex, as the line tessellator restarts it).
    static func measuredPieces(_ points: [Point], inside box: (minX: Double, minY: Double, maxX: Double, maxY: Double),
                               measure: (Point) -> Point, resetPast: Double) -> [(points: [Point], start: Double)] {
        var out: [(points: [Point], start: Double)] = []
        var current: [Point] = []
        var currentStart = 0.0, distance = 0.0
        guard points.count >= 2 else { return [] }
        var previousPlane = measure(points[0])
        for i in 1..<points.count {
            let a = points[i - 1], b = points[i]
            let plane = measure(b)
            let length = (plane - previousPlane).length
            previousPlane = plane
            // the segment's part inside the box (Liang-Barsky)
            var t0 = 0.0, t1 = 1.0
            // (a segment along a side is inside on the west and north sides only, as a pixel on a tile edge is the
            // tile's to its east and south: a line along a tile edge, the equator from zoom 1, is drawn once)
            func keep(_ p: Double, _ q: Double, closedSide: Bool = true) -> Bool {
                if p == 0 { return closedSide ? q >= 0 : q > 0 }
                let r = q / p
                if p < 0 {
                    if r > t1 { return false }
                    t0 = max(t0, r)
                } else {
                    if r < t0 { return false }
                    t1 = min(t1, r)
                }
                return true
            }
            let dx = b.x - a.x, dy = b.y - a.y
            if keep(-dx, a.x - box.minX), keep(dx, box.maxX - a.x, closedSide: false), keep(-dy, a.y - box.minY),
               keep(dy, box.maxY - a.y, closedSide: false), t0 <= t1 {
                if current.isEmpty || t0 > 0 {
                    if current.count >= 2 { out.append((current, currentStart)) }
                    current = [Point(x: a.x + dx * t0, y: a.y + dy * t0)]
                    currentStart = distance + length * t0
                }
                current.append(Point(x: a.x + dx * t1, y: a.y + dy * t1))
                if t1 < 1 {
                    if current.count >= 2 { out.append((current, currentStart)) }
                    current = []
                }
            } else if !current.isEmpty {
                if current.count >= 2 { out.append((current, currentStart)) }
                current = []
            }
            distance += length
            if distance > resetPast { distance = 0 }
        }
        if current.count >= 2 { out.append((current, currentStart)) }
        return out
    }

    /// Rasterizes every triangle of a tessellated line, blending each separately.
    /// In a blend with Mercator, `wrapped` puts each vertex on the world copy nearest the view's; without, the mesh's
    /// world points are in the copy to draw (a line's own: see ``globeVisibleWorldRuns(_:copy:closed:globe:margin:granularity:screenPoints:cache:skipsChunks:into:)``).
    private mutating func paintMesh(_ mesh: LineTessellator, stroke: LineStroke,
                                    tileClip: (minX: Double, minY: Double, maxX: Double, maxY: Double)?,
                                    lineLength: Double, transform tr: Transform, wrapped: Bool = true) {
        let verts = mesh.vertices
        if verts.isEmpty { return }
        // Final plane positions: extrusion by the outset, line-offset (rotated at caps) and translate.
        var positions: [Point] = []
        swap(&positions, &scratch.meshPositions)
        defer { swap(&positions, &scratch.meshPositions) }
        positions.removeAll(keepingCapacity: true)
        let offset = -stroke.offset
        for v in verts {
            let u = 0.5 * v.direction
            let t = 1 - abs(u)
            let e = v.extrude
            let offset2 = Point(x: e.x * t - e.y * u, y: e.x * u + e.y * t) * (offset * v.normal.y)
            positions.append(v.position + e * stroke.outset + offset2 + stroke.shift)
        }
        var gammas: [Double] = []
        swap(&gammas, &scratch.meshGammas)
        defer { swap(&gammas, &scratch.meshGammas) }
        gammas.removeAll(keepingCapacity: true)
        if let globe = tr.globe {
            // the mesh was laid out on the Mercator plane: each vertex onto the sphere, its extrusion
            // scaled to keep the line's width on the sphere's surface (cos of the centre's latitude over
            // the vertex's); line-translate moves it on the map before it is projected (GL JS adds it in
            // tile units)
            let t = tr
            let cosCentre = cos(t.camera.center.latitude * .pi / 180)
            let focal = globe.camera.distance
            // on the sphere, the view and screen positions worked out inline (the same values: SphereProjector)
            let projector = globe.isSphere ? SphereProjector(globe.camera) : nil
            @inline(__always) func viewPosition(_ w: Point) -> Vector3 {
                if let projector { return projector.view(globe.spherePoint(worldX: w.x, y: w.y)) }
                return globe.viewPosition(worldX: w.x, y: w.y, wrapped: wrapped)
            }
            var views: [Vector3] = []
            swap(&views, &scratch.meshViews)
            defer { swap(&views, &scratch.meshViews) }
            views.removeAll(keepingCapacity: true)
            // the vertices of a point come in pairs (both sides of the line) at one position: its scale once
            var lastPosition = Point(x: .nan, y: .nan), k = 1.0
            for i in positions.indices {
                let v = verts[i]
                if v.position != lastPosition {
                    // 1 / cos(latitude) of a world y is cosh(π (1 - 2y)) (the latitude is atan(sinh(π (1 - 2y))))
                    let base = t.flatWorldFraction(plane: v.position)
                    k = cosCentre * min(cosh(.pi * (1 - 2 * base.y)), 1e6)
                    lastPosition = v.position
                }
                gammas.append(k)  // (its scale, until its gamma replaces it below)
                let extruded = v.position + (positions[i] - v.position - stroke.shift) * k
                let w = t.flatWorldFraction(plane: extruded + stroke.shift)
                views.append(Vector3(w.x, w.y, 0))  // (its world point, until its view position replaces it below)
            }
            // Then each onto the sphere, and onto the screen, in loops of their own: their short bodies' iterations
            // overlap in the processor, where one loop doing all three waited on each vertex's calls and divisions
            // (the globe's snapshot 4 % less CPU, the same values).
            views.withUnsafeMutableBufferPointer { views in
                if let projector {
                    // (the sphere points of the mesh's vertices at once: four at a time where the machine allows)
                    if globe.sine == .exact {
                        GlobeProjection.spherePoints(inPlace: views)
                        for i in views.indices { views[i] = projector.view(views[i]) }
                    } else {
                        for i in views.indices { views[i] = projector.view(globe.spherePoint(worldX: views[i].x, y: views[i].y)) }
                    }
                } else {
                    for i in views.indices { views[i] = globe.viewPosition(worldX: views[i].x, y: views[i].y, wrapped: wrapped) }
                }
                positions.withUnsafeMutableBufferPointer { positions in
                    let (halfWidth, halfHeight) = (globe.halfWidth, globe.halfHeight)
                    if let projector {
                        for i in views.indices {
                            let p = projector.screen(view: views[i])
                            positions[i] = Point(x: p.x - halfWidth, y: p.y - halfHeight)
                        }
                    } else {
                        for i in views.indices {
                            let p = globe.camera.screen(view: views[i])
                            positions[i] = Point(x: p.x - halfWidth, y: p.y - halfHeight)
                        }
                    }
                }
            }
            // GL JS's `v_gamma_scale` on the globe: the extrusion's length over its length on screen, the extruded and
            // unextruded view positions' difference over the extruded one's depth (the shader divides the clip-space
            // difference by the extruded vertex's w), so that a line foreshortened towards the limb fades. The
            // unextruded position of a pair extruded both ways alike is their middle (to well within a thousandth
            // of a pixel: the sphere's curvature over the extrusion); any other is projected.
            var baseView = Vector3(0, 0, 0)
            lastPosition = Point(x: .nan, y: .nan)
            for i in positions.indices {
                let v = verts[i], e = v.extrude
                let ownBase = offset != 0
                if ownBase || v.position != lastPosition {
                    lastPosition = v.position
                    if !ownBase, i + 1 < verts.count, verts[i + 1].position == v.position, verts[i + 1].extrude == Point(x: -e.x, y: -e.y) {
                        baseView = (views[i] + views[i + 1]) * 0.5
                    } else {
                        var offset2 = Point(x: 0, y: 0)
                        if ownBase {
                            let u = 0.5 * v.direction, s = 1 - abs(u)
                            offset2 = Point(x: e.x * s - e.y * u, y: e.x * u + e.y * s) * (offset * v.normal.y)
                        }
                        let b = t.flatWorldFraction(plane: v.position + offset2 * gammas[i] + stroke.shift)
                        baseView = viewPosition(b)
                    }
                }
                let view = views[i]
                let dx = view.x - baseView.x, dy = view.y - baseView.y
                let onScreen = focal * (dx * dx + dy * dy).squareRoot() / max(-view.z, 1e-9)
                let length = e.length * stroke.outset
                gammas[i] = length > 0 && onScreen > 0 ? min(length / onScreen, 1e6) : 1
            }
        }
        let w = canvasWidth, clip = clip, px = pixels, sourceTile = self.tileClip
        let pitched = tr.isPitched
        // The line shader's `v_gamma_scale` in a pitched view: the extrusion's length over its length on screen
        // (`length(dist) / length(projected_extrude.xy / gl_Position.w · u_units_to_pixels)`), per vertex, then
        // interpolated across the triangle. The screen shrinks an extrusion by the vertex's `w` and, along the view
        // (the plane's y), by the pitch's cosine too: across a line running over the view its antialiasing band
        // is wider than across one running into the distance.
        if pitched {
            let cos2 = tr.cosPitch * tr.cosPitch
            for (i, v) in verts.enumerated() {
                let e = v.extrude
                let length2 = e.x * e.x + e.y * e.y
                let onScreen2 = e.x * e.x + e.y * e.y * cos2
                let k = length2 > 0 && onScreen2 > 0 ? (length2 / onScreen2).squareRoot() : 1
                gammas.append(tr.w(plane: positions[i]) * k)
            }
        }
        let halfW = tr.width / 2, halfH = tr.height / 2
        let cx0 = Double(clip.x0), cy0 = Double(clip.y0), cx1 = Double(clip.x1), cy1 = Double(clip.y1)
        // A plain stroke (no gap, dash, gradient or pattern; flat, not cut by tiles) whose triangle holds
        // the whole clip at full alpha paints every pixel of it the same: such triangles are counted and
        // composited once per run (huge widths make every triangle cover the view).
        let canCover = gammas.isEmpty && sourceTile == nil && tileClip == nil && stroke.dash == nil && stroke.gradient == nil
            && stroke.pattern == nil && stroke.inset <= 0 && !clip.isEmpty
        // (the clip's corner pixel centres, only when they are read: an array a mesh)
        let corners = canCover ? [Point(x: cx0 + 0.5, y: cy0 + 0.5), Point(x: cx1 - 0.5, y: cy0 + 0.5),
                                  Point(x: cx1 - 0.5, y: cy1 - 0.5), Point(x: cx0 + 0.5, y: cy1 - 0.5)] : []
        var covering = 0
        defer { if covering > 0 { fillClip(PaintContext.repeated(stroke.color, covering)) } }
        // In a pitched view a triangle reaching behind the camera is cut at a near plane, as GL's clipper cuts it
        // (projected whole, its far side would wrap through infinity): plane y grows towards the camera, whose
        // depth `d - y sin(pitch)` is kept above a hundredth of the centre's
        let nearY = pitched ? tr.cameraToCenterDistance * 0.99 / tr.sinPitch : .infinity
        // the row closure below reads the transform through a pointer: capturing the transform itself copied it
        // (retaining its references, the globe view's among them) at every triangle
        var runs: [(Int, Int, Int)] = []
        swap(&runs, &scratch.meshRuns)
        defer { swap(&runs, &scratch.meshRuns) }
        withUnsafePointer(to: tr) { trp in
            for (a, b, c) in mesh.triangles {
                let pa = positions[a], pb = positions[b], pc = positions[c]
                var sa = tr.screen(plane: pa), sb = tr.screen(plane: pb), sc = tr.screen(plane: pc)
                var sd: Point? = nil
                if max(pa.y, pb.y, pc.y) > nearY {
                    let cut = Self.cutAtNear([pa, pb, pc], nearY)
                    if cut.count < 3 { continue }
                    (sa, sb, sc) = (tr.screen(plane: cut[0]), tr.screen(plane: cut[1]), tr.screen(plane: cut[2]))
                    if cut.count == 4 { sd = tr.screen(plane: cut[3]) }
                }
                // off-canvas triangles (most of a line outside the view) cost no more than this test
                // (`max` and `min` of three, then the fourth: with four arguments they take an array, one
                // allocation each)
                let fourth = sd ?? sc
                if max(max(sa.x, sb.x, sc.x), fourth.x) < cx0 - 1 || min(min(sa.x, sb.x, sc.x), fourth.x) > cx1 + 1
                    || max(max(sa.y, sb.y, sc.y), fourth.y) < cy0 - 1 || min(min(sa.y, sb.y, sc.y), fourth.y) > cy1 + 1 {
                    continue
                }
                // the triangle's pixel centres in this clip, row by row: a sliver holding none paints nothing and its
                // interpolants are not worked out (about half the triangles of a continent's borders on the globe, a
                // tenth in Mercator)
                runs.removeAll(keepingCapacity: true)
                PixelCenterScanner.scanTriangle(sa, sb, sc, clip: clip) { runs.append(($0, $1, $2)) }
                if let sd { PixelCenterScanner.scanTriangle(sa, sc, sd, clip: clip) { runs.append(($0, $1, $2)) } }
                if runs.isEmpty { continue }
                guard let nx = AffineValue(pa, pb, pc, verts[a].normal.x, verts[b].normal.x, verts[c].normal.x),
                      let ny = AffineValue(pa, pb, pc, verts[a].normal.y, verts[b].normal.y, verts[c].normal.y),
                      let along = AffineValue(pa, pb, pc, verts[a].along, verts[b].along, verts[c].along) else {
                    continue
                }
                let gammaAt = gammas.isEmpty ? nil : AffineValue(pa, pb, pc, gammas[a], gammas[b], gammas[c])
                if canCover {
                    let blur2 = stroke.blur + 1
                    // alpha is min(>= 1, (outset - |normal| * outset) / blur2), concave over the clip: at least 1
                    // at the four corners means at least 1 everywhere; corners inside the triangle mean all is
                    let covers = corners.allSatisfy { corner in
                        guard Self.inside(corner, sa, sb, sc) else { return false }
                        let q = Point(x: corner.x - halfW, y: corner.y - halfH)
                        let vx = nx(q), vy = ny(q)
                        return (stroke.outset - (vx * vx + vy * vy).squareRoot() * stroke.outset) / blur2 >= 1
                    }
                    if covers {
                        covering += 1
                        continue
                    }
                    if covering > 0 {
                        fillClip(PaintContext.repeated(stroke.color, covering))
                        covering = 0
                    }
                }
                let spans = tileSpans
                // one row's pixels of the triangle (a local function, passed only to the scanner: no allocation)
                func scanRow(_ y: Int, _ x0: Int, _ x1: Int) {
                    var (x0, x1) = (x0, x1)
                    if let spans {
                        // only the pixels inside the source tile (the stencil clip)
                        let (a, b) = spans.span(row: y)
                        (x0, x1) = (max(a, x0), min(b, x1))
                    }
                    if x0 >= x1 { return }
                    // the line's pixels two rows down: a cache miss per row otherwise
                    Canvas.prefetchSpan(px, offset: 4 * ((y + 2) * w + x0), count: x1 - x0)
                    for x in x0..<x1 {
                        let q: Point
                        var gamma = 1.0
                        if pitched {
                            guard let pq = trp.pointee.plane(screen: Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) else { continue }
                            q = pq
                            gamma = gammaAt.map { $0(pq) } ?? trp.pointee.w(plane: pq)
                        } else {
                            q = Point(x: Double(x) + 0.5 - halfW, y: Double(y) + 0.5 - halfH)
                            if let gammaAt { gamma = gammaAt(q) }
                        }
                        if let clip = tileClip {
                            let wf = trp.pointee.worldFraction(plane: q - stroke.shift)
                            if wf.x < clip.minX || wf.x >= clip.maxX || wf.y < clip.minY || wf.y >= clip.maxY { continue }
                        }
                        let vx = nx(q), vy = ny(q)
                        let dist = (vx * vx + vy * vy).squareRoot() * stroke.outset
                        let blur2 = (stroke.blur + 1) * gamma
                        var alpha = max(0, min(1, min(dist - (stroke.inset - blur2), stroke.outset - dist) / blur2))
                        if alpha <= 0 { continue }
                        if let dash = stroke.dash { alpha *= dash.alpha(at: along(q), across: vy) }
                        var color = stroke.color
                        if let ramp = stroke.gradient {
                            let progress = lineLength > 0 ? along(q) / lineLength : 0
                            color = LineStroke.sample(ramp, progress).scaled(stroke.opacity)
                        }
                        if let pattern = stroke.pattern, pattern.length > 0 {
                            color = pattern.color(along: along(q), across: vy, outset: stroke.outset / trp.pointee.pixelRatio)
                                .scaled(stroke.opacity)
                        }
                        Canvas.blendPixel(px, offset: 4 * (y * w + x), color: color, alpha: Float(alpha))
                    }
                }
                for (y, x0, x1) in runs { scanRow(y, x0, x1) }
            }
        }
    }

    /// The part of the triangle `ring` (plane points) in front of the near plane at plane y `nearY`: a triangle
    /// or a quad (Sutherland-Hodgman against one edge), or fewer than three points when nothing is in front.
    private static func cutAtNear(_ ring: [Point], _ nearY: Double) -> [Point] {
        var out: [Point] = []
        for k in 0..<ring.count {
            let a = ring[k], b = ring[(k + 1) % ring.count]
            let ina = a.y <= nearY, inb = b.y <= nearY
            if ina { out.append(a) }
            if ina != inb {
                let t = (nearY - a.y) / (b.y - a.y)
                out.append(Point(x: a.x + (b.x - a.x) * t, y: nearY))
            }
        }
        return out
    }
}

extension PaintContext {
    /// Whether `p` lies strictly inside triangle `a b c` (either winding).
    static func inside(_ p: Point, _ a: Point, _ b: Point, _ c: Point) -> Bool {
        func cross(_ o: Point, _ u: Point, _ v: Point) -> Double { (u.x - o.x) * (v.y - o.y) - (u.y - o.y) * (v.x - o.x) }
        let d1 = cross(a, b, p), d2 = cross(b, c, p), d3 = cross(c, a, p)
        return (d1 > 0 && d2 > 0 && d3 > 0) || (d1 < 0 && d2 < 0 && d3 < 0)
    }
}

/// Evaluated paint of one line feature, in device pixels.
struct LineStroke {
    var color: PremultipliedColor
    /// Premultiplied `line-gradient` ramp, if any (then `opacity` applies to it).
    var gradient: [PremultipliedColor]?
    var opacity: Float
    var inset: Double
    var outset: Double
    var blur: Double
    var offset: Double
    var shift: Point
    var dash: DashPattern?
    /// `line-pattern`, if any.
    var pattern: LinePattern?

    /// The ramp at `progress` 0...1, linearly filtered like MapLibre's gradient texture.
    static func sample(_ ramp: [PremultipliedColor], _ progress: Double) -> PremultipliedColor {
        let n = ramp.count
        if n == 1 { return ramp[0] }
        let x = max(0, min(Double(n - 1), (progress.isFinite ? progress : 0) * Double(n) - 0.5))
        let i = Int(x)
        let j = min(n - 1, i + 1)
        return PremultipliedColor.mix(ramp[i], ramp[j], Float(x - Double(i)))
    }
}

/// Clips a polyline to a box, returning the parts inside (Liang-Barsky per segment).
func clipPolyline(_ pts: [Point], to box: (minX: Double, minY: Double, maxX: Double, maxY: Double)) -> [[Point]] {
    var parts: [[Point]] = []
    var current: [Point] = []
    guard pts.count >= 2 else { return [] }
    for i in 0..<(pts.count - 1) {
        let a = pts[i], b = pts[i + 1]
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        var visible = true
        for (p, q) in [(-dx, a.x - box.minX), (dx, box.maxX - a.x), (-dy, a.y - box.minY), (dy, box.maxY - a.y)] {
            if p == 0 {
                if q < 0 { visible = false; break }
            } else {
                let r = q / p
                if p < 0 { if r > t1 { visible = false; break }; if r > t0 { t0 = r } }
                else { if r < t0 { visible = false; break }; if r < t1 { t1 = r } }
            }
        }
        if !visible {
            if current.count >= 2 { parts.append(current) }
            current.removeAll()
            continue
        }
        let start = Point(x: a.x + t0 * dx, y: a.y + t0 * dy)
        let end = Point(x: a.x + t1 * dx, y: a.y + t1 * dy)
        if t0 > 0 || current.isEmpty {
            if current.count >= 2 { parts.append(current) }
            current = [start]
        }
        current.append(end)
        if t1 < 1 {
            if current.count >= 2 { parts.append(current) }
            current.removeAll()
        }
    }
    if current.count >= 2 { parts.append(current) }
    return parts
}
