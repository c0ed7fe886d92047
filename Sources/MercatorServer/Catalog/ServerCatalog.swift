public import Foundation
import Mercator
import MercatorHTTP

/// What a server publishes: styles, data sets and the fonts folder, read once at start-up from a
/// configuration file or from bare files.
public struct ServerCatalog: Sendable {
    /// Styles in the order they were configured.
    public internal(set) var styles: [ServedStyle] = []
    /// Data sets in the order they were configured.
    public internal(set) var data: [ServedData] = []
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
    /// tileserver-gl's other `options` that change what routes answer.
    package var config = ConfigOptions()
    /// `options.serveAllStyles`, while the configuration loads.
    var serveAllStyles = false
    /// `options.paths.sprites`: where a style's relative `sprite` is looked for first (tileserver-gl's `sprites://`).
    var spritesDirectory: URL?
    /// `options.paths.mbtiles` and `pmtiles`, by scheme: where `mbtiles://file` and `pmtiles://file` are looked for first.
    var archiveDirectories: [String: URL] = [:]
    /// The style file's name without extension while it loads (tileserver-gl's `{style}` in a sprite URL).
    var styleFileName: String?

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
            catalog.renderAttributionFromFonts()
            return catalog
        }
        for input in inputs { try catalog.addFile(input) }
        catalog.pointInternetSourcesAtArchives()
        catalog.renderAttributionFromFonts()
        return catalog
    }

    /// Points the rendered glyphs of every style with `staticAttributionText` and no glyphs of its own (a style
    /// without labels) at the fonts folder, so the text is drawn from the folder's glyph PBFs, as the server
    /// chose its font there: without it only installed fonts could draw it, and a build without the FreeType
    /// trait has none (the image came back with no text). Clients' documents are unchanged.
    mutating func renderAttributionFromFonts() {
        guard let fonts = fontsDirectory else { return }
        for i in styles.indices where (styles[i].staticAttributionText ?? config.staticAttributionText) != nil {
            guard var render = styles[i].renderJSON.object, render["glyphs"] == nil else { continue }
            render["glyphs"] = .string(Self.fontTemplate(fonts))
            styles[i].renderJSON = .object(render)
        }
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

    /// Adds what a tileserver-gl-like configuration names: `options` (``readOptions(_:root:)``), `styles`, `data`,
    /// `venues`. A key tileserver-gl documents that Mercator does not follow, or a key it does not know, is
    /// logged (``warnings``) naming it.
    mutating func addConfiguration(_ json: JSONValue, directory: URL) throws(CatalogError) {
        for key in json.object?.keys ?? [] where !["options", "styles", "data", "venues"].contains(key) {
            warnings.append("\(key) is not a configuration section Mercator knows (options, styles, data, venues); ignored")
        }
        let paths = json["options"]?["paths"]
        let root = Self.resolve(paths?["root"]?.string ?? "", against: directory)
        func folder(_ key: String) -> URL { Self.resolve(paths?[key]?.string ?? "", against: root) }
        if let fonts = paths?["fonts"]?.string { fontsDirectory = Self.resolve(fonts, against: root) }
        try readOptions(json["options"], root: root)
        allow(root)
        for key in ["styles", "fonts", "sprites", "icons", "mbtiles", "pmtiles", "geojson", "files"] where paths?[key]?.string != nil {
            allow(folder(key))
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: folder(key).path, isDirectory: &isDirectory) || !isDirectory.boolValue {
                // tileserver-gl stops here; Mercator serves what it can and says what is missing.
                warnings.append("options.paths.\(key): the folder \(folder(key).path) does not exist")
            }
        }
        if paths?["sprites"]?.string != nil { spritesDirectory = folder("sprites") }
        if paths?["mbtiles"]?.string != nil { archiveDirectories["mbtiles://"] = folder("mbtiles") }
        if paths?["pmtiles"]?.string != nil { archiveDirectories["pmtiles://"] = folder("pmtiles") }
        if paths?["icons"]?.string != nil { config.iconsDirectory = folder("icons") }
        if paths?["files"]?.string != nil { config.filesDirectory = folder("files") }
        for (id, entry) in json["data"]?.object ?? JSONObject() {
            let safe = Self.identifier(id)
            guard safe == id else { throw CatalogError("data \"\(id)\": identifiers may hold letters, digits, '-', '_' and '.' only") }
            try addDataEntry(id: id, entry: entry, folder: folder)
        }
        for (id, entry) in json["styles"]?.object ?? JSONObject() {
            guard Self.identifier(id) == id else { throw CatalogError("style \"\(id)\": identifiers may hold letters, digits, '-', '_' and '.' only") }
            try addStyleEntry(id: id, entry: entry, folder: folder("styles"))
        }
        if serveAllStyles {
            // tileserver-gl's serveAllStyles: every .json in paths.styles (not its subfolders), named after the file.
            let styleFolder = folder("styles")
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: styleFolder.path)) ?? []).filter { $0.lowercased().hasSuffix(".json") }.sorted()
            for file in files {
                let id = Self.identifier(String(file.dropLast(5)))
                guard style(id) == nil else { continue }
                do throws(CatalogError) {
                    try addStyleEntry(id: id, entry: ["style": .string(file)], folder: styleFolder)
                } catch {
                    warnings.append("options.serveAllStyles: \(styleFolder.appendingPathComponent(file).path) is not served: \(error.message)")
                }
            }
            warnings.append("options.serveAllStyles: \(files.count) style files in \(styleFolder.path) read once at start; Mercator does not watch the folder (restart to see changes)")
        }
        for (id, entry) in json["venues"]?.object ?? JSONObject() {
            guard Self.identifier(id) == id else { throw CatalogError("venue \"\(id)\": identifiers may hold letters, digits, '-', '_' and '.' only") }
            guard let file = entry["bundle"]?.string else { throw CatalogError("venue \"\(id)\": give \"bundle\", the MVF .zip") }
            let look = VenueLook(rawValue: entry["look"]?.string ?? "styled") ?? .styled
            try addVenue(path: Self.resolve(file, against: root).path, id: id, look: look)
        }
    }

    /// One entry of `data`: `mbtiles`, `pmtiles` (a file or an `http(s)://` URL) or `geojson`, with tileserver-gl's
    /// `tilejson`, `tileSize` and `sparse`; S3 and the elevation API's `encoding` are refused naming the key.
    private mutating func addDataEntry(id: String, entry: JSONValue, folder: (String) -> URL) throws(CatalogError) {
        let known: Set<String> = ["mbtiles", "pmtiles", "geojson", "maxzoom", "tilejson", "tileSize", "sparse", "encoding",
                                  "s3Profile", "requestPayer", "s3Region", "s3UrlFormat"]
        for key in entry.object?.keys ?? [] where !known.contains(key) {
            warnings.append("data \(id): \(key) is not a data option Mercator knows (mbtiles, pmtiles, geojson, maxzoom, tilejson, tileSize, sparse); ignored")
        }
        for key in ["s3Profile", "requestPayer", "s3Region", "s3UrlFormat"] where entry[key] != nil {
            warnings.append("data \(id): \(key) is not supported: Mercator reads no S3 storage (serve the archive from a file or over HTTPS)")
        }
        var set: ServedData
        if let file = entry["mbtiles"]?.string {
            guard !Self.isRemote(file) else { throw CatalogError("data \"\(id)\": mbtiles \(file): an MBTiles file must be local (tileserver-gl refuses remote ones too)") }
            set = try ServedData.archive(id: id, path: Self.resolve(file, against: folder("mbtiles")).path)
        } else if let file = entry["pmtiles"]?.string {
            if file.lowercased().hasPrefix("s3://") || file.lowercased().hasPrefix("s3+") {
                throw CatalogError("data \"\(id)\": pmtiles \(file): S3 storage is not supported by Mercator; give a file or an https:// URL")
            }
            set = try ServedData.archive(id: id, path: Self.isRemote(file) ? file : Self.resolve(file, against: folder("pmtiles")).path)
        } else if let file = entry["geojson"]?.string {
            set = try ServedData.geojson(id: id, path: Self.resolve(file, against: folder("geojson")).path,
                                         maxZoom: entry["maxzoom"]?.number.map { Int($0) } ?? 14)
        } else {
            throw CatalogError("data \"\(id)\": give \"mbtiles\", \"pmtiles\" or \"geojson\"")
        }
        if let tileJSON = entry["tilejson"] {
            guard let object = tileJSON.object else { throw CatalogError("data \(id): tilejson must be a JSON object") }
            set.tileJSONOverrides = object
        }
        if let encoding = entry["encoding"] {
            guard let e = encoding.string, e == "mapbox" || e == "terrarium" else { throw CatalogError("data \(id): encoding must be \"mapbox\" or \"terrarium\"") }
            set.tileJSONOverrides["encoding"] = .string(e)
        }
        if let size = entry["tileSize"] {
            guard let n = size.number, n == 256 || n == 512 else { throw CatalogError("data \(id): tileSize must be 256 or 512") }
            set.tileJSONOverrides["tileSize"] = .int(Int64(n))
        }
        if let sparse = entry["sparse"] {
            guard let b = sparse.bool else { throw CatalogError("data \(id): sparse must be true or false") }
            set.sparse = b
        }
        data.append(set)
    }

    /// One entry of `styles`: `style` (a file in `paths.styles` or an `http(s)://` URL), `name`, and tileserver-gl's
    /// `serve_rendered`, `serve_data`, `tilejson` and `staticAttributionText`.
    private mutating func addStyleEntry(id: String, entry: JSONValue, folder: URL) throws(CatalogError) {
        let known: Set<String> = ["style", "name", "serve_rendered", "serve_data", "tilejson", "staticAttributionText", "watermark"]
        for key in entry.object?.keys ?? [] where !known.contains(key) {
            warnings.append("style \(id): \(key) is not a style option Mercator knows (style, serve_rendered, serve_data, tilejson, staticAttributionText); ignored")
        }
        if entry["watermark"] != nil {
            warnings.append("style \(id): watermark is not supported: Mercator draws no watermark on tiles or static images")
        }
        guard let file = entry["style"]?.string, !file.isEmpty else { throw CatalogError("style \"\(id)\": give \"style\", the style JSON file") }
        let style: JSONValue, directory: URL
        if Self.isRemote(file) {
            style = try Self.fetchJSON(file)
            directory = folder
        } else {
            let url = Self.resolve(file, against: folder)
            style = try Self.readJSON(url.path)
            directory = url.deletingLastPathComponent()
        }
        styleFileName = Self.isRemote(file) ? id : URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        try addStyle(style, id: id, name: entry["name"]?.string ?? style["name"]?.string ?? id, directory: directory)
        var served = styles.removeLast()
        for (key, value) in [("serve_rendered", entry["serve_rendered"]), ("serve_data", entry["serve_data"])] {
            guard let value else { continue }
            guard let b = value.bool else { throw CatalogError("style \(id): \(key) must be true or false") }
            if key == "serve_rendered" { served.serveRendered = b } else { served.serveData = b }
        }
        if let tileJSON = entry["tilejson"] {
            guard let object = tileJSON.object else { throw CatalogError("style \(id): tilejson must be a JSON object") }
            served.tileJSONOverrides = object
        }
        if let text = entry["staticAttributionText"] {
            guard let t = text.string else { throw CatalogError("style \(id): staticAttributionText must be a string") }
            served.staticAttributionText = t.isEmpty ? nil : String(t.prefix(500))
        }
        styles.append(served)
    }

    /// A remote style (tileserver-gl's `"style": "https://…"`), fetched once at start.
    static func fetchJSON(_ url: String) throws(CatalogError) -> JSONValue {
        let body: Data
        do {
            body = try HTTPClient.shared.get(url, limit: 16 << 20).body
        } catch {
            throw CatalogError("\(url): cannot be fetched (\(error))")
        }
        do {
            return try JSONValue(parsing: body)
        } catch {
            throw CatalogError("\(url):\(error.location.line):\(error.location.column): \(error.message)")
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
            if let local = Self.localReference(source, directory: directory, archives: archiveDirectories), !isAllowed(local) {
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
                    let path = Self.isRemote(rest) ? rest : Self.archiveURL(rest, scheme: scheme, directory: directory, archives: archiveDirectories).path
                    if let found = data.first(where: { if case .archive(_, let p) = $0.kind { return p == path } else { return false } }) {
                        set = found
                    } else {
                        do {
                            let name = Self.isRemote(path) ? (URL(string: path)?.deletingPathExtension().lastPathComponent ?? "remote") : URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                            set = try ServedData.archive(id: uniqueDataID(Self.identifier(name)), path: path)
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
        var spritePaths: [String: String] = [:]
        if let sprite = render["sprite"]?.string, !Self.isRemote(sprite) {
            let url = spriteURL(sprite, directory: directory)
            if isAllowed(url) {
                spritePath = url.path
                render["sprite"] = .string(url.path)
                published["sprite"] = .string("\(ServedStyle.basePlaceholder)/styles/\(id)/sprite")
            } else {
                warnings.append("style \(id): sprite \(url.path) is outside the folders the configuration names; not served")
                render["sprite"] = nil
                published["sprite"] = nil
            }
        } else if let list = render["sprite"]?.array {
            // Several sprites ([{id, url}]): local ones are served at /styles/{id}/sprite/{spriteID}, remote ones passed on.
            var renderList: [JSONValue] = [], publicList: [JSONValue] = []
            for entry in list {
                guard let spriteID = entry["id"]?.string, let url = entry["url"]?.string else {
                    warnings.append("style \(id): a sprite list entry without \"id\" and \"url\" is not served")
                    continue
                }
                if Self.isRemote(url) {
                    renderList.append(entry)
                    publicList.append(entry)
                    continue
                }
                let local = spriteURL(url, directory: directory)
                guard isAllowed(local), RequestParsing.component(Substring(spriteID)) == spriteID else {
                    warnings.append("style \(id): sprite \(spriteID) at \(local.path) is outside the folders the configuration names; not served")
                    continue
                }
                spritePaths[spriteID] = local.path
                renderList.append(["id": .string(spriteID), "url": .string(local.path)])
                publicList.append(["id": .string(spriteID), "url": .string("\(ServedStyle.basePlaceholder)/styles/\(id)/sprite/\(spriteID)")])
            }
            render["sprite"] = renderList.isEmpty ? nil : .array(renderList)
            published["sprite"] = publicList.isEmpty ? nil : .array(publicList)
        }
        let document: StyleDocument
        do {
            document = try StyleDocument(json: .object(render))
        } catch {
            throw CatalogError("style \(id): \(error)")
        }
        styles.append(ServedStyle(id: id, name: name, renderJSON: .object(render), publicJSON: .object(published), directory: directory,
                                  spritePath: spritePath, spritePaths: spritePaths, camera: MapCamera(style: document)))
    }

    /// A style's local sprite: tileserver-gl's `{style}` and `{styleJsonFolder}` replaced, then looked for in
    /// `options.paths.sprites` (as tileserver-gl does) and, when no `.json` is there, beside the style.
    func spriteURL(_ sprite: String, directory: URL) -> URL {
        var name = sprite
        if let file = styleFileName { name = name.replacingOccurrences(of: "{style}", with: file) }
        if let sprites = spritesDirectory {
            let folder = Self.relativePath(from: sprites, to: directory)
            name = name.replacingOccurrences(of: "{styleJsonFolder}", with: folder)
            let candidate = Self.resolve(name, against: sprites)
            if FileManager.default.fileExists(atPath: candidate.path + ".json") { return candidate }
        } else {
            name = name.replacingOccurrences(of: "{styleJsonFolder}/", with: "").replacingOccurrences(of: "{styleJsonFolder}", with: ".")
        }
        return Self.resolve(name, against: directory)
    }

    /// `to` relative to `from` (`../styles/basic`), or `to`'s path when they share nothing but the root.
    static func relativePath(from: URL, to: URL) -> String {
        let a = from.standardizedFileURL.pathComponents, b = to.standardizedFileURL.pathComponents
        var common = 0
        while common < min(a.count, b.count), a[common] == b[common] { common += 1 }
        guard common > 1 else { return to.standardizedFileURL.path }
        let parts = Array(repeating: "..", count: a.count - common) + b[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// A local `mbtiles://file` or `pmtiles://file`: in `options.paths.mbtiles`/`pmtiles` when it is there (as
    /// tileserver-gl looks), otherwise beside the style.
    static func archiveURL(_ file: String, scheme: String, directory: URL, archives: [String: URL]) -> URL {
        if let folder = archives[scheme] {
            let candidate = resolve(file, against: folder)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return resolve(file, against: directory)
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
    static func localReference(_ source: JSONValue, directory: URL, archives: [String: URL] = [:]) -> URL? {
        if let url = source["url"]?.string {
            let lower = url.lowercased()
            if let scheme = ["mbtiles://", "pmtiles://"].first(where: { lower.hasPrefix($0) }) {
                let rest = String(url.dropFirst(scheme.count))
                if (rest.hasPrefix("{") && rest.hasSuffix("}")) || isRemote(rest) { return nil }
                return archiveURL(rest, scheme: scheme, directory: directory, archives: archives)
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
