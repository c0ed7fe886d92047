#!/usr/bin/env python3
"""Generates MapStyle's committed Swift tables from the style specification reference (v8.json).

Run once when v8.json changes, then commit the output:

    python3 scripts/generate_style_properties.py [path/to/v8.json]

Writes:
  Sources/MapStyle/Generated/StyleSpecReference+Generated.swift
      the whole reference (minus prose: doc, sdk-support, example, requires) as a `JSONValue`,
      which the validator walks exactly as the style-spec validator walks v8.json;
  Sources/MapStyle/Generated/LayerProperties+Generated.swift
      per layer type, its paint and layout properties as typed `LayerPropertySpecification`s with the
      SDK's Swift names (seed 003 "Information for style authors" rename tables);
  Sources/MapStyle/Generated/LayerPropertyKeys+Generated.swift
      typed property keys per layer type (`CircleLayerProperty.circleRadius`);
  Sources/MapStyle/Generated/PropertyEnumerations+Generated.swift
      Swift enumerations for enumerated properties (`LineCap`, `TranslateAnchor`, …);
  Sources/MapStyle/Generated/CompiledPropertyGroups+Generated.swift
      per layer type, its paint and layout properties compiled once per style revision
      (`CirclePaintProperties`, as MapLibre Native names them);
  Sources/MapStyle/Generated/TypedStyleLayers+Generated.swift
      per layer type, a typed view for runtime styling (`CircleStyleLayer.circleRadius`).
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_SPEC = os.path.join(ROOT, "..", "shared", "conformance", "style-spec", "v8.json")
OUT_DIR = os.path.join(ROOT, "Sources", "MapStyle", "Generated")

# Seed 003, "Information for style authors": properties whose SDK names differ from the style
# specification. The circle, fill, fill-extrusion, line and raster tables are the seed's; the symbol
# table (cut short in the seed text, which names textFontNames, iconAllowsOverlap, iconImageName,
# iconIgnoresPlacement, textAllowsOverlap, textIgnoresPlacement, text) follows the SDK's own
# cocoa-conventions list.
RENAMES = {
    "circle": {
        "circle-pitch-scale": "circleScaleAlignment",
        "circle-translate": "circleTranslation",
        "circle-translate-anchor": "circleTranslationAnchor",
    },
    "fill": {
        "fill-antialias": "isFillAntialiased",
        "fill-translate": "fillTranslation",
        "fill-translate-anchor": "fillTranslationAnchor",
    },
    "fill-extrusion": {
        "fill-extrusion-vertical-gradient": "fillExtrusionHasVerticalGradient",
        "fill-extrusion-translate": "fillExtrusionTranslation",
        "fill-extrusion-translate-anchor": "fillExtrusionTranslationAnchor",
    },
    "line": {
        "line-dasharray": "lineDashPattern",
        "line-translate": "lineTranslation",
        "line-translate-anchor": "lineTranslationAnchor",
    },
    "raster": {
        "raster-brightness-max": "maximumRasterBrightness",
        "raster-brightness-min": "minimumRasterBrightness",
        "raster-hue-rotate": "rasterHueRotation",
        "raster-resampling": "rasterResamplingMode",
    },
    "symbol": {
        "icon-allow-overlap": "iconAllowsOverlap",
        "icon-image": "iconImageName",
        "icon-ignore-placement": "iconIgnoresPlacement",
        "icon-keep-upright": "keepsIconUpright",
        "icon-optional": "isIconOptional",
        "icon-rotate": "iconRotation",
        "icon-size": "iconScale",
        "symbol-avoid-edges": "symbolAvoidsEdges",
        "text-allow-overlap": "textAllowsOverlap",
        "text-field": "text",
        "text-font": "textFontNames",
        "text-ignore-placement": "textIgnoresPlacement",
        "text-justify": "textJustification",
        "text-keep-upright": "keepsTextUpright",
        "text-max-angle": "maximumTextAngle",
        "text-max-width": "maximumTextWidth",
        "text-optional": "isTextOptional",
        "text-rotate": "textRotation",
        "text-size": "textFontSize",
        "text-writing-mode": "textWritingModes",
        "icon-translate": "iconTranslation",
        "icon-translate-anchor": "iconTranslationAnchor",
        "text-translate": "textTranslation",
        "text-translate-anchor": "textTranslationAnchor",
    },
}

# Seed 003: concepts the SDK names differently ("In the style specification | In the SDK").
CONCEPTS = [
    ("bounds", "coordinate bounds"),
    ("filter", "predicate"),
    ("function type", "interpolation mode"),
    ("id", "identifier"),
    ("image", "style image"),
    ("layer", "style layer"),
    ("property", "attribute"),
    ("SDF icon", "template image"),
    ("source", "content source"),
]

PROSE_KEYS = {"doc", "sdk-support", "example", "requires"}


def camel(name):
    parts = name.split("-")
    return parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])


def swift_string(s):
    out = []
    for ch in s:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 0x20:
            out.append("\\u{%x}" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def strip(o):
    if isinstance(o, dict):
        return {k: strip(v) for k, v in o.items() if k not in PROSE_KEYS}
    if isinstance(o, list):
        return [strip(v) for v in o]
    return o


def json_literal(v, indent):
    """Swift source for a JSONValue built from explicit cases (fast to type-check)."""
    pad = "    " * indent
    if v is None:
        return ".null"
    if isinstance(v, bool):
        return ".bool(true)" if v else ".bool(false)"
    if isinstance(v, int):
        return ".int(%d)" % v
    if isinstance(v, float):
        return ".double(%r)" % v
    if isinstance(v, str):
        return ".string(%s)" % swift_string(v)
    if isinstance(v, list):
        if not v:
            return ".array([])"
        items = [json_literal(x, indent + 1) for x in v]
        if all("\n" not in i for i in items) and sum(len(i) for i in items) < 80:
            return ".array([" + ", ".join(items) + "])"
        inner = ",\n".join(pad + "    " + i for i in items)
        return ".array([\n" + inner + ",\n" + pad + "])"
    if isinstance(v, dict):
        if not v:
            return ".object(JSONObject())"
        inner = ",\n".join(
            pad + "    (" + swift_string(k) + ", " + json_literal(x, indent + 1) + ")" for k, x in v.items()
        )
        return ".object(JSONObject([\n" + inner + ",\n" + pad + "] as [(String, JSONValue)]))"
    raise TypeError(type(v))


HEADER = "// Generated by scripts/generate_style_properties.py from the style specification (v8.json).\n// Do not edit by hand: change the script and run it again.\n\nimport Expressions\nimport GeoJSON\n\n"


def write_reference(spec):
    stripped = strip(spec)
    lines = [HEADER]
    lines.append("extension StyleSpecReference {\n")
    lines.append("    /// The style specification reference, without its prose, as one JSON tree.\n")
    lines.append("    static func makeReference() -> JSONValue {\n")
    lines.append("        var root = JSONObject()\n")
    for i, key in enumerate(stripped):
        lines.append("        root[%s] = section%d()\n" % (swift_string(key), i))
    lines.append("        return .object(root)\n    }\n")
    for i, (key, value) in enumerate(stripped.items()):
        lines.append("\n    // %s\n" % key)
        lines.append("    private static func section%d() -> JSONValue {\n" % i)
        lines.append("        " + json_literal(value, 2) + "\n")
        lines.append("    }\n")
    lines.append("}\n")
    return "".join(lines)


def value_type(d):
    t = d["type"]
    simple = {
        "number": ".number", "boolean": ".boolean", "string": ".string", "color": ".color",
        "enum": ".enumeration", "formatted": ".formatted", "resolvedImage": ".resolvedImage",
        "padding": ".padding", "numberArray": ".numberArray", "colorArray": ".colorArray",
        "variableAnchorOffsetCollection": ".variableAnchorOffsetCollection",
        "projectionDefinition": ".projectionDefinition",
    }
    if t == "array":
        element = {"number": ".number", "string": ".string", "enum": ".enumeration"}[d["value"]]
        return ".array(%s)" % element
    return simple[t]


PROPERTY_TYPES = {
    "data-driven": ".dataDriven", "data-constant": ".dataConstant", "constant": ".constant",
    "color-ramp": ".colorRamp", "cross-faded": ".crossFaded", "cross-faded-data-driven": ".crossFadedDataDriven",
}
PARAMETERS = {
    "zoom": ".zoom", "feature": ".feature", "feature-state": ".featureState",
    "heatmap-density": ".heatmapDensity", "line-progress": ".lineProgress", "elevation": ".elevation",
}


def typed_spec(d, default):
    """Swift source for the property's typed `PropertySpecification`."""
    expr = d.get("expression")
    if expr is None:
        params = "nil"
    else:
        params = "[" + ", ".join(PARAMETERS[p] for p in expr.get("parameters", []) if p in PARAMETERS) + "]"
    enum_values = list(d["values"].keys()) if isinstance(d.get("values"), dict) else []
    args = [
        value_type(d),
        "length: %s" % (d["length"] if "length" in d else "nil"),
        "propertyType: %s" % PROPERTY_TYPES[d.get("property-type", "constant")],
        "parameters: %s" % params,
        "isInterpolated: %s" % ("true" if (expr or {}).get("interpolated") else "false"),
        "defaultValue: %s" % default,
        "enumValues: [%s]" % ", ".join(swift_string(v) for v in enum_values),
        "supportsTokens: %s" % ("true" if d.get("tokens") else "false"),
    ]
    return "PropertySpecification(\n                    " + ",\n                    ".join(args) + ")"


