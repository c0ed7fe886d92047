import Foundation

/// Where the values of one JSON text start, found on demand (``JSONDocument/location(of:)``):
/// a scan per look-up for the first ``scansBeforeTable`` look-ups, then one table of every value.
package final class JSONLocationIndex: @unchecked Sendable {
    /// Look-ups answered by a scan of their own before the table is built: at most four extra passes over the text.
    package static let scansBeforeTable = 4

    private let lock = NSLock()
    private var lookups = 0
    private var table: [JSONPath: SourceLocation]?

    /// Where the value at `path` starts in `text` (its first occurrence), if the path exists.
    package func location(of path: JSONPath, in text: [UInt8]) -> SourceLocation? {
        lock.lock()
        defer { lock.unlock() }
        if let table { return table[path] }
        lookups += 1
        if lookups <= Self.scansBeforeTable {
            return text.withUnsafeBufferPointer { b in
                var found: Int?
                JSONPathScanner.forEachValue(in: b) { p, offset in
                    if found == nil, p == path { found = offset }
                }
                return found.map { SourceLocation(offset: $0, in: b) }
            }
        }
        let built = Self.table(of: text)
        table = built
        return built[path]
    }

    /// Every value's start, keyed by path (the first occurrence of a repeated path).
    package static func table(of text: [UInt8]) -> [JSONPath: SourceLocation] {
        var table: [JSONPath: SourceLocation] = [:]
        text.withUnsafeBufferPointer { b in
            var line = 1
            var lineStart = 0
            var scanned = 0
            JSONPathScanner.forEachValue(in: b) { path, offset in
                // Offsets arrive in increasing order: advance the line counter incrementally.
                while scanned < offset {
                    if b[scanned] == 0x0A {
                        line += 1
                        lineStart = scanned + 1
                    }
                    scanned += 1
                }
                if table[path] == nil {
                    table[path] = SourceLocation(offset: offset, line: line, column: offset - lineStart + 1)
                }
            }
        }
        return table
    }
}
