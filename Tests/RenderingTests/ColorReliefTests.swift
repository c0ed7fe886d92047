import GeoJSON
import Testing
@testable import Rendering

/// `color-relief` layers: GL JS's ramp (stops packed into the DEM's encoding, 8-bit colours, linear
/// between stops, clamped at both ends), the DEM sampled linearly or at the nearest texel, and
/// hillshade's `resampling`.
@Suite("Colour relief and DEM resampling")
struct ColorReliefTests {
    static let mapbox = (6553.6, 25.6, 0.1, 10000.0)
    static let terrarium = (256.0, 1.0, 1.0 / 256, 32768.0)
    static let black = RenderColor(red: 0, green: 0, blue: 0)
    static let white = RenderColor(red: 1, green: 1, blue: 1)

    /// A `dim x dim` Mapbox-encoded DEM with `elevation(i, j)` at texel column `i`, row `j`.
    static func dem(_ dim: Int, _ elevation: (Int, Int) -> Double) throws -> DEMTile {
        var pixels: [UInt8] = []
        for j in 0..<dim {
            for i in 0..<dim {
                let v = Int(((elevation(i, j) + 10000) * 10).rounded())
                pixels += [UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255), 255]
            }
        }
        return try #require(DEMTile(RGBAImage(width: dim, height: dim, pixels: pixels), unpack: mapbox))
    }

    @Test("stops are packed into the DEM's encoding as GL JS packs them: 0.1 m for Mapbox, 1/256 m for Terrarium, exact without a positive factor")
    func packing() {
        #expect(abs(ColorReliefRamp.packed(494.1176471, unpack: Self.mapbox) - 494.1) < 1e-6)
        #expect(abs(ColorReliefRamp.packed(-9500.04, unpack: Self.mapbox) - -9500.0) < 1e-6)
        #expect(abs(ColorReliefRamp.packed(1000.3, unpack: Self.terrarium) - (1000.3 * 256).rounded() / 256) < 1e-9)
        #expect(ColorReliefRamp.packed(1234.5678, unpack: (0, 25.6, 0.1, 3446.4)) == 1234.5678)
        #expect(ColorReliefRamp.packed(42, unpack: (0, 0, 0, 0)) == 42)
    }

    @Test("the ramp: the first colour below the first stop, the last above the last, linear in between")
    func rampSampling() {
        let ramp = ColorReliefRamp(stops: [1000, 2000, 3000], colors: [Self.black, Self.white, RenderColor(red: 1, green: 0, blue: 0)],
                                   unpack: Self.mapbox)
        #expect(ramp.color(at: -500) == PremultipliedColor(r: 0, g: 0, b: 0, a: 1))
        #expect(ramp.color(at: 1000) == PremultipliedColor(r: 0, g: 0, b: 0, a: 1))
        #expect(abs(ramp.color(at: 1250).g - 0.25) < 1e-6)
        #expect(ramp.color(at: 2000) == PremultipliedColor(r: 1, g: 1, b: 1, a: 1))
        #expect(abs(ramp.color(at: 2500).g - 0.5) < 1e-6 && ramp.color(at: 2500).r == 1)
        #expect(ramp.color(at: 9000) == PremultipliedColor(r: 1, g: 0, b: 0, a: 1))
    }

    @Test("one stop is repeated a metre higher; none draws nothing; step ramps hold each colour up to the next stop")
    func degenerateAndStepRamps() {
        let one = ColorReliefRamp(stops: [500], colors: [Self.white], unpack: Self.mapbox)
        #expect(one.elevations == [500, 501])
        #expect(one.color(at: 0) == PremultipliedColor(r: 1, g: 1, b: 1, a: 1) && one.color(at: 1e4) == one.color(at: 0))
        let none = ColorReliefRamp(stops: [], colors: [], unpack: Self.mapbox)
        #expect(none.color(at: 100).a == 0)
        let step = ColorReliefRamp(stops: [-.greatestFiniteMagnitude, 1000, 2000], colors: [Self.black, Self.white, RenderColor(red: 1, green: 0, blue: 0)],
                                   kind: .step, unpack: (0, 0, 0, 0))
        #expect(step.color(at: 999.9) == PremultipliedColor(r: 0, g: 0, b: 0, a: 1))
        #expect(step.color(at: 1000) == PremultipliedColor(r: 1, g: 1, b: 1, a: 1))
        #expect(step.color(at: 1999) == PremultipliedColor(r: 1, g: 1, b: 1, a: 1))
        #expect(step.color(at: 2000) == PremultipliedColor(r: 1, g: 0, b: 0, a: 1))
    }

    @Test("translucent stops are 8-bit straight colours premultiplied by the 8-bit alpha, as the ramp texture is uploaded")
    func translucentStops() {
        let c = ColorReliefRamp.textureColor(RenderColor(red: 1, green: 0.4, blue: 0, alpha: 0.8))
        #expect(c.a == Float(204) / 255)
        #expect(c.r == Float(204) / 255)
        #expect(c.g == (102 * 204 / 255 as Float).rounded() / 255)
        #expect(ColorReliefRamp.textureColor(RenderColor(red: 1, green: 1, blue: 1, alpha: 0)) == PremultipliedColor(r: 0, g: 0, b: 0, a: 0))
    }

    /// Tile 0/0/0 of a 4x4 DEM whose columns rise 1000 m a texel, ramped black at 1000 m to white at
    /// 2000 m, seen 64 pixels wide at zoom 0 around the middle (one texel is 128 pixels).
    static func columns(linear: Bool, opacity: Double = 1) throws -> Canvas {
        let dem = try dem(4) { i, _ in Double(i) * 1000 }
        var layer = ColorReliefLayer(pieces: [ColorReliefLayer.Piece(tile: TileClip(z: 0, x: 0, y: 0), clip: TileClip(z: 0, x: 0, y: 0), dem: dem)],
                                     ramp: ColorReliefRamp(stops: [1000, 2000], colors: [black, white], unpack: mapbox))
        layer.linearResampling = linear
        layer.opacity = opacity
        return try Renderer.render(RenderScene(width: 64, height: 64, camera: MapCamera(zoom: 0), layers: [layer]))
    }

    @Test("linear resampling interpolates elevations between texel centres; nearest takes the texel each pixel falls in")
    func demResampling() throws {
        let linear = try Self.columns(linear: true)
        let left = linear.pixel(x: 0, y: 32), middle = linear.pixel(x: 31, y: 32), right = linear.pixel(x: 63, y: 32)
        // pixel 0's centre is world pixel 224.5: (224.5 - 192) / 128 of the way from 1000 to 2000 m
        #expect(abs(left.r - 0.254) < 0.01, "\(left)")
        #expect(left.r < middle.r && middle.r < right.r)
        #expect(abs(right.r - 0.746) < 0.01, "\(right)")
        let nearest = try Self.columns(linear: false)
        #expect(nearest.pixel(x: 0, y: 32) == PremultipliedColor(r: 0, g: 0, b: 0, a: 1))
        #expect(nearest.pixel(x: 31, y: 32) == PremultipliedColor(r: 0, g: 0, b: 0, a: 1))
        #expect(nearest.pixel(x: 32, y: 32) == PremultipliedColor(r: 1, g: 1, b: 1, a: 1))
        #expect(nearest.pixel(x: 63, y: 10) == PremultipliedColor(r: 1, g: 1, b: 1, a: 1))
    }

    @Test("color-relief-opacity scales colour and alpha")
    func opacity() throws {
        let half = try Self.columns(linear: false, opacity: 0.5)
        let p = half.pixel(x: 40, y: 32)
        #expect(abs(p.a - 0.5) < 1e-6 && abs(p.r - 0.5) < 1e-6, "\(p)")
    }

    @Test("the DEM's border (backfilled from neighbours) is sampled at the tile's edge, not the edge texel repeated")
    func borderSampling() throws {
        var dem = try Self.dem(4) { _, _ in 1000 }
        let neighbour = try Self.dem(4) { _, _ in 2000 }
        dem.backfill(from: neighbour, dx: 1, dy: 0)
        // tile 1/0/0 (west half of the top) with its east neighbour at 2000 m: at the east edge the
        // elevation rises halfway towards the border texel
        let clip = TileClip(z: 1, x: 0, y: 0)
        let layer = ColorReliefLayer(pieces: [ColorReliefLayer.Piece(tile: clip, clip: clip, dem: dem)],
                                     ramp: ColorReliefRamp(stops: [1000, 2000], colors: [Self.black, Self.white], unpack: Self.mapbox))
        // zoom 1: the world is 1024 pixels; the view's centre is the tiles' shared edge
        let canvas = try Renderer.render(RenderScene(width: 64, height: 64, camera: MapCamera(center: LocationCoordinate2D(latitude: 60, longitude: 0), zoom: 1),
                                                     layers: [layer]))
        // pixel 0's centre is a quarter texel past the last texel's centre, pixel 31's half a texel
        let edge = canvas.pixel(x: 31, y: 32), inside = canvas.pixel(x: 0, y: 32)
        #expect(abs(inside.r - 0.254) < 0.01, "\(inside)")
        #expect(abs(edge.r - 0.496) < 0.01, "\(edge)")
        #expect(canvas.pixel(x: 40, y: 32).a == 0, "east of the tile nothing is drawn")
    }

    /// A hillshade of one tile with a 4x4 slope texture whose x slope rises a step a texel.
    static func hillshade(linear: Bool) throws -> Canvas {
        var slopes: [Float] = []
        for _ in 0..<4 { for i in 0..<4 { slopes += [0.5 + Float(i) * 0.1, 0.5] } }
        var layer = HillshadeLayer(pieces: [HillshadeLayer.Piece(tile: TileClip(z: 0, x: 0, y: 0), clip: TileClip(z: 0, x: 0, y: 0),
                                                                 slopes: slopes, dim: 4, latitudes: (85, -85))])
        layer.linearResampling = linear
        return try Renderer.render(RenderScene(width: 64, height: 64, camera: MapCamera(zoom: 0), layers: [layer]))
    }

    @Test("hillshade resampling: nearest shades each slope texel flat, linear shades a gradient across it")
    func hillshadeResampling() throws {
        let nearest = try Self.hillshade(linear: false)
        #expect(nearest.pixel(x: 2, y: 32) == nearest.pixel(x: 28, y: 32))
        #expect(nearest.pixel(x: 28, y: 32) != nearest.pixel(x: 36, y: 32))
        let linear = try Self.hillshade(linear: true)
        #expect(linear.pixel(x: 2, y: 32) != linear.pixel(x: 28, y: 32))
    }
}
