import GeoJSON
import Testing
@testable import Rendering
import MercatorCompression
import MapStyle

@Suite struct PNGTests {
    private func sampleImage(width: Int = 7, height: Int = 5) -> RGBAImage {
        var bytes: [UInt8] = []
        for i in 0..<(width * height * 4) { bytes.append(UInt8((i * 37 + 11) % 256)) }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }

    @Test func roundTrip() throws {
        let image = sampleImage()
        let png = PNGEncoder.encode(image)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try PNGDecoder.decode(png) == image)
    }

    @Test func canvasEncodingMatchesImageConversion() throws {
        var canvas = Canvas(width: 9, height: 4)
        canvas.blendSpan(y: 1, x0: 0, x1: 9, color: PremultipliedColor(r: 0.2, g: 0.1, b: 0.3, a: 0.5))
        canvas.blendSpan(y: 2, x0: 3, x1: 7, color: PremultipliedColor(r: 1, g: 0.5, b: 0, a: 1))
        var scratch = PNGScratch()
        let png = PNGEncoder.encode(canvas, scratch: &scratch)
        #expect(try PNGDecoder.decode(png) == canvas.makeImage())
        // Reused scratch buffers give the same bytes.
        #expect(PNGEncoder.encode(canvas, scratch: &scratch) == png)
    }

    @Test func bandedParallelEncodingRoundTrips() throws {
        var canvas = Canvas(width: 300, height: 301)
        for y in 0..<301 {
            let t = Float(y) / 300
            canvas.blendSpan(y: y, x0: y % 50, x1: 300 - y % 70, color: PremultipliedColor(r: t * 0.5, g: 0.2, b: 0.1, a: 0.5 + t / 2))
        }
        var scratch = PNGScratch()
        let png = PNGEncoder.encode(canvas, scratch: &scratch)
        #expect(try PNGDecoder.decode(png) == canvas.makeImage())
    }

    /// Builds a PNG by hand with the given header fields, filter bytes and raw rows.
    private func handmade(width: Int, height: Int, colorType: UInt8, rows: [[UInt8]], extra: [(String, [UInt8])] = [])
        -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr: [UInt8] = []
        ihdr.appendBigEndian(UInt32(width)); ihdr.appendBigEndian(UInt32(height))
        ihdr += [8, colorType, 0, 0, 0]
        PNGEncoder.appendChunk(&out, type: "IHDR", data: ihdr)
        for (t, d) in extra { PNGEncoder.appendChunk(&out, type: t, data: d) }
        PNGEncoder.appendChunk(&out, type: "IDAT", data: Zlib.compress(rows.flatMap { $0 }, level: 6))
        PNGEncoder.appendChunk(&out, type: "IEND", data: [])
        return out
    }

    @Test func decodesGreyPaletteAndFilters() throws {
        // Grey, 2x2, rows with "sub" and "up" filters.
        let grey = handmade(width: 2, height: 2, colorType: 0, rows: [[1, 10, 5], [2, 1, 1]])
        let g = try PNGDecoder.decode(grey)
        #expect(g.pixels == [10, 10, 10, 255, 15, 15, 15, 255, 11, 11, 11, 255, 16, 16, 16, 255])
        // Grey + alpha with the Paeth filter on row 2.
        let ga = try PNGDecoder.decode(handmade(width: 1, height: 2, colorType: 4, rows: [[0, 100, 200], [4, 1, 2]]))
        #expect(ga.pixels == [100, 100, 100, 200, 101, 101, 101, 202])
        // Palette with transparency, "average" filter on row 1 (previous row is zero).
        let pal = handmade(width: 2, height: 1, colorType: 3, rows: [[3, 1, 1]],
                           extra: [("PLTE", [255, 0, 0, 0, 0, 255]), ("tRNS", [255, 128])])
        let p = try PNGDecoder.decode(pal)
        #expect(p.pixels == [0, 0, 255, 128, 0, 0, 255, 128])
        // RGB.
        let rgb = try PNGDecoder.decode(handmade(width: 1, height: 1, colorType: 2, rows: [[0, 1, 2, 3]]))
        #expect(rgb.pixels == [1, 2, 3, 255])
    }

    @Test func corruptInputThrowsTypedErrors() {
        let png = PNGEncoder.encode(sampleImage())
        #expect(throws: PNGDecodingError.notPNG) { try PNGDecoder.decode([1, 2, 3]) }
        var badCRC = png
        badCRC[30] ^= 0xFF  // inside IHDR's CRC
        #expect(throws: PNGDecodingError.self) { try PNGDecoder.decode(badCRC) }
        #expect(throws: PNGDecodingError.truncated(offset: 33)) { try PNGDecoder.decode(Array(png.prefix(40))) }
        let badFilter = handmade(width: 1, height: 1, colorType: 2, rows: [[9, 1, 2, 3]])
        #expect(throws: PNGDecodingError.corruptData("unknown filter type 9 on row 0")) {
            try PNGDecoder.decode(badFilter)
        }
        let short = handmade(width: 4, height: 4, colorType: 6, rows: [[0, 1]])
        #expect(throws: PNGDecodingError.self) { try PNGDecoder.decode(short) }
        let paletteOut = handmade(width: 1, height: 1, colorType: 3, rows: [[0, 5]], extra: [("PLTE", [1, 2, 3])])
        #expect(throws: PNGDecodingError.corruptData("palette index 5 out of range")) {
            try PNGDecoder.decode(paletteOut)
        }
    }
}

