import Foundation
import Geo
package import GeoJSON
package import MapStyle
package import TileSources
import Tiling

/// The tiled (`vector` and `raster`) sources of a map: where their tiles are (resolved once per
/// source definition), the tiles covering a view, and decoded tiles kept under a byte budget.
package final class TiledSources: @unchecked Sendable {
    private let resolver: TiledSourceResolver
    private let lock = NSLock()
    /// Resolved sources, with the definition they were resolved from. Guarded by `lock`.
    private var resolved: [String: (StyleSource, Result<TiledSource, SourceLoadError>)] = [:]
    /// Decoded tiles: features by source layer.
    private let cache = TileCache<DecodedTile>(budget: 128 << 20)

    /// One decoded tile: its features by source layer (MVT: geometry in tile coordinates, built in
    /// longitude/latitude when read; MLT: longitude/latitude), or its image.
    struct DecodedTile: Sendable {
        var layers: [String: [GeoJSONFeature]] = [:]
        var image: RasterImage?
        var dem: DEMTile?
        /// The opened vector tile, whose other layers are decoded when a layer of the style asks for them.
        var vectorTile: VectorTile?
    }

    package init(resolver: TiledSourceResolver) {
        self.resolver = resolver
    }

    /// Where `source`'s tiles are, or why they cannot be read.
    package func source(_ source: StyleSource) -> Result<TiledSource, SourceLoadError> {
        if let cached = lock.withLock({ resolved[source.identifier] }), cached.0 == source { return cached.1 }
        let result: Result<TiledSource, SourceLoadError>
        do {
            result = .success(try resolver.resolve(source))
        } catch {
            // the resolver names the source itself; a store's own error (an archive that cannot be opened) names its file
            let named = error.store.hasPrefix("sources.") ? error.message : "\(error.store): \(error.message)"
            result = .failure(SourceLoadError(source: source.identifier, named))
        }
        lock.withLock { resolved[source.identifier] = (source, result) }
        return result
    }

    /// The tiles of `source` covering the view of `transform`, each with its decoded features.
    /// Tiles the store does not have are left out (drawn empty); a tile that cannot be read or
    /// decoded is an error naming it. `pixelRatio` is the map's: `{ratio}` templates load `@2x`
    /// tiles over 1.
    /// `sourceLayers` names the vector tile layers to decode (`nil`: all of them); the others are
    /// left undecoded until a later call asks for them. `roundsDEMZoom`: a `raster-dem` source's covering zoom is
    /// rounded as a raster source's (GL JS's, for a source its terrain does not use), not floored (MapLibre Native's).
    package func tiles(of source: StyleSource, transform: Transform, zoom: Double, center: LocationCoordinate2D,
               pixelRatio: Double = 1, sourceLayers: Set<String>? = nil,
               roundsDEMZoom: Bool = false) -> Result<[SourceTile], SourceLoadError> {
        let tiled: TiledSource
        switch self.source(source) {
        case .success(let s): tiled = s
        case .failure(let e): return .failure(e)
        }
        let centerWorld = (x: WebMercator.worldX(longitude: center.longitude), y: WebMercator.worldY(latitude: center.latitude))
        // MapLibre rounds the zoom of raster tiles and floors that of vector tiles (and Native that of DEM tiles)
        let rounds = source.kind == .raster || (source.kind == .rasterDEM && roundsDEMZoom)
        let rounding: FloatingPointRoundingRule = rounds ? .toNearestOrAwayFromZero : .down
        // the view's own zoom: GL JS's cover (past 60° of pitch, or on the globe from zoom 5, a zoom varying per tile,
        // lower towards the horizon)
        let variable = zoom == transform.camera.zoom && transform.coversWithVariableZoom(tileSize: tiled.tileSize, rounding: rounding)
        let cover = variable
            ? transform.sourceTiles(tileSize: tiled.tileSize, minimumZoom: tiled.minimumZoom, maximumZoom: tiled.maximumZoom,
                                    rounding: rounding)
            : TileCover.sourceTiles(covering: transform.visibleWorldCorners(), center: centerWorld, cameraZoom: zoom,
                                    tileSize: tiled.tileSize, minimumZoom: tiled.minimumZoom, maximumZoom: tiled.maximumZoom,
                                    rounding: rounding)
        var out: [SourceTile] = []
        var seen = Set<UnwrappedTileID>()
        let promote = PromotedIdentifier(source.json["promoteId"])
        // on the globe a tile and its copies in other worlds are one place: the one nearest the centre is drawn (a zoom 0
        // view across the antimeridian covered tile 0/0/0 in two worlds, and drew it twice)
        let onGlobe = transform.globe != nil
        for overscaled in cover where seen.insert(onGlobe ? UnwrappedTileID(wrap: 0, canonical: overscaled.tile.canonical) : overscaled.tile).inserted {
            let id = overscaled.tile
            guard tiled.covers(id.canonical) else { continue }
            do {
                // A missing raster tile shows its nearest parent up to ten zooms shallower, clipped to
                // the missing tile's area: MapLibre asks for parents that far while children are
                // missing and draws them where children have no data. Vector tiles without data
                // draw nothing.
                var z = id.canonical.z
                let lowest = source.kind == .vector ? z : max(tiled.minimumZoom, z - 10)
                while z >= lowest {
                    let dz = id.canonical.z - z
                    let parent = TileID(z: z, x: id.canonical.x >> dz, y: id.canonical.y >> dz)
                    if let decoded = try decodedTile(parent, of: tiled, kind: source.kind, promote: promote, source: source, pixelRatio: pixelRatio,
                                                     sourceLayers: sourceLayers) {
                        var tile = SourceTile(id: UnwrappedTileID(wrap: id.wrap, canonical: parent), layers: decoded.layers,
                                              image: decoded.image, dem: decoded.dem)
                        tile.clip = TileClip(z: id.canonical.z, x: id.canonical.x, y: id.canonical.y, wrap: id.wrap)
                        // (a variable-zoom cover's tile is laid out at its own zoom, as GL JS lays it out)
                        if variable { tile.layoutZoom = overscaled.overscaledZ }
                        out.append(tile)
                        break
                    }
                    z -= 1
                }
            } catch {
                return .failure(error)
            }
        }
        // MapLibre draws a layer's tiles in tile order; clipping keeps them from overlapping anyway.
        out.sort { ($0.id.canonical.z, $0.id.wrap, $0.id.canonical.x, $0.id.canonical.y) < ($1.id.canonical.z, $1.id.wrap, $1.id.canonical.x, $1.id.canonical.y) }
        return .success(out)
    }

    private func decodedTile(_ tile: TileID, of source: TiledSource, kind: StyleSource.Kind, promote: PromotedIdentifier,
                             source definition: StyleSource, pixelRatio: Double, sourceLayers: Set<String>?) throws(SourceLoadError) -> DecodedTile? {
        // `@2x` tiles of a `{ratio}` template are other tiles: cached apart; so are the same tiles
        // decoded as MLT (a source redefined with another `encoding` keeps its identifier)
        let highDensity = pixelRatio > 1 && source.store.variesWithPixelRatio
        let mlt = kind == .vector && definition.encoding == "mlt"
        let key = TileCache<DecodedTile>.Key(source: source.identifier + (highDensity ? "@2x" : "") + (mlt ? "#mlt" : ""), tile: tile)
        if var hit = cache.value(for: key) {
            guard let vt = hit.vectorTile else { return hit }
            let missing = Self.undecoded(vt, hit.layers, wanted: sourceLayers)
            if missing.isEmpty { return hit }
            try decodeLayers(missing, of: vt, into: &hit.layers, tile: tile, promote: promote, source: source.identifier)
            cache.insert(hit, bytes: Self.cost(bytes: vt.bytes.count), for: key)
            return hit
        }
        let data: Data?
        do {
            data = try source.store.tileData(tile, pixelRatio: pixelRatio)
        } catch {
            throw SourceLoadError(source: source.identifier, "tile \(tile): \(error.description)")
        }
        guard let data else { return nil }
        if kind != .vector {
            let image: RGBAImage
            do {
                image = try RasterDecoding.decode(data)
            } catch {
                throw SourceLoadError(source: source.identifier, "tile \(tile): \(error)")
            }
            if kind == .rasterDEM {
                guard let dem = DEMTile(image, unpack: Self.unpack(definition)) else {
                    throw SourceLoadError(source: source.identifier, "tile \(tile): raster-dem tiles must be square, not \(image.width)x\(image.height)")
                }
                cache.insert(DecodedTile(dem: dem), bytes: dem.elevations.count * 8, for: key)
                return DecodedTile(dem: dem)
            }
            let decoded = DecodedTile(image: RasterImage(image))
            cache.insert(decoded, bytes: decoded.image?.byteCount ?? 0, for: key)
            return decoded
        }
        let vt: VectorTile
        do {
            // `encoding`: MapLibre Tiles (`mlt`, decoded whole) or Mapbox Vector Tiles (`mvt`, the default);
            // either way the geometry stays in tile coordinates (``TileLayerGeometry``)
            if mlt {
                var decoded = DecodedTile()
                for layer in try MapLibreTile(data: data).layers {
                    var features = layer.tileFeatures(x: tile.x, y: tile.y, z: tile.z)
                    promote.apply(to: &features, layer: layer.name)
                    decoded.layers[layer.name] = features
                }
                cache.insert(decoded, bytes: Self.cost(bytes: data.count), for: key)
                return decoded
            }
            vt = try VectorTile(data: data)
        } catch {
            throw SourceLoadError(source: source.identifier, "tile \(tile): \(error)")
        }
        var decoded = DecodedTile(vectorTile: vt)
        try decodeLayers(Self.undecoded(vt, [:], wanted: sourceLayers), of: vt, into: &decoded.layers, tile: tile, promote: promote,
                         source: source.identifier)
        cache.insert(decoded, bytes: Self.cost(bytes: vt.bytes.count), for: key)
        return decoded
    }

    /// The names of `tile`'s layers that are `wanted` (all when `nil`) and not in `decoded` yet.
    private static func undecoded(_ tile: VectorTile, _ decoded: [String: [GeoJSONFeature]], wanted: Set<String>?) -> [String] {
        var names = Set<String>()
        return tile.layerNames.filter { decoded[$0] == nil && (wanted?.contains($0) ?? true) && names.insert($0).inserted }
    }

    /// Decodes the layers called `names` (the last of a repeated name, as vector-tile-js) into GeoJSON
    /// features whose geometry stays in the tile's columns (``TileLayerGeometry``).
    private func decodeLayers(_ names: [String], of vt: VectorTile, into layers: inout [String: [GeoJSONFeature]], tile: TileID,
                              promote: PromotedIdentifier, source: String) throws(SourceLoadError) {
        do {
            for name in names {
                guard let i = vt.layerNames.lastIndex(of: name) else { continue }
                // geometry stays in tile coordinates: layers draw it straight into world coordinates,
                // and its longitude/latitude is built only when read (queries, `within`)
                var features = TileLayerGeometry(columns: try vt.columns(at: i), x: tile.x, y: tile.y, z: tile.z).features()
                promote.apply(to: &features, layer: name)
                layers[name] = features
            }
        } catch {
            throw SourceLoadError(source: source, "tile \(tile): \(error)")
        }
    }

    /// The bytes a decoded vector tile of `bytes` bytes is counted for in the cache: a multiple of its size.
    private static func cost(bytes: Int) -> Int { bytes * 8 + 1024 }
}

