"""POST /v1/riichi: request and response schemas (ready declarations, RULES.md §4-§5)."""
from __future__ import annotations

from dataclasses import fields as dc_fields

from marshmallow import fields, pre_dump

from calculator.furiten.permission import RIICHI_STATES
from calculator.core.hand import SEATS
from calculator.core.tiles import name

from .messages import OneOf, Schema
from .fields import Choice, MAX_POINTS, MAX_WALL, StrictBoolean, StrictInteger, TilesField, seat_field
from .notes import NotesOut
from .furiten import FuritenIn

EVENTS = ("passed", "drawn", "kan", "win")


class EventIn(Schema):
    kind = Choice(required=True, validate=OneOf(EVENTS), metadata={
        "description": "passed: the player just let a discard of `tile` go by; drawn: he drew `tile` and threw it "
                       "(after riichi every non-winning draw is thrown); kan: he wants a kong of `tile` (the tile "
                       "just drawn, or claimed for an open_kan); win: he declares a win on `tile` by `by`."})
    tile = TilesField(single=True, load_default=None, metadata={
        "description": "The tile concerned. Required for every event, a win included (the winning tile decides "
                       "the waiting hand, so furiten and the rules after a declaration); only a complete 14-tile "
                       "hand with an empty history (no discards, nothing passed, no declaration: the dealt hand) "
                       "may leave it out.", "example": "7m"})
    by = Choice(load_default="tsumo", validate=OneOf(("ron", "tsumo")), metadata={
        "description": "win only: ron or tsumo."})
    meld = Choice(load_default="closed_kan", validate=OneOf(("closed_kan", "added_kan", "open_kan")),
                         metadata={"description": "kan only: closed_kan, added_kan (promote a melded pon) or "
                                                  "open_kan (claim a discard)."})


class RiichiIn(FuritenIn):
    hand = TilesField(required=True, metadata={
        "description": "Concealed tiles. Before a declaration: 13 - 3*melds (the position after the declaration "
                       "discard; put that discard last in `discards`) or 14 - 3*melds right after a draw (each "
                       "discard is tried; the chosen one joins the river). After a declaration: the declared hand, "
                       "13 - 3*melds (14 - 3*melds only with a win event). 16-tile rules: add 3.",
        "example": "234567m234p67s55s"})
    riichi = Choice(load_default="none", validate=OneOf(RIICHI_STATES), metadata={
        "description": "none (phase declaration), riichi or double_riichi (phase after_declaration). A declared "
                       "river must mark its declaration discard with riichi: true (422 riichi_discard_not_marked), "
                       "the first discard for double_riichi (422 double_riichi_not_first_discard): the rules judge "
                       "the discards after it otherwise than those before it."})
    points = StrictInteger(minimum=-MAX_POINTS, maximum=MAX_POINTS, load_default=None, allow_none=True, metadata={
        "description": "The player's score before paying the stake, for the minimum-points prerequisite "
                       "(riichi_min_points); unknown = not checked.", "example": 25000})
    tiles_left = StrictInteger(maximum=MAX_WALL, load_default=None, allow_none=True, metadata={"description": "Tiles left in the live wall now, for the wall "
                                                         "prerequisite; unknown = not checked.", "example": 40})
    seat_wind = seat_field(load_default="south", metadata={
        "description": "The player's seat wind (only for riichi_check_minimum_points)."})
    round_wind = Choice(load_default="east", validate=OneOf(SEATS), metadata={
        "description": "The round wind (only for riichi_check_minimum_points)."})
    calls_before = StrictBoolean(load_default=None, allow_none=True, metadata={
        "description": "Optional: someone made a call (chi, pon or kong, concealed kongs included) this deal "
                       "before the declaration. Only for the first-turn declaration (double riichi) under "
                       "double_riichi_no_calls; unknown = double_riichi is null where it matters."})
    event = fields.Nested(EventIn, load_default=None, allow_none=True, metadata={
        "description": "Optional: what happens now. Without `riichi` (none) only a win event is allowed (European "
                       "obligatory ready: may he win without an earlier announcement?).",
        "example": {"kind": "kan", "tile": "7m"}})


def _tile_names(tiles) -> list[str]:
    return [name(t) for t in tiles]


class PenaltyOut(Schema):
    kind = fields.String(metadata={"description": "The rules' faulty-ready penalty: none, chombo, as_faulty_out, "
                                                  "fixed."})
    amount = fields.Integer(metadata={"description": "Points for a fixed penalty (0 otherwise)."})


class KanOut(Schema):
    allowed = fields.Boolean(metadata={"description": "The kong may be made."})
    outcome = fields.String(metadata={"description": "allowed; refused (validated rules stop it); faulty (the rules "
                                                     "do not validate: the kong stands, a later win is a faulty out)."})
    reasons = fields.List(fields.String(), metadata={"description": "kan_forbidden, waits_changed, reading_changed, "
                                                                    "hand_locked, hand_frozen."})
    waits_before = fields.Function(lambda d: _tile_names(d.waits_before), metadata={"description": "Waits now."})
    waits_after = fields.Function(lambda d: _tile_names(d.waits_after), metadata={
        "description": "Waits after the kong (a wait needing a fifth copy does not count)."})


class WinDeclarationOut(Schema):
    """The verdict on declaring a win now (a win event): may it be declared, and if not, why."""
    allowed = fields.Boolean(metadata={"description": "The win may be declared."})
    outcome = fields.String(metadata={"description": "allowed, refused, or faulty_out (declaring it is a faulty "
                                                     "out under self-policing rules)."})
    reasons = fields.List(fields.String(), metadata={"description": "not_complete, not_declared, "
                                                                    "first_turn_complete_hand, same_turn_win_allowed, "
                                                                    "the after-declaration reasons, or furiten with "
                                                                    "the furiten engine's codes (sacred_discard, "
                                                                    "missed_discard, riichi_furiten, dead_hand)."})


