import Foundation
import GeoJSON
@testable import Mercator
@testable import MercatorConformance
import MercatorTestSupport
import Testing
import Rendering

/// Issue 19: large outputs are painted and encoded band by band; the image must be the one a
/// whole-canvas render draws, for every layer type (neighbour-reading passes included).
@Suite("PNG snapshots painted in bands")
struct BandedSnapshotTests {
    static let tests = [
        "circle-blur/literal-stroke", "line-join/round", "line-join/miter-transparent", "fill-color/opacity",
        "symbol-placement/line-center", "text-rotate/literal", "heatmap-color/default", "hillshade-highlight-color/literal",
        "fill-extrusion-color/default", "raster-opacity/literal", "background-pattern/literal",
        "text-color/transparent", "circle-sort-key/literal",
    ]

    @Test("a render in bands of 1, 5 and 37 rows decodes to the whole-canvas render's PNG pixels", .needsShared, arguments: tests)
    func bandsMatchWholeCanvas(_ identifier: String) throws {
        let root = try #require(SharedFixtures.url("conformance/render-tests"))
        let test = try #require(RenderTest.discover(in: root, filter: identifier).first { $0.identifier == identifier })
        let json = try JSONValue(parsing: Data(contentsOf: test.directory.appendingPathComponent("style.json")))
        let metadata = RenderTestMetadata(style: json)
        let map = try RenderTestMaps.map(json: json, metadata: metadata, directory: test.directory, root: root)
        _ = try RenderTestMaps.apply(metadata.operations, to: map, root: root)
        if json["metadata"]?["test"]?["debug"]?.bool == true { map.debugOptions.insert(.tileBoundaries) }
        // the whole-canvas render through the whole-canvas PNG encoder (the same 8-bit conversion)
        let whole = try PNGDecoder.decode([UInt8](map.snapshot().pngData()))
        #expect(Set(whole.pixels).count > 2, "the test draws something")
        for rows in [1, 5, 37] {
            let banded = try PNGDecoder.decode([UInt8](map.pngSnapshot(bandRows: rows).data))
            #expect(banded.width == whole.width && banded.height == whole.height)
            let differing = stride(from: 0, to: min(banded.pixels.count, whole.pixels.count), by: 4).filter {
                banded.pixels[$0..<($0 + 4)] != whole.pixels[$0..<($0 + 4)]
            }
            let first = differing.first.map { "first at x \($0 / 4 % whole.width), y \($0 / 4 / whole.width)" } ?? ""
            #expect(differing.isEmpty, "\(identifier), bands of \(rows) rows: \(differing.count) pixels differ \(first)")
        }
    }

    /// A ring's closing point, drawn by its line layer, is joined as the whole ring joins it when a band cuts the ring
    /// into runs (it was capped: four pixels of the first view differed between one band and two).
    @Test("a map painted in one band, or in several, draws what it draws in one band per core", arguments: ["globe", "mercator"])
    func bandCountKeepsThePixels(_ projection: String) throws {
        let ring: [JSONValue] = [[-40, -30], [50, -20], [30, 45], [-20, 35], [-40, -30]].map { .array($0.map { .double($0) }) }
        let style: JSONValue = [
            "version": 8, "projection": ["type": .string(projection)],
            "sources": [
                "shape": ["type": "geojson", "data": ["type": "Polygon", "coordinates": .array([.array(ring)])]],
                "track": ["type": "geojson", "data": ["type": "LineString", "coordinates": .array(stride(from: -170.0, through: 170, by: 7).map {
                    .array([.double($0), .double(25 * sin($0 / 30))])
                })]],
            ],
            "layers": [
                ["id": "ocean", "type": "background", "paint": ["background-color": "#bcd7ea"]],
                ["id": "land", "type": "fill", "source": "shape", "paint": ["fill-color": "#e3a868"]],
                ["id": "border", "type": "line", "source": "shape", "paint": ["line-color": "#7a6a58", "line-width": 2]],
                ["id": "track", "type": "line", "source": "track", "layout": ["line-cap": "round", "line-join": "round"],
                 "paint": ["line-color": "#204080", "line-width": 5, "line-dasharray": [2, 1]]],
                ["id": "stops", "type": "circle", "source": "track", "paint": ["circle-radius": 4, "circle-color": "#a02020"]],
                ["id": "heat", "type": "heatmap", "source": "track", "paint": ["heatmap-radius": 12, "heatmap-opacity": 0.5]],
                ["id": "blocks", "type": "fill-extrusion", "source": "shape",
                 "paint": ["fill-extrusion-color": "#808080", "fill-extrusion-height": 300000, "fill-extrusion-opacity": 0.7]],
                ["id": "names", "type": "symbol", "source": "track",
                 "layout": ["text-field": "Track", "symbol-placement": "line", "text-size": 14]],
            ]]
        let cameras = [MapCamera(center: LocationCoordinate2D(latitude: 10, longitude: 5), zoom: 1.2, bearing: 20),
                       MapCamera(center: LocationCoordinate2D(latitude: -25, longitude: -30), zoom: 2.1, bearing: -40)]
        for camera in cameras {
            let map = Map(style: try Style(document: StyleDocument(json: style)), camera: camera, size: MapSize(width: 600, height: 560))
            #expect(map.bandCount == nil)
            let perCore = try map.snapshot().canvas.pixels
            #expect(Set(perCore).count > 3, "the map draws something")
            for bands in [1, 2, 3, 5, 16] {
                map.bandCount = bands
                let pixels = try map.snapshot().canvas.pixels
                let differing = stride(from: 0, to: pixels.count, by: 4).filter { pixels[$0..<($0 + 4)] != perCore[$0..<($0 + 4)] }
                let first = differing.first.map { "first at x \($0 / 4 % 600), y \($0 / 4 / 600)" } ?? ""
                #expect(differing.isEmpty, "zoom \(camera.zoom), \(bands) bands: \(differing.count) pixels differ \(first)")
            }
            #expect(try map.pngSnapshot().data == map.snapshot().pngData())
            map.bandCount = 0
            #expect(map.bandCount == 1, "at least one band")
        }
    }

    @Test("outputs up to 2048 x 2048 device pixels are not banded; larger ones are")
    func threshold() {
        #expect(!Renderer.rendersInBands(RenderScene(width: 2048, height: 2048, camera: MapCamera())))
        #expect(!Renderer.rendersInBands(RenderScene(width: 1024, height: 1024, pixelRatio: 2, camera: MapCamera())))
        #expect(Renderer.rendersInBands(RenderScene(width: 2049, height: 2048, camera: MapCamera())))
    }
}
