"""Ready declarations: may a declaration (riichi, or a European ready) be made now (RULES.md §4, §5).

Input: a Hand (13 - 3*melds concealed tiles: the position after the declaration discard; or
14 - 3*melds right after a draw, then every discard is tried), the player's History (the furiten
engine's, or a plain tuple of own discards), Rules, and optionally the player's points and the
tiles left in the live wall. Output: a Decision: allowed or not, the outcome of the Four Winds
table "at the declaration" (§4.6), reason codes, what a declaration made anyway leads to, and
whether it is a first-turn declaration (double riichi, §4.4).
After a declaration, calculator.after_declaration applies the second table of §4.6.
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, fields, replace
from typing import NamedTuple

from calculator.core.errors import Issue, UnsupportedRules
from calculator.furiten.permission import History
from calculator.core.hand import Hand
from calculator.readings.ready import groups_needed, held_counts
from calculator.rules import PRESETS, Rules
from calculator.scoring.facts import Situation
from calculator.scoring.japanese import RIICHI_NEEDS_CLOSED, ScoreRequest, score
from calculator.core.tiles import KIND, kind
from calculator.readings.waits import find_waits

# Prerequisites are always checked and never penalised: a declaration failing one is refused.
PREREQUISITES = ("declarations_not_used", "already_declared", "open_hand", "too_few_wall_tiles", "too_few_points")
# Penalisable rules: checked at the declaration only with validation on; otherwise they surface
# later as a faulty out or the faulty-ready penalty (§4.1, §4.6) [SEED-RI].
PENALISABLE = ("not_ready", "more_than_one_wait", "below_minimum_score", "sacred_hand")
VOLUNTARY = ("voluntary_riichi", "voluntary_french", "voluntary_italian")
_new = tuple.__new__   # _new(NamedTupleClass, fields): skips the generated __new__'s Python frame


class River(NamedTuple):   # a named tuple (built in one step, once per declaration question)
    """What the declaration rules need from a History: own discards as kinds, the declaration."""
    discards: tuple[int, ...] = ()
    declared: bool = False
    declared_at: int | None = None              # index of the declaration discard, if marked
    missed_after: tuple[int, ...] = ()          # winning-tile candidates passed since the declaration
    sacred_declared_at: int | None = None       # index of a "sacred discard" declaration (§3.1)
    double: bool = False                        # the declaration was a first-turn one (double riichi)
    calls_before: bool | None = None            # anyone called before the declaration (None: not known)


@dataclass(frozen=True)
class DeclarationHistory(History):
    """A History plus what only the declaration rules read: whether anyone made a call (chi, pon or
    kong, concealed kongs included) this deal before the declaration (None: not known)."""
    calls_before: bool | None = None


def river_of(history) -> River:
    """Adapter: the furiten engine's History (or any object with `discards`), or a tuple of tiles."""
    if type(history) is History:   # the common case, read without getattr
        tiles, at = [], None
        for d in history.discards:
            if d.riichi and at is None:
                at = len(tiles)
            tiles.append(KIND[d.tile])
        riichi, missed = history.riichi, history.missed_after_riichi
        return _new(River, (tuple(tiles), riichi not in (None, "none") or at is not None, at,
                            tuple([KIND[t] for t in missed]) if missed else (), history.sacred_declared_at,
                            riichi == "double_riichi", None))
    if history is None:
        return River()
    if isinstance(history, River):
        return history
    if isinstance(history, (tuple, list)):
        return River(tuple(kind(t) for t in history))
    discards = tuple(getattr(history, "discards", ()))
    tiles = tuple(kind(d if isinstance(d, int) else d.tile) for d in discards)
    at = next((i for i, d in enumerate(discards) if getattr(d, "riichi", False)), None)
    declared = getattr(history, "riichi", "none") not in (None, "none") or at is not None
    return River(tiles, declared, at, tuple(kind(t) for t in getattr(history, "missed_after_riichi", ())),
                 getattr(history, "sacred_declared_at", None), getattr(history, "riichi", "none") == "double_riichi",
                 getattr(history, "calls_before", None))


