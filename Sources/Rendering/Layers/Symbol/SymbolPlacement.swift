/// Collision detection for labels, as MapLibre places them: layers from the top down, labels in
/// order within a layer; a label whose box meets one already placed is hidden unless it allows
/// overlap, and a placed label keeps later ones away unless it ignores placement.
enum SymbolPlacement {
    static func place(_ layers: inout [any SceneLayer], transform: Transform) {
        var placed: [(Double, Double, Double, Double)] = []
        for index in layers.indices.reversed() {
            if var tiled = layers[index] as? TileClippedLayer {
                for p in tiled.pieces.indices {
                    guard var symbols = tiled.pieces[p].layer as? SymbolLayer else { continue }
                    place(&symbols, wrap: tiled.pieces[p].wrap, transform: transform, placed: &placed)
                    tiled.pieces[p].layer = symbols
                }
                layers[index] = tiled
            } else if var symbols = layers[index] as? SymbolLayer {
                place(&symbols, wrap: nil, transform: transform, placed: &placed)
                layers[index] = symbols
            }
        }
    }

    /// Places one layer's labels (on world copy `wrap`, or the copy nearest the view centre).
    private static func place(_ layer: inout SymbolLayer, wrap: Int?, transform: Transform,
                              placed: inout [(Double, Double, Double, Double)]) {
        let ratio = transform.pixelRatio
        do {
            let shift = Point(x: layer.translate.x, y: layer.translate.y)
            for i in layer.symbols.indices {
                let s = layer.symbols[i]
                let plane = transform.plane(s.anchor, copy: wrap ?? 0)
                let p = transform.screen(plane: plane)
                guard p.x.isFinite, p.y.isFinite, transform.w(plane: plane) > 0 else {
                    layer.symbols[i].placed = false
                    continue
                }
                let a = Point(x: p.x / ratio + shift.x, y: p.y / ratio + shift.y)
                layer.symbols[i].screenAnchor = a
                let box = (a.x + s.box.x0, a.y + s.box.y0, a.x + s.box.x1, a.y + s.box.y1)
                let collides = placed.contains { b in box.0 < b.2 && box.2 > b.0 && box.1 < b.3 && box.3 > b.1 }
                if collides && !s.allowOverlap {
                    layer.symbols[i].placed = false
                    continue
                }
                layer.symbols[i].placed = true
                if !s.ignorePlacement { placed.append(box) }
            }
        }
    }
}
