/// Integer streams: the physical level (varint, little-endian fixed width, FastPFOR) read into raw
/// values, then the logical level (zigzag, delta, RLE, delta-RLE, componentwise delta, Morton) undone.
///
/// Values come back as 64-bit patterns: a 32-bit stream's values are zero-extended when unsigned and
/// sign-extended when signed, having wrapped at 32 bits as the encoder's arithmetic did.
enum MLTIntegerStream {
    /// Decodes the stream whose header is `m`, reading its payload from `r`.
    static func decode(_ m: MLTStreamMetadata, _ r: inout MLTReader, signed: Bool, wide: Bool = false) throws(MLTError) -> [UInt64] {
        // What the stream decodes to, taken from the tile's budget before anything is allocated.
        try r.charge(m.isRLE ? max(m.valueCount, m.rleValueCount) : m.logical1 == .morton ? 2 * m.valueCount : m.valueCount, at: m.offset)
        let payload = try m.payload(&r)
        let raw = try physical(m, r.bytes, payload, wide: wide)
        return try logical(m, raw, signed: signed, wide: wide)
    }

    /// Decodes an unsigned 32-bit stream into `Int`s (lengths, offsets, dictionary indices).
    static func decodeCounts(_ m: MLTStreamMetadata, _ r: inout MLTReader) throws(MLTError) -> [Int] {
        try decode(m, &r, signed: false).map { Int(truncatingIfNeeded: $0) }
    }

    /// The stored values, before any logical decoding.
    static func physical(_ m: MLTStreamMetadata, _ bytes: ContiguousArray<UInt8>, _ payload: Range<Int>, wide: Bool) throws(MLTError) -> [UInt64] {
        let n = m.valueCount
        switch m.physical {
        case .varint:
            // Every varint takes at least one byte.
            guard n <= payload.count else { throw MLTError(.countPastEnd("varint value count"), offset: m.offset) }
            var r = MLTReader(bytes, from: payload.lowerBound, to: payload.upperBound)
            var out = [UInt64]()
            out.reserveCapacity(n)
            for _ in 0..<n {
                let at = r.position
                let v = try r.varint()
                if !wide, v > UInt64(UInt32.max) { throw MLTError(.varintTooLong, offset: at) }
                out.append(v)
            }
            guard r.isAtEnd else { throw MLTError(.countMismatch("\(r.remaining) byte(s) after \(n) varints"), offset: r.position) }
            return out
        case .none:
            let width = wide ? 8 : 4
            guard n <= payload.count / width, n * width == payload.count else {
                throw MLTError(.countMismatch("\(n) values of \(width) bytes in \(payload.count) bytes"), offset: m.offset)
            }
            var out = [UInt64]()
            out.reserveCapacity(n)
            var p = payload.lowerBound
            for _ in 0..<n {
                var v: UInt64 = 0
                for k in 0..<width { v |= UInt64(bytes[p + k]) << UInt64(8 * k) }
                out.append(v)
                p += width
            }
            return out
        case .fastPFOR:
            // 32-bit words, widened for 64-bit columns (as the reference decoders read them).
            return try FastPFOR.decode(bytes, payload, count: n, at: m.offset).map { UInt64($0) }
        }
    }

    @inline(__always)
    static func zigzag(_ v: UInt64) -> UInt64 { (v >> 1) ^ (0 &- (v & 1)) }

    @inline(__always)
    static func narrow(_ v: UInt64, signed: Bool, wide: Bool) -> UInt64 {
        if wide { return v }
        return signed ? UInt64(bitPattern: Int64(Int32(truncatingIfNeeded: v))) : UInt64(UInt32(truncatingIfNeeded: v))
    }

