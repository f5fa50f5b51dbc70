"""When the unlimited shanten count may lean on copies that do not exist, so that the four-copies one must be asked.

Input: the concealed counts and `caps`, the copies of each kind the concealed part may reach (four less those in
the player's melds). Output: whether the unlimited count (calculator.readings.waits.regular_shanten, every copy
available) may be below the count that respects the caps (waits.exact_shanten, efficiency.capped_regular).
Cheap: a scan of the held kinds, per set of caps a cached list of kinds, per suit a cached verdict. The compiled
build (native/src/widen.c) asks its capped vectors on the first rule alone (near, without the verdict): asking
the exact count more often changes no answer, only its cost.

Why the rule is enough (a kind held up to its cap, or a tile held within two kinds of a kind the melds cap).
Say neither holds. Among the kinds within two of a held tile every cap is four, and no held kind has four
copies: then the unlimited count has a cheapest completion that never holds five copies of a kind (the rule
for hands without melds, held to the exact count by tests/calculator/readings/test_shanten_differential.py).
Each group or pair of that completion holding a tile of the hand lies within two kinds of it (a run spans
three kinds; a pair or triplet, one), so it uses only kinds whose cap is four, never past four copies. A group
or pair made only of added tiles may use a kind the melds cap, but it costs the same as a triplet or pair of a
kind that no other part uses and no meld caps: the g + 1 parts and the melds (4 - g, or 5 - g for 16-tile
hands, each capping at most three kinds) touch at most 18 of the 34 kinds, so such a kind is always there.
So the unlimited count is also reached under the caps. Conversely, a kind not held but capped by the melds
(no copy left after a kan; one to three after a pon or chi holding it) can be what the unlimited count needs:
the missing tile of a partial (12m beside a kan of 3m: no 3m to draw), or the same kind twice (12m and 24m
beside a pon of 3m: one copy left). Both are near a held tile, so the rule asks.

`leans_on_melds` narrows the near test suit by suit, still exactly: the count under caps is the min-plus join
of each suit's fewest-tiles table (waits.exact_shanten). Where every suit with a held tile near a capped kind
has the same table under its caps as under four copies, raise those suits' caps to four: the count stays the
same, and no held tile is near a kind still capped, so by the argument above it is the unlimited count.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import islice

from calculator.core.tiles import SUIT_SPANS
from calculator.readings.distance import block_distance
from calculator.readings.suit_table import suit_class

_SUITS = SUIT_SPANS
_MATTERS: dict = {}        # (suit counts, suit caps, suited, groups) -> whether the caps change the suit's table
_MATTERS_LIMIT = 1 << 13   # bounded as every service cache (its older half dropped when full)


@lru_cache(maxsize=1024)   # one entry per set of melds' kinds met (bounded, as every service cache)
def near_capped(caps: tuple[int, ...]) -> tuple[int, ...]:
    """The kinds within two of a kind whose cap is below four, in the same suit (that kind itself for an
    honour), in kind order: a held tile of one of them may lean on copies that the melds hold."""
    near = set()
    for k, cap in enumerate(caps):
        if cap < 4:
            if k >= 27:
                near.add(k)
            else:
                lo = k - k % 9
                near.update(range(max(lo, k - 2), min(lo + 8, k + 2) + 1))
    return tuple(sorted(near))


@lru_cache(maxsize=1024)
def near_suits(caps: tuple[int, ...]) -> tuple[tuple[int, int, bool, tuple[int, ...], tuple[int, ...]], ...]:
    """The suits holding a kind of near_capped(caps): (first kind, end, suited, those kinds, the suit's caps)."""
    near = near_capped(caps)
    return tuple((lo, hi, suited, tuple(k for k in near if lo <= k < hi), caps[lo:hi])
                 for lo, hi, suited in _SUITS if any(lo <= k < hi for k in near))


def leans_on_melds(counts, caps, g: int) -> bool:
    """Whether the unlimited count may lean on copies that do not exist: some kind held up to its cap (four, or
    four less its copies in melds), or `near_leans`."""
    if any(n and n >= cap for n, cap in zip(counts, caps)):
        return True
    return near_leans(counts, g, near_suits(tuple(caps)))


def near_leans(counts, g: int, suits) -> bool:
    """A tile held within two of a kind the melds cap in a suit whose fewest-tiles table, for up to `g` groups,
    the caps change (`suits`: near_suits(caps))."""
    for lo, hi, suited, kinds, caps in suits:
        for k in kinds:
            if counts[k]:
                if suit_caps_matter(tuple(counts[lo:hi]), caps, suited, g):
                    return True
                break
    return False


def suit_caps_matter(block: tuple[int, ...], caps: tuple[int, ...], suited: bool, g: int) -> bool:
    """Whether one suit's fewest-tiles table (up to g groups, without and with the pair) differs under `caps`
    from the one under four copies."""
    key = (block, caps, suited, g)
    hit = _MATTERS.get(key)
    if hit is None:
        shipped = suit_class(block, suited) if g <= 4 else None
        if shipped:
            four = shipped.distance[0][:g + 1], shipped.distance[1][:g + 1]
        else:
            four = block_distance(block, (4,) * len(block), suited, g)
        # the capped table is never below the four-copies one: a search bounded at the latter's highest
        # finite entry tells every entry apart (one past the bound reads 99)
        bound = max([v for half in four for v in half if v < 99], default=0)
        hit = block_distance(block, caps, suited, g, bound) != four
        if len(_MATTERS) >= _MATTERS_LIMIT:
            for old in list(islice(_MATTERS, len(_MATTERS) // 2)):
                del _MATTERS[old]
        _MATTERS[key] = hit
    return hit
