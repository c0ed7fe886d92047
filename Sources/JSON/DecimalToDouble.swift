#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
package import Musl
#elseif canImport(Darwin)
package import Darwin
#endif

/// Exact decimal -> binary64 conversion: `w * 10^q` rounded to nearest, ties to even.
///
/// Three tiers: Clinger's fast path (exact when `w <= 2^53` and `|q| <= 22`), the Eisel-Lemire
/// algorithm (exact for almost all inputs, with a 128-bit table of powers of five), and the C
/// library's `strtod` for the rare inputs the first two cannot decide.
package enum DecimalToDouble {
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
        1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Converts a significand (at most 19 digits, exact) and a decimal exponent, or returns `nil`
    /// when the caller must fall back to `strtod` on the original text.
    @inline(__always)
    package static func convert(significand w: UInt64, exponent q: Int, negative: Bool) -> Double? {
        if w <= 1 << 53 && q >= -22 && q <= 22 {
            var d = Double(w)
            d = q < 0 ? d / exactPowersOfTen[-q] : d * exactPowersOfTen[q]
            return negative ? -d : d
        }
        guard let bits = eiselLemire(w: w, q: q) else { return nil }
        let d = Double(bitPattern: bits)
        return negative ? -d : d
    }

    /// The bit pattern of `w * 10^q` (positive), or `nil` when the result is ambiguous.
    package static func eiselLemire(w wIn: UInt64, q: Int) -> UInt64? {
        if wIn == 0 || q < -342 { return 0 }
        if q > 308 { return 0x7FF0_0000_0000_0000 }  // infinity: the caller reports out of range
        let lz = wIn.leadingZeroBitCount
        let w = wIn << UInt64(lz)
        let index = 2 * (q + 342)
        let hi5 = powersOfFive128[index]
        let lo5 = powersOfFive128[index + 1]
        var (firstHi, firstLo) = w.multipliedFullWidth(by: hi5)
        let mask: UInt64 = 0xFFFF_FFFF_FFFF_FFFF >> 55  // 52 mantissa bits + 3
        if firstHi & mask == mask {
            let (secondHi, _) = w.multipliedFullWidth(by: lo5)
            let (sum, overflow) = firstLo.addingReportingOverflow(secondHi)
            firstLo = sum
            if overflow { firstHi &+= 1 }
        }
        if firstLo == 0xFFFF_FFFF_FFFF_FFFF && !(q >= -27 && q <= 55) { return nil }
        let upperBit = Int(firstHi >> 63)
        var mantissa = firstHi >> UInt64(upperBit + 64 - 52 - 3)
        var power2 = ((q &* (152_170 + 65_536)) >> 16) + 63 + upperBit - lz - (-1023)
        if power2 <= 0 {
            if -power2 + 1 >= 64 { return 0 }
            mantissa >>= UInt64(-power2 + 1)
            mantissa += mantissa & 1
            mantissa >>= 1
            power2 = mantissa >= (1 << 52) ? 1 : 0
            return mantissa | (UInt64(power2) << 52)
        }
        if firstLo <= 1 && q >= -4 && q <= 23 && mantissa & 3 == 1
            && (mantissa << UInt64(upperBit + 64 - 52 - 3)) == firstHi
        {
            mantissa &= ~1
        }
        mantissa += mantissa & 1
        mantissa >>= 1
        if mantissa >= (2 << 52) {
            mantissa = 1 << 52
            power2 += 1
        }
        mantissa &= ~(1 << 52)
        if power2 >= 0x7FF { return 0x7FF0_0000_0000_0000 }
        return mantissa | (UInt64(power2) << 52)
    }

    /// Parses the JSON number text `[start, end)` with the C library (always correctly rounded).
    package static func strtodFallback(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Double {
        let length = end - start
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { buf in
            for i in 0..<length { buf[i] = CChar(bitPattern: base[start + i]) }
            buf[length] = 0
            return strtod(buf.baseAddress!, nil)
        }
    }
}
