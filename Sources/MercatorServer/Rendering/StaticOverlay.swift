import Foundation
import Mercator

/// Paths and markers drawn over a static image, from tileserver-gl's query parameters:
/// `path=[stroke:COLOR|width:N|fill:COLOR|]LON,LAT|LON,LAT…` (repeatable), `marker=LON,LAT[|color:COLOR][|size:N]`
/// (repeatable), and defaults `stroke`, `width`, `fill`, `latlng=1` (coordinates given LAT,LON).
struct StaticOverlay: Sendable {
    struct Path: Sendable {
        var coordinates: [(lon: Double, lat: Double)]
        var stroke = "rgba(0,64,255,0.7)"
        var width = 3.0
        var fill: String?
    }

    struct Marker: Sendable {
        var lon: Double
        var lat: Double
        var color = "#e74c3c"
        var size = 8.0
    }

    var paths: [Path] = []
    var markers: [Marker] = []

    var isEmpty: Bool { paths.isEmpty && markers.isEmpty }

    static let sourceID = "mercator-static-overlay"

    /// Parses the overlay parameters of a query.
    /// - Throws: ``ServerError`` 400 naming the parameter that is malformed.
    init(query: [(String, String)]) throws(ServerError) {
        func value(_ key: String) -> String? { query.last { $0.0 == key }?.1 }
        let latLng = ["1", "true"].contains(value("latlng") ?? "")
        let defaultStroke = value("stroke"), defaultFill = value("fill")
        let defaultWidth: Double?
        if let w = value("width") {
            guard let n = Double(w), n.isFinite, n >= 0, n <= 100 else { throw .badRequest("width must be a number of pixels from 0 to 100 (found \(w))") }
            defaultWidth = n
        } else {
            defaultWidth = nil
        }
        func coordinate(_ text: Substring, _ parameter: String) throws(ServerError) -> (lon: Double, lat: Double) {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let a = parts[0], let b = parts[1], a.isFinite, b.isFinite else {
                throw .badRequest("\(parameter): \"\(text)\" is not a coordinate LON,LAT")
            }
            let (lon, lat) = latLng ? (b, a) : (a, b)
            guard abs(lat) <= 90, abs(lon) <= 360 else { throw .badRequest("\(parameter): \(text) is outside the world") }
            return (lon, lat)
        }
        for (key, text) in query where key == "path" {
            var path = Path(coordinates: [])
            if let defaultStroke { path.stroke = defaultStroke }
            if let defaultWidth { path.width = defaultWidth }
            path.fill = defaultFill
            for part in text.split(separator: "|") {
                if let colon = part.firstIndex(of: ":") {
                    let name = part[..<colon], v = String(part[part.index(after: colon)...])
                    switch name {
                    case "stroke": path.stroke = v
                    case "fill": path.fill = v
                    case "width":
                        guard let n = Double(v), n.isFinite, n >= 0, n <= 100 else { throw .badRequest("path width must be 0 to 100 (found \(v))") }
                        path.width = n
                    default: throw .badRequest("path: unknown option \"\(name)\" (stroke, fill, width)")
                    }
                } else {
                    path.coordinates.append(try coordinate(part, "path"))
                }
            }
            guard path.coordinates.count >= 2 else { throw .badRequest("path needs at least two coordinates") }
            guard path.coordinates.count <= 10_000 else { throw .badRequest("path has more than 10000 coordinates") }
            for c in [path.stroke] + (path.fill.map { [$0] } ?? []) where Color(css: c) == nil {
                throw .badRequest("path: \"\(c)\" is not a CSS colour")
            }
            paths.append(path)
        }
        for (key, text) in query where key == "marker" {
            let parts = text.split(separator: "|")
            guard let first = parts.first else { throw .badRequest("marker needs a coordinate LON,LAT") }
            let c = try coordinate(first, "marker")
            var marker = Marker(lon: c.lon, lat: c.lat)
            for part in parts.dropFirst() {
                let kv = part.split(separator: ":", maxSplits: 1).map(String.init)
                if kv.count == 2, kv[0] == "color", Color(css: kv[1]) != nil {
                    marker.color = kv[1]
                } else if kv.count == 2, kv[0] == "size" || kv[0] == "scale", let n = Double(kv[1]), n > 0, n <= 64 {
                    marker.size = kv[0] == "scale" ? 8 * n : n
                }
                // other options (icons, offsets) are accepted and drawn as the default marker
            }
            markers.append(marker)
        }
        guard paths.count + markers.count <= 100 else { throw .badRequest("at most 100 paths and markers") }
    }

