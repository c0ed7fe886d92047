public import Foundation

/// Writes a PMTiles v3 archive from tiles given by tile id: clustered (data in tile-id order),
/// identical contents stored once, directories uncompressed, leaf directories when the root would
/// pass 16 KiB. The same tiles and metadata always give the same bytes. The header and directories
/// are written by the codecs that read them (``PMTilesHeader/encoded()``, ``PMTilesDirectory/encoded()``).
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
        var entries: [PMTilesEntry] = []
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
                entries.append(PMTilesEntry(tileID: id, offset: offset, length: UInt64(bytes.count), runLength: 1))
            }
        }
        let (root, leaves) = Self.directories(entries)
        let meta = Data(metadata.utf8)
        let rootOffset = UInt64(PMTilesHeader.size)
        let metaOffset = rootOffset + UInt64(root.count)
        let leafOffset = metaOffset + UInt64(meta.count)
        let dataOffset = leafOffset + UInt64(leaves.count)
        let header = PMTilesHeader(
            rootDirectory: rootOffset..<metaOffset, metadata: metaOffset..<leafOffset,
            leafDirectories: leafOffset..<dataOffset, tileData: dataOffset..<(dataOffset + UInt64(data.count)),
            addressedTiles: UInt64(ids.count), tileEntries: UInt64(entries.count), tileContents: UInt64(offsets.count),
            isClustered: true, internalCompression: .none,
            tileCompression: PMTilesHeader.Compression(rawValue: tileCompression) ?? .unknown,
            tileType: PMTilesHeader.TileType(rawValue: tileType) ?? .unknown,
            minimumZoom: minZoom, maximumZoom: maxZoom, bounds: bounds,
            center: ((bounds.west + bounds.east) / 2, (bounds.south + bounds.north) / 2, minZoom))
        var out = header.encoded()
        out.append(root)
        out.append(meta)
        out.append(leaves)
        out.append(data)
        return out
    }

    /// The root directory and the leaf directories: all entries in the root when it fits in 16 KiB
    /// with the header, otherwise leaves of a growing size until the root of pointers fits.
    static func directories(_ entries: [PMTilesEntry]) -> (root: Data, leaves: Data) {
        let whole = PMTilesDirectory(entries: entries).encoded()
        if whole.count <= 16_384 - PMTilesHeader.size { return (whole, Data()) }
        var leafSize = 4096
        while true {
            var leaves = Data(), pointers: [PMTilesEntry] = []
            var start = 0
            while start < entries.count {
                let chunk = Array(entries[start..<min(entries.count, start + leafSize)])
                let bytes = PMTilesDirectory(entries: chunk).encoded()
                pointers.append(PMTilesEntry(tileID: chunk[0].tileID, offset: UInt64(leaves.count), length: UInt64(bytes.count), runLength: 0))
                leaves.append(bytes)
                start += leafSize
            }
            let root = PMTilesDirectory(entries: pointers).encoded()
            if root.count <= 16_384 - PMTilesHeader.size { return (root, leaves) }
            leafSize *= 2
        }
    }
}
