import Foundation

/// The process's opened installed fonts and the glyph ranges rasterized from them, so that maps
/// made one after another do not open and rasterize the same font again.
final class InstalledFaces: @unchecked Sendable {
    static let shared = InstalledFaces()

    private let lock = NSLock()
    private let rasterizer = GlyphRasterizer()
    /// Guarded by `lock`: faces by path and index (nil when the file would not open).
    private var faces: [String: FontFace?] = [:]
    /// Guarded by `lock`: rasterized ranges by face key and range.
    private var ranges: [String: [Int: [UInt32: Glyph]]] = [:]

    /// The glyphs of `range` in `font`; empty when it has none or cannot be opened.
    func glyphs(_ font: InstalledFont, range: Int) -> [UInt32: Glyph] {
        let key = "\(font.path)#\(font.index)"
        if let cached = lock.withLock({ ranges[key]?[range] }) { return cached }
        guard let face = face(font, key: key) else { return [:] }
        let set = rasterizer.glyphs(range: range, in: face)
        lock.withLock { ranges[key, default: [:]][range] = set }
        return set
    }

    private func face(_ font: InstalledFont, key: String) -> FontFace? {
        if let cached = lock.withLock({ faces[key] }) { return cached }
        let opened = try? font.open()
        lock.withLock { faces[key] = .some(opened) }
        return opened
    }
}
