import Foundation

/// One collision circle of a label along a line, laid out in tile space at layout time.
struct LineLabelCircle: Sendable {
    /// The circle's centre, in world units.
    var center: Point
    /// Its signed distance from the anchor along the line, in tile units, shrunk by a fifth
    /// (0 for the circles at the anchor): placement uses the circles between the first and last glyph.
    var distance: Double
}

/// The collision circles of a label along a line, as MapLibre Native lays them out
/// (`CollisionFeature::bboxifyLabel`): squares of the label's height (at least 10 pixels) every
/// half height along the line, from one end of the label to the other, plus as many again beyond
/// both ends (more on overscaled tiles) for labels that grow in the distance of a pitched map.
/// Placement uses those that lie between the first and last glyph as the view shows them.
///
/// Everything here is in tile units (``LineLabelAnchors/extent`` per tile).
enum LineLabelCircles {
    /// The circles of a label `labelLength` long whose anchor lies on `line` between vertices
    /// `segment` and `segment + 1`; `boxSize` is a circle's diameter. Returns centres in tile units.
    static func layout(line: [Point], anchor: Point, segment: Int, labelLength: Double, boxSize: Double,
                       overscaling: Double) -> [(center: Point, distance: Double)] {
        guard boxSize > 0, boxSize.isFinite, labelLength.isFinite, segment >= 0, segment + 1 < line.count else { return [] }
        let step = boxSize / 2
        let boxes = max(1, Int(min(10_000, (labelLength / step).rounded(.down))))
        let paddingFactor = 1 + 0.4 * log2(max(1, overscaling))
        let paddingBoxes = Int((Double(boxes) * paddingFactor / 2).rounded(.down))
        // distances count from half a box before the anchor, so that the first box's edge is the label's start
        let firstBoxOffset = -boxSize / 2
        let labelStart = -labelLength / 2
        let paddingStart = labelStart - labelLength / 8
        var p = anchor
        var index = segment + 1
        var anchorDistance = firstBoxOffset
        // back along the line to the first segment the label (and some padding) lies on
        repeat {
            if index == 0 {
                // no room for the label before the line's start (anchors are chosen so that there is)
                if anchorDistance > labelStart { return [] }
                break
            }
            index -= 1
            anchorDistance -= (line[index] - p).length
            p = line[index]
        } while anchorDistance > paddingStart
        var segmentLength = (line[index + 1] - line[index]).length
        var out: [(center: Point, distance: Double)] = []
        for i in -paddingBoxes..<(boxes + paddingBoxes) {
            let boxOffset = Double(i) * step
            var boxDistance = labelStart + boxOffset
            // padding boxes lie farther apart
            if boxOffset < 0 { boxDistance += boxOffset }
            if boxOffset > labelLength { boxDistance += boxOffset - labelLength }
            // the line does not reach this far back
            if boxDistance < anchorDistance { continue }
            while anchorDistance + segmentLength < boxDistance {
                anchorDistance += segmentLength
                index += 1
                // nor this far forward
                if index + 1 >= line.count { return out }
                segmentLength = (line[index + 1] - line[index]).length
            }
            let a = line[index], b = line[index + 1]
            let t = segmentLength > 0 ? (boxDistance - anchorDistance) / segmentLength : 0
            // boxes within a step of the anchor are always used (even an empty label has one);
            // the others' distances shrink a little, so that placement picks them conservatively
            let fromAnchor = boxDistance - firstBoxOffset
            out.append((a + (b - a) * t, abs(fromAnchor) < step ? 0 : fromAnchor * 0.8))
        }
        return out
    }
}
