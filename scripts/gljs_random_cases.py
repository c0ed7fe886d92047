#!/usr/bin/env python3
"""Writes random globe cases in the GL JS comparison suite's layout, a held-out check of the suite's rules: cases no
session tuned for, drawn by GL JS and by Mercator and compared under GL JS's rule.

    python3 scripts/gljs_random_cases.py OUT_DIR [--count 60] [--seed 1]
    python3 scripts/gljs_expectations.py OUT_DIR                   # GL JS draws each expected.png
    mercator conformance render OUT_DIR --verbose --out OUT_DIR/actual

Each case draws one to three layers over random inline GeoJSON (some of it near a pole; within one world, see LIMIT):
fill, patterned fill, a fill read from the root `state`, line, offset or translated line, circle, labels, line labels,
icons, icons with labels, raster, hillshade, heatmap, fill-extrusion. It is drawn on the globe or in vertical
perspective, with or without the atmosphere, from a random camera (zoom 0-5, bearing, pitch 0-60; with --deep zoom 4-13,
through the `globe` preset's turn into Mercator, some views rolled) into a 256 x 256 view (with --views, a random size
at pixel ratio 1 or 2, icons from the suite's sprite doubled: `sprites2x/`). With --vector the layers draw the suite's zoom 0 vector
tile (land cover, water, borders; overzoomed to zoom 6, or --zooms) instead of inline GeoJSON. OUT_DIR gets the
suite's `suite.json` and links to its fixtures (glyphs, sprites, tiles).

Not a test: the figures of a run are in docs/3d.md ("Random cases").
"""
import argparse
import json
import math
import os
import random
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
SUITE = os.path.join(HERE, "..", "Tests", "MercatorTests", "Fixtures", "gljs-render-tests")
FONT = ["Noto Sans Regular"]
# Longitudes stay within +-LIMIT: GL JS 5.24 draws twice on the globe what a GeoJSON tile also carries shifted by 360°
# (geojson-vt's wrapped copies in its buffer: within 90° of the antimeridian in a zoom 0 tile, 45° in zoom 1's;
# maplibre-gl-js #6248, fixed after 5.24), which Mercator draws once, as later GL JS does
# (GlobeAntimeridianOverdrawTests). Cameras below zoom 1 keep to +-89.9.
LIMIT = 134.9
COLORS = ["#d02080", "#2060d0", "#20a040", "#e08020", "#404040", "rgba(200,40,40,0.6)", "#80c0ff", "#ffe060"]


def point(rng, camera, spread):
    lon0, lat0 = camera
    lon = max(-LIMIT, min(LIMIT, lon0 + rng.uniform(-spread, spread)))
    lat = max(-84, min(84, lat0 + rng.uniform(-spread / 2, spread / 2)))
    return [round(lon, 4), round(lat, 4)]


def feature(geometry, **properties):
    return {"type": "Feature", "properties": properties, "geometry": geometry}


def polygon(rng, camera, spread):
    kind = rng.choice(["box", "star", "circle"])
    c = point(rng, camera, spread)
    r = rng.uniform(spread / 20, spread / 3)
    if kind == "box":
        w, s, e, n = max(-LIMIT, c[0] - r), max(-85, c[1] - r / 2), min(LIMIT, c[0] + r), min(85, c[1] + r / 2)
        ring = [[w, s], [e, s], [e, n], [w, n], [w, s]]
    else:
        k = rng.randint(5, 9) if kind == "star" else 48
        ring = []
        for i in range(k):
            a = 2 * math.pi * i / k
            rr = r * (0.45 if kind == "star" and i % 2 else 1)
            ring.append([round(max(-LIMIT, min(LIMIT, c[0] + rr * math.cos(a))), 4), round(max(-85, min(85, c[1] + rr * math.sin(a) / 2)), 4)])
        ring.append(ring[0])
    return {"type": "Polygon", "coordinates": [ring]}


def line(rng, camera, spread):
    n = rng.randint(2, 6)
    return {"type": "LineString", "coordinates": [point(rng, camera, spread) for _ in range(n)]}


def points(rng, camera, spread, n):
    return [feature({"type": "Point", "coordinates": point(rng, camera, spread)}, w=round(rng.uniform(0, 1), 2),
                    name=rng.choice(["Aa", "Mercator", "Globe", "Sea", "Ny"])) for _ in range(n)]


