/// Which scripts the renderer can draw, as MapLibre Native answers `is-supported-script`.
///
/// Glyph PBFs draw one glyph per code point, with Arabic shaping and bidi reordering through ICU;
/// scripts that need complex shaping beyond that (Indic scripts and Sinhala, Tibetan, Myanmar, Khmer)
/// are not supported, so a style can filter or replace such labels — even where the style's
/// `font-faces` shape them with HarfBuzz, as MapLibre Native answers then too. In a build
/// without right-to-left text (``PlatformFeature/rightToLeftText``), right-to-left scripts are not
/// supported either, as in MapLibre before its right-to-left plugin loads.
package enum ScriptSupport {
    /// Whether this build shapes and reorders right-to-left text.
    package static let rightToLeft = PlatformFeature.rightToLeftText.isAvailable

    /// Whether every character of `text` is in a script the renderer draws correctly.
    @Sendable package static func isSupported(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { isSupported($0.value) }
    }

    /// Whether `scalar` is in a supported script (MapLibre's `charInSupportedScript`).
    package static func isSupported(_ scalar: UInt32) -> Bool {
        if !rightToLeft, BidiText.isRightToLeft(scalar) { return false }
        return !((0x0900...0x0DFF).contains(scalar)      // Indic scripts and Sinhala
            || (0x0F00...0x109F).contains(scalar) // Tibetan and Myanmar
            || (0x1780...0x17FF).contains(scalar) // Khmer
            || (0x19E0...0x19FF).contains(scalar)) // Khmer symbols
    }
}
