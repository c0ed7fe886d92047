#!/usr/bin/env bash
# Load figures for `mercator serve` (release build): wrk for $DURATION against every route on loopback —
# static images, raster tiles as PNG, JPEG and WebP (metatile 2, cached) and PNG uncached (one render per
# tile), vector tiles cut from the GeoJSON, the style JSON, the TileJSON documents, a glyph range and
# /health — reporting requests/s, p50/p99 latency, errors and the server's peak memory (RSS sampled every
# 0.5 s: after warm-up and at the end, to show it is flat). Side by side: the same raster tiles from MapLibre
# Native (scripts/maplibre_tile_server.py, `mapli`) at the same concurrency, when
# ../shared/tools/reference-render/setup.sh's environment exists.
# Usage: scripts/server-load.sh [GEOJSON] [CONNECTIONS] [DURATION]
#   MERCATOR_BIN=path   the binary to measure (default: builds .build/release/mercator)
#   BASE_BIN=path       a second build (e.g. the build before an issue): every route is then run on both,
#                       alternating build by build for ROUNDS rounds (default 3) so the machine's load falls on
#                       both, and the table shows each route's median requests/s for both and their ratio
#                       (new/base; a route the base build does not answer with 2xx shows "-").
set -euo pipefail
cd "$(dirname "$0")/.."
DATA="${1:-../shared/data/ne_50m_admin_0_countries.geojson}"
CONNECTIONS="${2:-8}"
DURATION="${3:-30s}"
ID="$(basename "${DATA%.*}" | tr -c 'A-Za-z0-9_.\n-' '-')"
REFERENCE_PYTHON="${REFERENCE_PYTHON:-$HOME/.cache/mercator-reference/bin/python}"
command -v wrk >/dev/null || { echo "server-load: wrk is not installed (apt-get install wrk)" >&2; exit 1; }
if [ -n "${MERCATOR_BIN:-}" ]; then
    BIN="$MERCATOR_BIN"
else
    swift build -c release --product mercator >/dev/null
    BIN=.build/release/mercator
fi
ROUNDS="${ROUNDS:-3}"
PIDS=()
trap 'for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT

rss_watch() {  # PID OUT: samples VmRSS (kB) every 0.5 s until the file STOP appears
    local pid=$1 out=$2
    : >"$out"
    while [ ! -e "$out.stop" ] && kill -0 "$pid" 2>/dev/null; do
        awk '/VmRSS/ {print $2}' "/proc/$pid/status" >>"$out" 2>/dev/null || true
        sleep 0.5
    done
}

start_mercator() {  # extra options...
    local log
    log="$(mktemp)"
    "$BIN" serve "$DATA" --port 0 "$@" >"$log" 2>&1 &
    MERCATOR=$!
    PIDS+=("$MERCATOR")
    for _ in $(seq 1 300); do grep -q "on http://" "$log" && break; sleep 0.1; done
    BASE="$(grep -o 'http://[0-9.]*:[0-9]*' "$log" | head -1)"
}

