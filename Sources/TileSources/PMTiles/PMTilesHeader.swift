public import Foundation

/// The fixed 127-byte header of a PMTiles v3 archive.
public struct PMTilesHeader: Sendable, Hashable {
    /// How directories, metadata or tiles are compressed.
    public enum Compression: UInt8, Sendable {
        case unknown = 0, none = 1, gzip = 2, brotli = 3, zstd = 4
    }

    /// What the tiles are.
    public enum TileType: UInt8, Sendable {
        case unknown = 0, mvt = 1, png = 2, jpeg = 3, webp = 4, avif = 5
    }

    public static let size = 127

    public var rootDirectory: Range<UInt64>
    public var metadata: Range<UInt64>
    public var leafDirectories: Range<UInt64>
    public var tileData: Range<UInt64>
    public var addressedTiles: UInt64
    public var tileEntries: UInt64
    public var tileContents: UInt64
    public var isClustered: Bool
    public var internalCompression: Compression
    public var tileCompression: Compression
    public var tileType: TileType
    public var minimumZoom: Int
    public var maximumZoom: Int
    /// West, south, east, north in degrees.
    public var bounds: (west: Double, south: Double, east: Double, north: Double)
    public var center: (longitude: Double, latitude: Double, zoom: Int)

    /// Reads the header from the archive's first 127 bytes.
    ///
    /// - Throws: `PMTilesError` naming the byte offset of what is wrong.
    public init(_ bytes: Data) throws(PMTilesError) {
        guard bytes.count >= Self.size else {
            throw PMTilesError(offset: bytes.count, "the header needs \(Self.size) bytes, the file has \(bytes.count)")
        }
        let b = [UInt8](bytes.prefix(Self.size))
        guard b[0..<7].elementsEqual("PMTiles".utf8) else { throw PMTilesError(offset: 0, "not a PMTiles archive (no \"PMTiles\" magic)") }
        guard b[7] == 3 else { throw PMTilesError(offset: 7, "PMTiles version \(b[7]) is not supported (only version 3)") }
        func u64(_ at: Int) -> UInt64 { (0..<8).reduce(UInt64(0)) { $0 | UInt64(b[at + $1]) << (8 * UInt64($1)) } }
        func i32(_ at: Int) -> Int32 { Int32(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(b[at + $1]) << (8 * UInt32($1)) }) }
        func range(_ at: Int) throws(PMTilesError) -> Range<UInt64> {
            let start = u64(at), length = u64(at + 8)
            guard start <= UInt64.max - length else { throw PMTilesError(offset: at, "section offset plus length overflows") }
            return start..<(start + length)
        }
        rootDirectory = try range(8)
        metadata = try range(24)
        leafDirectories = try range(40)
        tileData = try range(56)
        addressedTiles = u64(72)
        tileEntries = u64(80)
        tileContents = u64(88)
        isClustered = b[96] == 1
        guard let directoryCompression = Compression(rawValue: b[97]) else { throw PMTilesError(offset: 97, "unknown internal compression \(b[97])") }
        guard let tiles = Compression(rawValue: b[98]) else { throw PMTilesError(offset: 98, "unknown tile compression \(b[98])") }
        internalCompression = directoryCompression
        tileCompression = tiles
        tileType = TileType(rawValue: b[99]) ?? .unknown
        minimumZoom = Int(b[100])
        maximumZoom = Int(b[101])
        bounds = (Double(i32(102)) / 1e7, Double(i32(106)) / 1e7, Double(i32(110)) / 1e7, Double(i32(114)) / 1e7)
        center = (Double(i32(119)) / 1e7, Double(i32(123)) / 1e7, Int(b[118]))
    }

    /// A header with every field given (the writer's side of ``init(_:)``).
    init(rootDirectory: Range<UInt64>, metadata: Range<UInt64>, leafDirectories: Range<UInt64>, tileData: Range<UInt64>,
         addressedTiles: UInt64, tileEntries: UInt64, tileContents: UInt64, isClustered: Bool,
         internalCompression: Compression, tileCompression: Compression, tileType: TileType,
         minimumZoom: Int, maximumZoom: Int, bounds: (west: Double, south: Double, east: Double, north: Double),
         center: (longitude: Double, latitude: Double, zoom: Int)) {
        self.rootDirectory = rootDirectory
        self.metadata = metadata
        self.leafDirectories = leafDirectories
        self.tileData = tileData
        self.addressedTiles = addressedTiles
        self.tileEntries = tileEntries
        self.tileContents = tileContents
        self.isClustered = isClustered
        self.internalCompression = internalCompression
        self.tileCompression = tileCompression
        self.tileType = tileType
        self.minimumZoom = minimumZoom
        self.maximumZoom = maximumZoom
        self.bounds = bounds
        self.center = center
    }

    /// The header's 127 bytes, laid out as ``init(_:)`` reads them (degrees in units of 1e-7).
    public func encoded() -> Data {
        var h = [UInt8](repeating: 0, count: Self.size)
        h.replaceSubrange(0..<7, with: Array("PMTiles".utf8))
        h[7] = 3
        func put(_ v: UInt64, _ at: Int) { for i in 0..<8 { h[at + i] = UInt8(truncatingIfNeeded: v >> (8 * UInt64(i))) } }
        func put(_ r: Range<UInt64>, _ at: Int) { put(r.lowerBound, at); put(r.upperBound - r.lowerBound, at + 8) }
        func put(degrees v: Double, _ at: Int) {
            let u = UInt32(bitPattern: Int32((v * 10_000_000).rounded()))
            for i in 0..<4 { h[at + i] = UInt8(truncatingIfNeeded: u >> (8 * UInt32(i))) }
        }
        put(rootDirectory, 8)
        put(metadata, 24)
        put(leafDirectories, 40)
        put(tileData, 56)
        put(addressedTiles, 72); put(tileEntries, 80); put(tileContents, 88)
        h[96] = isClustered ? 1 : 0
        h[97] = internalCompression.rawValue
        h[98] = tileCompression.rawValue
        h[99] = tileType.rawValue
        h[100] = UInt8(clamping: minimumZoom)
        h[101] = UInt8(clamping: maximumZoom)
        put(degrees: bounds.west, 102); put(degrees: bounds.south, 106); put(degrees: bounds.east, 110); put(degrees: bounds.north, 114)
        h[118] = UInt8(clamping: center.zoom)
        put(degrees: center.longitude, 119); put(degrees: center.latitude, 123)
        return Data(h)
    }

    public static func == (a: PMTilesHeader, b: PMTilesHeader) -> Bool {
        a.rootDirectory == b.rootDirectory && a.metadata == b.metadata && a.leafDirectories == b.leafDirectories
            && a.tileData == b.tileData && a.tileType == b.tileType && a.minimumZoom == b.minimumZoom && a.maximumZoom == b.maximumZoom
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rootDirectory.lowerBound)
        hasher.combine(tileData.lowerBound)
    }
}

/// Why a PMTiles archive could not be read, with the byte offset (in the file, or in a
/// decompressed directory) where the problem is.
public struct PMTilesError: Error, Sendable, Hashable, CustomStringConvertible {
    public var offset: Int
    public var message: String

    public init(offset: Int, _ message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "\(message) (byte \(offset))" }
}
