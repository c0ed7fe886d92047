import Foundation
import Mercator

/// What a server publishes: styles, data sets and the fonts folder, read once at start-up from a
/// configuration file or from bare files.
public struct ServerCatalog: Sendable {
    /// Styles in the order they were configured.
    public internal(set) var styles: [ServedStyle] = []
    /// Data sets in the order they were configured.
    public private(set) var data: [ServedData] = []
    /// The folder of glyph PBFs (`{fontstack}/{start}-{end}.pbf`), if any.
    public var fontsDirectory: URL?
    /// The folders whose files styles may name: the configuration's `options.paths` (or its own
    /// folder), or the folder of each bare file. A local file a style names elsewhere is not served.
    public private(set) var allowedFolders: [URL] = []
    /// What was left out while loading, one sentence each (a style naming a file outside
    /// ``allowedFolders``); `mercator serve` prints them at start.
    public internal(set) var warnings: [String] = []
    /// tileserver-gl's `options.domains`: host names trusted for URLs (``ServerOptions/domains``).
    public var domains: [String] = []
    /// tileserver-gl's `options.publicUrl` (``ServerOptions/publicURL``).
    public var publicURL: String?
    /// tileserver-gl's `options.maxScaleFactor` (``ServerOptions/maxScaleFactor``).
    public var maxScaleFactor: Int?
    /// tileserver-gl's `options.formatQuality.jpeg` (``ServerOptions/jpegQuality``), 1-100.
    package var jpegQuality: Int?
    /// tileserver-gl's `options.formatQuality.webp` (``ServerOptions/webpQuality``), 1-100.
    package var webpQuality: Int?

    /// An empty catalog.
    public init(fontsDirectory: URL? = nil) {
        self.fontsDirectory = fontsDirectory
    }

    /// The style named `id`.
    public func style(_ id: String) -> ServedStyle? { styles.first { $0.id == id } }
    /// The data set named `id`.
    public func dataSet(_ id: String) -> ServedData? { data.first { $0.id == id } }

    /// A catalog from command-line inputs: one configuration JSON file, or style, GeoJSON, MBTiles,
    /// PMTiles and venue (.zip) files, each published with a default style where it has none.
    public static func load(inputs: [String], fontsDirectory: URL? = nil) throws(CatalogError) -> ServerCatalog {
        var catalog = ServerCatalog(fontsDirectory: fontsDirectory)
        if inputs.count == 1, inputs[0].lowercased().hasSuffix(".json"), let json = try? readJSON(inputs[0]),
           json["styles"]?.object != nil || json["data"]?.object != nil || json["options"] != nil || json["venues"] != nil {
            try catalog.addConfiguration(json, directory: URL(fileURLWithPath: inputs[0]).deletingLastPathComponent())
            catalog.pointInternetSourcesAtArchives()
            return catalog
        }
        for input in inputs { try catalog.addFile(input) }
        catalog.pointInternetSourcesAtArchives()
        return catalog
    }

    /// Adds one bare file: a style, GeoJSON, MBTiles, PMTiles or venue bundle.
    public mutating func addFile(_ input: String) throws(CatalogError) {
        let url = URL(fileURLWithPath: input)
        allow(url.deletingLastPathComponent())
        let id = uniqueID(Self.identifier(url.deletingPathExtension().lastPathComponent))
        switch url.pathExtension.lowercased() {
        case "mbtiles", "pmtiles":
            let set = try ServedData.archive(id: uniqueDataID(id), path: url.path)
            data.append(set)
            if OpenMapTiles.isOpenMapTiles(set) {
                // as tileserver-gl: an OpenMapTiles archive alone gets a working style with labels
                let style = try OpenMapTiles.basicStyle(dataID: set.id, bounds: set.bounds, maxZoom: set.maxZoom)
                try addStyle(style, id: id, name: "\(set.name) (Mercator Basic)", directory: url.deletingLastPathComponent())
            } else {
                styles.append(DefaultStyles.style(for: set, id: id, fonts: fontsDirectory))
            }
        case "geojson":
            let set = try ServedData.geojson(id: uniqueDataID(id), path: url.path)
            data.append(set)
            styles.append(DefaultStyles.style(for: set, id: id, fonts: fontsDirectory))
        case "zip":
            try addVenue(path: url.path, id: id, look: .styled)
        case "json":
            let json = try Self.readJSON(input)
            if json["layers"] != nil || json["version"] != nil {
                try addStyle(json, id: id, name: json["name"]?.string ?? id, directory: url.deletingLastPathComponent())
            } else {
                let set = try ServedData.geojson(id: uniqueDataID(id), path: url.path)
                data.append(set)
                styles.append(DefaultStyles.style(for: set, id: id, fonts: fontsDirectory))
            }
        default:
            throw CatalogError("\(input): expected a configuration or style .json, .geojson, .mbtiles, .pmtiles or venue .zip file")
        }
    }

