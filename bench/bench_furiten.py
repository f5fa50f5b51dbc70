"""Furiten benchmark: the calculator call behind POST /v1/furiten, all four variants at once.

Builds one seeded set of ready positions (a random complete hand of four groups and a pair,
at most four copies, minus one random tile; a river of 6-18 tiles and 0-3 passed tiles drawn
from the tiles the hand does not use), then times `calculator.furiten_status(hand, history,
rules)` once per position. That call answers all four sacred-discard variants, missed-discard
and riichi furiten and the verdict together.

"cold" is the first pass over the positions in a fresh process (every cache empty); "new
hands" is a pass over other positions from another seed after that, the steady state of a
server (the small per-suit caches of waits.py are filled, the per-hand cache of waits and
partials has never seen these hands); "warm" repeats the first positions (per-hand cache
filled). Prints the median and 90th percentile per call in microseconds. Target: median <= 50 us.

    .venv/bin/python bench/bench_furiten.py [--positions 5000] [--seed 2026] [--repeat 3]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from calculator import furiten_status  # noqa: E402
from calculator.furiten.permission import Discard, History  # noqa: E402
from calculator.core.hand import Hand  # noqa: E402
from calculator.rules import Rules  # noqa: E402
from tests.random_hands import ready_hand  # noqa: E402


def positions(n: int, seed: int) -> list[tuple[Hand, History]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        concealed = sorted(ready_hand(rng))
        wall = [k for k in range(34) for _ in range(4 - concealed.count(k))]
        rng.shuffle(wall)
        river = wall[:rng.randint(6, 18)]
        missed = wall[len(river):len(river) + rng.randint(0, 3)]
        history = History(tuple(Discard(k) for k in river), tuple(missed))
        out.append((Hand(tuple(concealed)), history))
    return out


def timed_pass(cases, rules) -> list[float]:
    times = []
    clock = time.perf_counter
    for hand, history in cases:
        t0 = clock()
        furiten_status(hand, history, rules)
        times.append((clock() - t0) * 1e6)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    cases = positions(args.positions, args.seed)
    rules = Rules()
    cold = timed_pass(cases, rules)
    # each pass of new hands uses its own seed; the best median of `repeat` passes damps the noise of
    # other processes sharing the machine (the same is done for the warm passes)
    fresh = min((timed_pass(positions(args.positions, args.seed + 1 + i), rules) for i in range(args.repeat)),
                key=statistics.median)
    warm = min((timed_pass(cases, rules) for _ in range(args.repeat)), key=statistics.median)
    print(f"{len(cases)} ready positions, rivers of 6-18 tiles, all four variants per call")
    for label, times in (("cold", cold), ("new hands", fresh), ("warm", warm)):
        q = statistics.quantiles(times, n=10)
        print(f"  {label:9}: median {statistics.median(times):5.1f} us, p90 {q[-1]:5.1f} us")
    print(f"median: {statistics.median(fresh):.1f} us per call on new hands, {statistics.median(warm):.1f} us "
          f"on repeated hands (target <= 50 us)")


if __name__ == "__main__":
    main()
