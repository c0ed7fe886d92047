#!/usr/bin/env bash
# Runs fuzz targets: scripts/fuzz.sh TARGET MINUTES [libFuzzer options...]
#                    scripts/fuzz.sh all SECONDS [libFuzzer options...]   (every target in turn, SECONDS each)
#                    scripts/fuzz.sh build                                 (build only)
# TARGET: geojson expression format-string style venue png mvt mlt pmtiles pmtiles-store mbtiles glyphs labels
# (the bodies are `FuzzEntries` in the main package; `swift test` replays the seeds through them:
# FuzzSeedReplayTests). Builds Fuzz/ (libFuzzer + AddressSanitizer, Linux) once, seeds the corpus from
# ../shared, the test fixtures and Tests/MercatorTests/Fixtures/fuzz-seeds (scripts/fuzz-seeds.sh), runs at
# nice 19 and prints libFuzzer's final stats. Crashes land in Fuzz/artifacts/TARGET/; keep each as a
# regression test (a seed under Tests/MercatorTests/Fixtures/fuzz-seeds/TARGET/, or Tests/*/Fuzz*Tests.swift).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
targets="geojson expression format-string style venue png mvt mlt pmtiles pmtiles-store mbtiles glyphs labels"
target="${1:?usage: scripts/fuzz.sh TARGET MINUTES | all SECONDS | build}"
amount="${2:-10}"
shift 2 || shift $#
cd "$root/Fuzz"
flags=(-c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
nice -n 19 swift build "${flags[@]}" >&2
[ "$target" = build ] && exit 0
binary="$(swift build "${flags[@]}" --show-bin-path)/MercatorFuzz"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"

# One target for `seconds`; libFuzzer's output goes to Fuzz/logs/TARGET.log (and standard error).
run() {
    local name="$1" seconds="$2"; shift 2
    local corpus="$root/Fuzz/corpus/$name" artifacts="$root/Fuzz/artifacts/$name" seeds="$root/Fuzz/seeds/$name"
    mkdir -p "$corpus" "$artifacts" "$root/Fuzz/logs"
    "$root/scripts/fuzz-seeds.sh" "$name" "$seeds"
    MERCATOR_FUZZ_TARGET="$name" nice -n 19 "$binary" "$corpus" "$seeds" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=262144 \
        -artifact_prefix="$artifacts/" -print_final_stats=1 "$@" 2>&1 | tee "$root/Fuzz/logs/$name.log" >&2
}

if [ "$target" != all ]; then
    run "$target" "${FUZZ_SECONDS:-$((amount * 60))}" "$@"
    exit
fi
# Every target in turn: a crash in one does not stop the others; the summary says which crashed.
summary=()
status=0
for name in $targets; do
    mkdir -p "$root/Fuzz/artifacts/$name"
    before=$(find "$root/Fuzz/artifacts/$name" -type f | wc -l)
    if run "$name" "$amount" "$@"; then result=ok; else result="exit $?"; status=1; fi
    after=$(find "$root/Fuzz/artifacts/$name" -type f | wc -l)
    log="$root/Fuzz/logs/$name.log"
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    [ "$after" -gt "$before" ] && status=1
    summary+=("$(printf '%-14s %6ss %10s executions %7s/s  %s new artifacts  %s' "$name" "$amount" "${execs:-?}" "${rate:-?}" $((after - before)) "$result")")
done
printf '%s\n' "${summary[@]}"
exit "$status"
