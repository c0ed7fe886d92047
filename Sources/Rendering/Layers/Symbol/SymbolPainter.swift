import Foundation
import Fonts
import GeoJSON

extension PaintContext {
    /// Draws placed labels as MapLibre's `symbol_sdf` shader does: every halo first, then every fill;
    /// each glyph quad samples its signed distance field (bilinear, zero outside the bitmap) and
    /// turns it into coverage (``SDFEdge``).
    /// With `part`, only that part of the layer is drawn (one of MapLibre Native's symbol draw calls;
    /// ``TileClippedLayer`` orders a tiled layer's parts as Native does).
    mutating func paintSymbols(_ layer: SymbolLayer, part: SymbolDrawPart = .all) {
        let t = transform
        let ratio = t.pixelRatio
        let shift = planeTranslation(layer.translate, anchor: layer.translateAnchor)
        // anchors on screen (device pixels), in drawing order
        var drawn: [(Int, Point)] = []
        var planes: [Point?] = []
        // on the globe, each drawn anchor's world point (labels in the map plane are laid on the sphere from it)
        var worldOf: [Point: Point] = [:]
        // the world copy of each drawn anchor (labels along lines: none)
        var drawnCopies: [Int] = []
        for (i, s) in layer.symbols.enumerated() where (s.placed && !s.quads.isEmpty) || (s.iconPlaced && s.icon != nil) {
            if s.path?.textAlongLine == true {
                // labels along lines are drawn once, where placement laid them out
                if let a = s.screenAnchor {
                    drawn.append((i, Point(x: a.x * ratio, y: a.y * ratio)))
                    planes.append(nil)
                    drawnCopies.append(0)
                }
                continue
            }
            let reach = 64 * s.fontScale * ratio + 4 * shift.length
            guard let copies = copies(west: s.anchor.longitude, east: s.anchor.longitude, margin: reach) else { continue }
            for copy in copies {
                let plane = t.plane(s.anchor, copy: copy, translatedBy: shift)
                let p = t.screen(plane: plane)
                guard p.x.isFinite, p.y.isFinite, t.w(plane: plane) > 0 else { continue }
                drawn.append((i, p))
                planes.append(plane)
                drawnCopies.append(copy)
                if t.globe != nil { worldOf[p] = t.world(s.anchor, copy: copy, translatedBy: shift) }
            }
        }
        // the plane anchor of each drawn anchor, kept through sorting
        var planeOf: [Point: Point] = [:]
        for (d, plane) in zip(drawn, planes) { if let plane { planeOf[d.1] = plane } }
        if layer.sortByViewportY, t.globe != nil {
            // on the globe, GL JS's order itself: tile by tile, each tile's symbols by their anchors' y in the map
            // turned by the bearing (the screen's y only roughly follows it on the sphere)
            let keys = zip(drawn, drawnCopies).map { d, copy in
                SymbolDrawOrder(anchor: layer.symbols[d.0].anchor, index: d.0, copy: copy, zoom: t.tileZoom, bearing: t.camera.bearing)
            }
            let order = drawn.indices.sorted { keys[$0] < keys[$1] }
            (drawn, drawnCopies) = (order.map { drawn[$0] }, order.map { drawnCopies[$0] })
        } else if layer.sortByViewportY {
            // MapLibre sorts by anchor y (rounded, in tile units), later features first on ties
            drawn.sort { a, b in
                let ya = (a.1.y * 8).rounded(), yb = (b.1.y * 8).rounded()
                return ya != yb ? ya < yb : a.0 > b.0
            }
        }
        if part != .all, layer.haloPerSymbol {
            drawn.removeAll { (layer.symbols[$0.0].sortKey ?? 0) != (part.sortKey ?? 0) }
        }
        let gammaBase = 0.105 / ratio
        let iconShift = planeTranslation(layer.iconTranslate, anchor: layer.iconTranslateAnchor) - shift
        // MapLibre draws a layer's icons, then its halos, then its text; with symbol-sort-key, it does
        // so for each run of labels with one key, in key order
        var segments: [ArraySlice<(Int, Point)>] = []
        var tiles: [SymbolTileKey] = []
        if layer.haloPerSymbol && part == .all {
            // Native draws a sort key's icons, then its text, tile by tile (`RenderableSegment`: key,
            // then type, then tile id): labels of one key in several tiles overlap in tile order
            tiles = zip(drawn, drawnCopies).map { SymbolTileKey(layer.symbols[$0.0.0], copy: $0.1, zoom: t.tileZoom) }
            let order = drawn.indices.sorted { a, b in
                let ka = layer.symbols[drawn[a].0].sortKey ?? 0, kb = layer.symbols[drawn[b].0].sortKey ?? 0
                if ka != kb { return ka < kb }
                return tiles[a] != tiles[b] ? tiles[a] < tiles[b] : a < b
            }
            drawn = order.map { drawn[$0] }
            tiles = order.map { tiles[$0] }
            var start = 0
            for k in drawn.indices where k > 0 && layer.symbols[drawn[k].0].sortKey != layer.symbols[drawn[k - 1].0].sortKey {
                segments.append(drawn[start..<k])
                start = k
            }
            segments.append(drawn[start...])
        } else {
            segments = [drawn[...]]
        }
        for segment in segments {
            paintSegment(layer, segment, tiles: tiles.isEmpty ? nil : tiles, planeOf: planeOf, worldOf: worldOf, iconShift: iconShift,
                         gammaBase: gammaBase, part: part)
        }
        if layer.showsCollisionBoxes && part == .all { paintSymbolCollisionBoxes(layer) }
    }

    /// The layer's collision boxes (the collision-box debug overlay).
    mutating func paintSymbolCollisionBoxes(_ layer: SymbolLayer) {
        for s in layer.symbols { for outline in s.collisionBoxes { paintCollisionBox(outline) } }
    }

