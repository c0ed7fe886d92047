import Foundation
package import MapStyle

/// A map's glyphs: the style's glyph PBFs (``GlyphFiles``), then installed fonts for font stacks
/// those do not serve (``ClientFontOptions``) and for CJK ideographs (`Settings.ideographicFontFallback`).
package struct MapGlyphs: GlyphProvider {
    package let files: GlyphFiles?
    package let installed: InstalledFontGlyphs
    package let ideographicFallback: Settings.IdeographicFontFallback
    /// The style's `font-faces` (complex scripts shaped with HarfBuzz), and how their lines break.
    package var complexText = ComplexTextOptions()
    /// The generation of `complexText`'s faces (``MapShapingFaces/generation``), 0 without faces: labels laid
    /// out with other faces are laid out again.
    package var shapingGeneration: UInt64 = 0

    package init(files: GlyphFiles?, installed: InstalledFontGlyphs, ideographicFallback: Settings.IdeographicFontFallback,
                 complexText: ComplexTextOptions = ComplexTextOptions(), shapingGeneration: UInt64 = 0) {
        self.files = files
        self.installed = installed
        self.ideographicFallback = ideographicFallback
        self.complexText = complexText
        self.shapingGeneration = shapingGeneration
    }

    package func glyphs(fontStack: [String], range: Int) -> [UInt32: Glyph] {
        var out = files?.glyphs(fontStack: fontStack, range: range) ?? [:]
        if out.isEmpty { out = installed.glyphs(fontStack: fontStack, range: range) }
        // local ideographs replace the served ones, as MapLibre's localIdeographFontFamily does
        let ideographs = installed.ideographs(range: range, fallback: ideographicFallback)
        if !ideographs.isEmpty { out.merge(ideographs) { _, local in local } }
        return out
    }
}

/// The faces that shape a map's complex scripts: the style's `font-faces` first, then — where labels fall
/// back to installed fonts (``ClientFontOptions``) — installed fonts for the scripts the style's glyph
/// PBFs do not serve. Found once per font stack (the map keeps this while its style's `font-faces` and
/// `glyphs` stay the same).
package final class MapShapingFaces: ShapingFaceProviding, @unchecked Sendable {
    package let style: FontFaceFiles?
    package let files: GlyphFiles?
    package let installed: InstalledShapingFaces?
    /// A number no other set of faces has (the map's label layouts are keyed by it).
    package let generation = Generations.next()
    private let lock = NSLock()
    /// Guarded by `lock`: the faces of each font stack asked for.
    private var stacks: [[String]: [(ranges: [ClosedRange<UInt32>], face: ShapingFace)]] = [:]

    package init(style: FontFaceFiles?, files: GlyphFiles?, installed: InstalledShapingFaces?) {
        self.style = style
        self.files = files
        self.installed = installed
    }

    package func faces(for fontStack: [String]) -> [(ranges: [ClosedRange<UInt32>], face: ShapingFace)] {
        if let cached = lock.withLock({ stacks[fontStack] }) { return cached }
        var out = style?.faces(for: fontStack) ?? []
        if let installed {
            out += installed.faces(for: fontStack) { range in
                !(files?.glyphs(fontStack: fontStack, range: range).isEmpty ?? true)
            }
        }
        lock.withLock { stacks[fontStack] = out }
        return out
    }
}
