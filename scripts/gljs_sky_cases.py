#!/usr/bin/env python3
"""Writes the sky and camera cases of Mercator's GL JS comparison suite (render-tests/sky/... and
render-tests/camera-pitch/...), one per rule GL JS's render tests `sky/` and the pitch and roll tests check, over a flat
map (terrain's fog cases belong to the terrain family). The rules and the cases are listed in docs/3d.md, "The camera to
85° and the sky".

    python3 scripts/gljs_sky_cases.py [SUITE_DIR]        # then: python3 scripts/gljs_expectations.py --filter sky
                                                         #       python3 scripts/gljs_expectations.py --filter camera-pitch
"""
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SUITE = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "Tests", "MercatorTests", "Fixtures", "gljs-render-tests")

GLYPHS = "local://glyphs/{fontstack}/{range}.pbf"
FONT = ["Noto Sans Regular"]
GROUND = {"id": "background", "type": "background", "paint": {"background-color": "#ccaa83"}}
SKY = {"sky-color": "#199EF3", "horizon-color": "#daeff0", "sky-horizon-blend": 1, "fog-ground-blend": 1}
SATELLITE = {"type": "raster", "tiles": ["local://tiles/{z}-{x}-{y}.satellite.png"], "minzoom": 1, "maxzoom": 1, "tileSize": 256}
CASES = {}


def case(path, layers, sources=None, *, center=(35.38, 31.55), zoom=15, bearing=0, pitch=85, roll=0, width=128,
         height=256, sky=None, test=None, description="", **root):
    style = {"version": 8, "metadata": {"test": dict({"description": description, "width": width, "height": height,
                                                      "maxPitch": 85}, **(test or {}))}}
    style["center"] = list(center)
    style["zoom"] = zoom
    if bearing:
        style["bearing"] = bearing
    style["pitch"] = pitch
    if roll:
        style["roll"] = roll
    if sky is not None:
        style["sky"] = sky
    style.update(root)
    style["sources"] = sources or {}
    style["layers"] = layers
    CASES[path] = style


def sky(path, description, sky_value, **kw):
    case(path, [GROUND], sky=sky_value, description=description, **kw)


# GL JS 5.24 draws the default sky for a `global-state` in `sky` (it evaluates the sky without the style's state);
# later GL JS reads it (maplibre-gl-js PR #8401) and so does Mercator: the expectation is drawn from the style with
# the state's value put in the sky (scripts/gljs_expectations.py, `stateSubstituted`)
STATE_IN_SKY = {"stateSubstituted": {"members": ["sky"], "why": (
    "GL JS 5.24 evaluates sky without the style's global state and draws the default sky (a bug: maplibre-gl-js "
    "PR #8401 routes the sky through the global state; GL JS's later sky/*/global-state tests expect the state "
    "read); the expectation is drawn with the state's value substituted into sky")}}


def stops(a, b):
    return {"stops": [[14, a], [16, b]]}


# --- sky: the sky above a flat map's horizon ------------------------------------------------------------------------
sky("sky/basic", "A sky with every property at its default: #88C6FC blending into white at the horizon.", {})
sky("sky/none", "No sky: above the far clipping plane the view stays transparent.", None)
sky("sky/pitch-60", "At pitch 60 the horizon is above the view: the sky does not show.", SKY, pitch=60)
sky("sky/pitch-70", "At pitch 70 the horizon line is just inside the view.", SKY, pitch=70)
sky("sky/pitch-75", "Pitch 75.", SKY, pitch=75)
sky("sky/pitch-80", "Pitch 80.", SKY, pitch=80)
sky("sky/pitch-85", "Pitch 85, GL JS's render tests' maxPitch.", SKY)
sky("sky/clamped-maxpitch", "A pitch past maxPitch is clamped to it (GL JS's default 60).", SKY, pitch=80,
    test={"maxPitch": 60})
