#!/usr/bin/env python3
"""Writes the globe cases of Mercator's GL JS comparison suite (render-tests/<family>/<case>/style.json), one per rule
of GL JS's own render tests `projection/globe/`, `projection/globe/terrain/` (the globe-terrain family) and
`projection/`. The rules and the cases that cover them are listed in docs/3d.md, "The globe's yardstick" and "Terrain
on the globe". The styles use inline GeoJSON and the few fixtures copied into the suite (tiles/, glyphs/, sprites/;
MapLibre's render-test fixtures, LICENSE-fixtures.md), and a relief DEM of its own written here (relief_tiles).

    python3 scripts/gljs_globe_cases.py [SUITE_DIR]        # then: python3 scripts/gljs_expectations.py --filter globe

Existing style.json files are overwritten; expected.png files are left alone (gljs_expectations.py draws them).
"""
import json
import math
import os
import re
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
SUITE = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "Tests", "MercatorTests", "Fixtures", "gljs-render-tests")

GLOBE = {"type": "globe"}
VP = {"type": "vertical-perspective"}
NO_ATMOSPHERE = {"atmosphere-blend": 0.0}
GLYPHS = "local://glyphs/{fontstack}/{range}.pbf"
SPRITE = "local://sprites/sprite"
FONT = ["Noto Sans Regular"]


def fc(features):
    return {"type": "FeatureCollection", "features": features}


def feature(geometry, **properties):
    return {"type": "Feature", "properties": properties, "geometry": geometry}


def box(w, s, e, n):
    return {"type": "Polygon", "coordinates": [[[w, s], [e, s], [e, n], [w, n], [w, s]]]}


def checkerboard(step=30, south=-80, north=80):
    out = []
    lat = south
    row = 0
    while lat < north:
        top = min(north, lat + step)
        for col, lon in enumerate(range(-180, 180, step)):
            out.append(feature(box(lon, lat, lon + step, top), odd=(row + col) % 2))
        lat = top
        row += 1
    return fc(out)


def grid_points(step=30, south=-60, north=60):
    return fc([feature({"type": "Point", "coordinates": [lon, lat]}, name=f"{lon},{lat}", n=i)
               for i, (lon, lat) in enumerate((lon, lat) for lat in range(south, north + 1, step) for lon in range(-180, 180, step))])


def geojson(data, **extra):
    return dict({"type": "geojson", "data": data}, **extra)


SATELLITE = {"type": "raster", "tiles": ["local://tiles/{z}-{x}-{y}.satellite.png"], "minzoom": 1, "maxzoom": 1, "tileSize": 256}
VECTOR = {"type": "vector", "maxzoom": 0, "tiles": ["local://tiles/{z}-{x}-{y}.mvt"]}
TERRAIN = {"type": "raster-dem", "tiles": ["local://tiles/{z}-{x}-{y}.terrain.png"], "minzoom": 12, "maxzoom": 12, "tileSize": 256}
WHITE = {"id": "background", "type": "background", "paint": {"background-color": "white"}}
BOARD = geojson(checkerboard())
BOARD_FILL = {"id": "board", "type": "fill", "source": "board",
              "paint": {"fill-color": ["case", ["==", ["get", "odd"], 1], "#1f5fbf", "#f0a020"], "fill-antialias": False}}
SPIRAL = {"type": "LineString", "coordinates": [[-180 + i * 3, -70 + i * 0.6] for i in range(0, 240)]}

CASES = {}


def case(path, layers, sources=None, *, projection=GLOBE, center=(0, 0), zoom=1, bearing=0, pitch=0, width=256, height=256,
         sky=NO_ATMOSPHERE, test=None, description="", **root):
    style = {"version": 8, "metadata": {"test": dict({"description": description, "width": width, "height": height}, **(test or {}))}}
    if projection is not None:
        style["projection"] = projection
    if sky is not None:
        style["sky"] = sky
    style["center"] = list(center)
    style["zoom"] = zoom
    if bearing:
        style["bearing"] = bearing
    if pitch:
        style["pitch"] = pitch
    style.update(root)
    style["sources"] = sources or {}
    style["layers"] = layers
    CASES[path] = style


def board(path, description, **kw):
    case(path, [WHITE, BOARD_FILL], {"board": BOARD}, description=description, **kw)


# --- projection: how the projection is chosen ---------------------------------------------------------------------
board("projection/globe-style", "The root projection {type: globe} draws the world as a globe at zoom 1.")
board("projection/globe-metadata", "GL JS's harness metadata `projection` sets the projection once the style has loaded.",
      projection=None, test={"projection": "globe"})
board("projection/vertical-perspective", "vertical-perspective: the globe at every zoom.", projection=VP, zoom=1)
board("projection/vertical-perspective-zoom-5", "vertical-perspective stays a sphere at zoom 5 (globe would too).",
      projection=VP, zoom=5, center=(15, 45))
board("projection/mercator", "The mercator projection: the flat map, as without a projection.",
      projection={"type": "mercator"}, zoom=0.5)
board("projection/globe-zoom-11", "The globe preset half-way between the sphere (zoom 10) and Mercator (zoom 12).",
      zoom=11, center=(10, 20))
board("projection/globe-zoom-12", "The globe preset is Mercator from zoom 12.", zoom=12.5, center=(10, 20))
board("projection/interpolate", "A camera expression between names: half-way at zoom 1.",
      projection={"type": ["interpolate", ["linear"], ["zoom"], 0, "vertical-perspective", 2, "mercator"]})
board("projection/step", "A step expression: vertical-perspective below zoom 3.",
      projection={"type": ["step", ["zoom"], "vertical-perspective", 3, "mercator"]}, zoom=2)
# GL JS's constructor constrains the first camera with its Mercator transform (half the view's height inside the world's
# edges) unless the style object's root projection is {type: globe}: the view starts further from the pole
board("projection/first-camera-constrained", "vertical-perspective near the south edge: the first camera constrained as in Mercator.",
      projection=VP, center=(20, -84), zoom=1.5, bearing=30)
board("projection/first-camera-metadata", "The harness's projection (globe): drawn as the style's root projection, so not constrained.",
      projection=None, test={"projection": "globe"}, center=(-40, 83), zoom=1.2)
board("projection/first-camera-expression", "A camera-expression projection is not {type: globe}: the first camera constrained.",
      projection={"type": ["step", ["zoom"], "vertical-perspective", 3, "mercator"]}, center=(60, 84), zoom=1.5)
board("projection/first-camera-globe", "{type: globe}: GL JS sizes the map after the style loads, the first camera as given.",
      center=(20, -84), zoom=1.5, bearing=30)
# a blend of vertical-perspective and Mercator at a low zoom, a pole and the far side in view
BLEND = {"type": ["interpolate", ["linear"], ["zoom"], 0, "vertical-perspective", 4, "mercator"]}
case("projection/blend-pole-notch", [{"id": "bg", "type": "background", "paint": {"background-color": "#2a7ab0"}}],
     projection=BLEND, center=(20, 60), zoom=1, width=512, height=512,
     description="A blend near the pole: the world's top edge bends down between two points, GL JS's mesh leaves a notch.")
board("projection/blend-far-side", "A blend with squares on the far side: GL JS's blended clip hides them, cut where it passes.",
      projection=BLEND, center=(20, 60), zoom=1, width=512, height=512)
board("projection/set-projection", "setProjection({type: globe}) on a Mercator style.",
      projection={"type": "mercator"}, test={"operations": [["wait"], ["setProjection", {"type": "globe"}], ["wait"]]})
board("projection/set-projection-mercator", "setProjection({type: mercator}) on a globe style.",
      zoom=0.5, test={"operations": [["wait"], ["setProjection", {"type": "mercator"}], ["wait"]]})
# GL JS's projection/global-state (the type read from global state) is not drawn by GL JS 5.24 (the map never becomes
# idle): StyleProjectionTests covers it instead (docs/3d.md).
board("projection/unknown-name", "An unknown projection name: GL JS warns and draws Mercator (so does Mercator).",
      projection={"type": "equal-earth"}, zoom=0.5)
