import Foundation
import Mercator
import Testing

/// `line-pattern` by the two MapLibre renderers' rules: MapLibre Native keeps the image's display size along the
/// line; GL JS 5, the only one that draws the globe, scales the image to the line's width at its aspect, for a style
/// whose projection draws the globe (at every zoom, flat ones too).
@Suite("Line pattern rules")
struct LinePatternRuleTests {
    /// A horizontal line 8 px wide through the view's middle, patterned with an 8 x 4 image: four red columns, then
    /// four blue ones.
    static func snapshot(projection: String?, zoom: Double, width: Double = 8) throws -> MapSnapshot {
        var style: JSONObject = [
            "version": 8,
            "sources": ["l": ["type": "geojson", "data": ["type": "LineString", "coordinates": [[-0.05, 0], [0.05, 0]]]]],
            "layers": [["id": "line", "type": "line", "source": "l", "paint": ["line-pattern": "stripes", "line-width": .double(width)]]],
        ]
        if let projection { style["projection"] = ["type": .string(projection)] }
        let map = Map(style: try Style(document: StyleDocument(json: .object(style))), camera: MapCamera(zoom: zoom),
                      size: MapSize(width: 128, height: 32))
        var pixels: [UInt8] = []
        for _ in 0..<4 {
            for x in 0..<8 { pixels += x < 4 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        }
        try map.style.setImage(StyleImageData(width: 8, height: 4, pixels: pixels), forName: "stripes")
        return try map.snapshot()
    }

    /// The longest run of red pixels along the line's middle row (away from the view's edges).
    static func longestRedRun(_ s: MapSnapshot) -> Int {
        let w = s.image.width, y = s.image.height / 2
        var longest = 0, run = 0
        for x in 8..<(w - 8) {
            let p = 4 * (y * w + x)
            let red = s.image.pixels[p] > 2 * Int(s.image.pixels[p + 2]) && s.image.pixels[p + 3] > 128
            run = red ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    @Test("a Mercator style: MapLibre Native's rule, the image's four red columns four pixels long along the line")
    func nativeRule() throws {
        let run = Self.longestRedRun(try Self.snapshot(projection: nil, zoom: 14))
        #expect((3...4).contains(run), "red run \(run)")
    }

    @Test("a globe style: GL JS's rule, the 4-pixel-high image scaled to the 8-pixel width, a texel of padding each side")
    func glJSRule() throws {
        // the image at its aspect, 8 x 4 texels across 8 pixels: a repeat every 16 pixels, over 10 texels (the image
        // and a wrapped texel each side), so its four red columns are 6.4 pixels long; flat (the globe preset is
        // Mercator past zoom 12) and on the sphere, by the same rule
        for projection in ["globe", "vertical-perspective"] {
            let run = Self.longestRedRun(try Self.snapshot(projection: projection, zoom: 14))
            #expect((6...7).contains(run), "\(projection): red run \(run)")
        }
        // a line twice as wide: twice as long
        let wide = Self.longestRedRun(try Self.snapshot(projection: "globe", zoom: 14, width: 16))
        #expect((11...13).contains(wide), "width 16: red run \(wide)")
    }
}
