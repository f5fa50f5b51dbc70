"""Benchmark: Taiwanese and European per-hand scoring against Japanese scoring, same machine, same run.

Run from the project root: `.venv/bin/python bench/bench_families.py [--repeat N]`. Requests are built
before timing; the clock covers only the scoring call, and the three sides take turns pass by pass. Japanese: `calculator.score` on the real Tenhou
hands (the shared data, else the test sample). European: the same hands under `european_classical`
(riichi, dora and the first-turn flags dropped, the hand and the win kept). Taiwanese: as many random
complete 16-tile hands (seeded: five sets and a pair, some sets melded, ron or tsumo, flowers) under
`taiwanese_16`. Prints the time per hand of each and the ratio to Japanese (target: the same class, <= 2).
"""
from __future__ import annotations

import os
import random
import sys
from dataclasses import replace

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.bench_score import real_hands_run  # noqa: E402
from bench.timing import time_pass  # noqa: E402
from calculator.core.hand import Hand, Meld  # noqa: E402
from calculator.rules import preset_rules  # noqa: E402
from calculator.scoring.european import score_european  # noqa: E402
from calculator.scoring.facts import Situation  # noqa: E402
from calculator.scoring.japanese import ScoreRequest, score  # noqa: E402
from calculator.scoring.taiwanese import score_taiwanese  # noqa: E402

SEATS = ("east", "south", "west", "north")


def european(reqs):
    rules = preset_rules("european_classical")
    out = []
    for r in reqs:
        s = r.situation
        sit = Situation(s.win_by, s.seat_wind, s.round_wind, rinshan=s.rinshan, chankan=s.chankan,
                        haitei=s.haitei, houtei=s.houtei)
        out.append(replace(r, situation=sit, rules=rules, dora_indicators=(), ura_indicators=(), honba=0,
                           riichi_sticks=0, history=None))
    return out


def random_group(rng, counts):
    """A chow or pung whose copies are still free (counts updated), as kinds."""
    while True:
        if rng.random() < 0.6:
            s, n = rng.randrange(3), rng.randrange(7)
            g = (9 * s + n, 9 * s + n + 1, 9 * s + n + 2)
        else:
            k = rng.randrange(34)
            g = (k, k, k)
        if all(counts[k] + g.count(k) <= 4 for k in set(g)):
            for k in g:
                counts[k] += 1
            return g


def taiwanese(n, seed=13):
    """n random complete 16-tile wins (the concealed part's every tile may be the winning one)."""
    rng, rules, out = random.Random(seed), preset_rules("taiwanese_16"), []
    while len(out) < n:
        counts = [0] * 34
        groups = [random_group(rng, counts) for _ in range(5)]
        pair = rng.randrange(34)
        if counts[pair] > 2:
            continue
        counts[pair] += 2
        melded = rng.randrange(3)
        melds = tuple(Meld("chi" if g[0] != g[1] else "pon", g) for g in groups[:melded])
        concealed = [k for g in groups[melded:] for k in g] + [pair, pair]
        win = concealed.pop(rng.randrange(len(concealed)))
        seat = rng.choice(SEATS)
        by = rng.choice(("ron", "tsumo"))
        discarder = None if by == "tsumo" else rng.choice([s for s in SEATS if s != seat])
        out.append(ScoreRequest(Hand(tuple(concealed), melds), win, Situation(by, seat, "east"), discarder=discarder,
                                honba=rng.randrange(3), rules=rules, flowers=tuple(rng.sample((1, 2, 3, 4),
                                                                                              rng.randrange(3)))))
    return out


def main():
    args, reqs = real_hands_run(__doc__.splitlines()[0], 5)
    # seven pairs and thirteen orphans are no European hands: the regular ones are kept
    eu = [r for r in european(reqs) if score_european(r).is_win]
    tw = taiwanese(len(reqs))
    assert all(score_taiwanese(r).is_win for r in tw)
    # the three sides take turns, pass by pass, so a load change on the shared machine hits each alike
    best = [float("inf")] * 3
    for _ in range(args.repeat):
        for k, (fn, items) in enumerate(((score, reqs), (score_european, eu), (score_taiwanese, tw))):
            best[k] = min(best[k], time_pass(fn, items))
    jp_t, eu_t, tw_t = best
    jp = jp_t / len(reqs)
    print(f"hands: {os.path.basename(args.hands)}, best of {args.repeat}")
    for label, t, n in (("japanese  calculator.score           ", jp_t, len(reqs)),
                        ("european  score_european (same hands)", eu_t, len(eu)),
                        ("taiwanese score_taiwanese (16 tiles) ", tw_t, len(tw))):
        print(f"{label}  {n:6d} hands  {t:8.3f} s  {1e6 * t / n:7.1f} us/hand  ratio to japanese "
              f"{t / n / jp:.2f}")


if __name__ == "__main__":
    main()
