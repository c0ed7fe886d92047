import Foundation
package import GeoJSON
/// Why a scene could not be rendered.
package enum RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The output would exceed ``Renderer/maximumPixels`` device pixels or has a non-positive size.
    case invalidSize(width: Int, height: Int, pixelRatio: Double)
    /// A per-feature paint array is shorter than the layer's feature list.
    case paintArrayTooShort(layer: Int, property: String, count: Int, features: Int)

    /// A message a user can act on.
    package var description: String {
        switch self {
        case let .invalidSize(w, h, r):
            return "cannot render \(w)x\(h) at pixel ratio \(r): sizes must be positive and at most "
                + "\(Renderer.maximumPixels) device pixels in total (Limits.outputPixels)"
        case let .paintArrayTooShort(layer, property, count, features):
            return "layer \(layer): \(property) has \(count) per-feature values for \(features) features"
        }
    }
}

/// Storage shared by the bands painting a canvas, each writing only its own part (its rows of pixels, its time).
struct SharedStorage<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
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
        var balancer = BandBalancer()
        return try render(scene, reusing: &old, bandCount: bandCount, balancer: &balancer)
    }

    /// ``render(_:reusing:bandCount:)`` with its rows split among the bands by `balancer`, which notes how long each
    /// band took for the next render.
    static func render(_ scene: RenderScene, reusing old: inout Canvas?, bandCount: Int? = nil,
                       balancer: inout BandBalancer) throws(RenderError) -> Canvas {
        var scratch: [PaintScratch] = []
        return try render(scene, reusing: &old, bandCount: bandCount, balancer: &balancer, scratch: &scratch)
    }

    /// ``render(_:reusing:bandCount:balancer:)`` with each band's painters given its scratch buffers from `scratch`
    /// (one per band, grown as needed) and giving them back there.
    static func render(_ scene: RenderScene, reusing old: inout Canvas?, bandCount: Int? = nil,
                       balancer: inout BandBalancer, scratch: inout [PaintScratch]) throws(RenderError) -> Canvas {
        let (transform, w, h) = try checked(scene)
        // one variable holds the reused canvas, so its storage stays uniquely referenced and is
        // cleared in place (a second copy alive while it is written made every frame copy 16 bytes a pixel),
        // each band's rows by the core painting them, just before they are painted
        var canvas = old.take() ?? Canvas(width: w, height: h)
        let reused = canvas.width == w && canvas.height == h
        if !reused { canvas = Canvas(width: w, height: h) }
        let bands = balancer.bands(width: w, height: h, count: bandCount ?? Self.bandCount(width: w, height: h))
        let seconds = paint(scene, transform: transform, into: &canvas, bands: bands, clearing: reused, scratch: &scratch)
        balancer.record(bands: bands, seconds: seconds)
        return canvas
    }

    /// Draws the scene onto `canvas`, a canvas of the scene's device size whose pixels it clears first, each band's rows
    /// on the core painting the band (a canvas in the buffer of an earlier image: ``CanvasPool/uncleared(width:height:)``;
    /// a new canvas when its size differs), and returns it. Painted on all cores whatever its size: the terrain's tile
    /// images (what this draws) are painted one after another, the small ones (distant tiles) would leave the other
    /// cores idle.
    package static func render(_ scene: RenderScene, clearing canvas: consuming Canvas) throws(RenderError) -> Canvas {
        let (transform, w, h) = try checked(scene)
        var canvas = consume canvas
        let sized = canvas.width == w && canvas.height == h
        if !sized { canvas = Canvas(width: w, height: h) }
        let bands = Self.bands(width: w, height: h, count: ProcessInfo.processInfo.activeProcessorCount)
        var scratch: [PaintScratch] = []
        paint(scene, transform: transform, into: &canvas, bands: bands, clearing: sized, scratch: &scratch)
        return canvas
    }

    /// Paints the scene's layers onto `canvas` (its size the scene's) in `bands`, in parallel when there are several;
    /// `clearing`: each band's rows are cleared first (the bands span the canvas's width and share its rows). Returns
    /// the seconds each band took. Band `k` paints with `scratch[k]`'s buffers and leaves them there.
    @discardableResult
    private static func paint(_ scene: RenderScene, transform: Transform, into canvas: inout Canvas, bands: [PixelClip],
                              clearing: Bool = false, scratch: inout [PaintScratch]) -> [Double] {
        let w = canvas.width, h = canvas.height
        let layers = scene.layers
        var seconds = [Double](repeating: 0, count: bands.count)
        if scratch.count < bands.count { scratch.append(contentsOf: (scratch.count..<bands.count).map { _ in PaintScratch() }) }
        canvas.pixels.withUnsafeMutableBufferPointer { buffer in
            seconds.withUnsafeMutableBufferPointer { times in
                scratch.withUnsafeMutableBufferPointer { kept in
                    let pixels = SharedStorage(base: buffer.baseAddress!)
                    let bandTimes = SharedStorage(base: times.baseAddress!)
                    // (each band reads and writes its own element only)
                    let bandScratch = SharedStorage(base: kept.baseAddress!)
                    let paintBand: @Sendable (Int) -> Void = { band in
                        let start = DispatchTime.now().uptimeNanoseconds
                        let clip = bands[band]
                        if clearing { (pixels.base + 4 * w * clip.y0).update(repeating: 0, count: 4 * w * (clip.y1 - clip.y0)) }
                        var own = PaintScratch()
                        swap(&own, &bandScratch.base[band])
                        var context = PaintContext(transform: transform, pixels: pixels.base, canvasWidth: w, canvasHeight: h,
                                                   clip: clip, scratch: own)
                        for layer in layers { layer.paint(in: &context) }
                        bandScratch.base[band] = context.takeScratch()
                        bandTimes.base[band] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                    }
                    if bands.count == 1 {
                        paintBand(0)
                    } else {
                        DispatchQueue.concurrentPerform(iterations: bands.count, execute: paintBand)
                    }
                }
            }
        }
        return seconds
    }

    /// Canvases of at least this many pixels are painted in bands on all cores.
    static let parallelPixels = 512 * 512

    /// The horizontal bands a canvas is painted in: one for small canvases, otherwise one per core
    /// (each band projects every feature again, so more bands cost more than they balance). Every
    /// band paints every layer within its rows, so the image is the same however many bands there are.
    static func bands(width: Int, height: Int) -> [PixelClip] {
        bands(width: width, height: height, count: bandCount(width: width, height: height))
    }

    /// How many bands a canvas is painted in: one per core from ``parallelPixels`` on, else one.
    static func bandCount(width: Int, height: Int) -> Int {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return cores > 1 && width * height >= parallelPixels ? cores : 1
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

    /// Checks the scene's device size against `limits` before any canvas is allocated: its device
    /// pixels (pixel ratio included) against ``Limits/outputPixels``, and the float canvas it paints
    /// into (16 bytes a pixel; one band's when `banded`, `bandRows` rows or ``bandPixels``) against
    /// ``Limits/canvasBytes``. Sizes that are not positive and finite are left to ``checked(_:)``.
    package static func checkBudget(_ scene: RenderScene, limits: Limits, banded: Bool, bandRows: Int? = nil) throws(LimitExceeded) {
        let ratio = scene.pixelRatio
        let dw = Double(Transform.framebufferSide(scene.width, pixelRatio: ratio))
        let dh = Double(Transform.framebufferSide(scene.height, pixelRatio: ratio))
        guard dw.isFinite, dh.isFinite, dw >= 1, dh >= 1 else { return }
        let subject = "a \(Self.integer(dw))x\(Self.integer(dh))-pixel image (\(scene.width)x\(scene.height) at pixel ratio \(ratio))"
        let pixels = dw * dh
        if pixels > Double(limits.outputPixels) {
            throw LimitExceeded(.outputPixels, maximum: limits.outputPixels, found: Self.integer(pixels), subject: subject)
        }
        let rows = banded ? min(dh, Double(max(1, bandRows ?? bandPixels / max(1, Self.integer(dw))))) : dh
        let bytes = dw * rows * Double(Canvas.bytesPerPixel)
        if bytes > Double(limits.canvasBytes) {
            throw LimitExceeded(.canvasBytes, maximum: limits.canvasBytes, found: Self.integer(bytes),
                                subject: banded ? "a band of \(Self.integer(rows)) rows of \(subject)" : subject)
        }
    }

    /// `value` as an Int, saturating.
    private static func integer(_ value: Double) -> Int {
        value >= 9.2e18 ? Int.max : value <= 0 ? 0 : Int(value)
    }

    private static func validate(_ scene: RenderScene) throws(RenderError) {
        for (i, layer) in scene.layers.enumerated() { try layer.validate(layerIndex: i) }
    }
}

