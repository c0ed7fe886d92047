import Foundation
public import GeoJSON

/// A shape source's tiling options in the units a style author writes (style JSON `maxzoom`,
/// `buffer`, `tolerance`, `lineMetrics`, `cluster`, `clusterRadius`, `clusterMaxZoom`,
/// `clusterMinPoints`; the SDK's `MGLShapeSourceOption…` keys), with MapLibre Native's defaults.
///
/// Pixels are pixels of a 512-pixel tile; ``tileOptions`` and ``clusterOptions(map:reduce:)`` convert
/// them to tile units of an 8192-unit tile exactly as MapLibre Native does.
public struct ShapeSourceOptions: Sendable, Hashable {
    /// Tile extent MapLibre Native cuts GeoJSON into (`util::EXTENT`).
    public static let tileExtent = 8192
    /// Tile size in pixels the pixel options are measured against (`util::tileSize`).
    public static let tileSize = 512.0

    /// Deepest zoom with tiles (`maxzoom`, SDK maximum zoom level). Default 18.
    public var maxZoom: Int = 18
    /// Buffer around tiles in pixels (`buffer`). Default 128.
    public var buffer: Double = 128
    /// Simplification tolerance in pixels (`tolerance`, SDK simplification tolerance). Default 0.375.
    public var tolerance: Double = 0.375
    /// Whether lines carry distance metrics for `line-progress` (`lineMetrics`). Default false.
    public var lineMetrics: Bool = false
    /// Whether points are clustered (`cluster`, SDK clustered). Default false.
    public var cluster: Bool = false
    /// Cluster radius in pixels (`clusterRadius`). Default 50.
    public var clusterRadius: Double = 50
    /// Deepest zoom at which points cluster (`clusterMaxZoom`). Default 17.
    public var clusterMaxZoom: Int = 17
    /// Fewest points in a cluster (`clusterMinPoints`). Default 2.
    public var clusterMinPoints: Int = 2

    /// MapLibre Native's defaults.
    public init() {}

    /// Creates options, keeping the default of every argument left out.
    public init(
        maxZoom: Int = 18, buffer: Double = 128, tolerance: Double = 0.375, lineMetrics: Bool = false,
        cluster: Bool = false, clusterRadius: Double = 50, clusterMaxZoom: Int = 17, clusterMinPoints: Int = 2
    ) {
        self.maxZoom = maxZoom
        self.buffer = buffer
        self.tolerance = tolerance
        self.lineMetrics = lineMetrics
        self.cluster = cluster
        self.clusterRadius = clusterRadius
        self.clusterMaxZoom = clusterMaxZoom
        self.clusterMinPoints = clusterMinPoints
    }

    private static var scale: Double { Double(tileExtent) / tileSize }

    /// Checks the options given in pixels before they are scaled to tile units, so that a message
    /// shows the number given (`buffer` -100, not -1600): `buffer` in 0...512 and `tolerance` and
    /// `clusterRadius` finite and not negative, as the style specification has them.
    public func checkPixelValues() throws(TilingError) {
        guard buffer.isFinite, (0...512).contains(buffer) else {
            throw .invalidOption("buffer", "must be a number of pixels from 0 to 512, found \(buffer)")
        }
        guard tolerance.isFinite, tolerance >= 0 else {
            throw .invalidOption("tolerance", "must be a finite number of pixels >= 0, found \(tolerance)")
        }
        guard clusterRadius.isFinite, clusterRadius >= 0 else {
            throw .invalidOption("clusterRadius", "must be a finite number of pixels >= 0, found \(clusterRadius)")
        }
    }

    /// Pixels to whole tile units; a value that cannot be one becomes -1, which validation rejects.
    private static func tileUnits(_ pixels: Double) -> Int {
        let v = jsRound(scale * pixels)
        return v.isFinite && abs(v) < 1e9 ? Int(v) : -1
    }

    /// The tiler options: extent 8192, buffer and tolerance scaled from pixels to tile units.
    public var tileOptions: GeoJSONTileOptions {
        GeoJSONTileOptions(
            maxZoom: maxZoom, tolerance: Self.scale * tolerance, extent: Self.tileExtent,
            buffer: Self.tileUnits(buffer), lineMetrics: lineMetrics)
    }

    /// The clustering options: extent 8192, radius scaled from pixels to tile units, with the
    /// `clusterProperties` map and reduce steps.
    public func clusterOptions(
        map: (@Sendable (JSONObject) -> JSONObject)? = nil, reduce: (@Sendable (inout JSONObject, JSONObject) -> Void)? = nil
    ) -> ClusterOptions {
        ClusterOptions(
            maxZoom: clusterMaxZoom, minPoints: clusterMinPoints, radius: jsRound(Self.scale * clusterRadius),
            extent: Double(Self.tileExtent), map: map, reduce: reduce)
    }
}

/// The tiles of one shape source: clustered points or sliced shapes, chosen as MapLibre Native
/// chooses (clustering only when `cluster` is set and there is at least one feature).
package enum ShapeSourceTiles: Sendable {
    /// Shapes sliced into tiles (geojson-vt).
    case shapes(GeoJSONTileIndex)
    /// Points clustered per zoom (supercluster).
    case clusters(ClusterIndex)

    /// Builds the index for `features`.
    /// - Parameters:
    ///   - map: the `clusterProperties` map step (point properties -> values to accumulate).
    ///   - reduce: the `clusterProperties` reduce step (accumulated, mapped point).
    ///   - slicingUpFront: whether shapes are cut into tiles down to zoom 5 now, as geojson-vt does;
    ///     with `false` only the world tile is, and deeper tiles are cut when first asked for (the same
    ///     tiles, later). A map passes `false`: it draws from ``GeoJSONTileIndex/features(atZoom:in:)``.
    /// - Throws: ``TilingError/invalidOption(_:_:)`` for options out of range.
    package init(
        features: [GeoJSONFeature], options: ShapeSourceOptions,
        map: (@Sendable (JSONObject) -> JSONObject)? = nil, reduce: (@Sendable (inout JSONObject, JSONObject) -> Void)? = nil,
        slicingUpFront: Bool = true
    ) throws(TilingError) {
        try options.checkPixelValues()
        if options.cluster && !features.isEmpty {
            self = .clusters(try ClusterIndex(points: features, options: options.clusterOptions(map: map, reduce: reduce)))
        } else {
            var tileOptions = options.tileOptions
            if !slicingUpFront { tileOptions.indexMaxZoom = 0 }
            self = .shapes(try GeoJSONTileIndex(features: features, options: tileOptions))
        }
    }

    /// The tile at `id` in tile coordinates (extent 8192), or `nil` when empty or beyond the
    /// deepest zoom (draw that zoom's tile scaled instead).
    package func tile(_ id: TileID) -> Tile? {
        switch self {
        case .shapes(let index): return index.tile(id)
        case .clusters(let index): return index.tile(id)
        }
    }
}
