"""`python -m tools.season PATH... [--out FILE] [--jobs N] [--rules JSON] [--infer-rules] [--quiet]`

Replays every game found in the paths (folders, files, zip archives, JSON-lines files; any record format,
mixed: tools.season.sources) through POST /v1/games on a pool of worker processes, one per core, with a
progress bar on stderr (off with --quiet, and when stderr is not a terminal). Writes one JSON line per game
to --out (default season.jsonl): `id`, `where`, `format`, `preset`, `agrees`, `differences`, `final`, or,
for an input that could not be read or was refused, `id`, `where` and `error`. Prints the season table
(tools.season.table), then every unreadable input with its error.

Exit status: 0 when every input was read and every game replayed (disagreements with the records are
findings, shown in the table, not failures); 1 when some input could not be read or was refused (422), or
no game was found; 2 when the command line is wrong.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from typing import Iterable, Iterator

from tqdm import tqdm

from . import replay, sources
from .table import Season

CHUNK = 8   # games sent to a worker at a time: large enough to keep the pipes quiet, small enough to balance


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m tools.season", description=(
        "Replay every game record in folders, zip archives and JSON-lines files through POST /v1/games, on "
        "every core, and print the season table."))
    ap.add_argument("paths", nargs="+", metavar="PATH", help="folders, record files, .zip, .jsonl(.gz)")
    ap.add_argument("--out", default="season.jsonl", help="one JSON line per game (default: season.jsonl)")
    ap.add_argument("--jobs", type=int, default=cores(), help="worker processes (default: one per core)")
    ap.add_argument("--rules", type=_rules, default=None, metavar="JSON",
                    help='rules for every game, as /v1/games takes them, e.g. \'{"preset": "tenhou"}\'; '
                         "without them each record's own flags choose")
    ap.add_argument("--infer-rules", action="store_true", help="ask /v1/games to infer each game's rules")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    ap.add_argument("--show", type=int, default=10, metavar="N", help="games that disagree listed (default 10)")
    args = ap.parse_args(argv)
    if args.jobs < 1:
        ap.error("--jobs must be at least 1")
    if args.rules is not None and args.infer_rules:
        ap.error("--rules and --infer-rules exclude each other: give the rules, or let each record's be inferred")
    return args


def _rules(text: str) -> dict:
    try:
        value = json.loads(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(f"not JSON: {e}") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError('a JSON object is expected, e.g. {"preset": "tenhou"}')
    return value


def replayed(pieces: list[sources.Piece], jobs: int, rules: dict | None, infer: bool) -> Iterator[dict]:
    """Each piece's output line, in input order: in this process for one job (the app built here), else on a
    pool of `jobs` workers, each building the app once."""
    if jobs == 1:
        replay.start(rules, infer)
        yield from map(replay.replay, pieces)
        return
    with multiprocessing.Pool(jobs, initializer=replay.start, initargs=(rules, infer)) as pool:
        yield from pool.imap(replay.replay, pieces, chunksize=CHUNK)


def collect(paths: Iterable[str]) -> tuple[list[sources.Piece], list[sources.Unreadable]]:
    pieces, unreadable = [], []
    for path in paths:
        for p in sources.split(path):
            (pieces if isinstance(p, sources.Piece) else unreadable).append(p)
    return pieces, unreadable


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    started = time.perf_counter()
    pieces, unreadable = collect(args.paths)
    season = Season()
    lines = [{"id": u.where, "where": u.where, "error": {"detail": u.error}} for u in unreadable]
    disagreeing = []
    jobs = 1 if len(pieces) <= 1 else min(args.jobs, len(pieces))
    with open(args.out, "w", encoding="utf-8") as out:
        for line in lines:
            season.add(line)
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
        bar = tqdm(total=len(pieces), unit="game", file=sys.stderr, disable=True if args.quiet else None,
                   dynamic_ncols=True)
        with bar:
            for line in replayed(pieces, jobs, args.rules, args.infer_rules):
                bar.update()
                season.add(line)
                if "skipped" in line:
                    continue
                if line.get("agrees") is False and len(disagreeing) < args.show:
                    disagreeing.append(line)
                out.write(json.dumps(line, ensure_ascii=False) + "\n")
    seconds = time.perf_counter() - started
    print(season.render())
    print()
    print(f"{season.summary()}. {seconds:.1f} s, {season.games / seconds:.1f} games/s on {jobs} "
          f"worker{'s' if jobs > 1 else ''}; one line per game in {args.out}")
    for line in disagreeing:
        first = line["differences"][0] if line["differences"] else {}
        at = f"hand {first['hand']} ({first.get('at')})" if first.get("hand") is not None else "the game"
        print(f"  disagrees: {line['id']}: {len(line['differences'])} differences, first at {at}: "
              f"{first.get('field')} recorded {first.get('recorded')}, computed {first.get('computed')}")
    if season.errors:
        print(f"Unreadable ({len(season.errors)}):")
        for where, why in season.errors:
            print(f"  {where}: {why}")
    if not season.games and not season.errors:
        print("No game found in " + ", ".join(args.paths))
        return 1
    return 1 if season.errors else 0
