/// The right-to-left text seam: Arabic shaping and the Unicode bidirectional algorithm for labels.
///
/// One implementation per platform, as MapLibre Native's `platform/default/bidi.cpp` (ICU): ICU on Linux
/// (the `ICU` trait); without it, ``UnavailableBidirectionalText`` throws and labels keep their logical
/// order, as MapLibre draws them before its right-to-left plugin loads (`is-supported-script` then says
/// no to right-to-left scripts). An Apple implementation (Core Text, or the system's ICU) is one more
/// conforming type chosen in ``PlatformBidirectionalText``. Called once per label line, not per glyph.
package protocol BidirectionalTextShaping: Sendable {
    /// `utf16` (logical order) with Arabic letters replaced by their contextual presentation forms;
    /// nil when the shaper fails on it.
    func shapingArabic(_ utf16: [UInt16]) throws(PlatformFeatureUnavailable) -> [UInt16]?
    /// The visual order of `line` (UTF-16 offsets) of the paragraph `utf16`: `map[visual]` is the
    /// logical offset within the line, `levels[logical]` its embedding level (odd: right to left); nil on failure.
    func visualOrder(of line: Range<Int>, in utf16: [UInt16]) throws(PlatformFeatureUnavailable) -> (map: [Int32], levels: [UInt8])?
    /// The mirrored form of `c` drawn right to left (parentheses…), or `c`.
    func mirrored(_ c: UInt32) -> UInt32
}

#if os(Linux) && ICU
/// This build's right-to-left text: ICU.
package typealias PlatformBidirectionalText = ICUBidirectionalText
#else
/// This build's right-to-left text: none (the `ICU` trait is off, or the platform has no implementation yet).
package typealias PlatformBidirectionalText = UnavailableBidirectionalText
#endif
