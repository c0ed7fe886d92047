import Foundation
import Testing
@testable import Rendering

/// The rasterizers' rounding without the C library gives exactly what `rounded(_:)` gives.
@Suite struct FastRoundingTests {
    /// Values around integers and halves, both signs, huge, infinite and NaN, and a spread of others.
    static func values() -> [Double] {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                4.0e15, -4.0e15, 4.5e15 + 0.5, 1e300, -1e300, .infinity, -.infinity, .nan,
                                .leastNonzeroMagnitude, -.leastNonzeroMagnitude, Double(Int.max), Double(Int.min),
                                4.0e15 - 0.5, -(4.0e15 - 0.5), 0x1p51 + 0.5, -0x1p51 - 1.5, 0x1p51 + 2.5, 1e15 + 0.5]
        for k in -20...20 {
            let x = Double(k) / 2
            values += [x, x.nextUp, x.nextDown]
        }
        // (a fixed sequence: xorshift from a fixed seed)
        var state: UInt64 = 88_172_645_463_325_252
        for _ in 0..<20_000 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            values.append(Double(state >> 11) / Double(1 << 53) * 10_000 - 5000)
        }
        return values
    }

    @Test("roundedHalfAway is rounded(), the sign of a zero included")
    func roundsAsTheCLibrary() {
        for v in Self.values() {
            let fast = v.roundedHalfAway, slow = v.rounded()
            #expect(fast.bitPattern == slow.bitPattern || (fast.isNaN && slow.isNaN), "\(v): \(fast) vs \(slow)")
        }
    }

    @Test("clampedCeil is the clamped ceiling")
    func ceilsAsTheCLibrary() {
        for v in Self.values() {
            for (lo, hi) in [(0, 768), (384, 768), (-5, 5), (0, 0)] {
                #expect(clampedCeil(v, lo, hi) == clampedInt(v.rounded(.up), lo, hi), "\(v) in \(lo)...\(hi)")
            }
        }
    }
}
