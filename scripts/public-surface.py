#!/usr/bin/env python3
"""Lists every public declaration that `import Mercator` makes visible.

Reads the modules `Sources/Mercator/Mercator.swift` re-exports (and, recursively, what those
re-export with `@_exported import`), extracts each one's symbol graph from the debug build's
`.swiftmodule` (swift-symbolgraph-extract, minimum access level public) and writes one line
per declaration, sorted, to docs/public-api.txt:

    Module kind Path.to.declaration :: declaration as written

Synthesized members (protocol default implementations shown on conforming types) are left out;
extensions of other modules' types (`extension Data { public func … }`) are in.

Usage: scripts/public-surface.py [--check]   (after `swift build`)
  --check   compare with the committed docs/public-api.txt instead of rewriting it; exit 1 when
            a declaration was added or removed (what CI runs, so a change to the surface shows in review).
"""
import glob, json, os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, ".build", "debug")
OUT = os.path.join(ROOT, "docs", "public-api.txt")
EXPORT = re.compile(r"^\s*@_exported\s+import\s+(\w+)", re.M)


def exported(module, seen):
    """`module` and every module it re-exports, transitively (only this package's modules)."""
    if module in seen:
        return
    seen.append(module)
    folder = os.path.join(ROOT, "Sources", module)
    for path in glob.glob(os.path.join(folder, "**", "*.swift"), recursive=True):
        with open(path, encoding="utf-8") as f:
            for name in EXPORT.findall(f.read()):
                if os.path.isdir(os.path.join(ROOT, "Sources", name)):
                    exported(name, seen)


def triple():
    out = subprocess.run(["swift", "-print-target-info"], capture_output=True, text=True, check=True).stdout
    return json.loads(out)["target"]["unversionedTriple"]


def extract(module, target, outdir):
    maps = set(glob.glob(os.path.join(BUILD, "*.build", "module.modulemap")))
    maps |= set(glob.glob(os.path.join(ROOT, "Sources", "C*", "module.modulemap")))
    maps |= set(glob.glob(os.path.join(ROOT, ".build", "checkouts", "*", "Sources", "*", "**", "module.modulemap"), recursive=True))
    args = ["swift-symbolgraph-extract", "-module-name", module, "-target", target,
            "-I", os.path.join(BUILD, "Modules"), "-minimum-access-level", "public", "-output-dir", outdir]
    for m in sorted(maps):
        args += ["-Xcc", "-fmodule-map-file=" + m]
    for inc in sorted(glob.glob(os.path.join(ROOT, "Sources", "C*", "include"))):
        args += ["-Xcc", "-I" + inc]
    for pkg in ("freetype2", "fontconfig"):  # the system-library targets' pkg-config flags
        flags = subprocess.run(["pkg-config", "--cflags", pkg], capture_output=True, text=True).stdout.split()
        for flag in flags:
            args += ["-Xcc", flag]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"swift-symbolgraph-extract failed for {module} (run `swift build` first):\n{r.stderr[-2000:]}")


def declarations(outdir, modules):
    lines = set()
    for path in sorted(glob.glob(os.path.join(outdir, "*.symbols.json"))):
        name = os.path.basename(path)[: -len(".symbols.json")]
        module = name.split("@")[0]
        if module not in modules:
            continue
        with open(path, encoding="utf-8") as f:
            graph = json.load(f)
        for s in graph.get("symbols", []):
            if "::SYNTHESIZED::" in s["identifier"]["precise"]:
                continue
            if s.get("accessLevel") not in ("public", "open"):
                continue
            if any(p.startswith("_") for p in s["pathComponents"]):
                continue
            kind = s["kind"]["identifier"].replace("swift.", "")
            decl = "".join(f["spelling"] for f in s.get("declarationFragments", []))
            decl = re.sub(r"\s+", " ", decl).strip()
            lines.add(f"{module} {kind} {'.'.join(s['pathComponents'])} :: {decl}")
    return sorted(lines)


def main():
    check = "--check" in sys.argv[1:]
    modules = []
    exported("Mercator", modules)
    target = triple()
    with tempfile.TemporaryDirectory() as outdir:
        for m in modules:
            extract(m, target, outdir)
        lines = declarations(outdir, set(modules))
    text = "".join(l + "\n" for l in lines)
    types = sum(1 for l in lines if l.split(" ")[1] in ("struct", "class", "enum", "protocol", "typealias", "actor"))
    if check:
        with open(OUT, encoding="utf-8") as f:
            old = set(f.read().splitlines())
        new = set(lines)
        added, removed = sorted(new - old), sorted(old - new)
        for l in added:
            print("+ " + l)
        for l in removed:
            print("- " + l)
        if added or removed:
            print(f"the public surface changed ({len(added)} added, {len(removed)} removed): "
                  "run scripts/public-surface.py and commit docs/public-api.txt", file=sys.stderr)
            sys.exit(1)
        print(f"public surface unchanged: {len(lines)} declarations ({types} types)")
        return
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"{len(lines)} public declarations ({types} types) in {len(modules)} modules: {', '.join(modules)}")


if __name__ == "__main__":
    main()
