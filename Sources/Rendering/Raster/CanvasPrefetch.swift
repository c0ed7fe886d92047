import CMercatorPrefetch

extension Canvas {
    /// Starts loading, for a read-modify-write, the `count` pixels at `offset` (a float index) of a row
    /// that will be painted soon. A thin line or edge touches a new cache line on every row; asked for
    /// a row or two ahead, the line is there when the painter comes (a hint: it never faults).
    @inline(__always)
    static func prefetchSpan(_ p: UnsafeMutablePointer<Float>, offset: Int, count: Int) {
        mercator_prefetch_write(p + offset)
        if count > 4 { mercator_prefetch_write(p + offset + 4 * (count - 1)) }
    }
}
