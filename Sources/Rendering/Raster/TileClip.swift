import Foundation

/// A source tile's area in world units (`0...1` spans the Web Mercator square; `x` is shifted by
/// the tile's world copy): content drawn for one tile shows only inside it, as MapLibre clips each
/// tile's drawing with the stencil buffer.
///
/// A pixel belongs to the tile when the world position under its centre does (half-open on the
/// right and bottom), so neighbouring tiles share no pixel and leave none out.
package struct TileClip: Sendable, Hashable {
    package var minX: Double
    package var minY: Double
    package var maxX: Double
    package var maxY: Double

    package init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Tile `x`, `y` of zoom `z` in world copy `wrap`.
    package init(z: Int, x: Int, y: Int, wrap: Int = 0) {
        let n = Double(1 << max(0, min(30, z)))
        self.init(minX: Double(x) / n + Double(wrap), minY: Double(y) / n,
                  maxX: Double(x + 1) / n + Double(wrap), maxY: Double(y + 1) / n)
    }

    /// The zoom of a tile this size (its width is `2^-zoom` of the world).
    var zoom: Double { (-log2(maxX - minX)).rounded() }

    /// Top left, top right, bottom right, bottom left.
    var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }

    @inline(__always)
    func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
}

extension PaintContext {
    /// Whether pixel (x, y) may be painted under the current ``tileClip`` (always, without one).
    @inline(__always)
    func inTile(_ x: Int, _ y: Int) -> Bool {
        guard let tile = tileClip else { return true }
        guard let q = planeAtPixel(x, y) else { return false }
        return tile.contains(transform.worldFraction(plane: q))
    }

    /// The pixels of `x0..<x1` in row `y` inside the current ``tileClip``: one run, since a tile
    /// is convex on screen (empty when none).
    @inline(__always)
    func tileSpan(row y: Int, _ x0: Int, _ x1: Int) -> (Int, Int) {
        guard tileClip != nil else { return (x0, x1) }
        var a = x0, b = x1
        while a < b && !inTile(a, y) { a += 1 }
        while b > a && !inTile(b - 1, y) { b -= 1 }
        return (a, b)
    }
}
