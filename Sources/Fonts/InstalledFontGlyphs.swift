import Foundation
package import MapStyle

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
    /// Guarded by `lock`: the font stacks no installed font is named after, in the order they were met.
    private var uncoveredStacks: [String] = []
    private var reportedStacks: Set<[String]> = []

    package init(options: ClientFontOptions) {
        self.options = options
    }

    /// The glyphs of `range` for `fontStack` from installed fonts: every font of the stack that is
    /// installed, in order (an earlier font's glyph wins), else fontconfig's substitute for the first name.
    package func glyphs(fontStack: [String], range: Int) -> [UInt32: Glyph] {
        guard range >= 0, range < 256 else { return [:] }
        guard options.fallsBackToInstalledFonts else {
            report(fontStack, "the style's glyphs do not serve it and installed fonts are not used (ClientFontOptions); its labels are not drawn")
            return [:]
        }
        if let cached = lock.withLock({ stackRanges[fontStack]?[range] }) { return cached }
        var fonts = fontStack.compactMap(SystemFonts.font(named:))
        if fonts.isEmpty {
            let substitute = SystemFonts.bestMatch(for: fontStack.first ?? "sans-serif")
            if let substitute { fonts = [substitute] }
            report(fontStack, substitute.map { "no glyphs serve it and no installed font has its names; drawn with \($0.fullNames.first ?? $0.families.first ?? $0.path), the system's substitute" }
                   ?? "no glyphs serve it and no font is installed; its labels are not drawn")
        }
        var out: [UInt32: Glyph] = [:]
        for font in fonts {
            out.merge(InstalledFaces.shared.glyphs(font, range: range)) { first, _ in first }
        }
        lock.withLock { stackRanges[fontStack, default: [:]][range] = out }
        return out
    }

    /// The font stacks that neither the style's glyphs nor an installed font of the same name cover, one
    /// sentence each saying what they are drawn with (a substitute, or nothing); each stack once.
    package var problems: [String] { lock.withLock { uncoveredStacks } }

    private func report(_ stack: [String], _ what: String) {
        lock.withLock {
            guard reportedStacks.insert(stack).inserted else { return }
            uncoveredStacks.append("font stack \"\(stack.joined(separator: ", "))\": \(what)")
        }
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
