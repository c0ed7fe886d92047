import Foundation

/// How the globe's sines and cosines are computed when world positions are put on the sphere.
///
/// GL JS computes them in its vertex shaders (`projectToSphere`), so a picture's geometry carries the GPU's
/// sine. Real GPUs are accurate to about 1e-6; SwiftShader, the CPU renderer headless Chromium draws WebGL
/// with (and so GL JS's pictures in Mercator's comparison suite), evaluates `sin` and `cos` with a fifth-order
/// polynomial exact at 0, 30, 60 and 90 degrees (`sw::Sin5` in `src/Pipeline/ShaderCore.cpp`), off by up to
/// 1.9e-4 between: 0.03 pixels at zoom 1, 0.25 at zoom 4, more further in. That is enough to move a polygon's
/// edge across pixel centres and a vertex across a step of GL's subpixel grid.
package enum GlobeSine: Sendable, Hashable {
    /// The sphere as it is: `sin` and `cos` of the C library. What Mercator draws.
    case exact
    /// SwiftShader's approximation, to compare with pictures GL JS drew through it (the comparison suite).
    case swiftShader

    /// The sine of `x` radians.
    @inlinable
    package func sin(_ x: Double) -> Double {
        switch self {
        case .exact: return Foundation.sin(x)
        case .swiftShader: return GlobeSine.swiftShaderSin5(GlobeSine.reduce(x * (-1 / GlobeSine.swiftShaderTwoPi) + 0.25))
        }
    }

    /// The cosine of `x` radians.
    @inlinable
    package func cos(_ x: Double) -> Double {
        switch self {
        case .exact: return Foundation.cos(x)
        case .swiftShader: return GlobeSine.swiftShaderSin5(GlobeSine.reduce(x * (1 / GlobeSine.swiftShaderTwoPi)))
        }
    }

    /// SwiftShader's 2π (its constant `3.1415926535`, twice).
    @usableFromInline
    static let swiftShaderTwoPi = 2 * 3.1415926535

    /// SwiftShader's range reduction and mirroring: turns (a fraction of a full turn) to `-1/4...1/4`.
    @inlinable
    static func reduce(_ turns: Double) -> Double {
        0.25 - abs(turns - turns.rounded())
    }

    /// `sin(2π z)` for `z` in `-1/4...1/4` as `A z^5 + B z^3 + C z`, exact at 0, 1/12, 1/6 and 1/4 of a turn.
    @inlinable
    static func swiftShaderSin5(_ z: Double) -> Double {
        let s3 = 3.0.squareRoot()
        let a = (36288 - 20736 * s3) / 5, b = 288 * s3 - 540, c = (47 - 9 * s3) / 5
        let z2 = z * z
        return ((a * z2 + b) * z2 + c) * z
    }
}

extension GlobeProjection {
    /// ``spherePoint(worldX:worldY:)`` with `sine`'s sines and cosines, as GL JS's `projectToSphere` computes
    /// it (longitude `2π x + π`, latitude `2 atan(e^(π - 2π y)) - π/2`).
    @inlinable
    package static func spherePoint(worldX x: Double, worldY y: Double, sine: GlobeSine) -> Vector3 {
        guard sine == .swiftShader else { return spherePoint(worldX: x, worldY: y) }
        let lng = x * 2 * .pi + .pi
        let lat = 2 * atan(exp(.pi - y * 2 * .pi)) - .pi / 2
        let length = sine.cos(lat)
        return Vector3(sine.sin(lng) * length, sine.sin(lat), sine.cos(lng) * length)
    }
}
