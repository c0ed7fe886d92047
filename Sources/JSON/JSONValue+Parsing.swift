public import Foundation

/// Runs `body` over the UTF-8 bytes of `Data`, `[UInt8]`, or a `String` without copying where possible.
package func withUTF8Bytes<R, E: Error>(of data: Data, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
    let result: Result<R, E> = data.withUnsafeBytes { raw in
        do throws(E) { return .success(try body(raw.bindMemory(to: UInt8.self))) } catch { return .failure(error) }
    }
    return try result.get()
}

/// Runs `body` over the bytes of an array, keeping the body's typed error.
package func withUTF8Bytes<R, E: Error>(of array: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
    let result: Result<R, E> = array.withUnsafeBufferPointer { b in
        do throws(E) { return .success(try body(b)) } catch { return .failure(error) }
    }
    return try result.get()
}

/// Runs `body` over the UTF-8 bytes of a string, keeping the body's typed error.
package func withUTF8Bytes<R, E: Error>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
    var text = text
    let result: Result<R, E> = text.withUTF8 { b in
        do throws(E) { return .success(try body(b)) } catch { return .failure(error) }
    }
    return try result.get()
}

extension JSONValue {
    /// Parses JSON text.
    /// - Throws: ``JSONParseError`` with the offset, line, column and path of the problem.
    public init(parsing data: Data, limits: JSONLimits = .default) throws(JSONParseError) {
        self = try withUTF8Bytes(of: data) { bytes throws(JSONParseError) in try JSONValue.parse(bytes, limits: limits) }
    }

    /// Parses JSON text.
    public init(parsing bytes: [UInt8], limits: JSONLimits = .default) throws(JSONParseError) {
        self = try withUTF8Bytes(of: bytes) { b throws(JSONParseError) in try JSONValue.parse(b, limits: limits) }
    }

    /// Parses JSON text.
    public init(parsing text: String, limits: JSONLimits = .default) throws(JSONParseError) {
        self = try withUTF8Bytes(of: text) { b throws(JSONParseError) in try JSONValue.parse(b, limits: limits) }
    }

    /// Parses JSON text from raw bytes.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits = .default) throws(JSONParseError) -> JSONValue {
        try parse(bytes, limits: limits, arrayLimit: nil)
    }

    /// Parses JSON text from raw bytes, refusing arrays longer than `arrayLimit` allows
    /// (``JSONParseError/Kind/arrayTooLong``) before building them.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits = .default,
                             arrayLimit: JSONArrayLimit?) throws(JSONParseError) -> JSONValue {
        var reader = JSONReader(bytes, limits: limits)
        do throws(JSONSyntaxFailure) {
            if bytes.isEmpty || allWhitespace(bytes) {
                throw JSONSyntaxFailure(offset: 0, kind: .emptyInput, message: "the input is empty")
            }
            let value: JSONValue
            if let arrayLimit {
                value = try reader.readValue(arrayLimit: arrayLimit, state: JSONReader.ArrayLimitState(arrayLimit))
            } else {
                value = try reader.readValue()
            }
            try reader.finish()
            return value
        } catch {
            throw error.located(in: bytes)
        }
    }

    package static func allWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }
}

/// A parsed JSON document that can tell where each of its values was written.
///
/// Used where messages need line numbers per value (style validation). Locations come from
/// scanning the text again when asked: the first few look-ups scan for their path alone; after
/// that, one scan records every value's start (a table of about 200 bytes per value), so a document
/// that is only parsed, or refused with a message or two, never pays for the table.
public struct JSONDocument: Sendable {
    /// The parsed value.
    public let root: JSONValue
    /// The original text.
    public let text: [UInt8]
    private let locations: JSONLocationIndex

    /// Parses `data`; `arrayLimit` refuses long arrays while reading.
    public init(parsing data: Data, limits: JSONLimits = .default, arrayLimit: JSONArrayLimit? = nil) throws(JSONParseError) {
        try self.init(bytes: [UInt8](data), limits: limits, arrayLimit: arrayLimit)
    }

    /// Parses `text`; `arrayLimit` refuses long arrays while reading.
    public init(parsing text: String, limits: JSONLimits = .default, arrayLimit: JSONArrayLimit? = nil) throws(JSONParseError) {
        try self.init(bytes: Array(text.utf8), limits: limits, arrayLimit: arrayLimit)
    }

    private init(bytes: [UInt8], limits: JSONLimits, arrayLimit: JSONArrayLimit?) throws(JSONParseError) {
        text = bytes
        root = try bytes.withUnsafeBufferPointer { b throws(JSONParseError) in
            try JSONValue.parse(b, limits: limits, arrayLimit: arrayLimit)
        }
        locations = JSONLocationIndex()
    }

    /// Where the value at `path` starts, if the path exists.
    public func location(of path: JSONPath) -> SourceLocation? { locations.location(of: path, in: text) }

    /// The value at `path`, if it exists.
    public func value(at path: JSONPath) -> JSONValue? {
        var v = root
        for c in path.components {
            switch c {
            case .key(let k):
                guard let next = v[k] else { return nil }
                v = next
            case .index(let i):
                guard let a = v.array, i >= 0, i < a.count else { return nil }
                v = a[i]
            }
        }
        return v
    }
}
