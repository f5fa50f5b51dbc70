"""Dora: bonus han from indicators, kong indicators, ura indicators and red fives (RULES.md §18).

Input: the counts per kind of the winning hand (melds and the winning tile included), its
number of red fives, the indicator codes as given (the first is the main indicator, the rest
were flipped for kongs), whether the winner is in riichi, and Rules. Output: the han of `dora`, `aka_dora` and
`ura_dora`. Dora are never yaku: they count only once a yaku makes the hand a win.
"""
from __future__ import annotations

from typing import NamedTuple

from calculator.core.tiles import dora_after, kind


class DoraCount(NamedTuple):
    dora: int
    aka_dora: int
    ura_dora: int

    @property
    def total(self) -> int:
        return self.dora + self.aka_dora + self.ura_dora


_NEXT = tuple(dora_after(k) for k in range(34)) + tuple(dora_after(kind(c)) for c in (34, 35, 36))  # [code]


def indicated(indicators, first: bool, rest: bool) -> list[int]:
    """Dora kinds of the counting indicators (a kind indicated twice appears twice).

    >>> indicated((8, 30), True, False)
    [0]
    """
    return [_NEXT[code] for i, code in enumerate(indicators) if (first if i == 0 else rest)]


def _han(all_counts, indicators, first: bool, rest: bool) -> int:
    """Han from one row of indicators: each indicated kind counts once per copy held."""
    han = all_counts[_NEXT[indicators[0]]] if first else 0
    if rest:
        for code in indicators[1:]:
            han += all_counts[_NEXT[code]]
    return han


def count_dora(all_counts, reds: int, indicators, ura_indicators, riichi: bool, rules) -> DoraCount:
    """Dora, red-five and ura-dora han of a hand from its counts per kind (melds and winning tile
    included) and its number of red fives (§18.1: each occurrence 1 han, red fives also as fives)."""
    dora = _han(all_counts, indicators, rules.dora_indicator, rules.kan_dora != "off") if indicators else 0
    ura = _han(all_counts, ura_indicators, rules.ura_dora, rules.kan_ura_dora) if riichi and ura_indicators else 0
    return DoraCount(dora, reds if any(rules.red_fives) else 0, ura)
