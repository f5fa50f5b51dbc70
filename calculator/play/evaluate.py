"""Evaluate: everything about a waiting position at once, by composing the other stages.

Input: an EvaluateRequest (a Hand of 13 - 3*melds tiles, or 16 - 3*melds; the History; the tiles
visible elsewhere; the win context of /v1/score: winds, riichi, ippatsu, indicators, counters,
sticks, discarder; the player's points and the tiles left in the wall; Rules). Output: an
Evaluation: shanten and waits with remaining copies (ready), the furiten variants and verdict
(furiten), the score of a ron and of a tsumo on every wait (scoring, with the same History, so a
furiten win is refused exactly as /v1/score refuses it), and whether a riichi may be declared
now (declarations). Nothing is re-implemented here.
"""
from __future__ import annotations

from dataclasses import MISSING, fields
from typing import NamedTuple

from calculator.play.declarations import Decision, riichi_allowed
from calculator.scoring.facts import Situation
from calculator.furiten.permission import (FuritenResult, History, PermissionContext, TileVerdict, furiten_with_context,
                                           restricts_nothing)
from calculator.core.hand import Hand, overlapping
from calculator.readings.ready import ReadyResult, readiness
from calculator.rules import Rules
from calculator.scoring.families import score_hand
from calculator.scoring.japanese import PairPlan, ScoreRequest, ScoreResult, pair_tiles, plan_pair, score_pair
from calculator.core.tiles import KIND, NORTH, NUM_KINDS, counts_of

NO_COPIES_LEFT = ScoreResult(False, ("no_copies_left",))
_RED_OF = {KIND[code]: code for code in range(NUM_KINDS, NUM_KINDS + 3)}   # [kind of a five] -> its red five's code


class EvaluateRequest(NamedTuple):   # immutable; a named tuple: built on every request, eighteen fields
    hand: Hand
    history: History
    rules: Rules
    seat_wind: str
    round_wind: str
    visible: tuple[int, ...] = ()
    ippatsu: bool = False
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    discarder: str | None = None
    points: int | None = None
    tiles_left: int | None = None
    scoring: bool = True            # hand scoring is defined (declarations.scoring_defined; false: not scored)
    kita: int = 0                   # norths the player set aside this deal (three players)
    flowers: tuple[int, ...] = ()   # bonus tiles held, where the family scores them
    seasons: tuple[int, ...] = ()


class WaitEvaluation(NamedTuple):
    tile: int
    remaining: int
    ron_blocked: tuple[tuple[str, bool], ...]   # per sacred-discard variant, in furiten.VARIANTS order
    verdict: TileVerdict                        # the preset's furiten verdict for this wait
    ron: ScoreResult | None                     # None when the preset has no hand scoring; the family's result
    tsumo: ScoreResult | None


class Evaluation(NamedTuple):
    ready: ReadyResult
    furiten: FuritenResult
    waits: tuple[WaitEvaluation, ...]
    riichi: Decision


def _asks(req: EvaluateRequest, situations, context: PermissionContext | None) -> tuple[ScoreRequest, ScoreRequest]:
    """The /v1/score requests of a ron and of a tsumo (ura indicators count only for a riichi winner there too),
    on no tile yet (score_pair takes the tile apart; `_on` gives a wait's for the other families). `context` is the
    history's furiten work, shared by every wait; None when it restricts no win (the requests then carry no
    history: the furiten check would allow every one)."""
    ron, tsumo = situations
    # ScoreRequest(req.hand, -1, ron, ...) and the same for the tsumo, without their frozen __init__'s nineteen guarded
    # assignments (a ScoreRequest has no __post_init__): the fields set one by one (no keyword dict to build)
    ask = _blank(ScoreRequest)
    fields = ask.__dict__
    fields.update(_ASK_DEFAULTS)
    fields["hand"], fields["win_tile"], fields["situation"] = req.hand, -1, ron
    fields["dora_indicators"], fields["ura_indicators"] = req.dora_indicators, req.ura_indicators
    fields["honba"], fields["riichi_sticks"], fields["discarder"] = req.honba, req.riichi_sticks, req.discarder
    fields["rules"], fields["furiten_context"] = req.rules, context
    fields["history"] = None if context is None else req.history
    fields["flowers"], fields["seasons"] = req.flowers, req.seasons
    other = _blank(ScoreRequest)
    tsumo_fields = other.__dict__
    tsumo_fields.update(fields)
    tsumo_fields["situation"], tsumo_fields["discarder"] = tsumo, None
    return ask, other


_blank = object.__new__
# a ScoreRequest's plain defaults (rules has a default factory: _asks always sets it)
_ASK_DEFAULTS = {f.name: f.default for f in fields(ScoreRequest) if f.default is not MISSING}
_new = tuple.__new__   # _new(NamedTupleClass, fields): skips the generated __new__'s Python frame


def _on(ask: ScoreRequest, tile: int, **changes) -> ScoreRequest:
    """`ask` on `tile` (with `changes`): dataclasses.replace without running the frozen __init__'s eighteen
    guarded assignments again (a ScoreRequest has no __post_init__; its fields are copied as they are)."""
    out = _blank(ScoreRequest)
    fields = out.__dict__
    fields.update(ask.__dict__)
    fields["win_tile"] = tile
    if changes:
        fields.update(changes)
    return out


