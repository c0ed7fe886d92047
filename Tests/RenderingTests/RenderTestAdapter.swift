import Foundation
import GeoJSON
import Rendering

/// A tiny test-only adapter: turns a MapLibre render test whose style uses only constant paint values into a
/// `RenderScene`. Anything it does not understand (expressions, functions, filters, operations) makes it
/// return `nil` so the test is counted as unsupported rather than failed.
struct RenderTestCase {
    let name: String
    let scene: RenderScene
    let allowed: Double
    let expected: [RGBAImage]

    /// A GeoJSON geometry with its feature's properties.
    struct SourceFeature {
        var geometry: JSONValue
        var properties: JSONObject?
    }

    static func load(directory: URL, root: URL) -> RenderTestCase? {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("style.json")),
              var style = try? JSONValue(parsing: data) else { return nil }
        let test = style["metadata"]?["test"]
        if let ops = test?["operations"]?.array {
            guard let applied = applyOperations(ops, to: style) else { return nil }
            style = applied
        }
        let width = Int(test?["width"]?.number ?? 512)
        let height = Int(test?["height"]?.number ?? 512)
        let ratio = test?["pixelRatio"]?.number ?? 1
        let allowed = test?["allowed"]?.number ?? 0.00015
        var camera = Camera()
        if let c = style["center"]?.array, c.count == 2, let lon = c[0].number, let lat = c[1].number {
            camera.center = Coordinate(longitude: lon, latitude: lat)
        }
        camera.zoom = style["zoom"]?.number ?? 0
        camera.bearing = style["bearing"]?.number ?? 0
        camera.pitch = style["pitch"]?.number ?? 0
        var sources: [String: [SourceFeature]] = [:]
        if let obj = style["sources"]?.object {
            for (id, source) in obj {
                guard source["type"]?.string == "geojson" else { return nil }
                var geo = source["data"]
                if let url = geo?.string {
                    guard url.hasPrefix("local://") else { return nil }
                    if let d = try? Data(contentsOf: root.appendingPathComponent(String(url.dropFirst(8)))),
                       let v = try? JSONValue(parsing: d) {
                        geo = v
                    } else {
                        geo = .object(JSONObject())  // MapLibre draws nothing for unreadable data
                    }
                }
                guard let geo else { return nil }
                sources[id] = features(of: geo)
            }
        }
        let zoom = camera.zoom
        var layers: [RenderLayer] = []
        for layer in style["layers"]?.array ?? [] {
            guard let type = layer["type"]?.string else { return nil }
            if layer["filter"] != nil { return nil }
            if layer["layout"]?["visibility"]?.string == "none" { continue }
            if let minz = layer["minzoom"]?.number, zoom < minz { continue }
            if let maxz = layer["maxzoom"]?.number, zoom >= maxz { continue }
            let paint = layer["paint"]?.object ?? [:]
            let layout = layer["layout"]?.object ?? [:]
            if layout["line-sort-key"] != nil || layout["fill-sort-key"] != nil { return nil }
            let all = layer["source"]?.string.flatMap { sources[$0] } ?? []
            let kept: [SourceFeature]
            switch type {
            case "fill": kept = all.filter { fillFeature($0.geometry) != nil }
            case "line": kept = all.filter { lineFeature($0.geometry) != nil }
            case "circle": kept = all.filter { circleFeature($0.geometry) != nil }
            default: kept = []
            }
            var unsupported = false
            func value(_ json: JSONValue?, color: Bool) -> FeatureValue<TestStyleEvaluator.Value>? {
                guard let json else { return nil }
                if TestStyleEvaluator.isDataDriven(json) {
                    var values: [TestStyleEvaluator.Value] = []
                    for f in kept {
                        guard let v = TestStyleEvaluator.evaluate(json, zoom: zoom, properties: f.properties,
                                                                  colorProperty: color) else {
                            unsupported = true
                            return nil
                        }
                        values.append(v)
                    }
                    return .perFeature(values)
                }
                guard let v = TestStyleEvaluator.evaluate(json, zoom: zoom, properties: nil, colorProperty: color) else {
                    unsupported = true
                    return nil
                }
                return .constant(v)
            }
            func map<T>(_ v: FeatureValue<TestStyleEvaluator.Value>?, _ f: (TestStyleEvaluator.Value) -> T?) -> FeatureValue<T>? {
                switch v {
                case .none: return nil
                case .constant(let x)?:
                    guard let y = f(x) else { unsupported = true; return nil }
                    return .constant(y)
                case .perFeature(let xs)?:
                    var ys: [T] = []
                    for x in xs {
                        guard let y = f(x) else { unsupported = true; return nil }
                        ys.append(y)
                    }
                    return ys.isEmpty ? nil : .perFeature(ys)
                }
            }
            func num(_ k: String, _ d: Double, layout isLayout: Bool = false) -> FeatureValue<Double> {
                map(value(isLayout ? layout[k] : paint[k], color: false), { $0.number }) ?? .constant(d)
            }
            func col(_ k: String, _ d: RenderColor) -> FeatureValue<RenderColor> {
                map(value(paint[k], color: true), { if case .color(let c) = $0 { return c }; return nil }) ?? .constant(d)
            }
            func constantNumber(_ json: JSONValue?, _ d: Double) -> Double {
                guard let json else { return d }
                if case .number(let n)? = TestStyleEvaluator.evaluate(json, zoom: zoom, properties: nil, colorProperty: false) {
                    return n
                }
                unsupported = true
                return d
            }
            func constantString(_ json: JSONValue?, _ d: String) -> String {
                guard let json else { return d }
                if case .string(let s)? = TestStyleEvaluator.evaluate(json, zoom: zoom, properties: nil, colorProperty: false) {
                    return s
                }
                unsupported = true
                return d
            }
            func pt(_ k: String) -> Point {
                guard let json = paint[k] else { return Point(x: 0, y: 0) }
                if case .numbers(let a)? = TestStyleEvaluator.evaluate(json, zoom: zoom, properties: nil, colorProperty: false),
                   a.count == 2 {
                    return Point(x: a[0], y: a[1])
                }
                unsupported = true
                return Point(x: 0, y: 0)
            }
            switch type {
            case "background":
                guard case .constant(let c) = col("background-color", .black),
                      case .constant(let o) = num("background-opacity", 1) else { return nil }
                if paint["background-pattern"] != nil { return nil }
                layers.append(.background(BackgroundLayer(color: c, opacity: o)))
            case "fill":
                var fill = FillLayer(features: kept.compactMap { fillFeature($0.geometry) })
                if paint["fill-pattern"] != nil { return nil }
                fill.color = col("fill-color", .black)
                fill.opacity = num("fill-opacity", 1)
                if paint["fill-outline-color"] != nil { fill.outlineColor = col("fill-outline-color", .black) }
                fill.antialias = paint["fill-antialias"]?.bool ?? true
                fill.translate = pt("fill-translate")
                fill.translateAnchor = TranslateAnchor(rawValue: constantString(paint["fill-translate-anchor"], "map")) ?? .map
                layers.append(.fill(fill))
            case "line":
                var line = LineLayer(features: kept.compactMap { lineFeature($0.geometry) })
                if paint["line-pattern"] != nil { return nil }
                if let g = paint["line-gradient"] {
                    var ramp: [RenderColor] = []
                    for k in 0..<256 {
                        let at = substituting(["line-progress"], with: .double(Double(k) / 255), in: g)
                        guard case .color(let c)? = TestStyleEvaluator.evaluate(at, zoom: zoom, properties: nil,
                                                                               colorProperty: true) else { return nil }
                        ramp.append(c)
                    }
                    line.gradient = ramp
                }
                line.color = col("line-color", .black)
                line.opacity = num("line-opacity", 1)
                line.width = num("line-width", 1)
                if let w = paint["line-width"], w.object != nil || w.array?.first?.string != nil {
                    // MapLibre scales dashes by the width at the integer zoom (floorwidth).
                    let floorZoom = zoom.rounded(.down)
                    if TestStyleEvaluator.isDataDriven(w) {
                        line.dashWidth = .perFeature(kept.map {
                            TestStyleEvaluator.evaluate(w, zoom: floorZoom, properties: $0.properties, colorProperty: false)?.number ?? 1
                        })
                    } else if case .number(let fw)? = TestStyleEvaluator.evaluate(w, zoom: floorZoom, properties: nil,
                                                                                  colorProperty: false) {
                        line.dashWidth = .constant(fw)
                    }
                }
                line.gapWidth = num("line-gap-width", 0)
                line.offset = num("line-offset", 0)
                line.blur = num("line-blur", 0)
                if let d = paint["line-dasharray"] {
                    if TestStyleEvaluator.isDataDriven(d) { return nil }
                    guard case .numbers(let a)? = TestStyleEvaluator.evaluate(d, zoom: zoom, properties: nil,
                                                                              colorProperty: false) else { return nil }
                    line.dashArray = a
                }
                line.join = map(value(layout["line-join"], color: false), {
                    if case .string(let s) = $0 { return LineJoin(rawValue: s) }; return nil
                }) ?? .constant(.miter)
                line.cap = LineCap(rawValue: constantString(layout["line-cap"], "butt")) ?? .butt
                line.miterLimit = constantNumber(layout["line-miter-limit"], 2)
                line.roundLimit = constantNumber(layout["line-round-limit"], 1.05)
                line.translate = pt("line-translate")
                line.translateAnchor = TranslateAnchor(rawValue: constantString(paint["line-translate-anchor"], "map")) ?? .map
                layers.append(.line(line))
            case "circle":
                var features = kept
                if let key = layout["circle-sort-key"] {
                    var keyed: [(Double, Int, SourceFeature)] = []
                    for (i, f) in kept.enumerated() {
                        guard case .number(let k)? = TestStyleEvaluator.evaluate(key, zoom: zoom, properties: f.properties,
                                                                                colorProperty: false) else { return nil }
                        keyed.append((k, i, f))
                    }
                    features = keyed.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
                }
                var circle = CircleLayer(features: features.compactMap { circleFeature($0.geometry) })
                if layout["circle-sort-key"] != nil {
                    // Per-feature values follow the sorted order.
                    if paint.contains(where: { TestStyleEvaluator.isDataDriven($0.value) }) { return nil }
                }
                circle.color = col("circle-color", .black)
                circle.strokeColor = col("circle-stroke-color", .black)
                circle.radius = num("circle-radius", 5)
                circle.blur = num("circle-blur", 0)
                circle.opacity = num("circle-opacity", 1)
                circle.strokeWidth = num("circle-stroke-width", 0)
                circle.strokeOpacity = num("circle-stroke-opacity", 1)
                circle.pitchScale = CirclePitchMode(rawValue: constantString(paint["circle-pitch-scale"], "map")) ?? .map
                circle.pitchAlignment = CirclePitchMode(rawValue: constantString(paint["circle-pitch-alignment"], "viewport")) ?? .viewport
                circle.translate = pt("circle-translate")
                circle.translateAnchor = TranslateAnchor(rawValue: constantString(paint["circle-translate-anchor"], "map")) ?? .map
                layers.append(.circle(circle))
            default:
                return nil
            }
            if unsupported { return nil }
        }
        var expected: [RGBAImage] = []
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for f in files.sorted() where f.hasPrefix("expected") && f.hasSuffix(".png") {
            guard let d = try? Data(contentsOf: directory.appendingPathComponent(f)),
                  let img = try? PNGDecoder.decode([UInt8](d)) else { return nil }
            expected.append(img)
        }
        if expected.isEmpty { return nil }
        let scene = RenderScene(width: width, height: height, pixelRatio: ratio, camera: camera, layers: layers)
        return RenderTestCase(name: directory.deletingLastPathComponent().lastPathComponent + "/" + directory.lastPathComponent,
                              scene: scene, allowed: allowed, expected: expected)
    }

    /// Replaces every occurrence of the expression `target` (e.g. `["line-progress"]`) by `value`.
    static func substituting(_ target: [String], with value: JSONValue, in v: JSONValue) -> JSONValue {
        guard let a = v.array else { return v }
        if a.count == target.count, a.map(\.string) == target.map({ Optional($0) }) { return value }
        return .array(a.map { substituting(target, with: value, in: $0) })
    }

    /// Applies render-test operations to the style JSON; nil when one is not supported here.
    static func applyOperations(_ ops: [JSONValue], to style: JSONValue) -> JSONValue? {
        guard var root = style.object else { return nil }
        var layers = root["layers"]?.array ?? []
        func index(of id: String) -> Int? { layers.firstIndex { $0["id"]?.string == id } }
        func update(_ id: String, _ group: String, _ name: String, _ value: JSONValue?) -> Bool {
            guard let i = index(of: id), var layer = layers[i].object else { return false }
            var g = layer[group]?.object ?? JSONObject()
            if let value, !value.isNull { g[name] = value } else { _ = g.removeValue(forKey: name) }
            layer[group] = .object(g)
            layers[i] = .object(layer)
            return true
        }
        for op in ops {
            guard let a = op.array, let name = a.first?.string else { return nil }
            switch name {
            case "wait": continue
            case "setPaintProperty", "setLayoutProperty":
                guard a.count >= 3, let id = a[1].string, let key = a[2].string,
                      update(id, name == "setPaintProperty" ? "paint" : "layout", key, a.count > 3 ? a[3] : nil) else { return nil }
            case "addLayer":
                guard a.count >= 2 else { return nil }
                if a.count > 2, let before = a[2].string, let i = index(of: before) {
                    layers.insert(a[1], at: i)
                } else {
                    layers.append(a[1])
                }
            case "removeLayer":
                guard a.count >= 2, let id = a[1].string, let i = index(of: id) else { return nil }
                layers.remove(at: i)
            case "setZoom", "setBearing", "setPitch":
                guard a.count >= 2 else { return nil }
                root[String(name.dropFirst(3)).lowercased()] = a[1]
            case "setCenter":
                guard a.count >= 2 else { return nil }
                root["center"] = a[1]
            case "setLayerZoomRange":
                guard a.count >= 4, let id = a[1].string, let i = index(of: id), var layer = layers[i].object else { return nil }
                layer["minzoom"] = a[2]
                layer["maxzoom"] = a[3]
                layers[i] = .object(layer)
            case "addSource":
                guard a.count >= 3, let id = a[1].string else { return nil }
                var sources = root["sources"]?.object ?? JSONObject()
                sources[id] = a[2]
                root["sources"] = .object(sources)
            default:
                return nil
            }
        }
        root["layers"] = .array(layers)
        return .object(root)
    }

    /// Renders and compares like MapLibre's harness; returns (passed, fewest differing pixels).
    func run() throws -> (Bool, Int, RGBAImage) {
        let actual = try Renderer.render(scene).makeImage()
        var best = Int.max
        let limit = allowed * Double(actual.width * actual.height) / (scene.pixelRatio * scene.pixelRatio)
        for e in expected {
            guard e.width == actual.width, e.height == actual.height else { continue }
            let r = try PixelMatch.compare(actual.premultiplied(), e.premultiplied(),
                                           options: PixelMatch.Options(threshold: 0.1285))
            best = min(best, r.differentPixels)
        }
        return (Double(best) <= limit, best, actual)
    }

    static func features(of geo: JSONValue) -> [SourceFeature] {
        switch geo["type"]?.string {
        case "FeatureCollection": return (geo["features"]?.array ?? []).flatMap(features(of:))
        case "Feature":
            guard let g = geo["geometry"] else { return [] }
            return features(of: g).map { SourceFeature(geometry: $0.geometry, properties: geo["properties"]?.object) }
        case "GeometryCollection": return (geo["geometries"]?.array ?? []).flatMap(features(of:))
        case .some: return [SourceFeature(geometry: geo, properties: nil)]
        default: return []
        }
    }

    static func coordinate(_ v: JSONValue) -> Coordinate? {
        guard let a = v.array, a.count >= 2, let x = a[0].number, let y = a[1].number else { return nil }
        return Coordinate(longitude: x, latitude: y)
    }
    static func line(_ v: JSONValue) -> [Coordinate] { (v.array ?? []).compactMap(coordinate) }
    static func polygon(_ v: JSONValue) -> [[Coordinate]] { (v.array ?? []).map(line) }

    static func fillFeature(_ g: JSONValue) -> FillFeature? {
        let c = g["coordinates"] ?? .null
        switch g["type"]?.string {
        case "Polygon": return FillFeature(polygons: [polygon(c)])
        case "MultiPolygon": return FillFeature(polygons: (c.array ?? []).map(polygon))
        default: return nil
        }
    }

    static func lineFeature(_ g: JSONValue) -> LineFeature? {
        let c = g["coordinates"] ?? .null
        switch g["type"]?.string {
        case "LineString": return LineFeature(lines: [line(c)])
        case "MultiLineString": return LineFeature(lines: (c.array ?? []).map(line))
        case "Polygon": return LineFeature(lines: polygon(c), closedRings: true)
        case "MultiPolygon": return LineFeature(lines: (c.array ?? []).flatMap(polygon), closedRings: true)
        default: return nil
        }
    }

    static func circleFeature(_ g: JSONValue) -> CircleFeature? {
        let c = g["coordinates"] ?? .null
        switch g["type"]?.string {
        case "Point": return coordinate(c).map { CircleFeature(points: [$0]) }
        case "MultiPoint", "LineString": return CircleFeature(points: line(c))
        case "MultiLineString", "Polygon": return CircleFeature(points: polygon(c).flatMap { $0 })
        case "MultiPolygon": return CircleFeature(points: (c.array ?? []).flatMap { polygon($0).flatMap { $0 } })
        default: return nil
        }
    }

    static let named: [String: (Float, Float, Float)] = [
        "black": (0, 0, 0), "white": (255, 255, 255), "red": (255, 0, 0), "green": (0, 128, 0),
        "blue": (0, 0, 255), "yellow": (255, 255, 0), "cyan": (0, 255, 255), "magenta": (255, 0, 255),
        "gray": (128, 128, 128), "grey": (128, 128, 128), "orange": (255, 165, 0), "purple": (128, 0, 128),
        "lime": (0, 255, 0), "navy": (0, 0, 128), "teal": (0, 128, 128), "silver": (192, 192, 192),
        "maroon": (128, 0, 0), "olive": (128, 128, 0), "aqua": (0, 255, 255), "fuchsia": (255, 0, 255),
        "pink": (255, 192, 203), "brown": (165, 42, 42), "gold": (255, 215, 0), "darkblue": (0, 0, 139),
        "lightblue": (173, 216, 230), "royalblue": (65, 105, 225), "darkgreen": (0, 100, 0), "coral": (255, 127, 80),
    ]

    static func parseColor(_ s: String) -> RenderColor? {
        let t = s.trimmingCharacters(in: .whitespaces).lowercased()
        if t == "transparent" { return .transparent }
        if let n = named[t] { return RenderColor(red: n.0 / 255, green: n.1 / 255, blue: n.2 / 255) }
        if t.hasPrefix("#") {
            let hex = Array(t.dropFirst())
            func h(_ c: Character) -> Float? { c.hexDigitValue.map(Float.init) }
            if hex.count == 3, let r = h(hex[0]), let g = h(hex[1]), let b = h(hex[2]) {
                return RenderColor(red: r * 17 / 255, green: g * 17 / 255, blue: b * 17 / 255)
            }
            if hex.count == 6, let r1 = h(hex[0]), let r2 = h(hex[1]), let g1 = h(hex[2]), let g2 = h(hex[3]),
               let b1 = h(hex[4]), let b2 = h(hex[5]) {
                return RenderColor(red: (r1 * 16 + r2) / 255, green: (g1 * 16 + g2) / 255, blue: (b1 * 16 + b2) / 255)
            }
            return nil
        }
        for prefix in ["rgba(", "rgb("] where t.hasPrefix(prefix) && t.hasSuffix(")") {
            let parts = t.dropFirst(prefix.count).dropLast().split(separator: ",").map {
                Float($0.trimmingCharacters(in: .whitespaces))
            }
            guard parts.count >= 3, parts.allSatisfy({ $0 != nil }) else { return nil }
            return RenderColor(red: parts[0]! / 255, green: parts[1]! / 255, blue: parts[2]! / 255,
                               alpha: parts.count > 3 ? parts[3]! : 1)
        }
        return nil
    }
}
