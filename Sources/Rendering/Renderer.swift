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
        for layer in scene.layers { layer.paint(in: &context) }
        return context.canvas
    }

    /// Renders the scene and encodes it as PNG.
    public static func renderPNG(_ scene: RenderScene) throws(RenderError) -> [UInt8] {
        var session = RenderSession()
        return try session.renderPNG(scene)
    }

    private static func validate(_ scene: RenderScene) throws(RenderError) {
        for (i, layer) in scene.layers.enumerated() { try layer.validate(layerIndex: i) }
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
