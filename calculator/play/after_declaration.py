"""After a ready declaration: what the river, a passed or drawn winning tile, a kong or a win lead to.

Input: a declared Hand (13 - 3*melds concealed tiles; with a win event also the complete hand with
the winning tile), the History (the declaration discard marked, tiles passed since it), Rules, and
optionally one Event happening now (a winning tile passed or drawn and thrown, a kong, a win).
Output: a Decision following the second Four Winds table of RULES.md §4.6 (win refused, dead hand,
faulty out, faulty-ready penalty), a KanDecision for a kong after the declaration (§4.2 A2, §5.1
French), the European obligatory-ready win rule, and whether a double riichi still pays (§4.4).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from calculator.readings.decompose import TRIPLET, decompose
from calculator.play.declarations import (NOTHING_STANDS, Decision, River, consequences, declaration_outcome, double_standing,
                           hand_may_change, hand_waits, riichi_allowed, river_of, validates, violations)
from calculator.core.errors import InvalidHand, Issue
from calculator.furiten.permission import History, win_permission
from calculator.core.hand import Hand, Meld
from calculator.readings.ready import groups_needed
from calculator.rules import Rules
from calculator.core.tiles import kind, name
from calculator.readings.waits import is_complete

SEVERITY = {None: -1, "allowed": 0, "refused": 1, "faulty_out": 2}


@dataclass(frozen=True)
class Event:
    kind: str                     # passed | drawn | kan | win
    tile: int | None = None       # the tile passed, drawn, kong'd or won on
    by: str | None = None         # win: ron | tsumo
    meld: str = "closed_kan"      # kan: closed_kan | added_kan | open_kan


@dataclass(frozen=True)
class KanDecision:
    allowed: bool
    outcome: str                  # allowed | refused (validated) | faulty (the declaration stands, penalised later)
    reasons: tuple[str, ...]
    waits_before: tuple[int, ...]
    waits_after: tuple[int, ...]


@dataclass(frozen=True)
class WinDecision:
    allowed: bool
    outcome: str                  # allowed | refused | faulty_out
    reasons: tuple[str, ...]


def _worse(a, b):
    return a if SEVERITY[a] >= SEVERITY[b] else b


def _events(river: River, waits, event: Event | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Winning tiles thrown after the declaration, and winning discards passed since it."""
    start = river.declared_at + 1 if river.declared_at is not None else len(river.discards)
    threw = [k for k in river.discards[start:] if k in waits]
    passed = [k for k in river.missed_after if k in waits]
    if event is not None and event.tile is not None and kind(event.tile) in waits:
        (threw if event.kind == "drawn" else passed if event.kind == "passed" else []).append(kind(event.tile))
    return tuple(threw), tuple(passed)


def after_table(threw, passed, rules: Rules) -> tuple[str, str, str, str]:
    """The second table of RULES.md §4.6: (outcome, ron, tsumo, if_not_won) for a standing declaration.

    Validation on is the "no out penalties" column (software enforces), off the "out penalties"
    column (players police themselves).
    """
    hand_dead = rules.riichi_missed_tile_kills_hand
    dead = (threw and (rules.riichi_first_selfdraw_required or hand_dead)) or (passed and hand_dead)
    ron_barred = ((threw and rules.sacred_discard_variant == "absolute")
                  or (passed and rules.riichi_first_discard_required))
    penalty = "faulty_ready_penalty" if rules.riichi_faulty_ready_penalty != "none" else "none"
    policed = not validates(rules)
    if dead:
        if policed:
            return "faulty_out", "faulty_out", "faulty_out", penalty
        return "dead_hand", "refused", "refused", penalty
    if ron_barred:
        return ("faulty_out", "faulty_out", "allowed", "none") if policed else ("win_refused", "refused", "allowed",
                                                                                  "none")
    return "standing", "allowed", "allowed", "none"


