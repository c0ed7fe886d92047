import Foundation

/// Renders a font's glyphs as the SDF ``Glyph``s of MapLibre's glyph PBFs, with node-fontnik's
/// metrics: FreeType at 24 px without hinting, a 3-pixel border, TinySDF's distance transform
/// (radius 8, cutoff 0.25), `top` measured from the ascender.
package struct GlyphRasterizer: Sendable {
    /// The SDF radius in pixels.
    package var radius: Double
    /// The share of the byte range outside the outline (192 marks the outline at 0.25).
    package var cutoff: Double

    /// A rasterizer with node-fontnik's settings.
    package init(radius: Double = 8, cutoff: Double = 0.25) {
        self.radius = radius
        self.cutoff = cutoff
    }

    /// The glyph of `codePoint` in `face`, or nil when the font has none.
    package func glyph(_ codePoint: UInt32, in face: FontFace) -> Glyph? {
        guard let rendered = face.render(codePoint) else { return nil }
        let advance = Int(rendered.advance.rounded(.toNearestOrEven))
        guard rendered.width > 0, rendered.height > 0 else {
            return Glyph(codePoint: codePoint, width: 0, height: 0, left: 0, top: Int((-rendered.ascender).rounded(.down)),
                         advance: advance, bitmap: [])
        }
        let border = Glyph.border
        let w = rendered.width + 2 * border, h = rendered.height + 2 * border
        var padded = [UInt8](repeating: 0, count: w * h)
        for y in 0..<rendered.height {
            for x in 0..<rendered.width { padded[(y + border) * w + x + border] = rendered.coverage[y * rendered.width + x] }
        }
        let sdf = SignedDistanceField.bytes(coverage: padded, width: w, height: h, radius: radius, cutoff: cutoff)
        return Glyph(codePoint: codePoint, width: rendered.width, height: rendered.height, left: rendered.left,
                     top: Int((Double(rendered.bitmapTop) - rendered.ascender).rounded(.down)), advance: advance, bitmap: sdf)
    }

    /// The glyph with index `glyphIndex` in `face` (a glyph HarfBuzz shaped) as MapLibre Native draws
    /// shaped glyphs: FreeType's default (hinted) rendering at 24 px, a 3-pixel border, the same distance
    /// transform, `top = bitmap_top - 24 - 3`, `advance` FreeType's `horiAdvance` in whole pixels (its
    /// `codePoint` holds the glyph index). Nil when the font has no such glyph.
    package func shapedGlyph(_ glyphIndex: UInt32, in face: FontFace) -> Glyph? {
        guard let rendered = face.render(glyphIndex: glyphIndex) else { return nil }
        let advance = Int(rendered.advance.rounded(.towardZero))
        let top = rendered.bitmapTop - face.pixelSize - Glyph.border
        guard rendered.width > 0, rendered.height > 0 else {
            return Glyph(codePoint: glyphIndex, width: 0, height: 0, left: 0, top: top, advance: advance, bitmap: [])
        }
        return Glyph(codePoint: glyphIndex, width: rendered.width, height: rendered.height, left: rendered.left,
                     top: top, advance: advance, bitmap: signedDistanceField(rendered))
    }

    /// The padded coverage of a rendered glyph turned into SDF bytes.
    private func signedDistanceField(_ rendered: RenderedGlyph) -> [UInt8] {
        let border = Glyph.border
        let w = rendered.width + 2 * border, h = rendered.height + 2 * border
        var padded = [UInt8](repeating: 0, count: w * h)
        for y in 0..<rendered.height {
            for x in 0..<rendered.width { padded[(y + border) * w + x + border] = rendered.coverage[y * rendered.width + x] }
        }
        return SignedDistanceField.bytes(coverage: padded, width: w, height: h, radius: radius, cutoff: cutoff)
    }

    /// The glyphs of one 256-code-point range (`256 * range ..< 256 * (range + 1)`) that `face` has.
    package func glyphs(range: Int, in face: FontFace) -> [UInt32: Glyph] {
        guard range >= 0, range < 256 else { return [:] }
        var out: [UInt32: Glyph] = [:]
        for code in UInt32(range * 256)..<UInt32(range * 256 + 256) {
            if let glyph = glyph(code, in: face) { out[code] = glyph }
        }
        return out
    }
}
