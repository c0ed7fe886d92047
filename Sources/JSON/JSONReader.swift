/// The byte-level JSON reader every parser in Mercator is built on: one pass over UTF-8 bytes,
/// values built directly, errors as offsets (located later, only when reported).
///
/// The reader does not own its bytes: it lives inside a `withUnsafeBufferPointer` scope.
package struct JSONReader {
    package let base: UnsafePointer<UInt8>
    package let count: Int
    package var pos = 0
    package var depth = 0
    package let limits: JSONLimits
    /// Reused buffer for strings with escapes.
    package var scratch: [UInt8] = []

    package init(_ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
        // An empty buffer may have a nil base: point at a static byte instead, with count 0.
        base = bytes.baseAddress ?? JSONReader.emptyBase
        count = bytes.count
        self.limits = limits
    }

    nonisolated(unsafe) private static let emptyBase: UnsafePointer<UInt8> = {
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        p.initialize(to: 0)
        return UnsafePointer(p)
    }()

    // MARK: - Bytes

    @inline(__always) package func fail(_ kind: JSONParseError.Kind, _ message: String, at offset: Int? = nil) -> JSONSyntaxFailure {
        JSONSyntaxFailure(offset: offset ?? pos, kind: kind, message: message)
    }

    @inline(__always) package mutating func skipWhitespace() {
        while pos < count {
            let c = base[pos]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
            pos += 1
        }
    }

    /// The next non-whitespace byte, without consuming it; throws at the end of input.
    @inline(__always) package mutating func peekToken() throws(JSONSyntaxFailure) -> UInt8 {
        skipWhitespace()
        guard pos < count else { throw fail(.unexpectedEnd, "unexpected end of input") }
        return base[pos]
    }

    /// Consumes `byte` (after whitespace) or throws, naming what was expected.
    @inline(__always) package mutating func expect(_ byte: UInt8, _ what: StaticString) throws(JSONSyntaxFailure) {
        let c = try peekToken()
        guard c == byte else { throw unexpected(c, expected: "\(what)") }
        pos += 1
    }

    package func unexpected(_ c: UInt8, expected: String) -> JSONSyntaxFailure {
        fail(.unexpectedCharacter, "expected \(expected), found \(Self.describe(c))")
    }

    package static func describe(_ c: UInt8) -> String {
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        return "byte 0x\(String(c, radix: 16, uppercase: true))"
    }

    /// After the top-level value: only whitespace may follow.
    package mutating func finish() throws(JSONSyntaxFailure) {
        skipWhitespace()
        if pos < count {
            throw fail(.trailingCharacters, "unexpected \(Self.describe(base[pos])) after the end of the JSON value")
        }
    }

    // MARK: - Containers

    @inline(__always) package mutating func enter() throws(JSONSyntaxFailure) {
        depth += 1
        if depth > limits.maximumDepth {
            throw fail(.nestingTooDeep, "arrays and objects nested deeper than \(limits.maximumDepth) levels")
        }
    }

    @inline(__always) package mutating func leave() { depth -= 1 }

    /// Iterates an object's members: calls `body(key)` with the reader positioned at each value,
    /// which `body` must consume. The reader must be at `{`.
    @inline(__always)
    package mutating func readObject(_ body: (inout JSONReader, String) throws(JSONSyntaxFailure) -> Void) throws(JSONSyntaxFailure) {
        try enter()
        pos += 1
        if try peekToken() == 0x7D {
            pos += 1
            leave()
            return
        }
        while true {
            let c = try peekToken()
            guard c == 0x22 else { throw unexpected(c, expected: "a string (member name)") }
            let key = try readString()
            try expect(0x3A, "':' after a member name")
            try body(&self, key)
            let next = try peekToken()
            pos += 1
            if next == 0x2C { continue }
            if next == 0x7D { break }
            pos -= 1
            throw unexpected(next, expected: "',' or '}'")
        }
        leave()
    }

    /// Iterates an array's elements: calls `body(index)` positioned at each element. The reader must be at `[`.
    @inline(__always)
    package mutating func readArray(_ body: (inout JSONReader, Int) throws(JSONSyntaxFailure) -> Void) throws(JSONSyntaxFailure) {
        try enter()
        pos += 1
        if try peekToken() == 0x5D {
            pos += 1
            leave()
            return
        }
        var i = 0
        while true {
            try body(&self, i)
            i += 1
            let next = try peekToken()
            pos += 1
            if next == 0x2C { continue }
            if next == 0x5D { break }
            pos -= 1
            throw unexpected(next, expected: "',' or ']'")
        }
        leave()
    }

    // MARK: - Values

    /// Reads any JSON value.
    package mutating func readValue() throws(JSONSyntaxFailure) -> JSONValue {
        let c = try peekToken()
        switch c {
        case 0x7B:  // {
            var object = JSONObject()
            try readObject { (r: inout JSONReader, key: String) throws(JSONSyntaxFailure) in
                let value = try r.readValue()
                object[key] = value
            }
            return .object(object)
        case 0x5B:  // [
            var array: [JSONValue] = []
            try readArray { (r: inout JSONReader, _: Int) throws(JSONSyntaxFailure) in
                array.append(try r.readValue())
            }
            return .array(array)
        case 0x22:
            return .string(try readString())
        case 0x74:
            try readLiteral("true")
            return .bool(true)
        case 0x66:
            try readLiteral("false")
            return .bool(false)
        case 0x6E:
            try readLiteral("null")
            return .null
        case 0x2D, 0x30...0x39:
            return try readNumber()
        case 0x4E, 0x49:  // N, I
            throw fail(.invalidNumber, "NaN and Infinity are not JSON numbers")
        default:
            throw unexpected(c, expected: "a JSON value")
        }
    }

    package mutating func readLiteral(_ word: StaticString) throws(JSONSyntaxFailure) {
        let n = word.utf8CodeUnitCount
        let start = pos
        let w = word.utf8Start
        for i in 0..<n {
            guard pos + i < count, base[pos + i] == w[i] else {
                if pos + i >= count { throw fail(.unexpectedEnd, "unexpected end of input in '\(word)'", at: start) }
                throw fail(.unexpectedCharacter, "invalid literal: expected '\(word)'", at: start)
            }
        }
        pos += n
    }

    /// Skips any value without building it.
    package mutating func skipValue() throws(JSONSyntaxFailure) {
        let c = try peekToken()
        switch c {
        case 0x7B:
            try readObject { (r: inout JSONReader, _: String) throws(JSONSyntaxFailure) in try r.skipValue() }
        case 0x5B:
            try readArray { (r: inout JSONReader, _: Int) throws(JSONSyntaxFailure) in try r.skipValue() }
        default:
            _ = try readValue()
        }
    }
}
