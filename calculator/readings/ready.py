"""Ready answer: shanten, waits with remaining copies, and for a just-drawn hand each discard.

Input: a Hand (13 or 14 - 3*melds concealed tiles; 16/17 for 16-tile rules), the tiles the
player can see elsewhere, and Rules. Output: a ReadyResult, the body of POST /v1/ready.
Waits are only looked for when the shanten says the hand is ready, which keeps the common
(not ready) case to one shanten count.
"""
from __future__ import annotations

from typing import NamedTuple

from calculator.core.hand import Hand
from calculator.rules import Rules
from calculator.core.tiles import NUM_KINDS, counts_of
from calculator.readings.closed import closed_readings
from calculator.readings.waits import _FULL_CAPS as _FULL, Shanten, find_waits, shanten

_FORMS = ("regular", "chiitoitsu", "kokushi")
_new = tuple.__new__   # a named tuple built from its full field tuple, without its Python-level __new__


class Wait(NamedTuple):
    tile: int        # kind
    remaining: int   # copies not held by the player and not visible


class DiscardOption(NamedTuple):
    tile: int
    shanten: int
    waits: tuple[Wait, ...]

    @property
    def ready(self) -> bool:
        """After this discard some tile completes the hand (a wait needing a fifth copy does not count)."""
        return bool(self.waits)


class ReadyResult(NamedTuple):
    shanten: int
    ready: bool
    complete: bool
    waits: tuple[Wait, ...]
    forms: tuple[str, ...]
    discards: tuple[DiscardOption, ...] | None
    shanten_by_form: dict | None = None   # form -> shanten; only the forms the hand can take


def by_form_of(s) -> dict:
    """Shanten per form, as a dict of the forms the hand can take (regular always)."""
    return {f: n for f, n in zip(_FORMS, s) if n is not None}


def groups_needed(hand: Hand, rules: Rules) -> int:
    return (rules.hand_size - 1) // 3 - len(hand.melds)


def held_counts(hand: Hand) -> list[int]:
    return counts_of(hand.all_codes())


class _Context:
    """What every shanten/waits question about one position shares."""

    def __init__(self, hand: Hand, visible, rules: Rules, counts: list[int]):
        self.g = groups_needed(hand, rules)
        self.special = rules.special_forms and not hand.melds
        self.held = held_counts(hand) if hand.melds else counts   # `counts`: the concealed tiles, never changed
        self.seen = counts_of(visible) if visible else None
        self.fifth = rules.fifth_tile_wait_counts
        # copies the concealed part may reach: four minus those in melds (RULES.md §1.1: a
        # wait on a fifth copy does not make the hand ready unless the rules say so)
        if self.fifth:
            self.caps = None
        elif hand.melds:
            in_melds = counts_of(t for m in hand.melds for t in m.tiles)
            self.caps = tuple(4 - n for n in in_melds)
        else:
            self.caps = _FULL

    def shanten(self, counts) -> Shanten:
        return shanten(counts, self.g, self.special, self.caps)

    def waits(self, counts, thrown: int | None = None) -> tuple[dict, tuple[Wait, ...]]:
        """Waits of `counts`; after a discard, `thrown` is no longer held but lies in the river."""
        held, seen = self.held, self.seen
        if thrown is not None:
            held = list(held)
            held[thrown] -= 1
        found = find_waits(counts, self.g, self.special, held, self.fifth)
        return found, tuple(Wait(k, max(0, 4 - held[k] - (seen[k] if seen else 0) - (k == thrown)))
                            for k in found)


def _closed_answer(done, counts, visible) -> ReadyResult:
    """The answer for a closed 13-tile hand from calculator.readings.closed (every copy available; no kind
    held four times, so each wait has a copy left before the visible ones are counted)."""
    per_form, found, forms = done
    by_form = {"regular": per_form[0], "chiitoitsu": per_form[1], "kokushi": per_form[2]}
    if found is None:
        return _new(ReadyResult, (per_form.best, False, False, (), (), None, by_form))
    if visible:
        seen = counts_of(visible)
        waits = tuple([_new(Wait, (k, max(0, 4 - counts[k] - seen[k]))) for k in found])
    else:
        waits = tuple([_new(Wait, (k, 4 - counts[k])) for k in found])
    return _new(ReadyResult, (per_form.best, bool(found), False, waits, forms, None, by_form))


def readiness(hand: Hand, visible=(), rules: Rules = Rules()) -> ReadyResult:
    """Shanten and waits of a waiting hand, or of each discard of a hand that has just drawn."""
    counts = hand.counts()
    if (not hand.melds and len(hand.concealed) == 13 and rules.hand_size == 13 and rules.special_forms
            and not rules.fifth_tile_wait_counts):
        done = closed_readings(counts)
        if done is not None:
            return _closed_answer(done, counts, visible)
    ctx = _Context(hand, visible, rules, counts)
    per_form = ctx.shanten(counts)
    best = per_form.best
    if sum(counts) != 3 * ctx.g + 2:
        if best != 0:
            return ReadyResult(best, False, False, (), (), None, by_form_of(per_form))
        found, waits = ctx.waits(counts)
        forms = tuple(f for f in _FORMS if any(f in fs for fs in found.values()))
        return ReadyResult(best, bool(found), False, waits, forms, None, by_form_of(per_form))
    complete = best == -1
    forms = tuple(f for f, s in zip(_FORMS, per_form) if s == -1)
    options = []
    by_form = {f: -1 if n == -1 else None for f, n in by_form_of(per_form).items()}   # -1: complete now in that form
    c = list(counts)
    for k in range(NUM_KINDS):
        if not c[k]:
            continue
        c[k] -= 1
        after = ctx.shanten(c)
        s = after.best
        for f, n in by_form_of(after).items():
            if by_form.get(f, -1) != -1:
                by_form[f] = n if by_form[f] is None else min(by_form[f], n)
        waits = ctx.waits(c, k)[1] if s == 0 else ()
        options.append(DiscardOption(k, s, waits))
        c[k] += 1
    options.sort(key=lambda o: (o.shanten, -sum(w.remaining for w in o.waits), o.tile))
    # a drawn hand is as far from complete as its best discard leaves it (unless complete now)
    best = -1 if complete else options[0].shanten
    ready = any(o.ready for o in options)
    return ReadyResult(best, ready, complete, (), forms, tuple(options), by_form)
