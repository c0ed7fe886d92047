/// FastPFOR integer streams, as the reference encoders write them: the FastPFOR codec (blocks of
/// 256 values bit-packed at a per-block width, with patched exceptions, in pages of up to 65536
/// values) for the largest multiple of 256 values, then Lemire's variable-byte codec for the rest;
/// the whole a sequence of 32-bit words stored big-endian.
enum FastPFOR {
    static let blockSize = 256
    static let pageSize = 65536

    /// Decodes `count` values from the words in `payload`.
    static func decode(_ bytes: ContiguousArray<UInt8>, _ payload: Range<Int>, count: Int, at: Int) throws(MLTError) -> [UInt32] {
        guard payload.count % 4 == 0 else { throw MLTError(.countMismatch("FastPFOR data of \(payload.count) bytes, not whole words"), offset: at) }
        guard count > 0 else { return [] }
        guard count <= MapLibreTile.maximumDecodedValues else { throw MLTError(.tooManyValues(count), offset: at) }
        var words = [UInt32]()
        words.reserveCapacity(payload.count / 4)
        var i = payload.lowerBound
        while i < payload.upperBound {
            words.append(UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3]))
            i += 4
        }
        // Errors point at the stream's payload word where they were found.
        func fail(_ what: String, _ word: Int) -> MLTError {
            MLTError(.countMismatch("FastPFOR: \(what)"), offset: payload.lowerBound + 4 * min(word, words.count))
        }
        guard !words.isEmpty else { throw fail("no header word", 0) }
        let packedCount = Int(words[0])
        guard packedCount <= count, packedCount % blockSize == 0 else { throw fail("\(packedCount) packed values for \(count)", 0) }
        var out = [UInt32]()
        out.reserveCapacity(count)
        var p = 1
        while out.count < packedCount {
            p = try page(words, at: p, count: min(pageSize, packedCount - out.count), into: &out, fail)
        }
        try variableBytes(words, from: p, count: count - out.count, into: &out, fail)
        return out
    }

    /// `count` values of `bits` bits packed back to back, least significant bit first, from word `start`.
    static func unpack(_ words: [UInt32], from start: Int, count: Int, bits: Int, into out: inout [UInt32]) {
        guard bits > 0 else {
            out.append(contentsOf: repeatElement(0, count: count))
            return
        }
        let mask: UInt64 = bits == 32 ? 0xffff_ffff : (1 << UInt64(bits)) - 1
        for i in 0..<count {
            let bit = i * bits
            let w = start + bit >> 5, shift = UInt64(bit & 31)
            var v = UInt64(words[w]) >> shift
            if shift + UInt64(bits) > 32 { v |= UInt64(words[w + 1]) << (32 - shift) }
            out.append(UInt32(truncatingIfNeeded: v & mask))
        }
    }

    /// One page: a word giving the offset of its metadata, the packed blocks, then the metadata (the
    /// per-block bytes: width, exception count, maximum width and positions; a bitmap of exception
    /// widths; the exceptions of each width, packed). Returns the word after the page.
    static func page(_ words: [UInt32], at header: Int, count: Int, into out: inout [UInt32], _ fail: (String, Int) -> MLTError) throws(MLTError) -> Int {
        guard header < words.count else { throw fail("page header past the end", header) }
        let metaOffset = Int(words[header])
        guard metaOffset >= 1, metaOffset < words.count - header else { throw fail("page metadata offset \(metaOffset)", header) }
        var m = header + metaOffset
        let byteCount = Int(words[m])
        m += 1
        guard byteCount <= (words.count - m) * 4 else { throw fail("\(byteCount) block bytes", m) }
        let byteStart = m
        func byte(_ i: Int) -> Int { Int(truncatingIfNeeded: words[byteStart + i >> 2] >> UInt32(8 * (i & 3))) & 0xff }
        m += (byteCount + 3) / 4
        guard m < words.count else { throw fail("no exception bitmap", m) }
        let bitmap = words[m]
        m += 1
        var exceptions = [[UInt32]](repeating: [], count: 33)
        for k in 2...32 where bitmap & (1 << UInt32(k - 1)) != 0 {
            guard m < words.count else { throw fail("exceptions past the end", m) }
            let n = Int(words[m])
            m += 1
            guard n <= (words.count - m) * 32 / k else { throw fail("\(n) exceptions of \(k) bits", m) }
            unpack(words, from: m, count: n, bits: k, into: &exceptions[k])
            m += (n * k + 31) / 32
        }
        var next = [Int](repeating: 0, count: 33)
        var input = header + 1, b = 0
        for _ in 0..<(count / blockSize) {
            guard b + 2 <= byteCount else { throw fail("block bytes run out", byteStart) }
            let width = byte(b), exceptionCount = byte(b + 1)
            b += 2
            guard width <= 32 else { throw fail("bit width \(width)", byteStart) }
            guard 8 * width <= header + metaOffset - input else { throw fail("packed block past its page", input) }
            let base = out.count
            unpack(words, from: input, count: blockSize, bits: width, into: &out)
            input += 8 * width
            guard exceptionCount > 0 else { continue }
            guard b + 1 + exceptionCount <= byteCount else { throw fail("exception bytes run out", byteStart) }
            let maxWidth = byte(b)
            b += 1
            guard maxWidth > width, maxWidth <= 32 else { throw fail("exception width \(maxWidth) over \(width)", byteStart) }
            let extra = maxWidth - width
            for _ in 0..<exceptionCount {
                let position = base + byte(b)
                b += 1
                if extra == 1 {
                    out[position] |= 1 << UInt32(width)
                } else {
                    guard next[extra] < exceptions[extra].count else { throw fail("more exceptions of \(extra) bits than stored", byteStart) }
                    out[position] |= exceptions[extra][next[extra]] << UInt32(width)
                    next[extra] += 1
                }
            }
        }
        guard input == header + metaOffset else { throw fail("packed blocks end before the page metadata", input) }
        return m
    }

    /// Lemire's variable-byte codec over the bytes of the remaining words (each word's bytes least
    /// significant first): seven bits a byte, the last byte of a value marked by its high bit; zero
    /// bytes pad the final word.
    static func variableBytes(_ words: [UInt32], from start: Int, count: Int, into out: inout [UInt32], _ fail: (String, Int) -> MLTError) throws(MLTError) {
        var value: UInt32 = 0, shift: UInt32 = 0, decoded = 0
        for w in start..<max(start, words.count) {
            for k in 0..<4 {
                let c = UInt32(truncatingIfNeeded: words[w] >> UInt32(8 * k)) & 0xff
                if decoded == count {
                    guard c == 0 else { throw fail("bytes after the last value", w) }
                    continue
                }
                guard shift < 32 else { throw fail("variable-byte value longer than 5 bytes", w) }
                value |= (c & 0x7f) << shift
                if c & 0x80 != 0 {
                    out.append(value)
                    decoded += 1
                    value = 0
                    shift = 0
                } else {
                    shift += 7
                }
            }
        }
        guard decoded == count else { throw fail("\(decoded) of \(count) variable-byte values", words.count) }
    }
}
