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
from typing import NamedTuple

from calculator.readings.decompose import TRIPLET, WinReading
from calculator.core.hand import Hand
from calculator.core.tiles import DRAGONS, GREEN_KINDS, KIND, NORTH, NUM_KINDS, WIND_KIND, kind



def _bytes_of(kinds) -> int:
    """The byte mask of some kinds in a hand's `present` number (byte k = copies of kind k)."""
    return sum(0xFF << 8 * k for k in kinds)


# byte masks of kind sets: a hand holds none of the set when `present & mask` is 0 (one C-level test)
_SIMPLE = _bytes_of(k for k in range(27) if k % 9 not in (0, 8))
_NOT_TERMINAL = _bytes_of(k for k in range(NUM_KINDS) if k not in (0, 8, 9, 17, 18, 26))
_HONOUR = _bytes_of(range(27, 34))
_NOT_SIMPLE = _bytes_of(range(NUM_KINDS)) ^ _SIMPLE
_SUITED = _bytes_of(range(27))
_NOT_GREEN = _bytes_of(k for k in range(NUM_KINDS) if k not in GREEN_KINDS)
SUIT_BYTES = tuple(_bytes_of(range(9 * i, 9 * i + 9)) for i in range(3))
_M, _P, _S = SUIT_BYTES
_WHITE, _GREEN, _RED = DRAGONS


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
    open_riichi: bool = False      # the declarer showed his hand (open riichi)
    discarder_riichi: bool = False  # ron only: the discarder is in riichi himself
    dealer_wins: int = 0           # the dealer's wins in a row before this one (paarenchan)
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
    present: int                 # the hand's counts per kind, melds included, as one number (byte k = kind k)
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
    meld_seqs: tuple             # lowest kinds of the called chows
    meld_trips: tuple            # kinds of the melded pungs and kongs
    meld_concealed: int          # closed kongs among them
    kans: int                    # kongs among the melds
    yaku_key: tuple              # the hand's part of calculator.yaku's shortlist key


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


_MELD_GROUPS: dict[tuple, Group] = {}   # (meld kind, tiles) -> Group: a few hundred occur, bounded below


def _meld_group(m) -> Group:
    """A declared meld as a Group (melded; concealed only for a closed kan)."""
    key = (m.kind, m.tiles)
    found = _MELD_GROUPS.get(key)
    if found is None:
        if len(_MELD_GROUPS) >= 4096:
            _MELD_GROUPS.clear()
        found = _MELD_GROUPS[key] = _new_meld_group(m)
    return found


def _new_meld_group(m) -> Group:
    if m.kind == "chi":
        return Group("sequence", min(map(kind, m.tiles)), False, False, True)
    return Group(TRIPLET, kind(m.tiles[0]), m.kind == "closed_kan", len(m.tiles) == 4, True)


def hand_facts(hand: Hand, win_code: int, sit: Situation, concealed_counts: tuple, all_counts,
               north_value: bool = True) -> HandFacts:
    """The facts shared by every reading of a request (`all_counts`: counts per kind, melds included).
    Without `north_value` (rules' north_triplet_yaku false) north is never the seat or round wind's kind."""
    closed = True
    meld_seqs, meld_trips, meld_concealed, kans = (), (), 0, 0
    if hand.melds:
        melds = tuple(map(_meld_group, hand.melds))
        for g in melds:
            closed = closed and g.concealed
            if g.shape == TRIPLET:
                meld_trips += (g.base,)
                meld_concealed += g.concealed
                kans += g.kan
            else:
                meld_seqs += (g.base,)
    else:
        melds = ()
    present = int.from_bytes(bytes(all_counts), "little")
    suits = (present & _M != 0) + (present & _P != 0) + (present & _S != 0)
    has_honour = present & _HONOUR != 0
    all_honour, all_terminal, all_green = not present & _SUITED, not present & _NOT_TERMINAL, not present & _NOT_GREEN
    # necessary conditions of the yakuman in calculator.yakuman other than four concealed pungs, four
    # kongs and thirteen orphans (checked per reading): a cheap filter, as most hands have none
    hint = (sit.tenhou or sit.chiihou or sit.renhou or sit.open_riichi or sit.dealer_wins >= 7 or all_honour or all_terminal or all_green
            or (suits == 1 and not has_honour and not melds)
            or (all_counts[_WHITE] and all_counts[_GREEN] and all_counts[_RED])
            or (all_counts[27] and all_counts[28] and all_counts[29] and all_counts[30]))
    all_simple, all_orphan, flags = not present & _NOT_SIMPLE, not present & _SIMPLE, situation_flags(sit)
    return HandFacts(sit, sit.win_by == "tsumo", KIND[win_code], closed, melds, present,
                     concealed_counts, _wind(sit.seat_wind, north_value), _wind(sit.round_wind, north_value), all_simple,
                     all_orphan, all_terminal, all_honour, has_honour, suits, all_green, bool(hint), flags,
                     meld_seqs, meld_trips, meld_concealed, kans,
                     (closed, has_honour, flags, all_simple, suits == 1, all_orphan))


def _wind(seat: str, north_value: bool) -> int:
    """The kind of a seat or round wind, or -1 (no kind) for north when north is no value wind."""
    k = WIND_KIND[seat]
    return -1 if k == NORTH and not north_value else k


_FLAGS: dict[tuple, frozenset] = {}


def situation_flags(sit: Situation) -> frozenset:
    """The situation's true flags by name (tsumo, riichi or double_riichi, ippatsu, chankan, rinshan,
    haitei, houtei), for the yaku pre-filters (one frozenset per combination, built once)."""
    key = (sit.win_by, sit.riichi, sit.ippatsu, sit.chankan, sit.rinshan, sit.haitei, sit.houtei, sit.open_riichi)
    flags = _FLAGS.get(key)
    if flags is None:
        names = [n for n in ("ippatsu", "chankan", "rinshan", "haitei", "houtei", "open_riichi") if getattr(sit, n)]
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
    groups = []
    seqs = []
    trips = []
    open_at = -1 if h.tsumo else reading.win_group
    for i, (shape, base) in enumerate(r.groups):
        if shape == TRIPLET:
            # a pung the ron tile completed counts as open (RULES.md §6.1, §7.1)
            trips.append(base)
            groups.append(_RON_TRIP[base] if i == open_at else _TRIP[base])
        else:
            seqs.append(base)
            groups.append(_SEQ[base])
    concealed = len(trips) - (open_at >= 0 and r.groups[open_at][0] == TRIPLET) + h.meld_concealed
    if h.melds:
        trips += h.meld_trips
        if h.meld_seqs:
            seqs += h.meld_seqs
            seqs.sort()
        groups += h.melds
    # the reading's sequences come sorted (calculator.readings.decompose sorts a reading's groups)
    return WinFacts(h, "regular", reading, reading.wait, tuple(groups), r.pair, tuple(seqs),
                    frozenset(trips), concealed, h.kans)


def is_value_pair(f: WinFacts) -> bool:
    """A pair worth fu: dragon, seat wind or round wind (pinfu forbids it)."""
    return f.pair in DRAGONS or f.pair == f.h.seat_kind or f.pair == f.h.round_kind
