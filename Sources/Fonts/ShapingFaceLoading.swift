package import Foundation

/// Why a font file could not become a face that shapes complex scripts.
package enum ShapingFaceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// HarfBuzz is missing, or it cannot read the file.
    case shaping(TextShapingError)
    /// FreeType is missing from this build, or it cannot read the file.
    case rasterizing(FontError)

    package var description: String {
        switch self {
        case .shaping(let e): return "\(e)"
        case .rasterizing(.notAvailable(let e)): return "\(e): shaped glyphs are drawn with FreeType"
        case .rasterizing(let e): return "\(e)"
        }
    }
}

/// Draws a font's glyphs by glyph index through FreeType, with MapLibre Native's metrics for shaped glyphs.
struct FaceGlyphRasterizer: GlyphIDRasterizing {
    let face: FontFace
    let rasterizer = GlyphRasterizer()

    func sdfGlyph(id: UInt32) -> Glyph? { rasterizer.shapedGlyph(id, in: face) }
}

extension ShapingFace {
    /// A face that shapes text with HarfBuzz (24 px, as MapLibre Native's HarfBuzz font over a FreeType
    /// face of that size) and draws its glyph ids with FreeType, from a font file's bytes. `source` (the
    /// face's URL or path) names it in errors.
    ///
    /// - Throws: ``ShapingFaceError`` when HarfBuzz is not installed, the build has no FreeType (the
    ///   `FreeType` trait), or the bytes are not a font face either can read.
    package static func open(data: Data, source: String, index: Int = 0) throws(ShapingFaceError) -> ShapingFace {
        let font: HarfBuzzFont
        do {
            font = try HarfBuzzFont(fontData: data, index: index, pixelsPerEm: 24)
        } catch {
            throw .shaping(error)
        }
        let face: FontFace
        do {
            face = try FontFace(data: data, name: source, index: index, pixelSize: 24)
        } catch {
            throw .rasterizing(error)
        }
        return ShapingFace(source: source, font: font, rasterizer: FaceGlyphRasterizer(face: face))
    }
}
