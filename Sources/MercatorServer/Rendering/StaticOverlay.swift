import Foundation
import Mercator

/// Paths and markers drawn over a static image, from tileserver-gl's query parameters:
/// `path=[fill:C|stroke:C|width:N|border:C|borderwidth:N|](LON,LAT|LON,LAT…|enc:POLYLINE)` (repeatable),
/// `marker=LON,LAT[|ICON][|scale:N][|offset:X,Y][|color:C][|size:N]` (repeatable), the defaults `fill`, `stroke`,
/// `width`, `border`, `borderwidth`, `linecap`, `linejoin`, and `latlng=1` (coordinates given LAT,LON).
struct StaticOverlay: Sendable {
    struct Path: Sendable {
        var coordinates: [(lon: Double, lat: Double)]
        var stroke = "rgba(0,64,255,0.7)"
        var width = 3.0
        var fill: String?
        var border: String?
        var borderWidth: Double?
    }

    struct Marker: Sendable {
        var lon: Double
        var lat: Double
        var color = "#e74c3c"
        var size = 8.0
        /// The icon (tileserver-gl's `iconPath`): drawn with its bottom centre at the location.
        var icon: MarkerIcons.Icon?
        var scale = 1.0
        var offset = (x: 0.0, y: 0.0)
    }

    var paths: [Path] = []
    var markers: [Marker] = []
    /// `linecap`: butt, round or square.
    var lineCap = "round"
    /// `linejoin`: bevel, round or miter.
    var lineJoin = "round"
    /// Text drawn in the bottom-right corner (`staticAttributionText`), with the font stack it is drawn in.
    var attribution: (text: String, font: String)?

    var isEmpty: Bool { paths.isEmpty && markers.isEmpty && attribution == nil }

    static let sourceID = "mercator-static-overlay"

    /// How coordinates in the query are turned into longitude and latitude.
    enum Coordinates: Sendable {
        /// WGS84 degrees.
        case degrees
        /// EPSG:3857 metres (`/static/raw/…`).
        case webMercatorMeters
    }

