"""POST /v1/evaluate: request and response schemas (API.md "POST /v1/evaluate").

The request is the /v1/ready and /v1/furiten fields plus the /v1/score context; each wait's
`ron` and `tsumo` entries are /v1/score answers (schemas.answers writes them all).
"""
from __future__ import annotations

from marshmallow import fields

from .answers import evaluate_answer, scored_entry
from .fields import MAX_COUNTER, MAX_POINTS, BoundedDict, MAX_WALL, StrictBoolean, StrictInteger, TilesField, \
    seat_field, wind_field
from .furiten import FuritenIn, StateOut
from .messages import INDICATOR_HINTS, Schema
from .notes import NotesOut, with_notes
from .score import KITA_DOC, ScoreOut, bonus_field


class EvaluateIn(FuritenIn):
    unknown_hints = INDICATOR_HINTS
    hand = TilesField(required=True, metadata={
        "description": "Concealed tiles of the waiting position: 13 - 3*melds (16 - 3*melds for 16-tile rules).",
        "example": "123m789p23456s11z"})
    visible = TilesField(load_default=None, metadata={
        "description": "Tiles the player can see elsewhere (others' rivers and melds), to count remaining copies; "
                       "his own river and the indicators are counted from their own fields.", "example": "1s"})
    seat_wind = seat_field(required=True, metadata={"description": "The player's seat (east = dealer)."})
    round_wind = wind_field(required=True, metadata={"description": "The round (prevailing) wind."})
    kita = StrictInteger(maximum=4, load_default=0, metadata={"description": KITA_DOC + " Own kita also count "
                                                              "against the remaining copies of 4z."})
    ippatsu = StrictBoolean(load_default=False, metadata={"description": "A win now would be within one go-around "
                                                                          "of the riichi declaration."})
    dora_indicators = TilesField(load_default=None, metadata={"description": "Dora indicators, as in /v1/score.",
                                                              "example": "0m"})
    ura_dora_indicators = TilesField(load_default=None, metadata={"description": "Ura indicators, as in /v1/score."})
    honba = StrictInteger(maximum=MAX_COUNTER, load_default=0, metadata={"description": "COUNT of honba counters a winner of this deal collects (answers: honba_points)."})
    riichi_sticks = StrictInteger(maximum=MAX_COUNTER, load_default=0, metadata={"description": "COUNT of riichi sticks a winner of this deal collects (answers: riichi_stick_points)."})
    discarder = seat_field(load_default=None, metadata={
        "description": "Optional: the seat whose discard the ron entries are about; without it their `deltas` "
                       "are omitted, as in /v1/score."})
    scores = BoundedDict(max_items=4, what="seats", keys=seat_field(), values=StrictInteger(minimum=-MAX_POINTS, maximum=MAX_POINTS),
                         load_default=None, metadata={"description": "Optional: points per seat, for the riichi "
                                                                     "minimum-points check.",
                                                      "example": {"east": 25000, "south": 25000, "west": 25000,
                                                                  "north": 25000}})
    flowers = bonus_field("Flowers held (numbers 1-4), as in /v1/score: where the rules play bonus tiles "
                          "(taiwanese_16, european_classical, french, italian) the win answers count them.")
    seasons = bonus_field("Seasons held (numbers 1-4), as `flowers`.")
    tiles_left = StrictInteger(maximum=MAX_WALL, load_default=None, allow_none=True, metadata={"description": "Optional: tiles left in the live wall, for the riichi "
                                                         "wall check.", "example": 40})


class BlockedOut(Schema):
    traditional = fields.Boolean(metadata={"description": "Ron on this wait is barred under the traditional variant."})
    extended = fields.Boolean(metadata={"description": "... under the extended variant."})
    one_four_seven = fields.Boolean(metadata={"description": "... under the 1-4-7 variant."})
    absolute = fields.Boolean(metadata={"description": "... under the absolute variant."})


class WaitVerdictOut(Schema):
    ron = fields.Boolean(metadata={"description": "The preset's verdict: may he win on it from a discard."})
    tsumo = fields.Boolean(metadata={"description": "... self-drawn."})
    reasons = fields.List(fields.String(), metadata={"description": "sacred_discard, missed_discard, riichi_furiten, "
                                                                    "dead_hand."})


class EvaluateWaitOut(Schema):
    tile = fields.String(metadata={"description": "The wait (plain kind).", "example": "1s"})
    remaining = fields.Integer(metadata={"description": "Copies not held by the player, not in `visible`, his "
                                                         "river, the indicators or the passed tiles (missed, "
                                                         "missed_after_riichi: they lie in others' rivers; a "
                                                         "copy also in `visible` counts once)."})
    ron_blocked = fields.Nested(BlockedOut, metadata={"description": "Per sacred-discard variant, as /v1/furiten."})
    furiten = fields.Nested(WaitVerdictOut, metadata={"description": "The preset's furiten verdict for this wait."})
    ron = fields.Nested(ScoreOut, metadata={"description": "The /v1/score answer for winning on it by ron (with the "
                                                           "history); {is_win: false, reasons: "
                                                           "[scoring_not_defined]} where hand scoring is not defined "
                                                           "(presets without scoring, a hand size the rules' "
                                                           "family does not score). Under taiwanese_16 and the "
                                                           "European presets: their tai or points answer."})
    tsumo = fields.Nested(ScoreOut, metadata={"description": "The same by tsumo."})


class RiichiBriefOut(Schema):
    allowed = fields.Boolean(metadata={"description": "May a ready declaration be made now (POST /v1/riichi)."})
    reasons = fields.List(fields.String(), metadata={"description": "Why not (see POST /v1/riichi)."})
    outcome = fields.String(metadata={"description": "accepted, declaration_refused, declaration_cancelled or "
                                                     "faulty_declaration."})
    unchecked = fields.List(fields.String(), metadata={"description": "Prerequisites not checked for lack of input."})


class FuritenBriefOut(Schema):
    variant = fields.String(metadata={"description": "The preset's sacred-discard variant."})
    temporary = fields.Nested(StateOut, metadata={"description": "Missed-discard furiten."})
    riichi_furiten = fields.Nested(StateOut, metadata={"description": "Riichi furiten."})


class EvaluateOut(NotesOut):
    preset = fields.String(metadata={"description": "The preset used."})
    shanten = fields.Integer(metadata={"description": "0 ready, n tiles away otherwise."})
    ready = fields.Boolean(metadata={"description": "At least one tile completes the hand."})
    forms = fields.List(fields.String(), metadata={"description": "regular / chiitoitsu / kokushi forms that are ready."})
    waits = fields.List(fields.Nested(EvaluateWaitOut), metadata={"description": "Every wait, in tile order."})
    furiten = fields.Nested(FuritenBriefOut, metadata={"description": "The preset's furiten state."})
    riichi = fields.Nested(RiichiBriefOut, metadata={"description": "May a riichi (the preset's ready declaration) "
                                                                    "be declared now."})

    def dump(self, obj, *, many=None):
        """The answer of a (preset, Evaluation) pair, as schemas.answers writes it."""
        return evaluate_answer(*obj)


def evaluate_notes(out: dict, notes, preset: str, rules) -> dict:
    """The dumped answer with the request's notes, at the top and in each entry that is a /v1/score answer (not in
    those that stand for a win that cannot exist: no copies left, or no hand scoring in the rules)."""
    for w in out["waits"]:
        for key in ("ron", "tsumo"):
            if scored_entry(w[key]):
                with_notes(w[key], notes, preset, rules)
    return with_notes(out, notes, preset, rules)
