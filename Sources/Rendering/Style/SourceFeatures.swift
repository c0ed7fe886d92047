import Foundation
import GeoJSON
import Tiling

/// The features of one source, ready to draw: what a style layer's `source` names.
///
/// Layers draw through the source's index (``tiles``) when it has one: a clustered source draws its
/// clusters, any other shape source its features simplified for the zoom and culled to the view,
/// as MapLibre draws a GeoJSON source's tiles.
package struct SourceFeatures: Sendable {
    /// The features, in source order.
    package var features: [GeoJSONFeature]
    /// The source's `maxzoom` (GeoJSON sources tile up to it; 18 by default).
    package var maximumZoom: Int
    /// The source's index: sliced shapes (geojson-vt) or points clustered per zoom (supercluster).
    /// Without one, every feature is drawn as it is.
    package var tiles: ShapeSourceTiles? {
        didSet { recent = DrawableCache() }
    }
    /// For a tiled (`vector`) source: the tiles covering the view, each with its features by source
    /// layer. Layers then draw each tile's features clipped to the tile.
    package var vectorTiles: [SourceTile]?
    /// For a `raster` source: the tiles covering the view, each with its image.
    package var rasterTiles: [SourceTile]?
    /// For an `image` source: the picture and its corners.
    package var imageOverlay: ImageOverlay?
    /// What the last few views drew, shared by copies of this value (the source's tile cache).
    private var recent = DrawableCache()
    /// Set when the source's data is loaded: buckets laid out from earlier data carry another
    /// generation and are laid out again (0: not tracked).
    package var generation: UInt64 = 0

    package init(features: [GeoJSONFeature], maximumZoom: Int = 18, tiles: ShapeSourceTiles? = nil) {
        self.features = features
        self.maximumZoom = maximumZoom
        self.tiles = tiles
    }

    /// A feature to draw and the geometry to draw it with (simplified or a cluster).
    struct Drawable {
        var feature: GeoJSONFeature
        var geometry: Geometry?
    }

    /// The features to draw at `zoom` within `bounds` (everywhere when `nil`): clusters and
    /// unclustered points of a clustered source, features simplified for the source tiles' zoom
    /// (`floor(zoom)`, at most `maxzoom`) otherwise.
    ///
    /// The last few results are kept, as MapLibre keeps a source's tiles: drawing the same view again
    /// (another snapshot, a query after a render) does not slice and simplify again.
    func drawable(atZoom zoom: Double, in bounds: WorldBounds?) -> [Drawable] {
        guard tiles != nil else { return features.map { Drawable(feature: $0, geometry: $0.geometry) } }
        let key = DrawableCache.Key(zoom: zoom, bounds: bounds)
        if let cached = recent[key] { return cached }
        let result = computeDrawable(atZoom: zoom, in: bounds)
        recent[key] = result
        return result
    }

    private func computeDrawable(atZoom zoom: Double, in bounds: WorldBounds?) -> [Drawable] {
        switch tiles {
        case nil:
            return features.map { Drawable(feature: $0, geometry: $0.geometry) }
        case .clusters(let index)?:
            let b = bounds ?? WorldBounds(minX: 0, minY: 0, maxX: 1, maxY: 1)
            let west = b.maxX - b.minX >= 1 ? -180 : WebMercator.longitude(worldX: b.minX)
            let east = b.maxX - b.minX >= 1 ? 180 : WebMercator.longitude(worldX: b.maxX)
            return index.clusters(west: west, south: WebMercator.latitude(worldY: min(1, b.maxY)),
                                  east: east, north: WebMercator.latitude(worldY: max(0, b.minY)), zoom: zoom)
                .map { Drawable(feature: $0, geometry: $0.geometry) }
        case .shapes(let index)?:
            let z = Int(max(0, min(Double(maximumZoom), zoom.rounded(.down))))
            return index.features(atZoom: z, in: bounds).map { f in
                Drawable(feature: features[f.index], geometry: f.geometry ?? features[f.index].geometry)
            }
        }
    }
}

