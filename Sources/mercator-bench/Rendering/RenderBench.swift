import MercatorTestSupport
import ArgumentParser
import Foundation
import Mercator
import MapStyle

/// `mercator-bench render`: warm snapshot time (style -> PNG) for a small and a heavy style, a
/// pitched fill-extrusion city block, a hillshade and a colour relief of the render suite's z12 DEM tiles, the same
/// tiles as 3D terrain under their shaded relief and drawn flat (`terrain`, `terrain-flat`: not run by default) and a heatmap of
/// the 234,908 GeoNames cities at 512x512 and 1024x1024, and MapLibre Native's time for the same
/// style JSON and camera in the same run.
struct RenderBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Warm render time (incl. PNG) of a small and a heavy style and a 3D city block vs MapLibre Native.")

    @Option(help: "Measured runs per case (after a warm-up).") var runs = 9
    @Option(help: "Styles to run (small, heavy, labels, labels-latin, labels-devanagari, extrusion, hillshade, relief, heatmap, terrain, terrain-flat), comma-separated.")
    var styles = "small,heavy,labels,extrusion,hillshade,heatmap"
    @Option(help: "Sizes to run, comma-separated.") var sizes = "512,1024"
    @OptionGroup var output: ReferenceOptions

    func run() throws {
        let reference = output.reference()
        let json = output.json
        guard BenchStyles.glyphs != nil || !styles.contains("labels") else {
            throw ValidationError("the labels styles need the render suite's glyphs under ../shared/conformance/render-tests/glyphs")
        }
        let names = Set(styles.split(separator: ",").map(String.init))
        let world = MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 2)
        let chosen: [(String, () throws -> JSONValue, MapCamera)] = [
            ("small", BenchStyles.small, world), ("heavy", BenchStyles.heavy, world), ("labels", BenchStyles.labels, world),
            ("labels-latin", { BenchStyles.scriptLabels(devanagari: false) }, world),
            ("labels-devanagari", { BenchStyles.scriptLabels(devanagari: true) }, world),
            ("extrusion", BenchStyles.extrusion, BenchStyles.extrusionCamera),
            ("hillshade", BenchStyles.hillshade, BenchStyles.hillshadeCamera),
            ("relief", BenchStyles.relief, BenchStyles.hillshadeCamera),
            ("heatmap", BenchStyles.heatmap, BenchStyles.heatmapCamera),
            ("terrain", { try BenchStyles.terrain(draped: true) }, BenchStyles.terrainCamera),
            ("terrain-flat", { try BenchStyles.terrain(draped: false) }, BenchStyles.terrainCamera),
        ].filter { names.contains($0.0) }
        // labels-latin and labels-devanagari: the same labels in two scripts, compared per label, warm (labels
        // laid out once and kept) and from scratch (a new map each time: fonts read, every label shaped and laid out)
        var perLabel: [String: [Int: Double]] = [:]
        var perLabelFresh: [String: [Int: Double]] = [:]
        for (name, makeStyle, camera) in chosen {
            let style = try makeStyle()
            for size in sizes.split(separator: ",").compactMap({ Int($0) }) {
                let map = Map(style: try Style(document: StyleDocument(json: style)), camera: camera,
                              size: MapSize(width: size, height: size))
                let cold = try Measure.seconds { _ = try map.snapshot().pngData() } * 1000
                var times: [Double] = []
                let compilations = CompilationCounter()
                try CompilationCounter.$current.withValue(compilations) {
                    for _ in 0..<runs { times.append(try Measure.seconds { _ = try map.snapshot().pngData() } * 1000) }
                }
                let ms = Measure.median(times)
                if name.hasPrefix("labels-") {
                    var fresh: [Double] = []
                    for _ in 0..<runs {
                        let newMap = Map(style: try Style(document: StyleDocument(json: style)), camera: camera,
                                         size: MapSize(width: size, height: size))
                        fresh.append(try Measure.seconds { _ = try newMap.snapshot().pngData() } * 1000)
                    }
                    perLabel[name, default: [:]][size] = ms
                    perLabelFresh[name, default: [:]][size] = Measure.median(fresh)
                    let labels = Double(BenchStyles.scriptLabelCount)
                    print(String(format: "%@ %4dx%-4d  first snapshot %7.1f ms; a new map's first snapshot (fonts read, every label shaped) %.1f µs per label; warm %.1f µs per label",
                                 name, size, size, cold, Measure.median(fresh) * 1000 / labels, ms * 1000 / labels))
                }
                let ref = try reference?.medianMilliseconds(style: style, width: size, height: size, longitude: camera.center.longitude,
                                                            latitude: camera.center.latitude, zoom: camera.zoom, runs: runs,
                                                            bearing: camera.bearing, pitch: camera.pitch)
                if json {
                    Measure.printJSON([("bench", "render-\(name)"), ("size", size), ("mercator_ms", ms), ("first_snapshot_ms", cold),
                                       ("properties_compiled_while_timed", Double(compilations.value)),
                                       ("maplibre_ms", ref ?? .nan), ("speedup_vs_maplibre", ref.map { $0 / ms } ?? .nan)])
                } else {
                    let refText = ref.map { String(format: "   MapLibre Native %7.1f ms   Mercator is %.2fx as fast", $0, $0 / ms) } ?? ""
                    print(String(format: "%@ %4dx%-4d  Mercator %7.1f ms (first snapshot %.1f ms)", name, size, size, ms, cold) + refText
                          + "   (properties compiled while timed: \(compilations.value))")
                }
            }
        }
        for (size, latin) in (perLabel["labels-latin"] ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let devanagari = perLabel["labels-devanagari"]?[size],
                  let freshLatin = perLabelFresh["labels-latin"]?[size], let freshDevanagari = perLabelFresh["labels-devanagari"]?[size] else { continue }
            if json {
                Measure.printJSON([("bench", "render-labels-devanagari-vs-latin"), ("size", size), ("ratio", devanagari / latin),
                                   ("from_scratch_ratio", freshDevanagari / freshLatin)])
            } else {
                print(String(format: "Devanagari vs Latin labels %4dx%-4d  from scratch %.2fx the time per label (%.1f vs %.1f ms); warm %.2fx (%.1f vs %.1f ms)",
                             size, size, freshDevanagari / freshLatin, freshDevanagari, freshLatin, devanagari / latin, devanagari, latin))
            }
        }
    }
}