def layer(kind, rng, camera, spread, index):
    source = {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}
    features = source["data"]["features"]
    lid = f"{kind}-{index}"
    if kind == "fill":
        features += [feature(polygon(rng, camera, spread)) for _ in range(rng.randint(1, 3))]
        paint = {"fill-color": rng.choice(COLORS), "fill-opacity": rng.choice([1, 1, 0.7, 0.4])}
        if rng.random() < 0.3:
            paint["fill-outline-color"] = rng.choice(COLORS)
        style = {"id": lid, "type": "fill", "source": lid, "paint": paint}
    elif kind == "line":
        features += [feature(line(rng, camera, spread)) for _ in range(rng.randint(1, 3))]
        paint = {"line-color": rng.choice(COLORS), "line-width": rng.choice([0.8, 1, 2, 3, 6, 10])}
        if rng.random() < 0.25:
            paint["line-dasharray"] = rng.choice([[2, 1], [4, 2], [1, 1]])
        if rng.random() < 0.2:
            paint["line-opacity"] = 0.6
        if rng.random() < 0.15:
            paint["line-blur"] = 2
        layout = {"line-cap": rng.choice(["butt", "round", "square"]), "line-join": rng.choice(["miter", "round", "bevel"])}
        style = {"id": lid, "type": "line", "source": lid, "layout": layout, "paint": paint}
    elif kind == "circle":
        features += points(rng, camera, spread, rng.randint(2, 8))
        paint = {"circle-color": rng.choice(COLORS), "circle-radius": rng.choice([3, 5, 8, 14]),
                 "circle-pitch-alignment": rng.choice(["map", "viewport"]), "circle-pitch-scale": rng.choice(["map", "viewport"])}
        if rng.random() < 0.4:
            paint["circle-stroke-width"] = rng.choice([1, 2])
            paint["circle-stroke-color"] = rng.choice(COLORS)
        style = {"id": lid, "type": "circle", "source": lid, "paint": paint}
    elif kind == "symbol":
        features += points(rng, camera, spread, rng.randint(1, 5))
        layout = {"text-field": ["get", "name"], "text-font": FONT, "text-size": rng.choice([10, 14, 20]),
                  "text-allow-overlap": rng.random() < 0.5}
        if rng.random() < 0.3:
            layout["text-pitch-alignment"] = "map"
        if rng.random() < 0.3:
            layout["text-rotation-alignment"] = "map"
        style = {"id": lid, "type": "symbol", "source": lid, "layout": layout,
                 "paint": {"text-color": rng.choice(COLORS[:5])}}
    elif kind == "heatmap":
        features += points(rng, camera, spread, rng.randint(3, 10))
        style = {"id": lid, "type": "heatmap", "source": lid,
                 "paint": {"heatmap-radius": rng.choice([10, 20, 30]), "heatmap-weight": ["get", "w"],
                           "heatmap-opacity": 0.8}}
    elif kind == "fill-extrusion":
        features += [feature(polygon(rng, camera, spread), h=rng.choice([50_000, 200_000, 600_000])) for _ in range(rng.randint(1, 2))]
        style = {"id": lid, "type": "fill-extrusion", "source": lid,
                 "paint": {"fill-extrusion-color": rng.choice(COLORS[:5]), "fill-extrusion-height": ["get", "h"]}}
    elif kind == "line-label":
        features += [feature(line(rng, camera, spread), name=rng.choice(["Long Road", "River", "Mercator Way"])) for _ in range(rng.randint(1, 3))]
        layout = {"symbol-placement": "line", "text-field": ["get", "name"], "text-font": FONT,
                  "text-size": rng.choice([10, 14]), "symbol-spacing": rng.choice([80, 250])}
        style = {"id": lid, "type": "symbol", "source": lid, "layout": layout, "paint": {"text-color": rng.choice(COLORS[:5])}}
    elif kind == "icon":
        features += points(rng, camera, spread, rng.randint(1, 6))
        layout = {"icon-image": rng.choice(["fav-bus-18", "fav-cafe-18", "fav-city-18"]), "icon-allow-overlap": rng.random() < 0.5,
                  "icon-size": rng.choice([1, 1.5])}
        if rng.random() < 0.3:
            layout["icon-pitch-alignment"] = "map"
        if rng.random() < 0.3:
            layout["icon-rotation-alignment"] = "map"
        style = {"id": lid, "type": "symbol", "source": lid, "layout": layout}
    elif kind == "label-icon":
        features += points(rng, camera, spread, rng.randint(1, 6))
        layout = {"icon-image": rng.choice(["fav-bus-18", "fav-cafe-18"]), "text-field": ["get", "name"], "text-font": FONT,
                  "text-size": rng.choice([10, 13]), "icon-allow-overlap": rng.random() < 0.5, "text-allow-overlap": rng.random() < 0.5}
        if rng.random() < 0.5:
            layout["text-variable-anchor"] = ["top", "bottom", "left", "right"]
            layout["text-radial-offset"] = 1.2
        else:
            layout["text-offset"] = [0, 1.3]
        if rng.random() < 0.3:
            layout["text-rotate"] = 20
        style = {"id": lid, "type": "symbol", "source": lid, "layout": layout,
                 "paint": {"text-color": rng.choice(COLORS[:5]), "text-halo-color": "white", "text-halo-width": rng.choice([0, 1.5])}}
    elif kind == "line-offset":
        features += [feature(line(rng, camera, spread)) for _ in range(rng.randint(1, 2))]
        paint = {"line-color": rng.choice(COLORS), "line-width": rng.choice([2, 4])}
        extra = rng.choice(["line-offset", "line-gap-width", "line-translate"])
        paint[extra] = [6, 4] if extra == "line-translate" else rng.choice([3, 6])
        style = {"id": lid, "type": "line", "source": lid, "paint": paint}
    elif kind == "state":
        features += [feature(polygon(rng, camera, spread), h=rng.choice([1, 2])) for _ in range(rng.randint(1, 2))]
        style = {"id": lid, "type": "fill", "source": lid,
                 "filter": [">=", ["get", "h"], ["global-state", "least"]],
                 "paint": {"fill-color": ["global-state", "tint"], "fill-opacity": 0.8}}
    elif kind == "fill-pattern":
        features += [feature(polygon(rng, camera, spread)) for _ in range(rng.randint(1, 2))]
        style = {"id": lid, "type": "fill", "source": lid, "paint": {"fill-pattern": rng.choice(["park", "sand"])}}
    elif kind == "hillshade":
        source = {"type": "raster-dem", "tiles": ["local://tiles/{z}-{x}-{y}.relief.png"], "maxzoom": 2, "tileSize": 256}
        style = {"id": lid, "type": "hillshade", "source": lid,
                 "paint": {"hillshade-exaggeration": rng.choice([0.5, 1]), "hillshade-illumination-anchor": rng.choice(["map", "viewport"])}}
    elif kind == "raster":
        source = {"type": "raster", "tiles": ["local://tiles/{z}-{x}-{y}.satellite.png"], "tileSize": 256, "minzoom": 1, "maxzoom": 1}
        style = {"id": lid, "type": "raster", "source": lid, "paint": {"raster-opacity": rng.choice([1, 0.7]), "raster-fade-duration": 0}}
    else:
        raise ValueError(kind)
    return source, style


