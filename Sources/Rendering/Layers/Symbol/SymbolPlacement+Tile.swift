import Foundation
import Expressions
import Geo

/// The tile map mode's rules for one layer's labels in one tile, as MapLibre Native's `TilePlacement`
/// applies them: labels that avoid edges (`symbol-avoid-edges`, labels along lines) stay inside the
/// tile, and a label with variable anchors may only take an anchor that keeps it off the tile's edges,
/// except that in the first round a label already crossing them may keep its first anchor.
struct TilePlacementRules {
    typealias Box = CollisionGrid.Box

    /// The tile's edges on the screen, CSS pixels.
    var edges: Box
    /// The first round, which places labels crossing the tile's edges before all others.
    var firstRound = false
    /// The rank of the label's layer among those placed in the first round (0: the first).
    var priority = 0

    /// Native's `CollisionIndex::isInsideTile`.
    static func isInside(_ box: Box, _ tile: Box) -> Bool {
        box.x0 >= tile.x0 && box.y0 >= tile.y0 && box.x1 < tile.x1 && box.y1 < tile.y1
    }

    /// Native's `CollisionIndex::intersectsTileEdges`: whether the box straddles the tile's vertical
    /// edges (2) or horizontal ones (1), and how much of it lies on the shorter side, in whole pixels
    /// (Native keeps 0 for a box straddling only a horizontal edge).
    static func crossing(_ box: Box, _ tile: Box) -> (flags: Int, shortest: Int) {
        var flags = 0, shortest = 0
        var section = Int(min(tile.x0 - box.x0, box.x1 - tile.x0))
        if section <= 0 { section = Int(min(tile.x1 - box.x0, box.x1 - tile.x1)) }
        if section > 0 {
            flags |= 2
            shortest = section
        }
        section = Int(min(tile.y0 - box.y0, box.y1 - tile.y0))
        if section <= 0 { section = Int(min(tile.y1 - box.y0, box.y1 - tile.y1)) }
        if section > 0 {
            flags |= 1
            shortest = min(shortest, section)
        }
        return (flags, shortest)
    }

    /// Whether a label may be placed at its variable anchor `variant` (Native's
    /// `TilePlacement::canPlaceAtVariableAnchor`): `unshifted` is its box at the anchor, `shifted` at the variant.
    func mayPlace(variant: Int, unshifted: Box, shifted: Box) -> Bool {
        if firstRound {
            if variant == 0, Self.crossing(unshifted, edges).flags != 0 { return true }
            // the first layer's labels try their other anchors now; the others wait for the second round
            if priority > 0 { return false }
        }
        return Self.crossing(shifted, edges).flags == 0
    }
}

extension SymbolPlacement {
    /// One layer's labels from one tile (a bucket, in Native's words), in placement order.
    private struct TileBucket {
        var layer: Int
        var piece: Int?
        var group: String
        var wrap: Int?
        var edges: CollisionGrid.Box
    }

    /// Places labels as MapLibre Native does in the tile map mode (`TilePlacement`), over a margin of
    /// 1024 pixels: first the point labels whose text or icon crosses the edges of their tile (or of a
    /// tile beside it), the first layer's first, those crossing both ways before those crossing
    /// vertical edges before horizontal ones, longer cut-offs first, then from the top of the tile;
    /// then every other label as usual. Labels that avoid edges stay inside the tile.
    static func placeInTile(_ layers: inout [any SceneLayer], transform: Transform, collisionGroups: [String]?,
                            showsCollisionBoxes: Bool) {
        let ratio = transform.pixelRatio
        let grid = CollisionGrid(width: transform.width / ratio, height: transform.height / ratio, margin: 1024)
        var grids: [String: CollisionGrid] = [:]
        var buckets: [TileBucket] = []
        var symbolLayers: [SymbolLayer] = []
        for index in layers.indices.reversed() {
            let group = collisionGroups.map { index < $0.count ? $0[index] : "" } ?? ""
            if let tiled = layers[index] as? TileClippedLayer {
                for p in placementOrder(tiled.pieces, transform: transform) {
                    guard var symbols = tiled.pieces[p].layer as? SymbolLayer else { continue }
                    symbols.showsCollisionBoxes = showsCollisionBoxes
                    let piece = tiled.pieces[p]
                    buckets.append(TileBucket(layer: index, piece: p, group: group, wrap: piece.wrap,
                                              edges: tileEdges(piece.tile, wrap: piece.wrap, transform: transform)))
                    symbolLayers.append(symbols)
                }
            } else if var symbols = layers[index] as? SymbolLayer {
                symbols.showsCollisionBoxes = showsCollisionBoxes
                // shape sources: the tile of the camera's integer zoom under the view's centre
                let z = Int(max(0, min(30, transform.camera.zoom.rounded(.down))))
                let centre = Transform.mercator(transform.camera.center), n = pow(2, Double(z))
                let tile = TileID(z: z, x: Int(max(0, min(n - 1, (centre.x * n).rounded(.down)))),
                                           y: Int(max(0, min(n - 1, (centre.y * n).rounded(.down)))))
                buckets.append(TileBucket(layer: index, piece: nil, group: group, wrap: nil,
                                          edges: tileEdges(tile, wrap: 0, transform: transform)))
                symbolLayers.append(symbols)
            }
        }
        // the first round: point labels crossing tile edges
        var crossings: [(bucket: Int, symbol: Int, priority: Int, flags: Int, shortest: Int, anchor: Point)] = []
        var priority = 0
        for (b, bucket) in buckets.enumerated() {
            let layer = symbolLayers[b]
            guard !layer.avoidsTileEdges, layer.symbols.allSatisfy({ $0.path == nil }) else { continue }
            for i in layer.symbols.indices {
                let status = crossing(layer, i, wrap: bucket.wrap, edges: bucket.edges, transform: transform)
                if status.flags != 0 {
                    crossings.append((b, i, priority, status.flags, status.shortest, Transform.mercator(layer.symbols[i].anchor)))
                }
            }
            priority += 1
        }
        let ordered = crossings.enumerated().sorted { l, r in
            let (a, b) = (l.element, r.element)
            if a.priority != b.priority { return a.priority < b.priority }
            if a.flags != b.flags { return a.flags > b.flags }
            if a.shortest != b.shortest { return a.shortest > b.shortest }
            if a.anchor.y != b.anchor.y { return a.anchor.y < b.anchor.y }
            if a.anchor.x != b.anchor.x { return a.anchor.x < b.anchor.x }
            return l.offset < r.offset
        }.map(\.element)
        var seen = [Set<Int>](repeating: [], count: buckets.count)
        for c in ordered where !seen[c.bucket].contains(c.symbol) {
            let bucket = buckets[c.bucket]
            var placed = grids[bucket.group] ?? grid
            place(&symbolLayers[c.bucket], wrap: bucket.wrap, transform: transform, placed: &placed, only: [c.symbol],
                  tile: TilePlacementRules(edges: bucket.edges, firstRound: true, priority: c.priority))
            grids[bucket.group] = placed
            let s = symbolLayers[c.bucket].symbols[c.symbol]
            let shown = (s.placed && !s.quads.isEmpty) || (s.iconPlaced && s.icon != nil)
            // a label with variable anchors that did not fit tries again in the second round
            if shown || s.variants.isEmpty { seen[c.bucket].insert(c.symbol) }
        }
        // the second round: everything else
        for (b, bucket) in buckets.enumerated() {
            var placed = grids[bucket.group] ?? grid
            place(&symbolLayers[b], wrap: bucket.wrap, transform: transform, placed: &placed, skip: seen[b],
                  tile: TilePlacementRules(edges: bucket.edges))
            grids[bucket.group] = placed
        }
        for (b, bucket) in buckets.enumerated() {
            if let p = bucket.piece, var tiled = layers[bucket.layer] as? TileClippedLayer {
                tiled.pieces[p].layer = symbolLayers[b]
                layers[bucket.layer] = tiled
            } else {
                layers[bucket.layer] = symbolLayers[b]
            }
        }
    }