class RiichiOut(NotesOut):
    preset = fields.String(metadata={"description": "The preset used."})
    mode = fields.String(metadata={"description": "The rules' ready_mode: none, obligatory, voluntary_riichi, "
                                                  "voluntary_french, voluntary_italian."})
    phase = fields.String(metadata={"description": "declaration (riichi none: may he declare now) or "
                                                   "after_declaration (riichi or double_riichi)."})
    allowed = fields.Boolean(metadata={"description": "declaration: a legitimate declaration can be made now; "
                                                      "after_declaration: the declaration stands with no violation."})
    outcome = fields.String(metadata={"description": "declaration: accepted, declaration_refused (a prerequisite, "
                                                     "no penalty), declaration_cancelled (validated violation, no "
                                                     "penalty), faulty_declaration (unvalidated: it stands and is "
                                                     "penalised later). after_declaration: standing, win_refused "
                                                     "(no win on a discard), dead_hand, faulty_out (a later claim "
                                                     "is a faulty out), or the declaration outcomes above."})
    reasons = fields.List(fields.String(), metadata={
        "description": "Prerequisites: declarations_not_used, already_declared, open_hand, too_few_wall_tiles, "
                       "too_few_points. Penalisable: not_ready, more_than_one_wait, below_minimum_score, "
                       "sacred_hand. After: threw_winning_tile, passed_winning_tile."})
    waits = fields.List(fields.String(), metadata={"description": "Structural waits of the (declared) hand."})
    ron = fields.String(allow_none=True, metadata={"description": "A later win on a discard: allowed, refused, "
                                                                  "faulty_out; null when no declaration stands."})
    tsumo = fields.String(allow_none=True, metadata={"description": "A later self-drawn win, same values."})
    if_not_won = fields.String(allow_none=True, metadata={
        "description": "none; faulty_ready_penalty (charged at an exhaustive draw); bonus_tiles_only (French: a "
                       "declarer who does not win scores only Flowers and Seasons); null when nothing stands."})
    penalty = fields.Nested(PenaltyOut, metadata={"description": "Only when something may be penalised (allowed "
                                                 "false, or if_not_won faulty_ready_penalty): the faulty-ready penalty "
                                                 "the rules configure. An allowed declaration carries none."})
    bonus_doubles = fields.Integer(metadata={"description": "French/Italian extra doubles for winning the declared "
                                                            "hand."})
    notes = fields.List(fields.String(), metadata={
        "description": "Non-blocking remarks: tsumo_only (sacred hand under Ari-Ari), bluff (unvalidated obligatory "
                       "ready on a hand that is not ready), sacred_discard_variant_applies, "
                       "missed_discard_rule_applies, double_riichi_interrupted (a call came before it), "
                       "double_riichi_lost (the hand changed after it, double_riichi_lost_if_changed)."})
    unchecked = fields.List(fields.String(), metadata={"description": "Prerequisites not checked for lack of input: "
                                                                      "points, tiles_left."})
    discards = fields.List(fields.String(), metadata={
        "description": "With a 14 - 3*melds hand: the discards after which a declaration is allowed."})
    discard = fields.String(allow_none=True, metadata={
        "description": "With a 14 - 3*melds hand: the discard that the other fields (allowed, outcome, reasons, "
                       "waits, ron, tsumo, notes) describe the declaration with: the first of `discards`, in tile "
                       "order, after which a ron stays allowed (none of the waits already in the river); else the "
                       "first of `discards`; else, when no discard allows a declaration, the one with the fewest "
                       "reasons against it. null for a 13 - 3*melds hand.", "example": "9m"})
    double_riichi = fields.Boolean(allow_none=True, metadata={
        "description": "declaration: a declaration now is a first-turn one (double riichi, worth double_riichi_han: "
                       "its discard is the first, and under double_riichi_no_calls nobody called before it). "
                       "after_declaration: a declared double riichi still pays as one. null: not known (calls_before "
                       "missing, or a kong whose time cannot be told)."})
    kan = fields.Nested(KanOut, metadata={"description": "Only with a kan event."})
    win = fields.Nested(WinDeclarationOut, metadata={"description": "Only with a win event."})

    @pre_dump
    def flatten(self, d, **kw):
        out = {f.name: getattr(d, f.name) for f in dc_fields(d)}
        out.update(waits=_tile_names(d.waits), discards=_tile_names(d.discards),
                   discard=None if d.discard is None else name(d.discard),
                   penalty={"kind": d.penalty, "amount": d.penalty_amount})
        if d.allowed and d.if_not_won != "faulty_ready_penalty":
            del out["penalty"]   # nothing to penalise: no object that reads as a penalty due
        return out


_RIICHI_OUT, _KAN_OUT, _WIN_OUT = RiichiOut(), KanOut(), WinDeclarationOut()   # stateless, built once


def riichi_answer(req, decision, phase: str, extra) -> dict:
    """The response object: the Decision plus the phase and the event's verdict."""
    out = {"preset": req.preset, "phase": phase, **_RIICHI_OUT.dump(decision)}
    if extra is not None:
        key = "kan" if hasattr(extra, "waits_after") else "win"
        out[key] = (_KAN_OUT if key == "kan" else _WIN_OUT).dump(extra)
    return out
