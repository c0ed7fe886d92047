import Testing
@testable import Rendering

/// GL's `LINEAR_MIPMAP_NEAREST` as raster tiles on the globe are sampled (`RasterMipmaps`).
@Suite struct RasterMipmapsTests {
    /// A 4 x 4 image whose texels count 0, 16, 32, ... in red, opaque.
    static let ramp = RasterImage(RGBAImage(width: 4, height: 4, pixels: (0..<16).flatMap { [UInt8($0 * 16), 0, 0, 255] }))

    @Test("the nearest level: 0 up to two texels² a pixel step, then one level per factor of four")
    func levels() {
        let m = RasterMipmaps(Self.ramp)
        #expect(m.maximumLevel == 2)
        #expect(m.level(rho2: 0.25) == 0)
        #expect(m.level(rho2: 2) == 0)
        #expect(m.level(rho2: 2.01) == 1)
        #expect(m.level(rho2: 8) == 1)
        #expect(m.level(rho2: 8.01) == 2)
        #expect(m.level(rho2: 1e9) == 2)
        #expect(m.level(rho2: .infinity) == 2)
    }

    @Test("each level is the mean of the 2 x 2 texels under it, rounded to 8 bits")
    func halving() {
        var m = RasterMipmaps(Self.ramp)
        // level 1's top-left texel: texels 0, 1, 4, 5 -> (0 + 16 + 64 + 80) / 4 = 40
        let c = m.sample(level: 1, u: 0.25, v: 0.25, linear: false)
        #expect(abs(c.r * 255 - 40) < 1e-3)
        #expect(c.a == 1)
        // level 2: the mean of all sixteen, 120
        let d = m.sample(level: 2, u: 0.5, v: 0.5, linear: true)
        #expect(abs(d.r * 255 - 120) < 1e-3)
        // level 0 is the image itself
        let e = m.sample(level: 0, u: 0.9, v: 0.9, linear: false)
        #expect(abs(e.r * 255 - 240) < 1e-3)
    }

    @Test("non-power-of-two images are not mipmapped")
    func powerOfTwo() {
        #expect(Self.ramp.hasPowerOfTwoSize)
        #expect(!RasterImage(RGBAImage(width: 6, height: 4, pixels: [])).hasPowerOfTwoSize)
        // GL JS's `isSizePowerOfTwo` asks for a square
        #expect(!RasterImage(RGBAImage(width: 8, height: 4, pixels: [UInt8](repeating: 0, count: 128))).hasPowerOfTwoSize)
    }
}

/// Anisotropic filtering as GL JS turns it on past pitch 20 and SwiftShader carries it out (`RasterAnisotropy`).
@Suite struct RasterAnisotropyTests {
    @Test("a footprint four times longer than wide: four samples along it, the level from its width")
    func longFootprint() {
        let f = RasterAnisotropy(dx: (8, 0), dy: (0, 2), textureSize: (256, 256))
        #expect(f.samples == 4)
        #expect(abs(f.minorRho2 - 4) < 1e-12)
        // samples at -3/8, -1/8, 1/8, 3/8 of the major axis (8 texels)
        #expect(abs(f.start.u * 256 + 3) < 1e-12)
        #expect(abs(f.step.u * 256 - 2) < 1e-12)
        #expect(f.start.v == 0)
    }

    @Test("a square footprint takes one sample; a degenerate one is capped at 16")
    func limits() {
        #expect(RasterAnisotropy(dx: (3, 0), dy: (0, 3), textureSize: (256, 256)).samples == 1)
        #expect(RasterAnisotropy(dx: (40, 0), dy: (40, 0), textureSize: (256, 256)).samples == 16)
        #expect(RasterAnisotropy.none.samples == 1)
    }
}
