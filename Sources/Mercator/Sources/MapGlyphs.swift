import Fonts
import MapStyle
import Rendering

/// A map's glyphs: the style's glyph PBFs (``GlyphFiles``), then installed fonts for font stacks
/// those do not serve (``ClientFontOptions``) and for CJK ideographs (`Settings.ideographicFontFallback`).
struct MapGlyphs: GlyphProvider {
    let files: GlyphFiles?
    let installed: InstalledFontGlyphs
    let ideographicFallback: Settings.IdeographicFontFallback
    /// The style's `font-faces` (complex scripts shaped with HarfBuzz), and how their lines break.
    var complexText = ComplexTextOptions()

    func glyphs(fontStack: [String], range: Int) -> [UInt32: Glyph] {
        var out = files?.glyphs(fontStack: fontStack, range: range) ?? [:]
        if out.isEmpty { out = installed.glyphs(fontStack: fontStack, range: range) }
        // local ideographs replace the served ones, as MapLibre's localIdeographFontFamily does
        let ideographs = installed.ideographs(range: range, fallback: ideographicFallback)
        if !ideographs.isEmpty { out.merge(ideographs) { _, local in local } }
        return out
    }
}
