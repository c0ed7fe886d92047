/// A raster tile's mipmaps as GL JS samples them on the globe (`LINEAR_MIPMAP_NEAREST`: the tile texture's
/// levels made by `generateMipmap`, one level picked per pixel, bilinear within it).
///
/// Where the sphere shrinks a tile (towards the limb and the poles) a pixel spans several texels, and GL
/// reads a smaller level. The level comes from the texture coordinates' differences across the pixel's
/// 2 x 2 quad (GL's derivatives, the same for the four pixels): with `ρ²` the larger squared length in
/// texels of the quad's step along x and along y, the level of detail is `log2(ρ²) / 2` and
/// `LINEAR_MIPMAP_NEAREST` takes the nearest level: 0 up to `ρ² = 2`, 1 up to 8, 2 up to 32, ...
/// (SwiftShader's approximate logarithm is exact at these powers of two). Levels are made when first
/// needed.
struct RasterMipmaps {
    private let base: RasterImage
    /// Levels 1, 2, ... made so far.
    private var smaller: [RasterImage] = []
    /// The smallest level (1 x 1).
    let maximumLevel: Int

    init(_ image: RasterImage) {
        base = image
        var level = 0, side = max(image.width, image.height)
        while side > 1 { side /= 2; level += 1 }
        maximumLevel = level
    }

    /// The level `LINEAR_MIPMAP_NEAREST` reads for a quad whose larger squared step is `rho2` texels².
    func level(rho2: Double) -> Int {
        guard rho2 > 2, rho2.isFinite else { return rho2.isFinite ? 0 : maximumLevel }
        var level = 1, bound = 8.0
        while rho2 > bound && level < maximumLevel {
            level += 1
            bound *= 4
        }
        return level
    }

    /// The colour at `u`, `v` (0...1 across the image) in `level`, bilinear or nearest.
    @inline(__always)
    mutating func sample(level: Int, u: Double, v: Double, linear: Bool) -> PremultipliedColor {
        if level <= 0 { return base.sample(u: u, v: v, linear: linear) }
        while smaller.count < level {
            smaller.append((smaller.last ?? base).halved())
        }
        return smaller[level - 1].sample(u: u, v: v, linear: linear)
    }
}

/// A raster tile's texture as GL JS binds it (`raster_tile_source.ts`, `draw_raster.ts`): mipmapped,
/// `LINEAR_MIPMAP_NEAREST` (``RasterMipmaps``), and anisotropic past `anisotropicFilterPitch`
/// (``RasterAnisotropy``). GL picks the level and the footprint once per 2 x 2 quad (``PaintContext/glQuad(x:y:)``):
/// set them with ``setQuad(dx:dy:)``, then sample the quad's pixels.
///
/// `raster-resampling` is GL's magnification filter only: GL JS binds `NEAREST` (or `LINEAR`) with the
/// minification filter `LINEAR_MIPMAP_NEAREST`, so a quad that shrinks the texture (level of detail above 0: more
/// than a texel a pixel) reads its level bilinearly in both. With anisotropic filtering on, SwiftShader samples
/// every quad with its anisotropic filter, whose taps are bilinear (`convertFilterMode` returns
/// `FILTER_ANISOTROPIC` for a sampler with anisotropy, whatever its magnification filter): a `nearest` raster in a
/// view pitched past 20° is drawn bilinear in GL JS's pictures.
struct MipmappedTileTexture {
    private var mipmaps: RasterMipmaps
    private let size: (Double, Double)
    private let anisotropic: Bool
    private var level = 0
    private var footprint = RasterAnisotropy.none
    /// Whether the last quad is filtered bilinearly whatever the magnification filter.
    private var minifying = false
    /// The last quad's larger squared step (texels²), without anisotropic filtering.
    private var rho2 = 0.0

    /// The texture of `image` drawn at `pitch` degrees; nil when GL samples it without mipmaps (a side not a
    /// power of two).
    init?(_ image: RasterImage, pitch: Double) {
        guard image.hasPowerOfTwoSize else { return nil }
        mipmaps = RasterMipmaps(image)
        size = (Double(image.width), Double(image.height))
        // GL JS turns anisotropic filtering on past its `anisotropicFilterPitch` (20 degrees)
        anisotropic = pitch > RasterAnisotropy.minimumPitch
    }

    /// The quad's texture coordinates change by `dx` along a row and `dy` across rows, in texels.
    mutating func setQuad(dx: (Double, Double), dy: (Double, Double)) {
        if anisotropic {
            footprint = RasterAnisotropy(dx: dx, dy: dy, textureSize: size)
            level = mipmaps.level(rho2: footprint.minorRho2)
            minifying = true
        } else {
            rho2 = max(dx.0 * dx.0 + dx.1 * dx.1, dy.0 * dy.0 + dy.1 * dy.1)
            level = mipmaps.level(rho2: rho2)
            minifying = !(rho2 <= 1)
        }
    }

