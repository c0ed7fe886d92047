import Foundation
import Expressions
import Fonts
import GeoJSON
import MapStyle

/// Icons and collision boxes of point labels, and `{token}` text.
extension SymbolLayerBuilder {
    /// A collision box in CSS pixels around the anchor: a text or icon box `(left, top, right,
    /// bottom)` scaled to its size plus padding (one value, or CSS top, right, bottom, left), the
    /// bounds of the rotated box for rotated symbols.
    static func collisionBox(_ b: (Double, Double, Double, Double), scale: Double, padding: [Double],
                             rotation: Double) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        let p = padding.count == 4 ? padding : [Double](repeating: padding.first ?? 0, count: 4)
        let x0 = b.0 * scale - p[3], x1 = b.2 * scale + p[1]
        let y0 = b.1 * scale - p[0], y1 = b.3 * scale + p[2]
        guard rotation != 0 else { return (x0, y0, x1, y1) }
        let c = cos(rotation), s = sin(rotation)
        let corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)].map { (c * $0.0 - s * $0.1, s * $0.0 + c * $0.1) }
        return (corners.map(\.0).min()!, corners.map(\.1).min()!, corners.map(\.0).max()!, corners.map(\.1).max()!)
    }

    /// The feature's icon as layout finds it (MapLibre's `shapeIcon` inputs): the image `icon-image`
    /// names (with `{token}` names filled in), anchor, offset, fit, rotation and padding; nil when the
    /// layer has no icon or the image is missing. The frame sizes and fits it (``IconPaint``).
    static func iconSource(layout: SymbolLayoutProperties, context: EvaluationContext, images: (any ImageProvider)?) -> LaidOutIcon? {
        guard var name = layout.iconImageName?.evaluate(context).name, !name.isEmpty else { return nil }
        // a plain-string `icon-image` may name properties as `{name}` tokens (legacy syntax; a legacy
        // function's stops are converted when compiled); in an expression "{name}" is a literal name
        if name.contains("{"), layout.iconImageName?.source?.string != nil, let properties = context.feature?.properties {
            name = replacingTokens(name, properties)
        }
        guard let image = images?.image(named: name) else { return nil }
        let o = layout.iconOffset.evaluate(context)
        return LaidOutIcon(image: image, alignment: SymbolAnchorKind(layout.iconAnchor.evaluate(context)).alignment,
                           offset: o.count == 2 ? (o[0], o[1]) : (0.0, 0.0), fit: layout.iconTextFit.evaluate(context),
                           fitPadding: layout.iconTextFitPadding.evaluate(context), rotation: layout.iconRotation.evaluate(context),
                           padding: layout.iconPadding.evaluate(context).values,
                           allowOverlap: layout.iconAllowsOverlap.evaluate(context),
                           ignorePlacement: layout.iconIgnoresPlacement.evaluate(context),
                           optional: layout.isIconOptional.evaluate(context))
    }

    /// The width an icon takes along a line at `icon-size` 1 (MapLibre's shaped icon, which spaces
    /// labels along lines), fitted to the text at the layout's text size when it is fitted at all.
    static func iconShapedWidth(_ label: LaidOutSymbol, textBounds: (Double, Double, Double, Double)?,
                                layout: SymbolLayoutProperties, context: EvaluationContext) -> Double {
        guard let source = label.icon, layout.iconScale.evaluate(context) > 0 else { return 0 }
        let size = layout.textFontSize.evaluate(context)
        var box = IconLayout(image: source.image, alignment: source.alignment, offset: source.offset)
        if source.fit != .none, size > 0, let b = textBounds {
            let s = size / TextShaping.oneEm
            box.fit(toText: (b.0 * s, b.1 * s, b.2 * s, b.3 * s), width: source.fit == .width || source.fit == .both,
                    height: source.fit == .height || source.fit == .both, padding: source.fitPadding, offset: source.offset,
                    image: source.image)
        }
        return box.right - box.left
    }

    /// `{name}` tokens replaced by the feature's property values (missing ones by nothing), as
    /// MapLibre reads a plain-string `text-field`.
    static func replacingTokens(_ text: Formatted, _ properties: JSONObject) -> Formatted {
        var out = text
        for i in out.sections.indices where out.sections[i].text.utf8.contains(UInt8(ascii: "{")) {
            out.sections[i].text = replacingTokens(out.sections[i].text, properties)
        }
        return out
    }

    /// `{name}` tokens of one string replaced by the feature's property values.
    static func replacingTokens(_ s: String, _ properties: JSONObject) -> String {
        var result = ""
        var rest = Substring(s)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let key = String(rest[rest.index(after: open)..<close])
            if let v = properties[key] {
                // numbers as JavaScript's String(value) writes them: 146, not 146.0
                if case .number = ExpressionValue(json: v) {
                    result += ExpressionValue(json: v).stringValue
                } else {
                    result += v.string ?? (v.isNull ? "" : v.serialized())
                }
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

}
