import Foundation

/// The colour ramp of a `color-relief` layer as GL JS's two ramp textures hold it: the stops' elevations
/// (packed into the DEM's encoding and read back, as the shader compares them with the DEM's) and their
/// colours (8-bit, premultiplied on upload), linear between stops.
package struct ColorReliefRamp: Sendable, Equatable {
    /// How the colour goes from one stop to the next.
    package enum Kind: Sendable, Equatable {
        /// Linear in premultiplied RGB between neighbouring stops (GL JS's linear texture filter),
        /// whatever the `interpolate` curve or colour space.
        case linear
        /// The stop's colour up to the next stop (`step` ramps).
        case step
    }

    /// Stop elevations in metres, ascending.
    package var elevations: [Double]
    /// Stop colours, premultiplied, as the 8-bit ramp texture holds them.
    package var colors: [PremultipliedColor]
    package var kind: Kind

    package init(elevations: [Double], colors: [PremultipliedColor], kind: Kind = .linear) {
        self.elevations = elevations
        self.colors = colors
        self.kind = kind
    }

    /// A ramp drawing nothing (GL JS's ramp for a colour that is not a ramp over elevation).
    package static let transparent = ColorReliefRamp(elevations: [0, 1], colors: [PremultipliedColor(r: 0, g: 0, b: 0, a: 0),
                                                                                  PremultipliedColor(r: 0, g: 0, b: 0, a: 0)])

    /// The ramp of stops at `elevations` with straight colours `colors` (one per stop), for a DEM
    /// encoded with `unpack` (red, green, blue factors and the shift subtracted): at least two stops
    /// (one stop is repeated a metre higher; none draws nothing), elevations quantized as GL JS packs
    /// them into the encoding, colours rounded to 8 bits and premultiplied.
    package init(stops elevations: [Double], colors: [RenderColor], kind: Kind = .linear, unpack: (Double, Double, Double, Double)) {
        var e = elevations, c = colors
        if e.isEmpty || e.count != c.count { e = [0]; c = [RenderColor(red: 0, green: 0, blue: 0, alpha: 0)] }
        if e.count < 2 { e.append(e[0] + 1); c.append(c[0]) }
        self.elevations = e.map { Self.packed($0, unpack: unpack) }
        self.colors = c.map(Self.textureColor)
        self.kind = kind
    }

    /// `elevation` packed into the encoding's three bytes and unpacked again (GL JS's `packDEMData`),
    /// or as it is when a factor is not positive (the packing divides by the smallest factor).
    package static func packed(_ elevation: Double, unpack: (Double, Double, Double, Double)) -> Double {
        let (r, g, b, shift) = unpack
        let unit = min(r, g, b)
        guard unit > 0, elevation.isFinite else { return elevation }
        let steps = ((elevation + shift) / unit).rounded(.toNearestOrAwayFromZero)
        func byte(_ factor: Double) -> Double {
            let v = (steps * unit / factor).rounded(.down).truncatingRemainder(dividingBy: 256)
            return v < 0 ? 0 : v
        }
        return byte(r) * r + byte(g) * g + byte(b) * b - shift
    }

    /// A straight colour as the ramp texture holds it: 8-bit straight components premultiplied by the
    /// 8-bit alpha on upload.
    static func textureColor(_ color: RenderColor) -> PremultipliedColor {
        func byte(_ v: Float) -> Float { (max(0, min(1, v)) * 255).rounded() }
        let a = byte(color.alpha)
        func premultiplied(_ v: Float) -> Float { (byte(v) * a / 255).rounded() / 255 }
        return PremultipliedColor(r: premultiplied(color.red), g: premultiplied(color.green), b: premultiplied(color.blue), a: a / 255)
    }

    /// The colour at `elevation`: the shader's binary search for the stops around it, then the colour
    /// texture sampled between them (clamped at both ends).
    @inline(__always)
    package func color(at elevation: Double) -> PremultipliedColor {
        let n = elevations.count
        var l = 0, r = n - 1
        var lower = elevations[0], upper = elevations[n - 1]
        while r - l > 1 {
            let m = (l + r) / 2
            let value = elevations[m]
            if elevation < value { r = m; upper = value } else { l = m; lower = value }
        }
        switch kind {
        case .step:
            return elevation < lower ? colors[0] : elevation >= upper ? colors[r] : colors[l]
        case .linear:
            let position = Double(l) + (elevation - lower) / (upper - lower)
            if !(position > 0) { return colors[0] }
            if position >= Double(n - 1) { return colors[n - 1] }
            let i = Int(position), t = Float(position - Double(i))
            let a = colors[i], b = colors[i + 1]
            return PremultipliedColor(r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t, a: a.a + (b.a - a.a) * t)
        }
    }
}
