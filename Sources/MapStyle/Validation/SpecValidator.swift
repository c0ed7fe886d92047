import Expressions
import GeoJSON

/// One step of a path into the style JSON.
typealias PathStep = JSONPath.Component

/// A value of the style being validated, with its path in the document so its line can be
/// looked up when a message needs it. `path == nil` marks a value the validator made up.
struct Node {
    let value: JSONValue
    let path: [PathStep]?

    func member(_ key: String) -> Node? {
        guard let v = value.object?[key] else { return nil }
        return Node(value: v, path: path.map { $0 + [.key(key)] })
    }

    func element(_ index: Int) -> Node? {
        guard let a = value.array, index >= 0, index < a.count else { return nil }
        return Node(value: a[index], path: path.map { $0 + [.index(index)] })
    }

    var count: Int { value.array?.count ?? 0 }
    var isObject: Bool { value.object != nil }
    var isArray: Bool { value.array != nil }
    var string: String? { value.string }
    /// The object's keys in JavaScript `for…in` order.
    var keys: [String] { value.object.map(JavaScript.orderedKeys) ?? [] }
}

/// The options the style-spec validator passes between its functions.
struct Options {
    var key: String
    var value: Node?
    var valueSpec: JSONValue?
    var arrayIndex: Int? = nil
    var objectKey: String? = nil
    var expressionContext: ExpressionValidationRequest.Context? = nil
    var propertyType: String? = nil
    var propertyKey: String? = nil
    var layerType: String? = nil
    var objectElementValidators: [String: (Options) -> [ValidationMessage]]? = nil
    var arrayElementValidator: ((Options) -> [ValidationMessage])? = nil
}

/// A port of the style-spec's recursive validator (`src/validate/*.ts`), walking the style
/// and the reference together and wording every message as the reference implementation does.
final class SpecValidator {
    let spec: JSONValue
    let style: Node
    let lineOf: ([PathStep]) -> Int?
    let expressions: any ExpressionValidating
    /// Expression-valued members the hook could not check.
    var uncheckedExpressions: [String] = []
    /// Paint and layout values already found valid, by property and layer type.
    var validProperties = Set<ValidPropertyKey>()
    /// How deep `validate` calls are nested; bounded so hostile input cannot exhaust the stack.
    private var depth = 0
    static let maximumDepth = 128
    /// For each layer id (by strict equality), the indices of the layers that have it, in order:
    /// built once, so the duplicate-id check is linear in the number of layers.
    private lazy var layerIndicesByID: [StrictKey: [Int]] = {
        var out: [StrictKey: [Int]] = [:]
        for i in 0..<(style.member("layers")?.count ?? 0) {
            if let id = style.member("layers")?.element(i)?.member("id"), let key = StrictKey(id.value) { out[key, default: []].append(i) }
        }
        return out
    }()

    /// A JSON scalar under JavaScript's `===` (numbers compare as doubles); `nil` for objects and
    /// arrays, which are never strictly equal to another parsed value.
    struct StrictKey: Hashable {
        let value: JSONValue
        init?(_ v: JSONValue) {
            switch v {
            case .string, .bool, .null: value = v
            default:
                guard let n = v.number else { return nil }
                value = .double(n == 0 ? 0 : n)  // -0 === 0
            }
        }
    }

    /// The indices of the layers before `index` whose id strictly equals `id` (the first ten: a
    /// style repeating one id thousands of times gets ten messages per layer, not thousands).
    func earlierLayers(withID id: JSONValue, before index: Int) -> [Int] {
        guard let key = StrictKey(id) else { return [] }
        return Array((layerIndicesByID[key] ?? []).lazy.filter { $0 < index }.prefix(10))
    }

    /// The index of the last layer whose id strictly equals `id`, if any.
    func lastLayer(withID id: JSONValue) -> Int? {
        guard let key = StrictKey(id) else { return nil }
        return layerIndicesByID[key]?.last
    }

    init(style: Node, spec: JSONValue = StyleSpecReference.root, expressions: any ExpressionValidating,
         lineOf: @escaping ([PathStep]) -> Int?) {
        self.style = style
        self.spec = spec
        self.expressions = expressions
        self.lineOf = lineOf
    }

    // MARK: Helpers

    /// `new ValidationError(key, value, message)`.
    func error(_ key: String, _ value: Node?, _ message: String, identifier: String? = nil,
               severity: ValidationMessage.Severity = .error) -> ValidationMessage {
        var line: Int?
        if let value, !value.value.isNull, let path = value.path { line = lineOf(path) }
        return ValidationMessage(message: (key.isEmpty ? "" : "\(key): ") + message, severity: severity,
                                 line: line, identifier: identifier)
    }

