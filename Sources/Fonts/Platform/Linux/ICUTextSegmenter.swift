#if os(Linux) && ICU
import CMercatorBidi

/// Scripts and line-break opportunities through the system's ICU (`uscript_getScript`, `ubrk_*` with
/// its Thai, Lao, Khmer and Burmese dictionaries), behind CMercatorBidi's plain C types.
package struct ICUTextSegmenter: TextSegmenting {
    package init() {}

    package func script(of scalar: UInt32) -> UInt32 { mercator_script(Int32(bitPattern: scalar)) }

    package func lineBreaks(in utf16: [UInt16]) throws(PlatformFeatureUnavailable) -> [Int] {
        guard !utf16.isEmpty else { return [] }
        var out = [Int32](repeating: 0, count: max(8, utf16.count / 2))
        while true {
            let n = mercator_line_breaks(utf16, Int32(utf16.count), &out, Int32(out.count))
            guard n >= 0 else { return [] }
            if Int(n) <= out.count { return out[0..<Int(n)].map(Int.init) }
            out = [Int32](repeating: 0, count: Int(n))
        }
    }
}
#endif
