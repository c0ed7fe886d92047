#!/usr/bin/env node
// Compares Mercator's camera on the globe with MapLibre GL JS's own vertical-perspective transform and
// camera helper, run headless in node (the globe's side of scripts/check_camera_gljs.js).
//
//   ../shared/tools/reference-render-gljs/setup.sh        # GL JS 5.24 into ~/.cache/mercator-gljs
//   swift build --product mercator
//   node scripts/check_globe_camera_gljs.js ~/.cache/mercator-gljs/maplibre-gl.js .build/debug/mercator [--gestures]
//
// GL JS's bundle is loaded as it ships, with one line added to its export list so that its transforms,
// camera helpers and Camera class can be constructed without a DOM (nothing else changes).
// cameraForBounds, flyTo and easeTo run as is on the globe (`_ease` intercepted, each frame function
// called with the eased progress Mercator reports) and are compared with `mercator camera fit|fly
// --projection vertical-perspective`. `--gestures` prints GL JS's numbers for the gesture cases that
// Tests/RenderingTests/GlobeCameraMathTests.swift holds (pan, zoom about a point, setLocationAtPoint).
// Exits 1 when a difference exceeds the tolerance.
'use strict';
const fs = require('fs');
const Module = require('module');
const { execFileSync } = require('child_process');

const [bundle, mercator] = process.argv.slice(2);
const gestures = process.argv.includes('--gestures');
if (!bundle || (!mercator && !gestures)) {
  console.error('usage: check_globe_camera_gljs.js MAPLIBRE_GL_JS MERCATOR_BINARY [--gestures]');
  process.exit(2);
}

