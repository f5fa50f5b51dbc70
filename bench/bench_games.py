"""Benchmark: POST /v1/games per East-South game in each record format (four and three players), and the audit.

Run from the project root: `.venv/bin/python bench/bench_games.py [--games N] [--repeat N]`. The games
are the East-South ones of ../shared/data/games.jsonl.gz (else the committed East-only fixture). Each game
is timed in-process through the whole route (Flask test client: JSON parsing, reading the record, the
replay, the answer), and also through the calculator alone (record read + replay, no HTTP); the median per
game is printed for each format. Three-player games are the East-South ones of ../shared/data/sanma.jsonl.gz
(else the nine committed ones of tests/cases/games/sanma_games.jsonl), in tenhou.mjlog and outcomes. The audit is timed on the committed real hands: /v1/score with a claim
that disagrees (so every relevant single option change is tried) against the same request without a claim.
The same East-South games as mjai logs (../shared/data/games_mjai.jsonl.gz) are timed beside their Tenhou
XML in the same run, game by game and run by run interleaved, every body sent under rules {"preset": "tenhou"}
and encoded beforehand (the server's cost only, not the test client's JSON encoding): mjai as an array of
events and as one JSON-lines string, with the ratio mjai / tenhou.mjlog (target <= 1).
Targets: <= 10 ms per game, <= 5 ms per audit. The clock is the process's CPU time (time.process_time), so
that a machine shared with other work (the development machine runs eight sessions on two cores) does not
count the time the process waits for a core; a loop of 10^6 additions is timed the same way, for scale
between machines.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from app import create_app  # noqa: E402
from calculator.records.games import replay_game  # noqa: E402
from intake.games import read_games  # noqa: E402
from tests.real_hands import records, score_body  # noqa: E402

DATA = os.path.join(ROOT, "..", "shared", "data", "games.jsonl.gz")
SANMA_DATA = os.path.join(ROOT, "..", "shared", "data", "sanma.jsonl.gz")
MJAI_DATA = os.path.join(ROOT, "..", "shared", "data", "games_mjai.jsonl.gz")
MJAI_SIDES = (("tenhou.mjlog", "mjlog"), ("mjai", "mjai"), ("mjai", "mjai_lines"))
CASES = os.path.join(ROOT, "tests", "cases")
FORMATS = (("tenhou.mjlog", "mjlog"), ("tenhou.6", "tenhou6"), ("outcomes", "outcomes"))
SANMA_FORMATS = (("tenhou.mjlog", "mjlog"), ("outcomes", "outcomes"))   # no three-player tenhou.6


def load_games(limit: int) -> list[dict]:
    if not os.path.exists(DATA):
        with open(os.path.join(CASES, "games", "tonpuu.mjlog.xml"), encoding="utf-8") as f:
            mjlog = f.read()
        with open(os.path.join(CASES, "games", "tonpuu.tenhou6.json"), encoding="utf-8") as f:
            t6 = json.load(f)
        with open(os.path.join(CASES, "games", "tonpuu.outcomes.json"), encoding="utf-8") as f:
            oc = json.load(f)
        return [{"game_id": "fixture (East-only)", "mjlog": mjlog, "tenhou6": t6, "outcomes": oc}]
    out = []
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        for line in f:
            g = json.loads(line)
            if "-00a9-" in g["game_id"]:   # East-South
                out.append(g)
                if len(out) >= limit:
                    break
    return out


def load_sanma_games(limit: int) -> list[dict]:
    """Three-player East-South games (`-00b9-`): the data's, else the committed sample."""
    path, opener = (SANMA_DATA, gzip.open) if os.path.exists(SANMA_DATA) else (
        os.path.join(CASES, "games", "sanma_games.jsonl"), open)
    out = []
    with opener(path, "rt", encoding="utf-8") as f:
        for line in f:
            g = json.loads(line)
            if "expect" in g and "-00b9-" in g["game_id"]:
                out.append(g)
                if len(out) >= limit:
                    break
    return out


def time_formats(client, games, formats, repeat) -> None:
    for fmt, key in formats:
        def route(data, fmt=fmt):
            resp = client.post("/v1/games", json={"record": {"format": fmt, "data": data}})
            assert resp.status_code == 200, resp.get_data(as_text=True)[:300]

        def calc(data, fmt=fmt):
            call = read_games({"record": {"format": fmt, "data": data}})
            replay_game(call.record, call.rules, call.infer_length, call.rules_given)
        print(f"  {fmt:13s} route {per_game(route, games, key, repeat):6.2f} ms/game   "
              f"record + replay {per_game(calc, games, key, repeat):6.2f} ms/game   (target <= 10)")