board("projection/pixel-ratio", "The globe at pixel ratio 2.", test={"pixelRatio": 2}, width=128, height=128)

# --- the globe's background ---------------------------------------------------------------------------------------
case("globe-background/color", [{"id": "bg", "type": "background", "paint": {"background-color": "#2a7ab0"}}],
     description="A background covers the sphere only; space around it stays transparent.")
case("globe-background/opacity", [{"id": "bg", "type": "background", "paint": {"background-color": "#2a7ab0", "background-opacity": 0.5}}],
     description="background-opacity on the globe.")
case("globe-background/pattern", [{"id": "bg", "type": "background", "paint": {"background-pattern": "park"}}],
     sprite=SPRITE, description="background-pattern wraps the sphere.")

# --- fill ---------------------------------------------------------------------------------------------------------
case("globe-fill/planet-solid", [WHITE, {"id": "fill", "type": "fill", "source": "world", "paint": {"fill-color": "#0000ff", "fill-antialias": False}}],
     {"world": geojson(box(-180, -90, 180, 90))}, description="A polygon covering the world covers the sphere, poles included.")
board("globe-fill/planet-tiles", "A checkerboard of 30-degree squares: subdivided, no seams between tiles.")
board("globe-fill/planet-pitched", "The checkerboard pitched and rotated.", pitch=45, bearing=30, zoom=1.5)
board("globe-fill/pole", "Looking at the north pole region: the pole closed.", center=(0, 80), zoom=1.5)
case("globe-fill/pole-cap", [{"id": "bg", "type": "background", "paint": {"background-color": "green"}},
                             {"id": "east", "type": "fill", "source": "east", "paint": {"fill-color": "blue"}}],
     {"east": geojson(box(0, 60, 180, 85.051129))}, center=(0, 85), zoom=4, pitch=60, width=256, height=256,
     description="Background and fill reach the north pole, seen pitched from 85 degrees north (GL JS's pole-cap).")
board("globe-fill/south-pole", "The south pole from below.", center=(30, -85), zoom=1.5)
case("globe-fill/translate", [WHITE, {"id": "fill", "type": "fill", "source": "boxes",
                                      "paint": {"fill-color": "#c03030", "fill-translate": [20, 10]}}],
     {"boxes": geojson(fc([feature(box(-40, -20, 0, 20)), feature(box(20, 20, 60, 50))]))},
     description="fill-translate moves fills in screen pixels on the globe.")
case("globe-fill/vector-tiles", [WHITE, {"id": "water", "type": "fill", "source": "vector", "source-layer": "water",
                                         "paint": {"fill-color": "#3070d0"}}],
     {"vector": VECTOR}, zoom=1, center=(-40, 30), description="A vector tile's water drawn on the sphere.")
case("globe-fill/overzoomed-tile", [WHITE, {"id": "water", "type": "fill", "source": "vector", "source-layer": "water",
                                            "paint": {"fill-color": "#e08020", "fill-outline-color": "#2060d0"}}],
     {"vector": VECTOR}, zoom=4, center=(-5, 50),
     description="A zoom 0 tile's water drawn at zoom 4: the rings' grid split points are rounded to the tile's units, "
                 "which span a pixel here (GL JS's subdivision stores them as the tile's integers), and the outlines "
                 "follow them.")
case("globe-fill/antimeridian", [WHITE, {"id": "fill", "type": "fill", "source": "cross", "paint": {"fill-color": "#d03070"}}],
     {"cross": geojson(fc([feature({"type": "Polygon", "coordinates": [[[160, -30], [200, -30], [200, 30], [160, 30], [160, -30]]]})]))},
     center=(180, 0), zoom=1.5, description="A polygon crossing the antimeridian (GeoJSON beyond 180) is drawn once, whole.")
case("globe-fill/far-side", [WHITE, {"id": "fill", "type": "fill", "source": "two",
                                     "paint": {"fill-color": ["case", ["==", ["get", "near"], 1], "#208020", "#d02020"]}}],
     {"two": geojson(fc([feature(box(-20, -20, 20, 20), near=1), feature(box(160, -20, 200, 20), near=0)]))},
     description="Geometry on the far side of the globe is culled (no red).")
board("globe-fill/zoom-0", "The whole globe small in the view (zoom 0).", zoom=0)
board("globe-fill/zoom-4", "Close to the sphere (zoom 4): the horizon outside the view.", zoom=4, center=(20, 40))
HOLED = fc([feature({"type": "Polygon", "coordinates": [[[-40, -30], [40, -30], [40, 40], [-40, 40], [-40, -30]],
                                                         [[-10, 0], [10, 0], [10, 15], [-10, 15], [-10, 0]]]}, k=1),
             feature(box(150, -20, 210, 30), k=2)])
case("globe-fill/pattern", [WHITE, {"id": "fill", "type": "fill", "source": "holed", "paint": {"fill-pattern": "sand"}}],
     {"holed": geojson(HOLED)}, sprite=SPRITE, center=(0, 10), zoom=1.6, description="fill-pattern on the globe, a hole included.")
case("globe-fill/outline-pitched", [WHITE, {"id": "fill", "type": "fill", "source": "holed",
                                            "paint": {"fill-color": "#e0d060", "fill-outline-color": "#202080", "fill-opacity": 0.7}}],
     {"holed": geojson(HOLED)}, center=(170, 0), zoom=1.4, pitch=35,
     description="fill-outline-color of translucent fills on a pitched globe, across the antimeridian.")
case("globe-fill/outline-oblique", [WHITE, {"id": "fill", "type": "fill", "source": "boxes",
                                           "paint": {"fill-color": "#f0f0f0", "fill-outline-color": "#2040c0"}}],
     {"boxes": geojson(fc([feature(box(-3, 0.5, 3, 4)), feature(box(-2.2, -4, 2.5, -0.4))]))}, center=(0, 0), zoom=4.6,
     pitch=55, bearing=20,
     description="Fill outlines seen obliquely on the globe: the shader's v_pos is interpolated perspective-correctly "
                 "along each edge, so the middle of an edge whose ends lie at different depths fades out.")
case("globe-fill/sort-key", [WHITE, {"id": "fill", "type": "fill", "source": "holed", "layout": {"fill-sort-key": ["-", 0, ["get", "k"]]},
                                     "paint": {"fill-color": ["match", ["get", "k"], 1, "#d04040", "#4040d0"], "fill-opacity": 0.5}}],
     {"holed": geojson(HOLED)}, center=(120, 0), zoom=1.2, bearing=15, description="Translucent fills ordered by fill-sort-key.")

# --- line ---------------------------------------------------------------------------------------------------------
def lines(path, description, paint, data=None, layout=None, source_extra=None, **kw):
    layer = {"id": "line", "type": "line", "source": "line", "paint": paint}
    if layout:
        layer["layout"] = layout
    case(path, [WHITE, layer], {"line": geojson(data or SPIRAL, **(source_extra or {}))}, description=description, **kw)


case("globe-line/overzoomed-tile", [WHITE, {"id": "admin", "type": "line", "source": "vector", "source-layer": "admin",
                                            "paint": {"line-color": "#2050c0", "line-width": 1.5}}],
     {"vector": VECTOR}, zoom=5.3, center=(30, 48), bearing=-20,
     description="A zoom 0 tile's borders drawn at zoom 5.3: the lines' grid split points are rounded to the tile's "
                 "units, which span pixels here, so the lines bend where GL JS's do.")
lines("globe-line/spiral", "A long spiral line: subdivided and bent on the sphere; the far side hidden.",
      {"line-color": "#d02020", "line-width": 3})
lines("globe-line/parallel", "A line along a parallel follows it on the sphere (subdivided between vertices).",
      {"line-color": "#2050d0", "line-width": 4},
      data=fc([feature({"type": "LineString", "coordinates": [[-90, 45], [90, 45]]}),
               feature({"type": "LineString", "coordinates": [[-90, -30], [90, -30]]})]))