    /// Undoes the logical techniques.
    static func logical(_ m: MLTStreamMetadata, _ values: [UInt64], signed: Bool, wide: Bool) throws(MLTError) -> [UInt64] {
        switch (m.logical1, m.logical2) {
        case (.none, _):
            return signed ? values.map { narrow(zigzag($0), signed: true, wide: wide) } : values
        case (.delta, .rle):
            return delta(try runs(m, values), wide: wide, signed: signed)
        case (.delta, _):
            return delta(values, wide: wide, signed: signed)
        case (.rle, _):
            let expanded = try runs(m, values)
            return signed ? expanded.map { narrow(zigzag($0), signed: true, wide: wide) } : expanded
        case (.componentwiseDelta, _):
            guard values.count % 2 == 0 else { throw MLTError(.countMismatch("odd number of vertex coordinates"), offset: m.offset) }
            var out = values
            var x: UInt64 = 0, y: UInt64 = 0
            var i = 0
            while i < out.count {
                x = narrow(x &+ zigzag(values[i]), signed: true, wide: wide)
                y = narrow(y &+ zigzag(values[i + 1]), signed: true, wide: wide)
                out[i] = x
                out[i + 1] = y
                i += 2
            }
            return out
        case (.morton, .rle):
            throw MLTError(.unsupported("Morton codes with RLE"), offset: m.offset)
        case (.morton, _):
            return try morton(m, values)
        case (.pseudoDecimal, _):
            throw MLTError(.unsupported("pseudodecimal integers"), offset: m.offset)
        }
    }

    /// Prefix sums of zigzag-coded deltas, wrapping at the stream's width.
    static func delta(_ values: [UInt64], wide: Bool, signed: Bool) -> [UInt64] {
        var out = values
        var total: UInt64 = 0
        for i in out.indices {
            total = total &+ zigzag(values[i])
            out[i] = narrow(total, signed: signed, wide: wide)
        }
        return out
    }

    /// Expands RLE data: `runs` run lengths, then as many values.
    static func runs(_ m: MLTStreamMetadata, _ values: [UInt64]) throws(MLTError) -> [UInt64] {
        let runs = m.runs
        guard runs <= values.count / 2, values.count == 2 * runs else {
            throw MLTError(.countMismatch("\(values.count) RLE values for \(runs) runs"), offset: m.offset)
        }
        guard m.rleValueCount <= MapLibreTile.maximumDecodedValues else { throw MLTError(.tooManyValues(m.rleValueCount), offset: m.offset) }
        var total: UInt64 = 0
        for i in 0..<runs { total = total &+ values[i] }
        guard total == UInt64(m.rleValueCount), values[0..<runs].allSatisfy({ $0 <= UInt64(m.rleValueCount) }) else {
            throw MLTError(.countMismatch("RLE runs add up to \(total), not \(m.rleValueCount)"), offset: m.offset)
        }
        var out = [UInt64]()
        out.reserveCapacity(m.rleValueCount)
        for i in 0..<runs {
            out.append(contentsOf: repeatElement(values[runs + i], count: Int(values[i])))
        }
        return out
    }

    /// Morton (Z-order) codes, delta-coded when the second technique says so, into x, y pairs.
    static func morton(_ m: MLTStreamMetadata, _ values: [UInt64]) throws(MLTError) -> [UInt64] {
        guard values.count <= MapLibreTile.maximumDecodedValues / 2 else { throw MLTError(.tooManyValues(2 * values.count), offset: m.offset) }
        var out = [UInt64]()
        out.reserveCapacity(2 * values.count)
        var code: UInt32 = 0
        let shift = m.mortonShift, delta = m.logical2 == .delta
        // Only the low 2 * bits bits of a code hold coordinates (bits <= 16).
        let mask: UInt32 = m.mortonBits >= 16 ? .max : (1 << UInt32(2 * m.mortonBits)) - 1
        for v in values {
            let c = UInt32(truncatingIfNeeded: v)
            code = delta ? code &+ c : c
            let bits = code & mask
            out.append(UInt64(bitPattern: Int64(Int32(bitPattern: compact(bits) &- shift))))
            out.append(UInt64(bitPattern: Int64(Int32(bitPattern: compact(bits >> 1) &- shift))))
        }
        return out
    }

    /// The even bits of `v`, packed together (the inverse of spreading a coordinate's bits apart).
    @inline(__always)
    static func compact(_ v: UInt32) -> UInt32 {
        var x = v & 0x5555_5555
        x = (x | (x >> 1)) & 0x3333_3333
        x = (x | (x >> 2)) & 0x0f0f_0f0f
        x = (x | (x >> 4)) & 0x00ff_00ff
        x = (x | (x >> 8)) & 0x0000_ffff
        return x
    }
}
