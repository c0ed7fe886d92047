import Foundation
import Fonts

extension LineLabelPlacement {
    /// GL JS's viewport padding around the collision grid (`viewportPadding`), CSS pixels.
    static let glJSViewportPadding = 100.0

    /// The label's collision circles on the screen (CSS pixels) as MapLibre GL JS places them at run time
    /// (`CollisionIndex.placeCollisionCircles`), where MapLibre Native picks circles laid out in tile space
    /// (``collisionCircles(fontSize:pixelRatio:)``): the line between the first and last glyph, projected to the
    /// screen (on the globe only its longest run of points in front of the horizon), cut to the view and its padding,
    /// with circles of the text's height (at least 10 glyph units) at the anchor's perspective ratio plus
    /// `text-padding`, spread evenly along it at most two and a half radii apart, a quarter radius inside its ends.
    /// Empty when the label does not fit on its line, reaches behind the camera, or lies so far away that its
    /// perspective ratio is under 0.6 (GL JS's `perspectiveRatioCutoff`).
    func glJSCollisionCircles(fontSize: Double, pixelRatio: Double) -> [CollisionGrid.Circle] {
        guard path.glJSCircleDiameter > 0 else { return [] }
        let perspectiveRatio = 0.5 + 0.5 / max(transform.depthRatio(worldFraction: path.anchor, copy: copy), 1e-6)
        guard perspectiveRatio >= SymbolPlacement.glJSPerspectiveRatioCutoff else { return [] }
        let labelPlaneFontSize = path.pitchWithMap ? fontSize * pitchedTextCorrection / perspectiveRatio : fontSize * perspectiveRatio
        guard let (first, last) = firstAndLast(fontScale: labelPlaneFontSize / TextShaping.oneEm * pixelRatio) else { return [] }
        // from the first glyph back along the line to the anchor and on to the last glyph (the anchor itself left out)
        var labelPath: [Point] = first.path.dropFirst().reversed()
        labelPath += last.path.dropFirst()
        guard let screenPath = screenPath(labelPath, pixelRatio: pixelRatio), !screenPath.isEmpty else { return [] }

        let radius = path.glJSCircleDiameter * 0.5 * perspectiveRatio + path.textPadding
        let m = Self.glJSViewportPadding
        let box = (minX: -m, minY: -m, maxX: transform.width / pixelRatio + m, maxY: transform.height / pixelRatio + m)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in screenPath {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        let segments: [[Point]]
        if minX >= box.minX && maxX <= box.maxX && minY >= box.minY && maxY <= box.maxY {
            segments = [screenPath]
        } else if maxX < box.minX || minX > box.maxX || maxY < box.minY || minY > box.maxY {
            segments = []
        } else {
            segments = clipPolyline(screenPath, to: box)
        }
        var out: [CollisionGrid.Circle] = []
        for segment in segments {
            let along = PathInterpolator(segment, padding: radius * 0.25)
            let count = along.length <= 0.5 * radius ? 1 : Int((along.paddedLength / (radius * 2.5)).rounded(.up)) + 1
            for i in 0..<min(count, 10_000) {
                let p = along.point(at: Double(i) / Double(max(count - 1, 1)))
                out.append(CollisionGrid.Circle(x: p.x, y: p.y, radius: radius))
            }
        }
        return out
    }

    /// Label-plane points on the screen in CSS pixels (GL JS's `projectPathToScreenSpace`): on the globe only the
    /// longest run of points in front of the horizon; nil when a point lies behind the camera.
    private func screenPath(_ points: [Point], pixelRatio: Double) -> [Point]? {
        var out: [Point] = []
        out.reserveCapacity(points.count)
        guard path.pitchWithMap else { return points.map { Point(x: $0.x / pixelRatio, y: $0.y / pixelRatio) } }
        if transform.globe != nil {
            // the longest run of unoccluded points, counted in points (`pathSlicedToLongestUnoccluded`)
            var best = 0..<0, start = 0
            for (i, p) in points.enumerated() {
                if transform.isHiddenOnGlobe(worldFraction: transform.flatWorldFraction(plane: p)) {
                    start = i + 1
                } else if i + 1 - start > best.count {
                    best = start..<(i + 1)
                }
            }
            for p in points[best] {
                let s = transform.screen(flatPlane: p)
                guard s.x.isFinite, s.y.isFinite else { return nil }
                out.append(Point(x: s.x / pixelRatio, y: s.y / pixelRatio))
            }
            return out
        }
        for p in points {
            guard transform.w(plane: p) > 0 else { return nil }
            let s = transform.screen(plane: p)
            out.append(Point(x: s.x / pixelRatio, y: s.y / pixelRatio))
        }
        return out
    }
}

/// Points along a polyline by the fraction of its length inside a padding at both ends (GL JS's `PathInterpolator`).
struct PathInterpolator {
    let points: [Point]
    /// The distance along the line to each point.
    private var distances: [Double]
    let length: Double
    let padding: Double
    var paddedLength: Double { length - 2 * padding }

    init(_ points: [Point], padding: Double) {
        self.points = points
        var distances = [0.0]
        distances.reserveCapacity(points.count)
        for i in points.indices.dropFirst() { distances.append(distances[i - 1] + (points[i] - points[i - 1]).length) }
        self.distances = distances
        length = distances[distances.count - 1]
        self.padding = min(max(0, padding), length * 0.5)
    }

    /// The point at fraction `t` (clamped to 0...1) of the padded length, from the first padding on.
    func point(at t: Double) -> Point {
        guard points.count > 1 else { return points.first ?? Point(x: 0, y: 0) }
        let target = max(0, min(1, t)) * paddedLength + padding
        var i = 1
        while i < distances.count - 1 && distances[i] < target { i += 1 }
        let span = distances[i] - distances[i - 1]
        let s = span > 0 ? (target - distances[i - 1]) / span : 0
        return points[i - 1] * (1 - s) + points[i] * s
    }
}