def after_declaration(hand: Hand, history, rules: Rules, event: Event | None = None) -> Decision:
    """State of a declared hand: was the declaration sound, and what do later wins and a draw lead to."""
    river = river_of(history)
    waits = hand_waits(hand, rules)
    if rules.ready_mode == "none":
        return Decision(False, ("declarations_not_used",), "declaration_refused", "none", waits,
                        ron=None, tsumo=None, if_not_won=None)
    faulty, notes = violations(hand, waits, river, rules, river.declared_at)
    first = declaration_outcome([], faulty, validates(rules))
    fields = consequences(first, notes, rules)
    if first == "declaration_cancelled":
        return Decision(False, tuple(faulty), first, rules.ready_mode, waits, notes=tuple(notes), **fields)
    outcome, reasons = first if first != "accepted" else "standing", list(faulty)
    if not hand_may_change(rules):   # a hand left free (obligatory ready, usually) has no after-declaration rules
        threw, passed = _events(river, waits, event)
        reasons += ["threw_winning_tile"] * bool(threw) + ["passed_winning_tile"] * bool(passed)
        state, ron, tsumo, if_not_won = after_table(threw, passed, rules)
        if threw and state == "standing":
            notes.append("sacred_discard_variant_applies")
        if passed and state == "standing":
            notes.append("missed_discard_rule_applies")
        if state != "standing":
            outcome = state if first == "accepted" else first
        fields["ron"] = _worse(fields["ron"], ron)
        fields["tsumo"] = _worse(fields["tsumo"], tsumo)
        if fields["if_not_won"] in (None, "none", "bonus_tiles_only") and if_not_won != "none":
            fields["if_not_won"] = if_not_won
    return Decision(outcome == "standing", tuple(reasons), outcome, rules.ready_mode, waits, notes=tuple(notes),
                    **fields)


def _same_readings(hand: Hand, k: int, waits, rules: Rules) -> bool:
    """Every reading of every completed hand uses the kong's three tiles as a pung (EMA 2008/2012)."""
    g = groups_needed(hand, rules)
    counts = hand.counts()
    for w in waits:
        counts[w] += 1
        readings = decompose(counts, g, rules.special_forms and not hand.melds)
        counts[w] -= 1
        if any(r.form != "regular" or (TRIPLET, k) not in r.groups for r in readings):
            return False
    return True


def kan_after_declaration(hand: Hand, tile: int, rules: Rules, meld: str = "closed_kan") -> KanDecision:
    """May a declared hand make a kong with `tile` (just drawn, or claimed for an open kong)?"""
    k = kind(tile)
    before = hand_waits(hand, rules)
    mode = rules.ready_mode
    if meld == "added_kan":
        # promoting a melded pung leaves the concealed tiles, and so the waits, as they were
        after_hand = hand
    else:
        rest = list(hand.concealed)
        for _ in range(3):
            rest.remove(next(t for t in rest if kind(t) == k))
        kong = Meld(meld, tuple(t for t in hand.concealed if kind(t) == k) + (tile,))
        after_hand = Hand(tuple(rest), hand.melds + (kong,))
    after = hand_waits(after_hand, rules) if meld != "added_kan" else before
    reasons = []
    if mode == "voluntary_italian":
        reasons.append("hand_frozen")            # Italian: the declared hand cannot be altered at all (§5.1)
    elif mode == "voluntary_riichi":
        if meld != "closed_kan":
            reasons.append("hand_locked")         # a riichi hand makes no calls (§4.2 A1)
        elif rules.riichi_ankan_after == "forbidden":
            reasons.append("kan_forbidden")
        elif after != before:
            reasons.append("waits_changed")
        elif rules.riichi_ankan_after == "if_waits_and_reading_unchanged" and not _same_readings(hand, k, before,
                                                                                                  rules):
            reasons.append("reading_changed")
    elif mode in ("voluntary_french", "obligatory") and not hand_may_change(rules) and after != before:
        reasons.append("waits_changed")          # French: only kongs that keep the calling shape (§5.1)
    outcome = "allowed" if not reasons else "refused" if validates(rules) else "faulty"
    return KanDecision(not reasons, outcome, tuple(reasons), before, after)


