"""Readiness: shanten (regular, seven pairs, thirteen orphans) and the waits of a hand.

Input: counts per kind of the concealed tiles and the number of groups they must supply.
Output: shanten numbers (-1 complete, 0 ready) per form, and the wait kinds: every tile kind
that completes some reading. Suit-level results are memoised, so a hand costs a handful of
cache look-ups plus a small combination step. When a kind is already held four times, or the melds
cap a kind near a held tile (calculator.readings.caps), an exact count over the fewest tiles to add
settles whether a copy that does not exist was assumed (RULES.md §1.1).
"""
from __future__ import annotations

import threading
from functools import lru_cache
from operator import itemgetter
from typing import NamedTuple

from calculator.core.tiles import NUM_KINDS, ORPHANS, SUIT_SPANS
from calculator.readings.caps import leans_on_melds
from calculator.readings.distance import block_distance
from calculator.readings.suit_table import SETS, suit_class

_ORPHAN_COUNTS = itemgetter(*ORPHANS)
_BLOCKS = SUIT_SPANS
# Per-suit caches are keyed by a suit's counts; real hands reuse a few thousand of them, and
# the bound keeps a stream of odd requests from growing the caches without limit. A miss is
# answered from the shipped table (calculator.readings.suit_table) for every suit of up to 14
# tiles, so a fresh process searches only the suits of 16-tile hands.
_SUIT_CACHE = 1 << 13   # memory: a worker with every cache full, bench/bench_memory.py and README
_JOIN_CACHE = 1 << 13   # 20,000 random hands make about 1,000 joins
_FOUR = (4,) * 9
_FULL_CAPS = (4,) * NUM_KINDS   # caps of a hand without melds (calculator.readings.ready passes this object)


def _pareto(options):
    """Keep the (groups, partials, pair) triples that no other triple dominates."""
    kept: list = []
    # a dominating triple sorts before the one it dominates, so checking the kept ones is enough
    for o in sorted(set(options), reverse=True):
        if not any(p[0] >= o[0] and p[1] >= o[1] and p[2] >= o[2] for p in kept):
            kept.append(o)
    return tuple(sorted(kept))


@lru_cache(maxsize=_SUIT_CACHE)
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


# Distinct per-suit Pareto sets are few (a few hundred), so each gets a small id and the
# join of two sets is memoised on the ids: a hand costs four suit look-ups and three joins.
_SET_IDS: dict[tuple, int] = {}
_SETS: list[tuple] = []
_SET_LOCK = threading.Lock()


def _intern(options: tuple) -> int:
    with _SET_LOCK:
        if options not in _SET_IDS:
            _SET_IDS[options] = len(_SETS)
            _SETS.append(options)
        return _SET_IDS[options]


for _set in SETS:     # the shipped table names its Pareto sets by these ids
    _intern(_set)
assert _SETS == SETS


_SUITED_IDS: dict[tuple, int] = {}
_HONOUR_IDS: dict[tuple, int] = {}


def _suit_id(counts: tuple[int, ...], suited: bool) -> int:
    """Id of a suit's Pareto set (plain dicts, the look-up on every hand; emptied past _SUIT_CACHE)."""
    ids = _SUITED_IDS if suited else _HONOUR_IDS
    found = ids.get(counts)
    if found is None:
        if len(ids) >= _SUIT_CACHE:
            ids.clear()
        shipped = suit_class(counts, suited)
        found = ids[counts] = shipped.set_index if shipped else _intern(_block_options(counts, suited))
    return found


@lru_cache(maxsize=_JOIN_CACHE)
def _join(a: int, b: int) -> int:
    """Id of the Pareto set of two suits taken together (at most one pair between them)."""
    return _intern(_pareto((m1 + m2, t1 + t2, h1 + h2) for m1, t1, h1 in _SETS[a]
                           for m2, t2, h2 in _SETS[b] if h1 + h2 <= 1))


