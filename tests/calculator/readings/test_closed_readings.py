"""The one-pass answer for closed 13-tile hands (calculator.readings.closed, compiled or pure) is the general path's.

readiness() takes that path for a closed 13-tile hand under 13-tile rules with the special forms and no
fifth-copy waits; these tests hold it to the general path (shanten per form, waits with their forms, the whole
ReadyResult with and without visible tiles) on hand-made cases and on seeded random hands.
"""
from __future__ import annotations

import random

import pytest

from calculator.core.hand import Hand
from calculator.core.notation import parse_tiles
from calculator.core.tiles import counts_of
from calculator.readings import ready
from calculator.readings.closed import closed_readings, python_readings
from calculator.readings.waits import _FULL_CAPS, find_waits, shanten
from tests.random_hands import WALL, near_ready


def general(counts):
    """(shanten per form, waits or None, forms some wait completes) by the general path."""
    per_form = shanten(counts, 4, True, _FULL_CAPS)
    found = find_waits(counts, 4, True, counts, False) if per_form.best == 0 else None
    named = {f for fs in (found or {}).values() for f in fs}
    return per_form, found, tuple(f for f in ("regular", "chiitoitsu", "kokushi") if f in named)


CASES = [
    pytest.param("123m456p789s2345s", (0, 6, 11), {19: ["regular"], 22: ["regular"]}, id="two-sided-in-one-suit"),
    pytest.param("1122m3344p5566s7z", (3, 0, 10), {33: ["chiitoitsu"]}, id="seven-pairs-only"),
    pytest.param("19m19p19s1234567z", (8, 6, 0), {k: ["kokushi"] for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31,
                                                                         32, 33)}, id="thirteen-orphans-13-waits"),
    pytest.param("119m19p19s123456z", (7, 5, 0), {33: ["kokushi"]}, id="thirteen-orphans-one-wait"),
    pytest.param("1122334455667m", (0, 0, 11), {0: ["regular"], 3: ["regular"], 6: ["regular", "chiitoitsu"]},
                 id="one-suit-three-waits-one-also-seven-pairs"),
    pytest.param("112233m445566p7s", (0, 0, 11), {24: ["regular", "chiitoitsu"]}, id="regular-and-seven-pairs"),
    pytest.param("123m456p789s11z22z", (0, 4, 8), {27: ["regular"], 28: ["regular"]}, id="two-pairs-shanpon"),
    pytest.param("123m456p78s11z22z3z", (1, 4, 8), None, id="not-ready"),
    pytest.param("1111m456p789s123s", None, None, id="a-kind-held-four-times-goes-the-general-way"),
]


@pytest.mark.parametrize("hand, shanten_per_form, waits", CASES)
def test_cases(hand, shanten_per_form, waits):
    counts = counts_of(parse_tiles(hand)[0])
    got = closed_readings(counts)
    if shanten_per_form is None:
        assert got is None
        return
    assert tuple(got[0]) == shanten_per_form
    assert got[1] == waits
    assert got == general(counts)


ONE_SUIT = [k for k in range(9) for _ in range(4)]


def _hands(seed: int, n: int):
    """Near-ready hands, hands drawn from the whole wall, and every fifth one from a single suit (many waits)."""
    rng = random.Random(seed)
    for i in range(n):
        if i % 5 == 0:
            yield rng.sample(ONE_SUIT, 13)
        else:
            yield near_ready(rng) if i % 2 else rng.sample(WALL, 13)


@pytest.mark.parametrize("seed", [pytest.param(s, id=f"seed-{s}") for s in (1, 2, 3)])
def test_random_hands_agree_with_the_general_path(seed):
    ready_seen = 0
    for tiles in _hands(seed, 4000):
        counts = counts_of(tiles)
        got = closed_readings(counts)
        if got is None:
            assert max(counts) == 4
            continue
        assert got == general(counts), tiles
        assert python_readings(counts) == got, tiles   # the pure build answers as the compiled one (if any)
        ready_seen += got[1] is not None
    assert ready_seen > 500


@pytest.mark.parametrize("visible", [pytest.param((), id="nothing-visible"), pytest.param((4, 4, 22, 33), id="visible")])
def test_readiness_answer_is_the_general_one(monkeypatch, visible):
    hands = [Hand(tuple(sorted(t))) for t in _hands(7, 3000)]
    fast = [ready.readiness(h, visible) for h in hands]
    monkeypatch.setattr(ready, "closed_readings", lambda counts: None)
    slow = [ready.readiness(h, visible) for h in hands]
    assert fast == slow
    assert sum(r.ready for r in fast) > 300