/// The drawables of a source's last few views (a small most-recently-used list, thread-safe).
final class DrawableCache: @unchecked Sendable {
    struct Key: Hashable {
        var zoom: Double
        var bounds: WorldBounds?
    }

    /// How many views are kept.
    static let capacity = 4
    private let lock = NSLock()
    // guarded by `lock`; most recent last
    private var entries: [(Key, [SourceFeatures.Drawable])] = []

    subscript(key: Key) -> [SourceFeatures.Drawable]? {
        get {
            lock.withLock {
                guard let i = entries.firstIndex(where: { $0.0 == key }) else { return nil }
                let entry = entries.remove(at: i)
                entries.append(entry)
                return entry.1
            }
        }
        set {
            guard let newValue else { return }
            lock.withLock {
                entries.removeAll { $0.0 == key }
                entries.append((key, newValue))
                if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
            }
        }
    }
}

/// One tile of a tiled source as drawn for a view: where it is and its features by source layer,
/// with longitude/latitude geometry.
package struct SourceTile: Sendable {
    /// The tile drawn (its data may come from a shallower tile, overzoomed).
    package var id: UnwrappedTileID
    /// The tile's area: its features show only inside it.
    package var clip: TileClip
    /// Features by `source-layer` name, in tile order (vector tiles).
    package var layers: [String: [GeoJSONFeature]]
    /// The tile's picture (raster tiles).
    package var image: RasterImage?
    /// The tile's elevations (raster-dem tiles).
    package var dem: DEMTile?

    package init(id: UnwrappedTileID, layers: [String: [GeoJSONFeature]] = [:], image: RasterImage? = nil, dem: DEMTile? = nil) {
        self.id = id
        clip = TileClip(z: id.canonical.z, x: id.canonical.x, y: id.canonical.y, wrap: id.wrap)
        self.layers = layers
        self.image = image
        self.dem = dem
    }
}

/// An image source's picture and where it lies.
package struct ImageOverlay: Sendable {
    package var image: RasterImage
    /// World-unit corners: top left, top right, bottom right, bottom left.
    package var corners: [Point]

    package init(image: RasterImage, corners: [Point]) {
        self.image = image
        self.corners = corners
    }
}

/// Per-feature state set at run time (`feature-state` expressions read it), by source and feature id.
/// Ids are compared as MapLibre compares them, by their string form: `4612696` and `"4612696"` name
/// the same feature.
package struct FeatureStates: Sendable {
    private var states: [String: [String: JSONObject]] = [:]

    package init() {}

    /// The key of an id: its string form (integral numbers without a fraction).
    private static func key(_ id: FeatureIdentifier) -> String {
        switch id {
        case .int(let v): return String(v)
        case .uint(let v): return String(v)
        case .double(let v):
            if v.rounded() == v, abs(v) < 9.007199254740992e15 { return String(Int64(v)) }
            return String(v)
        case .string(let s): return s
        }
    }

    /// The state of feature `id` in `source`.
    package func state(source: String, id: FeatureIdentifier) -> JSONObject? { states[source]?[Self.key(id)] }

    /// Merges `state` into the feature's state.
    package mutating func set(_ state: JSONObject, source: String, id: FeatureIdentifier) {
        let key = Self.key(id)
        var current = states[source]?[key] ?? JSONObject()
        for (k, v) in state { current[k] = v }
        states[source, default: [:]][key] = current
    }

    /// Removes one key of a feature's state, all of it (`key == nil`), or all features' (`id == nil`).
    package mutating func remove(source: String, id: FeatureIdentifier?, key: String?) {
        guard let id else {
            states[source] = nil
            return
        }
        if let key { states[source]?[Self.key(id)]?[key] = nil } else { states[source]?[Self.key(id)] = nil }
    }

    /// Whether any state is set for `source`.
    package func hasStates(source: String) -> Bool { !(states[source]?.isEmpty ?? true) }
}
