package import Foundation
import Tiling

/// Why a glyph PBF could not be read.
package struct GlyphDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String
    package var description: String { "glyph PBF: \(message)" }
}

/// Reads glyph PBFs (`glyphs.proto`: fontstacks of glyphs) as MapLibre serves them per 256-code-point range.
package enum GlyphPBF {
    /// The glyphs of every font stack in `data`, by code point (a later stack does not replace an earlier glyph).
    package static func decode(_ data: Data) throws(GlyphDecodingError) -> [UInt32: Glyph] {
        let bytes = [UInt8](data)
        var out: [UInt32: Glyph] = [:]
        do {
            try bytes.withUnsafeBufferPointer { (buffer) throws(VectorTileError) in
                var root = ProtobufReader(buffer, from: 0, to: buffer.count)
                while !root.isAtEnd {
                    let keyOffset = root.position
                    let (field, wire) = try root.key()
                    guard field == 1, wire == 2 else {
                        try root.skip(wire: wire, field: field, keyOffset: keyOffset)
                        continue
                    }
                    let stack = try root.lengthDelimited()
                    var reader = ProtobufReader(buffer, from: stack.lowerBound, to: stack.upperBound)
                    while !reader.isAtEnd {
                        let offset = reader.position
                        let (f, w) = try reader.key()
                        guard f == 3, w == 2 else {
                            try reader.skip(wire: w, field: f, keyOffset: offset)
                            continue
                        }
                        let range = try reader.lengthDelimited()
                        if let glyph = try Self.glyph(buffer, range), out[glyph.codePoint] == nil { out[glyph.codePoint] = glyph }
                    }
                }
            }
        } catch {
            throw GlyphDecodingError(message: "\(error)")
        }
        return out
    }

    /// The glyph messages of a glyph PBF as they are written, with their code points, in file order (reading
    /// stops at malformed bytes): a glyph server combines a font stack's PBFs from them without decoding the bitmaps.
    package static func glyphMessages(in bytes: [UInt8]) -> [(id: UInt32, bytes: ArraySlice<UInt8>)] {
        bytes.withUnsafeBufferPointer { buffer in
            var out: [(id: UInt32, bytes: ArraySlice<UInt8>)] = []
            for stack in fields(buffer, 0..<buffer.count) where stack.field == 1 {
                for glyph in fields(buffer, stack.range) where glyph.field == 3 {
                    var reader = ProtobufReader(buffer, from: glyph.range.lowerBound, to: glyph.range.upperBound)
                    var id: UInt32 = 0
                    while !reader.isAtEnd {
                        let offset = reader.position
                        guard let (field, wire) = try? reader.key() else { break }
                        if field == 1, wire == 0 {
                            id = UInt32(truncatingIfNeeded: (try? reader.varint()) ?? 0)
                            break
                        }
                        guard (try? reader.skip(wire: wire, field: field, keyOffset: offset)) != nil else { break }
                    }
                    out.append((id, bytes[glyph.range]))
                }
            }
            return out
        }
    }

    /// The length-delimited fields of a message in `range` (other wire types skipped).
    private static func fields(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [(field: Int, range: Range<Int>)] {
        var reader = ProtobufReader(buffer, from: range.lowerBound, to: range.upperBound)
        var out: [(field: Int, range: Range<Int>)] = []
        while !reader.isAtEnd {
            let offset = reader.position
            guard let (field, wire) = try? reader.key() else { break }
            if wire == 2 {
                guard let r = try? reader.lengthDelimited() else { break }
                out.append((field, r))
            } else if (try? reader.skip(wire: wire, field: field, keyOffset: offset)) == nil {
                break
            }
        }
        return out
    }

    private static func glyph(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(VectorTileError) -> Glyph? {
        var reader = ProtobufReader(buffer, from: range.lowerBound, to: range.upperBound)
        var id: UInt64?, width = 0, height = 0, left = 0, top = 0, advance = 0
        var bitmap: [UInt8] = []
        while !reader.isAtEnd {
            let offset = reader.position
            let (field, wire) = try reader.key()
            switch (field, wire) {
            case (1, 0): id = try reader.varint()
            case (2, 2):
                let r = try reader.lengthDelimited()
                bitmap = Array(buffer[r])
            case (3, 0): width = Int(min(try reader.varint(), 1024))
            case (4, 0): height = Int(min(try reader.varint(), 1024))
            case (5, 0): left = Int(zigzag32(try reader.varint()))
            case (6, 0): top = Int(zigzag32(try reader.varint()))
            case (7, 0): advance = Int(min(try reader.varint(), 4096))
            default: try reader.skip(wire: wire, field: field, keyOffset: offset)
            }
        }
        guard let id, id <= 0x10FFFF else { return nil }
        return Glyph(codePoint: UInt32(id), width: width, height: height, left: left, top: top, advance: advance, bitmap: bitmap)
    }
}
