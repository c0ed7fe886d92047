import Foundation
import Geo
import GeoJSON
import Mercator
import Rendering

/// Maps for render and query tests, and the tests' `operations` applied to them: style changes
/// through `StyleOperation`, camera and feature-state changes here. What Mercator cannot do yet
/// is returned as reasons, and the test fails with them.
enum RenderTestMaps {
    /// The prefix MapLibre's harness serves the fixtures under.
    static let localServer = "http://localhost:2900/"

    static func map(json: JSONValue, metadata: RenderTestMetadata, directory: URL, root: URL,
                    suite: RenderSuiteInfo = RenderSuiteInfo()) throws -> Map {
        // MapLibre Native's harness loads the style as Native loads any: a source or layer it cannot
        // read (a GeoJSON source without `data`, say) is left out with a warning, the rest is drawn
        let document = try StyleDocument(json: metadata.applyingSourceReplacements(to: json), reading: .tolerant)
        let style = try Style(document: document, reading: .tolerant)
        let map = Map(style: style, camera: MapCamera(style: document),
                   size: MapSize(width: metadata.width, height: metadata.height, pixelRatio: metadata.pixelRatio),
                   options: MapOptions(crossSourceCollisions: metadata.crossSourceCollisions,
                                       mapMode: metadata.mapMode == "tile" ? .tile : .static,
                                       projectionMode: metadata.projectionMode),
                   styleDirectory: directory, localRoot: root, localServers: [(localServer, root)],
                   clientFonts: .disabled)
        // GL JS's harness: maxPitch is a map option, and `projection` is set once the style has loaded
        // MapLibre Native draws at most 60 degrees, GL JS's map option defaults to 60
        map.camera.pitch = min(map.camera.pitch, metadata.maxPitch ?? 60)
        if let projection = metadata.projection { try map.style.setProjection(projection) }
        // GL JS's pictures were drawn through SwiftShader: its ties, its 1/16-pixel vertex grid and its sine, to compare like with like
        if suite.drawnByGLJS { map.rasterReference = .glJSSwiftShader }
        // MapLibre's harness draws only the fixtures' glyphs: no installed fonts, CJK included
        map.settings.ideographicFontFallback = .disabled
        // and breaks Thai, Lao, Khmer and Myanmar lines only at spaces (no ICU dictionaries)
        map.dictionaryLineBreaks = false
        return map
    }

