/// A premultiplied RGBA float image that layers are composited onto (source-over).
///
/// Pixels are stored row by row, four `Float`s each (r, g, b, a premultiplied, 0...1), so painters can
/// blend whole spans without per-pixel allocation.
package struct Canvas: Sendable {
    /// Width in device pixels.
    package let width: Int
    /// Height in device pixels.
    package let height: Int
    /// Premultiplied RGBA components, `4 * width * height`.
    package var pixels: [Float]

    /// Bytes per pixel: four 32-bit floats.
    package static let bytesPerPixel = 4 * MemoryLayout<Float>.stride

    /// The bytes of the pixel storage.
    package var byteCount: Int { pixels.count * MemoryLayout<Float>.stride }

    /// Creates a transparent canvas. Sizes below 1 become 1.
    package init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        pixels = [Float](repeating: 0, count: 4 * self.width * self.height)
    }

    /// Makes every pixel transparent, keeping the storage.
    package mutating func clear() {
        pixels.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// Composites `color` over every pixel.
    package mutating func fill(_ color: PremultipliedColor) {
        if color.a <= 0 { return }
        let inv = 1 - color.a
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                p[i] = color.r + p[i] * inv
                p[i + 1] = color.g + p[i + 1] * inv
                p[i + 2] = color.b + p[i + 2] * inv
                p[i + 3] = color.a + p[i + 3] * inv
                i += 4
            }
        }
    }

    /// Composites `color` over the pixels `x0..<x1` of row `y` (clipped to the canvas).
    package mutating func blendSpan(y: Int, x0: Int, x1: Int, color: PremultipliedColor) {
        guard y >= 0, y < height else { return }
        let lo = max(0, x0), hi = min(width, x1)
        if lo >= hi || color.a <= 0 { return }
        let w = width
        pixels.withUnsafeMutableBufferPointer { p in
            Canvas.blendSpan(p.baseAddress!, offset: 4 * (y * w + lo), count: hi - lo, color: color)
        }
    }

    /// Source-over blend of a constant colour into `count` pixels starting at component `offset`.
    @inline(__always)
    static func blendSpan(_ p: UnsafeMutablePointer<Float>, offset: Int, count: Int, color: PremultipliedColor) {
        var i = offset
        let end = offset + 4 * count
        if color.a >= 1 {
            while i < end {
                p[i] = color.r; p[i + 1] = color.g; p[i + 2] = color.b; p[i + 3] = 1
                i += 4
            }
            return
        }
        let inv = 1 - color.a
        while i < end {
            p[i] = color.r + p[i] * inv
            p[i + 1] = color.g + p[i + 1] * inv
            p[i + 2] = color.b + p[i + 2] * inv
            p[i + 3] = color.a + p[i + 3] * inv
            i += 4
        }
    }

    /// Source-over blend of `color * alpha` into one pixel at component `offset`.
    @inline(__always)
    static func blendPixel(_ p: UnsafeMutablePointer<Float>, offset i: Int, color c: PremultipliedColor, alpha: Float) {
        if alpha <= 0 { return }
        let a = c.a * alpha
        let inv = 1 - a
        p[i] = c.r * alpha + p[i] * inv
        p[i + 1] = c.g * alpha + p[i + 1] * inv
        p[i + 2] = c.b * alpha + p[i + 2] * inv
        p[i + 3] = a + p[i + 3] * inv
    }

    /// The colour of one pixel (premultiplied), or transparent outside the canvas.
    package func pixel(x: Int, y: Int) -> PremultipliedColor {
        guard x >= 0, y >= 0, x < width, y < height else { return PremultipliedColor(r: 0, g: 0, b: 0, a: 0) }
        let i = 4 * (y * width + x)
        return PremultipliedColor(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
    }

    /// The canvas as an 8-bit straight-alpha image (what PNG stores).
    package func makeImage() -> RGBAImage {
        var bytes = [UInt8](repeating: 0, count: 4 * width * height)
        pixels.withUnsafeBufferPointer { src in
            bytes.withUnsafeMutableBufferPointer { dst in
                var i = 0
                let n = src.count
                while i < n {
                    let a = min(1, max(0, src[i + 3]))
                    if a > 0 {
                        let s = 255 / a
                        dst[i] = UInt8(min(255, max(0, src[i] * s + 0.5)))
                        dst[i + 1] = UInt8(min(255, max(0, src[i + 1] * s + 0.5)))
                        dst[i + 2] = UInt8(min(255, max(0, src[i + 2] * s + 0.5)))
                        dst[i + 3] = UInt8(a * 255 + 0.5)
                    }
                    i += 4
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }
}

/// An 8-bit RGBA image with straight (non-premultiplied) alpha, row by row.
public struct RGBAImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `4 * width * height` bytes: r, g, b, a.
    public var pixels: [UInt8]

    /// Creates an image from its bytes; a wrong byte count is padded or truncated to `4 * width * height`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = max(0, width)
        self.height = max(0, height)
        let n = 4 * self.width * self.height
        var p = pixels
        if p.count != n {
            if p.count > n { p.removeLast(p.count - n) } else { p += [UInt8](repeating: 0, count: n - p.count) }
        }
        self.pixels = p
    }

    /// The same image with colour channels multiplied by alpha (how MapLibre's test harness compares).
    public func premultiplied() -> RGBAImage {
        var out = pixels
        var i = 0
        while i < out.count {
            let a = UInt32(out[i + 3])
            if a < 255 {
                out[i] = UInt8((UInt32(out[i]) * a + 127) / 255)
                out[i + 1] = UInt8((UInt32(out[i + 1]) * a + 127) / 255)
                out[i + 2] = UInt8((UInt32(out[i + 2]) * a + 127) / 255)
            }
            i += 4
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}
