"""Win facts: one reading of a winning hand plus its situation, with the counts yaku and fu need.

Input: a Hand (concealed tiles without the winning tile, melds), the winning tile, a
Situation (ron/tsumo, winds, riichi and the other flags of a /v1/score request) and one
WinReading of the concealed part (calculator.decompose). Output: HandFacts (what every reading
shares, computed once per request) and WinFacts (one reading: every group of the hand, melds
included, marked concealed or open), so each yaku predicate and the fu count read precomputed
fields (RULES.md §6.1: a pung completed by ron is open). Both are immutable named tuples.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from typing import NamedTuple

from calculator.readings.decompose import TRIPLET, WinReading
from calculator.core.hand import Hand
from calculator.core.tiles import DRAGONS, GREEN_KINDS, NORTH, NUM_KINDS, WIND_KIND, kind

_SIMPLE = frozenset(k for k in range(27) if k % 9 not in (0, 8))
_TERMINAL = frozenset((0, 8, 9, 17, 18, 26))
_HONOUR = frozenset(range(27, 34))
_ORPHAN = _TERMINAL | _HONOUR
_DRAGONS = frozenset(DRAGONS)
_WINDS = frozenset(range(27, 31))
_SUITS = tuple(frozenset(range(9 * i, 9 * i + 9)) for i in range(3))


@dataclass(frozen=True)
class Situation:
    win_by: str                # ron | tsumo
    seat_wind: str             # east | south | west | north (the winner's seat)
    round_wind: str
    riichi: str = "none"       # none | riichi | double_riichi
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    kita: int = 0              # norths the winner set aside this deal (three players; not in the hand)

    @property
    def tsumo(self) -> bool:
        return self.win_by == "tsumo"

    @property
    def dealer(self) -> bool:
        return self.seat_wind == "east"


class Group(NamedTuple):
    shape: str        # sequence | triplet (a kan is a triplet with kan=True)
    base: int         # lowest kind
    concealed: bool   # for fu and concealed-pung yaku: not called, not completed by ron
    kan: bool = False
    melded: bool = False


class HandFacts(NamedTuple):
    """What every reading of one request shares."""
    sit: Situation
    tsumo: bool
    win: int                     # winning tile kind
    closed: bool                 # no called melds (closed kans allowed)
    melds: tuple                 # the declared melds as Groups
    kinds: frozenset             # every kind in the hand
    concealed_counts: tuple      # counts per kind of the concealed tiles with the winning tile
    seat_kind: int
    round_kind: int
    all_simple: bool
    all_orphan: bool
    all_terminal: bool
    all_honour: bool
    has_honour: bool
    suits: int                   # number of suits (m, p, s) present
    all_green: bool
    yakuman_hint: bool           # some yakuman that does not depend on the reading's groups is possible
    flags: frozenset             # situation_flags(sit)


class WinFacts(NamedTuple):
    """One reading with its groups; `h` holds the shared facts."""
    h: HandFacts
    form: str                    # regular | chiitoitsu | kokushi
    reading: WinReading
    wait: str
    groups: tuple                # the four groups, melds included (empty for seven pairs, kokushi)
    pair: int                    # the pair's kind (-1 for seven pairs)
    sequences: tuple             # lowest kinds of the chows, sorted
    triplets: frozenset          # kinds of the pungs and kongs
    concealed_triplets: int
    kans: int


def _meld_group(m) -> Group:
    """A declared meld as a Group (melded; concealed only for a closed kan)."""
    if m.kind == "chi":
        return Group("sequence", min(map(kind, m.tiles)), False, False, True)
    return Group(TRIPLET, kind(m.tiles[0]), m.kind == "closed_kan", len(m.tiles) == 4, True)


def hand_facts(hand: Hand, win_code: int, sit: Situation, concealed_counts: tuple, all_counts,
               north_value: bool = True) -> HandFacts:
    """The facts shared by every reading of a request (`all_counts`: counts per kind, melds included).
    Without `north_value` (rules' north_triplet_yaku false) north is never the seat or round wind's kind."""
    melds = tuple(map(_meld_group, hand.melds)) if hand.melds else ()
    kinds = frozenset(compress(range(NUM_KINDS), all_counts))
    suits = (not kinds.isdisjoint(_SUITS[0])) + (not kinds.isdisjoint(_SUITS[1])) + (not kinds.isdisjoint(_SUITS[2]))
    has_honour = not kinds.isdisjoint(_HONOUR)
    all_honour, all_terminal, all_green = kinds <= _HONOUR, kinds <= _TERMINAL, kinds <= GREEN_KINDS
    # necessary conditions of the yakuman in calculator.yakuman other than four concealed pungs, four
    # kongs and thirteen orphans (checked per reading): a cheap filter, as most hands have none
    hint = (sit.tenhou or sit.chiihou or sit.renhou or all_honour or all_terminal or all_green
            or (suits == 1 and not has_honour and not melds) or _DRAGONS <= kinds or _WINDS <= kinds)
    closed = True
    for g in melds:
        closed = closed and g.concealed
    return HandFacts(sit, sit.win_by == "tsumo", kind(win_code), closed, melds, kinds,
                     concealed_counts, _wind(sit.seat_wind, north_value), _wind(sit.round_wind, north_value),
                     kinds <= _SIMPLE,
                     kinds <= _ORPHAN, all_terminal, all_honour, has_honour, suits, all_green, hint,
                     situation_flags(sit))


def _wind(seat: str, north_value: bool) -> int:
    """The kind of a seat or round wind, or -1 (no kind) for north when north is no value wind."""
    k = WIND_KIND[seat]
    return -1 if k == NORTH and not north_value else k


_FLAGS: dict[tuple, frozenset] = {}


def situation_flags(sit: Situation) -> frozenset:
    """The situation's true flags by name (tsumo, riichi or double_riichi, ippatsu, chankan, rinshan,
    haitei, houtei), for the yaku pre-filters (one frozenset per combination, built once)."""
    key = (sit.win_by, sit.riichi, sit.ippatsu, sit.chankan, sit.rinshan, sit.haitei, sit.houtei)
    flags = _FLAGS.get(key)
    if flags is None:
        names = [n for n in ("ippatsu", "chankan", "rinshan", "haitei", "houtei") if getattr(sit, n)]
        if sit.win_by == "tsumo":
            names.append("tsumo")
        if sit.riichi != "none":
            names.append(sit.riichi)
        flags = _FLAGS[key] = frozenset(names)
    return flags


# the concealed groups of a reading, built once: [kind] -> Group
_SEQ = tuple(Group("sequence", k, True) for k in range(NUM_KINDS))
_TRIP = tuple(Group(TRIPLET, k, True) for k in range(NUM_KINDS))
_RON_TRIP = tuple(Group(TRIPLET, k, False) for k in range(NUM_KINDS))


def win_facts(reading: WinReading, h: HandFacts) -> WinFacts:
    """Facts of one reading."""
    r = reading.reading
    if r.form != "regular":
        return WinFacts(h, r.form, reading, reading.wait, (), r.pair if r.form == "kokushi" else -1, (),
                        frozenset(), 0, 0)
    ron = not h.tsumo
    groups = []
    seqs = []
    trips = []
    concealed = 0
    open_at = reading.win_group if ron else -1
    for i, (shape, base) in enumerate(r.groups):
        if shape == TRIPLET:
            # a pung the ron tile completed counts as open (RULES.md §6.1, §7.1)
            trips.append(base)
            if i == open_at:
                groups.append(_RON_TRIP[base])
            else:
                concealed += 1
                groups.append(_TRIP[base])
        else:
            seqs.append(base)
            groups.append(_SEQ[base])
    kans = 0
    for g in h.melds:
        if g.shape == TRIPLET:
            trips.append(g.base)
            concealed += g.concealed
            kans += g.kan
        else:
            seqs.append(g.base)
    seqs.sort()
    return WinFacts(h, "regular", reading, reading.wait, tuple(groups) + h.melds, r.pair, tuple(seqs),
                    frozenset(trips), concealed, kans)


def is_value_pair(f: WinFacts) -> bool:
    """A pair worth fu: dragon, seat wind or round wind (pinfu forbids it)."""
    return f.pair in DRAGONS or f.pair == f.h.seat_kind or f.pair == f.h.round_kind
