/// The text-segmentation seam: which script a character is written in (text runs for HarfBuzz) and where
/// a line may break in scripts that do not separate words with spaces (Thai, Lao, Khmer, Myanmar).
///
/// ICU on Linux (the `ICU` trait: `uscript_getScript`, the line break iterator and its dictionaries).
/// Without it, ``UnavailableTextSegmenter`` takes scripts from HarfBuzz's own Unicode data (when
/// HarfBuzz is installed) and finds no dictionary breaks, so labels break where MapLibre breaks them.
/// Called once per label, not per glyph.
package protocol TextSegmenting: Sendable {
    /// The script of `scalar` as a packed ISO 15924 tag (`HarfBuzzFont.scriptTag("Deva")`; `Zyyy` common,
    /// `Zinh` inherited), or 0 when unknown.
    func script(of scalar: UInt32) -> UInt32
    /// The UTF-16 offsets inside `utf16` (neither 0 nor its end) where a line may start.
    func lineBreaks(in utf16: [UInt16]) throws(PlatformFeatureUnavailable) -> [Int]
}

#if os(Linux) && ICU
/// This build's text segmentation: ICU.
package typealias PlatformTextSegmenter = ICUTextSegmenter
#else
/// This build's text segmentation: HarfBuzz's scripts, no dictionary line breaks.
package typealias PlatformTextSegmenter = UnavailableTextSegmenter
#endif
