public import Foundation
public import GeoJSON
public import MercatorHTTP
public import Tiling
import MercatorCompression

/// Tiles from a PMTiles v3 archive, on disk or over HTTP range requests (a ``PMTilesByteSource``):
/// the header and root directory are read once, leaf directories on demand (and kept), tiles by offset.
public final class PMTilesStore: TileStore, @unchecked Sendable {
    /// The file path or URL.
    public let path: String
    public let header: PMTilesHeader
    public let tileJSON: TileJSON?
    /// The archive's metadata JSON object (empty when it has none, or when it is not an object).
    public let metadata: JSONObject
    private let source: any PMTilesByteSource
    private let root: PMTilesDirectory
    private let lock = NSLock()
    private var leaves: [UInt64: PMTilesDirectory] = [:]
    /// The largest directory or tile read (a lying length is refused, not allocated).
    public static let maximumSectionBytes: UInt64 = 64 << 20

    /// Opens the archive at `path`.
    ///
    /// - Throws: `TileStoreError` for a missing file or a malformed archive (with the byte offset).
    public convenience init(path: String) throws(TileStoreError) {
        let file = try PMTilesFileSource(path: path)
        try self.init(source: file, prefix: min(UInt64(PMTilesHeader.size), file.size))
    }

    /// Opens the archive at an HTTP(S) `url` (range requests).
    ///
    /// - Throws: `TileStoreError` when the archive cannot be fetched or is malformed.
    public convenience init(url: String, client: HTTPClient = .shared) throws(TileStoreError) {
        try self.init(source: PMTilesHTTPSource(url: url, client: client), prefix: UInt64(PMTilesHeader.size))
    }

    /// Opens the archive `source` reads, whose first `prefix` bytes hold the header.
    package init(source: any PMTilesByteSource, prefix: UInt64) throws(TileStoreError) {
        self.source = source
        path = source.name
        do throws(PMTilesError) {
            let head = try Self.read(source, 0..<prefix)
            header = try PMTilesHeader(head)
            let rootBytes = try Self.read(source, header.rootDirectory)
            root = try PMTilesDirectory(Self.decompress(rootBytes, header.internalCompression, at: header.rootDirectory.lowerBound))
            var object = JSONObject()
            if !header.metadata.isEmpty {
                // A metadata section that cannot be read (past the end, over the limit) is an error;
                // one that reads but is not a JSON object is ignored, as before.
                let bytes = try Self.decompress(Self.read(source, header.metadata), header.internalCompression, at: 24)
                if let json = try? JSONValue(parsing: Data(bytes)), let members = json.object { object = members }
            }
            metadata = object
            let shown = source is PMTilesFileSource ? "pmtiles://" + path : path
            tileJSON = Self.tileJSON(header: header, metadata: object, url: shown)
        } catch {
            throw TileStoreError(store: source.name, error.description)
        }
    }

    public func tileData(_ tile: TileID) throws(TileStoreError) -> Data? {
        guard let id = PMTilesTileID.id(z: tile.z, x: tile.x, y: tile.y) else { return nil }
        do {
            var directory = root
            // The specification allows at most three levels of leaves below the root.
            for _ in 0..<4 {
                guard let entry = directory.find(id) else { return nil }
                if entry.runLength > 0 {
                    let range = try Self.section(header.tileData.lowerBound, entry)
                    return try Self.read(source, range)
                }
                directory = try leaf(at: entry)
            }
            throw PMTilesError(offset: 0, "leaf directories nest deeper than the format allows")
        } catch let error as PMTilesError {
            throw TileStoreError(store: path, "tile \(tile): \(error)")
        } catch {
            throw TileStoreError(store: path, "tile \(tile): \(error)")
        }
    }

    /// The most tiles ``allTiles()`` expands runs into (a run length is the archive's claim).
    public static let maximumExpandedTiles: UInt64 = 1 << 27