@lru_cache(maxsize=_JOIN_CACHE)
def _shanten_of(a: int, groups_needed: int) -> int:
    """Regular shanten of a whole hand's Pareto set: only `groups_needed` groups and partial
    groups count, and a missing pair costs one."""
    g = groups_needed
    best = 2 * g
    for m, t, h in _SETS[a]:
        m = min(m, g)
        best = min(best, 2 * g - 2 * m - min(t, g - m) - h)
    return best


def regular_shanten(counts, groups_needed: int = 4) -> int:
    """Shanten of the regular form (groups + pair); -1 means complete.

    Every copy is assumed available (a fifth copy may be "drawn"); see `exact_shanten` for
    the count that respects the four copies.

    >>> from calculator.core.notation import parse_tiles
    >>> from calculator.core.tiles import counts_of
    >>> regular_shanten(counts_of(parse_tiles("123m456p789s2345s")[0]))
    0
    """
    c = tuple(counts)
    get = _SUITED_IDS.get
    a, b, d, e = get(c[0:9]), get(c[9:18]), get(c[18:27]), _HONOUR_IDS.get(c[27:34])
    if a is None or b is None or d is None or e is None:   # a suit not seen yet
        a, b = _suit_id(c[0:9], True), _suit_id(c[9:18], True)
        d, e = _suit_id(c[18:27], True), _suit_id(c[27:34], False)
    return _shanten_of(_join(_join(a, b), _join(d, e)), groups_needed)


def chiitoitsu_shanten(counts) -> int:
    """Seven distinct pairs: 6 - pairs, plus one per missing kind below seven."""
    zero = counts.count(0)
    pairs = NUM_KINDS - zero - counts.count(1)
    return 6 - pairs + max(0, zero - (NUM_KINDS - 7))


def kokushi_shanten(counts) -> int:
    """Thirteen orphans: 13 - distinct orphans held, minus one if any of them is paired."""
    held = _ORPHAN_COUNTS(counts)
    return 13 - (13 - held.count(0)) - (1 if max(held) >= 2 else 0)


class Shanten(NamedTuple):
    """Shanten per form (immutable; built for every hand)."""
    regular: int
    chiitoitsu: int | None
    kokushi: int | None

    @property
    def best(self) -> int:
        best = self.regular
        if self.chiitoitsu is not None and self.chiitoitsu < best:
            best = self.chiitoitsu
        if self.kokushi is not None and self.kokushi < best:
            best = self.kokushi
        return best


def shanten(counts, groups_needed: int = 4, special_forms: bool = True, caps=None) -> Shanten:
    """Shanten per form. Seven pairs and thirteen orphans need a closed 13/14-tile hand.

    With `caps` (copies of each kind the concealed part may reach: four minus those in melds)
    a wait needing a fifth copy does not count (RULES.md §1.1); without, every copy is available.
    """
    special = special_forms and groups_needed == 4 and sum(counts) >= 13
    regular = regular_shanten(counts, groups_needed)
    # the unlimited count can only be wrong when the hand may lean on copies that do not exist (without melds:
    # a kind held four times; calculator.readings.caps says why); a ready hand with a wait below its cap is
    # ready under the caps too
    if (caps is not None and regular >= 0
            and (max(counts) >= 4 if caps is _FULL_CAPS else leans_on_melds(counts, caps, groups_needed))
            and not (regular == 0 and any(counts[k] < caps[k] for k in _regular_waits(counts, groups_needed)))):
        regular = exact_shanten(counts, groups_needed, caps)
    return Shanten(
        regular,
        chiitoitsu_shanten(counts) if special else None,
        kokushi_shanten(counts) if special else None,
    )


@lru_cache(maxsize=_SUIT_CACHE)
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


@lru_cache(maxsize=_SUIT_CACHE)
def suit_complete(counts: tuple[int, ...], suited: bool) -> tuple[bool, bool]:
    """(splits into groups only, splits into groups plus one pair) for one suit: shipped or searched."""
    shipped = suit_class(counts, suited)
    return shipped.complete if shipped else _block_complete(counts, suited)


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
        sets_only, with_pair = suit_complete(block, suited)
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


