public import Foundation
public import GeoJSON

/// Checks a style JSON document against the style specification and reports every problem as
/// the style-spec validator (`validateStyle`) does: same messages, same order, with the line
/// of the offending value in the raw text.
///
/// Expressions are parsed through an `ExpressionValidating` hook; without one, expression
/// values are only checked for their structure and listed in `ValidationReport.uncheckedExpressions`.
public struct StyleValidator: Sendable {
    /// The expression parser used for expression-valued members.
    public var expressions: any ExpressionValidating
    /// The sizes accepted: a style with more layers or sources, or an array (a literal, a `match`,
    /// an `interpolate`) longer than ``Limits/literalElements``, is refused before anything else is checked.
    public var limits: Limits

    /// Creates a validator using `expressions` to parse expressions.
    public init(expressions: any ExpressionValidating = ExpressionsModuleValidator(), limits: Limits = .default) {
        self.expressions = expressions
        self.limits = limits
    }

    /// The messages for style JSON `text` (a syntax error yields one message with its line).
    public static func validate(_ text: String) -> [ValidationMessage] {
        StyleValidator().validate(text)
    }

    /// The messages for style JSON `text` (a syntax error yields one message with its line).
    public func validate(_ text: String) -> [ValidationMessage] { report(text).messages }

    /// The messages for style JSON `data`.
    public func validate(data: Data) -> [ValidationMessage] {
        report(String(decoding: data, as: UTF8.self)).messages
    }

