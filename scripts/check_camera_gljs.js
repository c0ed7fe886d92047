#!/usr/bin/env node
// Compares Mercator's camera functions with MapLibre GL JS's own transform code, run headless in node.
//
//   pip download --no-deps -d /tmp/mlwheel maplibre && unzip -o -q /tmp/mlwheel/*.whl -d /tmp/mlwheel/x
//   swift build --product mercator
//   node scripts/check_camera_gljs.js /tmp/mlwheel/x/maplibre/srcjs/maplibre-gl.js .build/debug/mercator [--json]
//
// GL JS's bundle is loaded as it ships, with one line added to its export list so that its mercator
// transform, camera helper and Camera class can be constructed without a DOM (nothing else changes).
// cameraForBounds runs as is; flyTo/easeTo run as is with `_ease` intercepted, so each frame
// function is called with the same eased progress Mercator reports. Exits 1 when a difference
// exceeds the tolerance.
'use strict';
const fs = require('fs');
const Module = require('module');
const { execFileSync } = require('child_process');

const [bundle, mercator] = process.argv.slice(2);
const asJSON = process.argv.includes('--json');
if (!bundle || !mercator) {
  console.error('usage: check_camera_gljs.js MAPLIBRE_GL_JS MERCATOR_BINARY [--json]');
  process.exit(2);
}

