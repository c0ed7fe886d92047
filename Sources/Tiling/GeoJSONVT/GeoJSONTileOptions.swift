import GeoJSON
/// Options of a `GeoJSONTileIndex` (geojson-vt's options, same names and defaults).
public struct GeoJSONTileOptions: Sendable, Hashable {
    /// The deepest zoom at which tiles keep full detail (no simplification); 0...24. Style: `maxzoom`.
    public var maxZoom: Int = 14
    /// The deepest zoom tiled up front when the index is built; deeper tiles are cut on demand.
    public var indexMaxZoom: Int = 5
    /// Tiles with at most this many points are not split up front.
    public var indexMaxPoints: Int = 100_000
    /// Simplification tolerance in tile pixels (higher is simpler). Style: `tolerance`.
    public var tolerance: Double = 3
    /// Tile extent: the width of a tile in tile coordinates.
    public var extent: Int = 4096
    /// Buffer around each tile, in tile coordinates. Style: `buffer`.
    public var buffer: Int = 64
    /// Whether to keep the distance along each line so renderers can compute `line-progress`.
    /// Line tile features then carry `mapbox_clip_start` and `mapbox_clip_end` (fractions of the
    /// whole line's length). Style: `lineMetrics`.
    public var lineMetrics: Bool = false
    /// A property whose value becomes the feature identifier (numbers and strings only).
    public var promoteID: String?
    /// Whether to number features by their position in the input (cannot combine with ``promoteID``).
    public var generateID: Bool = false

    /// The defaults: maxZoom 14, indexMaxZoom 5, indexMaxPoints 100,000, tolerance 3, extent 4096, buffer 64.
    public init() {}

    /// Creates options, keeping the default of every argument left out.
    public init(
        maxZoom: Int = 14, indexMaxZoom: Int = 5, indexMaxPoints: Int = 100_000, tolerance: Double = 3,
        extent: Int = 4096, buffer: Int = 64, lineMetrics: Bool = false, promoteID: String? = nil,
        generateID: Bool = false
    ) {
        self.maxZoom = maxZoom
        self.indexMaxZoom = indexMaxZoom
        self.indexMaxPoints = indexMaxPoints
        self.tolerance = tolerance
        self.extent = extent
        self.buffer = buffer
        self.lineMetrics = lineMetrics
        self.promoteID = promoteID
        self.generateID = generateID
    }

    /// Checks the ranges; throws the first problem found.
    public func validate() throws(TilingError) {
        guard (0...24).contains(maxZoom) else { throw .invalidOption("maxZoom", "must be in 0...24, found \(maxZoom)") }
        guard indexMaxZoom >= 0 else { throw .invalidOption("indexMaxZoom", "must not be negative, found \(indexMaxZoom)") }
        guard tolerance >= 0, tolerance.isFinite else {
            throw .invalidOption("tolerance", "must be a finite number >= 0, found \(tolerance)")
        }
        guard extent > 0, extent <= 1 << 20 else { throw .invalidOption("extent", "must be in 1...1048576, found \(extent)") }
        guard buffer >= 0, buffer <= extent * 4 else {
            throw .invalidOption("buffer", "must be in 0...\(extent * 4), found \(buffer)")
        }
        guard !(promoteID != nil && generateID) else {
            throw .invalidOption("promoteID", "promoteID and generateID cannot be used together")
        }
    }
}

/// A problem with the options or the input of a tiling or clustering index.
public enum TilingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The option `name` is out of range: `reason`.
    case invalidOption(String, String)
    /// No cluster has this identifier.
    case clusterNotFound(Int)

    public var description: String {
        switch self {
        case .invalidOption(let name, let reason): return "invalid option \(name): \(reason)"
        case .clusterNotFound(let id): return "no cluster with the identifier \(id)"
        }
    }
}
