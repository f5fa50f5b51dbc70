"""Benchmark: calculator.evaluate on seeded random ready positions (target: median <= 1 ms).

Run from the project root: `.venv/bin/python bench/bench_evaluate.py [--positions N] [--seed S]`.
Positions are built before timing: a random complete hand from the 136 tiles minus one tile, so
it waits on 1 to 9 tiles, with a random river, passed tiles and riichi state under the tenhou
preset, and a second set of one-suit hands that wait on more tiles. The clock covers `calculator.evaluate(request)` only (readiness, furiten, a ron and a
tsumo score for every wait, the riichi decision). Prints the median, 90th percentile and the
median per number of waits.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from tests.positions import random_position  # noqa: E402

from calculator.play.evaluate import EvaluateRequest, evaluate  # noqa: E402
from calculator.rules import preset_rules  # noqa: E402


def requests(n: int, seed: int, preset: str, one_suit: bool = False):
    rng = random.Random(seed)
    rules = preset_rules(preset)
    out = []
    while len(out) < n:
        p = random_position(rng, one_suit)
        out.append(EvaluateRequest(p.hand, p.history, rules, p.seat_wind, "east", (), p.ippatsu, p.dora, (),
                                   rng.randrange(3), rng.randrange(3), p.discarder, 25000, 40))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--preset", default="tenhou")
    args = ap.parse_args()
    for label, one_suit in (("mixed hands", False), ("one-suit hands (more waits)", True)):
        run(label, requests(args.positions, args.seed, args.preset, one_suit), args)


def run(label: str, reqs, args):
    for r in reqs[:50]:
        evaluate(r)   # warm the per-suit caches as a running service would have them
    times, by_waits = [], {}
    for r in reqs:
        t0 = time.perf_counter()
        e = evaluate(r)
        dt = time.perf_counter() - t0
        times.append(dt)
        by_waits.setdefault(len(e.waits), []).append(dt)
    times.sort()
    print(f"{label}: {len(times)} positions (seed {args.seed}, preset {args.preset}), waits 1-{max(by_waits)}")
    print(f"median {1e3 * statistics.median(times):.3f} ms, p90 {1e3 * times[int(0.9 * len(times))]:.3f} ms, "
          f"mean {1e3 * statistics.fmean(times):.3f} ms (target: median <= 1 ms)")
    for k in sorted(by_waits):
        print(f"  {k} waits: {len(by_waits[k]):5d} positions, median {1e3 * statistics.median(by_waits[k]):.3f} ms")


if __name__ == "__main__":
    main()
