extension LineLayer: SceneLayer {
    package var featureCount: Int { features.count }

    package func validate(layerIndex i: Int) throws(RenderError) {
        try check(color, "line-color", layerIndex: i)
        try check(opacity, "line-opacity", layerIndex: i)
        try check(width, "line-width", layerIndex: i)
        try check(gapWidth, "line-gap-width", layerIndex: i)
        try check(offset, "line-offset", layerIndex: i)
        try check(blur, "line-blur", layerIndex: i)
        try check(join, "line-join", layerIndex: i)
        try check(floorWidth, "line-width (floor)", layerIndex: i)
    }

    package func paint(in context: inout PaintContext) { context.paintLine(self) }

    /// GL JS's line `queryRadius`: half the drawn width (both sides and the gap when there is one), the offset, the
    /// translation.
    package var queryReach: Double {
        let gap = gapWidth.largest, width = self.width.largest
        return (gap > 0 ? gap + 2 * width : width) / 2 + offset.largestMagnitude + translate.length
    }

    /// Features whose stroke (width, or both sides of the gap, plus the offset) touches the query.
    package func hits(in rect: ScreenRect, _ g: HitTestGeometry) -> [Int] {
        let shift = g.offset(translate, translateAnchor)
        return features.indices.reversed().filter { i in
            let gap = gapWidth[i]
            // MapLibre: half the stroke (both sides of a gap), around the line moved by its offset
            let reach = gap > 0 ? gap / 2 + width[i] : width[i] / 2
            return g.linesTouch(features[i].lines, rect, reach: reach, offset: offset[i], shift: shift, closed: features[i].closedRings)
        }
    }
}
