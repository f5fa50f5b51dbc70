"""Load and memory under gunicorn with a real load generator (wrk), each route against the echo app.

Run from the project root: `.venv/bin/python bench/bench_load.py [--duration 10] [--connections 16]
[--soak 100000]`. It needs `wrk` (Debian: `apt-get install wrk`). Two gunicorn servers are started
on free loopback ports, both with the project's gunicorn.conf.py (the same workers and threads): the
service and bench/echo_app.py, whose one route sends the JSON body back. Then:

1. For each route of bench_http.BODIES, wrk sends the same body at `--connections` kept-alive
   connections for `--duration` seconds, to the route and to /echo, in alternating rounds (best of
   `--rounds` for each); it prints requests per second, p50 and p99 latency for both and the ratio.
   Every answer must be a 200. It also prints each server's CPU time per answered request (user plus
   system, master and workers, from /proc; the least of the rounds) and the ratio echo / ours of those:
   what one request costs the server itself, next to the rate the whole machine reaches.
   With `--varied N`, each route instead gets up to N different bodies, the same list sent to the route
   and to /echo in turn (each wrk thread cycles through them): real Tenhou wins from the committed samples
   for /v1/score, /v1/furiten and /v1/evaluate, seeded random hands for /v1/ready. Only bodies the
   service answers with a 200 are kept. No cache of ours can then ride on one repeated body.
   The first row, /ceiling, is a third server (bench/ceiling_app.py: the service's own app plus a route
   that reads the body as every /v1 route does and answers /v1/ready's fixed text) sent /v1/ready's
   body: the most a route can reach. A last line gives each route's own work as server CPU per request
   (the route's less /ceiling's). `--no-ceiling` leaves the row out.
2. The soak: `--soak` requests to /v1/ready, each one a different seeded random hand (so the
   per-suit caches keep meeting new hands), in two parts: the first 1,000 requests, then the rest.
   It prints the rate, p50 and p99 of the rest, and every worker's resident memory after each part
   and the change (the target: within 10 %).

Only 127.0.0.1 is contacted; every server is stopped at the end.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "bench")]

from bench_http import BODIES, HOST, free_port, stop  # noqa: E402

from tests.random_hands import WALL  # noqa: E402
from tests.real_hands import SAMPLE, records, score_body  # noqa: E402

CONF = os.path.join(ROOT, "gunicorn.conf.py")

POST_ONE = """wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = {body}
"""
# each wrk thread cycles through its share of the bodies, stops after `quota` answers and leaves a mark file;
# bench_load then interrupts wrk (SIGINT), which prints its figures
POST_MANY = """local bodies = {{{bodies}}}
local quota, threads, start, counter = {quota}, {threads}, {start}, 0
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end
function init(args)
  sent, done = start + id, 0
