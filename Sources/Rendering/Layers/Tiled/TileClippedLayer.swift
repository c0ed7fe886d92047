import Expressions
import Geo

/// One style layer drawn from a tiled source: a scene layer per source tile, each painted only
/// inside its tile, as MapLibre draws a layer tile by tile under a stencil clip.
///
/// Feature indices run through the pieces in order (the first piece's features, then the
/// second's, …), matching the drawn layer's feature list.
struct TileClippedLayer: SceneLayer {
    struct Piece: Sendable {
        /// The tile's area, or nil for content drawn whole (labels).
        var clip: TileClip?
        /// The tile's world copy: its features are drawn there only.
        var wrap: Int
        var layer: any SceneLayer
        /// The index of the piece's first feature in the whole layer.
        var firstFeature: Int
        /// The source tile the piece's content comes from (labels are placed in tile order).
        var tile: TileID
    }

    var pieces: [Piece]

    var featureCount: Int { pieces.reduce(0) { $0 + $1.layer.featureCount } }

    func validate(layerIndex: Int) throws(RenderError) {
        for piece in pieces { try piece.layer.validate(layerIndex: layerIndex) }
    }

    func paint(in context: inout PaintContext) {
        let saved = (context.tileClip, context.pinnedCopy)
        defer { (context.tileClip, context.pinnedCopy) = saved }
        if let order = symbolDrawOrder() {
            for (p, part) in order {
                context.tileClip = pieces[p].clip
                context.pinnedCopy = pieces[p].wrap
                if let symbols = pieces[p].layer as? SymbolLayer { context.paintSymbols(symbols, part: part) }
            }
            for piece in pieces {
                guard let symbols = piece.layer as? SymbolLayer, symbols.showsCollisionBoxes else { continue }
                context.tileClip = piece.clip
                context.pinnedCopy = piece.wrap
                context.paintSymbolCollisionBoxes(symbols)
            }
            return
        }
        for piece in pieces {
            context.tileClip = piece.clip
            context.pinnedCopy = piece.wrap
            piece.layer.paint(in: &context)
        }
    }

    /// The order MapLibre Native draws a symbol layer's tiles in (its drawable renderer's
    /// `RenderableSegment`s): each tile's plain icons, SDF icons and text get keys 2, 3, 4 in that
    /// order (only those the tile has), or the `symbol-sort-key` of their labels; parts are drawn by
    /// key, icons before text, then tile by tile (world copy, zoom, column, row). So a layer's icons
    /// in every tile are drawn before the text of any: text near a tile's edge lies over the next
    /// tile's icons. Nil unless every piece is a symbol layer.
    func symbolDrawOrder() -> [(piece: Int, part: SymbolDrawPart)]? {
        var parts: [(key: Double, isText: Bool, tile: (Int, Int, Int, Int), piece: Int, part: SymbolDrawPart)] = []
        for (p, piece) in pieces.enumerated() {
            guard let layer = piece.layer as? SymbolLayer else { return nil }
            let tile = (piece.wrap, piece.tile.z, piece.tile.x, piece.tile.y)
            func hasText(_ s: SymbolLayer.Symbol) -> Bool { !s.quads.isEmpty || !s.variants.isEmpty || !s.vertical.isEmpty }
            func add(_ key: Double, _ part: SymbolDrawPart) {
                if case .text = part { parts.append((key, true, tile, p, part)) } else { parts.append((key, false, tile, p, part)) }
            }
            if layer.haloPerSymbol {
                // a segment per sort key and kind, keyed by the sort key
                var keys: [Double] = []
                for s in layer.symbols where !keys.contains(s.sortKey ?? 0) { keys.append(s.sortKey ?? 0) }
                for key in keys.sorted() {
                    let run = layer.symbols.filter { ($0.sortKey ?? 0) == key }
                    if run.contains(where: { $0.icon.map { !$0.image.sdf } == true }) { add(key, .icons(sdf: false, sortKey: key)) }
                    if run.contains(where: { $0.icon?.image.sdf == true }) { add(key, .icons(sdf: true, sortKey: key)) }
                    if run.contains(where: hasText) { add(key, .text(sortKey: key)) }
                }
            } else {
                var key = 1.0
                if layer.symbols.contains(where: { $0.icon.map { !$0.image.sdf } == true }) { key += 1; add(key, .icons(sdf: false, sortKey: nil)) }
                if layer.symbols.contains(where: { $0.icon?.image.sdf == true }) { key += 1; add(key, .icons(sdf: true, sortKey: nil)) }
                if layer.symbols.contains(where: hasText) { key += 1; add(key, .text(sortKey: nil)) }
            }
        }
        let order = parts.indices.sorted { a, b in
            let (x, y) = (parts[a], parts[b])
            if x.key != y.key { return x.key < y.key }
            if x.isText != y.isText { return !x.isText }
            if x.tile != y.tile { return x.tile < y.tile }
            return a < b
        }
        return order.map { (parts[$0].piece, parts[$0].part) }
    }

    /// Hits of every piece, topmost first: later tiles are drawn over earlier ones.
    /// A tile's features are asked only when the query, widened by the layer's reach, meets the tile (GL JS's
    /// `tilesIn` with its `queryPadding`): a feature drawn from several tiles (a GeoJSON polygon kept whole in each,
    /// drawn clipped) is then found once, in the tile under the query.
    func hits(in rect: ScreenRect, _ geometry: HitTestGeometry) -> [Int] {
        let queried = geometry.worldBounds(of: rect, padding: queryReach)
        var out: [Int] = []
        for piece in pieces.reversed() {
            if let clip = piece.clip, let q = queried,
               !(q.minX <= clip.maxX && clip.minX <= q.maxX && q.minY <= clip.maxY && clip.minY <= q.maxY) {
                continue
            }
            out += piece.layer.hits(in: rect, geometry.pinned(toWorldCopy: piece.wrap)).map { $0 + piece.firstFeature }
        }
        return out
    }

    var queryReach: Double { pieces.reduce(0) { max($0, $1.layer.queryReach) } }
}
