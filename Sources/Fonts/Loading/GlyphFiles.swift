import Foundation
import MapStyle
package import TileSources

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
    /// Why a font's first missing range could not be had (its URL and what went wrong), by font name. Guarded by `lock`.
    private var failures: [String: String] = [:]
    /// One sentence per font stack none of whose files could be read, in the order they were met. Guarded by `lock`.
    private var stackProblems: [String] = []
    private var reportedStacks: Set<[String]> = []

    package init(template: String, reader: ResourceReader) {
        self.template = template
        self.reader = reader
    }

    /// The font stacks whose glyph files could not be read (404, unreadable, not a glyph PBF), one
    /// sentence each naming the stack and the first URL that failed; a stack is named once, however
    /// many ranges or labels asked for it.
    package var problems: [String] { lock.withLock { stackProblems } }

    package func glyphs(fontStack: [String], range: Int) -> [UInt32: Glyph] {
        guard range >= 0, range < 256 else { return [:] }
        let joinedName = fontStack.joined(separator: ",")
        if let joined = file(font: joinedName, range: range) { return joined }
        var merged: [UInt32: Glyph] = [:]
        var found = false
        for font in fontStack {
            guard let set = file(font: font, range: range) else { continue }
            found = true
            merged.merge(set) { first, _ in first }
        }
        if !found { report(fontStack, failure: lock.withLock { failures[fontStack.first ?? joinedName] ?? failures[joinedName] }) }
        return merged
    }

    private func report(_ stack: [String], failure: String?) {
        lock.withLock {
            guard reportedStacks.insert(stack).inserted else { return }
            stackProblems.append("font stack \"\(stack.joined(separator: ", "))\": \(failure ?? "no glyph file")")
        }
    }

    private func file(font: String, range: Int) -> [UInt32: Glyph]? {
        if let cached = lock.withLock({ ranges[font]?[range] }) { return cached }
        let (loaded, failure) = load(font: font, range: range)
        lock.withLock {
            ranges[font, default: [:]][range] = .some(loaded)
            if let failure, failures[font] == nil { failures[font] = failure }
        }
        return loaded
    }

    private func load(font: String, range: Int) -> ([UInt32: Glyph]?, failure: String?) {
        // over HTTP the font stack is a path segment: spaces and commas are percent-encoded
        let address = ResourceURLs.glyphs(template: template, fontStack: font, rangeStart: range * 256)
        let data: Data?
        do {
            data = try reader.data(address, kind: .glyphs)
        } catch {
            return (nil, "\(address): \(error.message)")
        }
        guard let data else { return (nil, "\(address) is not found") }
        do {
            return (try GlyphPBF.decode(data), nil)
        } catch {
            return (nil, "\(address) is not a glyph PBF (\(error))")
        }
    }
}
