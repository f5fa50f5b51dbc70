"""Win facts: one reading of a winning hand plus its situation, with the counts yaku and fu need.

Input: a Hand (concealed tiles without the winning tile, melds), the winning tile, a
Situation (ron/tsumo, winds, riichi and the other flags of a /v1/score request) and one
WinReading of the concealed part (calculator.decompose). Output: a WinFacts value with every
group of the hand (melds included) marked concealed or open, so each yaku predicate and the fu
count are a few lines over precomputed fields (RULES.md §6.1: a pung completed by ron is open).
"""
from __future__ import annotations

from dataclasses import dataclass

from .decompose import SEQUENCE, TRIPLET, WinReading
from .hand import Hand
from .tiles import DRAGONS, WIND_KIND, kind


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

    @property
    def tsumo(self) -> bool:
        return self.win_by == "tsumo"

    @property
    def dealer(self) -> bool:
        return self.seat_wind == "east"


@dataclass(frozen=True)
class Group:
    shape: str        # sequence | triplet (a kan is a triplet with kan=True)
    base: int         # lowest kind
    concealed: bool   # for fu and concealed-pung yaku: not called, not completed by ron
    kan: bool = False
    melded: bool = False


@dataclass(frozen=True)
class WinFacts:
    form: str                        # regular | chiitoitsu | kokushi
    reading: WinReading
    sit: Situation
    win: int                         # winning tile kind
    closed: bool                     # no called melds (closed kans allowed)
    groups: tuple[Group, ...]        # the four groups, melds included (empty for seven pairs, kokushi)
    pair: int                        # the pair's kind (-1 for seven pairs)
    kinds: frozenset                 # every kind in the hand
    concealed_counts: tuple          # counts per kind of the concealed tiles with the winning tile
    seat_kind: int
    round_kind: int

    @property
    def wait(self) -> str:
        return self.reading.wait

    @property
    def sequences(self) -> list[int]:
        return [g.base for g in self.groups if g.shape == SEQUENCE]

    @property
    def triplets(self) -> list[int]:
        return [g.base for g in self.groups if g.shape == TRIPLET]

    @property
    def concealed_triplets(self) -> int:
        return sum(1 for g in self.groups if g.shape == TRIPLET and g.concealed)

    @property
    def kans(self) -> int:
        return sum(1 for g in self.groups if g.kan)


def meld_groups(hand: Hand) -> tuple[Group, ...]:
    """The declared melds as groups (computed once per request)."""
    out = []
    for m in hand.melds:
        shape = SEQUENCE if m.kind == "chi" else TRIPLET
        out.append(Group(shape, m.base, not m.is_open, m.is_kan, True))
    return tuple(out)


def win_facts(reading: WinReading, sit: Situation, win: int, closed: bool, melds: tuple[Group, ...],
              kinds: frozenset, concealed_counts: tuple) -> WinFacts:
    """Facts of one reading; `melds`, `kinds` and `concealed_counts` are shared by all readings."""
    r = reading.reading
    groups: tuple[Group, ...] = ()
    if r.form == "regular":
        ron = not sit.tsumo
        own = []
        for i, (shape, base) in enumerate(r.groups):
            # a pung the ron tile completed counts as open (RULES.md §6.1, §7.1)
            concealed = not (ron and shape == TRIPLET and i == reading.win_group)
            own.append(Group(shape, base, concealed))
        groups = tuple(own) + melds
    return WinFacts(r.form, reading, sit, win, closed, groups, r.pair if r.form != "chiitoitsu" else -1,
                    kinds, concealed_counts, WIND_KIND[sit.seat_wind], WIND_KIND[sit.round_wind])


def is_value_pair(f: WinFacts) -> bool:
    """A pair worth fu: dragon, seat wind or round wind (pinfu forbids it)."""
    return f.pair in DRAGONS or f.pair == f.seat_kind or f.pair == f.round_kind


def all_kinds(hand: Hand, win_code: int) -> frozenset:
    return frozenset(kind(t) for t in hand.all_codes() + (win_code,))
