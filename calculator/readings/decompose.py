"""Decomposition: every reading of a complete concealed part, and where a winning tile sits.

Input: counts per kind (length 34) of the concealed tiles including the winning tile, and how
many groups the concealed part must supply (4 minus melds; 5 minus melds for 16-tile hands).
Output: Reading values (regular: groups + pair; seven pairs; thirteen orphans) and, for a
given winning kind, WinReading values that say which group or pair the tile completes, the
wait shape, and the partial (that group minus the winning tile). A tile held elsewhere can sit
in more than one group (RULES.md §0.4, §3.4), so every placement is listed.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from operator import itemgetter
from typing import NamedTuple

from calculator.core.tiles import ORPHANS, SUIT_SPANS

_ORPHAN_COUNTS = itemgetter(*ORPHANS)
_SPLIT_CACHE = 1 << 12    # entries per suit table: real hands use a few thousand suits (memory: bench_memory.py)

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


@lru_cache(maxsize=_SPLIT_CACHE)
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


_BLOCKS = SUIT_SPANS


@dataclass(frozen=True, slots=True)
class _Split:
    """One way a suit splits: the pair's kind (-1: none) and its groups in global kinds, the
    sequences and the triplets apart (each sorted), so that joining suits in order keeps a
    reading's groups sorted without a sort; and the same groups as bare kinds (what scoring reads).
    Built once per suit pattern and read for every hand holding it (slots: a quick attribute read)."""
    block: int        # index into _BLOCKS
    pair: int
    seqs: tuple
    trips: tuple
    seq_kinds: tuple  # the lowest kind of each of seqs
    trip_kinds: tuple # the kind of each of trips
    twins: int = 0    # pairs of identical sequences among seqs (a sequence held 2 or 3 times: 1, 4 times: 2)


def _splits(b: int, block: tuple[int, ...], lo: int, suited: bool, with_pair: bool) -> tuple[_Split, ...]:
    """Every split of one suit into groups (and the pair, with_pair), pair kinds ascending."""
    out = []
    for i, n in enumerate(block) if with_pair else ((-1, 2),):
        if n < 2:
            continue
        rest = block[:i] + (n - 2,) + block[i + 1:] if i >= 0 else block
        for o in _sets(rest, suited):
            seqs = tuple((t, lo + k) for t, k in o if t == SEQUENCE)
            trips = tuple((t, lo + k) for t, k in o if t == TRIPLET)
            seq_kinds = tuple(k for _, k in seqs)
            out.append(_Split(b, lo + i if i >= 0 else -1, seqs, trips, seq_kinds, tuple(k for _, k in trips),
                              sum(seq_kinds.count(k) // 2 for k in set(seq_kinds))))
    return tuple(out)


# per block of _BLOCKS: suit counts -> (tiles mod 3, its splits, their number, the kinds it holds, its tiles): splits
# into groups when the tiles are 0 mod 3 (an empty suit has one split, with nothing in it), into groups and the pair
# when 2 mod 3, none when 1 mod 3; the kinds as KINDS_HELD bits. Plain dicts (the look-up runs for every suit of
# every hand), emptied when they reach _SPLIT_CACHE entries.
_SPLIT_TABLES: tuple[dict, ...] = ({}, {}, {}, {})
_EMPTY = tuple((0, (_Split(b, -1, (), (), (), ()),), 1, 0, 0) for b in range(4))   # [block] -> an empty suit's entry
HONOUR_TRIPLE = 34   # KINDS_HELD: bit k for a kind held, bit HONOUR_TRIPLE + i for honour 27 + i held 3+ times


def _block_splits(b: int, block) -> tuple[int, tuple[_Split, ...], int, int, int]:
    table = _SPLIT_TABLES[b]
    if len(table) >= _SPLIT_CACHE:
        table.clear()
    n = sum(block)
    rem = n % 3
    lo, _, suited = _BLOCKS[b]
    kinds = sum(1 << lo + i for i, c in enumerate(block) if c)
    if not suited:
        kinds |= sum(1 << HONOUR_TRIPLE + i for i, c in enumerate(block) if c >= 3)
    if not n:
        found = _EMPTY[b]
    elif rem == 1:
        found = (1, (), 0, kinds, n)   # no reading
    else:
        splits = _splits(b, tuple(block), lo, suited, rem == 2)
        found = (rem, splits, len(splits), kinds, n)
    table[block] = found
    return found


_T0, _T1, _T2, _T3 = _SPLIT_TABLES
_KEY_TYPES = (tuple, bytes)   # counts usable as they are: their slices key the tables (scoring passes bytes)


def _combos(counts, groups_needed: int) -> tuple[tuple, int]:
    """The regular readings as tuples of one _Split per suit (suits in order; an empty suit's split holds
    nothing), ordered by pair kind then suit by suit (none: empty), and the kinds the counts hold (Placement.kinds;
    -1 when the counts are not 3 * groups_needed + 2 tiles, which have no reading)."""
    c = counts if type(counts) in _KEY_TYPES else tuple(counts)
    m = _T0.get(c[0:9]) or _block_splits(0, c[0:9])
    p = _T1.get(c[9:18]) or _block_splits(1, c[9:18])
    s = _T2.get(c[18:27]) or _block_splits(2, c[18:27])
    z = _T3.get(c[27:34]) or _block_splits(3, c[27:34])
    if m[4] + p[4] + s[4] + z[4] != 3 * groups_needed + 2:
        return (), -1
    kinds = m[3] | p[3] | s[3] | z[3]
    if m[0] + p[0] + s[0] + z[0] != 2:   # one suit 2 mod 3 and no other left over
        return (), kinds
    n = m[2] * p[2] * s[2] * z[2]
    if n == 1:
        return ((m[1][0], p[1][0], s[1][0], z[1][0]),), kinds
    return sorted(product(m[1], p[1], s[1], z[1]), key=_pair_of), kinds


def _pair_of(combo) -> int:
    return max(s.pair for s in combo)


def _reading(combo) -> Reading:
    seqs, trips, pair = (), (), -1
    for s in combo:
        seqs += s.seqs
        trips += s.trips
        if s.pair >= 0:
            pair = s.pair
    return Reading("regular", pair, seqs + trips)


def regular_readings(counts, groups_needed: int) -> list[Reading]:
    """Readings as `groups_needed` groups plus one pair (ordered by pair kind, then suit by suit)."""
    return [_reading(c) for c in _combos(counts, groups_needed)[0]]


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
    return [win_reading(p) for p in placements(counts, win, groups_needed, special_forms)]


class Placement(NamedTuple):
    """One place of the winning tile in one reading, as scoring reads it (win_reading makes it a WinReading)."""
    form: str                # regular | chiitoitsu | kokushi
    pair: int                # the pair's kind (-1 for seven pairs)
    seq_kinds: tuple         # the lowest kind of each sequence, sorted (regular readings)
    trip_kinds: tuple        # the kind of each triplet, sorted
    win_group: int           # as WinReading's fields
    wait: str
    partial: tuple
    source: object           # the reading's splits (regular) or its Reading
    twins: int               # pairs of identical sequences (two pairs: 2)
    kinds: int               # the kinds the counts hold, as bits: bit k for kind k, bit HONOUR_TRIPLE + i for
                             # honour 27 + i held three times or more (the same for every placement of the counts)


# [winning kind] -> (lowest kind, wait, partial) of each sequence that can hold it, lowest first
_STARTS = tuple(tuple((first, *_SEQUENCE_PLACES[3 * first + win - first]) for first in range(win - 2, win + 1)
                      if first >= 9 * (win // 9) and first % 9 <= 6) if win < 27 else () for win in range(34))
_placement = tuple.__new__   # _placement(Placement, fields): a Placement without the Python-level __new__ (hot path)


def win_reading(p: Placement) -> WinReading:
    """The WinReading of a placement."""
    return WinReading(_reading(p.source) if p.form == "regular" else p.source, p.win_group, p.wait, p.partial)


def placements(counts, win: int, groups_needed: int = 4, special_forms: bool = True) -> list[Placement]:
    """Every place of the winning tile in every reading of concealed counts that already include `win`, in
    win_readings' order (readings by pair kind then suit by suit; in a reading, sequences then triplets then
    the pair)."""
    out = []
    combos, kinds = _combos(counts, groups_needed)
    if kinds < 0:
        return out
    if combos:
        starts = _STARTS[win]
        for combo in combos:
            m, p, s, z = combo   # honours have no sequences; one suit holds the pair
            seq_kinds = m.seq_kinds + p.seq_kinds + s.seq_kinds
            trip_kinds = m.trip_kinds + p.trip_kinds + s.trip_kinds + z.trip_kinds
            pair = max(m.pair, p.pair, s.pair, z.pair)
            twins = m.twins + p.twins + s.twins
            for first, wait, partial in starts:
                # a sequence is held once per place however often it occurs (identical groups place the tile
                # alike), at its first index
                if first in seq_kinds:
                    out.append(_placement(Placement, ("regular", pair, seq_kinds, trip_kinds, seq_kinds.index(first),
                                                      wait, partial, combo, twins, kinds)))
            if win in trip_kinds:
                out.append(_placement(Placement, ("regular", pair, seq_kinds, trip_kinds,
                                                  len(seq_kinds) + trip_kinds.index(win), "shanpon", (win, win), combo,
                                                  twins, kinds)))
            if pair == win:
                out.append(_placement(Placement, ("regular", pair, seq_kinds, trip_kinds, -1, "tanki", (win,), combo,
                                                  twins, kinds)))
    if special_forms and groups_needed == 4:
        if kinds.bit_count() == 7:   # seven pairs hold seven kinds (and no honour three times): most hands do not
            r = chiitoitsu_reading(counts)
            if r is not None:
                out.append(_placement(Placement, ("chiitoitsu", -1, (), (), -1, "tanki", (win,), r, 0, kinds)))
        if not out:   # thirteen orphans leave no other reading
            r = kokushi_reading(counts)
            if r is not None:
                out.append(_placement(Placement, ("kokushi", r.pair, (), (), -1,
                                                  "kokushi_13" if counts[win] == 2 else "kokushi", (win,), r, 0, kinds)))
    return out
