/// A problem in GeoJSON text: a JSON syntax error or an RFC 7946 structure violation, located by
/// byte offset, line, column and JSON path (`features[12].geometry.coordinates[0][3]`).
///
/// In lenient reading, the violations that have an obvious repair are returned as warnings of the
/// same type instead of being thrown.
public struct GeoJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// The text is not valid JSON (see `syntaxKind`).
        case syntax
        /// A required member is absent (`type`, `coordinates`, `geometries`, `features`, `geometry`).
        case missingMember
        /// `type` names no GeoJSON type, or a type that does not belong here.
        case invalidType
        /// A member has the wrong JSON type (`properties` not an object, `id` a boolean, …).
        case invalidMember
        /// `coordinates` does not have the nesting or numbers the geometry type requires.
        case invalidCoordinates
        /// A position has more than three numbers.
        case extraPositionMembers
        /// A LineString with fewer than 2 positions or a ring with fewer than 4.
        case tooFewPositions
        /// A ring whose last position differs from its first.
        case unclosedRing
        /// More features or positions than ``GeoJSONReadOptions/sizeLimits`` allows.
        case tooLarge
    }

    public var kind: Kind
    /// For `.syntax`, the JSON error category.
    public var syntaxKind: JSONParseError.Kind?
    /// A sentence a user can act on.
    public var message: String
    public var location: SourceLocation
    public var path: JSONPath

    public init(kind: Kind, syntaxKind: JSONParseError.Kind? = nil, message: String, location: SourceLocation, path: JSONPath) {
        self.kind = kind
        self.syntaxKind = syntaxKind
        self.message = message
        self.location = location
        self.path = path
    }

    init(_ syntax: JSONParseError) {
        self.init(kind: .syntax, syntaxKind: syntax.kind, message: syntax.message, location: syntax.location, path: syntax.path)
    }

    /// `line 3, column 14 (byte 52) at features[0].geometry: message`
    public var description: String {
        let at = path.components.isEmpty ? "" : " at \(path)"
        // Errors in already-parsed JSON (`GeoJSONObject(json:)`) have a path but no text location.
        if location.line == 0 { return path.components.isEmpty ? message : "\(path): \(message)" }
        return "\(location)\(at): \(message)"
    }
}

/// Options for reading GeoJSON.
public struct GeoJSONReadOptions: Sendable, Hashable {
    /// Accept common violations — unclosed rings (closed on read), positions with more than three
    /// numbers (extra numbers dropped), short lines and rings, ill-typed `id`/`properties`/`bbox`
    /// (kept as foreign members) — and report each as a warning.
    public var lenient: Bool
    public var limits: JSONLimits
    /// The most features and positions accepted (``Limits/features``, ``Limits/vertices``).
    public var sizeLimits: Limits

    public init(lenient: Bool = false, limits: JSONLimits = .default, sizeLimits: Limits = .default) {
        self.lenient = lenient
        self.limits = limits
        self.sizeLimits = sizeLimits
    }

    public static let strict = GeoJSONReadOptions()
    public static let lenient = GeoJSONReadOptions(lenient: true)
}

/// A decoded GeoJSON object and the warnings lenient reading produced.
public struct GeoJSONDecodeResult: Sendable {
    public var object: GeoJSONObject
    /// Violations accepted under `lenient`; always empty in strict reading.
    public var warnings: [GeoJSONError]
}

/// A structural failure before its location is computed.
struct GeoJSONFailure: Error {
    var kind: GeoJSONError.Kind
    var syntaxKind: JSONParseError.Kind? = nil
    var offset: Int
    var message: String

    init(_ kind: GeoJSONError.Kind, at offset: Int, _ message: String) {
        self.kind = kind
        self.offset = offset
        self.message = message
    }

    init(_ s: JSONSyntaxFailure) {
        kind = .syntax
        syntaxKind = s.kind
        offset = s.offset
        message = s.message
    }
}
