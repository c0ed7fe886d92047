#!/usr/bin/env python3
"""Lists every public declaration that `import Mercator` makes visible, and checks that none names a hidden type.

`import Mercator` is the front door: the Mercator module itself, and the SDK's vocabulary re-exported type by
type in `Sources/Mercator/Exports.swift` (`@_exported public import struct GeoJSON.GeoJSONFeature`, ...). The script
extracts the symbol graph of every library module of the package from the debug build's `.swiftmodule`
(swift-symbolgraph-extract, minimum access level public) and keeps what the front door shows: Mercator's
declarations, each exported type with its members (its own module's and other modules' extensions of it), and
the front door's modules' extensions of types outside the package (`Double.init(expressionValue:)`: a program
that loads the module sees them). One line per declaration, sorted, to docs/public-api.txt:

    Module kind Path.to.declaration :: declaration as written

Synthesized members (protocol default implementations shown on conforming types) are left out.

Every declaration shown is checked: a type of the package named in its signature that the front door does not
export (a public engine type) is an error, listed with the declaration that names it. Export it in
Exports.swift or make it `package`.

Usage: scripts/public-surface.py [--check]   (after `swift build`)
  --check   compare with the committed docs/public-api.txt instead of rewriting it; exit 1 when
            a declaration was added or removed (what CI runs, so a change to the surface shows in review).
"""
import glob, json, os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, ".build", "debug")
OUT = os.path.join(ROOT, "docs", "public-api.txt")
EXPORTS = os.path.join(ROOT, "Sources", "Mercator", "Exports.swift")
SCOPED = re.compile(r"^\s*@_exported\s+public\s+import\s+(?:struct|class|enum|protocol|typealias|func|var|let|actor)\s+(\w+)\.(\w+)", re.M)
WHOLE = re.compile(r"^\s*@_exported\s+(?:public\s+)?import\s+(\w+)\s*$", re.M)


def front_door():
    """{module: set of exported top-level names, or None for a module exported whole}."""
    exports = {"Mercator": None}
    with open(EXPORTS, encoding="utf-8") as f:
        text = f.read()
    for module, name in SCOPED.findall(text):
        if exports.get(module, set()) is not None:
            exports.setdefault(module, set()).add(name)
    for module in WHOLE.findall(text):
        exports[module] = None
    return exports


def library_modules():
    """Every Swift library module of the package (the executables and C targets left out)."""
    names = []
    for folder in sorted(glob.glob(os.path.join(ROOT, "Sources", "*"))):
        name = os.path.basename(folder)
        if name.startswith("C") and name[1:2].isupper() or name in ("mercator", "mercator-bench"):
            continue
        if glob.glob(os.path.join(folder, "**", "*.swift"), recursive=True):
            names.append(name)
    return names


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


def declarations(outdir, exports):
    """The declarations the front door shows, and the hidden package types their signatures name."""
    graphs = []
    owner = {}  # a package type's USR -> (module, top-level name)
    for path in sorted(glob.glob(os.path.join(outdir, "*.symbols.json"))):
        name = os.path.basename(path)[: -len(".symbols.json")]
        module, _, extended = name.partition("@")
        with open(path, encoding="utf-8") as f:
            graph = json.load(f)
        graphs.append((module, extended, graph))
        if not extended:
            for s in graph.get("symbols", []):
                owner[s["identifier"]["precise"]] = (module, s["pathComponents"][0])

    def shown(module, root):
        names = exports.get(module, set())
        return names is None or root in names

    lines, hidden = set(), set()
    for module, extended, graph in graphs:
        for s in graph.get("symbols", []):
            if "::SYNTHESIZED::" in s["identifier"]["precise"]:
                continue
            if s.get("accessLevel") not in ("public", "open"):
                continue
            if any(p.startswith("_") for p in s["pathComponents"]):
                continue
            root = s["pathComponents"][0]
            if extended and extended in owner_modules(owner):
                visible = shown(extended, root)  # an extension of a package type: shown with the type
            elif extended:
                visible = module in exports  # an extension of Foundation's or the stdlib's types (its members are reachable)
            else:
                visible = shown(module, root)
            if not visible:
                continue
            kind = s["kind"]["identifier"].replace("swift.", "")
            fragments = s.get("declarationFragments", [])
            decl = "".join(f["spelling"] for f in fragments)
            decl = re.sub(r"\s+", " ", decl).strip()
            line = f"{module} {kind} {'.'.join(s['pathComponents'])} :: {decl}"
            lines.add(line)
            for f in fragments:
                named = owner.get(f.get("preciseIdentifier", ""))
                if f["kind"] == "typeIdentifier" and named and not shown(*named):
                    hidden.add(f"{named[0]}.{named[1]} in {line}")
    return sorted(lines), sorted(hidden)


_modules_cache = {}


def owner_modules(owner):
    key = id(owner)
    if key not in _modules_cache:
        _modules_cache[key] = {m for m, _ in owner.values()}
    return _modules_cache[key]


def main():
    check = "--check" in sys.argv[1:]
    exports = front_door()
    modules = library_modules()
    target = triple()
    with tempfile.TemporaryDirectory() as outdir:
        for m in modules:
            extract(m, target, outdir)
        lines, hidden = declarations(outdir, exports)
    if hidden:
        for h in hidden:
            print("hidden type named: " + h, file=sys.stderr)
        sys.exit(f"{len(hidden)} public declarations name a type `import Mercator` does not export: "
                 "export it in Sources/Mercator/Exports.swift or make it `package`")
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
    print(f"{len(lines)} public declarations ({types} types) through `import Mercator` ({', '.join(sorted(exports))})")


if __name__ == "__main__":
    main()
