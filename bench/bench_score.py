"""Benchmark: our scoring call against the `mahjong` package on the real Tenhou hands.

Run from the project root: `.venv/bin/python bench/bench_score.py [--repeat N]`. Requests are
built before timing; the clock covers only `calculator.score(request)` and
`HandCalculator.estimate_hand_value(...)` on the same hands, in the same run, the two sides
taking turns pass by pass (so a change in machine load hits both alike). Prints both totals,
the time per hand and the ratio ours / theirs (target <= 0.25, issue 12), and the first pass of
the fresh process, when every cache of ours is empty.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.timing import first_and_best  # noqa: E402
from calculator.scoring.japanese import score  # noqa: E402
from intake.score import read_score  # noqa: E402
from tests.mahjong_oracle import estimate, oracle_inputs  # noqa: E402
from tests.real_hands import score_body  # noqa: E402

DATA = os.path.join(ROOT, "..", "shared", "data", "real_hands.jsonl.gz")
SAMPLE = os.path.join(ROOT, "tests", "cases", "real_hands_sample.jsonl")


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        return [read_score(score_body(json.loads(line))).request for line in f]


def real_hands_run(description: str, repeat: int):
    """The command line of a benchmark over the real hands (--repeat, --hands), and those hands' requests."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--repeat", type=int, default=repeat, help="passes per side; the fastest is reported")
    ap.add_argument("--hands", default=DATA if os.path.exists(DATA) else SAMPLE)
    args = ap.parse_args()
    return args, load(args.hands)


def main():
    args, reqs = real_hands_run(__doc__.splitlines()[0], 3)
    oracle = [oracle_inputs(r) for r in reqs]
    (first_ours, ours), (first_theirs, theirs) = first_and_best(
        [(score, reqs), (lambda a: estimate(*a[0], **a[1]), oracle)], args.repeat)
    n = len(reqs)
    print(f"hands: {n} ({os.path.basename(args.hands)}), best of {args.repeat}")
    print(f"ours    calculator.score:                    {ours:8.3f} s  {1e6 * ours / n:7.1f} us/hand")
    print(f"mahjong HandCalculator.estimate_hand_value:  {theirs:8.3f} s  {1e6 * theirs / n:7.1f} us/hand")
    print(f"first pass of a fresh process: ours {1e6 * first_ours / n:.1f} us/hand, theirs "
          f"{1e6 * first_theirs / n:.1f} us/hand, ratio {first_ours / first_theirs:.3f}")
    print(f"ratio ours/theirs: {ours / theirs:.3f} (target <= 0.25)")


if __name__ == "__main__":
    main()