lines("globe-line/meridians", "Meridians from pole to pole.", {"line-color": "#208040", "line-width": 2},
      data=fc([feature({"type": "LineString", "coordinates": [[lon, -85], [lon, 85]]}) for lon in range(-90, 91, 30)]))
lines("globe-line/translate", "line-translate on the globe.", {"line-color": "#d02020", "line-width": 3, "line-translate": [10, 10]})
lines("globe-line/dasharray", "line-dasharray on the globe.", {"line-color": "#202020", "line-width": 3, "line-dasharray": [2, 1]})
lines("globe-line/gradient", "line-gradient on the globe.",
      {"line-width": 5, "line-gradient": ["interpolate", ["linear"], ["line-progress"], 0, "blue", 0.5, "yellow", 1, "red"]},
      source_extra={"lineMetrics": True})
case("globe-line/pattern", [WHITE, {"id": "line", "type": "line", "source": "line", "paint": {"line-width": 8, "line-pattern": "park"}}],
     {"line": geojson(SPIRAL)}, sprite=SPRITE, description="line-pattern on the globe.")
lines("globe-line/antimeridian", "A line crossing the antimeridian.", {"line-color": "#d02080", "line-width": 4},
      data=fc([feature({"type": "LineString", "coordinates": [[150, -40], [210, 40]]})]), center=(180, 0))
lines("globe-line/wide", "Wide lines keep their screen width on the sphere.", {"line-color": "#8020c0", "line-width": 16, "line-opacity": 0.7},
      data=fc([feature({"type": "LineString", "coordinates": [[-60, -40], [0, 10], [60, -40]]})]))
WAVE = {"type": "LineString", "coordinates": [[lon, 25 * math.sin(lon / 30)] for lon in range(-170, 171, 5)]}
lines("globe-line/offset", "line-offset on the globe: the offset kept across the line on the sphere.",
      {"line-color": "#c02020", "line-width": 3, "line-offset": 6}, data=WAVE, zoom=1.5)
lines("globe-line/gap-blur", "line-gap-width and line-blur on a pitched, rotated globe.",
      {"line-color": "#c02020", "line-width": 2, "line-gap-width": 5, "line-blur": 1.5}, data=WAVE, zoom=1.5, pitch=30, bearing=20)
lines("globe-line/round-dashed", "Round caps and joins of a dashed line along a meridian.",
      {"line-color": "#208020", "line-width": 5, "line-dasharray": [1, 2]}, layout={"line-cap": "round", "line-join": "round"},
      data={"type": "LineString", "coordinates": [[20, lat] for lat in range(-80, 81, 4)]}, center=(20, 10), zoom=2)
lines("globe-line/width-zoom", "A zoom-dependent width with round joins at zoom 3.5.",
      {"line-color": "#603090", "line-width": ["interpolate", ["linear"], ["zoom"], 2, 1, 5, 8]}, layout={"line-join": "round"},
      data=WAVE, center=(-60, 20), zoom=3.5)
lines("projection/vertical-perspective-lines-zoom-8", "vertical-perspective at zoom 8: a line bent on the sphere close up.",
      {"line-color": "#c02020", "line-width": 2}, projection=VP, zoom=8,
      data={"type": "LineString", "coordinates": [[x / 100, 0.3 * math.sin(x / 7)] for x in range(-100, 101)]})

# --- circle -------------------------------------------------------------------------------------------------------
def circles(path, description, paint=None, **kw):
    case(path, [WHITE, {"id": "circle", "type": "circle", "source": "points",
                        "paint": paint or {"circle-color": "#d03030", "circle-radius": 6}}],
         {"points": geojson(grid_points())}, description=description, **kw)


circles("globe-circle/planet", "A grid of circles over the sphere; the far side hidden.")
for align in ("map", "viewport"):
    for scale in ("map", "viewport"):
        circles(f"globe-circle/pitch-{align}-scale-{scale}",
                f"circle-pitch-alignment {align}, circle-pitch-scale {scale}, pitched globe.",
                {"circle-color": "#2060d0", "circle-radius": 8, "circle-pitch-alignment": align, "circle-pitch-scale": scale},
                pitch=50, zoom=1.5, center=(0, 20))
circles("globe-circle/zoom-transition", "Circles while the globe turns into Mercator (zoom 11).",
        {"circle-color": "#2060d0", "circle-radius": 10, "circle-pitch-alignment": "map"}, zoom=11, center=(0, 0))
circles("globe-circle/stroke", "Circle strokes on the globe.",
        {"circle-color": "white", "circle-radius": 7, "circle-stroke-width": 2, "circle-stroke-color": "black"})
# the perspective ratio (viewport circles smaller towards the limb) and circles on the sphere (pitch-alignment map),
# from other angles and zooms
circles("globe-circle/pitch-map-rotated", "circle-pitch-alignment map on a rotated, pitched globe away from the equator.",
        {"circle-color": "#2060d0", "circle-radius": 9, "circle-stroke-width": 2, "circle-stroke-color": "#102040",
         "circle-pitch-alignment": "map"}, pitch=35, bearing=-50, zoom=1.2, center=(30, 45))
circles("globe-circle/viewport-zoom-2", "Viewport circles at zoom 2, pitched: the perspective ratio on the sphere.",
        {"circle-color": "#d03030", "circle-radius": 5}, pitch=40, bearing=20, zoom=2, center=(-20, 10))
circles("globe-circle/translate", "circle-translate on the globe.",
        {"circle-color": "#30a030", "circle-radius": 6, "circle-translate": [12, -8], "circle-pitch-alignment": "map"})
circles("globe-circle/translate-viewport", "circle-translate of viewport circles on a rotated globe, anchored to the viewport.",
        {"circle-color": "#a030a0", "circle-radius": 5, "circle-translate": [10, 15], "circle-translate-anchor": "viewport"},
        bearing=30, zoom=1.2)
circles("globe-circle/blur-pitched", "circle-blur with a stroke on a pitched, rotated globe.",
        {"circle-radius": 9, "circle-blur": 0.6, "circle-color": "#3050c0", "circle-stroke-width": 2, "circle-stroke-color": "#000"},
        pitch=40, bearing=-25, zoom=1.8)

# --- symbol -------------------------------------------------------------------------------------------------------
def symbols(path, description, layout, paint=None, data=None, **kw):
    kw.setdefault("glyphs", GLYPHS)
    case(path, [WHITE, {"id": "symbol", "type": "symbol", "source": "points", "layout": dict({"text-font": FONT}, **layout),
                        "paint": paint or {}}],
         {"points": geojson(data or grid_points())}, description=description, **kw)


POLE_TO_POLE = fc([feature({"type": "Point", "coordinates": [0, lat]}, name=f"{lat}") for lat in range(-80, 81, 10)])
symbols("globe-symbol/text-point-pole-to-pole", "Point labels along a meridian from pole to pole collide on the globe.",
        {"text-field": ["get", "name"], "text-size": 14}, data=POLE_TO_POLE)
symbols("globe-symbol/text-grid", "Point labels over the sphere; those behind the horizon are hidden.",
        {"text-field": ["get", "name"], "text-size": 10})
case("globe-symbol/text-line-equator", [WHITE, {"id": "line", "type": "line", "source": "line", "paint": {"line-color": "#c0c0c0"}},
                                        {"id": "symbol", "type": "symbol", "source": "line",
                                         "layout": {"symbol-placement": "line", "text-field": "Equator", "text-font": FONT,
                                                    "text-size": 14, "symbol-spacing": 60}}],
     {"line": geojson(fc([feature({"type": "LineString", "coordinates": [[-180, 0], [-90, 0], [0, 0], [90, 0], [180, 0]]})]))},
     glyphs=GLYPHS, description="Labels along the equator follow it on the sphere.")
for name, extra in (("base", {}), ("pitched", {"pitch": 45}), ("rotated", {"bearing": 60}), ("pitched-rotated", {"pitch": 45, "bearing": 60})):
    symbols(f"globe-symbol/variable-anchor-{name}", f"text-variable-anchor on the globe ({name}).",
            {"text-field": ["get", "name"], "text-size": 12, "text-variable-anchor": ["top", "bottom", "left", "right"],
             "text-radial-offset": 0.8}, zoom=1.5, **extra)
