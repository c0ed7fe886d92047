import Foundation
import Mercator
import MercatorTestSupport
import Rendering
import Testing

/// Labels along lines on the globe (docs/3d.md): text laid along its line in the map plane is not hidden with its
/// anchor behind the horizon (GL JS walks such a line in its label plane, which reports nothing occluded); it collides
/// with the longest run of its collision circles in front of the horizon and draws the glyphs there. The ink runs
/// below are GL JS 5.24's (`reference-render-gljs`) for the same styles; before the rule the label at the eastern
/// limb was missing and, centred at 30° E, a label at the western limb was drawn that GL JS's limb label keeps out.
///
/// Text in the map plane is also spaced and sized by GL JS's pitched-text correction on the globe (the cosine of the
/// centre's latitude over the anchor's): labels along a meridian keep their size on the sphere away from the equator.
///
/// Mercator draws these under GL JS's rasterization (`RasterReference.glJSSwiftShader`, as the GL JS comparison suite
/// does), since GL JS's pictures come from SwiftShader: a glyph edge-on at the limb covers a pixel centre or not by
/// a tenth of a pixel, which SwiftShader's sine decides (centred at 30° E, GL JS draws column 8 faint; Mercator with
/// exact arithmetic drew it dark, and both draw it dark at 29.5°, 29.75°, 30.25°, 30.5° and 31° E).
@Suite("Globe: labels along lines at the limb and away from the equator", .needsShared)
struct GlobeLineLabelTests {
    static let equator: JSONValue = [[-180, 0], [-90, 0], [0, 0], [90, 0], [180, 0]]
    static let meridian: JSONValue = [[0, -80], [0, 0], [0, 80]]

    static func snapshot(longitude: Double = 0, latitude: Double = 0, zoom: Double, line coordinates: JSONValue = equator,
                         text: String = "Equator", size: Double = 14, spacing: Double = 60,
                         font: JSONValue = ["Open Sans Semibold", "Arial Unicode MS Bold"]) throws -> MapSnapshot {
        let line: JSONValue = ["type": "Feature", "properties": [:], "geometry": ["type": "LineString", "coordinates": coordinates]]
        let style: JSONValue = [
            "version": 8, "projection": ["type": "globe"], "glyphs": .string(SymbolLayerTests.glyphs.path + "/{fontstack}/{range}.pbf"),
            "sources": ["line": ["type": "geojson", "data": line]],
            "layers": [["id": "bg", "type": "background", "paint": ["background-color": "white"]],
                       ["id": "labels", "type": "symbol", "source": "line",
                        "layout": ["symbol-placement": "line", "text-field": .string(text), "text-size": .double(size),
                                   "symbol-spacing": .double(spacing), "text-font": font]]],
        ]
        let camera = MapCamera(center: LocationCoordinate2D(latitude: latitude, longitude: longitude), zoom: zoom)
        let map = Map(style: try Style(document: StyleDocument(json: style)), camera: camera, size: MapSize(width: 256, height: 256),
                      clientFonts: .disabled)
        map.rasterReference = .glJSSwiftShader
        return try map.snapshot()
    }

    /// The runs of columns holding ink (dark glyph pixels), gaps of up to 3 columns joined.
    static func inkRuns(_ s: MapSnapshot) -> [ClosedRange<Int>] {
        let image = s.image
        var runs: [ClosedRange<Int>] = []
        for x in 0..<image.width where (0..<image.height).contains(where: { y in
            let i = 4 * (y * image.width + x)
            return image.pixels[i + 3] > 200 && image.pixels[i] < 160
        }) {
            if let last = runs.last, x - last.upperBound <= 3 { runs[runs.count - 1] = last.lowerBound...x } else { runs.append(x...x) }
        }
        return runs
    }

    /// The runs of rows holding ink, gaps of up to 5 rows joined, runs of fewer than 3 rows left out.
    static func inkRowRuns(_ s: MapSnapshot) -> [ClosedRange<Int>] {
        let image = s.image
        var runs: [ClosedRange<Int>] = []
        for y in 0..<image.height where (0..<image.width).contains(where: { x in
            let i = 4 * (y * image.width + x)
            return image.pixels[i + 3] > 200 && image.pixels[i] < 160
        }) {
            if let last = runs.last, y - last.upperBound <= 5 { runs[runs.count - 1] = last.lowerBound...y } else { runs.append(y...y) }
        }
        return runs.filter { $0.count >= 3 }
    }

