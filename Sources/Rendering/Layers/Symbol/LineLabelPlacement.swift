import Foundation
import Fonts
import Geo
import GeoJSON

/// Lays a label's glyphs out along its projected line, as MapLibre's `placeGlyphsAlongLine` does
/// each frame: every glyph's centre walks its offset along the line from the anchor and turns with
/// the segment it lands on; a label that would read upside down is turned around
/// (`text-keep-upright`), and one whose glyphs run past the line's ends is not drawn.
///
/// The label plane is the map plane (device pixels, before perspective) for labels pitched with
/// the map, the screen (device pixels) otherwise. On the globe, the map plane is the Mercator
/// camera's (``Transform/flatPlane(worldFraction:)``), each glyph projected onto the sphere.
struct LineLabelPlacement {
    let transform: Transform
    var path: LinePath
    /// The world copy the label's line lies on.
    let copy: Int

    /// A glyph's placement, the line vertices walked to reach it, and how far along the line it
    /// lies: the tile distance from the anchor to the last vertex passed, then the label-plane
    /// distance on from there (MapLibre's `TileDistance`).
    struct Glyph {
        var placed: PlacedGlyph
        var path: [Point]
        /// The angle of the segment the glyph lies on, in the label plane.
        var segmentAngle: Double
        var previousTileDistance: Double
        var lastSegmentDistance: Double
    }

    /// The label laid out: its glyphs (label plane) and the scale from ems * 24 to label-plane pixels.
    struct Result {
        var glyphs: [PlacedGlyph]
        var scale: Double
    }

    /// The label plane position of the line's vertex `i`.
    func vertex(_ i: Int) -> Point { labelPlane(path.points[i]) }

    func labelPlane(_ world: Point) -> Point {
        // on the globe, labels pitched with the map are laid out on the Mercator plane and each glyph
        // projected onto the sphere (GL JS lays them out in tile units)
        if path.pitchWithMap, transform.globe != nil {
            return transform.flatPlane(worldFraction: Point(x: world.x + Double(copy), y: world.y))
        }
        let p = transform.plane(worldFraction: world, copy: copy)
        return path.pitchWithMap ? p : transform.screen(plane: p)
    }

    /// Device-pixel screen position of a label plane point.
    func screen(_ p: Point) -> Point {
        if path.pitchWithMap, transform.globe != nil { return transform.screen(flatPlane: p) }
        return path.pitchWithMap ? transform.screen(plane: p) : p
    }

    /// GL JS's pitched-text correction at the anchor (``Transform/pitchedTextCorrection(worldY:)``) for text in the
    /// map plane on the globe: the glyphs' spacing along the line (1 otherwise).
    var pitchedTextCorrection: Double {
        guard path.pitchWithMap else { return 1 }
        return transform.pitchedTextCorrection(worldY: path.anchor.y)
    }

    /// MapLibre's symbol shader perspective ratio at the anchor: labels far away are drawn smaller
    /// (pitched with the map) or larger (on the screen) than the map around them, but only halfway.
    var perspectiveRatio: Double {
        let w = transform.depthRatio(worldFraction: path.anchor, copy: copy)
        let ratio = path.pitchWithMap ? 0.5 + 0.5 * w : 0.5 + 0.5 / max(w, 1e-6)
        return max(0, min(4, ratio))
    }

    /// The scale MapLibre Native spaces glyphs along the line at (`reprojectLineLabels`): the font
    /// size times 0.5 + 0.5 x the anchor's depth ratio for labels pitched with the map, divided by it
    /// for labels on the screen, which its shader then draws at ``perspectiveRatio`` (the two differ
    /// for labels on the screen away from the centre).
    ///
    /// On the globe, text in the map plane takes GL JS's rule (`updateLineLabels`): the font size over GL JS's
    /// perspective ratio, `0.5 + 0.5 / w` (the camera's distance to the centre over the anchor's clip `w`).
    ///
    /// A style drawn by GL JS's rules (``Transform/glJSRules``) spaces text on the screen by GL JS's perspective ratio
    /// itself (`fontSize * perspectiveRatio`), where Native divides by its inverse's.
    var placementPerspectiveRatio: Double {
        let w = transform.depthRatio(worldFraction: path.anchor, copy: copy)
        if path.pitchWithMap, transform.globe != nil { return 1 / (0.5 + 0.5 / max(w, 1e-6)) }
        if !path.pitchWithMap, transform.glJSRules { return 0.5 + 0.5 / max(w, 1e-6) }
        let ratio = 0.5 + 0.5 * w
        return path.pitchWithMap ? ratio : 1 / max(ratio, 1e-6)
    }

