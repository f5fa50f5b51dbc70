"""Benchmark: three-player scoring (tenhou_sanma) against four-player scoring (tenhou), in the same run.

Run from the project root: `.venv/bin/python bench/bench_sanma.py [--repeat N]`. The real Tenhou wins of
../shared/data (real_hands.jsonl.gz: four players; sanma.jsonl.gz: three players), or the committed samples
without it, are built into requests before timing; the clock covers only `calculator.score(request)`. Prints
the time per hand of each and the ratio three / four (the issue-17 target: the same time class, about 1).
"""
from __future__ import annotations

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.timing import time_pass  # noqa: E402
from calculator.scoring.japanese import score  # noqa: E402
from intake.score import read_score  # noqa: E402
from tests.real_hands import records, score_body  # noqa: E402

DATA = os.path.normpath(os.path.join(ROOT, "..", "shared", "data"))
CASES = os.path.join(ROOT, "tests", "cases")
FOUR = (os.path.join(DATA, "real_hands.jsonl.gz"), os.path.join(CASES, "real_hands_sample.jsonl"))
THREE = (os.path.join(DATA, "sanma.jsonl.gz"), os.path.join(CASES, "sanma_sample.jsonl"))


def wins(paths) -> tuple[str, list]:
    """The score requests of the first file that exists (full data, else the sample)."""
    path = next(p for p in paths if os.path.exists(p))
    rows = [r for r in records(path) if r.get("schema", "real-hand/1") in ("real-hand/1", "sanma-hand/1")]
    return os.path.basename(path), [read_score(score_body(r)).request for r in rows]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs per side; the fastest is reported")
    args = ap.parse_args()
    (name4, four), (name3, three) = wins(FOUR), wins(THREE)
    t4 = t3 = float("inf")
    for _ in range(args.repeat):   # the two sides take turns, so that a change in load hits both alike
        t4 = min(t4, time_pass(score, four))
        t3 = min(t3, time_pass(score, three))
    per4, per3 = 1e6 * t4 / len(four), 1e6 * t3 / len(three)
    print(f"four players  (tenhou, {len(four)} wins of {name4}):        {per4:7.1f} us/hand")
    print(f"three players (tenhou_sanma, {len(three)} wins of {name3}):  {per3:7.1f} us/hand")
    print(f"ratio three/four: {per3 / per4:.2f} (best of {args.repeat})")


if __name__ == "__main__":
    main()
