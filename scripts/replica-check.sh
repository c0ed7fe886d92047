#!/usr/bin/env bash
# Two `mercator serve` replicas behind nginx on loopback, wrk through the balancer for $DURATION,
# one replica killed (SIGKILL) a third of the way in. Shows, and fails (exit 1) unless:
#   - both replicas give the same bytes and ETag for the same tiles;
#   - no wrong bytes: every 200 body fetched through the balancer during the run (a curl loop beside
#     wrk) has the hash a single replica gave for that URL before the run;
#   - errors only for requests in flight on the killed replica: wrk's errors <= its connections;
#   - the survivor carries the load: it answered requests after the kill, and 40 requests through
#     the balancer afterwards all succeed.
# Timing only sets how long things run; the bounds are generous. Stops by itself.
# Usage: scripts/replica-check.sh [DURATION_SECONDS] [CONNECTIONS]   (MERCATOR_BIN to pick the binary)
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-10}"
CONNECTIONS="${2:-8}"
for tool in nginx wrk curl python3; do
    command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] || { echo "replica-check: $tool is not installed (apt-get install nginx-light wrk curl)" >&2; exit 1; }
done
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"
BIN="${MERCATOR_BIN:-.build/debug/mercator}"
[ -x "$BIN" ] || swift build --product mercator >/dev/null
WORK="$(mktemp -d)"
PIDS=()
cleanup() {
    for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
    [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

start_replica() {  # NAME: starts `mercator serve` on a free port, sets PORT_NAME and PID_NAME
    local name=$1 log="$WORK/$1.log"
    "$BIN" serve Samples/world-cities.geojson --port 0 --render-threads 1 --drain 2 >"$log" 2>&1 &
    local pid=$!
    PIDS+=("$pid")
    for _ in $(seq 1 600); do grep -q "on http://" "$log" && break; sleep 0.1; done
    local port
    port="$(grep -o 'http://127.0.0.1:[0-9]*' "$log" | head -1 | sed 's/.*://')"
    [ -n "$port" ] || { echo "replica-check: replica $name did not start:"; cat "$log"; exit 1; }
    printf -v "PORT_$name" '%s' "$port"
    printf -v "PID_$name" '%s' "$pid"
}

requests() {  # PORT: the sum of mercator_http_requests_total on that replica
    curl -s "http://127.0.0.1:$1/metrics" | awk '/^mercator_http_requests_total/ {s += $NF} END {printf "%d\n", s}'
}

start_replica A
start_replica B
LB_PORT="$(free_port)"
cat >"$WORK/nginx.conf" <<NGINX
worker_processes 2;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log warn;
daemon on;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $WORK/body; proxy_temp_path $WORK/proxy; fastcgi_temp_path $WORK/fastcgi;
    uwsgi_temp_path $WORK/uwsgi; scgi_temp_path $WORK/scgi;
    upstream mercator {
        server 127.0.0.1:$PORT_A max_fails=1 fail_timeout=30s;
        server 127.0.0.1:$PORT_B max_fails=1 fail_timeout=30s;
        keepalive 16;
    }
    server {
        listen 127.0.0.1:$LB_PORT;
        location / {
            proxy_pass http://mercator;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_next_upstream error timeout http_502 http_503;
            proxy_next_upstream_tries 2;
            proxy_connect_timeout 1s;
            proxy_read_timeout 35s;
        }
    }
}
NGINX
"$NGINX" -c "$WORK/nginx.conf" -p "$WORK" 2>"$WORK/nginx-start.log" || { cat "$WORK/nginx-start.log"; exit 1; }
LB="http://127.0.0.1:$LB_PORT"
for _ in $(seq 1 100); do curl -sf "$LB/health" >/dev/null && break; sleep 0.1; done

# The URLs checked for bytes: 40 tiles of zooms 0-4 (the same list every run).
python3 - >"$WORK/urls" <<'PY'
import random
random.seed(7)
for _ in range(40):
    z = random.randint(0, 4); n = 2 ** z
    print(f"/styles/world-cities/{z}/{random.randrange(n)}/{random.randrange(n)}.png")
PY
# Reference hashes and ETags from each replica directly.
fail=0
while read -r url; do
    a="$(curl -s -D "$WORK/ha" "http://127.0.0.1:$PORT_A$url" | sha256sum | cut -c1-64)"
    b="$(curl -s -D "$WORK/hb" "http://127.0.0.1:$PORT_B$url" | sha256sum | cut -c1-64)"
    ea="$(grep -i '^etag:' "$WORK/ha" | tr -d '\r')"; eb="$(grep -i '^etag:' "$WORK/hb" | tr -d '\r')"
    if [ "$a" != "$b" ] || [ "$ea" != "$eb" ] || [ -z "$ea" ]; then
        echo "FAIL: $url differs between replicas ($a $ea / $b $eb)"; fail=1
    fi
    echo "$url $a" >>"$WORK/reference"
done <"$WORK/urls"
echo "replicas agree on bytes and ETag for $(wc -l <"$WORK/urls") tiles"

# A curl loop through the balancer beside wrk, recording status and body hash.
(
    while [ ! -e "$WORK/stop" ]; do
        while read -r url; do
            [ -e "$WORK/stop" ] && break
            code="$(curl -s -o "$WORK/response" -w '%{http_code}' --max-time 40 "$LB$url" || echo 000)"
            echo "$url $code $(sha256sum <"$WORK/response" | cut -c1-64)" >>"$WORK/observed"
        done <"$WORK/urls"
    done
) &
CHECKER=$!
PIDS+=("$CHECKER")

cat >"$WORK/tiles.lua" <<'LUA'
math.randomseed(42)
request = function()
  local z = math.random(0, 6)
  local n = 2 ^ z
  return wrk.format("GET", string.format("/styles/world-cities/%d/%d/%d.png", z, math.random(0, n - 1), math.random(0, n - 1)))
end
LUA
wrk -t2 -c"$CONNECTIONS" -d"${DURATION}s" --timeout 30s -s "$WORK/tiles.lua" "$LB" >"$WORK/wrk.out" 2>&1 &
WRK=$!
sleep "$(python3 -c "print($DURATION / 3)")"
before_kill_b="$(requests "$PORT_B")"
kill -KILL "$PID_B"
wait "$PID_B" 2>/dev/null || true
survivor_at_kill="$(requests "$PORT_A")"
wait "$WRK" || true
survivor_at_end="$(requests "$PORT_A")"
touch "$WORK/stop"
wait "$CHECKER" 2>/dev/null || true

# After the run: the survivor alone, 40 requests, all must succeed with the right bytes.
after_ok=0
while read -r url; do
    code="$(curl -s -o "$WORK/response" -w '%{http_code}' --max-time 40 "$LB$url" || echo 000)"
    [ "$code" = 200 ] && grep -q "^$url $(sha256sum <"$WORK/response" | cut -c1-64)\$" "$WORK/reference" && after_ok=$((after_ok + 1))
done <"$WORK/urls"

python3 - "$WORK" "$CONNECTIONS" "$DURATION" "$before_kill_b" "$survivor_at_kill" "$survivor_at_end" "$after_ok" "$fail" <<'PY'
import re, sys
work, connections, duration = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
b_before, a_kill, a_end, after_ok, fail = (int(x) for x in sys.argv[4:9])
out = open(f"{work}/wrk.out").read()
def grab(p, d="0"):
    m = re.search(p, out); return m.group(1) if m else d
total = int(grab(r"(\d+) requests in")); rps = grab(r"Requests/sec:\s+([\d.]+)")
non2xx = int(grab(r"Non-2xx or 3xx responses: (\d+)"))
sock = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
socket_errors = sum(int(g) for g in sock.groups()) if sock else 0
reference = dict(line.split() for line in open(f"{work}/reference"))
observed = [line.split() for line in open(f"{work}/observed")] if __import__("os").path.exists(f"{work}/observed") else []
ok = [o for o in observed if o[1] == "200"]
wrong = [o for o in ok if reference.get(o[0]) != o[2]]
failed = [o for o in observed if o[1] != "200"]
print(f"wrk -t2 -c{connections} -d{duration:g}s through nginx, replica B killed (SIGKILL) at {duration / 3:.1f} s")
print(f"  requests: {total} ({rps}/s), non-2xx: {non2xx}, socket errors: {socket_errors}")
print(f"  replica B answered {b_before} requests before it was killed; survivor A answered {a_end - a_kill} after the kill ({a_end} in all)")
print(f"  byte check beside wrk: {len(observed)} responses, {len(ok)} 200 with {len(wrong)} wrong bodies, {len(failed)} failed")
print(f"  after the run, through the balancer with one replica: {after_ok}/40 correct")
problems = []
if fail: problems.append("replicas disagree on bytes or ETag")
if total == 0: problems.append("wrk made no requests")
if wrong: problems.append(f"{len(wrong)} wrong bodies, e.g. {wrong[0]}")
if non2xx + socket_errors > connections: problems.append(f"{non2xx + socket_errors} errors: more than the {connections} requests that can be in flight")
if len(failed) > 1: problems.append(f"{len(failed)} failed requests in the byte check (at most the one in flight may fail)")
if b_before == 0: problems.append("replica B took no requests before the kill (the balancer did not spread the load)")
if a_end - a_kill <= 0: problems.append("the survivor answered nothing after the kill")
if after_ok != 40: problems.append(f"only {after_ok}/40 requests succeeded with one replica")
for p in problems: print("FAIL:", p)
print("replica-check: " + ("FAILED" if problems else "passed"))
sys.exit(1 if problems else 0)
PY
