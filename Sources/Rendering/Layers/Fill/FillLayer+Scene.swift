extension FillLayer: SceneLayer {
    package var featureCount: Int { features.count }

    package func validate(layerIndex i: Int) throws(RenderError) {
        try check(color, "fill-color", layerIndex: i)
        try check(opacity, "fill-opacity", layerIndex: i)
        try check(outlineColor, "fill-outline-color", layerIndex: i)
    }

    package func paint(in context: inout PaintContext) { context.paintFill(self) }

    package var queryReach: Double { translate.length }

    /// Features whose area (even-odd over all rings, translated) touches the query.
    package func hits(in rect: ScreenRect, _ g: HitTestGeometry) -> [Int] {
        let shift = g.offset(translate, translateAnchor)
        return features.indices.reversed().filter { g.polygonsTouch(features[$0].polygons, rect, shift: shift) }
    }
}
