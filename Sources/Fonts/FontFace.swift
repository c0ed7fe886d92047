import Foundation
#if canImport(CMercatorFreeType)
import CMercatorFreeType

/// An open TrueType or OpenType font file (one face of it), sized at the glyph PBFs' 24 px.
///
/// FreeType is not thread-safe per face, so every use of the face is serialised by a lock; the
/// class is otherwise immutable.
public final class FontFace: @unchecked Sendable {
    /// The file the face was read from.
    public let path: String
    /// The face's index in the file (collections hold several).
    public let index: Int
    /// The family name (`DejaVu Sans`).
    public let familyName: String
    /// The style name (`Book`, `Bold`…).
    public let styleName: String
    /// The PostScript name (`DejaVuSans`), when the font has one.
    public let postScriptName: String?
    /// The pixel size glyphs are rendered at (node-fontnik's 24).
    public let pixelSize: Int

    private let lock = NSLock()
    private var library: FT_Library?
    private var face: FT_Face?

    /// Opens face `index` of the font file at `path`, sized to `pixelSize` pixels per em.
    public init(contentsOf path: String, index: Int = 0, pixelSize: Int = 24) throws(FontError) {
        self.path = path
        self.index = index
        self.pixelSize = pixelSize
        guard FileManager.default.isReadableFile(atPath: path) else { throw .unreadable(path: path) }
        var lib: FT_Library?
        let initCode = FT_Init_FreeType(&lib)
        guard initCode == 0, let lib else { throw .freeTypeUnavailable(code: initCode) }
        var opened: FT_Face?
        let openCode = FT_New_Face(lib, path, index, &opened)
        guard openCode == 0, let opened else {
            FT_Done_FreeType(lib)
            throw .notAFont(path: path, code: openCode)
        }
        // node-fontnik: FT_Set_Char_Size(face, 0, size * 64, 0, 0), i.e. 24 px at 72 dpi
        let sizeCode = FT_Set_Char_Size(opened, FT_F26Dot6(pixelSize * 64), 0, 72, 72)
        guard sizeCode == 0 else {
            FT_Done_Face(opened)
            FT_Done_FreeType(lib)
            throw .unscalable(path: path, code: sizeCode)
        }
        library = lib
        face = opened
        familyName = opened.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = opened.pointee.style_name.map { String(cString: $0) } ?? ""
        postScriptName = FT_Get_Postscript_Name(opened).map { String(cString: $0) }
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// The name a glyph server would use for this face: family and style (`DejaVu Sans Book`).
    public var displayName: String { styleName.isEmpty ? familyName : "\(familyName) \(styleName)" }

    /// Whether the font maps `codePoint` to a glyph.
    public func hasGlyph(_ codePoint: UInt32) -> Bool {
        lock.withLock { face.map { FT_Get_Char_Index($0, FT_ULong(codePoint)) != 0 } ?? false }
    }

    /// Every code point the font's character map covers, ascending.
    public var codePoints: [UInt32] {
        lock.withLock {
            guard let face else { return [] }
            var out: [UInt32] = []
            var glyphIndex: FT_UInt = 0
            var code = FT_Get_First_Char(face, &glyphIndex)
            while glyphIndex != 0 {
                if code <= 0x10FFFF { out.append(UInt32(code)) }
                code = FT_Get_Next_Char(face, code, &glyphIndex)
            }
            return out.sorted()
        }
    }

    /// The unhinted, antialiased rendering of `codePoint` as node-fontnik takes it, or nil when
    /// the font has no glyph for it.
    func render(_ codePoint: UInt32) -> RenderedGlyph? {
        lock.withLock { () -> RenderedGlyph? in
            guard let face else { return nil }
            let glyphIndex = FT_Get_Char_Index(face, FT_ULong(codePoint))
            guard glyphIndex != 0 else { return nil }
            guard FT_Load_Glyph(face, glyphIndex, Int32(FT_LOAD_DEFAULT) | Int32(FT_LOAD_NO_HINTING)) == 0,
                  let slot = face.pointee.glyph else { return nil }
            let advance = Double(slot.pointee.advance.x) / 64
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
            let bitmap = slot.pointee.bitmap
            let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
            var coverage = [UInt8](repeating: 0, count: width * rows)
            if width > 0, rows > 0, let buffer = bitmap.buffer {
                for y in 0..<rows {
                    // a negative pitch means the rows run bottom-up in memory
                    let row = pitch >= 0 ? buffer + y * pitch : buffer + (rows - 1 - y) * -pitch
                    for x in 0..<width { coverage[y * width + x] = row[x] }
                }
            }
            let ascender = Double(face.pointee.size.pointee.metrics.ascender) / 64
            return RenderedGlyph(advance: advance, width: width, height: rows, left: Int(slot.pointee.bitmap_left),
                                 bitmapTop: Int(slot.pointee.bitmap_top), ascender: ascender, coverage: coverage)
        }
    }
}

#else
/// An open TrueType or OpenType font file. Without FreeType (Apple platforms, for now) no font opens.
public final class FontFace: @unchecked Sendable {
    /// The file the face was read from.
    public let path: String
    /// The face's index in the file.
    public let index: Int
    /// The family name.
    public let familyName = ""
    /// The style name.
    public let styleName = ""
    /// The PostScript name.
    public let postScriptName: String? = nil
    /// The pixel size glyphs are rendered at.
    public let pixelSize: Int

    /// Always throws ``FontError/freeTypeUnavailable(code:)`` on this platform.
    public init(contentsOf path: String, index: Int = 0, pixelSize: Int = 24) throws(FontError) {
        self.path = path
        self.index = index
        self.pixelSize = pixelSize
        throw .freeTypeUnavailable(code: -1)
    }

    /// The name a glyph server would use for this face.
    public var displayName: String { familyName }
    /// Whether the font maps `codePoint` to a glyph.
    public func hasGlyph(_ codePoint: UInt32) -> Bool { false }
    /// Every code point the font covers.
    public var codePoints: [UInt32] { [] }
    func render(_ codePoint: UInt32) -> RenderedGlyph? { nil }
}
#endif

/// One glyph as FreeType renders it: 8-bit coverage and the metrics node-fontnik reads.
struct RenderedGlyph: Sendable {
    /// The pen advance in pixels (unrounded).
    var advance: Double
    var width: Int
    var height: Int
    var left: Int
    /// From the baseline up to the bitmap's top row.
    var bitmapTop: Int
    /// The size's ascender in pixels.
    var ascender: Double
    /// `width * height` bytes, row-major, top row first.
    var coverage: [UInt8]
}