    /// `getType(value)`.
    func type(_ node: Node?) -> String { node?.value.typeName ?? "undefined" }

    /// JavaScript truthiness of a jsonlint value: absent and `null` are false; every other
    /// value (strings, numbers and booleans included, being wrapped objects) is true.
    func truthy(_ node: Node?) -> Bool {
        guard let node else { return false }
        return !node.value.isNull
    }

    static func object(_ members: [(String, JSONValue)]) -> JSONValue { .object(JSONObject(members)) }

    // MARK: validate

    /// `validate(options)`: dispatch on the value spec.
    func validate(_ o: Options) -> [ValidationMessage] {
        if depth >= Self.maximumDepth {
            return [error(o.key, o.value, "nested more than \(Self.maximumDepth) levels deep; not validated further")]
        }
        depth += 1
        defer { depth -= 1 }
        let valueSpec = o.valueSpec ?? .object(JSONObject())
        let hasExpression = valueSpec["expression"] != nil
        if hasExpression, let v = o.value, v.value.object != nil {
            return validateFunction(o)
        }
        if hasExpression, let v = o.value, isExpression(v.value) {
            return validateExpression(o)
        }
        if let t = valueSpec["type"]?.string, let result = dispatch(t, o) {
            return result
        }
        var inner = o
        if let t = valueSpec["type"]?.string {
            inner.valueSpec = spec[t]
        }
        return validateObject(inner)
    }

    private func dispatch(_ type: String, _ o: Options) -> [ValidationMessage]? {
        switch type {
        case "*": return []
        case "array": return validateArray(o)
        case "boolean": return validateBoolean(o)
        case "number": return validateNumber(o)
        case "color": return validateColor(o)
        case "constants": return validateConstants(o)
        case "enum": return validateEnum(o)
        case "filter": return validateFilter(o)
        case "function": return validateFunction(o)
        case "layer": return validateLayer(o)
        case "object": return validateObject(o)
        case "source": return validateSource(o)
        case "light": return validateSection(o, name: "light", allowTransitions: true)
        case "sky": return validateSection(o, name: "sky", allowTransitions: false)
        case "terrain": return validateSection(o, name: "terrain", allowTransitions: false)
        case "projection": return validateSection(o, name: "projection", allowTransitions: false)
        case "projectionDefinition": return validateProjectionDefinition(o)
        case "string": return validateString(o)
        case "formatted": return validateString(o).isEmpty ? [] : validateExpression(o)
        case "resolvedImage": return validateString(o).isEmpty ? [] : validateExpression(o)
        case "padding": return validatePadding(o)
        case "numberArray": return validateNumberArray(o)
        case "colorArray": return validateColorArray(o)
        case "variableAnchorOffsetCollection": return validateVariableAnchorOffsetCollection(o)
        case "sprite": return validateSprite(o)
        case "state": return validateState(o)
        case "fontFaces": return validateFontFaces(o)
        default: return nil
        }
    }

    /// `isExpression(value)`: a non-empty array whose first element names an operator.
    func isExpression(_ value: JSONValue) -> Bool {
        guard let a = value.array, let name = a.first?.string else { return false }
        return StyleSpecReference.expressionNames.contains(name) || Self.internalExpressionNames.contains(name)
    }

    static let internalExpressionNames: Set<String> = [
        "error", "filter-==", "filter-id-==", "filter-type-==", "filter-<", "filter-id-<", "filter->",
        "filter-id->", "filter-<=", "filter-id-<=", "filter->=", "filter-id->=", "filter-has", "filter-has-id",
        "filter-type-in", "filter-id-in", "filter-in-small", "filter-in-large",
    ]

    // MARK: Objects and arrays

