"""Improvements of one choice of calculator.readings.efficiency, worked suit by suit.

Input: the request's position (efficiency._Position: groups needed, caps, copies left), a 13-tile hand `c`
(16 under 16-tile rules) at shanten `s` (0 or 1), its ukeire kinds and their copies left. Output: the
Improvements, exactly as the definition gives them: each draw k that keeps the shanten, the best discard e
after it (the lowest kind among the best) and the copies left of the tiles that then lower the shanten.

The hand after a draw and a discard differs from `c` in at most two suits, so its shanten is one join of
per-suit Pareto sets, and its ukeire is, suit by suit, the kinds that lower the shanten given the other
suits' set: a small per-request table keyed by (suit, its counts, the other suits' set) holds each one's
copies left, as a sum and a bit mask (the mask takes out the drawn tile's own copy). Draws are pruned by a
bound: whatever the discard, a tile lowers the shanten after it only if it lowers the regular shanten of the
hand plus the draw (a tile taken away never lowers it), so a draw whose bound does not beat the choice's
own count is skipped, and a draw's discards stop once one reaches that bound. A hand less two discards plus
a draw is met from both discards: its count is kept for the request. Where the per-suit shortcut could be
wrong (seven pairs or thirteen orphans within reach, a kind held up to its cap or a tile near a kind in melds,
a wait on the last copy that four copies might forbid or a draw near a kind in melds, unless one more tile of
its own suit below its cap completes the hand) the
request's own path (`pos.after_discards`, `pos.ukeire`, the bounded four-copies count) answers instead, for
that draw or that discard.

Where pip built native/'s extension (calculator.readings.compiled), its `improvements` answers instead, with the
same answer (tests/calculator/readings/test_widen_native.py), and returns None for a case it leaves to this
module's Python (python_improvements, the pure build).

Also here, for efficiency.py: the per-suit change vectors (regular shanten after one tile more or fewer of each
kind of a suit, given the other suits' set; kept across requests, bounded) and the special-form counts.
"""
from __future__ import annotations

from itertools import islice
from operator import itemgetter

from calculator.core.tiles import NUM_KINDS, ORPHANS, SUIT_SPANS
from calculator.readings import compiled
from calculator.readings.caps import suit_caps_matter
from calculator.readings.waits import join_sets, set_shanten, suit_set_id

