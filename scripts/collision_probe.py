#!/usr/bin/env python3
"""Compares Mercator's label collision index with MapLibre Native's, pixel by pixel, without a debug API.

    ~/.cache/mercator-reference/bin/python scripts/collision_probe.py STYLE.json \\
        --center LON,LAT --zoom Z [--pitch P] [--size 500] --region X0 X1 Y0 Y1 [--step 2]

The style's URLs must be file:// (or absolute paths) so that both renderers load them. The script
adds a layer of probe labels under the style's layers: tiny red dots that ignore placement (they
do not keep anything away) but are hidden by whatever the collision index holds where they stand.
It renders the style with both engines several times, the probes on a grid shifted each time so
that neighbours never touch, and prints the region twice, '.' where a probe shows and '#' where
the index hides it: MapLibre Native on the left, Mercator on the right, and the probes on which
they differ. Bearing 0 only (the script unprojects the probes itself).
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIELD_OF_VIEW = 0.6435011087932844


def unprojector(lon, lat, zoom, pitch, width, height):
    """Screen (CSS pixels) -> (lon, lat) for a camera of bearing 0, as MapLibre's transform does."""
    pitch = math.radians(pitch)
    distance = 0.5 / math.tan(FIELD_OF_VIEW / 2) * height
    world = 512 * 2 ** zoom
    s = math.sin(math.radians(lat))
    cx, cy = (lon + 180) / 360, 0.5 - 0.25 * math.log((1 + s) / (1 - s)) / math.pi

    def unproject(sx, sy):
        u, v = sx - width / 2, sy - height / 2
        y = v * distance / (distance * math.cos(pitch) + v * math.sin(pitch))
        x = u * (distance - y * math.sin(pitch)) / distance
        mx, my = x / world + cx, y / world + cy
        return [mx * 360 - 180, math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * my))))]
    return unproject


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("style")
    ap.add_argument("--center", required=True)
    ap.add_argument("--zoom", type=float, required=True)
    ap.add_argument("--pitch", type=float, default=0)
    ap.add_argument("--size", type=int, default=500)
    ap.add_argument("--region", type=int, nargs=4, required=True, metavar=("X0", "X1", "Y0", "Y1"))
    ap.add_argument("--step", type=int, default=2, help="probe spacing in pixels (each render uses 3x this)")
    ap.add_argument("--mercator", default=os.path.join(ROOT, ".build/debug/mercator"))
    a = ap.parse_args()
    lon, lat = (float(v) for v in a.center.split(","))
    unproject = unprojector(lon, lat, a.zoom, a.pitch, a.size, a.size)
    x0, x1, y0, y1 = a.region
    sparse = 3 * a.step
    shown = {}
    work = tempfile.mkdtemp(prefix="collision-probe-")
    style_path, ref_png, ours_png = (os.path.join(work, n) for n in ("probe.json", "ref.png", "ours.png"))
    for ox in range(0, sparse, a.step):
        for oy in range(0, sparse, a.step):
            points = [(x, y) for x in range(x0 + ox, x1, sparse) for y in range(y0 + oy, y1, sparse)]
            style = json.load(open(a.style))
            features = [{"type": "Feature", "properties": {},
                         "geometry": {"type": "Point", "coordinates": unproject(x + 0.5, y + 0.5)}} for x, y in points]
            style["sources"]["collision-probe"] = {"type": "geojson", "data": {"type": "FeatureCollection", "features": features}}
            fonts = next((l["layout"]["text-font"] for l in style["layers"] if "text-font" in l.get("layout", {})),
                         ["Open Sans Regular"])
            probe = {"id": "collision-probe", "type": "symbol", "source": "collision-probe",
                     "layout": {"text-field": "o", "text-size": 2, "text-padding": 0, "text-ignore-placement": True,
                                "text-font": fonts},
                     "paint": {"text-color": "#f00", "text-halo-color": "#f00", "text-halo-width": 1.5}}
            style["layers"] = [probe] + style["layers"]
            json.dump(style, open(style_path, "w"))
            camera = ["--zoom", str(a.zoom), "--pitch", str(a.pitch)]
            subprocess.run([sys.executable, "/work/shared/tools/reference-render/render.py", style_path, ref_png,
                            "--lon", str(lon), "--lat", str(lat), "--width", str(a.size), "--height", str(a.size)] + camera,
                           check=True, capture_output=True, env=dict(os.environ, EGL_PLATFORM="surfaceless"))
            subprocess.run([a.mercator, "render", style_path, "-o", ours_png, "--size", f"{a.size}x{a.size}",
                            f"--center={lon},{lat}"] + camera, check=True, capture_output=True)
            for name, path in (("ref", ref_png), ("ours", ours_png)):
                px = Image.open(path).convert("RGB").load()
                for x, y in points:
                    r, g, _ = px[x, y]
                    shown.setdefault((x, y), {})[name] = r > 150 and g < 150
    differ = 0
    print("MapLibre Native | Mercator   ('.' probe shown, '#' hidden by a collision box or circle)")
    for y in range(y0, y1, a.step):
        cells = [(x, y) for x in range(x0, x1, a.step)]
        row = lambda name: "".join("." if shown[c][name] else "#" for c in cells)
        differ += sum(shown[c]["ref"] != shown[c]["ours"] for c in cells)
        print(f"{y:5d} {row('ref')} | {row('ours')}")
    print(f"{len(shown)} probes, {differ} differ")


if __name__ == "__main__":
    main()
