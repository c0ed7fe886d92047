package import Geo
import Foundation
package import GeoJSON
package import Tiling

/// A GeoJSON (shape) source, ready to draw: its features and the index layers draw them through.
///
/// Layers draw through the source's index (``index``) when it has one: a clustered source draws its
/// clusters, any other shape source its features simplified for the zoom and culled to the view,
/// as MapLibre draws a GeoJSON source's tiles. The annotations' source is one too.
package struct GeoJSONRenderSource: RenderSource {
    /// The features, in source order.
    package var features: [GeoJSONFeature]
    /// The source's `maxzoom` (GeoJSON sources tile up to it; 18 by default).
    package var maximumZoom: Int
    /// The source's index: sliced shapes (geojson-vt) or points clustered per zoom (supercluster).
    /// Without one, every feature is drawn as it is.
    package var index: ShapeSourceTiles? {
        didSet {
            recent = DrawableCache()
            labelPoles = PolygonLabelTiles.PoleCache()
        }
    }
    /// What the last few views drew, shared by copies of this value (the source's tile cache).
    private var recent = DrawableCache()
    /// The label anchors of its tiles' polygons, kept as Native keeps a laid-out tile: a view that
    /// moves lays out again, but only new tiles' polygons are unioned and searched.
    private(set) var labelPoles = PolygonLabelTiles.PoleCache()
    /// Set when the source's data is loaded: buckets laid out from earlier data carry another
    /// generation and are laid out again (0: not tracked).
    package var generation: UInt64 = 0

    package init(features: [GeoJSONFeature], maximumZoom: Int = 18, index: ShapeSourceTiles? = nil) {
        self.features = features
        self.maximumZoom = maximumZoom
        self.index = index
    }

    /// The features to draw at `zoom` within `bounds` (everywhere when `nil`): clusters and
    /// unclustered points of a clustered source, features simplified for the source tiles' zoom
    /// (`floor(zoom)`, at most `maxzoom`) otherwise.
    ///
    /// The last few results are kept, as MapLibre keeps a source's tiles: drawing the same view again
    /// (another snapshot, a query after a render) does not slice and simplify again.
    package func drawable(atZoom zoom: Double, in bounds: WorldBounds?) -> [DrawableFeature] {
        guard index != nil else { return features.map { DrawableFeature(feature: $0, geometry: $0.geometry) } }
        let key = DrawableCache.Key(zoom: zoom, bounds: bounds)
        if let cached = recent[key] { return cached }
        let result = computeDrawable(atZoom: zoom, in: bounds)
        recent[key] = result
        return result
    }

    private func computeDrawable(atZoom zoom: Double, in bounds: WorldBounds?) -> [DrawableFeature] {
        switch index {
        case nil:
            return features.map { DrawableFeature(feature: $0, geometry: $0.geometry) }
        case .clusters(let index)?:
            let b = bounds ?? WorldBounds(minX: 0, minY: 0, maxX: 1, maxY: 1)
            let west = b.maxX - b.minX >= 1 ? -180 : WebMercator.longitude(worldX: b.minX)
            let east = b.maxX - b.minX >= 1 ? 180 : WebMercator.longitude(worldX: b.maxX)
            return index.clusters(west: west, south: WebMercator.latitude(worldY: min(1, b.maxY)),
                                  east: east, north: WebMercator.latitude(worldY: max(0, b.minY)), zoom: zoom)
                .map { DrawableFeature(feature: $0, geometry: $0.geometry) }
        case .shapes(let index)?:
            let z = Int(max(0, min(Double(maximumZoom), zoom.rounded(.down))))
            return index.features(atZoom: z, in: bounds).map { f in
                DrawableFeature(feature: features[f.index], geometry: f.geometry ?? features[f.index].geometry, sourceIndex: f.index)
            }
        }
    }

    /// The tiles the source is cut into for this view (512-pixel tiles up to its `maxzoom`).
    package func drawnTiles(camera: MapCamera, transform: Transform) -> [UnwrappedTileID] {
        let c = Transform.mercator(camera.center)
        return TileCover.sourceTiles(covering: transform.visibleWorldCorners(), center: (c.x, c.y), cameraZoom: camera.zoom,
                                     tileSize: 512, minimumZoom: 0, maximumZoom: maximumZoom).map(\.tile)
    }
}

/// A feature to draw and the geometry to draw it with (simplified or a cluster).
package struct DrawableFeature {
    var feature: GeoJSONFeature
    var geometry: Geometry?
    /// The feature's position in its GeoJSON source (its tiles' records name it), -1 when unknown.
    var sourceIndex = -1
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
    private var entries: [(Key, [DrawableFeature])] = []

    subscript(key: Key) -> [DrawableFeature]? {
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
