/// Rounding without the C library. x86-64's baseline instruction set has no rounding instruction (SSE4.1's
/// `roundsd`), so `rounded(_:)` calls the C library's `round` or `ceil`: the rasterizers round every vertex and every
/// edge's ends, and the calls cost a few percent of a globe view (`mercator-bench animate --globe`). Within `Int`'s
/// range these give the same values by plain arithmetic; outside it (and for NaN) they fall back to `rounded(_:)`.
extension Double {
    /// `rounded()`: to the nearest integer, ties away from zero; the same value, the sign of a zero included.
    @inline(__always)
    var roundedHalfAway: Double {
        let a = abs(self)
        guard a < 4.0e15 else { return rounded() }
        // Adding and taking away 2^52 leaves the magnitude rounded to the nearest integer, ties to even (below 2^52 the
        // sum's last bit is the units'): a tie rounded down to even (2.5 to 2) is then one short, and the difference,
        // exact between neighbours, says so. No conversion and no branch (a fraction's side is a coin toss, and the
        // branches' mispredictions cost a globe view a few per cent): about twice as fast as truncating conversions.
        var r = (a + 0x1p52) - 0x1p52
        r += a - r == 0.5 ? 1 : 0
        // a rounded value has the sign of what was rounded (-0.3 rounds to -0)
        return Double(signOf: self, magnitudeOf: r)
    }
}

/// `clampedInt(v.rounded(.up), lo, hi)` without the C library's `ceil`: the smallest integer at or above `v`, within
/// `lo...hi` (NaN gives `lo`).
@inline(__always)
func clampedCeil(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
    // (ceil(v) > lo exactly when v > lo, and ceil(v) < hi exactly when v <= hi - 1, for integers lo and hi)
    guard v > Double(lo) else { return lo }
    guard v <= Double(hi) - 1 else { return hi }
    let t = Int(v)  // (towards zero: the ceiling for v <= 0, the floor above)
    return Double(t) < v ? t + 1 : t
}