    /// Adds what a tileserver-gl-like configuration names: `options.paths`, `styles`, `data`, `venues`.
    mutating func addConfiguration(_ json: JSONValue, directory: URL) throws(CatalogError) {
        let paths = json["options"]?["paths"]
        let root = Self.resolve(paths?["root"]?.string ?? "", against: directory)
        func folder(_ key: String) -> URL { Self.resolve(paths?[key]?.string ?? "", against: root) }
        if let fonts = paths?["fonts"]?.string { fontsDirectory = Self.resolve(fonts, against: root) }
        let options = json["options"]
        domains = (options?["domains"]?.array ?? []).compactMap(\.string)
        publicURL = options?["publicUrl"]?.string
        maxScaleFactor = options?["maxScaleFactor"]?.number.map { Int(max(1, min(9, $0))) }
        for (key, value) in options?["formatQuality"]?.object ?? JSONObject() {
            guard let q = value.number, q.isFinite, (1...100).contains(q) else {
                throw CatalogError("options.formatQuality.\(key) must be a number from 1 to 100")
            }
            switch key {
            case "jpeg", "jpg": jpegQuality = Int(q)
            case "webp": webpQuality = Int(q)
            default: throw CatalogError("options.formatQuality.\(key): Mercator encodes jpeg and webp at a quality (png is lossless)")
            }
        }
        allow(root)
        for key in ["styles", "fonts", "sprites", "icons", "mbtiles", "pmtiles", "geojson", "files"] where paths?[key]?.string != nil {
            allow(folder(key))
        }
        for (id, entry) in json["data"]?.object ?? JSONObject() {
            let safe = Self.identifier(id)
            guard safe == id else { throw CatalogError("data \"\(id)\": identifiers may hold letters, digits, '-', '_' and '.' only") }
            if let file = entry["mbtiles"]?.string {
                data.append(try ServedData.archive(id: id, path: Self.resolve(file, against: folder("mbtiles")).path))
            } else if let file = entry["pmtiles"]?.string {
                data.append(try ServedData.archive(id: id, path: Self.resolve(file, against: folder("pmtiles")).path))
            } else if let file = entry["geojson"]?.string {
                data.append(try ServedData.geojson(id: id, path: Self.resolve(file, against: folder("geojson")).path,
                                                   maxZoom: entry["maxzoom"]?.number.map { Int($0) } ?? 14))
            } else {
                throw CatalogError("data \"\(id)\": give \"mbtiles\", \"pmtiles\" or \"geojson\"")
            }
        }
        for (id, entry) in json["styles"]?.object ?? JSONObject() {
            guard Self.identifier(id) == id else { throw CatalogError("style \"\(id)\": identifiers may hold letters, digits, '-', '_' and '.' only") }
            guard let file = entry["style"]?.string else { throw CatalogError("style \"\(id)\": give \"style\", the style JSON file") }
            let url = Self.resolve(file, against: folder("styles"))
            let style = try Self.readJSON(url.path)
            try addStyle(style, id: id, name: entry["name"]?.string ?? style["name"]?.string ?? id, directory: url.deletingLastPathComponent())
        }
        for (id, entry) in json["venues"]?.object ?? JSONObject() {
            guard Self.identifier(id) == id else { throw CatalogError("venue \"\(id)\": identifiers may hold letters, digits, '-', '_' and '.' only") }
            guard let file = entry["bundle"]?.string else { throw CatalogError("venue \"\(id)\": give \"bundle\", the MVF .zip") }
            let look = VenueLook(rawValue: entry["look"]?.string ?? "styled") ?? .styled
            try addVenue(path: Self.resolve(file, against: root).path, id: id, look: look)
        }
    }

