import Foundation

/// One `line-dasharray` as MapLibre Native's line atlas holds it (`LineAtlas::getDashPatternTexture`):
/// 256 texels along one period, each the signed distance to the nearest dash edge in texels plus 128,
/// clamped and cut to a byte. With butt or square caps it is one row: zero-length parts vanish, the
/// parts they separated join, and the first and last parts join round the period when of one kind.
/// With round caps it is 15 rows across the line (in a texture 16 rows high): the distance is taken in
/// two dimensions, so that each dash ends in a half disc one line width across (a zero-length dash
/// is a dot), and nothing is joined.
struct DashTexture: Sendable {
    static let width = 256
    /// `rows x 256` texels, row 0 first.
    private let texels: [UInt8]
    /// The texture's rows: 1, or 16 with round caps (the last one empty, as in Native's power-of-two texture).
    private let rows: Int
    /// Whether the pattern has round caps (15 rows of a 2D distance field).
    let round: Bool
    /// The sum of the array (Native's `LinePatternPos.width`): one period, in line widths.
    let length: Double

    /// The texture of `array` (negative parts count as 0); nil without two parts or any length.
    init?(_ array: [Double], round: Bool) {
        let parts = array.map { Float(max(0, $0.isFinite ? $0 : 0)) }
        let length = parts.reduce(0, +)
        guard parts.count >= 2, length > 0 else { return nil }
        self.round = round
        self.length = Double(length)
        let width = Self.width
        let stretch = Float(width) / length
        var ranges = Self.ranges(parts, stretch: stretch)
        func byte(_ signedDistance: Float) -> UInt8 { UInt8(max(0, min(255, signedDistance + 128))) }
        if round {
            let n = 7
            rows = 16
            var texels = [UInt8](repeating: 0, count: rows * width)
            let halfStretch = stretch * 0.5
            for y in -n...n {
                let row = (n + y) * width
                var index = 0
                var range = ranges[0]
                let middle = Float(y) / Float(n) * (halfStretch + 1)
                for x in 0..<width {
                    let fx = Float(x)
                    // Native moves on by one part per texel, once the texel is past the part's right end
                    if range.right == 0 {
                        if x != 0 {
                            index += 1
                            if index < ranges.count { range = ranges[index] }
                        }
                    } else if fx / range.right > 1 {
                        index += 1
                        if index < ranges.count { range = ranges[index] }
                    }
                    let nearest = min(abs(fx - range.left), abs(fx - range.right))
                    let signed: Float
                    if range.isDash {
                        let edge = halfStretch - abs(middle)
                        signed = (nearest * nearest + edge * edge).squareRoot()
                    } else {
                        signed = halfStretch - (nearest * nearest + middle * middle).squareRoot()
                    }
                    texels[row + x] = byte(signed)
                }
            }
            self.texels = texels
            return
        }
        rows = 1
        ranges.removeAll { $0.isZeroLength }
        guard !ranges.isEmpty else {
            texels = [UInt8](repeating: 0, count: width)
            return
        }
        var i = 0
        while i + 1 < ranges.count {
            if ranges[i + 1].isDash == ranges[i].isDash {
                ranges[i + 1].left = ranges[i].left
                ranges.remove(at: i)
            } else {
                i += 1
            }
        }
        if ranges[0].isDash == ranges[ranges.count - 1].isDash {
            let firstRight = ranges[0].right
            ranges[0].left = ranges[ranges.count - 1].left - Float(width)
            ranges[ranges.count - 1].right = firstRight + Float(width)
        }
        var texels = [UInt8](repeating: 0, count: width)
        var index = 0
        var range = ranges[0]
        for x in 0..<width {
            let fx = Float(x)
            if fx / range.right > 1 {
                index += 1
                if index < ranges.count { range = ranges[index] }
            }
            let nearest = min(abs(fx - range.left), abs(fx - range.right))
            texels[x] = byte(range.isDash ? nearest : -nearest)
        }
        self.texels = texels
    }

