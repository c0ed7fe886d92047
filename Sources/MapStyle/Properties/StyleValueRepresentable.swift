public import Expressions
public import GeoJSON

/// A Swift type a style property's value can have: read from an evaluated expression, written as style JSON.
public protocol StyleValueRepresentable: Sendable, Hashable {
    /// The value an evaluation result stands for, or `nil` when it has another type.
    init?(expressionValue: ExpressionValue)
    /// What an evaluation that produced nothing usable gives (the default applies first).
    static var fallback: Self { get }
    /// The value as a style JSON constant.
    var jsonValue: JSONValue { get }
}

/// An enumerated property's values (`LineCap`, `TranslateAnchor`, …): written as their strings.
public protocol StyleEnumeration: StyleValueRepresentable, RawRepresentable, CaseIterable where RawValue == String {}

extension StyleEnumeration {
    public init?(expressionValue: ExpressionValue) {
        guard case .string(let s) = expressionValue else { return nil }
        self.init(rawValue: s)
    }
    public static var fallback: Self { allCases.first! }
    public var jsonValue: JSONValue { .string(rawValue) }
}

extension Double: StyleValueRepresentable {
    public init?(expressionValue: ExpressionValue) {
        guard case .number(let n) = expressionValue else { return nil }
        self = n
    }
    public static var fallback: Double { 0 }
    public var jsonValue: JSONValue { .double(self) }
}

extension Bool: StyleValueRepresentable {
    public init?(expressionValue: ExpressionValue) {
        guard case .boolean(let b) = expressionValue else { return nil }
        self = b
    }
    public static var fallback: Bool { false }
    public var jsonValue: JSONValue { .bool(self) }
}

extension String: StyleValueRepresentable {
    public init?(expressionValue: ExpressionValue) {
        guard case .string(let s) = expressionValue else { return nil }
        self = s
    }
    public static var fallback: String { "" }
    public var jsonValue: JSONValue { .string(self) }
}

extension Color: StyleValueRepresentable {
    public init?(expressionValue: ExpressionValue) {
        guard case .color(let c) = expressionValue else { return nil }
        self = c
    }
    public static var fallback: Color { .transparent }
    public var jsonValue: JSONValue { .string(description) }
}

extension ResolvedImage: StyleValueRepresentable {
    public init?(expressionValue: ExpressionValue) {
        switch expressionValue {
        case .resolvedImage(let r): self = r
        case .string(let s): self.init(name: s)
        default: return nil
        }
    }
    public static var fallback: ResolvedImage { ResolvedImage(name: "") }
    public var jsonValue: JSONValue { .string(name) }
}

extension Formatted: StyleValueRepresentable {
    public init?(expressionValue: ExpressionValue) {
        switch expressionValue {
        case .formatted(let f): self = f
        case .string(let s): self.init(sections: [FormattedSection(text: s)])
        default: return nil
        }
    }
    public static var fallback: Formatted { Formatted(sections: []) }
    /// A `format` expression with each section's options.
    public var jsonValue: JSONValue {
        var items: [JSONValue] = ["format"]
        for section in sections {
            items.append(section.image.map { ["image", .string($0.name)] } ?? .string(section.text))
            var options = JSONObject()
            if let scale = section.scale { options["font-scale"] = .double(scale) }
            if let font = section.fontStack { options["text-font"] = ["literal", .array(font.split(separator: ",").map { .string(String($0)) })] }
            if let color = section.textColor { options["text-color"] = color.jsonValue }
            if let align = section.verticalAlign { options["vertical-align"] = .string(align) }
            items.append(.object(options))
        }
        return .array(items)
    }
}

extension Padding: StyleValueRepresentable {
    public init?(expressionValue: ExpressionValue) {
        guard let p = Padding.parse(expressionValue) else { return nil }
        self = p
    }
    public static var fallback: Padding { Padding(values: [0, 0, 0, 0]) }
    public var jsonValue: JSONValue { .array(values.map { .double($0) }) }
}

extension VariableAnchorOffsetCollection: StyleValueRepresentable {
    public init?(expressionValue: ExpressionValue) {
        guard let v = VariableAnchorOffsetCollection.parse(expressionValue) else { return nil }
        self = v
    }
    public static var fallback: VariableAnchorOffsetCollection { VariableAnchorOffsetCollection(values: []) }
    public var jsonValue: JSONValue {
        .array(values.flatMap { [JSONValue.string($0.anchor), .array($0.offset.map { .double($0) })] })
    }
}

extension Array: StyleValueRepresentable where Element: StyleValueRepresentable {
    public init?(expressionValue: ExpressionValue) {
        var out: [Element] = []
        switch expressionValue {
        case .array(let items):
            out.reserveCapacity(items.count)
            for item in items {
                guard let e = Element(expressionValue: item) else { return nil }
                out.append(e)
            }
        case .numberArray(let numbers):
            for n in numbers {
                guard let e = Element(expressionValue: .number(n)) else { return nil }
                out.append(e)
            }
        case .colorArray(let colors):
            for c in colors {
                guard let e = Element(expressionValue: .color(c)) else { return nil }
                out.append(e)
            }
        default:
            // `numberArray`/`colorArray` properties accept a single value too.
            guard let e = Element(expressionValue: expressionValue) else { return nil }
            out.append(e)
        }
        self = out
    }
    public static var fallback: [Element] { [] }
    public var jsonValue: JSONValue { .array(map(\.jsonValue)) }
}
