"""Benchmark: the season command (`python -m tools.season`) on the public games, games per second on two cores.

Run from the project root: `.venv/bin/python bench/bench_season.py [--jobs 2] [--repeat 3] [--path FILE]`. Each
run is the whole command in a fresh process, as a user types it (start-up, reading the gzip file, the pool of
`--jobs` workers each building the app, every game through POST /v1/games, the output file and the table),
on ../shared/data/games.jsonl.gz (803 games; else the committed games of tests/cases/games). Printed per run:
the wall time and games per second, and the CPU seconds the command and its workers used (which other work on
the machine inflates far less: on a busy machine the wall time mostly measures the wait for a core, and the
load average is printed beside it); then what two idle cores would take, estimated from the CPU seconds: the
serial start-up (timed alone) plus the rest shared by the workers. Target: the 803 public games in at most
10 s of wall time on two cores.
"""
from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "..", "shared", "data", "games.jsonl.gz")
FALLBACK = os.path.join(ROOT, "tests", "cases", "games")


def once(path: str, jobs: int) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds of the command and its workers, games) of one run of the command."""
    with tempfile.TemporaryDirectory() as tmp:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "tools.season", path, "--jobs", str(jobs), "--quiet",
                               "--out", os.path.join(tmp, "season.jsonl")], cwd=ROOT, capture_output=True, text=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    games = re.search(r"^(\d+) games?:", done.stdout, re.M)
    if games is None:
        sys.exit(f"the season command failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, int(games.group(1))


def start_up() -> float:
    """CPU seconds of the command's serial start (Python and the service imported, the arguments read), the
    part no worker shares."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", "import tools.season.cli"], cwd=ROOT, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (default 2: the target's two cores)")
    ap.add_argument("--repeat", type=int, default=3, help="runs; the best and the median are printed")
    ap.add_argument("--path", default=DATA if os.path.exists(DATA) else FALLBACK, help="what the command reads")
    args = ap.parse_args()
    print(f"season command on {os.path.relpath(args.path, ROOT)}, --jobs {args.jobs}, {os.cpu_count()} CPUs here")
    walls, cpus = [], []
    for run in range(args.repeat):
        load = os.getloadavg()[0]
        wall, cpu, games = once(args.path, args.jobs)
        walls.append((wall, games))
        cpus.append(cpu)
        print(f"  run {run + 1}: {games} games in {wall:.2f} s wall = {games / wall:.1f} games/s; "
              f"{cpu:.2f} CPU s ({1e3 * cpu / games:.1f} ms a game); load average {load:.1f} before the run")
    serial = start_up()
    print(f"  on {args.jobs} idle cores (estimate): the serial start-up ({serial:.2f} CPU s) + the rest of the "
          f"fewest CPU seconds / {args.jobs} = {serial + (min(cpus) - serial) / args.jobs:.2f} s")
    best = min(w for w, _ in walls)
    median = statistics.median(w for w, _ in walls)
    games = walls[0][1]
    print(f"games per second on {args.jobs} workers: best {games / best:.1f} ({best:.2f} s), median "
          f"{games / median:.1f} ({median:.2f} s); target: 803 games in <= 10 s")


if __name__ == "__main__":
    main()
