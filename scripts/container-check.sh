#!/usr/bin/env bash
# scripts/container-check.sh: checks deploy/Containerfile where Docker cannot run.
#
#   1. builds the release binary with the Containerfile's own `swift build` line (run it on the
#      Containerfile's build image, swift:6.x-bookworm, or a bookworm machine with the build stage's headers);
#   2. bootstraps a Debian bookworm root (debootstrap --variant=minbase) with exactly the runtime packages
#      the Containerfile's final stage installs;
#   3. copies the binary and its resource bundles in, as the Containerfile does (/usr/local/bin);
#   4. in a chroot: no library is missing (ldd), `mercator --version` reports the traits and libwebp,
#      a map renders to PNG, JPEG and WebP, and `mercator serve` answers /health and a raster tile
#      over loopback (127.0.0.1 only).
#
# Usage: scripts/container-check.sh [WORKDIR]     (root: debootstrap and chroot need it)
#   MIRROR=http://deb.debian.org/debian   the Debian mirror
#   SKIP_BUILD=1                          use the release binary already built
#   SWIFT_BUILD_FLAGS="--ignore-lock"     more flags for the swift build commands (e.g. where several builds share a lock)
#   BIN_DIR=folder                        with SKIP_BUILD=1: the folder holding the binary and its resource bundles
#   CONFIGURATION=debug                   build and check a debug binary instead, with the same command otherwise
#                                         (`-c debug`: the same link line, so the same libraries linked and loaded;
#                                         what .ci/run does, reusing its debug build, as a release build would not fit)
#   KEEP=1                                keep the temporary folder (the root is ~250 MB); a WORKDIR given is always kept
# Needs debootstrap (apt-get install debootstrap) and network access to the mirror; outside the Swift image the
# static Foundation also needs libcurl4-openssl-dev to link (the image has it). Exit status 0: all checks passed.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
containerfile="$repo/deploy/Containerfile"
if [ -n "${1:-}" ]; then
    work="$1"; created=0   # a folder given is kept (its root is reused by the next run)
    mkdir -p "$work"
else
    work="$(mktemp -d /tmp/mercator-container-check.XXXXXX)"; created=1
fi
mirror="${MIRROR:-http://deb.debian.org/debian}"
root="$work/root"
port="${PORT:-18080}"

say() { printf '== %s\n' "$*" >&2; }
fail() { printf 'container-check: FAILED: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || fail "run as root (debootstrap and chroot need it)"
command -v debootstrap >/dev/null || fail "debootstrap is not installed (apt-get install debootstrap)"

# The Containerfile, read as Docker would: continuation lines joined.
joined="$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$containerfile")"
build_line="$(printf '%s\n' "$joined" | sed -n 's/^RUN \(swift build .*\)$/\1/p' | head -1)"
[ -n "$build_line" ] || fail "no 'RUN swift build' line in $containerfile"
# The final stage's `apt-get install … --no-install-recommends PKG… &&`.
packages="$(printf '%s\n' "$joined" | awk '/^FROM debian:/{final=1} final' | grep 'apt-get install' | head -1 \
    | sed -e 's/.*--no-install-recommends//' -e 's/&&.*//' | xargs)"
[ -n "$packages" ] || fail "no runtime apt-get install line in the final stage of $containerfile"
suite="$(printf '%s\n' "$joined" | sed -n 's/^FROM debian:\([a-z]*\).*/\1/p' | head -1)"
say "build: $build_line"
say "runtime packages ($suite): $packages"

# 1. The release binary, built as the Containerfile builds it (CONFIGURATION=debug: the same command in debug).
configuration="${CONFIGURATION:-release}"
case "$configuration" in
    release) ;;
    debug) build_line="${build_line/-c release/-c debug}"; say "debug form: $build_line" ;;
    *) fail "CONFIGURATION must be release or debug (found $configuration)" ;;
esac
if [ "${SKIP_BUILD:-0}" != 1 ]; then
    say "building ($configuration)"
    start=$(date +%s)
    (cd "$repo" && eval "$build_line ${SWIFT_BUILD_FLAGS:-}")
    say "built in $(( $(date +%s) - start )) s"
fi
bin="${BIN_DIR:-$(cd "$repo" && swift build -c "$configuration" ${SWIFT_BUILD_FLAGS:-} --show-bin-path)}"
[ -x "$bin/mercator" ] || fail "no $configuration binary at $bin/mercator"

