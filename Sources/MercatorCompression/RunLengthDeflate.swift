/// A fast deflate encoder (RFC 1951) for filtered image rows.
///
/// It emits what zlib's run-length strategy (`Z_RLE`) emits: literals, and runs of the previous byte as
/// matches at distance 1, in dynamic-Huffman blocks of up to ``blockSize`` input bytes, each with codes
/// fitted to its own bytes (a block that would not shrink is stored). Filtered map images are mostly
/// runs of zeros, which it skips eight bytes at a time; it is several times faster than zlib at level 1
/// on them, for files of about the same size. The output is plain deflate: any inflater reads it.
package enum RunLengthDeflate {
    /// Input bytes per block: each block carries Huffman codes fitted to its bytes.
    package static let blockSize = 1 << 16

    /// An output capacity that always suffices for `count` input bytes.
    package static func bound(_ count: Int) -> Int { count + 10 * (count / 65535 + 1) + 64 }

    /// Compresses `count` bytes at `input` as raw deflate into `output` and returns how many bytes it
    /// wrote, or nil when `capacity` is too small (``bound(_:)`` always suffices).
    ///
    /// When `final`, the last block ends the stream. Otherwise the output ends with an empty stored block
    /// on a byte boundary (zlib's sync flush), so that another part can follow it: parts compressed in
    /// parallel are joined this way, as pigz does.
    package static func compress(_ input: UnsafePointer<UInt8>, count: Int, final: Bool,
                                 into output: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int? {
        var writer = DeflateBitWriter(output, capacity: capacity)
        // one block's token counts and tokens, reused by every block
        let counts = UnsafeMutablePointer<UInt32>.allocate(capacity: BlockCodes.tokenKinds)
        defer { counts.deallocate() }
        let tokens = UnsafeMutablePointer<UInt16>.allocate(capacity: max(1, min(count, blockSize)))
        defer { tokens.deallocate() }
        var start = 0
        while start < count {
            let end = min(count, start + blockSize)
            let last = final && end == count
            guard writeBlock(input, start: start, end: end, last: last, counts: counts, tokens: tokens, into: &writer) else {
                return nil
            }
            start = end
        }
        if count == 0 || !final {
            // an empty stored block: the stream's end (count 0) or a sync flush
            guard writer.pos + 16 <= capacity else { return nil }
            writer.writeStoredHeader(last: final, length: 0)
        } else {
            writer.alignToByte()
        }
        guard writer.pos + 16 <= capacity else { return nil }
        writer.flush()
        return writer.pos
    }

    /// Writes `input[start..<end]` as one dynamic-Huffman block, or as stored blocks when that is smaller.
    /// The block's tokens are found once, counted and kept, then written with codes fitted to the counts.
    /// `counts` holds ``BlockCodes/tokenKinds`` counters and `tokens` room for `end - start` tokens.
    private static func writeBlock(_ input: UnsafePointer<UInt8>, start: Int, end: Int, last: Bool,
                                   counts: UnsafeMutablePointer<UInt32>, tokens: UnsafeMutablePointer<UInt16>,
                                   into writer: inout DeflateBitWriter) -> Bool {
        counts.update(repeating: 0, count: BlockCodes.tokenKinds)
        var recorder = TokenRecorder(counts: counts, tokens: tokens)
        scanTokens(input, start: start, end: end, into: &recorder)
        let codes = BlockCodes(counts: UnsafeBufferPointer(start: counts, count: BlockCodes.tokenKinds))
        let storedBytes = (end - start) + 5 * ((end - start + 65534) / 65535)
        if codes.totalBits / 8 + 1 >= storedBytes {
            guard writer.pos + storedBytes + 16 <= writer.capacity else { return false }
            var from = start
            while from < end {
                let length = min(65535, end - from)
                writer.writeStoredHeader(last: last && from + length == end, length: length)
                writer.writeRawBytes(input + from, count: length)
                from += length
            }
            return true
        }
        guard writer.pos + codes.totalBits / 8 + 16 <= writer.capacity else { return false }
        codes.writeHeader(last: last, into: &writer)
        codes.tokenCodes.withUnsafeBufferPointer { table in
            for k in 0..<recorder.count { writer.write(table[Int(tokens[k])]) }
        }
        writer.write(codes.endOfBlock)
        return true
    }

    /// Splits `input[start..<end]` into literals and runs (three or more copies of the byte before them,
    /// at most 258), as zlib's `deflate_rle` does; the byte before `start` counts when there is one.
    @inline(__always)
    static func scanTokens(_ input: UnsafePointer<UInt8>, start: Int, end: Int, into sink: inout TokenRecorder) {
        var i = start
        while i < end {
            if i > 0 && end - i >= 3 {
                // the byte before and the next three, little-endian: a run when all four are equal
                let four = UnsafeRawPointer(input + (i - 1)).loadUnaligned(as: UInt32.self)
                let previous = UInt8(truncatingIfNeeded: four)
                if four == UInt32(previous) &* 0x0101_0101 {
                    let limit = min(258, end - i)
                    var n = 3
                    let pattern = UInt64(previous) &* 0x0101_0101_0101_0101
                    let raw = UnsafeRawPointer(input + i)
                    while n + 8 <= limit {
                        let difference = raw.loadUnaligned(fromByteOffset: n, as: UInt64.self) ^ pattern
                        if difference != 0 {
                            n += UInt64(littleEndian: difference).trailingZeroBitCount >> 3
                            break
                        }
                        n += 8
                    }
                    if n + 8 > limit {
                        while n < limit && input[i + n] == previous { n += 1 }
                    }
                    sink.run(n)
                    i += n
                    continue
                }
            }
            sink.literal(input[i])
            i += 1
        }
    }
}

/// Keeps a block's tokens (a literal byte as itself, a run of length L as 256 + L) and counts each kind.
struct TokenRecorder {
    /// Indexed by token.
    let counts: UnsafeMutablePointer<UInt32>
    let tokens: UnsafeMutablePointer<UInt16>
    private(set) var count = 0

    init(counts: UnsafeMutablePointer<UInt32>, tokens: UnsafeMutablePointer<UInt16>) {
        self.counts = counts
        self.tokens = tokens
    }

    @inline(__always) mutating func literal(_ byte: UInt8) { record(Int(byte)) }
    @inline(__always) mutating func run(_ length: Int) { record(256 &+ length) }

    @inline(__always) private mutating func record(_ token: Int) {
        counts[token] &+= 1
        tokens[count] = UInt16(truncatingIfNeeded: token)
        count &+= 1
    }
}