sky("sky/wide", "A wide view: the horizon across the whole width.", SKY, width=256, height=128)
sky("sky/pixel-ratio", "Pixel ratio 2: the blend band scales with the device pixels.", SKY, test={"pixelRatio": 2})
sky("sky/bearing", "The bearing does not move the horizon.", SKY, bearing=120)
sky("sky/sky-color/default", "sky-color's default (#88C6FC).", {"horizon-color": "#daeff0", "sky-horizon-blend": 0.5})
sky("sky/sky-color/literal", "sky-color a literal.", {"sky-color": "#ff00ff", "sky-horizon-blend": 0.5})
sky("sky/sky-color/translucent", "A translucent sky-color over the transparent clear.", {"sky-color": "rgba(0, 0, 255, 0.5)", "sky-horizon-blend": 0.5})
sky("sky/sky-color/function", "sky-color a zoom function.", {"sky-color": stops("#ff0000", "#0000ff"), "sky-horizon-blend": 0.5})
sky("sky/sky-color/expression", "sky-color an interpolate expression of zoom.",
    {"sky-color": ["interpolate", ["linear"], ["zoom"], 14, "#00ff00", 16, "#0000ff"], "sky-horizon-blend": 0.5})
sky("sky/sky-color/global-state", "sky-color from the style's global state.",
    {"sky-color": ["global-state", "skyColor"], "sky-horizon-blend": 0.5}, state={"skyColor": {"default": "#ff8800"}}, test=STATE_IN_SKY)
sky("sky/horizon-color/default", "horizon-color's default (white).", {"sky-color": "#199EF3"})
sky("sky/horizon-color/literal", "horizon-color a literal.", {"sky-color": "#199EF3", "horizon-color": "#ff0000"})
sky("sky/horizon-color/function", "horizon-color a zoom function.", {"sky-color": "#199EF3", "horizon-color": stops("#ffffff", "#ff0000")})
sky("sky/horizon-color/global-state", "horizon-color from the style's global state.",
    {"sky-color": "#199EF3", "horizon-color": ["global-state", "horizon"]}, state={"horizon": {"default": "#00ff00"}}, test=STATE_IN_SKY)
sky("sky/sky-horizon-blend/default", "sky-horizon-blend's default (0.8).", {"sky-color": "#199EF3", "horizon-color": "#ff0000"})
sky("sky/sky-horizon-blend/zero", "sky-horizon-blend 0: the sky colour right down to the horizon.",
    {"sky-color": "#199EF3", "horizon-color": "#ff0000", "sky-horizon-blend": 0})
sky("sky/sky-horizon-blend/one", "sky-horizon-blend 1: the blend over half the view's height.",
    {"sky-color": "#199EF3", "horizon-color": "#ff0000", "sky-horizon-blend": 1})
sky("sky/sky-horizon-blend/function", "sky-horizon-blend a zoom function (0.4 at zoom 15).",
    {"sky-color": "#199EF3", "horizon-color": "#ff0000", "sky-horizon-blend": stops(0.8, 0)})
sky("sky/sky-horizon-blend/global-state", "sky-horizon-blend from the style's global state.",
    {"sky-color": "#199EF3", "horizon-color": "#ff0000", "sky-horizon-blend": ["global-state", "blend"]},
    state={"blend": {"default": 0.3}}, test=STATE_IN_SKY)
sky("sky/fog-color/flat", "fog-color colours GL JS's terrain only: a flat map shows none.",
    dict(SKY, **{"fog-color": "#ff0000", "fog-ground-blend": 0}))
