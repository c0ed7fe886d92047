#!/usr/bin/env python3
"""Writes the terrain cases of Mercator's GL JS comparison suite (render-tests/terrain/<case>/style.json), one per rule
of GL JS's own render tests `terrain/` that Mercator's fixtures can show: the render suite's Grand Canyon DEM and
satellite tiles (z12, copied into the suite's tiles/) under a camera at pitch <= 60. The rules and the cases that cover
them are listed in docs/3d.md, "Terrain".

    python3 scripts/gljs_terrain_cases.py [SUITE_DIR]      # then: python3 scripts/gljs_expectations.py --filter terrain

Existing style.json files are overwritten; expected.png files are left alone (gljs_expectations.py draws them).
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SUITE = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "Tests", "MercatorTests", "Fixtures", "gljs-render-tests")

GLYPHS = "local://glyphs/{fontstack}/{range}.pbf"
FONT = ["Noto Sans Regular"]
# the middle of the four z12 tiles 758-759 x 1608-1609
CENTER = [-113.29, 35.955]


def dem(encoding=None, tiles="terrain"):
    source = {"type": "raster-dem", "tiles": [f"local://tiles/{{z}}-{{x}}-{{y}}.{tiles}.png"], "maxzoom": 12, "tileSize": 256}
    if encoding:
        source["encoding"] = encoding
    return source


SATELLITE = {"type": "raster", "tiles": ["local://tiles/{z}-{x}-{y}.satellite.png"], "minzoom": 12, "maxzoom": 12, "tileSize": 256}
BACKGROUND = {"id": "background", "type": "background", "paint": {"background-color": "#e8e0c8"}}
DRAPE = {"id": "satellite", "type": "raster", "source": "satellite"}


def fc(features):
    return {"type": "FeatureCollection", "features": features}


def feature(geometry, **properties):
    return {"type": "Feature", "properties": properties, "geometry": geometry}


def box(w, s, e, n):
    return {"type": "Polygon", "coordinates": [[[w, s], [e, s], [e, n], [w, n], [w, s]]]}


def grid_boxes(step=0.01):
    out = []
    for i in range(-6, 6):
        for j in range(-4, 5):
            if (i + j) % 2 == 0:
                w, s = CENTER[0] + i * step, CENTER[1] + j * step
                out.append(feature(box(w, s, w + step, s + step), n=i + j))
    return fc(out)


def grid_points(step=0.01):
    return fc([feature({"type": "Point", "coordinates": [CENTER[0] + i * step, CENTER[1] + j * step]}, name=f"P{i}{j}")
               for i in range(-4, 5, 2) for j in range(-3, 4, 2)])


CASES = {}


def case(name, description, layers, sources=None, *, terrain=None, center=CENTER, zoom=13.5, bearing=0, pitch=60,
         width=256, height=256, glyphs=False):
    style = {"version": 8, "metadata": {"test": {"width": width, "height": height, "description": description}},
             "center": center, "zoom": zoom, "bearing": bearing, "pitch": pitch,
             "sources": dict({"dem": dem()}, **(sources or {})), "layers": layers,
             "terrain": terrain if terrain is not None else {"source": "dem", "exaggeration": 1}}
    if glyphs:
        style["glyphs"] = GLYPHS
    CASES["terrain/" + name] = style


def satellite(name, description, **kw):
    case(name, description, [BACKGROUND, DRAPE], {"satellite": SATELLITE}, **kw)


satellite("default", "The satellite tiles draped over the Grand Canyon DEM at pitch 60: the mesh, its elevations, the camera "
          "with the centre at the ground's elevation.")
satellite("exaggeration-2", "exaggeration 2 doubles every height.", terrain={"source": "dem", "exaggeration": 2})
satellite("exaggeration-half", "exaggeration 0.5 halves every height.", terrain={"source": "dem", "exaggeration": 0.5})
satellite("exaggeration-0", "exaggeration 0 draws the ground flat at 0 m (the flat map).", terrain={"source": "dem", "exaggeration": 0})
satellite("no-exaggeration", "terrain without exaggeration: 1.", terrain={"source": "dem"})
satellite("top-down", "Terrain seen from straight above: heights move points away from the centre by perspective only.", pitch=0)
satellite("pitch-30", "A lower pitch.", pitch=30)
satellite("bearing-pitch", "Bearing and pitch together.", bearing=40, pitch=55)
satellite("bearing-south", "Looking south (bearing 180): the mesh seen from the other side.", bearing=180, pitch=50)
satellite("fractional-zoom", "A fractional zoom: terrain tiles at the zoom's floor, their images at the camera's zoom.", zoom=13.77)
satellite("zoom-12", "Zoom 12: terrain tiles of the DEM's own zoom.", zoom=12.4, pitch=45)
satellite("overzoom", "Zoom 15.3 over z12 DEM tiles: the DEM overzoomed.", zoom=15.3, pitch=50)
satellite("wide", "A wide view (512 x 256).", width=512, height=256)
satellite("tall", "A tall view (256 x 512).", width=256, height=512, pitch=45)
satellite("pixel-ratio", "The terrain at pixel ratio 2 (the tile images drawn at twice the density).", pitch=45)
CASES["terrain/pixel-ratio"]["metadata"]["test"]["pixelRatio"] = 2
satellite("missing-tiles", "Past the DEM tiles' edge (their east side) the ground is at 0 m: cliffs, with skirts.",
          center=[-113.205, 35.955], zoom=13.2, bearing=-90, pitch=45)
case("terrarium", "A Terrarium DEM (one tile; the others missing: 0 m).",
     [BACKGROUND, DRAPE], {"satellite": SATELLITE, "dem": dem("terrarium", "terrarium")}, center=[-113.24, 35.99], zoom=13.6)
case("background", "Only a background: the terrain's shape shows only against the empty sky.",
     [{"id": "background", "type": "background", "paint": {"background-color": "#3a7"}}], pitch=60)
case("fill", "Polygons draped over the ground.",
     [BACKGROUND, {"id": "fill", "type": "fill", "source": "boxes", "paint": {"fill-color": "#c33", "fill-opacity": 0.8}}],
     {"boxes": {"type": "geojson", "data": grid_boxes()}}, pitch=55)
case("fill-outline", "Polygon outlines draped over the ground.",
     [BACKGROUND, {"id": "fill", "type": "fill", "source": "boxes",
                   "paint": {"fill-color": "#36c", "fill-outline-color": "#000", "fill-opacity": 0.6}}],
     {"boxes": {"type": "geojson", "data": grid_boxes()}}, pitch=55)
case("line", "Lines draped over the ground.",
     [BACKGROUND, {"id": "line", "type": "line", "source": "lines", "paint": {"line-color": "#12a", "line-width": 3}}],
     {"lines": {"type": "geojson", "data": fc([feature({"type": "LineString", "coordinates": [
         [CENTER[0] - 0.08, CENTER[1] + j * 0.01], [CENTER[0] + 0.08, CENTER[1] + j * 0.01]]}) for j in range(-5, 6)])}},
     bearing=20, pitch=55)
case("line-west", "Lines draped over the ground, seen at a glancing angle farther off: thinner than a pixel in the distance, "
     "continuous and faint (GL JS's anisotropic filtering of the drape).",
     [BACKGROUND, {"id": "line", "type": "line", "source": "lines", "paint": {"line-color": "#12a", "line-width": 3}}],
     {"lines": {"type": "geojson", "data": fc([feature({"type": "LineString", "coordinates": [
         [CENTER[0] - 0.08, CENTER[1] + j * 0.01], [CENTER[0] + 0.08, CENTER[1] + j * 0.01]]}) for j in range(-5, 6)])}},
     zoom=13.2, bearing=-40, pitch=60)
case("hillshade", "A hillshade of the same DEM draped over it.",
     [BACKGROUND, {"id": "hillshade", "type": "hillshade", "source": "dem"}], pitch=55)
# the middle of the DEM tile 12/758/1608 (the two hillshade cases below show the slopes inside one DEM tile)
TILE_MIDDLE = [-113.3349609375, 35.99578538642033]
case("hillshade-top-down", "A hillshade with an accent, seen from above at a zoom between the DEM's: GL JS 5's slope texture at "
     "the DEM tile's own zoom.",
     [BACKGROUND, {"id": "hillshade", "type": "hillshade", "source": "dem",
                   "paint": {"hillshade-exaggeration": 0.8, "hillshade-accent-color": "#730"}}], center=TILE_MIDDLE, zoom=13.1, pitch=0)
case("hillshade-basic", "A hillshade of the basic method, lit from the map's west, draped and seen turned and pitched.",
     [BACKGROUND, {"id": "hillshade", "type": "hillshade", "source": "dem",
                   "paint": {"hillshade-method": "basic", "hillshade-illumination-anchor": "map",
                             "hillshade-illumination-direction": 270}}], center=TILE_MIDDLE, zoom=13.6, bearing=70, pitch=40)
case("color-relief", "A colour relief draped over the ground it colours.",
     [BACKGROUND, {"id": "relief", "type": "color-relief", "source": "dem", "paint": {"color-relief-color": [
         "interpolate", ["linear"], ["elevation"], 600, "#1a4", 1200, "#dd3", 1800, "#c52", 2400, "#fff"]}}], pitch=55)
case("satellite-hillshade", "Satellite tiles and a hillshade over them, draped.",
     [BACKGROUND, DRAPE, {"id": "hillshade", "type": "hillshade", "source": "dem", "paint": {"hillshade-exaggeration": 0.3}}],
     {"satellite": SATELLITE}, bearing=-30, pitch=60)
case("image", "An image source draped over the ground.",
     [BACKGROUND, {"id": "image", "type": "raster", "source": "image"}],
     {"image": {"type": "image", "url": "local://tiles/12-758-1608.satellite.png",
                "coordinates": [[-113.34, 36.0], [-113.24, 36.0], [-113.24, 35.91], [-113.34, 35.91]]}}, pitch=50)
case("circle", "Circles stand on the ground (drawn in 3D, not draped).",
     [BACKGROUND, DRAPE, {"id": "circle", "type": "circle", "source": "points",
                          "paint": {"circle-radius": 6, "circle-color": "#f0f", "circle-stroke-width": 1, "circle-stroke-color": "#000"}}],
     {"satellite": SATELLITE, "points": {"type": "geojson", "data": grid_points()}}, pitch=50)
case("symbol", "Labels stand on the ground (drawn in 3D, not draped).",
     [BACKGROUND, DRAPE, {"id": "symbol", "type": "symbol", "source": "points",
                          "layout": {"text-field": ["get", "name"], "text-font": FONT, "text-size": 12},
                          "paint": {"text-color": "#fff", "text-halo-color": "#000", "text-halo-width": 1}}],
     {"satellite": SATELLITE, "points": {"type": "geojson", "data": grid_points()}}, pitch=50, glyphs=True)
case("symbol-bearing", "Larger labels standing on the ground, turned and more pitched: each label's size and its glyphs' edges "
     "follow its raised anchor's perspective ratio.",
     [BACKGROUND, DRAPE, {"id": "symbol", "type": "symbol", "source": "points",
                          "layout": {"text-field": ["get", "name"], "text-font": FONT, "text-size": 15},
                          "paint": {"text-color": "#fff", "text-halo-color": "#000", "text-halo-width": 1.5}}],
     {"satellite": SATELLITE, "points": {"type": "geojson", "data": grid_points()}}, zoom=13.2, bearing=-35, pitch=58,
     glyphs=True)
case("fill-extrusion", "Extrusions stand on the ground.",
     [BACKGROUND, DRAPE, {"id": "extrusion", "type": "fill-extrusion", "source": "boxes",
                          "paint": {"fill-extrusion-color": "#c83", "fill-extrusion-height": 200}}],
     {"satellite": SATELLITE, "boxes": {"type": "geojson", "data": fc(grid_boxes(0.006)["features"][:12])}}, pitch=50)
case("heatmap", "A heatmap over terrain (drawn in 3D, not draped).",
     [BACKGROUND, DRAPE, {"id": "heat", "type": "heatmap", "source": "points", "paint": {"heatmap-radius": 30}}],
     {"satellite": SATELLITE, "points": {"type": "geojson", "data": grid_points()}}, pitch=50)
case("heatmap-bearing", "A heatmap over terrain, turned, more pitched and with smaller kernels: GL JS draws the density into "
     "a tile-sized framebuffer.",
     [BACKGROUND, DRAPE, {"id": "heat", "type": "heatmap", "source": "points",
                          "paint": {"heatmap-radius": 18, "heatmap-intensity": 1.5}}],
     {"satellite": SATELLITE, "points": {"type": "geojson", "data": grid_points()}}, zoom=13.3, bearing=40, pitch=57)
# (terrain naming a source that does not exist: GL JS 5.24 throws and draws nothing; Mercator warns and draws the flat
# map: TerrainMapTests, not a comparison case)
case("source-not-dem", "terrain naming a raster source: the map drawn flat.",
     [BACKGROUND, DRAPE], {"satellite": SATELLITE}, terrain={"source": "satellite"})


# Sky and fog over terrain (GL JS's terrain/fog-*, terrain/sky): the sky drawn first and the ground over it; past 60°
# of pitch the ground fades into fog-color (fully from 70°), which blends into horizon-color towards the far plane.
FOG_SKY = {"sky-color": "#3a6fc8", "horizon-color": "#f4e8d0", "fog-color": "#d08040", "fog-ground-blend": 0.3,
           "horizon-fog-blend": 0.6, "sky-horizon-blend": 0.5}


def pitched(name, description, pitch, sky=None, **kw):
    satellite(name, description, pitch=pitch, **kw)
    style = CASES["terrain/" + name]
    style["metadata"]["test"]["maxPitch"] = 85
    if sky is not None:
        style["sky"] = sky


pitched("sky", "A sky over terrain at pitch 70 (default colours): the sky first, the ground over it, fogged.", 70, sky={})
pitched("fog", "Fog over the distant ground at pitch 75: fog-color blending into horizon-color.", 75, sky=FOG_SKY)
pitched("fog-pitch-65", "Fog fading in with the pitch: half its opacity at 65.", 65, sky=FOG_SKY)
pitched("fog-ground-blend", "fog-ground-blend 0.8: the fog starts farther away.", 75,
        sky=dict(FOG_SKY, **{"fog-ground-blend": 0.8}))
pitched("no-sky-pitch-75", "No sky at pitch 75: no fog, the sky transparent.", 75)
pitched("fog-bearing", "Fog at pitch 80 with a bearing.", 80, sky=FOG_SKY, bearing=-60)


def main():
    for path, style in sorted(CASES.items()):
        folder = os.path.join(SUITE, "render-tests", path)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "style.json"), "w") as f:
            f.write(json.dumps(style, indent=2) + "\n")
    print(f"wrote {len(CASES)} cases under {SUITE}/render-tests")


if __name__ == "__main__":
    main()
