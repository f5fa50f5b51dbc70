"""Benchmark: requests per second under gunicorn, each route against a trivial echo app in the same run.

Run from the project root: `.venv/bin/python bench/bench_http.py [--requests N] [--clients C]`.
It starts two gunicorn servers on free loopback ports with the same settings (the project's
gunicorn.conf.py, `--workers` workers of its worker class): the service (`app:create_app()`) and
`bench/echo_app.py`, whose one route sends the JSON body back. For each route it sends the
README's example body N times from C client threads (plain http.client, one connection per
request), after a warm-up, and prints requests per second, the p99 latency and the ratio to the
echo app given the same body. Only 127.0.0.1 is contacted; both servers are stopped at the end.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOST = "127.0.0.1"

BODIES = {
    "/v1/ready": {"hand": "123m456p789s2345s", "visible": "1s5s"},
    "/v1/furiten": {"hand": "123m789p23456s11z", "discards": [{"tile": "4s"}], "missed": ["7s"],
                    "rules": {"preset": "japanese_modern"}},
    "/v1/score": {"hand": "234567m234p67s55s", "win_tile": "8s", "win_by": "ron", "discarder": "west",
                  "seat_wind": "south", "round_wind": "east", "riichi": "riichi", "dora_indicators": "1m",
                  "rules": {"preset": "tenhou"}},
    "/v1/evaluate": {"hand": "234567m234p67s55s", "seat_wind": "south", "round_wind": "east",
                     "discards": [{"tile": "1z"}, {"tile": "9m"}], "dora_indicators": "1m", "tiles_left": 50,
                     "scores": {"east": 25000, "south": 25000, "west": 25000, "north": 25000},
                     "rules": {"preset": "tenhou"}},
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def start(app: str, workers: int, cwd: str = ROOT) -> tuple[subprocess.Popen, int]:
    """gunicorn with the project's gunicorn.conf.py (its worker class), `workers` of them, no access log."""
    port = free_port()
    gunicorn = os.path.join(os.path.dirname(sys.executable), "gunicorn")
    env = {**os.environ, "BIND": f"{HOST}:{port}", "WEB_CONCURRENCY": str(workers), "LOG_LEVEL": "warning"}
    proc = subprocess.Popen([gunicorn, "-c", os.path.join(ROOT, "gunicorn.conf.py"), "--access-logfile",
                             "/dev/null", app], cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection((HOST, port), timeout=0.2):
                return proc, port
        except OSError:
            if proc.poll() is not None:
                raise SystemExit(f"gunicorn {app} stopped: {proc.stderr.read().decode()}")
            time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"gunicorn {app} did not start within 30 s")


def stop(*procs: subprocess.Popen, timeout: float) -> None:
    """Ask each server to stop; kill the ones still running after `timeout` seconds."""
    for proc in procs:
        proc.terminate()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()


def post(port: int, path: str, payload: bytes) -> int:
    conn = http.client.HTTPConnection(HOST, port, timeout=10)
    try:
        conn.request("POST", path, payload, {"Content-Type": "application/json"})
        resp = conn.getresponse()
        resp.read()
        return resp.status
    finally:
        conn.close()


def rate(port: int, path: str, payload: bytes, n: int, clients: int) -> tuple[float, float]:
    """Requests per second and the p99 latency in ms for n POSTs from `clients` threads (every answer a 200)."""
    counts = [n // clients + (i < n % clients) for i in range(clients)]
    bad: list[int] = []
    times: list[float] = []

    def worker(k: int) -> None:
        for _ in range(k):
            t = time.perf_counter()
            status = post(port, path, payload)
            times.append(time.perf_counter() - t)
            if status != 200:
                bad.append(status)

    threads = [threading.Thread(target=worker, args=(k,)) for k in counts]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t0
    if bad:
        raise SystemExit(f"{path}: {len(bad)} answers were not 200 (first {bad[0]})")
    times.sort()
    return n / elapsed, times[int(0.99 * (len(times) - 1))] * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=2000, help="requests per route and per server")
    ap.add_argument("--clients", type=int, default=16, help="client threads (connections at once)")
    ap.add_argument("--workers", type=int, default=2, help="gunicorn workers per server")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds; the best rate of each is kept")
    args = ap.parse_args()
    service, sport = start("app:create_app()", args.workers)
    echo, eport = start("bench.echo_app:create_app()", args.workers)
    try:
        print(f"gunicorn.conf.py, {args.workers} workers each, {args.clients} client threads, "
              f"{args.requests} requests per measurement, best of {args.rounds} alternating rounds")
        print(f"{'route':14} {'service req/s':>14} {'p99 ms':>7} {'echo req/s':>11} {'p99 ms':>7} {'ratio':>7}")
        for path, body in BODIES.items():
            payload = json.dumps(body).encode()
            for port, p in ((sport, path), (eport, "/echo")):
                rate(port, p, payload, max(50, args.requests // 10), args.clients)   # warm-up
            ours, theirs = (0.0, 0.0), (0.0, 0.0)
            for _ in range(args.rounds):
                ours = max(ours, rate(sport, path, payload, args.requests, args.clients))
                theirs = max(theirs, rate(eport, "/echo", payload, args.requests, args.clients))
            print(f"{path:14} {ours[0]:14.0f} {ours[1]:7.1f} {theirs[0]:11.0f} {theirs[1]:7.1f} "
                  f"{ours[0] / theirs[0]:7.2f}", flush=True)
    finally:
        stop(service, echo, timeout=10)


if __name__ == "__main__":
    main()