def optional_number(v):
    if v is None:
        return "nil"
    return repr(float(v)) if isinstance(v, float) else "%d" % v


def write_properties(spec):
    layer_types = list(spec["layer"]["type"]["values"].keys())
    lines = [HEADER]
    lines.append("extension LayerPropertySpecification {\n")
    lines.append("    /// Every paint and layout property of every layer type, in specification order.\n")
    lines.append("    static let generatedTable: [LayerType: [LayerPropertySpecification]] = [\n")
    for lt in layer_types:
        lines.append("        .%s: %s(),\n" % (camel(lt), "properties_" + lt.replace("-", "_")))
    lines.append("    ]\n")
    for lt in layer_types:
        renames = RENAMES.get(lt, {})
        lines.append("\n    private static func properties_%s() -> [LayerPropertySpecification] {\n        [\n" % lt.replace("-", "_"))
        for kind in ("layout", "paint"):
            for name, d in spec.get("%s_%s" % (kind, lt), {}).items():
                default = json_literal(d["default"], 5) if "default" in d else "nil"
                args = [
                    "name: %s" % swift_string(name),
                    "swiftName: %s" % swift_string(renames.get(name, camel(name))),
                    "layerType: .%s" % camel(lt),
                    "kind: .%s" % kind,
                    "specification: %s" % typed_spec(d, default),
                    "minimum: %s" % optional_number(d.get("minimum")),
                    "maximum: %s" % optional_number(d.get("maximum")),
                    "units: %s" % (swift_string(d["units"]) if "units" in d else "nil"),
                    "hasTransition: %s" % ("true" if d.get("transition") else "false"),
                ]
                lines.append("            LayerPropertySpecification(\n                " + ",\n                ".join(args) + "),\n")
        lines.append("        ]\n    }\n")
    lines.append("}\n\n")
    lines.append("extension StyleNames {\n")
    lines.append("    /// Seed 003's renamed concepts: style specification term -> SDK term.\n")
    lines.append("    public static let concepts: [(specification: String, sdk: String)] = [\n")
    for a, b in CONCEPTS:
        lines.append("        (%s, %s),\n" % (swift_string(a), swift_string(b)))
    lines.append("    ]\n}\n")
    return "".join(lines)


