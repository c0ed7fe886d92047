/// A raster image ready for sampling: premultiplied RGBA floats (0...1), row by row, as MapLibre
/// uploads images to textures (premultiplied, 8 bits per channel).
public struct RasterImage: Sendable {
    public let width: Int
    public let height: Int
    /// `4 * width * height` premultiplied components.
    let texels: [Float]

    /// The image of straight-alpha RGBA bytes, premultiplied as MapLibre premultiplies (rounded to 8 bits).
    public init(_ image: RGBAImage) {
        width = image.width
        height = image.height
        var texels = [Float](repeating: 0, count: 4 * image.width * image.height)
        image.pixels.withUnsafeBufferPointer { src in
            texels.withUnsafeMutableBufferPointer { dst in
                var i = 0
                while i < src.count {
                    let a = UInt32(src[i + 3])
                    for k in 0..<3 {
                        dst[i + k] = Float((UInt32(src[i + k]) * a + 127) / 255) / 255
                    }
                    dst[i + 3] = Float(a) / 255
                    i += 4
                }
            }
        }
        self.texels = texels
    }

    private init(width: Int, height: Int, texels: [Float]) {
        self.width = width
        self.height = height
        self.texels = texels
    }

    /// Whether the image is a square whose side is a power of two: GL JS makes mipmaps only for such textures
    /// (`Texture.isSizePowerOfTwo`) and binds the others `LINEAR`.
    var hasPowerOfTwoSize: Bool {
        width > 0 && width == height && width & (width - 1) == 0
    }

    /// GL's next mipmap level (`generateMipmap`): half the size (at least 1), each texel the mean of the
    /// 2 x 2 texels under it, rounded to 8 bits as the texture stores it.
    func halved() -> RasterImage {
        let w = max(1, width / 2), h = max(1, height / 2)
        var out = [Float](repeating: 0, count: 4 * w * h)
        for y in 0..<h {
            let y0 = min(2 * y, height - 1), y1 = min(2 * y + 1, height - 1)
            for x in 0..<w {
                let x0 = min(2 * x, width - 1), x1 = min(2 * x + 1, width - 1)
                for k in 0..<4 {
                    let sum = texels[4 * (y0 * width + x0) + k] + texels[4 * (y0 * width + x1) + k]
                        + texels[4 * (y1 * width + x0) + k] + texels[4 * (y1 * width + x1) + k]
                    out[4 * (y * w + x) + k] = (sum * 255 / 4).rounded() / 255
                }
            }
        }
        return RasterImage(width: w, height: h, texels: out)
    }

    /// Bytes the image holds (for cache budgets).
    public var byteCount: Int { texels.count * MemoryLayout<Float>.size }

    /// The colour at texture coordinates `u`, `v` (0...1 across the image), filtered as a GPU
    /// texture with clamp-to-edge: bilinear between the four nearest texel centres, or the nearest texel.
    /// The texels are read through the array's buffer, once per sample (not the array's storage retained per
    /// component read, as an unoptimized build does).
    @inline(__always)
    func sample(u: Double, v: Double, linear: Bool) -> PremultipliedColor {
        if width == 0 || height == 0 { return PremultipliedColor(r: 0, g: 0, b: 0, a: 0) }
        let width = width, height = height
        return texels.withUnsafeBufferPointer { texels in
            @inline(__always) func texel(_ x: Int, _ y: Int) -> PremultipliedColor {
                let i = 4 * (y * width + x)
                return PremultipliedColor(r: texels[i], g: texels[i + 1], b: texels[i + 2], a: texels[i + 3])
            }
            if !linear {
                let x = clampedInt((u * Double(width)).rounded(.down), 0, width - 1)
                let y = clampedInt((v * Double(height)).rounded(.down), 0, height - 1)
                return texel(x, y)
            }
            let fx = u * Double(width) - 0.5, fy = v * Double(height) - 0.5
            let x0 = fx.rounded(.down), y0 = fy.rounded(.down)
            let tx = Float(fx - x0), ty = Float(fy - y0)
            let ix = clampedInt(x0, -1, width), iy = clampedInt(y0, -1, height)
            let xa = max(0, min(width - 1, ix)), xb = max(0, min(width - 1, ix + 1))
            let ya = max(0, min(height - 1, iy)), yb = max(0, min(height - 1, iy + 1))
            let c00 = texel(xa, ya), c10 = texel(xb, ya), c01 = texel(xa, yb), c11 = texel(xb, yb)
            let top = PremultipliedColor.mix(c00, c10, tx), bottom = PremultipliedColor.mix(c01, c11, tx)
            return PremultipliedColor.mix(top, bottom, ty)
        }
    }

    /// The colour at `u`, `v` (0...1) across the image framed by a one-texel transparent border,
    /// as MapLibre's image atlas pads each icon: bilinear or nearest.
    @inline(__always)
    func sampleBordered(u: Double, v: Double, linear: Bool) -> PremultipliedColor {
        sampleBordered(texelX: u * Double(width + 2), texelY: v * Double(height + 2), linear: linear)
    }

    /// ``sampleBordered(u:v:linear:)`` at a position in texels of the framed image.
    @inline(__always)
    func sampleBordered(texelX tx: Double, texelY ty: Double, linear: Bool) -> PremultipliedColor {
        let w = width + 2, h = height + 2
        @inline(__always) func bordered(_ i: Int, _ j: Int) -> PremultipliedColor {
            let x = i - 1, y = j - 1
            guard x >= 0, y >= 0, x < width, y < height else { return PremultipliedColor(r: 0, g: 0, b: 0, a: 0) }
            return texel(x, y)
        }
        if !linear {
            return bordered(clampedInt(tx.rounded(.down), 0, w - 1), clampedInt(ty.rounded(.down), 0, h - 1))
        }
        let fx = tx - 0.5, fy = ty - 0.5
        let x0 = fx.rounded(.down), y0 = fy.rounded(.down)
        let tx = Float(fx - x0), ty = Float(fy - y0)
        let i = clampedInt(x0, -1, w), j = clampedInt(y0, -1, h)
        let top = PremultipliedColor.mix(bordered(i, j), bordered(i + 1, j), tx)
        let bottom = PremultipliedColor.mix(bordered(i, j + 1), bordered(i + 1, j + 1), tx)
        return PremultipliedColor.mix(top, bottom, ty)
    }

    /// The texel at column `x`, row `y` (both in range).
    @inline(__always)
    func texelAt(_ x: Int, _ y: Int) -> PremultipliedColor { texel(x, y) }

    @inline(__always)
    private func texel(_ x: Int, _ y: Int) -> PremultipliedColor {
        let i = 4 * (y * width + x)
        return PremultipliedColor(r: texels[i], g: texels[i + 1], b: texels[i + 2], a: texels[i + 3])
    }
}
