import GeoJSON
import MapStyle
import Testing
@testable import Rendering

/// Issue 19: a huge or non-finite radius or width costs a bounded number of world copies, and
/// non-finite values draw nothing, as MapLibre's shaders draw nothing for them.
@Suite struct BoundedCostTests {
    static func points(_ n: Int) -> [LocationCoordinate2D] {
        (0..<n).map { LocationCoordinate2D(latitude: -60 + Double($0 * 31 % 120), longitude: -170 + Double($0 * 73 % 340)) }
    }

    @Test("a margin of 1e12 px asks for at most a few world copies, not 129")
    func copiesBounded() {
        let transform = RenderScene(width: 64, height: 64, camera: MapCamera(zoom: 0)).transform
        var pixels = [Float](repeating: 0, count: 64 * 64 * 4)
        pixels.withUnsafeMutableBufferPointer { p in
            let context = PaintContext(transform: transform, pixels: p.baseAddress!, canvasWidth: 64, canvasHeight: 64,
                                       clip: PixelClip(width: 64, height: 64))
            // unbounded, the margin reaches every copy the transform allows
            #expect(transform.worldCopies(west: 0, east: 0, visible: context.visibleX, margin: 1e12)?.count == 129)
            for margin in [1e6, 1e12, Double.infinity] {
                let copies = context.copies(west: 0, east: 0, margin: margin)
                #expect((copies?.count ?? 0) <= 3, "margin \(margin)")
            }
            #expect(context.copies(west: 0, east: 0, margin: 2)?.count == 1)
        }
    }

    @Test("300 circles of radius 1e9 cover the view; infinite or NaN radii and strokes draw nothing")
    func circleRadii() throws {
        for (radius, stroke, drawn) in [(1e9, 0.0, true), (1e308, 0, true), (.infinity, 0, false), (.nan, 0, false),
                                        (2, Double.infinity, false), (2, 1e9, true)] {
            var circle = CircleLayer(features: [CircleFeature(points: Self.points(300))])
            circle.radius = .constant(radius)
            circle.strokeWidth = .constant(stroke)
            circle.strokeColor = .constant(.black)
            let canvas = try Renderer.render(RenderScene(width: 16, height: 16, camera: MapCamera(zoom: 1), layers: [circle]))
            let alpha = canvas.pixels[4 * (8 * 16 + 8) + 3]
            #expect((alpha > 0.5) == drawn, "radius \(radius), stroke \(stroke)")
        }
    }

    @Test("a map-aligned circle of radius 1e6 at pitch 60 renders")
    func pitchedMapCircle() throws {
        var circle = CircleLayer(features: [CircleFeature(points: Self.points(50))])
        circle.radius = .constant(1e6)
        circle.pitchAlignment = .map
        let canvas = try Renderer.render(RenderScene(width: 16, height: 16, camera: MapCamera(zoom: 1, pitch: 60), layers: [circle]))
        #expect(canvas.width == 16)
    }
}

/// A zig-zag polygon's edges all start on one row: their crossings come out of the active list in
/// no x order. Rows with many crossings are sorted (n log n) and must cover the same pixels as an
/// even-odd point-in-polygon test of each pixel centre.
@Suite struct ZigZagScanTests {
    static func zigzag(teeth: Int, width: Double, height: Double) -> [Point] {
        var ring = (0...(2 * teeth)).map { i in Point(x: 2 + width * Double(i) / Double(2 * teeth), y: i % 2 == 0 ? 4 : height - 4) }
        ring += [Point(x: 2 + width, y: 1), Point(x: 2, y: 1)]
        return ring
    }