    /// One glyph `offsetX` label-plane pixels along the line from the anchor (MapLibre's `placeGlyphAlongLine`).
    func placeGlyph(offsetX: Double, lineOffset: Point, flip: Bool) -> Glyph? {
        let combined = flip ? offsetX - lineOffset.x : offsetX + lineOffset.x
        var dir = combined > 0 ? 1 : -1
        var angle = 0.0
        if flip {
            dir = -dir
            angle = .pi
        }
        if dir < 0 { angle += .pi }
        let anchor = labelPlane(path.anchor)
        var index = dir > 0 ? path.segment : path.segment + 1
        var current = anchor, previous = anchor
        var distanceToPrevious = 0.0, segmentDistance = 0.0
        let target = abs(combined)
        var walked: [Point] = []
        // tile distances from the anchor to the current vertex and to the one before it
        var currentTileDistance = 0.0, previousTileDistance = 0.0
        var currentWorld = path.anchor
        while distanceToPrevious + segmentDistance <= target {
            index += dir
            guard index >= 0, index < path.points.count else { return nil }
            previous = current
            walked.append(previous)
            current = vertex(index)
            distanceToPrevious += segmentDistance
            segmentDistance = (current - previous).length
            previousTileDistance = currentTileDistance
            currentTileDistance += (path.points[index] - currentWorld).length * path.tileUnitsPerWorld
            currentWorld = path.points[index]
        }
        let t = segmentDistance > 0 ? (target - distanceToPrevious) / segmentDistance : 0
        let along = current - previous
        var p = previous + along * t
        if lineOffset.y != 0 { p = p + along.normalized.perpendicular * (lineOffset.y * Double(dir)) }
        walked.append(p)
        let segmentAngle = angle + atan2(current.y - previous.y, current.x - previous.x)
        return Glyph(placed: PlacedGlyph(point: p, angle: path.rotateGlyphs ? segmentAngle : 0), path: walked,
                     segmentAngle: segmentAngle, previousTileDistance: previousTileDistance,
                     lastSegmentDistance: target - distanceToPrevious)
    }

    /// The first and last glyphs, unflipped (collision circles run between them), or nil when the
    /// label does not fit on the line.
    func firstAndLast(fontScale: Double) -> (Glyph, Glyph)? {
        guard let firstOffset = path.glyphOffsets.first, let lastOffset = path.glyphOffsets.last else { return nil }
        let lineOffset = path.lineOffset * fontScale
        guard let first = placeGlyph(offsetX: firstOffset * fontScale, lineOffset: lineOffset, flip: false),
              let last = placeGlyph(offsetX: lastOffset * fontScale, lineOffset: lineOffset, flip: false) else { return nil }
        return (first, last)
    }

    /// Every glyph, turned around when it would read upside down, and whether the label's vertical
    /// form is drawn (text with CJK where the line rises more than it runs); nil when it does not fit.
    func glyphs(fontScale: Double) -> (glyphs: [PlacedGlyph], vertical: Bool)? {
        let lineOffset = path.lineOffset * fontScale
        enum Orientation { case fits, needsFlipping, useVertical, noRoom }
        func orientation(_ offsets: [Double], vertical: Bool) -> Orientation {
            let a: Point, b: Point
            if offsets.count > 1 {
                guard let first = placeGlyph(offsetX: offsets[0] * fontScale, lineOffset: lineOffset, flip: false),
                      let last = placeGlyph(offsetX: offsets[offsets.count - 1] * fontScale, lineOffset: lineOffset, flip: false)
                else { return .noRoom }
                (a, b) = (screen(first.placed.point), screen(last.placed.point))
            } else {
                a = screen(labelPlane(path.anchor))
                b = path.segment + 1 < path.points.count ? screen(vertex(path.segment + 1)) : a
            }
            if !vertical && !path.verticalQuads.isEmpty && abs(b.y - a.y) > abs(b.x - a.x) { return .useVertical }
            guard path.keepUpright else { return .fits }
            return (vertical ? a.y > b.y : a.x > b.x) ? .needsFlipping : .fits
        }
        func place(_ offsets: [Double], flip: Bool) -> [PlacedGlyph]? {
            var out: [PlacedGlyph] = []
            out.reserveCapacity(offsets.count)
            for offset in offsets {
                guard let g = placeGlyph(offsetX: offset * fontScale, lineOffset: lineOffset, flip: flip) else { return nil }
                out.append(g.placed)
            }
            return out
        }
        guard !path.glyphOffsets.isEmpty else { return ([], false) }
        switch orientation(path.glyphOffsets, vertical: false) {
        case .noRoom: return nil
        case .fits: return place(path.glyphOffsets, flip: false).map { ($0, false) }
        case .needsFlipping: return place(path.glyphOffsets, flip: true).map { ($0, false) }
        case .useVertical:
            let offsets = path.verticalGlyphOffsets
            switch orientation(offsets, vertical: true) {
            case .noRoom, .useVertical: return nil
            case .fits: return place(offsets, flip: false).map { ($0, true) }
            case .needsFlipping: return place(offsets, flip: true).map { ($0, true) }
            }
        }
    }

