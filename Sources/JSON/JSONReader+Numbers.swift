/// The pieces of a scanned JSON number.
package struct ScannedNumber {
    package var start: Int
    package var end: Int
    package var negative: Bool
    /// The first (up to) 19 significant digits.
    package var significand: UInt64
    /// Decimal exponent applying to `significand`.
    package var exponent: Int
    /// Digits beyond the 19th were dropped (the value needs the slow path to be exact).
    package var truncated: Bool
    /// Written without fraction or exponent.
    package var isInteger: Bool
}

extension JSONReader {
    /// Scans the number at `pos` per RFC 8259 grammar.
    @inline(__always)
    package mutating func scanNumber() throws(JSONSyntaxFailure) -> ScannedNumber {
        let start = pos
        var negative = false
        if base[pos] == 0x2D {
            negative = true
            pos += 1
        }
        guard pos < count, base[pos] &- 0x30 < 10 else {
            if pos < count, base[pos] == 0x49 { throw fail(.invalidNumber, "Infinity is not a JSON number", at: start) }
            throw fail(.invalidNumber, "expected a digit after '-'", at: start)
        }
        var significand: UInt64 = 0
        var digits = 0
        var exponent = 0
        var truncated = false
        if base[pos] == 0x30 {
            pos += 1
            if pos < count, base[pos] &- 0x30 < 10 {
                throw fail(.invalidNumber, "numbers must not have leading zeros", at: start)
            }
        } else {
            while pos < count {
                let d = base[pos] &- 0x30
                guard d < 10 else { break }
                if digits < 19 {
                    significand = significand &* 10 &+ UInt64(d)
                    digits += 1
                } else {
                    exponent += 1
                    if d != 0 { truncated = true }
                }
                pos += 1
            }
        }
        var isInteger = true
        if pos < count, base[pos] == 0x2E {
            isInteger = false
            pos += 1
            guard pos < count, base[pos] &- 0x30 < 10 else {
                throw fail(.invalidNumber, "expected a digit after the decimal point", at: start)
            }
            // Eight digits at a time while they fit in the 19 significant digits kept.
            while digits <= 11, significand != 0, pos + 8 <= count, base[pos + 7] &- 0x30 < 10, let eight = eightDigits(at: pos) {
                significand = significand &* 100_000_000 &+ eight
                digits += 8
                exponent -= 8
                pos += 8
            }
            while pos < count {
                let d = base[pos] &- 0x30
                guard d < 10 else { break }
                if digits < 19 {
                    if significand != 0 || d != 0 { digits += 1 }
                    significand = significand &* 10 &+ UInt64(d)
                    exponent -= 1
                } else if d != 0 {
                    truncated = true
                }
                pos += 1
            }
        }
        if pos < count, base[pos] | 0x20 == 0x65 {  // e or E
            isInteger = false
            pos += 1
            var expNegative = false
            if pos < count, base[pos] == 0x2B || base[pos] == 0x2D {
                expNegative = base[pos] == 0x2D
                pos += 1
            }
            guard pos < count, base[pos] &- 0x30 < 10 else {
                throw fail(.invalidNumber, "expected a digit in the exponent", at: start)
            }
            var e = 0
            while pos < count {
                let d = base[pos] &- 0x30
                guard d < 10 else { break }
                if e < 100_000 { e = e * 10 + Int(d) }
                pos += 1
            }
            exponent += expNegative ? -e : e
        }
        return ScannedNumber(
            start: start, end: pos, negative: negative, significand: significand, exponent: exponent,
            truncated: truncated, isInteger: isInteger)
    }

    /// The value of eight ASCII digits at `p`, or nil if any of the eight bytes is not a digit
    /// (SWAR, as in simdjson's `parse_eight_digits_unrolled`).
    @inline(__always)
    package func eightDigits(at p: Int) -> UInt64? {
        let v = UInt64(littleEndian: UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self))
        let allDigits = ((v & 0xF0F0_F0F0_F0F0_F0F0) | (((v &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) >> 4))
            == 0x3333_3333_3333_3333
        guard allDigits else { return nil }
        let mul1: UInt64 = 100 + (1_000_000 << 32)
        let mul2: UInt64 = 1 + (10_000 << 32)
        let lowMask: UInt64 = 0x0000_00FF_0000_00FF
        var x = v &- 0x3030_3030_3030_3030
        x = (x &* 10) &+ (x >> 8)
        let a = (x & lowMask) &* mul1
        let b = ((x >> 16) & lowMask) &* mul2
        return (a &+ b) >> 32
    }

