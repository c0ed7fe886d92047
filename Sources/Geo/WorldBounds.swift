/// A rectangle in world units (0...1 spans the Web Mercator square; x may extend beyond for world copies).
package struct WorldBounds: Sendable, Hashable {
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

    /// The square world, `0...1` on both axes.
    package static let world = WorldBounds(minX: 0, minY: 0, maxX: 1, maxY: 1)

    /// Tile `x`, `y` of zoom `z` (clamped to `0...30`) on world copy `wrap` (`x` shifted by `wrap` world widths).
    package init(z: Int, x: Int, y: Int, wrap: Int = 0) {
        let n = Double(1 << max(0, min(30, z)))
        self.init(minX: Double(x) / n + Double(wrap), minY: Double(y) / n,
                  maxX: Double(x + 1) / n + Double(wrap), maxY: Double(y + 1) / n)
    }

    /// Whether a world position lies inside, half-open on the right and bottom (so that neighbouring
    /// tiles share no point and leave none out).
    @inlinable
    package func contains(x: Double, y: Double) -> Bool { x >= minX && x < maxX && y >= minY && y < maxY }

    /// Whether a box of world x `x0...x1`, y `y0...y1` meets this one on some copy of the world.
    @inlinable
    package func intersects(x0: Double, y0: Double, x1: Double, y1: Double) -> Bool {
        guard y1 >= minY, y0 <= maxY else { return false }
        if maxX - minX >= 1 { return true }
        // some whole k with x0 + k <= maxX and x1 + k >= minX
        return (minX - x1).rounded(.up) <= (maxX - x0).rounded(.down)
    }
}
