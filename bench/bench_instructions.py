"""Instructions per request under gunicorn, counted by valgrind: bench_load.py's ratios without the noise.

Run from the project root: `.venv/bin/python bench/bench_instructions.py [--routes echo,ceiling,/v1/ready]`.
It needs valgrind (Debian: `apt-get install valgrind`). On a shared machine the rates bench_load.py
measures move by a tenth from one run to the next (even the echo app's CPU per request moves by a third),
because the same instructions take a different time each run. Counted instructions do not move: two counts
of the same app agree within about 1 %.

For each app (the echo app, bench/ceiling_app.py, the service) it starts gunicorn with gunicorn.conf.py
(one worker, so one process answers every request) under callgrind, master and worker traced, sends
`--few` and then, in a fresh server, `--many` POSTs of the route's bench_http body one after another over
one kept-alive connection, and stops it. The difference of the two totals over the difference of the counts
is what one request costs in user space (gunicorn's HTTP handling, Flask, our code): start-up, imports and
the shipped tables cancel out. The kernel's share (sockets, scheduling) is not counted; it is about the same
for every route, so these ratios are a little lower than the rate ratios, which it dilutes.

It prints, per app, instructions per request and echo's count over the app's: the ratio the issue-12
targets speak of, counted instead of timed. Only 127.0.0.1 is contacted.
"""
from __future__ import annotations

import argparse
import glob
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "bench")]

from bench_http import BODIES, HOST, free_port  # noqa: E402

BIN = os.path.dirname(sys.executable)
APPS = {"echo": ("bench.echo_app:create_app()", "/echo", BODIES["/v1/ready"]),
        "ceiling": ("bench.ceiling_app:create_app()", "/ceiling", BODIES["/v1/ready"]),
        **{path: ("app:create_app()", path, body) for path, body in BODIES.items()}}


def connect(port: int, proc: subprocess.Popen, wait: float = 600) -> http.client.HTTPConnection:
    """A connection to the server once it listens (under valgrind, start-up takes tens of seconds)."""
    deadline = time.monotonic() + wait
    while True:
        conn = http.client.HTTPConnection(HOST, port, timeout=120)
        try:
            conn.connect()
            return conn
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"gunicorn under valgrind did not start on port {port}")
            time.sleep(0.5)


def counted(app: str, path: str, body: dict, requests: int, threads: int) -> int:
    """User-space instructions of a gunicorn run (master and worker) that answers `requests` POSTs."""
    with tempfile.TemporaryDirectory() as out:
        port = free_port()
        env = {**os.environ, "BIND": f"{HOST}:{port}", "WEB_CONCURRENCY": "1", "THREADS": str(threads),
               "LOG_LEVEL": "warning"}
        proc = subprocess.Popen(["valgrind", "--tool=callgrind", "--trace-children=yes",
                                 f"--callgrind-out-file={out}/%p.out", sys.executable, os.path.join(BIN, "gunicorn"),
                                 "-c", os.path.join(ROOT, "gunicorn.conf.py"), "--access-logfile", "/dev/null", app],
                                cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            conn = connect(port, proc)
            raw = json.dumps(body).encode()
            for _ in range(requests):
                conn.request("POST", path, body=raw, headers={"Content-Type": "application/json"})
                answer = conn.getresponse()
                answer.read()
                if answer.status != 200:
                    raise SystemExit(f"{path}: status {answer.status}")
            conn.close()
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=600)
        total = 0
        for name in glob.glob(os.path.join(out, "*.out")):
            with open(name) as f:
                found = re.search(r"^(?:summary|totals):\s+(\d+)", f.read(), re.M)
            total += int(found.group(1)) if found else 0
        return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--routes", default=",".join(APPS), help=f"comma-separated, of: {', '.join(APPS)}")
    ap.add_argument("--few", type=int, default=100)
    ap.add_argument("--many", type=int, default=400)
    ap.add_argument("--threads", type=int, default=int(os.environ.get("THREADS", 4)),
                    help="threads of the one worker (gunicorn.conf.py's default: 4)")
    args = ap.parse_args()
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    names = [n for n in args.routes.split(",") if n]
    unknown = [n for n in names if n not in APPS]
    if unknown:
        raise SystemExit(f"unknown routes {unknown}: choose among {', '.join(APPS)}")
    if "echo" not in names:
        names.insert(0, "echo")
    print(f"callgrind, gunicorn.conf.py with 1 worker of {args.threads} threads; ({args.many} - {args.few} requests)")
    print(f"{'route':14} {'instructions':>14} {'echo / route':>13}")
    per = {}
    for name in names:
        app, path, body = APPS[name]
        few = counted(app, path, body, args.few, args.threads)
        many = counted(app, path, body, args.many, args.threads)
        per[name] = (many - few) / (args.many - args.few)
        echo = per.get("echo", per[name])
        print(f"{name:14} {per[name]:14,.0f} {echo / per[name]:13.3f}", flush=True)


if __name__ == "__main__":
    main()
