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

    @Test("outputs up to 2048 x 2048 device pixels are not banded; larger ones are")
    func threshold() {
        #expect(!Renderer.rendersInBands(RenderScene(width: 2048, height: 2048, camera: MapCamera())))
        #expect(!Renderer.rendersInBands(RenderScene(width: 1024, height: 1024, pixelRatio: 2, camera: MapCamera())))
        #expect(Renderer.rendersInBands(RenderScene(width: 2049, height: 2048, camera: MapCamera())))
    }
}