    /// Parses the overlay parameters of a query.
    /// - Throws: ``ServerError`` 400 naming the parameter that is malformed.
    init(query: [(String, String)], coordinates: Coordinates = .degrees, icons: MarkerIcons? = nil) async throws(ServerError) {
        func value(_ key: String) -> String? { query.last { $0.0 == key }?.1 }
        let latLng = ["1", "true"].contains(value("latlng") ?? "")
        let defaultStroke = value("stroke"), defaultFill = value("fill"), defaultBorder = value("border")
        func number(_ text: String, _ name: String, _ range: ClosedRange<Double>) throws(ServerError) -> Double {
            guard let n = Double(text), n.isFinite, range.contains(n) else {
                throw .badRequest("\(name) must be a number from \(StaticOverlay.show(range.lowerBound)) to \(StaticOverlay.show(range.upperBound)) (found \(text))")
            }
            return n
        }
        let defaultWidth = try value("width").map { (w: String) throws(ServerError) in try number(w, "width", 0...100) }
        let defaultBorderWidth = try (value("borderwidth") ?? value("borderWidth")).map { (w: String) throws(ServerError) in try number(w, "borderwidth", 0...100) }
        if let cap = value("linecap") {
            guard ["butt", "round", "square"].contains(cap) else { throw .badRequest("linecap must be butt, round or square (found \(cap))") }
            lineCap = cap
        }
        if let join = value("linejoin") {
            guard ["bevel", "round", "miter"].contains(join) else { throw .badRequest("linejoin must be bevel, round or miter (found \(join))") }
            lineJoin = join
        }
        func coordinate(_ text: Substring, _ parameter: String) throws(ServerError) -> (lon: Double, lat: Double) {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let a = parts[0], let b = parts[1], a.isFinite, b.isFinite else {
                throw .badRequest("\(parameter): \"\(text)\" is not a coordinate \(coordinates == .degrees ? "LON,LAT" : "X,Y in EPSG:3857 metres")")
            }
            var (x, y) = latLng ? (b, a) : (a, b)
            if coordinates == .webMercatorMeters {
                guard abs(x) <= 2 * WebMercator.originShift, abs(y) <= 2 * WebMercator.originShift else {
                    throw .badRequest("\(parameter): \(text) is outside the EPSG:3857 world")
                }
                (x, y) = StaticOverlay.degrees(x: x, y: y)
            }
            guard abs(y) <= 90, abs(x) <= 360 else { throw .badRequest("\(parameter): \(text) is outside the world") }
            return (x, y)
        }
        for (key, text) in query where key == "path" {
            var path = Path(coordinates: [])
            if let defaultStroke { path.stroke = defaultStroke }
            if let defaultWidth { path.width = defaultWidth }
            path.fill = defaultFill
            path.border = defaultBorder
            path.borderWidth = defaultBorderWidth
            var rest = Substring(text)
            // Options come first (`name:value|`); then an encoded polyline (everything after `enc:`) or coordinates.
            while !rest.hasPrefix("enc:"), let colon = rest.firstIndex(of: ":"), rest[..<colon].allSatisfy(\.isLetter) {
                let end = rest.firstIndex(of: "|") ?? rest.endIndex
                let name = rest[..<colon], v = String(rest[rest.index(after: colon)..<end])
                switch name {
                case "stroke": path.stroke = v
                case "fill": path.fill = v
                case "border": path.border = v
                case "width": path.width = try number(v, "path width", 0...100)
                case "borderwidth", "borderWidth": path.borderWidth = try number(v, "path borderwidth", 0...100)
                default: throw .badRequest("path: unknown option \"\(name)\" (fill, stroke, width, border, borderwidth)")
                }
                rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[end...]
            }
            if rest.hasPrefix("enc:") {
                path.coordinates = try EncodedPolyline.decode(rest.dropFirst(4))
            } else {
                for part in rest.split(separator: "|") { path.coordinates.append(try coordinate(part, "path")) }
            }
            guard path.coordinates.count >= 2 else { throw .badRequest("path needs at least two coordinates") }
            guard path.coordinates.count <= 10_000 else { throw .badRequest("path has more than 10000 coordinates") }
            for c in [path.stroke] + [path.fill, path.border].compactMap({ $0 }) where Color(css: c) == nil {
                throw .badRequest("path: \"\(c)\" is not a CSS colour")
            }
            paths.append(path)
        }
        for (key, text) in query where key == "marker" {
            let parts = text.split(separator: "|")
            guard let first = parts.first else { throw .badRequest("marker needs a coordinate LON,LAT") }
            let c = try coordinate(first, "marker")
            var marker = Marker(lon: c.lon, lat: c.lat)
            for (index, part) in parts.dropFirst().enumerated() {
                let kv = part.split(separator: ":", maxSplits: 1).map(String.init)
                let isIcon = ["http://", "https://", "data:"].contains { part.lowercased().hasPrefix($0) }
                let name = !isIcon && kv.count == 2 && kv[0].allSatisfy(\.isLetter) ? kv[0] : nil
                switch name {
                case "color"?:
                    guard Color(css: kv[1]) != nil else { throw .badRequest("marker color: \"\(kv[1])\" is not a CSS colour") }
                    marker.color = kv[1]
                case "size"?:
                    marker.size = try number(kv[1], "marker size", 0.5...64)
                case "scale"?:
                    marker.scale = try number(kv[1], "marker scale", 0.01...10)
                case "offset"?:
                    let xy = kv[1].split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
                    guard (1...2).contains(xy.count), xy.allSatisfy({ $0.map { $0.isFinite && abs($0) < 1000 } ?? false }) else {
                        throw .badRequest("marker offset must be X[,Y] in pixels, each below 1000 (found \(kv[1]))")
                    }
                    marker.offset = (xy[0]!, xy.count == 2 ? xy[1]! : 0)
                case nil where index == 0 || isIcon:
                    // tileserver-gl's iconPath: a file in options.paths.icons, an http(s) URL or a data: URL.
                    guard let icons else { throw .badRequest("marker icons are not served here") }
                    marker.icon = try await icons.icon(String(part))
                default:
                    throw .badRequest("marker: unknown option \"\(part)\" (an icon, then scale:N, offset:X,Y, color:C, size:N)")
                }
            }
            if marker.icon == nil { marker.size *= marker.scale }
            markers.append(marker)
        }
        guard paths.count + markers.count <= 100 else { throw .badRequest("at most 100 paths and markers") }
    }

