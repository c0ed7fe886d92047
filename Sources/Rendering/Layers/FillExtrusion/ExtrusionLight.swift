import Foundation
import Expressions
package import GeoJSON

/// The style's `light`, which shades `fill-extrusion` layers: MapLibre's defaults, and the values a
/// style sets (constants or zoom functions).
package struct ExtrusionLight: Sendable, Hashable {
    /// `anchor`: whether the light turns with the map (`map`) or stays fixed to the screen (`viewport`).
    package var anchoredToMap = false
    /// `position`: radial distance, azimuth and polar angle (degrees).
    package var position: (radial: Double, azimuthal: Double, polar: Double) = (1.15, 210, 30)
    /// `color`.
    package var color = RenderColor(red: 1, green: 1, blue: 1)
    /// `intensity`, 0...1.
    package var intensity = 0.5

    /// The default light.
    package init() {}

    /// The light a style's `light` object describes at `zoom` (absent or invalid members keep their defaults);
    /// `["global-state", key]` reads `globalState`.
    package init(json: JSONValue?, zoom: Double, globalState: JSONObject = [:]) {
        guard case .object(let o)? = json else { return }
        // a member's value: constants as they are, expressions and zoom functions evaluated at `zoom`
        func value(_ key: String) -> ExpressionValue? {
            guard let v = o[key] else { return nil }
            let isFunction = v.object != nil || (v.array?.first?.string != nil && Expression.isExpression(v))
            if !isFunction {
                switch v {
                case .string(let s): return Color(css: s).map(ExpressionValue.color) ?? .string(s)
                case .array(let a): return .array(a.map { $0.number.map(ExpressionValue.number) ?? .null })
                default: return v.number.map(ExpressionValue.number)
                }
            }
            guard let e = try? Expression.parse(v), case .success(let r) = e.evaluate(EvaluationContext(zoom: zoom, globalState: globalState)) else { return nil }
            return r
        }
        if case .string(let a)? = value("anchor") { anchoredToMap = a == "map" }
        if case .array(let p)? = value("position"), p.count == 3,
           case .number(let r) = p[0], case .number(let az) = p[1], case .number(let polar) = p[2] {
            position = (r, az, polar)
        }
        if case .color(let c)? = value("color") { color = RenderColor(c) }
        if case .number(let i)? = value("intensity"), i.isFinite { intensity = max(0, min(1, i)) }
    }

    /// The direction towards the light in world axes (x east, y south, z up) for a view of `bearing`
    /// degrees: MapLibre's spherical-to-cartesian conversion, turned with the view when anchored to it.
    func direction(bearing: Double) -> (x: Double, y: Double, z: Double) {
        let a = (position.azimuthal + 90) * .pi / 180, p = position.polar * .pi / 180
        let x = position.radial * cos(a) * sin(p), y = position.radial * sin(a) * sin(p), z = position.radial * cos(p)
        if anchoredToMap { return (x, y, z) }
        let b = bearing * .pi / 180
        return (x * cos(b) - y * sin(b), x * sin(b) + y * cos(b), z)
    }

    package static func == (l: ExtrusionLight, r: ExtrusionLight) -> Bool {
        l.anchoredToMap == r.anchoredToMap && l.position == r.position && l.color == r.color && l.intensity == r.intensity
    }

    package func hash(into h: inout Hasher) {
        h.combine(anchoredToMap); h.combine(position.radial); h.combine(position.azimuthal); h.combine(position.polar)
        h.combine(color); h.combine(intensity)
    }
}