@Suite struct PixelMatchTests {
    private func flat(_ w: Int, _ h: Int, _ c: [UInt8]) -> RGBAImage {
        RGBAImage(width: w, height: h, pixels: Array((0..<(w * h)).map { _ in c }.joined()))
    }

    @Test func identicalImagesMatch() throws {
        let a = flat(8, 8, [10, 20, 30, 255])
        #expect(try PixelMatch.compare(a, a).differentPixels == 0)
    }

    @Test func countsDifferentPixelsAboveThreshold() throws {
        let a = flat(8, 8, [255, 255, 255, 255])
        var b = a
        b.pixels[4 * (3 * 8 + 3) ..< 4 * (3 * 8 + 3) + 3] = [0, 0, 0]
        let r = try PixelMatch.compare(a, b, options: .init(threshold: 0.1285))
        #expect(r.differentPixels == 1)
        #expect(Array(r.diff.pixels[4 * 27 ..< 4 * 27 + 4]) == [255, 0, 0, 255])
        // A tiny change stays under the threshold.
        var c = a
        c.pixels[0] = 250
        #expect(try PixelMatch.compare(a, c, options: .init(threshold: 0.1285)).differentPixels == 0)
        // Transparent vs opaque white is no difference (blended over white), vs black is.
        let clear = flat(8, 8, [0, 0, 0, 0])
        #expect(try PixelMatch.compare(a, clear).differentPixels == 0)
        #expect(try PixelMatch.compare(flat(8, 8, [0, 0, 0, 255]), clear).differentPixels == 64)
    }

    @Test func antialiasedEdgePixelsAreIgnored() throws {
        // Left half black, right half white, with a grey edge column in one image only.
        func image(edge: UInt8) -> RGBAImage {
            var px: [UInt8] = []
            for _ in 0..<8 {
                for x in 0..<8 {
                    let v: UInt8 = x < 4 ? 0 : (x == 4 ? edge : 255)
                    px += [v, v, v, 255]
                }
            }
            return RGBAImage(width: 8, height: 8, pixels: px)
        }
        let sharp = image(edge: 255), soft = image(edge: 128)
        #expect(try PixelMatch.compare(sharp, soft).differentPixels == 0)
        #expect(try PixelMatch.compare(sharp, soft, options: .init(includeAA: true)).differentPixels == 8)
        #expect(throws: PixelMatch.Failure.self) { try PixelMatch.compare(sharp, flat(4, 4, [0, 0, 0, 0])) }
    }
}

