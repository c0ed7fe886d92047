import Foundation
import Expressions
package import GeoJSON
package import Geo

/// The glow of air around the globe, drawn over everything else as GL JS draws it after the layers
/// (`draw_sky.ts` `drawAtmosphere`, the `atmosphere` shader: Rayleigh and Mie scattering along each
/// pixel's ray through a shell 100 km thick around a planet of the Earth's radius, five steps along the
/// ray and three towards the sun, exposure and gamma applied, blended premultiplied with alpha
/// `1 - transmittance^(1/2.2)`, all times the sky's `atmosphere-blend` and the globeness).
///
/// The sun is the style's `light` position (GL JS's `getSunPos`): in view space for a `viewport`
/// light, turned with the globe for a `map` light. Pixels whose ray misses the shell are untouched, so
/// the space around the globe stays as the layers left it (transparent in a style without a
/// background that covers it: GL JS clears to transparent and draws no sky on the globe).
package struct AtmosphereLayer: SceneLayer {
    /// `atmosphere-blend` times the globeness, 0...1.
    package var blend: Double
    /// The direction towards the sun in view space (unit length).
    package var sun: Vector3

    package init(blend: Double, sun: Vector3) {
        self.blend = blend
        self.sun = sun
    }

    /// The atmosphere of a style's `sky` and `light` at `zoom` for a view, or nil when it draws nothing
    /// (no `sky` in the style, Mercator, or a blend of 0).
    package static func make(sky: JSONValue?, light: JSONValue?, zoom: Double, globeness: Double,
                             camera: MapCamera, globalState: JSONObject = [:]) -> AtmosphereLayer? {
        // GL JS draws the atmosphere only for a style with a `sky`
        guard globeness > 0, case .object? = sky else { return nil }
        var blend = GlobeProjection.defaultAtmosphereBlend
        if let v = sky?["atmosphere-blend"] {
            if let n = v.number { blend = n } else if let e = try? Expression.parse(v),
                      case .success(.number(let n)) = e.evaluate(EvaluationContext(zoom: zoom, globalState: globalState)) {
                blend = n
            }
        }
        blend = max(0, min(1, blend)) * min(1, globeness)
        guard blend > 0 else { return nil }
        let l = ExtrusionLight(json: light, zoom: zoom, globalState: globalState)
        let a = (l.position.azimuthal + 90) * .pi / 180, p = l.position.polar * .pi / 180
        let r = l.position.radial
        var s = Vector3(-r * cos(a) * sin(p), -r * sin(a) * sin(p), -r * cos(p))
        if l.anchoredToMap {
            // GL JS: rotateZ(-pitch is rotateX) ... the globe's own rotations applied to the light
            let g = GlobeCamera(longitude: camera.center.longitude, latitude: camera.center.latitude, worldSize: 1,
                                bearing: camera.bearing, pitch: camera.pitch, width: 1, height: 1, distance: 1)
            s = g.rotate(s)
        }
        let length = s.length
        guard length > 0, length.isFinite else { return nil }
        return AtmosphereLayer(blend: blend, sun: s * (1 / length))
    }

    package var featureCount: Int { 0 }
    package func validate(layerIndex: Int) throws(RenderError) {}
    package func hits(in rect: ScreenRect, _ geometry: HitTestGeometry) -> [Int] { [] }

    package func paint(in context: inout PaintContext) {
        guard let globe = context.transform.globe else { return }
        let g = globe.camera
        let earth = 6_371e3, atmosphere = 6_471e3
        // the camera relative to the planet's centre, scaled to the Earth's radius (view space)
        let centre = g.view(Vector3(0, 0, 0))
        let origin = centre * (-earth / g.radius)
        let clip = context.clip
        let w = context.canvasWidth, px = context.pixels
        let sun = self.sun, blend = Float(self.blend)
        // the shell's screen bounds: rays within the atmosphere's angular radius of the centre
        let centreDistance = centre.length
        let shell = g.radius * atmosphere / earth
        guard centreDistance > shell else { return }
        for y in clip.y0..<clip.y1 {
            let dy = -(Double(y) + 0.5 - g.halfHeight) / g.distance
            for x in clip.x0..<clip.x1 {
                let d = Vector3((Double(x) + 0.5 - g.halfWidth) / g.distance, dy, -1)
                // quick rejection: the ray's closest approach to the centre beyond the shell
                let dl = d.length
                let along = centre.dot(d) / dl
                let closest2 = centreDistance * centreDistance - along * along
                if along <= 0 || closest2 >= shell * shell { continue }
                let c = AtmosphereLayer.scatter(direction: d * (1 / dl), origin: origin, sun: sun,
                                                planet: earth, atmosphere: atmosphere)
                let alpha = c.a * blend
                if alpha <= 0 && c.r <= 0 && c.g <= 0 && c.b <= 0 { continue }
                let color = PremultipliedColor(r: c.r * blend, g: c.g * blend, b: c.b * blend, a: alpha)
                Canvas.blendPixel(px, offset: 4 * (y * w + x), color: color, alpha: 1)
            }
        }
    }

    /// GL JS's `atmosphere()` for one ray, then its exposure and gamma: premultiplied colour and alpha
    /// (before the blend factor).
    static func scatter(direction r: Vector3, origin r0: Vector3, sun: Vector3, planet: Double,
                        atmosphere: Double) -> (r: Float, g: Float, b: Float, a: Float) {
        func rsi(_ o: Vector3, _ d: Vector3, _ radius: Double) -> (Double, Double)? {
            let a = d.dot(d), b = 2 * d.dot(o), c = o.dot(o) - radius * radius
            let disc = b * b - 4 * a * c
            if disc < 0 { return nil }
            let s = disc.squareRoot()
            return ((-b - s) / (2 * a), (-b + s) / (2 * a))
        }
        guard var p = rsi(r0, r, atmosphere), p.0 <= p.1 else { return (0, 0, 0, 0) }
        if p.0 < 0 { p.0 = 0 }
        if let p2 = rsi(r0, r, planet), p2.0 > 0 { p.1 = min(p.1, p2.0) }
        let steps = 5, sunSteps = 3
        let kR = Vector3(5.5e-6, 13.0e-6, 22.4e-6), kM = 21e-6, hR = 8e3, hM = 1.2e3, g = 0.758
        let step = (p.1 - p.0) / Double(steps)
        var t = p.0 + step * 0.5
        var totalR = Vector3(0, 0, 0), totalM = Vector3(0, 0, 0)
        var odR = 0.0, odM = 0.0
        let mu = r.dot(sun), mumu = mu * mu, gg = g * g
        let phaseR = 3 / (16 * Double.pi) * (1 + mumu)
        let phaseM = 3 / (8 * Double.pi) * ((1 - gg) * (mumu + 1)) / (pow(1 + gg - 2 * mu * g, 1.5) * (2 + gg))
        for _ in 0..<steps {
            let pos = r0 + r * t
            let h = pos.length - planet
            let stepR = exp(-h / hR) * step, stepM = exp(-h / hM) * step
            odR += stepR
            odM += stepM
            let sunStep = (rsi(pos, sun, atmosphere)?.1 ?? -1e5) / Double(sunSteps)
            var ts = sunStep * 0.5
            var sR = 0.0, sM = 0.0
            for _ in 0..<sunSteps {
                let q = pos + sun * ts
                let hq = q.length - planet
                sR += exp(-hq / hR) * sunStep
                sM += exp(-hq / hM) * sunStep
                ts += sunStep
            }
            let m = kM * (odM + sM), rr = odR + sR
            let attenuation = Vector3(exp(-(m + kR.x * rr)), exp(-(m + kR.y * rr)), exp(-(m + kR.z * rr)))
            totalR = totalR + Vector3(attenuation.x * stepR, attenuation.y * stepR, attenuation.z * stepR)
            totalM = totalM + Vector3(attenuation.x * stepM, attenuation.y * stepM, attenuation.z * stepM)
            t += step
        }
        let opacity = exp(-(kR.length * totalR.length + kM * totalM.length))
        let sunIntensity = 22.0
        var color = Vector3(sunIntensity * (phaseR * kR.x * totalR.x + phaseM * kM * totalM.x),
                            sunIntensity * (phaseR * kR.y * totalR.y + phaseM * kM * totalM.y),
                            sunIntensity * (phaseR * kR.z * totalR.z + phaseM * kM * totalM.z))
        color = Vector3(1 - exp(-color.x), 1 - exp(-color.y), 1 - exp(-color.z))
        let gamma = 1 / 2.2
        return (Float(pow(max(0, color.x), gamma)), Float(pow(max(0, color.y), gamma)), Float(pow(max(0, color.z), gamma)),
                Float(1 - pow(max(0, opacity), gamma)))
    }
}

extension GlobeProjection {
    /// The sky's default `atmosphere-blend` (the style specification's, as GL JS 5.24 has it: a constant
    /// 0.8; a style without a `sky` draws no atmosphere at all).
    package static let defaultAtmosphereBlend = 0.8
}