def _scores(tile: int, asks: tuple[ScoreRequest, ScoreRequest], plan: PairPlan | None) -> tuple:
    """The win on `tile` by ron and by tsumo: exactly the /v1/score requests for it, scored with the rules' family
    table; under Japanese scoring the tile's readings and dora count are shared by the two (score_pair, with the
    plan of `asks`, the two requests on no tile)."""
    if plan is None:
        return score_hand(_on(asks[0], tile)), score_hand(_on(asks[1], tile))
    return score_pair(plan, tile, pair_tiles(plan, tile))


_SITUATIONS: dict[tuple, Situation] = {}   # the win situations evaluate asks about, by their six values
_SITUATION_CACHE = 1 << 10                 # winds, riichi state, ippatsu and a few kita: a few hundred occur; emptied past it


def win_situation(*values) -> Situation:
    """Situation(win_by, seat_wind, round_wind, riichi, ippatsu, kita=...), one shared immutable value per
    combination (a Situation has sixteen fields: building one costs more than looking it up)."""
    found = _SITUATIONS.get(values)
    if found is None:
        if len(_SITUATIONS) >= _SITUATION_CACHE:
            _SITUATIONS.clear()
        by, seat, rnd, riichi, ippatsu, kita = values
        found = _SITUATIONS[values] = Situation(by, seat, rnd, riichi, ippatsu, kita=kita)
    return found


def passed_unlisted(visible, history: History) -> tuple[int, ...]:
    """The passed tiles (missed, missed_after_riichi) that `visible` does not already show.

    A passed tile lies in another player's river, so it is seen by definition. The client may list it in
    `visible` too, and the two passed lists overlap (a tile passed since the last discard after a riichi
    is in both), so per kind only the copies beyond the largest of the three counts are added.

    >>> passed_unlisted((22,), History(missed=(22, 22), missed_after_riichi=(22,)))
    (22,)
    """
    if not history.missed and not history.missed_after_riichi:
        return ()
    groups = overlapping([("visible", tuple(visible)), ("missed_after_riichi", history.missed_after_riichi),
                          ("missed", history.missed)])
    return tuple(KIND[t] for _, codes in groups[1:] for t in codes)


def evaluate(req: EvaluateRequest) -> Evaluation:
    """Readiness, furiten, the ron and tsumo score of every wait, and the riichi decision."""
    # the own river, the indicators and the passed tiles are seen too: they count against the remaining copies
    own = tuple([d.tile for d in req.history.discards]) + req.dora_indicators + req.ura_indicators + \
        (NORTH,) * req.kita
    ready = readiness(req.hand, req.visible + own + passed_unlisted(req.visible, req.history), req.rules)
    fur, context = furiten_with_context(req.hand, req.history, req.rules)
    verdicts = {v.tile: v for v in fur.verdict.tiles}
    # a wait whose four copies are all in the hand, the river, the indicators or the passed tiles cannot
    # be won on; /v1/score refuses such a win as an impossible position (a 422). A kong's kind may have
    # been passed once before the kong was made (schemas.furiten.history_tiles counts it the same way)
    hand = req.hand
    held = (hand.all_codes() if hand.melds else hand.concealed) + own
    gone = None   # without passed tiles, a wait's copies gone are counted in `held` alone (C-level tuple.count)
    passed = passed_unlisted((), req.history)
    if passed:
        gone = counts_of(held)
        passed = counts_of(passed)
        for m in req.hand.melds:
            if m.is_kan:
                passed[m.base] = max(0, passed[m.base] - 1)
        gone = [a + b for a, b in zip(gone, passed)]
    out = []
    if req.scoring and ready.waits:
        asks = _asks(req, [win_situation(by, req.seat_wind, req.round_wind, req.history.riichi, req.ippatsu, req.kita)
                           for by in ("ron", "tsumo")], None if restricts_nothing(context, req.rules) else context)
        plan = plan_pair(*asks) if req.rules.scoring_family == "japanese" else None
    variants = fur.variants
    # no variant bars any wait (most positions): every wait's ron_blocked is the same
    clear = None if any(v.ron_blocked for v in variants) else tuple([(v.name, False) for v in variants])
    for w in ready.waits:
        blocked = clear or tuple([(v.name, w.tile in v.ron_blocked) for v in variants])
        ron = tsumo = None
        if req.scoring and (gone[w.tile] if gone is not None else
                            held.count(w.tile) + held.count(_RED_OF.get(w.tile))) >= 4:
            ron = tsumo = NO_COPIES_LEFT
        elif req.scoring:
            ron, tsumo = _scores(w.tile, asks, plan)
        out.append(_new(WaitEvaluation, (w.tile, w.remaining, blocked, verdicts[w.tile], ron, tsumo)))
    # readiness looked for the waits (with hand_waits' very call) when the shanten said the hand is ready
    known = tuple(sorted([w.tile for w in ready.waits])) if ready.discards is None and ready.shanten == 0 else None
    decision = riichi_allowed(req.hand, req.history, req.rules, req.points, req.tiles_left,
                              (req.seat_wind, req.round_wind), known)
    return _new(Evaluation, (ready, fur, tuple(out), decision))
