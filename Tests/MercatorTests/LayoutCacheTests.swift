import Foundation
@testable import Mercator
import Testing
import Tiling

/// Issue 30: layers are laid out once per source tile and kept (``BucketCache``); a frame only
/// evaluates paint, places labels and paints. The cache must never change a pixel, and each kind of
/// change must lay out again exactly what it invalidates.
@Suite("Laid-out tiles kept between frames")
struct LayoutCacheTests {
    /// Vector tiles z0-z4 of a small town around 0,0 (`{z}-{x}-{y}.mvt`, layers "roads", "blocks", "pois"):
    /// a grid of roads with a data-driven width, blocks, and points with an icon.
    static let tiles: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-layout-cache-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var roads: [GeoJSONFeature] = [], blocks: [GeoJSONFeature] = [], pois: [GeoJSONFeature] = []
        for i in 0..<12 {
            let v = -3 + Double(i) * 0.5
            roads.append(GeoJSONFeature(identifier: .int(Int64(i)), geometry: .lineString(PositionList([Position(v, -3), Position(v + 0.3, 0), Position(v, 3)])),
                                        properties: ["kind": i % 3 == 0 ? "major" : "minor", "w": .double(Double(1 + i % 4))]))
            roads.append(GeoJSONFeature(identifier: .int(Int64(100 + i)), geometry: .lineString(PositionList([Position(-3, v), Position(3, v + 0.2)])),
                                        properties: ["kind": "minor", "w": 2]))
            for j in 0..<6 {
                let x = -3 + Double(j) * 1 + 0.1, y = v + 0.1
                blocks.append(GeoJSONFeature(identifier: .int(Int64(1000 + i * 10 + j)), geometry: .polygon([PositionList([
                    Position(x, y), Position(x + 0.3, y), Position(x + 0.3, y + 0.3), Position(x, y + 0.3), Position(x, y)])]),
                    properties: ["height": .double(Double(j))]))
                pois.append(GeoJSONFeature(identifier: .int(Int64(5000 + i * 10 + j)), geometry: .point(Position(x + 0.4, y + 0.2)),
                                           properties: ["rank": .double(Double((i + j) % 5))]))
            }
        }
        for (name, features) in [("roads", roads), ("blocks", blocks), ("pois", pois)] {
            guard let index = try? GeoJSONTileIndex(features: features, options: GeoJSONTileOptions()) else { continue }
            for z in 0...4 {
                for x in 0..<(1 << z) {
                    for y in 0..<(1 << z) {
                        guard let tile = index.tile(z: z, x: x, y: y) else { continue }
                        let file = folder.appendingPathComponent("\(name)/\(z)-\(x)-\(y).mvt")
                        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                        try? tile.vectorTileData(layerName: name).write(to: file)
                    }
                }
            }
        }
        return folder
    }()

    /// A style over the tiles: roads cased and filled (width from the feature), blocks, pois as icons.
    static func style() throws -> Style {
        func source(_ name: String) -> JSONValue {
            ["type": "vector", "tiles": .array([.string(tiles.path + "/\(name)/{z}-{x}-{y}.mvt")]), "maxzoom": 4]
        }
        let document: JSONValue = [
            "version": 8,
            "sources": ["roads": source("roads"), "blocks": source("blocks"), "pois": source("pois")],
            "layers": [
                ["id": "bg", "type": "background", "paint": ["background-color": "#f2efe9"]],
                ["id": "blocks", "type": "fill", "source": "blocks", "source-layer": "blocks",
                 "paint": ["fill-color": ["interpolate", ["linear"], ["get", "height"], 0, "#d9d0c9", 5, "#a99f96"]]],
                ["id": "casing", "type": "line", "source": "roads", "source-layer": "roads",
                 "layout": ["line-join": "round"],
                 "paint": ["line-color": "#999999", "line-width": ["interpolate", ["linear"], ["zoom"], 6, ["+", 2, ["get", "w"]], 9, ["*", 3, ["get", "w"]]]]],
                ["id": "roads", "type": "line", "source": "roads", "source-layer": "roads",
                 "filter": ["==", ["get", "kind"], "major"],
                 "paint": ["line-color": ["case", ["boolean", ["feature-state", "hover"], false], "#ff0000", "#ffffff"],
                           "line-width": ["get", "w"]]],
                ["id": "pois", "type": "symbol", "source": "pois", "source-layer": "pois",
                 "layout": ["icon-image": "dot", "icon-size": ["interpolate", ["linear"], ["zoom"], 6, 0.5, 9, 1.5], "icon-allow-overlap": false],
                 "paint": ["icon-opacity": ["-", 1, ["/", ["get", "rank"], 10]]]],
            ],
        ]
        let style = try Style(document: StyleDocument(json: document))
        var dot = [UInt8](repeating: 0, count: 8 * 8 * 4)
        for i in stride(from: 0, to: dot.count, by: 4) { dot[i] = 30; dot[i + 1] = 90; dot[i + 2] = 200; dot[i + 3] = 255 }
        try style.setImage(StyleImageData(width: 8, height: 8, pixels: dot), forName: "dot")
        return style
    }

    static let start = MapCamera(center: LocationCoordinate2D(latitude: 0.2, longitude: 0.1), zoom: 6.2)

    static func map(cacheSize: Int = 96 << 20) throws -> Map {
        Map(style: try style(), camera: start, size: MapSize(width: 200, height: 160), options: MapOptions(layoutCacheSize: cacheSize))
    }

    static func pixels(_ map: Map) throws -> [UInt8] {
        let snapshot = try map.snapshot()
        #expect(snapshot.sourceErrors.isEmpty, "\(snapshot.sourceErrors)")
        return snapshot.image.pixels
    }

    @Test("a second frame of the same view lays nothing out and draws the same pixels")
    func sameViewReusesEverything() throws {
        let map = try Self.map()
        let first = try Self.pixels(map)
        let laidOut = map.buckets.statistics.layouts
        #expect(laidOut >= 4, "every drawn layer of every tile is laid out once")
        let second = try Self.pixels(map)
        #expect(map.buckets.statistics.layouts == laidOut)
        #expect(map.buckets.statistics.hits >= laidOut)
        #expect(first == second)
        #expect(Set(first).count > 10, "the view draws something")
    }

    @Test("every frame of a flight (pans, zooms across integer zooms, turns, pitch) draws what an uncached map draws")
    func flightMatchesUncachedMaps() throws {
        let cached = try Self.map(), uncached = try Self.map(cacheSize: 0)
        let target = MapCamera(center: LocationCoordinate2D(latitude: -0.4, longitude: 0.6), zoom: 8.4, bearing: 25, pitch: 40)
        let flight = cached.flyAnimation(to: target)
        var frames = 0
        for i in 0..<9 {
            let camera = flight.camera(at: flight.duration * Double(i) / 8)
            cached.camera = camera
            uncached.camera = camera
            let a = try Self.pixels(cached), b = try Self.pixels(uncached)
            #expect(a == b, "frame \(i) at zoom \(camera.zoom): \(zip(a, b).filter { $0 != $1 }.count) bytes differ")
            frames += 1
        }
        #expect(frames == 9)
        #expect(cached.buckets.statistics.hits > 0, "frames within one integer zoom reuse the tiles laid out")
        #expect(uncached.buckets.byteCount == 0, "a map with no layout cache keeps nothing")
    }

    @Test("prefetching a camera, on another thread while a frame renders, lays its tiles out: the frame there lays nothing out and draws what an uncached map draws")
    func prefetchLaysOutTheNextFrame() async throws {
        let map = try Self.map()
        _ = try Self.pixels(map)
        let next = MapCamera(center: LocationCoordinate2D(latitude: -1.2, longitude: 1.4), zoom: 7.3, bearing: 10)
        let before = map.buckets.statistics.layouts
        async let prefetched: Void = Task.detached { map.prefetch(camera: next) }.value
        _ = try Self.pixels(map)  // the current frame renders meanwhile
        await prefetched
        let laidOut = map.buckets.statistics.layouts
        #expect(laidOut > before, "the new view's tiles (zoom 7, further south-east) were laid out")
        map.camera = next
        let frame = try Self.pixels(map)
        #expect(map.buckets.statistics.layouts == laidOut, "the frame found every bucket laid out")
        let reference = try Self.map(cacheSize: 0)
        reference.camera = next
        #expect(try Self.pixels(reference) == frame)
        let uncached = try Self.map(cacheSize: 0)
        uncached.prefetch(camera: next)
        #expect(uncached.buckets.byteCount == 0, "without a layout cache a prefetch keeps nothing")
    }

    @Test("past the source's maxzoom, crossing an integer zoom lays out labels again, not fills and lines whose layout ignores the zoom")
    func overscaledZoomReusesZoomFreeLayouts() throws {
        let map = try Self.map()
        map.camera = MapCamera(center: Self.start.center, zoom: 6.9)
        let before = try Self.pixels(map)
        let laidOut = map.buckets.statistics.layouts
        map.camera = MapCamera(center: Self.start.center, zoom: 7.05)
        let after = try Self.pixels(map)
        let relaid = map.buckets.statistics.layouts - laidOut
        #expect(relaid >= 1 && relaid <= 4, "only the pois (label) layer's tiles are laid out for zoom 7 (\(relaid))")
        #expect(before != after)
        let reference = try Self.map(cacheSize: 0)
        reference.camera = map.camera
        #expect(try Self.pixels(reference) == after)
    }

    @Test("a paint change reuses every layout; the frame shows the new paint")
    func paintChangeKeepsLayouts() throws {
        let map = try Self.map()
        let before = try Self.pixels(map)
        let laidOut = map.buckets.statistics.layouts
        try map.style.setValue("#00aa00", forProperty: "line-color", ofLayer: "casing")
        let after = try Self.pixels(map)
        #expect(map.buckets.statistics.layouts == laidOut, "paint is evaluated per frame from the kept layout")
        #expect(before != after)
        let reference = try Self.map(cacheSize: 0)
        try reference.style.setValue("#00aa00", forProperty: "line-color", ofLayer: "casing")
        #expect(try Self.pixels(reference) == after)
    }

    @Test("a layout property or filter change lays out only that layer again", arguments: ["layout", "filter"])
    func layoutChangeRelaysOneLayer(change: String) throws {
        let map = try Self.map()
        _ = try Self.pixels(map)
        let laidOut = map.buckets.statistics.layouts
        let hits = map.buckets.statistics.hits
        if change == "layout" {
            try map.style.setValue("square", forProperty: "line-cap", ofLayer: "roads")
        } else {
            try map.style.setPredicate(["==", ["get", "kind"], "minor"], ofLayer: "roads")
        }
        let after = try Self.pixels(map)
        let relaid = map.buckets.statistics.layouts - laidOut
        #expect(relaid >= 1 && relaid <= 4, "only the roads layer's tiles (\(relaid) laid out)")
        #expect(map.buckets.statistics.hits - hits >= 3, "the other layers' buckets are reused")
        let reference = try Self.map(cacheSize: 0)
        if change == "layout" {
            try reference.style.setValue("square", forProperty: "line-cap", ofLayer: "roads")
        } else {
            try reference.style.setPredicate(["==", ["get", "kind"], "minor"], ofLayer: "roads")
        }
        #expect(try Self.pixels(reference) == after)
    }

    @Test("feature state changes the paint that reads it, with no new layout")
    func featureStateNeedsNoLayout() throws {
        let map = try Self.map()
        let before = try Self.pixels(map)
        let laidOut = map.buckets.statistics.layouts
        for id in 0..<12 { map.setFeatureState(["hover": true], source: "roads", featureIdentifier: .int(Int64(id))) }
        let after = try Self.pixels(map)
        #expect(map.buckets.statistics.layouts == laidOut)
        #expect(before != after, "the hovered roads turn red")
        #expect(after.indices.contains { i in i % 4 == 0 && after[i] > 200 && after[i + 1] < 60 && after[i + 2] < 60 })
    }

    @Test("a new image lays label layers out again, and only them")
    func newImageRelaysLabels() throws {
        let map = try Self.map()
        let before = try Self.pixels(map)
        let laidOut = map.buckets.statistics.layouts
        var red = [UInt8](repeating: 0, count: 8 * 8 * 4)
        for i in stride(from: 0, to: red.count, by: 4) { red[i] = 220; red[i + 3] = 255 }
        try map.style.setImage(StyleImageData(width: 8, height: 8, pixels: red), forName: "dot")
        let after = try Self.pixels(map)
        let relaid = map.buckets.statistics.layouts - laidOut
        #expect(relaid >= 1 && relaid <= 4, "the pois layer's tiles only (\(relaid))")
        #expect(before != after)
    }

    @Test("new GeoJSON data is laid out again; the same data is not")
    func geoJSONDataGeneration() throws {
        let points: JSONValue = ["type": "FeatureCollection", "features": [
            ["type": "Feature", "properties": [:], "geometry": ["type": "Point", "coordinates": [0, 0]]]]]
        let document: JSONValue = ["version": 8, "sources": ["p": ["type": "geojson", "data": points]],
                                   "layers": [["id": "c", "type": "circle", "source": "p", "paint": ["circle-radius": 10, "circle-color": "red"]]]]
        let map = Map(style: try Style(document: StyleDocument(json: document)), camera: MapCamera(zoom: 3), size: MapSize(width: 64, height: 64))
        let first = try map.snapshot().image.pixels
        #expect(map.buckets.statistics.layouts == 1)
        _ = try map.snapshot()
        #expect(map.buckets.statistics.layouts == 1)
        let moved: JSONValue = ["type": "FeatureCollection", "features": [
            ["type": "Feature", "properties": [:], "geometry": ["type": "Point", "coordinates": [5, 5]]]]]
        try map.style.updateSource(StyleSource.shape(identifier: "p", data: moved))
        let second = try map.snapshot().image.pixels
        #expect(map.buckets.statistics.layouts == 2)
        #expect(first != second)
    }

    @Test("the byte budget holds: tiles not drawn for longest are dropped, and frames still match")
    func budgetEvicts() throws {
        let budget = 12 << 10
        let small = try Self.map(cacheSize: budget), reference = try Self.map(cacheSize: 0)
        for i in 0..<6 {
            let camera = MapCamera(center: LocationCoordinate2D(latitude: -2 + Double(i) * 0.8, longitude: -2 + Double(i) * 0.8), zoom: 7)
            small.camera = camera
            reference.camera = camera
            #expect(try Self.pixels(small) == Self.pixels(reference))
        }
        #expect(small.buckets.statistics.evictions > 0)
        // at most the budget, but for the tile laid out last, which stays even when it alone passes it
        #expect(small.buckets.byteCount <= budget + 8 << 10, "\(small.buckets.byteCount) bytes kept")
    }
}
