import Foundation
import MercatorCompression
import TileSources
import Tiling

/// Writes a PMTiles v3 archive from tiles given by tile id: clustered (data in tile-id order),
/// identical contents stored once, directories uncompressed, leaf directories when the root would
/// pass 16 KiB. The same tiles and metadata always give the same bytes.
public struct PMTilesWriter: Sendable {
    /// The tile type byte (1 MVT, 2 PNG, 3 JPEG, 4 WebP).
    public var tileType: UInt8
    /// The tile compression byte (1 none, 2 gzip).
    public var tileCompression: UInt8
    /// Zooms, bounds and centre for the header.
    public var minZoom: Int, maxZoom: Int
    public var bounds: (west: Double, south: Double, east: Double, north: Double)
    /// The metadata JSON text.
    public var metadata: String

    /// A writer for tiles of one type.
    public init(tileType: UInt8, tileCompression: UInt8, minZoom: Int, maxZoom: Int,
                bounds: (west: Double, south: Double, east: Double, north: Double), metadata: String) {
        self.tileType = tileType
        self.tileCompression = tileCompression
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.bounds = bounds
        self.metadata = metadata
    }

    /// The archive of `tiles` (any order; one entry per id).
    public func archive(_ tiles: [UInt64: Data]) -> Data {
        let ids = tiles.keys.sorted()
        var data = Data()
        var offsets: [Data: UInt64] = [:]
        var entries: [Entry] = []
        for id in ids {
            let bytes = tiles[id]!
            let offset: UInt64
            if let known = offsets[bytes] {
                offset = known
            } else {
                offset = UInt64(data.count)
                offsets[bytes] = offset
                data.append(bytes)
            }
            if var last = entries.last, last.tileID + last.runLength == id, last.offset == offset {
                last.runLength += 1
                entries[entries.count - 1] = last
            } else {
                entries.append(Entry(tileID: id, offset: offset, length: UInt64(bytes.count), runLength: 1))
            }
        }
        let (root, leaves) = Self.directories(entries)
        let meta = Data(metadata.utf8)
        let rootOffset = UInt64(PMTilesHeader.size)
        let metaOffset = rootOffset + UInt64(root.count)
        let leafOffset = metaOffset + UInt64(meta.count)
        let dataOffset = leafOffset + UInt64(leaves.count)
        var h = [UInt8](repeating: 0, count: PMTilesHeader.size)
        h.replaceSubrange(0..<7, with: Array("PMTiles".utf8))
        h[7] = 3
        func put(_ v: UInt64, _ at: Int) { for i in 0..<8 { h[at + i] = UInt8(truncatingIfNeeded: v >> (8 * UInt64(i))) } }
        func put32(_ v: Int32, _ at: Int) { let u = UInt32(bitPattern: v); for i in 0..<4 { h[at + i] = UInt8(truncatingIfNeeded: u >> (8 * UInt32(i))) } }
        put(rootOffset, 8); put(UInt64(root.count), 16)
        put(metaOffset, 24); put(UInt64(meta.count), 32)
        put(leafOffset, 40); put(UInt64(leaves.count), 48)
        put(dataOffset, 56); put(UInt64(data.count), 64)
        put(UInt64(ids.count), 72); put(UInt64(entries.count), 80); put(UInt64(offsets.count), 88)
        h[96] = 1  // clustered
        h[97] = 1  // internal compression: none
        h[98] = tileCompression
        h[99] = tileType
        h[100] = UInt8(minZoom)
        h[101] = UInt8(maxZoom)
        func e7(_ v: Double) -> Int32 { Int32((v * 10_000_000).rounded()) }
        put32(e7(bounds.west), 102); put32(e7(bounds.south), 106); put32(e7(bounds.east), 110); put32(e7(bounds.north), 114)
        h[118] = UInt8(minZoom)
        put32(e7((bounds.west + bounds.east) / 2), 119); put32(e7((bounds.south + bounds.north) / 2), 123)
        var out = Data(h)
        out.append(root)
        out.append(meta)
        out.append(leaves)
        out.append(data)
        return out
    }

