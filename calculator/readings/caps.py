"""When the unlimited shanten count may lean on copies that do not exist, so that the four-copies one must be asked.

Input: the concealed counts and `caps`, the copies of each kind the concealed part may reach (four less those in
the player's melds). Output: whether the unlimited count (calculator.readings.waits.regular_shanten, every copy
available) may be below the count that respects the caps (waits.exact_shanten, efficiency.capped_regular, the
compiled build's capped vectors in native/src/widen.c, which follows the same rule). Pure and cheap: one scan of
the held kinds, and per set of caps a cached list of kinds.

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
"""
from __future__ import annotations

from functools import lru_cache


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


def leans_on_melds(counts, caps) -> bool:
    """Whether the unlimited count may lean on copies that do not exist: some kind held up to its cap (four, or
    four less its copies in melds), or a tile held within two of a kind the melds cap."""
    return (any(n and n >= cap for n, cap in zip(counts, caps))
            or any(counts[k] for k in near_capped(tuple(caps))))
