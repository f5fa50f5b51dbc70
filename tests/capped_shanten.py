"""The test oracle for shanten under the caps of the melds: the four-copies count asked every time.

calculator.readings.waits.shanten asks the exact count (exact_shanten) only when the unlimited one may lean on
copies that do not exist (calculator.readings.caps); this oracle never takes that shortcut where melds cap a
kind, so the brute forces built on it (tests/calculator/readings/test_efficiency.py, test_karaten.py) check the shortcut
instead of sharing it. Without melds it asks waits.shanten (cheaper, for the brute forces' budget): the rule there
(the exact count once a kind is held four times) is held to exact_shanten by test_shanten_differential.py.
"""
from __future__ import annotations

from functools import lru_cache

from calculator.core.tiles import NUM_KINDS, counts_of
from calculator.readings.waits import _FULL_CAPS, chiitoitsu_shanten, exact_shanten, kokushi_shanten, shanten


@lru_cache(maxsize=1 << 16)
def _capped(counts: tuple[int, ...], g: int, special: bool, caps: tuple[int, ...]) -> int:
    if caps == _FULL_CAPS:
        return shanten(counts, g, special, _FULL_CAPS).best
    best = exact_shanten(counts, g, caps)
    if special and g == 4 and sum(counts) >= 13:
        best = min(best, chiitoitsu_shanten(counts), kokushi_shanten(counts))
    return best


def capped_shanten(counts, g: int, special: bool, caps) -> int:
    """Best shanten of concealed `counts` needing `g` groups, no kind above `caps` copies (four less those in
    melds: a wait on a fifth copy does not count), seven pairs and thirteen orphans where `special`."""
    return _capped(tuple(counts), g, bool(special), tuple(caps))


def caps_of(hand) -> tuple[int, ...]:
    """Four less the copies of each kind in the hand's melds."""
    in_melds = counts_of(t for m in hand.melds for t in m.tiles)
    return tuple(4 - in_melds[k] for k in range(NUM_KINDS))
