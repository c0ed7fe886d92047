#!/bin/bash
# Instruction counts of MVT decoding, reproducible on a busy machine: builds a small driver that
# links only Tiling and GeoJSON (valgrind 3.19 cannot load the full mercator-bench binary), decodes
# TILE REPS times the way `mercator-bench tiles` does (MODE: objects, flat, streamed or columns), and runs it
# under callgrind. Prints the instruction total; the profile is left in $OUT/callgrind.out for
# callgrind_annotate.
#
# usage: scripts/mvt_decode_profile.sh [TILE] [MODE] [REPS]
#   TILE defaults to the suite's Mapbox Streets tile (../shared/conformance/render-tests/tiles/14-8802-5374.mvt)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TILE=$(realpath "${1:-$ROOT/../shared/conformance/render-tests/tiles/14-8802-5374.mvt}")
MODE=${2:-objects}
REPS=${3:-20}
OUT=${OUT:-${TMPDIR:-/tmp}/mercator-mvt-profile}
mkdir -p "$OUT/Sources/Driver"
for t in Tiling GeoJSON CMercatorPrefetch CMercatorZlib; do ln -sfn "$ROOT/Sources/$t" "$OUT/Sources/$t"; done
cat > "$OUT/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(name: "MVTProfile", targets: [
    .target(name: "GeoJSON"),
    .target(name: "CMercatorPrefetch"),
    .systemLibrary(name: "CMercatorZlib", path: "Sources/CMercatorZlib"),
    .target(name: "Tiling", dependencies: ["GeoJSON", "CMercatorPrefetch", "CMercatorZlib"], exclude: ["Tiling.docc"]),
    .executableTarget(name: "Driver", dependencies: ["Tiling"]),
])
SWIFT
cat > "$OUT/Sources/Driver/main.swift" <<'SWIFT'
import Foundation
import Tiling

// As VectorTileBench.decodeAll in Sources/mercator-bench/VectorTiles.
@inline(never)
func decodeAll(_ bytes: ContiguousArray<UInt8>, mode: String) throws -> Int {
    let tile = try VectorTile(bytes: bytes)
    var n = 0
    if mode == "columns" {
        for l in 0..<tile.layerCount {
            for f in try tile.columns(at: l) {
                n &+= f.rawType
                if let id = f.id { n &+= Int(truncatingIfNeeded: id) }
                f.forEachProperty { key, value in
                    n &+= key.utf8.count
                    if case .string(let s) = value { n &+= s.utf8.count }
                }
                for ring in f.rings { ring.withUnsafeCoordinates { for c in $0 { n &+= Int(c) } } }
            }
        }
        return n
    }
    var g = VectorTileGeometry()
    for l in 0..<tile.layerCount {
        let layer = try tile.layer(at: l)
        for i in 0..<layer.count {
            let f = try layer.feature(at: i)
            n &+= f.rawType
            switch mode {
            case "objects":
                n &+= f.properties.count
                n &+= try f.geometry().count
            case "flat":
                n &+= f.properties.count
                try f.decodeGeometry(into: &g)
                n &+= g.pointCount
            default:
                f.forEachProperty { key, value in
                    n &+= key.utf8.count
                    if case .string(let s) = value { n &+= s.utf8.count }
                }
                try f.decodeGeometry(into: &g)
                n &+= g.pointCount
            }
        }
    }
    return n
}

let args = CommandLine.arguments
let bytes = ContiguousArray(try Data(contentsOf: URL(fileURLWithPath: args[1])))
var sink = 0
for _ in 0..<Int(args[3])! { sink &+= try decodeAll(bytes, mode: args[2]) }
print("checksum \(sink)")
SWIFT
(cd "$OUT" && swift build -c release >/dev/null)
valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.out" "$OUT/.build/release/Driver" "$TILE" "$MODE" "$REPS" 2>&1 \
    | grep -E "refs|checksum" | sed "s|^|$(basename "$TILE") $MODE x$REPS: |"
