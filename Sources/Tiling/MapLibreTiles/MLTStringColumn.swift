/// String columns: plain (lengths and UTF-8 bytes), dictionary (entries by lengths, indices into
/// them), FSST-compressed dictionaries (symbol lengths and table, then the compressed corpus), and
/// shared dictionaries read once for the string fields of a struct column.
struct MLTStringStreams {
    var offsets: [Int]?
    var dictionaryLengths: [Int]?
    var plainLengths: [Int]?
    var symbolLengths: [Int]?
    var symbolTable: Range<Int>?
    var corpus: Range<Int>?
    var plainData: Range<Int>?
    /// Offset of the first stream (for errors).
    var offset: Int

    init(offset: Int) { self.offset = offset }

    /// Reads one stream of a string column into its slot.
    mutating func read(_ r: inout MLTReader) throws(MLTError) {
        let m = try MLTStreamMetadata.read(&r)
        switch m.type {
        case .offset:
            guard m.offsetKind == .string || m.offsetKind == .key else { throw MLTError(.unexpectedStream("offset type \(m.subtype) in a string column"), offset: m.offset) }
            offsets = try MLTIntegerStream.decodeCounts(m, &r)
        case .length:
            let lengths = try MLTIntegerStream.decodeCounts(m, &r)
            switch m.lengthKind {
            case .dictionary: dictionaryLengths = lengths
            case .symbol: symbolLengths = lengths
            case .varBinary: plainLengths = lengths
            default: throw MLTError(.unexpectedStream("length type \(m.subtype) in a string column"), offset: m.offset)
            }
        case .data:
            let range = try m.payload(&r)
            switch m.dataKind {
            case .single, .shared: corpus = range
            case .fsst: symbolTable = range
            case .some(.none): plainData = range
            default: throw MLTError(.unexpectedStream("data type \(m.subtype) in a string column"), offset: m.offset)
            }
        case .present:
            throw MLTError(.unexpectedStream("second present"), offset: m.offset)
        }
    }

    /// The dictionary entries (or, for plain columns, the values) the streams describe.
    func entries(_ r: inout MLTReader) throws(MLTError) -> [String] {
        let bytes = r.bytes
        guard let lengths = dictionaryLengths ?? plainLengths else { throw MLTError(.missingStream("string length"), offset: offset) }
        let data: ContiguousArray<UInt8>
        if let symbolTable {
            guard let symbolLengths else { throw MLTError(.missingStream("FSST symbol length"), offset: offset) }
            guard let corpus else { throw MLTError(.missingStream("FSST corpus"), offset: offset) }
            data = try FSST.decode(bytes, corpus: corpus, symbols: symbolTable, symbolLengths: symbolLengths, limit: r.remainingValues, at: offset)
            try r.charge(data.count, at: offset)
        } else if let range = corpus ?? plainData {
            data = ContiguousArray(bytes[range])
        } else {
            throw MLTError(.missingStream("string data"), offset: offset)
        }
        var out = [String]()
        out.reserveCapacity(lengths.count)
        var p = 0
        for n in lengths {
            guard n <= data.count - p else { throw MLTError(.countPastEnd("string lengths"), offset: offset) }
            out.append(String(decoding: data[p..<(p + n)], as: UTF8.self))
            p += n
        }
        guard p == data.count else { throw MLTError(.countMismatch("string lengths cover \(p) of \(data.count) bytes"), offset: offset) }
        return out
    }

    /// The column's present values: dictionary entries by index, or the entries themselves.
    func values(_ r: inout MLTReader) throws(MLTError) -> [String] {
        let entries = try entries(&r)
        guard let offsets else { return entries }
        var out = [String]()
        out.reserveCapacity(offsets.count)
        for i in offsets {
            guard i >= 0, i < entries.count else { throw MLTError(.indexOutOfRange("string dictionary"), offset: offset) }
            out.append(entries[i])
        }
        return out
    }
}

/// FSST (fast static symbol table) decompression: each byte of the corpus names a symbol of up to
/// eight bytes, except 255, which escapes the next byte as a literal.
enum FSST {
    /// Decompresses `corpus`, refusing to produce more than `limit` bytes.
    static func decode(_ bytes: ContiguousArray<UInt8>, corpus: Range<Int>, symbols: Range<Int>, symbolLengths: [Int], limit: Int, at: Int) throws(MLTError) -> ContiguousArray<UInt8> {
        var starts = [Int]()
        starts.reserveCapacity(symbolLengths.count)
        var total = 0
        for n in symbolLengths {
            guard n <= symbols.count - total else { throw MLTError(.countPastEnd("FSST symbol lengths"), offset: at) }
            starts.append(symbols.lowerBound + total)
            total += n
        }
        var out = ContiguousArray<UInt8>()
        out.reserveCapacity(corpus.count * 3)
        var p = corpus.lowerBound
        while p < corpus.upperBound {
            let code = Int(bytes[p])
            if code == 255 {
                guard p + 1 < corpus.upperBound else { throw MLTError(.truncated(needed: 1), offset: p + 1) }
                out.append(bytes[p + 1])
                p += 2
                continue
            }
            guard code < symbolLengths.count else { throw MLTError(.indexOutOfRange("FSST symbol"), offset: p) }
            let s = starts[code]
            out.append(contentsOf: bytes[s..<(s + symbolLengths[code])])
            guard out.count <= limit else { throw MLTError(.tooManyValues(out.count), offset: p) }
            p += 1
        }
        return out
    }
}
