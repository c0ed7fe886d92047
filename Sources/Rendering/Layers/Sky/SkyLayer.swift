import Foundation
import Expressions
import GeoJSON
package import JSON

/// The sky over a pitched flat map and the far end of the ground, as GL JS 5 draws them (`draw_sky.ts`
/// `drawSky`, the `sky` shader, and the far clipping plane of `mercator_transform.ts`).
///
/// GL JS clears to transparent, draws the sky first (only for a style with a `sky`), then the layers,
/// whose ground ends at the far clipping plane a little above the horizon line. Drawn here last, over
/// the layers: past the far plane a pixel is the sky alone (the layers' pixels there are dropped);
/// elsewhere the layers are composited over the sky. Above the horizon line (GL JS's
/// `getMercatorHorizon`, turned with the roll) the sky is `horizon-color` blending into `sky-color` over
/// `sky-horizon-blend` half view heights, `mix(sky, horizon, (1 - distance / blend)²)` in premultiplied
/// colour; below it the sky is transparent. The fog (`fog-color`, `horizon-fog-blend`,
/// `fog-ground-blend`) colours only GL JS's terrain mesh, so a flat map has none.
package struct SkyLayer: SceneLayer {
    /// `sky-color`, premultiplied (transparent when the style has no `sky`).
    package var skyColor: PremultipliedColor
    /// `horizon-color`, premultiplied.
    package var horizonColor: PremultipliedColor
    /// `sky-horizon-blend`, a fraction of half the view's height.
    package var skyHorizonBlend: Double
    /// Whether the ground ends at GL JS's far plane (a flat map; not the globe, which ends at its horizon).
    package var endsAtFarPlane = true

    package init(skyColor: PremultipliedColor, horizonColor: PremultipliedColor, skyHorizonBlend: Double) {
        self.skyColor = skyColor
        self.horizonColor = horizonColor
        self.skyHorizonBlend = skyHorizonBlend
    }

    /// The sky layer of a style's `sky` for a view, or nil when nothing would change: a view that is not
    /// pitched far enough for the horizon or the far plane to show, or the globe (its atmosphere).
    ///
    /// While the globe turns into Mercator GL JS still draws the sky, faded by the globeness (the `sky`
    /// shader's `mix(colour, transparent, u_sky_blend)`, `u_sky_blend` the projection's transition), above the
    /// same horizon line.
    package static func make(sky: JSONValue?, zoom: Double, transform: Transform,
                             globalState: JSONObject = [:]) -> SkyLayer? {
        if let globe = transform.globe {
            var flat = transform
            flat.globeness = 0
            guard globe.globeness < 1, case .object? = sky,
                  var layer = make(sky: sky, zoom: zoom, transform: flat, globalState: globalState) else { return nil }
            let keep = Float(1 - globe.globeness)
            layer.skyColor = layer.skyColor.scaled(keep)
            layer.horizonColor = layer.horizonColor.scaled(keep)
            layer.endsAtFarPlane = false
            return layer
        }
        guard transform.isPitched else { return nil }
        let context = EvaluationContext(zoom: zoom, globalState: globalState)
        let hasSky: Bool
        if case .object? = sky { hasSky = true } else { hasSky = false }
        let reach = (abs(transform.height * transform.cosRoll) + abs(transform.width * transform.sinRoll)) / 2
        let horizonShows = transform.horizonOffset < reach
        guard transform.farClipIsOnScreen || (hasSky && horizonShows) else { return nil }
        guard hasSky else {
            return SkyLayer(skyColor: PremultipliedColor(r: 0, g: 0, b: 0, a: 0),
                            horizonColor: PremultipliedColor(r: 0, g: 0, b: 0, a: 0), skyHorizonBlend: 0.8)
        }
        let skyColor = color(sky?["sky-color"], default: Color(red: 0x88 / 255, green: 0xC6 / 255, blue: 0xFC / 255), context)
        let horizonColor = color(sky?["horizon-color"], default: .white, context)
        let blend = number(sky?["sky-horizon-blend"], default: 0.8, context)
        return SkyLayer(skyColor: skyColor, horizonColor: horizonColor, skyHorizonBlend: max(0, min(1, blend)))
    }

    /// A `sky` colour property at the view's zoom: a literal, a zoom function (`stops`) or an expression of
    /// zoom and global state, as the style specification's `data-constant` colour.
    static func color(_ value: JSONValue?, default fallback: Color, _ context: EvaluationContext) -> PremultipliedColor {
        var c = fallback
        if let value, case .success(.color(let parsed))? = evaluate(value, .color, context) { c = parsed }
        let p = c.premultiplied
        return PremultipliedColor(r: Float(p.r), g: Float(p.g), b: Float(p.b), a: Float(p.a))
    }

    /// A `sky` number property at the view's zoom.
    static func number(_ value: JSONValue?, default fallback: Double, _ context: EvaluationContext) -> Double {
        guard let value else { return fallback }
        if let n = value.number { return n }
        if case .success(.number(let n))? = evaluate(value, .number, context) { return n }
        return fallback
    }

    /// A `sky` property's value compiled as the specification's `data-constant`, zoom-interpolated property.
    private static func evaluate(_ value: JSONValue, _ type: PropertyValueType, _ context: EvaluationContext)
        -> Result<ExpressionValue, ExpressionEvaluationError>? {
        let spec = PropertySpecification(type, propertyType: .dataConstant, parameters: [.zoom])
        guard let e = try? Expression.property(value, for: spec) else { return nil }
        return e.evaluate(context)
    }

    package var featureCount: Int { 0 }
    package func validate(layerIndex: Int) throws(RenderError) {}
    package func hits(in rect: ScreenRect, _ geometry: HitTestGeometry) -> [Int] { [] }

    /// The sky's colour at a pixel centre (device pixels, y down), transparent below the horizon line
    /// (`horizon`: the transform's ``Transform/horizonOffset``).
    @inline(__always)
    func sky(x: Double, y: Double, transform t: Transform, horizon: Double, blendPixels: Double) -> PremultipliedColor? {
        // distance above the horizon line along its normal (GL JS's `u_horizon`, `u_horizon_normal`)
        let r = t.unrolled(Point(x: x, y: y))
        let above = -horizon - r.y
        guard above > 0 else { return nil }
        if above >= blendPixels { return skyColor }
        let f = 1 - above / blendPixels
        let k = Float(f * f)
        return PremultipliedColor(r: skyColor.r + (horizonColor.r - skyColor.r) * k,
                                  g: skyColor.g + (horizonColor.g - skyColor.g) * k,
                                  b: skyColor.b + (horizonColor.b - skyColor.b) * k,
                                  a: skyColor.a + (horizonColor.a - skyColor.a) * k)
    }

    package func paint(in context: inout PaintContext) {
        let t = context.transform
        let far = endsAtFarPlane ? t.farClipOnScreenOffset : nil
        // unrolled, the far line is a row: where the GPU puts the clipped triangles' vertices on it (``Transform/snapped(_:)``),
        // a pixel centre on it past the ground (the ground's top edge is exclusive in GL's y-up framebuffer)
        let snappedFarRow = far.flatMap { f in t.subpixelSnapping && !t.isRolled ? t.snapped(Point(x: 0, y: t.height / 2 + f)).y : nil }
        let blendPixels = skyHorizonBlend * t.height / 2
        // the horizon line's offset, once (two tangents)
        let horizon = t.horizonOffset
        let clip = context.clip, w = context.canvasWidth, px = context.pixels
        for y in clip.y0..<clip.y1 {
            for x in clip.x0..<clip.x1 {
                let sx = Double(x) + 0.5, sy = Double(y) + 0.5
                let i = 4 * (y * w + x)
                let beyond = snappedFarRow.map { sy <= $0 } ?? far.map { t.unrolled(Point(x: sx, y: sy)).y < $0 } ?? false
                let s = sky(x: sx, y: sy, transform: t, horizon: horizon, blendPixels: blendPixels)
                if beyond {
                    let c = s ?? PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
                    px[i] = c.r; px[i + 1] = c.g; px[i + 2] = c.b; px[i + 3] = c.a
                } else if let c = s, c.a > 0 || c.r > 0 || c.g > 0 || c.b > 0 {
                    // the layers over the sky
                    let inv = 1 - px[i + 3]
                    px[i] += c.r * inv; px[i + 1] += c.g * inv; px[i + 2] += c.b * inv; px[i + 3] += c.a * inv
                }
            }
        }
    }
}
