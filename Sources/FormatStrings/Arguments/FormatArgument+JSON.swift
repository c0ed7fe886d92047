public import GeoJSON

extension FormatArgument {
    /// Reads an argument from its JSON spelling (the spelling of the conformance files and of the CLI's `--arg`).
    ///
    /// - Numbers, strings, Booleans and `null` are themselves; arrays and objects are arrays and dictionaries.
    /// - `"rgba(r,g,b,a)"`/`"rgb(r,g,b)"` strings are colours when `type` is `"color"` or absent, and inside
    ///   stop dictionaries and attributes.
    /// - A GeoJSON object (with a `"type"`) is a shape.
    /// - `{"$expression": "format", "$arguments": […]}`, `{"$predicate": …}`, `{"$offset": [dx, dy]}`,
    ///   `{"$edgeInsets": [top, left, bottom, right]}`, `{"$attributed": {"expression": …, "attributes": {…}}}`,
    ///   `{"$class": "Name"}` and `{"$color": "rgba(…)"}` spell the other Objective-C types.
    /// - `type` (the conformance files' `arg_types`) forces a reading: `"stops"`, `"shape"`, `"keypath"`, …
    public init(json: JSONValue, type: String? = nil) throws(FormatStringError) {
        switch type {
        case "stops":
            guard case .object(let o) = json else { throw Self.bad("A stops argument must be a JSON object.") }
            self = try Self.stops(o)
        case "shape":
            guard case .object(let o) = json, FormatGeoJSON.isShape(o) else {
                throw Self.bad("A shape argument must be a GeoJSON geometry, feature or feature collection.")
            }
            self = .shape(json)
        case "keypath":
            guard case .string(let s) = json else { throw Self.bad("A %K argument must be a string.") }
            self = .string(s)
        case "offset":
            if case .array(let pair) = json, pair.count == 2, let dx = pair[0].number, let dy = pair[1].number {
                self = .offset(dx: dx, dy: dy)
            } else {
                self = try Self.read(json, colors: false)
            }
        case "padding", "insets", "edgeInsets", "edge_insets":
            if let insets = try Self.insets(json) {
                self = insets
            } else {
                self = try Self.read(json, colors: false)
            }
        case "color":
            if case .string(let s) = json, let color = FormatColor(cssString: s) {
                self = .color(color)
            } else {
                self = try Self.read(json, colors: true)
            }
        case nil:
            self = try Self.read(json, colors: true)
        default:
            self = try Self.read(json, colors: false)
        }
    }

    static func bad(_ message: String) -> FormatStringError {
        FormatStringError(.argument, message, suggestion: "See FormatArgument.init(json:type:) for the JSON spellings.")
    }

    private static func read(_ json: JSONValue, colors: Bool) throws(FormatStringError) -> FormatArgument {
        switch json {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .integer(i)
        case .uint(let u): return .number(Double(u))
        case .double(let d): return .number(d)
        case .string(let s):
            if colors, let color = FormatColor(cssString: s) { return .color(color) }
            return .string(s)
        case .array(let items):
            var out: [FormatArgument] = []
            for item in items { out.append(try read(item, colors: colors)) }
            return .array(out)
        case .object(let o):
            return try object(o, colors: colors)
        }
    }

