import Foundation
import Hummingbird
import HummingbirdTesting
import Mercator
import Testing
@testable import MercatorServer

/// Issue 39: a render over its budget (a label bomb) is answered 413 naming the limit, not 500 or a swap storm.
@Suite struct LabelBudgetResponseTests {
    @Test func aLabelOverTheCharacterLimitIs413NamingTheLimit() async throws {
        var catalog = ServerCatalog(fontsDirectory: TestServer.folder.appendingPathComponent("fonts"))
        let bomb = String(repeating: "AB", count: 30_000)
        let style: JSONValue = [
            "version": 8, "glyphs": "fonts/{fontstack}/{range}.pbf",
            "sources": ["label": ["type": "geojson", "data": ["type": "Point", "coordinates": [0, 0]]]],
            "layers": [["id": "bg", "type": "background", "paint": ["background-color": "#ffffff"]],
                       ["id": "text", "type": "symbol", "source": "label",
                        "layout": ["text-field": .string(bomb), "text-font": ["Font A"]]]],
        ]
        try catalog.addStyle(style, id: "bomb", name: "bomb", directory: TestServer.folder)
        var options = TestServer.options()
        options.port = 0
        options.renderThreads = 1
        try await MercatorServer(catalog: catalog, options: options).application(logger: TestServer.quiet).test(.live) { client in
            let image = try await client.execute(uri: "/styles/bomb/static/0,0,1/64x64.png", method: .get)
            #expect(image.status == .contentTooLarge)
            #expect(image.text.contains("Limits.labelCharacters"), "\(image.text)")
            let tile = try await client.execute(uri: "/styles/bomb/0/0/0.png", method: .get)
            #expect(tile.status == .contentTooLarge, "a raster tile of the same style")
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
        }
    }
}
