/// The static type of an expression, following the style specification's type system.
public indirect enum ExpressionType: Sendable, Hashable, CustomStringConvertible {
    case null
    case number
    case string
    case boolean
    case color
    case projectionDefinition
    case object
    case value
    case error
    case collator
    case formatted
    case padding
    case numberArray
    case colorArray
    case resolvedImage
    case variableAnchorOffsetCollection
    /// `array<itemType, N>`; `length` nil when the length is not fixed.
    case array(ExpressionType, length: Int?)

    /// The type's kind name as the specification spells it (`"array"` for every array type).
    public var kind: String {
        switch self {
        case .null: return "null"
        case .number: return "number"
        case .string: return "string"
        case .boolean: return "boolean"
        case .color: return "color"
        case .projectionDefinition: return "projectionDefinition"
        case .object: return "object"
        case .value: return "value"
        case .error: return "error"
        case .collator: return "collator"
        case .formatted: return "formatted"
        case .padding: return "padding"
        case .numberArray: return "numberArray"
        case .colorArray: return "colorArray"
        case .resolvedImage: return "resolvedImage"
        case .variableAnchorOffsetCollection: return "variableAnchorOffsetCollection"
        case .array: return "array"
        }
    }

    /// Whether this is an array type.
    public var isArray: Bool { if case .array = self { return true }; return false }

    /// The spec's `toString` of the type, e.g. `array<number, 2>`.
    public var description: String {
        if case .array(let item, let n) = self {
            if let n { return "array<\(item.description), \(n)>" }
            if item == .value { return "array" }
            return "array<\(item.description)>"
        }
        return kind
    }

    /// Same kind (arrays compare only their kind), as JS compares `type.kind`.
    @inlinable func sameKind(_ other: ExpressionType) -> Bool {
        switch (self, other) {
        case (.array, .array): return true
        default: return self == other
        }
    }

    static let valueMembers: [ExpressionType] = [
        .null, .number, .string, .boolean, .color, .projectionDefinition, .formatted, .object,
        .array(.value, length: nil), .padding, .numberArray, .colorArray, .resolvedImage,
        .variableAnchorOffsetCollection,
    ]

    /// Returns nil when `t` is a subtype of `expected`, otherwise the spec's error message.
    public static func checkSubtype(_ expected: ExpressionType, _ t: ExpressionType) -> String? {
        if case .error = t { return nil }
        if case .array(let eItem, let eN) = expected {
            if case .array(let tItem, let tN) = t,
               (tN == 0 && tItem == .value) || checkSubtype(eItem, tItem) == nil,
               eN == nil || eN == tN {
                return nil
            }
        } else if expected.sameKind(t) {
            return nil
        } else if expected == .value {
            for member in valueMembers where checkSubtype(member, t) == nil { return nil }
        }
        return "Expected \(expected) but found \(t) instead."
    }

    /// JS `verifyType`: same kind, and for arrays the same item kind with a fixed length.
    func verify(_ sample: ExpressionType) -> Bool {
        if case .array(let pItem, let pN) = self, case .array(let sItem, _) = sample {
            return pItem.sameKind(sItem) && pN != nil
        }
        return sameKind(sample)
    }
}
