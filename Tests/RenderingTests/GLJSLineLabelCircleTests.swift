import GeoJSON
import Testing
@testable import Rendering

/// The collision circles of labels along lines as MapLibre GL JS places them at run time (`placeCollisionCircles`),
/// which styles drawn by GL JS's rules take (those that draw the globe).
@Suite struct GLJSLineLabelCircleTests {
    /// A straight label on the screen along a horizontal line through the centre of a 512 x 512 view at zoom 2, its
    /// first and last glyphs `half` pixels either side of the anchor (text size 24: glyph offsets are pixels).
    static func placement(half: Double, width: Int = 512, glJSRules: Bool = true) -> LineLabelPlacement {
        var t = Transform(camera: MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 2),
                          width: width, height: 512)
        t.glJSRules = glJSRules
        var path = LinePath(points: [Point(x: 0.1, y: 0.5), Point(x: 0.9, y: 0.5)], segment: 0, anchor: Point(x: 0.5, y: 0.5),
                            glyphOffsets: [-half, half], lineOffset: Point(x: 0, y: 0), keepUpright: true, pitchWithMap: false,
                            rotateGlyphs: true, textAlongLine: true, iconAlongLine: false, circleRadius: 12,
                            tileUnitsPerWorld: 4 * 8192)
        path.glJSCircleDiameter = 20
        path.textPadding = 2
        return LineLabelPlacement(transform: t, path: path, copy: 0)
    }

    @Test("circles spread evenly between the first and last glyph, a quarter radius inside, at most 2.5 radii apart")
    func evenlySpread() {
        let circles = Self.placement(half: 40).collisionCircles(fontSize: 24, pixelRatio: 1)
        // radius 20 / 2 + 2 = 12; the path from x 216 to 296, 3 in from each end: 74 long, ceil(74 / 30) + 1 circles
        #expect(circles.count == 4)
        #expect(circles.allSatisfy { $0.radius == 12 && abs($0.y - 256) < 1e-9 })
        let xs = circles.map(\.x)
        for (x, expected) in zip(xs, [219, 219 + 74.0 / 3, 219 + 148.0 / 3, 293]) {
            #expect(abs(x - expected) < 1e-9, "\(xs)")
        }
    }

    @Test("a short label gets one circle; a long one is cut to the view and its 100-pixel padding")
    func shortAndCut() {
        let one = Self.placement(half: 2).collisionCircles(fontSize: 24, pixelRatio: 1)
        #expect(one.count == 1 && abs(one[0].x - 256) < 1e-9)
        // glyphs from x -172 to 428 in a view 256 wide: circles from -100 to 356 only
        let cut = Self.placement(half: 300, width: 256).collisionCircles(fontSize: 24, pixelRatio: 1)
        #expect(!cut.isEmpty)
        #expect(cut.allSatisfy { $0.x >= -100 && $0.x <= 356 })
        #expect(abs((cut.first?.x ?? 0) - (-97)) < 1e-9 && abs((cut.last?.x ?? 0) - 353) < 1e-9)
    }

    @Test("styles not drawn by GL JS's rules keep MapLibre Native's circles")
    func nativeOtherwise() {
        // Native's are picked from those laid out in tile space at layout: none here
        #expect(Self.placement(half: 40, glJSRules: false).collisionCircles(fontSize: 24, pixelRatio: 1).isEmpty)
        #expect(Self.placement(half: 40).collisionCircles(fontSize: 24, pixelRatio: 1).count == 4)
    }
}
