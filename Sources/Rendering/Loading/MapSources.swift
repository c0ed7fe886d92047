package import Foundation
import Geo
package import GeoJSON
package import MapStyle
package import TileSources
import Tiling

/// A map's sources as the renderer draws them: each style source loaded once per definition (GeoJSON
/// parsed and indexed, tiled sources resolved, images decoded) and, for a view, turned into the
/// ``RenderSource`` of its kind with the tiles covering that view.
///
/// The one place that knows the source kinds: what a kind loads and which kinds are drawn.
package final class MapSources: @unchecked Sendable {
    private let lock = NSLock()
    /// Loads shape (GeoJSON) data: inline, files, `local://`, HTTP(S).
    private let loader: SourceLoader
    /// The tiled sources' stores and decoded tiles.
    private let tiled: TiledSources
    /// Image sources' pictures.
    private let images: ImageSources
    /// Parsed source data (or why it could not be read), by source identifier, with the source
    /// definition it was parsed from. Guarded by `lock`.
    private var loaded: [String: (StyleSource, Result<GeoJSONRenderSource, SourceLoadError>)] = [:]
    /// The annotation overlay's source, with the definition it was parsed from. Guarded by `lock`.
    private var annotations: (StyleSource, GeoJSONRenderSource)?

    init(loader: SourceLoader, tiled: TiledSources, images: ImageSources) {
        self.loader = loader
        self.tiled = tiled
        self.images = images
    }

    /// The sources of a map whose relative URLs resolve against `styleDirectory`, `local://` URLs against
    /// `localRoot`, and `localServers`' URL prefixes against their folders; remote loads go through `fetcher`
    /// (the network when nil), and image sources are read through `reader`.
    package convenience init(styleDirectory: URL?, localRoot: URL?, localServers: [(prefix: String, folder: URL)],
                             fetcher: (any ResourceFetching)?, reader: ResourceReader) {
        self.init(loader: SourceLoader(styleDirectory: styleDirectory, localRoot: localRoot, fetcher: fetcher),
                  tiled: TiledSources(resolver: TiledSourceResolver(styleDirectory: styleDirectory, localRoot: localRoot,
                                                                    localServers: localServers, fetcher: fetcher)),
                  images: ImageSources(reader: reader))
    }

    /// Whether sources of `kind` are drawn (the others are drawn empty, and said to be not loaded yet).
    package static func draws(_ kind: StyleSource.Kind) -> Bool {
        switch kind {
        // (every kind is drawn: a kind added to the style specification must be decided here)
        case .geojson, .vector, .raster, .rasterDEM, .image: return true
        }
    }

    /// The data of every source of `style`, loading (once) what changed: a GeoJSON source's features and
    /// index; for other kinds their options only (`maxzoom`). A source whose data cannot be read is
    /// drawn empty, as MapLibre does, and its error is returned alongside.
    package func shapeData(of style: Style) -> ([String: GeoJSONRenderSource], [SourceLoadError]) {
        var out: [String: GeoJSONRenderSource] = [:]
        var errors: [SourceLoadError] = []
        for source in style.sources {
            let result: Result<GeoJSONRenderSource, SourceLoadError>
            if let cached = lock.withLock({ loaded[source.identifier] }), cached.0 == source {
                result = cached.1
            } else {
                result = Result { () throws(SourceLoadError) in
                    var data = try loader.load(source)
                    data.generation = Generations.next()
                    return data
                }
                lock.withLock { loaded[source.identifier] = (source, result) }
            }
            switch result {
            case .success(let data):
                out[source.identifier] = data
            case .failure(let error):
                errors.append(error)
                out[source.identifier] = GeoJSONRenderSource(features: [])
            }
        }
        return (out, errors)
    }

    /// What a view of the map draws from: every source of `style`, those `visible` layers use with the
    /// tiles covering the view (only the tile layers those layers draw are decoded), and the sources
    /// that could not be loaded. A source whose tiles or image cannot be read is drawn empty.
    package func renderSources(of style: Style, visible: [StyleLayer], transform: Transform, camera: MapCamera, pixelRatio: Double,
                       mapMode: MapMode) -> ([String: any RenderSource], [SourceLoadError]) {
        let (shapes, loadErrors) = shapeData(of: style)
        var errors = loadErrors
        var out: [String: any RenderSource] = [:]
        let used = Set(visible.compactMap(\.sourceIdentifier))
        // GL JS rounds a DEM source's covering zoom as a raster source's (`roundZoom`), unless its terrain uses the
        // source (`usedForTerrain`); MapLibre Native floors it (a style GL JS alone draws: one whose projection draws the
        // globe, as ``Transform/glJSRules``)
        let terrainSource = style.styleDocument.members["terrain"]?.object?["source"]?.string
        for source in style.sources {
            let base = shapes[source.identifier] ?? GeoJSONRenderSource(features: [])
            guard used.contains(source.identifier) else {
                out[source.identifier] = base
                continue
            }
            let roundsDEMZoom = style.projectionDrawsGlobe && source.identifier != terrainSource
            switch renderSource(source, base: base, visible: visible, transform: transform, camera: camera, pixelRatio: pixelRatio,
                                mapMode: mapMode, roundsDEMZoom: roundsDEMZoom) {
            case .success(let drawn):
                out[source.identifier] = drawn
            case .failure(let error):
                errors.append(error)
                out[source.identifier] = base
            }
        }
        return (out, errors)
    }

    /// The render source of `source` for the view: its kind's, from the data loaded for it (`base`).
    private func renderSource(_ source: StyleSource, base: GeoJSONRenderSource, visible: [StyleLayer], transform: Transform,
                              camera: MapCamera, pixelRatio: Double, mapMode: MapMode,
                              roundsDEMZoom: Bool) -> Result<any RenderSource, SourceLoadError> {
        switch source.kind {
        case .vector, .raster, .rasterDEM:
            let sourceLayers = Set(visible.filter { $0.sourceIdentifier == source.identifier }.compactMap(\.sourceLayerIdentifier))
            let tiles: [SourceTile]
            switch tiled.tiles(of: source, transform: transform, zoom: camera.zoom, center: camera.center,
                               pixelRatio: pixelRatio, sourceLayers: sourceLayers, roundsDEMZoom: roundsDEMZoom) {
            case .success(let t): tiles = t
            case .failure(let error): return .failure(error)
            }
            if source.kind == .vector {
                // the tile mode draws one tile of a vector source
                return .success(VectorRenderSource(TilePyramid(tiles: mapMode == .tile ? tiles.centreTile(of: camera) : tiles,
                                                               generation: base.generation, maximumZoom: base.maximumZoom)))
            }
            var pyramid = TilePyramid(tiles: tiles, generation: base.generation, maximumZoom: base.maximumZoom)
            if case .success(let resolved) = tiled.source(source) { pyramid.maximumZoom = resolved.maximumZoom }
            return .success(source.kind == .rasterDEM ? RasterDEMRenderSource(pyramid) : RasterRenderSource(pyramid))
        case .image:
            return images.overlay(source).map { overlay -> any RenderSource in
                ImageRenderSource(overlay: overlay, generation: base.generation, maximumZoom: base.maximumZoom)
            }
        default:
            // GeoJSON past GL JS's pitch for it: drawn from tiles of varying zoom (GL JS draws GeoJSON from its tiles)
            if transform.coversWithVariableZoom, let tiles = base.variableZoomTiles(covering: transform) {
                return .success(VectorRenderSource(TilePyramid(tiles: tiles, generation: base.generation, maximumZoom: base.maximumZoom)))
            }
            // GeoJSON, and kinds not drawn yet (drawn empty)
            return .success(base)
        }
    }

    /// A `raster-dem` source's tiles for 3D terrain at `zoom` over the view of `transform` (borders backfilled
    /// from their neighbours, missing tiles drawn from their nearest parent), with the source's deepest zoom
    /// and tile size.
    package func terrainTiles(of source: StyleSource, transform: Transform, zoom: Double, center: LocationCoordinate2D, pixelRatio: Double)
        -> Result<(tiles: [SourceTile], maximumZoom: Int, tileSize: Int), SourceLoadError> {
        let resolved: TiledSource
        switch tiled.source(source) {
        case .success(let s): resolved = s
        case .failure(let error): return .failure(error)
        }
        switch tiled.tiles(of: source, transform: transform, zoom: zoom, center: center, pixelRatio: pixelRatio) {
        case .success(let tiles):
            let pyramid = TilePyramid(tiles: tiles, generation: 0, maximumZoom: resolved.maximumZoom)
            return .success((RasterDEMRenderSource(pyramid).imageTiles, resolved.maximumZoom, resolved.tileSize))
        case .failure(let error):
            return .failure(error)
        }
    }

    /// The annotation overlay's source, parsed once per version of the overlay's source.
    package func annotationSource(_ source: StyleSource) throws(SourceLoadError) -> GeoJSONRenderSource {
        if let cached = lock.withLock({ annotations }), cached.0 == source { return cached.1 }
        var features = try loader.load(source)
        features.generation = Generations.next()
        lock.withLock { annotations = (source, features) }
        return features
    }
}
