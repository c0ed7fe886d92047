import Foundation
import MapStyle

/// One light of a hillshade (`hillshade-method: multidirectional` uses several; the other methods the first).
struct HillshadeLight: Sendable, Equatable {
    /// Direction in radians (with the viewport anchor, the camera's bearing added), as the shaders' `u_azimuths`.
    var azimuth: Double
    /// Altitude above the horizon in radians.
    var altitude: Double
    var shadow: PremultipliedColor
    var highlight: PremultipliedColor

    /// The lights of the illumination arrays, each padded with its last value to the longest (as
    /// MapLibre's `getIlluminationProperties`); one light unless `multidirectional`.
    static func lights(directions: [Double], altitudes: [Double], shadows: [PremultipliedColor], highlights: [PremultipliedColor],
                       bearing: Double, viewportAnchor: Bool, multidirectional: Bool) -> [HillshadeLight] {
        let count = multidirectional ? max(1, directions.count, altitudes.count, shadows.count, highlights.count) : 1
        func at<T>(_ values: [T], _ i: Int, _ fallback: T) -> T { values.isEmpty ? fallback : values[min(i, values.count - 1)] }
        return (0..<count).map { i in
            var azimuth = at(directions, i, 335) * .pi / 180
            // the clockwise bearing added, as for the standard method (``HillshadeLayerBuilder``)
            if viewportAnchor { azimuth += bearing * .pi / 180 }
            return HillshadeLight(azimuth: azimuth, altitude: at(altitudes, i, 45) * .pi / 180,
                                  shadow: at(shadows, i, PremultipliedColor(r: 0, g: 0, b: 0, a: 1)),
                                  highlight: at(highlights, i, PremultipliedColor(r: 1, g: 1, b: 1, a: 1)))
        }
    }
}

/// The shading of the `basic`, `combined`, `igor` and `multidirectional` hillshade methods, as
/// MapLibre's hillshade fragment shader computes them from a slope (`deriv`: the surface gradient,
/// already divided by the latitude's scale factor) and the exaggeration; premultiplied colours.
enum HillshadeShading {
    /// The colour for `method` (not `standard`, which ``PaintContext/paintHillshade(_:)`` shades itself).
    @inline(__always)
    static func color(_ method: HillshadeMethod, dx: Double, dy: Double, exaggeration: Double, lights: [HillshadeLight]) -> PremultipliedColor {
        let dx = dx * exaggeration * 2, dy = dy * exaggeration * 2
        switch method {
        case .basic: return basic(dx, dy, lights[0])
        case .combined: return combined(dx, dy, lights[0])
        case .igor: return igor(dx, dy, lights[0])
        case .multidirectional:
            var sum = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
            let share = 1 / Float(lights.count)
            for light in lights { sum = add(sum, basic(dx, dy, light).scaled(share)) }
            return sum
        case .standard: return PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
        }
    }

    /// Cosine of the angle between the surface normal and the light (GDAL's `gdaldem` default).
    @inline(__always)
    static func incidence(_ dx: Double, _ dy: Double, _ light: HillshadeLight) -> Double {
        let azimuth = light.azimuth + .pi
        let cosAlt = cos(light.altitude), sinAlt = sin(light.altitude)
        return (sinAlt - (dy * cos(azimuth) * cosAlt - dx * sin(azimuth) * cosAlt)) / (1 + dx * dx + dy * dy).squareRoot()
    }

    /// Highlight above half the incidence, shadow below, transparent at one half.
    static func basic(_ dx: Double, _ dy: Double, _ light: HillshadeLight) -> PremultipliedColor {
        let shade = max(0, min(1, incidence(dx, dy, light)))
        return shade > 0.5 ? light.highlight.scaled(Float(2 * shade - 1)) : light.shadow.scaled(Float(1 - 2 * shade))
    }

    /// The incidence angle split between shadow and highlight, scaled by the slope (`gdaldem -combined`).
    static func combined(_ dx: Double, _ dy: Double, _ light: HillshadeLight) -> PremultipliedColor {
        let angle = max(0, min(.pi / 2, acos(max(-1, min(1, incidence(dx, dy, light))))))
        let steepness = atan((dx * dx + dy * dy).squareRoot()) * 4 / (.pi * .pi)
        return add(light.shadow.scaled(Float(angle * steepness)), light.highlight.scaled(Float((.pi / 2 - angle) * steepness)))
    }

    /// Shadow by slope and facing away from the light, highlight by slope and facing it (`gdaldem -igor`).
    static func igor(_ dx: Double, _ dy: Double, _ light: HillshadeLight) -> PremultipliedColor {
        let aspect = dx != 0 ? atan2(dy, -dx) : .pi / 2 * (dy > 0 ? 1 : -1)
        let slopeStrength = atan((dx * dx + dy * dy).squareRoot()) * 2 / .pi
        var m = ((aspect + light.azimuth + .pi) / .pi + 0.5).truncatingRemainder(dividingBy: 2)
        if m < 0 { m += 2 }
        let aspectStrength = 1 - abs(m - 1)
        return add(light.shadow.scaled(Float(slopeStrength * aspectStrength)), light.highlight.scaled(Float(slopeStrength * (1 - aspectStrength))))
    }

    @inline(__always)
    static func add(_ a: PremultipliedColor, _ b: PremultipliedColor) -> PremultipliedColor {
        PremultipliedColor(r: a.r + b.r, g: a.g + b.g, b: a.b + b.b, a: a.a + b.a)
    }
}
