import Foundation

/// Where labels go along a line, as MapLibre's symbol layout finds them in one tile: lines clipped
/// to the tile, anchors every `symbol-spacing` starting half a label (or half a spacing, for lines
/// continued from a neighbour) in, dropped where the label would run off the line or bend more than
/// `text-max-angle`; `line-center` puts one anchor at the middle of the line.
///
/// Everything here is in tile units: a tile spans ``extent`` units whatever its zoom, and a tile
/// pixel is ``extent`` / (512 x overscaling) units.
enum LineLabelAnchors {
    /// MapLibre's tile extent for laid-out geometry.
    static let extent = 8192.0

    /// One anchor: its position, the angle of its segment, and the segment's first vertex.
    struct Anchor: Equatable {
        var x: Double
        var y: Double
        var angle: Double
        var segment: Int
    }

    /// The sizes a layout needs, in tile units.
    struct Metrics {
        /// `symbol-spacing` x tile pixel ratio.
        var spacing: Double
        /// `text-max-angle` in radians.
        var maxAngle: Double
        /// The longer of the text's and the icon's width in ems * 24 (MapLibre's shaped label length).
        var shapedLabelLength: Double
        /// Whether the label has text (the angle window is measured on text only).
        var hasText: Bool
        /// Tile pixel ratio x the text size at zoom 18 / 24 (MapLibre's `textMaxBoxScale`).
        var boxScale: Double
        /// 2^(drawn zoom - tile zoom).
        var overscaling: Double
    }

    // MARK: - Anchors

    /// `symbol-placement: line` anchors on one clipped line (MapLibre's `getAnchors`), found in
    /// single precision as MapLibre Native finds them: where an anchor falls half a tile unit from a
    /// whole one, the rounding of its position depends on it (a tile unit is a quarter pixel at
    /// four times overscaling).
    static func anchors(_ line: [Point], _ m: Metrics) -> [Anchor] {
        let glyphSize: Float = 24
        let boxScale = Float(m.boxScale), shapedLabelLength = Float(m.shapedLabelLength)
        let angleWindowSize = m.hasText ? 3 / 5 * glyphSize * boxScale : 0
        let labelLength = shapedLabelLength * boxScale
        guard let first = line.first, m.spacing > 0, m.spacing.isFinite, labelLength.isFinite else { return [] }
        let isLineContinued = first.x == 0 || first.x == extent || first.y == 0 || first.y == extent
        var spacing = Float(m.spacing)
        // labels long against the spacing keep a quarter spacing between their edges
        if spacing - labelLength < spacing / 4 { spacing = labelLength + spacing / 4 }
        let fixedExtraOffset = glyphSize * 2
        let overscaling = Float(m.overscaling)
        let offset = !isLineContinued
            ? fmodf((shapedLabelLength / 2 + fixedExtraOffset) * boxScale * overscaling, spacing)
            : fmodf(spacing / 2 * overscaling, spacing)
        return resample(line, offset: offset, spacing: spacing, angleWindowSize: angleWindowSize, maxAngle: m.maxAngle,
                        labelLength: labelLength, continued: isLineContinued, placeAtMiddle: false)
    }

