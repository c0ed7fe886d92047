/// The Huffman codes of one dynamic deflate block (RFC 1951, 3.2.7) fitted to its tokens' counts, each
/// token's bits ready to write, and the block's exact size.
struct BlockCodes {
    /// How many kinds of token there are: a literal byte is itself (0...255), a run of length L is 256 + L.
    static let tokenKinds = 256 + 259
    /// For each token, its bits packed as ``DeflateBitWriter/write(_:)`` takes them: a literal's code, or
    /// a run's length code, extra bits and the code of distance 1.
    var tokenCodes = [UInt64](repeating: 0, count: tokenKinds)
    /// The end-of-block code, packed.
    var endOfBlock: UInt64 = 0
    /// The block's size in bits: header, tokens and end of block.
    var totalBits = 0

    private var literalAlphabetSize = 257
    /// The code lengths sequence (literal/length codes, then the two distance codes), run-length coded:
    /// (code-length symbol, extra value, extra bit count).
    private var lengthItems: [(symbol: Int, extra: UInt64, extraBits: Int)] = []
    private var codeLengthLengths = [UInt8](repeating: 0, count: 19)
    private var codeLengthCodes = [UInt64](repeating: 0, count: 19)
    private var codeLengthCount = 4

    /// The order code-length code lengths are written in.
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Codes for a block whose tokens occur `counts[token]` times.
    init(counts: UnsafeBufferPointer<UInt32>) {
        let literals = UnsafeBufferPointer(rebasing: counts[0..<256])
        let runs = UnsafeBufferPointer(rebasing: counts[256...])
        let lengthTable = DeflateLengthTable.shared
        var frequencies = [UInt32](repeating: 0, count: 286)
        for b in 0..<256 { frequencies[b] = literals[b] }
        frequencies[256] = 1
        for length in 3...258 where runs[length] > 0 {
            frequencies[lengthTable.symbol[length]] &+= runs[length]
        }
        let lengths = huffmanCodeLengths(frequencies, limit: 15)
        let codes = canonicalCodes(lengths)
        var bits = 0
        for b in 0..<256 where lengths[b] > 0 {
            tokenCodes[b] = codes[b] << 8 | UInt64(lengths[b])
            bits += Int(literals[b]) * Int(lengths[b])
        }
        for length in 3...258 {
            let symbol = lengthTable.symbol[length]
            guard lengths[symbol] > 0 else { continue }
            let extraBits = lengthTable.extraBits[length]
            let extra = UInt64(length - lengthTable.base[length])
            // distance 1 is distance code 0: one bit, 0, of the two one-bit distance codes
            let value = codes[symbol] | extra << UInt64(lengths[symbol])
            let count = Int(lengths[symbol]) + extraBits + 1
            tokenCodes[256 + length] = value << 8 | UInt64(count)
            bits += Int(runs[length]) * count
        }
        endOfBlock = codes[256] << 8 | UInt64(lengths[256])
        bits += Int(lengths[256])

        literalAlphabetSize = max(257, (lengths.lastIndex { $0 > 0 } ?? 0) + 1)
        lengthItems = Self.runLengthCoded(Array(lengths[0..<literalAlphabetSize]) + [1, 1])
        var codeLengthFrequencies = [UInt32](repeating: 0, count: 19)
        for item in lengthItems { codeLengthFrequencies[item.symbol] += 1 }
        codeLengthLengths = huffmanCodeLengths(codeLengthFrequencies, limit: 7)
        codeLengthCodes = canonicalCodes(codeLengthLengths)
        codeLengthCount = max(4, (Self.codeLengthOrder.lastIndex { codeLengthLengths[$0] > 0 } ?? 0) + 1)
        bits += 3 + 5 + 5 + 4 + 3 * codeLengthCount
        for item in lengthItems { bits += Int(codeLengthLengths[item.symbol]) + item.extraBits }
        totalBits = bits
    }

    /// Writes the block header: BFINAL, BTYPE 2, the alphabet sizes and the code lengths.
    func writeHeader(last: Bool, into writer: inout DeflateBitWriter) {
        writer.write(last ? 1 : 0, count: 1)
        writer.write(2, count: 2)
        writer.write(UInt64(literalAlphabetSize - 257), count: 5)
        writer.write(1, count: 5)  // two distance codes
        writer.write(UInt64(codeLengthCount - 4), count: 4)
        for i in 0..<codeLengthCount { writer.write(UInt64(codeLengthLengths[Self.codeLengthOrder[i]]), count: 3) }
        for item in lengthItems {
            writer.write(codeLengthCodes[item.symbol], count: Int(codeLengthLengths[item.symbol]))
            if item.extraBits > 0 { writer.write(item.extra, count: item.extraBits) }
        }
    }

