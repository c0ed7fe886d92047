import Fonts
import Rendering

/// A map's glyphs: the style's glyph PBFs (``GlyphFiles``), then installed fonts for font stacks
/// those do not serve and for CJK ideographs (``ClientFontOptions``).
struct MapGlyphs: GlyphProvider {
    let files: GlyphFiles?
    let installed: InstalledFontGlyphs?

    func glyphs(fontStack: [String], range: Int) -> [UInt32: Glyph] {
        var out = files?.glyphs(fontStack: fontStack, range: range) ?? [:]
        guard let installed else { return out }
        if out.isEmpty { out = installed.glyphs(fontStack: fontStack, range: range) }
        // local ideographs replace the served ones, as MapLibre's localIdeographFontFamily does
        let ideographs = installed.ideographs(range: range)
        if !ideographs.isEmpty { out.merge(ideographs) { _, local in local } }
        return out
    }
}