@dataclass(frozen=True)
class Decision:
    allowed: bool                     # a legitimate declaration (or, after one, a sound standing declaration)
    reasons: tuple[str, ...]          # why not (prerequisite and penalisable codes, after-declaration events)
    outcome: str = "accepted"         # accepted | declaration_refused | declaration_cancelled | faulty_declaration
    #                                   after: standing | win_refused | dead_hand | faulty_out
    mode: str = "voluntary_riichi"
    waits: tuple[int, ...] = ()
    ron: str | None = "allowed"       # a later win on a discard: allowed | refused | faulty_out (None: nothing stands)
    tsumo: str | None = "allowed"     # a later self-drawn win, same values
    if_not_won: str | None = "none"   # none | faulty_ready_penalty (at an exhaustive draw) | bonus_tiles_only
    penalty: str = "none"             # the faulty-ready penalty the rules configure
    penalty_amount: int = 0
    bonus_doubles: int = 0            # French and Italian extra doubles for winning the declared hand
    notes: tuple[str, ...] = ()       # non-blocking remarks: tsumo_only, bluff, not_ready (unvalidated), ...
    unchecked: tuple[str, ...] = ()   # prerequisites that could not be checked: points, tiles_left
    discards: tuple[int, ...] = ()    # for a hand that has just drawn: the discards that allow a declaration
    double_riichi: bool | None = False  # a first-turn declaration worth double_riichi_han (None: not known)
    discard: int | None = None        # for a hand that has just drawn: the discard the other fields describe


# the fields' defaults, for a Decision built without its __init__
_DECISION = {f.name: f.default for f in fields(Decision) if f.default is not MISSING}


class Declaring(NamedTuple):
    """What one Rules object's declaration options say whatever the hand, worked out once per Rules object from
    the functions below (validates, minimum_checked, hand_may_change, consequences), which stay the rules' one
    statement."""
    rules: Rules          # the object it describes (kept, so its id is not reused while the entry lives)
    mode: str             # ready_mode
    closed_only: bool     # P1: a riichi needs a concealed hand
    wall: int             # the live-wall tiles a declaration needs (0: not checked)
    min_points: int       # the points a riichi needs (0: not checked)
    sacred: bool          # a wait among the player's discards is looked for (sacred hand, §3.10)
    minimum: bool         # minimum_checked
    may_change: bool      # hand_may_change
    validated: bool       # validates
    decisions: dict       # (outcome, "tsumo_only" among the notes) -> the Decision fields these two decide


_DECLARING_BY_ID: dict[int, Declaring] = {}
_DECLARING = 16   # Rules objects remembered (a request with rule overrides brings its own): emptied past it


def declaring(rules: Rules) -> Declaring:
    """The Declaring of `rules` (one dict look-up for a Rules object seen before)."""
    found = _DECLARING_BY_ID.get(id(rules))
    if found is None:
        if len(_DECLARING_BY_ID) >= _DECLARING:
            _DECLARING_BY_ID.clear()
        mode = rules.ready_mode
        wall = {"voluntary_riichi": rules.riichi_min_wall_tiles, "voluntary_italian": rules.ready_italian_min_wall_tiles}
        decisions = {(outcome, tsumo_only): {**_DECISION, "allowed": outcome == "accepted", "outcome": outcome,
                                             "mode": mode,
                                             **consequences(outcome, ("tsumo_only",) if tsumo_only else (), rules)}
                     for outcome in OUTCOMES for tsumo_only in (False, True)}
        found = _DECLARING_BY_ID[id(rules)] = Declaring(
            rules, mode, mode == "voluntary_riichi", wall.get(mode, 0),
            rules.riichi_min_points if mode == "voluntary_riichi" else 0,
            mode == "voluntary_riichi" and rules.sacred_discard_variant != "none", minimum_checked(rules),
            hand_may_change(rules), validates(rules), decisions)
    return found


def hand_waits(hand: Hand, rules: Rules) -> tuple[int, ...]:
    """Structural waits of a waiting hand (kinds; a wait that needs a fifth copy does not count, §1.1)."""
    found = find_waits(hand.counts(), groups_needed(hand, rules), rules.special_forms and not hand.melds,
                       held_counts(hand), rules.fifth_tile_wait_counts)
    return tuple(sorted(found))