function loadGL(file) {
  let src = fs.readFileSync(file, 'utf8');
  const vp = src.match(/case "vertical-perspective":return \{projection:new ([\w$]+),transform:new ([\w$]+)\(o\),cameraHelper:new ([\w$]+)\}/);
  const cam = src.match(/class ([\w$]+) extends [\w$.]+\{constructor\(e,t,i\)\{super\(\),this\._renderFrameCallback/);
  const exp = src.match(/e\.MapMouseEvent=([\w$]+),/);
  if (!vp || !cam || !exp) throw new Error('this maplibre-gl.js build does not have the expected shape; cannot expose its transform');
  src = src.replace(exp[0], `${exp[0]}e.__globeCheck={Transform:${vp[2]},Helper:${vp[3]},Camera:${cam[1]}},`);
  const mod = new Module(file);
  mod.paths = module.paths;
  mod._compile(src, file);
  return mod.exports;
}

const gl = loadGL(bundle);
const { Transform, Helper, Camera } = gl.__globeCheck;

function transform(width, height, c) {
  const tr = new Transform();
  tr.setMaxPitch(85);
  tr.resize(width, height);
  tr.setZoom(c.zoom);
  tr.setCenter(new gl.LngLat(c.lon, c.lat));
  tr.setBearing(c.bearing || 0);
  tr.setPitch(c.pitch || 0);
  return tr;
}

function camera(width, height, c) {
  const cam = new Camera(transform(width, height, c), new Helper(), { bearingSnap: 7 });
  cam._requestRenderFrame = () => 0;
  cam._cancelRenderFrame = () => {};
  return cam;
}

const r = (v) => Number(v.toFixed(10));

if (gestures) {
  const out = { pan: [], zoom: [], place: [] };
  const pans = [
    { camera: { lon: 10, lat: 30, zoom: 1.5 }, delta: [40, -25] },
    { camera: { lon: -70, lat: 70, zoom: 2, bearing: 30 }, delta: [-60, 35] },
    { camera: { lon: 170, lat: -20, zoom: 8 }, delta: [120, 10] },
  ];
  for (const p of pans) {
    const tr = transform(512, 512, p.camera);
    new Helper().handleMapControlsPan({ panDelta: new gl.Point(...p.delta), around: tr.centerPoint }, tr, tr.center);
    out.pan.push({ ...p, expected: { lon: r(tr.center.lng), lat: r(tr.center.lat), zoom: r(tr.zoom) } });
  }
  const zooms = [
    { camera: { lon: 10, lat: 30, zoom: 1.5 }, zoomDelta: 1, around: [300, 200] },
    { camera: { lon: 10, lat: 30, zoom: 3 }, zoomDelta: 0.5, around: [100, 400] },
    { camera: { lon: -40, lat: 50, zoom: 2.5, bearing: 20, pitch: 30 }, zoomDelta: -0.7, around: [400, 300] },
    { camera: { lon: 0, lat: 0, zoom: 0.5 }, zoomDelta: 1, around: [250, 260] },
    { camera: { lon: 100, lat: -10, zoom: 4 }, zoomDelta: 0.3, bearingDelta: 10, around: [200, 150] },
  ];
  for (const z of zooms) {
    const tr = transform(512, 512, z.camera);
    new Helper().handleMapControlsRollPitchBearingZoom(
      { zoomDelta: z.zoomDelta, bearingDelta: z.bearingDelta || 0, around: new gl.Point(...z.around) }, tr);
    out.zoom.push({ ...z, expected: { lon: r(tr.center.lng), lat: r(tr.center.lat), zoom: r(tr.zoom), bearing: r(tr.bearing) } });
  }
  const places = [
    { camera: { lon: 10, lat: 30, zoom: 2 }, location: [20, 35], point: [300, 220] },
    { camera: { lon: -100, lat: 45, zoom: 3, bearing: -25, pitch: 20 }, location: [-95, 40], point: [200, 300] },
  ];
  for (const p of places) {
    const tr = transform(512, 512, p.camera);
    tr.setLocationAtPoint(new gl.LngLat(...p.location), new gl.Point(...p.point));
    out.place.push({ ...p, expected: { lon: r(tr.center.lng), lat: r(tr.center.lat), zoom: r(tr.zoom) } });
  }
  out.fit = [];
  for (const f of [{ bounds: [-10, 40, 10, 50], size: [800, 600], padding: 20, bearing: 0 },
                   { bounds: [-120, -50, 120, 70], size: [1200, 800], padding: 30, bearing: 10 }]) {
    const cam = camera(f.size[0], f.size[1], { lon: 0, lat: 0, zoom: 2 });
    const c = cam.cameraForBounds([[f.bounds[0], f.bounds[1]], [f.bounds[2], f.bounds[3]]], { padding: f.padding, bearing: f.bearing });
    const center = gl.LngLat.convert(c.center);
    out.fit.push({ ...f, expected: { lon: r(center.lng), lat: r(center.lat), zoom: r(c.zoom) } });
  }
  out.path = [];
  for (const f of [{ from: [10, 20, 1.5], to: [120, -30, 2.5], size: [512, 512], ease: false },
                   { from: [30, -60, 3], to: [-30, 60, 3], size: [600, 400], ease: true },
                   { from: [-0.12, 51.5, 2], to: [139.7, 35.7, 2.5], size: [600, 600], ease: true }]) {
    const cam = camera(f.size[0], f.size[1], { lon: f.from[0], lat: f.from[1], zoom: f.from[2] });
    let captured = null;
    cam._ease = (frame, finish, options) => { captured = { frame, options }; };
    const options = { center: [f.to[0], f.to[1]], zoom: f.to[2], essential: true };
    if (f.ease) cam.easeTo(options); else cam.flyTo(options);
    const samples = [];
    for (const k of [0.25, 0.5, 0.75]) {
      captured.frame(k);
      const tr = cam.transform;
      samples.push({ k, lon: r(tr.center.lng), lat: r(tr.center.lat), zoom: r(tr.zoom) });
    }
    out.path.push({ ...f, duration: captured.options.duration / 1000, samples });
  }
  console.log(JSON.stringify({ glVersion: gl.getVersion(), ...out }));
  process.exit(0);
}

function runMercator(args) {
  return JSON.parse(execFileSync(mercator, args, { encoding: 'utf8' }));
}

const wrapDeg = (d) => ((d % 360) + 540) % 360 - 180;
let worst = { center: 0, zoom: 0, bearing: 0, pitch: 0, duration: 0 };
let count = 0;
function compare(label, ours, theirs) {
  const d = {
    center: Math.max(Math.abs(wrapDeg(ours.center[0] - theirs.lon)), Math.abs(ours.center[1] - theirs.lat)),
    zoom: Math.abs(ours.zoom - theirs.zoom),
    bearing: Math.abs(wrapDeg(ours.bearing - theirs.bearing)),
    pitch: Math.abs(ours.pitch - theirs.pitch),
  };
  count++;
  for (const k of Object.keys(d)) {
    if (!(d[k] <= worst[k])) { worst[k] = d[k]; }
  }
  if (process.env.VERBOSE) console.log(label, JSON.stringify(d));
}

const fits = [
  { bounds: [-10, 40, 10, 50], size: [800, 600], padding: 20 },
  { bounds: [-10, 40, 10, 50], size: [800, 600], padding: 20, bearing: 30 },
  { bounds: [-120, -50, 120, 70], size: [1200, 800], padding: 30, bearing: 10 },
  { bounds: [170, -20, -170, -10], size: [640, 480], padding: 0 },
  { bounds: [-79.5, 43.6, -79.3, 43.75], size: [512, 512], padding: { top: 10, left: 80, bottom: 40, right: 5 } },
  { bounds: [100, -45, 160, -10], size: [512, 512], padding: 10, maxZoom: 2 },
];
for (const f of fits) {
  const p = typeof f.padding === 'number' ? { top: f.padding, left: f.padding, bottom: f.padding, right: f.padding } : f.padding;
  const args = ['camera', 'fit', `--bounds=${f.bounds.join(',')}`, '--size', f.size.join('x'),
    `--padding=${[p.top, p.left, p.bottom, p.right].join(',')}`, `--bearing=${f.bearing || 0}`, '--projection', 'vertical-perspective'];
  if (f.maxZoom !== undefined) args.push(`--max-zoom=${f.maxZoom}`);
  const ours = runMercator(args);
  const cam = camera(f.size[0], f.size[1], { lon: 0, lat: 0, zoom: 2 });
  const options = { padding: p, bearing: f.bearing || 0 };
  if (f.maxZoom !== undefined) options.maxZoom = f.maxZoom;
  const c = cam.cameraForBounds([[f.bounds[0], f.bounds[1]], [f.bounds[2], f.bounds[3]]], options);
  const center = gl.LngLat.convert(c.center).wrap();
  compare(`fit ${f.bounds.join(',')}`, ours, { lon: center.lng, lat: center.lat, zoom: c.zoom, bearing: c.bearing || 0, pitch: 0 });
}

const flights = [
  { from: [-73.99, 40.73, 3], to: [2.35, 48.85, 5, 30, 40], size: [800, 600] },
  { from: [10, 20, 1.5], to: [120, -30, 2.5], size: [512, 512] },
  { from: [179, 10, 2, 350, 0], to: [-179, 12, 3, 10, 20], size: [640, 480] },
  { from: [10, 50, 1], to: [10, 50, 4], size: [512, 512] },
  { from: [0, 0, 2], to: [0, 70, 2], size: [512, 512], duration: 2 },
  { from: [-0.12, 51.5, 2], to: [139.7, 35.7, 2.5, 45, 30], size: [600, 600], ease: true, duration: 1 },
  { from: [30, -60, 3], to: [-30, 60, 3], size: [600, 400], ease: true, duration: 1 },
];
for (const f of flights) {
  const args = ['camera', 'fly', `--from=${f.from.join(',')}`, `--to=${f.to.join(',')}`, '--size', f.size.join('x'),
    '--samples', '21', '--projection', 'vertical-perspective'];
  if (f.duration !== undefined) args.push(`--duration=${f.duration}`);
  if (f.ease) args.push('--ease');
  const ours = runMercator(args);
  const cam = camera(f.size[0], f.size[1], { lon: f.from[0], lat: f.from[1], zoom: f.from[2], bearing: f.from[3] || 0, pitch: f.from[4] || 0 });
  let captured = null;
  cam._ease = (frame, finish, options) => { captured = { frame, options }; };
  const options = { center: [f.to[0], f.to[1]], zoom: f.to[2], essential: true };
  if (f.to.length === 5) { options.bearing = f.to[3]; options.pitch = f.to[4]; }
  if (f.duration !== undefined) options.duration = f.duration * 1000;
  if (f.ease) cam.easeTo(options); else cam.flyTo(options);
  const ms = captured.options.duration;
  worst.duration = Math.max(worst.duration, Math.abs(ms / 1000 - ours.duration));
  for (const frame of ours.frames) {
    const k = captured.options.easing(Math.min(1, frame.time * 1000 / ms));
    captured.frame(k);
    const tr = cam.transform;
    compare(`${f.ease ? 'ease' : 'fly'} ${f.from.join(',')} -> ${f.to.join(',')} t=${frame.time.toFixed(3)}`, frame,
      { lon: tr.center.lng, lat: tr.center.lat, zoom: tr.zoom, bearing: tr.bearing, pitch: tr.pitch });
  }
}

const tolerance = { center: 1e-7, zoom: 1e-7, bearing: 1e-9, pitch: 1e-9, duration: 1e-7 };
const failed = Object.keys(tolerance).filter((k) => !(worst[k] <= tolerance[k]));
console.log(`MapLibre GL JS ${gl.getVersion()} vs Mercator on the globe: ${count} comparisons (${fits.length} fits, ${flights.length} flights/eases x 21 samples)`);
console.log('  largest differences:', Object.entries(worst).map(([k, v]) => `${k} ${v.toExponential(2)}`).join(', '));
console.log(failed.length ? `FAILED: ${failed.join(', ')} over tolerance` : 'all within tolerance');
process.exit(failed.length ? 1 : 0);
