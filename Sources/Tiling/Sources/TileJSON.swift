public import GeoJSON
/// A TileJSON manifest (versions 2.x and 3.0): where a tileset's tiles are and what they hold.
///
/// Parsed from a `JSONValue` with ``init(_:)``. As MapLibre Native does, a missing `tilejson`
/// member is accepted; `tiles` is required. Members the specification does not define are kept in
/// ``extra``.
public struct TileJSON: Sendable, Hashable {
    /// The `tilejson` version string (`"2.2.0"`, `"3.0.0"`), when present.
    public var version: String?
    /// Tile URL templates, tried in order.
    public var tiles: [TileURLTemplate]
    /// A human-readable name.
    public var name: String?
    /// A text description of the tileset.
    public var description: String?
    /// The tileset's own version (`version` member), a semver string.
    public var tilesetVersion: String?
    /// Attribution to show on the map (may contain HTML).
    public var attribution: String?
    /// A mustache template for interactivity (TileJSON 2.x).
    public var template: String?
    /// A legend to show with the map (may contain HTML).
    public var legend: String?
    /// Row numbering of the tile URLs (`xyz` unless written otherwise).
    public var scheme: TileScheme
    /// UTFGrid URL templates.
    public var grids: [String]
    /// URLs of GeoJSON data files.
    public var data: [String]
    /// The shallowest zoom with tiles (0 unless written).
    public var minZoom: Int
    /// The deepest zoom with tiles (30 unless written).
    public var maxZoom: Int
    /// West, south, east, north in degrees (the whole world when absent).
    public var bounds: BoundingBox
    /// Longitude, latitude and zoom of a default view.
    public var center: (longitude: Double, latitude: Double, zoom: Double)?
    /// The zoom from which a client may generate deeper tiles itself (TileJSON 3.0).
    public var fillZoom: Int?
    /// `vector_layers` (TileJSON 3.0; required there for vector tilesets).
    public var vectorLayers: [VectorLayer]
    /// `encoding` of raster-dem tiles (`"mapbox"` or `"terrarium"`), a MapLibre extension.
    public var encoding: String?
    /// Members not defined above, in document order.
    public var extra: JSONObject

    /// One entry of `vector_layers`.
    public struct VectorLayer: Sendable, Hashable {
        /// The layer name in the vector tiles.
        public var id: String
        /// Field name -> description (the TileJSON 3.0 `fields` object).
        public var fields: [String: String]
        /// A text description of the layer.
        public var description: String?
        /// The shallowest zoom where the layer appears.
        public var minZoom: Int?
        /// The deepest zoom where the layer appears.
        public var maxZoom: Int?
    }

