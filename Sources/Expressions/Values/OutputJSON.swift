public import GeoJSON

/// JSON renderings of values as the conformance suite writes them (`JSON.stringify` of the JS objects).
public enum OutputJSON {
    /// Encodes a value; colours become `{r,g,b,a}` premultiplied objects (the suite's top-level `[r,g,b,a]` is
    /// applied by the runner).
    public static func encode(_ v: ExpressionValue) -> JSONValue {
        switch v {
        case .null: return .null
        case .boolean(let b): return .bool(b)
        case .number(let n): return n.isFinite ? .double(n) : .null
        case .string(let s): return .string(s)
        case .array(let a): return .array(a.map(encode))
        case .object(let o): return .object(o)
        case .color(let c):
            let p = c.premultiplied
            return .object(JSONObject([("r", .double(p.r)), ("g", .double(p.g)), ("b", .double(p.b)), ("a", .double(p.a))]))
        case .collator(let c):
            return .object(JSONObject([("caseSensitive", .bool(c.caseSensitive)), ("diacriticSensitive", .bool(c.diacriticSensitive)),
                                       ("locale", c.locale.map { .string($0) } ?? .null)]))
        case .formatted(let f):
            return .object(JSONObject([("sections", .array(f.sections.map { s in
                .object(JSONObject([
                    ("text", .string(s.text)),
                    ("image", s.image.map { encode(.resolvedImage($0)) } ?? .null),
                    ("scale", s.scale.map { .double($0) } ?? .null),
                    ("fontStack", s.fontStack.map { .string($0) } ?? .null),
                    ("textColor", s.textColor.map { encode(.color($0)) } ?? .null),
                    ("verticalAlign", s.verticalAlign.map { .string($0) } ?? .null),
                ]))
            }))]))
        case .resolvedImage(let r):
            return .object(JSONObject([("name", .string(r.name)), ("available", .bool(r.available))]))
        case .padding(let p): return .object(JSONObject([("values", .array(p.values.map { .double($0) }))]))
        case .numberArray(let a): return .object(JSONObject([("values", .array(a.map { .double($0) }))]))
        case .colorArray(let a): return .object(JSONObject([("values", .array(a.map { encode(.color($0)) }))]))
        case .variableAnchorOffsetCollection(let c):
            var items: [JSONValue] = []
            for v in c.values { items.append(.string(v.anchor)); items.append(.array(v.offset.map { .double($0) })) }
            return .object(JSONObject([("values", .array(items))]))
        case .projectionDefinition(let p):
            return .object(JSONObject([("from", .string(p.from)), ("to", .string(p.to)), ("transition", .double(p.transition))]))
        }
    }
}
