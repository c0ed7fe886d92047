import MapStyle
extension CircleLayer: SceneLayer {
    package var featureCount: Int { features.count }

    package func validate(layerIndex i: Int) throws(RenderError) {
        try check(radius, "circle-radius", layerIndex: i)
        try check(color, "circle-color", layerIndex: i)
        try check(blur, "circle-blur", layerIndex: i)
        try check(opacity, "circle-opacity", layerIndex: i)
        try check(strokeWidth, "circle-stroke-width", layerIndex: i)
        try check(strokeColor, "circle-stroke-color", layerIndex: i)
        try check(strokeOpacity, "circle-stroke-opacity", layerIndex: i)
    }

    package func paint(in context: inout PaintContext) { context.paintCircle(self) }

    package var queryReach: Double { radius.largest + strokeWidth.largest + translate.length }

    /// Features with a circle (radius plus stroke, translated) touching the query.
    package func hits(in rect: ScreenRect, _ g: HitTestGeometry) -> [Int] {
        let shift = g.offset(translate, translateAnchor)
        let found = features.indices.reversed().filter { i in
            g.circlesTouch(features[i].points, rect, reach: radius[i] + strokeWidth[i], shift: shift,
                           alignedWithMap: pitchAlignment == .map, scaledWithMap: pitchScale == .map)
        }
        // MapLibre answers tile by tile (rows, then world copies, then columns), each tile's
        // features topmost first: a point belongs to the tile under its copy nearest the view. (A
        // tiled source's features are already one tile's, pinned to its copy.)
        if g.copyOffsets.count == 1 { return found }
        let keys: [HitTestGeometry.TileOrder] = found.map { g.tileOrder(of: features[$0].points.first) }
        let order = found.indices.sorted { (a: Int, b: Int) -> Bool in keys[a] != keys[b] ? keys[a] < keys[b] : a < b }
        return order.map { found[$0] }
    }
}