    /// Adds a style document read from `directory`, rewriting its sources, glyphs and sprite.
    mutating func addStyle(_ json: JSONValue, id: String, name: String, directory: URL) throws(CatalogError) {
        guard var render = json.object else { throw CatalogError("style \(id): not a JSON object") }
        var published = render
        var renderSources = JSONObject(), publicSources = JSONObject()
        var refused: Set<String> = []
        for (sourceID, source) in render["sources"]?.object ?? JSONObject() {
            var r = source.object ?? JSONObject(), p = r
            if let local = Self.localReference(source, directory: directory), !isAllowed(local) {
                warnings.append("style \(id): source \(sourceID) names \(local.path), outside the folders the configuration names (options.paths or the folders of the files given); the source and its layers are not served")
                refused.insert(sourceID)
                continue
            }
            if let url = source["url"]?.string, let scheme = ["mbtiles://", "pmtiles://"].first(where: { url.lowercased().hasPrefix($0) }) {
                let rest = String(url.dropFirst(scheme.count))
                let set: ServedData
                if rest.hasPrefix("{"), rest.hasSuffix("}") {
                    let dataID = String(rest.dropFirst().dropLast())
                    guard let found = dataSet(dataID) else { throw CatalogError("style \(id): source \(sourceID) names data \"\(dataID)\", which is not configured") }
                    set = found
                } else {
                    let path = Self.resolve(rest, against: directory).path
                    if let found = data.first(where: { if case .archive(_, let p) = $0.kind { return p == path } else { return false } }) {
                        set = found
                    } else {
                        do {
                            set = try ServedData.archive(id: uniqueDataID(Self.identifier(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)), path: path)
                        } catch {
                            // Drawn empty (each render's log names it once); clients get a source with no tiles.
                            warnings.append("style \(id): source \(sourceID): \(error); its layers are drawn empty")
                            r["url"] = .string(scheme + path)
                            p["url"] = nil
                            p["tiles"] = [.string("\(ServedStyle.basePlaceholder)/data/\(sourceID)-unavailable/{z}/{x}/{y}.pbf")]
                            renderSources[sourceID] = .object(r)
                            publicSources[sourceID] = .object(p)
                            continue
                        }
                        data.append(set)
                    }
                }
                r["url"] = set.renderSource["url"]
                p["url"] = .string("\(ServedStyle.basePlaceholder)/data/\(set.id).json")
            } else if source["type"]?.string == "geojson", let file = source["data"]?.string, !Self.isRemote(file) {
                let path = Self.resolve(file, against: directory).path
                let set: ServedData
                if let found = data.first(where: { if case .geojson(_, let p) = $0.kind { return p == path } else { return false } }) {
                    set = found
                } else {
                    do {
                        set = try ServedData.geojson(id: uniqueDataID(Self.identifier(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)), path: path)
                    } catch {
                        // Drawn empty (each render's log names it once); clients get an empty collection.
                        warnings.append("style \(id): source \(sourceID): \(error); its layers are drawn empty")
                        r["data"] = .string(path)
                        p["data"] = ["type": "FeatureCollection", "features": []]
                        renderSources[sourceID] = .object(r)
                        publicSources[sourceID] = .object(p)
                        continue
                    }
                    data.append(set)
                }
                r["data"] = .string(path)
                p["data"] = .string("\(ServedStyle.basePlaceholder)/data/\(set.id).geojson")
            }
            renderSources[sourceID] = .object(r)
            publicSources[sourceID] = .object(p)
        }
        render["sources"] = .object(renderSources)
        published["sources"] = .object(publicSources)
        if !refused.isEmpty, let layers = render["layers"]?.array {
            let kept = JSONValue.array(layers.filter { layer in layer["source"]?.string.map { !refused.contains($0) } ?? true })
            render["layers"] = kept
            published["layers"] = kept
        }
        // Glyphs: local fonts for rendering, this server's /fonts for clients.
        if let glyphs = render["glyphs"]?.string, !Self.isRemote(glyphs), fontsDirectory == nil,
           let range = glyphs.range(of: "{fontstack}") {
            let folder = String(glyphs[..<range.lowerBound])
            let url = Self.resolve(folder.isEmpty ? "." : folder, against: directory)
            if isAllowed(url) {
                fontsDirectory = url
            } else {
                warnings.append("style \(id): glyphs in \(url.path), outside the folders the configuration names; not served")
                render["glyphs"] = nil
                published["glyphs"] = nil
            }
        }
        if let fonts = fontsDirectory {
            if render["glyphs"] != nil || Self.hasText(render) {
                render["glyphs"] = .string(Self.fontTemplate(fonts))
                published["glyphs"] = .string("\(ServedStyle.basePlaceholder)/fonts/{fontstack}/{range}.pbf")
            }
        } else if Self.hasText(render), PlatformFeature.installedFonts.isAvailable {
            // No fonts folder: labels without glyphs, or whose glyph URL holds a placeholder no request fills
            // (`?key={key}`), are drawn with installed fonts, which clients get from /fonts.
            let glyphs = render["glyphs"]?.string
            if glyphs == nil || glyphs.map(OpenMapTiles.hasUnfilledPlaceholder) == true {
                if let glyphs { warnings.append("style \(id): glyphs \(glyphs) holds a placeholder no request fills; labels come from installed fonts, served at /fonts") }
                render["glyphs"] = nil
                published["glyphs"] = .string("\(ServedStyle.basePlaceholder)/fonts/{fontstack}/{range}.pbf")
            }
        }
        var spritePath: String?
        if let sprite = render["sprite"]?.string, !Self.isRemote(sprite) {
            let url = Self.resolve(sprite, against: directory)
            if isAllowed(url) {
                spritePath = url.path
                render["sprite"] = .string(url.path)
                published["sprite"] = .string("\(ServedStyle.basePlaceholder)/styles/\(id)/sprite")
            } else {
                warnings.append("style \(id): sprite \(url.path) is outside the folders the configuration names; not served")
                render["sprite"] = nil
                published["sprite"] = nil
            }
        } else if render["sprite"]?.array != nil {
            // Several sprites ([{id, url}]): only remote ones are passed on.
            let remote = (render["sprite"]?.array ?? []).filter { $0["url"]?.string.map(Self.isRemote) ?? false }
            if remote.count != render["sprite"]?.array?.count {
                warnings.append("style \(id): local sprites in a sprite list are not served")
            }
            render["sprite"] = remote.isEmpty ? nil : .array(remote)
            published["sprite"] = render["sprite"]
        }
        let document: StyleDocument
        do {
            document = try StyleDocument(json: .object(render))
        } catch {
            throw CatalogError("style \(id): \(error)")
        }
        styles.append(ServedStyle(id: id, name: name, renderJSON: .object(render), publicJSON: .object(published), directory: directory,
                                  spritePath: spritePath, camera: MapCamera(style: document)))
    }