# 2. A minimal Debian root with exactly those packages.
mounted=()
cleanup() {
    if [ -n "${server_pid:-}" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    local still=0
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
        umount "${mounted[$i]}" 2>/dev/null || umount -l "${mounted[$i]}" 2>/dev/null || true
        if mountpoint -q "${mounted[$i]}"; then still=1; fi
    done
    # Never delete through a bind mount of the host's /proc or /dev.
    if [ "$still" = 1 ]; then say "a mount is still in place under $root: not deleting $work"; return; fi
    if [ "$created" = 1 ] && [ "${KEEP:-0}" != 1 ]; then rm -rf "$work"; else say "kept $work"; fi
}
trap cleanup EXIT
if [ ! -x "$root/bin/sh" ]; then
    say "debootstrap $suite into $root"
    mkdir -p "$root"
    debootstrap --variant=minbase --include="$(printf '%s' "$packages" | tr ' ' ',')" "$suite" "$root" "$mirror" > "$work/debootstrap.log" 2>&1 \
        || { tail -20 "$work/debootstrap.log" >&2; fail "debootstrap failed (log: $work/debootstrap.log)"; }
fi
for p in $packages; do
    chroot "$root" dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' || fail "package $p is not installed in the root"
done

# 3. The binary and its resource bundles beside it, as `COPY --from=build /out/ /usr/local/bin/` puts them.
cp "$bin/mercator" "$root/usr/local/bin/"
for r in "$bin"/*.resources; do [ -e "$r" ] && cp -R "$r" "$root/usr/local/bin/"; done
mkdir -p "$root/data"
cp "$repo/Samples/world-cities.geojson" "$root/data/"
cat > "$root/data/style.json" <<'EOF'
{"version": 8, "sources": {"cities": {"type": "geojson", "data": "world-cities.geojson"}},
 "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#dde8f0"}},
            {"id": "dots", "type": "circle", "source": "cities", "paint": {"circle-color": "#d33", "circle-radius": 2}}]}
EOF
for fs in proc dev; do
    mount --bind "/$fs" "$root/$fs"
    mounted+=("$root/$fs")
done
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/tmp "$@"; }

# 4. The checks.
say "ldd"
missing="$(in_root ldd /usr/local/bin/mercator | grep 'not found' || true)"
[ -z "$missing" ] || fail "libraries missing in the runtime image: $missing"
version="$(in_root /usr/local/bin/mercator --version)"
say "mercator --version: $version"
case "$version" in *"WebP: libwebp loaded"*) ;; *) fail "libwebp7 does not load in the runtime image: $version" ;; esac
case "$version" in *LibJPEG*) ;; *) fail "the binary was built without the LibJPEG trait: $version" ;; esac

say "render"
for ext in png jpg webp; do
    in_root /usr/local/bin/mercator render /data/style.json --center 10,50 --zoom 3 --size 400x300 -o "/data/map.$ext" \
        || fail "render to .$ext failed"
done
head -c 8 "$root/data/map.png" | od -An -tx1 | grep -q '89 50 4e 47' || fail "map.png is not a PNG"
head -c 3 "$root/data/map.jpg" | od -An -tx1 | grep -q 'ff d8 ff' || fail "map.jpg is not a JPEG"
[ "$(dd if="$root/data/map.webp" bs=1 skip=8 count=4 2>/dev/null)" = WEBP ] || fail "map.webp is not a WebP"
in_root /usr/local/bin/mercator render /data/world-cities.geojson --size 400x300 -o /data/cities.png || fail "GeoJSON render failed"

say "serve on 127.0.0.1:$port"
chroot "$root" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/tmp \
    /usr/local/bin/mercator serve /data/style.json --host 127.0.0.1 --port "$port" > "$work/serve.log" 2>&1 &
server_pid=$!
up=0
for _ in $(seq 1 60); do
    if curl -sf --max-time 2 "http://127.0.0.1:$port/health" > /dev/null; then up=1; break; fi
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 1
done
[ "$up" = 1 ] || { cat "$work/serve.log" >&2; fail "mercator serve did not answer /health"; }
status="$(curl -s --max-time 60 -o "$work/tile.png" -w '%{http_code} %{content_type}' "http://127.0.0.1:$port/styles/style/1/0/0.png")"
[ "$status" = "200 image/png" ] || fail "raster tile: $status"
head -c 8 "$work/tile.png" | od -An -tx1 | grep -q '89 50 4e 47' || fail "the tile is not a PNG"
kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=

say "passed: $(wc -c < "$root/data/map.png") B PNG, $(wc -c < "$root/data/map.jpg") B JPEG, $(wc -c < "$root/data/map.webp") B WebP, tile $(wc -c < "$work/tile.png") B"
