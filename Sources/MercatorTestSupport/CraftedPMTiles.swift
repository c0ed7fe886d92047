public import Foundation

/// PMTiles v3 archives written byte by byte for tests of hostile input: directories with any entries
/// (lengths, offsets and run lengths a writer would never produce) and header fields patched in place.
public enum CraftedPMTiles {
    /// A directory entry: tile id, offset from its section's start, length, run length (0: a leaf).
    public typealias Entry = (tileID: UInt64, offset: UInt64, length: UInt64, runLength: UInt64)

    /// `entries` as an uncompressed PMTiles directory (every offset written explicitly, as offset + 1).
    public static func directory(_ entries: [Entry]) -> [UInt8] {
        var out: [UInt8] = []
        func varint(_ v: UInt64) {
            var v = v
            while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
            out.append(UInt8(v))
        }
        varint(UInt64(entries.count))
        var last: UInt64 = 0
        for e in entries { varint(e.tileID &- last); last = e.tileID }
        for e in entries { varint(e.runLength) }
        for e in entries { varint(e.length) }
        for e in entries { varint(e.offset &+ 1) }
        return out
    }

    /// `data` with the little-endian UInt64 at `offset` replaced by `value`.
    public static func patched(_ data: Data, at offset: Int, _ value: UInt64) -> Data {
        var bytes = [UInt8](data)
        for i in 0..<8 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(i))) }
        return Data(bytes)
    }

    /// `fixture`'s 127-byte header (directories made uncompressed, no metadata), then the `root` and `leaf`
    /// directories and `tiles`, with the header's section offsets and lengths pointing at them.
    public static func archive(header fixture: Data, root: [Entry], leaf: [Entry], tiles: Data) -> Data {
        var header = [UInt8](fixture.prefix(127))
        header[97] = 1
        let rootBytes = directory(root), leafBytes = directory(leaf)
        var data = Data(header)
        let rootStart = UInt64(data.count)
        data.append(contentsOf: rootBytes)
        let leafStart = UInt64(data.count)
        data.append(contentsOf: leafBytes)
        let tileStart = UInt64(data.count)
        data.append(tiles)
        for (field, value) in [(8, rootStart), (16, UInt64(rootBytes.count)), (24, leafStart), (32, 0),
                               (40, leafStart), (48, UInt64(leafBytes.count)), (56, tileStart), (64, UInt64(tiles.count))] {
            data = patched(data, at: field, value)
        }
        return data
    }
}