    /// `n` without a fraction when it has none (`100`, `0.5`).
    static func show(_ n: Double) -> String { n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n) }

    /// EPSG:3857 metres as longitude and latitude.
    static func degrees(x: Double, y: Double) -> (lon: Double, lat: Double) {
        let r = WebMercator.earthRadius
        return (x / r * 180 / .pi, (2 * atan(exp(y / r)) - .pi / 2) * 180 / .pi)
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

    /// Adds the overlay's source, images and layers on top of `map`'s style (the map's camera and size set);
    /// returns the layer identifiers added.
    func add(to map: Map) throws -> [String] {
        let style = map.style
        var features: [JSONValue] = []
        for (i, p) in paths.enumerated() {
            let line: JSONValue = .array(p.coordinates.map { [.double($0.lon), .double($0.lat)] })
            let closed = p.fill != nil && p.coordinates.count >= 3
            var ring = p.coordinates
            if closed, let f = ring.first, let l = ring.last, f != l { ring.append(f) }
            let geometry: JSONValue = closed ? ["type": "Polygon", "coordinates": [.array(ring.map { [.double($0.lon), .double($0.lat)] })]]
                : ["type": "LineString", "coordinates": line]
            let borderWidth = p.border == nil ? 0 : (p.borderWidth ?? p.width * 0.1)
            features.append(["type": "Feature", "geometry": geometry,
                             "properties": ["kind": "path", "i": .int(Int64(i)), "stroke": .string(p.stroke), "width": .double(p.width),
                                            "fill": .string(p.fill ?? "rgba(0,0,0,0)"), "border": .string(p.border ?? "rgba(0,0,0,0)"),
                                            "borderwidth": .double(p.width + 2 * borderWidth)]])
        }
        for (i, m) in markers.enumerated() {
            var properties: JSONObject = ["kind": "marker", "color": .string(m.color), "size": .double(m.size)]
            if let icon = m.icon {
                let name = "mercator-marker-\(i)"
                try style.setImage(StyleImageData(width: icon.image.width, height: icon.image.height, pixels: icon.image.pixels, pixelRatio: 1), forName: name)
                properties["kind"] = "icon"
                properties["icon"] = .string(name)
                properties["scale"] = .double(m.scale)
                properties["offset"] = [.double(m.offset.x), .double(m.offset.y)]
            }
            features.append(["type": "Feature", "geometry": ["type": "Point", "coordinates": [.double(m.lon), .double(m.lat)]],
                             "properties": .object(properties)])
        }
        if let attribution, let corner = map.coordinate(for: Point(x: Double(map.size.width) - 4, y: Double(map.size.height) - 3)) {
            features.append(["type": "Feature", "geometry": ["type": "Point", "coordinates": [.double(corner.longitude), .double(corner.latitude)]],
                             "properties": ["kind": "attribution", "text": .string(attribution.text)]])
        }
        let data: JSONValue = ["type": "FeatureCollection", "features": .array(features)]
        try style.addSource(StyleSource(identifier: Self.sourceID, json: ["type": "geojson", "data": data]))
        var layers: [JSONValue] = [
            ["id": "mercator-overlay-fill", "type": "fill", "source": .string(Self.sourceID),
             "filter": ["==", ["geometry-type"], "Polygon"], "paint": ["fill-color": ["to-color", ["get", "fill"]]]],
            ["id": "mercator-overlay-border", "type": "line", "source": .string(Self.sourceID), "filter": ["==", ["get", "kind"], "path"],
             "layout": ["line-join": .string(lineJoin), "line-cap": .string(lineCap)],
             "paint": ["line-color": ["to-color", ["get", "border"]], "line-width": ["get", "borderwidth"]]],
            ["id": "mercator-overlay-line", "type": "line", "source": .string(Self.sourceID), "filter": ["==", ["get", "kind"], "path"],
             "layout": ["line-join": .string(lineJoin), "line-cap": .string(lineCap)],
             "paint": ["line-color": ["to-color", ["get", "stroke"]], "line-width": ["get", "width"]]],
            ["id": "mercator-overlay-marker", "type": "circle", "source": .string(Self.sourceID), "filter": ["==", ["get", "kind"], "marker"],
             "paint": ["circle-color": ["to-color", ["get", "color"]], "circle-radius": ["get", "size"],
                       "circle-stroke-color": "#ffffff", "circle-stroke-width": 2]],
            ["id": "mercator-overlay-icon", "type": "symbol", "source": .string(Self.sourceID), "filter": ["==", ["get", "kind"], "icon"],
             "layout": ["icon-image": ["get", "icon"], "icon-size": ["get", "scale"], "icon-offset": ["get", "offset"], "icon-anchor": "bottom",
                        "icon-allow-overlap": true, "icon-ignore-placement": true]],
        ]
        if let attribution {
            layers.append(["id": "mercator-overlay-attribution", "type": "symbol", "source": .string(Self.sourceID),
                           "filter": ["==", ["get", "kind"], "attribution"],
                           "layout": ["text-field": ["get", "text"], "text-font": [.string(attribution.font)], "text-size": 11,
                                      "text-anchor": "bottom-right", "text-justify": "right", "text-allow-overlap": true,
                                      "text-ignore-placement": true, "text-max-width": 100],
                           "paint": ["text-color": "#333333", "text-halo-color": "rgba(255,255,255,0.8)", "text-halo-width": 2]])
        }
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
        for i in markers.indices where markers[i].icon != nil { style.removeImage(forName: "mercator-marker-\(i)") }
    }
}
