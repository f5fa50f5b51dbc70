"""POST /v1/furiten: request and response schemas, and the reusable `history` part.

`HistoryIn` holds the history fields exactly as API.md names them; /v1/furiten takes them at the
top level, /v1/score nests them under `history` (intake.history reads them into a calculator History).
/v1/evaluate and /v1/riichi build on FuritenIn.
"""
from __future__ import annotations

from marshmallow import fields

from calculator.furiten.permission import RIICHI_STATES

from .messages import OneOf, Schema
from .answers import furiten_answer
from .base import RequestSchema
from .notes import NotesOut
from .fields import Choice, BoundedList, RulesField, melds_field, StrictBoolean, StrictInteger, TilesField

MAX_RIVER = 40     # one river holds at most ~30 tiles; more cannot be a real deal
MAX_PASSED = 136   # the tiles passed by one player: at most the other rivers together


class DiscardIn(Schema):
    tile = TilesField(single=True, required=True, metadata={"description": "The discarded tile.", "example": "4s"})
    called = StrictBoolean(load_default=False, metadata={"description": "An opponent claimed it (it still counts)."})
    riichi = StrictBoolean(load_default=False, metadata={"description": "This discard declared riichi."})


def _tile_list(description: str):
    return BoundedList(TilesField(single=True), max_items=MAX_PASSED, what="passed tiles", load_default=list,
                       metadata={"description": description, "example": ["7s"]})


class HistoryIn(Schema):
    """The player's own river and the tiles passed, as /v1/furiten and /v1/score's `history` take them."""

    discards = BoundedList(fields.Nested(DiscardIn), max_items=MAX_RIVER, what="discards in one river", load_default=list,
                           metadata={"description": "Own river, oldest first, including tiles others claimed.",
                                     "example": [{"tile": "1z"}, {"tile": "9m"}, {"tile": "4s", "called": True}]})
    missed = _tile_list("Tiles others discarded since the player's own last discard that he did not win on (and, "
                        "where the missed-discard rule binds self-draws, tiles he drew and did not win on).")
    missed_after_riichi = _tile_list("Tiles others discarded since the player's riichi that he did not win on.")
    riichi = Choice(load_default="none", validate=OneOf(RIICHI_STATES), metadata={
        "description": "none, riichi or double_riichi. Mark the declaring discard with riichi: true: the "
                       "riichi_first_selfdraw_required rule judges the discards after it."})
    sacred_declared_at = StrictInteger(maximum=MAX_RIVER - 1, load_default=None, allow_none=True, metadata={
        "description": "Index into discards of a 'sacred discard' declaration, if the rules allow one."})


class FuritenIn(HistoryIn, RequestSchema):
    hand = TilesField(required=True, metadata={
        "description": "Concealed tiles without the winning tile: 13 - 3*melds (16 - 3*melds for 16-tile rules).",
        "example": "123m789p23456s11z"})
    melds = melds_field()
    rules = RulesField()


# --- response ---

class ReadingOut(Schema):
    form = fields.String(metadata={"description": "regular, chiitoitsu or kokushi."})
    group = fields.String(metadata={"description": "The group or pair the winning tile completes.", "example": "456s"})
    partial = fields.String(metadata={"description": "That group minus the winning tile.", "example": "56s"})
    wait = fields.String(metadata={"description": "Wait shape: ryanmen, kanchan, penchan, shanpon, tanki, kokushi..."})


class VariantOut(Schema):
    furiten = fields.Boolean(metadata={"description": "Some wait is barred from ron under this variant."})
    ron_allowed = fields.List(fields.String(), metadata={"description": "Waits on which ron is allowed."})
    ron_blocked = fields.List(fields.String(), metadata={"description": "Waits on which ron is forbidden."})
    readings = fields.Dict(keys=fields.String(), values=fields.List(fields.Nested(ReadingOut)), metadata={
        "description": "one_four_seven only: per allowed wait, the readings that make it allowed (the partial no "
                       "own discard completes); a win allowed through some readings is scored through them."})


class VariantsOut(Schema):
    traditional = fields.Nested(VariantOut, metadata={"description": "No ron on a tile identical to the last discard."})
    extended = fields.Nested(VariantOut, metadata={"description": "No ron on a tile identical to any own discard."})
    one_four_seven = fields.Nested(VariantOut, metadata={
        "description": "No ron on a tile whose every reading completes a partial some own discard completes."})
    absolute = fields.Nested(VariantOut, metadata={"description": "A wait in the river bars every ron."})


class StateOut(Schema):
    furiten = fields.Boolean(metadata={"description": "The rule binds now."})
    tiles = fields.List(fields.String(), metadata={"description": "The waits that were passed (its cause)."})


class VerdictOut(Schema):
    variant = fields.String(metadata={"description": "The sacred-discard variant of the preset (or none)."})
    ron = fields.Dict(keys=fields.String(), values=fields.Boolean(),
                      metadata={"description": "Per wait: may the player win on it from a discard."})
    tsumo = fields.Dict(keys=fields.String(), values=fields.Boolean(),
                        metadata={"description": "Per wait: may the player win on it self-drawn."})
    reasons = fields.Dict(keys=fields.String(), values=fields.List(fields.String()), metadata={
        "description": "Per wait: sacred_discard, missed_discard, riichi_furiten, dead_hand (empty when free)."})


class FuritenOut(NotesOut):
    preset = fields.String(metadata={"description": "The preset used."})
    ready = fields.Boolean(metadata={"description": "The hand waits on at least one tile."})
    waits = fields.List(fields.String(), metadata={"description": "Structural waits, in tile order."})
    variants = fields.Nested(VariantsOut, metadata={"description": "All four sacred-discard variants, always."})
    temporary = fields.Nested(StateOut, metadata={"description": "Missed-discard (temporary) furiten of the preset."})
    riichi_furiten = fields.Nested(StateOut, metadata={
        "description": "Riichi furiten: a wait passed after riichi (binding when riichi_first_discard_required)."})
    verdict = fields.Nested(VerdictOut, metadata={
        "description": "The preset's variant combined with temporary and riichi furiten and the riichi options."})

    def dump(self, obj, *, many=None):
        """The answer of a (preset, FuritenResult) pair, as schemas.answers writes it."""
        return furiten_answer(*obj)
