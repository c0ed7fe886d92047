import Foundation
import Fonts
import Geo
import MapStyle

/// Collision detection for labels, as MapLibre places them: layers from the top down, labels in
/// order within a layer; a label whose box meets one already placed is hidden unless it allows
/// overlap, and a placed label keeps later ones away unless it ignores placement.
enum SymbolPlacement {
    /// GL JS's `perspectiveRatioCutoff`: a symbol whose anchor's perspective ratio is below it is not placed.
    static let glJSPerspectiveRatioCutoff = 0.6
    /// Places the labels of `layers`, top layer first. With `collisionGroups` (one name per layer,
    /// its source), labels collide only within their group.
    /// With `showsCollisionBoxes`, each label keeps the boxes it tried for the debug overlay.
    /// In the `tile` map mode labels are placed as MapLibre Native places them in one tile of a set
    /// (``placeInTile(_:transform:collisionGroups:showsCollisionBoxes:)``).
    static func place(_ layers: inout [any SceneLayer], transform: Transform, collisionGroups: [String]? = nil,
                      showsCollisionBoxes: Bool = false, mode: MapMode = .static) {
        if mode == .tile {
            placeInTile(&layers, transform: transform, collisionGroups: collisionGroups, showsCollisionBoxes: showsCollisionBoxes)
            return
        }
        let grid = CollisionGrid(width: transform.width / transform.pixelRatio, height: transform.height / transform.pixelRatio,
                                 pitched: transform.isPitched)
        var grids: [String: CollisionGrid] = [:]
        // layers sharing a layout (one bucket in MapLibre) are placed once, by the group's first layer
        let leaders = layoutGroupLeaders(layers)
        for index in layers.indices.reversed() {
            if leaders[index] != nil { continue }
            let group = collisionGroups.map { index < $0.count ? $0[index] : "" } ?? ""
            var placed = grids[group] ?? grid
            defer { grids[group] = placed }
            if var tiled = layers[index] as? TileClippedLayer {
                for p in placementOrder(tiled.pieces, transform: transform) {
                    guard var symbols = tiled.pieces[p].layer as? SymbolLayer else { continue }
                    symbols.showsCollisionBoxes = showsCollisionBoxes
                    place(&symbols, wrap: tiled.pieces[p].wrap, transform: transform, placed: &placed)
                    tiled.pieces[p].layer = symbols
                }
                layers[index] = tiled
            } else if var symbols = layers[index] as? SymbolLayer {
                symbols.showsCollisionBoxes = showsCollisionBoxes
                place(&symbols, wrap: nil, transform: transform, placed: &placed)
                layers[index] = symbols
            }
        }
        followLeaders(&layers, leaders)
    }

    /// For each symbol layer that shares its layout group with a layer below it, that group's first
    /// (lowest) layer: MapLibre lays the group out as one bucket, which only that layer places
    /// (`bucketLeaderID`); the others draw its labels where it placed them.
    static func layoutGroupLeaders(_ layers: [any SceneLayer]) -> [Int: Int] {
        func key(_ layer: any SceneLayer) -> SymbolLayer.LayoutGroupKey? {
            if let symbols = layer as? SymbolLayer { return symbols.layoutGroup }
            if let tiled = layer as? TileClippedLayer {
                return tiled.pieces.lazy.compactMap { ($0.layer as? SymbolLayer)?.layoutGroup }.first
            }
            return nil
        }
        var first: [SymbolLayer.LayoutGroupKey: Int] = [:]
        var leaders: [Int: Int] = [:]
        for index in layers.indices {
            guard let k = key(layers[index]) else { continue }
            if let leader = first[k], canFollow(layers[index], layers[leader]) {
                leaders[index] = leader
            } else if first[k] == nil {
                first[k] = index
            }
        }
        return leaders
    }