def write_keys(spec):
    layer_types = list(spec["layer"]["type"]["values"].keys())
    lines = [HEADER]
    for lt in layer_types:
        renames = RENAMES.get(lt, {})
        type_name = "".join(p[:1].upper() + p[1:] for p in lt.split("-")) + "LayerProperty"
        lines.append("/// The paint and layout properties of `%s` layers, named as in the SDK.\n" % lt)
        lines.append("public enum %s: String, LayerPropertyKey, CaseIterable {\n" % type_name)
        lines.append("    /// The layer type these properties belong to.\n")
        lines.append("    public static let layerType = LayerType.%s\n" % camel(lt))
        for kind in ("layout", "paint"):
            for name in spec.get("%s_%s" % (kind, lt), {}):
                swift = renames.get(name, camel(name))
                lines.append("    /// `%s` (%s).\n" % (name, kind))
                lines.append("    case %s = %s\n" % (swift, swift_string(name)))
        lines.append("}\n\n")
    return "".join(lines).rstrip() + "\n"


# Enumerations shared between properties, named as MapLibre Native names its enum types.
ENUM_TYPES = {
    "visibility": "Visibility",
    "fill-translate-anchor": "TranslateAnchor", "line-translate-anchor": "TranslateAnchor",
    "circle-translate-anchor": "TranslateAnchor", "icon-translate-anchor": "TranslateAnchor",
    "text-translate-anchor": "TranslateAnchor", "fill-extrusion-translate-anchor": "TranslateAnchor",
    "hillshade-illumination-anchor": "IlluminationAnchor",
    "circle-pitch-scale": "CirclePitchScale", "circle-pitch-alignment": "CirclePitchAlignment",
    "icon-rotation-alignment": "SymbolAlignment", "icon-pitch-alignment": "SymbolAlignment",
    "text-pitch-alignment": "SymbolAlignment", "text-rotation-alignment": "TextRotationAlignment",
    "line-cap": "LineCap", "line-join": "LineJoin",
    "symbol-placement": "SymbolPlacement", "symbol-z-order": "SymbolZOrder",
    "icon-overlap": "SymbolOverlap", "text-overlap": "SymbolOverlap", "icon-text-fit": "IconTextFit",
    "icon-anchor": "SymbolAnchor", "text-anchor": "SymbolAnchor", "text-variable-anchor": "SymbolAnchor",
    "text-justify": "TextJustification", "text-transform": "TextTransform", "text-writing-mode": "TextWritingMode",
    "raster-resampling": "RasterResampling", "resampling": "RasterResampling", "hillshade-method": "HillshadeMethod",
}

