import Foundation
public import GeoJSON

/// What an offline region holds: a style and the area and zoom range whose tiles are downloaded —
/// a tile pyramid over bounds, or the tiles a GeoJSON geometry touches.
///
/// Stored in `regions.definition` as MapLibre Native's JSON (`style_url`, `min_zoom`, `max_zoom`,
/// `pixel_ratio`, `include_ideographs`, then `bounds` as `[south, west, north, east]` or `geometry`),
/// numbers always written as doubles (`0.0`), which MapLibre's reader requires.
public struct OfflineRegionDefinition: Sendable, Hashable {
    /// The area of the region.
    public enum Area: Sendable, Hashable {
        case bounds(west: Double, south: Double, east: Double, north: Double)
        /// A GeoJSON geometry object.
        case geometry(JSONValue)
    }

    public var styleURL: String
    public var area: Area
    public var minimumZoom: Double
    /// `.infinity` for no limit (the key is then left out, as MapLibre does).
    public var maximumZoom: Double
    public var pixelRatio: Double
    /// Whether glyph ranges of CJK ideographs are downloaded (MapLibre's default: yes).
    public var includesIdeographs: Bool

    public init(styleURL: String, area: Area, minimumZoom: Double, maximumZoom: Double, pixelRatio: Double = 1,
                includesIdeographs: Bool = true) {
        self.styleURL = styleURL
        self.area = area
        self.minimumZoom = minimumZoom
        self.maximumZoom = maximumZoom
        self.pixelRatio = pixelRatio
        self.includesIdeographs = includesIdeographs
    }

    /// Why a definition is invalid (MapLibre's rules), or nil.
    public var problem: String? {
        if !minimumZoom.isFinite || minimumZoom < 0 { return "min_zoom must be a finite number ≥ 0" }
        if maximumZoom.isNaN || maximumZoom < minimumZoom { return "max_zoom must be ≥ min_zoom" }
        if !pixelRatio.isFinite || pixelRatio < 0 { return "pixel_ratio must be a finite number ≥ 0" }
        if case .bounds(let w, let s, let e, let n) = area, !(w <= e && s <= n && s >= -90 && n <= 90) {
            return "bounds must be west ≤ east and -90 ≤ south ≤ north ≤ 90"
        }
        if case .geometry(let json) = area {
            do {
                guard case .geometry = try GeoJSONObject(json: json, options: .lenient) else { return "geometry must be a GeoJSON geometry, not a feature" }
            } catch {
                return "geometry: \(error.description)"
            }
        }
        return nil
    }

    /// The area's GeoJSON geometry (read leniently: unclosed rings are closed), nil for bounds.
    public var geometry: Geometry? {
        guard case .geometry(let json) = area, case .geometry(let geometry, _)? = try? GeoJSONObject(json: json, options: .lenient) else { return nil }
        return geometry
    }

    /// The bounding box of the area (west, south, east, north).
    public var boundingBox: (west: Double, south: Double, east: Double, north: Double) {
        switch area {
        case .bounds(let w, let s, let e, let n): return (w, s, e, n)
        case .geometry(let json):
            var box = (west: Double.infinity, south: Double.infinity, east: -Double.infinity, north: -Double.infinity)
            func visit(_ value: JSONValue) {
                if let pair = value.array, pair.count >= 2, let x = pair[0].number, let y = pair[1].number {
                    box = (min(box.west, x), min(box.south, y), max(box.east, x), max(box.north, y))
                } else if let list = value.array {
                    list.forEach(visit)
                } else if let geometries = value["geometries"]?.array {
                    geometries.forEach(visit)
                }
            }
            if let coordinates = json["coordinates"] { visit(coordinates) } else { visit(json) }
            return box.west.isFinite ? box : (-180, -WebMercator.maximumLatitude, 180, WebMercator.maximumLatitude)
        }
    }

    /// MapLibre's JSON text.
    public func encoded() -> String {
        var members = ["\"style_url\":\(Self.string(styleURL))", "\"min_zoom\":\(Self.number(minimumZoom))"]
        if maximumZoom.isFinite { members.append("\"max_zoom\":\(Self.number(maximumZoom))") }
        members.append("\"pixel_ratio\":\(Self.number(pixelRatio))")
        members.append("\"include_ideographs\":\(includesIdeographs)")
        switch area {
        case .bounds(let w, let s, let e, let n):
            members.append("\"bounds\":[\([s, w, n, e].map(Self.number).joined(separator: ","))]")
        case .geometry(let geometry):
            members.append("\"geometry\":\(geometry.serialized())")
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// Reads MapLibre's JSON text.
    /// - Throws: a message naming the member that is missing or wrong.
    public init(decoding text: String) throws(DefinitionError) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: Data(text.utf8))
        } catch {
            throw DefinitionError(message: "not JSON: \(error)")
        }
        guard let style = json["style_url"]?.string else { throw DefinitionError(message: "no style_url string") }
        guard let minZoom = json["min_zoom"]?.number else { throw DefinitionError(message: "no min_zoom number") }
        guard let ratio = json["pixel_ratio"]?.number else { throw DefinitionError(message: "no pixel_ratio number") }
        let maxZoom: Double
        if let value = json["max_zoom"] {
            guard let number = value.number else { throw DefinitionError(message: "max_zoom is not a number") }
            maxZoom = number
        } else {
            maxZoom = .infinity
        }
        let ideographs = json["include_ideographs"]?.bool ?? true
        let area: Area
        if let bounds = json["bounds"]?.array?.compactMap(\.number), bounds.count == 4 {
            // [south, west, north, east]; MapLibre takes the hull of the two corners
            area = .bounds(west: min(bounds[1], bounds[3]), south: min(bounds[0], bounds[2]),
                           east: max(bounds[1], bounds[3]), north: max(bounds[0], bounds[2]))
        } else if let geometry = json["geometry"], case .object = geometry {
            area = .geometry(geometry)
        } else {
            throw DefinitionError(message: "neither bounds [s, w, n, e] nor a geometry object")
        }
        self.init(styleURL: style, area: area, minimumZoom: minZoom, maximumZoom: maxZoom, pixelRatio: ratio, includesIdeographs: ideographs)
        if let problem { throw DefinitionError(message: problem) }
    }

    /// Why a stored definition cannot be read.
    public struct DefinitionError: Error, Sendable, Hashable {
        public var message: String
    }

    /// A number as a JSON double: always with a `.` or an exponent (`0.0`), as rapidjson writes doubles.
    static func number(_ value: Double) -> String {
        let text = "\(value)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    static func string(_ value: String) -> String {
        JSONValue.string(value).serialized()
    }
}