VECTOR = {"type": "vector", "tiles": ["local://tiles/{z}-{x}-{y}.mvt"], "maxzoom": 0}


def vector_layer(kind, rng, index):
    """A layer of the suite's zoom 0 vector tile (0-0-0.mvt: landcover, hillshade, water polygons; admin lines)."""
    lid = f"{kind}-{index}"
    if kind == "v-water":
        paint = {"fill-color": rng.choice(COLORS[:5]), "fill-opacity": rng.choice([1, 0.6])}
        if rng.random() < 0.4:
            paint["fill-outline-color"] = rng.choice(COLORS)
        return {"id": lid, "type": "fill", "source": "vector", "source-layer": "water", "paint": paint}
    if kind == "v-landcover":
        return {"id": lid, "type": "fill", "source": "vector", "source-layer": rng.choice(["landcover", "hillshade"]),
                "paint": {"fill-color": ["match", ["get", "class"], "snow", "#ffffff", "wood", "#a0d080", "crop", "#f0e0a0",
                                         "shadow", "#606060", rng.choice(COLORS[:5])], "fill-opacity": rng.choice([1, 0.5])}}
    if kind == "v-admin":
        paint = {"line-color": rng.choice(COLORS), "line-width": rng.choice([0.8, 1, 2, 4])}
        if rng.random() < 0.3:
            paint["line-dasharray"] = rng.choice([[2, 1], [4, 2]])
        layer = {"id": lid, "type": "line", "source": "vector", "source-layer": "admin",
                 "layout": {"line-join": rng.choice(["miter", "round", "bevel"]), "line-cap": rng.choice(["butt", "round"])},
                 "paint": paint}
        if rng.random() < 0.5:
            layer["filter"] = ["==", ["get", "maritime"], rng.choice([0, 1])]
        return layer
    if kind == "v-admin-label":
        return {"id": lid, "type": "symbol", "source": "vector", "source-layer": "admin",
                "filter": ["<=", ["get", "admin_level"], 2],
                "layout": {"symbol-placement": "line", "text-field": "Border", "text-font": FONT, "text-size": rng.choice([10, 12]),
                           "symbol-spacing": rng.choice([120, 250])},
                "paint": {"text-color": rng.choice(COLORS[:5]), "text-halo-color": "white", "text-halo-width": 1}}
    raise ValueError(kind)