    /// Icons, then halos, then text of some of a layer's drawn labels (anchors in device pixels);
    /// with `tiles` (indexed like the layer's drawn labels), halos and text tile by tile.
    private mutating func paintSegment(_ layer: SymbolLayer, _ drawn: ArraySlice<(Int, Point)>, tiles: [SymbolTileKey]?,
                                       planeOf: [Point: Point], worldOf: [Point: Point], iconShift: Point, gammaBase: Double,
                                       part: SymbolDrawPart) {
        let t = transform
        let ratio = t.pixelRatio
        for (i, anchor) in drawn where part.drawsIcons {
            guard layer.symbols[i].iconPlaced, let icon = layer.symbols[i].icon, icon.isDrawn, part.draws(icon) else { continue }
            let alongLine = layer.symbols[i].path?.iconAlongLine == true
            // (a label along a line is drawn where placement put its anchor: its icon's plane and world point from there)
            var plane = planeOf[anchor], world = worldOf[anchor]
            if plane == nil, layer.symbols[i].path?.textAlongLine == true, let w = layer.symbols[i].lineAnchorWorld {
                plane = t.plane(worldFraction: w)
                if t.globe != nil { world = w }
            }
            var projection = QuadProjection(anchor: anchor + iconShift, plane: plane.map { $0 + iconShift },
                                            scale: ratio * layer.symbols[i].terrainScale,
                                            rotation: alongLine ? layer.symbols[i].iconAngle : 0,
                                            rotateWithMap: !alongLine && layer.iconRotateWithMap, pitchWithMap: layer.iconPitchWithMap)
            projection.placeOnGlobe(world: iconShift == Point(x: 0, y: 0) ? world : nil, ratioWorld: nil, t)
            paintIcon(icon, projection: projection, gammaBase: gammaBase, terrainScale: layer.symbols[i].terrainScale)
        }
        var passes: [(Bool, (Int, Point))] = []
        passes.reserveCapacity(2 * drawn.count)
        var start = drawn.startIndex
        while start < drawn.endIndex && part.drawsText {
            var end = start + 1
            if let tiles { while end < drawn.endIndex && tiles[end] == tiles[start] { end += 1 } } else { end = drawn.endIndex }
            passes += drawn[start..<end].map { (true, $0) } + drawn[start..<end].map { (false, $0) }
            start = end
        }
        for (halo, (i, anchor)) in passes {
            let s = layer.symbols[i]
            guard s.placed else { continue }
            if halo && (s.haloWidth <= 0 || s.haloColor.a <= 0) { continue }
            let fontScale = s.fontScale
            guard fontScale > 0 else { continue }
            let alongLine = s.path?.textAlongLine == true
            let pitchWithMap = alongLine ? s.path?.pitchWithMap == true : layer.textPitchWithMap
            // MapLibre's symbol_sdf shader finds the glyph's edge at the size it draws: the font
            // scale times the perspective ratio at the anchor (far text on the screen is smaller, and
            // its antialiasing and halo wider in its own units); over terrain the ratio is the raised anchor's (GL JS
            // multiplies the size by the perspective ratio of the anchor projected with its elevation), `terrainScale`
            // times the flat ground's
            // (on the globe, a label along its line takes its anchor's depth, behind the horizon too)
            let onSphere = alongLine && t.globe != nil
            // (and a point label in the map plane lies on the sphere: its anchor's depth)
            let pointOnSphere = !alongLine && pitchWithMap && t.globe != nil && planeOf[anchor] != nil
            let w = onSphere ? max(s.depthRatio, 1e-6)
                : pointOnSphere ? max(t.depthRatio(plane: planeOf[anchor]!), 1e-6)
                : t.isPitched ? max(t.w(plane: planeOf[anchor] ?? t.plane(s.anchor)), 1e-6) : 1
            let drawnScale = fontScale * Self.perspectiveRatio(w: w, pitchWithMap: pitchWithMap) * s.terrainScale
            var edge = halo ? SDFEdge.halo(width: s.haloWidth, blur: s.haloBlur, fontScale: drawnScale, gammaBase: gammaBase)
                : SDFEdge.fill(fontScale: drawnScale, gammaBase: gammaBase)
            // and text laid in the map plane of a pitched view widens its antialiasing by the perspective divisor
            // over the pitch's cosine (`gl_Position.w` over `u_gamma_scale`); on the globe, by each pixel's own
            // divisor (the glyph's corners' clip `w` interpolated: `paintGlyph`'s `depthGamma`)
            if t.isPitched, pitchWithMap, !onSphere, !pointOnSphere { edge.gamma *= w / max(t.cosPitch, 1e-6) }
            if (onSphere && pitchWithMap) || pointOnSphere { edge.gamma /= max(t.cosPitch, 1e-6) }
            if alongLine && s.placedGlyphs.count != s.quads.count { continue }
            let (textAnchor, textPlane, textWorld) = alongLine ? (anchor, planeOf[anchor], worldOf[anchor])
                : variableAnchorPosition(layer, s, anchor: anchor, plane: planeOf[anchor], world: worldOf[anchor], w: w)
            var projection = QuadProjection(anchor: textAnchor, plane: textPlane, scale: fontScale * ratio * s.terrainScale, rotation: 0,
                                            rotateWithMap: layer.textRotateWithMap, pitchWithMap: layer.textPitchWithMap,
                                            ratioPlane: planeOf[anchor])
            projection.placeOnGlobe(world: textWorld, ratioWorld: worldOf[anchor], t)
            for (q, quad) in s.quads.enumerated() {
                // on the globe, a glyph of text along its line in the map plane behind the horizon is not drawn (GL JS's
                // globe shader clips it at the horizon plane): a label reaching past the limb shows its near part
                if alongLine, pitchWithMap, t.globe != nil, t.isHiddenOnGlobe(worldFraction: t.flatWorldFraction(plane: s.placedGlyphs[q].point)) {
                    continue
                }
                if let image = quad.image {
                    // inline images are drawn in both passes, as MapLibre's text-and-icon shader draws them
                    if halo && s.haloWidth <= 0 { continue }
                    let corners = alongLine
                        ? lineGlyphCorners(quad, s.placedGlyphs[q], scale: s.labelScale, pitchWithMap: s.path?.pitchWithMap == true,
                                           translate: Point(x: layer.translate.x * ratio, y: layer.translate.y * ratio))
                        : projection.corners(quad.topLeft, quad.topRight, quad.bottomLeft, t)
                    paintInlineImage(image, corners: corners, opacity: max(0, min(1, s.opacity)), color: quad.color ?? s.color,
                                     edge: edge)
                    continue
                }
                var color = halo ? s.haloColor : (quad.color ?? s.color)
                color = color.scaled(Float(max(0, min(1, s.opacity))))
                if color.a <= 0 && color.r <= 0 && color.g <= 0 && color.b <= 0 { continue }
                let corners = alongLine
                    ? lineGlyphCorners(quad, s.placedGlyphs[q], scale: s.labelScale, pitchWithMap: s.path?.pitchWithMap == true,
                                       translate: Point(x: layer.translate.x * ratio, y: layer.translate.y * ratio))
                    : projection.corners(quad.topLeft, quad.topRight, quad.bottomLeft, t)
                paintGlyph(quad, corners: corners, color: color, edge: edge, depthGamma: (onSphere && pitchWithMap) || pointOnSphere)
            }
        }
    }