def sacred_waits(waits, river: River, rules: Rules, upto: int | None = None) -> tuple[int, ...]:
    """Waits among the player's own discards (up to and including index `upto`) that sacred discard
    still counts: a sacred declaration lifts the restrictions of the discards it covers (§3.1, §23.5)."""
    tiles = river.discards if upto is None else river.discards[:upto + 1]
    at = river.sacred_declared_at
    if at is not None:
        tiles = () if rules.sacred_declaration_scope == "whole_deal" else tiles[at + 1:]
    tiles = set(tiles)
    if tiles.isdisjoint(waits):   # most hands: no wait among the discards
        return ()
    return tuple([w for w in waits if w in tiles])


def penalty_of(rules: Rules) -> tuple[str, int]:
    kind_ = rules.riichi_faulty_ready_penalty
    return kind_, rules.riichi_faulty_ready_amount if kind_ == "fixed" else 0


def validates(rules: Rules) -> bool:
    """Whether the rules check the declaration (obligatory ready has its own switch, §5.2)."""
    return rules.ready_obligatory_validate if rules.ready_mode == "obligatory" else rules.riichi_validate_declaration


def hand_may_change(rules: Rules) -> bool:
    """Obligatory ready usually leaves the announced hand free (§5.1); every other declaration locks it."""
    return rules.ready_mode == "obligatory" and rules.ready_obligatory_hand_may_change


def scoring_defined(preset_scores: bool, rules: Rules) -> bool:
    """Whether a hand can be scored in han (the minimum-score check, evaluate's answers): Japanese scoring of
    13-tile hands. The Taiwanese and European tables score through calculator.scoring.families."""
    return preset_scores and rules.hand_size == 13 and rules.scoring_family == "japanese"


def minimum_checked(rules: Rules) -> bool:
    """Whether the declaration rules score the hand (P5, 'Check hand against minimum points')."""
    return rules.riichi_check_minimum_points and rules.ready_mode in VOLUNTARY


def prerequisites(hand: Hand, river: River, rules: Rules, points, tiles_left) -> tuple[list[str], list[str]]:
    """Failed prerequisites (refused, never penalised) and the ones that could not be checked."""
    return _prerequisites(hand, river, declaring(rules), points, tiles_left)


def _prerequisites(hand: Hand, river: River, p: Declaring, points, tiles_left) -> tuple[list[str], list[str]]:
    failed, unchecked = [], []
    if p.mode == "none":
        return ["declarations_not_used"], []
    if river.declared:
        failed.append("already_declared")
    if p.closed_only and hand.melds and not hand.is_closed:
        failed.append("open_hand")   # P1: closed kongs keep the hand concealed
    if p.wall:
        if tiles_left is None:
            unchecked.append("tiles_left")
        elif tiles_left < p.wall:
            failed.append("too_few_wall_tiles")
    if p.min_points:
        if points is None:
            unchecked.append("points")
        elif points < p.min_points:
            failed.append("too_few_points")
    return failed, unchecked


def meets_minimum(hand: Hand, waits, rules: Rules, winds=("south", "east")) -> bool:
    """P5: some wait reaches the minimum score as a declared hand, by ron or by tsumo (§4.1).

    `winds` are the player's seat and round wind (they decide wind yaku).
    """
    if not scoring_defined(True, rules):
        raise UnsupportedRules("scoring_not_defined", "The minimum-score check (riichi_check_minimum_points) needs "
                               "Japanese scoring, which is defined for 13-tile hands only.", "hand_size")
    riichi = "riichi" if rules.ready_mode == "voluntary_riichi" else "none"
    for w in waits:
        for by in ("ron", "tsumo"):
            sit = Situation(win_by=by, seat_wind=winds[0], round_wind=winds[1], riichi=riichi)
            if score(ScoreRequest(hand=hand, win_tile=w, situation=sit, rules=rules)).is_win:
                return True
    return False


def violations(hand: Hand, waits, river: River, rules: Rules, upto: int | None = None,
               winds=("south", "east")) -> tuple[list[str], list[str]]:
    """Penalisable violations of a declared hand, and non-blocking notes (§4.1 P4-P6, §5.1)."""
    return _violations(hand, waits, river, rules, declaring(rules), upto, winds)


