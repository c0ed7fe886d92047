import CMercatorHarfBuzz
import Foundation

/// Draws a font's glyphs by glyph id as the SDF ``Glyph``s labels use (FreeType in the `Fonts` module),
/// with MapLibre Native's metrics for shaped glyphs: rendered at 24 px, `top` from the bitmap top less
/// 27, `advance` FreeType's.
package protocol GlyphIDRasterizing: Sendable {
    /// The glyph with index `id` in the font, or nil when the font has none (or it cannot be rendered).
    func sdfGlyph(id: UInt32) -> Glyph?
}

/// One glyph of a shaped run, placed in pixels at 24 px (the glyph PBFs' size), y down: the glyph's
/// index in its font, the UTF-16 offset of its cluster in the run, and its advance and offset.
package struct FaceGlyph: Sendable, Hashable {
    package var glyphID: UInt32
    package var cluster: Int
    package var advance: Double
    package var xOffset: Double
    package var yOffset: Double

    package init(glyphID: UInt32, cluster: Int, advance: Double, xOffset: Double, yOffset: Double) {
        self.glyphID = glyphID
        self.cluster = cluster
        self.advance = advance
        self.xOffset = xOffset
        self.yOffset = yOffset
    }
}

/// A font face that draws part of a font stack's characters (a style's `font-faces` entry, or an
/// installed font): text in it is shaped by HarfBuzz into glyph ids, and each glyph id drawn from the
/// face's own outlines. Shaped runs and SDF glyphs are cached per face (shared by every label and
/// snapshot of the maps that use it); safe to use from several threads.
package final class ShapingFace: @unchecked Sendable {
    /// Where the face came from (its URL, or the installed font's path), for messages.
    package let source: String
    private let font: HarfBuzzFont
    private let rasterizer: any GlyphIDRasterizing
    private let lock = NSLock()
    /// Guarded by `lock`: shaped runs by text, script and direction.
    private var runs: [RunKey: [FaceGlyph]] = [:]
    /// Guarded by `lock`: SDF glyphs by glyph id (nil: the font has none).
    private var glyphs: [UInt32: Glyph?] = [:]
    /// Guarded by `lock`: HarfBuzz's output buffer, reused (lent to one shaping at a time).
    private var scratch: [mercator_hb_glyph] = []
    /// Cached runs at most (a map's labels repeat; a long session must not grow without bound).
    private static let runLimit = 16_384

    private struct RunKey: Hashable {
        var units: [UInt16]
        var script: UInt32
        var rightToLeft: Bool
    }

    /// A face shaped with `font` (opened at 24 pixels per em: ``HarfBuzzFont/init(fontData:index:pixelsPerEm:)``)
    /// and drawn by `rasterizer`.
    package init(source: String, font: HarfBuzzFont, rasterizer: any GlyphIDRasterizing) {
        self.source = source
        self.font = font
        self.rasterizer = rasterizer
    }

    /// The glyphs of `units` (one run: one script, one direction) in visual order, placed in pixels at
    /// 24 px; empty when HarfBuzz cannot shape it.
    package func shape(_ units: [UInt16], script: UInt32, rightToLeft: Bool) -> [FaceGlyph] {
        let key = RunKey(units: units, script: script, rightToLeft: rightToLeft)
        if let cached = lock.withLock({ runs[key] }) { return cached }
        // shaped outside the lock (a HarfBuzz font shapes from several threads at once), into a buffer
        // taken from the face when no other thread holds it
        var buffer = lock.withLock { () -> [mercator_hb_glyph] in
            defer { scratch = [] }
            return scratch
        }
        let unit = font.pixelsPerEm.map { 24 / Double($0) / 64 } ?? 24 / Double(font.unitsPerEm)
        let ok = units.withUnsafeBufferPointer { text in
            font.shape(text, start: 0, count: text.count, script: script, direction: rightToLeft ? .rightToLeft : .leftToRight,
                       into: &buffer)
        }
        var out: [FaceGlyph] = []
        if ok {
            out.reserveCapacity(buffer.count)
            for g in buffer {
                out.append(FaceGlyph(glyphID: g.glyph, cluster: Int(g.cluster), advance: Double(g.x_advance) * unit,
                                     xOffset: Double(g.x_offset) * unit, yOffset: -Double(g.y_offset) * unit))
            }
        }
        lock.withLock {
            if runs.count >= Self.runLimit { runs.removeAll(keepingCapacity: true) }
            runs[key] = out
            if buffer.capacity > scratch.capacity { scratch = buffer }
        }
        return out
    }

    /// The SDF glyph of glyph id `id`, rendered once; nil when the font has none.
    package func glyph(_ id: UInt32) -> Glyph? {
        if let cached = lock.withLock({ glyphs[id] }) { return cached }
        let made = rasterizer.sdfGlyph(id: id)
        lock.withLock { glyphs[id] = .some(made) }
        return made
    }
}

/// The faces that shape a map's complex scripts (the style's `font-faces`, installed fonts), by font stack.
package protocol ShapingFaceProviding: Sendable {
    /// The faces of `fontStack`, each with the code points it draws (sorted ranges), first match wins;
    /// empty when the stack has none.
    func faces(for fontStack: [String]) -> [(ranges: [ClosedRange<UInt32>], face: ShapingFace)]
}

/// How a map lays labels out beyond the glyph PBFs: the faces that shape complex scripts, and whether
/// lines of Thai, Lao, Khmer and Myanmar text (written without spaces between words) may break where
/// ICU's dictionaries find word boundaries.
package struct ComplexTextOptions: Sendable {
    /// The faces that shape complex scripts; nil when the map has none.
    package var faces: (any ShapingFaceProviding)?
    /// Whether `text-max-width` may break Thai, Lao, Khmer and Myanmar text at the word boundaries ICU's
    /// line break iterator finds (MapLibre breaks such text only at spaces: false draws it as MapLibre does).
    package var dictionaryLineBreaks: Bool

    package init(faces: (any ShapingFaceProviding)? = nil, dictionaryLineBreaks: Bool = true) {
        self.faces = faces
        self.dictionaryLineBreaks = dictionaryLineBreaks
    }
}
