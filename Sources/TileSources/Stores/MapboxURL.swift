import Foundation

/// `mapbox://` URLs as MapLibre Native keeps and requests them (`mbgl/util/mapbox.cpp`).
///
/// A map and the offline database name resources by their canonical `mapbox://` URL (styles
/// `mapbox://styles/USER/ID`, sources `mapbox://ID1,ID2`, tiles `mapbox://tiles/…`, glyphs
/// `mapbox://fonts/USER/{fontstack}/{range}.pbf`, sprites `mapbox://sprites/USER/ID`), so a database
/// a Native app filled is read under the same keys; only the request to the server uses the API
/// base URL's form, with the key.
public enum MapboxURL {
    /// Whether `url` is a `mapbox://` URL.
    public static func isMapboxURL(_ url: String) -> Bool {
        url.lowercased().hasPrefix("mapbox://")
    }

    /// The URL requested from the API server for a canonical `mapbox://` URL (Native's
    /// `normalizeStyleURL`, `normalizeSourceURL`, `normalizeGlyphsURL`, `normalizeSpriteURL`,
    /// `normalizeTileURL`), without the key; other URLs are returned unchanged.
    ///
    /// - `mapbox://styles/USER/ID` → `BASE/styles/v1/USER/ID`
    /// - `mapbox://ID1,ID2` → `BASE/v4/ID1,ID2.json?secure`
    /// - `mapbox://fonts/USER/STACK/RANGE.pbf` → `BASE/fonts/v1/USER/STACK/RANGE.pbf`
    /// - `mapbox://sprites/USER/ID@2x.png` → `BASE/styles/v1/USER/ID/sprite@2x.png`
    /// - `mapbox://tiles/ID/Z/X/Y.EXT` → `BASE/v4/ID/Z/X/Y.EXT`
    public static func requestURL(_ url: String, apiBaseURL: String) -> String {
        guard isMapboxURL(url) else { return url }
        let base = apiBaseURL.hasSuffix("/") ? String(apiBaseURL.dropLast()) : apiBaseURL
        let rest = String(url.dropFirst("mapbox://".count))
        let (path, query) = split(rest)
        func joined(_ path: String, _ extra: String? = nil) -> String {
            let parts = [extra, query].compactMap { $0 }.filter { !$0.isEmpty }
            return base + path + (parts.isEmpty ? "" : "?" + parts.joined(separator: "&"))
        }
        if path.hasPrefix("styles/") {
            return joined("/styles/v1/" + path.dropFirst("styles/".count))
        }
        if path.hasPrefix("fonts/") {
            return joined("/fonts/v1/" + path.dropFirst("fonts/".count))
        }
        if path.hasPrefix("sprites/") {
            // USER/ID[@2x].EXT → USER/ID/sprite[@2x].EXT
            var name = String(path.dropFirst("sprites/".count))
            var ext = ""
            if let slash = name.lastIndex(of: "/"), let dot = name[slash...].firstIndex(of: ".") {
                ext = String(name[dot...])
                name = String(name[..<dot])
            }
            var ratio = ""
            if name.hasSuffix("@2x") { ratio = "@2x"; name.removeLast(3) }
            return joined("/styles/v1/" + name + "/sprite" + ratio + ext)
        }
        if path.hasPrefix("tiles/") {
            return joined("/v4/" + path.dropFirst("tiles/".count))
        }
        // a source: one or more tileset ids
        return joined("/v4/" + path + ".json", "secure")
    }

    /// A TileJSON's tile template as Native stores it when the source's URL is a `mapbox://` URL
    /// (`canonicalizeTileURL`): `https://a.tiles.mapbox.com/v4/ID/{z}/{x}/{y}.vector.pbf?access_token=…`
    /// → `mapbox://tiles/ID/{z}/{x}/{y}.vector.pbf`; raster templates get `{ratio}` before the
    /// extension (`@2x` for 512-pixel tiles); query parameters other than `access_token` are kept.
    /// A template not under `/v4/`, or without a file name and extension, is returned unchanged.
    public static func canonicalTileURL(_ template: String, raster: Bool, tileSize: Int) -> String {
        guard let schemeEnd = template.range(of: "://") else { return template }
        let afterScheme = template[schemeEnd.upperBound...]
        guard let pathStart = afterScheme.firstIndex(of: "/") else { return template }
        let (pathPart, query) = split(String(afterScheme[pathStart...]))
        guard pathPart.hasPrefix("/v4/") else { return template }
        let path = pathPart.dropFirst("/v4/".count)
        guard let slash = path.lastIndex(of: "/") else { return template }
        let directory = path[..<path.index(after: slash)]
        let file = path[path.index(after: slash)...]
        guard let dot = file.firstIndex(of: ".") else { return template }
        var filename = String(file[..<dot])
        let ext = String(file[dot...])
        if filename.hasSuffix("@2x") { filename.removeLast(3) }
        guard !filename.isEmpty, ext.count > 1 else { return template }
        var out = "mapbox://tiles/" + directory + filename
        if raster { out += tileSize == 512 ? "@2x" : "{ratio}" }
        out += ext
        if let query {
            let kept = query.split(separator: "&", omittingEmptySubsequences: false).filter { !$0.hasPrefix("access_token=") }
            if !kept.isEmpty { out += "?" + kept.joined(separator: "&") }
        }
        return out
    }

    /// A TileJSON's templates canonicalised when it was loaded from a `mapbox://` source URL
    /// (Native's `canonicalizeTileset`); from any other URL, unchanged.
    public static func canonicalTileset(_ templates: [String], sourceURL: String, raster: Bool, tileSize: Int) -> [String] {
        guard isMapboxURL(sourceURL) else { return templates }
        return templates.map { canonicalTileURL($0, raster: raster, tileSize: tileSize) }
    }

    /// `text` percent-encoded as Native encodes a font stack in a glyph URL (`util::percentEncode`):
    /// letters, digits and `-_.~` kept, every other byte as `%xx` in lower-case hex
    /// (`Open%20Sans%20Bold%2cArial%20Unicode%20MS%20Bold`).
    public static func percentEncode(_ text: String) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func split(_ text: String) -> (String, String?) {
        guard let q = text.firstIndex(of: "?") else { return (text, nil) }
        return (String(text[..<q]), String(text[text.index(after: q)...]))
    }
}
