public import GeoJSON

/// A typed value substituted for a `%@` (or, as a string, for a `%K`) in a format string.
///
/// This stands in for the Objective-C objects the SDK accepts as format arguments: `NSNumber`,
/// `NSString`, `UIColor`, `NSArray`, `NSDictionary` (stops), `MLNShape`/`MLNFeature`, `NSExpression`,
/// `NSPredicate`, … Use ``init(json:type:)`` to read the JSON spelling of the conformance files.
public indirect enum FormatArgument: Sendable, Hashable {
    /// `NSNull` / `nil`.
    case null
    /// A Boolean `NSNumber`.
    case bool(Bool)
    /// An integer `NSNumber`.
    case integer(Int64)
    /// A floating-point `NSNumber`.
    case number(Double)
    /// An `NSString` (also the key path of a `%K`).
    case string(String)
    /// A colour (`UIColor`/`NSColor`).
    case color(FormatColor)
    /// An `NSArray`; its elements may be values or expressions. Substituted as an aggregate.
    case array([FormatArgument])
    /// An `NSDictionary` with string keys (e.g. for `%@.key` or an `mgl_expressionWithContext:` context).
    case dictionary([FormatArgumentEntry])
    /// A stop dictionary: numeric keys, values or expressions.
    case stops([FormatArgumentStop])
    /// An `MLNShape` or `MLNFeature`, as its GeoJSON object.
    case shape(JSONValue)
    /// An `NSExpression`, substituted as is.
    case expression(FormatExpression)
    /// An `NSPredicate`, substituted as a constant (how `MLN_IF` conditions are passed).
    case predicate(FormatPredicate)
    /// An `MLNAttributedExpression` for `mgl_attributed:`.
    case attributed(FormatAttributedExpression)
    /// A `CGVector` offset.
    case offset(dx: Double, dy: Double)
    /// `UIEdgeInsets`/`NSEdgeInsets` padding.
    case edgeInsets(top: Double, left: Double, bottom: Double, right: Double)
    /// A class object, such as `MLNPolyline` or `UIColor`.
    case className(String)
}

/// One member of a dictionary argument.
public struct FormatArgumentEntry: Sendable, Hashable {
    /// The key.
    public var key: String
    /// The value.
    public var value: FormatArgument

    /// Creates an entry.
    public init(_ key: String, _ value: FormatArgument) {
        self.key = key
        self.value = value
    }
}

/// One stop of a stop-dictionary argument.
public struct FormatArgumentStop: Sendable, Hashable {
    /// The stop input (a zoom level or attribute value).
    public var key: Double
    /// The value.
    public var value: FormatArgument

    /// Creates a stop.
    public init(_ key: Double, _ value: FormatArgument) {
        self.key = key
        self.value = value
    }
}

extension FormatArgument {
    /// The expression this argument becomes when substituted for `%@`.
    public var expression: FormatExpression {
        switch self {
        case .null: return .constant(.null)
        case .bool(let b): return .constant(.bool(b))
        case .integer(let i): return .constant(.integer(i))
        case .number(let d): return .constant(.double(d))
        case .string(let s): return .constant(.string(s))
        case .color(let c): return .constant(.color(c))
        case .array(let elements): return .aggregate(elements.map(\.expression))
        case .dictionary(let entries):
            return .constant(.dictionary(entries.map { FormatDictionaryEntry($0.key, $0.value.expression) }))
        case .stops(let stops):
            return .constant(.stops(stops.map { FormatStop($0.key, $0.value.expression) }))
        case .shape(let json): return .constant(.shape(json))
        case .expression(let e): return e
        case .predicate(let p): return .constant(.predicate(p))
        case .attributed(let a): return .constant(.attributed(a))
        case .offset(let dx, let dy): return .constant(.offset(dx: dx, dy: dy))
        case .edgeInsets(let t, let l, let b, let r):
            return .constant(.edgeInsets(top: t, left: l, bottom: b, right: r))
        case .className(let name):
            return FormatCatalog.colorClassNames.contains(name) ? .constant(.colorClass(name)) : .constant(.string(name))
        }
    }

    /// The simplest argument that substitutes back to `expression`.
    public init(expression: FormatExpression) {
        switch expression {
        case .constant(let c): self.init(constant: c)
        case .aggregate(let elements): self = .array(elements.map { FormatArgument(expression: $0) })
        default: self = .expression(expression)
        }
    }

    /// The argument that reproduces a constant that has no inline spelling (used by the printer).
    init(constant: FormatConstant) {
        switch constant {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .integer(let i): self = .integer(i)
        case .double(let d): self = .number(d)
        case .string(let s): self = .string(s)
        case .color(let c): self = .color(c)
        case .shape(let json): self = .shape(json)
        case .dictionary(let entries):
            self = .dictionary(entries.map { FormatArgumentEntry($0.key, FormatArgument(expression: $0.value)) })
        case .stops(let stops):
            self = .stops(stops.map { FormatArgumentStop($0.key, FormatArgument(expression: $0.value)) })
        case .predicate(let p): self = .predicate(p)
        case .attributed(let a): self = .attributed(a)
        case .offset(let dx, let dy): self = .offset(dx: dx, dy: dy)
        case .edgeInsets(let t, let l, let b, let r): self = .edgeInsets(top: t, left: l, bottom: b, right: r)
        case .colorClass(let name): self = .className(name)
        }
    }
}
