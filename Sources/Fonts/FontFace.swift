package import Foundation

/// An open TrueType or OpenType font file (one face of it), sized at the glyph PBFs' 24 px.
///
/// Rendered by the platform's ``FontRasterizing`` implementation (FreeType on Linux, the `FreeType`
/// trait); in a build without one, opening a face throws ``FontError/notAvailable(_:)``.
package final class FontFace: Sendable {
    /// The file the face was read from.
    package let path: String
    /// The face's index in the file (collections hold several).
    package let index: Int
    /// The pixel size glyphs are rendered at (node-fontnik's 24).
    package let pixelSize: Int
    /// The platform's face (a concrete type: rendering a glyph is a direct call).
    let backend: PlatformFontFace

    /// Opens face `index` of the font file at `path`, sized to `pixelSize` pixels per em.
    package init(contentsOf path: String, index: Int = 0, pixelSize: Int = 24) throws(FontError) {
        self.path = path
        self.index = index
        self.pixelSize = pixelSize
        backend = try PlatformFontFace(contentsOf: path, index: index, pixelSize: pixelSize)
    }

    /// Opens face `index` of a font file's bytes (a style's `font-faces` file read from its URL), sized to
    /// `pixelSize` pixels per em; `name` (the URL) stands for the path in errors.
    package init(data: Data, name: String, index: Int = 0, pixelSize: Int = 24) throws(FontError) {
        self.path = name
        self.index = index
        self.pixelSize = pixelSize
        backend = try PlatformFontFace(data: data, name: name, index: index, pixelSize: pixelSize)
    }

    /// The family name (`DejaVu Sans`).
    package var familyName: String { backend.familyName }
    /// The style name (`Book`, `Bold`…).
    package var styleName: String { backend.styleName }
    /// The PostScript name (`DejaVuSans`), when the font has one.
    package var postScriptName: String? { backend.postScriptName }

    /// The name a glyph server would use for this face: family and style (`DejaVu Sans Book`).
    package var displayName: String { styleName.isEmpty ? familyName : "\(familyName) \(styleName)" }

    /// Whether the font maps `codePoint` to a glyph.
    package func hasGlyph(_ codePoint: UInt32) -> Bool { backend.hasGlyph(codePoint) }

    /// Every code point the font's character map covers, ascending.
    package var codePoints: [UInt32] { backend.codePoints }

    /// The unhinted, antialiased rendering of `codePoint` as node-fontnik takes it, or nil when
    /// the font has no glyph for it.
    func render(_ codePoint: UInt32) -> RenderedGlyph? { backend.render(codePoint) }

    /// The rendering of glyph index `glyphIndex` (a shaped glyph), hinted by FreeType's default load as
    /// MapLibre Native renders shaped glyphs, or not.
    func render(glyphIndex: UInt32, hinted: Bool = true) -> RenderedGlyph? { backend.render(glyphIndex: glyphIndex, hinted: hinted) }
}

/// One glyph as FreeType renders it: 8-bit coverage and the metrics node-fontnik reads.
package struct RenderedGlyph: Sendable {
    /// The pen advance in pixels (unrounded).
    package var advance: Double
    package var width: Int
    package var height: Int
    package var left: Int
    /// From the baseline up to the bitmap's top row.
    package var bitmapTop: Int
    /// The size's ascender in pixels.
    package var ascender: Double
    /// `width * height` bytes, row-major, top row first.
    package var coverage: [UInt8]

    /// A rendered glyph from its parts.
    package init(advance: Double, width: Int, height: Int, left: Int, bitmapTop: Int, ascender: Double, coverage: [UInt8]) {
        self.advance = advance
        self.width = width
        self.height = height
        self.left = left
        self.bitmapTop = bitmapTop
        self.ascender = ascender
        self.coverage = coverage
    }
}
