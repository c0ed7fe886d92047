public import Foundation
public import GeoJSON

/// A content source of a style (the style specification's "source"): where a layer's data
/// comes from.
///
/// The source keeps its style JSON object as written, so members this type does not model
/// survive a read-write round trip; typed accessors read and write that object.
public struct StyleSource: Sendable, Hashable {
    /// The kinds of content source the SDK supports (seed 003: `canvas` and `video` are not).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `MLNVectorTileSource`.
        case vector
        /// `MLNRasterTileSource`.
        case raster
        /// `MLNRasterDEMSource`.
        case rasterDEM = "raster-dem"
        /// `MLNShapeSource`.
        case geojson
        /// `MLNImageSource`.
        case image

        /// Whether this is one of the three tiled kinds.
        public var isTiled: Bool { self == .vector || self == .raster || self == .rasterDEM }
    }

    /// The source's identifier: its key in the style's `sources` object.
    public let identifier: String
    /// The source's style JSON object (including its `type`).
    public private(set) var json: JSONObject

    /// The source's kind.
    public var kind: Kind { Kind(rawValue: json["type"]?.string ?? "") ?? .geojson }

    /// Reads a source from its style JSON object, checking the members this type models.
    ///
    /// - Throws: `StyleDocumentError` for a missing or unsupported `type` (`canvas` and `video`
    ///   are rejected with an explanation) or a modelled member of the wrong type.
    public init(identifier: String, json value: JSONValue) throws(StyleDocumentError) {
        let path = "sources.\(identifier)"
        guard let object = value.object else {
            throw StyleDocumentError(path: path, "object expected, \(value.typeName) found")
        }
        guard let typeName = object["type"]?.string else {
            throw StyleDocumentError(path: path, "\"type\" is required")
        }
        guard let kind = Kind(rawValue: typeName) else {
            switch typeName {
            case "canvas":
                throw StyleDocumentError(path: "\(path).type",
                    "canvas sources are not supported; draw into an image and use an \"image\" source instead")
            case "video":
                throw StyleDocumentError(path: "\(path).type",
                    "video sources are not supported; use an \"image\" source with a still frame instead")
            default:
                throw StyleDocumentError(path: "\(path).type",
                    "expected one of [vector, raster, raster-dem, geojson, image], \"\(typeName)\" found")
            }
        }
        self.identifier = identifier
        self.json = object
        try Self.check(object, kind: kind, path: path)
    }

    private static func check(_ object: JSONObject, kind: Kind, path: String) throws(StyleDocumentError) {
        func expect(_ key: String, _ ok: (JSONValue) -> Bool, _ what: String) throws(StyleDocumentError) {
            if let v = object[key], !ok(v) {
                throw StyleDocumentError(path: "\(path).\(key)", "\(what) expected, \(v.typeName) found")
            }
        }
        switch kind {
        case .vector, .raster, .rasterDEM:
            try expect("url", { $0.string != nil }, "string")
            try expect("tiles", { $0.array?.allSatisfy { $0.string != nil } ?? false }, "array of strings")
            try expect("minzoom", { $0.number != nil }, "number")
            try expect("maxzoom", { $0.number != nil }, "number")
            try expect("tileSize", { $0.number != nil }, "number")
            try expect("attribution", { $0.string != nil }, "string")
            try expect("bounds", { ($0.array?.count == 4) && ($0.array?.allSatisfy { $0.number != nil } ?? false) },
                       "array of 4 numbers")
            if let scheme = object["scheme"], TileCoordinateSystem(rawValue: scheme.string ?? "") == nil {
                throw StyleDocumentError(path: "\(path).scheme", "expected one of [xyz, tms]")
            }
            if object["url"] == nil && object["tiles"] == nil {
                throw StyleDocumentError(path: path, "a tile source needs \"url\" (TileJSON) or \"tiles\"")
            }
        case .geojson:
            // Data that is not GeoJSON (`"data": 42`) is kept: like the SDK, the source then
            // simply has no features (the validator reports it).
            guard object["data"] != nil else {
                throw StyleDocumentError(path: path, "missing required property \"data\"")
            }
            for option in ShapeSourceOption.allCases {
                if let v = object[option.jsonKey], let problem = option.problem(with: v) {
                    throw StyleDocumentError(path: "\(path).\(option.jsonKey)", problem)
                }
            }
        case .image:
            try expect("url", { $0.string != nil }, "string")
            guard let coordinates = object["coordinates"] else {
                throw StyleDocumentError(path: path, "missing required property \"coordinates\"")
            }
            do { _ = try CoordinateQuad(styleCoordinates: coordinates) } catch {
                throw StyleDocumentError(path: "\(path).\(error.path)", error.message)
            }
        }
    }

    private init(identifier: String, trusted json: JSONObject) {
        self.identifier = identifier
        self.json = json
    }

    // MARK: Making sources

    /// A vector or raster tile source whose tiles are described by a TileJSON document at `url`.
    public static func tiled(_ kind: Kind, identifier: String, configurationURL url: String,
                             options: [TileSourceOption: JSONValue] = [:]) -> StyleSource {
        var json: JSONObject = ["type": .string(kind.rawValue), "url": .string(url)]
        for (option, value) in options.sorted(by: { $0.key.rawValue < $1.key.rawValue }) { json[option.jsonKey] = value }
        return StyleSource(identifier: identifier, trusted: json)
    }

    /// A vector or raster tile source with explicit tile URL templates (`tiles`).
    public static func tiled(_ kind: Kind, identifier: String, tileURLTemplates: [String],
                             options: [TileSourceOption: JSONValue] = [:]) -> StyleSource {
        var json: JSONObject = ["type": .string(kind.rawValue), "tiles": .array(tileURLTemplates.map { .string($0) })]
        for (option, value) in options.sorted(by: { $0.key.rawValue < $1.key.rawValue }) { json[option.jsonKey] = value }
        return StyleSource(identifier: identifier, trusted: json)
    }

    /// A shape (GeoJSON) source reading its data from `url` (`file:`, `local://`, `http(s):`, or
    /// a relative path), with SDK-named options.
    ///
    /// - Throws: `StyleDocumentError` when an option has the wrong type.
    public static func shape(identifier: String, url: String,
                             options: [ShapeSourceOption: JSONValue] = [:]) throws(StyleDocumentError) -> StyleSource {
        try shape(identifier: identifier, data: .string(url), options: options)
    }

    /// A shape (GeoJSON) source holding inline GeoJSON `data` (or a URL string), with SDK-named options.
    ///
    /// - Throws: `StyleDocumentError` when an option has the wrong type.
    public static func shape(identifier: String, data: JSONValue,
                             options: [ShapeSourceOption: JSONValue] = [:]) throws(StyleDocumentError) -> StyleSource {
        var json: JSONObject = ["type": "geojson", "data": data]
        for (option, value) in options.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if let problem = option.problem(with: value) {
                throw StyleDocumentError(path: "sources.\(identifier).\(option.jsonKey)", "\(option.sdkName): \(problem)")
            }
            json[option.jsonKey] = value
        }
        return try StyleSource(identifier: identifier, json: .object(json))
    }

    /// An image source showing the image at `url` over the quadrilateral `coordinates`.
    public static func image(identifier: String, url: String, coordinates: CoordinateQuad) -> StyleSource {
        StyleSource(identifier: identifier, trusted: [
            "type": "image", "url": .string(url), "coordinates": coordinates.styleCoordinates,
        ])
    }

    // MARK: Tile sources

    /// The TileJSON URL (`url`), for tile sources.
    public var configurationURL: String? { json["url"]?.string }
    /// The tile URL templates (`tiles`), for tile sources.
    public var tileURLTemplates: [String]? { json["tiles"]?.array?.compactMap(\.string) }
    /// `minzoom` (default 0), for tile sources.
    public var minimumZoomLevel: Double { json["minzoom"]?.number ?? 0 }
    /// `maxzoom` (default 22 for tile sources, 18 for shape sources).
    public var maximumZoomLevel: Double { json["maxzoom"]?.number ?? (kind == .geojson ? 18 : 22) }
    /// `tileSize` (default 512; 256 is common for raster tiles).
    public var tileSize: Double { json["tileSize"]?.number ?? 512 }
    /// `bounds` as west, south, east, north (default: the whole Web Mercator world).
    public var coordinateBounds: [Double] {
        json["bounds"]?.array?.compactMap(\.number) ?? [-180, -WebMercator.maximumLatitude, 180, WebMercator.maximumLatitude]
    }
    /// `attribution`, an HTML string.
    public var attributionHTMLString: String? { json["attribution"]?.string }
    /// `scheme`: how `{y}` counts (default `xyz`).
    public var tileCoordinateSystem: TileCoordinateSystem {
        TileCoordinateSystem(rawValue: json["scheme"]?.string ?? "") ?? .xyz
    }
    /// `encoding`: `mapbox`/`terrarium`/`custom` for raster-dem, `mvt`/`mlt` for vector sources.
    public var encoding: String? { json["encoding"]?.string }

    /// The value of a tile-source option, or `nil` when not set.
    public func value(for option: TileSourceOption) -> JSONValue? { json[option.jsonKey] }

    // MARK: Shape sources

    /// Where a shape source's GeoJSON comes from.
    public enum ShapeData: Sendable, Hashable {
        /// GeoJSON written inline in the style (any non-string value; one that is not GeoJSON
        /// yields no features).
        case inline(JSONValue)
        /// A URL: `file:`, `local://`, `http(s):`, or a path relative to the style.
        case url(SourceURL)
    }

    /// The shape source's data, or `nil` for other kinds.
    public var shapeData: ShapeData? {
        guard kind == .geojson, let data = json["data"] else { return nil }
        if let s = data.string { return .url(SourceURL(s)) }
        return .inline(data)
    }

    /// The value of a shape-source option, or `nil` when not set.
    public func value(for option: ShapeSourceOption) -> JSONValue? { json[option.jsonKey] }

    /// Sets (or, with `nil`, removes) a shape-source option.
    ///
    /// - Throws: `StyleDocumentError` when the value has the wrong type.
    public mutating func setValue(_ value: JSONValue?, for option: ShapeSourceOption) throws(StyleDocumentError) {
        if let value, let problem = option.problem(with: value) {
            throw StyleDocumentError(path: "sources.\(identifier).\(option.jsonKey)", "\(option.sdkName): \(problem)")
        }
        json[option.jsonKey] = value
    }

    /// Replaces a shape source's data (inline GeoJSON, or a URL string).
    public mutating func setShapeData(_ data: JSONValue) { json["data"] = data }

    /// `lineMetrics`: whether line distances are computed (needed by `line-gradient`).
    public var hasLineDistanceMetrics: Bool { json["lineMetrics"]?.bool ?? false }

    // MARK: Image sources

    /// An image source's corners, or `nil` for other kinds.
    public var coordinates: CoordinateQuad? {
        guard kind == .image, let c = json["coordinates"] else { return nil }
        return try? CoordinateQuad(styleCoordinates: c)
    }

    /// An image source's image URL (`url`).
    public var imageURL: String? { kind == .image ? json["url"]?.string : nil }
}