    /// Native's `getDashRanges`: alternating dash and gap parts in texels, an odd array's last dash
    /// starting before 0 to join its first.
    private static func ranges(_ parts: [Float], stretch: Float) -> [(left: Float, right: Float, isDash: Bool, isZeroLength: Bool)] {
        var out: [(left: Float, right: Float, isDash: Bool, isZeroLength: Bool)] = []
        let odd = parts.count % 2 == 1
        out.append((odd ? -parts[parts.count - 1] * stretch : 0, parts[0] * stretch, true, parts[0] == 0))
        var current = parts[0]
        for i in 1..<parts.count {
            let left = current * stretch
            current += parts[i]
            out.append((left, current * stretch, i % 2 == 0, parts[i] == 0))
        }
        return out
    }

    /// The texture sampled as the line shader samples it (linear filtering, repeating along the
    /// period, clamped across): `u` in periods, `v` 0...1 down the texture. 0...1.
    func sample(u: Double, v: Double) -> Double {
        let width = Self.width
        var x = (u - u.rounded(.down)) * Double(width) - 0.5
        if !x.isFinite { x = 0 }
        let x0 = x.rounded(.down)
        let fx = x - x0
        let i0 = (Int(x0) % width + width) % width, i1 = (i0 + 1) % width
        func row(_ r: Int) -> Double {
            let base = r * width
            return Double(texels[base + i0]) * (1 - fx) + Double(texels[base + i1]) * fx
        }
        guard rows > 1 else { return row(0) / 255 }
        let y = max(0, min(Double(rows - 1), v * Double(rows) - 0.5))
        let r0 = Int(y.rounded(.down)), r1 = min(rows - 1, r0 + 1)
        let fy = y - Double(r0)
        return (row(r0) * (1 - fy) + row(r1) * fy) / 255
    }

    /// Where across the texture a vertex's side (`normal.y`, -1 or +1) samples (Native's `v_tex`):
    /// a round pattern's 15 rows of 16, a butt pattern's one row.
    func v(across normalY: Double) -> Double {
        round ? normalY * -(15.0 / 32) + 7.5 / 16 : normalY * -0.5 + 0.5
    }
}

/// A dash pattern on one line, as MapLibre's line SDF shader draws it: the texture repeats every
/// `length x floorwidth` pixels at the integer zoom (stretched with the zoom's fraction), and a pixel's
/// coverage is `smoothstep(0.5 - g, 0.5 + g, distance)` with `g = u_sdfgamma / floorwidth`.
struct DashPattern {
    let texture: DashTexture
    /// One period in device pixels.
    let period: Double
    /// Half the smoothstep's width in texture values (Native's `u_sdfgamma / floorwidth`).
    let gamma: Double

    /// - Parameters:
    ///   - floorWidth: the line width at the integer zoom (Native's `floorwidth`), in device pixels.
    ///   - scale: `2^(zoom - integer zoom)`, how far the integer zoom's pixels are stretched.
    ///   - fadeLength: the length (in widths, times its fade scale) of the array MapLibre crossfades
    ///     from; the sharpness follows the shorter of it and this pattern's (`min(widthA, widthB)`).
    init?(_ texture: DashTexture, floorWidth: Double, scale: Double, fadeLength: Double? = nil) {
        guard floorWidth > 0, floorWidth.isFinite, scale > 0 else { return nil }
        self.texture = texture
        period = texture.length * floorWidth * scale
        let shortest = min(texture.length, fadeLength.map { $0 > 0 ? $0 : texture.length } ?? texture.length)
        gamma = 1 / (2 * shortest * floorWidth)
    }

    /// Coverage at distance `along` (device pixels from the line's start) on the side `normalY`
    /// (the interpolated -1...+1 across the line).
    func alpha(at along: Double, across normalY: Double) -> Double {
        guard period > 0 else { return 1 }
        let d = texture.sample(u: along / period, v: texture.v(across: normalY))
        let t = max(0, min(1, (d - (0.5 - gamma)) / (2 * gamma)))
        return t * t * (3 - 2 * t)
    }
}
