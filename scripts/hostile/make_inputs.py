#!/usr/bin/env python3
"""Writes the hostile inputs of issue 19 into a folder: python3 make_inputs.py OUT_DIR
Each file is one case; run_hostile.sh renders/validates each under a time limit and prints seconds and peak memory."""
import json, os, sys, math

out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/mercator-hostile"
os.makedirs(out, exist_ok=True)

def points(n):
    return {"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"i": i}, "geometry": {"type": "Point", "coordinates": [-170 + (i * 7.3) % 340, -60 + (i * 3.1) % 120]}}
        for i in range(n)]}

def line(n=20):
    return {"type": "Feature", "properties": {}, "geometry": {"type": "LineString",
            "coordinates": [[-40 + 80 * i / n, 20 * math.sin(i)] for i in range(n + 1)]}}

def style(source, layers, **extra):
    s = {"version": 8, "center": [0, 0], "zoom": 1, "sources": {"s": {"type": "geojson", "data": source}}, "layers": layers}
    s.update(extra)
    return s

def write(name, obj):
    with open(os.path.join(out, name), "w") as f:
        json.dump(obj, f, separators=(",", ":"))

# Renderer cost: huge or non-finite circle radii and strokes on 300 points.
radii = {"1e9": 1e9, "1e308": 1e308, "pow": ["^", 10, 400], "to-number": ["to-number", "1e400"],
         "distance-empty": ["distance", {"type": "MultiPoint", "coordinates": []}]}
for name, r in radii.items():
    write(f"circle-radius-{name}.json", style(points(300), [{"id": "c", "type": "circle", "source": "s", "paint": {"circle-radius": r}}]))
    write(f"circle-stroke-{name}.json", style(points(300), [{"id": "c", "type": "circle", "source": "s",
          "paint": {"circle-radius": 2, "circle-stroke-width": r}}]))
write("circle-pitch-map-1e6.json", style(points(300), [{"id": "c", "type": "circle", "source": "s",
      "paint": {"circle-radius": 1e6, "circle-pitch-alignment": "map"}}], pitch=60))
# Line widths with joins.
for w in ["1e9", "1e19", "1e30"]:
    for join in ["miter", "round", "bevel"]:
        write(f"line-width-{w}-{join}.json", style(line(), [{"id": "l", "type": "line", "source": "s",
              "layout": {"line-join": join}, "paint": {"line-width": float(w)}}]))
    write(f"line-gap-{w}.json", style(line(), [{"id": "l", "type": "line", "source": "s", "paint": {"line-gap-width": float(w)}}]))
write("line-width-exponential.json", style(line(), [{"id": "l", "type": "line", "source": "s",
      "paint": {"line-width": ["interpolate", ["exponential", 1e30], ["zoom"], 0, 1, 22, 1e30]}}]))
# Quadratic paths: many layers, zig-zag polygons, long literals.
for n in [1000, 3000, 10000, 100000]:
    write(f"layers-{n}.json", style(points(10), [{"id": f"l{i}", "type": "circle", "source": "s"} for i in range(n)]))
for n in [10000, 30000, 100000]:
    ring = [[-50 + 100 * i / n, 10 if i % 2 else -10] for i in range(n)] + [[50, 40], [-50, 40]]
    ring.append(ring[0])
    poly = {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [ring]}}
    write(f"zigzag-{n}.geojson", poly)
    write(f"zigzag-{n}.json", style(poly, [{"id": "f", "type": "fill", "source": "s"}]))
# Douglas-Peucker's worst cases (issue 30): a star (zig-zag around a circle), a spiral, a comb.
import math
for n in [100000, 1000000]:
    star = [[round(10 * (1 if i % 2 == 0 else 0.9) * math.cos(2 * math.pi * i / n), 7),
             round(10 * (1 if i % 2 == 0 else 0.9) * math.sin(2 * math.pi * i / n), 7)] for i in range(n)]
    star.append(star[0])
    write(f"star-{n}.geojson", {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates": [star]}})
    spiral = [[round(40 * i / n * math.cos(100 * math.pi * i / n), 7), round(40 * i / n * math.sin(100 * math.pi * i / n), 7)]
              for i in range(n)]
    write(f"spiral-{n}.geojson", {"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": spiral}})
    comb = [[round(-50 + 100 * (i // 2) / (n // 2), 7), 10 if i % 4 in (1, 2) else 0] for i in range(n)]
    write(f"comb-{n}.geojson", {"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": comb}})
write("literal-length-1e6.json", style(points(10), [{"id": "c", "type": "circle", "source": "s",
      "paint": {"circle-radius": ["length", ["literal", list(range(1000000))]]}}]))
# Memory: 1e5-stop match and interpolate.
write("match-1e5.json", style(points(10), [{"id": "c", "type": "circle", "source": "s",
      "paint": {"circle-radius": ["match", ["get", "i"]] + [x for i in range(100000) for x in (i, 3)] + [1]}}]))
write("interpolate-1e5.json", style(points(10), [{"id": "c", "type": "circle", "source": "s",
      "paint": {"circle-radius": ["interpolate", ["linear"], ["zoom"]] + [x for i in range(100000) for x in (i, 3)]}}]))
# Messages: clamped numbers.
s = style(points(10), [{"id": "c", "type": "circle", "source": "s"}])
s["sources"]["s"].update({"cluster": True, "clusterMaxZoom": 1e9})
write("cluster-max-zoom-1e9.json", s)
print(out)