def vector_case(rng, zooms=(0, 6)):
    zoom = round(rng.uniform(*zooms), 2)
    # (the camera kept 105° from the antimeridian: GL JS 5.24 draws a zoom 0 tile's buffer there on the globe a second
    # time, past the tile's edge, which Mercator clips as later GL JS does; see LIMIT)
    camera = (round(rng.uniform(-75, 75), 3), round(rng.uniform(-70, 70), 3))
    kinds = rng.sample(["v-water", "v-landcover", "v-admin", "v-admin", "v-admin-label"], rng.randint(1, 3))
    order = ["v-landcover", "v-water", "v-admin", "v-admin-label"]
    layers = [{"id": "background", "type": "background", "paint": {"background-color": rng.choice(["white", "#e8eef4"])}}]
    layers += [vector_layer(kind, rng, i) for i, kind in enumerate(sorted(kinds, key=order.index))]
    style = {"version": 8,
             "metadata": {"test": {"description": "A random case (scripts/gljs_random_cases.py --vector).", "width": 256, "height": 256}},
             "projection": {"type": rng.choice(["globe", "globe", "globe", "vertical-perspective"])},
             "center": list(camera), "zoom": zoom, "bearing": round(rng.choice([0, rng.uniform(-180, 180)]), 1),
             "pitch": round(rng.choice([0, 0, rng.uniform(0, 60)]), 1),
             "sources": {"vector": dict(VECTOR)}, "layers": layers}
    if rng.random() < 0.6:
        style["sky"] = {"atmosphere-blend": rng.choice([0.0, 0.0, 0.5, 1.0])}
    if "v-admin-label" in kinds:
        style["glyphs"] = "local://glyphs/{fontstack}/{range}.pbf"
    return style


def case(rng, deep=False):
    # (--deep: zoom 4 to 13, through the globe preset's turn into Mercator between zoom 10 and 12, and some views rolled)
    zoom = round(rng.uniform(4, 13), 2) if deep else round(rng.choice([rng.uniform(0, 2.5), rng.uniform(0, 5)]), 2)
    camera = (round(rng.uniform(-180, 180), 3), round(rng.uniform(-70, 70), 3))
    # what the view spans, in degrees: features mostly in it, some beyond the horizon
    spread = min(170, 360 / 2 ** zoom)
    global LIMIT
    LIMIT = 89.9 if zoom < 1 else 134.9
    kinds = rng.sample(["fill", "line", "circle", "symbol", "heatmap", "fill-extrusion", "raster", "fill", "line", "line-label",
                        "icon", "fill-pattern", "hillshade", "label-icon", "line-offset", "state"], rng.randint(1, 3))
    for tiled in ("raster", "hillshade"):
        if tiled in kinds and zoom > 3:
            kinds.remove(tiled)
    if not kinds:
        kinds = ["line"]
    sources, layers = {}, [{"id": "background", "type": "background", "paint": {"background-color": rng.choice(["white", "#e8eef4"])}}]
    for i, kind in enumerate(sorted(kinds, key=["raster", "hillshade", "fill", "state", "fill-pattern", "heatmap", "line", "line-offset", "fill-extrusion", "circle",
                     "line-label", "icon", "label-icon", "symbol"].index)):
        source, style = layer(kind, rng, camera, spread, i)
        sources[style["id"]] = source
        layers.append(style)
    style = {"version": 8,
             "metadata": {"test": {"description": "A random case (scripts/gljs_random_cases.py).", "width": 256, "height": 256}},
             "projection": {"type": rng.choice(["globe", "globe", "globe", "vertical-perspective"])},
             "center": list(camera), "zoom": zoom, "bearing": round(rng.choice([0, rng.uniform(-180, 180)]), 1),
             "pitch": round(rng.choice([0, 0, rng.uniform(0, 60)]), 1),
             "sources": sources, "layers": layers}
    if rng.random() < 0.6:
        style["sky"] = {"atmosphere-blend": rng.choice([0.0, 0.0, 0.5, 1.0])}
    if deep and rng.random() < 0.3:
        style["roll"] = round(rng.uniform(-30, 30), 1)
    if "state" in kinds:
        style["state"] = {"tint": {"default": rng.choice(COLORS[:5])}, "least": {"default": rng.choice([1, 2])}}
    if any("text-field" in l.get("layout", {}) for l in layers):
        style["glyphs"] = "local://glyphs/{fontstack}/{range}.pbf"
    if any(k in ("icon", "fill-pattern", "label-icon") for k in kinds):
        style["sprite"] = "local://sprites/sprite"
    return style


