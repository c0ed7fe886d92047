/// TinySDF's signed distance field as node-fontnik's metrics and `make_glyphs.py` compute it:
/// Felzenszwalb & Huttenlocher's squared Euclidean distance transform of the antialiased coverage,
/// inside and outside, mapped to bytes with 192 on the outline.
enum SignedDistanceField {
    static let infinity = 1e20

    /// The SDF of `coverage` (`width * height` bytes, already padded by the border), one byte per pixel.
    static func bytes(coverage: [UInt8], width: Int, height: Int, radius: Double, cutoff: Double) -> [UInt8] {
        let count = width * height
        var outer = [Double](repeating: 0, count: count)
        var inner = [Double](repeating: 0, count: count)
        for i in 0..<count {
            let c = Double(coverage[i]) / 255
            if c >= 1 {
                outer[i] = 0
                inner[i] = infinity
            } else if c <= 0 {
                outer[i] = infinity
                inner[i] = 0
            } else {
                outer[i] = max(0, 0.5 - c) * max(0, 0.5 - c)
                inner[i] = max(0, c - 0.5) * max(0, c - 0.5)
            }
        }
        transform(&outer, width: width, height: height)
        transform(&inner, width: width, height: height)
        var out = [UInt8](repeating: 0, count: count)
        for i in 0..<count {
            let d = outer[i].squareRoot() - inner[i].squareRoot()
            let v = (255 - 255 * (d / radius + cutoff)).rounded(.toNearestOrEven)
            out[i] = UInt8(min(255, max(0, v)))
        }
        return out
    }

    /// The 2-D squared distance transform in place: columns, then rows.
    static func transform(_ grid: inout [Double], width: Int, height: Int) {
        let n = max(width, height)
        var f = [Double](repeating: 0, count: n)
        var d = [Double](repeating: 0, count: n)
        var v = [Int](repeating: 0, count: n)
        var z = [Double](repeating: 0, count: n + 1)
        for x in 0..<width {
            for y in 0..<height { f[y] = grid[y * width + x] }
            transform1D(f, height, &d, &v, &z)
            for y in 0..<height { grid[y * width + x] = d[y] }
        }
        for y in 0..<height {
            for x in 0..<width { f[x] = grid[y * width + x] }
            transform1D(f, width, &d, &v, &z)
            for x in 0..<width { grid[y * width + x] = d[x] }
        }
    }

    /// The 1-D squared distance transform of `f[0..<n]` into `d`.
    private static func transform1D(_ f: [Double], _ n: Int, _ d: inout [Double], _ v: inout [Int], _ z: inout [Double]) {
        guard n > 0 else { return }
        var k = 0
        v[0] = 0
        z[0] = -infinity
        z[1] = infinity
        if n > 1 {
            for q in 1..<n {
                var s: Double
                while true {
                    let r = v[k]
                    s = ((f[q] + Double(q * q)) - (f[r] + Double(r * r))) / Double(2 * q - 2 * r)
                    if s <= z[k] {
                        k -= 1
                        if k < 0 {
                            k = 0
                            break
                        }
                        continue
                    }
                    break
                }
                k += 1
                v[k] = q
                z[k] = s
                z[k + 1] = infinity
            }
        }
        k = 0
        for q in 0..<n {
            while z[k + 1] < Double(q) { k += 1 }
            let r = v[k]
            d[q] = Double((q - r) * (q - r)) + f[r]
        }
    }
}
