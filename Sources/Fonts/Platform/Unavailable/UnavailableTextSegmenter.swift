/// Text segmentation without ICU: scripts from HarfBuzz's Unicode data (0 when HarfBuzz is not installed
/// either), and no dictionary line breaks (``lineBreaks(in:)`` throws ``PlatformFeatureUnavailable``
/// for ``PlatformFeature/rightToLeftText``, the ICU trait's feature).
package struct UnavailableTextSegmenter: TextSegmenting {
    package init() {}

    package func script(of scalar: UInt32) -> UInt32 { HarfBuzzFont.script(of: scalar) }

    package func lineBreaks(in utf16: [UInt16]) throws(PlatformFeatureUnavailable) -> [Int] {
        throw PlatformFeatureUnavailable(.rightToLeftText)
    }
}
