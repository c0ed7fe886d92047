/// `line-pattern` as a stroke draws it: the image repeated along the line, by one of two rules.
///
/// - MapLibre Native's (`aspect` nil): the image keeps its display size along the line (one repeat every
///   ``length``) and is not stretched across it: the line shows its middle rows, as many as the line is wide
///   (at most the image's height and a texel of padding each side).
/// - MapLibre GL JS 5's (`aspect` set; for a style whose projection draws the globe, which only GL JS draws:
///   ``Transform/glJSRules``): the image spans the whole width of the line, from one edge of its antialiasing to
///   the other, and keeps its aspect, so it repeats every ``length`` over `aspect` (`line_pattern.fragment.glsl`:
///   `x = mod(linesofar / pattern_size.x * aspect, 1)`, `aspect = display_size.y / floorwidth`,
///   `y = 0.5 * normal.y + 0.5`). GL JS reads the atlas from a texel before the image to a texel after it, into
///   the atlas's padding (``RasterImage/samplePadded(u:v:)``).
struct LinePattern {
    var image: StyleImage
    /// The image's repeat length along the line by MapLibre Native's rule, in device pixels: its display width at
    /// the scale of the zoom's integer part.
    var length: Double
    /// GL JS's rule: the image's display height over `line-width` at the integer zoom (`floorwidth`); nil: Native's.
    var aspect: Double?

    /// The image's colour at `along` (the line's distance, device pixels at the integer zoom's scale, as ``length``)
    /// and `across` (the interpolated normal: -1 and 1 at the stroke's outer edges) of a stroke reaching `outset`
    /// CSS pixels from the line's middle.
    func color(along: Double, across: Double, outset: Double) -> PremultipliedColor {
        let raster = image.image
        if let aspect {
            var x = (along / length * aspect).truncatingRemainder(dividingBy: 1)
            if x < 0 { x += 1 }
            let y = 0.5 * across + 0.5
            let w = Double(raster.width), h = Double(raster.height)
            return raster.samplePadded(u: (x * (w + 2) - 1) / w, v: (y * (h + 2) - 1) / h)
        }
        var u = (along / length).truncatingRemainder(dividingBy: 1)
        if u < 0 { u += 1 }
        let height = image.displaySize.1
        let halfWidth = min(max(0, outset), (height + 2) / 2)
        return raster.sampleWrapped(u: u, v: 0.5 + across * halfWidth / height)
    }
}