    private static func resample(_ line: [Point], offset: Float, spacing: Float, angleWindowSize: Float, maxAngle: Double,
                                 labelLength: Float, continued: Bool, placeAtMiddle: Bool) -> [Anchor] {
        let halfLabelLength = labelLength / 2
        var lineLength: Float = 0
        for i in 0..<max(0, line.count - 1) { lineLength += distance(line[i], line[i + 1]) }
        var distance: Float = 0
        var markedDistance = offset - spacing
        var out: [Anchor] = []
        // a line of a billion tiles' length still ends: anchors are bounded by the tile's area
        let maxAnchors = 100_000
        for i in 0..<max(0, line.count - 1) {
            let a = line[i], b = line[i + 1]
            let segmentDistance = Self.distance(a, b)
            let angle = atan2(b.y - a.y, b.x - a.x)
            while markedDistance + spacing < distance + segmentDistance {
                markedDistance += spacing
                let t = (markedDistance - distance) / segmentDistance
                // Native's `interpolate`: a (1 - t) + b t in double precision, kept as a float
                let x = Float(a.x * (1 - Double(t)) + b.x * Double(t)), y = Float(a.y * (1 - Double(t)) + b.y * Double(t))
                if x >= 0, x < Float(extent), y >= 0, y < Float(extent),
                   markedDistance - halfLabelLength >= 0, markedDistance + halfLabelLength <= lineLength {
                    let anchor = Anchor(x: Double(x.rounded()), y: Double(y.rounded()), angle: angle, segment: i)
                    if angleWindowSize == 0 || checkMaxAngle(line, anchor, labelLength: Double(labelLength),
                                                              windowSize: Double(angleWindowSize), maxAngle: maxAngle) {
                        out.append(anchor)
                        if out.count >= maxAnchors { return out }
                    }
                }
            }
            distance += segmentDistance
        }
        if !placeAtMiddle && out.isEmpty && !continued {
            // short lines (overscaled tiles above all): one try at the middle of the line
            return resample(line, offset: distance / 2, spacing: spacing, angleWindowSize: angleWindowSize, maxAngle: maxAngle,
                            labelLength: labelLength, continued: continued, placeAtMiddle: true)
        }
        return out
    }

