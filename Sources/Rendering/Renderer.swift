/// Why a scene could not be rendered.
public enum RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The output would exceed ``Renderer/maximumPixels`` device pixels or has a non-positive size.
    case invalidSize(width: Int, height: Int, pixelRatio: Double)
    /// A per-feature paint array is shorter than the layer's feature list.
    case paintArrayTooShort(layer: Int, property: String, count: Int, features: Int)

    /// A message a user can act on.
    public var description: String {
        switch self {
        case let .invalidSize(w, h, r):
            return "cannot render \(w)x\(h) at pixel ratio \(r): sizes must be positive and at most "
                + "\(Renderer.maximumPixels) device pixels in total"
        case let .paintArrayTooShort(layer, property, count, features):
            return "layer \(layer): \(property) has \(count) per-feature values for \(features) features"
        }
    }
}

/// Renders a ``RenderScene`` on the CPU into a ``Canvas`` or PNG bytes.
public enum Renderer {
    /// The largest image rendered, in device pixels (8192 x 8192).
    public static let maximumPixels = 8192 * 8192

    /// Draws the scene's layers bottom to top and returns the premultiplied canvas.
    public static func render(_ scene: RenderScene) throws(RenderError) -> Canvas {
        var none: Canvas? = nil
        return try render(scene, reusing: &none)
    }

    /// Renders into `old`'s storage when it has the right size and is not shared (it is taken, leaving nil).
    static func render(_ scene: RenderScene, reusing old: inout Canvas?) throws(RenderError) -> Canvas {
        let ratio = scene.pixelRatio
        let dw = Double(scene.width) * ratio, dh = Double(scene.height) * ratio
        guard scene.width > 0, scene.height > 0, ratio.isFinite, ratio > 0, dw >= 1, dh >= 1,
              dw * dh <= Double(maximumPixels) else {
            throw .invalidSize(width: scene.width, height: scene.height, pixelRatio: ratio)
        }
        try validate(scene)
        let transform = scene.transform
        var context = PaintContext(transform: transform, reusing: &old)
        for layer in scene.layers {
            switch layer {
            case .background(let b):
                context.canvas.fill(b.color.premultiplied(opacity: Float(b.opacity)))
            case .fill(let f):
                context.paintFill(f)
            case .line(let l):
                context.paintLine(l)
            case .circle(let c):
                context.paintCircle(c)
            }
        }
        return context.canvas
    }

    /// Renders the scene and encodes it as PNG.
    public static func renderPNG(_ scene: RenderScene) throws(RenderError) -> [UInt8] {
        var session = RenderSession()
        return try session.renderPNG(scene)
    }

    private static func validate(_ scene: RenderScene) throws(RenderError) {
        func check<T>(_ v: FeatureValue<T>?, _ name: String, _ layer: Int, _ n: Int) throws(RenderError) {
            if case .perFeature(let values)? = v, values.count < n {
                throw .paintArrayTooShort(layer: layer, property: name, count: values.count, features: n)
            }
        }
        for (i, layer) in scene.layers.enumerated() {
            switch layer {
            case .background: break
            case .fill(let f):
                let n = f.features.count
                try check(f.color, "fill-color", i, n); try check(f.opacity, "fill-opacity", i, n)
                try check(f.outlineColor, "fill-outline-color", i, n)
            case .line(let l):
                let n = l.features.count
                try check(l.color, "line-color", i, n); try check(l.opacity, "line-opacity", i, n)
                try check(l.width, "line-width", i, n); try check(l.gapWidth, "line-gap-width", i, n)
                try check(l.offset, "line-offset", i, n); try check(l.blur, "line-blur", i, n)
                try check(l.join, "line-join", i, n); try check(l.dashWidth, "line-width (dash)", i, n)
            case .circle(let c):
                let n = c.features.count
                try check(c.radius, "circle-radius", i, n); try check(c.color, "circle-color", i, n)
                try check(c.blur, "circle-blur", i, n); try check(c.opacity, "circle-opacity", i, n)
                try check(c.strokeWidth, "circle-stroke-width", i, n)
                try check(c.strokeColor, "circle-stroke-color", i, n)
                try check(c.strokeOpacity, "circle-stroke-opacity", i, n)
            }
        }
    }
}

/// A renderer that keeps its canvas and PNG buffers between snapshots, so repeated renders (a server,
/// a benchmark, a conformance run) do not pay for fresh multi-megabyte allocations.
public struct RenderSession: Sendable {
    private var canvas: Canvas?
    private var scratch = PNGScratch()

    /// Creates a session with no buffers yet.
    public init() {}

    /// Renders the scene; the returned canvas is a copy-on-write view of the session's buffer.
    public mutating func render(_ scene: RenderScene) throws(RenderError) -> Canvas {
        let result = try Renderer.render(scene, reusing: &canvas)
        canvas = result
        return result
    }

    /// Renders the scene and encodes it as PNG.
    public mutating func renderPNG(_ scene: RenderScene) throws(RenderError) -> [UInt8] {
        let result = try Renderer.render(scene, reusing: &canvas)
        let png = PNGEncoder.encode(result, scratch: &scratch)
        canvas = result
        return png
    }
}
