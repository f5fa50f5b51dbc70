"""POST /v1/kuikae: request and response schemas."""
from __future__ import annotations

from marshmallow import fields

from .messages import OneOf
from .base import RequestSchema
from .fields import Choice, MeldIn, melds_field, RulesField, TilesField
from .notes import NotesOut
from .ready import TileName


class CallIn(MeldIn):
    kind = Choice(required=True, validate=OneOf(("chi", "pon")),
                         metadata={"description": "chi or pon (kuikae concerns only these calls)."})
    called = TilesField(single=True, required=True, metadata={"description": "The claimed tile.", "example": "4s"})


class KuikaeIn(RequestSchema):
    hand = TilesField(required=True, metadata={
        "description": "Concealed tiles right after the call, before the discard: 14 - 3*(melds + 1), i.e. "
                       "without the call's tiles (17 - 3*(melds + 1) for 16-tile rules).",
        "example": "1s456m789p1122z"})
    melds = melds_field("Melds made before this call.")
    call = fields.Nested(CallIn, required=True, metadata={
        "description": "The chi or pon just made: all its tiles and the claimed tile.",
        "example": {"kind": "chi", "tiles": "234s", "called": "4s", "from": "north"}})
    discard = TilesField(single=True, load_default=None, metadata={
        "description": "Optional: the discard the player proposes right after the call.", "example": "1s"})
    rules = RulesField()


class KuikaeOut(NotesOut):
    preset = fields.String(metadata={"description": "The preset used."})
    mode = fields.String(metadata={"description": "The rules' kuikae_mode: allowed, same_tile_forbidden or "
                                   "same_and_other_side_forbidden."})
    forbidden = fields.List(TileName(), metadata={"description": "Tile kinds that may not be discarded this turn."})
    legal_discards = fields.List(TileName(), metadata={"description": "Held tile kinds that may be discarded."})
    call_allowed = fields.Boolean(metadata={"description": "False when no legal discard is left and the rules "
                                            "never offer such a call (kuikae_no_legal_discard = call_not_offered)."})
    no_legal_discard = fields.String(allow_none=True, metadata={
        "description": "null while a legal discard exists; otherwise the rules' consequence: "
                       "cancel_claim_with_penalty or call_not_offered."})
    discard = TileName(allow_none=True, metadata={"description": "The proposed discard (plain kind), or null."})
    allowed = fields.Boolean(allow_none=True, metadata={"description": "Whether the proposed discard is allowed "
                                                        "(null without one)."})
    reasons = fields.List(fields.String(), metadata={
        "description": "kuikae_same_tile, kuikae_other_side (why the discard is forbidden); no_legal_discard with "
                       "claim_cancelled or call_not_offered."})