    public static func == (a: TileJSON, b: TileJSON) -> Bool {
        a.version == b.version && a.tiles == b.tiles && a.name == b.name && a.description == b.description
            && a.tilesetVersion == b.tilesetVersion && a.attribution == b.attribution && a.template == b.template
            && a.legend == b.legend && a.scheme == b.scheme && a.grids == b.grids && a.data == b.data
            && a.minZoom == b.minZoom && a.maxZoom == b.maxZoom && a.bounds == b.bounds
            && a.center?.longitude == b.center?.longitude && a.center?.latitude == b.center?.latitude
            && a.center?.zoom == b.center?.zoom && a.fillZoom == b.fillZoom && a.vectorLayers == b.vectorLayers
            && a.encoding == b.encoding && a.extra == b.extra
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tiles)
        hasher.combine(minZoom)
        hasher.combine(maxZoom)
    }

    /// Parses a TileJSON document already read as JSON.
    /// - Throws: ``TileJSONError`` naming the member at fault.
    public init(_ json: JSONValue) throws(TileJSONError) {
        guard let object = json.object else {
            throw TileJSONError(path: "", message: "TileJSON must be an object, found \(json.typeName)")
        }
        func string(_ key: String) throws(TileJSONError) -> String? {
            guard let v = object[key], !v.isNull else { return nil }
            guard let s = v.string else { throw .wrongType(key, expected: "string", found: v) }
            return s
        }
        func strings(_ key: String) throws(TileJSONError) -> [String] {
            guard let v = object[key], !v.isNull else { return [] }
            guard let a = v.array else { throw .wrongType(key, expected: "array", found: v) }
            var out = [String]()
            for (i, e) in a.enumerated() {
                guard let s = e.string else { throw .wrongType("\(key)[\(i)]", expected: "string", found: e) }
                out.append(s)
            }
            return out
        }
        func zoom(_ key: String, _ path: String? = nil, in obj: JSONObject) throws(TileJSONError) -> Int? {
            guard let v = obj[key], !v.isNull else { return nil }
            let p = path ?? key
            guard let n = v.number else { throw .wrongType(p, expected: "number", found: v) }
            guard n >= 0, n <= 30, n == n.rounded() else {
                throw TileJSONError(path: p, message: "zoom must be an integer from 0 to 30, found \(n)")
            }
            return Int(n)
        }

        version = try string("tilejson")
        if let v = version, !(v.hasPrefix("1.") || v.hasPrefix("2.") || v.hasPrefix("3.")) {
            throw TileJSONError(path: "tilejson", message: "unsupported TileJSON version \"\(v)\" (expected 2.x or 3.0)")
        }
        guard object["tiles"] != nil else { throw TileJSONError(path: "tiles", message: "missing required member") }
        let t = try strings("tiles")
        guard !t.isEmpty else { throw TileJSONError(path: "tiles", message: "must list at least one URL template") }
        tiles = t.map(TileURLTemplate.init)
        name = try string("name")
        description = try string("description")
        tilesetVersion = try string("version")
        attribution = try string("attribution")
        template = try string("template")
        legend = try string("legend")
        if let s = try string("scheme") {
            guard let sc = TileScheme(rawValue: s) else {
                throw TileJSONError(path: "scheme", message: "expected \"xyz\" or \"tms\", found \"\(s)\"")
            }
            scheme = sc
        } else {
            scheme = .xyz
        }
        grids = try strings("grids")
        data = try strings("data")
        minZoom = try zoom("minzoom", in: object) ?? 0
        maxZoom = try zoom("maxzoom", in: object) ?? 30
        guard minZoom <= maxZoom else {
            throw TileJSONError(path: "minzoom", message: "minzoom \(minZoom) is greater than maxzoom \(maxZoom)")
        }
        fillZoom = try zoom("fillzoom", in: object)
        encoding = try string("encoding")

        if let v = object["bounds"], !v.isNull {
            guard let a = v.array else { throw .wrongType("bounds", expected: "array", found: v) }
            guard a.count == 4 else {
                throw TileJSONError(path: "bounds", message: "expected 4 numbers, found \(a.count) elements")
            }
            var n = [Double]()
            for (i, e) in a.enumerated() {
                guard let d = e.number else { throw .wrongType("bounds[\(i)]", expected: "number", found: e) }
                n.append(d)
            }
            guard n[0] >= -180, n[2] <= 180, n[1] >= -90, n[3] <= 90, n[0] <= n[2], n[1] <= n[3] else {
                throw TileJSONError(path: "bounds", message: "bounds must be [west, south, east, north] within ±180, ±90")
            }
            bounds = BoundingBox(west: n[0], south: n[1], east: n[2], north: n[3])
        } else {
            bounds = WebMercator.worldBoundingBox
        }
        if let v = object["center"], !v.isNull {
            guard let a = v.array else { throw .wrongType("center", expected: "array", found: v) }
            guard a.count == 3 || a.count == 2 else {
                throw TileJSONError(path: "center", message: "expected [longitude, latitude, zoom], found \(a.count) elements")
            }
            var n = [Double]()
            for (i, e) in a.enumerated() {
                guard let d = e.number else { throw .wrongType("center[\(i)]", expected: "number", found: e) }
                n.append(d)
            }
            center = (n[0], n[1], n.count > 2 ? n[2] : 0)
        } else {
            center = nil
        }

        var layers = [VectorLayer]()
        if let v = object["vector_layers"], !v.isNull {
            guard let a = v.array else { throw .wrongType("vector_layers", expected: "array", found: v) }
            for (i, e) in a.enumerated() {
                let p = "vector_layers[\(i)]"
                guard let o = e.object else { throw .wrongType(p, expected: "object", found: e) }
                guard let idValue = o["id"] else { throw TileJSONError(path: "\(p).id", message: "missing required member") }
                guard let id = idValue.string else { throw .wrongType("\(p).id", expected: "string", found: idValue) }
                var fields = [String: String]()
                if let f = o["fields"], !f.isNull {
                    guard let fo = f.object else { throw .wrongType("\(p).fields", expected: "object", found: f) }
                    for (k, fv) in fo {
                        guard let s = fv.string else { throw .wrongType("\(p).fields.\(k)", expected: "string", found: fv) }
                        fields[k] = s
                    }
                }
                var desc: String?
                if let d = o["description"], !d.isNull {
                    guard let s = d.string else { throw .wrongType("\(p).description", expected: "string", found: d) }
                    desc = s
                }
                layers.append(VectorLayer(
                    id: id, fields: fields, description: desc,
                    minZoom: try zoom("minzoom", "\(p).minzoom", in: o), maxZoom: try zoom("maxzoom", "\(p).maxzoom", in: o)))
            }
        }
        vectorLayers = layers

        let known: Set<String> = [
            "tilejson", "tiles", "name", "description", "version", "attribution", "template", "legend", "scheme",
            "grids", "data", "minzoom", "maxzoom", "bounds", "center", "fillzoom", "vector_layers", "encoding",
        ]
        var rest = JSONObject()
        for (k, v) in object where !known.contains(k) { rest[k] = v }
        extra = rest
    }
}

/// A problem in a TileJSON document: the member at fault (`tiles[1]`, `vector_layers[0].id`) and what is wrong.
public struct TileJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Path of the member at fault, empty for the document itself.
    public var path: String
    /// What is wrong, for a person to act on.
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    static func wrongType(_ path: String, expected: String, found: JSONValue) -> TileJSONError {
        TileJSONError(path: path, message: "\(expected) expected, \(found.typeName) found")
    }

    /// `path: message`, as the style validator prints problems.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