_SUITS = SUIT_SPANS
_SUIT_OF = tuple(min(k // 9, 3) for k in range(NUM_KINDS))
_ORPHAN_COUNTS = itemgetter(*ORPHANS)
_CHANGES_LIMIT = 1 << 16   # entries of the per-suit change cache; a full cache drops its older half (evict)
_CHANGES: dict = {}
_UNLIMITED = bytes([15] * NUM_KINDS)   # the compiled build's caps where a wait on a fifth copy counts
_OTHERS = tuple(tuple(tuple(z for z in range(4) if z != x and z != y) for y in range(4)) for x in range(4))


def evict(cache: dict) -> None:
    """Drop the older half of a full cache (a dict keeps the order of insertion): the entries of the hands being
    asked now stay, where emptying it would ask them all again."""
    for key in list(islice(cache, len(cache) // 2)):
        del cache[key]


def _suit_changes(block: tuple[int, ...], suited: bool, rest: int, g: int, step: int) -> tuple[int, ...]:
    """Regular shanten (unlimited copies) of the hand after one more (`step` 1) or one fewer (-1) tile of each
    kind of this suit, the other suits being the Pareto set `rest`; 99 where the change cannot be made."""
    key = (block, rest, g, step)
    hit = _CHANGES.get(key)
    if hit is None:
        out = []
        for j, n in enumerate(block):
            if (n >= 4) if step > 0 else not n:
                out.append(99)
                continue
            changed = block[:j] + (n + step,) + block[j + 1:]
            out.append(set_shanten(join_sets(suit_set_id(changed, suited), rest), g))
        if len(_CHANGES) >= _CHANGES_LIMIT:
            evict(_CHANGES)
        hit = _CHANGES[key] = tuple(out)
    return hit


def _special(c) -> tuple[int, int, int, int, int, int]:
    """(seven pairs shanten, thirteen orphans shanten, kinds held, kinds paired, orphan kinds held, orphan kinds
    paired) of counts `c`."""
    kinds = NUM_KINDS - c.count(0)
    pairs = kinds - c.count(1)
    orphans = _ORPHAN_COUNTS(c)
    held = 13 - orphans.count(0)
    paired = held - orphans.count(1)
    return 6 - pairs + (7 - kinds if kinds < 7 else 0), 13 - held - (paired > 0), kinds, pairs, held, paired


def packed(rem, room, caps) -> tuple[bytes, bytes, bytes]:
    """A request's copies left, room and caps as the compiled build reads them (bytes of 34)."""
    return (bytes([max(0, n) for n in rem]), bytes([max(0, n) for n in room]),
            _UNLIMITED if caps is None else bytes([max(0, n) for n in caps]))


def improvements(pos, c: list[int], s: int, ukeire: tuple[int, ...], total: int, thrown: int | None = None) -> list:
    """(draw, then_ukeire_remaining, then_discard) for each draw that widens `c` (left unchanged); `thrown`: the
    kind `c` has just discarded, if any (a hand less two kinds plus a draw is met from both discards: its count
    is kept for the request). The compiled build answers where it is there and handles the case."""
    native = compiled.widen
    if native is not None:
        rem, room, caps = pos.packed
        memo = pos.native_memo   # the compiled build's widen_pairs: one byte per (discards, draw, shanten)
        if memo is None and thrown is not None:
            memo = pos.native_memo = bytearray(2 * NUM_KINDS ** 3)
        found = native.improvements(c, s, pos.g, rem, room, caps, pos.special, ukeire, total,
                                    -1 if thrown is None else thrown, memo)
        if found is not None:
            return found
    return python_improvements(pos, c, s, ukeire, total, thrown)


def python_improvements(pos, c: list[int], s: int, ukeire: tuple[int, ...], total: int,
                        thrown: int | None = None) -> list:
    """improvements in Python (the pure build, and the compiled one's reference in the tests)."""
    g, room, rem, caps = pos.g, pos.room, pos.rem, pos.caps
    blocks = [tuple(c[lo:hi]) for lo, hi, _ in _SUITS]
    ids = [suit_set_id(b, suited) for b, (_, _, suited) in zip(blocks, _SUITS)]
    pair = {(x, y): join_sets(ids[x], ids[y]) for x in range(4) for y in range(4) if x != y}
    rest3 = []   # the other three suits of suit x, joined
    for x in range(4):
        y, p, q = (z for z in range(4) if z != x)
        rest3.append(join_sets(ids[y], pair[(p, q)]))
    held = [e for e in range(NUM_KINDS) if c[e]]
    minus = {}   # discard e -> (its suit, the suit's counts without it, their set id)
    for e in held:
        x = _SUIT_OF[e]
        lo = _SUITS[x][0]
        b = list(blocks[x])
        b[e - lo] -= 1
        b = tuple(b)
        minus[e] = (x, b, suit_set_id(b, _SUITS[x][2]))
    cache = pos.widen_cache
    gain = pos._gain
    checks = caps is not None and s > 0

    def part(lo: int, block: tuple, rest: int):
        key = (lo, block, rest, s)
        hit = cache.get(key)
        if hit is None:
            kinds = gain(lo, block, rest, s)
            risky = checks and any((block[j - lo] + 1 >= caps[j] or _leans_after(pos, block, lo, j))
                                   and not _ready_here(block, lo, j, rest, g, caps) for j in kinds)
            hit = cache[key] = (sum([rem[j] for j in kinds]), sum([1 << j for j in kinds]), risky)
        return hit

    def confirmed(lo: int, block: tuple, rest: int) -> bool:
        """With a kind of the hand held up to its cap, whether every kind of this part still lowers the shanten
        by the test within the suit (else the whole hand is asked)."""
        key = (lo, block, rest, s, True)
        hit = cache.get(key)
        if hit is None:
            hit = cache[key] = s == 1 and all(_ready_here(block, lo, j, rest, g, caps) for j in gain(lo, block, rest, s))
        return hit

    def upper(lo: int, block: tuple, rest: int):
        """Copies left of this suit's kinds that bring the regular shanten (every copy available) below s, or
        that cannot be added (all four held: one may be discarded first), and their mask."""
        key = (lo, block, rest, s, None)
        hit = cache.get(key)
        if hit is None:
            vec = _suit_changes(block, lo < 27, rest, g, 1)
            kinds = [lo + j for j, v in enumerate(vec) if v < s or v == 99]
            hit = cache[key] = (sum([rem[j] for j in kinds]), sum([1 << j for j in kinds]))
        return hit

    helps = set(ukeire)
    shared = pos.widen_pairs
    out = []
    for k in range(NUM_KINDS):
        if k in helps or c[k] >= room[k]:
            continue
        c[k] += 1
        slow = pos.special and min(_special(c)[:2]) <= s
        # then ask, discard by discard, whether it still is (near a kind in melds, a discard can make it so)
        capped = caps is not None and (bool(pos.near) or pos._at_cap(c))
        a = _SUIT_OF[k]
        alo, _, asuited = _SUITS[a]
        ab = list(blocks[a])
        ab[k - alo] += 1
        ablock = tuple(ab)
        aid = suit_set_id(ablock, asuited)
        if not slow:   # the bound: no discard leaves more than the draws lowering the regular shanten of c + k
            bound, mask = upper(alo, ablock, rest3[a])
            if rem[k] and (mask >> k) & 1:
                bound -= 1
            for y in range(4):
                if y != a:
                    bound += upper(_SUITS[y][0], blocks[y], join_sets(aid, pair[_OTHERS[a][y]]))[0]
            if bound <= total:
                c[k] -= 1
                continue
        best, best_e = total, None
        if slow:
            left = pos.after_discards(c)
            for e in range(NUM_KINDS):
                if left[e] != s or e == k:
                    continue
                c[e] -= 1
                t = pos.total(pos.ukeire(c, s), k)
                c[e] += 1
                if t > best:
                    best, best_e = t, e
        else:
            for e in held:
                if e == k:
                    continue
                if thrown is not None:
                    key = (thrown, e, k, s) if thrown < e else (e, thrown, k, s)
                    t = shared.get(key, -2)
                    if t != -2:
                        if t > best:
                            best, best_e = t, e
                            if best >= bound:
                                break
                        continue
                t = _pair(pos, c, k, e, s, a, alo, asuited, ablock, aid, minus[e], blocks, ids, pair, rest3, capped, part,
                          confirmed)
                if thrown is not None:
                    shared[key] = t
                if t > best:
                    best, best_e = t, e
                    if best >= bound:   # no later discard can beat it (a tie keeps the lower kind)
                        break
        c[k] -= 1
        if best_e is not None:
            out.append((k, best, best_e))
    return out


def _pair(pos, c, k, e, s, a, alo, asuited, ablock, aid, minus, blocks, ids, pair, rest3, capped, part,
          confirmed) -> int:
    """Copies left of the tiles lowering shanten `s` of c (drawn k) less e; -1 when c less e is not at `s`."""
    g, rem = pos.g, pos.rem
    x, eblock, eid = minus
    if capped:
        c[e] -= 1
        tight = pos._at_cap(c)
        c[e] += 1
    else:
        tight = False
    if x == a:   # one suit changed
        both = list(ablock)
        both[e - alo] -= 1
        both = tuple(both)
        bid = suit_set_id(both, asuited)
        r = set_shanten(join_sets(bid, rest3[a]), g)
        if r > s or (r < s and not tight) or (tight and not _exact(pos, c, e, s)):
            return -1
        asked = [(alo, both, rest3[a])] + [(_SUITS[y][0], blocks[y], join_sets(bid, pair[_OTHERS[a][y]]))
                                           for y in range(4) if y != a]
    else:        # the draw's suit and the discard's
        p, q = _OTHERS[a][x]
        pq = pair[(p, q)]
        both = join_sets(aid, eid)
        r = set_shanten(join_sets(both, pq), g)
        if r > s or (r < s and not tight) or (tight and not _exact(pos, c, e, s)):
            return -1
        asked = [(alo, ablock, join_sets(eid, pq)), (_SUITS[x][0], eblock, join_sets(aid, pq)),
                 (_SUITS[p][0], blocks[p], join_sets(both, ids[q])), (_SUITS[q][0], blocks[q], join_sets(both, ids[p]))]
    parts = [part(*one) for one in asked]
    if (any(r for _, _, r in parts)   # a wait on a kind held up to its cap: ask the exact count
            or (tight and s == 1 and not all(confirmed(*one) for one in asked))):
        c[e] -= 1
        t = pos.total(pos.ukeire(c, s), k)
        c[e] += 1
    else:
        t = sum([w for w, _, _ in parts])
        if rem[k] and any((m >> k) & 1 for _, m, _ in parts):
            t -= 1
    return t


def _leans_after(pos, block: tuple, lo: int, j: int) -> bool:
    """Whether this suit plus a drawn j holds a tile near a kind in melds and its table is changed by the caps
    (calculator.readings.caps): the unlimited count of the hand plus j may then lean on the melds' copies."""
    near = pos.near
    if not near:
        return False
    more = list(block)
    more[j - lo] += 1
    hi = lo + len(block)
    return (any(more[k - lo] for k in near if lo <= k < hi)
            and suit_caps_matter(tuple(more), tuple(pos.caps[lo:hi]), lo < 27, pos.g))


def _ready_here(block: tuple, lo: int, j: int, rest: int, g: int, caps) -> bool:
    """A drawn j that brings this suit to its cap still makes the hand ready (shanten 1 lowered) when one more
    tile of the same suit, below its cap, completes it, the other suits being the set `rest` (the usual case:
    no need to ask the whole hand)."""
    more = list(block)
    more[j - lo] += 1
    vec = _suit_changes(tuple(more), lo < 27, rest, g, 1)
    return any(v < 0 and more[w] < caps[lo + w] for w, v in enumerate(vec))


def _exact(pos, c: list[int], e: int, s: int) -> bool:
    """Whether `c` less `e`, at shanten `s` or more with four copies (a draw that keeps the shanten, then a discard),
    is at `s`: ready with one tile fewer than s + 1 under the caps."""
    c[e] -= 1
    ok = pos._below(c, s + 1)   # the count respecting caps is never below the other
    c[e] += 1
    return ok
