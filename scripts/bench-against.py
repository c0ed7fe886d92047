#!/usr/bin/env python3
"""Side-by-side speed of two Mercator builds: the one in this tree and a baseline (the build before an issue).

    scripts/bench-against.py --base DIR [--new DIR] [--rounds 5] [--pyramid] [--cold DIR] [BENCH ...]

DIR is a folder holding release binaries `mercator-bench` and `mercator` (default for --new: .build/release).
A baseline is made with `git worktree add /tmp/base REV && swift build -c release --package-path /tmp/base`.

Each BENCH (`render-street`, `render`, `animate`, …) runs as `mercator-bench BENCH --json`, the baseline and
the new build alternating for --rounds rounds, so that a change in the machine's load falls on both. Every
numeric figure of a JSON row is reduced to its median over the rounds; the table shows both medians and the
ratio (for times base/new: above 1 the new build is faster; for rates new/base). `--pyramid` also times
`mercator pyramid render` of the Helsinki OpenMapTiles tiles (../shared/realworld) with Positron, z10-14 (`--pyramid-zooms`),
as PNG into a PMTiles archive: wall seconds and peak resident memory (`/usr/bin/time -v`). `--cold DIR` times whole
`mercator render` processes (nothing cached: every tile decoded and laid out, then painted and encoded) of the
real-world styles that `../shared/realworld/compare.py MERCATOR DIR` wrote to DIR (each `DIR/<style>/style.json`),
at compare.py's three views: the cold vector path, side by side.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("MERCATOR_SHARED", os.path.join(os.path.dirname(ROOT), "shared"))
RATES = ("frames_per_second", "per_second", "speedup")


def is_rate(key):
    return any(key.endswith(r) or key.startswith(r) for r in RATES)


def bench_rows(binary, name, extra):
    out = subprocess.run([binary, name, "--json", *extra], capture_output=True, text=True, check=True).stdout
    rows = []
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("{"):
            rows.append(json.loads(line))
    return rows


def row_key(row):
    # a row is named by its text fields and its integer sizes (bench, case, size)
    return tuple(sorted((k, v) for k, v in row.items() if isinstance(v, str) or (isinstance(v, int) and k in ("size", "width", "height", "frames"))))


def pyramid_run(mercator, style, out, zooms):
    cmd = ["/usr/bin/time", "-v", mercator, "pyramid", "render", style, "--bounds", "24.935,60.164,24.953,60.179",
           "--zooms", zooms, "--format", "png", "--force", "-o", out]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"pyramid render failed: {p.stderr[-2000:]}")
    return time_fields(p.stderr)


COLD_VIEWS = [("z14", 24.9443, 60.1716, 14.0, 0, "700x700"), ("z15.5", 24.9443, 60.1700, 15.5, 0, "900x700"),
              ("z16.5-pitch45", 24.9420, 60.1690, 16.5, 45, "800x600")]


def cold_run(mercator, style, view, out):
    _, lon, lat, zoom, pitch, size = view
    cmd = ["/usr/bin/time", "-v", mercator, "render", style, "-o", out, f"--center={lon},{lat}", "--zoom", str(zoom),
           "--pitch", str(pitch), "--size", size]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"render failed: {p.stderr[-2000:]}")
    return time_fields(p.stderr)


def time_fields(stderr):
    wall = rss = None
    for line in stderr.splitlines():
        line = line.strip()
        if line.startswith("Elapsed (wall clock) time"):
            t = line.split()[-1].split(":")
            wall = sum(float(x) * 60 ** i for i, x in enumerate(reversed(t)))
        elif line.startswith("Maximum resident set size"):
            rss = int(line.split()[-1]) / 1024
    return {"wall_s": wall, "peak_rss_mb": rss}


def positron_style(folder):
    path = os.path.join(SHARED, "realworld/styles/positron-gl-style/style.json")
    with open(path) as f:
        style = json.load(f)
    mbtiles = os.path.join(SHARED, "realworld/helsinki-openmaptiles.mbtiles")
    for source in style["sources"].values():
        if source.get("type") == "vector":
            source.pop("url", None)
            source["url"] = "mbtiles://" + mbtiles
    glyphs = os.path.join(SHARED, "conformance/render-tests/glyphs")
    style["glyphs"] = "file://" + glyphs + "/{fontstack}/{range}.pbf"
    style.pop("sprite", None)
    out = os.path.join(folder, "positron-local.json")
    with open(out, "w") as f:
        json.dump(style, f)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", required=True)
    ap.add_argument("--new", default=os.path.join(ROOT, ".build/release"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--pyramid", action="store_true")
    ap.add_argument("--pyramid-zooms", default="10-14", help="the pyramid's zoom range (10-17: overzoomed past the tiles' 14)")
    ap.add_argument("--cold", metavar="DIR", help="time whole `mercator render` runs of compare.py's styles in DIR")
    ap.add_argument("--bench-args", default="", help="extra arguments for every bench, e.g. '--runs 5'")
    ap.add_argument("benches", nargs="*")
    a = ap.parse_args()
    extra = a.bench_args.split()
    sides = {"base": a.base, "new": a.new}
    for bench in a.benches:
        figures = {}  # key -> side -> field -> [values]
        for _ in range(a.rounds):
            for side, folder in sides.items():
                for row in bench_rows(os.path.join(folder, "mercator-bench"), bench, extra):
                    slot = figures.setdefault(row_key(row), {}).setdefault(side, {})
                    for k, v in row.items():
                        if isinstance(v, (int, float)) and not isinstance(v, bool) and k not in dict(row_key(row)):
                            slot.setdefault(k, []).append(v)
        print(f"== {bench} ({a.rounds} alternating rounds, medians)")
        for key, by_side in figures.items():
            label = " ".join(f"{v}" if k == "bench" else f"{k}={v}" for k, v in key)
            for field in sorted(by_side.get("new", {})):
                if "maplibre" in field or "gljs" in field:
                    continue
                b = by_side.get("base", {}).get(field)
                n = by_side["new"][field]
                if not b:
                    continue
                mb, mn = statistics.median(b), statistics.median(n)
                if mb != mb or mn != mn or mb == 0 or mn == 0:
                    continue
                ratio = mn / mb if is_rate(field) else mb / mn
                print(f"  {label:40s} {field:28s} base {mb:10.2f}  new {mn:10.2f}  ratio {ratio:5.2f}x")
    if a.cold:
        styles = sorted(d for d in os.listdir(a.cold) if os.path.isfile(os.path.join(a.cold, d, "style.json")))
        print(f"== cold render: whole `mercator render` processes ({a.rounds} alternating rounds, medians)")
        totals = {"base": [], "new": []}
        with tempfile.TemporaryDirectory() as tmp:
            for name in styles:
                for view in COLD_VIEWS:
                    runs = {"base": [], "new": []}
                    for _ in range(a.rounds):
                        for side, folder in sides.items():
                            runs[side].append(cold_run(os.path.join(folder, "mercator"), os.path.join(a.cold, name, "style.json"),
                                                       view, os.path.join(tmp, f"{side}.png")))
                    mb = statistics.median(r["wall_s"] for r in runs["base"])
                    mn = statistics.median(r["wall_s"] for r in runs["new"])
                    rb = statistics.median(r["peak_rss_mb"] for r in runs["base"])
                    rn = statistics.median(r["peak_rss_mb"] for r in runs["new"])
                    totals["base"].append(mb)
                    totals["new"].append(mn)
                    print(f"  {name:24s} {view[0]:14s} wall base {mb:6.3f} s  new {mn:6.3f} s  ratio {mb / mn:5.2f}x"
                          f"   peak RSS base {rb:6.0f} MB  new {rn:6.0f} MB")
        sb, sn = sum(totals["base"]), sum(totals["new"])
        print(f"  {'all views (sum of medians)':39s} wall base {sb:6.3f} s  new {sn:6.3f} s  ratio {sb / sn:5.2f}x")
    if a.pyramid:
        with tempfile.TemporaryDirectory() as tmp:
            style = positron_style(tmp)
            runs = {"base": [], "new": []}
            for _ in range(a.rounds):
                for side, folder in sides.items():
                    runs[side].append(pyramid_run(os.path.join(folder, "mercator"), style, os.path.join(tmp, f"{side}.pmtiles"),
                                                  a.pyramid_zooms))
            print(f"== pyramid render Positron Helsinki z{a.pyramid_zooms} PNG ({a.rounds} alternating rounds, medians)")
            for field in ("wall_s", "peak_rss_mb"):
                mb = statistics.median(r[field] for r in runs["base"])
                mn = statistics.median(r[field] for r in runs["new"])
                print(f"  {field:28s} base {mb:10.2f}  new {mn:10.2f}  ratio {mb / mn:5.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