def _violations(hand: Hand, waits, river: River, rules: Rules, p: Declaring, upto: int | None, winds
                ) -> tuple[list[str], list[str]]:
    found, notes = [], []
    if not waits:
        found.append("not_ready")
    elif p.mode == "voluntary_italian" and rules.ready_italian_single_wait_only and len(waits) > 1:
        found.append("more_than_one_wait")
    if waits and p.sacred and sacred_waits(waits, river, rules, upto):
        if not rules.riichi_allow_when_sacred or rules.riichi_missed_tile_kills_hand:
            found.append("sacred_hand")
        elif rules.sacred_discard_variant == "absolute":
            notes.append("tsumo_only")   # Ari-Ari: a sacred hand may declare, then wins only self-drawn (§3.10)
        else:
            notes.append("sacred_hand")  # the milder variants bar ron on some waits only (see /v1/furiten)
    if waits and p.minimum and not meets_minimum(hand, waits, rules, winds):
        found.append("below_minimum_score")
    if p.may_change and found and not p.validated:
        # unvalidated obligatory ready: the hand may change later, so a bluff is not an offence (§5.1)
        notes += found + ["bluff"]
        found = []
    return found, notes


def declaration_outcome(refused: list[str], faulty: list[str], validated: bool) -> str:
    """The first table of RULES.md §4.6: prerequisites refuse; penalisable violations cancel or stand faulty.

    >>> declaration_outcome([], ["not_ready"], True), declaration_outcome([], ["not_ready"], False)
    ('declaration_cancelled', 'faulty_declaration')
    """
    if refused:
        return "declaration_refused"
    if faulty:
        return "declaration_cancelled" if validated else "faulty_declaration"
    return "accepted"


def consequences(outcome: str, notes, rules: Rules) -> dict:
    """What a declaration that stands leads to: later wins, and the cost of not winning."""
    penalty, amount = penalty_of(rules)
    base = {"penalty": penalty, "penalty_amount": amount}
    if outcome in ("declaration_refused", "declaration_cancelled"):
        return {**base, "ron": None, "tsumo": None, "if_not_won": None}
    if outcome == "faulty_declaration":
        return {**base, "ron": "faulty_out", "tsumo": "faulty_out",
                "if_not_won": "faulty_ready_penalty" if penalty != "none" else "none"}
    ron = ("refused" if validates(rules) else "faulty_out") if "tsumo_only" in notes else "allowed"
    bonus_only = rules.ready_mode == "voluntary_french" and rules.ready_french_failed_scores_bonus_tiles_only
    return {**base, "ron": ron, "tsumo": "allowed", "if_not_won": "bonus_tiles_only" if bonus_only else "none",
            "bonus_doubles": rules.ready_bonus_doubles if rules.ready_mode in ("voluntary_french",
                                                                                "voluntary_italian") else 0}


NOTHING_STANDS = ("declaration_refused", "declaration_cancelled")
OUTCOMES = ("accepted", "faulty_declaration") + NOTHING_STANDS   # of declaration_outcome


def first_turn(hand: Hand, river: River, rules: Rules) -> bool | None:
    """Would a riichi declared now be a first-turn one, worth double_riichi_han (§4.4)? Its discard is the
    player's first (the river holds at most that one); with double_riichi_no_calls nobody called before it,
    his own kongs included. None: whether anyone called (calls_before) is not known."""
    if rules.ready_mode != "voluntary_riichi" or len(river.discards) > 1:
        return False
    if not rules.double_riichi_no_calls:
        return True
    if hand.melds or river.calls_before:
        return False
    return None if river.calls_before is None else True


def double_standing(hand: Hand, river: River, rules: Rules, kong_now: bool = False) -> tuple[bool | None, tuple]:
    """Does a declared double riichi still pay as one (§4.4), with the note saying why not.

    With double_riichi_lost_if_changed a kong made after the declaration (`kong_now`, or one among the
    melds when double_riichi_no_calls holds, since one before the declaration would have interrupted the
    first turn) loses it; with double_riichi_no_calls a call before the declaration means it never was one.
    """
    if not river.double or rules.ready_mode != "voluntary_riichi":
        return False, ()
    if rules.double_riichi_no_calls and river.calls_before:
        return False, ("double_riichi_interrupted",)
    kongs = any(m.is_kan for m in hand.melds)
    if rules.double_riichi_lost_if_changed:
        if kong_now or (kongs and rules.double_riichi_no_calls):
            return False, ("double_riichi_lost",)
        if kongs:
            return None, ()   # a kong before the first discard or after the declaration: cannot tell which
    if rules.double_riichi_no_calls and river.calls_before is None:
        return None, ()
    return True, ()