# Value docs for enumerations several properties share (the specification words them for one property).
SHARED_VALUE_DOCS = {
    ("TranslateAnchor", "map"): "The translation is relative to the map: it rotates with the bearing.",
    ("TranslateAnchor", "viewport"): "The translation is relative to the viewport: it ignores the bearing.",
    ("SymbolAlignment", "map"): "Aligned with the map plane.",
    ("SymbolAlignment", "viewport"): "Aligned with the viewport.",
    ("SymbolAlignment", "auto"): "`map` or `viewport`, as the symbol placement decides.",
    ("SymbolOverlap", "never"): "The symbol is hidden if it collides with another.",
    ("SymbolOverlap", "always"): "The symbol is shown even if it collides with another.",
    ("SymbolOverlap", "cooperative"): "The symbol is shown if it collides only with symbols that allow overlap.",
    ("RasterResampling", "linear"): "Linear interpolation between neighbouring pixels.",
    ("RasterResampling", "nearest"): "The nearest pixel's value.",
}

SWIFT_KEYWORDS = {"default", "case", "in", "is", "as", "for", "if", "else", "repeat", "return", "switch", "where"}


def pascal(name):
    return "".join(p[:1].upper() + p[1:] for p in re.split(r"[-_]", name))


def case_name(value):
    c = camel(value)
    return "`%s`" % c if c in SWIFT_KEYWORDS else c


