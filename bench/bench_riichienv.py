"""Benchmark: this service against RiichiEnv (PyPI `riichienv`, Rust) on three jobs, in one process (issue 26).

Run from the project root: `.venv/bin/python bench/bench_riichienv.py [--rounds N] [--games N]`.
RiichiEnv is a development-only dependency of this bench (requirements-dev.txt); without it the
bench says so and exits 0. The data are the real games of ../shared/data (else the committed sample
hands and no game row).

Rows (each side's inputs are built before the clock starts):
- win:   value one real win. Ours `calculator.score(ScoreRequest)`; theirs
         `HandEvaluator(tiles, melds).calc(win, dora, ura, Conditions(...))`, on the same 136-ids of
         every four-player win of real_hands.jsonl.gz. RiichiEnv's side always calls its Rust objects
         (`riichienv._riichienv`) directly, without the package's Python wrappers: its fastest path.
- ready: shanten and waits of a 13-tile hand: every closed win of those hands (no meld, no closed kan)
         less its winning tile, and the same hand less another tile (so about half are not ready).
         Ours `calculator.readiness(Hand)` (shanten per form, waits with copies left); theirs
         `calculate_shanten(tiles)` and `HandEvaluator(tiles).get_waits()`.
- game:  replay a whole East-South game and value every win. Theirs
         `MjaiReplay.from_jsonl(path)` -> kyokus -> win contexts (the valued win, `.actual`), the log
         read from a file in a RAM-backed temporary folder; ours the record reader plus
         `records.games.replay_game` on the same game (the mjai reader when calculator.records.formats
         registers one, else the game's tenhou.mjlog XML: said in the output). Only games without a kan:
         RiichiEnv 0.4.11 mishandles kans in mjai logs (../shared/data/README.md), so both sides get the
         same kan-free games.
The calculator runs on its compiled build where pip built one (native/, requirements.txt), else on its pure
Python; `--pure` hides the compiled build, as on a machine without a C compiler. The first line of the
figures says which build ran. `--explain` adds what stands in the way of the target: Python-level calls per
item against the cost of one empty call, and for the game row the share of each stage.
Clock: the process's CPU time (time.process_time) around each side's whole pass over a row's items; the
two sides take turns round by round (who goes first alternates), each side's best round is kept. The
bench checks both sides agree (han, fu of wins; shanten and waits; number of wins per game) and prints
the ratio ours / theirs per row: the target is at most 2.0.
"""
from __future__ import annotations

import argparse
import gzip
from importlib import metadata
import json
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

if "--pure" in sys.argv:   # as on a machine without a C compiler: the calculator's compiled build is not there
    sys.modules["mahjong_rules_native"] = None

try:
    import riichienv as rv
    from riichienv import _riichienv as core   # the Rust objects, without the package's Python wrappers
except ImportError:   # the bench is optional (main() says so and exits 0); the service never imports it
    rv = core = None

from calculator import readiness, score  # noqa: E402
from calculator.core.hand import Hand  # noqa: E402
from calculator.readings.closed import COMPILED  # noqa: E402
from calculator.records.formats import READERS  # noqa: E402
from calculator.records.games import replay_game  # noqa: E402
from calculator.rules.loader import preset_rules  # noqa: E402
from intake.score import read_score  # noqa: E402
from tests.real_hands import score_body  # noqa: E402

DATA = os.path.join(ROOT, "..", "shared", "data")
SAMPLE = os.path.join(ROOT, "tests", "cases", "real_hands_sample.jsonl")
MELD = {"chi": rv.MeldType.Chi, "pon": rv.MeldType.Pon, "daiminkan": rv.MeldType.Daiminkan,
        "ankan": rv.MeldType.Ankan, "shouminkan": rv.MeldType.Kakan} if rv else {}
WINDS = (core.Wind.East, core.Wind.South, core.Wind.West, core.Wind.North) if core else ()
KANS = {"ankan", "daiminkan", "kakan"}


