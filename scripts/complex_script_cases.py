#!/usr/bin/env python3
"""Writes the complex-script render cases (Devanagari, Bengali, Tamil, Thai, …) and their expected images.

    scripts/complex_script_cases.py [--out Tests/MercatorTests/Fixtures/complex-scripts] [--only NAME]

Each case is a render test in the MapLibre suite's layout (`NAME/style.json` with `metadata.test`, and
`NAME/expected.png`). The styles' `font-faces` name Noto fonts from Debian's `fonts-noto-core`
(`/usr/share/fonts/truetype/noto/`, file:// URLs), and their glyph PBFs (spaces, Latin) are the render
suite's `Noto Sans Regular` ranges (`local://glyphs/...`, resolved against
`../shared/conformance/render-tests`). The expected images are MapLibre Native's: the reference renderer
(`../shared/tools/reference-render`, the `mapli` package, which honours `font-faces` and shapes with
HarfBuzz), run with this script's Python:

    ~/.cache/mercator-reference/bin/python scripts/complex_script_cases.py

`ComplexScriptRenderTests` renders each case with the render-suite runner and checks it at the suite's
threshold; it is skipped (with the reason) where the fonts or ../shared are missing.
"""
import argparse
import copy
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
NOTO = "/usr/share/fonts/truetype/noto"
SHARED = os.path.abspath(os.path.join(REPO, "..", "shared", "conformance", "render-tests"))
if not os.path.isdir(SHARED):
    SHARED = "/work/shared/conformance/render-tests"
RENDER = os.path.abspath(os.path.join(SHARED, "..", "..", "tools", "reference-render", "render.py"))

FACES = {
    "devanagari": ("NotoSansDevanagari-Regular.ttf", ["U+0900-097F", "U+1CD0-1CFF", "U+A8E0-A8FF"]),
    "bengali": ("NotoSansBengali-Regular.ttf", ["U+0980-09FF"]),
    "tamil": ("NotoSansTamil-Regular.ttf", ["U+0B80-0BFF"]),
    "thai": ("NotoSansThai-Regular.ttf", ["U+0E00-0E7F"]),
}

NAMES = {
    "devanagari": ["नई दिल्ली", "मुंबई", "कोलकाता", "चेन्नई", "हैदराबाद", "अहमदाबाद", "पुणे", "सूरत", "जयपुर",
                   "लखनऊ", "कानपुर", "नागपुर", "इंदौर", "भोपाल", "विशाखापत्तनम", "पटना", "श्रीनगर", "औरंगाबाद"],
    "bengali": ["ঢাকা", "চট্টগ্রাম", "খুলনা", "রাজশাহী", "সিলেট", "বরিশাল", "রংপুর", "ময়মনসিংহ", "কুমিল্লা",
                "নারায়ণগঞ্জ", "গাজীপুর", "কলকাতা", "শিলিগুড়ি", "আসানসোল", "দুর্গাপুর", "বর্ধমান", "হাওড়া", "কৃষ্ণনগর"],
    "tamil": ["சென்னை", "கோயம்புத்தூர்", "மதுரை", "திருச்சிராப்பள்ளி", "சேலம்", "திருநெல்வேலி", "ஈரோடு", "வேலூர்",
              "தூத்துக்குடி", "தஞ்சாவூர்", "கன்னியாகுமரி", "யாழ்ப்பாணம்", "கொழும்பு", "திருப்பூர்", "நாகர்கோவில்",
              "காஞ்சிபுரம்", "கடலூர்", "புதுச்சேரி"],
    "thai": ["กรุงเทพมหานคร", "เชียงใหม่", "ภูเก็ต", "ขอนแก่น", "นครราชสีมา", "หาดใหญ่", "อุดรธานี", "พัทยา",
             "สุราษฎร์ธานี", "นครศรีธรรมราช", "อยุธยา", "ลำปาง", "เชียงราย", "สงขลา", "ปัตตานี", "น่าน", "แม่ฮ่องสอน",
             "กาญจนบุรี"],
}


def grid(names, columns=3, rows=6):
    """Points on a grid at zoom 5 (about 170 by 55 pixels apart) around 0, 0."""
    features = []
    for i, name in enumerate(names[: columns * rows]):
        col, row = i % columns, i // columns
        lon = (col - (columns - 1) / 2) * 3.7
        lat = ((rows - 1) / 2 - row) * 1.2
        features.append({"type": "Feature", "properties": {"name": name},
                         "geometry": {"type": "Point", "coordinates": [lon, lat]}})
    return {"type": "FeatureCollection", "features": features}


def base_style(script, width=512, height=384, zoom=5):
    face, ranges = FACES[script]
    return {
        "version": 8,
        "metadata": {"test": {"width": width, "height": height}},
        "center": [0, 0],
        "zoom": zoom,
        "glyphs": "local://glyphs/{fontstack}/{range}.pbf",
        "font-faces": {"Noto Sans Regular": [{"url": "file://" + os.path.join(NOTO, face), "unicode-range": ranges}]},
        "sources": {},
        "layers": [{"id": "background", "type": "background", "paint": {"background-color": "white"}}],
    }


def point_case(script, size=16):
    style = base_style(script)
    style["sources"]["places"] = {"type": "geojson", "data": grid(NAMES[script])}
    style["layers"].append({"id": "names", "type": "symbol", "source": "places",
                            "layout": {"text-field": "{name}", "text-font": ["Noto Sans Regular"], "text-size": size}})
    return style


