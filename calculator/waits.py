"""Readiness: shanten (regular, seven pairs, thirteen orphans) and the waits of a hand.

Input: counts per kind of the concealed tiles and the number of groups they must supply.
Output: shanten numbers (-1 complete, 0 ready) per form, and the wait kinds: every tile kind
that completes some reading. Suit-level results are memoised, so a hand costs a handful of
cache look-ups plus a small combination step.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .tiles import NUM_KINDS, ORPHANS

_BLOCKS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


def _pareto(options):
    """Keep the (groups, partials, pair) triples that no other triple dominates."""
    opts = set(options)
    return tuple(sorted(o for o in opts if not any(
        p != o and p[0] >= o[0] and p[1] >= o[1] and p[2] >= o[2] for p in opts)))


@lru_cache(maxsize=None)
def _block_options(counts: tuple[int, ...], suited: bool) -> tuple[tuple[int, int, int], ...]:
    """Pareto set of (groups, partial groups, pair used as head) reachable in one suit."""
    i = next((j for j, n in enumerate(counts) if n), -1)
    if i < 0:
        return ((0, 0, 0),)
    c = list(counts)
    out = []

    def go(take, dm, dt, dh):
        rest = list(c)
        for j in take:
            rest[j] -= 1
        for m, t, h in _block_options(tuple(rest), suited):
            if h + dh <= 1:
                out.append((m + dm, t + dt, h + dh))

    if c[i] >= 3:
        go((i, i, i), 1, 0, 0)
    if c[i] >= 2:
        go((i, i), 0, 0, 1)
        go((i, i), 0, 1, 0)
    if suited:
        if i <= 6 and c[i + 1] and c[i + 2]:
            go((i, i + 1, i + 2), 1, 0, 0)
        if i <= 7 and c[i + 1]:
            go((i, i + 1), 0, 1, 0)
        if i <= 6 and c[i + 2]:
            go((i, i + 2), 0, 1, 0)
    go((i,), 0, 0, 0)
    return _pareto(out)


def regular_shanten(counts, groups_needed: int = 4) -> int:
    """Shanten of the regular form (groups + pair); -1 means complete.

    >>> from calculator.notation import parse_tiles
    >>> from calculator.tiles import counts_of
    >>> regular_shanten(counts_of(parse_tiles("123m456p789s2345s")[0]))
    0
    """
    combos = ((0, 0, 0),)
    for lo, hi, suited in _BLOCKS:
        block = tuple(counts[lo:hi])
        opts = _block_options(block, suited) if any(block) else ((0, 0, 0),)
        combos = _pareto((m1 + m2, t1 + t2, h1 + h2) for m1, t1, h1 in combos for m2, t2, h2 in opts if h1 + h2 <= 1)
    best = 2 * groups_needed
    for m, t, h in combos:
        t = min(t, groups_needed - m) if m <= groups_needed else 0
        m = min(m, groups_needed)
        best = min(best, 2 * groups_needed - 2 * m - t - h)
    return best


def chiitoitsu_shanten(counts) -> int:
    pairs = sum(1 for n in counts if n >= 2)
    kinds = sum(1 for n in counts if n)
    return 6 - pairs + max(0, 7 - kinds)


def kokushi_shanten(counts) -> int:
    kinds = sum(1 for k in ORPHANS if counts[k])
    pair = any(counts[k] >= 2 for k in ORPHANS)
    return 13 - kinds - (1 if pair else 0)


@dataclass(frozen=True)
class Shanten:
    regular: int
    chiitoitsu: int | None
    kokushi: int | None

    @property
    def best(self) -> int:
        return min(s for s in (self.regular, self.chiitoitsu, self.kokushi) if s is not None)


def shanten(counts, groups_needed: int = 4, special_forms: bool = True) -> Shanten:
    """Shanten per form. Seven pairs and thirteen orphans need a closed 13/14-tile hand."""
    special = special_forms and groups_needed == 4 and sum(counts) >= 13
    return Shanten(
        regular_shanten(counts, groups_needed),
        chiitoitsu_shanten(counts) if special else None,
        kokushi_shanten(counts) if special else None,
    )


@lru_cache(maxsize=None)
def _block_complete(counts: tuple[int, ...], suited: bool) -> tuple[bool, bool]:
    """(splits into groups only, splits into groups plus one pair) for one suit."""
    i = next((j for j, n in enumerate(counts) if n), -1)
    if i < 0:
        return True, False
    sets_only = with_pair = False
    c = list(counts)
    if c[i] >= 3:
        a, b = _block_complete(tuple(c[:i] + [c[i] - 3] + c[i + 1:]), suited)
        sets_only, with_pair = sets_only or a, with_pair or b
    if suited and i <= 6 and c[i + 1] and c[i + 2]:
        a, b = _block_complete(tuple(c[:i] + [c[i] - 1, c[i + 1] - 1, c[i + 2] - 1] + c[i + 3:]), suited)
        sets_only, with_pair = sets_only or a, with_pair or b
    if c[i] >= 2 and not with_pair:
        a, _ = _block_complete(tuple(c[:i] + [c[i] - 2] + c[i + 1:]), suited)
        with_pair = with_pair or a
    return sets_only, with_pair


def is_regular_complete(counts) -> bool:
    """Groups plus exactly one pair (the group count follows from the tile count)."""
    if sum(counts) % 3 != 2:
        return False
    pairs = 0
    for lo, hi, suited in _BLOCKS:
        block = tuple(counts[lo:hi])
        r = sum(block) % 3
        if r == 1:
            return False
        sets_only, with_pair = _block_complete(block, suited)
        if r == 2:
            if not with_pair:
                return False
            pairs += 1
        elif not sets_only:
            return False
    return pairs == 1


def is_complete(counts, groups_needed: int = 4, special_forms: bool = True) -> list[str]:
    """The forms (regular, chiitoitsu, kokushi) in which the counts are a complete hand."""
    if sum(counts) != 3 * groups_needed + 2:
        return []
    forms = ["regular"] if is_regular_complete(counts) else []
    if special_forms and groups_needed == 4:
        if all(n in (0, 2) for n in counts) and sum(1 for n in counts if n) == 7:
            forms.append("chiitoitsu")
        if all(counts[k] for k in ORPHANS) and sum(counts[k] for k in ORPHANS) == 14:
            forms.append("kokushi")
    return forms


def _candidates(counts):
    """Kinds that could possibly complete the hand: held kinds and their neighbours, or any
    orphan when thirteen orphans is in reach."""
    out = set()
    for k in range(NUM_KINDS):
        if counts[k]:
            out.add(k)
            if k < 27:
                for d in (-2, -1, 1, 2):
                    j = k + d
                    if 0 <= j < 27 and j // 9 == k // 9:
                        out.add(j)
    out.update(ORPHANS)
    return sorted(out)


def find_waits(counts, groups_needed: int = 4, special_forms: bool = True,
               held=None, allow_fifth: bool = False) -> dict[int, list[str]]:
    """Wait kinds of a ready hand with the forms each completes.

    `held` are the counts of the player's own tiles (concealed plus melds); a kind already held
    four times needs a fifth copy and is left out unless `allow_fifth`.
    """
    held = held if held is not None else counts
    waits = {}
    c = list(counts)
    for k in _candidates(counts):
        if held[k] >= 4 and not allow_fifth:
            continue
        c[k] += 1
        forms = is_complete(c, groups_needed, special_forms)
        c[k] -= 1
        if forms:
            waits[k] = forms
    return waits
