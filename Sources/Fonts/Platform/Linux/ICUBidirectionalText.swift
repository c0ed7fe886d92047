#if os(Linux) && ICU
import CMercatorBidi

/// Right-to-left text through the system's ICU (`u_shapeArabic`, `ubidi_*`, `u_charMirror`), behind
/// CMercatorBidi's plain C types.
package struct ICUBidirectionalText: BidirectionalTextShaping {
    package init() {}

    package func shapingArabic(_ utf16: [UInt16]) throws(PlatformFeatureUnavailable) -> [UInt16]? {
        var output = [UInt16](repeating: 0, count: utf16.count * 2 + 4)
        let length = mercator_shape_arabic(utf16, Int32(utf16.count), &output, Int32(output.count))
        guard length >= 0, Int(length) <= output.count else { return nil }
        return Array(output[0..<Int(length)])
    }

    package func visualOrder(of line: Range<Int>, in utf16: [UInt16]) throws(PlatformFeatureUnavailable) -> (map: [Int32], levels: [UInt8])? {
        var map = [Int32](repeating: 0, count: line.count)
        var levels = [UInt8](repeating: 0, count: line.count)
        guard mercator_bidi_line(utf16, Int32(utf16.count), Int32(line.lowerBound), Int32(line.upperBound), &map, &levels) == 1 else {
            return nil
        }
        return (map, levels)
    }

    package func mirrored(_ c: UInt32) -> UInt32 { UInt32(mercator_char_mirror(Int32(c))) }
}
#endif
