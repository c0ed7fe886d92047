import Foundation
import Expressions
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

    /// The feature's icon, as MapLibre's `shapeIcon` and `getIconQuads` lay it out: the image's
    /// display size placed by `icon-anchor` and `icon-offset`, the quad grown by the atlas's one
    /// texel of transparent padding, rotated by `icon-rotate`, quantized to 1/32 pixel.
    static func icon(layout: SymbolLayoutProperties, paint: SymbolPaintProperties, context: EvaluationContext,
                     layoutContext: EvaluationContext, images: (any ImageProvider)?, pitched: Bool,
                     textBox: (left: Double, top: Double, right: Double, bottom: Double)?,
                     turned: Bool = false) -> SymbolLayer.Icon? {
        guard var name = layout.iconImageName?.evaluate(layoutContext).name, !name.isEmpty else { return nil }
        // a plain-string `icon-image` may name properties as `{name}` tokens (legacy syntax)
        if name.contains("{"), let properties = context.feature?.properties { name = replacingTokens(name, properties) }
        guard let image = images?.image(named: name) else { return nil }
        let size = layout.iconScale.evaluate(context)
        guard size > 0 else { return nil }
        let o = layout.iconOffset.evaluate(layoutContext)
        let offset = o.count == 2 ? (o[0], o[1]) : (0.0, 0.0)
        var box = IconLayout(image: image, alignment: SymbolAnchorKind(layout.iconAnchor.evaluate(layoutContext)).alignment, offset: offset)
        let fit = layout.iconTextFit.evaluate(layoutContext)
        let fitted = fit != .none && textBox != nil
        if fitted, let text = textBox {
            box.fit(toText: text, width: fit == .width || fit == .both, height: fit == .height || fit == .both,
                    padding: layout.iconTextFitPadding.evaluate(layoutContext), offset: offset, image: image)
        }
        // an icon fitted to vertical text turns a quarter clockwise with it
        let rotation = layout.iconRotation.evaluate(layoutContext) * .pi / 180 + (turned ? .pi / 2 : 0)
        let padding = layout.iconPadding.evaluate(layoutContext).values
        // an icon fitted to text by its content area collides with all of it (MapLibre's collisionPadding)
        var collisionBox = (box.left, box.top, box.right, box.bottom)
        if fitted, let content = image.content {
            let r = image.pixelRatio, (w, h) = image.displaySize
            var fittedBox = (box.left, box.top, box.right, box.bottom)
            if image.textFitWidth != nil || image.textFitHeight != nil {
                let p = box.proportionalBox(image: image, content: content)
                fittedBox = (p.left, p.top, p.left + p.width, p.top + p.height)
            }
            collisionBox = (fittedBox.0 - content.left / r, fittedBox.1 - content.top / r,
                            fittedBox.2 + w - content.right / r, fittedBox.3 + h - content.bottom / r)
        }
        var icon = SymbolLayer.Icon(
            image: image, quads: box.quads(image: image, size: size, rotation: rotation, textFit: fitted), size: size,
            color: RenderColor(paint.iconColor.evaluate(context)).premultiplied(),
            haloColor: RenderColor(paint.iconHaloColor.evaluate(context)).premultiplied(),
            haloWidth: max(0, paint.iconHaloWidth.evaluate(context)), haloBlur: max(0, paint.iconHaloBlur.evaluate(context)),
            opacity: paint.iconOpacity.evaluate(context),
            linear: image.sdf || size != 1 || layout.iconRotation.evaluate(layoutContext) != 0 || pitched,
            box: Self.collisionBox(collisionBox, scale: size, padding: padding, rotation: rotation),
            allowOverlap: layout.iconAllowsOverlap.evaluate(layoutContext),
            ignorePlacement: layout.iconIgnoresPlacement.evaluate(layoutContext),
            optional: layout.isIconOptional.evaluate(layoutContext))
        icon.shapedWidth = box.right - box.left
        return icon
    }

    /// `{name}` tokens replaced by the feature's property values (missing ones by nothing), as
    /// MapLibre reads a plain-string `text-field`.
    static func replacingTokens(_ text: Formatted, _ properties: JSONObject) -> Formatted {
        var out = text
        for i in out.sections.indices where out.sections[i].text.contains("{") {
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
