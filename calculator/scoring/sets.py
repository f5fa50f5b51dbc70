"""The sets of a won hand, as the Taiwanese and European tables see them.

Input: a Hand, one WinReading of its concealed part (calculator.readings.decompose), the winning
tile and how it was won. Output: HandSets: every set (chow, pung or kong; melded or concealed; its
tiles) and the pair, with the facts both tables read (the only wait, honours, suits). A pung
completed by a discard counts as melded (it was claimed to finish the hand); a concealed kong
counts as concealed. Shared by calculator.scoring.taiwanese and calculator.scoring.european.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from calculator.core.hand import Hand
from calculator.core.notation import format_tiles
from calculator.core.tiles import DRAGONS, EAST, KIND, NORTH, is_terminal
from calculator.readings.decompose import SEQUENCE, Placement, WinReading, placements, win_reading
from calculator.readings.waits import won_waits

CHOW, PUNG, KONG = "chow", "pung", "kong"


class HandSet(NamedTuple):
    shape: str          # chow | pung | kong
    base: int           # lowest kind
    concealed: bool
    tiles: str          # MPSZ text of its tiles (red fives kept for melds)


class HandSets(NamedTuple):
    sets: tuple[HandSet, ...]
    pair: int                       # the pair's kind (-1: none, a loser's hand)
    win_on_pair: bool               # the winning tile completes the pair
    win_wait: str                   # the reading's wait shape (ryanmen, kanchan, penchan, shanpon, tanki)


# the MPSZ text of every concealed chow (by its lowest kind), pung and pair (by its kind), built once
CHOW_TEXT = tuple(format_tiles((k, k + 1, k + 2)) if k < 27 and k % 9 < 7 else "" for k in range(34))
PUNG_TEXT = tuple(format_tiles((k,) * 3) for k in range(34))
PAIR_TEXT = tuple(format_tiles((k,) * 2) for k in range(34))


def category(k: int) -> str:
    """simples | terminals | winds | dragons."""
    if k in DRAGONS:
        return "dragons"
    if EAST <= k <= NORTH:
        return "winds"
    return "terminals" if is_terminal(k) else "simples"


@lru_cache(maxsize=4096)
def meld_set(m) -> HandSet:
    """The HandSet of one meld (cached: the same melds come back request after request)."""
    shape = CHOW if m.kind == "chi" else KONG if m.is_kan else PUNG
    return HandSet(shape, m.base, m.kind == "closed_kan", format_tiles(m.tiles))


def meld_sets(hand: Hand) -> list[HandSet]:
    return [meld_set(m) for m in hand.melds]


def hand_sets(hand: Hand, wr: WinReading, win: int, win_by: str, melded: list[HandSet] | None = None) -> HandSets:
    """The sets and pair of one reading of a won hand (`melded`: meld_sets(hand), when the caller has them)."""
    sets = list(melded) if melded is not None else meld_sets(hand)
    for i, (t, first) in enumerate(wr.reading.groups):
        if t == SEQUENCE:
            sets.append(HandSet(CHOW, first, True, CHOW_TEXT[first]))
        else:
            # a pung finished with a discard is a claimed (melded) pung
            open_by_claim = i == wr.win_group and win_by == "ron"
            sets.append(HandSet(PUNG, first, not open_by_claim, PUNG_TEXT[first]))
    return HandSets(tuple(sets), wr.reading.pair, wr.win_group == -1, wr.wait)


def only_wait(hand: Hand, counts: list[int], win: int) -> bool:
    """The hand before the winning tile `win` (its concealed `counts`) could be completed by one tile kind only.
    A kind the player holds four of (melds included) is no wait, unless it is the only one."""
    waits = won_waits(counts, win)
    if len(waits) > 1:
        melded = [KIND[t] for m in hand.melds for t in m.tiles]
        waits = [k for k in waits if counts[k] + melded.count(k) < 4]
    return len(waits) == 1


def is_pung(s: HandSet) -> bool:
    return s.shape != CHOW


def kept_bonus(req) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The flowers and seasons that score: under rules that make a declared player discard the bonus tiles
    he draws after the declaration (Italian, SEED-EU §4.2.2), those are gone."""
    if req.rules.ready_discard_bonus_after and req.situation.riichi != "none":
        return (tuple(f for f in req.flowers if f not in req.late_flowers),
                tuple(s for s in req.seasons if s not in req.late_seasons))
    return req.flowers, req.seasons


def won_placements(req, special: bool = False, counts: list[int] | None = None) -> list[Placement]:
    """Every place of the winning tile in every reading of the won hand: its concealed tiles with the winning tile,
    as many groups as the hand size leaves after the melds (13-tile hands: 4, 16-tile hands: 5), regular forms only
    (`special`: seven pairs and thirteen orphans too). `counts`: the concealed counts, when the caller has them
    (left as they are)."""
    hand, win = req.hand, KIND[req.win_tile]
    counts = hand.counts() if counts is None else counts[:]
    counts[win] += 1
    return placements(counts, win, (req.rules.hand_size + 1) // 3 - len(hand.melds), special)


def won_readings(req, special: bool = False, counts: list[int] | None = None) -> list[WinReading]:
    """The won hand's readings with the place of the winning tile (won_placements, as WinReadings)."""
    return [win_reading(p) for p in won_placements(req, special, counts)]
