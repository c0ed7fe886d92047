/// A JSON syntax error, located by byte offset, line, column and the path of the value being read.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a category a program can switch on.
    public enum Kind: String, Sendable, Hashable {
        case emptyInput
        case unexpectedEnd
        case unexpectedCharacter
        case invalidNumber
        case numberOutOfRange
        case invalidEscape
        case controlCharacterInString
        case invalidUTF8
        case nestingTooDeep
        case stringTooLong
        /// An array longer than the reader's ``JSONArrayLimit`` (``JSONParseError/found`` holds its length).
        case arrayTooLong
        case trailingCharacters
    }

    public var kind: Kind
    /// A sentence a user can act on.
    public var message: String
    public var location: SourceLocation
    /// The value being read when the error occurred (`features[3].properties.name`).
    public var path: JSONPath
    /// The size found, for a size refused (``Kind/arrayTooLong``: the array's element count).
    public var found: Int?

    public init(kind: Kind, message: String, location: SourceLocation, path: JSONPath, found: Int? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
        self.path = path
        self.found = found
    }

    /// `line 3, column 14 (byte 52) at features[0].id: unterminated string`
    public var description: String {
        let at = path.components.isEmpty ? "" : " at \(path)"
        return "\(location)\(at): \(message)"
    }
}

/// Limits that keep hostile input from exhausting the stack or memory (the JSON share of ``Limits``).
public struct JSONLimits: Sendable, Hashable {
    /// Maximum nesting of arrays and objects.
    public var maximumDepth: Int
    /// Maximum length of one string, in UTF-8 bytes.
    public var maximumStringLength: Int

    public init(maximumDepth: Int = Limits.default.nestingDepth, maximumStringLength: Int = Limits.default.stringBytes) {
        self.maximumDepth = maximumDepth
        self.maximumStringLength = maximumStringLength
    }

    public static let `default` = JSONLimits()
}

/// A syntax failure before its path and line are known (those are computed only when reporting).
package struct JSONSyntaxFailure: Error {
    package var offset: Int
    package var kind: JSONParseError.Kind
    package var message: String
    package var found: Int? = nil

    /// The public error, with line, column and path recovered by rescanning `bytes`.
    package func located(in bytes: UnsafeBufferPointer<UInt8>) -> JSONParseError {
        JSONParseError(
            kind: kind, message: message, location: SourceLocation(offset: offset, in: bytes),
            path: JSONPathScanner.path(at: offset, in: bytes), found: found)
    }
}
