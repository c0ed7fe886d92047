public import Foundation
public import GeoJSON
public import MapStyle
public import Tiling

/// A `vector`, `raster` or `raster-dem` source resolved to where its tiles are and how they are
/// laid out: the style's members, completed by its TileJSON (`url`), MBTiles metadata or PMTiles
/// header, the style's own members winning as in MapLibre.
public struct TiledSource: Sendable {
    /// The source's identifier in the style.
    public var identifier: String
    /// Where the tiles come from.
    public var store: any TileStore
    /// The shallowest zoom with tiles.
    public var minimumZoom: Int
    /// The deepest zoom with tiles; deeper views overscale these.
    public var maximumZoom: Int
    /// Tile size in pixels (512 for vector tiles, usually 256 for raster).
    public var tileSize: Int
    /// West, south, east, north: no tiles are asked for outside.
    public var bounds: (west: Double, south: Double, east: Double, north: Double)
    /// The TileJSON the source read, if any.
    public var tileJSON: TileJSON?

    /// Whether `tile` lies (partly) inside the source's bounds and zoom range.
    public func covers(_ tile: TileID) -> Bool {
        guard tile.z >= minimumZoom, tile.z <= maximumZoom else { return false }
        let n = Double(tile.dimension)
        let west = Double(tile.x) / n * 360 - 180, east = Double(tile.x + 1) / n * 360 - 180
        let north = WebMercator.latitude(worldY: Double(tile.y) / n), south = WebMercator.latitude(worldY: Double(tile.y + 1) / n)
        return east > bounds.west && west < bounds.east && north > bounds.south && south < bounds.north
    }
}

/// Opens the tile stores that style sources name.
public struct TiledSourceResolver: Sendable {
    /// The folder relative URLs resolve against (the style's folder).
    public var styleDirectory: URL?
    /// The folder `local://` URLs resolve against (the render tests' fixtures).
    public var localRoot: URL?
    /// URL prefixes served from local folders (the render tests' `http://localhost:2900/`).
    public var localServers: [(prefix: String, folder: URL)]
    /// Where remote TileJSON documents and tiles are loaded through (the offline storage); the network when nil.
    public var fetcher: (any ResourceFetching)?

    public init(styleDirectory: URL? = nil, localRoot: URL? = nil, localServers: [(prefix: String, folder: URL)] = [],
                fetcher: (any ResourceFetching)? = nil) {
        self.styleDirectory = styleDirectory
        self.localRoot = localRoot
        self.localServers = localServers
        self.fetcher = fetcher
    }

    private func remoteStore(_ template: String, scheme: TileScheme, tileJSON: TileJSON?) -> HTTPTileStore {
        var store = HTTPTileStore(template: template, scheme: scheme, tileJSON: tileJSON)
        store.fetcher = fetcher
        return store
    }

    /// The tiles of `source`: its `tiles` templates, or its `url` (a TileJSON file, `mbtiles://` or `pmtiles://`).
    ///
    /// - Throws: `TileStoreError` naming the source when nothing can be opened.
    public func resolve(_ source: StyleSource) throws(TileStoreError) -> TiledSource {
        let name = "sources.\(source.identifier)"
        var tileJSON: TileJSON?
        var store: any TileStore
        if let templates = source.tileURLTemplates, let first = templates.first, let archive = pmtilesArchive(first) {
            // a PMTiles archive in `tiles` (`pmtiles://https://…/x.pmtiles/{z}/{x}/{y}`, pmtiles-js's form):
            // read as the same archive in `url` is, and refused offline by name when remote
            if let remote = remotePMTiles(archive) {
                try refuseOffline(first, source: name, what: "tiles[0]")
                store = try PMTilesStore(url: remote)
            } else {
                store = try PMTilesStore(path: try path(String(archive.dropFirst("pmtiles://".count)), source: name))
            }
            tileJSON = store.tileJSON
        } else if let templates = source.tileURLTemplates, let first = templates.first {
            let scheme: TileScheme = source.json["scheme"]?.string == "tms" ? .tms : .xyz
            store = isRemote(first) ? remoteStore(first, scheme: scheme, tileJSON: nil)
                : FileTemplateStore(template: try path(first, source: name), scheme: scheme)
        } else if let url = source.configurationURL, let archive = remotePMTiles(url) {
            try refuseOffline(url, source: name, what: "url")
            store = try PMTilesStore(url: archive)
            tileJSON = store.tileJSON
        } else if let url = source.configurationURL, isRemote(url) {
            // a TileJSON document over HTTP
            guard let data = try (fetcher ?? NetworkFetcher()).fetch(ResourceRequest(url: url, kind: .source), limit: 64 << 20, store: name) else { throw TileStoreError(store: name, "\(url) is not found (HTTP 404)") }
            do {
                tileJSON = try TileJSON(JSONValue(parsing: data))
            } catch {
                throw TileStoreError(store: name, "\(url): \(error)")
            }
            guard var template = tileJSON?.tiles.first?.template else { throw TileStoreError(store: name, "\(url) lists no tiles") }
            // a mapbox:// source's tiles are keyed by their canonical mapbox://tiles/… template, as Native keys them
            template = MapboxURL.canonicalTileset([template], sourceURL: url, raster: source.kind.rawValue != "vector",
                                                  tileSize: Int(source.json["tileSize"]?.number ?? 512)).first ?? template
            store = isRemote(template) ? remoteStore(template, scheme: tileJSON?.scheme ?? .xyz, tileJSON: tileJSON)
                : FileTemplateStore(template: try path(template, source: name), scheme: tileJSON?.scheme ?? .xyz, tileJSON: tileJSON)
        } else if let url = source.configurationURL {
            let lower = url.lowercased()
            if lower.hasPrefix("mbtiles://") {
                store = try MBTilesStore(path: try path(String(url.dropFirst("mbtiles://".count)), source: name))
                tileJSON = store.tileJSON
            } else if lower.hasPrefix("pmtiles://") {
                store = try PMTilesStore(path: try path(String(url.dropFirst("pmtiles://".count)), source: name))
                tileJSON = store.tileJSON
            } else {
                let file = try path(url, source: name)
                let json: JSONValue
                do {
                    json = try JSONValue(parsing: Data(contentsOf: URL(fileURLWithPath: file)))
                } catch {
                    throw TileStoreError(store: name, "cannot read the TileJSON \(url)")
                }
                do {
                    tileJSON = try TileJSON(json)
                } catch {
                    throw TileStoreError(store: name, "\(url): \(error)")
                }
                guard let template = tileJSON?.tiles.first?.template else { throw TileStoreError(store: name, "\(url) lists no tiles") }
                store = FileTemplateStore(template: try path(template, source: name), scheme: tileJSON?.scheme ?? .xyz, tileJSON: tileJSON)
            }
        } else {
            throw TileStoreError(store: name, "a \(source.kind.rawValue) source needs \"tiles\" or \"url\"")
        }
        func zoom(_ key: String, _ fallback: Int) -> Int {
            if let n = source.json[key]?.number, n.isFinite { return Int(max(0, min(30, n))) }
            return fallback
        }
        let b = source.json["bounds"]?.array?.compactMap(\.number) ?? tileJSON.map { [$0.bounds.west, $0.bounds.south, $0.bounds.east, $0.bounds.north] } ?? []
        return TiledSource(identifier: source.identifier, store: store,
                           minimumZoom: zoom("minzoom", tileJSON?.minZoom ?? 0),
                           maximumZoom: zoom("maxzoom", tileJSON?.maxZoom ?? 22),
                           tileSize: Int(source.tileSize),
                           bounds: b.count == 4 ? (b[0], b[1], b[2], b[3]) : (-180, -90, 180, 90),
                           tileJSON: tileJSON)
    }