    /// Where a label placed at a variable anchor is drawn (its screen anchor and map-plane anchor),
    /// as MapLibre Native moves it (`updateBucketDynamicVertices`) rather than as its quads, which
    /// hold the shift in the text's own frame, would put it: text pitched with the map moves in the
    /// map plane, along the map's axes, by the shift times the perspective ratio the CPU computes
    /// (half the way to the centre's scale from the anchor's, the inverse of the shader's); text on
    /// the screen that turns with the map moves on the screen, its shift turned by the pitch angle
    /// (Native's `util::rotate(shift, -state.getPitch())`); other text moves as its quads say.
    /// On the globe, also the world point the label is laid out from (`world`, the anchor's, moved; nil where unknown).
    private func variableAnchorPosition(_ layer: SymbolLayer, _ s: SymbolLayer.Symbol, anchor: Point, plane: Point?, world: Point?,
                                        w: Double) -> (Point, Point?, Point?) {
        let t = transform
        guard s.textShift != Point(x: 0, y: 0), layer.textPitchWithMap || layer.textRotateWithMap else { return (anchor, plane, world) }
        let v = Point(x: s.textShift.x * t.pixelRatio, y: s.textShift.y * t.pixelRatio)
        // what the quads hold: the shift in 1/32 ems, as their vertices are stored
        func em32(_ x: Double) -> Double { s.fontScale > 0 ? (x / s.fontScale * 32).rounded() / 32 * s.fontScale * t.pixelRatio : 0 }
        let held = Point(x: em32(s.textShift.x), y: em32(s.textShift.y))
        let cpuRatio = max(0, min(4, 0.5 + 0.5 / w))
        if layer.textPitchWithMap {
            let intended = t.rotate(v) * cpuRatio
            if t.globe != nil, let world {
                // on the globe, laid on the sphere from the anchor moved in the Mercator camera's plane (GL JS shifts
                // the tile anchor in tile units), at the scale the quads are laid out at there (QuadProjection.corners)
                let scale = t.pitchedGlyphScale(worldY: world.y)
                let drawn = (layer.textRotateWithMap ? t.rotate(held) : QuadProjection.viewportAligned(held, t))
                    * (Self.perspectiveRatio(w: w, pitchWithMap: true) * scale)
                return (anchor, plane, t.flatWorldFraction(plane: t.flatPlane(worldFraction: world) + intended * scale - drawn))
            }
            guard t.isPitched, let plane else {
                // unpitched, the plane is the screen: only the direction differs (map axes, not the text's)
                let drawn = layer.textRotateWithMap ? t.rotate(held) : held
                return (anchor + intended - drawn, plane.map { $0 + intended - drawn }, nil)
            }
            let drawn = (layer.textRotateWithMap ? t.rotate(held) : QuadProjection.viewportAligned(held, t))
                * Self.perspectiveRatio(w: w, pitchWithMap: true)
            let moved = plane + intended - drawn
            return (t.screen(plane: moved), moved, nil)
        }
        // turned with the map, on the screen
        let pitch = t.camera.pitch * .pi / 180
        let intended = Point(x: v.x * cos(pitch) + v.y * sin(pitch), y: -v.x * sin(pitch) + v.y * cos(pitch)) * cpuRatio
        var drawn = t.rotate(held)
        if let plane, t.isPitched {
            let angle = QuadProjection.projectedMapAngle(at: plane, t), c = cos(angle), sn = sin(angle)
            drawn = Point(x: held.x * c - held.y * sn, y: held.x * sn + held.y * c)
        }
        return (anchor + intended - drawn * cpuRatio, plane, nil)
    }

    /// MapLibre's symbol shader's perspective ratio for an anchor at depth ratio `w` (its distance
    /// over the centre's): labels pitched with the map grow in the distance, labels on the screen
    /// shrink, halfway in both cases, within 0...4.
    static func perspectiveRatio(w: Double, pitchWithMap: Bool) -> Double {
        max(0, min(4, 0.5 + 0.5 * (pitchWithMap ? w : 1 / w)))
    }

    /// A collision box outlined as MapLibre's collision-box shader draws it: one-pixel lines, half
    /// transparent blue for placed labels, red for hidden ones.
    private mutating func paintCollisionBox(_ outline: SymbolLayer.CollisionBoxOutline) {
        let color = outline.placed ? PremultipliedColor(r: 0, g: 0, b: 0.5, a: 0.25) : PremultipliedColor(r: 0.5, g: 0, b: 0, a: 0.5)
        let r = transform.pixelRatio
        let (x0, y0, x1, y1) = (outline.box.0 * r, outline.box.1 * r, outline.box.2 * r, outline.box.3 * r)
        if outline.isCircle {
            paintCircleOutline(center: Point(x: (x0 + x1) / 2, y: (y0 + y1) / 2), radius: (x1 - x0) / 2, color: color)
            return
        }
        // the four edges in MapLibre's vertex order: top, right, bottom, left
        paintAxisLine(from: x0, to: x1, at: y0, horizontal: true, color: color)
        paintAxisLine(from: y0, to: y1, at: x1, horizontal: false, color: color)
        paintAxisLine(from: x1, to: x0, at: y1, horizontal: true, color: color)
        paintAxisLine(from: y1, to: y0, at: x0, horizontal: false, color: color)
    }

