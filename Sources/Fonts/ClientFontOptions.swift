/// Whether a map draws labels with fonts installed on this machine when the style's glyph PBFs do not
/// serve them. (CJK ideographs follow `Settings.ideographicFontFallback`, the seed's
/// `MLNIdeographicFontFamilyName`, on the map's settings.)
public struct ClientFontOptions: Sendable, Hashable {
    /// Whether a font stack the style's `glyphs` does not serve (or a style without `glyphs`) is drawn
    /// with the installed font its names match (fontconfig: family, full or PostScript name), or
    /// fontconfig's nearest substitute.
    public var fallsBackToInstalledFonts: Bool

    /// Options; by default labels fall back to installed fonts.
    public init(fallsBackToInstalledFonts: Bool = true) {
        self.fallsBackToInstalledFonts = fallsBackToInstalledFonts
    }

    /// Only the style's glyphs, as MapLibre's render tests draw.
    public static let disabled = ClientFontOptions(fallsBackToInstalledFonts: false)
}
