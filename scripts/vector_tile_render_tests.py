#!/usr/bin/env python3
"""The render tests whose style has a `vector` source, outside the text-*, icon-* and symbol-* families
(issue 13: "render tests whose sources are vector tiles pass at 90% or more").

usage: vector_tile_render_tests.py [--list] [--mercator PATH] [RENDER_TESTS_DIR]

RENDER_TESTS_DIR is the folder holding render-tests/ (default ../shared/conformance/render-tests).
--list prints the test ids only; otherwise each test runs through
`mercator conformance render DIR --filter ID --json` (PATH defaults to .build/debug/mercator) and the
script prints each failure and the pass count. Exit status 1 below 90%.
"""
import json
import os
import subprocess
import sys

EXCLUDED = ("text-", "icon-", "symbol-")


def vector_tile_tests(root):
    base = os.path.join(root, "render-tests")
    out = []
    for folder, _, files in os.walk(base):
        if "style.json" not in files:
            continue
        test = os.path.relpath(folder, base)
        if test.split(os.sep)[0].startswith(EXCLUDED):
            continue
        try:
            with open(os.path.join(folder, "style.json")) as fh:
                style = json.load(fh)
        except (OSError, ValueError):
            continue
        sources = style.get("sources") or {}
        if any(isinstance(s, dict) and s.get("type") == "vector" for s in sources.values()):
            out.append(test.replace(os.sep, "/"))
    return sorted(out)


def main():
    args = sys.argv[1:]
    list_only = "--list" in args
    args = [a for a in args if a != "--list"]
    mercator = ".build/debug/mercator"
    if "--mercator" in args:
        i = args.index("--mercator")
        mercator = args[i + 1]
        del args[i:i + 2]
    here = os.path.dirname(os.path.abspath(__file__))
    root = args[0] if args else os.path.join(here, "..", "..", "shared", "conformance", "render-tests")
    tests = vector_tile_tests(root)
    if list_only:
        print("\n".join(tests))
        return 0
    passed, failures = 0, []
    for test in tests:
        run = subprocess.run([mercator, "conformance", "render", root, "--filter", test, "--json"],
                             capture_output=True, text=True)
        result = None
        for line in run.stdout.splitlines():
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if r.get("id") == test:
                result = r
        if result and result.get("passed"):
            passed += 1
        else:
            reason = "no result" if result is None else (result.get("error") or
                     f"{result.get('differingPixels')} pixels differ, {result.get('allowedPixels')} allowed")
            failures.append((test, reason))
            print(f"FAIL {test}: {reason}", flush=True)
    share = passed / len(tests) if tests else 0
    print(f"vector-tile render tests (no text-/icon-/symbol- families): {passed}/{len(tests)} passed ({share:.1%})")
    return 0 if share >= 0.9 else 1


if __name__ == "__main__":
    sys.exit(main())
