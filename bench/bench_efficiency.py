"""Tile-efficiency benchmark: the /v1/efficiency calculator call per 14-tile position, against the `mahjong` package
doing the same brute force, in the same run.

Positions: the 14-tile moments of the real games in ../shared/data/games_mjai.jsonl.gz (after each draw, the
drawing player's concealed tiles, melds and what he can see; tests/mjai_positions.py). The first `--warm` games
only fill the caches (a server's steady state); the next `--games` games are timed, each position once, our
side and theirs taking turns position by position. Then the same for seeded 17-tile Taiwanese hands (a random
complete five-group hand, up to four tiles swapped for random kinds).

* ours (full)     - `calculator.readings.efficiency.efficiency(hand, visible, rules)`: every discard's shanten,
                    ukeire with remaining copies, and the improvements of each discard leaving shanten 0 or 1:
                    the whole answer of the route without HTTP;
* ours (ukeire)   - the same call with improvements=False: per discard, its shanten and ukeire;
* theirs          - per discard, `mahjong.shanten.Shanten.calculate_shanten(counts34)` of the hand left, then of
                    it plus each tile kind not all held (the brute force a client would write with the package):
                    the same as ours (ukeire). The package refuses more than 14 tiles, so on 17 tiles the same
                    brute force runs over the project's own shanten (calculator.readings.waits.shanten).

Printed: which build of the calculator ran (compiled: native/'s extensions, `mahjong_rules_native._widen` for
efficiency and `_ready`; pure: installed without a C compiler, or CALCULATOR_PURE=1 for efficiency alone), then
median, 90th percentile and mean per position in ms, per side, and the ratios ours / theirs of the medians and
of the totals. Targets (issue 27): median at most 1 ms per 14-tile position, at most 3 ms per 17-tile hand.

    .venv/bin/python bench/bench_efficiency.py [--warm 5] [--games 40] [--taiwanese 300] [--seed 16]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mahjong.shanten import Shanten  # noqa: E402  (dev-only oracle)

from calculator.core.hand import Hand  # noqa: E402
from calculator.core.tiles import NUM_KINDS, counts_of  # noqa: E402
from calculator.readings import closed, compiled  # noqa: E402
from calculator.readings.efficiency import efficiency  # noqa: E402
from calculator.readings.waits import shanten as project_shanten  # noqa: E402
from calculator.rules import preset_rules  # noqa: E402
from tests.mjai_positions import DATA, moments  # noqa: E402
from tests.random_hands import complete_hand  # noqa: E402

TENHOU, TAIWAN = preset_rules("tenhou"), preset_rules("taiwanese_16")


def _project_shanten(c, use_chiitoitsu=False, use_kokushi=False):
    return project_shanten(c, 5, False, (4,) * NUM_KINDS).best


def theirs(hand: Hand, special: bool, shanten=Shanten.calculate_shanten) -> list:
    """Per discard kind, (shanten, ukeire kinds) by the package's shanten and a brute force over the draws."""
    c = hand.counts()
    in_melds = counts_of(t for m in hand.melds for t in m.tiles)
    out = []
    for d in range(NUM_KINDS):
        if not c[d]:
            continue
        c[d] -= 1
        s = shanten(c, use_chiitoitsu=special, use_kokushi=special)
        helps = []
        for k in range(NUM_KINDS):
            if c[k] + in_melds[k] < 4:
                c[k] += 1
                if shanten(c, use_chiitoitsu=special, use_kokushi=special) < s:
                    helps.append(k)
                c[k] -= 1
        out.append((d, s, helps))
        c[d] += 1
    return out


def taiwanese_hands(n: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    hands = []
    while len(hands) < n:
        tiles = complete_hand(rng, 5)
        for _ in range(rng.randint(0, 4)):
            tiles[rng.randrange(len(tiles))] = rng.randrange(34)
        if max(counts_of(tiles)) <= 4:
            rng.shuffle(tiles)
            hands.append(Hand(tuple(tiles)))
    return hands


def timed(items, sides) -> list[list[float]]:
    """Seconds per item per side, the sides taking turns item by item."""
    out = [[] for _ in sides]
    clock = time.perf_counter
    for item in items:
        for times, fn in zip(out, sides):
            start = clock()
            fn(item)
            times.append(clock() - start)
    return out


def report(title: str, names, runs) -> None:
    print(title)
    for name, times in zip(names, runs):
        ordered = sorted(times)
        print(f"  {name:14s} median {1000 * statistics.median(times):7.3f} ms   p90 "
              f"{1000 * ordered[int(0.9 * len(ordered))]:7.3f} ms   mean {1000 * statistics.mean(times):7.3f} ms")
    base = runs[-1]
    for name, times in zip(names[:-1], runs[:-1]):
        print(f"  ratio {name} / {names[-1]}: median {statistics.median(times) / statistics.median(base):.3f}, "
              f"total {sum(times) / sum(base):.3f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--warm", type=int, default=5, help="games that only fill the caches")
    ap.add_argument("--games", type=int, default=40, help="games whose 14-tile moments are timed")
    ap.add_argument("--taiwanese", type=int, default=300, help="seeded 17-tile hands timed")
    ap.add_argument("--seed", type=int, default=16)
    args = ap.parse_args()
    if not os.path.exists(DATA):
        sys.exit(f"{DATA} is not present")
    print(f"build: efficiency {'compiled' if compiled.COMPILED else 'pure Python'}, "
          f"readiness {'compiled' if closed.COMPILED else 'pure Python'}; load average {os.getloadavg()[0]:.2f}")
    every = list(moments(games=args.warm + args.games))
    warm_ids = {m.game for m in moments(games=args.warm)}
    warm = [m for m in every if m.game in warm_ids]
    timed_moments = [m for m in every if m.game not in warm_ids]
    for m in warm:
        efficiency(m.hand, m.visible, TENHOU)
    names = ("ours (full)", "ours (ukeire)", "theirs")
    runs = timed(timed_moments, [lambda m: efficiency(m.hand, m.visible, TENHOU),
                                 lambda m: efficiency(m.hand, m.visible, TENHOU, improvements=False),
                                 lambda m: theirs(m.hand, not m.hand.melds)])
    report(f"{len(timed_moments)} real 14-tile positions ({args.games} games after {args.warm} warm-up games)",
           names, runs)
    by_shanten: dict[int, list[float]] = {}
    for m, t in zip(timed_moments, runs[0]):
        by_shanten.setdefault(efficiency(m.hand, m.visible, TENHOU, improvements=False).shanten, []).append(t)
    print("  ours (full) by the best shanten: " + ", ".join(
        f"{s}: {len(ts)} positions, median {1000 * statistics.median(ts):.2f} ms" for s, ts in sorted(by_shanten.items())))
    hands = taiwanese_hands(args.taiwanese, args.seed)
    for h in taiwanese_hands(100, args.seed + 1):
        efficiency(h, (), TAIWAN)
    runs = timed(hands, [lambda h: efficiency(h, (), TAIWAN), lambda h: efficiency(h, (), TAIWAN, improvements=False),
                         lambda h: theirs(h, False, _project_shanten)])
    report(f"{len(hands)} seeded 17-tile hands (taiwanese_16)", names[:2] + ("brute force",), runs)


if __name__ == "__main__":
    main()
