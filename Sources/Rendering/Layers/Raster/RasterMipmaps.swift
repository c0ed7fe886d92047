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