    /// The columns holding ink over some rows.
    static func inkColumns(_ s: MapSnapshot, rows: ClosedRange<Int>) -> ClosedRange<Int>? {
        let image = s.image
        let columns = (0..<image.width).filter { x in
            rows.contains { y in
                let i = 4 * (y * image.width + x)
                return image.pixels[i + 3] > 200 && image.pixels[i] < 160
            }
        }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }

    /// Whether two ink runs lie within a column of each other at both ends.
    static func near(_ a: [ClosedRange<Int>], _ b: [ClosedRange<Int>]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0.lowerBound - $1.lowerBound) <= 1 && abs($0.upperBound - $1.upperBound) <= 1 }
    }

    @Test("a label whose anchor is just past the eastern limb shows its near glyphs")
    func limbFragment() throws {
        let runs = Self.inkRuns(try Self.snapshot(longitude: 5, zoom: 0.8))
        #expect(Self.near(runs, [21...28, 65...111, 175...213, 234...234]), "\(runs)")
    }

    @Test("the limb label's visible circles keep the next label out; the western limb shows no extra label")
    func limbLabelCollides() throws {
        let runs = Self.inkRuns(try Self.snapshot(longitude: 30, zoom: 1))
        #expect(Self.near(runs, [57...103, 119...169, 184...221, 247...247]), "\(runs)")
    }

    /// Whether two ink runs lie within `slack` rows or columns of each other at both ends.
    static func near(_ a: [ClosedRange<Int>], _ b: [ClosedRange<Int>], slack: Int) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0.lowerBound - $1.lowerBound) <= slack && abs($0.upperBound - $1.upperBound) <= slack }
    }

    @Test("labels along a meridian keep their size on the sphere north and south of the equator (pitched-text correction)")
    func meridianLabelsKeepTheirSize() throws {
        // GL JS: labels over rows 41...94, 112...169, 208...250 (centred 40° N), 53...107, 153...207 (30° S); without the
        // correction the labels were shorter and others were placed (47...86, 201...255; 50...109, 157...204, 232...255)
        let north = Self.inkRowRuns(try Self.snapshot(latitude: 40, zoom: 1.2, line: Self.meridian, text: "Meridian"))
        #expect(Self.near(north, [41...94, 112...169, 208...250], slack: 2), "\(north)")
        let south = Self.inkRowRuns(try Self.snapshot(latitude: -30, zoom: 1.5, line: Self.meridian, text: "Meridian"))
        #expect(Self.near(south, [53...107, 153...207], slack: 2), "\(south)")
    }

    @Test("each glyph of a label along a meridian is drawn for its own latitude: glyphs keep their size towards the pole")
    func glyphsScaledForTheirOwnLatitude() throws {
        // GL JS 5.24 (its globe symbol shader's `projectionScaling`: the cosine of the centre's latitude over that of the
        // glyph's own): glyphs over rows 37...117 (four, run together), 123...143 and 152...171, each about 20 columns
        // across. Sized for the anchor's latitude, the northern glyphs were drawn narrower (only 10 columns across at the
        // top) and the runs fell apart (37...62, 69...84, 92...117, ...).
        let s = try Self.snapshot(latitude: 55, zoom: 1.4, line: [[10, 30], [10, 88]], text: "MMMMMM", size: 26, spacing: 600,
                                  font: ["Noto Sans Regular"])
        let rows = Self.inkRowRuns(s)
        #expect(Self.near(rows, [37...117, 123...143, 152...171], slack: 1), "\(rows)")
        // the northernmost glyph (the label's top rows) is as wide as GL JS draws it
        let top = Self.inkColumns(s, rows: 37...42)
        #expect(top.map { abs($0.lowerBound - 142) <= 1 && abs($0.upperBound - 158) <= 1 } == true, "\(String(describing: top))")
    }
}