end
function request()
  local body = bodies[(sent % #bodies) + 1]
  sent = sent + threads
  return wrk.format("POST", nil, {{["Content-Type"] = "application/json"}}, body)
end
function response(status, headers, body)
  if status ~= 200 then io.stderr:write("status " .. status .. "\\n") end
  done = done + 1
  if done == quota then
    io.open("{{marks}}/" .. id, "w"):close()   -- wrk's main thread waits for its duration: the script ends it
    wrk.thread:stop()
  end
end
"""


def lua_string(s: str) -> str:
    return json.dumps(s)   # a JSON string of ASCII text is a valid Lua string literal


def start(app: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = {**os.environ, "BIND": f"{HOST}:{port}", "LOG_LEVEL": "warning"}
    gunicorn = os.path.join(os.path.dirname(sys.executable), "gunicorn")
    proc = subprocess.Popen([gunicorn, "-c", CONF, "--access-logfile", "/dev/null", app], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        probe = ["-d", "{}", f"http://{HOST}:{port}/echo"] if "echo" in app else [f"http://{HOST}:{port}/healthz"]
        if subprocess.run(["curl", "-sf", "-H", "Content-Type: application/json", *probe],
                          capture_output=True).returncode == 0:
            return proc, port
        if proc.poll() is not None:
            raise SystemExit(f"gunicorn {app} stopped: {proc.stderr.read().decode()}")
        time.sleep(0.2)
    proc.kill()
    raise SystemExit(f"gunicorn {app} did not start within 30 s")


def to_ms(value: str, unit: str) -> float:
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def wrk(url: str, script: str, connections: int, threads: int, duration: int | None) -> dict:
    """One wrk run: for `duration` seconds, or (None) until each thread has left its mark (POST_MANY)."""
    with tempfile.TemporaryDirectory() as tmp:
        lua = os.path.join(tmp, "script.lua")
        with open(lua, "w") as f:
            f.write(script.replace("{marks}", tmp))
        args = ["wrk", f"-d{duration or 3600}s", f"-t{threads}", f"-c{connections}", "--latency", "-s", lua, url]
        proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if duration is None:
            while proc.poll() is None and len(os.listdir(tmp)) < threads + 1:
                time.sleep(0.05)
            proc.send_signal(signal.SIGINT)
        text, err = proc.communicate()
    if "Non-2xx" in text or "status " in err or "Requests/sec" not in text:
        raise SystemExit(f"{url}: answers that are not 200\n{text}{err[:500]}")
    lat = dict((p, to_ms(v, u)) for p, v, u in re.findall(r"^\s+(50|99)%\s+([\d.]+)(us|ms|s)\s*$", text, re.M))
    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1)),
            "requests": int(re.search(r"(\d+) requests in", text).group(1)), "p50": lat["50"], "p99": lat["99"]}


def worker_pids(master: int) -> list[int]:
    with open(f"/proc/{master}/task/{master}/children") as f:
        return [int(p) for p in f.read().split()]


def tree_cpu_seconds(master: int) -> float:
    """User plus system CPU seconds so far of a gunicorn master and its workers (/proc; clock ticks)."""
    ticks = 0
    for pid in [master] + worker_pids(master):
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rpartition(")")[2].split()   # after the command name, which may hold spaces
        except FileNotFoundError:   # a worker that was just replaced
            continue
        ticks += int(fields[11]) + int(fields[12])   # utime, stime: the 14th and 15th fields of the line
    return ticks / os.sysconf("SC_CLK_TCK")


def measured(server: subprocess.Popen, url: str, script: str, args) -> dict:
    """wrk's figures for one run, plus the server's CPU time per answered request (µs, master and workers)."""
    before = tree_cpu_seconds(server.pid)
    out = wrk(url, script, args.connections, args.threads, args.duration)
    out["cpu_us"] = (tree_cpu_seconds(server.pid) - before) / out["requests"] * 1e6
    return out


def workers_rss_mb(master: int) -> list[float]:
    out = []
    for pid in worker_pids(master):
        with open(f"/proc/{pid}/status") as f:
            kb = int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))
        out.append(kb / 1024)
    return sorted(out)


def random_hands(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in sorted(rng.sample(WALL, 13))) for _ in range(n)]


def furiten_body(r: dict) -> dict:
    """A real win's /v1/furiten question just before the win: the hand without its winning tile, the melds."""
    s = score_body(r)
    return {"hand": s["hand"], "melds": s.get("melds", []), "rules": {"preset": "tenhou"}}


def evaluate_body(r: dict) -> dict:
    """A real win's /v1/evaluate question just before the win."""
    s = score_body(r)
    return {"hand": s["hand"], "melds": s.get("melds", []), "seat_wind": s["seat_wind"],
            "round_wind": s["round_wind"], "dora_indicators": s.get("dora_indicators", ""),
            "rules": {"preset": "tenhou"}}


def varied_bodies(n: int, seed: int) -> dict[str, list[dict]]:
    """Up to `n` different bodies per route (see the module's docstring), each answered 200 by the service."""
    from app import create_app   # only here: the comparison with one body needs no app in this process
    client = create_app().test_client()
    real = [r for r in records(SAMPLE)][:n]
    made = {"/v1/ready": [{"hand": h} for h in random_hands(n, seed)],
            "/v1/furiten": [furiten_body(r) for r in real],
            "/v1/score": [score_body(r) for r in real],
            "/v1/evaluate": [evaluate_body(r) for r in real]}
    return {path: [b for b in bodies if client.post(path, json=b).status_code == 200] for path, bodies in made.items()}


def compare(service: subprocess.Popen, sport: int, echo: subprocess.Popen, eport: int, args,
            ceiling: tuple[subprocess.Popen, int] | None = None) -> None:
    print(f"wrk, {args.connections} connections, {args.threads} threads, {args.duration} s per measurement, "
          f"best of {args.rounds} alternating rounds; gunicorn.conf.py for both servers")
    varied = varied_bodies(args.varied, args.seed) if args.varied else None
    if varied:
        print("bodies: " + ", ".join(f"{path} {len(b)} different" for path, b in varied.items()))
    print(f"{'route':14} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'cpu µs':>7} | {'echo req/s':>10} {'p50 ms':>7} "
          f"{'p99 ms':>7} {'cpu µs':>7} | {'ratio':>5} {'cpu':>5}")
    rows = [(path, body, service, sport) for path, body in BODIES.items()]
    if ceiling is not None:   # first: the service's stack doing no work, with /v1/ready's body (or bodies)
        rows.insert(0, ("/ceiling", BODIES["/v1/ready"], *ceiling))
    own = {}
    for path, body, server, port in rows:
        varied_path = "/v1/ready" if path == "/ceiling" else path
        if varied:
            # POST_MANY with a quota no run reaches: the duration ends it
            script = POST_MANY.format(bodies=",".join(lua_string(json.dumps(b)) for b in varied[varied_path]),
                                      quota=10 ** 12, threads=args.threads, start=0)
        else:
            script = POST_ONE.format(body=lua_string(json.dumps(body)))
        ours, theirs = [], []
        for _ in range(args.rounds):
            ours.append(measured(server, f"http://{HOST}:{port}{path}", script, args))
            theirs.append(measured(echo, f"http://{HOST}:{eport}/echo", script, args))
        a, b = max(ours, key=lambda r: r["rps"]), max(theirs, key=lambda r: r["rps"])
        cpu_a, cpu_b = min(r["cpu_us"] for r in ours), min(r["cpu_us"] for r in theirs)
        print(f"{path:14} {a['rps']:8.0f} {a['p50']:7.2f} {a['p99']:7.2f} {cpu_a:7.0f} | {b['rps']:10.0f} "
              f"{b['p50']:7.2f} {b['p99']:7.2f} {cpu_b:7.0f} | {a['rps'] / b['rps']:5.2f} {cpu_b / cpu_a:5.2f}",
              flush=True)
        own[path] = cpu_a
    if "/ceiling" in own:
        base = own.pop("/ceiling")
        print("server CPU µs per request of each route's own work (the route's less /ceiling's): "
              + ", ".join(f"{path} {cpu - base:.0f}" for path, cpu in own.items()))


def soak(service: subprocess.Popen, sport: int, args) -> None:
    hands = random_hands(args.soak, args.seed)
    bodies = ",".join(lua_string(json.dumps({"hand": h})) for h in hands)
    first = 1000
    url = f"http://{HOST}:{sport}/v1/ready"
    start_rss = workers_rss_mb(service.pid)
    warm = wrk(url, POST_MANY.format(bodies=bodies, quota=first // args.threads, threads=args.threads, start=0),
               args.connections, args.threads, None)
    after_first = workers_rss_mb(service.pid)
    rest = args.soak - first
    run = wrk(url, POST_MANY.format(bodies=bodies, quota=rest // args.threads, threads=args.threads,
                               start=first),
              args.connections, args.threads, None)
    end = workers_rss_mb(service.pid)
    total_first, total_end = sum(after_first), sum(end)
    print(f"\nsoak: {warm['requests'] + run['requests']:,} POST /v1/ready, each a new random hand (seed {args.seed})")
    print(f"  after the first {warm['requests']:,}: {warm['rps']:.0f} req/s, p50 {warm['p50']:.2f} ms, "
          f"p99 {warm['p99']:.2f} ms")
    print(f"  the other {run['requests']:,}: {run['rps']:.0f} req/s, p50 {run['p50']:.2f} ms, p99 {run['p99']:.2f} ms")
    print(f"  worker RSS MB at start {', '.join(f'{m:.1f}' for m in start_rss)}")
    print(f"  worker RSS MB after the first {first:,}: {', '.join(f'{m:.1f}' for m in after_first)} "
          f"(sum {total_first:.1f})")
    print(f"  worker RSS MB at the end: {', '.join(f'{m:.1f}' for m in end)} (sum {total_end:.1f}); change "
          f"{(total_end / total_first - 1) * 100:+.1f} %")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--duration", type=int, default=10, help="seconds per wrk measurement")
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--threads", type=int, default=2, help="wrk threads")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--soak", type=int, default=100_000, help="requests in the soak (0: none)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--skip-compare", action="store_true")
    ap.add_argument("--varied", type=int, default=0, metavar="N",
                    help="send up to N different bodies per route instead of one (0: the one body of bench_http)")
    ap.add_argument("--no-ceiling", action="store_true", help="leave out the /ceiling row (bench/ceiling_app.py)")
    args = ap.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("wrk is not installed (Debian: apt-get install wrk)")
    service, sport = start("app:create_app()")
    echo, eport = start("bench.echo_app:create_app()")
    servers = [service, echo]
    try:
        ceiling = None
        if not args.skip_compare and not args.no_ceiling:
            ceiling = start("bench.ceiling_app:create_app()")
            servers.append(ceiling[0])
        if not args.skip_compare:
            compare(service, sport, echo, eport, args, ceiling)
        if args.soak:
            soak(service, sport, args)
    finally:
        stop(*servers, timeout=30)


if __name__ == "__main__":
    main()
