import Foundation
public import GeoJSON

/// One problem found in a style, worded exactly as the style-spec validator words it.
public struct ValidationMessage: Sendable, Hashable, CustomStringConvertible {
    /// How bad the problem is.
    public enum Severity: String, Sendable, Hashable {
        /// The style is invalid as written.
        case error
        /// The style renders, but almost certainly not as intended (mixed filter syntax).
        case warning
    }

    /// The message, prefixed by where the problem is (`layers[2].paint.fill-color: color expected, number found`).
    public let message: String
    /// Error or warning.
    public let severity: Severity
    /// The 1-based line of the offending value in the style text, when known.
    public let line: Int?
    /// A stable identifier for some messages (`"source.canvas"`).
    public let identifier: String?

    /// Creates a message.
    public init(message: String, severity: Severity = .error, line: Int? = nil, identifier: String? = nil) {
        self.message = message
        self.severity = severity
        self.line = line
        self.identifier = identifier
    }

    public var description: String {
        var text = severity == .warning ? "warning: " : "error: "
        if let line { text = "line \(line): " + text }
        return text + message
    }
}

extension StyleValidator {
    /// Messages as a JSON array of `{message, identifier?, severity, line?}` (the suite's format).
    public static func json(_ messages: [ValidationMessage]) -> JSONValue {
        .array(messages.map(ValidationMessage.json))
    }
}

extension ValidationMessage {
    /// `{message, identifier?, severity, line?}`, as the validation suite writes messages.
    package static func json(_ m: ValidationMessage) -> JSONValue {
        var members: [(String, JSONValue)] = [("message", .string(m.message))]
        if let id = m.identifier { members.append(("identifier", .string(id))) }
        members.append(("severity", .string(m.severity.rawValue)))
        if let line = m.line { members.append(("line", .int(Int64(line)))) }
        return .object(JSONObject(members))
    }
}

extension ValidationMessage {
    /// Whether MapLibre Native logs this problem and draws the rest of the style: an unknown or
    /// chained `ref`, a layer without a valid `type`, a layer naming a missing source or one it cannot
    /// draw from, an unknown property. `mercator render` prints these as warnings and draws without
    /// the part they name; any other error still refuses the style.
    public var isToleratedByNative: Bool {
        guard severity == .error else { return true }
        let m = message
        if isReferenceProblem { return true }
        if m.contains("unknown property \"") { return true }
        if m.contains("either \"type\" or \"ref\" is required") { return true }
        if m.range(of: #"^layers\[\d+\]\.type: expected one of \["#, options: .regularExpression) != nil { return true }
        if m.range(of: #"^layers\[\d+\]: source ".*" not found$"#, options: .regularExpression) != nil { return true }
        if m.range(of: #"requires a (raster|vector|raster-dem) source$|must specify a "source-layer"$|can only be used with layer type"#,
                   options: .regularExpression) != nil { return true }
        return false
    }

    /// Whether this is a problem with a layer's `ref` that MapLibre Native resolves or skips with a
    /// warning (an unknown layer, a ref to a ref layer), rather than refusing the style.
    public var isReferenceProblem: Bool {
        message.range(of: #"^layers\[\d+\]: (ref layer ".*" not found|ref cannot reference another ref layer)$"#,
                      options: .regularExpression) != nil
    }

    /// The message as `mercator style validate` reports it: `ref` problems, which MapLibre Native
    /// resolves or skips with a warning, as warnings; everything else as the style-spec validator has it.
    public var withNativeSeverity: ValidationMessage {
        guard severity == .error, isReferenceProblem else { return self }
        return ValidationMessage(message: message, severity: .warning, line: line, identifier: identifier)
    }
}