    /// Whether `follower` lines up with `leader` label for label (the same tiles, the same labels).
    private static func canFollow(_ follower: any SceneLayer, _ leader: any SceneLayer) -> Bool {
        if let f = follower as? SymbolLayer, let l = leader as? SymbolLayer { return f.symbols.count == l.symbols.count }
        guard let f = follower as? TileClippedLayer, let l = leader as? TileClippedLayer, f.pieces.count == l.pieces.count else { return false }
        return zip(f.pieces, l.pieces).allSatisfy { a, b in
            a.wrap == b.wrap && (a.layer as? SymbolLayer)?.symbols.count == (b.layer as? SymbolLayer)?.symbols.count
        }
    }

    /// Gives each follower of a layout group its leader's placement.
    static func followLeaders(_ layers: inout [any SceneLayer], _ leaders: [Int: Int]) {
        for (index, leader) in leaders {
            if var symbols = layers[index] as? SymbolLayer, let l = layers[leader] as? SymbolLayer {
                _ = symbols.takePlacement(from: l)
                symbols.showsCollisionBoxes = l.showsCollisionBoxes
                layers[index] = symbols
            } else if var tiled = layers[index] as? TileClippedLayer, let l = layers[leader] as? TileClippedLayer {
                for p in tiled.pieces.indices {
                    guard var symbols = tiled.pieces[p].layer as? SymbolLayer, let ls = l.pieces[p].layer as? SymbolLayer else { continue }
                    _ = symbols.takePlacement(from: ls)
                    tiled.pieces[p].layer = symbols
                }
                layers[index] = tiled
            }
        }
    }

    /// The order MapLibre Native places a layer's tiles in (`getRenderTilesSortedByYPosition`):
    /// deeper tiles first, then row by row and left to right as the screen's bearing turns the
    /// tile grid. Where two tiles' labels compete along their shared edge, the first keeps it.
    static func placementOrder(_ pieces: [TileClippedLayer.Piece], transform: Transform) -> [Int] {
        let angle = -transform.camera.bearing * .pi / 180
        let (s, c) = (Float(sin(angle)), Float(cos(angle)))
        // Native rotates the tile coordinates in single precision
        let keys = pieces.map { piece -> (z: Int, y: Float, x: Float) in
            let x = Float(piece.tile.x), y = Float(piece.tile.y)
            return (piece.tile.z, s * x + c * y, c * x - s * y)
        }
        return pieces.indices.sorted { a, b in
            let (ka, kb) = (keys[a], keys[b])
            if ka.z != kb.z { return ka.z > kb.z }
            if ka.y != kb.y { return ka.y < kb.y }
            if ka.x != kb.x { return ka.x < kb.x }
            return a < b
        }
    }