    /// A tile's edges on the screen in CSS pixels (its top-left and bottom-right corners, as Native
    /// projects them).
    private static func tileEdges(_ tile: TileID, wrap: Int, transform: Transform) -> CollisionGrid.Box {
        let n = pow(2, Double(tile.z))
        let topLeft = transform.screenPoint(forWorld: Point(x: Double(tile.x) / n + Double(wrap), y: Double(tile.y) / n))
        let bottomRight = transform.screenPoint(forWorld: Point(x: Double(tile.x + 1) / n + Double(wrap), y: Double(tile.y + 1) / n))
        return (topLeft.x, topLeft.y, bottomRight.x, bottomRight.y)
    }

    /// How a point label's text (at its first variable anchor) and icon cross the tile's edges, or
    /// those of a tile beside it (Native's `symbolIntersectsTileEdges`).
    private static func crossing(_ layer: SymbolLayer, _ i: Int, wrap: Int?, edges: CollisionGrid.Box,
                                 transform: Transform) -> (flags: Int, shortest: Int) {
        let s = layer.symbols[i]
        let ratio = transform.pixelRatio
        let plane = transform.plane(s.anchor, copy: wrap ?? 0)
        let p = transform.screen(plane: plane)
        guard p.x.isFinite, p.y.isFinite, transform.w(plane: plane) > 0 else { return (0, 0) }
        let a = Point(x: p.x / ratio + layer.translate.x, y: p.y / ratio + layer.translate.y)
        let k = transform.isPitched ? max(0, min(4, 0.5 + 0.5 / max(transform.w(plane: plane), 1e-6))) : 1
        func onScreen(_ b: CollisionGrid.Box, _ d: Point = Point(x: 0, y: 0)) -> CollisionGrid.Box {
            (a.x + d.x + b.x0 * k, a.y + d.y + b.y0 * k, a.x + d.x + b.x1 * k, a.y + d.y + b.y1 * k)
        }
        let w = edges.x1 - edges.x0, h = edges.y1 - edges.y0
        let neighbours: [CollisionGrid.Box] = [(edges.x0, edges.y0 - h, edges.x1, edges.y1 - h), (edges.x0, edges.y0 + h, edges.x1, edges.y1 + h),
                                               (edges.x0 - w, edges.y0, edges.x1 - w, edges.y1), (edges.x0 + w, edges.y0, edges.x1 + w, edges.y1)]
        func status(_ box: CollisionGrid.Box) -> (flags: Int, shortest: Int) {
            var result = TilePlacementRules.crossing(box, edges)
            for n in neighbours where result.flags == 0 { result = TilePlacementRules.crossing(box, n) }
            return result
        }
        var result = (flags: 0, shortest: 0)
        if !s.quads.isEmpty || !s.variants.isEmpty {
            result = status(onScreen(s.variants.first?.box ?? s.box))
        }
        if let icon = s.icon {
            let shift = icon.followsTextAnchor ? s.variants.first?.shift ?? Point(x: 0, y: 0) : Point(x: 0, y: 0)
            let iconStatus = status(onScreen(icon.box, layer.iconTranslate - layer.translate + shift))
            result.flags |= iconStatus.flags
            result.shortest = max(result.shortest, iconStatus.shortest)
        }
        return result
    }
}
