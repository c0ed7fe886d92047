public import GeoJSON

/// The style specification reference (v8.json without its prose) as one JSON tree, as the
/// validator walks it. Generated from v8.json by `scripts/generate_style_properties.py`.
public enum StyleSpecReference {
    /// The whole reference: `$root`, `source_vector`, `layer`, `paint_fill`, `function`, …
    public static let root: JSONValue = makeReference()

    /// The section named `key` (`"light"`, `"paint_circle"`), or `nil`.
    public static func section(_ key: String) -> JSONValue? { root[key] }

    /// The expression operator names the specification lists (`"get"`, `"interpolate"`, …).
    public static let expressionNames: Set<String> = {
        Set(root["expression_name"]?["values"]?.object?.keys ?? [])
    }()
}