    /// Places one layer's labels (on world copy `wrap`, or the copy nearest the view centre): all of
    /// them, or `only` these in this order; labels in `skip` keep their placement. `tile` holds the
    /// tile map mode's rules.
    static func place(_ layer: inout SymbolLayer, wrap: Int?, transform: Transform,
                      placed: inout CollisionGrid, only: [Int]? = nil, skip: Set<Int> = [], tile: TilePlacementRules? = nil) {
        let ratio = transform.pixelRatio
        let shift = Point(x: layer.translate.x, y: layer.translate.y)
        let iconShift = layer.iconTranslate - layer.translate
        var order = only ?? Array(layer.symbols.indices)
        if only == nil, layer.placesByViewportY {
            // MapLibre sorts by anchor y (rounded, in tile units), later features first on ties, and
            // places from the bottom of that order up
            let ys = layer.symbols.map { s -> Double in
                let p = transform.screen(plane: transform.plane(s.anchor, copy: wrap ?? 0))
                return p.y.isFinite ? (p.y / ratio * 8).rounded() : 0
            }
            order.sort { a, b in ys[a] != ys[b] ? ys[a] < ys[b] : a > b }
            order.reverse()
        }
        // the tile map mode: labels that must stay inside the tile
        let edges = layer.avoidsTileEdges ? tile?.edges : nil
        func inTile(_ box: CollisionGrid.Box) -> Bool { edges.map { TilePlacementRules.isInside(box, $0) } ?? true }
        // GL JS projects the boxes of symbols pitched with the map from the map plane (``mapPlaneBox``)
        let mapPlaneBoxes = transform.glJSRules && transform.hasPerspective
        for i in order where !skip.contains(i) {
            if tile != nil { layer.symbols[i].collisionBoxes = [] }
            // on the globe, a label whose anchor is behind the horizon is hidden (GL JS's `isOccluded`), but not text along
            // its line in the map plane: GL JS walks that line in the label plane, which reports nothing occluded, and
            // keeps the collision circles of the part in front of the horizon (``LineLabelPlacement/collisionCircles``)
            if transform.globe != nil, !(layer.symbols[i].path?.textInMapPlane ?? false),
               transform.isHiddenOnGlobe(layer.symbols[i].anchor, copy: wrap ?? 0) {
                layer.symbols[i].placed = false
                layer.symbols[i].iconPlaced = false
                continue
            }
            if let path = layer.symbols[i].path {
                // (on the globe, the line was split on GL JS's grid at layout: ``LabelTiles/lineGranularity``)
                let line = LineLabelPlacement(transform: transform, path: path, copy: wrap ?? 0)
                if path.iconAlongLine, layer.symbols[i].icon != nil {
                    // the line's angle at the anchor in the icon's own label plane (its pitch alignment, not the text's)
                    var iconLine = line
                    iconLine.path.pitchWithMap = layer.iconPitchWithMap
                    if let g = iconLine.placeGlyph(offsetX: 0, lineOffset: Point(x: 0, y: 0), flip: false) {
                        layer.symbols[i].iconAngle = g.placed.angle
                    }
                }
                if path.textAlongLine {
                    placeAlongLine(&layer.symbols[i], line, shift: shift, ratio: ratio, placed: &placed,
                                   keepsOutlines: layer.showsCollisionBoxes, tileEdges: edges,
                                   iconInMapPlane: mapPlaneBoxes && layer.iconPitchWithMap ? layer.iconRotateWithMap : nil)
                    continue
                }
            }
            var s = layer.symbols[i]
            var plane = transform.plane(s.anchor, copy: wrap ?? 0)
            var screenShift = shift
            // the translate as a plane offset that moves the anchor on the map (none: it moves it on the screen)
            var mapShift = Point(x: 0, y: 0)
            if transform.globe != nil, shift.x != 0 || shift.y != 0 {
                // on the globe the translate moves the anchor on the map (GL JS adds it in tile units)
                let v = Point(x: shift.x * ratio, y: shift.y * ratio)
                mapShift = layer.translateAnchor == .map ? transform.rotate(v) : v
                plane = transform.plane(s.anchor, copy: wrap ?? 0, translatedBy: mapShift)
                screenShift = Point(x: 0, y: 0)
            }
            let p = transform.screen(plane: plane)
            guard p.x.isFinite, p.y.isFinite, transform.w(plane: plane) > 0 else {
                layer.symbols[i].placed = false
                layer.symbols[i].iconPlaced = false
                continue
            }
            let a = Point(x: p.x / ratio + screenShift.x, y: p.y / ratio + screenShift.y)
            layer.symbols[i].screenAnchor = a
            // MapLibre's perspective ratio: boxes of labels far away shrink halfway as the map does (on the
            // globe too: its limb is farther from the camera than its centre)
            let k = (transform.hasPerspective ? max(0, min(4, 0.5 + 0.5 / max(transform.depthRatio(plane: plane), 1e-6))) : 1) * s.terrainScale
            // GL JS leaves out a symbol whose anchor is so far away that its perspective ratio is under 0.6
            // (`perspectiveRatioCutoff`: five times the camera's distance to the centre)
            if transform.glJSRules && k < Self.glJSPerspectiveRatioCutoff * s.terrainScale {
                layer.symbols[i].placed = false
                layer.symbols[i].iconPlaced = false
                continue
            }
            func onScreen(_ b: (x0: Double, y0: Double, x1: Double, y1: Double)) -> (Double, Double, Double, Double) {
                (a.x + b.x0 * k, a.y + b.y0 * k, a.x + b.x1 * k, a.y + b.y1 * k)
            }
            // MapLibre tries a placement only inside the grid, even when it may overlap others
            func fits(_ box: (Double, Double, Double, Double)) -> Bool { placed.isInside(box) && placed.fits(box) }
            // with symbol-avoid-edges (or along lines) in the tile map mode, even labels that may overlap stay in the tile
            func mayPlace(_ box: (Double, Double, Double, Double), overlapping: Bool) -> Bool { inTile(box) && (overlapping || fits(box)) }
            let hasText = !s.quads.isEmpty
            var textBox = onScreen(s.box)
            var placeText = false
            // GL JS's boxes of symbols pitched with the map (not those of variable anchors or vertical text)
            let anchorWorld = mapPlaneBoxes ? transform.world(s.anchor, copy: wrap ?? 0, translatedBy: mapShift) : nil
            var textHidden = false
            if let world = anchorWorld, layer.textPitchWithMap, s.variants.isEmpty, s.vertical.isEmpty {
                let projected = mapPlaneBox(s.box, world: world, rotateWithMap: layer.textRotateWithMap, shift: screenShift, transform)
                textBox = projected?.box ?? textBox
                textHidden = projected?.hidden ?? true
            }
            // text-writing-mode: the vertical label when it comes first and fits, else the horizontal one,
            // else the vertical one when it comes second
            let verticals = s.vertical.map { (variant: $0, box: onScreen($0.box)) }
            // the first vertical placement that fits (with text-allow-overlap, the first)
            let fitting = verticals.first { mayPlace($0.box, overlapping: s.allowOverlap) }
            var vertical = fitting ?? verticals.first
            var useVertical = false
            if vertical != nil, layer.verticalFirst, fitting != nil || !layer.horizontalAllowed {
                useVertical = true
                placeText = fitting != nil
            } else {
                placeText = hasText && !textHidden && mayPlace(textBox, overlapping: s.allowOverlap)
            }
            // an icon fitted to text with variable anchors moves with the text (MapLibre's shifted icon boxes)
            let iconFollows = s.icon?.followsTextAnchor == true
            var iconShiftForText = Point(x: 0, y: 0)
            func shiftedIconBox(_ shift: Point) -> (Double, Double, Double, Double)? {
                guard let icon = s.icon else { return nil }
                let d = iconShift + shift
                return (a.x + d.x + icon.box.x0 * k, a.y + d.y + icon.box.y0 * k, a.x + d.x + icon.box.x1 * k, a.y + d.y + icon.box.y1 * k)
            }
            if hasText && !s.variants.isEmpty && !useVertical {
                // variable anchors: the first that fits; with text-allow-overlap, a second round allows overlap
                placeText = false
                let attempts = s.allowOverlap ? 2 * s.variants.count : s.variants.count
                for attempt in 0..<attempts {
                    let variant = s.variants[attempt % s.variants.count]
                    var box = onScreen(variant.box)
                    if layer.textRotateWithMap {
                        // MapLibre keeps collision boxes upright but turns a variable anchor's shift with the
                        // map: by the bearing for text pitched with the map, the other way for text on the
                        // screen (`calculateVariableLayoutOffset`)
                        // (in tile units, so scaled with the box by the perspective ratio)
                        let turned = ((layer.textPitchWithMap ? transform.rotate(variant.shift) : transform.unrotate(variant.shift))
                            - variant.shift) * k
                        box = (box.0 + turned.x, box.1 + turned.y, box.2 + turned.x, box.3 + turned.y)
                    }
                    let iconFits = !iconFollows || shiftedIconBox(variant.shift).map { mayPlace($0, overlapping: s.icon?.allowOverlap == true) } == true
                    if let tile, !tile.mayPlace(variant: attempt % s.variants.count,
                                                unshifted: (box.0 - variant.shift.x, box.1 - variant.shift.y, box.2 - variant.shift.x, box.3 - variant.shift.y),
                                                shifted: box) { continue }
                    if !inTile(box) { continue }
                    if attempt >= s.variants.count ? placed.isInside(box) : fits(box) && iconFits {
                        if iconFollows { iconShiftForText = variant.shift }
                        layer.symbols[i].quads = variant.quads
                        layer.symbols[i].box = variant.box
                        layer.symbols[i].textShift = variant.shift
                        textBox = box
                        placeText = true
                        break
                    }
                }
            }
            if !placeText, !useVertical, !layer.verticalFirst, let v = fitting {
                vertical = v
                useVertical = true
                placeText = true
            }
            if useVertical, let v = vertical {
                layer.symbols[i].quads = v.variant.quads
                layer.symbols[i].box = v.variant.box
                layer.symbols[i].textShift = v.variant.shift
                textBox = v.box
                if let icon = s.verticalIcon {
                    // the icon fitted to the vertical text replaces the horizontal one
                    s.icon = icon
                    layer.symbols[i].icon = icon
                    if icon.followsTextAnchor { iconShiftForText = v.variant.shift }
                }
            }
            var placeIcon = false
            var iconBox: (Double, Double, Double, Double)?
            if let icon = s.icon, var box = shiftedIconBox(iconShiftForText) {
                var hidden = false
                if let world = anchorWorld, layer.iconPitchWithMap, iconShiftForText == Point(x: 0, y: 0) {
                    let projected = mapPlaneBox(icon.box, world: world, rotateWithMap: layer.iconRotateWithMap,
                                                shift: screenShift + iconShift, transform)
                    box = projected?.box ?? box
                    hidden = projected?.hidden ?? true
                }
                iconBox = box
                placeIcon = !hidden && mayPlace(box, overlapping: icon.allowOverlap)
                if iconShiftForText != Point(x: 0, y: 0) {
                    let d = iconShiftForText
                    layer.symbols[i].icon?.quads = icon.quads.map { q in
                        SymbolLayer.IconQuad(topLeft: q.topLeft + d, topRight: q.topRight + d, bottomLeft: q.bottomLeft + d, texels: q.texels)
                    }
                }
            }
            combine(&placeText, &placeIcon, hasText: hasText, s)
            // labels wholly outside the view and its margin are not placed (MapLibre's grid bounds)
            if placeText && !placed.isInside(textBox) { placeText = false }
            if placeIcon, let box = iconBox, !placed.isInside(box) { placeIcon = false }
            layer.symbols[i].placed = placeText
            layer.symbols[i].iconPlaced = placeIcon
            if layer.showsCollisionBoxes {
                if hasText { layer.symbols[i].collisionBoxes.append(.init(box: textBox, placed: placeText)) }
                if let iconBox { layer.symbols[i].collisionBoxes.append(.init(box: iconBox, placed: placeIcon)) }
            }
            if placeText && !s.ignorePlacement { placed.insert(textBox) }
            if placeIcon, let box = iconBox, s.icon?.ignorePlacement == false { placed.insert(box) }
        }
    }

