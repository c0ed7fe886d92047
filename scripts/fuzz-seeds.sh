#!/usr/bin/env bash
# Writes the seed corpus of one fuzz target into DIR: scripts/fuzz-seeds.sh TARGET DIR
# Seeds come from ../shared (data, conformance suites, venues), the repository's test fixtures and the
# hostile reader inputs under Tests/MercatorTests/Fixtures/fuzz-seeds/TARGET/ (scripts/hostile/make_reader_seeds.py).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${MERCATOR_SHARED:-$root/../shared}"
[ -d "$shared" ] || shared=/work/shared
target="$1"; out="$2"
rm -rf "$out"; mkdir -p "$out"
python3 - "$target" "$out" "$shared" "$root" <<'PY'
import json, os, sys, glob, io, zipfile, hashlib
target, out, shared, root = sys.argv[1:]
n = 0
def put(data):
    global n
    if isinstance(data, str): data = data.encode()
    if not data or len(data) > 262144: return
    with open(os.path.join(out, hashlib.sha1(data).hexdigest()[:16]), "wb") as f: f.write(data)
    n += 1
def files(pattern, limit=400):
    for p in sorted(glob.glob(pattern, recursive=True))[:limit]:
        with open(p, "rb") as f: put(f.read())
def jsonl(path):
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line: yield json.loads(line)
rt = f"{shared}/conformance/render-tests"
if target == "geojson":
    files(f"{shared}/data/*.geojson"); files(f"{rt}/data/*.geojson"); files(f"{root}/Tests/**/*.geojson")
elif target == "expression":
    for name in ["expression-tests.jsonl", "filter-tests.jsonl"]:
        for case in jsonl(f"{shared}/conformance/style-spec/{name}"):
            e = case.get("test", {}).get("expression", case.get("test", {}).get("filter"))
            if e is not None: put(json.dumps(e))
elif target == "format-string":
    for name in ["cases.jsonl", "doc-examples.jsonl"]:
        for case in jsonl(f"{shared}/conformance/format-strings/{name}"):
            if isinstance(case.get("format"), str): put(case["format"])
elif target == "style":
    files(f"{rt}/render-tests/**/style.json", 600)
elif target == "venue":
    files(f"{shared}/venues/*.zip")
    for d in sorted(glob.glob(f"{shared}/venues/*/")):
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            for p in glob.glob(d + "**/*", recursive=True):
                if os.path.isfile(p): z.write(p, os.path.relpath(p, d))
        put(buf.getvalue())
elif target == "png":
    files(f"{rt}/render-tests/**/expected*.png", 300); files(f"{rt}/image/*.png"); files(f"{root}/Tests/**/*.png")
elif target == "mvt":
    files(f"{rt}/tiles/**/*.mvt"); files(f"{rt}/tiles/**/*.pbf")
elif target == "mlt":
    files(f"{rt}/tiles/**/*.mlt")
elif target == "pmtiles":
    # the header and root directory of each fixture: the fuzz target reads the header from the first 127
    # bytes and a directory from the rest (uncompressed, as PMTilesDirectory takes it)
    import gzip
    for p in glob.glob(f"{root}/Tests/**/*.pmtiles", recursive=True):
        with open(p, "rb") as f: data = f.read()
        if len(data) < 127: continue
        off = int.from_bytes(data[8:16], "little"); ln = int.from_bytes(data[16:24], "little")
        d = data[off:off + ln]
        try:
            if data[97] == 2: d = gzip.GzipFile(fileobj=io.BytesIO(d)).read(262144)
        except Exception: continue  # the hostile archives: their directories are garbage on purpose
        put(data[:127] + d); put(b"\0" + d)
elif target == "pmtiles-store":
    files(f"{root}/Tests/**/*.pmtiles")
elif target == "mbtiles":
    files(f"{root}/Tests/**/*.mbtiles"); files(f"{shared}/**/*.mbtiles", 20)
elif target == "glyphs":
    files(f"{rt}/glyphs/**/*.pbf", 60)
elif target == "labels":
    # the first byte picks the layout (FuzzEntries.labels), the rest are lines of label text
    names = []
    for p in sorted(glob.glob(f"{shared}/data/*.geojson"))[:6]:
        try:
            with open(p) as f: doc = json.load(f)
        except Exception: continue
        for feature in doc.get("features", [])[:400]:
            name = (feature.get("properties") or {}).get("name")
            if isinstance(name, str): names.append(name)
    for i in range(0, len(names), 12):
        put(bytes([i % 256]) + "\n".join(names[i:i + 12]).encode())
elif target not in ["pmtiles"]:
    sys.exit(f"unknown target {target}")
files(f"{root}/Tests/MercatorTests/Fixtures/fuzz-seeds/{target}/*")
print(f"{n} seeds for {target} in {out}", file=sys.stderr)
PY
