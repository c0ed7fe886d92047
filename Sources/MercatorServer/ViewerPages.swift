import Foundation
import Mercator

/// The web pages: an index of styles and data, and a viewer that shows MapLibre GL JS drawing a
/// style's vector tiles beside Mercator's raster tiles of the same style, moving together; on a globe
/// (the style's projection, or the viewer's projection switch, which calls GL JS's `setProjection`) the right
/// side is Mercator's static image of the view, drawn in that projection (raster tiles stay Web Mercator).
enum ViewerPages {
    /// A vendored file of `Resources/viewer` (MapLibre GL JS and its licence).
    static func asset(_ name: String) -> Data? {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "viewer") else { return nil }
        return try? Data(contentsOf: url)
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The index page.
    static func index(_ catalog: ServerCatalog) -> String {
        let styles = catalog.styles.map { s in
            let id = escape(s.id)
            return "<li><b>\(escape(s.name))</b> (<code>\(id)</code>): <a href=\"/viewer/\(id)\">viewer</a> · "
                + "<a href=\"/styles/\(id)/style.json\">style.json</a> · <a href=\"/styles/\(id).json\">raster TileJSON</a> · "
                + "<a href=\"/styles/\(id)/static/\(s.camera.center.longitude),\(s.camera.center.latitude),\(String(format: "%.2f", s.camera.zoom))/512x384.png\">static image</a></li>"
        }.joined(separator: "\n")
        let data = catalog.data.map { d in
            "<li><b>\(escape(d.name))</b> (<code>\(escape(d.id))</code>, \(escape(d.format))): <a href=\"/data/\(escape(d.id)).json\">TileJSON</a></li>"
        }.joined(separator: "\n")
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Mercator server</title>
            <style>body{font:15px/1.5 system-ui,sans-serif;margin:2em;max-width:60em}code{color:#555}</style></head>
            <body><h1>Mercator server</h1>
            <h2>Styles</h2><ul id="styles">\(styles)</ul>
            <h2>Data</h2><ul id="data">\(data)</ul>
            <p><a href="/health">health</a> · <a href="/metrics">metrics</a> · <a href="/styles.json">styles.json</a> · <a href="/data.json">data.json</a> ·
            MapLibre GL JS <a href="/assets/LICENSE.txt">licence</a></p>
            </body></html>
            """
    }

    /// The side-by-side viewer for `style`.
    static func viewer(_ style: ServedStyle) -> String {
        let id = escape(style.id)
        let c = style.camera
        let own = StyleProjection(member: style.renderJSON["projection"])
        let ownName = own?.name.flatMap { StyleProjection.knownNames.contains($0) ? $0 : nil } ?? (own == nil ? "mercator" : "")
        let options = ["mercator", "globe", "vertical-perspective"].map {
            "<option value=\"\($0)\"\($0 == ownName ? " selected" : "")>\($0)</option>"
        }.joined()
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(style.name)) · Mercator</title>
            <link rel="stylesheet" href="/assets/maplibre-gl.css">
            <script src="/assets/maplibre-gl.js"></script>
            <style>
            html,body{margin:0;height:100%;font:13px system-ui,sans-serif}
            #bar{height:28px;line-height:28px;padding:0 8px;background:#222;color:#eee}
            #bar a{color:#9cf}
            #maps{display:flex;height:calc(100% - 28px)}
            #maps>div{flex:1;position:relative}
            .label{position:absolute;z-index:2;top:6px;left:6px;background:rgba(255,255,255,.85);padding:2px 6px;border-radius:3px}
            #still{position:absolute;z-index:1;top:0;left:0;width:100%;height:100%;display:none;background:#fff}
            </style></head>
            <body><div id="bar"><a href="/">Mercator server</a> · \(escape(style.name)) · left: MapLibre GL JS (vector tiles), right: Mercator (raster tiles; on a globe, Mercator's static image of the view) ·
            projection <select id="projection">\(ownName.isEmpty ? "<option value=\"\" selected>the style's</option>" : "")\(options)</select></div>
            <div id="maps"><div id="gl"><span class="label">MapLibre GL JS</span></div><div id="mercator"><span class="label" id="mercatorLabel">Mercator raster tiles</span><img id="still" alt="Mercator's static image"></div></div>
            <script>
            const camera = {center: [\(c.center.longitude), \(c.center.latitude)], zoom: \(c.zoom), bearing: \(c.bearing), pitch: \(c.pitch)};
            window.mercatorViewer = {glLoaded: false, rasterLoaded: false, errors: []};
            const gl = new maplibregl.Map(Object.assign({container: 'gl', style: '/styles/\(id)/style.json', attributionControl: false}, camera));
            const raster = new maplibregl.Map(Object.assign({container: 'mercator', attributionControl: false, style: {
              version: 8, sources: {mercator: {type: 'raster', tiles: [location.origin + '/styles/\(id)/{z}/{x}/{y}.png'], tileSize: 256}},
              layers: [{id: 'mercator', type: 'raster', source: 'mercator'}]}}, camera));
            // State for people and for scripts/server-browser-check.sh (which reads the body's data attributes).
            gl.on('idle', () => { window.mercatorViewer.glLoaded = true; document.body.dataset.glLoaded = 'true'; });
            raster.on('idle', () => { window.mercatorViewer.rasterLoaded = true; document.body.dataset.rasterLoaded = 'true'; });
            for (const m of [gl, raster]) m.on('error', e => {
              const message = String(e.error && e.error.message || e);
              window.mercatorViewer.errors.push(message);
              document.body.dataset.errors = window.mercatorViewer.errors.join(' | ');
            });
            let syncing = false;
            function sync(from, to) {
              from.on('move', () => {
                if (syncing) return;
                syncing = true;
                to.jumpTo({center: from.getCenter(), zoom: from.getZoom(), bearing: from.getBearing(), pitch: from.getPitch()});
                syncing = false;
              });
            }
            sync(gl, raster); sync(raster, gl);
            // The globe: GL JS draws it with setProjection; Mercator draws the view as a static image in the same projection
            // (its raster tiles are squares of the Web Mercator plane). Redrawn when the view settles.
            const styleProjection = \(JSONValue.string(ownName).serialized());
            const select = document.getElementById('projection'), still = document.getElementById('still');
            function projection() { return select.value || styleProjection; }
            function drawStill() {
              const p = projection();
              const flat = p === 'mercator' || (p === '' && !\(own?.isGlobe == true ? "true" : "false"));
              still.style.display = flat ? 'none' : 'block';
              document.getElementById('mercatorLabel').textContent = flat ? 'Mercator raster tiles' : 'Mercator static image (' + (p || "the style's projection") + ')';
              if (flat) return;
              const c = gl.getCenter(), box = document.getElementById('mercator');
              const w = Math.min(2048, Math.round(box.clientWidth)), h = Math.min(2048, Math.round(box.clientHeight));
              still.src = '/styles/\(id)/static/' + c.lng.toFixed(5) + ',' + c.lat.toFixed(5) + ',' + gl.getZoom().toFixed(3) + '@'
                + gl.getBearing().toFixed(1) + ',' + gl.getPitch().toFixed(1) + '/' + w + 'x' + h + '.png' + (select.value ? '?projection=' + select.value : '');
            }
            select.addEventListener('change', () => { if (select.value) gl.setProjection({type: select.value}); drawStill(); });
            gl.on('moveend', drawStill);
            gl.once('load', drawStill);
            </script></body></html>
            """
    }
}