def waiting_hand(hand: Hand, rules: Rules, event: Event | None) -> Hand:
    """The waiting hand of a win event: a complete hand (14 - 3*melds tiles) less its winning tile."""
    if event is None or event.kind != "win" or event.tile is None:
        return hand
    if len(hand.concealed) != 3 * groups_needed(hand, rules) + 2:
        return hand
    rest = list(hand.concealed)
    rest.remove(event.tile if event.tile in rest else next(t for t in rest if kind(t) == kind(event.tile)))
    return Hand(tuple(rest), hand.melds)


def _history_empty(river: River, history) -> bool:
    """Nothing has happened to the player yet: no discard, no passed tile, no declaration."""
    return not (river.discards or river.declared or river.missed_after or getattr(history, "missed", ()))


def win_after(hand: Hand, history, rules: Rules, event: Event) -> WinDecision:
    """May the player win now by `event.by` on `event.tile`? `hand` is the waiting hand, or the complete
    14-tile hand holding `event.tile`. The winning tile decides the waiting hand, so furiten and the
    after-declaration rules; only a complete hand with an empty history (the dealt hand) may leave it out."""
    river = river_of(history)
    drawn = len(hand.concealed) == 3 * groups_needed(hand, rules) + 2
    if event.tile is None and not (drawn and _history_empty(river, history)):
        raise InvalidHand([Issue("required", "A win event needs its winning tile: furiten and the rules after a "
                                 "declaration depend on it.", "event/tile")])
    if drawn and event.tile is not None and kind(event.tile) not in {kind(t) for t in hand.concealed}:
        raise InvalidHand([Issue("win_tile_not_in_hand", "The winning tile is not in the complete hand: send the 14-tile hand that holds it.",
                                 "event/tile")])
    waiting = waiting_hand(hand, rules, event) if drawn else hand
    counts = hand.counts()
    if not drawn:
        counts[kind(event.tile)] += 1
    if not is_complete(counts, groups_needed(hand, rules), rules.special_forms and not hand.melds):
        return WinDecision(False, "refused", ("not_complete",))
    if rules.ready_mode == "obligatory" and (not river.declared or hand_may_change(rules)):
        decision = _obligatory_win(hand, river, rules)
    elif river.declared:
        d = after_declaration(waiting, history, rules)
        verdict = d.ron if event.by == "ron" else d.tsumo
        decision = WinDecision(verdict in ("allowed", None), verdict or "allowed", d.reasons)
    else:
        decision = WinDecision(True, "allowed", ())
    if decision.allowed and isinstance(history, History) and event.tile is not None:
        # the furiten engine's word on the same win: sacred and missed discard, riichi furiten, dead hand
        perm = win_permission(waiting, event.tile, history, rules, event.by)
        if not perm.allowed:
            return WinDecision(False, "refused" if validates(rules) else "faulty_out", ("furiten",) + perm.reasons)
    return decision


def _obligatory_win(hand: Hand, river: River, rules: Rules) -> WinDecision:
    """European obligatory ready: a win needs an announcement made on an earlier turn (§5.1) [SEED-EU §4.1]."""
    if river.declared:
        return WinDecision(True, "allowed", ())
    if not river.discards and not hand.melds:
        # "except on the very first turn if he goes out before making his first discard": the seed's
        # exception covers a self-drawn first-turn win and a win on a discard before one's first discard
        return WinDecision(True, "allowed", ("first_turn_complete_hand",))
    if rules.ready_obligatory_same_turn_win_allowed:
        return WinDecision(True, "allowed", ("same_turn_win_allowed",))
    return WinDecision(False, "refused", ("not_declared",))


def _with_double(decision: Decision, hand: Hand, river: River, rules: Rules, kong: KanDecision | None) -> Decision:
    """The Decision with whether a declared double riichi still pays as one (§4.4)."""
    if decision.outcome in NOTHING_STANDS:
        return replace(decision, double_riichi=False)
    double, notes = double_standing(hand, river, rules, kong is not None and kong.outcome != "refused")
    return replace(decision, double_riichi=double, notes=decision.notes + notes)


