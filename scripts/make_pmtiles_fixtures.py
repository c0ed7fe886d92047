#!/usr/bin/env python3
"""Writes the PMTiles test fixtures with the independent reference writer (PyPI `pmtiles`).

    pip install pmtiles && python3 scripts/make_pmtiles_fixtures.py

Writes Tests/TileSourcesTests/Fixtures/:
  leaves.pmtiles   ~44k tiny distinct tiles over z0-8 (every other tile, seeded), enough entries that
                   the writer moves them into leaf directories under a root directory;
  runs.pmtiles     z0-4 where runs of tiles share one stored tile (run lengths > 1);
  expected.json    for each archive, sampled z/x/y -> hex content, and tiles that must be absent.
"""
import json
import os
import random

from pmtiles.tile import Compression, TileType, zxy_to_tileid
from pmtiles.writer import Writer

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "Tests", "TileSourcesTests", "Fixtures")


def header():
    return {
        "tile_compression": Compression.NONE,
        "tile_type": TileType.MVT,
        "min_lon_e7": -1800000000, "min_lat_e7": -850000000, "max_lon_e7": 1800000000, "max_lat_e7": 850000000,
        "center_zoom": 2, "center_lon_e7": 0, "center_lat_e7": 0,
    }


def write(name, tiles, metadata):
    with open(os.path.join(OUT, name), "wb") as f:
        w = Writer(f)
        for tile_id, data in sorted(tiles.items()):
            w.write_tile(tile_id, data)
        w.finalize(header(), metadata)


def main():
    rng = random.Random(7)
    expected = {}

    tiles, present, absent = {}, [], []
    counter = 0
    for z in range(9):
        for x in range(1 << z):
            for y in range(1 << z):
                if rng.random() < 0.5:
                    absent.append((z, x, y))
                    continue
                counter += 1
                data = counter.to_bytes(4, "little")[: rng.randint(2, 4)] + bytes([z])
                tiles[zxy_to_tileid(z, x, y)] = data
                present.append((z, x, y, data.hex()))
    write("leaves.pmtiles", tiles, {"name": "leaves", "vector_layers": [{"id": "synthetic", "fields": {}}]})
    expected["leaves.pmtiles"] = {
        "present": rng.sample(present, 400) + [p for p in present if p[0] <= 2],
        "absent": rng.sample(absent, 100),
    }

    tiles, present = {}, []
    for z in range(5):
        for x in range(1 << z):
            for y in range(1 << z):
                data = b"ocean" if (x + y) % 3 else bytes([z, x, y])
                tiles[zxy_to_tileid(z, x, y)] = data
                present.append((z, x, y, data.hex()))
    write("runs.pmtiles", tiles, {"name": "runs", "attribution": "synthetic"})
    expected["runs.pmtiles"] = {"present": present, "absent": [[5, 0, 0]]}

    with open(os.path.join(OUT, "expected.json"), "w") as f:
        json.dump(expected, f, indent=0)
    for name in ("leaves.pmtiles", "runs.pmtiles"):
        print(name, os.path.getsize(os.path.join(OUT, name)), "bytes")


if __name__ == "__main__":
    main()
