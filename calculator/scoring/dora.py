"""Dora: bonus han from indicators, kong indicators, ura indicators and red fives (RULES.md §18).

Input: the counts per kind of the winning hand (melds and the winning tile included), its
number of red fives, the indicator codes as given (the first is the main indicator, the rest
were flipped for kongs), whether the winner is in riichi, and Rules. Output: the han of `dora`, `aka_dora` and
`ura_dora`. Dora are never yaku: they count only once a yaku makes the hand a win.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from calculator.core.tiles import NORTH, dora_after, kind


class DoraCount(NamedTuple):
    dora: int
    aka_dora: int
    ura_dora: int
    kita: int = 0    # norths set aside (three players, north_bonus bonus_dora): 1 han each
    total: int = 0   # the four together (count_dora fills it)
    items: tuple = ()  # the (id, han) entries a winning hand's yaku list shows for them (count_dora fills it)


_new = tuple.__new__   # _new(NamedTupleClass, fields): skips the generated __new__'s Python frame (hot path)
_NEXT = tuple(dora_after(k) for k in range(34)) + tuple(dora_after(kind(c)) for c in (34, 35, 36))  # [code]


@lru_cache(maxsize=16)
def successors(copies: tuple[int, ...]) -> tuple[int, ...]:
    """[code] -> the dora kind an indicator points at in a tile set (`copies` per kind): the next kind of the
    suit that the set holds, wrapping (three players: 1m -> 9m -> 1m; RULES.md §18, data/README.md rule 8).

    >>> from calculator.rules import preset_rules
    >>> [successors(preset_rules("tenhou_sanma").tile_copies)[k] for k in (0, 8, 9, 30)]
    [8, 0, 10, 27]
    """
    if all(copies):
        return _NEXT
    out = []
    for code in range(37):
        k = _NEXT[code]
        while not copies[k]:
            k = dora_after(k)
        out.append(k)
    return tuple(out)


def indicated(indicators, first: bool, rest: bool, nxt=_NEXT) -> list[int]:
    """Dora kinds of the counting indicators (a kind indicated twice appears twice).

    >>> indicated((8, 30), True, False)
    [0]
    """
    return [nxt[code] for i, code in enumerate(indicators) if (first if i == 0 else rest)]


@dataclass(frozen=True, slots=True)
class DoraRules:
    """What the rules say about dora (dora_rules; slots: read on every request)."""
    successors: tuple    # [indicator code] -> the dora kind (successors of the rules' tile set)
    first: bool          # the first indicator counts (dora_indicator)
    rest: bool           # the kong indicators count (kan_dora not off)
    ura_first: bool      # ura_dora
    ura_rest: bool       # kan_ura_dora
    red_fives: bool      # red fives are dora (any red_fives)


def dora_rules(rules) -> DoraRules:
    return DoraRules(successors(rules.tile_copies), rules.dora_indicator, rules.kan_dora != "off", rules.ura_dora,
                     rules.kan_ura_dora, any(rules.red_fives))


def count_dora(all_counts, reds: int, indicators, ura_indicators, riichi: bool, dr: DoraRules,
               kita: int = 0) -> DoraCount:
    """Dora, red-five and ura-dora han of a hand from its counts per kind (melds and winning tile
    included) and its number of red fives (§18.1: each occurrence 1 han, red fives also as fives), under the
    DoraRules `dr`. `kita` norths set aside count for the indicators like held norths, and 1 han each of their own.
    Each indicated kind counts once per copy held."""
    if kita:
        all_counts = list(all_counts)
        all_counts[NORTH] += kita
    nxt = dr.successors
    dora = ura = 0
    if indicators:
        if dr.first:
            dora = all_counts[nxt[indicators[0]]]
        if dr.rest and len(indicators) > 1:
            for code in indicators[1:]:
                dora += all_counts[nxt[code]]
    if riichi and ura_indicators:
        if dr.ura_first:
            ura = all_counts[nxt[ura_indicators[0]]]
        if dr.ura_rest and len(ura_indicators) > 1:
            for code in ura_indicators[1:]:
                ura += all_counts[nxt[code]]
    aka = reds if dr.red_fives else 0
    total = dora + aka + ura + kita
    if not total:
        return _NO_DORA
    items = ((_DORA_ITEM[dora] if dora < _ITEMS else ("dora", dora)),) if dora else ()
    if aka:
        items += (_AKA_ITEM[aka] if aka < _ITEMS else ("aka_dora", aka),)
    if ura:
        items += (_URA_ITEM[ura] if ura < _ITEMS else ("ura_dora", ura),)
    if kita:
        items += (("kita", kita),)
    return _new(DoraCount, (dora, aka, ura, kita, total, items))


_NO_DORA = DoraCount(0, 0, 0, 0, 0, ())
# [han] -> the yaku list's entry for that many dora, red fives, ura dora, built once (larger counts are built when met)
_ITEMS = 32
_DORA_ITEM, _AKA_ITEM, _URA_ITEM = (tuple((name, n) for n in range(_ITEMS)) for name in ("dora", "aka_dora", "ura_dora"))