/// A renderer that keeps its canvas, PNG buffers and painters' scratch buffers (``PaintScratch``) between snapshots,
/// so repeated renders (a server, an animation, a benchmark, a conformance run) do not pay for fresh multi-megabyte
/// allocations, nor grow their scratch again from empty.
///
/// Only buffers of at most ``retainedCanvasBytes`` (each kind on its own) are kept: a large render's canvas is released
/// with its snapshot, so a map (a server's render slot) does not hold a peak-sized canvas between renders.
package struct RenderSession: Sendable {
    /// The largest canvas (or PNG buffers) a session keeps between renders: 64 MiB, a 2048 x 2048 canvas.
    package static let retainedCanvasBytes = 2048 * 2048 * Canvas.bytesPerPixel

    private var canvas: Canvas?
    private var scratch = PNGScratch()
    /// How the last render's rows were split among the bands and how long each took, for the next render's split.
    private var balancer = BandBalancer()
    /// Each band's painters' scratch buffers, kept from the last render (``PaintScratch``).
    private var paintScratch: [PaintScratch] = []
    /// The most bytes of canvas (and of PNG buffers) kept between renders.
    private let retainedLimit: Int

    /// Creates a session with no buffers yet, keeping at most `retainedBytes` of canvas between renders.
    package init(retainedBytes: Int = RenderSession.retainedCanvasBytes) {
        retainedLimit = retainedBytes
    }

    /// Renders the scene, in `bandCount` bands when given (else one per core from ``Renderer/parallelPixels`` on); the
    /// returned canvas is a copy-on-write view of the session's buffer.
    package mutating func render(_ scene: RenderScene, bandCount: Int? = nil) throws(RenderError) -> Canvas {
        let result = try Renderer.render(scene, reusing: &canvas, bandCount: bandCount, balancer: &balancer, scratch: &paintScratch)
        canvas = result.byteCount <= retainedLimit ? result : nil
        keepScratchWithinLimit()
        return result
    }

    /// The bytes of the buffers kept (0 after a render larger than ``retainedCanvasBytes``).
    package var retainedBytes: Int { (canvas?.byteCount ?? 0) + scratch.byteCount + paintScratchBytes }

    /// The bytes of the painters' scratch buffers kept.
    private var paintScratchBytes: Int { paintScratch.reduce(0) { $0 + $1.byteCount } }

    /// Drops the painters' scratch buffers when they hold more than the limit (a huge render's geometry).
    private mutating func keepScratchWithinLimit() {
        if paintScratchBytes > retainedLimit { paintScratch = [] }
    }

    /// Renders the scene and encodes it as PNG.
    package mutating func renderPNG(_ scene: RenderScene) throws(RenderError) -> [UInt8] {
        let result = try Renderer.render(scene, reusing: &canvas, balancer: &balancer, scratch: &paintScratch)
        keepScratchWithinLimit()
        let png = PNGEncoder.encode(result, scratch: &scratch)
        if result.byteCount <= retainedLimit, scratch.byteCount <= retainedLimit {
            canvas = result
        } else {
            canvas = nil
            scratch = PNGScratch()
        }
        return png
    }
}
