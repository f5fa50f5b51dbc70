"""Decomposition: every reading of a complete concealed part, and where a winning tile sits.

Input: counts per kind (length 34) of the concealed tiles including the winning tile, and how
many groups the concealed part must supply (4 minus melds; 5 minus melds for 16-tile hands).
Output: Reading values (regular: groups + pair; seven pairs; thirteen orphans) and, for a
given winning kind, WinReading values that say which group or pair the tile completes, the
wait shape, and the partial (that group minus the winning tile). A tile held elsewhere can sit
in more than one group (RULES.md §0.4, §3.4), so every placement is listed.
"""
from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import NamedTuple

from calculator.core.tiles import ORPHANS

_ORPHAN_COUNTS = itemgetter(*ORPHANS)

SEQUENCE, TRIPLET = "sequence", "triplet"


class Reading(NamedTuple):
    """One reading of a complete concealed part (immutable; a named tuple, built on every request)."""
    form: str                               # regular | chiitoitsu | kokushi
    pair: int = -1                          # the pair's kind (regular); -1 otherwise
    groups: tuple[tuple[str, int], ...] = ()  # (sequence|triplet, lowest kind), sorted
    pairs: tuple[int, ...] = ()             # the seven pairs (chiitoitsu)


class WinReading(NamedTuple):
    """A reading with the place of the winning tile (immutable named tuple)."""
    reading: Reading
    win_group: int                          # index into reading.groups; -1 when the tile completes the pair
    wait: str                               # ryanmen | kanchan | penchan | shanpon | tanki | kokushi | kokushi_13
    partial: tuple[int, ...]                # kinds the winning tile joined (the group/pair minus that tile)


@lru_cache(maxsize=1 << 16)
def _sets(counts: tuple[int, ...], suited: bool) -> tuple[tuple[tuple[str, int], ...], ...]:
    """All ways to split one suit's counts (9 or 7 long) into sequences and triplets (local kinds)."""
    i = next((j for j, n in enumerate(counts) if n), -1)
    if i < 0:
        return ((),)
    out = []
    if counts[i] >= 3:
        rest = counts[:i] + (counts[i] - 3,) + counts[i + 1:]
        out += [((TRIPLET, i),) + r for r in _sets(rest, suited)]
    if suited and i <= 6 and counts[i + 1] and counts[i + 2]:
        rest = counts[:i] + (counts[i] - 1, counts[i + 1] - 1, counts[i + 2] - 1) + counts[i + 3:]
        out += [((SEQUENCE, i),) + r for r in _sets(rest, suited)]
    # a quad next to a run (1111 23) splits as triplet + run whichever group is taken first;
    # keep each multiset of groups once
    return tuple(dict.fromkeys(tuple(sorted(o)) for o in out))


_BLOCKS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


@lru_cache(maxsize=1 << 16)
def _block_groups(block: tuple[int, ...], lo: int, suited: bool) -> tuple[tuple[tuple[str, int], ...], ...]:
    """_sets of one block, in global kinds."""
    return tuple(tuple((t, lo + k) for t, k in o) for o in _sets(block, suited))


@lru_cache(maxsize=1 << 16)
def _block_pair_groups(block: tuple[int, ...], lo: int, suited: bool) -> tuple[tuple[int, tuple], ...]:
    """(pair kind, groups) for every way one block holds the pair plus groups, pair kinds ascending."""
    out = []
    for i, n in enumerate(block):
        if n >= 2:
            rest = block[:i] + (n - 2,) + block[i + 1:]
            out += [(lo + i, gs) for gs in _block_groups(rest, lo, suited)]
    return tuple(out)


_GROUPS_BY_BLOCK: tuple[dict, ...] = ({}, {}, {}, {})        # per block of _BLOCKS: counts -> _block_groups
_PAIR_GROUPS_BY_BLOCK: tuple[dict, ...] = ({}, {}, {}, {})   # per block of _BLOCKS: counts -> _block_pair_groups
_SPLIT_BLOCKS = tuple(zip(_BLOCKS, _GROUPS_BY_BLOCK, _PAIR_GROUPS_BY_BLOCK))


