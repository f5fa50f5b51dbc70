"""Four-copies distance of one suit: the fewest tiles to add for m groups, without and with a pair.

Input: one suit's counts (9 kinds, or 7 honours), the copies each kind may reach (`caps`: four
minus those in melds), the most groups wanted and a bound past which a cost is of no interest.
Output: two tuples indexed by m. A pure dynamic programme with no cache of its own; the caller
(calculator.readings.waits) caches it, and tools/build_suit_table.py ships its four-copies
answers for every suit of up to 14 tiles (calculator.readings.suit_table). The compiled build
(calculator.readings.compiled) answers instead where it is there, with the same answer.
"""
from __future__ import annotations

from calculator.readings import compiled


def block_distance(counts: tuple[int, ...], caps: tuple[int, ...], suited: bool,
                   most: int, bound: int = 98) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """python_block_distance, by the compiled build where it is there and handles the case."""
    native = compiled.widen
    if native is not None:
        found = native.distance(counts, caps, suited, most, bound)
        if found is not None:
            return found
    return python_block_distance(counts, caps, suited, most, bound)


def python_block_distance(counts: tuple[int, ...], caps: tuple[int, ...], suited: bool,
                          most: int, bound: int = 98) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Fewest tiles to add to one suit so that it holds m groups (index m, up to `most`),
    without a pair and with one, never more than caps[i] copies of a kind. 99 = impossible,
    or more than `bound` (a partial cost above the whole hand's bound cannot be part of it)."""
    n = len(counts)
    # state: (sequences started one kind back, two kinds back, groups, pair) -> tiles added
    states = {(0, 0, 0, 0): 0}
    for i in range(n):
        have, cap = counts[i], caps[i]
        can_start = suited and i <= n - 3
        new: dict = {}
        get = new.get
        for (a, b, m, h), cost in states.items():
            through = a + b          # copies of kind i that running sequences need
            if through > cap:
                continue
            for trip in (0, 1) if m < most else (0,):
                m2 = m + trip
                for p in (0, 1) if not h else (0,):
                    fixed = through + 3 * trip + 2 * p
                    if fixed > cap:
                        break        # a pair on top of the fixed copies only needs more
                    h2 = h + p
                    if can_start:
                        top = cap - fixed
                        if most - m2 < top:
                            top = most - m2
                    else:
                        top = 0
                    for c in range(top + 1):
                        need = fixed + c
                        v = cost + need - have if need > have else cost
                        if v > bound:
                            break    # more copies only cost more
                        key = (c, a, m2 + c, h2)
                        if v < get(key, 99):
                            new[key] = v
        states = new
    table = [[99] * (most + 1), [99] * (most + 1)]
    for (_, _, m, h), cost in states.items():
        table[h][m] = min(table[h][m], cost)
    return tuple(table[0]), tuple(table[1])
