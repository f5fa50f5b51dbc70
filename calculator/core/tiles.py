"""Tiles: the 34 tile kinds and the three red fives, as small integers.

A tile *code* is an int: 0-8 are 1m-9m, 9-17 are 1p-9p, 18-26 are 1s-9s, 27-33 are the
honours 1z-7z (east, south, west, north, white, green, red dragon), and 34, 35, 36 are the
red fives 0m, 0p, 0s. A tile *kind* is the code with red fives folded onto their plain five
(0-33); every structural question (readings, waits, furiten) works on kinds.
"""
from __future__ import annotations

SUITS = "mpsz"
NUM_KINDS = 34
# the kinds of each suit as (first kind, end, suited): man, pin, sou, then the honours (no runs)
SUIT_SPANS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))
RED_CODES = (34, 35, 36)
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = ("east", "south", "west", "north")
WIND_KIND = {name: EAST + i for i, name in enumerate(WINDS)}
DRAGONS = (WHITE, GREEN, RED)
TERMINALS = (0, 8, 9, 17, 18, 26)
ORPHANS = TERMINALS + tuple(range(27, 34))
GREEN_KINDS = frozenset((19, 20, 21, 23, 25, GREEN))  # 2s 3s 4s 6s 8s and green dragon


def kind(code: int) -> int:
    """Fold a red five onto its plain five.

    >>> kind(34), kind(4), kind(36)
    (4, 4, 22)
    """
    return code if code < NUM_KINDS else 4 + 9 * (code - NUM_KINDS)


def is_red(code: int) -> bool:
    return code >= NUM_KINDS


def suit(k: int) -> int:
    """0 = m, 1 = p, 2 = s, 3 = honours."""
    return k // 9 if k < 27 else 3


def number(k: int) -> int:
    """1-9 for suited kinds, 1-7 for honours."""
    return k % 9 + 1 if k < 27 else k - 26


def is_honour(k: int) -> bool:
    return k >= 27


def is_terminal(k: int) -> bool:
    return k < 27 and k % 9 in (0, 8)


def is_orphan(k: int) -> bool:
    """Terminal or honour (yaochuuhai)."""
    return k >= 27 or k % 9 in (0, 8)


def is_simple(k: int) -> bool:
    return k < 27 and k % 9 not in (0, 8)


def dora_after(k: int) -> int:
    """The dora a given indicator kind points at (RULES.md §18).

    >>> [name(dora_after(k)) for k in (8, 30, 33, 31, 11)]
    ['1m', '1z', '5z', '6z', '4p']
    """
    if k < 27:
        return k - 8 if k % 9 == 8 else k + 1
    if k < 31:
        return EAST if k == NORTH else k + 1
    return WHITE if k == RED else k + 1


def name(code: int) -> str:
    """One tile in MPSZ notation.

    >>> name(0), name(34), name(33)
    ('1m', '0m', '7z')
    """
    if code >= NUM_KINDS:
        return "0" + SUITS[code - NUM_KINDS]
    return f"{number(code)}{SUITS[suit(code)]}"


KIND = tuple(kind(code) for code in range(NUM_KINDS + 3))   # [code] -> kind, as a table


def counts_of(codes) -> list[int]:
    """Counts per kind (length 34) of an iterable of codes."""
    c = [0] * NUM_KINDS
    for t in codes:
        c[KIND[t]] += 1
    return c