    /// Adds every floor of a venue bundle as a style `{id}-{elevation}`.
    mutating func addVenue(path: String, id: String, look: VenueLook) throws(CatalogError) {
        let venue: Venue
        do {
            venue = try Venue.open(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CatalogError("\(path): \(error)")
        }
        var options = VenueStyleOptions(look: look, framing: .region(meters: 100), width: 1024, height: 768)
        if let fonts = fontsDirectory {
            options.glyphs = Self.fontTemplate(fonts)
            let stacks = (try? FileManager.default.contentsOfDirectory(atPath: fonts.path))?.sorted() ?? []
            if let font = stacks.first(where: { $0.contains("Noto Sans") || $0.contains("Open Sans") }) ?? stacks.first {
                options.fontStack = [font]
            }
        }
        for floor in venue.floors.sorted(by: { $0.elevation < $1.elevation }) {
            let style = venue.mapStyle(for: floor, options: options)
            let styleID = uniqueID("\(id)-\(floor.elevation)")
            var published = style.object ?? JSONObject()
            if fontsDirectory != nil || (PlatformFeature.installedFonts.isAvailable && Self.hasText(published)) {
                published["glyphs"] = .string("\(ServedStyle.basePlaceholder)/fonts/{fontstack}/{range}.pbf")
            }
            let document: StyleDocument
            do {
                document = try StyleDocument(json: style)
            } catch {
                throw CatalogError("\(path): floor \(floor.elevation): \(error)")
            }
            styles.append(ServedStyle(id: styleID, name: "\(venue.name): \(floor.name)", renderJSON: style, publicJSON: .object(published),
                                      directory: nil, spritePath: nil, camera: MapCamera(style: document)))
        }
    }

    // MARK: Files a style may name

    /// Adds `folder` to ``allowedFolders``.
    private mutating func allow(_ folder: URL) {
        let url = folder.standardizedFileURL.resolvingSymlinksInPath()
        if !allowedFolders.contains(url) { allowedFolders.append(url) }
    }

    /// Whether `url` is a configured data file or inside one of ``allowedFolders`` (after resolving symbolic links).
    func isAllowed(_ url: URL) -> Bool {
        let path = url.standardizedFileURL.path
        if data.contains(where: {
            switch $0.kind {
            case .geojson(_, let p), .archive(_, let p): return p == path
            }
        }) { return true }
        let resolved = url.standardizedFileURL.resolvingSymlinksInPath().path
        return allowedFolders.contains { folder in
            let root = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
            return resolved == folder.path || resolved.hasPrefix(root)
        }
    }

    /// The local file a source names (`mbtiles://`/`pmtiles://` path, GeoJSON `data`, a `file://` or
    /// relative `url` or `tiles` template), or nil for remote and configured (`{id}`) ones.
    static func localReference(_ source: JSONValue, directory: URL) -> URL? {
        if let url = source["url"]?.string {
            let lower = url.lowercased()
            if let scheme = ["mbtiles://", "pmtiles://"].first(where: { lower.hasPrefix($0) }) {
                let rest = String(url.dropFirst(scheme.count))
                if rest.hasPrefix("{"), rest.hasSuffix("}") { return nil }
                return resolve(rest, against: directory)
            }
            if isLocal(url) { return resolve(url, against: directory) }
        }
        if source["type"]?.string == "geojson", let file = source["data"]?.string, isLocal(file) {
            return resolve(file, against: directory)
        }
        for template in source["tiles"]?.array ?? [] {
            if let t = template.string, isLocal(t) { return resolve(t, against: directory) }
        }
        return nil
    }

    // MARK: Helpers

    /// A `file://` glyph template in `fonts`.
    static func fontTemplate(_ fonts: URL) -> String { fonts.standardizedFileURL.absoluteString.trimmingSuffix("/") + "/{fontstack}/{range}.pbf" }

    /// Whether a style has symbol layers with text.
    static func hasText(_ style: JSONObject) -> Bool {
        style["layers"]?.array?.contains { $0["type"]?.string == "symbol" && $0["layout"]?["text-field"] != nil } ?? false
    }

    /// Whether `url` names a local file: `file://` or no scheme.
    static func isLocal(_ url: String) -> Bool {
        url.lowercased().hasPrefix("file://") || !url.contains("://")
    }

    static func isRemote(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// `path` (absolute, `file://`, or relative) against `directory`.
    static func resolve(_ path: String, against directory: URL) -> URL {
        var p = path
        if p.hasPrefix("file://") { p = URL(string: p)?.path ?? String(p.dropFirst(7)) }
        if p.hasPrefix("/") { return URL(fileURLWithPath: p).standardizedFileURL }
        if p.isEmpty { return directory.standardizedFileURL }
        return directory.appendingPathComponent(p).standardizedFileURL
    }

    /// A file name made safe for URLs: letters, digits, `-`, `_` and `.`; others become `-`.
    static func identifier(_ name: String) -> String {
        let safe = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") ? $0 : "-" })
        return safe.isEmpty || safe.allSatisfy({ $0 == "." }) ? "data" : safe
    }

    private func uniqueID(_ id: String) -> String {
        var candidate = id, n = 2
        while style(candidate) != nil { candidate = "\(id)-\(n)"; n += 1 }
        return candidate
    }

    private func uniqueDataID(_ id: String) -> String {
        var candidate = id, n = 2
        while dataSet(candidate) != nil { candidate = "\(id)-\(n)"; n += 1 }
        return candidate
    }

    static func readJSON(_ path: String) throws(CatalogError) -> JSONValue {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CatalogError("\(path): cannot be read")
        }
        do {
            return try JSONValue(parsing: data)
        } catch {
            throw CatalogError("\(path):\(error.location.line):\(error.location.column): \(error.message)")
        }
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
