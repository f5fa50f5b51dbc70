"""A worker's memory with every cache full: the worst case a long-running worker can reach.

Run from the project root: `.venv/bin/python bench/bench_memory.py [--hands 150000]`. In one fresh process, as a
gunicorn worker has it (create_app() imported and built), it prints the resident memory (VmRSS) after each step:

1. Start: the app built, every cache empty.
2. Readings: `calculator.readiness` on `--hands` seeded random 13-tile hands (half drawn from the wall, half near
   ready), which fills the per-suit caches of calculator/readings the way new hands do (each lru_cache's fill is
   printed), then each of those caches filled to its bound with further random suits of the right shape.
3. Scoring profiles: every cache a ScoringProfile holds (calculator/scoring/profile.py: payments, limits,
   situations; per Rules value) filled to its bound with distinct keys, for as many distinct Rules values as the
   module keeps (_PROFILES), plus the module-level limit, meld-fact and evaluate-situation caches.
4. The total, and what each step added.

Keys are made directly (the cached functions called with distinct, well-formed arguments), so every cache is full
whatever traffic would have been needed to fill it: a bound, not a typical figure. Nothing is sent over a network.
"""
from __future__ import annotations

import argparse
import dataclasses
import functools
import gc
import os
import random
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from app import create_app  # noqa: E402
from intake.ready import read_ready  # noqa: E402
import calculator  # noqa: E402
from calculator.readings import closed, decompose, partials, waits  # noqa: E402
from calculator.rules.loader import preset_rules  # noqa: E402
from calculator.scoring import facts, limits, profile  # noqa: E402
from calculator.play import evaluate as evaluate_module  # noqa: E402
from tests.random_hands import WALL  # noqa: E402


LRU = type(functools.lru_cache(maxsize=1)(lambda: None))


def rss_mb() -> float:
    gc.collect()
    with open("/proc/self/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)) / 1024


def lru_caches() -> dict[str, object]:
    """Every functools.lru_cache of the service's modules, by name."""
    out = {}
    for name, mod in list(sys.modules.items()):
        if not name.startswith(("calculator", "schemas", "web")):
            continue
        for attr, obj in vars(mod).items():
            if type(obj) is LRU and obj.__module__ == name:
                out[f"{name}.{attr}"] = obj
    return out


def random_suit(rng: random.Random, suited: bool, tiles: int) -> tuple[int, ...]:
    kinds = 9 if suited else 7
    counts = [0] * kinds
    while sum(counts) < tiles:
        k = rng.randrange(kinds)
        if counts[k] < 4:
            counts[k] += 1
    return tuple(counts)


def hands(n: int, seed: int):
    rng = random.Random(seed)
    for i in range(n):
        if i % 2:
            tiles = sorted(rng.sample(WALL, 13))
        else:   # near ready: four groups and a pair of one suit each, one tile taken away
            tiles = sorted(rng.sample(WALL, 14))[:13]
        yield "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in tiles)


def fill(fn, make, bound: int, size) -> None:
    """Call `fn(*make())` until `size()` reaches `bound` (calls that raise are skipped)."""
    tries = 0
    while size() < bound and tries < 50 * bound:
        tries += 1
        try:
            fn(*make())
        except (ValueError, KeyError, IndexError):
            pass


def lru_size(fn):
    return lambda: fn.cache_info().currsize


def near_ready(rng: random.Random) -> tuple[int, ...]:
    """The 34 counts of a random complete hand (four groups and a pair) less one tile: most are ready."""
    counts = [0] * 34
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.6:
                s, n = rng.randrange(3), rng.randrange(7)
                for k in range(3):
                    counts[9 * s + n + k] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            break
    counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
    return tuple(counts)


def fill_suits(rng: random.Random) -> None:
    """Each per-suit cache (lru_cache or plain dict) filled to its bound with random suits of 0-14 tiles."""
    def suit():
        suited = rng.random() < 0.8
        return random_suit(rng, suited, rng.randrange(15)), suited
    for fn in (waits._block_options, waits._block_complete, waits.suit_complete, waits._block_waits, decompose._sets):
        fill(fn, suit, fn.cache_info().maxsize, lru_size(fn))
    fill(waits._suit_id, lambda: (random_suit(rng, True, rng.randrange(15)), True), waits._SUIT_CACHE - 1,
         lambda: len(waits._SUITED_IDS))
    fill(waits._suit_id, lambda: (random_suit(rng, False, rng.randrange(15)), False), waits._SUIT_CACHE - 1,
         lambda: len(waits._HONOUR_IDS))
    # calculator.readings.closed's two dicts of suit classes, keyed like waits' suit ids (a 34-count hand each)
    fill(lambda c: closed._classes(c), lambda: (random_suit(rng, True, rng.randrange(15)) + (0,) * 25,),
         closed._CACHE - 1, lambda: len(closed._SUITED))
    fill(lambda c: closed._classes(c), lambda: ((0,) * 27 + random_suit(rng, False, rng.randrange(15)),),
         closed._CACHE - 1, lambda: len(closed._HONOURS))
    for b, table in enumerate(decompose._SPLIT_TABLES):
        suited = b < 3
        fill(decompose._block_splits, lambda: (b, random_suit(rng, suited, rng.randrange(15))),
             decompose._SPLIT_CACHE - 1, lambda: len(table))

    sets = len(waits._SETS)
    fill(waits._join, lambda: (rng.randrange(sets), rng.randrange(sets)), waits._join.cache_info().maxsize,
         lru_size(waits._join))
    fill(waits._shanten_of, lambda: (rng.randrange(len(waits._SETS)), rng.randrange(5)),
         min(waits._shanten_of.cache_info().maxsize, 5 * sets), lru_size(waits._shanten_of))

    def block_partial():
        block = random_suit(rng, True, rng.randrange(1, 15))
        return block, True, rng.choice([i for i, n in enumerate(block) if n]), rng.random() < 0.5
    fill(partials._block_partials, block_partial, partials._block_partials.cache_info().maxsize,
         lru_size(partials._block_partials))
    fill(partials._analyse, lambda: (near_ready(rng), 4, True, None, False), partials._analyse.cache_info().maxsize,
         lru_size(partials._analyse))


def fill_profiles(rng: random.Random) -> int:
    """Every profile cache at its bound, for _PROFILES distinct Rules values; the number of entries made."""
    base = preset_rules("tenhou")
    made = 0
    for i in range(profile._PROFILES):
        rules = dataclasses.replace(base, riichi_stick_value=1000 + i)   # a distinct Rules value each
        p = profile.scoring_profile(rules)
        seats = ("east", "south", "west", "north")
        while len(p.payments) < profile._CACHE - 1:
            base_points, honba, sticks = rng.randrange(100, 48000), rng.randrange(0, 1001), rng.randrange(0, 20)
            winner, discarder = rng.choice(seats), rng.choice(seats)
            by = "tsumo" if winner == discarder else "ron"
            profile.profile_payments(p, base_points, winner, by, None if by == "tsumo" else discarder, honba, sticks)
        while len(p.limits) < profile._CACHE - 1:
            profile.profile_limit(p, rng.randrange(1, 200), rng.randrange(20, 400), rng.randrange(0, 8))
        while len(p.situations) < facts._SITUATION_CACHE - 1:
            sit = facts.Situation(rng.choice(("ron", "tsumo")), rng.choice(seats), rng.choice(seats),
                                  rng.choice(("none", "riichi", "double_riichi")),
                                  *[rng.random() < 0.3 for _ in range(10)], dealer_wins=rng.randrange(0, 20),
                                  kita=rng.randrange(0, 5))
            facts.situation_facts(sit, True, p.situations)
        made += len(p.payments) + len(p.limits) + len(p.situations)
    return made


def deep_size(obj, seen: set) -> int:
    """Bytes of an object and of everything it holds that was not counted yet (ids in `seen`)."""
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, dict):
        size += sum(deep_size(k, seen) + deep_size(v, seen) for k, v in obj.items())
    elif isinstance(obj, (tuple, list, set, frozenset)):
        size += sum(deep_size(v, seen) for v in obj)
    return size


