import Fonts
import Foundation

/// Glyph PBFs made from the fonts installed on this machine (fontconfig, the `FreeType` trait), converted
/// as `mercator glyphs` converts a font file (node-fontnik's metrics), for `/fonts` when the fonts folder
/// has none of a stack's fonts: the stack's installed fonts, else (when asked) the system's substitute for
/// its first name, as the renderer draws the same labels. Each converted range is kept (bounded).
final class InstalledFontPBFs: @unchecked Sendable {
    /// The process's converted ranges (the rasterized glyphs behind them are shared with every map).
    static let shared = InstalledFontPBFs()

    private let glyphs = InstalledFontGlyphs(options: ClientFontOptions())
    private let lock = NSLock()
    /// Guarded by `lock`: encoded PBFs by stack and range, and their total size.
    private var cache: [String: Data] = [:]
    private var cachedBytes = 0
    /// The most bytes of encoded PBFs kept (a range of a Latin font is 20-80 kB).
    static let cacheLimit = 64 << 20

    /// The PBF of `range` (0-255: code points `range * 256` to `range * 256 + 255`) for `stack`; nil when no
    /// installed font has a glyph there, when no font of the stack is installed and `substitute` is false (else
    /// the system's substitute answers), or when this build reads no installed fonts.
    func pbf(stack: [String], range: Int, substitute: Bool = true) -> Data? {
        guard PlatformFeature.installedFonts.isAvailable, (0..<256).contains(range) else { return nil }
        guard substitute || stack.contains(where: { SystemFonts.font(named: $0) != nil }) else { return nil }
        let key = "\(stack.joined(separator: ","))/\(range)"
        if let cached = lock.withLock({ cache[key] }) { return cached }
        let set = glyphs.glyphs(fontStack: stack, range: range)
        guard !set.isEmpty else { return nil }
        let data = GlyphPBFEncoder.encode(Array(set.values), fontStack: stack.joined(separator: ", "), range: range)
        lock.withLock {
            if cachedBytes + data.count > Self.cacheLimit { cache.removeAll(); cachedBytes = 0 }
            if cache.updateValue(data, forKey: key) == nil { cachedBytes += data.count }
        }
        return data
    }

    /// The names `/fonts` answers to from installed fonts: each installed face's first full name
    /// (`DejaVu Sans Bold`), sorted; empty in a build without installed fonts.
    static var names: [String] {
        guard PlatformFeature.installedFonts.isAvailable else { return [] }
        return Array(Set(SystemFonts.installed.compactMap { $0.fullNames.first ?? $0.families.first })).sorted()
    }
}
