package import Foundation
import Mercator

/// tileserver-gl's `options` that change what the routes answer, read from a configuration file
/// (`docs/server.md`, "tileserver-gl, martin and Mercator" lists every key and what Mercator does with it).
package struct ConfigOptions: Sendable {
    /// What `/` answers (`frontPage`).
    package enum FrontPage: Sendable, Equatable {
        /// Mercator's index of styles and data sets.
        case index
        /// 404 (`"frontPage": false`).
        case none
        /// This HTML file (`"frontPage": "page.html"`, relative to `paths.root`).
        case file(URL)
    }

    /// `serveStaticMaps`: whether `/styles/{id}/static/…` answers (default true).
    package var serveStaticMaps = true
    /// `frontPage`.
    package var frontPage = FrontPage.index
    /// `pbfAlias`: another extension vector tiles answer to (`pbf.pict`), also written in `/data.json` and `/index.json`.
    package var pbfAlias: String?
    /// `maxSize`: the longest side of a raster tile or static image in device pixels (size x scale).
    package var maxSize: Int?
    /// `sparse`: a tile an archive does not hold answers 404 (true) or 204 (false); nil: tileserver-gl's
    /// default, 204 for vector and 404 for raster archives.
    package var sparse: Bool?
    /// `allowRemoteMarkerIcons`: markers may name `http(s)://` icons.
    package var allowRemoteMarkerIcons = false
    /// `allowInlineMarkerImages`: markers may carry `data:` icons.
    package var allowInlineMarkerImages = false
    /// `paths.icons`: the folder marker icons are read from.
    package var iconsDirectory: URL?
    /// `paths.files`: the folder `/files/…` serves.
    package var filesDirectory: URL?
    /// `staticAttributionText`: text drawn in the bottom-right corner of every static image.
    package var staticAttributionText: String?
    /// `domains`: the hosts TileJSON `tiles` lists, one URL each (`*` takes the request host's first label); they are
    /// also trusted for URLs in bodies (``ServerOptions/domains``).
    package var tileDomains: [String] = []
    /// The largest element of `maxRendererPoolSizes`: renders at once when `--render-threads` is not given.
    package var renderThreads: Int?

    package init() {}

    /// Every key tileserver-gl documents under `options`, and what Mercator does with it: nil when it
    /// is read, otherwise the sentence logged when a configuration sets it.
    static let refusedKeys: [String: String] = [
        "dataDecorator": "names a JavaScript module; Mercator runs no JavaScript: vector tiles and TileJSON are served as stored",
        "watermark": "is not supported: Mercator draws no watermark on tiles or static images (staticAttributionText draws text on static images)",
        "leafletRetina": "is not supported: Mercator's viewer is MapLibre GL JS, which asks for @2x tiles by itself on high-density screens",
        "minRendererPoolSizes": "is ignored: Mercator keeps one map per render thread and style, made on first use (see --render-threads)",
        "tileMargin": "is ignored: Mercator draws raster tiles in metatiles with half a tile of margin on every side (--metatile), so labels are never cut",
    ]

    /// The keys Mercator reads (``refusedKeys`` are the others tileserver-gl documents).
    static let readKeys: Set<String> = [
        "paths", "domains", "allowedHosts", "publicUrl", "formatQuality", "formatOptions", "maxScaleFactor", "maxSize", "pbfAlias",
        "serveAllFonts", "serveAllStyles", "serveStaticMaps", "allowRemoteMarkerIcons", "allowInlineMarkerImages",
        "staticAttributionText", "frontPage", "sparse", "maxRendererPoolSizes",
    ]

    /// The keys of `options.paths`.
    static let pathKeys: Set<String> = ["root", "fonts", "sprites", "icons", "styles", "mbtiles", "pmtiles", "files", "geojson"]
}

