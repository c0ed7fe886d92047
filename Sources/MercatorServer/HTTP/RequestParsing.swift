import Foundation
import Mercator

/// Parsing the parts of request paths: tiles, image sizes and static-image cameras.
enum RequestParsing {
    /// `Z`, `X` and `Y[@Nx].EXT` as a tile, its scale and extension.
    /// - Throws: ``ServerError`` 400 for numbers out of range.
    static func tile(z: Substring, x: Substring, last: Substring, maxZoom: Int) throws(ServerError) -> (TileID, scale: Int, ext: String) {
        guard let dot = last.lastIndex(of: ".") else { throw .notFound("a tile path ends in {y}.{format}") }
        let ext = String(last[last.index(after: dot)...])
        var yPart = last[..<dot]
        var scale = 1
        if let at = yPart.firstIndex(of: "@") {
            scale = try self.scale(yPart[at...])
            yPart = yPart[..<at]
        }
        guard let zi = Int(z), let xi = Int(x), let yi = Int(yPart) else {
            throw .badRequest("tile coordinates must be integers: \(z)/\(x)/\(yPart)")
        }
        guard zi >= 0, zi <= maxZoom else { throw .badRequest("zoom \(zi) is out of range: 0 to \(maxZoom)") }
        let n = 1 << zi
        guard xi >= 0, xi < n, yi >= 0, yi < n else { throw .badRequest("tile \(zi)/\(xi)/\(yi) does not exist: x and y run from 0 to \(n - 1) at zoom \(zi)") }
        return (TileID(z: zi, x: xi, y: yi), scale, ext)
    }

    /// `@2x` (`@1x` to `@9x`) as a scale; the server then checks ``ServerOptions/maxScaleFactor``.
    static func scale(_ text: Substring) throws(ServerError) -> Int {
        guard text.hasPrefix("@"), text.hasSuffix("x"), text.count == 3, let n = Int(text.dropFirst().dropLast()), (1...9).contains(n) else {
            throw .badRequest("scale must be @1x to @9x (found \(text))")
        }
        return n
    }

    /// The raster format a tile or static image extension names (tileserver-gl's `png`, `jpg`, `jpeg`, `webp`).
    /// - Throws: ``ServerError`` 400 naming the formats for any other extension.
    static func imageFormat(_ ext: Substring, what: String) throws(ServerError) -> ImageOutputFormat {
        switch ext {
        case "png": return .png
        case "jpg", "jpeg": return .jpeg
        case "webp": return .webp
        default: throw .badRequest("\(what) are PNG, JPEG or WebP: use .png, .jpg, .jpeg or .webp (found .\(ext))")
        }
    }