    /// MapLibre: a symbol with text and icon shows both or neither, unless one is optional.
    private static func combine(_ placeText: inout Bool, _ placeIcon: inout Bool, hasText: Bool, _ s: SymbolLayer.Symbol) {
        guard hasText, let icon = s.icon else { return }
        if !icon.optional && !s.textOptional {
            placeText = placeText && placeIcon
            placeIcon = placeText
        } else if !s.textOptional {
            placeIcon = placeIcon && placeText
        } else if !icon.optional {
            placeText = placeText && placeIcon
        }
    }

    /// Places a label along its line: its glyphs laid out on the projected line, its collision
    /// circles tested and kept, its icon boxed at the anchor.
    /// `iconInMapPlane`: the icon's box is projected from the map plane, turned with the map when true (GL JS's rule for
    /// icons pitched with the map, ``mapPlaneBox``); nil: scaled on the screen by the perspective ratio (Native's).
    private static func placeAlongLine(_ s: inout SymbolLayer.Symbol, _ line: LineLabelPlacement, shift: Point, ratio: Double,
                                       placed: inout CollisionGrid, keepsOutlines: Bool, tileEdges: CollisionGrid.Box? = nil,
                                       iconInMapPlane: Bool? = nil) {
        func inTile(_ box: CollisionGrid.Box) -> Bool { tileEdges.map { TilePlacementRules.isInside(box, $0) } ?? true }
        let t = line.transform
        let plane = t.plane(worldFraction: line.path.anchor, copy: line.copy)
        let p = t.screen(plane: plane)
        guard p.x.isFinite, p.y.isFinite, t.w(plane: plane) > 0 else {
            s.placed = false
            s.iconPlaced = false
            return
        }
        let a = Point(x: p.x / ratio + shift.x, y: p.y / ratio + shift.y)
        s.screenAnchor = a
        s.lineAnchorWorld = Point(x: line.path.anchor.x + Double(line.copy), y: line.path.anchor.y)
        let hasText = !s.quads.isEmpty
        var placeText = false
        var circles: [CollisionGrid.Circle] = []
        if hasText {
            let fontSize = s.fontScale * TextShaping.oneEm
            circles = line.collisionCircles(fontSize: fontSize, pixelRatio: ratio).map {
                CollisionGrid.Circle(x: $0.x + shift.x, y: $0.y + shift.y, radius: $0.radius)
            }
            // glyphs are spaced along the line at Native's CPU scale, drawn at its shader's; on the globe, glyphs in the
            // map plane are spaced for the anchor's latitude (GL JS's pitched-text correction) and each drawn for its own
            // (the painter's `pitchedGlyphScale`)
            let correction = line.pitchedTextCorrection
            if let (glyphs, vertical) = line.glyphs(fontScale: s.fontScale * ratio * line.placementPerspectiveRatio * correction), !circles.isEmpty {
                s.placedGlyphs = glyphs
                if vertical { s.quads = line.path.verticalQuads }
                s.labelScale = s.fontScale * ratio * line.perspectiveRatio
                if t.globe != nil { s.depthRatio = t.depthRatio(worldFraction: line.path.anchor, copy: line.copy) }
                let inGrid = circles.contains { placed.isInside($0.bounds) }
                placeText = inGrid && circles.allSatisfy({ inTile($0.bounds) }) && (s.allowOverlap || circles.allSatisfy { placed.fits($0) })
            }
        }
        var placeIcon = false
        var iconBox: CollisionGrid.Box?
        if let icon = s.icon {
            // MapLibre's perspective ratio: the box of an icon far away shrinks halfway as the map does
            let k = t.hasPerspective ? max(0, min(4, 0.5 + 0.5 / max(t.depthRatio(plane: plane), 1e-6))) : 1
            var box = (a.x + icon.box.x0 * k, a.y + icon.box.y0 * k, a.x + icon.box.x1 * k, a.y + icon.box.y1 * k)
            // an icon's box is hidden with its anchor behind the horizon (GL JS's `placeCollisionBox`), whatever its text does,
            // and by GL JS's rules when its anchor is too far away (``glJSPerspectiveRatioCutoff``)
            var occluded = t.globe != nil && t.isHiddenOnGlobe(worldFraction: line.path.anchor, copy: line.copy)
            if t.glJSRules && k < glJSPerspectiveRatioCutoff { occluded = true }
            if let rotateWithMap = iconInMapPlane, let world = s.lineAnchorWorld {
                let projected = mapPlaneBox(icon.box, world: world, rotateWithMap: rotateWithMap, shift: shift, t)
                box = projected?.box ?? box
                occluded = occluded || (projected?.hidden ?? true)
            }
            iconBox = box
            placeIcon = !occluded && placed.isInside(box) && inTile(box) && (icon.allowOverlap || placed.fits(box))
        }
        combine(&placeText, &placeIcon, hasText: hasText, s)
        s.placed = placeText
        s.iconPlaced = placeIcon
        s.circles = placeText ? circles : []
        if keepsOutlines {
            s.collisionBoxes += circles.map { .init(box: $0.bounds, placed: placeText, isCircle: true) }
            if let iconBox { s.collisionBoxes.append(.init(box: iconBox, placed: placeIcon)) }
        }
        if placeText && !s.ignorePlacement { for c in circles { placed.insert(c) } }
        if placeIcon, let box = iconBox, s.icon?.ignorePlacement == false { placed.insert(box) }
    }
}
