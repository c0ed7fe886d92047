/// Options for writing JSON text.
public struct JSONWriteOptions: Sendable, Hashable {
    /// Indent nested values by two spaces per level, one member per line.
    public var pretty: Bool
    /// Write object members in key order (byte order of UTF-8) rather than as stored.
    public var sortedKeys: Bool

    public init(pretty: Bool = false, sortedKeys: Bool = false) {
        self.pretty = pretty
        self.sortedKeys = sortedKeys
    }
}

/// Writes JSON text into a byte buffer: the one JSON writer of Mercator.
///
/// Doubles print in the shortest form that parses back to the same bits (`0.1`, `1e-07`, `5.0`);
/// integers print as integers. Non-finite doubles, which JSON cannot represent, print as `null`.
public struct JSONWriter: Sendable {
    /// The text written so far, UTF-8.
    public private(set) var bytes: [UInt8] = []
    public let options: JSONWriteOptions
    package var level = 0

    public init(options: JSONWriteOptions = JSONWriteOptions(), capacity: Int = 1024) {
        self.options = options
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: Scalars

    @inline(__always) package mutating func raw(_ s: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    @inline(__always) package mutating func raw(_ b: UInt8) { bytes.append(b) }

    /// Writes a double in shortest round-trip form (`null` if not finite).
    public mutating func write(_ d: Double) {
        guard d.isFinite else { return raw("null") }
        var s = d.description
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Writes a coordinate: shortest round-trip form, integral values without `.0` (a coordinate
    /// is always read back as a double), optionally rounded to `decimals` places first.
    public mutating func writeCoordinate(_ d: Double, decimals: Int?) {
        var v = d
        if let decimals {
            let p = DoubleRounding.powersOfTen[max(0, min(decimals, 17))]
            let r = (d * p).rounded() / p
            if r.isFinite { v = r }
        }
        guard v.isFinite else { return raw("null") }
        if v == v.rounded(), abs(v) < 1e15 {
            if v == 0 && v.sign == .minus { return raw("-0") }
            return write(Int64(v))
        }
        write(v)
    }

    public mutating func write(_ i: Int64) {
        var s = String(i)
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }

    public mutating func write(_ u: UInt64) {
        var s = String(u)
        s.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Writes a quoted, escaped string.
    public mutating func write(_ s: String) {
        raw(0x22)
        var s = s
        s.withUTF8 { u in
            var runStart = 0
            for i in 0..<u.count {
                let c = u[i]
                guard c < 0x20 || c == 0x22 || c == 0x5C else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: u[runStart..<i]))
                switch c {
                case 0x22: raw("\\\"")
                case 0x5C: raw("\\\\")
                case 0x0A: raw("\\n")
                case 0x0D: raw("\\r")
                case 0x09: raw("\\t")
                case 0x08: raw("\\b")
                case 0x0C: raw("\\f")
                default:
                    raw("\\u00")
                    raw(Self.hex[Int(c >> 4)])
                    raw(Self.hex[Int(c & 0xF)])
                }
                runStart = i + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: u[runStart..<u.count]))
        }
        raw(0x22)
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    // MARK: Structure

    /// Opens an object or array (`{` / `[`).
    public mutating func open(_ bracket: UInt8) {
        raw(bracket)
        level += 1
    }

    /// Closes an object or array; `empty` when nothing was written inside.
    public mutating func close(_ bracket: UInt8, empty: Bool) {
        level -= 1
        if options.pretty && !empty { newline() }
        raw(bracket)
    }

    /// Writes the separator before element `index` of a container.
    public mutating func separator(_ index: Int) {
        if index > 0 { raw(0x2C) }
        if options.pretty { newline() }
    }

    /// Writes `"key":` (with a space when pretty) before a member's value.
    public mutating func key(_ k: String, index: Int) {
        separator(index)
        write(k)
        raw(0x3A)
        if options.pretty { raw(0x20) }
    }

    package mutating func newline() {
        raw(0x0A)
        for _ in 0..<level { raw("  ") }
    }

    // MARK: Values

    /// Writes any JSON value.
    public mutating func write(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let b): b ? raw("true") : raw("false")
        case .int(let i): write(i)
        case .uint(let u): write(u)
        case .double(let d): write(d)
        case .string(let s): write(s)
        case .array(let a):
            open(0x5B)
            for (i, v) in a.enumerated() {
                separator(i)
                write(v)
            }
            close(0x5D, empty: a.isEmpty)
        case .object(let o):
            write(o)
        }
    }

    /// Writes an object's members in stored (or, with `sortedKeys`, sorted) order.
    public mutating func write(_ o: JSONObject) {
        open(0x7B)
        if options.sortedKeys {
            let order = o.indices.sorted { Array(o[$0].key.utf8).lexicographicallyPrecedes(Array(o[$1].key.utf8)) }
            for (n, i) in order.enumerated() {
                key(o[i].key, index: n)
                write(o[i].value)
            }
        } else {
            for i in o.indices {
                key(o[i].key, index: i)
                write(o[i].value)
            }
        }
        close(0x7D, empty: o.isEmpty)
    }
}

package enum DoubleRounding {
    package static let powersOfTen: [Double] = (0...17).map { n in (0..<n).reduce(1.0) { acc, _ in acc * 10 } }
}

extension JSONValue {
    /// This value as JSON text.
    public func serialized(_ options: JSONWriteOptions = JSONWriteOptions()) -> String {
        var w = JSONWriter(options: options)
        w.write(self)
        return w.string
    }

    /// This value as UTF-8 JSON bytes.
    public func serializedBytes(_ options: JSONWriteOptions = JSONWriteOptions()) -> [UInt8] {
        var w = JSONWriter(options: options)
        w.write(self)
        return w.bytes
    }
}
