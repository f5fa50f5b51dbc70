"""Partials: the waits of a ready hand and, for each, the partials it can complete (cached per hand).

Input: a Hand (13 - 3*melds concealed tiles, 16 - 3*melds under 16-tile rules) and Rules. Output:
per wait, every partial of every reading of hand + wait (the group or pair it completes, minus the
tile: RULES.md §0.4) with its wait shape and the kinds that complete it (§3.3), which is what the
1-4-7 sacred-discard variant judges; and, for scoring, the full readings a river leaves allowed.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from calculator.readings.decompose import WinReading, _sequence_wait, win_readings
from calculator.core.hand import Hand
from calculator.readings.ready import groups_needed, held_counts
from calculator.rules import Rules
from calculator.core.tiles import kind
from calculator.readings.waits import _BLOCKS, find_waits, suit_complete


@dataclass(frozen=True)
class Partial:
    form: str                  # regular | chiitoitsu | kokushi
    tiles: tuple[int, ...]     # the completed group or pair minus the winning tile (RULES.md §0.4)
    wait: str                  # ryanmen | kanchan | penchan | shanpon | tanki | kokushi | kokushi_13
    completers: frozenset      # the kinds that complete `tiles` (§3.3)


@dataclass(frozen=True)
class WaitInfo:
    tile: int
    partials: tuple[Partial, ...]   # every partial of every reading of hand + tile, each once


def completers(partial: tuple[int, ...]) -> frozenset:
    """Kinds d such that partial + d is a pair, a pung or a chow (RULES.md §3.3).

    >>> sorted(completers((19, 20))), sorted(completers((22, 24))), sorted(completers((4, 4))), sorted(completers((30,)))
    ([18, 21], [23], [4], [30])
    """
    if len(partial) == 1 or partial[0] == partial[1]:
        return frozenset((partial[0],))
    a, b = sorted(partial)
    if b - a == 2:
        return frozenset((a + 1,))
    return frozenset(k for k in (a - 1, b + 1) if 0 <= k < 27 and k // 9 == a // 9)


_CACHE = 1 << 13   # entries per cache: whole hands (_analyse) and suits; bounded for memory (bench/bench_memory.py)


@lru_cache(maxsize=_CACHE)
def _partial(form: str, tiles: tuple[int, ...], wait: str) -> Partial:
    return Partial(form, tiles, wait, completers(tiles))


@lru_cache(maxsize=_CACHE)
def _block_partials(block: tuple[int, ...], suited: bool, i: int, pair_here: bool) -> tuple:
    """Within one suit, the partials (local kinds, wait) that local tile i can complete: those whose
    removal leaves the suit splitting into groups (plus the pair, when the pair is in this suit).
    The other suits do not change, so when i is a wait this is every partial of every reading."""
    want = 1 if pair_here else 0      # index into suit_complete's (groups only, groups plus pair)
    out = []

    def fits(tiles):
        rest = list(block)
        for t in tiles:
            if rest[t] == 0:
                return False
            rest[t] -= 1
        return suit_complete(tuple(rest), suited)[want]

    if suited:
        for first in (i - 2, i - 1, i):
            if 0 <= first <= 6:
                tiles = tuple(k for k in (first, first + 1, first + 2) if k != i)
                if fits(tiles):
                    out.append((tiles, first))
    if fits((i, i)):
        out.append(((i, i), "shanpon"))
    if pair_here and block[i] and suit_complete(tuple(n - (k == i) for k, n in enumerate(block)), suited)[0]:
        out.append(((i,), "tanki"))
    return tuple(out)


def _regular_partials(counts, t: int) -> list[Partial]:
    """Partials of the regular readings of hand + t (t a regular wait), from its suit alone."""
    lo, hi, suited = next(b for b in _BLOCKS if b[0] <= t < b[1])
    block = tuple(counts[lo:hi])
    out = []
    for tiles, how in _block_partials(block, suited, t - lo, sum(block) % 3 == 1):
        wait = _sequence_wait(lo + how, t) if isinstance(how, int) else how
        out.append(_partial("regular", tuple(lo + k for k in tiles), wait))
    return out


@lru_cache(maxsize=_CACHE)
def _analyse(counts: tuple[int, ...], g: int, special: bool, held: tuple[int, ...],
             allow_fifth: bool) -> tuple[WaitInfo, ...]:
    found = find_waits(counts, g, special, held, allow_fifth)
    out = []
    for t in sorted(found):
        forms = found[t]
        partials = _regular_partials(counts, t) if "regular" in forms else []
        if "chiitoitsu" in forms:
            partials.append(_partial("chiitoitsu", (t,), "tanki"))
        if "kokushi" in forms:
            partials.append(_partial("kokushi", (t,), "kokushi_13" if counts[t] else "kokushi"))
        out.append(WaitInfo(t, tuple(partials)))
    return tuple(out)


def analyse(hand: Hand, rules: Rules) -> tuple[WaitInfo, ...]:
    """Waits of the hand, each with the partials of its readings and what completes each partial."""
    counts = hand.kind_counts
    held = tuple(held_counts(hand)) if hand.melds else counts
    return _analyse(counts, groups_needed(hand, rules), rules.special_forms and not hand.melds, held,
                    rules.fifth_tile_wait_counts)


def allowed_readings(hand: Hand, win_tile: int, river, rules: Rules) -> tuple[WinReading, ...]:
    """1-4-7: the readings of hand + win_tile whose partial no river kind completes (RULES.md §3.8)."""
    counts = hand.counts()
    k = kind(win_tile)
    counts[k] += 1
    wrs = win_readings(counts, k, groups_needed(hand, rules), rules.special_forms and not hand.melds)
    river = set(river)
    return tuple(w for w in wrs if completers(w.partial).isdisjoint(river))
