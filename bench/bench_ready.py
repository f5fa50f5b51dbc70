"""Readiness benchmark: our full ready answer against the `mahjong` package's shanten alone.

Builds one seeded set of 13-tile hands (half drawn at random from a full wall, half "near
ready": a complete hand minus one tile, with a second tile swapped for a random one half of
the time), then times, per hand and in the same run:

* ours   - `calculator.readiness(Hand)`: shanten per form plus the waits (and remaining
           counts) whenever the hand is ready, i.e. the whole POST /v1/ready answer;
* theirs - `mahjong.shanten.Shanten.calculate_shanten(counts34)` (shanten only, no waits).

"cold" is the first pass over the hands in a fresh process (our per-suit caches start
empty; misses are answered from the shipped per-suit table); "new" times sets of hands from other seeds after that, hands the process has not
seen (a server's steady state); "warm" is the best of several later passes over the first
hands (repeated hands). The two sides take turns. Target (issue 2): ratio ours/theirs <= 1.0.

    .venv/bin/python bench/bench_ready.py [--hands 10000] [--seed 2026] [--repeat 3] [--fresh 5]

The cold passes of the two sides take turns in chunks of 200 hands. `--fresh N` also starts N
fresh processes that each time one cold pass of both sides (taking turns on who goes first) and prints each process's ratio and their median, so that one noisy
first pass does not decide the cold figure. Each process's import time is printed too.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mahjong.shanten import Shanten  # noqa: E402  (dev-only oracle)

_start = time.perf_counter()
from calculator import readiness  # noqa: E402
IMPORT_SECONDS = time.perf_counter() - _start
from calculator.core.hand import Hand  # noqa: E402
from calculator.core.tiles import counts_of  # noqa: E402

WALL = [k for k in range(34) for _ in range(4)]


def near_ready(rng: random.Random) -> list[int]:
    """A complete 14-tile hand (four groups and a pair, at most four copies) minus one tile,
    and half of the time one more tile swapped for a random kind."""
    while True:
        tiles = []
        for _ in range(4):
            if rng.random() < 0.6:
                first = 9 * rng.randrange(3) + rng.randrange(7)
                tiles += [first, first + 1, first + 2]
            else:
                tiles += [rng.randrange(34)] * 3
        tiles += [rng.randrange(34)] * 2
        if max(tiles.count(k) for k in set(tiles)) <= 4:
            break
    tiles.remove(rng.choice(tiles))
    if rng.random() < 0.5:
        tiles.remove(rng.choice(tiles))
        tiles.append(rng.choice([k for k in range(34) if tiles.count(k) < 4]))
    rng.shuffle(tiles)
    return tiles


def make_hands(n: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(WALL, 13) if i % 2 else near_ready(rng)) for i in range(n)]


def time_pass(fn, items) -> float:
    start = time.perf_counter()
    for x in items:
        fn(x)
    return time.perf_counter() - start


def first_passes(ours, hands, theirs, counts, theirs_first: bool = False, chunks: int = 50) -> tuple[float, float]:
    """Each side's first pass over all the hands, the two taking turns chunk by chunk (each side still
    meets every hand once, in order), so that a change in machine load hits both alike."""
    size = -(-len(hands) // chunks)
    a = b = 0.0
    for i in range(0, len(hands), size):
        if theirs_first:
            b += time_pass(theirs, counts[i:i + size])
        a += time_pass(ours, hands[i:i + size])
        if not theirs_first:
            b += time_pass(theirs, counts[i:i + size])
    return a, b


def cold_only(hands_n: int, seed: int, theirs_first: bool) -> None:
    """One fresh process's first passes (printed as JSON for the parent)."""
    tiles = make_hands(hands_n, seed)
    hands = [Hand(t) for t in tiles]
    counts = [counts_of(t) for t in tiles]
    ours, theirs = first_passes(readiness, hands, Shanten.calculate_shanten, counts, theirs_first)
    print(json.dumps({"ours": ours, "theirs": theirs, "import": IMPORT_SECONDS}))


def fresh_processes(n: int, hands_n: int, seed: int) -> None:
    ratios = []
    for i in range(n):
        out = subprocess.run([sys.executable, __file__, "--cold-only", str(i % 2), "--hands", str(hands_n),
                              "--seed", str(seed)], capture_output=True, text=True, check=True).stdout
        r = json.loads(out)
        ratios.append(r["ours"] / r["theirs"])
        per = 1e6 / hands_n
        print(f"fresh process {i + 1} ({'theirs' if i % 2 else 'ours'} first): ours {r['ours'] * per:.1f} µs/h, "
              f"mahjong {r['theirs'] * per:.1f} µs/h, ratio {ratios[-1]:.2f}; import of calculator "
              f"{1e3 * r['import']:.0f} ms")
    print(f"cold ratio over {n} fresh processes: median {statistics.median(ratios):.2f}, "
          f"best {min(ratios):.2f}, worst {max(ratios):.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--repeat", type=int, default=3, help="warm passes (the best one is reported)")
    ap.add_argument("--fresh", type=int, default=0, help="fresh processes timing one cold pass each")
    ap.add_argument("--cold-only", type=int, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.cold_only is not None:
        cold_only(args.hands, args.seed, bool(args.cold_only))
        return

    tiles = make_hands(args.hands, args.seed)
    hands = [Hand(t) for t in tiles]
    counts = [counts_of(t) for t in tiles]
    ours = readiness
    theirs = Shanten.calculate_shanten

    cold_ours, cold_theirs = first_passes(ours, hands, theirs, counts)
    # alternate the two so that a change in machine load hits both alike; keep each one's best
    warm_ours = warm_theirs = float("inf")
    for _ in range(args.repeat):
        warm_ours = min(warm_ours, time_pass(ours, hands))
        warm_theirs = min(warm_theirs, time_pass(theirs, counts))

    # hands this process has not seen, after the passes above: the steady state of a server, whose
    # per-suit tables are filled but which meets new hands (best of --repeat fresh sets, alternating)
    new_ours = new_theirs = float("inf")
    for k in range(args.repeat):
        fresh = make_hands(args.hands, args.seed + 1 + k)
        new_ours = min(new_ours, time_pass(ours, [Hand(t) for t in fresh]))
        new_theirs = min(new_theirs, time_pass(theirs, [counts_of(t) for t in fresh]))

    ready = sum(1 for h in hands if readiness(h).shanten == 0)
    agree = sum(1 for h, c in zip(hands, counts) if readiness(h).shanten == theirs(c))
    per = 1e6 / len(hands)
    print(f"hands: {len(hands)} (seed {args.seed}; {ready} ready), shanten agrees with mahjong on {agree}")
    print(f"{'':6}{'ours (shanten+waits)':>22}{'mahjong shanten':>18}{'ratio':>8}")
    for label, a, b in (("cold", cold_ours, cold_theirs), ("new", new_ours, new_theirs),
                        ("warm", warm_ours, warm_theirs)):
        print(f"{label:6}{a * per:>17.1f} µs/h{b * per:>13.1f} µs/h{a / b:>8.2f}")
    if args.fresh:
        fresh_processes(args.fresh, args.hands, args.seed)


if __name__ == "__main__":
    main()
