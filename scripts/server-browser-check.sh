#!/usr/bin/env bash
# The server's viewer in a real browser: starts `mercator serve` on a loopback port and headless
# Chromium (Debian's `chromium`, driven by scripts/browser_screenshot.py), opens /viewer/{style}, waits until
# MapLibre GL JS (vector tiles) and the Mercator raster-tile map have both drawn, and checks the screenshot
# shows the map on both sides (the data's colour present, not a blank or error page).
# Then, when ../shared has the Helsinki OpenMapTiles archive (and no arguments were given), the same for
# `mercator serve helsinki-openmaptiles.mbtiles` alone with no fonts folder: the bundled OpenMapTiles style,
# whose labels GL JS must draw from the server's /fonts (installed fonts): no "glyphs" error, and label-coloured
# (dark text) pixels on the GL JS side.
# Usage: scripts/server-browser-check.sh [DATA_FILE] [STYLE_ID] [OUT.png]
# MERCATOR_BIN=path/to/mercator skips the build and runs that binary.
set -euo pipefail
cd "$(dirname "$0")/.."
CHROMIUM="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$CHROMIUM" ]; then
    echo "server-browser-check: chromium is not installed (apt-get install chromium); .ci/run installs it" >&2
    exit 1
fi
if [ -z "${MERCATOR_BIN:-}" ]; then
    swift build --product mercator >/dev/null
    MERCATOR_BIN=.build/debug/mercator
fi
HELSINKI=../shared/realworld/helsinki-openmaptiles.mbtiles

# check DATA STYLE OUT MODE [SERVE_ARGS…]: MODE is "data" (the default style's colour on both sides) or
# "labels" (GL JS draws text from /fonts).
check() {
    local DATA="$1" STYLE="$2" OUT="$3" MODE="$4"
    shift 4
    local LOG SERVER URL DOM
    LOG="$(mktemp)"
    rm -f "$OUT"
    # no fonts folder: MERCATOR_SHARED points the render-test glyphs default at nothing
    MERCATOR_SHARED=/nonexistent "$MERCATOR_BIN" serve "$DATA" --port 0 "$@" >"$LOG" 2>&1 &
    SERVER=$!
    for _ in $(seq 1 600); do
        grep -q "on http://" "$LOG" && break
        sleep 0.1
    done
    URL="$(grep -o 'http://[0-9.]*:[0-9]*' "$LOG" | head -1)/viewer/$STYLE"
    echo "server-browser-check: $URL"
    # the screenshot once both maps say they finished drawing (their 'idle' markers on <body>), waited for over the
    # DevTools protocol: a busy machine only makes it slower; DOM is the body's tag, for the checks below
    DOM="$(python3 scripts/browser_screenshot.py "$URL" "$OUT" --width 1200 --height 600 \
        --wait data-gl-loaded --wait data-raster-loaded --timeout 600)" || true
    local STATUS=0
    python3 - "$OUT" "$DOM" "$MODE" <<'PY' || STATUS=$?
import os, re, struct, sys, zlib

path, dom, mode = sys.argv[1], sys.argv[2], sys.argv[3]
body = re.search(r"<body[^>]*>", dom)
body = body.group(0) if body else ""
problems = []
if 'data-gl-loaded="true"' not in body: problems.append("MapLibre GL JS did not finish drawing")
if 'data-raster-loaded="true"' not in body: problems.append("the Mercator raster map did not finish drawing")
errors = re.search(r'data-errors="([^"]*)"', body)
if errors and (mode == "data" or "glyph" in errors.group(1).lower()): problems.append("map errors: " + errors.group(1))

def read_png(p):
    data = open(p, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    i, idat, w = 8, b"", 0
    while i < len(data):
        n, kind = struct.unpack(">I4s", data[i:i + 8])
        chunk = data[i + 8:i + 8 + n]
        if kind == b"IHDR": w, h, depth, ctype = struct.unpack(">IIBB", chunk[:10])
        if kind == b"IDAT": idat += chunk
        i += 12 + n
    bpp = {2: 3, 6: 4}[ctype]
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p_ = a + b - c; pa, pb, pc = abs(p_ - a), abs(p_ - b), abs(p_ - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line); prev = line
    return w, h, bpp, rows

if not os.path.exists(path):
    print("server-browser-check: FAILED: " + "; ".join(["no screenshot"] + problems), file=sys.stderr); sys.exit(1)
w, h, bpp, rows = read_png(path)
def half(x0, x1):
    colours, data = set(), 0
    # "labels": the bundled OpenMapTiles style draws everything light but its text (#24262c to #7a6a5a)
    for y in range(40, h, 3):
        r = rows[y]
        for x in range(x0, x1, 3):
            px = tuple(r[x * bpp:x * bpp + 3]); colours.add(px)
            # the default style's first colour, #3d6fa0, drawn by both maps (circles, antialiased)
            if mode == "data" and abs(px[0] - 61) < 40 and abs(px[1] - 111) < 40 and abs(px[2] - 160) < 40: data += 1
            if mode == "labels" and max(px) < 110: data += 1
    return len(colours), data
left, right = half(5, w // 2 - 5), half(w // 2 + 5, w - 5)
what = "label" if mode == "labels" else "data"
print(f"server-browser-check: {w}x{h} screenshot; MapLibre GL JS side {left[0]} colours, {left[1]} {what} pixels; "
      f"Mercator side {right[0]} colours, {right[1]} {what} pixels")
if left[0] < 5 or left[1] < 20: problems.append("the MapLibre GL JS side is blank" if mode == "data" else "the MapLibre GL JS side has no labels")
if right[0] < 5 or right[1] < 20: problems.append("the Mercator side is blank" if mode == "data" else "the Mercator side has no labels")
if problems:
    print("server-browser-check: FAILED: " + "; ".join(problems), file=sys.stderr); sys.exit(1)
print(f"server-browser-check: ok ({path})")
PY
    kill "$SERVER" 2>/dev/null || true
    wait "$SERVER" 2>/dev/null || true
    if [ "$STATUS" -ne 0 ]; then
        echo "server-browser-check: the server's log:" >&2
        sed 's/^/    /' "$LOG" >&2
    fi
    rm -f "$LOG"
    return "$STATUS"
}

if [ "$#" -eq 0 ] && [ -f "$HELSINKI" ]; then
    check Samples/world-cities.geojson world-cities "${TMPDIR:-/tmp}/mercator-viewer.png" data
    check "$HELSINKI" helsinki-openmaptiles "${TMPDIR:-/tmp}/mercator-viewer-labels.png" labels
else
    check "${1:-Samples/world-cities.geojson}" "${2:-world-cities}" "${3:-${TMPDIR:-/tmp}/mercator-viewer.png}" data
fi