    /// Range requests bypass the fetcher: offline, a remote PMTiles archive is refused rather than asked for.
    private func refuseOffline(_ url: String, source name: String, what: String) throws(TileStoreError) {
        guard let offline = fetcher as? any OfflineAwareFetching, offline.refusesNetwork else { return }
        throw TileStoreError(store: name, "\(url) (\(what)) is a remote PMTiles archive, read by HTTP range requests, which offline mode does not make"
                             + " (offline databases do not hold PMTiles archives; use a local copy: pmtiles://path/to/file.pmtiles)")
    }

    /// The archive a `tiles` template names when it is a PMTiles archive: `pmtiles://…` with or without
    /// pmtiles-js's `/{z}/{x}/{y}` tail, or an HTTP(S) URL of a `.pmtiles` file; nil for other templates.
    func pmtilesArchive(_ template: String) -> String? {
        var archive = template
        for tail in ["/{z}/{x}/{y}", "/{z}/{x}/{y}.mvt", "/{z}/{x}/{y}.pbf", "/{z}/{x}/{y}.png"] where archive.hasSuffix(tail) {
            archive = String(archive.dropLast(tail.count))
            break
        }
        if archive.lowercased().hasPrefix("pmtiles://") { return archive }
        return isRemote(archive) && (URL(string: archive)?.path ?? archive).lowercased().hasSuffix(".pmtiles") ? "pmtiles://" + archive : nil
    }

    /// The HTTP(S) URL of a PMTiles archive read with range requests: `pmtiles://https://…`, or an
    /// `https://…/x.pmtiles` URL, as MapLibre's pmtiles protocol accepts them.
    func remotePMTiles(_ url: String) -> String? {
        var rest = url
        if rest.lowercased().hasPrefix("pmtiles://") { rest = String(rest.dropFirst("pmtiles://".count)) }
        guard isRemote(rest) else { return nil }
        if rest != url { return rest }
        let path = URL(string: rest)?.path ?? rest
        return path.lowercased().hasSuffix(".pmtiles") ? rest : nil
    }

    /// Whether `url` is fetched over HTTP(S) (and not mapped to a local folder).
    func isRemote(_ url: String) -> Bool {
        if localServers.contains(where: { url.hasPrefix($0.prefix) }) { return false }
        let lower = url.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mapbox://")
    }

    /// A URL or template as a local path: `file://`, `local://`, relative, or a local server's URL.
    func path(_ url: String, source: String) throws(TileStoreError) -> String {
        for server in localServers where url.hasPrefix(server.prefix) {
            return server.folder.appendingPathComponent(String(url.dropFirst(server.prefix.count))).path
        }
        let parsed = SourceURL(url)
        if parsed.scheme == .http {
            throw TileStoreError(store: source, "cannot read \(url) as a local file (mbtiles:// and pmtiles:// archives must be local)")
        }
        guard let file = parsed.fileURL(styleDirectory: styleDirectory, localRoot: localRoot) else {
            throw TileStoreError(store: source, "cannot resolve \(url) to a local file")
        }
        return file.path
    }
}