    /// The camera GL JS's harness starts from, for a suite whose pictures GL JS drew (`scripts/gljs_expectations.py`
    /// makes one map with the case's end state: its projection in the style, its camera in `new Map({style, center,
    /// zoom, ...})`). GL JS's constructor sizes the map's first transform, a Mercator one, and constrains that camera
    /// there (`defaultConstrain`: half the view's height kept inside the world's top and bottom edges, the view
    /// unturned), unless the style object's root projection is `{"type": "globe"}`: then the map is sized without
    /// constraint and again once the style has loaded, under the globe's transform (`resize(null, constrain)`).
    static func constrainAsGLJSHarness(_ map: Map, height: Int) {
        guard map.projection?.name != "globe" else { return }
        map.camera = map.camera.constrained(minimumZoom: -2, maximumZoom: 24, minimumPitch: 0, maximumPitch: 90,
                                            latitude: -90...90, keepingWorldHeightIn: height)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Applies `operations` in order; returns what could not be done (the test then fails).
    static func apply(_ operations: [[JSONValue]], to map: Map, root: URL, maxPitch: Double? = nil) throws -> [String] {
        var unsupported: [String] = []
        var cameraMoved = false
        func pitch(_ value: Double) -> Double { maxPitch.map { min($0, value) } ?? value }
        for op in operations {
            let name = op.first?.string ?? ""
            let args = Array(op.dropFirst())
            func arg(_ i: Int) -> JSONValue { i < args.count ? args[i] : .null }
            if let operation = try StyleOperation(json: .array(op)) {
                switch operation {
                case .setStyle(let document):
                    try map.style.replaceDocument(document)
                    if !cameraMoved { map.camera = map.camera.applying(styleCamera: document) }
                case .setStyleURL(let url):
                    guard let file = resolve(url, root: root), let data = try? Data(contentsOf: file) else {
                        unsupported.append("setStyle: \(url) is not in the fixtures")
                        return unsupported
                    }
                    let document = try StyleDocument(json: localizingMapboxURLs(in: JSONValue(parsing: data)), reading: .tolerant)
                    try map.style.replaceDocument(document)
                    if !cameraMoved { map.camera = map.camera.applying(styleCamera: document) }
                default:
                    try map.style.apply(operation)
                }
                continue
            }
            switch name {
            case "wait":
                // MapLibre's harness draws a frame: the zoom history moves on
                map.recordFrame()
            case "sleep", "idle": break
            case "setZoom":
                map.camera.zoom = arg(0).number ?? map.camera.zoom
                cameraMoved = true
            case "setBearing":
                map.camera.bearing = arg(0).number ?? map.camera.bearing
                cameraMoved = true
            case "setRoll":
                map.camera.roll = arg(0).number ?? map.camera.roll
                cameraMoved = true
            case "setPitch":
                map.camera.pitch = pitch(arg(0).number ?? map.camera.pitch)
                cameraMoved = true
            case "jumpTo", "easeTo", "flyTo":
                // GL JS's camera options; the end of the move is drawn (the harness waits for it)
                let options = arg(0)
                if let c = options["center"]?.array, c.count >= 2, let lon = c[0].number, let lat = c[1].number {
                    map.camera.center = LocationCoordinate2D(latitude: lat, longitude: lon)
                } else if let lon = options["center"]?["lng"]?.number ?? options["center"]?["lon"]?.number,
                          let lat = options["center"]?["lat"]?.number {
                    map.camera.center = LocationCoordinate2D(latitude: lat, longitude: lon)
                }
                if let z = options["zoom"]?.number { map.camera.zoom = z }
                if let b = options["bearing"]?.number { map.camera.bearing = b }
                if let p = options["pitch"]?.number { map.camera.pitch = pitch(p) }
                if let r = options["roll"]?.number { map.camera.roll = r }
                cameraMoved = true
            case "setCenter":
                if let c = arg(0).array, c.count >= 2, let lon = c[0].number, let lat = c[1].number {
                    map.camera.center = LocationCoordinate2D(latitude: lat, longitude: lon)
                }
                cameraMoved = true
            case "setFeatureState":
                guard let source = arg(0)["source"]?.string, let idValue = arg(0)["id"], let id = FeatureIdentifier(idValue),
                      let state = arg(1).object else { throw Failure(description: "setFeatureState: bad arguments") }
                map.setFeatureState(state, source: source, featureIdentifier: id)
            case "setGlobalStateProperty":
                // GL JS: ["setGlobalStateProperty", name, value]; null puts the style's default back
                guard let key = arg(0).string else { throw Failure(description: "setGlobalStateProperty: bad arguments") }
                map.style.setGlobalStateProperty(key, value: arg(1))
            case "removeFeatureState":
                guard let source = arg(0)["source"]?.string else { throw Failure(description: "removeFeatureState: bad arguments") }
                map.removeFeatureState(source: source, featureIdentifier: arg(0)["id"].flatMap(FeatureIdentifier.init), key: arg(1).string)
            case "addImage", "updateImage":
                // ["addImage", name, "./image/x.png", {pixelRatio, sdf}]: a file under the fixtures
                guard let imageName = arg(0).string, let path = arg(1).string,
                      let data = try? Data(contentsOf: root.appendingPathComponent(path)) else {
                    throw Failure(description: "\(name): bad arguments or missing file")
                }
                let image = try RasterDecoding.decode(data)
                try map.style.setImage(StyleImageData(width: image.width, height: image.height, pixels: image.pixels,
                                                      pixelRatio: arg(2)["pixelRatio"]?.number ?? 1, sdf: arg(2)["sdf"]?.bool ?? false),
                                       forName: imageName)
            case "removeImage":
                guard let imageName = arg(0).string else { throw Failure(description: "removeImage: bad arguments") }
                map.style.removeImage(forName: imageName)
            case "querySourceFeatures":
                // ["querySourceFeatures", "id" or ["id"], {sourceLayer, filter}]: runs the query (it must
                // not fail); the test checks the rendered-features query that follows
                let ids = arg(0).string.map { [$0] } ?? (arg(0).array ?? []).compactMap(\.string)
                for id in ids {
                    guard map.style.source(withIdentifier: id)?.kind == .geojson else {
                        unsupported.append("querySourceFeatures on a non-GeoJSON source")
                        continue
                    }
                    _ = try map.features(inShapeSource: id, matching: arg(1)["filter"])
                }
            default:
                unsupported.append("operation \"\(name)\"")
            }
        }
        return unsupported
    }

    /// A `local://` or local-server URL as a file under the fixtures; as MapLibre Native's harness
    /// (`getVendorPath`), a path the fixtures lack is looked for in the runner's `Vendor` folder.
    static func resolve(_ url: String, root: URL) -> URL? {
        let path: String
        if url.hasPrefix("local://") {
            path = String(url.dropFirst("local://".count))
        } else if url.hasPrefix(localServer) {
            path = String(url.dropFirst(localServer.count))
        } else {
            return nil
        }
        let file = root.appendingPathComponent(path)
        if !FileManager.default.fileExists(atPath: file.path) {
            let vendored = vendorDirectory.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: vendored.path) { return vendored }
        }
        return file
    }

    /// `Render/Vendor` in the source tree: fixtures the suite names that the shared set lacks
    /// (the legacy `*-v9` styles; see its README).
    static let vendorDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Vendor")

    /// A style's `mapbox://` URLs pointed at the fixtures, as the harness localizes them: sources to
    /// `local://tilesets/`, `mapbox://tiles/` to `local://tiles/`, sprites to `local://sprites/`,
    /// glyphs (`mapbox://fonts/`) to `local://glyphs/`.
    static func localizingMapboxURLs(in style: JSONValue) -> JSONValue {
        guard case .object(var root) = style else { return style }
        func replacing(_ value: JSONValue?, _ prefix: String, with replacement: String) -> JSONValue? {
            guard let s = value?.string, s.hasPrefix(prefix) else { return value }
            return .string(replacement + s.dropFirst(prefix.count))
        }
        root["sprite"] = replacing(root["sprite"], "mapbox://", with: "local://")
        root["glyphs"] = replacing(root["glyphs"], "mapbox://fonts", with: "local://glyphs")
        if case .object(var sources)? = root["sources"] {
            for (id, source) in sources {
                guard case .object(var s) = source else { continue }
                s["url"] = replacing(s["url"], "mapbox://", with: "local://tilesets/")
                if let tiles = s["tiles"]?.array {
                    s["tiles"] = .array(tiles.map { replacing($0, "mapbox://tiles/", with: "local://tiles/") ?? $0 })
                }
                sources[id] = .object(s)
            }
            root["sources"] = .object(sources)
        }
        return .object(root)
    }
}
