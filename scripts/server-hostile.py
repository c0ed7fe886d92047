#!/usr/bin/env python3
"""Hostile clients against a `mercator serve` on 127.0.0.1, bounded in count and time, with the
server's resident memory (VmRSS, VmHWM from /proc/PID/status) before, during and after.

    server-hostile.py PID PORT pipeline [CONNECTIONS] [REQUESTS] [SECONDS] [PAD]
        CONNECTIONS clients each write REQUESTS pipelined GETs of a 914 KB asset (each with a PAD-byte
        header) and never read, hold SECONDS, then close.
    server-hostile.py PID PORT idle [CONNECTIONS] [SECONDS]
        CONNECTIONS sockets that never send; /health is timed while they are open.
    server-hostile.py PID PORT slowloris [CONNECTIONS] [SECONDS]
        CONNECTIONS sockets trickling header lines every second for SECONDS; counts those the server closed.
"""
import os, socket, sys, time, urllib.request

PATH = os.environ.get("HOSTILE_PATH", "/assets/maplibre-gl.js")


def rss(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(("VmRSS", "VmHWM")):
                k, v = line.split(":")
                fields[k] = int(v.split()[0]) // 1024
    return fields


def health(port, timeout=30):
    start = time.time()
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=timeout).read()
        return f"{time.time() - start:.2f} s"
    except Exception as e:
        return f"failed after {time.time() - start:.1f} s ({e})"


def main():
    pid, port, mode = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    args = [int(a) for a in sys.argv[4:]]
    print("before", rss(pid), "health", health(port))
    socks = []
    if mode == "pipeline":
        conns, requests, hold, pad = (args + [50, 2000, 10, 0][len(args):])[:4]
        one = b"GET " + PATH.encode() + b" HTTP/1.1\r\nHost: localhost\r\n" + (b"X-Pad: " + b"p" * pad + b"\r\n" if pad else b"") + b"\r\n"
        sent = 0
        for _ in range(conns):
            s = socket.create_connection(("127.0.0.1", port))
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.setblocking(False)
            socks.append(s)
            data = memoryview(one * requests)
            deadline = time.time() + 2
            while data and time.time() < deadline:  # at most 2 s of writing per connection
                try:
                    n = s.send(data)
                    sent += n
                    data = data[n:]
                except BlockingIOError:
                    time.sleep(0.01)
        print(f"{conns} connections wrote {sent // len(one)} of {conns * requests} requests")
        peak = 0
        end = time.time() + hold
        while time.time() < end:
            peak = max(peak, rss(pid)["VmRSS"])
            time.sleep(0.25)
        print("during", rss(pid), "peak sampled", peak, "health", health(port))
    elif mode == "idle":
        conns, hold = (args + [2000, 10][len(args):])[:2]
        for _ in range(conns):
            try:
                socks.append(socket.create_connection(("127.0.0.1", port), timeout=2))
            except OSError:
                break
        print(f"{len(socks)} idle connections; health {health(port)}")
        time.sleep(hold)
    elif mode == "slowloris":
        conns, hold = (args + [500, 20][len(args):])[:2]
        for _ in range(conns):
            s = socket.create_connection(("127.0.0.1", port), timeout=2)
            s.send(b"GET /health HTTP/1.1\r\nHost: localhost\r\n")
            socks.append(s)
        closed = set()
        start = time.time()
        while time.time() - start < hold and len(closed) < len(socks):
            for i, s in enumerate(socks):
                if i in closed:
                    continue
                try:
                    s.send(b"X-Slow: a\r\n")
                except OSError:
                    closed.add(i)
            time.sleep(1)
        print(f"slowloris: {len(closed)} of {len(socks)} closed by the server within {time.time() - start:.1f} s; health {health(port)}")
    for s in socks:
        s.close()
    closed_at = time.time()
    for after in (1, 5, 15, 30):
        time.sleep(after - (time.time() - closed_at))
        print(f"after close +{after}s", rss(pid))


main()
