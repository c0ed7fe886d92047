/// A path to a value inside a JSON document, printed the way users read it:
/// `features[12].geometry.coordinates[0][3]`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step: an object member or an array element.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) { self.components = components }

    /// The root path (empty).
    public static let root = JSONPath()

    /// This path extended by one member key.
    public func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
    /// This path extended by one array index.
    public func appending(_ index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

    /// `features[12].geometry`; a key that is not a plain identifier is quoted (`["a b"]`);
    /// the root prints as an empty string.
    public var description: String {
        var out = ""
        for c in components {
            switch c {
            case .index(let i): out += "[\(i)]"
            case .key(let k):
                if Self.isPlainIdentifier(k) {
                    if !out.isEmpty { out += "." }
                    out += k
                } else {
                    out += "[\"\(k)\"]"
                }
            }
        }
        return out
    }

    private static func isPlainIdentifier(_ k: String) -> Bool {
        guard let first = k.utf8.first, !(first >= 0x30 && first <= 0x39) else { return false }
        return k.utf8.allSatisfy { c in
            (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F
                || c == 0x2D || c == 0x24 || c == 0x40 || c == 0x3A
        }
    }
}

/// A position in source text: byte offset (0-based), line and column (1-based; column counts bytes).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var offset: Int
    public var line: Int
    public var column: Int

    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// Computes line and column of `offset` in `bytes`.
    package init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        var i = 0
        while i < end {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        self.init(offset: offset, line: line, column: offset - lineStart + 1)
    }

    public var description: String { "line \(line), column \(column) (byte \(offset))" }
}
