#!/usr/bin/env python3
"""Dump layer names, feature counts and geometry checksums of vector tiles as JSON, decoded by
PyPI's mapbox-vector-tile (an independent decoder), for Tests/TilingTests/Fixtures/mvt-expected.json.

usage: scripts/mvt_dump.py FILE... > expected.json   (pip install mapbox-vector-tile)

Per layer: features, extent, points (all positions, polygon rings counted with their closing
position), sum_x and sum_y (sums of tile coordinates, y down), properties (total property count).
Keys are file names relative to the common folder given with --root (default: none).
"""
import gzip, json, os, sys
import mapbox_vector_tile


def positions(geometry):
    def walk(c):
        if isinstance(c, (list, tuple)) and c and isinstance(c[0], (int, float)):
            yield c
        elif isinstance(c, (list, tuple)):
            for x in c:
                yield from walk(x)
    if geometry["type"] == "GeometryCollection":
        for g in geometry["geometries"]:
            yield from positions(g)
    else:
        yield from walk(geometry["coordinates"])


def dump(path):
    data = open(path, "rb").read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    tile = mapbox_vector_tile.decode(data, default_options={"y_coord_down": True})
    out = {}
    for name, layer in tile.items():
        pts = sx = sy = props = 0
        for f in layer["features"]:
            props += len(f.get("properties") or {})
            for p in positions(f["geometry"]):
                pts += 1
                sx += int(p[0])
                sy += int(p[1])
        out[name] = {"features": len(layer["features"]), "extent": layer.get("extent", 4096),
                     "points": pts, "sum_x": sx, "sum_y": sy, "properties": props}
    return out


if __name__ == "__main__":
    args = sys.argv[1:]
    root = None
    if args[:1] == ["--root"]:
        root, args = args[1], args[2:]
    result = {}
    for p in args:
        result[os.path.relpath(p, root) if root else p] = dump(p)
    json.dump(result, sys.stdout, indent=1, sort_keys=True)
    print()
