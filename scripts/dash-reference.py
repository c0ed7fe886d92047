#!/usr/bin/env python3
"""The fixtures of DashedLineReferenceTests: dashed lines whose `line-width` depends on the zoom, on the
feature, or on both, drawn by MapLibre Native.

usage (reference renderer installed by ../shared/tools/reference-render/setup.sh):
    ~/.cache/mercator-reference/bin/python scripts/dash-reference.py ../shared Tests/MercatorTests/Fixtures/dashes

For every width (zoom function, data-driven `["get", "w"]`, composite), cap (butt, round) and zoom (2.5: Native
fades from the array one zoom down; 3: from one zoom up) it writes NAME.json (the style, camera included) and
NAME.png (128x128, MapLibre Native's render). Each style draws four dash arrays, two lines each (w = 2 and 4):
a zero-length dash `[0, 2]`, a zero-length gap `[2, 0]`, both inside one array `[2, 1, 0, 1]` and a plain `[3, 2]`.
The view lies inside one z2 tile (dashes restart where a line enters a tile)."""
import json, os, subprocess, sys

CENTER, SIZE = (45.0, 35.0), 128
ARRAYS = [[0, 2], [2, 0], [2, 1, 0, 1], [3, 2]]
WIDTHS = {
    "zoom": ["interpolate", ["linear"], ["zoom"], 2, 2, 3, 6],
    "data": ["get", "w"],
    "composite": ["interpolate", ["linear"], ["zoom"], 2, ["get", "w"], 3, ["*", 2, ["get", "w"]]],
}


def style(width, cap, zoom):
    features = []
    # eight lines 14 pixels apart at z2.5 (1.75 at z3 are 20 pixels apart): rows top to bottom
    for row in range(8):
        lat = CENTER[1] + (3.5 - row) * 1.3 / (2 ** (zoom - 2.5))
        half = 6.5 / (2 ** (zoom - 2.5))
        features.append({"type": "Feature", "properties": {"d": row // 2, "w": 2 if row % 2 == 0 else 4},
                         "geometry": {"type": "LineString", "coordinates": [[CENTER[0] - half, lat], [CENTER[0] + half, lat]]}})
    layers = [{"id": "background", "type": "background", "paint": {"background-color": "white"}}]
    for i, dashes in enumerate(ARRAYS):
        layers.append({"id": f"dashes-{i}", "type": "line", "source": "lines", "filter": ["==", ["get", "d"], i],
                       "layout": {"line-cap": cap},
                       "paint": {"line-color": "black", "line-width": width, "line-dasharray": dashes}})
    return {"version": 8, "center": list(CENTER), "zoom": zoom,
            "sources": {"lines": {"type": "geojson", "data": {"type": "FeatureCollection", "features": features}}},
            "layers": layers}


def main():
    shared, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.makedirs(out, exist_ok=True)
    from PIL import Image
    for name, width in WIDTHS.items():
        for cap in ["butt", "round"]:
            for zoom in [2.5, 3.0]:
                base = f"{name}-{cap}-z{zoom:g}"
                path = os.path.join(out, base + ".json")
                json.dump(style(width, cap, zoom), open(path, "w"), indent=1)
                png = os.path.join(out, base + ".png")
                subprocess.run([sys.executable, os.path.join(shared, "tools", "reference-render", "render.py"), path, png,
                                "--lon", str(CENTER[0]), "--lat", str(CENTER[1]), "--zoom", str(zoom),
                                "--width", str(SIZE), "--height", str(SIZE)],
                               check=True, env=dict(os.environ, EGL_PLATFORM="surfaceless"))
                Image.open(png).convert("RGBA").save(png, optimize=True)


if __name__ == "__main__":
    main()