for anchor in ("map", "viewport"):
    case(f"globe-symbol/icon-text-translate-{anchor}",
         [WHITE, {"id": "symbol", "type": "symbol", "source": "points",
                  "layout": {"icon-image": "fav-bar-18", "text-field": ["get", "name"], "text-font": FONT, "text-size": 10,
                             "text-offset": [0, 1.2], "icon-allow-overlap": True, "text-allow-overlap": True},
                  "paint": {"icon-translate": [10, 20], "text-translate": [10, 20], "icon-translate-anchor": anchor,
                            "text-translate-anchor": anchor}}],
         {"points": geojson(fc([feature({"type": "Point", "coordinates": [lon, 0]}, name=str(lon)) for lon in (-40, 0, 40)]))},
         glyphs=GLYPHS, sprite=SPRITE, bearing=45, pitch=30, description=f"icon and text translate anchored to the {anchor}.")
symbols("globe-symbol/icons", "Icons over the sphere; hidden behind the horizon.",
        {"icon-image": "fav-bar-18"}, sprite=SPRITE)
symbols("globe-symbol/collision-pitched-rotated", "Label collision on a pitched, rotated globe.",
        {"text-field": ["get", "name"], "text-size": 14}, pitch=50, bearing=-40, zoom=1.5)
# the perspective ratio on the sphere (labels smaller towards the limb) from other angles and zooms
symbols("globe-symbol/text-grid-north", "Point labels over the northern hemisphere at zoom 1.3, rotated.",
        {"text-field": ["get", "name"], "text-size": 11}, center=(40, 50), zoom=1.3, bearing=25)
symbols("globe-symbol/icons-pitched", "Icons on a pitched globe: smaller towards the horizon.",
        {"icon-image": "fav-bar-18"}, sprite=SPRITE, pitch=45, zoom=1.4, center=(-30, -10))
symbols("globe-symbol/icon-rotate-map", "icon-rotate with icon-rotation-alignment map on a rotated globe.",
        {"icon-image": "fav-bus-18", "icon-rotate": 30, "icon-rotation-alignment": "map", "icon-allow-overlap": True},
        sprite=SPRITE, bearing=40, zoom=1.8)
symbols("globe-symbol/text-rotate-map", "text-rotate with text-rotation-alignment map on a rotated globe.",
        {"text-field": ["get", "name"], "text-size": 12, "text-rotate": 25, "text-rotation-alignment": "map", "text-allow-overlap": True},
        bearing=-30, zoom=1.8)
# labels along a line collide by GL JS's circles: spread along the line between the first and last glyph as the
# screen shows it (CollisionIndex.placeCollisionCircles), not MapLibre Native's circles laid out in tile space
MERIDIAN = fc([feature({"type": "LineString", "coordinates": [[20, lat] for lat in range(-80, 81, 4)]}, name="Meridian Road")])
for name, extra in (("", {}), ("-pitched-turned", {"pitch": 40, "bearing": 60})):
    case(f"globe-symbol/text-line-meridian{name}",
         [WHITE, {"id": "line", "type": "line", "source": "line", "paint": {"line-color": "#999999"}},
          {"id": "symbol", "type": "symbol", "source": "line",
           "layout": {"symbol-placement": "line", "text-field": ["get", "name"], "text-font": FONT, "text-size": 14,
                      "symbol-spacing": 80}}],
         {"line": geojson(MERIDIAN)}, glyphs=GLYPHS, center=(20, 10), zoom=2, width=512, height=512,
         description="Labels along a meridian collide as GL JS places their circles on the screen" + (", pitched and turned." if name else "."),
         **extra)
# a line's icons lie in the map plane (`auto` alignment along lines is `map`), their boxes projected from it; text on the
# screen follows the line subdivided for the sphere (GL JS's `subdivideVertexLine` before the anchors)
for name, extra in (("", {}), ("-pitched", {"pitch": 30})):
    case(f"globe-symbol/icons-along-line{name}",
         [WHITE, {"id": "line", "type": "line", "source": "line", "paint": {"line-color": "#999999"}},
          {"id": "symbol", "type": "symbol", "source": "line",
           "layout": {"symbol-placement": "line", "icon-image": "fav-bus-18", "symbol-spacing": 60}}],
         {"line": geojson(MERIDIAN)}, sprite=SPRITE, center=(20, 10), zoom=2, width=512, height=512,
         description="Icons along a meridian lie on the sphere and collide by their boxes in the map plane"
                     + (", pitched." if name else "."), **extra)
# GL JS leaves out symbols whose anchor's perspective ratio is under 0.6 (`perspectiveRatioCutoff`): in the globe
# preset's flat zooms at a steep pitch, the labels towards the horizon
case("globe-symbol/far-labels-cut-off",
     [WHITE, {"id": "symbol", "type": "symbol", "source": "points",
              "layout": {"text-field": ["get", "name"], "text-font": FONT, "text-size": 12}}],
     {"points": geojson(fc([feature({"type": "Point", "coordinates": [round(i * 0.004, 6), round(j * 0.004, 6)]}, name=f"{i}/{j}")
                            for i in range(-6, 7, 3) for j in range(0, 120, 4)]))},
     glyphs=GLYPHS, center=(0, 0), zoom=13, pitch=80, width=512, height=512, test={"maxPitch": 85},
     description="Labels far towards the horizon of a steeply pitched map (the globe preset past zoom 12) are left out.")
case("globe-symbol/text-line-viewport-pitched",
     [WHITE, {"id": "line", "type": "line", "source": "line", "paint": {"line-color": "#999999"}},
      {"id": "symbol", "type": "symbol", "source": "line",
       "layout": {"symbol-placement": "line", "text-field": ["get", "name"], "text-font": FONT, "text-size": 14,
                  "symbol-spacing": 80, "text-pitch-alignment": "viewport"}}],
     {"line": geojson(MERIDIAN)}, glyphs=GLYPHS, center=(20, 10), zoom=2, pitch=40, bearing=30, width=512, height=512,
     description="Text on the screen along a meridian curving on a pitched, turned globe follows the curve.")

# GL JS splits a tile's line on the globe's grid before it finds the line's anchors, each new vertex rounded to a whole
# tile unit: the split line bends by a fraction of a unit at every vertex, and on a diagonal crossing the grid's cells
# in short pieces `text-max-angle` sees those bends, so the first anchor of a long diagonal is refused and the label
# goes to the line's middle (`resample`'s second try)
DIAGONALS = fc([feature({"type": "LineString", "coordinates": line}, name=name) for line, name in (
    ([[89.9, -68.1], [-55.87, -2.05]], "Aa"), ([[60, 20], [-40, 60]], "Road"), ([[-20, -70], [70, 10]], "Aa"),
    ([[100, 40], [10, -10]], "Way"))])
case("globe-symbol/text-line-split-anchors",
     [WHITE, {"id": "line", "type": "line", "source": "line", "paint": {"line-color": "#cccccc"}},
      {"id": "symbol", "type": "symbol", "source": "line",
       "layout": {"symbol-placement": "line", "text-field": ["get", "name"], "text-font": FONT, "text-size": 10,
                  "text-allow-overlap": True}, "paint": {"text-color": "#d02080"}}],
     {"line": geojson(DIAGONALS)}, glyphs=GLYPHS, center=(40.652, -26.211), zoom=0.3, bearing=47.3,
     description="Labels along long diagonals on the globe: anchors found on the line split on GL JS's grid, rounded.")

# GL JS samples an icon linearly when it is pitched with the map (`pitchWithMap || pitch != 0`), where MapLibre Native
# asks whether it turns with the map: icons on the sphere facing the viewport's rotation, drawn at their own size
symbols("globe-symbol/icons-pitch-map-sampled", "Icons pitched with the map on the globe, not turned with it: sampled linearly.",
        {"icon-image": "fav-bus-18", "icon-pitch-alignment": "map", "icon-allow-overlap": True}, sprite=SPRITE,
        center=(122.6, -17.5), zoom=1.6, projection=VP)

