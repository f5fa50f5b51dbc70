"""Ready answer: shanten, waits with remaining copies, and for a just-drawn hand each discard.

Input: a Hand (13 or 14 - 3*melds concealed tiles; 16/17 for 16-tile rules), the tiles the
player can see elsewhere, and Rules. Output: a ReadyResult, the body of POST /v1/ready.
"""
from __future__ import annotations

from dataclasses import dataclass

from .hand import Hand
from .rules import Rules
from .tiles import counts_of
from .waits import find_waits, shanten


@dataclass(frozen=True)
class Wait:
    tile: int        # kind
    remaining: int   # copies not held by the player and not visible


@dataclass(frozen=True)
class DiscardOption:
    tile: int
    shanten: int
    waits: tuple[Wait, ...]


@dataclass(frozen=True)
class ReadyResult:
    shanten: int
    ready: bool
    complete: bool
    waits: tuple[Wait, ...]
    forms: tuple[str, ...]
    discards: tuple[DiscardOption, ...] | None


def groups_needed(hand: Hand, rules: Rules) -> int:
    return (rules.hand_size - 1) // 3 - len(hand.melds)


def held_counts(hand: Hand) -> list[int]:
    return counts_of(hand.all_codes())


def _remaining(kind: int, held, visible) -> int:
    return max(0, 4 - held[kind] - visible[kind])


def _waits(counts, hand: Hand, rules: Rules, held, visible) -> tuple[dict, tuple[Wait, ...]]:
    g = groups_needed(hand, rules)
    special = rules.special_forms and not hand.melds
    found = find_waits(counts, g, special, held, rules.fifth_tile_wait_counts)
    return found, tuple(Wait(k, _remaining(k, held, visible)) for k in sorted(found))


def _form_shanten(counts, g, special):
    s = shanten(counts, g, special)
    forms = {"regular": s.regular, "chiitoitsu": s.chiitoitsu, "kokushi": s.kokushi}
    return s.best, forms


def readiness(hand: Hand, visible=(), rules: Rules = Rules()) -> ReadyResult:
    """Shanten and waits of a waiting hand, or of each discard of a hand that has just drawn."""
    counts = hand.counts()
    held = held_counts(hand)
    seen = counts_of(visible)
    g = groups_needed(hand, rules)
    special = rules.special_forms and not hand.melds
    drawn = sum(counts) == 3 * g + 2
    best, per_form = _form_shanten(counts, g, special)
    if not drawn:
        found, waits = _waits(counts, hand, rules, held, seen)
        ready = bool(found)
        forms = tuple(sorted({f for fs in found.values() for f in fs}, key=("regular", "chiitoitsu", "kokushi").index))
        # a hand whose only completing tiles need a fifth copy is not ready (RULES.md §1.1)
        return ReadyResult(best if ready or best != 0 else 1, ready, False, waits, forms, None)
    forms = tuple(f for f, s in per_form.items() if s == -1)
    options = []
    c = list(counts)
    for k in sorted(set(i for i, n in enumerate(counts) if n)):
        c[k] -= 1
        s, _ = _form_shanten(c, g, special)
        found, waits = _waits(c, hand, rules, held, seen) if s == 0 else ({}, ())
        if s == 0 and not found:
            s = 1
        options.append(DiscardOption(k, s, waits))
        c[k] += 1
    options.sort(key=lambda o: (o.shanten, -sum(w.remaining for w in o.waits), o.tile))
    ready = any(o.shanten == 0 for o in options)
    return ReadyResult(best, ready, best == -1, (), forms, tuple(options))