def shortlist_bytes() -> tuple[int, float]:
    """The yaku short lists (a fourth cache per profile, keyed on facts of a real hand): the real hands of the
    committed sample scored under tenhou; (entries made, bytes per entry not shared with anything else)."""
    from intake.score import read_score
    from tests.real_hands import SAMPLE, records, score_body
    rules = None
    for r in records(SAMPLE):
        call = read_score(score_body(r))
        calculator.score_hand(call.request)
        rules = call.request.rules
    lists = profile.scoring_profile(rules).shortlists
    seen: set = set()
    for module in (sys.modules[n] for n in list(sys.modules) if n.startswith("calculator")):
        deep_size(vars(module), seen)   # what the modules hold already is shared, not the cache's
    return len(lists), deep_size(lists, seen) / max(len(lists), 1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=150_000)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    create_app()
    start = rss_mb()
    print(f"start (app built, caches empty): {start:.1f} MB")
    for hand in hands(args.hands, args.seed):
        try:
            req = read_ready({"hand": hand})
            calculator.readiness(req.hand, req.visible, req.rules)
        except Exception:   # noqa: BLE001  (a hand of five copies, say: not what is measured here)
            pass
    after_hands = rss_mb()
    print(f"after {args.hands:,} random hands through readiness: {after_hands:.1f} MB (+{after_hands - start:.1f})")
    rng = random.Random(args.seed)
    fill_suits(rng)
    after_suits = rss_mb()
    print(f"per-suit caches filled to their bounds: {after_suits:.1f} MB (+{after_suits - after_hands:.1f})")
    for name, fn in sorted(lru_caches().items()):
        info = fn.cache_info()
        print(f"  {name}: {info.currsize:,} of {info.maxsize:,}")
    made = fill_profiles(rng)
    after_profiles = rss_mb()
    print(f"{profile._PROFILES} scoring profiles, every cache at its bound ({made:,} entries): {after_profiles:.1f} MB "
          f"(+{after_profiles - after_suits:.1f})")
    entries, per_entry = shortlist_bytes()
    from calculator.scoring.yaku import _SHORTLIST_CACHE
    lists_mb = per_entry * _SHORTLIST_CACHE * profile._PROFILES / 2 ** 20
    print(f"yaku short lists: {per_entry:.0f} bytes per entry ({entries} made by the sample's real hands); "
          f"{_SHORTLIST_CACHE:,} per profile x {profile._PROFILES} profiles = {lists_mb:.1f} MB more at worst")
    print(f"worst case: {after_profiles + lists_mb:.1f} MB per worker ({after_profiles + lists_mb - start:+.1f} MB "
          "over a fresh one)")
    _ = (partials, limits, evaluate_module)


if __name__ == "__main__":
    main()
