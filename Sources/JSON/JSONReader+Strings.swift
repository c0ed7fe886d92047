extension JSONReader {
    /// Reads a string; the reader must be at its opening quote.
    package mutating func readString() throws(JSONSyntaxFailure) -> String {
        let open = pos
        pos += 1
        let start = pos
        var ascii = true
        // Stop scanning as soon as the string is longer than the limit (a 1 GB string fails fast).
        let scanEnd = min(count, start + limits.maximumStringLength + 1)
        while pos < scanEnd {
            let c = base[pos]
            if c == 0x22 {
                let length = pos - start
                pos += 1
                let bytes = UnsafeBufferPointer(start: base + start, count: length)
                if ascii { return String(decoding: bytes, as: UTF8.self) }
                guard let s = String(validating: bytes, as: UTF8.self) else {
                    throw invalidUTF8(from: start, to: start + length)
                }
                return s
            }
            if c == 0x5C { return try readEscapedString(open: open, start: start) }
            if c < 0x20 { throw fail(.controlCharacterInString, "control character \(Self.describe(c)) in a string: escape it") }
            if c >= 0x80 { ascii = false }
            pos += 1
        }
        if pos == scanEnd && scanEnd < count { throw tooLong(open) }
        throw fail(.unexpectedEnd, "unterminated string", at: open)
    }

    private func tooLong(_ open: Int) -> JSONSyntaxFailure {
        fail(.stringTooLong, "string longer than the limit of \(limits.maximumStringLength) bytes", at: open)
    }

    private func invalidUTF8(from start: Int, to end: Int) -> JSONSyntaxFailure {
        let bad = UTF8Validation.firstInvalidOffset(base, start, end) ?? start
        return fail(.invalidUTF8, "invalid UTF-8 byte sequence in a string", at: bad)
    }

    /// The slow path: a string with escapes, decoded into `scratch`.
    private mutating func readEscapedString(open: Int, start: Int) throws(JSONSyntaxFailure) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: base + start, count: pos - start))
        var rawNonASCII = false
        for i in start..<pos where base[i] >= 0x80 { rawNonASCII = true; break }
        while pos < count {
            let c = base[pos]
            if c == 0x22 {
                if scratch.count > limits.maximumStringLength { throw tooLong(open) }
                pos += 1
                if rawNonASCII {
                    if let bad = UTF8Validation.firstInvalidOffset(base, start, pos - 1) {
                        throw fail(.invalidUTF8, "invalid UTF-8 byte sequence in a string", at: bad)
                    }
                }
                return String(decoding: scratch, as: UTF8.self)
            }
            if c < 0x20 { throw fail(.controlCharacterInString, "control character \(Self.describe(c)) in a string: escape it") }
            if c >= 0x80 { rawNonASCII = true }
            if scratch.count > limits.maximumStringLength { throw tooLong(open) }
            if c != 0x5C {
                scratch.append(c)
                pos += 1
                continue
            }
            let escapeStart = pos
            pos += 1
            guard pos < count else { break }
            let e = base[pos]
            pos += 1
            switch e {
            case 0x22: scratch.append(0x22)
            case 0x5C: scratch.append(0x5C)
            case 0x2F: scratch.append(0x2F)
            case 0x62: scratch.append(0x08)
            case 0x66: scratch.append(0x0C)
            case 0x6E: scratch.append(0x0A)
            case 0x72: scratch.append(0x0D)
            case 0x74: scratch.append(0x09)
            case 0x75:
                var scalar = try readHex4(escapeStart)
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    guard pos + 1 < count, base[pos] == 0x5C, base[pos + 1] == 0x75 else {
                        throw fail(.invalidEscape, "unpaired high surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: escapeStart)
                    }
                    pos += 2
                    let low = try readHex4(pos - 2)
                    guard low >= 0xDC00 && low < 0xE000 else {
                        throw fail(.invalidEscape, "high surrogate not followed by a low surrogate", at: escapeStart)
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if scalar >= 0xDC00 && scalar < 0xE000 {
                    throw fail(.invalidEscape, "unpaired low surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: escapeStart)
                }
                appendUTF8(scalar)
            default:
                throw fail(.invalidEscape, "invalid escape '\\\(Character(Unicode.Scalar(e)))'", at: escapeStart)
            }
        }
        throw fail(.unexpectedEnd, "unterminated string", at: open)
    }

    private mutating func readHex4(_ escapeStart: Int) throws(JSONSyntaxFailure) -> UInt32 {
        guard pos + 4 <= count else { throw fail(.unexpectedEnd, "unexpected end of input in a \\u escape", at: escapeStart) }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let h = base[pos]
            let d: UInt32
            switch h {
            case 0x30...0x39: d = UInt32(h - 0x30)
            case 0x41...0x46: d = UInt32(h - 0x41 + 10)
            case 0x61...0x66: d = UInt32(h - 0x61 + 10)
            default: throw fail(.invalidEscape, "\\u must be followed by four hexadecimal digits", at: escapeStart)
            }
            v = v << 4 | d
            pos += 1
        }
        return v
    }

    private mutating func appendUTF8(_ s: UInt32) {
        if s < 0x80 {
            scratch.append(UInt8(s))
        } else if s < 0x800 {
            scratch.append(UInt8(0xC0 | (s >> 6)))
            scratch.append(UInt8(0x80 | (s & 0x3F)))
        } else if s < 0x10000 {
            scratch.append(UInt8(0xE0 | (s >> 12)))
            scratch.append(UInt8(0x80 | ((s >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (s & 0x3F)))
        } else {
            scratch.append(UInt8(0xF0 | (s >> 18)))
            scratch.append(UInt8(0x80 | ((s >> 12) & 0x3F)))
            scratch.append(UInt8(0x80 | ((s >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (s & 0x3F)))
        }
    }
}

/// Locates the first invalid UTF-8 sequence in a byte range.
package enum UTF8Validation {
    /// The offset of the first byte of the first invalid sequence in `[start, end)`, or `nil`.
    package static func firstInvalidOffset(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var i = start
        while i < end {
            let b = base[i]
            if b < 0x80 { i += 1; continue }
            let need: Int
            let min: UInt32
            var cp: UInt32
            switch b {
            case 0xC2...0xDF: need = 1; min = 0x80; cp = UInt32(b & 0x1F)
            case 0xE0...0xEF: need = 2; min = 0x800; cp = UInt32(b & 0x0F)
            case 0xF0...0xF4: need = 3; min = 0x10000; cp = UInt32(b & 0x07)
            default: return i
            }
            for k in 1...need {
                guard i + k < end else { return i }
                let c = base[i + k]
                guard c & 0xC0 == 0x80 else { return i }
                cp = cp << 6 | UInt32(c & 0x3F)
            }
            if cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000) { return i }
            i += need + 1
        }
        return nil
    }
}
