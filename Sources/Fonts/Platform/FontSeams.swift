package import Foundation

/// The font-discovery seam: which fonts are installed, and which one the system substitutes for a name.
///
/// fontconfig on Linux (the `FreeType` trait); without it ``UnavailableFontDiscovery`` throws
/// ``FontError/notAvailable(_:)``. Core Text on Apple platforms would be one more conforming type,
/// chosen in ``PlatformFontDiscovery``.
package protocol FontDiscovering: Sendable {
    /// Every installed font, in a stable order.
    func installedFonts() throws(FontError) -> [InstalledFont]
    /// The system's best match for `name`, optionally one whose character set covers `codePoint`.
    func bestMatch(for name: String, containing codePoint: UInt32?) throws(FontError) -> InstalledFont?
}

/// The font-rasterising seam: one open face of a font file, rendering 8-bit coverage at a pixel size.
///
/// FreeType on Linux (the `FreeType` trait); without it ``UnavailableFontFace`` fails to open.
/// ``FontFace`` holds the platform's concrete type (``PlatformFontFace``), so rendering a glyph is a
/// direct call, not a dynamic one.
package protocol FontRasterizing: AnyObject, Sendable {
    /// Opens face `index` of the font file at `path`, sized to `pixelSize` pixels per em.
    init(contentsOf path: String, index: Int, pixelSize: Int) throws(FontError)
    /// The family name (`DejaVu Sans`).
    var familyName: String { get }
    /// The style name (`Book`).
    var styleName: String { get }
    /// The PostScript name, when the font has one.
    var postScriptName: String? { get }
    /// Whether the font maps `codePoint` to a glyph.
    func hasGlyph(_ codePoint: UInt32) -> Bool
    /// Every code point the font's character map covers, ascending.
    var codePoints: [UInt32] { get }
    /// The unhinted, antialiased rendering of `codePoint`, or nil when the font has no glyph for it.
    func render(_ codePoint: UInt32) -> RenderedGlyph?
    /// Opens face `index` of a font file's bytes (kept by the face), sized to `pixelSize` pixels per em;
    /// `name` says where the bytes came from in errors.
    init(data: Data, name: String, index: Int, pixelSize: Int) throws(FontError)
    /// The antialiased rendering of the glyph with index `glyphIndex` (not a code point), hinted as
    /// FreeType's default load does (MapLibre Native's rendering of shaped glyphs) or not; `advance` is
    /// FreeType's `horiAdvance`. Nil when the font has no such glyph.
    func render(glyphIndex: UInt32, hinted: Bool) -> RenderedGlyph?
}

#if os(Linux) && FreeType
/// This build's font discovery: fontconfig.
package typealias PlatformFontDiscovery = FontconfigDiscovery
/// This build's font rasteriser: FreeType.
package typealias PlatformFontFace = FreeTypeFace
#else
/// This build's font discovery: none (the `FreeType` trait is off, or the platform has no implementation yet).
package typealias PlatformFontDiscovery = UnavailableFontDiscovery
/// This build's font rasteriser: none.
package typealias PlatformFontFace = UnavailableFontFace
#endif