/// The benchmark styles (style JSON, inline GeoJSON, deterministic data).
enum BenchStyles {
    /// A background, an inline polygon with fill + outline, a 4 px round-joined line, circles with a data-driven radius.
    static func small() -> JSONValue {
        let polygon: JSONValue = ["type": "Feature", "properties": [:], "geometry": ["type": "Polygon", "coordinates": [[[-60, -30], [40, -40], [60, 30], [-20, 50], [-60, -30]]]]]
        let line: JSONValue = ["type": "Feature", "properties": [:], "geometry": ["type": "LineString", "coordinates": [[-80, -60], [-30, 10], [20, -20], [80, 60]]]]
        var points: [JSONValue] = []
        for i in 0..<50 {
            let x = Double(i % 10) * 16 - 72, y = Double(i / 10) * 14 - 28
            points.append(["type": "Feature", "properties": ["size": .double(Double(i % 7) + 3)], "geometry": ["type": "Point", "coordinates": [.double(x), .double(y)]]])
        }
        return ["version": 8, "sources": [
            "polygon": ["type": "geojson", "data": polygon],
            "line": ["type": "geojson", "data": line],
            "points": ["type": "geojson", "data": ["type": "FeatureCollection", "features": .array(points)]],
        ], "layers": [
            ["id": "bg", "type": "background", "paint": ["background-color": "#f0ede6"]],
            ["id": "fill", "type": "fill", "source": "polygon", "paint": ["fill-color": "#74a9cf", "fill-outline-color": "#045a8d"]],
            ["id": "line", "type": "line", "source": "line", "layout": ["line-join": "round"], "paint": ["line-color": "#d7301f", "line-width": 4]],
            ["id": "circles", "type": "circle", "source": "points", "paint": ["circle-color": "#238b45", "circle-radius": ["get", "size"]]],
        ]]
    }

    /// The render suite's glyph PBFs, as a `file://` template both renderers read.
    static let glyphs: String? = SharedFixtures.url("conformance/render-tests/glyphs").map { "file://" + $0.path + "/{fontstack}/{range}.pbf" }

    /// A label-heavy map: 3,000 point labels (many colliding) over 300 roads labelled along their lines.
    static func labels() -> JSONValue {
        .object(JSONObject(labelMapMembers(font: ["Open Sans Semibold", "Arial Unicode MS Bold"],
                                           pointName: { .string("Place \($0)") }, roadName: { .string("Road \($0)") })))
    }