    /// The label's collision circles on the screen (CSS pixels), as MapLibre Native picks them from
    /// those laid out in tile space (`CollisionIndex::placeLineFeature`): the circles between the
    /// first and last glyph as the view stretches them, thinned where they crowd each other; empty
    /// when the label does not fit on its line.
    /// A style drawn by GL JS's rules (``Transform/glJSRules``: one that draws the globe) takes GL JS's circles
    /// (``glJSCollisionCircles(fontSize:pixelRatio:)``).
    func collisionCircles(fontSize: Double, pixelRatio: Double) -> [CollisionGrid.Circle] {
        if transform.glJSRules { return glJSCollisionCircles(fontSize: fontSize, pixelRatio: pixelRatio) }
        // the glyphs at the text's size, without the perspective scaling of their drawing (on the globe corrected for
        // the anchor's latitude, as GL JS lays out the glyphs its circles run between)
        let labelScale = fontSize / 24 * pixelRatio * pitchedTextCorrection
        guard path.circleRadius > 0, !path.circles.isEmpty,
              let (first, last) = firstAndLast(fontScale: labelScale) else { return [] }
        let anchorW = transform.depthRatio(worldFraction: path.anchor, copy: copy)
        // tile units per label-plane pixel (at zero pitch: the plane's scale)
        let pixelsToTileUnits = path.tileUnitsPerWorld / transform.worldSize
        // labels on the screen take more tile distance where the view meets the map obliquely
        let stretch = path.pitchWithMap ? 1 : anchorW / max(transform.cosPitch, 1e-6)
        func tileDistance(_ g: Glyph) -> Double {
            let last = g.lastSegmentDistance * pixelsToTileUnits
            return g.previousTileDistance + last + (stretch - 1) * last * abs(sin(g.segmentAngle))
        }
        let firstDistance = tileDistance(first), lastDistance = tileDistance(last)
        let radius = path.circleRadius * (0.5 + 0.5 / max(anchorW, 1e-6))
        let visible = visibleCircles(from: firstDistance, to: lastDistance)
        func used(_ c: LineLabelCircle) -> Bool { visible?.contains(c.distance) ?? false }
        var out: [CollisionGrid.Circle] = []
        var previous: Point?
        for (i, c) in path.circles.enumerated() {
            guard used(c) else {
                previous = nil
                continue
            }
            let s = transform.screen(plane: transform.plane(worldFraction: c.center, copy: copy))
            let p = Point(x: s.x / pixelRatio, y: s.y / pixelRatio)
            guard p.x.isFinite, p.y.isFinite else { return [] }
            // a circle closer than √2 radii to the one before is skipped, unless it is the last one used
            if let q = previous, i + 1 < path.circles.count {
                let (dx, dy) = (p.x - q.x, p.y - q.y)
                let next = path.circles[i + 1].distance
                if radius * radius * 2 > dx * dx + dy * dy, next > -firstDistance, next < lastDistance {
                    previous = nil
                    continue
                }
            }
            previous = p
            out.append(CollisionGrid.Circle(x: p.x, y: p.y, radius: radius))
        }
        return out
    }

    /// The distances along the line (from the anchor, tile units) between which the label's collision circles lie:
    /// from its first glyph (`-first`) to its last (`last`), and on the globe, for text laid in the map plane, only
    /// the longest run of those circles in front of the horizon (GL JS's `projectPathToScreenSpace` keeps the longest
    /// run of the path's points that are not occluded: a label reaching behind the limb collides with its visible
    /// part, one wholly behind it with nothing and is not placed).
    func visibleCircles(from first: Double, to last: Double) -> ClosedRange<Double>? {
        guard path.textInMapPlane, transform.globe != nil else { return -first <= last ? -first...last : nil }
        var best: (from: Double, to: Double, count: Int)?
        var run: (from: Double, to: Double, count: Int)?
        for c in path.circles where c.distance >= -first && c.distance <= last {
            if transform.isHiddenOnGlobe(worldFraction: c.center, copy: copy) {
                run = nil
                continue
            }
            run = run.map { ($0.from, c.distance, $0.count + 1) } ?? (c.distance, c.distance, 1)
            if let r = run, r.count > best?.count ?? 0 { best = r }
        }
        return best.map { $0.from...$0.to }
    }
}
