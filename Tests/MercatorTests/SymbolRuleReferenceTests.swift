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
/// - `fractional-ratio`, `fractional-ratio-wide`: at a pixel ratio whose product with the size is not
///   whole, the view is drawn onto the whole pixels of the framebuffer (Native's headless frontend
///   cuts the size; everything scales by the framebuffer's width over the CSS width).
/// - `touching-icons`: icons whose collision boxes only touch collide (Native's `boxesCollide`).
/// - `raster-rotation`, `raster-rotation-ratio2`: raster tiles of a turned view meet without a seam
///   (each drawn as its pixel-aligned quad, without a tile clip).
/// - `line-anchors-overzoomed`: labels along lines anchored in single precision on an overscaled
///   tile (a quarter pixel a tile unit), pitched and turned.
/// - `variable-anchor-pitched`: labels with `text-variable-anchor` pitched with the map move along
///   the map's axes, in the map plane; labels on the screen that turn with the map keep their shift
///   upright (Native turns it by the pitch, not the bearing).
/// - `cjk-line-anchors`: CJK text along a line is anchored by its vertical shaping's length.
/// - `line-labels-on-screen`: labels along lines drawn on the screen of a pitched view (rotation `map`,
///   pitch `viewport`) space their glyphs at Native's CPU scale and draw them at its shader's.
@Suite("Symbol and fill rules against MapLibre Native", .needsShared)
struct SymbolRuleReferenceTests {
    struct View: Sendable, CustomStringConvertible {
        var name: String
        /// The style's file name, when another view's (`name` otherwise).
        var style: String?
        var width = 256, height = 256
        var longitude = 0.0, latitude = 0.0, zoom: Double
        var bearing = 0.0, pitch = 0.0
        var pixelRatio = 1.0
        /// Pixels allowed apart (pixelmatch threshold 0.1285, anti-aliased pixels not counted).
        var allowed: Int
        var description: String { name }
    }

    static let views = [
        View(name: "pitched-labels", width: 512, height: 256, zoom: 7, bearing: -50, pitch: 55, allowed: 20),
        View(name: "layout-groups", width: 256, height: 128, zoom: 6, allowed: 6),
        View(name: "sort-key-tiles", width: 256, height: 128, latitude: 18, zoom: 1, allowed: 6),
        View(name: "collection-pattern", latitude: 25, zoom: 1, allowed: 10),
        View(name: "fractional-ratio", width: 90, height: 90, longitude: 1, latitude: 1, zoom: 4.2, pixelRatio: 1.3, allowed: 0),
        View(name: "fractional-ratio-wide", style: "fractional-ratio", width: 100, height: 60, zoom: 4, pixelRatio: 1.1, allowed: 0),
        View(name: "touching-icons", width: 256, height: 160, longitude: 16.544531249999977, latitude: 3.2431885972668293, zoom: 2,
             allowed: 0),
        View(name: "raster-rotation", width: 256, height: 128, longitude: 13.418056, latitude: 52.499167, zoom: 16, bearing: 45,
             allowed: 4),
        View(name: "raster-rotation-ratio2", style: "raster-rotation", width: 128, height: 96, longitude: 13.418056,
             latitude: 52.499167, zoom: 16.4, bearing: 33, pixelRatio: 2, allowed: 4),
        View(name: "line-anchors-overzoomed", width: 512, height: 256, longitude: 13.418056, latitude: 52.499167, zoom: 16.4,
             bearing: -20, pitch: 35, allowed: 6),
        View(name: "variable-anchor-pitched", width: 512, height: 256, longitude: 13.418056, latitude: 52.499167, zoom: 14.3,
             bearing: -30, pitch: 50, allowed: 6),
        View(name: "cjk-line-anchors", width: 400, height: 300, longitude: -10, latitude: 30, zoom: 0.4, allowed: 6),
        View(name: "line-labels-on-screen", width: 512, height: 256, longitude: 13.418056, latitude: 52.499167, zoom: 14.6,
             pitch: 50, allowed: 6),
    ]

    @Test("drawn as MapLibre Native draws them", arguments: views)
    func matchesNative(_ view: View) throws {
        let glyphs = try #require(SharedFixtures.url("conformance/render-tests/glyphs"))
        let sprite = try #require(SharedFixtures.url("conformance/render-tests/sprites/emerald"))
        let styleURL = try #require(Bundle.module.url(forResource: view.style ?? view.name, withExtension: "json",
                                                      subdirectory: "Fixtures/symbol-rules"))
        let expectedURL = try #require(Bundle.module.url(forResource: view.name, withExtension: "png", subdirectory: "Fixtures/symbol-rules"))
        // `local://` names the render suite's fixtures, as in its styles
        let fixtures = glyphs.deletingLastPathComponent()
        let text = try String(contentsOf: styleURL, encoding: .utf8)
            .replacingOccurrences(of: "GLYPHS", with: glyphs.path)
            .replacingOccurrences(of: "\"SPRITE\"", with: "\"file://\(sprite.path)\"")
            .replacingOccurrences(of: "local://", with: "file://\(fixtures.path)/")
        let document = try StyleDocument(json: JSONValue(parsing: Data(text.utf8)))
        let camera = MapCamera(center: LocationCoordinate2D(latitude: view.latitude, longitude: view.longitude), zoom: view.zoom,
                               bearing: view.bearing, pitch: view.pitch)
        let map = Map(style: try Style(document: document), camera: camera,
                      size: MapSize(width: view.width, height: view.height, pixelRatio: view.pixelRatio), clientFonts: .disabled)
        let actual = try map.snapshot().image
        let expected = try PNGDecoder.decode([UInt8](Data(contentsOf: expectedURL)))
        let result = try PixelMatch.compare(actual.premultiplied(), expected.premultiplied(),
                                            options: PixelMatch.Options(threshold: 0.1285, includeAA: false))
        #expect(result.differentPixels <= view.allowed, "\(view.name): \(result.differentPixels) pixels apart")
    }
}