    private static func object(_ o: JSONObject, colors: Bool) throws(FormatStringError) -> FormatArgument {
        if o.count <= 2, let format = o["$expression"]?.string {
            return .expression(try FormatExpression(format: format, arguments: try list(o["$arguments"])))
        }
        if o.count <= 2, let format = o["$predicate"]?.string {
            return .predicate(try FormatPredicate(format: format, arguments: try list(o["$arguments"])))
        }
        if o.count == 1, let pair = o["$offset"]?.array, pair.count == 2, let dx = pair[0].number, let dy = pair[1].number {
            return .offset(dx: dx, dy: dy)
        }
        if o.count == 1, let v = o["$edgeInsets"] ?? o["$insets"] ?? o["$padding"] {
            guard let insets = try insets(v) else {
                throw bad("$edgeInsets needs four numbers: [top, left, bottom, right] or {\"top\": …, \"left\": …, …}.")
            }
            return insets
        }
        if o.count == 1, let name = o["$class"]?.string { return .className(name) }
        if o.count == 1, let css = o["$color"]?.string {
            guard let color = FormatColor(cssString: css) else { throw bad("‘\(css)’ is not an rgb()/rgba() colour.") }
            return .color(color)
        }
        if o.count == 1, case .object(let a)? = o["$attributed"] {
            let text = try read(a["expression"] ?? .null, colors: false).expression
            var attributes: [FormatDictionaryEntry] = []
            if case .object(let attrs)? = a["attributes"] {
                for (key, value) in attrs {
                    attributes.append(FormatDictionaryEntry(key, try read(value, colors: true).expression))
                }
            }
            return .attributed(FormatAttributedExpression(text, attributes: attributes))
        }
        if o["type"] != nil, FormatGeoJSON.isShape(o) { return .shape(.object(o)) }
        var entries: [FormatArgumentEntry] = []
        for (key, value) in o { entries.append(FormatArgumentEntry(key, try read(value, colors: colors))) }
        return .dictionary(entries)
    }

    /// `[top, left, bottom, right]` or `{"top": …, "left": …, "bottom": …, "right": …}`.
    private static func insets(_ json: JSONValue) throws(FormatStringError) -> FormatArgument? {
        var n: [Double] = []
        switch json {
        case .array(let v): n = v.compactMap(\.number)
        case .object(let o):
            if o.count == 1, let inner = o["$edgeInsets"] ?? o["$insets"] ?? o["$padding"] { return try insets(inner) }
            n = ["top", "left", "bottom", "right"].compactMap { o[$0]?.number }
        default: return nil
        }
        guard n.count == 4 else { return nil }
        return .edgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }

    private static func stops(_ o: JSONObject) throws(FormatStringError) -> FormatArgument {
        var stops: [FormatArgumentStop] = []
        for (key, value) in o {
            guard let k = Double(key) else { throw bad("Stop keys must be numbers; ‘\(key)’ is not.") }
            stops.append(FormatArgumentStop(k, try read(value, colors: true)))
        }
        return .stops(stops)
    }

    private static func list(_ json: JSONValue?) throws(FormatStringError) -> [FormatArgument] {
        guard case .array(let items)? = json else { return [] }
        var out: [FormatArgument] = []
        for item in items { out.append(try FormatArgument(json: item)) }
        return out
    }

    /// The JSON spelling of this argument (the inverse of ``init(json:type:)``).
    public var jsonValue: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .integer(let i): return .int(i)
        case .number(let d): return .double(d)
        case .string(let s): return .string(s)
        case .color(let c): return .string(c.cssString)
        case .array(let items): return .array(items.map(\.jsonValue))
        case .dictionary(let entries):
            var o = JSONObject()
            for e in entries { o[e.key] = e.value.jsonValue }
            return .object(o)
        case .stops(let stops):
            var o = JSONObject()
            for s in stops { o[FormatJSONEncoder.keyString(s.key)] = s.value.jsonValue }
            return .object(o)
        case .shape(let json): return json
        case .expression(let e):
            if case .constant = e { return FormatArgument(expression: e).jsonValue }
            if case .aggregate = e { return FormatArgument(expression: e).jsonValue }
            return Self.spelled("$expression", e.formatString())
        case .predicate(let p): return Self.spelled("$predicate", p.formatString())
        case .attributed(let a):
            var attributes = JSONObject()
            for e in a.attributes { attributes[e.key] = FormatArgument(expression: e.value).jsonValue }
            return ["$attributed": ["expression": FormatArgument(expression: a.expression).jsonValue,
                                    "attributes": .object(attributes)]]
        case .offset(let dx, let dy): return ["$offset": [.double(dx), .double(dy)]]
        case .edgeInsets(let t, let l, let b, let r): return ["$edgeInsets": [.double(t), .double(l), .double(b), .double(r)]]
        case .className(let name): return ["$class": .string(name)]
        }
    }

    private static func spelled(_ key: String, _ s: FormatString) -> JSONValue {
        var o: JSONObject = [key: .string(s.format)]
        if !s.arguments.isEmpty { o["$arguments"] = .array(s.arguments.map(\.jsonValue)) }
        return .object(o)
    }
}