def riichi_allowed(hand: Hand, history, rules: Rules, points: int | None = None,
                   tiles_left: int | None = None, winds=("south", "east"), waits: tuple[int, ...] | None = None
                   ) -> Decision:
    """May a ready declaration be made now (riichi, or the preset's European declaration)?

    `winds` (seat, round) matter only for the minimum-score check (riichi_check_minimum_points). `waits`, for a
    waiting hand, are its hand_waits when the caller has them already (None: worked out here).
    """
    river = river_of(history)
    g = groups_needed(hand, rules)
    if len(hand.concealed) == 3 * g + 2:
        return _best_discard(hand, river, rules, points, tiles_left, winds)
    p = declaring(rules)
    refused, unchecked = _prerequisites(hand, river, p, points, tiles_left)
    if waits is None:
        waits = hand_waits(hand, rules)
    faulty, notes = _violations(hand, waits, river, rules, p, None, winds) if p.mode != "none" else ([], [])
    outcome = declaration_outcome(refused, faulty, p.validated)
    double = first_turn(hand, river, rules) if outcome not in NOTHING_STANDS else False
    # Decision(...) without its frozen __init__'s seventeen guarded assignments (it has no __post_init__): the
    # fields the outcome decides under these rules in one update, then the hand's own
    decision = object.__new__(Decision)
    fields_ = decision.__dict__
    fields_.update(p.decisions[outcome, "tsumo_only" in notes])
    fields_["reasons"], fields_["waits"], fields_["notes"] = tuple(refused + faulty), waits, tuple(notes)
    fields_["unchecked"], fields_["double_riichi"] = tuple(unchecked), double
    return decision


def _best_discard(hand: Hand, river: River, rules: Rules, points, tiles_left, winds) -> Decision:
    """A hand that has just drawn: try each distinct discard (the declaration discard joins the river). The answer
    is the declaration with the first discard, in tile order, that allows it and leaves a ron allowed (not on a
    discarded wait); else the first that allows it; else the one with the fewest reasons against it."""
    best, best_key, good = None, None, []
    for k in sorted({kind(t) for t in hand.concealed}):
        rest = list(hand.concealed)
        rest.remove(next(t for t in rest if kind(t) == k))
        after = river._replace(discards=river.discards + (k,))
        d = riichi_allowed(Hand(tuple(rest), hand.melds), after, rules, points, tiles_left, winds)
        if d.allowed:
            good.append(k)
        key = (not d.allowed, len(d.reasons), d.ron != "allowed")
        if best_key is None or key < best_key:
            best, best_key = replace(d, discard=k), key
    return replace(best, discards=tuple(good))


def closed_riichi_issues(riichi: str, meld_kinds, rules: Rules) -> list[Issue]:
    """`inconsistent_situation` (as /v1/score) for a declared riichi with an open meld, under rules whose
    declaration needs a closed hand (ready_mode voluntary_riichi; closed kongs keep it closed)."""
    if rules.ready_mode != "voluntary_riichi" or riichi == "none":
        return []
    if any(k != "closed_kan" for k in meld_kinds):
        return [Issue("inconsistent_situation", RIICHI_NEEDS_CLOSED, "riichi")]
    return []


def declaration_mark_issues(riichi: str, marks) -> list[Issue]:
    """A declared river shows its declaration discard (`marks`: each discard's riichi flag): the rules judge the
    discards after it otherwise than those before it (a winning tile thrown after it may kill the hand; one
    before it makes a sacred hand). Where a double riichi's mark may be: calculator.furiten.permission."""
    if riichi == "none" or any(marks):
        return []
    return [Issue("riichi_discard_not_marked", "A declared hand's river holds its declaration discard: mark it "
                  "with riichi: true.", "discards")]


def tiles_left_issues(tiles_left: int | None, rules: Rules) -> list[Issue]:
    """No more tiles are left to draw than the live wall holds under the rules."""
    if (tiles_left or 0) > rules.live_wall:
        return [Issue("too_many_tiles_left", f"tiles_left must be at most {rules.live_wall}: the live wall's draws "
                      "under these rules (live_wall).", "tiles_left")]
    return []
