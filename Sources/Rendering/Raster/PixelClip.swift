/// The pixels a painter may touch: columns `x0..<x1` of rows `y0..<y1`.
///
/// The renderer paints a large canvas in horizontal bands on several threads, each band with its
/// own clip, and per-tile content is clipped to its tile: every painter honours it, so a pixel is
/// painted identically whichever band or order it is painted in.
struct PixelClip: Sendable, Equatable {
    var x0: Int
    var y0: Int
    var x1: Int
    var y1: Int

    /// The whole `width x height` canvas.
    init(width: Int, height: Int) {
        self.init(x0: 0, y0: 0, x1: width, y1: height)
    }

    init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = max(x0, x1)
        self.y1 = max(y0, y1)
    }

    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

    /// The first row whose pixel centre is at or below `y` (GL's top-left rule), within the clip.
    @inline(__always)
    func firstRow(atOrBelow y: Double) -> Int { clampedCeil(y - 0.5, y0, y1) }

    /// The first column whose pixel centre is at or right of `x`, within the clip.
    @inline(__always)
    func firstColumn(atOrRightOf x: Double) -> Int { clampedCeil(x - 0.5, x0, x1) }

    /// The part of this clip inside `other`.
    func intersection(_ other: PixelClip) -> PixelClip {
        PixelClip(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }
}
