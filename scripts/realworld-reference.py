#!/usr/bin/env python3
"""The expected image of RealWorldStyleTests: MapTiler Basic over the Helsinki tiles, drawn by MapLibre Native.

usage (reference renderer installed by ../shared/tools/reference-render/setup.sh):
    ~/.cache/mercator-reference/bin/python scripts/realworld-reference.py ../shared OUT.png

The style is made local as the test makes it (and as ../shared/realworld/compare.py does): tiles written out of
helsinki-openmaptiles.mbtiles as files, glyphs from the render suite's Noto Sans PBFs, no sprite. The camera and
size are the test's."""
import gzip, json, os, sqlite3, subprocess, sys, tempfile

LON, LAT, ZOOM, SIZE = 24.9443, 60.1700, 15.0, 512


def main():
    shared, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    work = tempfile.mkdtemp(prefix="mercator-realworld-")
    con = sqlite3.connect(os.path.join(shared, "realworld", "helsinki-openmaptiles.mbtiles"))
    for z, x, y, data in con.execute("select zoom_level, tile_column, tile_row, tile_data from tiles"):
        y = (1 << z) - 1 - y
        os.makedirs(f"{work}/tiles/{z}/{x}", exist_ok=True)
        open(f"{work}/tiles/{z}/{x}/{y}.pbf", "wb").write(gzip.decompress(data) if data[:2] == b"\x1f\x8b" else data)
    style = json.load(open(os.path.join(shared, "realworld", "styles", "maptiler-basic-gl-style", "style.json")))
    for source in style["sources"].values():
        if source.get("type") == "vector":
            source.pop("url", None)
            source.update(tiles=[f"file://{work}/tiles/{{z}}/{{x}}/{{y}}.pbf"], minzoom=0, maxzoom=14)
    style["glyphs"] = f"file://{shared}/conformance/render-tests/glyphs/{{fontstack}}/{{range}}.pbf"
    style.pop("sprite", None)
    path = f"{work}/style.json"
    json.dump(style, open(path, "w"))
    subprocess.run([sys.executable, os.path.join(shared, "tools", "reference-render", "render.py"), path, out,
                    "--lon", str(LON), "--lat", str(LAT), "--zoom", str(ZOOM), "--width", str(SIZE), "--height", str(SIZE)],
                   check=True, env=dict(os.environ, EGL_PLATFORM="surfaceless"))
    from PIL import Image
    Image.open(out).convert("RGBA").save(out, optimize=True)


if __name__ == "__main__":
    main()
