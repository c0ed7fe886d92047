#!/usr/bin/env bash
# Runs every hostile input of make_inputs.py through the mercator binary under a time limit:
# scripts/hostile/run_hostile.sh [MERCATOR_BINARY] [OUT_DIR]; prints status, seconds and peak RSS per case.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:-$here/../../.build/release/mercator}"
dir="${2:-/tmp/mercator-hostile}"
python3 "$here/make_inputs.py" "$dir" >/dev/null
limit="${HOSTILE_TIMEOUT:-30}"
for f in "$dir"/*.json "$dir"/*.geojson; do
    name="$(basename "$f")"
    case "$name" in
        layers-*|match-*|interpolate-*|cluster-*) cmds=("style validate $f" "render $f -o $dir/out.png") ;;
        *.geojson) cmds=("render $f -o $dir/out.png" "tile $f 0/0/0") ;;
        *) cmds=("render $f -o $dir/out.png") ;;
    esac
    for c in "${cmds[@]}"; do
        # shellcheck disable=SC2086
        line="$( { /usr/bin/time -f '%e s %M KB' timeout "$limit" "$bin" $c >/dev/null 2>"$dir/err"; } 2>&1 | tail -1)"
        echo "$name | ${c%% *} | $line | $(grep -v '^Command' "$dir/err" | head -1 | cut -c1-120)"
    done
done