def swift_type(name, d):
    t = d["type"]
    if t == "enum":
        return ENUM_TYPES[name]
    if t == "array":
        element = {"number": "Double", "string": "String"}.get(d["value"]) or ENUM_TYPES[name]
        return "[%s]" % element
    return {
        "number": "Double", "boolean": "Bool", "string": "String", "color": "Color", "formatted": "Formatted",
        "resolvedImage": "ResolvedImage", "padding": "Padding", "numberArray": "[Double]", "colorArray": "[Color]",
        "variableAnchorOffsetCollection": "VariableAnchorOffsetCollection",
    }[t]


def layer_properties(spec, lt):
    """(kind, spec name, swift name, swift type, has default, entry) for every property of a layer type."""
    renames = RENAMES.get(lt, {})
    out = []
    for kind in ("layout", "paint"):
        for name, d in spec.get("%s_%s" % (kind, lt), {}).items():
            out.append((kind, name, renames.get(name, camel(name)), swift_type(name, d), "default" in d, d))
    return out


def write_enums(spec):
    lines = [HEADER]
    done = {}
    for lt in spec["layer"]["type"]["values"]:
        for kind in ("layout", "paint"):
            for name, d in spec.get("%s_%s" % (kind, lt), {}).items():
                if name not in ENUM_TYPES:
                    continue
                type_name = ENUM_TYPES[name]
                values = list(d["values"].keys())
                if type_name in done:
                    assert done[type_name] == values, (type_name, values, done[type_name])
                    continue
                done[type_name] = values
                lines.append("/// The values of `%s`%s.\n" % (name, " and the properties sharing its values" if list(ENUM_TYPES.values()).count(type_name) > 1 else ""))
                lines.append("public enum %s: String, Sendable, Hashable, CaseIterable, StyleEnumeration {\n" % type_name)
                shared = list(ENUM_TYPES.values()).count(type_name) > 1
                for v in values:
                    doc = d["values"][v].get("doc", "").split("\n")[0] if isinstance(d["values"][v], dict) else ""
                    if shared:
                        doc = SHARED_VALUE_DOCS.get((type_name, v), "`%s`." % v)
                    if doc:
                        lines.append("    /// %s\n" % doc)
                    lines.append("    case %s = %s\n" % (case_name(v), swift_string(v)))
                lines.append("}\n\n")
    return "".join(lines).rstrip() + "\n"


def write_groups(spec):
    layer_types = list(spec["layer"]["type"]["values"].keys())
    lines = [HEADER]
    for lt in layer_types:
        props = layer_properties(spec, lt)
        for kind in ("layout", "paint"):
            group = pascal(lt) + pascal(kind) + "Properties"
            mine = [p for p in props if p[0] == kind]
            lines.append("/// The %s properties of a `%s` layer, compiled for evaluation (MapLibre's `%s`).\n" % (kind, lt, group))
            lines.append("///\n/// Unset properties hold their default; properties without a default are `nil` when unset.\n")
            lines.append("package struct %s: CompiledPropertyGroup {\n" % group)
            lines.append("    package static let layerType = LayerType.%s\n" % camel(lt))
            for (_, name, swift, st, has_default, d) in mine:
                lines.append("    /// `%s`.\n" % name)
                lines.append("    package let %s: CompiledProperty<%s>%s\n" % (swift, st, "" if has_default else "?"))
            lines.append("\n    /// Compiles the %s properties of `layer` with the style's global `state` bound, keeping those of\n" % kind)
            lines.append("    /// `previous` whose value and the state they read did not change.\n")
            lines.append("    package init(_ layer: StyleLayer, state: JSONObject = [:], reusing previous: %s?) throws(StyleRenderError) {\n" % group)
            lines.append("        let values = layer.%s\n" % kind)
            for (_, name, swift, st, has_default, d) in mine:
                fn = "compile" if has_default else "compileIfSet"
                lines.append("        %s = try CompiledProperty.%s(values[%s], %s, of: layer, state: state, reusing: previous?.%s)\n" % (
                    swift, fn, swift_string(name), swift_string(name), swift))
            lines.append("    }\n}\n\n")
    lines.append("extension CompiledLayer {\n")
    lines.append("    /// Compiles the paint and layout groups of `layer`'s type.\n")
    lines.append("    static func compileGroups(_ layer: StyleLayer, state: JSONObject, reusing previous: CompiledLayer?) throws(StyleRenderError)\n")
    lines.append("        -> (paint: any CompiledPropertyGroup, layout: any CompiledPropertyGroup) {\n")
    lines.append("        switch layer.type {\n")
    for lt in layer_types:
        p, l = pascal(lt) + "PaintProperties", pascal(lt) + "LayoutProperties"
        lines.append("        case .%s:\n" % camel(lt))
        lines.append("            return (try %s(layer, state: state, reusing: previous?.paint as? %s),\n" % (p, p))
        lines.append("                    try %s(layer, state: state, reusing: previous?.layout as? %s))\n" % (l, l))
    lines.append("        }\n    }\n}\n")
    return "".join(lines)