    /// A collision circle as MapLibre's debug shader draws it: a ring one pixel wide, faded by the
    /// distance from each pixel centre to the circle (device pixels), within the clip (the band this
    /// context paints: another core paints the others at the same time).
    private mutating func paintCircleOutline(center: Point, radius: Double, color: PremultipliedColor) {
        guard center.x.isFinite, center.y.isFinite, radius > 0, radius.isFinite else { return }
        let x0 = max(clip.x0, Int((center.x - radius - 1).rounded(.down))), x1 = min(clip.x1 - 1, Int((center.x + radius + 1).rounded(.up)))
        let y0 = max(clip.y0, Int((center.y - radius - 1).rounded(.down))), y1 = min(clip.y1 - 1, Int((center.y + radius + 1).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        for y in y0...y1 {
            for x in x0...x1 {
                let dx = Double(x) + 0.5 - center.x, dy = Double(y) + 0.5 - center.y
                let edge = abs((dx * dx + dy * dy).squareRoot() - radius)
                guard edge < 1 else { continue }
                let t = 1 - edge
                Canvas.blendPixel(pixels, offset: 4 * (y * canvasWidth + x), color: color, alpha: Float(t * t * (3 - 2 * t)))
            }
        }
    }

    /// A one-pixel axis-aligned line from `a` to `b` at `c` (device pixels), lit by GL's
    /// diamond-exit rule: each pixel whose diamond the segment leaves, within the clip.
    private mutating func paintAxisLine(from a: Double, to b: Double, at c: Double, horizontal: Bool, color: PremultipliedColor) {
        guard a.isFinite, b.isFinite, c.isFinite, a != b else { return }
        let across = Int(c.rounded(.up)) - 1  // on a pixel edge, the pixel before it (GL's diamond corners)
        let d = abs(c - (Double(across) + 0.5))
        let half = 0.5 - d
        let lo = min(a, b), hi = max(a, b)
        let (along, acrossRange) = horizontal ? (clip.x0..<clip.x1, clip.y0..<clip.y1) : (clip.y0..<clip.y1, clip.x0..<clip.x1)
        guard acrossRange.contains(across), !along.isEmpty, hi > Double(along.lowerBound), lo < Double(along.upperBound) else { return }
        let first = max(along.lowerBound, Int((lo - 1).rounded(.down))), last = min(along.upperBound - 1, Int((hi + 1).rounded(.up)))
        guard first <= last else { return }
        for i in first...last {
            let center = Double(i) + 0.5
            let exits = a < b ? (a < center + half && b >= center + half) : (a > center - half && b <= center - half)
            guard exits else { continue }
            let (x, y) = horizontal ? (i, across) : (across, i)
            Canvas.blendPixel(pixels, offset: 4 * (y * canvasWidth + x), color: color, alpha: 1)
        }
    }

    /// One icon: an SDF icon tinted like text (halo first), any other sampled as it is.
    /// Corners (top left, top right, bottom left) of a glyph laid out along a line: the quad scaled
    /// and turned with the line around the glyph's centre, in the label plane (the map plane, seen
    /// in perspective, for labels pitched with the map; the screen otherwise).
    private func lineGlyphCorners(_ quad: SymbolLayer.GlyphQuad, _ placed: PlacedGlyph, scale: Double, pitchWithMap: Bool,
                                  translate: Point) -> QuadCorners {
        // on the globe, a glyph in the map plane is scaled for its own latitude (GL JS's `projectionScaling`)
        let scale = pitchWithMap && transform.globe != nil
            ? scale * transform.pitchedGlyphScale(worldY: transform.flatWorldFraction(plane: placed.point).y) : scale
        let c = cos(placed.angle), s = sin(placed.angle)
        func corner(_ v: Point) -> Point {
            placed.point + Point(x: (v.x * c - v.y * s) * scale, y: (v.x * s + v.y * c) * scale)
        }
        let (a, b, d) = (corner(quad.topLeft), corner(quad.topRight), corner(quad.bottomLeft))
        if pitchWithMap && transform.globe != nil {
            // each of the four corners projected onto the sphere (GL JS's shader projects every vertex)
            let e = corner(quad.topRight + quad.bottomLeft - quad.topLeft)
            func projected(_ p: Point) -> ProjectedCorner {
                let q = transform.projectedCorner(flatPlane: p)
                return ProjectedCorner(point: q.point + translate, side: q.side, w: q.w)
            }
            return .sphere(projected(a), projected(b), projected(d), projected(e))
        }
        if pitchWithMap && transform.isPitched { return .plane(a, b, d, shift: translate) }
        if pitchWithMap { return .screen(transform.screen(plane: a) + translate, transform.screen(plane: b) + translate,
                                         transform.screen(plane: d) + translate) }
        return .screen(a + translate, b + translate, d + translate)
    }

    private mutating func paintIcon(_ icon: SymbolLayer.Icon, projection: QuadProjection, gammaBase: Double, terrainScale: Double) {
        let transform = self.transform
        // an icon transformed on the screen is sampled linearly: MapLibre Native's turned with the map (or along its
        // line), GL JS's pitched with the map (`pitchWithMap || pitch != 0`: drawn on the globe, an icon on the sphere)
        let transformed = transform.glJSRules ? projection.pitchWithMap : projection.rotation != 0 || projection.rotateWithMap
        guard icon.size > 0 else { return }
        let opacity = Float(max(0, min(1, icon.opacity)))
        let texture = icon.image.image
        // MapLibre samples icons linearly when the image's pixel ratio is not the map's
        let linear = icon.linear || transformed || icon.image.pixelRatio != transform.pixelRatio
        // an SDF icon's edge is found at the size drawn, the perspective ratio at its anchor included (over terrain
        // the raised anchor's: `terrainScale`)
        let w = transform.isPitched ? projection.plane.map { max(transform.w(plane: $0), 1e-6) } ?? 1 : 1
        let fontScale = icon.size * Self.perspectiveRatio(w: w, pitchWithMap: projection.pitchWithMap) * terrainScale
        for halo in icon.image.sdf ? [true, false] : [false] {
            if halo && (icon.haloWidth <= 0 || icon.haloColor.a <= 0) { continue }
            let edge = halo ? SDFEdge.halo(width: icon.haloWidth, blur: icon.haloBlur, fontScale: fontScale, gammaBase: gammaBase)
                : SDFEdge.fill(fontScale: fontScale, gammaBase: gammaBase)
            let color = (halo ? icon.haloColor : icon.color).scaled(opacity)
            for quad in icon.quads {
                let t = quad.texels
                paintParallelogram(projection.corners(quad.topLeft, quad.topRight, quad.bottomLeft, transform)) { u, v in
                    let tx = t.x0 + u * (t.x1 - t.x0), ty = t.y0 + v * (t.y1 - t.y0)
                    if icon.image.sdf {
                        let distance = Double(texture.sampleBordered(texelX: tx, texelY: ty, linear: true).a)
                        let alpha = edge.coverage(distance)
                        return alpha > 0 ? color.scaled(Float(alpha)) : nil
                    }
                    let c = texture.sampleBordered(texelX: tx, texelY: ty, linear: linear)
                    return c.a > 0 ? c.scaled(opacity) : nil
                }
            }
        }
    }

    /// An image of formatted text: sampled bilinearly over its padded rectangle (an SDF image
    /// tinted like the text), at the text's opacity.
    private mutating func paintInlineImage(_ image: StyleImage, corners: QuadCorners, opacity: Double,
                                           color: PremultipliedColor, edge: SDFEdge) {
        let texture = image.image
        let w = Double(texture.width + 2), h = Double(texture.height + 2)
        let tint = color.scaled(Float(opacity))
        // MapLibre Native samples inline images nearest (the suite's @2x images at ratio 1 show it);
        // bilinear for SDF images and turned quads
        let screen = corners.onScreen(transform)
        let top = screen.1 - screen.0
        let linear = image.sdf || abs(top.y) > 1e-3
        paintParallelogram(corners) { u, v in
            let c = texture.sampleBordered(texelX: u * w, texelY: v * h, linear: linear)
            if image.sdf {
                let alpha = edge.coverage(Double(c.a))
                return alpha > 0 ? tint.scaled(Float(alpha)) : nil
            }
            return c.a > 0 ? c.scaled(Float(opacity)) : nil
        }
    }

    /// Fills a quad with the colour `shade(u, v)` gives at each pixel centre (u, v in 0...1 across
    /// the quad): a parallelogram on the screen, or one in the map plane seen in perspective, as GL
    /// draws a pitched quad's two triangles (the plane point under each pixel centre, so the texture
    /// follows the perspective).
    private mutating func paintParallelogram(_ corners: QuadCorners, _ shade: (Double, Double) -> PremultipliedColor?) {
        paintQuad(corners) { u, v, _ in shade(u, v) }
    }

    /// ``paintParallelogram(_:_:)`` whose `shade` also takes the depth ratio at the pixel: for corners on the sphere,
    /// their clip `w` (over the camera's distance to the centre) interpolated as GL interpolates a varying; 1 otherwise.
    private mutating func paintQuad(_ corners: QuadCorners, _ shade: (Double, Double, Double) -> PremultipliedColor?) {
        switch corners {
        case .screen(let a, let b, let c): paintParallelogram(a, b, c) { u, v in shade(u, v, 1) }
        case .sphere(let topLeft, let topRight, let bottomLeft, let bottomRight):
            // GL JS's quad: two triangles, indexed (top left, bottom left, top right) and (top right, bottom left,
            // bottom right), each drawn only while it faces the camera: GL JS draws symbols with back faces culled
            // (`backCCW`), so a triangle the sphere mirrors on the screen (a label in the map plane seen past a pole) is
            // not drawn; it still takes its place in the collision grid
            if Self.facesCamera(topLeft.point, bottomLeft.point, topRight.point) {
                paintTriangle((topLeft, Point(x: 0, y: 0)), (topRight, Point(x: 1, y: 0)), (bottomLeft, Point(x: 0, y: 1)), shade)
            }
            if Self.facesCamera(topRight.point, bottomLeft.point, bottomRight.point) {
                paintTriangle((topRight, Point(x: 1, y: 0)), (bottomLeft, Point(x: 0, y: 1)), (bottomRight, Point(x: 1, y: 1)), shade)
            }
        case .plane(let topLeft, let topRight, let bottomLeft, let shift):
            let t = transform
            let ex = topRight - topLeft, ey = bottomLeft - topLeft
            let det = ex.x * ey.y - ex.y * ey.x
            guard det != 0, det.isFinite else { return }
            let planeCorners = [topLeft, topRight, bottomLeft, topRight + ey]
            // a quad reaching behind the camera is not drawn (GL clips it; labels there are hidden anyway)
            guard planeCorners.allSatisfy({ t.w(plane: $0) > 1e-6 }) else { return }
            let screen = planeCorners.map { t.screen(plane: $0) + shift }
            let xs = screen.map(\.x), ys = screen.map(\.y)
            let x0 = clip.firstColumn(atOrRightOf: xs.min()!), x1 = clip.firstColumn(atOrRightOf: xs.max()!)
            let y0 = clip.firstRow(atOrBelow: ys.min()!), y1 = clip.firstRow(atOrBelow: ys.max()!)
            if x0 >= x1 || y0 >= y1 { return }
            let w = canvasWidth, px = pixels
            for y in y0..<y1 {
                for x in x0..<x1 {
                    guard let p = t.plane(screen: Point(x: Double(x) + 0.5 - shift.x, y: Double(y) + 0.5 - shift.y)) else { continue }
                    let cx = p.x - topLeft.x, cy = p.y - topLeft.y
                    let u = (cx * ey.y - cy * ey.x) / det
                    let v = (ex.x * cy - ex.y * cx) / det
                    guard u >= 0, u < 1, v >= 0, v < 1, let color = shade(u, v, 1) else { continue }
                    Canvas.blendPixel(px, offset: 4 * (y * w + x), color: color, alpha: 1)
                }
            }
        }
    }

    /// Whether a triangle of a symbol's quad, its corners in GL JS's index order (top left, bottom left, top right; or
    /// top right, bottom left, bottom right), faces the camera: counter-clockwise in GL's window coordinates (y up),
    /// clockwise on the screen (y down), as an upright quad's triangles are.
    static func facesCamera(_ a: Point, _ b: Point, _ c: Point) -> Bool {
        (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) < 0
    }

    /// Fills a triangle of projected corners, each with its quad coordinates (u, v), as GL draws it: `shade(u, v)` at
    /// each pixel centre inside, u and v interpolated perspective-correctly (weighted by one over each corner's clip
    /// `w`); pixels where the horizon side, interpolated linearly on the screen (GL clips at clip `z` = `w`, which
    /// is where it changes sign), is below 0 are clipped. A pixel centre on the edge two triangles share goes to one.
    private mutating func paintTriangle(_ p: (ProjectedCorner, Point), _ q: (ProjectedCorner, Point), _ r: (ProjectedCorner, Point),
                                        _ shade: (Double, Double, Double) -> PremultipliedColor?) {
        guard p.0.side >= 0 || q.0.side >= 0 || r.0.side >= 0 else { return }
        let (a, b, c) = (p.0.point, q.0.point, r.0.point)
        let det = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        guard det != 0, det.isFinite else { return }
        let x0 = clip.firstColumn(atOrRightOf: min(a.x, b.x, c.x)), x1 = clip.firstColumn(atOrRightOf: max(a.x, b.x, c.x))
        let y0 = clip.firstRow(atOrBelow: min(a.y, b.y, c.y)), y1 = clip.firstRow(atOrBelow: max(a.y, b.y, c.y))
        if x0 >= x1 || y0 >= y1 { return }
        let (ia, ib, ic) = (1 / max(p.0.w, 1e-9), 1 / max(q.0.w, 1e-9), 1 / max(r.0.w, 1e-9))
        let w = canvasWidth, px = pixels
        for y in y0..<y1 {
            let cy = Double(y) + 0.5
            for x in x0..<x1 {
                let cx = Double(x) + 0.5
                // the screen's barycentric weights of b and c, then a's
                let wb = ((cx - a.x) * (c.y - a.y) - (cy - a.y) * (c.x - a.x)) / det
                let wc = ((b.x - a.x) * (cy - a.y) - (b.y - a.y) * (cx - a.x)) / det
                let wa = 1 - wb - wc
                guard wa >= 0, wb >= 0, wc > 0 || (wc == 0 && wa > 0),
                      wa * p.0.side + wb * q.0.side + wc * r.0.side >= 0 else { continue }
                let (la, lb, lc) = (wa * ia, wb * ib, wc * ic)
                let sum = la + lb + lc
                guard sum > 0 else { continue }
                let u = (la * p.1.x + lb * q.1.x + lc * r.1.x) / sum, v = (la * p.1.y + lb * q.1.y + lc * r.1.y) / sum
                guard u >= 0, u < 1, v >= 0, v < 1, let color = shade(u, v, 1 / sum) else { continue }
                Canvas.blendPixel(px, offset: 4 * (y * w + x), color: color, alpha: 1)
            }
        }
    }

    /// Fills the parallelogram with device-pixel corners `topLeft, topRight, bottomLeft` with the
    /// colour `shade(u, v)` gives at each pixel centre (u, v in 0...1).
    private mutating func paintParallelogram(_ topLeft: Point, _ topRight: Point, _ bottomLeft: Point,
                                             _ shade: (Double, Double) -> PremultipliedColor?) {
        let o = topLeft
        let ex = topRight - topLeft
        let ey = bottomLeft - topLeft
        let det = ex.x * ey.y - ex.y * ey.x
        guard det != 0, det.isFinite else { return }
        let xs = [o.x, o.x + ex.x, o.x + ey.x, o.x + ex.x + ey.x], ys = [o.y, o.y + ex.y, o.y + ey.y, o.y + ex.y + ey.y]
        let x0 = clip.firstColumn(atOrRightOf: xs.min()!), x1 = clip.firstColumn(atOrRightOf: xs.max()!)
        let y0 = clip.firstRow(atOrBelow: ys.min()!), y1 = clip.firstRow(atOrBelow: ys.max()!)
        if x0 >= x1 || y0 >= y1 { return }
        let w = canvasWidth, px = pixels
        for y in y0..<y1 {
            let cy = Double(y) + 0.5 - o.y
            for x in x0..<x1 {
                let cx = Double(x) + 0.5 - o.x
                let u = (cx * ey.y - cy * ey.x) / det
                let v = (ex.x * cy - ex.y * cx) / det
                guard u >= 0, u < 1, v >= 0, v < 1, let color = shade(u, v) else { continue }
                Canvas.blendPixel(px, offset: 4 * (y * w + x), color: color, alpha: 1)
            }
        }
    }

    /// One glyph quad, textured with the glyph's SDF in a one-texel zero border. With `depthGamma` (a glyph in the map
    /// plane on the globe), the edge widens at each pixel by its depth ratio, the corners' clip `w` interpolated (GL JS's
    /// `gamma_scale = gl_Position.w`, a varying, over `u_gamma_scale`, the camera's distance to the centre).
    private mutating func paintGlyph(_ quad: SymbolLayer.GlyphQuad, corners: QuadCorners,
                                     color: PremultipliedColor, edge: SDFEdge, depthGamma: Bool = false) {
        let g = quad.glyph
        guard g.hasBitmap else { return }
        let texW = Double(g.bitmapWidth + 2), texH = Double(g.bitmapHeight + 2)
        let bw = g.bitmapWidth, bh = g.bitmapHeight
        g.bitmap.withUnsafeBufferPointer { bitmap in
            @inline(__always) func texel(_ i: Int, _ j: Int) -> Double {
                // padded coordinates: the bitmap starts one texel in
                let bi = i - 1, bj = j - 1
                guard bi >= 0, bj >= 0, bi < bw, bj < bh else { return 0 }
                return Double(bitmap[bj * bw + bi]) / 255
            }
            paintQuad(corners) { u, v, depth in
                let tx = u * texW - 0.5, ty = v * texH - 0.5
                let fx = tx.rounded(.down), fy = ty.rounded(.down)
                let i = Int(fx), j = Int(fy)
                let ax = tx - fx, ay = ty - fy
                let top = texel(i, j) * (1 - ax) + texel(i + 1, j) * ax
                let bottom = texel(i, j + 1) * (1 - ax) + texel(i + 1, j + 1) * ax
                var e = edge
                if depthGamma { e.gamma *= depth }
                let alpha = e.coverage(top * (1 - ay) + bottom * ay)
                return alpha > 0 ? color.scaled(Float(alpha)) : nil
            }
        }
    }
}

/// Where a symbol's quad corners land on the screen: offsets from the anchor scaled to device
/// pixels, turned (along a line, or with the map's bearing when the symbol rotates with the map)
/// and, for symbols pitched with the map, laid in the map plane and projected.
struct QuadProjection {
    /// The anchor on the screen (device pixels).
    var anchor: Point
    /// The anchor in the map plane (nil for labels placed on the screen).
    var plane: Point?
    /// Device pixels per quad unit.
    var scale: Double
    /// A turn of its own, in radians (icons along lines).
    var rotation: Double
    var rotateWithMap: Bool
    var pitchWithMap: Bool
    /// Where the shader's perspective ratio is measured when it is not `plane` (MapLibre measures it
    /// at the label's anchor, which a variable anchor's shift does not move).
    var ratioPlane: Point?
    /// On the globe, a quad pitched with the map: its anchor in the Mercator camera's plane and the scale its offsets
    /// are laid out at there (``placeOnGlobe(world:ratioWorld:_:)``).
    var sphereAnchor: (point: Point, scale: Double)?
    /// On the globe, a quad on the screen turned with the map: the screen angle of the map's x axis at its anchor.
    var globeMapAngle: Double?

    /// On the globe, the label's layout at its anchor, worked out once for all its quads, from the world points
    /// (Web Mercator fractions, world copy included) of `plane` (`world`) and of `ratioPlane` (`ratioWorld`), found
    /// under the plane points (on the screen there) where not given. A quad pitched with the map is laid in the
    /// Mercator camera's plane around the anchor, at GL JS's perspective ratio for the anchor's depth and scaled for
    /// its latitude (`u_pitched_scale`); one on the screen turned with the map follows the map's x axis as the sphere
    /// turns it at the anchor (GL JS's `u_rotate_symbol` projects a step along the tile's x axis, pitched or not).
    mutating func placeOnGlobe(world: Point?, ratioWorld: Point?, _ t: Transform) {
        guard t.globe != nil else { return }
        if pitchWithMap, let plane {
            let anchor = world ?? t.worldFraction(plane: plane)
            let ratioAnchor = ratioWorld ?? world ?? t.worldFraction(plane: ratioPlane ?? plane)
            guard anchor.x.isFinite, ratioAnchor.x.isFinite else { return }
            let perspective = max(0, min(4, 0.5 + 0.5 * t.depthRatio(worldFraction: ratioAnchor)))
            sphereAnchor = (t.flatPlane(worldFraction: anchor), perspective * t.pitchedGlyphScale(worldY: ratioAnchor.y))
        } else if !pitchWithMap, rotateWithMap, let world {
            globeMapAngle = Self.projectedGlobeMapAngle(at: world, t)
        }
    }

    /// The corners of a quad (top left, top right, bottom left offsets): in the map plane for a
    /// label pitched with the map in a pitched view, on the screen otherwise. When GL JS's pictures are matched,
    /// corners on the screen (or projected from the sphere) lie on GL's grid of 1/16 of a pixel, as `snapped` puts them.
    func corners(_ topLeft: Point, _ topRight: Point, _ bottomLeft: Point, _ t: Transform) -> QuadCorners {
        if pitchWithMap, let (anchor, scale) = sphereAnchor {
            // on the globe: laid in the Mercator camera's plane around the anchor (``placeOnGlobe(world:ratioWorld:_:)``),
            // each of the four corners projected onto the sphere (GL JS's shader projects every vertex): the label lies
            // on the sphere, foreshortened towards the limb
            func corner(_ v: Point) -> ProjectedCorner {
                let q = t.projectedCorner(flatPlane: anchor + offset(v, t) * scale)
                return ProjectedCorner(point: t.snapped(q.point), side: q.side, w: q.w)
            }
            return .sphere(corner(topLeft), corner(topRight), corner(bottomLeft), corner(topRight + bottomLeft - topLeft))
        }
        if pitchWithMap, let plane, t.isPitched {
            let perspective = max(0, min(4, 0.5 + 0.5 * t.w(plane: ratioPlane ?? plane)))
            func corner(_ v: Point) -> Point { plane + offset(v, t) * perspective }
            return .plane(corner(topLeft), corner(topRight), corner(bottomLeft), shift: Point(x: 0, y: 0))
        }
        // (on GL's vertex grid when GL JS's pictures are matched: an icon drawn at its own size samples its nearest
        // texels, and a thirtieth of a pixel moves a row of them)
        return .screen(t.snapped(self(topLeft, t)), t.snapped(self(topRight, t)), t.snapped(self(bottomLeft, t)))
    }

    /// A quad offset scaled to device pixels and turned (before any perspective).
    private func offset(_ v: Point, _ t: Transform) -> Point {
        var r = v * scale
        if rotation != 0 {
            let c = cos(rotation), s = sin(rotation)
            r = Point(x: r.x * c - r.y * s, y: r.x * s + r.y * c)
        }
        if rotateWithMap { r = t.rotate(r) } else { r = Self.viewportAligned(r, t) }
        return r
    }

    /// An offset of a label pitched with the map and turned with the viewport, laid in the plane (pitched, before the
    /// bearing's turn back): along the plane's axes, except in a rolled view, where GL JS lays the label's x axis
    /// along the plane direction the screen's horizontal comes from and its y axis along the one its vertical comes
    /// from (`getGlCoordMatrix`: `vecEast`, `vecSouth` of pitch, bearing and roll, normalized), so that the label
    /// stays level on the screen, squashed by the pitch.
    @inline(__always)
    static func viewportAligned(_ v: Point, _ t: Transform) -> Point {
        guard t.isRolled else { return v }
        let east = Point(x: t.cosPitch * t.cosRoll, y: t.sinRoll), south = Point(x: -t.cosPitch * t.sinRoll, y: t.cosRoll)
        let eastLength = (east.x * east.x + east.y * east.y).squareRoot(), southLength = (south.x * south.x + south.y * south.y).squareRoot()
        guard eastLength > 1e-9, southLength > 1e-9 else { return v }
        return east * (v.x / eastLength) + south * (v.y / southLength)
    }

    func callAsFunction(_ v: Point, _ t: Transform) -> Point {
        var r = v * scale
        if rotation != 0 {
            let c = cos(rotation), s = sin(rotation)
            r = Point(x: r.x * c - r.y * s, y: r.x * s + r.y * c)
        }
        if rotateWithMap {
            if !pitchWithMap, let angle = globeMapAngle {
                // on the globe, the map's x axis as the sphere turns it at the anchor (``placeOnGlobe(world:ratioWorld:_:)``)
                let c = cos(angle), s = sin(angle)
                r = Point(x: r.x * c - r.y * s, y: r.x * s + r.y * c)
            } else if let plane, t.isPitched, !pitchWithMap {
                // MapLibre's symbol shaders (`u_rotate_symbol`): a label on the screen that turns with
                // the map follows the map's x axis as projected at its anchor, which a pitched view
                // turns further than the bearing
                let angle = Self.projectedMapAngle(at: plane, t), c = cos(angle), s = sin(angle)
                r = Point(x: r.x * c - r.y * s, y: r.x * s + r.y * c)
            } else {
                r = t.rotate(r)
            }
        }
        guard let plane, t.hasPerspective else { return anchor + r }
        // on the screen, labels far away are drawn smaller, but only halfway as the map shrinks (on the
        // globe, towards the limb)
        guard pitchWithMap else { return anchor + r * max(0, min(4, 0.5 + 0.5 / max(t.depthRatio(plane: plane), 1e-6))) }
        // (on the globe, labels pitched with the map are laid on the sphere by ``corners(_:_:_:_:)``)
        guard t.isPitched else { return anchor + r }
        if !rotateWithMap { r = Self.viewportAligned(r, t) }
        // MapLibre's symbol shader: pitched labels are drawn halfway between their map and screen size
        let perspective = max(0, min(4, 0.5 + 0.5 * t.w(plane: plane)))
        return t.screen(plane: plane + r * perspective)
    }
}

/// One of MapLibre Native's draw calls for a symbol layer in a tile: its plain icons, its SDF icons,
/// its text (halos, then fills), or all of them; with `symbol-sort-key`, those of one key only.
enum SymbolDrawPart: Equatable, Sendable {
    case all
    case icons(sdf: Bool, sortKey: Double?)
    case text(sortKey: Double?)

    var drawsIcons: Bool { if case .text = self { false } else { true } }
    var drawsText: Bool { if case .icons = self { false } else { true } }
    var sortKey: Double? {
        switch self {
        case .all: nil
        case .icons(_, let key), .text(let key): key
        }
    }

    /// Whether this part draws `icon` (plain and SDF icons are drawn apart).
    func draws(_ icon: SymbolLayer.Icon) -> Bool {
        if case .icons(let sdf, _) = self { return icon.image.sdf == sdf }
        return true
    }
}

/// The tile a point label is drawn with (MapLibre's `UnwrappedTileID` order: world copy, then
/// column, then row) at the source's tile zoom.
struct SymbolTileKey: Comparable {
    var copy: Int, x: Int, y: Int

    init(_ symbol: SymbolLayer.Symbol, copy: Int, zoom: Int) {
        let m = Transform.mercator(symbol.anchor), n = Double(1 << zoom)
        self.copy = copy
        x = Int(max(0, min(n - 1, (m.x * n).rounded(.down))))
        y = Int(max(0, min(n - 1, (m.y * n).rounded(.down))))
    }

    static func < (a: SymbolTileKey, b: SymbolTileKey) -> Bool { (a.copy, a.x, a.y) < (b.copy, b.x, b.y) }
}

/// Where GL JS draws a symbol of a layer sorted by viewport y (`symbol-z-order`): its tiles in order of their
/// positions turned by the bearing (`getRenderableIds(true)` reversed: the top row first, then from the left; world
/// copies apart), and within a tile by the anchor's y in tile units turned by the bearing (`getSortedSymbolIndexes`,
/// rounded), later features first where they tie.
struct SymbolDrawOrder: Comparable {
    var copy: Int, tileY: Double, tileX: Double, y: Double, index: Int

    init(anchor: LocationCoordinate2D, index: Int, copy: Int, zoom: Int, bearing: Double) {
        let m = Transform.mercator(anchor), n = Double(1 << max(0, min(zoom, 30)))
        let column = max(0, min(n - 1, (m.x * n).rounded(.down))), row = max(0, min(n - 1, (m.y * n).rounded(.down)))
        let angle = -bearing * .pi / 180
        let (sine, cosine) = (sin(angle), cos(angle))
        self.copy = copy
        // (GL JS turns the tiles' canonical coordinates, Point._rotate: y' = sin · x + cos · y)
        tileX = cosine * column - sine * row
        tileY = sine * column + cosine * row
        y = Self.turnedY(m, tiles: n, column: column, row: row, sine: sine, cosine: cosine)
        self.index = index
    }

    /// An anchor's y in its tile turned by the bearing, as MapLibre sorts a bucket's symbols
    /// (`getSortedSymbolIndexes`): world point `m`'s position in the tile at `column` and `row` (`tiles` a side), in
    /// 8,192 units, rounded, turned by the angle whose sine and cosine are given (-bearing), rounded again.
    static func turnedY(_ m: Point, tiles n: Double, column: Double, row: Double, sine: Double, cosine: Double) -> Double {
        let x = ((m.x * n - column) * 8192).rounded(), y = ((m.y * n - row) * 8192).rounded()
        return (sine * x + cosine * y).rounded()
    }

    static func < (a: SymbolDrawOrder, b: SymbolDrawOrder) -> Bool {
        (a.copy, a.tileY, a.tileX, a.y, -a.index) < (b.copy, b.tileY, b.tileX, b.y, -b.index)
    }
}

/// A quad's corners (top left, top right, bottom left): on the screen (device pixels), or in the
/// map plane (device pixels before perspective) and moved by `shift` on the screen once projected.
enum QuadCorners {
    case screen(Point, Point, Point)
    case plane(Point, Point, Point, shift: Point)
    /// All four corners (top left, top right, bottom left, bottom right) projected one by one: a glyph in the map
    /// plane on the globe, drawn as GL JS's two triangles and clipped at the horizon plane.
    case sphere(ProjectedCorner, ProjectedCorner, ProjectedCorner, ProjectedCorner)

    /// The corners on the screen.
    func onScreen(_ t: Transform) -> (Point, Point, Point) {
        switch self {
        case .screen(let a, let b, let c): return (a, b, c)
        case .sphere(let a, let b, let c, _): return (a.point, b.point, c.point)
        case .plane(let a, let b, let c, let shift):
            return (t.screen(plane: a) + shift, t.screen(plane: b) + shift, t.screen(plane: c) + shift)
        }
    }
}

/// A quad corner projected onto the globe: its screen position (device pixels), how far it lies in front of the
/// horizon plane (negative: hidden) and its depth ratio (clip `w` over the camera's distance to the centre).
struct ProjectedCorner {
    var point: Point
    var side: Double
    var w: Double
}

extension QuadProjection {
    /// The screen angle (radians, clockwise with y down) of the map's x axis projected at the plane
    /// point `plane`: the shader's short step along the tile's x axis, projected, and its direction.
    static func projectedMapAngle(at plane: Point, _ t: Transform) -> Double {
        let a = t.screen(plane: plane), b = t.screen(plane: plane + t.rotate(Point(x: 1, y: 0)))
        return atan2(b.y - a.y, b.x - a.x)
    }

    /// On the globe, the screen angle of the map's x axis at a world point: a step of one tile unit east
    /// projected onto the sphere (nil off the globe).
    static func projectedGlobeMapAngle(at world: Point, _ t: Transform) -> Double? {
        guard let g = t.globe else { return nil }
        let step = 1 / (8192 * pow(2, Double(t.tileZoom)))
        let a = g.project(worldX: world.x, y: world.y), b = g.project(worldX: world.x + step, y: world.y)
        return atan2(b.y - a.y, b.x - a.x)
    }
}

/// How MapLibre's `symbol_sdf` shader turns a glyph's or SDF icon's signed distance into coverage.
struct SDFEdge {
    /// The distance of the edge (0.75 for a fill; further out for a halo).
    var buff: Double
    /// Half the width of the antialiased ramp.
    var gamma: Double
    /// A halo is a ring: it fades out again inside the fill's edge, so that a translucent or
    /// transparent fill shows what lies under the label rather than the halo colour.
    var isHalo: Bool

    /// The fill's edge at `fontScale` (text size / 24, or the icon size).
    static func fill(fontScale: Double, gammaBase: Double) -> SDFEdge {
        SDFEdge(buff: 0.75, gamma: gammaBase / fontScale, isHalo: false)
    }

    /// The halo's edge `width` pixels out, blurred by `blur` pixels.
    static func halo(width: Double, blur: Double, fontScale: Double, gammaBase: Double) -> SDFEdge {
        SDFEdge(buff: (6 - width / fontScale) / 8, gamma: (blur * 1.19 / 8 + gammaBase) / fontScale, isHalo: true)
    }

    /// Coverage at signed distance `distance` (0...1, 0.75 on the glyph's outline).
    @inline(__always)
    func coverage(_ distance: Double) -> Double {
        let outer = smoothstep(buff - gamma, buff + gamma, distance)
        guard isHalo else { return outer }
        // the shader's inner edge for halos: 0.75 moved in by one gamma
        let inner = 0.75 + gamma
        return min(outer, 1 - smoothstep(inner - gamma, inner + gamma, distance))
    }
}
