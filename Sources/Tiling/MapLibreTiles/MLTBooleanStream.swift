/// Boolean streams (present bitmaps, boolean columns): ORC byte-RLE over the packed bits, least
/// significant bit first.
enum MLTBooleanStream {
    /// Decodes `m.valueCount` booleans, reading the payload from `r`.
    static func decode(_ m: MLTStreamMetadata, _ r: inout MLTReader) throws(MLTError) -> [Bool] {
        try r.charge(m.valueCount, at: m.offset)
        let payload = try m.payload(&r)
        let bitCount = m.valueCount
        let byteCount = (bitCount + 7) / 8
        // The spec's only boolean encoding (whatever the header's techniques say, as the reference decoders).
        let packed = try byteRLE(r.bytes, payload, count: byteCount, at: m.offset)
        var out = [Bool]()
        out.reserveCapacity(bitCount)
        for i in 0..<bitCount { out.append(packed[i >> 3] & (1 << UInt8(i & 7)) != 0) }
        return out
    }

    /// ORC byte run-length decoding: a control byte below 0x80 repeats the next byte `control + 3`
    /// times; from 0x80 up, `256 - control` literal bytes follow.
    static func byteRLE(_ bytes: ContiguousArray<UInt8>, _ payload: Range<Int>, count: Int, at: Int) throws(MLTError) -> [UInt8] {
        // Each control byte yields at most 130 bytes: a count past that is malformed.
        guard count <= payload.count * 130 else { throw MLTError(.countPastEnd("byte-RLE count"), offset: at) }
        var out = [UInt8]()
        out.reserveCapacity(count)
        var p = payload.lowerBound
        while out.count < count {
            guard p < payload.upperBound else { throw MLTError(.truncated(needed: 1), offset: p) }
            let control = bytes[p]
            p += 1
            if control < 0x80 {
                guard p < payload.upperBound else { throw MLTError(.truncated(needed: 1), offset: p) }
                let n = min(Int(control) + 3, count - out.count)
                out.append(contentsOf: repeatElement(bytes[p], count: n))
                p += 1
            } else {
                let n = 256 - Int(control)
                guard n <= payload.upperBound - p else { throw MLTError(.truncated(needed: n - (payload.upperBound - p)), offset: p) }
                out.append(contentsOf: bytes[p..<(p + min(n, count - out.count))])
                p += n
            }
        }
        return out
    }
}
