import Foundation
import Testing
@testable import Geo

/// SwiftShader's sine and cosine (`GlobeSine.swiftShader`), which GL JS's reference pictures carry.
@Suite struct GlobeSineTests {
    @Test("exact at 0, 30, 60 and 90 degrees, off by at most 1.9e-4 between; the exact sine is the C library's")
    func error() {
        let s = GlobeSine.swiftShader
        for degrees in [0.0, 30, 60, 90, -30, 150, 180, -90] {
            let x = degrees * .pi / 180
            #expect(abs(s.sin(x) - sin(x)) < 1e-8, "\(degrees)")
            #expect(abs(s.cos(x) - cos(x)) < 1e-8, "\(degrees)")
        }
        var worst = 0.0
        for i in 0...3600 {
            let x = Double(i) / 3600 * 2 * .pi - .pi
            worst = max(worst, abs(s.sin(x) - sin(x)), abs(s.cos(x) - cos(x)))
        }
        #expect(worst > 1.8e-4 && worst < 1.95e-4)
        #expect(GlobeSine.exact.sin(1.234) == sin(1.234))
    }

    @Test("sphere points with SwiftShader's sine stay within 2e-4 of the unit sphere's")
    func spherePoints() {
        for (x, y) in [(0.3, 0.4), (0.5, 0.5), (0.9, 0.1), (0.05, 0.8)] {
            let a = GlobeProjection.spherePoint(worldX: x, worldY: y)
            let b = GlobeProjection.spherePoint(worldX: x, worldY: y, sine: .swiftShader)
            #expect((a - b).length < 4e-4)
            #expect(GlobeProjection.spherePoint(worldX: x, worldY: y, sine: .exact) == a)
        }
    }
}
