#!/usr/bin/env python3
"""Stress run: renders a style from random cameras and reports failures, slow views and memory.

    python3 scripts/random-cameras.py STYLE [--count 80] [--seed 1] [--zoom 0-24] [--bin BIN] [--against BIN]
                                            [--size 300x200] [--timeout 120] [--slow 5] [--around LON,LAT,DEGREES]
                                            [--projection NAME]

Each camera takes a random centre (longitudes past ±180, the poles' latitudes, 0 and 1e-9 among them), zoom in the
range, bearing (to ±720), pitch 0-85, roll and field of view 0.1-150, as `mercator render` takes them. --around keeps the centres within DEGREES of a point
(where a style's tiles are, such as ../shared/realworld's Helsinki: --around 24.94,60.17,0.3); --projection draws the
style in that projection (`mercator render --projection`). Every render
runs as its own process under `timeout`; its CPU time (user + system) and peak memory are read from GNU time. A
render that exits non-zero (other than with the CLI's typed error for input it refuses: exit code 1 or 64 and a message),
runs past the timeout, or takes more than --slow CPU seconds is listed. With --against, a second binary renders the
same cameras in the same run, and the totals, medians and worst cases of both are printed side by side.

Not a test: the figures depend on the machine. The sessions' stress figures in docs/3d.md come from this script
(styles over ../shared/data's Natural Earth countries with fill, line, extrusion, circle, heatmap and label layers).
"""
import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile

SPECIAL_LONGITUDES = [0, 90, -90, 180, -180, 85.0511, -85.0511, 1e-9, 89.9999]
SPECIAL_LATITUDES = [85.0511, -85.0511, 0, 85, -85, 84.9, -80]


def cameras(count, seed, zoom_low, zoom_high, around=None):
    rng = random.Random(seed)
    for _ in range(count):
        if around:
            lon0, lat0, spread = around
            lon, lat = lon0 + rng.uniform(-spread, spread), max(-85, min(85, lat0 + rng.uniform(-spread, spread)))
        else:
            lon = rng.choice([rng.uniform(-360, 360), rng.choice(SPECIAL_LONGITUDES)])
            lat = rng.choice([rng.uniform(-85, 85), rng.choice(SPECIAL_LATITUDES)])
        zoom = rng.choice([rng.uniform(zoom_low, zoom_high), zoom_low, zoom_high, (zoom_low + zoom_high) / 2])
        bearing = rng.choice([rng.uniform(-720, 720), 0, 180])
        pitch = rng.choice([rng.uniform(0, 85), 0, 60, 85])
        roll = rng.choice([0, 0, rng.uniform(-180, 180), 90])
        fov = rng.choice([36.87, 36.87, rng.uniform(0.1, 150), 0.1, 150])
        yield dict(lon=lon, lat=lat, zoom=zoom, bearing=bearing, pitch=pitch, roll=roll, fov=fov)


def render(binary, style, camera, size, timeout, out, projection=None):
    """(exit code, CPU seconds, peak MB, last line of stderr) of one render."""
    with tempfile.NamedTemporaryFile(mode="r", suffix=".time") as times:
        cmd = ["/usr/bin/time", "-o", times.name, "-f", "%U %S %M", "timeout", str(timeout), binary, "render", style,
               "-o", out, f"--center={camera['lon']},{camera['lat']}", "--zoom", str(camera["zoom"]),
               f"--bearing={camera['bearing']}", "--pitch", str(camera["pitch"]), f"--roll={camera['roll']}",
               "--fov", str(camera["fov"]), "--size", size] + (["--projection", projection] if projection else [])
        done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        fields = (times.read().strip().splitlines() or [""])[-1].split()
    cpu = float(fields[0]) + float(fields[1]) if len(fields) == 3 else float("nan")
    memory = int(fields[2]) / 1024 if len(fields) == 3 else float("nan")
    lines = done.stderr.strip().splitlines()
    message = next((line for line in lines if "error" in line.lower()), lines[-1] if lines else "")
    return done.returncode, cpu, memory, message


def describe(c):
    return (f"--center={c['lon']:.6g},{c['lat']:.6g} --zoom {c['zoom']:.4g} --bearing={c['bearing']:.5g} "
            f"--pitch {c['pitch']:.4g} --roll={c['roll']:.5g} --fov {c['fov']:.4g}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("style")
    ap.add_argument("--count", type=int, default=80)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--zoom", default="0-24", help="zoom range LOW-HIGH")
    ap.add_argument("--bin", default=".build/release/mercator")
    ap.add_argument("--against", help="a second mercator binary to time on the same cameras")
    ap.add_argument("--size", default="300x200")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--slow", type=float, default=5, help="CPU seconds over which a view is listed")
    ap.add_argument("--around", help="LON,LAT,DEGREES: centres within DEGREES of the point")
    ap.add_argument("--projection", help="the projection to draw in (mercator render --projection)")
    a = ap.parse_args()
    around = tuple(float(v) for v in a.around.split(",")) if a.around else None
    if around is not None and len(around) != 3:
        ap.error("--around takes LON,LAT,DEGREES")
    low, high = (float(v) for v in a.zoom.split("-"))
    binaries = [a.bin] + ([a.against] if a.against else [])
    results = {b: [] for b in binaries}
    problems = 0
    with tempfile.TemporaryDirectory() as scratch:
        out = os.path.join(scratch, "view.png")
        for camera in cameras(a.count, a.seed, low, high, around):
            for binary in binaries:
                code, cpu, memory, message = render(binary, a.style, camera, a.size, a.timeout, out, a.projection)
                results[binary].append((cpu, memory, camera))
                refused = code in (1, 64) and "error" in message.lower()
                if code == 124:
                    problems += 1
                    print(f"TIMEOUT {binary}: {describe(camera)}")
                elif code != 0 and not refused:
                    problems += 1
                    print(f"FAIL (exit {code}) {binary}: {describe(camera)}: {message}")
                elif cpu > a.slow:
                    problems += 1
                    print(f"SLOW {cpu:.2f} s {memory:.0f} MB {binary}: {describe(camera)}")
    for binary, rows in results.items():
        if not rows:
            continue
        times = [r[0] for r in rows if r[0] == r[0]]
        worst = max(rows, key=lambda r: r[0] if r[0] == r[0] else -1)
        print(f"{binary}: {len(rows)} cameras, CPU {sum(times):.1f} s in all, median {statistics.median(times):.2f} s, "
              f"slowest {worst[0]:.2f} s ({describe(worst[2])}), most memory {max(r[1] for r in rows):.0f} MB")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
