/// A forgiving, iterative tokenizer that recovers JSON paths from byte offsets.
///
/// Parsers report errors as byte offsets only; when an error is reported, this scanner walks the
/// text once more up to that offset to name the value being read. It also lists every value's
/// start offset, for documents that need line numbers per value (style validation).
package enum JSONPathScanner {
    private struct Frame {
        package var isObject: Bool
        package var key: String?
        package var index = 0
        package var expectingKey: Bool
        package var hasValue = false
    }

    /// The path of the value being read at `offset`.
    package static func path(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> JSONPath {
        scan(bytes, upTo: offset + 1, reportValues: false) { _, _ in }
    }

    /// Calls `onValue(path, offset)` for the start of every value in the text.
    package static func forEachValue(in bytes: UnsafeBufferPointer<UInt8>, _ onValue: (JSONPath, Int) -> Void) {
        _ = scan(bytes, upTo: bytes.count, reportValues: true, onValue: onValue)
    }

    private static func currentPath(_ stack: [Frame]) -> JSONPath {
        var comps: [JSONPath.Component] = []
        for f in stack {
            if f.isObject {
                if let k = f.key, !f.expectingKey { comps.append(.key(k)) } else { break }
            } else {
                guard f.hasValue else { break }
                comps.append(.index(f.index))
            }
        }
        return JSONPath(comps)
    }

    private static func scan(
        _ b: UnsafeBufferPointer<UInt8>, upTo limit: Int, reportValues: Bool, onValue: (JSONPath, Int) -> Void
    ) -> JSONPath {
        var stack: [Frame] = []
        let end = min(limit, b.count)
        var i = 0

        func valueStarts(at offset: Int) {
            if var top = stack.last, !top.isObject {
                top.hasValue = true
                stack[stack.count - 1] = top
            }
            if reportValues { onValue(currentPath(stack), offset) }
        }

        while i < end {
            let c = b[i]
            switch c {
            case 0x20, 0x0A, 0x0D, 0x09:
                i += 1
            case 0x7B, 0x5B:
                valueStarts(at: i)
                stack.append(Frame(isObject: c == 0x7B, key: nil, expectingKey: c == 0x7B))
                i += 1
            case 0x7D, 0x5D:
                if !stack.isEmpty { stack.removeLast() }
                i += 1
            case 0x2C:
                if var top = stack.popLast() {
                    if top.isObject {
                        top.expectingKey = true
                        top.key = nil
                    } else {
                        top.index += 1
                        top.hasValue = false
                    }
                    stack.append(top)
                }
                i += 1
            case 0x3A:
                if var top = stack.popLast() {
                    top.expectingKey = false
                    stack.append(top)
                }
                i += 1
            case 0x22:
                let isKey = stack.last.map { $0.isObject && $0.expectingKey } ?? false
                if !isKey { valueStarts(at: i) }
                let start = i + 1
                i += 1
                while i < b.count && b[i] != 0x22 {
                    i += b[i] == 0x5C ? 2 : 1
                }
                if isKey {
                    let raw = UnsafeBufferPointer(rebasing: b[start..<min(i, b.count)])
                    stack[stack.count - 1].key = decodeKey(raw)
                }
                i += 1
            default:
                valueStarts(at: i)
                while i < end {
                    let d = b[i]
                    if d == 0x2C || d == 0x7D || d == 0x5D || d == 0x20 || d == 0x0A || d == 0x0D || d == 0x09 { break }
                    i += 1
                }
                if i == end { return currentPath(stack) }
            }
        }
        return currentPath(stack)
    }

    /// Decodes a member name's raw bytes (escapes resolved where simple; others kept as written).
    private static func decodeKey(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        guard raw.contains(0x5C) else { return String(decoding: raw, as: UTF8.self) }
        var out: [UInt8] = []
        var i = 0
        while i < raw.count {
            if raw[i] == 0x5C, i + 1 < raw.count {
                let e = raw[i + 1]
                switch e {
                case 0x6E: out.append(0x0A)
                case 0x74: out.append(0x09)
                case 0x72: out.append(0x0D)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0C)
                case 0x75: out.append(contentsOf: [0x5C, 0x75])
                default: out.append(e)
                }
                i += 2
            } else {
                out.append(raw[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