@Suite struct TransformTests {
    @Test func centerAndWorldSize() {
        let t = Transform(camera: MapCamera(center: LocationCoordinate2D(longitude: 0, latitude: 0), zoom: 0), width: 512, height: 512)
        #expect(t.worldSize == 512)
        let p = t.screenPoint(for: LocationCoordinate2D(longitude: 0, latitude: 0))
        #expect(abs(p.x - 256) < 1e-9 && abs(p.y - 256) < 1e-9)
        let east = t.screenPoint(for: LocationCoordinate2D(longitude: 90, latitude: 0))
        #expect(abs(east.x - 384) < 1e-9)
    }

    @Test func screenCoordinateRoundTripWithBearingAndPitch() throws {
        let camera = MapCamera(center: LocationCoordinate2D(longitude: -79.38, latitude: 43.65), zoom: 12.5, bearing: 30, pitch: 45)
        let t = Transform(camera: camera, width: 800, height: 600, pixelRatio: 2)
        for c in [LocationCoordinate2D(longitude: -79.39, latitude: 43.66), LocationCoordinate2D(longitude: -79.37, latitude: 43.645)] {
            let s = t.screenPoint(for: c)
            let back = try #require(t.coordinate(at: s))
            #expect(abs(back.longitude - c.longitude) < 1e-9 && abs(back.latitude - c.latitude) < 1e-9)
        }
        // Bearing 90 puts east at the top.
        let b = Transform(camera: MapCamera(zoom: 2, bearing: 90), width: 100, height: 100)
        let e = b.screenPoint(for: LocationCoordinate2D(longitude: 10, latitude: 0))
        #expect(abs(e.x - 50) < 1e-9 && e.y < 50)
        // Above the horizon there is no ground.
        let pitched = Transform(camera: MapCamera(zoom: 3, pitch: 60), width: 100, height: 400)
        #expect(pitched.coordinate(at: Point(x: 50, y: -5000)) == nil)
        #expect(pitched.coordinate(at: Point(x: 50, y: 399)) != nil)
    }

    @Test func absurdSizesAreRefused() {
        let scene = RenderScene(width: 100_000, height: 100_000, camera: MapCamera())
        #expect(throws: RenderError.self) { try Renderer.render(scene) }
        #expect(throws: RenderError.self) { try Renderer.render(RenderScene(width: 0, height: 10, camera: MapCamera())) }
    }

    @Test func shortPaintArraysAreRejected() {
        var layer = CircleLayer(features: [CircleFeature(points: [LocationCoordinate2D(longitude: 0, latitude: 0)])])
        layer.radius = .perFeature([])
        let scene = RenderScene(width: 10, height: 10, camera: MapCamera(), layers: [layer])
        #expect(throws: RenderError.paintArrayTooShort(layer: 0, property: "circle-radius", count: 0, features: 1)) {
            try Renderer.render(scene)
        }
    }
}

@Suite("Render sessions reuse their buffers")
struct RenderSessionReuseTests {
    @Test("a second render of the same size draws into the same canvas storage")
    func canvasReused() throws {
        var circles = CircleLayer(features: [CircleFeature(points: [LocationCoordinate2D(latitude: 0, longitude: 0)])])
        circles.radius = 10
        let scene = RenderScene(width: 64, height: 64, camera: MapCamera(), layers: [circles])
        var session = RenderSession()
        let first = try session.render(scene).pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let second = try session.render(scene).pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        #expect(first == second)
    }

    @Test("a reused canvas is cleared, each band's rows by its band, before it is painted again", arguments: [1, 3])
    func reusedCanvasCleared(bands: Int) throws {
        var circles = CircleLayer(features: [CircleFeature(points: [LocationCoordinate2D(latitude: 0, longitude: 0)])])
        circles.radius = 40
        let drawn = RenderScene(width: 64, height: 64, camera: MapCamera(), layers: [circles])
        let empty = RenderScene(width: 64, height: 64, camera: MapCamera(), layers: [])
        var none: Canvas?
        var kept: Canvas? = try Renderer.render(drawn, reusing: &none, bandCount: bands)
        let storage = kept?.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        #expect(kept?.pixels.contains { $0 != 0 } == true)
        let again = try Renderer.render(empty, reusing: &kept, bandCount: bands)
        #expect(again.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } == storage)
        #expect(again.pixels.allSatisfy { $0 == 0 })
    }

