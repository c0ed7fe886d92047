/// The characters MapLibre draws with a local ideographic font (`localIdeographFontFamily`):
/// CJK unified and compatibility ideographs, Hiragana, Katakana and Hangul syllables.
enum Ideographs {
    static let blocks: [ClosedRange<UInt32>] = [
        0x3040...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF,  // Hiragana, Katakana, Katakana phonetic extensions
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,  // CJK unified extension A, unified, compatibility
        0xAC00...0xD7AF,                                     // Hangul syllables
    ]

    static func contains(_ codePoint: UInt32) -> Bool { blocks.contains { $0.contains(codePoint) } }

    /// The ideographic code points of a 256-code-point range.
    static func codePoints(inRange range: Int) -> [UInt32] {
        let all = UInt32(range * 256)...UInt32(range * 256 + 255)
        guard blocks.contains(where: { $0.overlaps(all) }) else { return [] }
        return all.filter(contains)
    }
}