# GL JS draws symbols with back faces culled (`CullFaceMode.backCCW`): icons in the map plane seen past a pole lie
# mirrored on the screen, and GL JS draws nothing of them (Mercator drew the part in front of the horizon)
PAST_POLE = fc([feature({"type": "Point", "coordinates": [lon, -80]}) for lon in range(-48, 93, 20)]
               + [feature({"type": "Point", "coordinates": [lon, -70]}) for lon in range(-28, 93, 30)])
symbols("globe-symbol/icons-past-pole", "Icons pitched with the map seen past the south pole, mirrored on the screen: culled.",
        {"icon-image": "fav-city-18", "icon-size": 1.5, "icon-pitch-alignment": "map", "icon-allow-overlap": True},
        data=PAST_POLE, sprite=SPRITE, projection=VP, center=(-88, -10), zoom=0.2, pitch=35)

# GL JS projects the collision box of text pitched with the map from the map plane (`_projectCollisionBox`): labels
# turned with the map near a pole, standing across the screen, collide by their tall boxes, not by level ones
case("globe-symbol/text-pitch-map-boxes",
     [WHITE, {"id": "symbol", "type": "symbol", "source": "points",
              "layout": {"text-field": ["get", "name"], "text-font": FONT, "text-size": 10, "text-rotation-alignment": "map"},
              "paint": {"text-color": "#e08020"}}],
     {"points": geojson(fc([feature({"type": "Point", "coordinates": [89.9, lat]}, name=name) for lat, name in
                            ((-75.3965, "Mercator"), (-60.6785, "Aa"), (-70.3689, "Ny"), (-84, "Mercator"))]))},
     glyphs=GLYPHS, projection=VP, center=(171.756, -63.222), zoom=0.16, bearing=14.4, pitch=55.9,
     description="Labels pitched and turned with the map near the south pole of a pitched globe collide by their boxes "
                 "laid in the map plane and projected.")

# GL JS draws the symbols of a layer sorted by viewport y (icons allowed to overlap) tile by tile, each tile's by their
# anchors' y in the tile turned by the bearing (`getSortedSymbolIndexes`): near a pole on the globe the screen's y runs
# otherwise, and icons overlapping there stack in the tile's order, not the screen's
case("globe-symbol/icons-overlap-order",
     [WHITE, {"id": "symbol", "type": "symbol", "source": "points",
              "layout": {"icon-image": "fav-city-18", "icon-size": 1.5, "icon-allow-overlap": True}}],
     {"points": geojson(fc([feature({"type": "Point", "coordinates": [lon, lat]}, n=k) for k, (lon, lat) in
                            enumerate((lon, lat) for lon in (-134.9, -110, -85) for lat in (84, 80, 77.8, 75.07, 71, 67.1))]))},
     sprite=SPRITE, center=(-162.465, 62.515), zoom=1.7, bearing=70, pitch=6,
     description="Icons allowed to overlap near the north pole of a turned globe stack in GL JS's order: tile by tile, "
                 "by their anchors' y in the tile turned by the bearing.")

# MapLibre lays a GeoJSON source's line labels out from its tiles: geojson-vt cut each line to the tile and its buffer
# and rounded the points, and the crossings of the tile's own sides come from those points, a unit off where the whole
# segment crosses; on the globe the line split on the grid bends by the rounding, so text-max-angle keeps other anchors
ZIGZAGS = fc([feature({"type": "LineString", "coordinates": [[91.7589, 44.3668], [134.9, -48.1243], [-6.8723, 50.0663],
                                                             [104.346, -25.5231], [71.981, 66.5804]]}, name="Long Road"),
              feature({"type": "LineString", "coordinates": [[-65.9915, 51.1552], [0.5065, -30.5044]]}, name="Long Road")])
case("globe-symbol/text-line-tile-cut",
     [WHITE, {"id": "line", "type": "line", "source": "line", "paint": {"line-color": "#cccccc"}},
      {"id": "symbol", "type": "symbol", "source": "line",
       "layout": {"symbol-placement": "line", "text-field": ["get", "name"], "text-font": FONT, "text-size": 10,
                  "symbol-spacing": 80}, "paint": {"text-color": "#e08020"}}],
     {"line": geojson(ZIGZAGS)}, glyphs=GLYPHS, center=(65.706, -1.941), zoom=1.33, bearing=130.7,
     description="Labels along long zigzags on the globe, laid out from the GeoJSON source's tiles: the crossings of a "
                 "tile's sides found from geojson-vt's points at its buffer (the random case 14-006).")

# --- raster -------------------------------------------------------------------------------------------------------
def raster(path, description, **kw):
    case(path, [WHITE, {"id": "raster", "type": "raster", "source": "satellite", "paint": {"raster-fade-duration": 0}}],
         {"satellite": SATELLITE}, description=description, **kw)


raster("globe-raster/planet", "Raster tiles (Web Mercator) warped onto the sphere.")
raster("globe-raster/pole", "Raster tiles near the pole; the pole cap filled.", center=(0, 75), zoom=1.5)
raster("globe-raster/pitched", "Raster tiles on a pitched, rotated globe.", pitch=50, bearing=20, zoom=1.5)
case("globe-raster/image", [WHITE, {"id": "image", "type": "raster", "source": "image", "paint": {"raster-fade-duration": 0}}],
     {"image": {"type": "image", "url": "local://tiles/1-0-0.satellite.png",
                "coordinates": [[-60, 50], [40, 50], [40, -20], [-60, -20]]}},
     description="An image source on the sphere.")
case("globe-raster/nearest", [WHITE, {"id": "raster", "type": "raster", "source": "satellite",
                                     "paint": {"raster-fade-duration": 0, "raster-resampling": "nearest", "raster-opacity": 0.8}}],
     {"satellite": SATELLITE}, center=(-30, 20), zoom=2.5, description="raster-resampling nearest and raster-opacity on the sphere.")

# GL JS covers a globe view with tiles whose zoom varies with their distance from the camera from a covering zoom of 5,
# at any pitch (the globe's `allowVariableZoom`): tiles whose colour is their zoom (tiles/zoom-{z}.png, the same image
# for every tile of a zoom, a darker border at its edges; written by zoom_tiles()) show which zoom each part is drawn from.
ZOOMS = {"type": "raster", "tiles": ["local://tiles/zoom-{z}.png"], "tileSize": 512, "maxzoom": 10}
ZOOM_LAYER = {"id": "zooms", "type": "raster", "source": "zooms", "paint": {"raster-fade-duration": 0, "raster-resampling": "nearest"}}
for path, description, kw in [
        ("globe-raster/variable-zoom", "Past a covering zoom of 4 the tiles' zoom varies with their distance: deeper near the "
         "camera, shallower towards the horizon.", dict(center=(10, 45), zoom=6.3, pitch=70)),
        ("globe-raster/variable-zoom-turned", "Variable zoom on a rotated globe at pitch 80 (tiles from zoom 5 to 9).",
         dict(center=(12, 40), zoom=7.2, bearing=40, pitch=80)),
        ("globe-raster/variable-zoom-unpitched", "Variable zoom unpitched: the corners' tiles a zoom shallower than the centre's.",
         dict(center=(-40, 30), zoom=5.55, bearing=20)),
        ("globe-raster/one-zoom-below-5", "A covering zoom of 4 (4.4 rounded, raster tiles) keeps one zoom at pitch 70.",
         dict(center=(10, 45), zoom=4.4, pitch=70))]:
    case(path, [WHITE, ZOOM_LAYER], {"zooms": ZOOMS}, description=description, test={"maxPitch": 85}, **kw)

# --- heatmap, hillshade, fill-extrusion ---------------------------------------------------------------------------
case("globe-heatmap/heatmap", [WHITE, {"id": "heat", "type": "heatmap", "source": "points",
                                       "paint": {"heatmap-radius": 20, "heatmap-intensity": 1.5}}],
     {"points": geojson(grid_points(step=15))}, description="A heatmap on the globe.")