    static func inside(_ p: Point, _ ring: [Point]) -> Bool {
        var c = false
        var j = ring.count - 1
        for i in 0..<ring.count {
            let a = ring[i], b = ring[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { c.toggle() }
            j = i
        }
        return c
    }

    @Test("a 60-tooth zig-zag scans exactly the pixel centres inside it")
    func zigzagMatchesPointInPolygon() {
        let (w, h) = (120, 40)
        let ring = Self.zigzag(teeth: 60, width: Double(w - 4), height: Double(h))
        var covered = Set<Int>()
        var scanner = PixelCenterScanner()
        var rowsWithManyCrossings = 0
        scanner.scan(rings: [ring], rule: .evenOdd, width: w, height: h) { y, x0, x1 in
            for x in x0..<x1 { covered.insert(y * w + x) }
        }
        for y in 0..<h {
            var expectedRow = 0
            for x in 0..<w where Self.inside(Point(x: Double(x) + 0.5, y: Double(y) + 0.5), ring) {
                expectedRow += 1
                #expect(covered.contains(y * w + x), "pixel \(x),\(y)")
            }
            if expectedRow > 16 { rowsWithManyCrossings += 1 }
        }
        let expected = (0..<(w * h)).filter { Self.inside(Point(x: Double($0 % w) + 0.5, y: Double($0 / w) + 0.5), ring) }
        #expect(covered.count == expected.count)
        #expect(rowsWithManyCrossings > 10)
    }
}

/// Shapes that cover the whole clip are composited once per run (`PaintContext.repeated`): the same
/// pixels as blending them one by one.
@Suite struct CoveringRunTests {
    @Test("a colour composited n times at once equals n blends one by one")
    func repeatedEqualsSequential() {
        for (color, n) in [(PremultipliedColor(r: 0.2, g: 0.1, b: 0.05, a: 0.25), 7), (PremultipliedColor(r: 0.5, g: 0, b: 0, a: 0.5), 1),
                           (PremultipliedColor(r: 1, g: 1, b: 1, a: 1), 40), (PremultipliedColor(r: 0.01, g: 0.02, b: 0.03, a: 0.04), 300)] {
            var one: [Float] = [0.1, 0.2, 0.3, 0.6], many = one
            for _ in 0..<n { Canvas.blendPixel(&one, offset: 0, color: color, alpha: 1) }
            Canvas.blendPixel(&many, offset: 0, color: PaintContext.repeated(color, n), alpha: 1)
            for k in 0..<4 { #expect(abs(one[k] - many[k]) < 1e-4, "\(color) x\(n): \(one) vs \(many)") }
        }
    }

    @Test("half-transparent circles of radius 1e9 over 20 points: every pixel as 20 blends of the colour")
    func coveringCircles() throws {
        var circle = CircleLayer(features: [CircleFeature(points: BoundedCostTests.points(20))])
        circle.radius = .constant(1e9)
        circle.color = .constant(RenderColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        let canvas = try Renderer.render(RenderScene(width: 8, height: 8, camera: MapCamera(zoom: 3), layers: [circle]))
        var expected: [Float] = [0, 0, 0, 0]
        let color = RenderColor(red: 1, green: 0, blue: 0, alpha: 0.5).premultiplied(opacity: 1)
        // each point is drawn on the world copies within reach of the view: count them as the painter does
        let transform = RenderScene(width: 8, height: 8, camera: MapCamera(zoom: 3)).transform
        var draws = 0
        var pixels = [Float](repeating: 0, count: 8 * 8 * 4)
        pixels.withUnsafeMutableBufferPointer { p in
            let context = PaintContext(transform: transform, pixels: p.baseAddress!, canvasWidth: 8, canvasHeight: 8,
                                       clip: PixelClip(width: 8, height: 8))
            for point in BoundedCostTests.points(20) {
                draws += context.copies(west: point.longitude, east: point.longitude, margin: .infinity)?.count ?? 0
            }
        }
        for _ in 0..<draws { Canvas.blendPixel(&expected, offset: 0, color: color, alpha: 1) }
        for i in stride(from: 0, to: canvas.pixels.count, by: 4) {
            #expect(abs(canvas.pixels[i] - expected[0]) < 1e-4 && abs(canvas.pixels[i + 3] - expected[3]) < 1e-4)
        }
    }

    @Test("a half-transparent line 1e9 px wide covers the view with every join")
    func coveringLines() throws {
        let path = [LocationCoordinate2D(latitude: -10, longitude: -10), LocationCoordinate2D(latitude: 10, longitude: 0),
                    LocationCoordinate2D(latitude: -10, longitude: 10)]
        for join in [LineJoin.round, .miter, .bevel] {
            var line = LineLayer(features: [LineFeature(lines: [path])])
            line.width = .constant(1e9)
            line.join = .constant(join)
            line.color = .constant(RenderColor(red: 0, green: 0, blue: 1, alpha: 0.5))
            let canvas = try Renderer.render(RenderScene(width: 8, height: 8, camera: MapCamera(zoom: 2), layers: [line]))
            for i in stride(from: 0, to: canvas.pixels.count, by: 4) {
                #expect(canvas.pixels[i + 3] >= 0.5 && canvas.pixels[i + 2] >= 0.5, "\(join) pixel \(i / 4)")
            }
        }
    }
}