    /// A plain decimal (`-?digits(.digits)?`, at most 19 digits, no exponent) read without
    /// throwing, or `nil` with the position unchanged for anything else (the general path then
    /// reads it and reports errors). The common case of coordinates.
    @inline(__always)
    package mutating func fastDouble() -> Double? {
        var p = pos
        guard p < count else { return nil }
        let negative = base[p] == 0x2D
        if negative { p += 1 }
        var significand: UInt64 = 0
        var digits = 0
        var exponent = 0
        let intStart = p
        while p < count, base[p] &- 0x30 < 10 {
            significand = significand &* 10 &+ UInt64(base[p] &- 0x30)
            digits += 1
            p += 1
        }
        // No digits, a leading zero followed by digits, or too many digits: general path.
        guard digits > 0, !(base[intStart] == 0x30 && digits > 1) else { return nil }
        if p < count, base[p] == 0x2E {
            p += 1
            let fracStart = p
            while p < count, base[p] &- 0x30 < 10 {
                significand = significand &* 10 &+ UInt64(base[p] &- 0x30)
                digits += 1
                p += 1
            }
            exponent = fracStart - p
            guard p > fracStart else { return nil }
        }
        guard digits <= 19, p < count, base[p] | 0x20 != 0x65 else { return nil }
        guard let d = DecimalToDouble.convert(significand: significand, exponent: exponent, negative: negative) else { return nil }
        if negative && significand == 0 { return nil }  // "-0": let the general path keep its sign rules
        pos = p
        return d
    }

    /// Reads a number as a `JSONValue`, keeping integers exact.
    package mutating func readNumber() throws(JSONSyntaxFailure) -> JSONValue {
        let n = try scanNumber()
        if n.isInteger {
            if !n.truncated && n.exponent == 0, let v = exactInteger(n) { return v }
            if let v = exactWideInteger(n) { return v }
        }
        return .double(try double(of: n))
    }

    /// Reads a number as a `Double` (coordinates and other numeric-only slots).
    @inline(__always)
    package mutating func readDouble() throws(JSONSyntaxFailure) -> Double {
        let c = try peekToken()
        guard c == 0x2D || c &- 0x30 < 10 else {
            throw unexpected(c, expected: "a number")
        }
        return try double(of: try scanNumber())
    }

    private func exactInteger(_ n: ScannedNumber) -> JSONValue? {
        // At most 19 digits here: always fits UInt64.
        if n.negative {
            if n.significand == 0 { return .double(-0.0) }
            if n.significand <= UInt64(Int64.max) { return .int(-Int64(n.significand)) }
            if n.significand == UInt64(Int64.max) + 1 { return .int(Int64.min) }
            return nil
        }
        if n.significand <= UInt64(Int64.max) { return .int(Int64(n.significand)) }
        return .uint(n.significand)
    }

    /// A 20-digit positive integer up to `UInt64.max`, re-read exactly from the text.
    private func exactWideInteger(_ n: ScannedNumber) -> JSONValue? {
        guard !n.negative, n.end - n.start == 20 else { return nil }
        var v: UInt64 = 0
        for i in n.start..<n.end {
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(UInt64(base[i] - 0x30))
            if o1 || o2 { return nil }
            v = a
        }
        return .uint(v)
    }

    @inline(__always)
    package func double(of n: ScannedNumber) throws(JSONSyntaxFailure) -> Double {
        var value: Double
        if !n.truncated, let d = DecimalToDouble.convert(significand: n.significand, exponent: n.exponent, negative: n.negative) {
            value = d
        } else {
            value = DecimalToDouble.strtodFallback(base, n.start, n.end)
        }
        if !value.isFinite {
            throw fail(.numberOutOfRange, "number out of the range of a 64-bit float", at: n.start)
        }
        return value
    }
}
