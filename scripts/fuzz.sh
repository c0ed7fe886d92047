#!/usr/bin/env bash
# Runs one fuzz target: scripts/fuzz.sh TARGET MINUTES [libFuzzer options...]
# TARGET: geojson expression format-string style venue png mvt mlt pmtiles (or "build" to build only).
# Builds Fuzz/ (libFuzzer + AddressSanitizer, Linux) once, seeds the corpus from ../shared and the
# test fixtures (scripts/fuzz-seeds.sh), runs at nice 19 and prints libFuzzer's final stats.
# Crashes land in Fuzz/artifacts/TARGET/; keep each as a regression test (Tests/*/Fuzz*Tests.swift).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
target="${1:?usage: scripts/fuzz.sh TARGET MINUTES}"
minutes="${2:-10}"
shift 2 || shift $#
cd "$root/Fuzz"
nice -n 19 swift build -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >&2
[ "$target" = build ] && exit 0
binary="$(swift build -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --show-bin-path)/MercatorFuzz"
corpus="$root/Fuzz/corpus/$target"
artifacts="$root/Fuzz/artifacts/$target"
mkdir -p "$corpus" "$artifacts"
"$root/scripts/fuzz-seeds.sh" "$target" "$root/Fuzz/seeds/$target"
export MERCATOR_FUZZ_TARGET="$target"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
exec nice -n 19 "$binary" "$corpus" "$root/Fuzz/seeds/$target" \
    -max_total_time="${FUZZ_SECONDS:-$((minutes * 60))}" -timeout=10 -rss_limit_mb=2048 -max_len=262144 \
    -artifact_prefix="$artifacts/" -print_final_stats=1 "$@"
