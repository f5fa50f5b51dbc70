"""What refusing large bad bodies costs everyone else: /v1/score's rate alone, and while clients keep sending
/v1/games a ~1 MB body of 80,000 unknown keys.

Run from the project root: `.venv/bin/python bench/bench_refusals.py [--rounds 2] [--duration 5] [--clients 4]`.
It needs `wrk`. One gunicorn with the project's gunicorn.conf.py on a free loopback port; per round, wrk sends
/v1/score's bench_http body at 16 kept-alive connections for `--duration` seconds, once with nothing else running
and once while `--clients` threads each post the bad body again and again (each answer must be a 400 or 422). It
prints both rates, their ratio, the bad bodies refused and the server's CPU per refusal (the server's CPU time
during the loaded run, less what the /v1/score requests cost at the alone run's rate, over the refusals).
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "bench")]

from bench_http import BODIES, HOST, stop  # noqa: E402
from bench_load import POST_ONE, lua_string, start, tree_cpu_seconds, wrk  # noqa: E402

BAD = json.dumps({"record": {"format": "outcomes", "data": {}}, **{f"k{i}": 1 for i in range(80_000)}}).encode()


def hammer(port: int, until: float, counts: list[int]) -> None:
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    while time.monotonic() < until:
        conn.request("POST", "/v1/games", BAD, {"Content-Type": "application/json"})
        resp = conn.getresponse()
        resp.read()
        if resp.status not in (400, 422):
            raise SystemExit(f"the bad body was answered {resp.status}")
        counts.append(1)
        if resp.getheader("Connection", "").lower() == "close":
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=30)
    conn.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--duration", type=int, default=5)
    ap.add_argument("--clients", type=int, default=4)
    args = ap.parse_args()
    script = POST_ONE.format(body=lua_string(json.dumps(BODIES["/v1/score"])))
    proc, port = start("app:create_app()")
    url = f"http://{HOST}:{port}/v1/score"
    print(f"bad body: {len(BAD):,} bytes, 80,000 unknown keys; {args.clients} clients; load average "
          f"{os.getloadavg()[0]:.1f}")
    try:
        wrk(url, script, 16, 2, 1)   # warm-up
        for r in range(args.rounds):
            cpu0 = tree_cpu_seconds(proc.pid)
            alone = wrk(url, script, 16, 2, args.duration)
            cpu_alone = (tree_cpu_seconds(proc.pid) - cpu0) / alone["requests"]
            counts: list[int] = []
            until = time.monotonic() + args.duration + 1
            threads = [threading.Thread(target=hammer, args=(port, until, counts)) for _ in range(args.clients)]
            cpu0 = tree_cpu_seconds(proc.pid)
            for t in threads:
                t.start()
            loaded = wrk(url, script, 16, 2, args.duration)
            for t in threads:
                t.join()
            spent = tree_cpu_seconds(proc.pid) - cpu0 - cpu_alone * loaded["requests"]
            per = spent / max(len(counts), 1) * 1000
            print(f"round {r + 1}: /v1/score alone {alone['rps']:.0f} req/s (p99 {alone['p99']:.1f} ms), with the bad "
                  f"bodies {loaded['rps']:.0f} req/s (p99 {loaded['p99']:.1f} ms): {loaded['rps'] / alone['rps']:.2f} "
                  f"of the rate; {len(counts)} bad bodies refused, about {per:.0f} ms of server CPU each", flush=True)
    finally:
        stop(proc, timeout=30)


if __name__ == "__main__":
    main()