    /// `validateObject(options)`.
    func validateObject(_ o: Options) -> [ValidationMessage] {
        guard let node = o.value, node.isObject else {
            return [error(o.key, o.value, "object expected, \(type(o.value)) found")]
        }
        let elementSpecs = o.valueSpec?.object ?? JSONObject()
        let validators = o.objectElementValidators ?? [:]
        var errors: [ValidationMessage] = []
        for objectKey in node.keys {
            let elementSpecKey = String(objectKey.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            let elementSpec = elementSpecs[elementSpecKey] ?? elementSpecs["*"]
            let validateElement: (Options) -> [ValidationMessage]
            if let v = validators[elementSpecKey] {
                validateElement = v
            } else if elementSpecs[elementSpecKey] != nil {
                validateElement = validate
            } else if let v = validators["*"] {
                validateElement = v
            } else if elementSpecs["*"] != nil {
                validateElement = validate
            } else {
                errors.append(error(o.key, node.member(objectKey), "unknown property \"\(objectKey)\""))
                continue
            }
            errors += validateElement(Options(key: (o.key.isEmpty ? "" : o.key + ".") + objectKey,
                                              value: node.member(objectKey), valueSpec: elementSpec,
                                              objectKey: objectKey))
        }
        // required members missing, in the spec's key order (ordered only when one is missing)
        func isMissing(_ specKey: String) -> Bool {
            let s = elementSpecs[specKey]
            return validators[specKey] == nil && s?["required"]?.bool == true && s?["default"] == nil && node.value.object?[specKey] == nil
        }
        guard elementSpecs.keys.contains(where: isMissing) else { return errors }
        for specKey in JavaScript.orderedKeys(elementSpecs) where isMissing(specKey) {
            errors.append(error(o.key, node, "missing required property \"\(specKey)\""))
        }
        return errors
    }

    /// `validateArray(options)`.
    func validateArray(_ o: Options) -> [ValidationMessage] {
        guard let node = o.value, node.isArray else {
            return [error(o.key, o.value, "array expected, \(type(o.value)) found")]
        }
        let arraySpec = o.valueSpec ?? .object(JSONObject())
        if let length = arraySpec["length"]?.number, length != 0, Double(node.count) != length {
            return [error(o.key, node, "array length \(JavaScript.number(length)) expected, length \(node.count) found")]
        }
        var elementSpec: JSONValue
        if let valueSpec = arraySpec["value"], valueSpec.object != nil {
            elementSpec = valueSpec
        } else {
            var members: [(String, JSONValue)] = []
            if let t = arraySpec["value"] { members.append(("type", t)) }
            if let values = arraySpec["values"] { members.append(("values", values)) }
            elementSpec = Self.object(members)
        }
        let validateElement = o.arrayElementValidator ?? validate
        var errors: [ValidationMessage] = []
        for i in 0..<node.count {
            errors += validateElement(Options(key: "\(o.key)[\(i)]", value: node.element(i), valueSpec: elementSpec, arrayIndex: i))
        }
        return errors
    }

    // MARK: Primitives

    func validateNumber(_ o: Options) -> [ValidationMessage] {
        guard let node = o.value, let value = node.value.number else {
            return [error(o.key, o.value, "number expected, \(type(o.value)) found")]
        }
        if value.isNaN { return [error(o.key, node, "number expected, NaN found")] }
        let text = JavaScript.number(node.value)
        if let minimum = o.valueSpec?["minimum"], let m = minimum.number, value < m {
            return [error(o.key, node, "\(text) is less than the minimum value \(JavaScript.number(minimum))")]
        }
        if let maximum = o.valueSpec?["maximum"], let m = maximum.number, value > m {
            return [error(o.key, node, "\(text) is greater than the maximum value \(JavaScript.number(maximum))")]
        }
        return []
    }

    func validateString(_ o: Options) -> [ValidationMessage] {
        let t = type(o.value)
        return t == "string" ? [] : [error(o.key, o.value, "string expected, \(t) found")]
    }

    func validateBoolean(_ o: Options) -> [ValidationMessage] {
        let t = type(o.value)
        return t == "boolean" ? [] : [error(o.key, o.value, "boolean expected, \(t) found")]
    }

    func validateColor(_ o: Options) -> [ValidationMessage] {
        guard let s = o.value?.string else {
            return [error(o.key, o.value, "color expected, \(type(o.value)) found")]
        }
        return Color(css: s) != nil ? [] : [error(o.key, o.value, "color expected, \"\(s)\" found")]
    }

    func validateEnum(_ o: Options) -> [ValidationMessage] {
        let values = o.valueSpec?["values"]
        let found = o.value.map { JavaScript.stringify($0.value) } ?? "undefined"
        if let list = values?.array {
            let ok = o.value.map { v in list.contains { Self.strictEquals($0, v.value) } } ?? false
            if !ok {
                return [error(o.key, o.value, "expected one of [\(list.map(JavaScript.display).joined(separator: ", "))], \(found) found")]
            }
        } else {
            let keys = values?.object.map(JavaScript.orderedKeys) ?? []
            let ok = o.value?.string.map { keys.contains($0) } ?? false
            if !ok {
                return [error(o.key, o.value, "expected one of [\(keys.joined(separator: ", "))], \(found) found")]
            }
        }
        return []
    }

    /// JavaScript `===` on unbundled primitives (objects and arrays never compare equal).
    static func strictEquals(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        default:
            if let x = a.number, let y = b.number { return x == y }
            return false
        }
    }

