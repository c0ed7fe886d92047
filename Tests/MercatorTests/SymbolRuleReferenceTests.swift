import Foundation
import Mercator
import MercatorTestSupport
import Testing
import Rendering

/// Rules of MapLibre Native's symbol, line and fill drawing that the render suite checks at one angle,
/// here at others, against Native's renders of the same styles and cameras (`Fixtures/symbol-rules/`,
/// drawn by the reference renderer `../shared/tools/reference-render/` with the render suite's glyphs
/// and its `emerald` sprite):
///
/// - `pitched-labels`: point labels on a pitched, turned map with each `text-pitch-alignment` and
///   `text-rotation-alignment` (a label on the screen that turns with the map follows the map's x axis
///   as projected at its anchor; a label laid in the map plane is drawn in perspective).
/// - `layout-groups`: two symbol layers with the same layout share one bucket, placed once (by the
///   lower layer), so both draw the label the other would hide.
/// - `sort-key-tiles`: labels of one `symbol-sort-key` in two tiles overlap in tile order; an
///   `icon-image` expression reads `{icon}` literally, a plain string fills the token in.
/// - `collection-pattern`: a GeometryCollection's polygons keep closed rings in a line layer; a
///   patterned fill with a `fill-outline-color` draws no outline.
@Suite("Symbol and fill rules against MapLibre Native", .needsShared)
struct SymbolRuleReferenceTests {
    struct View: Sendable, CustomStringConvertible {
        var name: String
        var width = 256, height = 256
        var longitude = 0.0, latitude = 0.0, zoom: Double
        var bearing = 0.0, pitch = 0.0
        /// Pixels allowed apart (pixelmatch threshold 0.1285, anti-aliased pixels not counted).
        var allowed: Int
        var description: String { name }
    }

    static let views = [
        View(name: "pitched-labels", width: 512, height: 256, zoom: 7, bearing: -50, pitch: 55, allowed: 20),
        View(name: "layout-groups", width: 256, height: 128, zoom: 6, allowed: 6),
        View(name: "sort-key-tiles", width: 256, height: 128, latitude: 18, zoom: 1, allowed: 6),
        View(name: "collection-pattern", latitude: 25, zoom: 1, allowed: 10),
    ]

    @Test("drawn as MapLibre Native draws them", arguments: views)
    func matchesNative(_ view: View) throws {
        let glyphs = try #require(SharedFixtures.url("conformance/render-tests/glyphs"))
        let sprite = try #require(SharedFixtures.url("conformance/render-tests/sprites/emerald"))
        let styleURL = try #require(Bundle.module.url(forResource: view.name, withExtension: "json", subdirectory: "Fixtures/symbol-rules"))
        let expectedURL = try #require(Bundle.module.url(forResource: view.name, withExtension: "png", subdirectory: "Fixtures/symbol-rules"))
        let text = try String(contentsOf: styleURL, encoding: .utf8)
            .replacingOccurrences(of: "GLYPHS", with: glyphs.path)
            .replacingOccurrences(of: "\"SPRITE\"", with: "\"file://\(sprite.path)\"")
        let document = try StyleDocument(json: JSONValue(parsing: Data(text.utf8)))
        let camera = MapCamera(center: LocationCoordinate2D(latitude: view.latitude, longitude: view.longitude), zoom: view.zoom,
                               bearing: view.bearing, pitch: view.pitch)
        let map = Map(style: try Style(document: document), camera: camera, size: MapSize(width: view.width, height: view.height),
                      clientFonts: .disabled)
        let actual = try map.snapshot().image
        let expected = try PNGDecoder.decode([UInt8](Data(contentsOf: expectedURL)))
        let result = try PixelMatch.compare(actual.premultiplied(), expected.premultiplied(),
                                            options: PixelMatch.Options(threshold: 0.1285, includeAA: false))
        #expect(result.differentPixels <= view.allowed, "\(view.name): \(result.differentPixels) pixels apart")
    }
}