def mjai_beside_mjlog(client, games, repeat) -> None:
    """The same games as Tenhou XML and as mjai (array and JSON lines): route and record + replay, interleaved."""
    wanted = {g["game_id"]: g for g in games if "mjlog" in g}
    if not os.path.exists(MJAI_DATA) or not wanted:
        print("mjai beside tenhou.mjlog: skipped (no ../shared/data/games_mjai.jsonl.gz)")
        return
    rules = {"preset": "tenhou"}
    pairs = []
    with gzip.open(MJAI_DATA, "rt", encoding="utf-8") as f:
        for line in f:
            g = json.loads(line)
            if g["game_id"] in wanted:
                lines = "\n".join(json.dumps(e) for e in g["mjai"])
                pairs.append({"mjlog": wanted[g["game_id"]]["mjlog"], "mjai": g["mjai"], "mjai_lines": lines})
    route = {key: [] for _, key in MJAI_SIDES}
    calc = {key: [] for _, key in MJAI_SIDES}
    for g in pairs:
        bodies = {key: json.dumps({"record": {"format": fmt, "data": g[key]}, "rules": rules}).encode()
                  for fmt, key in MJAI_SIDES}
        best_route = {key: float("inf") for _, key in MJAI_SIDES}
        best_calc = dict(best_route)
        for _ in range(repeat):
            for fmt, key in MJAI_SIDES:
                body = {"record": {"format": fmt, "data": g[key]}, "rules": rules}
                best_route[key] = min(best_route[key], _once(lambda b: _post_raw(client, b), bodies[key]))
                best_calc[key] = min(best_calc[key], _once(_replay_body, body))
        for _, key in MJAI_SIDES:
            route[key].append(best_route[key])
            calc[key].append(best_calc[key])
    print(f"mjai beside tenhou.mjlog: the same {len(pairs)} East-South games, rules tenhou, best of {repeat}, "
          "median over the games (ratio: mjai / tenhou.mjlog, target <= 1)")
    base_route, base_calc = (1e3 * statistics.median(x["mjlog"]) for x in (route, calc))
    for fmt, key in MJAI_SIDES:
        r, c = 1e3 * statistics.median(route[key]), 1e3 * statistics.median(calc[key])
        label = fmt if key != "mjai_lines" else "mjai (lines)"
        print(f"  {label:13s} route {r:6.2f} ms/game (x{r / base_route:.2f})   record + replay {c:6.2f} ms/game "
              f"(x{c / base_calc:.2f})")


def _post_raw(client, body: bytes):
    resp = client.post("/v1/games", data=body, content_type="application/json")
    assert resp.status_code == 200, resp.get_data(as_text=True)[:300]


def _replay_body(body):
    call = GAMES_IN.load(body)
    replay_game(call.record, call.rules, call.infer_length, call.rules_given)


def per_game(fn, games, key, repeat) -> float:
    """Median over the games of each game's best time (ms)."""
    times = []
    for g in games:
        best = min(_once(fn, g[key]) for _ in range(repeat))
        times.append(best)
    return 1e3 * statistics.median(times)


def _once(fn, x) -> float:
    t0 = time.process_time()
    fn(x)
    return time.process_time() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="East-South games to time")
    ap.add_argument("--repeat", type=int, default=3, help="runs per game; the fastest counts")
    args = ap.parse_args()
    client = create_app().test_client()
    games = load_games(args.games)
    t0 = time.process_time()
    s = 0
    for i in range(10 ** 6):
        s += i
    print(f"machine: 10^6 additions in {1e3 * (time.process_time() - t0):.0f} ms CPU, for scale")
    print(f"games: {len(games)} East-South, best of {args.repeat} per game, median over the games")
    time_formats(client, games, FORMATS, args.repeat)
    mjai_beside_mjlog(client, games, args.repeat)
    sanma = load_sanma_games(args.games)
    print(f"three-player games (tenhou_sanma): {len(sanma)} East-South, best of {args.repeat} per game")
    time_formats(client, sanma, SANMA_FORMATS, args.repeat)
    hands = [score_body(r) for r in records(os.path.join(CASES, "real_hands_sample.jsonl"))]
    plain, audited = [], []
    for body in hands:
        claim = {"points": 1, "fu": 200, "han": 1}   # disagrees with every hand: all relevant changes are tried
        plain.append(min(_once(lambda b: client.post("/v1/score", json=b), body) for _ in range(args.repeat)))
        audited.append(min(_once(lambda b: client.post("/v1/score", json=b), {**body, "claim": claim})
                           for _ in range(args.repeat)))
    extra = [a - p for a, p in zip(audited, plain)]
    print(f"audit: {len(hands)} real hands: /v1/score {1e3 * statistics.median(plain):.2f} ms, with a claim "
          f"{1e3 * statistics.median(audited):.2f} ms (the audit itself {1e3 * statistics.median(extra):.2f} ms, "
          f"target <= 5)")


if __name__ == "__main__":
    main()
