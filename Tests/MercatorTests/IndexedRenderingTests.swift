import Foundation
@testable import Mercator
import MercatorTestSupport
import Testing
import Rendering

/// Shape sources draw through their index: simplified for the zoom, culled to the view.
@Suite("Rendering through the source index")
struct IndexedRenderingTests {
    static func style() throws -> (JSONValue, [GeoJSONFeature]) {
        let url = try #require(SharedFixtures.url("data/geojsonvt_us-states.geojson"))
        let data = try JSONValue(parsing: Data(contentsOf: url))
        let style: JSONValue = ["version": 8, "sources": ["states": ["type": "geojson", "data": data]], "layers": [
            ["id": "bg", "type": "background", "paint": ["background-color": "#ffffff"]],
            ["id": "fill", "type": "fill", "source": "states", "paint": ["fill-color": "#9ecae1", "fill-opacity": 0.7]],
            ["id": "line", "type": "line", "source": "states", "paint": ["line-color": "#08519c", "line-width": 1]],
        ]]
        return (style, try GeoJSONObject(parsing: data.serialized()).features)
    }

    static func pointCount(_ layer: StyleScene.DrawnLayer, _ scene: RenderScene, _ index: Int) -> Int {
        guard let line = scene.layers[index] as? LineLayer else { return 0 }
        return line.features.reduce(0) { $0 + $1.lines.reduce(0) { $0 + $1.count } }
    }

    @Test("at a low zoom, fewer points are drawn and the image matches drawing every point", .needsShared)
    func lowZoom() throws {
        let (json, features) = try Self.style()
        let camera = MapCamera(center: LocationCoordinate2D(latitude: 38, longitude: -96), zoom: 2.5)
        let map = Map(style: try Style(document: StyleDocument(json: json)), camera: camera, size: MapSize(width: 256, height: 256))
        let built = try map.styleScene()
        let drawn = Self.pointCount(built.layers[2], built.scene, 2)
        let unindexed = try StyleSceneBuilder(width: 256, height: 256, camera: camera)
            .scene(layers: map.style.compiledLayers(), sources: ["states": GeoJSONRenderSource(features: features)])
        let all = Self.pointCount(built.layers[2], unindexed, 2)
        #expect(drawn * 4 < all * 3, "indexed \(drawn) points, unindexed \(all)")
        let a = try map.snapshot().image
        let b = try Renderer.render(unindexed).makeImage()
        let diff = try PixelMatch.compare(a, b, options: PixelMatch.Options(threshold: 0.1))
        // simplification stays within a fraction of a pixel: edges move, nothing else
        #expect(diff.differentPixels < 256 * 256 / 100, "\(diff.differentPixels) pixels differ")
    }

    @Test("deep in, only the features in view are drawn and queried", .needsShared)
    func culling() throws {
        let (json, _) = try Self.style()
        let map = Map(style: try Style(document: StyleDocument(json: json)),
                      camera: MapCamera(center: LocationCoordinate2D(latitude: 39.0, longitude: -105.5), zoom: 9),
                      size: MapSize(width: 256, height: 256))
        let built = try map.styleScene()
        let names = Set(built.layers[1].features.compactMap { $0.properties?["name"]?.string })
        #expect(names == ["Colorado"])
        let hit = try map.visibleFeatures(at: Point(x: 128, y: 128), styleLayerIdentifiers: ["fill"])
        #expect(hit.map { $0.geoJSONFeature.properties?["name"]?.string } == ["Colorado"])
        // The feature returned is the source's, with every point, not the simplified copy.
        #expect(hit.first?.geoJSONFeature == built.layers[1].features.first)
    }

    @Test("source options reach the index; out-of-range options are reported, not ignored")
    func sourceOptions() throws {
        func map(_ options: JSONObject) throws -> Map {
            var source: JSONObject = ["type": "geojson", "data": ["type": "Point", "coordinates": [10, 10]]]
            for (k, v) in options { source[k] = v }
            return Map(style: try Style(document: StyleDocument(json: ["version": 8, "sources": ["p": .object(source)], "layers": [
                ["id": "c", "type": "circle", "source": "p"]]])))
        }
        let shallow = try map(["maxzoom": 2])
        #expect(try shallow.tile(TileID(z: 2, x: 2, y: 1), inShapeSource: "p")?.count == 1)
        #expect(try shallow.tile(TileID(z: 3, x: 4, y: 3), inShapeSource: "p") == nil)
        let deep = try map(["maxzoom": 30])
        #expect(try deep.snapshot().sourceErrors.isEmpty)
        // the style refuses options the tiler could not use
        #expect(throws: StyleDocumentError.self) { try map(["buffer": -5]) }
        #expect(throws: StyleDocumentError.self) { try map(["tolerance": -1]) }
        // data that cannot be read is reported by the snapshot and by tile requests
        let unreadable = Map(style: try Style(document: StyleDocument(json: ["version": 8, "sources": [
            "p": ["type": "geojson", "data": "/nonexistent/points.geojson"]], "layers": [["id": "c", "type": "circle", "source": "p"]]])))
        #expect(try unreadable.snapshot().sourceErrors.map(\.source) == ["p"])
        #expect(try unreadable.snapshot().sourceErrors.map(\.source) == ["p"], "reported again, not only on first load")
        #expect(throws: SourceLoadError.self) { try unreadable.tile(TileID(z: 0, x: 0, y: 0), inShapeSource: "p") }
    }
}