    /// Every tile of the archive, by tile id: runs expanded, leaf directories walked (not cached).
    ///
    /// Offsets, lengths and run lengths are the archive's claims: each is checked as the UInt64 it is
    /// before it becomes an Int, a range or a loop bound (a shard of another writer, or a damaged one,
    /// is an error naming the archive, never a trap).
    ///
    /// - Throws: `TileStoreError` naming the archive and what is wrong.
    public func allTiles() throws(TileStoreError) -> [UInt64: Data] {
        var tiles: [UInt64: Data] = [:]
        var expanded: UInt64 = 0
        func walk(_ directory: PMTilesDirectory, depth: Int) throws(PMTilesError) {
            // The specification allows three levels of leaves; a leaf pointing back up would recurse forever.
            guard depth < 4 else { throw PMTilesError(offset: 0, "leaf directories nest deeper than the format allows") }
            for e in directory.entries {
                if e.runLength == 0 {
                    let range = try Self.section(header.leafDirectories.lowerBound, e)
                    try walk(PMTilesDirectory(Self.decompress(Self.read(source, range), header.internalCompression, at: range.lowerBound)),
                             depth: depth + 1)
                    continue
                }
                expanded = expanded &+ e.runLength
                guard e.runLength <= Self.maximumExpandedTiles, expanded <= Self.maximumExpandedTiles, e.tileID <= UInt64.max - e.runLength else {
                    throw PMTilesError(offset: 0, "runs of tile \(e.tileID) address over \(Self.maximumExpandedTiles) tiles")
                }
                let data = try Self.read(source, Self.section(header.tileData.lowerBound, e))
                for i in 0..<e.runLength { tiles[e.tileID + i] = data }
            }
        }
        do throws(PMTilesError) {
            try walk(root, depth: 0)
        } catch {
            throw TileStoreError(store: path, error.description)
        }
        return tiles
    }

    private func leaf(at entry: PMTilesEntry) throws -> PMTilesDirectory {
        let range = try Self.section(header.leafDirectories.lowerBound, entry)
        let start = range.lowerBound
        return try lock.withLock {
            if let cached = leaves[start] { return cached }
            let bytes = try Self.read(source, range)
            let directory = try PMTilesDirectory(Self.decompress(bytes, header.internalCompression, at: start))
            if leaves.count > 256 { leaves.removeAll(keepingCapacity: true) }
            leaves[start] = directory
            return directory
        }
    }

    /// Where `entry`'s bytes are, in a section starting at `base`: an entry pointing past the largest
    /// offset is an error, not an arithmetic trap.
    static func section(_ base: UInt64, _ entry: PMTilesEntry) throws(PMTilesError) -> Range<UInt64> {
        let (start, o1) = base.addingReportingOverflow(entry.offset)
        let (end, o2) = start.addingReportingOverflow(entry.length)
        guard !o1, !o2 else { throw PMTilesError(offset: Int(clamping: base), "an entry's offset plus length overflows") }
        return start..<end
    }

    /// `range` from `source`, refusing sections over the size limit before asking for them.
    private static func read(_ source: any PMTilesByteSource, _ range: Range<UInt64>) throws(PMTilesError) -> Data {
        // `range.count` is an Int and traps at 2^63 bytes: the length is compared as the UInt64 it arrived as.
        guard range.byteLength <= maximumSectionBytes else {
            throw PMTilesError(offset: Int(clamping: range.lowerBound),
                               "a section of \(range.byteLength) bytes is over the \(maximumSectionBytes)-byte limit (PMTilesStore.maximumSectionBytes)")
        }
        return try source.read(range)
    }

    /// `data` (read at byte `at` of the archive) inflated.
    private static func decompress(_ data: Data, _ compression: PMTilesHeader.Compression, at: UInt64) throws(PMTilesError) -> [UInt8] {
        switch compression {
        case .none, .unknown: return [UInt8](data)
        case .gzip:
            do {
                return Array(try Gzip.inflate(ContiguousArray(data), limit: Int(maximumSectionBytes)))
            } catch {
                throw PMTilesError(offset: Int(clamping: at), "a section does not inflate: \(error)")
            }
        case .brotli, .zstd:
            throw PMTilesError(offset: 97, "\(compression) directories are not supported (gzip and none are)")
        }
    }

    /// The header and the JSON metadata (vector_layers, attribution…) as TileJSON.
    static func tileJSON(header: PMTilesHeader, metadata: JSONObject, url: String) -> TileJSON? {
        var object = metadata
        object["tilejson"] = "3.0.0"
        object["tiles"] = [.string(url)]
        object["minzoom"] = .int(Int64(header.minimumZoom))
        object["maxzoom"] = .int(Int64(header.maximumZoom))
        let b = header.bounds
        if b.west < b.east && b.south < b.north {
            object["bounds"] = [.double(b.west), .double(b.south), .double(b.east), .double(b.north)]
        }
        return try? TileJSON(.object(object))
    }
}
