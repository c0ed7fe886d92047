public import GeoJSON

/// Options of a `ClusterIndex` (supercluster's options, same names and defaults).
public struct ClusterOptions: Sendable {
    /// The shallowest zoom at which points are clustered.
    public var minZoom: Int = 0
    /// The deepest zoom at which points are clustered; deeper zooms show every point. Style: `clusterMaxZoom`.
    public var maxZoom: Int = 16
    /// The fewest points that form a cluster.
    public var minPoints: Int = 2
    /// Cluster radius in pixels of a tile of ``extent`` pixels. Style: `clusterRadius`.
    public var radius: Double = 40
    /// Tile extent the radius is measured against (512 for 512-pixel tiles).
    public var extent: Double = 512
    /// Points per k-d tree leaf (affects speed only).
    public var nodeSize: Int = 64
    /// Whether points without an identifier get their input position as identifier in tiles.
    public var generateID: Bool = false
    /// Turns a point's properties into the values a cluster accumulates (supercluster's `map`).
    /// Style: the map expressions of `clusterProperties`.
    public var map: (@Sendable (JSONObject) -> JSONObject)?
    /// Folds a point's (mapped) properties into a cluster's accumulated properties (supercluster's
    /// `reduce`); clusters carry properties only when this is set. Style: the reduce expressions of
    /// `clusterProperties`.
    public var reduce: (@Sendable (inout JSONObject, JSONObject) -> Void)?

    /// The defaults: zooms 0-16, radius 40, extent 512, at least 2 points per cluster.
    public init() {}

    /// Creates options, keeping the default of every argument left out.
    public init(
        minZoom: Int = 0, maxZoom: Int = 16, minPoints: Int = 2, radius: Double = 40, extent: Double = 512,
        nodeSize: Int = 64, generateID: Bool = false,
        map: (@Sendable (JSONObject) -> JSONObject)? = nil,
        reduce: (@Sendable (inout JSONObject, JSONObject) -> Void)? = nil
    ) {
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.minPoints = minPoints
        self.radius = radius
        self.extent = extent
        self.nodeSize = nodeSize
        self.generateID = generateID
        self.map = map
        self.reduce = reduce
    }

    /// Checks the ranges; throws the first problem found.
    public func validate() throws(TilingError) {
        guard minZoom >= 0 else { throw .invalidOption("minZoom", "must not be negative, found \(minZoom)") }
        guard maxZoom >= minZoom, maxZoom <= 30 else {
            throw .invalidOption("maxZoom", "must be in \(minZoom)...30, found \(maxZoom)")
        }
        guard radius.isFinite, radius >= 0 else { throw .invalidOption("radius", "must be a finite number >= 0, found \(radius)") }
        guard extent.isFinite, extent >= 1, extent <= 1_048_576 else {
            throw .invalidOption("extent", "must be in 1...1048576, found \(extent)")
        }
        guard nodeSize >= 2 else { throw .invalidOption("nodeSize", "must be at least 2, found \(nodeSize)") }
    }
}
