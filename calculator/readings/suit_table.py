"""The shipped per-suit table: what readiness needs to know about one suit, for every suit a hand can hold.

A suit is the counts of its nine kinds (seven for the honours), each 0-4, at most 14 tiles in all:
405,350 suited patterns and 43,130 honour ones. They fall into about 2,100 classes; a class is
everything the readiness code asks about a suit:

* the Pareto set of (groups, partial groups, pair) triples (calculator.readings.waits, shanten);
* whether the suit splits into groups only, and into groups plus one pair (complete hands);
* the local kinds whose addition makes it "groups only" and "groups plus the pair" (waits);
* the fewest tiles to add for m = 0-4 groups, without and with a pair, never more than four
  copies of a kind (the four-copies shanten).

`suit_table.bin` holds the classes and one class number per pattern: zlib-compressed, a 4-byte
little-endian length, that many bytes of JSON (the Pareto sets and the classes), then the class
numbers of the suited and the honour patterns as little-endian uint16. It is generated from the live searches
by `tools/build_suit_table.py` and checked against them by tests/calculator/readings/test_suit_table.py.
Loading takes about 10 ms and 2 MB (the class numbers 0.9 MB, the classes 0.6 MB, the index 0.4 MB);
nothing here grows after import.
"""
from __future__ import annotations

import json
import os
import sys
import zlib
from array import array
from itertools import product
from typing import NamedTuple

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "suit_table.bin")
MAX_TILES = 14          # a suit holding more (16-tile hands) is searched, not looked up
FORMAT = 2


class SuitClass(NamedTuple):
    """Everything readiness asks about one suit (immutable, shared by every pattern of the class)."""
    set_index: int                  # its Pareto set of (groups, partial groups, pair) triples: SETS[set_index]
    complete: tuple[bool, bool]     # (groups only, groups plus one pair)
    waits: tuple[tuple[int, ...], tuple[int, ...]]   # local kinds completing (groups only, with the pair)
    distance: tuple[tuple[int, ...], tuple[int, ...]]  # fewest tiles for m = 0-4 groups (no pair, pair)


def _split(n: int) -> int:
    return n // 2 + 1


def patterns(n: int):
    """Every suit of `n` kinds with at most MAX_TILES tiles, in table order: prefixes (the first
    _split(n) counts) in lexicographic order, and for each its suffixes by tile count, then
    lexicographically, so that a prefix's valid suffixes are a run from its offset."""
    k = _split(n)
    suffixes = sorted(product(range(5), repeat=n - k), key=lambda s: (sum(s), s))
    for prefix in product(range(5), repeat=k):
        room = MAX_TILES - sum(prefix)
        for s in suffixes:
            if sum(s) > room:
                break
            yield prefix + s


class _Index:
    """Rank of a pattern in table order: offset of its prefix plus rank of its suffix (two dict look-ups)."""

    def __init__(self, n: int):
        k = self.k = _split(n)
        suffixes = sorted(product(range(5), repeat=n - k), key=lambda s: (sum(s), s))
        self.suffix = {s: i for i, s in enumerate(suffixes)}
        fit = [sum(1 for s in suffixes if sum(s) <= room) for room in range(MAX_TILES + 1)]
        self.offset: dict[tuple, int] = {}
        at = 0
        for prefix in product(range(5), repeat=k):
            room = MAX_TILES - sum(prefix)
            if room >= 0:
                self.offset[prefix] = at
                at += fit[room]
        self.size = at


_INDEX = {True: _Index(9), False: _Index(7)}


def _load():
    try:
        with open(PATH, "rb") as f:
            raw = zlib.decompress(f.read())
    except (OSError, zlib.error):
        return None
    size = int.from_bytes(raw[:4], "little")
    head = json.loads(raw[4:4 + size])
    if head.get("format") != FORMAT:
        return None
    sets = [tuple(tuple(o) for o in s) for s in head["sets"]]
    classes = [SuitClass(c[0], (bool(c[1] & 1), bool(c[1] & 2)),
                         (tuple(c[2]), tuple(c[3])), (tuple(c[4]), tuple(c[5])))
               for c in head["classes"]]
    tables = {}
    at = 4 + size
    for suited in (True, False):
        numbers = array("H")
        end = at + 2 * _INDEX[suited].size
        numbers.frombytes(raw[at:end])
        at = end
        if sys.byteorder != "little":
            numbers.byteswap()
        if len(numbers) != _INDEX[suited].size:
            return None
        tables[suited] = numbers
    return sets, classes, tables


_LOADED = _load()
SETS: list[tuple] = _LOADED[0] if _LOADED else []    # the Pareto sets, in the order the classes name them
_CLASSES: list[SuitClass] = _LOADED[1] if _LOADED else []
_TABLES = _LOADED[2] if _LOADED else {}


def suit_class(counts: tuple[int, ...], suited: bool) -> SuitClass | None:
    """The shipped facts of one suit (9 counts, or 7 for the honours), or None when the table does
    not cover it (more than 14 tiles, a count above 4, or no table shipped)."""
    table = _TABLES.get(suited)
    if table is None or sum(counts) > MAX_TILES or max(counts) > 4:
        return None
    index = _INDEX[suited]
    k = index.k
    return _CLASSES[table[index.offset[counts[:k]] + index.suffix[counts[k:]]]]
