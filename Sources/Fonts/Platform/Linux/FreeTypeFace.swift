#if os(Linux) && FreeType
package import Foundation
import CMercatorFreeType

/// One face of a font file through FreeType (Linux, the `FreeType` trait).
///
/// FreeType is not thread-safe per face, so every use of the face is serialised by a lock; the
/// class is otherwise immutable.
package final class FreeTypeFace: FontRasterizing, @unchecked Sendable {
    package let familyName: String
    package let styleName: String
    package let postScriptName: String?

    private let lock = NSLock()
    private var library: FT_Library?
    private var face: FT_Face?
    /// The font file's bytes for a face opened from memory (FreeType reads them for as long as the face lives).
    private var bytes: UnsafeMutableRawBufferPointer?

    package init(contentsOf path: String, index: Int, pixelSize: Int) throws(FontError) {
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

    package init(data: Data, name: String, index: Int, pixelSize: Int) throws(FontError) {
        guard !data.isEmpty, data.count < Int(Int32.max) else { throw .notAFont(path: name, code: 0) }
        var lib: FT_Library?
        let initCode = FT_Init_FreeType(&lib)
        guard initCode == 0, let lib else { throw .freeTypeUnavailable(code: initCode) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 8)
        data.copyBytes(to: buffer)
        var opened: FT_Face?
        let openCode = FT_New_Memory_Face(lib, buffer.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(data.count), FT_Long(index), &opened)
        guard openCode == 0, let opened else {
            FT_Done_FreeType(lib)
            buffer.deallocate()
            throw .notAFont(path: name, code: openCode)
        }
        // MapLibre Native: FT_Set_Char_Size(face, 0, 24 * 64, 72, 72)
        let sizeCode = FT_Set_Char_Size(opened, 0, FT_F26Dot6(pixelSize * 64), 72, 72)
        guard sizeCode == 0 else {
            FT_Done_Face(opened)
            FT_Done_FreeType(lib)
            buffer.deallocate()
            throw .unscalable(path: name, code: sizeCode)
        }
        library = lib
        face = opened
        bytes = buffer
        familyName = opened.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = opened.pointee.style_name.map { String(cString: $0) } ?? ""
        postScriptName = FT_Get_Postscript_Name(opened).map { String(cString: $0) }
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
        bytes?.deallocate()
    }

    package func render(glyphIndex: UInt32, hinted: Bool) -> RenderedGlyph? {
        lock.withLock { () -> RenderedGlyph? in
            guard let face, glyphIndex < UInt32(face.pointee.num_glyphs) else { return nil }
            let flags = hinted ? Int32(FT_LOAD_DEFAULT) : Int32(FT_LOAD_DEFAULT) | Int32(FT_LOAD_NO_HINTING)
            guard FT_Load_Glyph(face, glyphIndex, flags) == 0, let slot = face.pointee.glyph else { return nil }
            let advance = Double(slot.pointee.metrics.horiAdvance) / 64
            return rendered(slot, advance: advance)
        }
    }

    /// The slot's glyph rendered to 8-bit coverage (the lock is held).
    private func rendered(_ slot: FT_GlyphSlot, advance: Double) -> RenderedGlyph? {
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0, let face else { return nil }
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

    package func hasGlyph(_ codePoint: UInt32) -> Bool {
        lock.withLock { face.map { FT_Get_Char_Index($0, FT_ULong(codePoint)) != 0 } ?? false }
    }

    package var codePoints: [UInt32] {
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

    /// The unhinted, antialiased rendering of `codePoint` as node-fontnik takes it.
    package func render(_ codePoint: UInt32) -> RenderedGlyph? {
        lock.withLock { () -> RenderedGlyph? in
            guard let face else { return nil }
            let glyphIndex = FT_Get_Char_Index(face, FT_ULong(codePoint))
            guard glyphIndex != 0 else { return nil }
            guard FT_Load_Glyph(face, glyphIndex, Int32(FT_LOAD_DEFAULT) | Int32(FT_LOAD_NO_HINTING)) == 0,
                  let slot = face.pointee.glyph else { return nil }
            return rendered(slot, advance: Double(slot.pointee.advance.x) / 64)
        }
    }
}

#endif