    /// `{w}x{h}[@2x].{png,jpg,jpeg,webp}` as a size in points, a scale and the format.
    static func imageSize(_ text: Substring, maxSize: Int) throws(ServerError) -> (width: Int, height: Int, scale: Int, format: ImageOutputFormat) {
        guard let dot = text.lastIndex(of: ".") else { throw .badRequest("an image size is {width}x{height}[@2x].png (found \(text))") }
        let format = try imageFormat(text[text.index(after: dot)...], what: "static images")
        var size = text[..<dot], scale = 1
        if let at = size.firstIndex(of: "@") {
            scale = try self.scale(size[at...])
            size = size[..<at]
        }
        let parts = size.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw .badRequest("an image size is {width}x{height}[@2x].png (found \(text))")
        }
        guard (1...maxSize).contains(w), (1...maxSize).contains(h) else {
            throw .badRequest("image size \(w)x\(h) is out of range: width and height from 1 to \(maxSize)")
        }
        return (w, h, scale, format)
    }

    /// How a static image is framed.
    enum Framing: Sendable {
        case center(lon: Double, lat: Double, zoom: Double, bearing: Double, pitch: Double)
        case bounds(BoundingBox)
        case auto
    }

    /// `{lon},{lat},{zoom}[@{bearing}[,{pitch}]]`, `{minx},{miny},{maxx},{maxy}` or `auto`.
    /// With `raw`, positions are EPSG:3857 metres (tileserver-gl's `/static/raw/…`), turned into degrees here.
    static func framing(_ text: Substring, maxZoom: Double, raw: Bool = false) throws(ServerError) -> Framing {
        if text == "auto" { return .auto }
        var main = text, angles: Substring?
        if let at = text.firstIndex(of: "@") {
            main = text[..<at]
            angles = text[text.index(after: at)...]
        }
        let numbers = main.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard numbers.allSatisfy({ $0?.isFinite == true }) else {
            throw .badRequest("static position must be {lon},{lat},{zoom}[@{bearing}[,{pitch}]], {minx},{miny},{maxx},{maxy} or auto (found \(text))")
        }
        var v = numbers.map { $0! }
        if raw {
            let limit = WebMercator.originShift * 1.0000001
            let points = v.count == 3 ? [0] : v.count == 4 ? [0, 2] : []
            for i in points {
                guard abs(v[i]) <= limit, abs(v[i + 1]) <= limit else {
                    throw .badRequest("raw position \(v[i]),\(v[i + 1]) is outside the EPSG:3857 world (±\(WebMercator.originShift) metres)")
                }
                (v[i], v[i + 1]) = StaticOverlay.degrees(x: v[i], y: v[i + 1])
            }
        }
        switch v.count {
        case 3:
            guard abs(v[1]) <= WebMercator.maximumLatitude else { throw .badRequest("latitude \(v[1]) is out of range: -85.0511 to 85.0511") }
            guard abs(v[0]) <= 180 else { throw .badRequest("longitude \(v[0]) is out of range: -180 to 180") }
            guard v[2] >= 0, v[2] <= maxZoom else { throw .badRequest("zoom \(v[2]) is out of range: 0 to \(maxZoom)") }
            var bearing = 0.0, pitch = 0.0
            if let angles {
                let a = angles.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
                guard (1...2).contains(a.count), a.allSatisfy({ $0?.isFinite == true }) else {
                    throw .badRequest("after @ give {bearing}[,{pitch}] (found \(angles))")
                }
                bearing = a[0]!
                if a.count == 2 { pitch = a[1]! }
                guard (0...MapCamera.pitchLimit).contains(pitch) else { throw .badRequest("pitch \(pitch) is out of range: 0 to 85") }
            }
            return .center(lon: v[0], lat: v[1], zoom: v[2], bearing: bearing, pitch: pitch)
        case 4 where angles == nil:
            guard v[0] < v[2], v[1] < v[3], abs(v[1]) <= 90, abs(v[3]) <= 90, abs(v[0]) <= 180, abs(v[2]) <= 180 else {
                throw .badRequest("bounds must be {minx},{miny},{maxx},{maxy} with min < max inside the world (found \(text))")
            }
            return .bounds(BoundingBox(west: v[0], south: v[1], east: v[2], north: v[3]))
        default:
            throw .badRequest("static position must be {lon},{lat},{zoom}[@{bearing}[,{pitch}]], {minx},{miny},{maxx},{maxy} or auto (found \(text))")
        }
    }

    /// tileserver-gl's POST body of a static image as query pairs: `{"path": ["…", "…"], "marker": "…", "padding": 0.1}`
    /// (strings, numbers, booleans or lists of them, for its query keys).
    /// - Throws: ``ServerError`` 400 naming the key or the byte offset of malformed JSON.
    static func jsonBodyQuery(_ body: Data) throws(ServerError) -> [(String, String)] {
        guard !body.isEmpty else { return [] }
        let json: JSONValue
        do {
            json = try JSONValue(parsing: body)
        } catch {
            throw .badRequest("the body is not JSON: line \(error.location.line), column \(error.location.column): \(error.message)")
        }
        guard let object = json.object else { throw .badRequest("the body must be a JSON object of query options") }
        let keys: Set<String> = ["path", "marker", "latlng", "padding", "maxzoom", "fill", "stroke", "width", "linecap", "linejoin", "border", "borderwidth"]
        var pairs: [(String, String)] = []
        for (key, value) in object {
            guard keys.contains(key) else { throw .badRequest("body key \"\(key)\" is not a static image option (\(keys.sorted().joined(separator: ", ")))") }
            for item in value.array ?? [value] {
                switch item {
                case .string(let s): pairs.append((key, s))
                case .bool(let b): pairs.append((key, b ? "true" : "false"))
                case .int, .uint, .double: pairs.append((key, item.serialized()))
                default: throw .badRequest("body key \"\(key)\": give a string, a number, a boolean or a list of them")
                }
            }
        }
        return pairs
    }

    /// The query string as decoded pairs, in order (`+` is a space).
    static func query(_ text: String?) -> [(String, String)] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: "&").map { pair in
            let kv = pair.split(separator: "=", maxSplits: 1)
            func decode(_ s: Substring) -> String {
                let spaced = s.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (decode(kv[0]), kv.count > 1 ? decode(kv[1]) : "")
        }
    }

    /// A path component percent-decoded; `nil` when it decodes to something that could leave a folder.
    static func component(_ raw: Substring) -> String? {
        guard let decoded = String(raw).removingPercentEncoding else { return nil }
        if decoded == "." || decoded == ".." || decoded.contains("/") || decoded.contains("\\") || decoded.contains("\0") { return nil }
        return decoded
    }
}
