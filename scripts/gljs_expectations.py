#!/usr/bin/env python3
"""Renders the expected.png of Mercator's GL JS comparison suite with MapLibre GL JS (the reference renderer in
../shared/tools/reference-render-gljs, headless Chromium; run its setup.sh once).

    python3 scripts/gljs_expectations.py [SUITE_DIR] [--filter TEXT]

SUITE_DIR (default Tests/MercatorTests/Fixtures/gljs-render-tests) holds render-tests/<family>/<case>/style.json in
the layout `mercator conformance render` reads. render.py draws a style as it is, so GL JS's harness metadata and the
operations a case lists are applied to the style and the camera first, as GL JS's harness would apply them:
`metadata.test.projection` (the harness's `setProjection({type})` after loading: becomes the root `projection`),
`setProjection` (the root `projection`; null removes it), `setSky` (the root `sky`), `setGlobalStateProperty`
(becomes the state's default; null restores it), the camera setters `setCenter`, `setZoom`, `setBearing`, `setPitch`,
`setRoll` and `jumpTo`/`easeTo`/`flyTo` (their end camera), `wait`/`idle`/`sleep` (nothing). A case with any other operation is
reported and left alone. The camera starts at the style's `center`, `zoom`, `bearing`, `pitch`, `roll` (0 where
absent); the pitch is clamped to `metadata.test.maxPitch` (GL JS's default 60; render.py's page allows 85). The size
and pixel ratio are `metadata.test`'s `width`, `height`, `pixelRatio`. `local://` URLs (the suite's own fixtures:
tiles/, glyphs/, sprites/) become `file://` URLs render.py serves.

One correction, per case and never by default: `metadata.test.stateSubstituted` (`{"members": [...], "why": ...}`)
names root members (`sky`) in which every `["global-state", key]` is replaced by the state's value before GL JS
draws the style. It is for a bug of GL JS 5.24, not a rule: 5.24 evaluates `sky` without the style's global state
(it warns `Could not parse color from value 'null'` and draws the default sky), which later GL JS fixes
(maplibre-gl-js PR #8401, "Transition global-state-driven paint, light and sky properties", routes the sky through
the global state; its `sky/*/global-state` render tests expect the state read). The expectation then shows the rule
(the state read, as the style specification says) drawn by 5.24's sky shader; `why` says so in the case itself.
"""
import argparse
import copy
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# ../shared beside the checkout (or one level further up, from a worktree under a folder of clones)
RENDER = next((p for p in (os.path.join(ROOT, *[".."] * up, "shared", "tools", "reference-render-gljs", "render.py") for up in (1, 2))
               if os.path.isfile(p)), os.path.join(ROOT, "..", "shared", "tools", "reference-render-gljs", "render.py"))


def localized(value, suite):
    """`value` with every `local://` URL made a `file://` URL under the suite."""
    if isinstance(value, str):
        return "file://" + os.path.abspath(suite) + "/" + value[len("local://"):] if value.startswith("local://") else value
    if isinstance(value, list):
        return [localized(v, suite) for v in value]
    if isinstance(value, dict):
        return {k: localized(v, suite) for k, v in value.items()}
    return value


def substituted(value, state):
    """`value` with every `["global-state", key]` replaced by the state's value for `key`."""
    if isinstance(value, list):
        if len(value) == 2 and value[0] == "global-state" and isinstance(value[1], str):
            return copy.deepcopy(state.get(value[1], {}).get("default"))
        return [substituted(v, state) for v in value]
    if isinstance(value, dict):
        return {k: substituted(v, state) for k, v in value.items()}
    return value


