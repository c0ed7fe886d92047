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
      SDK's Swift names (seed 003 "Information for style authors" rename tables).
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


HEADER = "// Generated by scripts/generate_style_properties.py from the style specification (v8.json).\n// Do not edit by hand: change the script and run it again.\n\nimport GeoJSON\n\n"


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
                expr = d.get("expression", {})
                params = expr.get("parameters", [])
                ptype = d.get("property-type", "constant")
                enum_values = list(d["values"].keys()) if isinstance(d.get("values"), dict) else []
                default = json_literal(d["default"], 4) if "default" in d else "nil"
                args = [
                    "name: %s" % swift_string(name),
                    "swiftName: %s" % swift_string(renames.get(name, camel(name))),
                    "layerType: .%s" % camel(lt),
                    "kind: .%s" % kind,
                    "valueType: %s" % value_type(d),
                    "defaultValue: %s" % default,
                    "enumValues: [%s]" % ", ".join(swift_string(v) for v in enum_values),
                    "minimum: %s" % optional_number(d.get("minimum")),
                    "maximum: %s" % optional_number(d.get("maximum")),
                    "length: %s" % (d["length"] if "length" in d else "nil"),
                    "units: %s" % (swift_string(d["units"]) if "units" in d else "nil"),
                    "propertyType: %s" % swift_string(ptype),
                    "supportsZoom: %s" % ("true" if "zoom" in params else "false"),
                    "supportsFeature: %s" % ("true" if "feature" in params else "false"),
                    "supportsFeatureState: %s" % ("true" if "feature-state" in params else "false"),
                    "isInterpolated: %s" % ("true" if expr.get("interpolated") else "false"),
                    "hasTransition: %s" % ("true" if d.get("transition") else "false"),
                    "supportsTokens: %s" % ("true" if d.get("tokens") else "false"),
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


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_SPEC
    with open(path) as f:
        spec = json.load(f)
    os.makedirs(OUT_DIR, exist_ok=True)
    for name, text in (
        ("StyleSpecReference+Generated.swift", write_reference(spec)),
        ("LayerProperties+Generated.swift", write_properties(spec)),
        ("LayerPropertyKeys+Generated.swift", write_keys(spec)),
    ):
        with open(os.path.join(OUT_DIR, name), "w") as f:
            f.write(text)
        print("wrote", name, len(text), "bytes")


if __name__ == "__main__":
    main()