    func validateConstants(_ o: Options) -> [ValidationMessage] {
        truthy(o.value) ? [error(o.key, o.value, "constants have been deprecated as of v8")] : []
    }

    func validatePadding(_ o: Options) -> [ValidationMessage] {
        guard let node = o.value, node.isArray else {
            return validateNumber(Options(key: o.key, value: o.value, valueSpec: nil))
        }
        if node.count < 1 || node.count > 4 {
            return [error(o.key, node, "padding requires 1 to 4 values; \(node.count) values found")]
        }
        return (0..<node.count).flatMap { i in
            validate(Options(key: "\(o.key)[\(i)]", value: node.element(i), valueSpec: ["type": "number"]))
        }
    }

    func validateNumberArray(_ o: Options) -> [ValidationMessage] {
        guard let node = o.value, node.isArray else {
            return validateNumber(Options(key: o.key, value: o.value, valueSpec: nil))
        }
        if node.count < 1 { return [error(o.key, node, "array length at least 1 expected, length 0 found")] }
        return (0..<node.count).flatMap { i in
            validate(Options(key: "\(o.key)[\(i)]", value: node.element(i), valueSpec: ["type": "number"]))
        }
    }

    func validateColorArray(_ o: Options) -> [ValidationMessage] {
        guard let node = o.value, node.isArray else {
            return validateColor(Options(key: o.key, value: o.value, valueSpec: nil))
        }
        if node.count < 1 { return [error(o.key, node, "array length at least 1 expected, length 0 found")] }
        return (0..<node.count).flatMap { i in
            validateColor(Options(key: "\(o.key)[\(i)]", value: node.element(i), valueSpec: nil))
        }
    }

    func validateVariableAnchorOffsetCollection(_ o: Options) -> [ValidationMessage] {
        guard let node = o.value, node.isArray, node.count >= 1, node.count % 2 == 0 else {
            return [error(o.key, o.value, "variableAnchorOffsetCollection requires a non-empty array of even length")]
        }
        var errors: [ValidationMessage] = []
        let anchorSpec = spec["layout_symbol"]?["text-anchor"]
        for i in stride(from: 0, to: node.count, by: 2) {
            errors += validateEnum(Options(key: "\(o.key)[\(i)]", value: node.element(i), valueSpec: anchorSpec))
            errors += validateArray(Options(key: "\(o.key)[\(i + 1)]", value: node.element(i + 1),
                                            valueSpec: ["length": 2, "value": "number"]))
        }
        return errors
    }

    func validateProjectionDefinition(_ o: Options) -> [ValidationMessage] {
        let t = type(o.value)
        if t == "array", let value = o.value?.value, let a = value.array {
            let isDefinition = a.count == 3 && a[0].string != nil && a[1].string != nil && a[2].number != nil
            let isPropertyValue = a.first?.string.map { ["interpolate", "step", "literal"].contains($0) } ?? false
            if !isDefinition && !isPropertyValue {
                return [error(o.key, o.value, "projection expected, invalid array \(JavaScript.stringify(value)) found")]
            }
            return []
        }
        if t != "string" {
            return [error(o.key, o.value, "projection expected, invalid type \"\(t)\" found")]
        }
        return []
    }

    // MARK: Root-level sections

    /// `validateLight`, `validateSky`, `validateTerrain`, `validateProjection`: keys are reported
    /// bare (`anchor: …`), as the reference does.
    func validateSection(_ o: Options, name: String, allowTransitions: Bool) -> [ValidationMessage] {
        guard let node = o.value else { return [] }
        guard node.isObject else { return [error(name, node, "object expected, \(type(node)) found")] }
        let sectionSpec = spec[name]
        var errors: [ValidationMessage] = []
        for key in node.keys {
            let child = node.member(key)
            if allowTransitions, let base = Self.transitionBase(key), truthy(sectionSpec?[base]?["transition"].map { Node(value: $0, path: nil) }) {
                errors += validate(Options(key: key, value: child, valueSpec: spec["transition"]))
            } else if let s = sectionSpec?[key] {
                errors += validate(Options(key: key, value: child, valueSpec: s))
            } else {
                errors.append(error(key, child, "unknown property \"\(key)\""))
            }
        }
        return errors
    }

    /// The property a `<name>-transition` key belongs to.
    static func transitionBase(_ key: String) -> String? {
        guard key.hasSuffix("-transition") else { return nil }
        return String(key.dropLast("-transition".count))
    }

