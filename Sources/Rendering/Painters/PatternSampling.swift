import Foundation

extension PaintContext {
    /// The colour of pattern `image` at pixel (x, y), as MapLibre lays `*-pattern` images out: tiled
    /// from the world's origin at the integer zoom's pixel grid, one image per its display size,
    /// sampled bilinearly with wrap-around (the atlas pads patterns with their opposite edges).
    @inline(__always)
    func patternColor(_ image: StyleImage, x: Int, y: Int) -> PremultipliedColor? {
        guard let q = planeAtPixel(x, y) else { return nil }
        return patternColor(image, world: transform.worldFraction(plane: q))
    }

    /// The colour of pattern `image` at world point `wf` (Web Mercator fractions), laid out as
    /// ``patternColor(_:x:y:)`` says.
    @inline(__always)
    func patternColor(_ image: StyleImage, world wf: Point) -> PremultipliedColor? {
        let worldPixels = 512 * pow(2, transform.camera.zoom.rounded(.down))
        let (w, h) = image.displaySize
        guard w > 0, h > 0 else { return nil }
        var u = (wf.x * worldPixels / w).truncatingRemainder(dividingBy: 1)
        var v = (wf.y * worldPixels / h).truncatingRemainder(dividingBy: 1)
        if u < 0 { u += 1 }
        if v < 0 { v += 1 }
        return image.image.sampleWrapped(u: u, v: v)
    }
}

extension RasterImage {
    /// Bilinear sample at `u`, `v` (0...1) of the image repeated in both directions.
    func sampleWrapped(u: Double, v: Double) -> PremultipliedColor {
        if width == 0 || height == 0 { return PremultipliedColor(r: 0, g: 0, b: 0, a: 0) }
        let fx = u * Double(width) - 0.5, fy = v * Double(height) - 0.5
        let x0 = fx.rounded(.down), y0 = fy.rounded(.down)
        let tx = Float(fx - x0), ty = Float(fy - y0)
        func wrap(_ i: Double, _ n: Int) -> Int { ((Int(i) % n) + n) % n }
        let xa = wrap(x0, width), xb = wrap(x0 + 1, width), ya = wrap(y0, height), yb = wrap(y0 + 1, height)
        let top = PremultipliedColor.mix(texelAt(xa, ya), texelAt(xb, ya), tx)
        let bottom = PremultipliedColor.mix(texelAt(xa, yb), texelAt(xb, yb), tx)
        return PremultipliedColor.mix(top, bottom, ty)
    }
}
