import Foundation

/// An sRGB colour with alpha, as the style specification's expressions produce.
///
/// Components are in 0...1. `red`, `green`, `blue` are straight (not premultiplied); `premultiplied` gives the
/// components multiplied by alpha, which is what the conformance suite and renderers consume. Internally the value
/// is kept the way MapLibre keeps it (premultiplied, plus the straight components of a fully transparent colour)
/// so that arithmetic matches the reference implementation bit for bit.
///
/// One of the package's colour types, each a different representation for a different stage: this is the
/// style's colour *value* (`Double`, premultiplied, what expressions compute and compare); ``RenderColor``
/// (Rendering) is what a painter is handed, straight `Float` components matching the float canvas;
/// `PremultipliedColor` is what the canvas composites; `FormatColor` keeps a format string's 0…255 literal as
/// written so that it prints back unchanged; `VenueColor` is a venue bundle's opaque 8-bit hex colour (Venues
/// depends on no expression module).
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// Premultiplied red, green, blue and alpha.
    let pr: Double, pg: Double, pb: Double, pa: Double
    /// Straight components kept when alpha is 0 (premultiplication would erase them).
    let transparentRGB: (Double, Double, Double)?

    /// A colour from straight (non-premultiplied) components in 0...1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        pr = red * alpha
        pg = green * alpha
        pb = blue * alpha
        pa = alpha
        transparentRGB = alpha == 0 ? (red, green, blue) : nil
    }

    /// A colour from components already multiplied by alpha.
    public init(premultipliedRed r: Double, green g: Double, blue b: Double, alpha a: Double) {
        pr = r; pg = g; pb = b; pa = a
        transparentRGB = nil
    }

    /// Parses a CSS colour string: named colours, `transparent`, hex (3, 4, 6, 8 digits), `rgb()`/`rgba()`, `hsl()`/`hsla()`.
    public init?(css: String) {
        guard let c = CSSColorParser.parse(css) else { return nil }
        self.init(red: c.0, green: c.1, blue: c.2, alpha: c.3)
    }

    /// Opaque black.
    public static let black = Color(premultipliedRed: 0, green: 0, blue: 0, alpha: 1)
    /// Opaque white.
    public static let white = Color(premultipliedRed: 1, green: 1, blue: 1, alpha: 1)
    /// Fully transparent black.
    public static let transparent = Color(premultipliedRed: 0, green: 0, blue: 0, alpha: 0)

    /// Straight components `(r, g, b, a)`, alpha blending reversed (JS `Color#rgb`).
    public var rgba: (r: Double, g: Double, b: Double, a: Double) {
        if let t = transparentRGB { return (t.0, t.1, t.2, pa) }
        let f = pa == 0 ? Double.infinity : pa
        return (pr / f, pg / f, pb / f, pa)
    }

    /// Straight red in 0...1.
    public var red: Double { rgba.r }
    /// Straight green in 0...1.
    public var green: Double { rgba.g }
    /// Straight blue in 0...1.
    public var blue: Double { rgba.b }
    /// Alpha in 0...1.
    public var alpha: Double { pa }

    /// Components multiplied by alpha, `(r * a, g * a, b * a, a)`.
    public var premultiplied: (r: Double, g: Double, b: Double, a: Double) { (pr, pg, pb, pa) }

    /// `rgba(r,g,b,a)` with r, g, b rounded to 0...255 (the spec's `to-string` of a colour).
    public var description: String {
        let c = rgba
        return "rgba(\(formatJSNumber(jsRound(c.r * 255))),\(formatJSNumber(jsRound(c.g * 255))),\(formatJSNumber(jsRound(c.b * 255))),\(formatJSNumber(c.a)))"
    }

    public static func == (l: Color, r: Color) -> Bool {
        l.pr == r.pr && l.pg == r.pg && l.pb == r.pb && l.pa == r.pa
    }
    public func hash(into h: inout Hasher) { h.combine(pr); h.combine(pg); h.combine(pb); h.combine(pa) }

    /// Colour space used by `interpolate` variants.
    public enum InterpolationSpace: Sendable { case rgb, hcl, lab }

    /// Interpolates between two colours in the given space (the spec's `Color.interpolate`).
    public static func interpolate(_ from: Color, _ to: Color, _ t: Double, space: InterpolationSpace = .rgb) -> Color {
        switch space {
        case .rgb:
            let a = from.rgba, b = to.rgba
            return Color(red: lerp(a.r, b.r, t), green: lerp(a.g, b.g, t), blue: lerp(a.b, b.b, t), alpha: lerp(a.a, b.a, t))
        case .hcl:
            let (hue0, chroma0, light0, alphaF) = ColorSpaces.rgbToHcl(from.rgba)
            let (hue1, chroma1, light1, alphaT) = ColorSpaces.rgbToHcl(to.rgba)
            var hue: Double
            var chroma: Double?
            if !hue0.isNaN && !hue1.isNaN {
                var dh = hue1 - hue0
                if hue1 > hue0 && dh > 180 { dh -= 360 } else if hue1 < hue0 && hue0 - hue1 > 180 { dh += 360 }
                hue = hue0 + t * dh
            } else if !hue0.isNaN {
                hue = hue0
                if light1 == 1 || light1 == 0 { chroma = chroma0 }
            } else if !hue1.isNaN {
                hue = hue1
                if light0 == 1 || light0 == 0 { chroma = chroma1 }
            } else {
                hue = .nan
            }
            let c = ColorSpaces.hclToRgb((hue, chroma ?? lerp(chroma0, chroma1, t), lerp(light0, light1, t), lerp(alphaF, alphaT, t)))
            return Color(red: c.0, green: c.1, blue: c.2, alpha: c.3)
        case .lab:
            let a = ColorSpaces.rgbToLab(from.rgba), b = ColorSpaces.rgbToLab(to.rgba)
            let c = ColorSpaces.labToRgb((lerp(a.0, b.0, t), lerp(a.1, b.1, t), lerp(a.2, b.2, t), lerp(a.3, b.3, t)))
            return Color(red: c.0, green: c.1, blue: c.2, alpha: c.3)
        }
    }
}