def regular_readings(counts, groups_needed: int) -> list[Reading]:
    """Readings as `groups_needed` groups plus one pair (ordered by pair kind, then suit by suit)."""
    if sum(counts) != 3 * groups_needed + 2:
        return []
    # the pair sits in the one block whose size is 2 mod 3; every other block splits into groups only,
    # each block's splits cached on its counts (plain dicts: at most 5^9 keys a suit, far fewer in use).
    # Most hands split one way per group-only block: `fixed` collects those groups; the blocks that split
    # several ways are combined in block order.
    fixed = ()
    combos = None       # (pair, groups) so far, once the pair block or a many-way block is met
    for (lo, hi, suited), group_cache, pair_cache in _SPLIT_BLOCKS:
        block = tuple(counts[lo:hi])
        n = sum(block)
        if not n:
            continue
        rem = n % 3
        if rem == 0:
            options = group_cache.get(block)
            if options is None:
                options = group_cache[block] = _block_groups(block, lo, suited)
            if not options:
                return []
            if len(options) == 1:
                fixed += options[0]
                continue
            combos = [(p, gs + o) for p, gs in (combos or [(-1, ())]) for o in options]
        elif rem == 2 and (combos is None or combos[0][0] < 0):
            options = pair_cache.get(block)
            if options is None:
                options = pair_cache[block] = _block_pair_groups(block, lo, suited)
            if not options:
                return []
            combos = [(q, gs + o) for _, gs in (combos or [(-1, ())]) for q, o in options]
        else:
            return []
    if combos is None or combos[0][0] < 0:
        return []
    if len(combos) > 1:
        combos.sort(key=_first)
    return [Reading("regular", p, tuple(sorted(fixed + gs))) for p, gs in combos]


_first = itemgetter(0)


def chiitoitsu_reading(counts) -> Reading | None:
    if counts.count(2) != 7 or sum(counts) != 14:   # C-level counting first: most hands fail here
        return None
    return Reading("chiitoitsu", pairs=tuple(k for k in range(34) if counts[k] == 2))


def kokushi_reading(counts) -> Reading | None:
    orphans = _ORPHAN_COUNTS(counts)
    if 0 in orphans:   # quick exit: some terminal or honour is missing
        return None
    # every tile an orphan (a 14th non-orphan tile next to thirteen singles is no reading)
    if sum(counts) == 14 == sum(orphans) and max(orphans) <= 2:
        pair = next(k for k in ORPHANS if counts[k] == 2)
        return Reading("kokushi", pair=pair)
    return None


def decompose(counts, groups_needed: int = 4, special_forms: bool = True) -> list[Reading]:
    """Every reading of a complete concealed part (counts include the winning tile)."""
    out = regular_readings(counts, groups_needed)
    if special_forms and groups_needed == 4:
        for r in (chiitoitsu_reading(counts), kokushi_reading(counts)):
            if r is not None:
                out.append(r)
    return out


def _sequence_wait(first: int, win: int) -> str:
    offset = win - first
    if offset == 1:
        return "kanchan"
    if (offset == 2 and first % 9 == 0) or (offset == 0 and first % 9 == 6):
        return "penchan"
    return "ryanmen"


# [3 * lowest kind + offset of the winning tile] -> (wait, partial) for a sequence the tile completes
_SEQUENCE_PLACES = tuple((_sequence_wait(first, first + off),
                          tuple(k for k in (first, first + 1, first + 2) if k != first + off))
                         for first in range(27) for off in range(3))


def win_readings(counts, win: int, groups_needed: int = 4, special_forms: bool = True) -> list[WinReading]:
    """Every (reading, place of the winning tile) of concealed counts that already include `win`."""
    out = []
    for r in decompose(counts, groups_needed, special_forms):
        if r.form == "chiitoitsu":
            out.append(WinReading(r, -1, "tanki", (win,)))
        elif r.form == "kokushi":
            thirteen = counts[win] == 2
            out.append(WinReading(r, -1, "kokushi_13" if thirteen else "kokushi", (win,)))
        else:
            previous = None
            for i, group in enumerate(r.groups):
                if group == previous:   # groups are sorted: an identical group places the tile alike
                    continue
                previous = group
                t, first = group
                if t == TRIPLET:
                    if first == win:
                        out.append(WinReading(r, i, "shanpon", (win, win)))
                elif first <= win <= first + 2:
                    out.append(WinReading(r, i, *_SEQUENCE_PLACES[3 * first + win - first]))
            if r.pair == win:
                out.append(WinReading(r, -1, "tanki", (win,)))
    return out
