/// Which scripts the renderer can draw, as MapLibre Native answers `is-supported-script`.
///
/// Glyphs are drawn one by one from SDF ranges, with Arabic shaping and bidi reordering through
/// ICU; scripts that need complex shaping beyond that (Indic scripts and Sinhala, Tibetan,
/// Myanmar, Khmer) are not supported, so a style can filter or replace such labels.
enum ScriptSupport {
    /// Whether every character of `text` is in a script the renderer draws correctly.
    @Sendable static func isSupported(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { isSupported($0.value) }
    }

    /// Whether `scalar` is in a supported script (MapLibre's `charInSupportedScript`).
    static func isSupported(_ scalar: UInt32) -> Bool {
        !((0x0900...0x0DFF).contains(scalar)      // Indic scripts and Sinhala
            || (0x0F00...0x109F).contains(scalar) // Tibetan and Myanmar
            || (0x1780...0x17FF).contains(scalar) // Khmer
            || (0x19E0...0x19FF).contains(scalar)) // Khmer symbols
    }
}
