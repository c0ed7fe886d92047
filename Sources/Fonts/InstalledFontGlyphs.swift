import Foundation
import MapStyle

/// Glyphs rasterized at run time from installed fonts: a font stack's fonts matched by name through
/// fontconfig (``ClientFontOptions``), and CJK ideographs from the ideographic fallback fonts (`Settings`).
/// Rasterized ranges are kept once made, per map; opened faces and their rasterized ranges are
/// shared by every map of the process (``InstalledFaces``).
package final class InstalledFontGlyphs: @unchecked Sendable {
    package let options: ClientFontOptions
    private let lock = NSLock()
    /// Guarded by `lock`: rasterized ranges by font stack and range.
    private var stackRanges: [[String]: [Int: [UInt32: Glyph]]] = [:]
    /// Guarded by `lock`: rasterized ideographs by fallback and range.
    private var ideographRanges: [Settings.IdeographicFontFallback: [Int: [UInt32: Glyph]]] = [:]

    package init(options: ClientFontOptions) {
        self.options = options
    }

    /// The glyphs of `range` for `fontStack` from installed fonts: every font of the stack that is
    /// installed, in order (an earlier font's glyph wins), else fontconfig's substitute for the first name.
    package func glyphs(fontStack: [String], range: Int) -> [UInt32: Glyph] {
        guard options.fallsBackToInstalledFonts, range >= 0, range < 256 else { return [:] }
        if let cached = lock.withLock({ stackRanges[fontStack]?[range] }) { return cached }
        var fonts = fontStack.compactMap(SystemFonts.font(named:))
        if fonts.isEmpty, let substitute = SystemFonts.bestMatch(for: fontStack.first ?? "sans-serif") { fonts = [substitute] }
        var out: [UInt32: Glyph] = [:]
        for font in fonts {
            out.merge(InstalledFaces.shared.glyphs(font, range: range)) { first, _ in first }
        }
        lock.withLock { stackRanges[fontStack, default: [:]][range] = out }
        return out
    }

    /// The CJK ideographs of `range` from the fonts `fallback` names (the system's choice for
    /// `.systemDefault`); empty when it is `.disabled`, the range has none, or no installed font has them.
    package func ideographs(range: Int, fallback: Settings.IdeographicFontFallback) -> [UInt32: Glyph] {
        guard fallback != .disabled, range >= 0, range < 256 else { return [:] }
        let codes = Ideographs.codePoints(inRange: range)
        guard !codes.isEmpty else { return [:] }
        if let cached = lock.withLock({ ideographRanges[fallback]?[range] }) { return cached }
        let fonts: [InstalledFont]
        switch fallback {
        case .fonts(let names): fonts = names.compactMap(SystemFonts.font(named:))
        case .systemDefault: fonts = SystemFonts.bestMatch(for: "sans-serif", containing: codes[0]).map { [$0] } ?? []
        case .disabled: fonts = []
        }
        var out: [UInt32: Glyph] = [:]
        for font in fonts {
            let set = InstalledFaces.shared.glyphs(font, range: range)
            for code in codes where out[code] == nil { out[code] = set[code] }
        }
        lock.withLock { ideographRanges[fallback, default: [:]][range] = out }
        return out
    }
}