def applied(style):
    """(style, camera) with the harness metadata and the operations applied, or None when an operation is not one
    render.py can show."""
    out = copy.deepcopy(style)
    test = out.get("metadata", {}).get("test", {})
    original = copy.deepcopy(style.get("state", {}))
    center = style.get("center", [0, 0])
    camera = {"lon": center[0], "lat": center[1], "zoom": style.get("zoom", 0), "bearing": style.get("bearing", 0),
              "pitch": style.get("pitch", 0), "roll": style.get("roll", 0)}
    if "projection" in test:
        p = test["projection"]
        out["projection"] = p if isinstance(p, dict) else {"type": p}
    for op in test.get("operations", []):
        name = op[0]
        args = op[1:]
        if name in ("wait", "idle", "sleep"):
            continue
        if name == "setProjection":
            if args and args[0] is not None:
                out["projection"] = args[0] if isinstance(args[0], dict) else {"type": args[0]}
            else:
                out.pop("projection", None)
            continue
        if name == "setSky":
            if args and args[0] is not None:
                out["sky"] = args[0]
            else:
                out.pop("sky", None)
            continue
        if name in ("setCenter", "setZoom", "setBearing", "setPitch", "setRoll"):
            if name == "setCenter":
                camera["lon"], camera["lat"] = args[0][0], args[0][1]
            else:
                camera[name[3:].lower()] = args[0]
            continue
        if name in ("jumpTo", "easeTo", "flyTo"):
            options = args[0]
            if "center" in options:
                c = options["center"]
                camera["lon"], camera["lat"] = (c[0], c[1]) if isinstance(c, list) else (c.get("lng", c.get("lon")), c["lat"])
            for key in ("zoom", "bearing", "pitch", "roll"):
                if key in options:
                    camera[key] = options[key]
            continue
        if name == "setGlobalStateProperty":
            key, value = op[1], op[2]
            state = out.setdefault("state", {})
            if value is None:
                if key in original:
                    state[key] = copy.deepcopy(original[key])
                else:
                    state.pop(key, None)
            else:
                state[key] = {"default": value}
            continue
        return None
    test.pop("operations", None)
    for member in test.get("stateSubstituted", {}).get("members", []):
        if member in out:
            out[member] = substituted(out[member], out.get("state", {}))
    camera["pitch"] = min(camera["pitch"], test.get("maxPitch", 60))
    return out, camera


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("suite", nargs="?", default=os.path.join(ROOT, "Tests", "MercatorTests", "Fixtures", "gljs-render-tests"))
    ap.add_argument("--filter", default="")
    args = ap.parse_args()
    failures = 0
    for folder, _, files in sorted(os.walk(os.path.join(args.suite, "render-tests"))):
        if "style.json" not in files or args.filter not in folder:
            continue
        style = json.load(open(os.path.join(folder, "style.json")))
        prepared = applied(style)
        name = os.path.relpath(folder, args.suite)
        if prepared is None:
            print(f"skip {name}: an operation render.py cannot apply", file=sys.stderr)
            continue
        prepared, camera = prepared
        test = style.get("metadata", {}).get("test", {})
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(localized(prepared, args.suite), f)
        command = [sys.executable, RENDER, f.name, os.path.join(folder, "expected.png"),
                   "--lon", str(camera["lon"]), "--lat", str(camera["lat"]), "--zoom", str(camera["zoom"]),
                   "--bearing", str(camera["bearing"]), "--pitch", str(camera["pitch"]), "--roll", str(camera["roll"]),
                   "--width", str(test.get("width", 512)), "--height", str(test.get("height", 512)),
                   "--ratio", str(test.get("pixelRatio", 1))]
        result = subprocess.run(command, capture_output=True, text=True)
        os.unlink(f.name)
        # GL JS's warnings (an unknown projection name falls back to Mercator with one) are what some cases check:
        # the picture stands when every message was a warning
        messages = [line for line in result.stderr.splitlines() if line.startswith("GL JS errors: ") or line.startswith("warn: ")]
        warned_only = result.returncode != 0 and messages and all("warn: " in line for line in messages) and "wrote " in result.stderr
        status = "ok" if result.returncode == 0 or warned_only else "FAILED"
        failures += status == "FAILED"
        print(f"{status} {name}" + (f": {result.stderr.strip()[-300:]}" if result.returncode else ""))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
