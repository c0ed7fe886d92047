/// A port of mapbox/pixelmatch: counts pixels that differ perceptually (YIQ colour distance) between two
/// RGBA images, optionally ignoring pixels that look like antialiasing, and draws a diff image.
package enum PixelMatch {
    /// Comparison options (pixelmatch's defaults).
    package struct Options: Sendable {
        /// Matching threshold 0...1; smaller is stricter.
        package var threshold: Double = 0.1
        /// Whether antialiased pixels count as different.
        package var includeAA: Bool = false
        /// Opacity of the original image drawn faintly in the diff output.
        package var alpha: Double = 0.1
        /// Colour of antialiased pixels in the diff output.
        package var aaColor: (UInt8, UInt8, UInt8) = (255, 255, 0)
        /// Colour of differing pixels in the diff output.
        package var diffColor: (UInt8, UInt8, UInt8) = (255, 0, 0)

        /// Default options.
        package init(threshold: Double = 0.1, includeAA: Bool = false) {
            self.threshold = threshold
            self.includeAA = includeAA
        }
    }

    /// The outcome of a comparison.
    package struct Result: Sendable {
        /// Number of differing pixels (antialiased ones excluded unless `includeAA`).
        package var differentPixels: Int
        /// Red = different, yellow = antialiasing, faint grey = same.
        package var diff: RGBAImage
    }

    /// Why two images cannot be compared.
    package enum Failure: Error, Sendable, Equatable {
        /// Image sizes differ.
        case sizeMismatch(first: String, second: String)
    }

    /// Compares two images of the same size.
    package static func compare(_ img1: RGBAImage, _ img2: RGBAImage,
                               options: Options = Options()) throws(Failure) -> Result {
        guard img1.width == img2.width, img1.height == img2.height else {
            throw .sizeMismatch(first: "\(img1.width)x\(img1.height)", second: "\(img2.width)x\(img2.height)")
        }
        let width = img1.width, height = img1.height
        let a = img1.pixels, b = img2.pixels
        var output = [UInt8](repeating: 0, count: a.count)
        let maxDelta = 35215 * options.threshold * options.threshold
        var diff = 0
        for y in 0..<height {
            for x in 0..<width {
                let pos = (y * width + x) * 4
                let delta = colorDelta(a, b, pos, pos, yOnly: false)
                if abs(delta) > maxDelta {
                    if !options.includeAA && (antialiased(a, x, y, width, height, b)
                                               || antialiased(b, x, y, width, height, a)) {
                        draw(&output, pos, options.aaColor)
                    } else {
                        draw(&output, pos, options.diffColor)
                        diff += 1
                    }
                } else {
                    let v = blend(rgb2y(Double(a[pos]), Double(a[pos + 1]), Double(a[pos + 2])),
                                  options.alpha * Double(a[pos + 3]) / 255)
                    let g = UInt8(max(0, min(255, v)))
                    draw(&output, pos, (g, g, g))
                }
            }
        }
        return Result(differentPixels: diff, diff: RGBAImage(width: width, height: height, pixels: output))
    }

    private static func draw(_ out: inout [UInt8], _ pos: Int, _ c: (UInt8, UInt8, UInt8)) {
        out[pos] = c.0; out[pos + 1] = c.1; out[pos + 2] = c.2; out[pos + 3] = 255
    }

    /// Whether the pixel looks like antialiasing: few identical neighbours, and its darkest or brightest
    /// neighbour sits in a flat area in both images.
    static func antialiased(_ img: [UInt8], _ x1: Int, _ y1: Int, _ width: Int, _ height: Int,
                            _ img2: [UInt8]) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minD = 0.0, maxD = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                let delta = colorDelta(img, img, pos, (y * width + x) * 4, yOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minD {
                    minD = delta; minX = x; minY = y
                } else if delta > maxD {
                    maxD = delta; maxX = x; maxY = y
                }
            }
        }
        if minD == 0 || maxD == 0 { return false }
        return (hasManySiblings(img, minX, minY, width, height) && hasManySiblings(img2, minX, minY, width, height))
            || (hasManySiblings(img, maxX, maxY, width, height) && hasManySiblings(img2, maxX, maxY, width, height))
    }

    /// Whether the pixel has more than two identical neighbours.
    static func hasManySiblings(_ img: [UInt8], _ x1: Int, _ y1: Int, _ width: Int, _ height: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let pos = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                let pos2 = (y * width + x) * 4
                if img[pos] == img[pos2] && img[pos + 1] == img[pos2 + 1] && img[pos + 2] == img[pos2 + 2]
                    && img[pos + 3] == img[pos2 + 3] { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    /// Squared YIQ distance between two pixels (sign: negative when the first is brighter), colours
    /// blended over white by their alpha; with `yOnly`, the brightness difference only.
    static func colorDelta(_ img1: [UInt8], _ img2: [UInt8], _ k: Int, _ m: Int, yOnly: Bool) -> Double {
        var r1 = Double(img1[k]), g1 = Double(img1[k + 1]), b1 = Double(img1[k + 2])
        let a1 = Double(img1[k + 3])
        var r2 = Double(img2[m]), g2 = Double(img2[m + 1]), b2 = Double(img2[m + 2])
        let a2 = Double(img2[m + 3])
        if a1 == a2 && r1 == r2 && g1 == g2 && b1 == b2 { return 0 }
        if a1 < 255 {
            let f = a1 / 255
            r1 = blend(r1, f); g1 = blend(g1, f); b1 = blend(b1, f)
        }
        if a2 < 255 {
            let f = a2 / 255
            r2 = blend(r2, f); g2 = blend(g2, f); b2 = blend(b2, f)
        }
        let y1 = rgb2y(r1, g1, b1), y2 = rgb2y(r2, g2, b2)
        let y = y1 - y2
        if yOnly { return y }
        let i = rgb2i(r1, g1, b1) - rgb2i(r2, g2, b2)
        let q = rgb2q(r1, g1, b1) - rgb2q(r2, g2, b2)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -delta : delta
    }

    @inline(__always) static func rgb2y(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }
    @inline(__always) static func rgb2i(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }
    @inline(__always) static func rgb2q(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }
    /// Blends a channel over white with opacity `a`.
    @inline(__always) static func blend(_ c: Double, _ a: Double) -> Double { 255 + (c - 255) * a }
}
