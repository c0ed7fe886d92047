import Mercator

extension InputOutput {
    /// The settings the environment gives (`MERCATOR_IDEOGRAPHIC_FONT_FAMILY`: CJK ideographs from that
    /// installed family, or `false` to take them from the style's glyphs); the defaults when unset or invalid.
    static var settings: Settings { (try? Settings.load()) ?? Settings() }
}
