public import Foundation
import GeoJSON
import Mercator
import MapStyle

/// Runs MapLibre query tests: the same map and operations as a render test, then
/// `visibleFeatures` over `metadata.test.queryGeometry` with `queryOptions` (`layers`, `filter`),
/// compared with `expected.json` as MapLibre's harness compares them: the same features in the
/// same order (topmost first), each with equal geometry, properties, id, source, source layer and
/// state; object key order ignored, numbers equal to 1e-9 relative.
///
/// Geometry is written as MapLibre returns it: snapped to the source tiles' 8192-unit grid at
/// the zoom the source is tiled at (`floor(zoom)`, at most the source's `maxzoom`).
public struct QueryTestRunner: Sendable {
    public var root: URL
    public var outputDirectory: URL?

    public init(root: URL, outputDirectory: URL? = nil) {
        self.root = root
        self.outputDirectory = outputDirectory
    }

    /// Every query test under `root/query-tests`.
    public func discover(filter: String? = nil) -> [RenderTest] {
        RenderTest.discover(in: root, suite: "query-tests", filter: filter)
    }

    /// Runs one test; never throws.
    public func run(_ test: RenderTest) -> RenderTestResult {
        var result = RenderTestResult(test: test, passed: false)
        do {
            let json = try JSONValue(parsing: Data(contentsOf: test.directory.appendingPathComponent("style.json")))
            let metadata = RenderTestMetadata(style: json)
            let map = try RenderTestMaps.map(json: json, metadata: metadata, directory: test.directory, root: root)
            var unsupported = try RenderTestMaps.apply(metadata.operations, to: map, root: root)
            result.layerTypes = Array(Set(map.style.layers.map(\.type.rawValue))).sorted()
            let layers = metadata.queryOptions?["layers"]?.array.map { Set($0.compactMap(\.string)) }
            let filter = metadata.queryOptions?["filter"]
            let features: [QueriedFeature]
            switch Self.geometry(metadata.queryGeometry) {
            case .point(let p)?: features = try map.visibleFeatures(at: p, styleLayerIdentifiers: layers, predicate: filter)
            case .box(let r)?: features = try map.visibleFeatures(in: r, styleLayerIdentifiers: layers, predicate: filter)
            case nil: features = try map.visibleFeatures(in: ScreenRect(x: 0, y: 0, width: Double(metadata.width), height: Double(metadata.height)),
                                                          styleLayerIdentifiers: layers, predicate: filter)
            }
            unsupported += try map.snapshot().unsupportedFeatures
            let includeLayer = json["metadata"]?["skipLayerDelete"]?.bool ?? false
            let actual = JSONValue.array(features.map { Self.json($0, map: map, includeLayer: includeLayer) })
            let expected = try JSONValue(parsing: Data(contentsOf: test.directory.appendingPathComponent("expected.json")))
            let same = Self.equal(actual, expected)
            result.passed = same && unsupported.isEmpty
            if !unsupported.isEmpty {
                result.error = "unsupported: " + unsupported.joined(separator: "; ")
            } else if !same {
                result.error = "\(features.count) features, expected \(expected.array?.count ?? 0)" + (features.count == expected.array?.count ? " (contents differ)" : "")
            }
            if let out = outputDirectory {
                let dir = out.appendingPathComponent(test.identifier)
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                try Data(actual.serialized(JSONWriteOptions(pretty: true)).utf8).write(to: dir.appendingPathComponent("actual.json"))
            }
        } catch {
            result.error = "\(error)"
        }
        return result
    }

    enum QueryGeometry {
        case point(Point)
        case box(ScreenRect)
    }

    static func geometry(_ json: JSONValue?) -> QueryGeometry? {
        guard let a = json?.array, a.count == 2 else { return nil }
        if let x = a[0].number, let y = a[1].number { return .point(Point(x: x, y: y)) }
        guard let p = a[0].array?.compactMap(\.number), let q = a[1].array?.compactMap(\.number), p.count == 2, q.count == 2 else { return nil }
        return .box(ScreenRect(x: min(p[0], q[0]), y: min(p[1], q[1]), width: abs(q[0] - p[0]), height: abs(q[1] - p[1])))
    }

    /// A queried feature in the shape of `expected.json` (with its layer, properties evaluated for
    /// the feature, when the test keeps it: `metadata.skipLayerDelete`).
    static func json(_ q: QueriedFeature, map: Map, includeLayer: Bool = false) -> JSONValue {
        var o = JSONObject()
        let f = q.geoJSONFeature
        let source = map.style.source(withIdentifier: q.sourceIdentifier)
        let maxZoom = Int(source?.maximumZoomLevel ?? 18)
        let z = max(0, min(maxZoom, Int(map.camera.zoom.rounded(.down))))
        o["geometry"] = f.geometry.map { geometryJSON($0, z: z) } ?? .null
        o["type"] = "Feature"
        o["properties"] = .object(f.properties ?? JSONObject())
        if let id = f.identifier { o["id"] = id.jsonValue }
        o["source"] = .string(q.sourceIdentifier)
        if let layer = map.style.layer(withIdentifier: q.layerIdentifier)?.sourceLayerIdentifier { o["sourceLayer"] = .string(layer) }
        let state = f.identifier.map { map.featureState(source: q.sourceIdentifier, featureIdentifier: $0) } ?? JSONObject()
        o["state"] = .object(state)
        if includeLayer, let layer = map.style.layer(withIdentifier: q.layerIdentifier) {
            o["layer"] = evaluatedLayer(layer, feature: f, state: state, zoom: map.camera.zoom)
        }
        return .object(o)
    }

