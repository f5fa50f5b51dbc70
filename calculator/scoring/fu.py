"""Fu: the itemised minipoint count of one reading, and its rounding (RULES.md §7).

Input: a WinFacts, whether the reading scores pinfu, and Rules. Output: a tuple of FuItem
(reason, fu) whose sum is the hand's fu, the last item being the rounding to a multiple of 10
when one is needed. Reason strings are stable: base, menzen_ron, tsumo, open_pung_simple,
closed_kan_terminal_honour, pair_dragon, pair_seat_wind, pair_round_wind, pair_double_wind,
wait_kanchan, wait_penchan, wait_tanki, open_minimum, chiitoitsu, rounding.
"""
from __future__ import annotations

from typing import NamedTuple

from calculator.readings.decompose import TRIPLET
from calculator.scoring.facts import WinFacts
from calculator.core.tiles import DRAGONS


class FuItem(NamedTuple):
    reason: str
    fu: int


_WAIT_FU = {w: FuItem(f"wait_{w}", 2) for w in ("kanchan", "penchan", "tanki")}
_BASE, _MENZEN_RON, _TSUMO = FuItem("base", 20), FuItem("menzen_ron", 10), FuItem("tsumo", 2)
_ROUNDING = {n: FuItem("rounding", n) for n in range(1, 10)}
# (concealed, kan, terminal or honour) -> the group's item: 2 fu for an open pung of simples, doubled
# when concealed, when a kong, and when terminals or honours (RULES.md §7.1)
_GROUP_FU = {(c, k, o): FuItem(f"{'closed' if c else 'open'}_{'kan' if k else 'pung'}_"
                                f"{'terminal_honour' if o else 'simple'}", (2 if c else 1) * (4 if k else 1) * (4 if o else 2))
             for c in (False, True) for k in (False, True) for o in (False, True)}
# [kind] -> the item of a pung of that kind in the concealed part: concealed, or open when a ron tile completed it
_CLOSED_PUNG = tuple(_GROUP_FU[True, False, k >= 27 or k % 9 in (0, 8)] for k in range(34))
_OPEN_PUNG = tuple(_GROUP_FU[False, False, k >= 27 or k % 9 in (0, 8)] for k in range(34))
# [kind][2 * concealed + kan] -> the item of a melded pung or kong of that kind
_MELD_PUNG = tuple(tuple(_GROUP_FU[c, k, kind >= 27 or kind % 9 in (0, 8)] for c in (False, True) for k in (False, True))
                   for kind in range(34))


def fu_items(f: WinFacts, pinfu: bool, rules) -> tuple[FuItem, ...]:
    """Itemised fu of a reading (sum = the rounded fu)."""
    return fu_receipt(f, pinfu, rules)[0]


def fu_receipt(f: WinFacts, pinfu: bool, rules) -> tuple[tuple[FuItem, ...], int]:
    """Itemised fu of a reading and their sum (the rounded fu)."""
    h, form, wait, pair, _, _, _, hand_triplets, open_triplet, _ = f
    if form != "regular":
        if form == "chiitoitsu":
            return (FuItem("chiitoitsu", rules.chiitoitsu_fu),), rules.chiitoitsu_fu
        return (), 0   # kokushi
    tsumo, closed = h.tsumo, h.closed
    items = [_BASE]
    total = 20
    if tsumo:
        if not (pinfu and rules.pinfu_tsumo_fu == 20) and not (h.sit.rinshan and not rules.rinshan_tsumo_fu):
            items.append(_TSUMO)
            total += 2
    elif closed:
        items.append(_MENZEN_RON)
        total += 10
    # the concealed part's pungs (sorted), then the melds in their order
    for k in hand_triplets:
        item = (_OPEN_PUNG if k == open_triplet else _CLOSED_PUNG)[k]
        items.append(item)
        total += item.fu
    for g in h.melds:
        if g.shape == TRIPLET:
            item = _MELD_PUNG[g.base][2 * g.concealed + g.kan]
            items.append(item)
            total += item.fu
    if pair >= 27:
        for item in _pair_items(f, rules):
            items.append(item)
            total += item.fu
    item = _WAIT_FU.get(wait)
    if item is not None:
        items.append(item)
        total += 2
    if total == 20 and not closed:
        # an open hand with nothing beyond the base (§7.1 special case, §7.2 fu.open_pinfu_shape_ron)
        if rules.open_pinfu_fu > 20:
            items.append(FuItem("open_minimum", rules.open_pinfu_fu - 20))
            return tuple(items), rules.open_pinfu_fu
        return tuple(items), total
    rounded = -(-total // 10) * 10
    if rounded != total:
        items.append(_ROUNDING[rounded - total])
    return tuple(items), rounded


_DRAGON_PAIR = (FuItem("pair_dragon", 2),)
_SEAT_PAIR, _ROUND_PAIR = (FuItem("pair_seat_wind", 2),), (FuItem("pair_round_wind", 2),)
_DOUBLE_WIND_PAIR = {4: _SEAT_PAIR + _ROUND_PAIR, 2: (FuItem("pair_double_wind", 2),)}


def _pair_items(f: WinFacts, rules) -> tuple[FuItem, ...]:
    p = f.pair
    if p in DRAGONS:
        return _DRAGON_PAIR
    seat, rnd = p == f.h.seat_kind, p == f.h.round_kind
    if seat and rnd:
        return _DOUBLE_WIND_PAIR[4 if rules.double_wind_pair_fu == 4 else 2]
    if seat:
        return _SEAT_PAIR
    if rnd:
        return _ROUND_PAIR
    return ()


def total_fu(items) -> int:
    return sum(i.fu for i in items)
