#!/usr/bin/env python3
"""Renders the expected.png of Mercator's GL JS comparison suite with MapLibre GL JS (the reference renderer in
../shared/tools/reference-render-gljs, headless Chromium; run its setup.sh once).

    python3 scripts/gljs_expectations.py [SUITE_DIR] [--filter TEXT]

SUITE_DIR (default Tests/MercatorTests/Fixtures/gljs-render-tests) holds render-tests/<family>/<case>/style.json in
the layout `mercator conformance render` reads. render.py draws a style as it is, so the operations a case lists are
applied to the style first where they are style changes GL JS would make the same way: `setGlobalStateProperty`
(becomes the state's default; null restores it), `wait`/`idle` (nothing). A case with any other operation is
reported and left alone. The camera is the style's `center`, `zoom`, `bearing`, `pitch`, `roll` (0 where absent);
the size and pixel ratio are `metadata.test`'s `width`, `height`, `pixelRatio`. `local://X` URLs name files under
SUITE_DIR (as the runner reads them) and become absolute `file://` URLs for render.py.
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
RENDER = os.path.join(ROOT, "..", "shared", "tools", "reference-render-gljs", "render.py")


def applied(style):
    """The style with its operations applied, or None when one is not a style change render.py can show."""
    out = copy.deepcopy(style)
    test = out.get("metadata", {}).get("test", {})
    original = copy.deepcopy(style.get("state", {}))
    for op in test.get("operations", []):
        name = op[0]
        if name in ("wait", "idle"):
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
    return out


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
        test = style.get("metadata", {}).get("test", {})
        center = style.get("center", [0, 0])
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            f.write(json.dumps(prepared).replace("local://", "file://" + os.path.abspath(args.suite) + "/"))
        command = [sys.executable, RENDER, f.name, os.path.join(folder, "expected.png"),
                   "--lon", str(center[0]), "--lat", str(center[1]), "--zoom", str(style.get("zoom", 0)),
                   "--bearing", str(style.get("bearing", 0)), "--pitch", str(style.get("pitch", 0)), "--roll", str(style.get("roll", 0)),
                   "--width", str(test.get("width", 512)), "--height", str(test.get("height", 512)),
                   "--ratio", str(test.get("pixelRatio", 1))]
        result = subprocess.run(command, capture_output=True, text=True)
        os.unlink(f.name)
        status = "ok" if result.returncode == 0 else "FAILED"
        failures += result.returncode != 0
        print(f"{status} {name}" + (f": {result.stderr.strip()[-300:]}" if result.returncode else ""))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