    /// The distance between two vertices in single precision (Native's `util::dist<float>`).
    private static func distance(_ a: Point, _ b: Point) -> Float {
        let dx = Float(b.x - a.x), dy = Float(b.y - a.y)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// `symbol-placement: line-center`: the middle of the line, if the label fits there (MapLibre's `getCenterAnchor`).
    static func centerAnchor(_ line: [Point], _ m: Metrics) -> Anchor? {
        let angleWindowSize = m.hasText ? 3.0 / 5.0 * 24 * m.boxScale : 0
        let labelLength = m.shapedLabelLength * m.boxScale
        let center = length(line) / 2
        var previous = 0.0
        for i in 0..<max(0, line.count - 1) {
            let a = line[i], b = line[i + 1]
            let segmentDistance = (b - a).length
            if previous + segmentDistance > center {
                let t = (center - previous) / segmentDistance
                let anchor = Anchor(x: (a.x + (b.x - a.x) * t).rounded(), y: (a.y + (b.y - a.y) * t).rounded(),
                                    angle: atan2(b.y - a.y, b.x - a.x), segment: i)
                if angleWindowSize == 0 || checkMaxAngle(line, anchor, labelLength: labelLength,
                                                          windowSize: angleWindowSize, maxAngle: m.maxAngle) {
                    return anchor
                }
                return nil
            }
            previous += segmentDistance
        }
        return nil
    }

    /// Whether the line bends less than `maxAngle` within any window of `windowSize` along the label
    /// (MapLibre's `checkMaxAngle`).
    static func checkMaxAngle(_ line: [Point], _ anchor: Anchor, labelLength: Double, windowSize: Double, maxAngle: Double) -> Bool {
        var p = Point(x: anchor.x, y: anchor.y)
        var index = anchor.segment + 1
        var anchorDistance = 0.0
        // back along the line to the first segment the label lies on
        while anchorDistance > -labelLength / 2 {
            index -= 1
            if index < 0 { return false }
            anchorDistance -= (line[index] - p).length
            p = line[index]
        }
        // only an empty label stays on the anchor's segment end: it fits
        guard index + 1 < line.count else { return labelLength <= 0 }
        anchorDistance += (line[index + 1] - line[index]).length
        index += 1
        var corners: [(distance: Double, angleDelta: Double)] = []
        var firstCorner = 0
        var recentAngleDelta = 0.0
        while anchorDistance < labelLength / 2 {
            guard index + 1 < line.count else { return false }
            let previous = line[index - 1], current = line[index], next = line[index + 1]
            var angleDelta = atan2(previous.y - current.y, previous.x - current.x) - atan2(current.y - next.y, current.x - next.x)
            angleDelta = abs((angleDelta + 3 * .pi).truncatingRemainder(dividingBy: 2 * .pi) - .pi)
            corners.append((anchorDistance, angleDelta))
            recentAngleDelta += angleDelta
            while anchorDistance - corners[firstCorner].distance > windowSize {
                recentAngleDelta -= corners[firstCorner].angleDelta
                firstCorner += 1
            }
            if recentAngleDelta > maxAngle { return false }
            index += 1
            anchorDistance += (next - current).length
        }
        return true
    }

    static func length(_ line: [Point]) -> Double {
        var total = 0.0
        for i in 0..<max(0, line.count - 1) { total += (line[i + 1] - line[i]).length }
        return total
    }

    // MARK: - Globe subdivision

    /// `line` (tile units) split where it crosses a grid of `granularity` cells across the tile, as GL JS splits a
    /// tile's lines before it finds their anchors when it draws the globe (`subdivideVertexLine`): cells `extent /
    /// granularity` units wide (rounded down), and each new vertex lies on a grid line, its other coordinate rounded to
    /// a whole unit (half up, as `Math.round`), so the split line bends by a fraction of a unit at every vertex (which
    /// `text-max-angle` can see on short pieces). A granularity below 2 leaves the line as it is.
    static func subdivided(_ line: [Point], granularity: Int) -> [Point] {
        guard line.count >= 2, granularity >= 2 else { return line }
        let cell = (extent / Double(granularity)).rounded(.down)
        func round(_ v: Double) -> Double { (v + 0.5).rounded(.down) }
        var out: [Point] = [line[0]]
        func add(_ p: Point) { if out[out.count - 1] != p { out.append(p) } }
        for i in 0..<(line.count - 1) {
            let a = line[i], b = line[i + 1]
            let movesX = a.x != b.x, movesY = a.y != b.y
            if !movesX && !movesY { continue }
            let dx = b.x - a.x, dy = b.y - a.y
            var x = a.x, y = a.y
            // a segment crosses at most one grid line per cell it spans on each axis (a bound, should a coordinate be
            // beyond reason: not one to loop on)
            var crossings = dx.isFinite && dy.isFinite ? Int(min(1e6, (abs(dx) + abs(dy)) / cell)) + 3 : 0
            while crossings > 0 {
                crossings -= 1
                let gridX = dx > 0 ? ((x / cell).rounded(.down) + 1) * cell : ((x / cell).rounded(.up) - 1) * cell
                let gridY = dy > 0 ? ((y / cell).rounded(.down) + 1) * cell : ((y / cell).rounded(.up) - 1) * cell
                let toGridX = abs(x - gridX), toGridY = abs(y - gridY)
                if (abs(x - b.x) <= toGridX || !movesX) && (abs(y - b.y) <= toGridY || !movesY) { break }
                let stepX = movesX ? toGridX / abs(dx) : .infinity, stepY = movesY ? toGridY / abs(dy) : .infinity
                if (stepX < stepY && movesX) || !movesY {
                    x = gridX
                    y += dy * stepX
                    add(Point(x: x, y: round(y)))
                } else {
                    x += dx * stepY
                    y = gridY
                    add(Point(x: round(x), y: y))
                }
            }
            add(b)
        }
        return out
    }

    /// GL JS's line granularity for the globe in a tile of zoom `z` (`line.getGranularityForZoomLevel`): the line
    /// painter's grid (``GlobeGranularity/line``), at least one cell (no split).
    static func globeGranularity(tileZoom z: Int) -> Int {
        max(GlobeGranularity.cellsPerTile(GlobeGranularity.line, tileZoom: z), 1)
    }

    // MARK: - Clipping

    /// The parts of `line` inside the tile (MapLibre Native's `clipLines` against 0...`extent`):
    /// each segment cut at x = 0, y = 0, x = extent, y = extent in that order, where it crosses
    /// them, at positions found in single precision and rounded to whole units (a vertex on the
    /// far edges counts as outside and is cut to it); a segment that does not start where the
    /// previous one ended starts a new line.
    static func clipToTile(_ line: [Point]) -> [[Point]] {
        let lo: Float = 0, hi = Float(extent)
        // the crossing's other coordinate, as Native computes it: c0 + (c1 - c0) * ((edge - e0) / (e1 - e0))
        func cross(_ c0: Float, _ c1: Float, _ e0: Float, _ e1: Float, _ edge: Float) -> Float {
            (c0 + (c1 - c0) * ((edge - e0) / (e1 - e0))).rounded()
        }
        var out: [[Point]] = []
        for i in 0..<max(0, line.count - 1) {
            var x0 = Float(line[i].x), y0 = Float(line[i].y), x1 = Float(line[i + 1].x), y1 = Float(line[i + 1].y)
            if x0 < lo && x1 < lo { continue }
            if x0 < lo { (x0, y0) = (lo, cross(y0, y1, x0, x1, lo)) } else if x1 < lo { (x1, y1) = (lo, cross(y0, y1, x0, x1, lo)) }
            if y0 < lo && y1 < lo { continue }
            if y0 < lo { (x0, y0) = (cross(x0, x1, y0, y1, lo), lo) } else if y1 < lo { (x1, y1) = (cross(x0, x1, y0, y1, lo), lo) }
            if x0 >= hi && x1 >= hi { continue }
            if x0 >= hi { (x0, y0) = (hi, cross(y0, y1, x0, x1, hi)) } else if x1 >= hi { (x1, y1) = (hi, cross(y0, y1, x0, x1, hi)) }
            if y0 >= hi && y1 >= hi { continue }
            if y0 >= hi { (x0, y0) = (cross(x0, x1, y0, y1, hi), hi) } else if y1 >= hi { (x1, y1) = (cross(x0, x1, y0, y1, hi), hi) }
            let a = Point(x: Double(x0), y: Double(y0)), b = Point(x: Double(x1), y: Double(y1))
            if out.isEmpty || out[out.count - 1].last != a { out.append([a]) }
            out[out.count - 1].append(b)
        }
        return out
    }

    /// The parts of `line` inside `[0, extent]` on both axes (MapLibre's `clipLine`): a line leaving
    /// and entering the tile becomes several lines; vertices on the edges stay on them.
    static func clip(_ line: [Point], min lo: Double = 0, max hi: Double = extent) -> [[Point]] {
        var lines: [[Point]] = [line]
        // x then y, each against its low and high edge, as MapLibre clips
        for axisIsX in [true, false] {
            for (edge, keepAbove) in [(lo, true), (hi, false)] {
                var out: [[Point]] = []
                for l in lines {
                    out += clip(l, edge: edge, keepAbove: keepAbove, axisIsX: axisIsX)
                }
                lines = out
            }
        }
        return lines
    }

    private static func clip(_ line: [Point], edge: Double, keepAbove: Bool, axisIsX: Bool) -> [[Point]] {
        func value(_ p: Point) -> Double { axisIsX ? p.x : p.y }
        func inside(_ v: Double) -> Bool { keepAbove ? v >= edge : v <= edge }
        func crossing(_ a: Point, _ b: Point) -> Point {
            let t = (edge - value(a)) / (value(b) - value(a))
            // MapLibre's geometry is integral: crossings are rounded
            return axisIsX ? Point(x: edge, y: (a.y + (b.y - a.y) * t).rounded()) : Point(x: (a.x + (b.x - a.x) * t).rounded(), y: edge)
        }
        var out: [[Point]] = []
        var current: [Point] = []
        for i in 0..<max(0, line.count - 1) {
            var a = line[i], b = line[i + 1]
            let ia = inside(value(a)), ib = inside(value(b))
            if !ia && !ib { continue }
            if !ia { a = crossing(a, b) }
            if !ib { b = crossing(a, b) }
            if current.isEmpty || current.last! != a {
                if !current.isEmpty { out.append(current) }
                current = [a]
            }
            current.append(b)
            if !ib {
                out.append(current)
                current = []
            }
        }
        if current.count > 1 { out.append(current) }
        return out.filter { $0.count > 1 }
    }
}