    /// Validates `text` and also lists the expressions the hook could not check.
    public func report(_ text: String) -> ValidationReport {
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: text, limits: limits.json, arrayLimit: arrayLimit)
        } catch where error.kind == .arrayTooLong {
            // Refused while reading, before the array was built: the message names the limit and the array.
            let exceeded = LimitExceeded(.literalElements, maximum: limits.literalElements, found: error.found,
                                         subject: error.path.components.isEmpty ? "the style" : error.path.description)
            return ValidationReport(messages: [ValidationMessage(message: exceeded.description, line: error.location.line)],
                                    uncheckedExpressions: [])
        } catch {
            return ValidationReport(messages: [ValidationMessage(message: error.message, line: error.location.line)],
                                    uncheckedExpressions: [])
        }
        return report(json: document.root) { document.location(of: JSONPath($0))?.line }
    }

    /// Validates an already parsed style; `lineOf` gives the line of the value at a path, if known.
    public func report(json: JSONValue, lineOf: @escaping ([JSONPath.Component]) -> Int? = { _ in nil }) -> ValidationReport {
        if let exceeded = Self.sizeProblem(json, limits: limits) {
            return ValidationReport(messages: [ValidationMessage(message: exceeded.description, line: lineOf([]))],
                                    uncheckedExpressions: [])
        }
        let root = Node(value: json, path: [])
        let validator = SpecValidator(style: root, expressions: expressions, lineOf: lineOf)
        var messages = validator.validate(Options(
            key: "", value: root, valueSpec: StyleSpecReference.root["$root"],
            objectElementValidators: [
                "glyphs": { [unowned validator] o in validator.validateGlyphsURL(o) },
                "*": { _ in [] },
            ]))
        if let constants = root.member("constants"), validator.truthy(constants) {
            messages += validator.validateConstants(Options(key: "constants", value: constants))
        }
        return ValidationReport(messages: Self.sortedByLine(messages),
                                uncheckedExpressions: validator.uncheckedExpressions)
    }

    /// The array bound ``report(_:)`` reads a style with: ``Limits/literalElements`` in every array of
    /// the document (layers, sources, `metadata`, `terrain`, `sky`, any member) except the sources'
    /// inline GeoJSON `data` (bounded by the GeoJSON limits). The `layers` array itself is left to
    /// ``Limits/layers``.
    public var arrayLimit: JSONArrayLimit {
        JSONArrayLimit(maximum: limits.literalElements, boundedPaths: [[]],
                       exemptPaths: [["sources", nil, "data"]], exemptArrays: [["layers"]])
    }

    /// The first of `limits` that `style` passes: its layer count, its source count, or the longest
    /// array anywhere in it (literals, `match`, `interpolate`, `step`, filters, `metadata`, …) but the
    /// `layers` array itself and the sources' inline GeoJSON `data`, found in one linear walk.
    public static func sizeProblem(_ style: JSONValue, limits: Limits) -> LimitExceeded? {
        guard case .object(let root) = style else { return nil }
        if case .array(let layers)? = root["layers"], layers.count > limits.layers {
            return LimitExceeded(.layers, maximum: limits.layers, found: layers.count, subject: "the style")
        }
        if case .object(let sources)? = root["sources"], sources.count > limits.sources {
            return LimitExceeded(.sources, maximum: limits.sources, found: sources.count, subject: "the style")
        }
        func longest(_ value: JSONValue, _ path: String) -> LimitExceeded? {
            switch value {
            case .array(let a):
                if a.count > limits.literalElements {
                    return LimitExceeded(.literalElements, maximum: limits.literalElements, found: a.count, subject: path)
                }
                for (i, e) in a.enumerated() {
                    if case .array = e, let found = longest(e, "\(path)[\(i)]") { return found }
                    if case .object = e, let found = longest(e, "\(path)[\(i)]") { return found }
                }
            case .object(let o):
                for (k, v) in o {
                    if let found = longest(v, path.isEmpty ? k : "\(path).\(k)") { return found }
                }
            default: break
            }
            return nil
        }
        for (key, value) in root {
            switch (key, value) {
            case ("layers", .array(let layers)):
                for (i, layer) in layers.enumerated() {
                    if let found = longest(layer, "layers[\(i)]") { return found }
                }
            case ("sources", .object(let sources)):
                // a source's inline `data` is GeoJSON, bounded by the GeoJSON limits, not an expression
                for (id, source) in sources {
                    guard case .object(let members) = source else {
                        if let found = longest(source, "sources.\(id)") { return found }
                        continue
                    }
                    for (k, v) in members where k != "data" {
                        if let found = longest(v, "sources.\(id).\(k)") { return found }
                    }
                }
            default:
                if let found = longest(value, key) { return found }
            }
        }
        return nil
    }

    /// Checks one value for a layer property (messages are keyed by the property's name).
    package func validateProperty(_ value: JSONValue, specification: LayerPropertySpecification) -> [ValidationMessage] {
        let validator = SpecValidator(style: Node(value: .null, path: nil), expressions: expressions, lineOf: { _ in nil })
        return validator.validateProperty(
            Options(key: specification.name, value: Node(value: value, path: nil), objectKey: specification.name,
                    layerType: specification.layerType.rawValue),
            propertyType: specification.kind.rawValue)
    }

    /// Checks one layer filter (messages are keyed `filter`).
    public func validateFilter(_ filter: JSONValue) -> [ValidationMessage] {
        let validator = SpecValidator(style: Node(value: .null, path: nil), expressions: expressions, lineOf: { _ in nil })
        return validator.validateFilter(Options(key: "filter", value: Node(value: filter, path: nil)))
    }

    /// The reference sorts messages with `(a, b) => a.line - b.line` in V8's TimSort: for
    /// fewer than 64 messages, a run scan followed by a binary insertion sort, where a missing
    /// line compares as NaN (never less than anything). Reproduced so ties and line-less
    /// messages land where they land in the reference.
    static func sortedByLine(_ messages: [ValidationMessage]) -> [ValidationMessage] {
        var a = messages
        let n = a.count
        guard n > 1 else { return a }
        func less(_ x: ValidationMessage, _ y: ValidationMessage) -> Bool {
            guard let lx = x.line, let ly = y.line else { return false }
            return lx < ly
        }
        if n >= 64 {
            // Long lists: a stable merge sort gives the same order when every line is known.
            return mergeSort(a, less)
        }
        // Count the initial run; a strictly descending run is reversed.
        var runEnd = 1
        if less(a[1], a[0]) {
            runEnd = 2
            while runEnd < n && less(a[runEnd], a[runEnd - 1]) { runEnd += 1 }
            a[0..<runEnd].reverse()
        } else {
            runEnd = 2
            while runEnd < n && !less(a[runEnd], a[runEnd - 1]) { runEnd += 1 }
        }
        for start in runEnd..<n {
            let pivot = a[start]
            var left = 0
            var right = start
            while left < right {
                let mid = left + ((right - left) >> 1)
                if less(pivot, a[mid]) { right = mid } else { left = mid + 1 }
            }
            var i = start
            while i > left { a[i] = a[i - 1]; i -= 1 }
            a[left] = pivot
        }
        return a
    }

    private static func mergeSort(_ a: [ValidationMessage], _ less: (ValidationMessage, ValidationMessage) -> Bool) -> [ValidationMessage] {
        guard a.count > 1 else { return a }
        let mid = a.count / 2
        let l = mergeSort(Array(a[..<mid]), less)
        let r = mergeSort(Array(a[mid...]), less)
        var out: [ValidationMessage] = []
        out.reserveCapacity(a.count)
        var i = 0, j = 0
        while i < l.count && j < r.count {
            if less(r[j], l[i]) { out.append(r[j]); j += 1 } else { out.append(l[i]); i += 1 }
        }
        out += l[i...]
        out += r[j...]
        return out
    }
}

/// The result of validating one style.
public struct ValidationReport: Sendable, Hashable {
    /// The messages, sorted by line as the reference sorts them.
    public let messages: [ValidationMessage]
    /// Keys (`layers[3].filter`) of expression values that no expression parser checked.
    public let uncheckedExpressions: [String]
}
