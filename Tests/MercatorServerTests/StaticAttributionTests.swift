import Foundation
import Hummingbird
import HummingbirdTesting
import Mercator
import MercatorTestSupport
import Testing
import Rendering
@testable import MercatorServer

/// tileserver-gl's `staticAttributionText` (options-wide, and per style over it): drawn in the bottom-right
/// corner of static images only, in the fonts folder's font; 501 naming it when the server has no fonts.
@Suite struct StaticAttributionTests {
    /// A configuration in a folder of its own: `options` and `styles` as given, the style `grey.json` beside it.
    static func catalog(_ name: String, options: String, styles: String) throws -> ServerCatalog {
        let dir = TestServer.folder.appendingPathComponent("attribution-\(name)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let style = """
            {"version": 8, "center": [0, 0], "zoom": 1, "sources": {},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#808080"}}]}
            """
        try Data(style.utf8).write(to: dir.appendingPathComponent("grey.json"))
        let config = dir.appendingPathComponent("config.json")
        try Data("{\"options\": {\(options)}, \"styles\": {\(styles)}}".utf8).write(to: config)
        return try ServerCatalog.load(inputs: [config.path])
    }

    static func server(_ catalog: ServerCatalog) -> MercatorServer { MercatorServer(catalog: catalog, options: TestServer.options()) }

    @Test("with no fonts, a static image with staticAttributionText is 501 naming it; tiles are not affected")
    func refusedWithoutFonts() async throws {
        let catalog = try Self.catalog("nofonts", options: #""staticAttributionText": "© Nobody""#,
                                       styles: #""a": {"style": "grey.json"}, "b": {"style": "grey.json", "staticAttributionText": "© B"}"#)
        #expect(catalog.fontsDirectory == nil)
        #expect(catalog.style("b")?.staticAttributionText == "© B")
        try await Self.server(catalog).application(logger: TestServer.quiet).test(.live) { client in
            for id in ["a", "b"] {
                let image = try await client.execute(uri: "/styles/\(id)/static/0,0,1/64x48.png", method: .get)
                #expect(image.status == .notImplemented, "\(id): \(image.status)")
                #expect(image.text.contains("staticAttributionText") && image.text.contains("fonts"), "\(image.text)")
                #expect(try await client.execute(uri: "/styles/\(id)/static/0,0,1/64x48.png", method: .head).status == .notImplemented)
                // only static images carry the text: raster tiles are drawn
                #expect(try await client.execute(uri: "/styles/\(id)/0/0/0.png", method: .get).status == .ok)
            }
        }
    }

    /// The style has no labels and no glyphs: the text comes from the fonts folder's glyph PBFs, so a build
    /// without the optional traits (no FreeType, no installed fonts) draws it too (it once answered 200 with no text).
    @Test("the text is drawn in the bottom-right corner from the fonts folder's glyphs, the style's own over the options'; nothing else changes",
          .needsShared("conformance/render-tests/glyphs/Noto Sans Regular"))
    func drawnInTheCorner() async throws {
        let glyphs = try #require(SharedFixtures.url("conformance/render-tests/glyphs")).path
        let fonts = "\"paths\": {\"fonts\": \"\(glyphs)\"}"
        let plain = try Self.catalog("plain", options: fonts, styles: #""s": {"style": "grey.json"}"#)
        let marked = try Self.catalog("marked", options: fonts + #", "staticAttributionText": "Mercator Test""#,
                                      styles: #""s": {"style": "grey.json"}, "t": {"style": "grey.json", "staticAttributionText": "Other Words Here"}"#)
        // rendered with the folder's glyphs; what clients get is unchanged (no labels: no glyphs)
        #expect(marked.style("s")?.renderJSON["glyphs"]?.string?.hasSuffix("/{fontstack}/{range}.pbf") == true)
        #expect(marked.style("s")?.publicJSON["glyphs"] == nil)
        #expect(plain.style("s")?.renderJSON["glyphs"] == nil)
        let uri = "/styles/{id}/static/0,0,1/200x100.png"
        func image(_ catalog: ServerCatalog, _ id: String) async throws -> RGBAImage {
            try await Self.server(catalog).application(logger: TestServer.quiet).test(.live) { client in
                let response = try await client.execute(uri: uri.replacingOccurrences(of: "{id}", with: id), method: .get)
                #expect(response.status == .ok, "\(response.text)")
                return try PNGDecoder.decode(Array(response.data))
            }
        }
        let without = try await image(plain, "s"), with = try await image(marked, "s"), other = try await image(marked, "t")
        // the pixels that differ from the picture without attribution
        func changed(_ a: RGBAImage, _ b: RGBAImage) -> [(x: Int, y: Int)] {
            var out: [(x: Int, y: Int)] = []
            for y in 0..<a.height { for x in 0..<a.width where a.pixels[(y * a.width + x) * 4 ..< (y * a.width + x) * 4 + 4] != b.pixels[(y * b.width + x) * 4 ..< (y * b.width + x) * 4 + 4] { out.append((x, y)) } }
            return out
        }
        let marks = changed(without, with)
        #expect(marks.count > 50, "the text is drawn (\(marks.count) pixels)")
        #expect(marks.allSatisfy { $0.x >= 100 && $0.y >= 70 }, "only in the bottom-right corner: \(marks.prefix(5))")
        #expect(!changed(with, other).isEmpty, "the style's own text replaces the options'")
    }
}
