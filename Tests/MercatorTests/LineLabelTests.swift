import Foundation
import Mercator
import MercatorTestSupport
import Testing

/// Labels along lines (`symbol-placement: line`): drawn along the line, upright, collided, queried.
@Suite("Symbol layers: labels along lines", .needsShared)
struct LineLabelTests {
    static func map(_ coordinates: [[Double]], layout: JSONObject = [:], size: Int = 256) throws -> Map {
        var layoutObject: JSONObject = ["text-field": "Main Street", "symbol-placement": "line", "symbol-spacing": 60,
                                        "text-font": ["Open Sans Semibold", "Arial Unicode MS Bold"]]
        for (k, v) in layout { layoutObject[k] = v }
        let line: JSONValue = ["type": "Feature", "properties": [:],
                               "geometry": ["type": "LineString", "coordinates": .array(coordinates.map { .array($0.map { .double($0) }) })]]
        let style: JSONValue = [
            "version": 8, "glyphs": .string(SymbolLayerTests.glyphs.path + "/{fontstack}/{range}.pbf"),
            "sources": ["roads": ["type": "geojson", "data": ["type": "FeatureCollection", "features": [line]]]],
            "layers": [["id": "bg", "type": "background", "paint": ["background-color": "white"]],
                       ["id": "labels", "type": "symbol", "source": "roads", "layout": .object(layoutObject)]],
        ]
        return Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: 3), size: MapSize(width: size, height: size))
    }

    /// Rows and columns holding ink.
    static func ink(_ s: MapSnapshot) -> (rows: [Int], columns: [Int]) {
        let image = s.image
        func inked(_ x: Int, _ y: Int) -> Bool { image.pixels[4 * (y * image.width + x)] < 160 }
        return ((0..<image.height).filter { y in (0..<image.width).contains { inked($0, y) } },
                (0..<image.width).filter { x in (0..<image.height).contains { inked(x, $0) } })
    }

    @Test("a label along a horizontal line is drawn on the line, and nothing is reported unsupported")
    func horizontal() throws {
        let s = try Self.map([[-20, 0], [20, 0]]).snapshot()
        #expect(s.unsupportedFeatures.isEmpty, "\(s.unsupportedFeatures)")
        let (rows, columns) = Self.ink(s)
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { abs($0 - 128) < 14 }, "text sits on the line: rows \(rows.first ?? -1)...\(rows.last ?? -1)")
        #expect((columns.last ?? 0) - (columns.first ?? 0) > 60, "the whole label shows: \(columns.first ?? -1)...\(columns.last ?? -1)")
    }

    @Test("along a vertical line the text turns with the line: taller than wide")
    func vertical() throws {
        let (rows, columns) = Self.ink(try Self.map([[0, -20], [0, 20]]).snapshot())
        let height = (rows.last ?? 0) - (rows.first ?? 0), width = (columns.last ?? 0) - (columns.first ?? 0)
        #expect(height > 3 * width, "\(width) x \(height)")
    }

    @Test("keep-upright: a label on a line drawn right to left reads the same as one drawn left to right")
    func upright() throws {
        let center: JSONObject = ["symbol-placement": "line-center"]
        let forward = try Self.map([[-20, 0], [20, 0]], layout: center).snapshot().image.pixels
        let backward = try Self.map([[20, 0], [-20, 0]], layout: center).snapshot().image.pixels
        let differing = stride(from: 0, to: forward.count, by: 4).filter { abs(Int(forward[$0]) - Int(backward[$0])) > 40 }.count
        #expect(differing < forward.count / 4 / 100, "\(differing) pixels differ")
        let upsideDown = try Self.map([[20, 0], [-20, 0]], layout: ["symbol-placement": "line-center", "text-keep-upright": false])
            .snapshot().image.pixels
        let flipped = stride(from: 0, to: forward.count, by: 4).filter { abs(Int(forward[$0]) - Int(upsideDown[$0])) > 40 }.count
        #expect(flipped > differing + 100, "without keep-upright the text is upside down")
    }

    @Test("a line too short for its label draws nothing; a zig-zag sharper than text-max-angle draws nothing")
    func noRoom() throws {
        #expect(Self.ink(try Self.map([[0, 0], [0.5, 0]]).snapshot()).rows.isEmpty)
        let zigzag = (0..<40).map { i in [Double(i) * 0.6 - 12, i % 2 == 0 ? 0 : 0.6] }
        #expect(Self.ink(try Self.map(zigzag, layout: ["text-max-angle": 10]).snapshot()).rows.isEmpty)
    }

    @Test("labels along a line collide with each other unless text-allow-overlap; queries hit them on the line")
    func collisionAndQuery() throws {
        let hidden = try Self.map([[-20, 0], [20, 0]], layout: ["symbol-spacing": 1])
        let shown = try Self.map([[-20, 0], [20, 0]], layout: ["symbol-spacing": 1, "text-allow-overlap": true])
        let rect = ScreenRect(x: 0, y: 0, width: 256, height: 256)
        let few = try hidden.visibleFeatures(in: rect).count, many = try shown.visibleFeatures(in: rect).count
        #expect(few >= 1 && many > few, "\(few) placed without overlap, \(many) with")
        #expect(try hidden.visibleFeatures(at: Point(x: 128, y: 128)).count >= 1)
        #expect(try hidden.visibleFeatures(at: Point(x: 128, y: 40)).isEmpty)
    }
}
