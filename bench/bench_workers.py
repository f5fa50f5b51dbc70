"""Worker settings compared: throughput under wrk, and what slow clients do to everyone else, per candidate.

Run from the project root: `.venv/bin/python bench/bench_workers.py [--rounds 3] [--duration 5] [--slow 20]
[--hold 15]`. It needs `wrk` (Debian: `apt-get install wrk`). Each candidate is gunicorn with the project's
gunicorn.conf.py and the environment variables that conf reads (WORKER_CLASS, WEB_CONCURRENCY, THREADS), started
on a free loopback port; the candidates take turns round by round (a change in the machine's load hits them alike):

1. Throughput: wrk sends /v1/score's bench_http body at `--connections` kept-alive connections for `--duration`
   seconds (after a one-second warm-up): requests per second, p50 and p99.
2. Slow clients: `--slow` sockets each send a request's head one byte a second and never finish it, for `--hold`
   seconds; meanwhile a probe sends GET /healthz every 0.25 s on a new connection with a 2 s timeout. It prints the
   probes that failed, and how long the server kept the slow sockets (the longest, capped at `--hold`).

Only 127.0.0.1 is contacted; every server is stopped before the next starts.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import select
import socket
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "bench")]

from bench_http import BODIES, HOST, free_port, stop  # noqa: E402
from bench_load import POST_ONE, lua_string, wrk  # noqa: E402

CONF = os.path.join(ROOT, "gunicorn.conf.py")
CANDIDATES = {   # name: (WORKER_CLASS, WEB_CONCURRENCY, THREADS)
    "gthread 5x4": ("gthread", 5, 4),
    "sync 2": ("sync", 2, 1),
    "bounded 2x1": ("web.worker.BoundedThreadWorker", 2, 1),
    "bounded 2x2": ("web.worker.BoundedThreadWorker", 2, 2),
    "bounded 3x1": ("web.worker.BoundedThreadWorker", 3, 1),
    "bounded 2x4": ("web.worker.BoundedThreadWorker", 2, 4),
    "bounded 3x2": ("web.worker.BoundedThreadWorker", 3, 2),
}
SLOW_HEAD = b"POST /v1/ready HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" + b"X-Pad: " + b"a" * 200


def start(worker_class: str, workers: int, threads: int) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = {**os.environ, "BIND": f"{HOST}:{port}", "LOG_LEVEL": "warning", "WORKER_CLASS": worker_class,
           "WEB_CONCURRENCY": str(workers), "THREADS": str(threads)}
    gunicorn = os.path.join(os.path.dirname(sys.executable), "gunicorn")
    proc = subprocess.Popen([gunicorn, "-c", CONF, "--access-logfile", "/dev/null", "app:create_app()"], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if probe(port, 1.0):
            return proc, port
        time.sleep(0.2)
    stop(proc, timeout=10)
    raise SystemExit(f"gunicorn ({worker_class} {workers}x{threads}) did not start within 30 s")


def probe(port: int, timeout: float) -> bool:
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request("GET", "/healthz")
        return conn.getresponse().status == 200
    except OSError:
        return False
    finally:
        conn.close()


def slow_clients(port: int, n: int, hold: float) -> tuple[int, int, float]:
    """(failed probes, probes, longest time the server kept a slow socket, capped at `hold`)."""
    socks, opened = [], time.monotonic()
    for _ in range(n):
        s = socket.create_connection((HOST, port), timeout=5)
        s.setblocking(False)
        socks.append(s)
    ended: dict[socket.socket, float] = {}
    stop_at = opened + hold

    def trickle():
        i = 0
        while time.monotonic() < stop_at:
            live = [s for s in socks if s not in ended]
            for s in select.select(live, [], [], 0)[0] if live else []:
                ended[s] = time.monotonic() - opened   # an answer (408) or the close
            for s in live:
                if s not in ended:
                    try:
                        s.send(SLOW_HEAD[i % len(SLOW_HEAD):i % len(SLOW_HEAD) + 1])
                    except OSError:
                        ended[s] = time.monotonic() - opened
            i += 1
            time.sleep(1.0)

    t = threading.Thread(target=trickle, daemon=True)
    t.start()
    failed = probes = 0
    while time.monotonic() < stop_at:
        probes += 1
        failed += not probe(port, 2.0)
        time.sleep(0.25)
    t.join()
    for s in socks:
        s.close()
    return failed, probes, max([ended.get(s, hold) for s in socks], default=0.0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--duration", type=int, default=5, help="seconds per wrk measurement")
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--slow", type=int, default=20, help="slow sockets (0: no slow-client part)")
    ap.add_argument("--hold", type=float, default=15.0, help="seconds the slow sockets trickle")
    ap.add_argument("--only", default="", help="comma-separated candidate names (default: all)")
    args = ap.parse_args()
    names = [n.strip() for n in args.only.split(",") if n.strip()] or list(CANDIDATES)
    script = POST_ONE.format(body=lua_string(json.dumps(BODIES["/v1/score"])))
    rows: dict[str, list[dict]] = {n: [] for n in names}
    print(f"wrk /v1/score, {args.connections} connections, {args.duration} s; {args.slow} slow sockets for "
          f"{args.hold:g} s, /healthz probed every 0.25 s (2 s timeout); load average "
          f"{os.getloadavg()[0]:.1f}", flush=True)
    for r in range(args.rounds):
        for name in names:
            proc, port = start(*CANDIDATES[name])
            try:
                wrk(f"http://{HOST}:{port}/v1/score", script, args.connections, 2, 1)   # warm-up
                row = wrk(f"http://{HOST}:{port}/v1/score", script, args.connections, 2, args.duration)
                if args.slow:
                    row["failed"], row["probes"], row["held"] = slow_clients(port, args.slow, args.hold)
            finally:
                stop(proc, timeout=30)
            rows[name].append(row)
            slow = (f" | slow: {row['failed']}/{row['probes']} probes failed, sockets kept {row['held']:.0f} s"
                    if args.slow else "")
            print(f"round {r + 1} {name:12} {row['rps']:7.0f} req/s  p50 {row['p50']:6.2f} ms  p99 {row['p99']:7.2f} ms"
                  f"{slow}  (load {os.getloadavg()[0]:.1f})", flush=True)
    print("\nranges over the rounds:")
    for name, got in rows.items():
        span = lambda k, f: f"{min(g[k] for g in got):{f}}-{max(g[k] for g in got):{f}}"  # noqa: E731
        slow = f"  probes failed {span('failed', 'd')} of {got[0].get('probes', 0)}" if args.slow else ""
        print(f"{name:12} {span('rps', '.0f')} req/s  p99 {span('p99', '.1f')} ms{slow}")


if __name__ == "__main__":
    main()
