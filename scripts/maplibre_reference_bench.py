#!/usr/bin/env python3
"""Warm render timing of MapLibre Native (the `mapli` package) for Mercator's benchmarks.

usage: maplibre_reference_bench.py STYLE.json WIDTH HEIGHT LON LAT ZOOM [RUNS [BEARING PITCH]]
Prints one JSON object: {"median_ms": …, "times_ms": […], "runs": N, "png_bytes": …}. The PNG encoding is included,
as in Mercator's figures. Needs the environment of ../shared/tools/reference-render/setup.sh.
"""
import json
import statistics
import sys
import time

import mapli


def main():
    style_path, w, h, lon, lat, zoom = sys.argv[1:7]
    runs = int(sys.argv[7]) if len(sys.argv) > 7 else 9
    bearing = float(sys.argv[8]) if len(sys.argv) > 8 else 0
    pitch = float(sys.argv[9]) if len(sys.argv) > 9 else 0
    with open(style_path) as fh:
        style = json.load(fh)
    pool = mapli.RenderPool(workers=1)
    pool.register_style("s", json=style)
    args = dict(lon=float(lon), lat=float(lat), zoom=float(zoom), width=int(w), height=int(h), bearing=bearing, pitch=pitch, pixel_ratio=1)
    png = pool.render("s", **args)  # warm-up
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        png = pool.render("s", **args)
        times.append((time.perf_counter() - t) * 1000)
    print(json.dumps({"median_ms": statistics.median(times), "times_ms": times, "runs": runs, "png_bytes": len(png)}))


if __name__ == "__main__":
    main()
