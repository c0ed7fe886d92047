#!/usr/bin/env python3
"""Frame times of MapLibre GL JS 5.24 drawing a camera flight in headless Chromium (WebGL through SwiftShader, no GPU),
for `mercator-bench animate --globe`: the same frames Mercator draws, timed inside the page.

    python3 scripts/gljs_flight_bench.py STYLE.json CAMERAS.json WIDTH HEIGHT [--runs 1] [--timeout 600]

CAMERAS.json is an array of {"center": [lon, lat], "zoom", "bearing", "pitch"}. The page loads the style (its `file://`
URLs served over a loopback server, as ../shared/tools/reference-render-gljs/render.py serves them), waits until the map
has drawn the first camera with every tile loaded (a warm-up frame, untimed), then for each camera: `map.jumpTo(camera)`,
`triggerRepaint()`, and waits for a `render` event after which the style and every tile are loaded (polling the loaded
state too: over terrain GL JS may stop rendering before its last DEM tile arrives, and never fires `idle`), then reads one pixel back
(`gl.readPixels`, so the frame's drawing has finished in SwiftShader, not only been queued). A frame's time is
performance.now() from the jumpTo to that read: tile loading and layout in GL JS's workers included, as Mercator's
frames include them. Each run starts from a fresh page (cold tiles). Prints one JSON object:
{"times_ms": [...], "median_ms": ..., "frames": N, "errors": [...]}. Needs ../shared/tools/reference-render-gljs/setup.sh.
"""
import argparse, http.server, json, os, shutil, statistics, subprocess, sys, tempfile, threading, urllib.parse

GLJS = os.environ.get("MERCATOR_GLJS", os.path.expanduser("~/.cache/mercator-gljs"))

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><link rel="stylesheet" href="/gljs/maplibre-gl.css">
<style>html, body { margin: 0; } #map { position: absolute; top: 0; left: 0; }</style></head>
<body><div id="map"></div>
<script src="/gljs/maplibre-gl.js"></script>
<script>
const q = new URLSearchParams(location.search);
const el = document.getElementById('map');
el.style.width = q.get('width') + 'px'; el.style.height = q.get('height') + 'px';
const errors = [];
addEventListener('error', e => errors.push('page: ' + e.message));
const post = body => fetch('/result', {method: 'POST', body: JSON.stringify(body)});
Promise.all([fetch('/style.json').then(r => r.json()), fetch('/cameras.json').then(r => r.json())]).then(([style, cameras]) => {
  const first = cameras[0];
  const map = new maplibregl.Map({container: el, style, pixelRatio: 1, interactive: false, attributionControl: false,
    fadeDuration: 0, maxPitch: 85, localIdeographFontFamily: false, center: first.center, zoom: first.zoom,
    bearing: first.bearing || 0, pitch: first.pitch || 0, canvasContextAttributes: {antialias: false}});
  map.on('error', e => errors.push(String(e.error && e.error.message || e.error || e)));
  const gl = map.painter.context.gl, pixel = new Uint8Array(4);
  // resolves after a render that found the style and every tile loaded. GL JS does not always render again when its
  // last tile arrives (over terrain it stops rendering with DEM tiles still loading and never fires `idle`), so the
  // state is also polled, and a repaint asked for once everything is loaded but not yet drawn
  const loaded = () => map.isStyleLoaded() && map.areTilesLoaded();
  let drawnLoaded = false;
  map.on('render', () => { drawnLoaded = loaded(); });
  const rendered = () => new Promise(resolve => { map.once('render', resolve); map.triggerRepaint(); });
  const polled = () => new Promise(resolve => { map.once('render', resolve); setTimeout(resolve, 20); });
  const drawn = async () => {
    drawnLoaded = false;
    await rendered();
    while (!drawnLoaded) await (loaded() ? rendered() : polled());
  };
  // not on `load` or `idle`: over terrain GL JS may fire neither
  (async () => {
    await drawn();
    const times = [];
    for (const camera of cameras.slice(1)) {
      const t0 = performance.now();
      map.jumpTo({center: camera.center, zoom: camera.zoom, bearing: camera.bearing || 0, pitch: camera.pitch || 0});
      await drawn();
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
      times.push(performance.now() - t0);
    }
    post({times, errors});
  })();
}).catch(e => post({times: [], errors: ['page: ' + e]}));
</script></body></html>
"""


class Handler(http.server.SimpleHTTPRequestHandler):
    style = b"{}"
    cameras = b"[]"
    result = None
    received = threading.Event()

    def log_message(self, *args): pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if urllib.parse.urlsplit(self.path).path == "/result":
            Handler.result = json.loads(body)
            Handler.received.set()
        self.send(b"ok", "text/plain")

    def do_GET(self):
        path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        if path == "/style.json": return self.send(self.style, "application/json")
        if path == "/cameras.json": return self.send(self.cameras, "application/json")
        if path == "/page.html": return self.send(PAGE.encode(), "text/html")
        if path.startswith("/gljs/"): return self.file(os.path.join(GLJS, os.path.basename(path)))
        if path.startswith("/fs/"): return self.file("/" + path[len("/fs/"):])
        self.send_error(404)

    def file(self, p):
        if not os.path.isfile(p): return self.send_error(404)
        kind = "application/json" if p.endswith((".json", ".geojson")) else "image/png" if p.endswith(".png") else "application/octet-stream"
        self.send(open(p, "rb").read(), kind)

    def send(self, body, kind):
        self.send_response(200)
        self.send_header("Content-Type", kind); self.send_header("Content-Length", str(len(body)))
        self.send_header("Access-Control-Allow-Origin", "*"); self.end_headers()
        self.wfile.write(body)


def run_once(base, width, height, timeout):
    Handler.result = None
    Handler.received.clear()
    profile = tempfile.mkdtemp(prefix="gljs-bench-")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    cmd = [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
           "--hide-scrollbars", "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
           f"--user-data-dir={profile}", f"--window-size={width},{height}", f"{base}/page.html?width={width}&height={height}"]
    browser = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        Handler.received.wait(timeout)
    finally:
        browser.kill(); browser.wait()
        shutil.rmtree(profile, ignore_errors=True)
    return Handler.result or {"times": [], "errors": [f"GL JS did not finish the flight in {timeout:.0f} s"]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("style"); ap.add_argument("cameras"); ap.add_argument("width", type=int); ap.add_argument("height", type=int)
    ap.add_argument("--runs", type=int, default=1); ap.add_argument("--timeout", type=float, default=600)
    a = ap.parse_args()
    if not os.path.isfile(os.path.join(GLJS, "maplibre-gl.js")):
        sys.exit("GL JS is not installed: run ../shared/tools/reference-render-gljs/setup.sh")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    Handler.style = open(a.style, encoding="utf-8").read().replace("file://", base + "/fs").encode()
    Handler.cameras = open(a.cameras, "rb").read()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    times, errors = [], []
    for _ in range(max(1, a.runs)):
        result = run_once(base, a.width, a.height, a.timeout)
        times += result.get("times", [])
        errors += result.get("errors", [])
    server.shutdown()
    print(json.dumps({"times_ms": times, "median_ms": statistics.median(times) if times else None, "frames": len(times), "errors": errors}))
    sys.exit(0 if times else 1)


if __name__ == "__main__":
    main()
