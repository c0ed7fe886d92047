import Fonts
import Foundation
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
    /// The generation of `complexText`'s faces (``MapShapingFaces/generation``), 0 without faces: labels laid
    /// out with other faces are laid out again.
    var shapingGeneration: UInt64 = 0

    func glyphs(fontStack: [String], range: Int) -> [UInt32: Glyph] {
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
final class MapShapingFaces: ShapingFaceProviding, @unchecked Sendable {
    let style: FontFaceFiles?
    let files: GlyphFiles?
    let installed: InstalledShapingFaces?
    /// A number no other set of faces has (the map's label layouts are keyed by it).
    let generation = Generations.next()
    private let lock = NSLock()
    /// Guarded by `lock`: the faces of each font stack asked for.
    private var stacks: [[String]: [(ranges: [ClosedRange<UInt32>], face: ShapingFace)]] = [:]

    init(style: FontFaceFiles?, files: GlyphFiles?, installed: InstalledShapingFaces?) {
        self.style = style
        self.files = files
        self.installed = installed
    }

    func faces(for fontStack: [String]) -> [(ranges: [ClosedRange<UInt32>], face: ShapingFace)] {
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