extension TiledSources {
    /// A raster-dem source's `encoding` as (red, green, blue) factors and the shift subtracted:
    /// Mapbox Terrain-RGB, Terrarium, or `custom` with `redFactor`, `greenFactor`, `blueFactor`, `baseShift`.
    static func unpack(_ source: StyleSource) -> (Double, Double, Double, Double) {
        switch source.json["encoding"]?.string {
        case "terrarium": return (256, 1, 1.0 / 256, 32768)
        case "custom":
            func factor(_ key: String, _ fallback: Double) -> Double { source.json[key]?.number ?? fallback }
            return (factor("redFactor", 1), factor("greenFactor", 1), factor("blueFactor", 1), factor("baseShift", 0))
        default: return (6553.6, 25.6, 0.1, 10000)
        }
    }
}

/// A source's `promoteId`: a property used as the feature id, for all source layers or per layer.
struct PromotedIdentifier {
    private var all: String?
    private var byLayer: [String: String] = [:]

    init(_ json: JSONValue?) {
        if let s = json?.string {
            all = s
        } else if case .object(let o)? = json {
            for (k, v) in o { if let s = v.string { byLayer[k] = s } }
        }
    }

    /// Sets each feature's identifier from its promoted property (strings and numbers), if any.
    func apply(to features: inout [GeoJSONFeature], layer: String) {
        guard let key = all ?? byLayer[layer] else { return }
        for i in features.indices {
            switch features[i].properties?[key] {
            case .string(let s)?: features[i].identifier = .string(s)
            case .int(let v)?: features[i].identifier = .int(v)
            case .uint(let v)?: features[i].identifier = .uint(v)
            case .double(let v)?: features[i].identifier = .double(v)
            default: break
            }
        }
    }
}
