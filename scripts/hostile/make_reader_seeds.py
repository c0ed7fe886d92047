#!/usr/bin/env python3
"""Writes the hostile reader inputs of issue 39 into Tests/MercatorTests/Fixtures/fuzz-seeds/TARGET/:
PMTiles archives whose sections and entries claim 2^63-byte lengths, MBTiles files with values of every
SQLite type where text or blobs are expected, malformed glyph PBFs and label texts. `FuzzSeedReplayTests`
feeds each through `FuzzEntries` in `swift test`; `scripts/fuzz-seeds.sh` adds them to the fuzz corpus.
Deterministic: run it again after changing it and commit the result."""
import gzip, os, shutil, sqlite3, struct, sys

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out = os.path.join(root, "Tests/MercatorTests/Fixtures/fuzz-seeds")
runs = open(os.path.join(root, "Tests/TileSourcesTests/Fixtures/runs.pmtiles"), "rb").read()

def target(name):
    d = os.path.join(out, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    return d

def varint(v):
    b = bytearray()
    while v >= 0x80:
        b.append((v & 0x7F) | 0x80); v >>= 7
    b.append(v)
    return bytes(b)

def directory(entries):  # (tile id, offset, length, run length)
    b = varint(len(entries)); last = 0
    for e in entries: b += varint((e[0] - last) % (1 << 64)); last = e[0]
    for e in entries: b += varint(e[3])
    for e in entries: b += varint(e[2])
    for e in entries: b += varint((e[1] + 1) % (1 << 64))
    return b

def patched(data, at, value):
    b = bytearray(data); struct.pack_into("<Q", b, at, value); return bytes(b)

def craft(root_entries, leaf_entries):
    header = bytearray(runs[:127]); header[97] = 1
    r, l, tiles = directory(root_entries), directory(leaf_entries), runs[494:]
    data = bytes(header) + r + l + tiles
    for at, v in [(8, 127), (16, len(r)), (24, 127 + len(r)), (32, 0), (40, 127 + len(r)), (48, len(l)),
                  (56, 127 + len(r) + len(l)), (64, len(tiles))]:
        data = patched(data, at, v)
    return data

# PMTiles (the whole archive: pmtiles-store)
d = target("pmtiles-store")
big, top = 1 << 63, (1 << 64) - 1
seeds = {
    "root-length-2-63": patched(runs, 16, big), "root-length-max": patched(runs, 16, top - 127),
    "root-offset-2-63": patched(runs, 8, big), "metadata-length-2-63": patched(runs, 32, big),
    "metadata-length-max": patched(runs, 32, top - 305), "metadata-offset-2-63": patched(runs, 24, big),
    "leaf-section-2-63": patched(runs, 48, big), "tile-section-2-63": patched(runs, 64, big),
    "tile-length-2-63": craft([(0, 0, big, 1)], []), "tile-length-max": craft([(0, 0, top, 1)], []),
    "tile-offset-2-63": craft([(0, big, 10, 1)], []), "tile-offset-max": craft([(0, top - 1, 10, 1)], []),
    "tile-run-max": craft([(0, 0, big, top)], []), "leaf-length-2-63": craft([(0, 0, big, 0)], [(0, 0, 10, 1)]),
    "leaf-offset-2-63": craft([(0, big, 4, 0)], [(0, 0, 10, 1)]),
    "leaf-tile-length-2-63": craft([(0, 0, len(directory([(0, 0, big, 1)])), 0)], [(0, 0, big, 1)]),
    "leaf-loop": craft([(0, 0, len(directory([(0, 0, 8, 0)])), 0)], [(0, 0, len(directory([(0, 0, 8, 0)])), 0)]),
    "tile-ids-overflow": craft([(top - 1, 0, 10, 1), (5, 0, 10, 1)], []),
    "entries-2-40": craft([], []).replace(b"\x00", b"\x00", 0)[:127] + b"\x80\x80\x80\x80\x80\x20",
    "header-only": runs[:127], "short": runs[:60],
    "gzip-bomb-root": None,
}
bomb = gzip.compress(b"\x00" * (80 << 20))
hb = bytearray(runs[:127]); data = bytes(hb) + bomb
data = patched(patched(data, 8, 127), 16, len(bomb))
seeds["gzip-bomb-root"] = data
entries_hostile = bytearray(seeds["entries-2-40"]); struct.pack_into("<Q", entries_hostile, 8, 127)
struct.pack_into("<Q", entries_hostile, 16, 6); entries_hostile[97] = 1
seeds["entries-2-40"] = bytes(entries_hostile)
for name, data in seeds.items():
    open(os.path.join(d, name + ".pmtiles"), "wb").write(data)

# MBTiles
d = target("mbtiles")
def mbtiles(name, build):
    path = os.path.join(d, name + ".mbtiles")
    db = sqlite3.connect(path)
    db.execute("PRAGMA page_size=512")
    build(db); db.commit(); db.execute("VACUUM"); db.close()
tile = gzip.compress(bytes.fromhex("1a0c0a04746573742880207802"), mtime=0)
def ordinary(db):
    db.execute("CREATE TABLE metadata (name TEXT, value TEXT)")
    db.execute("CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)")
    db.executemany("INSERT INTO metadata VALUES (?, ?)", [("name", "seed"), ("format", "pbf"), ("minzoom", "0"), ("maxzoom", "2"),
        ("bounds", "-180,-85,180,85"), ("center", "0,0,1"), ("json", '{"vector_layers":[{"id":"test","fields":{}}]}')])
    db.executemany("INSERT INTO tiles VALUES (?, ?, ?, ?)", [(0, 0, 0, tile), (1, 1, 0, tile), (2, 1, 1, tile)])
mbtiles("ordinary", ordinary)
def typed(db):
    db.execute("CREATE TABLE metadata (name, value)")
    db.execute("CREATE TABLE tiles (zoom_level, tile_column, tile_row, tile_data)")
    db.executemany("INSERT INTO metadata VALUES (?, ?)", [("minzoom", 0), ("maxzoom", 14.5), ("name", b"\xff\xfe\x00bad"),
        (7, "numeric name"), ("bounds", None), (None, None), ("json", b'{"a": [1, 2'), ("center", "nan,inf,1e999")])
    db.executemany("INSERT INTO tiles VALUES (?, ?, ?, ?)", [(0, 0, 0, 12345), (1, 0, 1, None), (1, 1, 0, "text tile"),
        (2, 1, 2, 3.5), ("2", "1", "1", tile)])
mbtiles("typed-values", typed)
def view(db):
    db.execute("CREATE TABLE map (z, x, y, id)"); db.execute("CREATE TABLE images (id, data)")
    db.execute("CREATE VIEW tiles AS SELECT z AS zoom_level, x AS tile_column, y AS tile_row, data AS tile_data FROM map JOIN images USING (id)")
    db.execute("INSERT INTO map VALUES (0, 0, 0, 'a')"); db.execute("INSERT INTO images VALUES ('a', ?)", (tile,))
mbtiles("view", view)
mbtiles("no-tiles", lambda db: db.execute("CREATE TABLE metadata (name TEXT, value TEXT)"))
whole = open(os.path.join(d, "ordinary.mbtiles"), "rb").read()
open(os.path.join(d, "truncated.mbtiles"), "wb").write(whole[:700])
open(os.path.join(d, "not-sqlite.mbtiles"), "wb").write(b"SQLite format 3\x00" + b"\xff" * 200)

# Glyph PBFs
d = target("glyphs")
def field(n, payload): return varint(n << 3 | 2) + varint(len(payload)) + payload
def vfield(n, v): return varint(n << 3) + varint(v)
def glyph(id, w, h, bitmap, left=0, top=0, advance=9):
    g = vfield(1, id) + (field(2, bitmap) if bitmap is not None else b"") + vfield(3, w) + vfield(4, h)
    return g + vfield(5, left) + vfield(6, top) + vfield(7, advance)
def pbf(*glyphs): return field(1, field(1, b"Fuzz Sans") + field(2, b"0-255") + b"".join(field(3, g) for g in glyphs))
glyph_seeds = {
    "ordinary": pbf(glyph(65, 2, 3, bytes(range(40))), glyph(32, 0, 0, None)),
    "short-bitmap": pbf(glyph(66, 20, 30, b"\x01" * 10)),
    "huge-size": pbf(glyph(67, (1 << 64) - 1, (1 << 63), b"\x01" * 100)),
    "huge-bearings": pbf(glyph(68, 2, 2, b"\x02" * 64, left=(1 << 64) - 1, top=(1 << 35) + 1, advance=(1 << 64) - 1)),
    "code-point-past-unicode": pbf(glyph(0x110000, 1, 1, b"\x03" * 49), glyph((1 << 64) - 1, 1, 1, b"\x03" * 49)),
    "length-past-end": field(1, field(1, b"x"))[:-1] + b"\x0a\xff\xff\xff\xff\x0f",
    "varint-too-long": b"\x08" + b"\xff" * 11,
    "wrong-wire-types": b"\x0d\x00\x00\x00\x00" + field(1, b"\x1d\x00\x00\x00\x00" + field(3, b"\x15abcd")),
}
for name, data in glyph_seeds.items():
    open(os.path.join(d, name + ".pbf"), "wb").write(data)

# Label texts: the first byte picks the layout (see FuzzEntries.labels), the rest are lines of text
d = target("labels")
labels = {
    "latin": (0x00, "Mercator\nLondon\nSaint-Étienne-du-Rouvray\n\nA"),
    "line-placement": (0x01, "Rue de la République\nAvenue des Champs-Élysées"),
    "max-width": (0x06, "a very long label that must break into several lines somewhere\n" + "x" * 400),
    "scripts": (0x08, "القاهرة\nירושלים\nनमस्ते दुनिया\n東京都千代田区\nΑθήνα\nМосква\nไทย\n서울"),
    "vertical": (0x0C, "東京都\n「括弧」、句読点。\nABC東京123"),
    "bidi-controls": (0x29, "\u202eabc\u202c def\n\u2067نص\u2069 text\n\u200d\u200c\u200b\nمرحبا 123 world"),
    "combining": (0xF0, "e\u0301\u0301\u0301\u0301\u0301" * 50 + "\n" + "\u0915\u094d" * 200),
    "emoji-and-surrogates": (0x13, "👩‍👩‍👧‍👦🇫🇷\n\U0010FFFF\U000E0001\n\ufffd\ufeff"),
    "many-lines": (0xFF, "\n".join(str(i) * (i % 7 + 1) for i in range(40))),
    "whitespace": (0x02, " \t \n\n\n  \r\n\u3000\u00a0"),
}
for name, (flags, text) in labels.items():
    open(os.path.join(d, name + ".txt"), "wb").write(bytes([flags]) + text.encode("utf-8"))
open(os.path.join(d, "invalid-utf8.txt"), "wb").write(b"\x0b\xff\xfe\xc0\x80abc\n\xed\xa0\x80\n\xf4\x90\x80\x80")
print("seeds written under", out, file=sys.stderr)
