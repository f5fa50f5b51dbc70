"""The compiled build of tile efficiency (native/'s `_widen`, calculator.readings.compiled) answers exactly as the
pure-Python one: both run in this process, the compiled handle swapped for None for the pure answer.

Compared: the whole answer of calculator.readings.efficiency.efficiency (each discard's shanten, ukeire and
improvements, best first), on the real 14-tile positions, random hands with 0-4 melds (kans among them),
kinds held four times, seven pairs and thirteen orphans within reach, three-player sets, 17-tile hands under
16-tile rules, with the rule option fifth_tile_wait_counts off and on; and the four-copies distance of one suit
(calculator.readings.distance). Skipped where the extension was not built (test_native_build says where it
must be).
"""
from __future__ import annotations

import dataclasses
import os
import random

import pytest

from calculator.core.hand import Hand, Meld
from calculator.core.tiles import NUM_KINDS, ORPHANS, counts_of
from calculator.readings import compiled
from calculator.readings.distance import python_block_distance
from calculator.readings.efficiency import efficiency
from calculator.rules import preset_rules
from tests.budget import LONG, examples, picked
from tests.mjai_positions import DATA as MJAI, moments
from tests.random_hands import complete_hand

pytestmark = pytest.mark.skipif(not compiled.COMPILED, reason="the compiled build (native/) is not installed here")

TENHOU, SANMA, TAIWAN = preset_rules("tenhou"), preset_rules("tenhou_sanma"), preset_rules("taiwanese_16")
FIFTH = dataclasses.replace(TENHOU, fifth_tile_wait_counts=True)
FIFTH_TAIWAN = dataclasses.replace(TAIWAN, fifth_tile_wait_counts=True)


@pytest.fixture
def both(monkeypatch):
    """efficiency(hand, visible, rules, improvements) by the compiled build and by the pure one, in that order."""
    native = compiled.widen

    def run(hand, visible, rules, improvements=True):
        monkeypatch.setattr(compiled, "widen", native)
        fast = efficiency(hand, visible, rules, improvements)
        monkeypatch.setattr(compiled, "widen", None)
        pure = efficiency(hand, visible, rules, improvements)
        monkeypatch.setattr(compiled, "widen", native)
        return fast, pure
    return run


def _melded(rng: random.Random, groups: int, melds: int, rules) -> Hand | None:
    """A drawn hand near a complete one (up to four tiles swapped for random kinds) with `melds` melds, a third of
    them kans (closed or open); None when a kind would exceed its copies."""
    full = complete_hand(rng, groups)
    made, rest = [], list(full)
    for _ in range(melds):
        k = rng.randrange(NUM_KINDS)
        if rng.random() < 0.5 and k < 27 and k % 9 <= 6:
            tiles = (k, k + 1, k + 2)
            made.append(Meld("chi", tiles))
        else:
            kan = rng.random() < 0.35
            tiles = (k,) * (4 if kan else 3)
            made.append(Meld(rng.choice(["closed_kan", "open_kan"]) if kan else "pon", tiles))
        for _ in range(3):
            rest.pop(rng.randrange(len(rest)))
    for _ in range(rng.randint(0, 4)):
        rest[rng.randrange(len(rest))] = rng.randrange(NUM_KINDS)
    held = counts_of(rest + [t for m in made for t in m.tiles])
    if max(held) > 4 or any(held[k] > rules.tile_copies[k] for k in range(NUM_KINDS)):
        return None
    return Hand(tuple(rest), tuple(made))


def _hands(seed: int, n: int, groups: int, rules, most_melds: int = 4):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        hand = _melded(rng, groups, rng.randint(0, most_melds), rules)
        if hand is not None:
            if rng.random() < 0.4:   # a waiting hand (one tile fewer) now and then
                hand = Hand(hand.concealed[1:], hand.melds)
            out.append(hand)
    return out


def _four_copies(seed: int, n: int, size: int):
    """Closed hands of `size` tiles holding one kind (or two) four times."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        quads = rng.sample(range(NUM_KINDS), rng.choice([1, 1, 2]))
        tiles = [k for k in quads for _ in range(4)]
        while len(tiles) < size:
            k = rng.randrange(NUM_KINDS)
            if tiles.count(k) < 4:
                tiles.append(k)
        out.append(Hand(tuple(tiles)))
    return out


def _special(seed: int, n: int):
    """Closed hands one tile or two from seven pairs or thirteen orphans."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        if i % 2:
            kinds = rng.sample(range(NUM_KINDS), 7)
            tiles = [k for k in kinds for _ in range(2)]
        else:
            tiles = list(ORPHANS) + [rng.choice(ORPHANS)]
        for _ in range(rng.randint(1, 2)):
            tiles[rng.randrange(len(tiles))] = rng.randrange(NUM_KINDS)
        if max(counts_of(tiles)) <= 4:
            out.append(Hand(tuple(tiles)))
    return out