    func validateGlyphsURL(_ o: Options) -> [ValidationMessage] {
        var errors = validateString(o)
        if !errors.isEmpty { return errors }
        let s = o.value?.string ?? ""
        if !s.contains("{fontstack}") { errors.append(error(o.key, o.value, "\"glyphs\" url must include a \"{fontstack}\" token")) }
        if !s.contains("{range}") { errors.append(error(o.key, o.value, "\"glyphs\" url must include a \"{range}\" token")) }
        return errors
    }

    /// `validateSprite(options)`. The reference also looks for duplicate ids and URLs with
    /// `Array.includes`, but on a style read from text every string is a distinct wrapped
    /// object, so that check never fires in `validateStyle(text)`; it is left out here too.
    func validateSprite(_ o: Options) -> [ValidationMessage] {
        guard let node = o.value, node.isArray else { return validateString(o) }
        let pairSpec: JSONValue = ["id": ["type": "string", "required": true], "url": ["type": "string", "required": true]]
        return (0..<node.count).flatMap { i in
            validateObject(Options(key: "\(o.key)[\(i)]", value: node.element(i), valueSpec: pairSpec))
        }
    }

    func validateState(_ o: Options) -> [ValidationMessage] {
        let t = type(o.value)
        return t == "object" ? [] : [error(o.key, o.value, "object expected, \(t) found")]
    }

    func validateFontFaces(_ o: Options) -> [ValidationMessage] {
        guard let node = o.value, node.isObject else {
            return [error(o.key, o.value, "object expected, \(type(o.value)) found")]
        }
        var errors: [ValidationMessage] = []
        let faceSpec: JSONValue = ["url": ["type": "string", "required": true], "unicode-range": ["type": "array", "value": "string"]]
        for name in node.keys {
            let font = node.member(name)
            switch type(font) {
            case "string": break
            case "array":
                for i in 0..<(font?.count ?? 0) {
                    let faceKey = "\(o.key).\(name)[\(i)]"
                    let face = font?.element(i)
                    errors += validateObject(Options(key: faceKey, value: face, valueSpec: faceSpec))
                    guard let ranges = face?.member("unicode-range"), ranges.isArray else { continue }
                    for j in 0..<ranges.count {
                        errors += validateUnicodeRange(key: "\(faceKey).unicode-range[\(j)]", ranges.element(j))
                    }
                }
            default:
                errors.append(error("\(o.key).\(name)", font, "string or array expected, \(type(font)) found"))
            }
        }
        return errors
    }

    /// One CSS `unicode-range` entry: `U+26`, `U+0-7F` or `U+4??` (at most six hex digits a side;
    /// a side may start with `0x`, as MapLibre Native accepts).
    private func validateUnicodeRange(key: String, _ node: Node?) -> [ValidationMessage] {
        guard let node, let range = node.string else { return [] }
        let invalid = [error(key, node, "invalid unicode range, expected a value such as \"U+26\", \"U+0-10FFFF\" or \"U+4??\"")]
        let chars = Array(range)
        guard chars.count > 2, chars[0] == "u" || chars[0] == "U", chars[1] == "+" else { return invalid }
        let body = chars[2...]
        let isHex: (Character) -> Bool = { $0.isASCII && $0.isHexDigit }
        if body.contains("?") {
            let hexPart = body.prefix { isHex($0) }
            let rest = body.dropFirst(hexPart.count)
            guard hexPart.count <= 5, !rest.isEmpty, rest.count <= 6, rest.allSatisfy({ $0 == "?" }) else { return invalid }
            return body.count > 6 ? invalid : []
        }
        // MapLibre Native reads each side with `stoul(…, 16)`, which takes a `0x` prefix too
        // (`U+A9E0-0xA9FF` in its own tests).
        let parts = body.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map { part in
            part.count > 2 && part.first == "0" && (part.dropFirst().first == "x" || part.dropFirst().first == "X")
                ? part.dropFirst(2) : part
        }
        guard parts.allSatisfy({ (1...6).contains($0.count) && $0.allSatisfy(isHex) }),
              parts.count == 1 || (parts.count == 2 && !body.dropFirst().isEmpty) else { return invalid }
        let start = Int(String(parts[0]), radix: 16) ?? 0
        let end = parts.count == 2 ? (Int(String(parts[1]), radix: 16) ?? 0) : start
        if start > 0x10FFFF || end > 0x10FFFF {
            return [error(key, node, "unicode range is out of bounds, the maximum code point is U+10FFFF")]
        }
        if start > end {
            return [error(key, node, "unicode range start must not be greater than its end, but \(range) is")]
        }
        return []
    }
}