def evaluate_event(hand: Hand, history, rules: Rules, event: Event | None):
    """The after-declaration Decision, with the kong or win verdict the event asks about. For a win the
    Decision is about the waiting hand (a complete hand less the winning tile)."""
    river = river_of(history)
    if event is not None and event.kind == "kan":
        kong = kan_after_declaration(hand, event.tile, rules, event.meld)
        return _with_double(after_declaration(hand, history, rules), hand, river, rules, kong), kong
    if event is not None and event.kind == "win":
        win = win_after(hand, history, rules, event)
        waiting = waiting_hand(hand, rules, event)
        return _with_double(after_declaration(waiting, history, rules), waiting, river, rules, None), win
    return _with_double(after_declaration(hand, history, rules, event), hand, river, rules, None), None


def declaration_answer(hand: Hand, history, rules: Rules, points: int | None = None, tiles_left: int | None = None,
                       winds=("south", "east"), event: Event | None = None):
    """The /v1/riichi answer: (phase, Decision, KanDecision or WinDecision or None)."""
    if not river_of(history).declared:
        extra = win_after(hand, history, rules, event) if event is not None and event.kind == "win" else None
        return "declaration", riichi_allowed(hand, history, rules, points, tiles_left, winds), extra
    decision, extra = evaluate_event(hand, history, rules, event)
    return "after_declaration", decision, extra


def _nothing_sent(history: History) -> bool:
    """The request's history is empty: no discard, no passed tile, no declaration."""
    return not (history.discards or history.missed or history.missed_after_riichi or history.riichi != "none")


def event_issues(hand: Hand, history: History, rules: Rules, event: Event | None) -> list[Issue]:
    """Events that cannot happen in the position sent (a 422, not a 'no'), each at its request field."""
    drawn = len(hand.concealed) == 3 * groups_needed(hand, rules) + 2
    declared = history.riichi != "none"
    if event is None:
        return [Issue("hand_not_declared_size", "A declared hand has 13 - 3*melds concealed tiles (16 - 3*melds "
                      "under 16-tile rules) unless the event is a win.", "hand")] if declared and drawn else []
    if event.kind != "win" and not declared:
        return [Issue("not_declared", f"A '{event.kind}' event is about a declared hand; riichi is 'none': send the declaration's riichi state.",
                      "event/kind")]
    if event.tile is None and event.kind == "win" and not (drawn and _nothing_sent(history)):
        return [Issue("required", "A win event needs the winning tile: it decides the waiting hand, so furiten and "
                      "the rules after a declaration (only a dealt complete hand with an empty history may leave "
                      "it out).", "event/tile")]
    if event.tile is None and event.kind != "win":
        return [Issue("required", "This event needs a tile: give the tile passed, drawn or made a kong of as "
                      "`tile`, as in \"tile\": \"5m\".", "event/tile")]
    if drawn and event.kind != "win":
        return [Issue("hand_not_declared_size", "With an event other than a win, send the 13 - 3*melds waiting "
                      "tiles (the drawn tile goes in `event`).", "hand")]
    if drawn and event.tile is not None and kind(event.tile) not in {kind(t) for t in hand.concealed}:
        return [Issue("win_tile_not_in_hand", f"{name(event.tile)} is not in the 14-tile hand: name a tile of the hand, or send the hand with it.", "event/tile")]
    if event.kind == "kan":
        k = kind(event.tile)
        if event.meld == "added_kan":
            if not any(m.kind == "pon" and m.base == k for m in hand.melds):
                return [Issue("kan_impossible", f"No melded pon of {name(k)} to promote: an added_kan needs a melded pon of that tile.", "event/tile")]
        elif sum(1 for t in hand.concealed if kind(t) == k) != 3:
            return [Issue("kan_impossible", f"A kong of {name(k)} needs three of them in the concealed hand.",
                          "event/tile")]
    return []