    /// The label-heavy map's style members: 3,000 point labels over 300 roads labelled along their lines,
    /// the `i`th named `pointName(i)` and `roadName(i)`, in `font`.
    private static func labelMapMembers(font: JSONValue, pointName: (Int) -> JSONValue,
                                        roadName: (Int) -> JSONValue) -> [(String, JSONValue)] {
        var rng = SplitMix64(seed: 11)
        var points: [JSONValue] = []
        for i in 0..<3_000 {
            points.append(["type": "Feature", "properties": ["name": pointName(i), "rank": .double(Double(i % 10))],
                           "geometry": ["type": "Point", "coordinates": [.double(rng.unit() * 340 - 170), .double(rng.unit() * 140 - 70)]]])
        }
        var roads: [JSONValue] = []
        for i in 0..<300 {
            var x = rng.unit() * 300 - 150, y = rng.unit() * 120 - 60
            var line: [JSONValue] = []
            for _ in 0..<12 {
                line.append([.double(x), .double(y)])
                x += 2 + rng.unit() * 3
                y += rng.unit() * 2 - 1
            }
            roads.append(["type": "Feature", "properties": ["name": roadName(i)], "geometry": ["type": "LineString", "coordinates": .array(line)]])
        }
        return [("version", 8), ("glyphs", .string(glyphs ?? "")), ("sources", [
            "points": ["type": "geojson", "data": ["type": "FeatureCollection", "features": .array(points)]],
            "roads": ["type": "geojson", "data": ["type": "FeatureCollection", "features": .array(roads)]],
        ]), ("layers", [
            ["id": "bg", "type": "background", "paint": ["background-color": "#ffffff"]],
            ["id": "roads", "type": "line", "source": "roads", "paint": ["line-color": "#bbbbbb", "line-width": 3]],
            ["id": "road-labels", "type": "symbol", "source": "roads",
             "layout": ["symbol-placement": "line", "text-field": ["get", "name"], "text-font": font, "text-size": 12],
             "paint": ["text-color": "#444444", "text-halo-color": "#ffffff", "text-halo-width": 1]],
            ["id": "place-labels", "type": "symbol", "source": "points",
             "layout": ["text-field": ["get", "name"], "text-font": font, "text-size": ["+", 10, ["get", "rank"]],
                        "symbol-sort-key": ["get", "rank"]],
             "paint": ["text-color": "#222222", "text-halo-color": "#ffffff", "text-halo-width": 1.5]],
        ])]
    }

    /// How many labels the script-label styles have (point labels and labels along roads).
    static let scriptLabelCount = 3_300

    /// The script-label styles' names: Hindi place words and their Latin transliterations.
    static let words: [(devanagari: String, latin: String)] = [
        ("नगर", "Nagar"), ("पुर", "Pur"), ("गाँव", "Gaon"), ("बाज़ार", "Bazaar"), ("मंदिर", "Mandir"),
        ("घाट", "Ghat"), ("पहाड़ी", "Pahadi"), ("किला", "Kila"), ("स्टेशन", "Station"), ("क्षेत्र", "Kshetra"),
        ("विद्यालय", "Vidyalaya"), ("अस्पताल", "Aspatal"), ("सड़क", "Sadak"), ("मार्ग", "Marg"), ("चौक", "Chowk"),
    ]

    /// Devanagari digits for `n` (०-९).
    static func devanagariNumber(_ n: Int) -> String {
        String(String(n).unicodeScalars.map { Character(Unicode.Scalar(0x0966 + $0.value - 0x30)!) })
    }

    /// The label-heavy map of ``labels()`` (3,000 point labels, 300 roads labelled along their lines) with
    /// names in Devanagari shaped by HarfBuzz through the style's `font-faces` (the render suite's Noto Sans
    /// Devanagari), or in their Latin transliterations from the same font stack's glyph PBFs.
    static func scriptLabels(devanagari: Bool) -> JSONValue {
        func name(_ i: Int, _ j: Int) -> JSONValue {
            let (a, b) = (words[i % words.count], words[j % words.count])
            return .string(devanagari ? "\(a.devanagari) \(b.devanagari) \(devanagariNumber(i))" : "\(a.latin) \(b.latin) \(i)")
        }
        var members = labelMapMembers(font: ["Noto Sans Regular"], pointName: { name($0, $0 / 7) }, roadName: { name($0 + 12, 13) })
        if devanagari, let ttf = SharedFixtures.url("conformance/render-tests/glyphs/Noto Sans Regular/devanagari.ttf") {
            members.append(("font-faces", ["Noto Sans Regular": [["url": .string("file://" + ttf.path), "unicode-range": ["U+0900-097F"]]]]))
        }
        return .object(JSONObject(members))
    }

