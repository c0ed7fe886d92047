import Foundation
import GeoJSON
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

/// The canvas's storage, shared by the bands painting it (each writes only its own rows).
struct SharedPixels: @unchecked Sendable {
    let base: UnsafeMutablePointer<Float>
}

/// Renders a ``RenderScene`` on the CPU into a ``Canvas`` or PNG bytes.
package enum Renderer {
    /// The largest image rendered, in device pixels (8192 x 8192).
    package static let maximumPixels = Limits.default.outputPixels

    /// Draws the scene's layers bottom to top and returns the premultiplied canvas.
    package static func render(_ scene: RenderScene) throws(RenderError) -> Canvas {
        var none: Canvas? = nil
        return try render(scene, reusing: &none)
    }

    /// Renders into `old`'s storage when it has the right size and is not shared (it is taken, leaving nil).
    /// `bandCount` overrides how many bands the canvas is painted in (tests compare band counts).
    static func render(_ scene: RenderScene, reusing old: inout Canvas?, bandCount: Int? = nil) throws(RenderError) -> Canvas {
        let (transform, w, h) = try checked(scene)
        var canvas: Canvas
        if var reused = old.take(), reused.width == w, reused.height == h {
            reused.clear()
            canvas = reused
        } else {
            canvas = Canvas(width: w, height: h)
        }
        let bands = bandCount.map { Self.bands(width: w, height: h, count: $0) } ?? Self.bands(width: w, height: h)
        let layers = scene.layers
        canvas.pixels.withUnsafeMutableBufferPointer { buffer in
            let pixels = SharedPixels(base: buffer.baseAddress!)
            let paintBand: @Sendable (Int) -> Void = { band in
                var context = PaintContext(transform: transform, pixels: pixels.base, canvasWidth: w, canvasHeight: h,
                                           clip: bands[band])
                for layer in layers { layer.paint(in: &context) }
            }
            if bands.count == 1 {
                paintBand(0)
            } else {
                DispatchQueue.concurrentPerform(iterations: bands.count, execute: paintBand)
            }
        }
        return canvas
    }

    /// Canvases of at least this many pixels are painted in bands on all cores.
    static let parallelPixels = 512 * 512

    /// The horizontal bands a canvas is painted in: one for small canvases, otherwise one per core
    /// (each band projects every feature again, so more bands cost more than they balance). Every
    /// band paints every layer within its rows, so the image is the same however many bands there are.
    static func bands(width: Int, height: Int) -> [PixelClip] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard cores > 1, width * height >= parallelPixels else { return [PixelClip(width: width, height: height)] }
        return bands(width: width, height: height, count: cores)
    }

    /// `count` bands of (nearly) equal height, at least one row each.
    static func bands(width: Int, height: Int, count: Int) -> [PixelClip] {
        let n = max(1, min(count, height))
        return (0..<n).map { i in PixelClip(x0: 0, y0: i * height / n, x1: width, y1: (i + 1) * height / n) }
    }

    /// Renders the scene and encodes it as PNG; outputs over ``bandedPixels`` device pixels are
    /// painted and encoded band by band (``renderBandedPNG(_:bandRows:)``), in bounded memory.
    package static func renderPNG(_ scene: RenderScene) throws(RenderError) -> [UInt8] {
        if rendersInBands(scene) { return try renderBandedPNG(scene) }
        var session = RenderSession()
        return try session.renderPNG(scene)
    }

    /// The scene's transform and device size, once its size and paint arrays are checked.
    static func checked(_ scene: RenderScene) throws(RenderError) -> (transform: Transform, width: Int, height: Int) {
        let ratio = scene.pixelRatio
        let dw = Double(scene.width) * ratio, dh = Double(scene.height) * ratio
        guard scene.width > 0, scene.height > 0, ratio.isFinite, ratio > 0, dw >= 1, dh >= 1,
              dw * dh <= Double(maximumPixels) else {
            throw .invalidSize(width: scene.width, height: scene.height, pixelRatio: ratio)
        }
        try validate(scene)
        let transform = scene.transform
        return (transform, max(1, Int(transform.width.rounded())), max(1, Int(transform.height.rounded())))
    }

    private static func validate(_ scene: RenderScene) throws(RenderError) {
        for (i, layer) in scene.layers.enumerated() { try layer.validate(layerIndex: i) }
    }
}

/// A renderer that keeps its canvas and PNG buffers between snapshots, so repeated renders (a server,
/// a benchmark, a conformance run) do not pay for fresh multi-megabyte allocations.
package struct RenderSession: Sendable {
    private var canvas: Canvas?
    private var scratch = PNGScratch()

    /// Creates a session with no buffers yet.
    package init() {}

    /// Renders the scene; the returned canvas is a copy-on-write view of the session's buffer.
    package mutating func render(_ scene: RenderScene) throws(RenderError) -> Canvas {
        let result = try Renderer.render(scene, reusing: &canvas)
        canvas = result
        return result
    }

    /// Renders the scene and encodes it as PNG.
    package mutating func renderPNG(_ scene: RenderScene) throws(RenderError) -> [UInt8] {
        let result = try Renderer.render(scene, reusing: &canvas)
        let png = PNGEncoder.encode(result, scratch: &scratch)
        canvas = result
        return png
    }
}