    /// A fill with outlines and a line over the world, on the globe or flat (`globeness`), seen from `camera` in a view
    /// of `width` x `height` (also ``BandBalancerTests``'s).
    static func shapes(globeness: Double, camera: MapCamera, width: Int = 160, height: Int = 120) -> RenderScene {
        var fill = FillLayer(features: (0..<30).map { i in
            let lat = Double(i % 6) * 25 - 70, lon = Double(i / 6) * 60 - 150
            return FillFeature(polygons: [[[
                LocationCoordinate2D(latitude: lat, longitude: lon), LocationCoordinate2D(latitude: lat + 15, longitude: lon),
                LocationCoordinate2D(latitude: lat + 15, longitude: lon + 40), LocationCoordinate2D(latitude: lat, longitude: lon)]]])
        })
        fill.color = .constant(RenderColor(red: 0.2, green: 0.4, blue: 0.8))
        fill.opacity = 0.6
        fill.outlineColor = .constant(RenderColor(red: 0, green: 0, blue: 0))
        var line = LineLayer(features: [LineFeature(lines: [(0..<40).map {
            LocationCoordinate2D(latitude: Double($0 % 7) * 20 - 60, longitude: Double($0) * 9 - 170)
        }])])
        line.width = 3
        var scene = RenderScene(width: width, height: height, pixelRatio: 1, camera: camera,
                                layers: [BackgroundLayer(color: RenderColor(red: 1, green: 1, blue: 1)), fill, line])
        scene.globeness = globeness
        return scene
    }

    @Test("a session hands each band's painters the scratch buffers they grew in its last render; what they draw is the same",
          arguments: [1, 3])
    func scratchKeptBetweenRenders(bands: Int) throws {
        let scenes = [Self.shapes(globeness: 1, camera: MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 30), zoom: 1.5)),
                      Self.shapes(globeness: 0, camera: MapCamera(center: LocationCoordinate2D(latitude: -10, longitude: 0), zoom: 1, bearing: 40)),
                      Self.shapes(globeness: 1, camera: MapCamera(center: LocationCoordinate2D(latitude: 60, longitude: -90), zoom: 2, pitch: 30))]
        // each scene drawn by a renderer with no scratch to start from
        let fresh = try scenes.map { scene in
            var none: Canvas?
            return try Renderer.render(scene, reusing: &none, bandCount: bands).pixels
        }
        var session = RenderSession()
        let canvasBytes = 160 * 120 * Canvas.bytesPerPixel
        for round in 0..<2 {
            for (k, scene) in scenes.enumerated() {
                #expect(try session.render(scene, bandCount: bands).pixels == fresh[k], "scene \(k), round \(round)")
                // the canvas and the painters' buffers, grown by the scenes' rings and meshes
                #expect(session.retainedBytes > canvasBytes)
            }
        }
    }

    @Test("a session drops its painters' scratch buffers when they hold more than it keeps of a canvas")
    func largeScratchDropped() throws {
        var scene = Self.shapes(globeness: 1, camera: MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 30), zoom: 1.5))
        // a line of 20,000 points: its mesh alone is a few megabytes
        var long = LineLayer(features: [LineFeature(lines: [(0..<20_000).map {
            LocationCoordinate2D(latitude: Double($0 % 2) * 0.5, longitude: Double($0) * 0.0025)
        }])])
        long.width = 1
        scene.layers.append(long)
        let canvasBytes = 160 * 120 * Canvas.bytesPerPixel
        var keeping = RenderSession()
        _ = try keeping.render(scene, bandCount: 1)
        #expect(keeping.retainedBytes > 2 * canvasBytes)
        var session = RenderSession(retainedBytes: canvasBytes)
        let drawn = try session.render(scene, bandCount: 1)
        #expect(session.retainedBytes == canvasBytes)
        #expect(try session.render(scene, bandCount: 1).pixels == drawn.pixels)
    }
}

