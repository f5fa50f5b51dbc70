"""Fu: the itemised minipoint count of one reading, and its rounding (RULES.md §7).

Input: a WinFacts, whether the reading scores pinfu, and Rules. Output: a tuple of FuItem
(reason, fu) whose sum is the hand's fu, the last item being the rounding to a multiple of 10
when one is needed. Reason strings are stable: base, menzen_ron, tsumo, open_pung_simple,
closed_kan_terminal_honour, pair_dragon, pair_seat_wind, pair_round_wind, pair_double_wind,
wait_kanchan, wait_penchan, wait_tanki, open_minimum, chiitoitsu, rounding.
"""
from __future__ import annotations

from typing import NamedTuple

from .decompose import TRIPLET
from .facts import WinFacts
from .tiles import DRAGONS, is_orphan


class FuItem(NamedTuple):
    reason: str
    fu: int


_WAIT_FU = {"kanchan": "wait_kanchan", "penchan": "wait_penchan", "tanki": "wait_tanki"}


def fu_items(f: WinFacts, pinfu: bool, rules) -> tuple[FuItem, ...]:
    """Itemised fu of a reading (sum = the rounded fu)."""
    if f.form == "chiitoitsu":
        return (FuItem("chiitoitsu", rules.chiitoitsu_fu),)
    if f.form == "kokushi":
        return ()
    items = [FuItem("base", 20)]
    h = f.h
    tsumo = h.tsumo
    if h.closed and not tsumo:
        items.append(FuItem("menzen_ron", 10))
    if tsumo and not (pinfu and rules.pinfu_tsumo_fu == 20) and not (h.sit.rinshan and not rules.rinshan_tsumo_fu):
        items.append(FuItem("tsumo", 2))
    for g in f.groups:
        if g.shape != TRIPLET:
            continue
        orphan = is_orphan(g.base)
        fu = (2 if g.concealed else 1) * (4 if g.kan else 1) * (4 if orphan else 2)
        items.append(FuItem(f"{'closed' if g.concealed else 'open'}_{'kan' if g.kan else 'pung'}_"
                            f"{'terminal_honour' if orphan else 'simple'}", fu))
    items += _pair_items(f, rules)
    if f.wait in _WAIT_FU:
        items.append(FuItem(_WAIT_FU[f.wait], 2))
    total = sum(i.fu for i in items)
    if total == 20 and not h.closed:
        # an open hand with nothing beyond the base (§7.1 special case, §7.2 fu.open_pinfu_shape_ron)
        if rules.open_pinfu_fu > 20:
            items.append(FuItem("open_minimum", rules.open_pinfu_fu - 20))
        return tuple(items)
    rounded = -(-total // 10) * 10
    if rounded != total:
        items.append(FuItem("rounding", rounded - total))
    return tuple(items)


def _pair_items(f: WinFacts, rules) -> list[FuItem]:
    p = f.pair
    if p in DRAGONS:
        return [FuItem("pair_dragon", 2)]
    seat, rnd = p == f.h.seat_kind, p == f.h.round_kind
    if seat and rnd:
        if rules.double_wind_pair_fu == 4:
            return [FuItem("pair_seat_wind", 2), FuItem("pair_round_wind", 2)]
        return [FuItem("pair_double_wind", 2)]
    if seat:
        return [FuItem("pair_seat_wind", 2)]
    if rnd:
        return [FuItem("pair_round_wind", 2)]
    return []


def total_fu(items) -> int:
    return sum(i.fu for i in items)
