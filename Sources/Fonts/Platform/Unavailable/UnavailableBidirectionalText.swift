/// No right-to-left text in this build: shaping and reordering throw
/// ``PlatformFeatureUnavailable`` (``PlatformFeature/rightToLeftText``).
package struct UnavailableBidirectionalText: BidirectionalTextShaping {
    package init() {}

    package func shapingArabic(_ utf16: [UInt16]) throws(PlatformFeatureUnavailable) -> [UInt16]? {
        throw PlatformFeatureUnavailable(.rightToLeftText)
    }

    package func visualOrder(of line: Range<Int>, in utf16: [UInt16]) throws(PlatformFeatureUnavailable) -> (map: [Int32], levels: [UInt8])? {
        throw PlatformFeatureUnavailable(.rightToLeftText)
    }

    package func mirrored(_ c: UInt32) -> UInt32 { c }
}
