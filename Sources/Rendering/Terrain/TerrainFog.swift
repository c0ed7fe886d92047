import Foundation
import Expressions
package import JSON

/// The fog over 3D terrain, as GL JS 5 draws it on its terrain mesh (`terrain.fragment.glsl`, the uniforms of
/// `terrain_program.ts`, the fog matrix of `mercator_transform.ts`, `Sky.calculateFogBlendOpacity`).
///
/// Each ground pixel has a fog depth: GL JS projects the mesh through a second perspective whose near plane is the
/// camera's distance to sea level along the view axis (`cameraToSeaLevelDistance`) and whose far plane is the
/// terrain's far clipping plane, so the depth is `far · (1 − near / depth) / (far − near)`: 0 at sea level under the
/// centre, 1 at the far plane. Past `fog-ground-blend` the ground is mixed, in linear light (gamma 2.2), towards
/// `fog-color`, which blends into `horizon-color` past `horizon-fog-blend` (smoothstep), by the square of how far the
/// depth is between `fog-ground-blend` and 1, times an opacity that fades in with the pitch: 0 below 60°, 1 from 70°.
/// Only a style with a `sky` has fog; the globe has none.
package struct TerrainFog: Sendable {
    /// `fog-color` and `horizon-color`, premultiplied (as GL JS's colour uniforms), in linear light.
    var fogLinear: (Float, Float, Float, Float)
    var horizonLinear: (Float, Float, Float, Float)
    /// `fog-ground-blend` and `horizon-fog-blend`.
    var groundBlend: Double
    var horizonBlend: Double
    /// `calculateFogBlendOpacity(pitch)`.
    var opacity: Double
    /// The fog perspective's near and far planes (device pixels along the view axis).
    package var near: Double
    package var far: Double

    /// The fog of a style's `sky` over `view`, or nil when nothing is fogged (no `sky`, pitch under 60°).
    package static func make(sky: JSONValue?, zoom: Double, view: TerrainView, globalState: JSONObject = [:]) -> TerrainFog? {
        guard case .object? = sky else { return nil }
        let t = view.transform
        guard t.globe == nil else { return nil }
        let pitch = t.camera.pitch
        let opacity = pitch < 60 ? 0 : pitch < 70 ? (pitch - 60) / 10 : 1
        guard opacity > 0 else { return nil }
        let context = EvaluationContext(zoom: zoom, globalState: globalState)
        let fog = SkyLayer.color(sky?["fog-color"], default: .white, context)
        let horizon = SkyLayer.color(sky?["horizon-color"], default: .white, context)
        let ground = max(0, min(1, SkyLayer.number(sky?["fog-ground-blend"], default: 0.5, context)))
        let horizonBlend = max(0, min(1, SkyLayer.number(sky?["horizon-fog-blend"], default: 0.8, context)))
        let (near, far) = planes(view)
        func linear(_ c: PremultipliedColor) -> (Float, Float, Float, Float) {
            (powf(c.r, 2.2), powf(c.g, 2.2), powf(c.b, 2.2), powf(c.a, 2.2))
        }
        return TerrainFog(fogLinear: linear(fog), horizonLinear: linear(horizon), groundBlend: ground, horizonBlend: horizonBlend,
                          opacity: opacity, near: near, far: far)
    }

    /// GL JS's `cameraToSeaLevelDistance` and the far clipping plane measured from it (`_calculateNearFarZIfNeeded`)
    /// over terrain: the centre is at its ground's elevation, so sea level lies that much farther along the view axis.
    package static func planes(_ view: TerrainView) -> (near: Double, far: Double) {
        let t = view.transform
        let d = t.cameraToCenterDistance
        let limited = min(t.camera.pitch, Transform.maximumHorizonAngle) * .pi / 180
        let slant = view.pixelsPerMeter / max(cos(limited), 1e-9)
        let seaLevel = max(d / 2, d + view.centerElevation * slant)
        // the far plane is measured from the lowest ground: pushed further by ground below sea level
        let lowestPlane = seaLevel - min(0, view.elevation.range.lowerBound) * slant
        let far = Transform.farClipDepth(pitch: t.camera.pitch, roll: t.camera.roll, fieldOfView: t.fieldOfViewRadians,
                                         distance: lowestPlane, width: t.width, height: t.height,
                                         pixelsPerMeter: view.pixelsPerMeter, centerAltitude: 0)
        return (seaLevel, far)
    }

    /// The fog depth of a pixel whose camera depth is `1 / q`.
    @inline(__always)
    func depth(q: Double) -> Double { far * (1 - near * q) / (far - near) }

    /// `surface` (premultiplied) fogged at fog depth `depth`, as GL JS's terrain fragment shader mixes it.
    @inline(__always)
    func apply(_ r: inout Float, _ g: inout Float, _ b: inout Float, _ a: inout Float, depth: Double) {
        guard depth > groundBlend else { return }
        let x = max((depth - horizonBlend) / max(1 - horizonBlend, 1e-9), 0)
        let s = Float(min(1, x) * min(1, x) * (3 - 2 * min(1, x)))
        let f = max(depth - groundBlend, 0) / max(1 - groundBlend, 1e-9)
        let k = Float(f * f * opacity)
        func mixed(_ surface: Float, _ fog: Float, _ horizon: Float) -> Float {
            let target = fog + (horizon - fog) * s
            let lin = powf(max(surface, 0), 2.2)
            return powf(max(0, lin + (target - lin) * k), 1 / 2.2)
        }
        r = mixed(r, fogLinear.0, horizonLinear.0)
        g = mixed(g, fogLinear.1, horizonLinear.1)
        b = mixed(b, fogLinear.2, horizonLinear.2)
        a = mixed(a, fogLinear.3, horizonLinear.3)
    }
}