@Suite("Canvases painted in bands")
struct BandedPaintingTests {
    /// The scene painted in one band, after checking that it paints the same in each of `counts` bands.
    static func sameInBands(_ scene: RenderScene, counts: [Int], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Canvas {
        var none: Canvas?
        let one = try Renderer.render(scene, reusing: &none, bandCount: 1)
        for count in counts {
            var fresh: Canvas?
            let banded = try Renderer.render(scene, reusing: &fresh, bandCount: count)
            #expect(banded.pixels == one.pixels, "\(count) bands", sourceLocation: sourceLocation)
        }
        return one
    }

    @Test("the image is the same in one band or many, for fills, outlines, lines and circles crossing band edges")
    func bandsAgree() throws {
        var fill = FillLayer(features: [FillFeature(polygons: [[[
            LocationCoordinate2D(latitude: -30, longitude: -50), LocationCoordinate2D(latitude: -35, longitude: 60),
            LocationCoordinate2D(latitude: 40, longitude: 45), LocationCoordinate2D(latitude: -30, longitude: -50)]]])])
        fill.color = .constant(RenderColor(red: 0.2, green: 0.4, blue: 0.8))
        fill.opacity = 0.6
        fill.outlineColor = .constant(RenderColor(red: 0, green: 0, blue: 0))
        var line = LineLayer(features: [LineFeature(lines: [[LocationCoordinate2D(latitude: -60, longitude: -120),
                                                              LocationCoordinate2D(latitude: 10, longitude: 0),
                                                              LocationCoordinate2D(latitude: 60, longitude: 130)]])])
        line.width = 9
        line.join = .constant(.round)
        line.dashArray = [2, 1]
        var circles = CircleLayer(features: (0..<40).map { i in
            CircleFeature(points: [LocationCoordinate2D(latitude: Double(i % 8) * 15 - 55, longitude: Double(i / 8) * 40 - 80)])
        })
        circles.radius = 14
        circles.strokeWidth = 2
        circles.blur = 0.3
        let scene = RenderScene(width: 300, height: 301, pixelRatio: 1.5,
                                camera: MapCamera(center: LocationCoordinate2D(latitude: 5, longitude: 10), zoom: 1, bearing: 20, pitch: 30),
                                layers: [BackgroundLayer(color: RenderColor(red: 1, green: 1, blue: 1)), fill, line, circles])
        let one = try Self.sameInBands(scene, counts: [2, 3, 7])
        #expect(Set(one.pixels).count > 10)
        // Painted into a band-sized canvas and streamed into the PNG encoder band by band: the same image.
        var scratch = PNGScratch()
        let whole = try PNGDecoder.decode(PNGEncoder.encode(one, scratch: &scratch))
        for rows in [1, 4, 64, 1000] {
            let banded = try PNGDecoder.decode(Renderer.renderBandedPNG(scene, bandRows: rows))
            #expect(banded == whole, "bands of \(rows) rows")
        }
    }

    @Test("on the globe: rings off a band are skipped there unless its part of the globe is inside them; the image is the same",
          arguments: [MapCamera(center: LocationCoordinate2D(latitude: 20, longitude: 60), zoom: 3.2, bearing: 45),
                      MapCamera(center: LocationCoordinate2D(latitude: 75, longitude: -20), zoom: 1.4, pitch: 40),
                      MapCamera(center: LocationCoordinate2D(latitude: -10, longitude: 170), zoom: 0.8, bearing: 200),
                      MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 90), zoom: 1.2, bearing: 90)])
    func globeBandsSkipRingsOffThem(camera: MapCamera) throws {
        func ring(_ lat: Double, _ lon: Double, _ dLat: Double, _ dLon: Double) -> [LocationCoordinate2D] {
            [LocationCoordinate2D(latitude: lat, longitude: lon), LocationCoordinate2D(latitude: lat + dLat, longitude: lon),
             LocationCoordinate2D(latitude: lat + dLat, longitude: lon + dLon), LocationCoordinate2D(latitude: lat, longitude: lon + dLon),
             LocationCoordinate2D(latitude: lat, longitude: lon)]
        }
        // small rings everywhere, rings with holes, one nearly as large as the world (its interior holds whole bands
        // while its ring is off them) and one around a pole
        var features: [FillFeature] = []
        for i in 0..<48 {
            let lat = Double(i % 8) * 20 - 75, lon = Double(i / 8) * 60 - 170
            features.append(FillFeature(polygons: [[ring(lat, lon, 9, 14), ring(lat + 2, lon + 3, 3, 4)]]))
        }
        features.append(FillFeature(polygons: [[ring(-80, -179, 160, 358)]]))
        features.append(FillFeature(polygons: [[ring(70, -180, 15, 360)]]))
        // the whole world: its ring runs along the antimeridian and through the poles (the edges of the world),
        // a half circle on the sphere, off the top bands of the last view, which its interior covers
        features.append(FillFeature(polygons: [[ring(-89.9, -180, 179.8, 360)]]))
        var fill = FillLayer(features: features)
        fill.color = .constant(RenderColor(red: 0.2, green: 0.4, blue: 0.8))
        fill.opacity = 0.5
        var scene = RenderScene(width: 256, height: 240, pixelRatio: 1, camera: camera,
                                layers: [BackgroundLayer(color: RenderColor(red: 1, green: 1, blue: 1)), fill])
        scene.globeness = 1
        let one = try Self.sameInBands(scene, counts: [2, 5, 16])
        #expect(Set(one.pixels).count > 3)
    }

    @Test("flat views, turned or not: features that lie in other bands' rows are skipped there, and the image is the same",
          arguments: [0.0, 20.0, 90.0])
    func flatBandsSkipOtherRows(bearing: Double) throws {
        var fills: [FillFeature] = [], lines: [LineFeature] = []
        for i in 0..<60 {
            let lat = Double(i % 10) * 12 - 55, lon = Double(i / 10) * 50 - 130
            fills.append(FillFeature(polygons: [[[
                LocationCoordinate2D(latitude: lat, longitude: lon), LocationCoordinate2D(latitude: lat + 6, longitude: lon),
                LocationCoordinate2D(latitude: lat + 6, longitude: lon + 9), LocationCoordinate2D(latitude: lat, longitude: lon)]]]))
            // sharp turns: miter joins reach far past the points
            lines.append(LineFeature(lines: [[LocationCoordinate2D(latitude: lat, longitude: lon + 20),
                                              LocationCoordinate2D(latitude: lat + 8, longitude: lon + 24),
                                              LocationCoordinate2D(latitude: lat + 0.5, longitude: lon + 28)]]))
        }
        var fill = FillLayer(features: fills)
        fill.color = .constant(RenderColor(red: 0.2, green: 0.4, blue: 0.8))
        fill.opacity = 0.7
        fill.outlineColor = .constant(RenderColor(red: 0, green: 0, blue: 0))
        fill.translate = Point(x: 3, y: -7)
        var line = LineLayer(features: lines)
        line.width = 7
        line.offset = 4
        line.miterLimit = 10
        line.translate = Point(x: -2, y: 5)
        let scene = RenderScene(width: 256, height: 257, pixelRatio: 2,
                                camera: MapCamera(center: LocationCoordinate2D(latitude: 5, longitude: 10), zoom: 0.6, bearing: bearing),
                                layers: [BackgroundLayer(color: RenderColor(red: 1, green: 1, blue: 1)), fill, line])
        let one = try Self.sameInBands(scene, counts: [2, 5, 16])
        #expect(Set(one.pixels).count > 10)
    }
}
