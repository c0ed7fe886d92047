import Mercator

extension InputOutput {
    /// Client-side fonts as the environment's settings say (`MERCATOR_IDEOGRAPHIC_FONT_FAMILY`: a
    /// family name, or `false` to take CJK from the style's glyphs); the defaults when unset or invalid.
    static var clientFonts: ClientFontOptions {
        (try? Settings.load()).map(ClientFontOptions.init(settings:)) ?? ClientFontOptions()
    }
}