@lru_cache(maxsize=_SUIT_CACHE)
def _block_waits(counts: tuple[int, ...], suited: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Local kinds whose addition makes one suit (groups only, groups plus one pair): shipped or searched."""
    shipped = suit_class(counts, suited)
    return shipped.waits if shipped else _search_waits(counts, suited)


def _search_waits(counts: tuple[int, ...], suited: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    sets_only, with_pair = [], []
    c = list(counts)
    for i in range(len(c)):
        # a suited tile far from every held tile of its suit can only make a pair with itself
        if not c[i] and not (suited and any(c[max(0, i - 2):i + 3])):
            continue
        c[i] += 1
        a, b = _block_complete(tuple(c), suited)
        c[i] -= 1
        if a:
            sets_only.append(i)
        if b:
            with_pair.append(i)
    return tuple(sets_only), tuple(with_pair)


def _regular_waits(counts, groups_needed: int) -> list[int]:
    """Kinds completing the regular form: one suit takes the tile, every other suit is complete
    as it stands (exactly one of them, or the receiving one, holding the pair)."""
    if sum(counts) != 3 * groups_needed + 1:
        return []
    blocks = [(lo, tuple(counts[lo:hi]), suited) for lo, hi, suited in _BLOCKS]
    rem = [sum(b) % 3 for _, b, _ in blocks]
    ones = [i for i, r in enumerate(rem) if r == 1]
    twos = [i for i, r in enumerate(rem) if r == 2]
    if len(ones) == 1 and not twos:
        plans = [(ones[0], None)]          # the receiver ends with the pair
    elif len(twos) == 2 and not ones:
        plans = [(twos[0], twos[1]), (twos[1], twos[0])]   # (receiver, the suit holding the pair)
    else:
        return []
    out = []
    for receiver, pair_block in plans:
        ok = True
        for i, (_, b, suited) in enumerate(blocks):
            if i == receiver:
                continue
            sets_only, with_pair = suit_complete(b, suited)
            if not (with_pair if i == pair_block else sets_only):
                ok = False
                break
        if ok:
            lo, b, suited = blocks[receiver]
            out += [lo + k for k in _block_waits(b, suited)[0 if pair_block is not None else 1]]
    return out


def _special_waits(counts) -> tuple[list[int], list[int]]:
    """(seven pairs waits, thirteen orphans waits) of a 13-tile concealed hand."""
    chiitoi = []
    singles = [k for k in range(NUM_KINDS) if counts[k] == 1]
    if len(singles) == 1 and sum(1 for n in counts if n == 2) == 6 and sum(counts) == 13:
        chiitoi = singles
    kokushi = []
    if sum(counts[k] for k in ORPHANS) == 13 == sum(counts):
        missing = [k for k in ORPHANS if not counts[k]]
        if not missing:
            kokushi = list(ORPHANS)
        elif len(missing) == 1 and all(counts[k] <= 2 for k in ORPHANS):
            kokushi = missing
    return chiitoi, kokushi


def find_waits(counts, groups_needed: int = 4, special_forms: bool = True,
               held=None, allow_fifth: bool = False) -> dict[int, list[str]]:
    """Wait kinds of a ready hand with the forms each completes.

    `held` are the counts of the player's own tiles (concealed plus melds); a kind already held
    four times needs a fifth copy and is left out unless `allow_fifth`.

    >>> from calculator.core.notation import parse_tiles
    >>> from calculator.core.tiles import counts_of
    >>> find_waits(counts_of(parse_tiles("123m456p789s2345s")[0]))
    {19: ['regular'], 22: ['regular']}
    """
    held = held if held is not None else counts
    found: dict[int, list[str]] = {}
    for k in _regular_waits(counts, groups_needed):
        found.setdefault(k, []).append("regular")
    if special_forms and groups_needed == 4:
        chiitoi, kokushi = _special_waits(counts)
        for form, kinds in (("chiitoitsu", chiitoi), ("kokushi", kokushi)):
            for k in kinds:
                found.setdefault(k, []).append(form)
    return {k: found[k] for k in sorted(found) if allow_fifth or held[k] < 4}


def exact_shanten(counts, groups_needed: int = 4, caps=None) -> int:
    """Regular-form shanten when no kind can exceed `caps` copies in the hand (default four):
    the fewest tiles to draw for a complete hand, minus one. A wait that needs a fifth copy
    does not count as ready (RULES.md §1.1), so this can exceed `regular_shanten`.

    >>> from calculator.core.notation import parse_tiles
    >>> from calculator.core.tiles import counts_of
    >>> c = counts_of(parse_tiles("1111m456p789s123s")[0])
    >>> regular_shanten(c), exact_shanten(c)
    (0, 1)
    """
    caps = caps if caps is not None else (4,) * NUM_KINDS
    # the four-copies answer is nearly always the unlimited one, so a search bounded there is tried
    # first (a tighter bound prunes more); the unbounded one only if nothing fits the bound
    bound = regular_shanten(counts, groups_needed) + 1
    found = _exact_distance(counts, groups_needed, caps, bound)
    if found > bound:
        found = _exact_distance(counts, groups_needed, caps, 98)
    return found - 1


@lru_cache(maxsize=4096)
def _block_distance(counts: tuple[int, ...], caps: tuple[int, ...], suited: bool,
                    most: int, bound: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """block_distance, from the shipped table when every kind may reach four copies (its costs
    are then exact even past `bound`, which only prunes the search). Five groups (16-tile hands): the
    table's four, and five in one suit known past the bound when that needs more tiles than it allows
    (15 tiles in the suit, 17 with the pair; the search would give 99)."""
    if caps == _FOUR[:len(caps)] and (most <= 4 or most == 5 and 15 - sum(counts) > bound):
        shipped = suit_class(counts, suited)
        if shipped:
            if most <= 4:
                return shipped.distance[0][:most + 1], shipped.distance[1][:most + 1]
            return shipped.distance[0] + (99,), shipped.distance[1] + (99,)
    return block_distance(counts, caps, suited, most, bound)


def _exact_distance(counts, g: int, caps, bound: int) -> int:
    best = {(0, 0): 0}   # (groups, pair) -> fewest tiles to add
    for lo, hi, suited in _BLOCKS:
        no_pair, with_pair = _block_distance(tuple(counts[lo:hi]), tuple(caps[lo:hi]), suited, g, bound)
        nxt: dict = {}
        for (m1, h1), c1 in best.items():
            for h2, table in ((0, no_pair), (1, with_pair)):
                if h1 + h2 > 1:
                    continue
                for m2 in range(g - m1 + 1):
                    key, v = (m1 + m2, h1 + h2), c1 + table[m2]
                    if v < nxt.get(key, 99):
                        nxt[key] = v
        best = nxt
    return best.get((g, 1), 99)


def won_waits(counts, win: int) -> list[int]:
    """The regular-form waits of concealed `counts` that the kind `win` completes (a hand waiting on `win`, as
    find_waits(counts, g, False, allow_fifth=True) for its g, fifth copies included): the suits other than the
    winning tile's are complete as they stand, so only that suit and the one holding the pair are looked up."""
    lo, hi, suited = _BLOCKS[min(win // 9, 3)]
    block = tuple(counts[lo:hi])
    if sum(block) % 3 == 1:           # the pair is in the winning tile's suit: it is the only receiver
        return [lo + k for k in _block_waits(block, suited)[1]]
    out = [lo + k for k in _block_waits(block, suited)[0]]
    if suit_complete(block, suited)[1]:   # or the suit holding the pair receives, this one keeping a pair
        for plo, phi, psuited in _BLOCKS:
            other = tuple(counts[plo:phi])
            if plo != lo and sum(other) % 3 == 2:
                out += [plo + k for k in _block_waits(other, psuited)[0]]
    return out


# the per-suit pieces, for callers that change one suit at a time (calculator.readings.efficiency):
# a suit's Pareto-set id, the id of two sets joined, a whole hand's regular shanten from its set id,
# and a suit's fewest-tiles-to-add tables under caps
suit_set_id, join_sets, set_shanten, block_distances = _suit_id, _join, _shanten_of, _block_distance
