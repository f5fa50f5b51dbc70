"""The 14-tile moments of the real games in ../shared/data/games_mjai.jsonl.gz, for tests and bench/.

After each `tsumo`, the drawing player's hand is the tiles dealt, drawn and not yet discarded or called
away into his melds; `visible` is what he can see at that moment (every river tile, the tiles others
took from their hands into melds, the dora indicators); `discards` is his own river. A kan's
replacement draw is a `tsumo` like any other. Games whose hands are hidden ("?") are skipped.
"""
from __future__ import annotations

import gzip
import json
import os
from typing import NamedTuple

from calculator.core.hand import Hand, Meld
from calculator.core.notation import parse_tiles

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.normpath(os.path.join(ROOT, "..", "shared", "data", "games_mjai.jsonl.gz"))
_HONOURS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}
_KIND = {"chi": "chi", "pon": "pon", "daiminkan": "open_kan", "ankan": "closed_kan"}


class Moment(NamedTuple):
    game: str
    hand: Hand
    visible: tuple[int, ...]
    discards: tuple[int, ...]


def code(pai: str) -> int:
    """One mjai tile ("5mr" a red five, "E".."C" the honours) as a tile code."""
    text = _HONOURS.get(pai) or ("0" + pai[1] if pai.endswith("r") else pai)
    return parse_tiles(text)[0][0]


def _take(hand: list[int], codes) -> None:
    for c in codes:
        hand.remove(c)


def moments(path: str = DATA, games: int | None = None):
    """Every 14-tile moment of the first `games` games, in order."""
    with gzip.open(path, "rt") as f:
        for n, line in enumerate(f):
            if games is not None and n >= games:
                return
            record = json.loads(line)
            yield from _game(record["game_id"], record["mjai"])


def _game(game_id: str, events: list[dict]):
    hands = None
    for e in events:
        t = e["type"]
        if t == "start_kyoku":
            if any("?" in h for h in e["tehais"]):
                return
            hands = [[code(p) for p in h] for h in e["tehais"]]
            melds = [[] for _ in hands]
            rivers = [[] for _ in hands]
            taken = [[] for _ in hands]     # tiles each player moved from his hand into a meld
            called = [[] for _ in hands]    # river tiles each player called (in his meld, not to count twice)
            markers = [code(e["dora_marker"])]
        elif hands is None:
            continue
        elif t == "tsumo":
            a = e["actor"]
            hands[a].append(code(e["pai"]))
            visible = sum(rivers, []) + markers + sum((taken[b] for b in range(len(hands)) if b != a), [])
            for c in called[a]:
                visible.remove(c)
            yield Moment(game_id, Hand(tuple(hands[a]), tuple(melds[a])), tuple(visible), tuple(rivers[a]))
        elif t == "dahai":
            a, c = e["actor"], code(e["pai"])
            hands[a].remove(c)
            rivers[a].append(c)
        elif t in _KIND:
            a, consumed = e["actor"], [code(p) for p in e["consumed"]]
            _take(hands[a], consumed)
            taken[a] += consumed
            if t == "ankan":
                melds[a].append(Meld("closed_kan", tuple(consumed)))
            else:
                called[a].append(code(e["pai"]))
                melds[a].append(Meld(_KIND[t], tuple(consumed) + (code(e["pai"]),)))
        elif t == "kakan":
            a, c = e["actor"], code(e["pai"])
            hands[a].remove(c)
            taken[a].append(c)
            at = next(i for i, m in enumerate(melds[a]) if m.kind == "pon" and
                      sorted(m.tiles) == sorted(code(p) for p in e["consumed"]))
            melds[a][at] = Meld("added_kan", melds[a][at].tiles + (c,))
        elif t == "dora":
            markers.append(code(e["dora_marker"]))
        elif t == "end_kyoku":
            hands = None