    /// A layer as MapLibre serializes it on a queried feature: id, type, source and its set paint and
    /// layout properties evaluated for the feature.
    static func evaluatedLayer(_ layer: StyleLayer, feature: GeoJSONFeature, state: JSONObject, zoom: Double) -> JSONValue {
        var o = JSONObject()
        o["id"] = .string(layer.identifier)
        o["type"] = .string(layer.type.rawValue)
        if let source = layer.sourceIdentifier { o["source"] = .string(source) }
        if let sourceLayer = layer.sourceLayerIdentifier { o["source-layer"] = .string(sourceLayer) }
        var context = EvaluationContext(zoom: zoom, feature: FeatureView(feature))
        context.featureState = state
        for group in ["paint", "layout"] {
            var members = JSONObject()
            for (name, value) in (group == "paint" ? layer.paint : layer.layout) {
                guard let spec = LayerPropertySpecification.lookup(name, in: layer.type),
                      let expression = try? Expressions.Expression.property(value, for: spec.specification) else { continue }
                members[name] = jsonValue(expression.evaluateWithDefault(context))
            }
            o[group] = .object(members)
        }
        return .object(o)
    }

    static func jsonValue(_ v: ExpressionValue) -> JSONValue {
        switch v {
        case .null: return .null
        case .boolean(let b): return .bool(b)
        case .number(let n): return .double(n)
        case .string(let s): return .string(s)
        case .color(let c): return .string(c.description)
        case .array(let a): return .array(a.map(jsonValue))
        case .numberArray(let a): return .array(a.map { .double($0) })
        default: return .string("\(v)")
        }
    }

    /// GeoJSON geometry with every position snapped to the tile grid at zoom `z` (extent 8192).
    static func geometryJSON(_ g: Geometry, z: Int) -> JSONValue {
        let n = Double(1 << z) * 8192
        func position(_ lon: Double, _ lat: Double) -> JSONValue {
            let x = ((lon + 180) / 360 * n).rounded()
            let s = sin(lat * .pi / 180)
            let y = ((0.5 - 0.25 * log((1 + s) / (1 - s)) / .pi) * n).rounded()
            let qlon = x / n * 360 - 180
            let qlat = atan(sinh(.pi * (1 - 2 * y / n))) * 180 / .pi
            return [.double(qlon), .double(qlat)]
        }
        func list(_ l: PositionList) -> JSONValue { .array((0..<l.count).map { position(l.x($0), l.y($0)) }) }
        // Rings come back wound as vector tiles wind them: exterior clockwise, holes
        // counter-clockwise (seen with latitude up).
        func rings(_ rs: [PositionList]) -> JSONValue {
            .array(rs.enumerated().map { i, ring in
                var area = 0.0
                for k in 0..<ring.count { let j = (k + 1) % ring.count; area += ring.x(k) * ring.y(j) - ring.x(j) * ring.y(k) }
                let clockwise = area < 0
                let keep = (i == 0) == clockwise
                return keep ? list(ring) : list(PositionList((0..<ring.count).reversed().map { Position(ring.x($0), ring.y($0)) }))
            })
        }
        switch g {
        case .point(let p): return ["type": "Point", "coordinates": position(p.longitude, p.latitude)]
        case .multiPoint(let l): return ["type": "MultiPoint", "coordinates": list(l)]
        case .lineString(let l): return ["type": "LineString", "coordinates": list(l)]
        case .multiLineString(let ls): return ["type": "MultiLineString", "coordinates": .array(ls.map(list))]
        case .polygon(let rs): return ["type": "Polygon", "coordinates": rings(rs)]
        case .multiPolygon(let ps): return ["type": "MultiPolygon", "coordinates": .array(ps.map(rings))]
        case .geometryCollection(let c): return ["type": "GeometryCollection", "geometries": .array(c.geometries.map { geometryJSON($0, z: z) })]
        }
    }

    /// Deep equality: objects by key set, arrays in order, numbers to 1e-9 relative.
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = a.number, let y = b.number { return x == y || abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)) }
        switch (a, b) {
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(equal)
        case (.object(let x), .object(let y)):
            return Set(x.keys) == Set(y.keys) && x.keys.allSatisfy { equal(x[$0] ?? .null, y[$0] ?? .null) }
        default: return a == b
        }
    }

    /// Runs every test.
    public func runAll(_ tests: [RenderTest], progress: ((RenderTestResult) -> Void)? = nil) -> RenderTestReport {
        var report = RenderTestReport()
        for test in tests {
            let r = run(test)
            report.results.append(r)
            progress?(r)
        }
        return report
    }
}