run() {  # NAME URL LUA PID
    local name=$1 url=$2 lua=$3 pid=$4 out rss
    out="$(mktemp)"; rss="$(mktemp)"
    rss_watch "$pid" "$rss" &
    local watcher=$!
    wrk -t2 -c"$CONNECTIONS" -d"$DURATION" --timeout 30s --latency -s "$lua" "$url" >"$out" 2>&1 || true
    touch "$rss.stop"; wait "$watcher" 2>/dev/null || true
    python3 - "$name" "$out" "$rss" <<'PY'
import re, sys
name, out, rss = sys.argv[1], open(sys.argv[2]).read(), [int(x) for x in open(sys.argv[3]).read().split() if x.strip()]
def grab(pattern, default="?"):
    m = re.search(pattern, out); return m.group(1) if m else default
rps = grab(r"Requests/sec:\s+([\d.]+)")
p50 = grab(r"\n\s+50%\s+([\d.]+\w+)"); p99 = grab(r"\n\s+99%\s+([\d.]+\w+)")
non2xx = int(grab(r"Non-2xx or 3xx responses: (\d+)", "0"))
sock = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
errors = non2xx + (sum(int(g) for g in sock.groups()) if sock else 0)
total = grab(r"(\d+) requests in")
warm = rss[len(rss) // 3] // 1024 if rss else 0
peak = max(rss) // 1024 if rss else 0
end = rss[-1] // 1024 if rss else 0
print(f"| {name} | {total} | {rps} | {p50} | {p99} | {errors} | {warm} / {end} / {peak} |")
tsv = __import__("os").environ.get("ROWS_TSV")
if tsv:
    with open(tsv, "a") as f:
        f.write(f"{__import__('os').environ.get('BUILD_LABEL', 'new')}\t{name}\t{rps}\t{errors}\n")
PY
    rm -f "$out" "$rss" "$rss.stop"
}

routes() {  # BIN: every route of one build, one server started per configuration
    BIN="$1"
    start_mercator
    export STATIC_PREFIX="/styles/$ID/static" TILE_PREFIX="/styles/$ID"
    run "static images 512x384 PNG" "$BASE" scripts/server-load-static.lua "$MERCATOR"
    run "raster tiles PNG (metatile 2, cache 64 MB)" "$BASE" scripts/server-load-tiles.lua "$MERCATOR"
    TILE_FORMAT=jpg run "raster tiles JPEG (metatile 2, cache 64 MB)" "$BASE" scripts/server-load-tiles.lua "$MERCATOR"
    TILE_FORMAT=webp run "raster tiles WebP (metatile 2, cache 64 MB)" "$BASE" scripts/server-load-tiles.lua "$MERCATOR"
    TILE_PREFIX="/data/$ID" TILE_FORMAT=pbf run "vector tiles (GeoJSON cut, MVT)" "$BASE" scripts/server-load-tiles.lua "$MERCATOR"
    FIXED_PATH="/styles/$ID/style.json" run "style JSON" "$BASE" scripts/server-load-fixed.lua "$MERCATOR"
    FIXED_PATH="/styles/$ID.json" run "raster TileJSON" "$BASE" scripts/server-load-fixed.lua "$MERCATOR"
    FIXED_PATH="/data/$ID.json" run "data TileJSON" "$BASE" scripts/server-load-fixed.lua "$MERCATOR"
    FIXED_PATH="/fonts/Noto%20Sans%20Regular/0-255.pbf" run "glyph range (fonts folder)" "$BASE" scripts/server-load-fixed.lua "$MERCATOR"
    FIXED_PATH="/health" run "/health" "$BASE" scripts/server-load-fixed.lua "$MERCATOR"
    if [ -z "${STYLE_JSON:-}" ]; then
        STYLE_JSON="$(mktemp --suffix=.json)"
        python3 - "$BASE/styles/$ID/style.json" "$DATA" "$STYLE_JSON" <<'PY'
import json, os, sys, urllib.request
style = json.load(urllib.request.urlopen(sys.argv[1]))
style["sources"] = {"data": {"type": "geojson", "data": os.path.abspath(sys.argv[2])}}
json.dump(style, open(sys.argv[3], "w"))
PY
    fi
    kill "$MERCATOR"; wait "$MERCATOR" 2>/dev/null || true
    start_mercator --metatile 1 --tile-cache-mb 0
    run "raster tiles PNG (one render per tile, no cache)" "$BASE" scripts/server-load-tiles.lua "$MERCATOR"
    kill "$MERCATOR"; wait "$MERCATOR" 2>/dev/null || true
}

echo "wrk -t2 -c$CONNECTIONS -d$DURATION, loopback, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); data: $DATA"
echo
echo "| run | requests | requests/s | p50 | p99 | errors | server RSS MB (after warm-up / end / peak) |"
echo "|---|---|---|---|---|---|---|"
STYLE_JSON=""
NEW_BIN="$BIN"
if [ -n "${BASE_BIN:-}" ]; then
    export ROWS_TSV
    ROWS_TSV="$(mktemp)"
    for round in $(seq 1 "$ROUNDS"); do
        for label in new base; do
            export BUILD_LABEL="$label"
            echo "| **round $round, $label build** | | | | | | |"
            if [ "$label" = new ]; then routes "$NEW_BIN"; else routes "$BASE_BIN"; fi
        done
    done
    echo
    echo "Medians of $ROUNDS alternating rounds (requests/s; ratio new/base, above 1 the new build serves more):"
    echo
    python3 - "$ROWS_TSV" "$ROUNDS" <<'PY'
import statistics, sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1]) if line.strip()]
names = list(dict.fromkeys(r[1] for r in rows))
print("| route | base requests/s (median) | new requests/s (median) | new/base |")
print("|---|---|---|---|")
for name in names:
    def med(label):
        vals = [float(r[2]) for r in rows if r[0] == label and r[1] == name and r[2] != "?" and int(r[3]) == 0]
        return statistics.median(vals) if vals else None
    base, new = med("base"), med("new")
    fmt = lambda v: "-" if v is None else f"{v:.1f}"
    ratio = f"{new / base:.2f}x" if base and new else "-"
    print(f"| {name} | {fmt(base)} | {fmt(new)} | {ratio} |")
PY
    rm -f "$ROWS_TSV"
else
    routes "$NEW_BIN"
fi
if [ -x "$REFERENCE_PYTHON" ]; then
    PORT=$((20000 + RANDOM % 20000))
    "$REFERENCE_PYTHON" scripts/maplibre_tile_server.py "$STYLE_JSON" "$PORT" 2 >/dev/null 2>&1 &
    REF=$!
    PIDS+=("$REF")
    for _ in $(seq 1 300); do curl -s -o /dev/null "http://127.0.0.1:$PORT/1/0/0.png" && break; sleep 0.2; done
    TILE_PREFIX="" run "MapLibre Native (mapli, 2 workers) raster tiles, one render per tile" "http://127.0.0.1:$PORT" scripts/server-load-tiles.lua "$REF"
else
    echo "(MapLibre Native side skipped: $REFERENCE_PYTHON is missing; run ../shared/tools/reference-render/setup.sh)"
fi
rm -f "$STYLE_JSON"
