"""The shipped per-suit table (calculator/readings/suit_table.bin) against the live searches it replaces.

Every class is checked through one of its patterns, and a seeded sample of patterns (plus the
extremes: empty, full, the largest counts) through the searches themselves, so a change in a
search that the table does not follow fails here; tools/build_suit_table.py rebuilds it.
"""
from __future__ import annotations

import random

import pytest

from calculator.readings import suit_table
from calculator.readings.distance import block_distance
from calculator.readings.waits import _SETS, _block_complete, _block_options, _search_waits, suit_complete

pytestmark = pytest.mark.skipif(not suit_table._TABLES, reason="no suit table shipped")


def live(counts: tuple[int, ...], suited: bool) -> suit_table.SuitClass:
    options = _block_options(counts, suited)
    return suit_table.SuitClass(_SETS.index(options), _block_complete(counts, suited), _search_waits(counts, suited),
                                block_distance(counts, (4,) * len(counts), suited, 4))


def sample(n: int, k: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    every = suit_table._INDEX[n == 9].size
    picks = sorted(rng.sample(range(every), k))
    out, want = [], iter(picks)
    target = next(want)
    for i, counts in enumerate(suit_table.patterns(n)):
        if i == target:
            out.append(counts)
            target = next(want, None)
            if target is None:
                break
    return out


EDGES = [((0,) * 9, True), ((4, 4, 4, 2, 0, 0, 0, 0, 0), True), ((0,) * 5 + (4, 4, 4, 2), True),
         ((1,) * 9, True), ((2,) * 7 + (0, 0), True), ((0,) * 7, False), ((4, 4, 4, 2, 0, 0, 0), False),
         ((2,) * 7, False), ((1, 1, 1, 1, 1, 1, 1), False)]


@pytest.mark.parametrize("counts, suited", EDGES, ids=[f"{'s' if s else 'z'}{''.join(map(str, c))}" for c, s in EDGES])
def test_edges_match_the_searches(counts, suited):
    assert suit_table.suit_class(counts, suited) == live(counts, suited)


@pytest.mark.parametrize("n", [9, 7], ids=["suited", "honours"])
def test_a_sample_matches_the_searches(n):
    for counts in sample(n, 800, seed=2026 + n):
        assert suit_table.suit_class(counts, n == 9) == live(counts, n == 9), counts


def test_every_class_matches_the_searches_through_one_pattern():
    seen = {}   # class number -> (its first pattern in table order, suited)
    for n in (9, 7):
        first: dict[int, int] = {}
        for i, number in enumerate(suit_table._TABLES[n == 9]):
            if number not in first and number not in seen:
                first[number] = i
        wanted = {i: number for number, i in first.items()}
        for i, counts in enumerate(suit_table.patterns(n)):
            if i in wanted:
                seen[wanted[i]] = (counts, n == 9)
    assert len(seen) == len(suit_table._CLASSES)
    for counts, suited in seen.values():
        assert suit_table.suit_class(counts, suited) == live(counts, suited), counts


def test_the_index_ranks_patterns_in_table_order():
    for n in (9, 7):
        index = suit_table._INDEX[n == 9]
        for i, counts in enumerate(suit_table.patterns(n)):
            assert index.offset[counts[:index.k]] + index.suffix[counts[index.k:]] == i


def test_suits_past_the_table_are_searched():
    big = (4, 4, 4, 4, 1, 0, 0, 0, 0)   # 17 tiles: a 16-tile hand's suit
    assert suit_table.suit_class(big, True) is None
    assert suit_complete(big, True) == _block_complete(big, True)
