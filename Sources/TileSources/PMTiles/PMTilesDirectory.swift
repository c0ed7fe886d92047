public import Foundation

/// One entry of a PMTiles directory: a run of tile ids sharing one stored tile, or (run length 0)
/// a pointer to a leaf directory.
public struct PMTilesEntry: Sendable, Hashable {
    /// The first tile id of the run (or the first id the leaf directory holds).
    public var tileID: UInt64
    public var offset: UInt64
    public var length: UInt64
    public var runLength: UInt64
}

/// A decoded PMTiles directory: entries sorted by tile id.
public struct PMTilesDirectory: Sendable {
    /// The most entries a directory may declare (the format's own writers stay far below).
    public static let maximumEntries = 10_000_000

    public var entries: [PMTilesEntry]

    /// Decodes an (already decompressed) directory: the entry count, then tile id deltas, run
    /// lengths, lengths and offsets as varints, column by column.
    ///
    /// - Throws: `PMTilesError` with the offset in the directory bytes.
    public init(_ bytes: [UInt8]) throws(PMTilesError) {
        var reader = VarintReader(bytes: bytes)
        let count = try reader.next()
        // Each entry takes at least four bytes: a lying count is caught before allocating for it.
        guard count <= UInt64(Self.maximumEntries), count <= UInt64(bytes.count) / 4 + 1 else {
            throw PMTilesError(offset: 0, "the directory declares \(count) entries but has \(bytes.count) bytes")
        }
        let n = Int(count)
        var entries = [PMTilesEntry](repeating: PMTilesEntry(tileID: 0, offset: 0, length: 0, runLength: 0), count: n)
        var last: UInt64 = 0
        for i in 0..<n {
            let delta = try reader.next()
            let (sum, overflow) = last.addingReportingOverflow(delta)
            if overflow { throw PMTilesError(offset: reader.position, "tile id overflows") }
            last = sum
            entries[i].tileID = sum
        }
        for i in 0..<n { entries[i].runLength = try reader.next() }
        for i in 0..<n {
            entries[i].length = try reader.next()
        }
        for i in 0..<n {
            let value = try reader.next()
            if value == 0 && i > 0 {
                entries[i].offset = entries[i - 1].offset &+ entries[i - 1].length
            } else {
                guard value > 0 else { throw PMTilesError(offset: reader.position, "the first entry's offset is missing") }
                entries[i].offset = value - 1
            }
        }
        self.entries = entries
    }

    /// A directory of `entries` (sorted by tile id), to be written with ``encoded()``.
    public init(entries: [PMTilesEntry]) {
        self.entries = entries
    }

    /// The directory's bytes as ``init(_:)`` reads them: count, tile-id deltas, run lengths, lengths,
    /// offsets (0 for "right after the previous entry", else offset + 1).
    public func encoded() -> Data {
        var out = [UInt8]()
        func varint(_ v: UInt64) {
            var v = v
            while v >= 0x80 {
                out.append(UInt8(v & 0x7f) | 0x80)
                v >>= 7
            }
            out.append(UInt8(v))
        }
        varint(UInt64(entries.count))
        var last: UInt64 = 0
        for e in entries {
            varint(e.tileID - last)
            last = e.tileID
        }
        for e in entries { varint(e.runLength) }
        for e in entries { varint(e.length) }
        for (i, e) in entries.enumerated() {
            if i > 0, e.offset == entries[i - 1].offset + entries[i - 1].length {
                varint(0)
            } else {
                varint(e.offset + 1)
            }
        }
        return Data(out)
    }

    /// The entry holding `tileID`: a tile whose run covers it, or the leaf directory whose range
    /// may hold it; `nil` when none does.
    public func find(_ tileID: UInt64) -> PMTilesEntry? {
        var lo = 0, hi = entries.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if entries[mid].tileID < tileID { lo = mid + 1 } else if entries[mid].tileID > tileID { hi = mid - 1 } else { return entries[mid] }
        }
        // `hi` is the last entry below tileID.
        guard hi >= 0 else { return nil }
        let e = entries[hi]
        if e.runLength == 0 { return e }
        return tileID - e.tileID < e.runLength ? e : nil
    }
}

/// Unsigned LEB128 varints, bounds-checked: at most ten bytes, never past the end.
struct VarintReader {
    let bytes: [UInt8]
    var position = 0

    mutating func next() throws(PMTilesError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.count else { throw PMTilesError(offset: position, "the directory ends inside a varint") }
            let byte = bytes[position]
            position += 1
            guard shift < 64, !(shift == 63 && byte > 1) else { throw PMTilesError(offset: position - 1, "a varint is longer than 64 bits") }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }
}

/// PMTiles tile ids: tiles of all lower zooms first, then along a Hilbert curve within the zoom.
public enum PMTilesTileID {
    /// The id of tile z/x/y (zoom at most 31).
    public static func id(z: Int, x: Int, y: Int) -> UInt64? {
        guard z >= 0, z <= 31, x >= 0, y >= 0, x < (1 << z), y < (1 << z) else { return nil }
        var id = ((UInt64(1) << UInt64(2 * z)) - 1) / 3
        var x = UInt64(x), y = UInt64(y)
        var level = z - 1
        while level >= 0 {
            let side = UInt64(1) << UInt64(level)
            let rx: UInt64 = x & side != 0 ? 1 : 0
            let ry: UInt64 = y & side != 0 ? 1 : 0
            id += ((3 * rx) ^ ry) * side * side
            // Rotate the quadrant so the curve continues in the next level.
            if ry == 0 {
                if rx == 1 {
                    x = side - 1 - (x & (side - 1))
                    y = side - 1 - (y & (side - 1))
                }
                swap(&x, &y)
            }
            x &= side - 1
            y &= side - 1
            level -= 1
        }
        return id
    }
}