case("globe-heatmap/pitched", [WHITE, {"id": "heat", "type": "heatmap", "source": "points",
                                       "paint": {"heatmap-radius": 14, "heatmap-intensity": 1.2}}],
     {"points": geojson(grid_points(step=15))}, pitch=40, bearing=30, zoom=1.3, center=(20, 30),
     description="Heatmap kernels on a pitched, rotated globe.")
case("globe-heatmap/radius", [WHITE, {"id": "heat", "type": "heatmap", "source": "points",
                                    "paint": {"heatmap-radius": 40, "heatmap-intensity": 0.6}}],
     {"points": geojson(grid_points(step=30, south=-60, north=60))}, zoom=1.3, pitch=20, description="A heatmap with a large radius.")
case("globe-hillshade/hillshade", [WHITE, {"id": "hillshade", "type": "hillshade", "source": "dem"}],
     {"dem": TERRAIN}, projection=VP, center=(-113.29, 35.96), zoom=12.5,
     description="Hillshade from raster-dem tiles on the sphere (vertical-perspective at zoom 12.5).")
case("globe-fill-extrusion/extrusion", [WHITE, {"id": "extrusion", "type": "fill-extrusion", "source": "blocks",
                                                "paint": {"fill-extrusion-color": "#c04040", "fill-extrusion-height": ["get", "h"]}}],
     {"blocks": geojson(fc([feature(box(-30, -10, -10, 10), h=500000), feature(box(10, 20, 30, 40), h=1500000)]))},
     pitch=40, zoom=1.5, description="Fill extrusions stand on the sphere.")
# From a covering zoom of 5 a GeoJSON source is drawn from its tiles: a heatmap's tiles add their kernels into one
# density texture, coloured once, each tile counting only the points inside it (a circle bucket skips its buffer's)
case("globe-heatmap/tiles", [WHITE, {"id": "heat", "type": "heatmap", "source": "points",
                                    "paint": {"heatmap-radius": 30, "heatmap-weight": ["get", "w"], "heatmap-opacity": 0.8}}],
     {"points": geojson(fc([feature({"type": "Point", "coordinates": c}, w=w) for c, w in
                            (([97.545, -22.9811], 0.07), ([92.8117, -22.5904], 0.91), ([95.2798, -20.5696], 0.43),
                             ([93.6423, -22.9611], 0.49), ([92.9406, -21.9136], 0.8))]))},
     projection=VP, center=(92.837, -22.454), zoom=5,
     description="A heatmap at zoom 5, drawn from the source's tiles: one density texture for all of them, each point "
                 "counted by the tile it lies in (the random case 19-023).")
case("globe-fill-extrusion/translate", [WHITE, {"id": "extrusion", "type": "fill-extrusion", "source": "blocks",
                                                "paint": {"fill-extrusion-color": "#4040c0", "fill-extrusion-height": 800000,
                                                          "fill-extrusion-translate": [20, 0]}}],
     {"blocks": geojson(fc([feature(box(-20, -10, 0, 10))]))}, pitch=30, zoom=1.5, description="fill-extrusion-translate on the globe.")
# A solid taller than the camera's height (here some 9 km up, at zoom 11.58) is cut at GL JS's near plane, and the
# tiles covering a view this deep are chosen in exact arithmetic whatever sines the GPU draws with
case("globe-fill-extrusion/through-camera",
     [WHITE, {"id": "extrusion", "type": "fill-extrusion", "source": "blocks",
              "paint": {"fill-extrusion-color": "#d02080", "fill-extrusion-height": ["get", "h"]}}],
     {"blocks": geojson(fc([feature(box(-47.1877, 26.4252, -47.1509, 26.4436), h=50000),
                            feature({"type": "Polygon", "coordinates": [[[-47.1685, 26.4041], [-47.1894, 26.4093], [-47.2124, 26.4112],
                                                                         [-47.2016, 26.4009], [-47.1853, 26.3926], [-47.1685, 26.4041]]]},
                                    h=200000)]))},
     projection=VP, center=(-47.199, 26.413), zoom=11.58, bearing=-78.1, test={"allowed": 0.0005},
     description="Fill extrusions rising past the camera at zoom 11.58 in vertical perspective: walls cut at the near "
                 "plane (the random case 19-040; drawn with nothing cut, 31,000 pixels apart). Allowed 32 pixels: the cut "
                 "walls' edges run from vertices 70,000 pixels off the screen, which GL JS computes in 32-bit floats, "
                 "and 21 single pixels along them fall on the other side.")

# --- atmosphere and sky -------------------------------------------------------------------------------------------
def atmosphere(path, description, sky, **kw):
    case(path, [WHITE, {"id": "raster", "type": "raster", "source": "satellite", "paint": {"raster-fade-duration": 0}}],
         {"satellite": SATELLITE}, sky=sky, description=description, **kw)


atmosphere("globe-atmosphere/default", "A globe style without sky: GL JS's default atmosphere.", None)
atmosphere("globe-atmosphere/blend-1", "atmosphere-blend 1: the full glow around the globe.", {"atmosphere-blend": 1.0})
atmosphere("globe-atmosphere/blend-0.5", "atmosphere-blend 0.5.", {"atmosphere-blend": 0.5})
atmosphere("globe-atmosphere/blend-zoom", "atmosphere-blend as a zoom expression, at zoom 11 (0.5).",
           {"atmosphere-blend": ["interpolate", ["linear"], ["zoom"], 0, 1, 10, 1, 12, 0]}, zoom=11)
atmosphere("globe-atmosphere/light-map", "The atmosphere lit from a map-anchored light.", {"atmosphere-blend": 1.0},
           light={"anchor": "map", "position": [1.5, 90, 80]})
atmosphere("globe-atmosphere/light-viewport", "The atmosphere lit from a viewport-anchored light.", {"atmosphere-blend": 1.0},
           light={"anchor": "viewport", "position": [1.5, 90, 80]})
atmosphere("globe-atmosphere/set-sky", "setSky at run time changes the atmosphere.", {"atmosphere-blend": 0.0},
           test={"operations": [["wait"], ["setSky", {"atmosphere-blend": 1.0}], ["wait"]]})
case("globe-atmosphere/sky-pitched", [], {}, sky={"sky-color": "#199EF3", "horizon-color": "#daeff0", "sky-horizon-blend": 0.5,
                                                    "atmosphere-blend": 0},
     center=(11.64, 47.55), zoom=4.5, pitch=85, width=256, height=128, test={"maxPitch": 85},
     projection={"type": ["interpolate", ["linear"], ["zoom"], 4, "vertical-perspective", 5, "mercator"]},
     description="Sky above the horizon while the globe turns into Mercator, pitched 85 (GL JS's sky-transition).")
case("globe-atmosphere/sky-vertical-perspective", [], {}, sky={"sky-color": "#199EF3", "horizon-color": "#daeff0",
                                                               "sky-horizon-blend": 0.5, "atmosphere-blend": 0},
     center=(11.64, 47.55), zoom=4.5, pitch=85, width=256, height=128, test={"maxPitch": 85}, projection=VP,
     description="Sky with the vertical-perspective globe, pitched 85.")

# --- camera on the globe ------------------------------------------------------------------------------------------
board("globe-camera/bearing", "The globe turned by the bearing.", bearing=45)
board("globe-camera/pitch", "The globe pitched 60: the horizon and the space above it.", pitch=60, zoom=2)
board("globe-camera/north-pole", "The camera over the north pole.", center=(0, 89), zoom=1.5)
board("globe-camera/antimeridian", "The camera over the antimeridian.", center=(180, 10), zoom=1.5)
board("globe-camera/operations", "setCenter, setZoom, setBearing and setPitch on the globe.",
      test={"operations": [["wait"], ["setCenter", [60, 30]], ["setZoom", 2], ["setBearing", -30], ["setPitch", 20], ["wait"]]})
