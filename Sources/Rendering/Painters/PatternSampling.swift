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

    /// Bilinear sample at `u`, `v` (0...1 spans the image) as GL JS's `ImageAtlas` holds a pattern: a texel of padding
    /// on each side, a copy of the opposite edge (its corners clear), and clear texels beyond.
    func samplePadded(u: Double, v: Double) -> PremultipliedColor {
        let clear = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
        guard width > 0, height > 0, u.isFinite, v.isFinite else { return clear }
        let fx = u * Double(width) - 0.5, fy = v * Double(height) - 0.5
        guard fx > -3, fy > -3, fx < Double(width + 2), fy < Double(height + 2) else { return clear }
        let x0 = fx.rounded(.down), y0 = fy.rounded(.down)
        let tx = Float(fx - x0), ty = Float(fy - y0)
        let xa = Int(x0), ya = Int(y0)
        func texel(_ x: Int, _ y: Int) -> PremultipliedColor {
            let insideX = x >= 0 && x < width, insideY = y >= 0 && y < height
            let paddingX = x == -1 || x == width, paddingY = y == -1 || y == height
            if insideX && insideY { return texelAt(x, y) }
            if paddingX && insideY { return texelAt(x < 0 ? width - 1 : 0, y) }
            if insideX && paddingY { return texelAt(x, y < 0 ? height - 1 : 0) }
            return clear
        }
        let top = PremultipliedColor.mix(texel(xa, ya), texel(xa + 1, ya), tx)
        let bottom = PremultipliedColor.mix(texel(xa, ya + 1), texel(xa + 1, ya + 1), tx)
        return PremultipliedColor.mix(top, bottom, ty)
    }
}