def write_typed_layers(spec):
    layer_types = list(spec["layer"]["type"]["values"].keys())
    lines = [HEADER]
    for lt in layer_types:
        name = pascal(lt) + "StyleLayer"
        lines.append("/// A `%s` style layer with typed properties (the SDK's `MLN%s`).\n" % (lt, name))
        lines.append("///\n/// Each property is `nil` when unset (the default applies); set a constant, an expression or a\n")
        lines.append("/// format string through ``StyleValue``. `Style.updateLayer(_:identifier:_:)` validates the result.\n")
        lines.append("public struct %s: TypedStyleLayer {\n" % name)
        lines.append("    public static let layerType = LayerType.%s\n" % camel(lt))
        lines.append("    /// The underlying layer.\n    public var layer: StyleLayer\n\n")
        lines.append("    /// Wraps `layer`; `nil` when it is not a `%s` layer.\n" % lt)
        lines.append("    public init?(_ layer: StyleLayer) {\n        guard layer.type == Self.layerType else { return nil }\n        self.layer = layer\n    }\n\n")
        if lt == "background":
            lines.append("    /// A new layer.\n    public init(identifier: String) {\n")
            lines.append("        layer = StyleLayer(identifier: identifier, type: Self.layerType)\n    }\n")
        else:
            lines.append("    /// A new layer drawing from the content source `sourceIdentifier`.\n    public init(identifier: String, source sourceIdentifier: String) {\n")
            lines.append("        layer = StyleLayer(identifier: identifier, type: Self.layerType, sourceIdentifier: sourceIdentifier)\n    }\n")
        for (kind, pname, swift, st, has_default, d) in layer_properties(spec, lt):
            lines.append("\n    /// `%s` (%s).\n" % (pname, kind))
            lines.append("    public var %s: StyleValue<%s>? {\n" % (swift, st))
            lines.append("        get { layer.styleValue(%s, %s) }\n" % (swift_string(kind), swift_string(pname)))
            lines.append("        set { layer.setStyleValue(newValue, %s, %s) }\n    }\n" % (swift_string(kind), swift_string(pname)))
        lines.append("}\n\n")
    return "".join(lines).rstrip() + "\n"


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_SPEC
    with open(path) as f:
        spec = json.load(f)
    os.makedirs(OUT_DIR, exist_ok=True)
    for name, text in (
        ("StyleSpecReference+Generated.swift", write_reference(spec)),
        ("LayerProperties+Generated.swift", write_properties(spec)),
        ("LayerPropertyKeys+Generated.swift", write_keys(spec)),
        ("PropertyEnumerations+Generated.swift", write_enums(spec)),
        ("CompiledPropertyGroups+Generated.swift", write_groups(spec)),
        ("TypedStyleLayers+Generated.swift", write_typed_layers(spec)),
    ):
        with open(os.path.join(OUT_DIR, name), "w") as f:
            f.write(text)
        print("wrote", name, len(text), "bytes")


if __name__ == "__main__":
    main()