board("globe-camera/jump-to", "jumpTo on the globe.",
      test={"operations": [["wait"], ["jumpTo", {"center": [-100, 40], "zoom": 1.8, "bearing": 15, "pitch": 30}], ["wait"]]})
# GL JS turns the globe's view by the roll after the pitch (`rotateZ(roll)` in `_calcMatrices`): unpitched a roll is a
# turn of the bearing, pitched it turns the picture about its centre (random cases 20-016 and 20-049)
board("globe-camera/roll-pitched", "The globe pitched 40 and rolled 25: the picture turned about its centre.",
      pitch=40, bearing=30, roll=25, zoom=1.5)
board("globe-camera/roll-blend", "A roll in the globe preset's blend with Mercator (zoom 11.4).",
      pitch=30, bearing=-20, roll=-15, zoom=11.4, center=(10, 20))
board("globe-camera/wide", "A wide view: space on both sides of the globe.", width=384, height=192, zoom=0.5)
board("globe-camera/tall", "A tall view.", width=160, height=320, zoom=0.8)

# --- globe-terrain: terrain on the globe (GL JS's projection/globe/terrain/) ----------------------------------------
# GL JS's cases name DEM tiles its fixtures do not hold at their zooms (0 to 5): the ground stands at 0 m and they check
# that every layer is still drawn on the globe with terrain on (draped: background, fill, line, raster, hillshade; standing:
# circle, symbol, fill-extrusion, heatmap; the atmosphere). The suite's DEM (z12 only) gives the same: no DEM tile at these
# zooms. The last cases put the globe (vertical-perspective, and the globe preset's blend) over the Grand Canyon DEM, where
# the ground is raised along the sphere's normal.
GT = "globe-terrain/"
TERRAIN_2 = {"source": "dem", "exaggeration": 2}
GRAND_CANYON = (-113.29, 35.955)


def on_terrain(path, layers, sources=None, terrain=TERRAIN_2, **kw):
    case(GT + path, layers, dict({"dem": TERRAIN}, **(sources or {})), terrain=terrain, **kw)


on_terrain("background", [{"id": "bg", "type": "background", "paint": {"background-color": "green"}}],
           description="A background on the globe with terrain (no DEM tile at zoom 1: the ground at 0 m).")
on_terrain("fill-planet", [WHITE, BOARD_FILL], {"board": BOARD},
           description="A checkerboard draped on the globe with terrain: no seams between the terrain tiles.")
on_terrain("fill-pitched", [WHITE, BOARD_FILL], {"board": BOARD}, pitch=45, bearing=30, zoom=1.5,
           description="The checkerboard on a pitched, rotated globe with terrain.")
on_terrain("fill-pole", [WHITE, BOARD_FILL], {"board": BOARD}, center=(0, 80), zoom=1.5,
           description="The checkerboard around the north pole with terrain: the pole closed.")
on_terrain("fill-translate", [WHITE, {"id": "fill", "type": "fill", "source": "boxes",
                                      "paint": {"fill-color": "#c03030", "fill-translate": [20, 10]}}],
           {"boxes": geojson(fc([feature(box(-40, -20, 0, 20)), feature(box(20, 20, 60, 50))]))},
           description="fill-translate on the globe with terrain.")
on_terrain("line-spiral", [WHITE, {"id": "line", "type": "line", "source": "line", "paint": {"line-color": "#d02020", "line-width": 3}}],
           {"line": geojson(SPIRAL)}, description="A long spiral line on the globe with terrain; the far side hidden.")
on_terrain("line-gradient", [WHITE, {"id": "line", "type": "line", "source": "line", "paint": {
    "line-width": 5, "line-gradient": ["interpolate", ["linear"], ["line-progress"], 0, "blue", 0.5, "yellow", 1, "red"]}}],
           {"line": geojson(SPIRAL, lineMetrics=True)}, description="line-gradient on the globe with terrain.")
on_terrain("line-translate", [WHITE, {"id": "line", "type": "line", "source": "line",
                                      "paint": {"line-color": "#d02020", "line-width": 3, "line-translate": [10, 10]}}],
           {"line": geojson(SPIRAL)}, description="line-translate on the globe with terrain.")
on_terrain("raster", [WHITE, {"id": "raster", "type": "raster", "source": "satellite", "paint": {"raster-fade-duration": 0}}],
           {"satellite": SATELLITE}, description="Raster tiles on the globe with terrain.")
on_terrain("circle", [WHITE, {"id": "circle", "type": "circle", "source": "points",
                              "paint": {"circle-color": "#d03030", "circle-radius": 6}}],
           {"points": geojson(grid_points())}, description="Circles stand on the globe with terrain; the far side hidden.")
on_terrain("circle-pitch-map", [{"id": "bg", "type": "background", "paint": {"background-color": "gray"}},
                                {"id": "circle", "type": "circle", "source": "points",
                                 "paint": {"circle-color": "blue", "circle-radius": 40, "circle-opacity": 0.5,
                                           "circle-pitch-alignment": "map", "circle-pitch-scale": "map"}}],
           {"points": geojson({"type": "MultiPoint", "coordinates": [[-10, 0], [0, 0], [10, 0]]})},
           terrain={"source": "dem", "exaggeration": 0}, zoom=3, pitch=60, bearing=90,
           description="circle-pitch-alignment map on a pitched globe with terrain (GL JS's circle-pitch-alignment/map-scale-map).")
on_terrain("fill-extrusion", [WHITE, {"id": "extrusion", "type": "fill-extrusion", "source": "blocks",
                                      "paint": {"fill-extrusion-color": "#c04040", "fill-extrusion-height": 450000}}],
           {"blocks": geojson(fc([feature(box(-30, -10, -10, 10)), feature(box(-10, 40, 10, 50))]))},
           center=(0, -30), description="Fill extrusions stand on the globe with terrain.")
on_terrain("heatmap", [WHITE, {"id": "heat", "type": "heatmap", "source": "points",
                               "paint": {"heatmap-radius": 20, "heatmap-intensity": 1.5}}],
           {"points": geojson(grid_points(step=15))}, description="A heatmap on the globe with terrain.")
on_terrain("symbol-point", [WHITE, {"id": "symbol", "type": "symbol", "source": "points",
                                    "layout": {"text-field": ["get", "name"], "text-font": FONT, "text-size": 14}}],
           {"points": geojson(POLE_TO_POLE)}, glyphs=GLYPHS,
           description="Point labels from pole to pole collide on the globe with terrain.")
on_terrain("symbol-line", [WHITE, {"id": "symbol", "type": "symbol", "source": "line",
                                   "layout": {"symbol-placement": "line", "text-field": "Meridian", "text-font": FONT,
                                              "text-size": 14, "symbol-spacing": 60}}],
           {"line": geojson(fc([feature({"type": "LineString", "coordinates": [[20, -80], [20, 0], [20, 80]]})]))}, glyphs=GLYPHS,
           description="Labels along a meridian on the globe with terrain.")
on_terrain("atmosphere", [WHITE, {"id": "raster", "type": "raster", "source": "satellite", "paint": {"raster-fade-duration": 0}}],
           {"satellite": SATELLITE}, sky={"atmosphere-blend": 1.0},
           description="The atmosphere around the globe with terrain (atmosphere-blend 1).")
# The ground raised along the sphere's normal. GL JS 5.24 (headless Chromium) draws the Grand Canyon DEM on the globe at
# zooms 11 to 13.5 wrongly (each draped tile one flat colour), and GL JS's own cases have no DEM at their zooms: so the
# suite has a DEM of its own, tiles/{z}-{x}-{y}.relief.png (zooms 0 to 2, Mapbox encoding, written by relief_tiles()):
# five smooth mountains up to 6 km, seen at zoom 1 to 2 with a large exaggeration (100: 600 km, a few dozen pixels).
RELIEF = {"type": "raster-dem", "tiles": ["local://tiles/{z}-{x}-{y}.relief.png"], "maxzoom": 2, "tileSize": 256}
MOUNTAINS = [(20, 0, 6000, 10), (70, 35, 5000, 8), (-40, -25, 4000, 12), (-100, 40, 5000, 9), (150, -20, 5000, 10)]
# GL JS rounds a DEM source's covering zoom as a raster source's (`roundZoom`, unless its terrain uses the source): at
# zoom 0.57 a 256-pixel DEM is drawn from its zoom 2 tiles, where MapLibre Native floors to zoom 1 (the random cases found it)
case("globe-hillshade/relief-rounded-zoom", [WHITE, {"id": "hillshade", "type": "hillshade", "source": "hills",
                                                     "paint": {"hillshade-illumination-anchor": "viewport", "hillshade-exaggeration": 1}}],
     {"hills": RELIEF}, center=(99.764, -28.497), zoom=0.57, bearing=174.8, sky=None,
     description="A hillshade of a 256-pixel DEM at zoom 0.57 on the globe: drawn from its zoom 2 tiles (the zoom rounded).")


