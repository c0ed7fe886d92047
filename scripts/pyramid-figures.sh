#!/usr/bin/env bash
# Figures for `mercator pyramid render`: the Helsinki OpenMapTiles extract (../shared/realworld) with
# OSM Bright, made local (the MBTiles file as its vector source, glyphs from FONTS_DIR or built with
# ../shared/tools/reference-render/make_glyphs.py from DejaVu as compare.py does, no sprite), rendered
# once as one process and once as two shard processes at the same time, then merged. Prints tiles,
# seconds, tiles per second and the archive's size, and checks the merged archive is byte-identical.
# Usage: scripts/pyramid-figures.sh [ZOOMS] [OUT_DIR]   (MERCATOR_BIN, FONTS_DIR, SHARED)
set -euo pipefail
cd "$(dirname "$0")/.."
ZOOMS="${1:-0-16}"
OUT="${2:-$(mktemp -d)}"
SHARED="${SHARED:-../shared}"
BIN="${MERCATOR_BIN:-.build/debug/mercator}"
REAL="$SHARED/realworld"
[ -f "$REAL/helsinki-openmaptiles.mbtiles" ] || { echo "pyramid-figures: $REAL/helsinki-openmaptiles.mbtiles is missing" >&2; exit 1; }
mkdir -p "$OUT"
python3 - "$REAL" "$OUT" "${FONTS_DIR:-}" <<'PY'
import json, os, shutil, subprocess, sys
real, out, fonts = sys.argv[1], sys.argv[2], sys.argv[3]
style = json.load(open(os.path.join(real, "styles/osm-bright-gl-style/style.json")))
for source in style["sources"].values():
    if source.get("type") == "vector":
        source.clear()
        source.update(type="vector", url="mbtiles://" + os.path.abspath(os.path.join(real, "helsinki-openmaptiles.mbtiles")))
style.pop("sprite", None)
os.makedirs(f"{out}/fonts", exist_ok=True)
stacks = set()
for layer in style["layers"]:
    f = (layer.get("layout") or {}).get("text-font")
    if isinstance(f, list) and all(isinstance(s, str) for s in f): stacks.add(",".join(f))
for stack in stacks:
    if os.path.isdir(f"{out}/fonts/{stack}"): continue
    if fonts and os.path.isdir(os.path.join(fonts, stack)):
        shutil.copytree(os.path.join(fonts, stack), f"{out}/fonts/{stack}")
        continue
    ttf = "DejaVuSans-Bold.ttf" if "Bold" in stack else "DejaVuSans-Oblique.ttf" if "Italic" in stack else "DejaVuSans.ttf"
    subprocess.run([sys.executable, os.path.join(real, "../tools/reference-render/make_glyphs.py"), "/usr/share/fonts/truetype/dejavu/" + ttf,
                    stack, f"{out}/fonts", "0", "256", "8192"], check=True, capture_output=True)
style["glyphs"] = "file://" + os.path.abspath(f"{out}/fonts") + "/{fontstack}/{range}.pbf"
json.dump(style, open(f"{out}/osm-bright-local.json", "w"))
PY
BOUNDS="$(python3 -c "
import sqlite3; c = sqlite3.connect('$REAL/helsinki-openmaptiles.mbtiles')
print(c.execute(\"select value from metadata where name='bounds'\").fetchone()[0])")"
STYLE="$OUT/osm-bright-local.json"
rm -f "$OUT"/one.pmtiles "$OUT"/part*.pmtiles* "$OUT"/merged.pmtiles
echo "Helsinki OpenMapTiles ($BOUNDS), OSM Bright, zooms $ZOOMS, 256-point PNG tiles, metatile 2; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
t0=$(date +%s.%N)
"$BIN" pyramid render "$STYLE" --bounds "$BOUNDS" --zooms "$ZOOMS" --fonts "$OUT/fonts" -o "$OUT/one.pmtiles" 2>/dev/null
t1=$(date +%s.%N)
"$BIN" pyramid render "$STYLE" --bounds "$BOUNDS" --zooms "$ZOOMS" --fonts "$OUT/fonts" --threads 1 --shard 0/2 -o "$OUT/part0.pmtiles" 2>/dev/null &
A=$!
"$BIN" pyramid render "$STYLE" --bounds "$BOUNDS" --zooms "$ZOOMS" --fonts "$OUT/fonts" --threads 1 --shard 1/2 -o "$OUT/part1.pmtiles" 2>/dev/null &
B=$!
wait $A; wait $B
t2=$(date +%s.%N)
"$BIN" pyramid merge "$OUT/part0.pmtiles" "$OUT/part1.pmtiles" -o "$OUT/merged.pmtiles" >/dev/null
TILES="$("$BIN" pyramid merge "$OUT/one.pmtiles" -o "$OUT/check.pmtiles" | sed 's/.*: \([0-9]*\) tiles.*/\1/')"
python3 - "$TILES" "$t0" "$t1" "$t2" "$OUT" <<'PY'
import os, sys
tiles, t0, t1, t2, out = int(sys.argv[1]), *map(float, sys.argv[2:5]), sys.argv[5]
one, two = t1 - t0, t2 - t1
same = open(f"{out}/one.pmtiles", "rb").read() == open(f"{out}/merged.pmtiles", "rb").read()
print(f"| run | tiles | seconds | tiles/s |")
print(f"|---|---|---|---|")
print(f"| one process (threads: {os.cpu_count()}) | {tiles} | {one:.1f} | {tiles / one:.1f} |")
print(f"| two shard processes at once (1 thread each) | {tiles} | {two:.1f} | {tiles / two:.1f} |")
print(f"archive: {os.path.getsize(out + '/one.pmtiles')} bytes; merged shards byte-identical to the single run: {same}")
sys.exit(0 if same else 1)
PY
