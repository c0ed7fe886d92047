import Foundation

extension Renderer {
    /// Outputs of more device pixels than this (2048 x 2048) are rendered to PNG band by band.
    package static let bandedPixels = 1 << 22

    /// Whether ``renderPNG(_:)`` paints `scene` band by band: its output has more than ``bandedPixels`` device pixels.
    package static func rendersInBands(_ scene: RenderScene) -> Bool {
        let t = scene.transform
        return t.width.rounded() * t.height.rounded() > Double(bandedPixels)
    }

    /// The device pixels of one band's float canvas (64 MiB): 512 rows of an 8192-pixel-wide image.
    static let bandPixels = 1 << 22

    /// Renders the scene to PNG one horizontal band of rows at a time, holding one band's float canvas
    /// (about ``bandPixels`` pixels) instead of the whole image's.
    ///
    /// Labels are placed once for the whole view (the scene is built before), and every band paints every
    /// layer with the same projection inside its rows, as the parallel bands of ``render(_:)`` do: the
    /// image is the one ``render(_:)`` draws. Each band is converted and deflated before the next is painted.
    /// `bandRows` overrides the band height (tests force small bands).
    package static func renderBandedPNG(_ scene: RenderScene, bandRows: Int? = nil) throws(RenderError) -> [UInt8] {
        let (transform, w, h) = try checked(scene)
        let rows = max(1, min(h, bandRows ?? max(1, bandPixels / w)))
        var band = [Float](repeating: 0, count: 4 * w * rows)
        let encoder = PNGStreamEncoder(width: w, height: h)
        let layers = scene.layers
        var y0 = 0
        while y0 < h {
            let y1 = min(h, y0 + rows)
            band.withUnsafeMutableBufferPointer { buffer in
                let base = buffer.baseAddress!
                base.update(repeating: 0, count: 4 * w * (y1 - y0))
                // Painters address pixel (x, y) at `4 * (y * w + x)` from the canvas's row 0: the band's
                // storage holds rows y0..<y1 only, and every painter keeps to its clip's rows.
                let origin = SharedStorage(base: UnsafeMutablePointer<Float>(
                    bitPattern: Int(bitPattern: base) - 4 * y0 * w * MemoryLayout<Float>.stride)!)
                let clips = Self.bands(width: w, rows: y0..<y1)
                let paint: @Sendable (Int) -> Void = { k in
                    var context = PaintContext(transform: transform, pixels: origin.base, canvasWidth: w, canvasHeight: h, clip: clips[k])
                    for layer in layers { layer.paint(in: &context) }
                }
                if clips.count == 1 { paint(0) } else { DispatchQueue.concurrentPerform(iterations: clips.count, execute: paint) }
                encoder.append(UnsafePointer(base), rows: y1 - y0)
            }
            y0 = y1
        }
        return encoder.finish()
    }

    /// The clips one band of `rows` is painted in: one per core for large bands (as ``bands(width:height:)``).
    static func bands(width: Int, rows: Range<Int>) -> [PixelClip] {
        bands(width: width, height: rows.count).map { PixelClip(x0: $0.x0, y0: $0.y0 + rows.lowerBound, x1: $0.x1, y1: $0.y1 + rows.lowerBound) }
    }
}
