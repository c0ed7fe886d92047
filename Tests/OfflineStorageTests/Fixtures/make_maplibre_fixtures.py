#!/usr/bin/env python3
"""Writes the MapLibre-shaped offline databases the tests open (run from this folder).

The schema is `maplibre-offline-schema.sql`: the text compiled into MapLibre Native
(`offlineDatabaseSchema`, extracted from the mapli 0.4.1 wheel's `_core.abi3.so`), executed with
the pragmas of MapLibre's `OfflineDatabase::createSchema`. Rows are written in MapLibre's formats:
region definitions as rapidjson writes them (doubles as `0.0`), zlib-compressed bodies, Unix-second
timestamps. `v5.db` is the same without the `must_revalidate` columns (schema version 5).
"""
import os, sqlite3, zlib

schema = open("maplibre-offline-schema.sql").read()

def make(path, version):
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA auto_vacuum = INCREMENTAL")
    db.execute("VACUUM")
    db.execute("PRAGMA journal_mode = DELETE")
    db.execute("PRAGMA synchronous = FULL")
    text = schema if version == 6 else schema.replace(",\n  must_revalidate INTEGER NOT NULL DEFAULT 0", "")
    db.executescript("BEGIN;" + text + f"PRAGMA user_version = {version}; COMMIT;")
    style = b'{"version":8,"sources":{},"layers":[]}'
    packed = zlib.compress(b'{"version":8,"name":"compressed","sources":{},"layers":[]}' * 4)
    glyph = b"\x0a\x03abc"
    mr = ", must_revalidate" if version == 6 else ""
    mrv = ", 1" if version == 6 else ""
    db.execute(f"INSERT INTO resources (url, kind, expires, modified, etag, data, compressed, accessed{mr}) VALUES (?, 1, NULL, 1500000000, 'abc', ?, 0, 1600000000{mrv})",
               ("https://example.com/style.json", style))
    db.execute(f"INSERT INTO resources (url, kind, expires, modified, etag, data, compressed, accessed{mr}) VALUES (?, 1, 1700000000, NULL, NULL, ?, 1, 1600000001{mrv})",
               ("https://example.com/compressed.json", packed))
    db.execute("INSERT INTO resources (url, kind, data, compressed, accessed) VALUES (?, 4, ?, 0, 1600000002)",
               ("https://example.com/fonts/Open%20Sans/0-255.pbf", glyph))
    db.execute("INSERT INTO tiles (url_template, pixel_ratio, z, x, y, data, compressed, accessed) VALUES (?, 1, 3, 4, 5, ?, 0, 1600000003)",
               ("https://example.com/tiles/{z}/{x}/{y}.pbf", b"tile-3-4-5"))
    db.execute("INSERT INTO tiles (url_template, pixel_ratio, z, x, y, data, compressed, accessed) VALUES (?, 1, 3, 4, 6, NULL, 0, 1600000004)",
               ("https://example.com/tiles/{z}/{x}/{y}.pbf",))
    db.execute("INSERT INTO regions (definition, description) VALUES (?, ?)",
               ('{"style_url":"https://example.com/style.json","min_zoom":0.0,"max_zoom":15.0,"pixel_ratio":1.0,'
                '"include_ideographs":false,"bounds":[37.2,-122.8,38.1,-121.7]}', b'{"name":"San Francisco"}'))
    db.execute("INSERT INTO regions (definition, description) VALUES (?, ?)",
               ('{"style_url":"https://example.com/style.json","min_zoom":2.0,"pixel_ratio":2.0,"include_ideographs":true,'
                '"geometry":{"type":"Point","coordinates":[-122.5,37.5]}}', bytes([0xde, 0xad, 0xbe, 0xef])))
    db.execute("INSERT INTO region_resources (region_id, resource_id) VALUES (1, 1), (1, 3), (2, 1)")
    db.execute("INSERT INTO region_tiles (region_id, tile_id) VALUES (1, 1), (1, 2)")
    db.close()

make("maplibre-v6.db", 6)
make("maplibre-v5.db", 5)
