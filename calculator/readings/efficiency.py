"""Tile efficiency: which discard keeps a hand closest to complete with the most tiles to improve it.

Input: a Hand (13 or 14 - 3*melds concealed tiles; 16 or 17 under 16-tile rules), the tiles the player can
see elsewhere, and Rules. Output: an Efficiency, the body of POST /v1/efficiency (less the furiten marks,
which calculator.furiten.sacred adds): for a hand that has just drawn, each distinct discard with the
shanten it leaves, its ukeire (the tile kinds whose draw lowers that shanten, with the copies left) and,
for a discard leaving the hand ready or one tile from it, the draws that keep the shanten but widen it.

Shanten is /v1/ready's: regular hands, seven pairs and thirteen orphans together (the last two only for a
closed hand), a wait on a fifth copy not counted (RULES.md §1.1). A draw changes one suit, so the ukeire of
a hand costs four suit look-ups, six joins of per-suit Pareto sets (calculator.readings.waits) and, per
suit, one cached vector: the regular shanten after adding each kind of that suit, given the set of the
other three suits. Seven pairs and thirteen orphans after a draw are counted from the hand's pair and kind
counts. Where a kind is held up to its cap (the fifth-copy case), or a tile near a kind in melds may lean on
the melds' copies (calculator.readings.caps), the exact count of calculator.readings.waits decides, draw by
draw, bounded at the shanten asked about. The improvements are worked suit by suit in
calculator.readings.widen.

Where pip built native/'s extension (calculator.readings.compiled), its `choices` gives each discard's shanten
and ukeire and widen's `improvements` the rest: the same answers (tests/calculator/readings/test_widen_native.py);
this module's Python answers where it is absent (the pure build) or declines a case.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from calculator.core.hand import Hand
from calculator.core.tiles import KIND, NUM_KINDS, ORPHANS, SUIT_SPANS, counts_of
from calculator.readings import compiled
from calculator.readings.ready import groups_needed
from calculator.readings.widen import (_CHANGES_LIMIT, _special, _suit_changes, evict, improvements as widened,
                                      packed)
from calculator.readings.caps import near_capped, near_leans, near_suits
from calculator.readings.waits import (_FULL_CAPS, block_distances, join_sets, regular_shanten, set_shanten,
                                       suit_set_id)
from calculator.rules import Rules

_ORPHAN = tuple(k in ORPHANS for k in range(NUM_KINDS))
# (room id, groups needed, first kind, suit counts, the other suits' set, shanten) -> the kinds of that suit whose draw lowers the
# shanten, for hands without melds; a room id names a tile set's copies per kind (_ROOMS: one per set in use)
_GAINS: dict = {}
_ROOMS: dict = {}


class Draw(NamedTuple):
    """One tile kind of an ukeire (a wait, once the hand is ready)."""
    tile: int                    # kind
    remaining: int               # copies not in the hand as sent, the melds or `visible` (never below 0)
    furiten: bool | None = None  # set by calculator.furiten.sacred for a ready hand whose river is known


class Improvement(NamedTuple):
    """A draw that keeps the shanten but leaves, after its best discard, more tiles that lower it."""
    tile: int                    # kind drawn
    remaining: int
    then_ukeire_remaining: int   # ukeire_remaining after the draw and the best discard (the drawn tile held)
    then_discard: int            # kind of that best discard


class Choice(NamedTuple):
    """One discard of a drawn hand (or a waiting hand as it stands: `tile` None) and what it leaves."""
    tile: int | None             # code of the tile thrown: a plain five when one is held beside the red
    shanten: int
    ukeire: tuple[Draw, ...]     # in tile order
    ukeire_remaining: int
    improvements: tuple[Improvement, ...] | None   # only when `shanten` is 0 or 1


class Efficiency(NamedTuple):
    shanten: int                             # drawn: the best any discard leaves (-1: complete as drawn)
    hand: Choice | None                      # a hand that has not drawn (13 - 3*melds): itself
    discards: tuple[Choice, ...] | None      # a hand that has just drawn: each distinct discard, best first


def regular_after(c, g: int, step: int) -> tuple[int, ...]:
    """Regular shanten (every copy available) of `c` with one tile more (step 1) or fewer (-1) of each kind."""
    b0, b1, b2, b3 = tuple(c[0:9]), tuple(c[9:18]), tuple(c[18:27]), tuple(c[27:34])
    i0, i1, i2, i3 = suit_set_id(b0, True), suit_set_id(b1, True), suit_set_id(b2, True), suit_set_id(b3, False)
    ab, cd = join_sets(i0, i1), join_sets(i2, i3)
    return (_suit_changes(b0, True, join_sets(i1, cd), g, step) + _suit_changes(b1, True, join_sets(i0, cd), g, step)
            + _suit_changes(b2, True, join_sets(ab, i3), g, step)
            + _suit_changes(b3, False, join_sets(ab, i2), g, step))


@lru_cache(maxsize=1 << 13)   # bounded as every service cache (tests/api/test_cache_bounds.py)
def _combine(a: tuple, b: tuple) -> tuple:
    """Two (no pair, with pair) fewest-tiles tables, indexed by groups, joined into one for both parts together."""
    (an, aw), (bn, bw) = a, b
    most = len(an) - 1
    no_pair = tuple(min(an[i] + bn[m - i] for i in range(m + 1)) for m in range(most + 1))
    with_pair = tuple(min(min(an[i] + bw[m - i], aw[i] + bn[m - i]) for i in range(m + 1)) for m in range(most + 1))
    return no_pair, with_pair


def capped_regular(c, g: int, caps, bound: int = 98) -> int:
    """Regular shanten when no kind may exceed `caps` copies in the concealed part: the fewest tiles to add for g
    groups and a pair, minus one (calculator.readings.waits.exact_shanten, joined per suit from cached tables).
    With a `bound`, a count of more than `bound` tiles is only known to be above it (the answer is then at least
    `bound`), and the per-suit searches prune there."""
    t = [block_distances(tuple(c[lo:hi]), tuple(caps[lo:hi]), suited, g, bound)
         for lo, hi, suited in SUIT_SPANS]
    whole = _combine(_combine(t[0], t[1]), _combine(t[2], t[3]))
    return min(whole[1][g], 99) - 1


class _Position:
    """What every question about one request shares: groups needed, forms, caps, copies left per kind."""

    def __init__(self, hand: Hand, visible, rules: Rules):
        self.g = groups_needed(hand, rules)
        self.special = bool(rules.special_forms and not hand.melds and self.g == 4)
        in_melds = counts_of(t for m in hand.melds for t in m.tiles)
        sent, seen = counts_of(hand.concealed), counts_of(visible)
        copies = rules.tile_copies
        # a kind is never drawn once the concealed tiles and the melds hold every copy of it (none, if not in the set)
        self.room = tuple(copies[k] - in_melds[k] for k in range(NUM_KINDS))
        self.rem = tuple(max(0, 4 - sent[k] - in_melds[k] - seen[k]) for k in range(NUM_KINDS))
        if rules.fifth_tile_wait_counts:
            self.caps = None
        else:   # as calculator.readings.ready: four minus the copies in melds
            self.caps = tuple(4 - n for n in in_melds) if hand.melds else _FULL_CAPS
        self.tight = tuple(k for k in range(NUM_KINDS) if self.caps and self.caps[k] < 4)   # kinds in melds
        # kinds within two of a kind in melds (calculator.readings.caps): a held one may lean on the melds' copies
        self.near = near_capped(self.caps) if self.tight else ()
        self.near_suits = near_suits(self.caps) if self.tight else ()
        self.packed = packed(self.rem, self.room, self.caps)   # the same, for widen's compiled build
        self.seen: dict = {}   # counts tuple -> ukeire kinds, within this request
        self.widen_cache: dict = {}   # per-suit ukeire copies of calculator.readings.widen, within this request
        self.widen_pairs: dict = {}   # (two discards, draw, shanten) -> then-ukeire copies, within this request
        self.native_memo = None       # the same for the compiled build (a bytearray made on first use)
        self.below: dict = {}         # (counts, s) -> whether the shanten is below s, within this request
        # the per-suit ukeire are kept across requests for hands without melds (their copies are the tile set's:
        # one layout per set), within the request for the others
        if not hand.melds and (copies in _ROOMS or len(_ROOMS) < 64):
            self.room_id, self.gains = _ROOMS.setdefault(copies, len(_ROOMS)), _GAINS
        else:
            self.room_id, self.gains = -1, {}

    def shanten(self, c) -> int:
        """Shanten of the forms the hand may take, a wait on a fifth copy not counted (as /v1/ready)."""
        best = regular_shanten(c, self.g)
        if best >= 0 and self.caps is not None and self._at_cap(c):
            # nearly always the unlimited count: a search bounded there first, the unbounded one if that fails
            capped = capped_regular(c, self.g, self.caps, best + 1)
            best = capped if capped <= best else capped_regular(c, self.g, self.caps)
        if self.special and sum(c) >= 13:
            chiitoi, kokushi = _special(c)[:2]
            best = min(best, chiitoi, kokushi)
        return best

    def _below(self, c, s: int) -> bool:
        """self.shanten(c) < s, the four-copies search bounded at s tiles."""
        key = (tuple(c), s)
        hit = self.below.get(key)
        if hit is None:
            hit = self.below[key] = self._search_below(c, s)
        return hit

    def _search_below(self, c, s: int) -> bool:
        if self.special and sum(c) >= 13 and min(_special(c)[:2]) < s:
            return True
        r = regular_shanten(c, self.g)
        if r >= s or r < 0:
            return r < s
        caps = self.caps
        if caps is None or not self._at_cap(c):
            return True
        if s == 1:   # ready under four copies: complete once some kind still below its cap is added
            after = regular_after(c, self.g, 1)
            return any(v < 0 and c[k] < caps[k] for k, v in enumerate(after))
        return capped_regular(c, self.g, caps, s) < s

    def _at_cap(self, c) -> bool:
        """Some kind held up to its cap, or a tile held within two of a kind in melds in a suit the caps change:
        the unlimited count may then be too low (calculator.readings.caps says why not otherwise)."""
        caps = self.caps
        return (max(c) >= 4 or any(c[k] and c[k] >= caps[k] for k in self.tight)
                or bool(self.near) and near_leans(c, self.g, self.near_suits))

    def _at_cap_after(self, c, k: int) -> bool:
        """_at_cap of c plus one tile of kind k (c left unchanged)."""
        c[k] += 1
        out = self._at_cap(c)
        c[k] -= 1
        return out

    def _gain(self, lo: int, block: tuple[int, ...], rest: int, s: int) -> tuple[int, ...]:
        """The kinds of one suit (starting at kind `lo`) whose draw brings the regular shanten below `s`, the
        other suits being the Pareto set `rest`: never one whose every copy is held."""
        key = (self.room_id, self.g, lo, block, rest, s)
        gains = self.gains
        hit = gains.get(key)
        if hit is None:
            vec = _suit_changes(block, lo < 27, rest, self.g, 1)
            room = self.room
            hit = tuple([lo + j for j, v in enumerate(vec) if v < s and block[j] < room[lo + j]])
            if len(gains) >= _CHANGES_LIMIT:
                evict(gains)
            gains[key] = hit
        return hit

    def ukeire(self, c: list[int], s: int) -> tuple[int, ...]:
        """The kinds whose draw lowers shanten `s` of `c` (left unchanged), in tile order."""
        key = tuple(c)
        hit = self.seen.get(key)
        if hit is not None:
            return hit
        b0, b1, b2, b3 = key[0:9], key[9:18], key[18:27], key[27:34]
        i0, i1, i2, i3 = suit_set_id(b0, True), suit_set_id(b1, True), suit_set_id(b2, True), suit_set_id(b3, False)
        ab, cd = join_sets(i0, i1), join_sets(i2, i3)
        gain = self._gain
        found = (gain(0, b0, join_sets(i1, cd), s) + gain(9, b1, join_sets(i0, cd), s)
                 + gain(18, b2, join_sets(ab, i3), s) + gain(27, b3, join_sets(ab, i2), s))
        room = self.room
        if self.special and sum(c) == 13:
            chiitoi, kokushi, kinds, _, _, paired = _special(c)
            extra = []
            if chiitoi == s:   # a second copy makes a pair; a new kind counts while fewer than seven are held
                extra += [k for k in range(NUM_KINDS) if c[k] == 1 or (not c[k] and kinds < 7)]
            if kokushi == s:   # a missing orphan, or the first orphan pair
                extra += [k for k in ORPHANS if not c[k] or not paired]
            if extra:
                found = tuple(sorted(set(found).union(k for k in extra if c[k] < room[k])))
        caps = self.caps
        if caps is not None and found and s > 0:   # completing a hand never needs a fifth copy
            at_cap, near = self._at_cap(c), self.near
            checked = []
            for k in found:
                if at_cap or c[k] + 1 >= caps[k] or near and self._at_cap_after(c, k):   # c plus k at its cap
                    c[k] += 1      # the count that respects four copies can only be higher: ask it
                    lower = self._below(c, s)
                    c[k] -= 1
                    if not lower:
                        continue
                checked.append(k)
            found = tuple(checked)
        self.seen[key] = found
        return found

    def after_discards(self, c: list[int]) -> list[int]:
        """Shanten of `c` (a drawn hand) less one tile of each kind (99 for a kind not held)."""
        out = list(regular_after(c, self.g, -1))
        if self.special and sum(c) == 14:
            _, _, kinds, pairs, held, paired = _special(c)
            for k in range(NUM_KINDS):
                n = c[k]
                if n:
                    d, p = kinds - (n == 1), pairs - (n == 2)
                    value = 6 - p + (7 - d if d < 7 else 0)
                    if _ORPHAN[k]:
                        value = min(value, 13 - (held - (n == 1)) - (paired - (n == 2) > 0))
                    else:
                        value = min(value, 13 - held - (paired > 0))
                    if value < out[k]:
                        out[k] = value
        # each discard asked when c is at its cap, or holds a kind near one in melds (a discard may then change
        # whether a suit's table is changed by the caps: calculator.readings.caps.near_leans)
        if self.caps is not None and (self.near or self._at_cap(c)):
            for k in range(NUM_KINDS):
                if c[k]:
                    c[k] -= 1
                    out[k] = self.shanten(c)
                    c[k] += 1
        return out

    def total(self, kinds, drawn: int | None = None) -> int:
        """Copies left of `kinds`; after drawing `drawn`, one fewer of it."""
        rem = self.rem
        t = sum([rem[k] for k in kinds])
        if drawn is not None and drawn in kinds and rem[drawn]:
            t -= 1
        return t

    def choice(self, c: list[int], tile: int | None, s: int | None = None, widen: bool = True,
               kinds: tuple[int, ...] | None = None) -> Choice:
        """The Choice of `c` as it stands (`kinds`: its ukeire at `s`, when already known)."""
        if s is None:
            s = self.shanten(c)
        if kinds is None:
            kinds = self.ukeire(c, s)
        rem = self.rem
        draws = tuple([Draw(k, rem[k]) for k in kinds])
        total = self.total(kinds)
        better = None
        if widen and 0 <= s <= 1:
            better = tuple([Improvement(k, rem[k], t, e) for k, t, e in widened(self, c, s, kinds, total,
                                                                                  None if tile is None else KIND[tile])])
        return Choice(tile, s, draws, total, better)


def _thrown(hand: Hand, k: int) -> int:
    """The code to discard for kind k: a plain five when one is held (the red one is worth keeping)."""
    return min(t for t in hand.concealed if KIND[t] == k)


def efficiency(hand: Hand, visible=(), rules: Rules = Rules(), improvements: bool = True) -> Efficiency:
    """Shanten and ukeire of a waiting hand, or of each distinct discard of a hand that has just drawn; without
    `improvements`, no choice lists them (None)."""
    pos = _Position(hand, visible, rules)
    c = hand.counts()
    native = compiled.widen
    found = None if native is None else native.choices(c, pos.g, *pos.packed, pos.special)
    if sum(c) != 3 * pos.g + 2:
        s, kinds = (None, None) if found is None else found
        mine = pos.choice(c, None, s, improvements, kinds)
        return Efficiency(mine.shanten, mine, None)
    if found is None:   # the pure build: per discard, its shanten, the ukeire asked by pos.choice
        left = pos.after_discards(c)
        complete, each = pos.shanten(c) == -1, [(k, left[k], None) for k in range(NUM_KINDS) if c[k]]
    else:
        complete, each = found
    options = []
    for k, s, kinds in each:
        c[k] -= 1
        options.append(pos.choice(c, _thrown(hand, k), s, improvements, kinds))
        c[k] += 1
    options.sort(key=lambda o: (o.shanten, -o.ukeire_remaining, KIND[o.tile]))
    best = -1 if complete else options[0].shanten
    return Efficiency(best, None, tuple(options))