sky("sky/horizon-fog-blend/flat", "horizon-fog-blend: terrain only.", dict(SKY, **{"fog-color": "#ff0000", "horizon-fog-blend": 0}))
sky("sky/fog-ground-blend/flat", "fog-ground-blend: terrain only.", dict(SKY, **{"fog-color": "#ff0000", "fog-ground-blend": 0}))
sky("sky/atmosphere-blend/flat", "atmosphere-blend is the globe's: nothing on a flat map.", dict(SKY, **{"atmosphere-blend": 1}))
sky("sky/set-sky", "setSky at run time.", None, test={"operations": [["wait"], ["setSky", SKY], ["wait"]]})
sky("sky/roll/roll-0", "Roll 0.", SKY, width=256, height=256)
sky("sky/roll/roll10", "The horizon turned by a roll of 10.", SKY, roll=10, width=256, height=256)
sky("sky/roll/roll90", "Roll 90: the horizon upright.", SKY, roll=90, width=256, height=256)
sky("sky/roll/roll180", "Roll 180: the sky below.", SKY, roll=180, width=256, height=256)
sky("sky/roll/set-roll", "setRoll at run time.", SKY, width=256, height=256, test={"operations": [["wait"], ["setRoll", 30], ["wait"]]})
case("sky/roll/roll45-with-text", [GROUND] + [
    {"id": f"symbol{i}", "type": "symbol", "source": f"p{i}",
     "layout": {"text-rotation-alignment": r, "text-pitch-alignment": p, "text-field": f"pitch={p}, rotate={r}", "text-font": FONT}}
    for i, (p, r) in enumerate((("map", "map"), ("map", "viewport"), ("viewport", "map"), ("viewport", "viewport")))],
    {f"p{i}": {"type": "geojson", "data": {"type": "Point", "coordinates": c}}
     for i, c in enumerate(([0, -0.007], [0, 0], [-0.004, 0.004], [0.004, 0.004]))},
    center=(0, 0), pitch=75, roll=45, width=256, height=256, sky=SKY, glyphs=GLYPHS,
    description="Labels of each pitch and rotation alignment under a roll of 45.")

# --- camera-pitch: what the map looks like past 60 degrees ----------------------------------------------------------
def board(step=0.002, n=6):
    features = []
    for i in range(-n, n):
        for j in range(-n, 3 * n):
            w, s = round(i * step, 6), round(j * step, 6)
            features.append({"type": "Feature", "properties": {"odd": (i + j) % 2},
                             "geometry": {"type": "Polygon", "coordinates": [[[w, s], [round(w + step, 6), s], [round(w + step, 6), round(s + step, 6)], [w, round(s + step, 6)], [w, s]]]}})
    return {"type": "geojson", "data": {"type": "FeatureCollection", "features": features}}


BOARD = [{"id": "white", "type": "background", "paint": {"background-color": "white"}},
         {"id": "board", "type": "fill", "source": "board", "paint": {"fill-color": ["case", ["==", ["get", "odd"], 1], "#1f5fbf", "#f0a020"], "fill-antialias": False}}]


def pitched(path, description, **kw):
    kw.setdefault("center", (0.001, 0.001))
    kw.setdefault("zoom", 15)
    kw.setdefault("width", 256)
    kw.setdefault("height", 256)
    case(path, BOARD, {"board": board()}, description=description, **kw)


pitched("camera-pitch/pitch-60", "A checkerboard at pitch 60 (as before: no far plane on screen).", pitch=60)
pitched("camera-pitch/pitch-65", "Pitch 65.", pitch=65)
pitched("camera-pitch/pitch-70", "Pitch 70: the far clipping plane enters the view.", pitch=70)
pitched("camera-pitch/pitch-75", "Pitch 75.", pitch=75)
pitched("camera-pitch/pitch-80", "Pitch 80.", pitch=80)
pitched("camera-pitch/pitch-85", "Pitch 85: the ground ends at GL JS's far plane, transparent past it.", pitch=85)
pitched("camera-pitch/pitch-85-sky", "Pitch 85 under a sky.", pitch=85, sky=SKY)
pitched("camera-pitch/bearing-pitch-85", "Bearing 30, pitch 85.", pitch=85, bearing=30)
pitched("camera-pitch/wide-pitch-80", "A wide view at pitch 80.", pitch=80, width=384, height=192)
pitched("camera-pitch/roll-pitch-0", "Roll without pitch turns the map as a bearing does.", pitch=0, roll=20)
pitched("camera-pitch/roll-pitch-45", "Roll 30 at pitch 45.", pitch=45, roll=30)
pitched("camera-pitch/roll-pitch-75", "Roll -20 at pitch 75, with a sky.", pitch=75, roll=-20, sky=SKY)
pitched("camera-pitch/roll-bearing", "Roll 15, bearing 40, pitch 60.", pitch=60, roll=15, bearing=40)
pitched("camera-pitch/operations", "setPitch past 60 and jumpTo with a roll at run time.", pitch=0,
        test={"operations": [["wait"], ["setPitch", 80], ["wait"], ["jumpTo", {"roll": 10, "bearing": 20}], ["wait"]]})