def relief_height(lon, lat):
    """The relief DEM's height in metres: a sum of Gaussian mountains (centre, peak, sigma in degrees)."""
    h = 0.0
    for mlon, mlat, peak, sigma in MOUNTAINS:
        dlon = (lon - mlon + 540) % 360 - 180
        d2 = (dlon * math.cos(math.radians(lat))) ** 2 + (lat - mlat) ** 2
        h += peak * math.exp(-d2 / (2 * sigma * sigma))
    return h


def relief_tiles(folder):
    """Writes the relief DEM's 21 tiles (zooms 0 to 2, 256 px) where missing: heights in steps of 25.6 m (blue 0)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    for z in range(3):
        n = 1 << z
        for x in range(n):
            for y in range(n):
                path = os.path.join(folder, f"{z}-{x}-{y}.relief.png")
                if os.path.exists(path):
                    continue
                rows = []
                for py in range(256):
                    lat = math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * (y + (py + 0.5) / 256) / n))))
                    row = bytearray(b"\x00")
                    for px in range(256):
                        v = int(round((relief_height((x + (px + 0.5) / 256) / n * 360 - 180, lat) + 10000) / 25.6))
                        row += bytes((v >> 8 & 255, v & 255, 0))
                    rows.append(bytes(row))
                with open(path, "wb") as f:
                    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 256, 256, 8, 2, 0, 0, 0))
                            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


ZOOM_COLOURS = [(230, 25, 75), (60, 180, 75), (255, 225, 25), (0, 130, 200), (245, 130, 48), (145, 30, 180),
                (70, 240, 240), (240, 50, 230), (210, 245, 60), (250, 190, 212), (0, 128, 128)]


def zoom_tiles(folder):
    """Writes tiles/zoom-{z}.png (zooms 0 to 10): 64 x 64 pixels of the zoom's colour, a border of it darker."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    for z, colour in enumerate(ZOOM_COLOURS):
        dark = tuple(v * 3 // 5 for v in colour)
        rows = b"".join(b"\x00" + b"".join(bytes(dark if x in (0, 63) or y in (0, 63) else colour) for x in range(64))
                        for y in range(64))
        with open(os.path.join(folder, f"zoom-{z}.png"), "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 64, 64, 8, 2, 0, 0, 0))
                    + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def on_relief(path, layers, sources=None, exaggeration=100, **kw):
    case(GT + path, layers, dict({"dem": RELIEF}, **(sources or {})), terrain={"source": "dem", "exaggeration": exaggeration}, **kw)


on_relief("relief", [WHITE, BOARD_FILL], {"board": BOARD}, zoom=2, center=(20, 10), pitch=50,
          description="The checkerboard draped over the relief DEM (exaggeration 100), pitched: the mountain at 0 N 20 E "
                      "raised along the sphere's normal above the limb.")
on_relief("relief-top-down", [WHITE, BOARD_FILL], {"board": BOARD}, zoom=1, center=(60, 0),
          description="The whole globe over the relief: mountains on the limb stand out of the outline.")
on_relief("relief-exaggeration-30", [WHITE, BOARD_FILL], {"board": BOARD}, exaggeration=30, zoom=2, center=(20, 10), pitch=50,
          description="exaggeration 30: the same mountain lower.")
on_relief("relief-exaggeration-0", [WHITE, BOARD_FILL], {"board": BOARD}, exaggeration=0, zoom=2, center=(20, 10), pitch=50,
          description="exaggeration 0: the ground on the sphere, as without terrain.")
on_relief("relief-bearing", [WHITE, BOARD_FILL], {"board": BOARD}, zoom=1.6, center=(80, 20), bearing=120, pitch=40,
          description="The relief on a rotated, pitched globe: the mountain at 35 N 70 E seen from the north-east.")
on_relief("relief-raster", [WHITE, {"id": "raster", "type": "raster", "source": "satellite", "paint": {"raster-fade-duration": 0}}],
          {"satellite": SATELLITE}, zoom=2, center=(20, 10), pitch=50, description="Raster tiles draped over the relief.")
on_relief("relief-circle", [WHITE, BOARD_FILL, {"id": "circle", "type": "circle", "source": "points",
                                                "paint": {"circle-color": "#d03030", "circle-radius": 5}}],
          {"board": BOARD, "points": geojson(fc([feature({"type": "Point", "coordinates": [lon, lat]})
                                                 for lon in (0, 10, 20, 30, 40) for lat in (-10, 0, 10)]))},
          zoom=2, center=(20, 10), pitch=50, description="Circles stand on the raised ground (at its elevation).")
on_relief("relief-fill-extrusion", [WHITE, BOARD_FILL, {"id": "extrusion", "type": "fill-extrusion", "source": "blocks",
                                                        "paint": {"fill-extrusion-color": "#40a040", "fill-extrusion-height": 300000}}],
          {"board": BOARD, "blocks": geojson(fc([feature(box(15, -5, 25, 5))]))}, zoom=2, center=(20, 10), pitch=50,
          description="An extrusion on the mountain stands on the raised ground.")
on_relief("hillshade", [WHITE, {"id": "hillshade", "type": "hillshade", "source": "hills"}], {"hills": RELIEF}, exaggeration=0,
          zoom=2, center=(20, 10),
          description="A hillshade of the relief draped on the globe (terrain of exaggeration 0, GL JS's hillshade case).")
# the globe preset at zoom 12.5 is Mercator: the flat map's terrain over the Grand Canyon DEM
case(GT + "globe-mercator", [WHITE, {"id": "satellite", "type": "raster", "source": "satellite", "paint": {"raster-fade-duration": 0}}],
     {"dem": TERRAIN, "satellite": dict(SATELLITE, minzoom=12, maxzoom=12)}, terrain={"source": "dem", "exaggeration": 1},
     center=GRAND_CANYON, zoom=12.5, pitch=50, description="The globe preset at zoom 12.5 is Mercator: the flat map's terrain.")

def dumps(style):
    """Indented JSON, with each inline GeoJSON feature (or geometry) on one line: readable and small."""
    style = json.loads(json.dumps(style))
    inline = {}
    for sid, source in style.get("sources", {}).items():
        data = source.get("data")
        if isinstance(data, dict):
            key = f"@@{sid}@@"
            inline[key] = data
            source["data"] = key
    text = json.dumps(style, indent=2)
    for key, data in inline.items():
        if data.get("type") == "FeatureCollection":
            body = ",\n".join("          " + json.dumps(f) for f in data["features"])
            compact = '{"type": "FeatureCollection", "features": [\n' + body + "\n        ]}"
        else:
            compact = json.dumps(data)
        text = text.replace(json.dumps(key), compact)
    return text


def main():
    relief_tiles(os.path.join(SUITE, "tiles"))
    zoom_tiles(os.path.join(SUITE, "tiles"))
    for path, style in sorted(CASES.items()):
        folder = os.path.join(SUITE, "render-tests", path)
        os.makedirs(folder, exist_ok=True)
        text = dumps(style)
        with open(os.path.join(folder, "style.json"), "w") as f:
            f.write(text + "\n")
    print(f"wrote {len(CASES)} cases under {SUITE}/render-tests")


if __name__ == "__main__":
    main()