    /// The camera over the extrusion city block: pitched and turned.
    static let extrusionCamera = MapCamera(center: LocationCoordinate2D(latitude: 0.0015, longitude: 0.0015), zoom: 16.5, bearing: 30, pitch: 60)

    /// A city block in 3D: a 24 x 24 grid of buildings (some L-shaped, with a courtyard hole every
    /// seventh) of data-driven heights and colours, lit by a map-anchored light.
    static func extrusion() -> JSONValue {
        var rng = SplitMix64(seed: 11)
        var buildings: [JSONValue] = []
        let step = 0.000125, size = 0.00009
        for i in 0..<24 {
            for j in 0..<24 {
                let x = Double(i) * step, y = Double(j) * step
                func point(_ dx: Double, _ dy: Double) -> JSONValue { [.double(x + dx), .double(y + dy)] }
                let k = i * 24 + j
                var rings: [JSONValue]
                if k % 5 == 0 {
                    rings = [[point(0, 0), point(size, 0), point(size, size / 2), point(size / 2, size / 2),
                              point(size / 2, size), point(0, size), point(0, 0)]]
                } else {
                    rings = [[point(0, 0), point(size, 0), point(size, size), point(0, size), point(0, 0)]]
                    if k % 7 == 0 {
                        let a = size / 3, b = 2 * size / 3
                        rings.append([point(a, a), point(a, b), point(b, b), point(b, a), point(a, a)])
                    }
                }
                buildings.append(["type": "Feature", "properties": ["h": .double(10 + rng.unit() * 90), "v": .double(rng.unit())],
                                  "geometry": ["type": "Polygon", "coordinates": .array(rings)]])
            }
        }
        return ["version": 8, "light": ["anchor": "map", "position": [1.2, 240, 40], "intensity": 0.45],
                "sources": ["city": ["type": "geojson", "data": ["type": "FeatureCollection", "features": .array(buildings)]]],
                "layers": [
                    ["id": "bg", "type": "background", "paint": ["background-color": "#f4f1ea"]],
                    ["id": "buildings", "type": "fill-extrusion", "source": "city",
                     "paint": ["fill-extrusion-height": ["get", "h"],
                               "fill-extrusion-color": ["interpolate", ["linear"], ["get", "v"], 0, "#d9d4c7", 1, "#8c96a8"],
                               "fill-extrusion-opacity": 0.9]],
                ]]
    }

    /// The z12 tile corner shared by the render suite's four Mapbox-encoded DEM tiles (758-759, 1608-1609).
    static let hillshadeCamera: MapCamera = {
        let n = 4096.0
        let longitude = 759 / n * 360 - 180, latitude = atan(sinh(Double.pi * (1 - 2 * 1609 / n))) * 180 / .pi
        return MapCamera(center: LocationCoordinate2D(latitude: latitude, longitude: longitude), zoom: 12)
    }()

    /// A colour relief of the same tiles as ``hillshade()`` (seven stops, linear), over a background.
    static func relief() throws -> JSONValue {
        guard case .object(var style) = try hillshade(), case .array(var layers) = style["layers"] else { return try hillshade() }
        layers[1] = ["id": "relief", "type": "color-relief", "source": "dem",
                     "paint": ["color-relief-color": ["interpolate", ["linear"], ["elevation"], 400, "#F00", 800, "#AA0", 1000, "#AF0",
                                                      1200, "#0F0", 1400, "#0AA", 1600, "#00F", 2000, "#C0C"]]]
        style["layers"] = .array(layers)
        return .object(style)
    }

