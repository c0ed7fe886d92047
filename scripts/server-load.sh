#!/usr/bin/env bash
# Load figures for `mercator serve` (release build): wrk for $DURATION against static images and
# random raster tiles on loopback, reporting requests/s, p50/p99 latency, errors and the server's
# peak memory (RSS sampled every 0.5 s: after warm-up and at the end, to show it is flat). Side by
# side: the same raster tiles from MapLibre Native (scripts/maplibre_tile_server.py, `mapli`) at
# the same concurrency, when ../shared/tools/reference-render/setup.sh's environment exists.
# Usage: scripts/server-load.sh [GEOJSON] [CONNECTIONS] [DURATION]
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
PY
    rm -f "$out" "$rss" "$rss.stop"
}

echo "wrk -t2 -c$CONNECTIONS -d$DURATION, loopback, $(nproc) cores; data: $DATA"
echo
echo "| run | requests | requests/s | p50 | p99 | errors | server RSS MB (after warm-up / end / peak) |"
echo "|---|---|---|---|---|---|---|"
start_mercator
export STATIC_PREFIX="/styles/$ID/static" TILE_PREFIX="/styles/$ID"
run "Mercator static images 512x384" "$BASE" scripts/server-load-static.lua "$MERCATOR"
run "Mercator raster tiles (metatile 2, cache 64 MB)" "$BASE" scripts/server-load-tiles.lua "$MERCATOR"
TILE_FORMAT=jpg run "Mercator JPEG raster tiles (metatile 2, cache 64 MB)" "$BASE" scripts/server-load-tiles.lua "$MERCATOR"
TILE_FORMAT=webp run "Mercator WebP raster tiles (metatile 2, cache 64 MB)" "$BASE" scripts/server-load-tiles.lua "$MERCATOR"
STYLE_JSON="$(mktemp --suffix=.json)"
python3 - "$BASE/styles/$ID/style.json" "$DATA" "$STYLE_JSON" <<'PY'
import json, os, sys, urllib.request
style = json.load(urllib.request.urlopen(sys.argv[1]))
style["sources"] = {"data": {"type": "geojson", "data": os.path.abspath(sys.argv[2])}}
json.dump(style, open(sys.argv[3], "w"))
PY
kill "$MERCATOR"; wait "$MERCATOR" 2>/dev/null || true
start_mercator --metatile 1 --tile-cache-mb 0
run "Mercator raster tiles (one render per tile, no cache)" "$BASE" scripts/server-load-tiles.lua "$MERCATOR"
kill "$MERCATOR"; wait "$MERCATOR" 2>/dev/null || true
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
