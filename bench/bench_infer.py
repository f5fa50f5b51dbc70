"""Benchmark: rules from the record (POST /v1/games with "infer_rules": true) against one replay of the same game.

Run from the project root: `.venv/bin/python bench/bench_infer.py [--games N] [--repeat N] [--broken]`. The games
are the first N of ../shared/data/games.jsonl.gz in each format (tenhou.mjlog, tenhou.6, outcomes) and of
../shared/data/sanma.jsonl.gz (tenhou.mjlog, outcomes); without ../shared, the committed East-only fixture. Each
record is read once; then, game by game and in the same run, one replay under the rules the record chooses
(calculator.records.games.replay_game, what /v1/games does without infer_rules) and one inference
(calculator.records.infer.infer_rules, which returns the game replayed under the rules it finds) are timed,
best of --repeat each, on the process's CPU clock (time.process_time: a shared machine's waits do not count).
Printed per format: the median per game of each and the ratio of the totals inference / replay (target: at
most 20). With --broken, each outcomes game's first recorded deltas are spoilt, so that no preset explains it
and the single option changes are searched too (no target: the worst case).
"""
from __future__ import annotations

import argparse
import copy
import gzip
import json
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from calculator.records.games import replay_game  # noqa: E402
from calculator.records.infer import infer_rules  # noqa: E402
from intake.games import read_games  # noqa: E402

DATA = os.path.join(ROOT, "..", "shared", "data", "games.jsonl.gz")
SANMA = os.path.join(ROOT, "..", "shared", "data", "sanma.jsonl.gz")
CASES = os.path.join(ROOT, "tests", "cases", "games")
FOUR = (("tenhou.mjlog", "mjlog"), ("tenhou.6", "tenhou6"), ("outcomes", "outcomes"))
THREE = (("tenhou.mjlog", "mjlog"), ("outcomes", "outcomes"))


def load(path: str, limit: int) -> list[dict]:
    if not os.path.exists(path):
        return []
    out = []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            g = json.loads(line)
            if g.get("schema", "sanma-game/1") == "sanma-game/1":
                out.append(g)
                if len(out) >= limit:
                    break
    return out


def fixture() -> list[dict]:
    with open(os.path.join(CASES, "tonpuu.mjlog.xml"), encoding="utf-8") as f:
        mjlog = f.read()
    with open(os.path.join(CASES, "tonpuu.tenhou6.json"), encoding="utf-8") as f:
        t6 = json.load(f)
    with open(os.path.join(CASES, "tonpuu.outcomes.json"), encoding="utf-8") as f:
        oc = json.load(f)
    return [{"game_id": "fixture", "mjlog": mjlog, "tenhou6": t6, "outcomes": oc}]


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return min(times)


def time_format(games, fmt, key, repeat, broken=False) -> None:
    replays, inferences, explained = [], [], 0
    for g in games:
        data = g[key]
        if broken:
            data = copy.deepcopy(data)
            data["hands"][0]["recorded_deltas"] = [d + 100 * (i == 0) - 100 * (i == 1)
                                                   for i, d in enumerate(data["hands"][0]["recorded_deltas"])]
        call = read_games({"record": {"format": fmt, "data": data}})
        replays.append(best(lambda: replay_game(call.record, call.rules, call.infer_length, call.rules_given),
                            repeat))
        facts = call.record.flags.options()
        inferences.append(best(lambda: infer_rules(call.record, facts=facts, infer_length=call.infer_length),
                               repeat))
        explained += infer_rules(call.record, facts=facts, infer_length=call.infer_length).explains
    ratio = sum(inferences) / sum(replays)
    print(f"  {fmt:13s} replay {1e3 * statistics.median(replays):6.2f} ms/game   inference "
          f"{1e3 * statistics.median(inferences):6.2f} ms/game   ratio {ratio:5.2f}"
          f"{'' if broken else '   (target <= 20)'}   explained {explained}/{len(games)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games per file")
    ap.add_argument("--repeat", type=int, default=3, help="runs per game; the fastest counts")
    ap.add_argument("--broken", action="store_true", help="also time outcomes records no preset explains")
    args = ap.parse_args()
    four = load(DATA, args.games) or fixture()
    print(f"four players: {len(four)} games, best of {args.repeat}, CPU time")
    for fmt, key in FOUR:
        time_format(four, fmt, key, args.repeat)
    three = load(SANMA, args.games)
    if three:
        print(f"three players: {len(three)} games")
        for fmt, key in THREE:
            time_format(three, fmt, key, args.repeat)
    if args.broken:
        print("outcomes records with the first hand's deltas spoilt (no candidate explains them):")
        time_format(four, "outcomes", "outcomes", args.repeat, broken=True)


if __name__ == "__main__":
    main()
