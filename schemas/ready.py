"""POST /v1/ready: request and response schemas."""
from __future__ import annotations

from marshmallow import fields

from calculator.core.tiles import name

from .messages import Schema
from .answers import ready_answer
from .base import RequestSchema
from .fields import melds_field, RulesField, TilesField
from .notes import NotesOut


class ReadyIn(RequestSchema):
    hand = TilesField(required=True, metadata={
        "description": "Concealed tiles: 13 - 3*melds, or 14 - 3*melds right after a draw (16/17 for 16-tile rules).",
        "example": "123m456p789s2345s"})
    melds = melds_field()
    visible = TilesField(load_default=None, metadata={
        "description": "Tiles the player can see elsewhere (rivers, others' melds, indicators), to count remaining copies.",
        "example": "1s"})
    rules = RulesField()


class TileName(fields.Field):
    def _serialize(self, value, attr, obj, **kw):
        return None if value is None else name(value)


class WaitOut(Schema):
    tile = TileName(metadata={"description": "A tile kind that completes the hand (plain notation).", "example": "2s"})
    remaining = fields.Integer(metadata={"description": "Copies not held by the player and not in `visible`."})


class DiscardOut(Schema):
    tile = TileName(metadata={"description": "The discard.", "example": "9m"})
    shanten = fields.Integer(metadata={"description": "Shanten after this discard (0 = ready)."})
    ready = fields.Boolean(metadata={"description": "After this discard at least one tile completes the hand: "
                                     "`waits` is not empty (shanten 0 whose only waits need a fifth copy is not "
                                     "ready, unless fifth_tile_wait_counts)."})
    waits = fields.List(fields.Nested(WaitOut))


class ReadyOut(NotesOut):
    preset = fields.String(metadata={"description": "The preset used."})
    shanten = fields.Integer(metadata={"description": "-1 complete, 0 ready, n tiles away otherwise."})
    ready = fields.Boolean(metadata={"description": "13 - 3*melds tiles: at least one tile completes the hand "
                                     "(`waits` is not empty). A hand that has just drawn (14 - 3*melds): some discard "
                                     "leaves it ready, i.e. some entry of `discards` has ready true; its waits are "
                                     "listed per discard, and the top-level `waits` is then always empty."})
    complete = fields.Boolean(metadata={"description": "The hand (with its drawn tile) is already complete."})
    waits = fields.List(fields.Nested(WaitOut), metadata={"description": "Structural waits, in tile order (13 - "
                                                          "3*melds tiles; empty for a drawn hand: see discards)."})
    shanten_by_form = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "Shanten per form the hand can take: regular (four groups and a pair; five groups and a pair "
                       "for 16-tile hands), and for a closed 13-tile hand chiitoitsu (seven pairs) and kokushi "
                       "(thirteen orphans). -1 complete in that form. For a drawn hand: the best any discard leaves "
                       "in that form (-1 if complete now). `shanten` is the smallest of them.",
        "example": {"regular": 0, "chiitoitsu": 3, "kokushi": 9}})
    forms = fields.List(fields.String(), metadata={"description": "regular / chiitoitsu / kokushi forms that are "
                                                   "ready (or complete, for a drawn hand)."})
    discards = fields.List(fields.Nested(DiscardOut), metadata={
        "description": "Only for a hand that has just drawn: each distinct discard, best first."})

    def dump(self, obj, *, many=None):
        """The answer of a ReadyResult, as schemas.answers writes it."""
        return ready_answer(None, obj)
