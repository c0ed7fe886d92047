#!/usr/bin/env python3
"""Raster tiles rendered by MapLibre Native (the `mapli` package), over HTTP, for load comparisons
with `mercator serve`: GET /{z}/{x}/{y}.png is a 256-pixel tile drawn at zoom z-1, as Mercator draws them.

usage: maplibre_tile_server.py STYLE.json PORT [WORKERS]
The style's GeoJSON sources must be inline or local files (files are read and inlined);
`source-layer` keys are dropped. Needs ../shared/tools/reference-render/setup.sh's environment.
"""
import json
import math
import os
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

os.environ.setdefault("EGL_PLATFORM", "surfaceless")
import mapli  # noqa: E402


def main():
    style_path, port = sys.argv[1], int(sys.argv[2])
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    with open(style_path) as fh:
        style = json.load(fh)
    for source in style.get("sources", {}).values():
        if source.get("type") == "geojson" and isinstance(source.get("data"), str):
            with open(source["data"]) as fh:
                source["data"] = json.load(fh)
    for layer in style.get("layers", []):
        layer.pop("source-layer", None)
    pool = mapli.RenderPool(workers=workers)
    pool.register_style("s", json=style)

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def do_GET(self):
            try:
                z, x, y = (int(p) for p in self.path.strip("/").removesuffix(".png").split("/"))
                n = 2 ** z
                lon = (x + 0.5) / n * 360 - 180
                lat = math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * (y + 0.5) / n))))
                png = pool.render("s", lon=lon, lat=lat, zoom=z - 1, width=256, height=256, bearing=0, pitch=0, pixel_ratio=1)
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.send_header("Content-Length", str(len(png)))
                self.end_headers()
                self.wfile.write(png)
            except Exception as e:  # noqa: BLE001
                body = str(e).encode()
                self.send_response(500)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    print(f"maplibre tile server on http://127.0.0.1:{port}/", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