def read_rgba_png(path):
    """An 8-bit RGBA PNG's width, height and rows (unfiltered bytes)."""
    with open(path, "rb") as f:
        data = f.read()
    i, idat = 8, b""
    while i < len(data):
        (n,) = struct.unpack(">I", data[i:i + 4])
        kind, body = data[i + 4:i + 8], data[i + 8:i + 8 + n]
        i += 12 + n
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert (depth, color) == (8, 6), "an 8-bit RGBA PNG"
        elif kind == b"IDAT":
            idat += body
    raw, stride, rows, previous, k = zlib.decompress(idat), width * 4, [], bytearray(width * 4), 0
    for _ in range(height):
        kind, line = raw[k], bytearray(raw[k + 1:k + 1 + stride])
        k += 1 + stride
        for x in range(stride):
            a, b, c = (line[x - 4] if x >= 4 else 0), previous[x], (previous[x - 4] if x >= 4 else 0)
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, rows


def write_rgba_png(path, width, height, rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(b"".join(b"\x00" + r for r in rows))) + chunk(b"IEND", b""))


def write_double_sprite(out):
    """OUT/sprites2x/sprite@2x.{json,png}: the suite's sprite at twice its resolution, every pixel doubled, for views at
    pixel ratio 2 (GL JS asks for `@2x` there and draws no icon without it; Mercator falls back to the 1x sprite)."""
    folder = os.path.join(out, "sprites2x")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(SUITE, "sprites", "sprite.json")) as f:
        index = json.load(f)
    for entry in index.values():
        for key in ("x", "y", "width", "height"):
            entry[key] *= 2
        entry["pixelRatio"] = 2
    with open(os.path.join(folder, "sprite@2x.json"), "w") as f:
        json.dump(index, f, indent=1)
    width, height, rows = read_rgba_png(os.path.join(SUITE, "sprites", "sprite.png"))
    doubled = []
    for row in rows:
        wide = b"".join(row[x:x + 4] * 2 for x in range(0, len(row), 4))
        doubled += [wide, wide]
    write_rgba_png(os.path.join(folder, "sprite@2x.png"), 2 * width, 2 * height, doubled)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deep", action="store_true", help="zoom 4 to 13 (the globe turning into Mercator), some views rolled")
    parser.add_argument("--vector", action="store_true", help="layers of the suite's zoom 0 vector tile, zoom 0 to 6")
    parser.add_argument("--zooms", default="0,6", help="with --vector: the cameras' zoom range, MIN,MAX (default 0,6)")
    parser.add_argument("--views", action="store_true",
                        help="each case's view a random size (96 to 400 px a side) at pixel ratio 1 or 2; the styles are "
                             "those of the same seed without it (the views drawn from a generator of their own)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    views = random.Random(f"views-{args.seed}")
    zooms = tuple(float(z) for z in args.zooms.split(","))
    os.makedirs(os.path.join(args.out, "render-tests", "random"), exist_ok=True)
    with open(os.path.join(SUITE, "suite.json")) as f:
        suite = json.load(f)
    with open(os.path.join(args.out, "suite.json"), "w") as f:
        json.dump(suite, f, indent=2)
    for fixture in ("glyphs", "sprites", "tiles"):
        link = os.path.join(args.out, fixture)
        if not os.path.exists(link):
            os.symlink(os.path.abspath(os.path.join(SUITE, fixture)), link)
    if args.views:
        write_double_sprite(args.out)
    for n in range(args.count):
        folder = os.path.join(args.out, "render-tests", "random", f"{args.seed}-{n:03d}")
        os.makedirs(folder, exist_ok=True)
        style = vector_case(rng, zooms) if args.vector else case(rng, args.deep)
        if args.views:
            test = style["metadata"]["test"]
            test["width"], test["height"] = views.randint(96, 400), views.randint(96, 400)
            test["pixelRatio"] = views.choice([1, 2])
            if test["pixelRatio"] == 2 and "sprite" in style:
                style["sprite"] = "local://sprites2x/sprite"
        with open(os.path.join(folder, "style.json"), "w") as f:
            json.dump(style, f, indent=1)
    print(f"{args.count} cases in {args.out}/render-tests/random")


if __name__ == "__main__":
    main()
