import Foundation
import Hummingbird
import HummingbirdTesting
import Mercator
import MercatorTestSupport
import Testing
@testable import MercatorServer
import Rendering

/// Raster tiles are cut from one render of a metatile (with a margin): a label straddling a tile
/// edge is drawn whole across it, once.
@Suite(.needsShared) struct MetatileTests {
    /// A style with one wide label whose anchor lies 1.4 px left of the edge between tiles 2/0/1 and 2/1/1.
    static func server() throws -> MercatorServer? {
        guard let glyphs = SharedFixtures.url("conformance/render-tests/glyphs") else { return nil }
        var catalog = ServerCatalog(fontsDirectory: glyphs)
        let style: JSONValue = [
            "version": 8, "glyphs": .string(ServerCatalog.fontTemplate(glyphs)),
            "sources": ["label": ["type": "geojson", "data": ["type": "Point", "coordinates": [-90.5, 40]]]],
            "layers": [["id": "bg", "type": "background", "paint": ["background-color": "#ffffff"]],
                       ["id": "text", "type": "symbol", "source": "label",
                        "layout": ["text-field": "WWWWWWWW", "text-font": ["Noto Sans Regular"], "text-size": 24],
                        "paint": ["text-color": "#000000"]]],
        ]
        try catalog.addStyle(style, id: "labels", name: "labels", directory: TestServer.folder)
        var options = TestServer.options()
        options.port = 0
        return MercatorServer(catalog: catalog, options: options)
    }

    static func dark(_ image: RGBAImage, columns: Range<Int>) -> Int {
        var n = 0
        for y in 0..<image.height {
            for x in columns {
                let i = 4 * (y * image.width + x)
                if image.pixels[i] < 100 && image.pixels[i + 3] > 200 { n += 1 }
            }
        }
        return n
    }

    @Test func aLabelOnATileEdgeIsWholeAcrossIt() async throws {
        guard let server = try Self.server() else {
            print("MetatileTests: skipped: ../shared/conformance/render-tests/glyphs is not present")
            return
        }
        try await server.application(logger: TestServer.quiet).test(.live) { client in
            let left = try PNGDecoder.decode([UInt8](try await client.execute(uri: "/styles/labels/2/0/1.png", method: .get).data))
            let right = try PNGDecoder.decode([UInt8](try await client.execute(uri: "/styles/labels/2/1/1.png", method: .get).data))
            #expect(Self.dark(left, columns: 216..<256) > 30)   // the label's left half, up to the edge
            #expect(Self.dark(right, columns: 0..<40) > 30)     // and its right half, from the edge
            // The four tiles of the block are one render: they equal the same view drawn as one image.
            var tiles: [RGBAImage] = []
            for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                tiles.append(try PNGDecoder.decode([UInt8](try await client.execute(uri: "/styles/labels/2/\(x)/\(y).png", method: .get).data)))
            }
            let lat = WebMercator.latitude(worldY: 0.25)
            let whole = try PNGDecoder.decode([UInt8](try await client.execute(uri: "/styles/labels/static/-90,\(lat),1/768x768.png", method: .get).data))
            for (i, (x, y)) in [(0, 0), (1, 0), (0, 1), (1, 1)].enumerated() {
                let cut = RasterTileRenderer.crop(whole, x: 128 + 256 * x, y: 128 + 256 * y, width: 256, height: 256)
                #expect(cut == tiles[i], "tile 2/\(x)/\(y)")
            }
        }
    }
}