    /// The root directory and the leaf directories: all entries in the root when it fits in 16 KiB
    /// with the header, otherwise leaves of a growing size until the root of pointers fits.
    static func directories(_ entries: [Entry]) -> (root: Data, leaves: Data) {
        let whole = serialize(entries)
        if whole.count <= 16_384 - PMTilesHeader.size { return (whole, Data()) }
        var leafSize = 4096
        while true {
            var leaves = Data(), pointers: [Entry] = []
            var start = 0
            while start < entries.count {
                let chunk = Array(entries[start..<min(entries.count, start + leafSize)])
                let bytes = serialize(chunk)
                pointers.append(Entry(tileID: chunk[0].tileID, offset: UInt64(leaves.count), length: UInt64(bytes.count), runLength: 0))
                leaves.append(bytes)
                start += leafSize
            }
            let root = serialize(pointers)
            if root.count <= 16_384 - PMTilesHeader.size { return (root, leaves) }
            leafSize *= 2
        }
    }

    /// A directory entry being written (a run of ids sharing one stored tile, or with run length 0 a leaf).
    struct Entry {
        var tileID: UInt64, offset: UInt64, length: UInt64, runLength: UInt64
    }

    /// One directory: count, tile-id deltas, run lengths, lengths, offsets (0 for "right after the previous").
    static func serialize(_ entries: [Entry]) -> Data {
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

    /// The most tiles `read(path:)` expands runs into (a run length is the file's claim).
    static let maximumReadTiles: UInt64 = 1 << 27

    /// Every tile of a PMTiles file (uncompressed or gzip directories), by tile id.
    ///
    /// Offsets, lengths and run lengths are the file's claims: each is checked as the UInt64 it is
    /// before it becomes an Int, a range or a loop bound (a shard of another writer, or a damaged one,
    /// is an error naming the file, never a trap).
    public static func read(path: String) throws -> (header: PMTilesHeader, metadata: Data, tiles: [UInt64: Data]) {
        let file = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        guard file.count >= PMTilesHeader.size else { throw PyramidError("\(path): too short for PMTiles (\(file.count) bytes)") }
        let header = try PMTilesHeader(file.prefix(PMTilesHeader.size))
        let size = UInt64(file.count)
        /// The bytes at `start` + `length`, or an error when they are not all in the file.
        func bytes(_ start: UInt64, _ length: UInt64, _ what: String) throws -> Data {
            let (end, overflow) = start.addingReportingOverflow(length)
            guard !overflow, end <= size else { throw PyramidError("\(path): \(what) at byte \(start), \(length) bytes, runs past the end (\(size) bytes)") }
            return file.subdata(in: (file.startIndex + Int(start))..<(file.startIndex + Int(end)))
        }
        func section(_ start: UInt64, _ length: UInt64, _ what: String) throws -> [UInt8] {
            let data = [UInt8](try bytes(start, length, what))
            if header.internalCompression == .gzip { return Array(try Gzip.inflate(ContiguousArray(data), limit: 256 << 20)) }
            return data
        }
        var tiles: [UInt64: Data] = [:]
        var expanded: UInt64 = 0
        func walk(_ directory: PMTilesDirectory, depth: Int) throws {
            // The specification allows three levels of leaves; a leaf pointing back up would recurse forever.
            guard depth <= 4 else { throw PyramidError("\(path): leaf directories nest deeper than the format allows") }
            for e in directory.entries {
                if e.runLength == 0 {
                    let (start, overflow) = header.leafDirectories.lowerBound.addingReportingOverflow(e.offset)
                    guard !overflow else { throw PyramidError("\(path): leaf directory offset \(e.offset) overflows") }
                    try walk(PMTilesDirectory(try section(start, e.length, "a leaf directory")), depth: depth + 1)
                    continue
                }
                let (start, overflow) = header.tileData.lowerBound.addingReportingOverflow(e.offset)
                guard !overflow else { throw PyramidError("\(path): tile \(e.tileID) offset \(e.offset) overflows") }
                let data = try bytes(start, e.length, "tile \(e.tileID)")
                expanded = expanded &+ e.runLength
                guard e.runLength <= maximumReadTiles, expanded <= maximumReadTiles, e.tileID <= UInt64.max - e.runLength else {
                    throw PyramidError("\(path): runs of tile \(e.tileID) address over \(maximumReadTiles) tiles")
                }
                for i in 0..<e.runLength { tiles[e.tileID + i] = data }
            }
        }
        try walk(PMTilesDirectory(try section(header.rootDirectory.lowerBound, header.rootDirectory.upperBound - header.rootDirectory.lowerBound, "the root directory")), depth: 0)
        let metadata = Data(try section(header.metadata.lowerBound, header.metadata.upperBound - header.metadata.lowerBound, "the metadata"))
        return (header, metadata, tiles)
    }
}

/// A pyramid failure a user can act on.
public struct PyramidError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the file.
    public var description: String
    /// An error with its message.
    public init(_ message: String) { description = message }
}