@inline(__always) func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + t * (b - a) }

/// JS `Math.round`: rounds half up (towards +infinity).
@inline(__always) func jsRound(_ x: Double) -> Double {
    let r = x.rounded(.down)
    return x - r >= 0.5 ? r + 1 : r
}

enum ColorSpaces {
    static let Xn = 0.96422, Yn = 1.0, Zn = 0.82521
    static let t0 = 4.0 / 29, t1 = 6.0 / 29, t2 = 3 * t1 * t1, t3 = t1 * t1 * t1
    static let deg2rad = Double.pi / 180, rad2deg = 180 / Double.pi

    static func constrainAngle(_ a: Double) -> Double {
        var angle = a.truncatingRemainder(dividingBy: 360)
        if angle < 0 { angle += 360 }
        return angle
    }
    static func rgb2xyz(_ x: Double) -> Double { x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4) }
    static func xyz2lab(_ t: Double) -> Double { t > t3 ? pow(t, 1.0 / 3) : t / t2 + t0 }
    static func lab2xyz(_ t: Double) -> Double { t > t1 ? t * t * t : t2 * (t - t0) }
    static func xyz2rgb(_ v: Double) -> Double {
        let x = v <= 0.00304 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
        return x < 0 ? 0 : x > 1 ? 1 : x
    }

    static func rgbToLab(_ c: (r: Double, g: Double, b: Double, a: Double)) -> (Double, Double, Double, Double) {
        let r = rgb2xyz(c.r), g = rgb2xyz(c.g), b = rgb2xyz(c.b)
        let y = xyz2lab((0.2225045 * r + 0.7168786 * g + 0.0606169 * b) / Yn)
        let x: Double, z: Double
        if r == g && g == b { x = y; z = y } else {
            x = xyz2lab((0.4360747 * r + 0.3850649 * g + 0.1430804 * b) / Xn)
            z = xyz2lab((0.0139322 * r + 0.0971045 * g + 0.7141733 * b) / Zn)
        }
        let l = 116 * y - 16
        return (l < 0 ? 0 : l, 500 * (x - y), 200 * (y - z), c.a)
    }

    static func labToRgb(_ c: (Double, Double, Double, Double)) -> (Double, Double, Double, Double) {
        let (l, a, b, alpha) = c
        var y = (l + 16) / 116
        var x = a.isNaN ? y : y + a / 500
        var z = b.isNaN ? y : y - b / 200
        y = Yn * lab2xyz(y); x = Xn * lab2xyz(x); z = Zn * lab2xyz(z)
        return (xyz2rgb(3.1338561 * x - 1.6168667 * y - 0.4906146 * z),
                xyz2rgb(-0.9787684 * x + 1.9161415 * y + 0.033454 * z),
                xyz2rgb(0.0719453 * x - 0.2289914 * y + 1.4052427 * z), alpha)
    }

    static func rgbToHcl(_ c: (r: Double, g: Double, b: Double, a: Double)) -> (Double, Double, Double, Double) {
        let (l, a, b, alpha) = rgbToLab(c)
        let ch = (a * a + b * b).squareRoot()
        let h = jsRound(ch * 10000) != 0 ? constrainAngle(atan2(b, a) * rad2deg) : Double.nan
        return (h, ch, l, alpha)
    }

    static func hclToRgb(_ c: (Double, Double, Double, Double)) -> (Double, Double, Double, Double) {
        let h = c.0.isNaN ? 0 : c.0 * deg2rad
        return labToRgb((c.2, cos(h) * c.1, sin(h) * c.1, c.3))
    }

    static func hslToRgb(_ hIn: Double, _ sIn: Double, _ lIn: Double, _ alpha: Double) -> (Double, Double, Double, Double) {
        let h = constrainAngle(hIn), s = sIn / 100, l = lIn / 100
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (f(0), f(8), f(4), alpha)
    }
}
