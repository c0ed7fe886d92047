/// A `["image", name]` result: an image name and whether the style has that image.
public struct ResolvedImage: Sendable, Hashable, CustomStringConvertible {
    /// The image name.
    public var name: String
    /// Whether the style has an image with this name.
    public var available: Bool
    /// Creates a resolved image.
    public init(name: String, available: Bool = false) { self.name = name; self.available = available }
    /// nil for an empty name, like the spec's `ResolvedImage.fromString`.
    static func fromString(_ name: String) -> ResolvedImage? { name.isEmpty ? nil : ResolvedImage(name: name) }
    /// The image name (what `to-string` prints).
    public var description: String { name }
}

/// One run of a `formatted` string.
public struct FormattedSection: Sendable, Hashable {
    /// The section text (empty for an image section).
    public var text: String
    /// The image of an image section.
    public var image: ResolvedImage?
    /// `font-scale` override.
    public var scale: Double?
    /// `text-font` override, fonts joined with commas.
    public var fontStack: String?
    /// `text-color` override.
    public var textColor: Color?
    /// `vertical-align` override (`bottom`, `center`, `top`).
    public var verticalAlign: String?
    /// Creates a section.
    public init(text: String, image: ResolvedImage? = nil, scale: Double? = nil, fontStack: String? = nil,
                textColor: Color? = nil, verticalAlign: String? = nil) {
        self.text = text; self.image = image; self.scale = scale; self.fontStack = fontStack
        self.textColor = textColor; self.verticalAlign = verticalAlign
    }
}

/// Rich text produced by `format` (or by coercing a string where `formatted` is expected).
public struct Formatted: Sendable, Hashable, CustomStringConvertible {
    /// The sections, in order.
    public var sections: [FormattedSection]
    /// Creates formatted text from sections.
    public init(sections: [FormattedSection]) { self.sections = sections }
    static func fromString(_ s: String) -> Formatted { Formatted(sections: [FormattedSection(text: s)]) }
    /// True when no section has text or an image name.
    public var isEmpty: Bool {
        !sections.contains { !$0.text.isEmpty || !($0.image?.name.isEmpty ?? true) }
    }
    /// The plain text (sections concatenated).
    public var description: String { sections.map(\.text).joined() }
}

/// Four padding values in CSS order: top, right, bottom, left.
public struct Padding: Sendable, Hashable {
    /// The values.
    public var values: [Double]
    /// Creates padding from four values (top, right, bottom, left).
    public init(values: [Double]) { self.values = values }

    /// Parses a number or an array of 1–4 numbers (CSS shorthand).
    public static func parse(_ v: ExpressionValue) -> Padding? {
        switch v {
        case .padding(let p): return p
        case .number(let n): return Padding(values: [n, n, n, n])
        case .array(let items):
            guard (1...4).contains(items.count) else { return nil }
            var nums: [Double] = []
            for i in items { guard case .number(let n) = i else { return nil }; nums.append(n) }
            switch nums.count {
            case 1: nums = [nums[0], nums[0], nums[0], nums[0]]
            case 2: nums = [nums[0], nums[1], nums[0], nums[1]]
            case 3: nums = [nums[0], nums[1], nums[2], nums[1]]
            default: break
            }
            return Padding(values: nums)
        default: return nil
        }
    }
}

/// A projection value: either a projection name or a transition between two projections.
public struct ProjectionDefinition: Sendable, Hashable {
    /// Projection at the start of the transition.
    public var from: String
    /// Projection at the end of the transition.
    public var to: String
    /// Transition progress in 0...1.
    public var transition: Double
    /// Creates a projection transition.
    public init(from: String, to: String, transition: Double) { self.from = from; self.to = to; self.transition = transition }
}

/// One anchor and its offset in a `variableAnchorOffsetCollection`.
public struct AnchorOffset: Sendable, Hashable {
    /// The anchor name (`center`, `top-left`, …).
    public var anchor: String
    /// The `[x, y]` offset in ems.
    public var offset: [Double]

    /// Creates a pair.
    public init(anchor: String, offset: [Double]) { self.anchor = anchor; self.offset = offset }
}

/// `[anchor, [x, y], anchor, [x, y], ...]` values of `text-variable-anchor-offset`.
public struct VariableAnchorOffsetCollection: Sendable, Hashable {
    /// Anchor/offset pairs, in order.
    public var values: [AnchorOffset]
    static let anchors: Set<String> = ["center", "left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right"]

    /// Creates a collection of anchor/offset pairs.
    public init(values: [AnchorOffset]) { self.values = values }

    /// Reads `[anchor, [x, y], …]`, or `nil` when the value is not such a list.
    public static func parse(_ v: ExpressionValue) -> VariableAnchorOffsetCollection? {
        if case .variableAnchorOffsetCollection(let c) = v { return c }
        guard case .array(let items) = v, !items.isEmpty, items.count % 2 == 0 else { return nil }
        var out: [AnchorOffset] = []
        var i = 0
        while i < items.count {
            guard case .string(let a) = items[i], anchors.contains(a),
                  case .array(let off) = items[i + 1], off.count == 2,
                  case .number(let x) = off[0], case .number(let y) = off[1] else { return nil }
            out.append(AnchorOffset(anchor: a, offset: [x, y]))
            i += 2
        }
        return VariableAnchorOffsetCollection(values: out)
    }
}
