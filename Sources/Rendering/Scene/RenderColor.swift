/// A colour with straight (non-premultiplied) components in 0...1, as written in a style (`"rgba(255,0,0,0.5)"`).
///
/// Not the same as the style's colour value (Expressions' `Color`, `Double` and premultiplied for the spec's
/// arithmetic): this is what a scene layer is handed to paint with, in the canvas's `Float` precision, and
/// premultiplied by the layer's opacity only when painting (``premultiplied(opacity:)``).
public struct RenderColor: Sendable, Hashable {
    /// Red, 0...1.
    public var red: Float
    /// Green, 0...1.
    public var green: Float
    /// Blue, 0...1.
    public var blue: Float
    /// Alpha (opacity), 0...1.
    public var alpha: Float

    /// Creates a colour from straight components in 0...1.
    public init(red: Float, green: Float, blue: Float, alpha: Float = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque black.
    public static let black = RenderColor(red: 0, green: 0, blue: 0)
    /// Fully transparent black.
    public static let transparent = RenderColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// The colour premultiplied by its alpha and by an extra `opacity` factor.
    @inlinable
    public func premultiplied(opacity: Float = 1) -> PremultipliedColor {
        let a = max(0, min(1, alpha * opacity))
        return PremultipliedColor(r: red * a, g: green * a, b: blue * a, a: a)
    }
}

/// A premultiplied RGBA colour in 0...1, the form the canvas composites.
public struct PremultipliedColor: Sendable, Hashable {
    /// Premultiplied red.
    public var r: Float
    /// Premultiplied green.
    public var g: Float
    /// Premultiplied blue.
    public var b: Float
    /// Alpha.
    public var a: Float

    /// Creates a premultiplied colour.
    @inlinable
    public init(r: Float, g: Float, b: Float, a: Float) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The colour scaled by `t` (coverage or opacity).
    @inlinable
    public func scaled(_ t: Float) -> PremultipliedColor {
        PremultipliedColor(r: r * t, g: g * t, b: b * t, a: a * t)
    }

    /// Linear interpolation between two premultiplied colours (GLSL `mix`).
    @inlinable
    public static func mix(_ x: PremultipliedColor, _ y: PremultipliedColor, _ t: Float) -> PremultipliedColor {
        PremultipliedColor(r: x.r + (y.r - x.r) * t, g: x.g + (y.g - x.g) * t,
                           b: x.b + (y.b - x.b) * t, a: x.a + (y.a - x.a) * t)
    }
}