WRAPPED = [("विशाखापत्तनम|नगर निगम|क्षेत्र", "left", -3.7), ("পশ্চিমবঙ্গ|রাজ্য সরকার|ভবন", "center", 0),
           ("राष्ट्रीय राजधानी|क्षेत्र दिल्ली", "right", 3.7)]


def wrapped_case(reference=False):
    """Devanagari and Bengali names broken at spaces by text-max-width, justified left, centre and right.

    MapLibre Native measures shaped glyphs as nothing when it breaks lines, so it never wraps them: its
    reference image is drawn from the same names broken by hand ("\n" where Mercator's text-max-width
    breaks them, `|` above), which Native lays out line by line as Mercator does."""
    style = base_style("devanagari", height=256)
    style["font-faces"]["Noto Sans Regular"].append(
        {"url": "file://" + os.path.join(NOTO, FACES["bengali"][0]), "unicode-range": FACES["bengali"][1]})
    features = [{"type": "Feature", "properties": {"name": t.replace("|", "\n" if reference else " "), "justify": j},
                 "geometry": {"type": "Point", "coordinates": [lon, 0]}} for t, j, lon in WRAPPED]
    style["sources"]["places"] = {"type": "geojson", "data": {"type": "FeatureCollection", "features": features}}
    style["layers"].append({"id": "names", "type": "symbol", "source": "places",
                            "layout": {"text-field": "{name}", "text-font": ["Noto Sans Regular"], "text-size": 18,
                                       "text-max-width": 0 if reference else 5, "text-justify": ["get", "justify"],
                                       "text-allow-overlap": True}})
    return style


def mixed_case():
    """Latin (glyph PBFs) and Devanagari, Tamil, Thai (faces) in one label, with a halo and a second size."""
    style = base_style("devanagari", height=256)
    for script in ("tamil", "thai"):
        style["font-faces"]["Noto Sans Regular"].append(
            {"url": "file://" + os.path.join(NOTO, FACES[script][0]), "unicode-range": FACES[script][1]})
    texts = ["Delhi दिल्ली", "Chennai சென்னை", "Bangkok กรุงเทพฯ", "वाराणसी (Varanasi)"]
    features = [{"type": "Feature", "properties": {"name": t},
                 "geometry": {"type": "Point", "coordinates": [(-1) ** i * 2.2, 2.2 - i * 1.4]}} for i, t in enumerate(texts)]
    style["sources"]["places"] = {"type": "geojson", "data": {"type": "FeatureCollection", "features": features}}
    style["layers"].append({"id": "names", "type": "symbol", "source": "places",
                            "layout": {"text-field": "{name}", "text-font": ["Noto Sans Regular"], "text-size": 20},
                            "paint": {"text-color": "#203060", "text-halo-color": "#ffd080", "text-halo-width": 2}})
    return style


def line_case():
    """Devanagari and Tamil road names along straight lines (glyphs of a cluster share their place on the line)."""
    style = base_style("devanagari", height=256)
    style["font-faces"]["Noto Sans Regular"].append(
        {"url": "file://" + os.path.join(NOTO, FACES["tamil"][0]), "unicode-range": FACES["tamil"][1]})
    lines = [("महात्मा गांधी मार्ग", [[-5, 1.5], [5, 1.5]]), ("அண்ணா சாலை", [[-5, -2.5], [5, 0]])]
    features = [{"type": "Feature", "properties": {"name": n},
                 "geometry": {"type": "LineString", "coordinates": c}} for n, c in lines]
    style["sources"]["roads"] = {"type": "geojson", "data": {"type": "FeatureCollection", "features": features}}
    style["layers"] += [
        {"id": "roads", "type": "line", "source": "roads", "paint": {"line-color": "#ccc", "line-width": 10}},
        {"id": "names", "type": "symbol", "source": "roads",
         "layout": {"text-field": "{name}", "text-font": ["Noto Sans Regular"], "text-size": 16,
                    "symbol-placement": "line", "symbol-spacing": 160}}]
    return style


CASES = {
    "devanagari": lambda: point_case("devanagari"),
    "bengali": lambda: point_case("bengali"),
    "tamil": lambda: point_case("tamil", size=14),
    "thai": lambda: point_case("thai", size=18),
    "wrapped": wrapped_case,
    "mixed": mixed_case,
    "line": line_case,
}


def render(style, out_png):
    """Renders `style` with MapLibre Native (mapli) into `out_png`."""
    sys.path.insert(0, os.path.dirname(RENDER))
    import render as reference  # the reference renderer's module

    s = copy.deepcopy(style)
    test = s["metadata"]["test"]
    args = argparse.Namespace(lon=s["center"][0], lat=s["center"][1], zoom=s["zoom"], width=test["width"],
                              height=test["height"], bearing=0.0, pitch=0.0, ratio=1.0,
                              glyphs_dir=os.path.join(SHARED, "glyphs"))
    png = reference.render_mapli(s, args)
    with open(out_png, "wb") as fh:
        fh.write(png)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(REPO, "Tests", "MercatorTests", "Fixtures", "complex-scripts"))
    ap.add_argument("--only", default=None)
    ap.add_argument("--no-render", action="store_true", help="write the styles only")
    a = ap.parse_args()
    for name, make in CASES.items():
        if a.only and name != a.only:
            continue
        style = make()
        folder = os.path.join(a.out, name)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "style.json"), "w") as fh:
            json.dump(style, fh, ensure_ascii=False, indent=2)
            fh.write("\n")
        if not a.no_render:
            render(wrapped_case(reference=True) if name == "wrapped" else style, os.path.join(folder, "expected.png"))
        print(name, file=sys.stderr)


if __name__ == "__main__":
    main()
