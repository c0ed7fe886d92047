#!/usr/bin/env python3
"""Writes docs/conformance.md from the summaries of the render and query suites.

    swift build && .build/debug/mercator conformance render ../shared/conformance/render-tests > /tmp/render.txt
    .build/debug/mercator conformance query ../shared/conformance/render-tests > /tmp/query.txt
    python3 scripts/conformance_report.py /tmp/render.txt /tmp/query.txt
"""
import os
import re
import sys
from datetime import date

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def section(text, name):
    m = re.search(name + r":\n((?:  .*\n)+)", text)
    return [line.strip() for line in m.group(1).splitlines()] if m else []


def table(rows, header):
    out = ["| %s | passed / tests |" % header, "|---|---|"]
    out += ["| %s | %s |" % tuple(r.rsplit(": ", 1)) for r in rows]
    return out


def main():
    render, query = open(sys.argv[1]).read(), open(sys.argv[2]).read()
    total = render.strip().splitlines()[-1].replace("render: ", "")
    qtotal = query.strip().splitlines()[-1].replace("query: ", "")
    out = [
        "# Conformance: the MapLibre render and query suites", "",
        "Measured with `mercator conformance render|query ../shared/conformance/render-tests` (%s)." % date.today(),
        "A test passes when pixelmatch finds at most `allowed × width × height` differing pixels **and** its style uses",
        "nothing Mercator does not draw yet: the overdraw inspector, missing fixtures or an unsupported",
        "operation make the test fail with that reason even when the picture happens to match. The tests listed under `skipped` in",
        "`regenerated-text-tests.json` (their fonts or resources are not public) are run but left out of the rates.", "",
        "**Render: %s**; **query: %s**." % (total, qtotal), "",
        "The CI floors (`RenderSuiteTests.floor`, `RenderConformanceTests.queryFloor`) are these numbers; they only go up.",
        "Regenerate this page with `scripts/conformance_report.py`.", "",
        "## Render tests per layer type", "", "A test counts for every layer type its style uses.", "",
    ]
    out += table(section(render, "layer types"), "layer type")
    out += ["", "## Most common failure reasons", "", "| tests | reason |", "|---|---|"]
    out += ["| %s | %s |" % tuple(r.split("  ", 1)) for r in section(render, "top failure reasons")]
    out += ["", "## Render tests per family", ""] + table(section(render, "families"), "family")
    out += ["", "## Query tests per family", ""] + table(section(query, "families"), "family")
    out += ["", "Most query failures are the same missing pieces:", ""]
    out += ["- %s" % r for r in section(query, "top failure reasons")[:6]]
    # the hand-written sections from "Goals of the issues" on are kept
    path = os.path.join(ROOT, "docs", "conformance.md")
    if os.path.exists(path):
        old = open(path).read()
        kept = old.find("## Goals of the issues")
        if kept >= 0:
            out += ["", old[kept:].rstrip()]
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