    /// A hillshade of the render suite's 2 x 2 z12 `raster-dem` tiles (256 px Mapbox Terrain-RGB PNGs read
    /// as 512 px tiles, so a 1024 x 1024 view at zoom 12 shows exactly those four), over a background.
    static func hillshade() throws -> JSONValue {
        guard let folder = SharedFixtures.url("conformance/render-tests/tiles"),
              FileManager.default.fileExists(atPath: folder.appendingPathComponent("12-758-1608.terrain.png").path) else {
            throw ValidationError("../shared/conformance/render-tests/tiles/12-758-1608.terrain.png not found")
        }
        let n = 4096.0
        func lat(_ y: Double) -> Double { atan(sinh(Double.pi * (1 - 2 * y / n))) * 180 / .pi }
        let bounds: JSONValue = [.double(758 / n * 360 - 180 + 1e-6), .double(lat(1610) + 1e-6), .double(760 / n * 360 - 180 - 1e-6), .double(lat(1608) - 1e-6)]
        return ["version": 8, "sources": [
            "dem": ["type": "raster-dem", "tiles": [.string("file://\(folder.path)/{z}-{x}-{y}.terrain.png")], "tileSize": 512,
                    "minzoom": 12, "maxzoom": 12, "bounds": bounds],
        ], "layers": [
            ["id": "bg", "type": "background", "paint": ["background-color": "#ffffff"]],
            ["id": "hillshade", "type": "hillshade", "source": "dem",
             "paint": ["hillshade-exaggeration": 0.6, "hillshade-shadow-color": "#473b24", "hillshade-accent-color": "#5a4d3a"]],
        ]]
    }

    /// Over the middle of the render suite's four z12 DEM tiles, pitched: the terrain bench's view.
    static let terrainCamera = MapCamera(center: LocationCoordinate2D(latitude: 35.955, longitude: -113.29), zoom: 13, bearing: 30, pitch: 60)

    /// The render suite's z12 shaded-relief ("satellite") tiles and a hillshade over the Grand Canyon DEM, with the
    /// DEM as 3D terrain (exaggeration 1.5) when `draped`, or the same style drawn flat (MapLibre Native draws no
    /// terrain: its time is the flat style's).
    static func terrain(draped: Bool) throws -> JSONValue {
        guard let folder = SharedFixtures.url("conformance/render-tests/tiles"),
              FileManager.default.fileExists(atPath: folder.appendingPathComponent("12-758-1608.satellite.png").path) else {
            throw ValidationError("../shared/conformance/render-tests/tiles/12-758-1608.satellite.png not found")
        }
        let dem: JSONValue = ["type": "raster-dem", "tiles": [.string("file://\(folder.path)/{z}-{x}-{y}.terrain.png")], "tileSize": 256,
                              "maxzoom": 12]
        var style: JSONObject = ["version": 8, "sources": [
            "dem": dem, "shade": dem,
            "satellite": ["type": "raster", "tiles": [.string("file://\(folder.path)/{z}-{x}-{y}.satellite.png")], "tileSize": 256,
                          "minzoom": 12, "maxzoom": 12],
        ], "layers": [
            ["id": "bg", "type": "background", "paint": ["background-color": "#e8e0c8"]],
            ["id": "satellite", "type": "raster", "source": "satellite"],
            ["id": "hillshade", "type": "hillshade", "source": "shade", "paint": ["hillshade-exaggeration": 0.3]],
        ]]
        if draped { style["terrain"] = ["source": "dem", "exaggeration": 1.5] }
        return .object(style)
    }