case("camera-pitch/raster-85", [{"id": "sat", "type": "raster", "source": "sat"}], {"sat": SATELLITE}, center=(10, 30), zoom=1.5,
     pitch=85, width=256, height=256, description="Raster tiles at pitch 85 (the satellite z1 tiles).")
case("camera-pitch/lines-80", [{"id": "white", "type": "background", "paint": {"background-color": "white"}},
                               {"id": "lines", "type": "line", "source": "lines", "paint": {"line-color": "#c03030", "line-width": 3}}],
     {"lines": {"type": "geojson", "data": {"type": "MultiLineString", "coordinates":
                [[[x * 0.002, -0.01], [x * 0.002, 0.05]] for x in range(-6, 7)] + [[[-0.02, y * 0.003], [0.02, y * 0.003]] for y in range(-3, 15)]}}},
     center=(0, 0), pitch=80, width=256, height=256, description="Lines at pitch 80 running into the distance.")
case("camera-pitch/circles-80", [{"id": "white", "type": "background", "paint": {"background-color": "white"}},
                                 {"id": "c", "type": "circle", "source": "pts", "paint": {"circle-radius": 6, "circle-color": "#2060c0", "circle-pitch-alignment": "map"}}],
     {"pts": {"type": "geojson", "data": {"type": "MultiPoint", "coordinates": [[x * 0.002, y * 0.002] for x in range(-5, 6) for y in range(-2, 20)]}}},
     center=(0, 0), pitch=80, width=256, height=256, description="Circles lying on the map at pitch 80.")
# icons along a line on the screen turn with the line as the screen shows it (their own pitch alignment's label plane,
# not the text's): GL JS and MapLibre Native alike
case("camera-pitch/icons-along-line-viewport",
     [{"id": "white", "type": "background", "paint": {"background-color": "white"}},
      {"id": "line", "type": "line", "source": "line", "paint": {"line-color": "#999999"}},
      {"id": "icons", "type": "symbol", "source": "line",
       "layout": {"symbol-placement": "line", "icon-image": "fav-bus-18", "symbol-spacing": 60, "icon-pitch-alignment": "viewport"}}],
     {"line": {"type": "geojson", "data": {"type": "LineString",
                                           "coordinates": [[x, round(25 * math.sin(x / 30), 6)] for x in range(-170, 171, 5)]}}},
     center=(0, 0), zoom=1.8, pitch=50, width=512, height=512, sprite="local://sprites/sprite",
     description="Icons along a line with icon-pitch-alignment viewport on a pitched map turn with the line on the screen.")
pitched("camera-pitch/center-altitude", "centerAltitude 100 m: the ground drawn below the point looked at.", pitch=60,
        centerAltitude=100)


def dumps(style):
    """Indented JSON with each inline GeoJSON source's data on one line."""
    style = json.loads(json.dumps(style))
    inline = {}
    for sid, source in style.get("sources", {}).items():
        if isinstance(source.get("data"), dict):
            key = f"@@{sid}@@"
            inline[key] = json.dumps(source["data"], separators=(",", ":"))
            source["data"] = key
    text = json.dumps(style, indent=2)
    for key, data in inline.items():
        text = text.replace(json.dumps(key), data)
    return text


def main():
    for path, style in sorted(CASES.items()):
        folder = os.path.join(SUITE, "render-tests", path)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "style.json"), "w") as f:
            f.write(dumps(style) + "\n")
    print(f"wrote {len(CASES)} cases under {SUITE}/render-tests")


if __name__ == "__main__":
    main()