def _sanma(hand: Hand) -> Hand | None:
    """The hand with 2m-8m moved to pins (a three-player set has none), or None."""
    if any(1 <= t <= 7 for m in hand.melds for t in m.tiles):
        return None
    moved = tuple(t + 9 if 1 <= t <= 7 else t for t in hand.concealed)
    held = counts_of(moved + tuple(t for m in hand.melds for t in m.tiles))
    return Hand(moved, hand.melds) if max(held) <= 4 else None


CASES = [   # hands per case: the everyday budget, ten times as many under HYPOTHESIS_PROFILE=long (tests/budget.py)
    pytest.param(lambda: _hands(1, examples(120), 4, TENHOU), TENHOU, id="melds-and-kans"),
    pytest.param(lambda: _hands(2, examples(60), 4, FIFTH), FIFTH, id="melds-and-kans-fifth-copy-counts"),
    pytest.param(lambda: _four_copies(3, examples(80), 14), TENHOU, id="four-copies"),
    pytest.param(lambda: _four_copies(4, examples(40), 14), FIFTH, id="four-copies-fifth-copy-counts"),
    pytest.param(lambda: _special(5, examples(50)), TENHOU, id="seven-pairs-and-thirteen-orphans"),
    pytest.param(lambda: [h for h in map(_sanma, _hands(6, examples(80), 4, TENHOU, 2)) if h], SANMA,
                 id="three-player"),
    pytest.param(lambda: _hands(7, examples(50), 5, TAIWAN), TAIWAN, id="taiwanese-17-tiles"),
    pytest.param(lambda: _four_copies(8, examples(30), 17), TAIWAN, id="taiwanese-four-copies"),
    pytest.param(lambda: _hands(9, examples(30), 5, FIFTH_TAIWAN), FIFTH_TAIWAN, id="taiwanese-fifth-copy-counts"),
]


@pytest.mark.parametrize("make, rules", CASES)
def test_compiled_answers_as_the_pure_build(both, make, rules):
    hands = make()
    assert len(hands) >= 20
    widened = 0
    for hand in hands:
        fast, pure = both(hand, (), rules)
        assert fast == pure, hand
        choices = fast.discards or (fast.hand,)
        widened += any(c.improvements for c in choices)
    assert widened   # the improvements were asked, not only the shanten


def test_real_positions_answer_as_the_pure_build(both):
    """The first 3 games' 915 positions: every discard table, and one position in four whole (improvements); the
    first 8 games' 3,381 positions under HYPOTHESIS_PROFILE=long, all of them whole."""
    if not os.path.exists(MJAI):
        pytest.skip("../shared/data is not present")
    tables = whole = 0
    for n, m in enumerate(moments(games=8 if LONG else 3)):
        fast, pure = both(m.hand, m.visible, TENHOU, improvements=picked(n, 4))
        assert fast == pure, (m.game, m.hand)
        tables += 1
        whole += picked(n, 4)
    assert tables > 900 and whole > 220


def test_one_suit_distance_as_the_pure_build():
    rng = random.Random(10)
    for _ in range(3000):
        n = rng.choice([9, 7])
        counts = tuple(rng.choice([0, 0, 0, 1, 1, 2, 3, 4]) for _ in range(n))
        caps = tuple(rng.choice([4, 4, 4, 3, 2, 1, 0]) for _ in range(n))
        args = (counts, caps, n == 9, rng.randint(0, 5), rng.choice([98, 0, 1, 2, 3, 5]))
        assert compiled.widen.distance(*args) == python_block_distance(*args), args


@pytest.mark.parametrize("args", [
    pytest.param(((1,) * 10, (4,) * 10, True, 4, 98), id="ten-kinds"),
    pytest.param(((1,) * 9, (4,) * 9, True, 6, 98), id="six-groups"),
])
def test_the_compiled_distance_leaves_other_cases_to_python(args):
    assert compiled.widen.distance(*args) is None