function loadGL(file) {
  let src = fs.readFileSync(file, 'utf8');
  const m1 = src.match(/case "mercator":return \{projection:new ([\w$]+),transform:new ([\w$]+),cameraHelper:new ([\w$]+)\}/);
  const m2 = src.match(/class ([\w$]+) extends [\w$.]+\{constructor\(e,t,i\)\{super\(\),this\._renderFrameCallback/);
  const m3 = src.match(/e\.MapMouseEvent=([\w$]+),/);
  if (!m1 || !m2 || !m3) throw new Error('this maplibre-gl.js build does not have the expected shape; cannot expose its transform');
  src = src.replace(m3[0], `${m3[0]}e.__mercatorCheck={Transform:${m1[2]},Helper:${m1[3]},Camera:${m2[1]}},`);
  const mod = new Module(file);
  mod.paths = module.paths;
  mod._compile(src, file);
  return mod.exports;
}

const gl = loadGL(bundle);
const { Transform, Helper, Camera } = gl.__mercatorCheck;

function camera(width, height, start) {
  const tr = new Transform();
  tr.resize(width, height);
  if (start) {
    tr.setZoom(start.zoom);
    tr.setCenter(new gl.LngLat(start.lon, start.lat));
    tr.setBearing(start.bearing || 0);
    tr.setPitch(start.pitch || 0);
  }
  const cam = new Camera(tr, new Helper(), { bearingSnap: 7 });
  cam._requestRenderFrame = () => 0;
  cam._cancelRenderFrame = () => {};
  return cam;
}

function runMercator(args) {
  return JSON.parse(execFileSync(mercator, args, { encoding: 'utf8' }));
}

const wrapDeg = (d) => ((d % 360) + 540) % 360 - 180; // difference of angles, in -180..180
const rows = [];
let worst = { center: 0, zoom: 0, bearing: 0, pitch: 0, duration: 0, progress: 0 };
function compare(label, ours, theirs) {
  const d = {
    lon: Math.abs(wrapDeg(ours.center[0] - theirs.lon)),
    lat: Math.abs(ours.center[1] - theirs.lat),
    zoom: Math.abs(ours.zoom - theirs.zoom),
    bearing: Math.abs(wrapDeg(ours.bearing - theirs.bearing)),
    pitch: Math.abs(ours.pitch - theirs.pitch),
  };
  worst.center = Math.max(worst.center, d.lon, d.lat);
  worst.zoom = Math.max(worst.zoom, d.zoom);
  worst.bearing = Math.max(worst.bearing, d.bearing);
  worst.pitch = Math.max(worst.pitch, d.pitch);
  rows.push({ label, ours, theirs, d });
}

// --- cameraForBounds -------------------------------------------------------------------------
const fits = [
  { bounds: [-10, 40, 10, 50], size: [800, 600], padding: 20 },
  { bounds: [-10, 40, 10, 50], size: [800, 600], padding: 20, bearing: 30 },
  { bounds: [-79.5, 43.6, -79.3, 43.75], size: [512, 512], padding: { top: 10, left: 80, bottom: 40, right: 5 } },
  { bounds: [-79.5, 43.6, -79.3, 43.75], size: [512, 512], padding: { top: 10, left: 80, bottom: 40, right: 5 }, bearing: -135 },
  { bounds: [170, -20, -170, -10], size: [640, 480], padding: 0 },
  { bounds: [139.6, 35.6, 139.8, 35.75], size: [300, 900], padding: 12, bearing: 90 },
  { bounds: [2.29, 48.85, 2.30, 48.86], size: [1024, 768], padding: 50, maxZoom: 14 },
  { bounds: [-120, -50, 120, 70], size: [1200, 800], padding: 30, bearing: 10 },
];
for (const f of fits) {
  const p = typeof f.padding === 'number' ? { top: f.padding, left: f.padding, bottom: f.padding, right: f.padding } : f.padding;
  const args = ['camera', 'fit', `--bounds=${f.bounds.join(',')}`, '--size', f.size.join('x'),
    `--padding=${[p.top, p.left, p.bottom, p.right].join(',')}`, `--bearing=${f.bearing || 0}`];
  if (f.maxZoom !== undefined) args.push(`--max-zoom=${f.maxZoom}`);
  const ours = runMercator(args);
  const cam = camera(f.size[0], f.size[1], { lon: 0, lat: 0, zoom: 2 });
  const options = { padding: p, bearing: f.bearing || 0 };
  if (f.maxZoom !== undefined) options.maxZoom = f.maxZoom;
  const c = cam.cameraForBounds([[f.bounds[0], f.bounds[1]], [f.bounds[2], f.bounds[3]]], options);
  const center = gl.LngLat.convert(c.center).wrap();
  compare(`fit ${f.bounds.join(',')} ${f.size.join('x')} bearing ${f.bearing || 0}`, ours,
    { lon: center.lng, lat: center.lat, zoom: c.zoom, bearing: c.bearing || 0, pitch: 0 });
}

// --- flyTo / easeTo --------------------------------------------------------------------------
const flights = [
  { from: [-73.99, 40.73, 3], to: [2.35, 48.85, 12, 30, 40], size: [800, 600] },
  { from: [-122.42, 37.77, 10], to: [-122.27, 37.80, 11], size: [512, 512] },
  { from: [179, 10, 5, 350, 0], to: [-179, 12, 6, 10, 20], size: [640, 480] },
  { from: [10, 50, 4], to: [10, 50, 9], size: [512, 512] },
  { from: [10, 50, 12], to: [10, 50, 3], size: [400, 700], duration: 2 },
  { from: [139.7, 35.7, 14, 0, 60], to: [151.2, -33.87, 13, -90, 0], size: [1024, 768], duration: 5 },
  { from: [-0.12, 51.5, 6], to: [13.4, 52.5, 6.5, 45, 30], size: [600, 600], ease: true, duration: 1 },
];
const sampleCount = 21;
for (const f of flights) {
  const args = ['camera', 'fly', `--from=${f.from.join(',')}`, `--to=${f.to.join(',')}`, '--size', f.size.join('x'),
    '--samples', String(sampleCount)];
  if (f.duration !== undefined) args.push(`--duration=${f.duration}`);
  if (f.ease) args.push('--ease');
  const ours = runMercator(args);
  const start = { lon: f.from[0], lat: f.from[1], zoom: f.from[2], bearing: f.from[3] || 0, pitch: f.from[4] || 0 };
  const cam = camera(f.size[0], f.size[1], start);
  let captured = null;
  cam._ease = (frame, finish, options) => { captured = { frame, options }; };
  const options = { center: [f.to[0], f.to[1]], zoom: f.to[2], essential: true };
  if (f.to.length === 5) { options.bearing = f.to[3]; options.pitch = f.to[4]; }
  if (f.duration !== undefined) options.duration = f.duration * 1000;
  if (f.ease) cam.easeTo(options); else cam.flyTo(options);
  const ms = captured.options.duration;
  worst.duration = Math.max(worst.duration, Math.abs(ms / 1000 - ours.duration));
  for (const frame of ours.frames) {
    const t = frame.time * 1000;
    const k = captured.options.easing(Math.min(1, t / ms));
    worst.progress = Math.max(worst.progress, Math.abs(k - frame.progress));
    captured.frame(k);
    const tr = cam.transform;
    compare(`${f.ease ? 'ease' : 'fly'} ${f.from.join(',')} -> ${f.to.join(',')} t=${frame.time.toFixed(3)}`, frame,
      { lon: tr.center.lng, lat: tr.center.lat, zoom: tr.zoom, bearing: tr.bearing, pitch: tr.pitch });
  }
}

// --- screen point <-> coordinate, pitched and rotated -------------------------------------------
const projections = [
  { camera: [-79.38, 43.65, 14, 37, 55], size: [640, 480] },
  { camera: [139.7, 35.68, 11.5, -120, 60], size: [1024, 768] },
  { camera: [2.35, 48.85, 3, 200, 30], size: [300, 600] },
  { camera: [-122.4, 37.8, 17, 0, 0], size: [512, 512] },
];
worst.screen = 0;
for (const f of projections) {
  const [w, h] = f.size;
  const points = [[0, h - 1], [w / 2, h / 2], [w - 1, h * 0.3], [w * 0.2, h * 0.8], [w * 0.9, h - 1]];
  const cam = camera(w, h, { lon: f.camera[0], lat: f.camera[1], zoom: f.camera[2], bearing: f.camera[3], pitch: f.camera[4] });
  const tr = cam.transform;
  const located = points.map(([x, y]) => tr.screenPointToLocation(new gl.Point(x, y)));
  const ours = runMercator(['camera', 'project', `--camera=${f.camera.join(',')}`, '--size', f.size.join('x'),
    `--points=${points.map((p) => p.join(',')).join(';')}`,
    `--coordinates=${located.map((l) => `${l.lng},${l.lat}`).join(';')}`]);
  points.forEach(([x, y], i) => {
    const l = located[i];
    compare(`project ${f.camera.join(',')} (${x},${y})`, { center: ours.coordinates[i], zoom: 0, bearing: 0, pitch: 0 },
      { lon: l.lng, lat: l.lat, zoom: 0, bearing: 0, pitch: 0 });
    const p = tr.locationToScreenPoint(l);
    worst.screen = Math.max(worst.screen, Math.abs(ours.points[i][0] - p.x), Math.abs(ours.points[i][1] - p.y));
  });
}

const tolerance = { center: 1e-9, zoom: 1e-9, bearing: 1e-9, pitch: 1e-9, duration: 1e-9, progress: 1e-12, screen: 1e-6 };
const failed = Object.keys(tolerance).filter((k) => !(worst[k] <= tolerance[k]));
if (asJSON) {
  console.log(JSON.stringify({ glVersion: gl.getVersion(), comparisons: rows.length, worst, tolerance, failed }, null, 2));
} else {
  console.log(`MapLibre GL JS ${gl.getVersion()} vs Mercator: ${rows.length} comparisons (${fits.length} fits, ${flights.length} flights x ${sampleCount} samples, ${projections.length} pitched/rotated cameras x 5 screen points both ways)`);
  for (const r of rows.filter((r) => r.label.startsWith('fit'))) {
    console.log(`  ${r.label}: zoom ${r.ours.zoom.toFixed(12)} vs ${r.theirs.zoom.toFixed(12)}, centre ${r.ours.center.map((v) => v.toFixed(10)).join(',')} vs ${r.theirs.lon.toFixed(10)},${r.theirs.lat.toFixed(10)}`);
  }
  console.log('  largest differences:', Object.entries(worst).map(([k, v]) => `${k} ${v.toExponential(2)}`).join(', '));
  console.log(failed.length ? `FAILED: ${failed.join(', ')} over tolerance` : 'all within tolerance (1e-9 degrees / zoom levels / seconds, 1e-6 points)');
}
process.exit(failed.length ? 1 : 0);
