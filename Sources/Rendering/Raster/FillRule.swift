/// Which points a self-overlapping path covers.
package enum FillRule: Sendable {
    /// Covered where the winding number is not zero.
    case nonZero
    /// Covered where the winding number is odd.
    case evenOdd
}
