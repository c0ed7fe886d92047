import Testing
@testable import Rendering

/// How the terrain reads a draped tile's image: bilinear at full resolution with anisotropic filtering, as GL JS's
/// render-to-texture tile is bound (`LINEAR`, the context's maximum anisotropy, 16 in SwiftShader).
@Suite("Drape sampler")
struct DrapeSamplerTests {
    /// A 32 x 32 transparent image with one opaque white texel row at `row`.
    static func lineImage(row: Int) -> [Float] {
        var texels = [Float](repeating: 0, count: 4 * 32 * 32)
        for x in 0..<32 { for c in 0..<4 { texels[4 * (row * 32 + x) + c] = 1 } }
        return texels
    }

    @Test("a footprint as long as it is wide is one bilinear tap")
    func isotropicIsBilinear() {
        let texels = Self.lineImage(row: 10)
        texels.withUnsafeBufferPointer { t in
            let s = DrapeSampler(texels: t.baseAddress!, width: 32, height: 32)
            for v in [9.5, 10.25, 10.5, 11.0, 12.5] {
                let a = s.sample(u: 7.3, v: v, dudx: 1.2, dvdx: 0, dudy: 0, dvdy: 1.3)
                let b = s.bilinear(u: 7.3, v: v)
                #expect(a == b, "v \(v)")
            }
            // bilinear: the row's centre is opaque, a texel away nothing
            #expect(s.bilinear(u: 7.5, v: 10.5).3 == 1)
            #expect(s.bilinear(u: 7.5, v: 11.5).3 == 0)
        }
    }

    @Test("a glancing footprint averages N = major / minor taps along its long axis: a thin line stays continuous")
    func glancingFootprintAverages() {
        let texels = Self.lineImage(row: 10)
        texels.withUnsafeBufferPointer { t in
            let s = DrapeSampler(texels: t.baseAddress!, width: 32, height: 32)
            // a pixel spanning 8 texel rows (screen y) and 1 texel column (screen x): 8 taps a texel apart whose bilinear
            // weights on the line's row add up to 1 wherever the footprint lies over it (an eighth, continuous); a single
            // bilinear tap would read anything from 0 to 1 by position (a dotted line)
            for start in stride(from: 7.0, through: 13.0, by: 0.25) {
                let c = s.sample(u: 4.5, v: start, dudx: 1, dvdx: 0, dudy: 0, dvdy: 8)
                #expect(abs(c.3 - 1.0 / 8) < 1e-6, "v \(start): \(c.3)")
            }
            // the long axis is whichever screen axis steps farther: x here, 4 taps
            let x = s.sample(u: 4.5, v: 10.5, dudx: 0, dvdx: 4, dudy: 1, dvdy: 0)
            #expect(abs(x.3 - 0.25) < 1e-6)
        }
    }

    @Test("anisotropy stops at 16 taps; a degenerate footprint takes the maximum")
    func anisotropyCapped() {
        let texels = Self.lineImage(row: 10)
        texels.withUnsafeBufferPointer { t in
            let s = DrapeSampler(texels: t.baseAddress!, width: 32, height: 32)
            // 32 rows under one pixel, 1 texel wide: 16 taps two rows apart; centred on the line's row, one tap hits it
            let c = s.sample(u: 4.5, v: 10.5 + 1, dudx: 0.5, dvdx: 0, dudy: 0, dvdy: 32)
            #expect(abs(c.3 - 1.0 / 16) < 1e-6, "\(c.3)")
            let d = s.sample(u: 4.5, v: 10.5 + 1, dudx: 0, dvdx: 0, dudy: 0, dvdy: 32)
            #expect(abs(d.3 - 1.0 / 16) < 1e-6, "\(d.3)")
        }
    }

    @Test("a row's footprints are worked out once per 2 x 2 quad and equal each pixel's own")
    func footprintPerQuad() {
        // planes of a pitched view's triangles: depth growing up the screen, the image stretched along y
        let planes = [
            DrapePlane(qx: 1e-6, qy: -3e-4, q0: 0.3, ux: 0.02, uy: -0.05, u0: 40, vx: 1e-3, vy: -0.09, v0: 70),
            DrapePlane(qx: -2e-5, qy: 4e-5, q0: 0.01, ux: 0.3, uy: 0.001, u0: -2, vx: -0.002, vy: 0.02, v0: 1.5),
            DrapePlane(qx: 0, qy: 0, q0: 1, ux: 2, uy: 0.5, u0: 3, vx: -0.5, vy: 2, v0: 7),
        ]
        for plane in planes {
            for row in [0, 1, 6, 7, 301] {
                // a triangle's row may start at an odd column (the second pixel of a quad) and skip pixels
                for start in [0, 1, 5] {
                    var rowFootprints = DrapePlane.RowFootprints(plane: plane, row: row)
                    for column in start..<(start + 40) where column % 7 != 3 {
                        #expect(rowFootprints.footprint(column: column) == plane.footprint(column: column, row: row),
                                "row \(row), column \(column)")
                    }
                }
                // the quad's two pixels and its two rows share one footprint
                #expect(plane.footprint(column: 10, row: row) == plane.footprint(column: 11, row: row))
                #expect(plane.footprint(column: 10, row: row & ~1) == plane.footprint(column: 11, row: row | 1))
            }
        }
        // the footprint is what the sampler works out from the derivatives
        let texels = Self.lineImage(row: 10)
        texels.withUnsafeBufferPointer { t in
            let s = DrapeSampler(texels: t.baseAddress!, width: 32, height: 32)
            let f = DrapeFootprint(dudx: 0.3, dvdx: 0.1, dudy: 0.2, dvdy: 5.7)
            #expect(f.taps == 16 && f.du == 0.2 && f.dv == 5.7)
            #expect(s.sample(u: 4.5, v: 9.25, footprint: f) == s.sample(u: 4.5, v: 9.25, dudx: 0.3, dvdx: 0.1, dudy: 0.2, dvdy: 5.7))
        }
    }
}