extension ServerCatalog {
    /// Reads `options` (all but `paths`, which ``addConfiguration(_:directory:)`` resolves): each key tileserver-gl
    /// documents is read or logged (``warnings``) as not supported, naming it; an unknown key is logged too.
    /// - Throws: ``CatalogError`` for a value of the wrong type or out of range, naming the key.
    mutating func readOptions(_ options: JSONValue?, root: URL) throws(CatalogError) {
        guard let options else { return }
        guard let object = options.object else { throw CatalogError("options: must be a JSON object") }
        for (key, value) in object {
            if let reason = ConfigOptions.refusedKeys[key] {
                // false, 0, [] and "" ask for nothing: say nothing.
                let asksNothing = value.bool == false || value.number == 0 || value.string == "" || value.array?.isEmpty == true || value.isNull
                if !asksNothing { warnings.append("options.\(key) \(reason)") }
                continue
            }
            guard ConfigOptions.readKeys.contains(key) else {
                warnings.append("options.\(key) is not an option Mercator knows (tileserver-gl's options are listed in docs/server.md); ignored")
                continue
            }
            switch key {
            case "paths":
                for (name, _) in value.object ?? JSONObject() where !ConfigOptions.pathKeys.contains(name) {
                    warnings.append("options.paths.\(name) is not a folder Mercator knows (root, fonts, sprites, icons, styles, mbtiles, pmtiles, files, geojson); ignored")
                }
            case "domains":
                let list = value.array?.compactMap(\.string) ?? value.string?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                guard let list else { throw CatalogError("options.domains: must be a list of host names") }
                domains += list.filter { !$0.contains("*") }
                config.tileDomains = list
            case "allowedHosts":
                let list = value.array?.compactMap(\.string) ?? value.string?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                guard let list else { throw CatalogError("options.allowedHosts: must be a list of host names or a comma-separated string") }
                domains += list.filter { $0 != "*" }
                if list.contains("*") {
                    warnings.append("options.allowedHosts \"*\" is not followed: Mercator trusts only the hosts it knows (options.domains, allowedHosts, --domain, the listen address) for URLs in bodies")
                }
            case "publicUrl":
                guard let url = value.string else { throw CatalogError("options.publicUrl: must be a URL string") }
                publicURL = url
            case "formatQuality":
                for (format, v) in value.object ?? JSONObject() { try setQuality(format, v, key: "options.formatQuality.\(format)") }
            case "formatOptions":
                for (format, v) in value.object ?? JSONObject() {
                    for (option, setting) in v.object ?? JSONObject() {
                        switch (format, option) {
                        case ("jpeg", "quality"), ("jpg", "quality"), ("webp", "quality"):
                            try setQuality(format, setting, key: "options.formatOptions.\(format).quality")
                        case ("jpeg", "progressive"), ("jpg", "progressive"):
                            if setting.bool == true { warnings.append("options.formatOptions.\(format).progressive is not supported: Mercator writes baseline JPEG") }
                        case ("png", _):
                            warnings.append("options.formatOptions.png.\(option) is not supported: Mercator writes PNG with its own lossless encoder (no palette or sharp settings)")
                        default:
                            warnings.append("options.formatOptions.\(format).\(option) is not an option Mercator knows (jpeg.quality, webp.quality); ignored")
                        }
                    }
                }
            case "maxScaleFactor":
                guard let n = value.number, n.isFinite else { throw CatalogError("options.maxScaleFactor: must be a number from 1 to 9") }
                maxScaleFactor = Int(max(1, min(9, n)))
            case "maxSize":
                guard let n = value.number, n.isFinite, n >= 1, n <= 65536 else { throw CatalogError("options.maxSize: must be a number of pixels from 1 to 65536") }
                config.maxSize = Int(n)
            case "pbfAlias":
                guard let alias = value.string, !alias.isEmpty, alias.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") }),
                      !alias.hasPrefix("."), !["png", "jpg", "jpeg", "webp", "json", "geojson", "mvt"].contains(alias) else {
                    throw CatalogError("options.pbfAlias: must be an extension of letters, digits and dots such as \"pbf.pict\"")
                }
                if alias != "pbf" { config.pbfAlias = alias }
            case "serveAllFonts":
                if value.bool == false {
                    warnings.append("options.serveAllFonts false is not followed: Mercator serves every font in options.paths.fonts (tileserver-gl serves only the fonts its styles name)")
                }
            case "serveAllStyles":
                serveAllStyles = value.bool == true
            case "serveStaticMaps":
                guard let b = value.bool else { throw CatalogError("options.serveStaticMaps: must be true or false") }
                config.serveStaticMaps = b
            case "allowRemoteMarkerIcons":
                config.allowRemoteMarkerIcons = value.bool == true
            case "allowInlineMarkerImages":
                config.allowInlineMarkerImages = value.bool == true
            case "staticAttributionText":
                guard let text = value.string else { throw CatalogError("options.staticAttributionText: must be a string") }
                config.staticAttributionText = text.isEmpty ? nil : String(text.prefix(500))
            case "frontPage":
                if value.bool == false {
                    config.frontPage = .none
                } else if let file = value.string {
                    let url = Self.resolve(file, against: root)
                    guard FileManager.default.isReadableFile(atPath: url.path) else { throw CatalogError("options.frontPage: \(url.path) cannot be read") }
                    config.frontPage = .file(url)
                } else if value.bool != true {
                    throw CatalogError("options.frontPage: must be true, false or an HTML file")
                }
            case "sparse":
                guard let b = value.bool else { throw CatalogError("options.sparse: must be true or false") }
                config.sparse = b
            case "maxRendererPoolSizes":
                let sizes = value.array?.compactMap(\.number) ?? value.number.map { [$0] } ?? []
                guard let largest = sizes.max(), largest.isFinite, largest >= 1 else { throw CatalogError("options.maxRendererPoolSizes: must be a list of counts such as [8, 4, 2]") }
                config.renderThreads = Int(min(largest, 256))
                warnings.append("options.maxRendererPoolSizes: Mercator renders every scale on one pool; its size is the largest value, \(Int(min(largest, 256))) (--render-threads overrides)")
            default:
                break
            }
        }
    }

    /// Sets the JPEG or WebP quality.
    private mutating func setQuality(_ format: String, _ value: JSONValue, key: String) throws(CatalogError) {
        guard let q = value.number, q.isFinite, (1...100).contains(q) else {
            throw CatalogError("\(key) must be a number from 1 to 100")
        }
        switch format {
        case "jpeg", "jpg": jpegQuality = Int(q)
        case "webp": webpQuality = Int(q)
        default: throw CatalogError("\(key): Mercator encodes jpeg and webp at a quality (png is lossless)")
        }
    }
}