/// A URL a source reads from, classified by scheme.
public struct SourceURL: Sendable, Hashable, CustomStringConvertible {
    /// How the URL is resolved.
    public enum Scheme: String, Sendable, Hashable {
        /// `file:///path`.
        case file
        /// `local://path`: a file relative to the fixtures or bundle folder.
        case local
        /// `http://` or `https://`.
        case http
        /// `mapbox://` and other schemes the SDK resolves through its API base URL.
        case other
        /// No scheme: a path relative to the style document.
        case relative
    }

    /// The URL string as written.
    public let string: String

    /// Wraps `string`.
    public init(_ string: String) { self.string = string }

    /// The URL's scheme class.
    public var scheme: Scheme {
        let lower = string.lowercased()
        if lower.hasPrefix("file:") { return .file }
        if lower.hasPrefix("local://") { return .local }
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return .http }
        if let colon = lower.firstIndex(of: ":"), lower[..<colon].allSatisfy({ $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." }),
           lower.distance(from: lower.startIndex, to: colon) > 1 {
            return .other
        }
        return .relative
    }

    /// For `file:` and `local://` URLs, the path part (`file:///a/b.json` -> `/a/b.json`,
    /// `local://geojson/x.json` -> `geojson/x.json`); for relative URLs the string itself.
    public var path: String? {
        switch scheme {
        case .file:
            var rest = string.dropFirst(5)
            if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
            return String(rest)
        case .local: return String(string.dropFirst("local://".count))
        case .relative: return string
        case .http, .other: return nil
        }
    }

    /// The file this URL names, for `file:`, `local://` and relative URLs: `local://` paths
    /// resolve under `localRoot` (the render tests' fixture folder), relative paths under
    /// `styleDirectory`. `nil` for remote URLs or when the needed folder is not given.
    public func fileURL(styleDirectory: URL? = nil, localRoot: URL? = nil) -> URL? {
        guard let path, !path.isEmpty else { return nil }
        switch scheme {
        case .file: return URL(fileURLWithPath: path.removingPercentEncoding ?? path)
        case .local: return localRoot?.appendingPathComponent(path.removingPercentEncoding ?? path)
        case .relative:
            if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
            return styleDirectory?.appendingPathComponent(path)
        case .http, .other: return nil
        }
    }

    public var description: String { string }
}