    /// The box holding every path and marker, or nil when there are none.
    var bounds: BoundingBox? {
        let all = paths.flatMap(\.coordinates) + markers.map { ($0.lon, $0.lat) }
        guard let first = all.first else { return nil }
        var w = first.0, e = first.0, s = first.1, n = first.1
        for (lon, lat) in all {
            w = min(w, lon); e = max(e, lon); s = min(s, lat); n = max(n, lat)
        }
        return BoundingBox(west: w, south: s, east: e, north: n)
    }

    /// Adds the overlay's source and layers on top of `style`; returns the layer identifiers added.
    func add(to style: Style) throws -> [String] {
        var features: [JSONValue] = []
        for (i, p) in paths.enumerated() {
            let line: JSONValue = .array(p.coordinates.map { [.double($0.lon), .double($0.lat)] })
            let closed = p.fill != nil && p.coordinates.count >= 3
            var ring = p.coordinates
            if closed, let f = ring.first, let l = ring.last, f != l { ring.append(f) }
            let geometry: JSONValue = closed ? ["type": "Polygon", "coordinates": [.array(ring.map { [.double($0.lon), .double($0.lat)] })]]
                : ["type": "LineString", "coordinates": line]
            features.append(["type": "Feature", "geometry": geometry,
                             "properties": ["kind": "path", "i": .int(Int64(i)), "stroke": .string(p.stroke), "width": .double(p.width),
                                            "fill": .string(p.fill ?? "rgba(0,0,0,0)")]])
        }
        for m in markers {
            features.append(["type": "Feature", "geometry": ["type": "Point", "coordinates": [.double(m.lon), .double(m.lat)]],
                             "properties": ["kind": "marker", "color": .string(m.color), "size": .double(m.size)]])
        }
        let data: JSONValue = ["type": "FeatureCollection", "features": .array(features)]
        try style.addSource(StyleSource(identifier: Self.sourceID, json: ["type": "geojson", "data": data]))
        let layers: [JSONValue] = [
            ["id": "mercator-overlay-fill", "type": "fill", "source": .string(Self.sourceID),
             "filter": ["==", ["geometry-type"], "Polygon"], "paint": ["fill-color": ["to-color", ["get", "fill"]]]],
            ["id": "mercator-overlay-line", "type": "line", "source": .string(Self.sourceID), "filter": ["==", ["get", "kind"], "path"],
             "layout": ["line-join": "round", "line-cap": "round"],
             "paint": ["line-color": ["to-color", ["get", "stroke"]], "line-width": ["get", "width"]]],
            ["id": "mercator-overlay-marker", "type": "circle", "source": .string(Self.sourceID), "filter": ["==", ["get", "kind"], "marker"],
             "paint": ["circle-color": ["to-color", ["get", "color"]], "circle-radius": ["get", "size"],
                       "circle-stroke-color": "#ffffff", "circle-stroke-width": 2]],
        ]
        var ids: [String] = []
        for layer in layers {
            try style.addLayer(StyleLayer(json: layer))
            ids.append(layer["id"]!.string!)
        }
        return ids
    }

    /// Removes what ``add(to:)`` added.
    func remove(_ layers: [String], from style: Style) {
        for id in layers { _ = try? style.removeLayer(withIdentifier: id) }
        _ = try? style.removeSource(withIdentifier: Self.sourceID)
    }
}