    /// Whether steps within `nearby` (relative) of the last quad's pick the same level and filter: false past
    /// `anisotropicFilterPitch` (the footprint changes from quad to quad) or where the steps lie at a bound.
    func picksAlike(nearby: Double) -> Bool {
        guard !anisotropic, rho2.isFinite else { return false }
        let low = rho2 * (1 - nearby), high = rho2 * (1 + nearby)
        return mipmaps.level(rho2: low) == mipmaps.level(rho2: high) && (low <= 1) == (high <= 1)
    }

    /// The colour at `u`, `v` (0...1) for a pixel of the last quad set.
    @inline(__always)
    mutating func sample(u: Double, v: Double, linear: Bool) -> PremultipliedColor {
        let footprint = footprint, level = level, linear = linear || minifying
        if footprint.samples > 1 {
            return footprint.average { mipmaps.sample(level: level, u: u + $0, v: v + $1, linear: linear) }
        }
        return mipmaps.sample(level: level, u: u, v: v, linear: linear)
    }
}

extension PaintContext {
    /// The pixels of the 2 x 2 quad GL shades pixel (`x`, `y`) in: the quad's first pixel and its
    /// neighbours along the row and down the other row. GL's quads are aligned in its framebuffer, whose
    /// rows the picture turns over (as in ``PixelCenterScanner/HorizontalTie/above``): the first pixel is
    /// on the quad's lower row of the picture, the other row the one above it.
    @inline(__always)
    func glQuad(x: Int, y: Int) -> (x: Int, y: Int, otherRow: Int) {
        let framebufferRow = (canvasHeight - 1 - y) & ~1
        let first = canvasHeight - 1 - framebufferRow
        return (x & ~1, first, first - 1)
    }
}

/// Anisotropic filtering as GL JS turns it on for pitched views (`EXT_texture_filter_anisotropic` at the
/// device's maximum, 16) and as SwiftShader, which draws GL JS's reference pictures, carries it out
/// (`SamplerCore::computeLod2D` and `sampleAniso`): a quad whose footprint in the texture is long and thin
/// takes `N` samples (the ratio of the footprint's major axis to its area, at most 16, rounded) spread evenly
/// along the major axis, from a mipmap level chosen by the major axis shortened by that ratio, and averages them.
struct RasterAnisotropy {
    /// GL JS's `anisotropicFilterPitch`: pitches above it filter anisotropically.
    static let minimumPitch = 20.0
    /// GL's maximum anisotropy as SwiftShader reports it.
    static let maximum = 16.0

    /// The squared length in texels the mipmap level is chosen from.
    let minorRho2: Double
    /// Samples taken.
    let samples: Int
    /// Offset of the first sample and the step between samples, in texture coordinates (0...1).
    let start: (u: Double, v: Double)
    let step: (u: Double, v: Double)

    /// One sample: no footprint.
    static let none = RasterAnisotropy(minorRho2: 0, samples: 1, start: (0, 0), step: (0, 0))

    private init(minorRho2: Double, samples: Int, start: (u: Double, v: Double), step: (u: Double, v: Double)) {
        self.minorRho2 = minorRho2
        self.samples = samples
        self.start = start
        self.step = step
    }

    /// The footprint of a quad whose texture coordinates change by `dx` along a row and `dy` across rows
    /// (texels), for a texture of `textureSize` texels.
    init(dx: (Double, Double), dy: (Double, Double), textureSize: (Double, Double)) {
        let x2 = dx.0 * dx.0 + dx.1 * dx.1, y2 = dy.0 * dy.0 + dy.1 * dy.1
        let major2 = max(x2, y2)
        let area = abs(dx.0 * dy.1 - dx.1 * dy.0)
        let ratio = area > 0 ? min(major2 / area, RasterAnisotropy.maximum) : RasterAnisotropy.maximum
        guard major2 > 0, ratio.isFinite, ratio > 0 else {
            self.init(minorRho2: 0, samples: 1, start: (0, 0), step: (0, 0))
            return
        }
        let n = max(1, Int(ratio.rounded(.toNearestOrEven)))
        let axis = x2 >= y2 ? dx : dy
        let du = axis.0 / textureSize.0, dv = axis.1 / textureSize.1
        let first = -Double(n - 1) / Double(2 * n)
        self.init(minorRho2: major2 / (ratio * ratio), samples: n,
                  start: (du * first, dv * first), step: (du / Double(n), dv / Double(n)))
    }

    /// The mean of `sample` at each of the footprint's offsets.
    @inline(__always)
    func average(_ sample: (Double, Double) -> PremultipliedColor) -> PremultipliedColor {
        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
        for i in 0..<samples {
            let c = sample(start.u + step.u * Double(i), start.v + step.v * Double(i))
            r += c.r; g += c.g; b += c.b; a += c.a
        }
        let k = 1 / Float(samples)
        return PremultipliedColor(r: r * k, g: g * k, b: b * k, a: a * k)
    }
}
