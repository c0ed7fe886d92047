/// Where a map's glyphs come from: font stack (names in `text-font` order) and 256-code-point range.
package protocol GlyphProvider: Sendable {
    /// The glyphs of range `range` (code points `256 * range ..< 256 * (range + 1)`) for `fontStack`;
    /// empty when there are none.
    func glyphs(fontStack: [String], range: Int) -> [UInt32: Glyph]
    /// The faces that shape complex scripts with HarfBuzz, and how lines of such text break.
    var complexText: ComplexTextOptions { get }
}

extension GlyphProvider {
    /// No faces: every character is drawn from the glyph PBFs.
    package var complexText: ComplexTextOptions { ComplexTextOptions() }
}