    /// The whole world at zoom 2 (1024 px across at 1024 x 1024).
    static let heatmapCamera = MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 0), zoom: 2)

    /// A heatmap of the 234,908 GeoNames cities of `shared/data/geonames_cities500.geojson` (read from its
    /// `file://` URL by both renderers), weighted by population.
    static func heatmap() throws -> JSONValue {
        guard let url = SharedFixtures.url("data/geonames_cities500.geojson"), FileManager.default.fileExists(atPath: url.path) else {
            throw ValidationError("../shared/data/geonames_cities500.geojson not found")
        }
        return ["version": 8, "sources": ["cities": ["type": "geojson", "data": .string("file://" + url.path)]], "layers": [
            ["id": "bg", "type": "background", "paint": ["background-color": "#0b0b1a"]],
            ["id": "heat", "type": "heatmap", "source": "cities",
             "paint": ["heatmap-weight": ["interpolate", ["linear"], ["get", "population"], 0, 0.1, 1_000_000, 1],
                       "heatmap-radius": 6, "heatmap-intensity": 0.3, "heatmap-opacity": 0.9]],
        ]]
    }

    /// 10,000 points as circles and 2,000 polygons.
    static func heavy() -> JSONValue {
        var rng = SplitMix64(seed: 7)
        var points: [JSONValue] = []
        for _ in 0..<10_000 {
            points.append(["type": "Feature", "properties": ["r": .double(2 + rng.unit() * 4)],
                           "geometry": ["type": "Point", "coordinates": [.double(rng.unit() * 340 - 170), .double(rng.unit() * 160 - 80)]]])
        }
        var polygons: [JSONValue] = []
        for _ in 0..<2_000 {
            let cx = rng.unit() * 340 - 170, cy = rng.unit() * 150 - 75, r = 1 + rng.unit() * 4
            var ring: [JSONValue] = []
            for k in 0..<8 {
                let a = Double(k) / 8 * 2 * Double.pi
                ring.append([.double(cx + r * cos(a)), .double(cy + r * sin(a))])
            }
            ring.append(ring[0])
            polygons.append(["type": "Feature", "properties": ["v": .double(rng.unit())], "geometry": ["type": "Polygon", "coordinates": [.array(ring)]]])
        }
        return ["version": 8, "sources": [
            "points": ["type": "geojson", "data": ["type": "FeatureCollection", "features": .array(points)]],
            "polygons": ["type": "geojson", "data": ["type": "FeatureCollection", "features": .array(polygons)]],
        ], "layers": [
            ["id": "bg", "type": "background", "paint": ["background-color": "#ffffff"]],
            ["id": "polygons", "type": "fill", "source": "polygons",
             "paint": ["fill-color": ["interpolate", ["linear"], ["get", "v"], 0, "#fee8c8", 1, "#e34a33"], "fill-outline-color": "#7f2704"]],
            ["id": "points", "type": "circle", "source": "points",
             "paint": ["circle-radius": ["get", "r"], "circle-color": "#3182bd", "circle-opacity": 0.8]],
        ]]
    }
}

/// The options the benchmarks that compare with MapLibre Native share.
struct ReferenceOptions: ParsableArguments {
    @Option(help: "Python with the reference renderer (default: $MERCATOR_REFERENCE_PYTHON or ~/.cache/mercator-reference/bin/python).")
    var referencePython: String?
    @Flag(help: "Print one JSON object per measurement.") var json = false

    /// The reference renderer, or nil (said on standard output unless printing JSON).
    func reference() -> MapLibreReference? {
        let reference = MapLibreReference(python: referencePython)
        if reference == nil && !json {
            print("MapLibre Native reference not found: run ../shared/tools/reference-render/setup.sh for side-by-side figures")
        }
        return reference
    }
}

/// MapLibre Native through `scripts/maplibre_reference_bench.py`, when its Python environment exists.
struct MapLibreReference {
    let python: String
    let script: String

    init?(python explicit: String?) {
        let env = ProcessInfo.processInfo.environment
        let home = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/mercator-reference/bin/python").path
        let candidates: [String?] = [explicit, env["MERCATOR_REFERENCE_PYTHON"], home]
        guard let python = candidates.compactMap({ $0 }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/maplibre_reference_bench.py").path
        guard FileManager.default.fileExists(atPath: script) else { return nil }
        self.python = python
        self.script = script
    }

    /// MapLibre Native's median warm render time (incl. PNG) for `style`, or nil if it failed.
    func medianMilliseconds(style: JSONValue, width: Int, height: Int, longitude: Double, latitude: Double, zoom: Double, runs: Int,
                            bearing: Double = 0, pitch: Double = 0) throws -> Double? {
        try milliseconds(style: style, width: width, height: height, longitude: longitude, latitude: latitude, zoom: zoom, runs: runs,
                         bearing: bearing, pitch: pitch).map(Measure.median)
    }

    /// MapLibre Native's warm render times (incl. PNG) for `style`, one per run after a warm-up, or nil if it failed.
    func milliseconds(style: JSONValue, width: Int, height: Int, longitude: Double, latitude: Double, zoom: Double, runs: Int,
                      bearing: Double = 0, pitch: Double = 0) throws -> [Double]? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-bench-\(UUID().uuidString).json")
        try Data(style.serialized().utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = [script, file.path, "\(width)", "\(height)", "\(longitude)", "\(latitude)", "\(zoom)", "\(runs)",
                       "\(bearing)", "\(pitch)"]
        p.environment = ProcessInfo.processInfo.environment.merging(["EGL_PLATFORM": "surfaceless"]) { a, _ in a }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0, let v = try? JSONValue(parsing: data), case .array(let times)? = v["times_ms"] else { return nil }
        return times.compactMap(\.number)
    }
}