def _records(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        for line in f:
            yield json.loads(line)


def win_inputs(r) -> tuple:
    """Theirs for one real win: (tiles, melds, win, dora, ura, Conditions); their tiles hold the winning tile."""
    melds = [rv.Meld(MELD[m["type"]], m["tile_ids"], m["type"] != "ankan", (m["from_seat"] - r["winner"]) % 4
                     if m["type"] != "ankan" else -1) for m in r["melds"]]
    tiles = sorted(list(r["closed_hand_ids"]) + [r["win_tile_id"]])
    s = r["situation"]
    yaku = {y["id"] for y in r["result"]["yaku"] if y["han"]}
    cond = core.Conditions(tsumo=r["is_tsumo"], riichi=r["riichi"], double_riichi=21 in yaku, ippatsu=2 in yaku,
                         haitei=s["haitei"], houtei=s["houtei"], rinshan=s["rinshan"], chankan=s["chankan"],
                         tsumo_first_turn=any(y["id"] in (37, 38) for y in r["result"]["yakuman"]),
                         player_wind=WINDS[(r["winner"] - r["dealer"]) % 4],
                         round_wind=WINDS["ESWN".index(r["round_wind"])], riichi_sticks=r["sticks_collected"],
                         honba=r["honba_paid"])
    return tiles, melds, r["win_tile_id"], r["dora_indicator_ids"], r["ura_indicator_ids"], cond


def load_wins(path):
    wins = [r for r in _records(path) if r["rules"].get("players", 4) == 4]
    ours = [read_score(score_body(r)).request for r in wins]
    return wins, ours, [win_inputs(r) for r in wins]


def ready_hands(wins):
    """13-tile hands from the closed wins: less the winning tile (ready), and less another kind (often not)."""
    from calculator.core.notation import parse_tiles
    ours, theirs = [], []
    for r in wins:
        if r["melds"]:
            continue
        ids = list(r["closed_hand_ids"]) + [r["win_tile_id"]]
        win_kind = r["win_tile_id"] // 4
        other = next((i for i in ids if i // 4 != win_kind), None)
        for drop in (r["win_tile_id"], other):
            if drop is None:
                continue
            kept = [i for i in ids if i != drop]
            ours.append(Hand(parse_tiles(_mpsz(kept))[0]))
            theirs.append(kept)
    return ours, theirs


def _mpsz(ids) -> str:
    """136-ids (Tenhou's: ids 16, 52 and 88 are the red fives) as an MPSZ string."""
    out = []
    for i in sorted(ids):
        k = i // 4
        digit = "0" if i in (16, 52, 88) else str(k % 9 + 1)
        out.append(digit + "mpsz"[k // 9])
    return "".join(out)


def load_games(limit: int, tmp: str):
    """(ours: (reader, data), theirs: path, game id) for the first `limit` kan-free East-South games."""
    path = os.path.join(DATA, "games_mjai.jsonl.gz")
    if not os.path.exists(path):
        return [], None
    xml = {}
    use_mjai = "mjai" in READERS
    if not use_mjai:
        for g in _records(os.path.join(DATA, "games.jsonl.gz")):
            if "-00a9-" in g["game_id"]:
                xml[g["game_id"]] = g["mjlog"]
    games = []
    for g in _records(path):
        if "-00a9-" not in g["game_id"] or any(e["type"] in KANS for e in g["mjai"]):
            continue
        file = os.path.join(tmp, g["game_id"] + ".jsonl")
        with open(file, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(e, separators=(",", ":")) + "\n" for e in g["mjai"])
        ours = ("mjai", g["mjai"]) if use_mjai else ("tenhou.mjlog", xml[g["game_id"]])
        games.append((ours, file, g["game_id"]))
        if len(games) >= limit:
            break
    return games, "mjai" if use_mjai else "tenhou.mjlog"


RULES = preset_rules("tenhou")


def our_game(item):
    fmt, data = item
    return replay_game(READERS[fmt][0](data), RULES, fmt == "mjai")


def their_game(path):
    return [c.actual for k in rv.MjaiReplay.from_jsonl(path).take_kyokus() for c in k.take_win_result_contexts()]


def their_win(a):
    tiles, melds, win, dora, ura, cond = a
    return core.HandEvaluator(tiles, melds).calc(win, dora, ura, cond)


def their_ready(tiles):
    return core.calculate_shanten(tiles), core.HandEvaluator(tiles).get_waits()


def cpu_pass(fn, items) -> float:
    t0 = time.process_time()
    for x in items:
        fn(x)
    return time.process_time() - t0


def rounds(sides, n: int) -> list[float]:
    """Best CPU seconds per side over n rounds, the sides taking turns (who goes first alternates)."""
    best = [float("inf")] * len(sides)
    for r in range(n):
        order = range(len(sides)) if r % 2 == 0 else reversed(range(len(sides)))
        for k in order:
            best[k] = min(best[k], cpu_pass(*sides[k]))
    return best


def check(wins, ours_w, theirs_w, ours_r, theirs_r, games):
    """Both sides agree on what is timed: han/fu of the wins they both value, shanten and waits, wins per game."""
    diff = 0
    for r, req, a in zip(wins, ours_w, theirs_w):
        o, t = score(req), their_win(a)
        if not o.yakuman and not t.yakuman and (o.han, o.fu) != (t.han, t.fu):
            diff += 1
    print(f"check: wins valued differently (han, fu; yakuman apart): {diff} of {len(wins)}")
    bad = 0
    for h, tiles in zip(ours_r, theirs_r):
        o = readiness(h)
        s, waits = their_ready(tiles)
        if o.shanten != s or (s == 0 and sorted(w.tile for w in o.waits) != sorted(waits)):
            bad += 1
    print(f"check: hands whose shanten or waits differ: {bad} of {len(ours_r)}")
    bad = sum(len([w for h in our_game(o).hands for w in h.wins]) != len(their_game(p)) for o, p, _ in games)
    print(f"check: games whose number of wins differs: {bad} of {len(games)}")


def explain(rows, games) -> None:
    """What stands in the way: Python-level calls per item (cProfile's count) against the interpreter's cost of one
    empty call, and for the game row the share of each stage (read the record, replay the deals, value the wins)."""
    import cProfile
    import pstats

    def empty(x):
        return x
    items = list(range(200_000))
    floor = min(cpu_pass(empty, items) for _ in range(3)) / len(items)
    print(f"explain: one empty Python call costs {1e9 * floor:.0f} ns here (best of 3 passes of 200,000)")
    for key, what, n, scale, unit, sides in rows:
        if not n:
            continue
        fn, its = sides[0]
        prof = cProfile.Profile()
        prof.runcall(cpu_pass, fn, its)
        st = pstats.Stats(prof)
        calls = st.total_calls / n
        best = rounds(sides, 3)
        print(f"explain {key}: ours makes {calls:,.0f} calls per item (Python functions and builtins); at "
              f"{1e9 * floor:.0f} ns each that alone is {scale * calls * floor:.2f} {unit}, against riichienv's "
              f"whole {scale * best[1] / n:.2f} {unit} (ours {scale * best[0] / n:.2f})")
        if key == "win":
            # Amdahl: the share of each stage of calculator.score (its direct callees, and its own lines)
            top = next(f for f in st.stats if f[2] == "score" and f[0].endswith("japanese.py"))
            total = st.stats[top][3]
            parts = sorted(((v[4][top][3] / total, f[2]) for f, v in st.stats.items() if top in v[4]), reverse=True)
            print("explain win: shares of calculator.score under the profiler: own lines "
                  f"{st.stats[top][2] / total:.0%}, " + ", ".join(f"{name} {x:.0%}" for x, name in parts[:6]))
        if key == "game":
            read = min(cpu_pass(lambda g: READERS[g[0]][0](g[1]), its) for _ in range(3))
            cum = {f[2]: v[3] for f, v in st.stats.items()}
            share = cum.get("score", 0) / max(cum.get("our_game", 1e-9), 1e-9)
            print(f"explain game: reading the record {1e3 * read / n:.2f} ms per game ({read / best[0]:.0%} of ours); "
                  f"valuing the wins (calculator.score) {share:.0%} under the profiler; the replay itself the rest")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5, help="rounds; each side's best is kept")
    ap.add_argument("--games", type=int, default=100, help="kan-free East-South games for the game row")
    ap.add_argument("--rows", default="win,ready,game", help="rows to time (comma-separated)")
    ap.add_argument("--no-check", action="store_true", help="skip the agreement check")
    ap.add_argument("--pure", action="store_true", help="run on the pure-Python build (hide the compiled one)")
    ap.add_argument("--explain", action="store_true", help="also measure what stands in the way (calls, stages)")
    args = ap.parse_args()
    if rv is None:
        print("riichienv is not installed (pip install -r requirements-dev.txt): nothing to compare, skipped")
        return
    hands_path = os.path.join(DATA, "real_hands.jsonl.gz")
    wins, ours_w, theirs_w = load_wins(hands_path if os.path.exists(hands_path) else SAMPLE)
    ours_r, theirs_r = ready_hands(wins)
    with tempfile.TemporaryDirectory(dir="/dev/shm" if os.path.isdir("/dev/shm") else None) as tmp:
        games, fmt = load_games(args.games, tmp)
        if not args.no_check:
            check(wins, ours_w, theirs_w, ours_r, theirs_r, games)
        rows = [("win", "value one real win", len(wins), 1e6, "us",
                 [(score, ours_w), (their_win, theirs_w)]),
                ("ready", "shanten and waits of a 13-tile hand", len(ours_r), 1e6, "us",
                 [(readiness, ours_r), (their_ready, theirs_r)]),
                ("game", f"replay a whole East-South game, every win valued (ours from {fmt})", len(games), 1e3,
                 "ms", [(our_game, [g[0] for g in games]), (their_game, [g[1] for g in games])])]
        print(f"calculator build: {'compiled' if COMPILED else 'pure Python'}; "
              f"riichienv {metadata.version('riichienv')}, Python {sys.version.split()[0]}, "
              f"best of {args.rounds} rounds, CPU time")
        ratios = []
        for key, what, n, scale, unit, sides in rows:
            if key not in args.rows.split(",") or not n:
                continue
            ours, theirs = rounds(sides, args.rounds)
            ratios.append((key, ours / theirs))
            print(f"{what}: {n} items; ours {scale * ours / n:8.2f} {unit}, riichienv {scale * theirs / n:8.2f} "
                  f"{unit}, ratio {ours / theirs:5.2f} (target <= 2.0)")
        print("ratios: " + ", ".join(f"{k} {x:.2f}" for k, x in ratios))
        if args.explain:
            explain([r for r in rows if r[0] in args.rows.split(",")], games)


if __name__ == "__main__":
    main()
