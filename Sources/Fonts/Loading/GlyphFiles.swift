import Foundation
import MapStyle
import TileSources

/// Glyph PBFs named by a style's `glyphs` URL template (`{fontstack}`, `{range}`), read from local
/// files or over HTTP(S) (``ResourceReader``) and kept once read.
///
/// A font stack is asked for as one name (`Open Sans Semibold,Arial Unicode MS Bold`, as MapLibre
/// asks a glyph server); when there is no such file, each font is read on its own and the first
/// font with a glyph provides it.
package final class GlyphFiles: GlyphProvider, @unchecked Sendable {
    package let template: String
    private let reader: ResourceReader
    private let lock = NSLock()
    /// Decoded ranges by font name and range; nil when there is no file. Guarded by `lock`.
    private var ranges: [String: [Int: [UInt32: Glyph]?]] = [:]

    package init(template: String, reader: ResourceReader) {
        self.template = template
        self.reader = reader
    }

    package func glyphs(fontStack: [String], range: Int) -> [UInt32: Glyph] {
        guard range >= 0, range < 256 else { return [:] }
        if let joined = file(font: fontStack.joined(separator: ","), range: range) { return joined }
        var merged: [UInt32: Glyph] = [:]
        for font in fontStack {
            guard let set = file(font: font, range: range) else { continue }
            merged.merge(set) { first, _ in first }
        }
        return merged
    }

    private func file(font: String, range: Int) -> [UInt32: Glyph]? {
        if let cached = lock.withLock({ ranges[font]?[range] }) { return cached }
        let loaded = load(font: font, range: range)
        lock.withLock { ranges[font, default: [:]][range] = .some(loaded) }
        return loaded
    }

    private func load(font: String, range: Int) -> [UInt32: Glyph]? {
        // over HTTP the font stack is a path segment: spaces and commas are percent-encoded
        let address = ResourceURLs.glyphs(template: template, fontStack: font, rangeStart: range * 256)
        guard let data = try? reader.data(address, kind: .glyphs) else { return nil }
        return try? GlyphPBF.decode(data)
    }
}