    /// Code lengths with runs of zeros as symbols 17 (3-10) and 18 (11-138).
    private static func runLengthCoded(_ lengths: [UInt8]) -> [(symbol: Int, extra: UInt64, extraBits: Int)] {
        var items: [(symbol: Int, extra: UInt64, extraBits: Int)] = []
        var i = 0
        while i < lengths.count {
            if lengths[i] == 0 {
                var n = 1
                while i + n < lengths.count && lengths[i + n] == 0 && n < 138 { n += 1 }
                if n >= 11 {
                    items.append((18, UInt64(n - 11), 7))
                    i += n
                    continue
                }
                if n >= 3 {
                    items.append((17, UInt64(n - 3), 3))
                    i += n
                    continue
                }
            }
            items.append((Int(lengths[i]), 0, 0))
            i += 1
        }
        return items
    }
}

/// For each match length 3...258: its length symbol (257...285), extra bit count and base length.
struct DeflateLengthTable: Sendable {
    var symbol = [Int](repeating: 0, count: 259)
    var extraBits = [Int](repeating: 0, count: 259)
    var base = [Int](repeating: 0, count: 259)

    static let shared = DeflateLengthTable()

    private init() {
        let bases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
                     131, 163, 195, 227, 258]
        let extras = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        for length in 3...258 {
            // the last code whose base is at most `length` (258 has its own code, 285)
            let k = bases.lastIndex { $0 <= length }!
            symbol[length] = 257 + k
            extraBits[length] = extras[k]
            base[length] = bases[k]
        }
    }
}

/// Huffman code lengths for `frequencies`, none longer than `limit`: a complete code (at least two
/// symbols get a length, so that every inflater accepts it), zero for unused symbols.
func huffmanCodeLengths(_ frequencies: [UInt32], limit: Int) -> [UInt8] {
    var used = frequencies.indices.filter { frequencies[$0] > 0 }
    if used.count < 2 {
        // one symbol (or none): pad with another so that the code is complete
        used = used.isEmpty ? [0, 1] : (used + [used[0] == 0 ? 1 : 0]).sorted()
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        for s in used { lengths[s] = 1 }
        return lengths
    }
    var weights = used.map { UInt64(frequencies[$0]) }
    while true {
        let depths = huffmanDepths(weights)
        if depths.max()! <= limit {
            var lengths = [UInt8](repeating: 0, count: frequencies.count)
            for (k, s) in used.enumerated() { lengths[s] = UInt8(depths[k]) }
            return lengths
        }
        // too deep: flatten the distribution and build again (all weights equal is a balanced tree)
        weights = weights.map { max(1, ($0 + 1) / 2) }
    }
}

/// The depth of each leaf of a Huffman tree over `weights` (at least two), built with two queues.
private func huffmanDepths(_ weights: [UInt64]) -> [Int] {
    let n = weights.count
    let order = weights.indices.sorted { (weights[$0], $0) < (weights[$1], $1) }
    var weight = order.map { weights[$0] } + [UInt64](repeating: 0, count: n - 1)
    var parent = [Int](repeating: 0, count: 2 * n - 1)
    var leaf = 0, node = n
    for k in n..<(2 * n - 1) {
        var children = (0, 0)
        for c in 0..<2 {
            let pick: Int
            if leaf < n && (node >= k || weight[leaf] <= weight[node]) {
                pick = leaf
                leaf += 1
            } else {
                pick = node
                node += 1
            }
            if c == 0 { children.0 = pick } else { children.1 = pick }
        }
        weight[k] = weight[children.0] + weight[children.1]
        parent[children.0] = k
        parent[children.1] = k
    }
    var depth = [Int](repeating: 0, count: 2 * n - 1)
    for k in stride(from: 2 * n - 3, through: 0, by: -1) { depth[k] = depth[parent[k]] + 1 }
    var result = [Int](repeating: 0, count: n)
    for (sorted, original) in order.enumerated() { result[original] = depth[sorted] }
    return result
}

/// Canonical codes for `lengths` (RFC 1951, 3.2.2), bit-reversed: deflate writes Huffman codes from
/// their first bit while ``DeflateBitWriter`` fills bytes from the lowest bit.
func canonicalCodes(_ lengths: [UInt8]) -> [UInt64] {
    var countPerLength = [Int](repeating: 0, count: 16)
    for l in lengths where l > 0 { countPerLength[Int(l)] += 1 }
    var next = [Int](repeating: 0, count: 16)
    var code = 0
    for bits in 1..<16 {
        code = (code + countPerLength[bits - 1]) << 1
        next[bits] = code
    }
    var codes = [UInt64](repeating: 0, count: lengths.count)
    for (symbol, l) in lengths.enumerated() where l > 0 {
        let c = next[Int(l)]
        next[Int(l)] += 1
        var reversed = 0
        for bit in 0..<Int(l) where c & (1 << bit) != 0 { reversed |= 1 << (Int(l) - 1 - bit) }
        codes[symbol] = UInt64(reversed)
    }
    return codes
}
