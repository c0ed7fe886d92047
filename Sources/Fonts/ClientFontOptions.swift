import MapStyle

/// Which labels a map draws with fonts installed on this machine instead of the style's glyph PBFs.
public struct ClientFontOptions: Sendable, Hashable {
    /// Whether a font stack the style's `glyphs` does not serve (or a style without `glyphs`) is drawn
    /// with the installed font its names match (fontconfig: family, full or PostScript name), or
    /// fontconfig's nearest substitute.
    public var fallsBackToInstalledFonts: Bool
    /// CJK ideographs, kana and Hangul syllables: rasterized locally from these fonts (the seed's
    /// `MLNIdeographicFontFamilyName`), or taken from the style's glyphs when `.disabled`.
    public var ideographs: Settings.IdeographicFontFallback

    /// Options; the defaults fall back to installed fonts and draw CJK with the system's fonts.
    public init(fallsBackToInstalledFonts: Bool = true, ideographs: Settings.IdeographicFontFallback = .systemDefault) {
        self.fallsBackToInstalledFonts = fallsBackToInstalledFonts
        self.ideographs = ideographs
    }

    /// The options `settings` describe (its ideographic font family).
    public init(settings: Settings) {
        self.init(ideographs: settings.ideographicFontFallback)
    }

    /// Only the style's glyphs, as MapLibre's render tests draw.
    public static let disabled = ClientFontOptions(fallsBackToInstalledFonts: false, ideographs: .disabled)
}
