"""POST /v1/efficiency: request and response schemas and the answer writer.

The request reads as /v1/ready's (hand, melds, visible, rules) plus the player's own river (`discards`, the
objects /v1/furiten takes) for the sacred-discard marks (intake.efficiency reads it); `efficiency_answer` is
the one writer of the answer (EfficiencyOut documents it; tests/api/test_efficiency_api.py checks the two agree).
"""
from __future__ import annotations

from marshmallow import fields, post_dump

from calculator.core.tiles import name
from calculator.readings.efficiency import Choice, Efficiency

from .base import RequestSchema
from .messages import Schema
from .fields import BoundedList, RulesField, StrictBoolean, TilesField, melds_field
from .furiten import MAX_RIVER, DiscardIn
from .notes import NotesOut
from .ready import TileName


class EfficiencyIn(RequestSchema):
    hand = TilesField(required=True, metadata={
        "description": "Concealed tiles: 14 - 3*melds right after a draw (each discard is then weighed), or "
                       "13 - 3*melds (the hand as it stands); 17/16 - 3*melds under 16-tile rules.",
        "example": "1239m4578p1336s1z5z"})
    melds = melds_field()
    visible = TilesField(load_default=None, metadata={
        "description": "Tiles the player can see elsewhere (rivers, others' melds, dora indicators): each one "
                       "lowers the `remaining` copies of its kind.", "example": "1s9p"})
    discards = BoundedList(fields.Nested(DiscardIn), max_items=MAX_RIVER, what="discards in one river",
                           load_default=None, allow_none=True, metadata={
                               "description": "The player's own river, oldest first, as /v1/furiten takes it. "
                                              "When sent, each wait of a discard that leaves the hand ready says "
                                              "whether the preset's sacred-discard rule forbids a ron on it "
                                              "(`furiten`); the discard itself then lies in the river too. It "
                                              "does not change `remaining` (put seen tiles in `visible`).",
                               "example": [{"tile": "1z"}, {"tile": "9m"}]})
    improvements = StrictBoolean(load_default=True, metadata={
        "description": "false leaves out `improvements` everywhere: the discard table alone answers in a fraction of "
                       "the time (bench/bench_efficiency.py: about 0.25 ms against several ms per real position)."})
    rules = RulesField()


# --- response ---

class UkeireOut(Schema):
    tile = TileName(metadata={"description": "A tile kind whose draw lowers the shanten (a wait, once ready); plain "
                                             "notation.", "example": "3p"})
    remaining = fields.Integer(metadata={"description": "4 - its copies in the hand as sent (a discarded tile "
                                                        "included) and the melds - its copies in `visible`, never "
                                                        "below 0."})
    furiten = fields.Boolean(metadata={"description": "Only on the waits of a ready choice when `discards` was sent: "
                                                      "the preset's sacred-discard variant forbids a ron on it."})


class ImprovementOut(Schema):
    tile = TileName(metadata={"description": "A draw that keeps the shanten but widens the hand.", "example": "6s"})
    remaining = fields.Integer(metadata={"description": "Copies of it left, counted as for `ukeire`."})
    then_ukeire_remaining = fields.Integer(metadata={
        "description": "ukeire_remaining after this draw and the best discard that keeps the shanten (the drawn "
                       "tile then counts as held); always more than the choice's own."})
    then_discard = TileName(metadata={"description": "That best discard (the first in tile order on a tie).",
                                      "example": "2s"})


class ChoiceFields(Schema):
    shanten = fields.Integer(metadata={"description": "Shanten of the hand left (0 = ready)."})
    ukeire = fields.List(fields.Nested(UkeireOut), metadata={
        "description": "The tile kinds whose draw lowers the shanten, in tile order; left out only when the hand "
                       "and the melds hold all four copies. Three-player and 16-tile sets as they are."})
    ukeire_remaining = fields.Integer(metadata={"description": "The sum of the ukeire's `remaining`."})
    improvements = fields.List(fields.Nested(ImprovementOut), metadata={
        "description": "Only when the shanten is 0 or 1 (and the request did not set `improvements` false): the "
                       "draws that keep it but widen the hand, in tile order, each with its best discard."})


class DiscardChoiceOut(ChoiceFields):
    tile = TileName(metadata={"description": "The discard: one entry per kind; a red five is named only when no "
                                             "plain five of its kind is held.", "example": "1z"})


class EfficiencyOut(NotesOut, ChoiceFields):
    preset = fields.String(metadata={"description": "The preset used."})
    shanten = fields.Integer(metadata={"description": "Regular hands, seven pairs and thirteen orphans together, as "
                                                      "/v1/ready: after a draw, the best any discard leaves (-1: "
                                                      "complete as drawn); else the hand's own."})
    discards = fields.List(fields.Nested(DiscardChoiceOut), metadata={
        "description": "Only after a draw (14 - 3*melds): each distinct discard, best first (lowest shanten, then "
                       "most ukeire_remaining, then tile order). Without a draw the answer carries `ukeire`, "
                       "`ukeire_remaining` and `improvements` at the top level instead."})

    @post_dump
    def drop_empty(self, data, **kw):
        for key in ("discards", "ukeire", "ukeire_remaining", "improvements"):
            if data.get(key) is None:
                data.pop(key, None)
        return data


def _choice(c: Choice) -> dict:
    ukeire = []
    for w in c.ukeire:
        item = {"tile": name(w.tile), "remaining": w.remaining}
        if w.furiten is not None:
            item["furiten"] = w.furiten
        ukeire.append(item)
    out = {"shanten": c.shanten, "ukeire": ukeire, "ukeire_remaining": c.ukeire_remaining}
    if c.improvements is not None:
        out["improvements"] = [{"tile": name(i.tile), "remaining": i.remaining,
                                "then_ukeire_remaining": i.then_ukeire_remaining,
                                "then_discard": name(i.then_discard)} for i in c.improvements]
    return out


def efficiency_answer(preset: str, e: Efficiency) -> dict:
    """The /v1/efficiency answer (the one writer; EfficiencyOut documents it)."""
    if e.hand is not None:
        out = _choice(e.hand)
        out["preset"] = preset
        return out
    return {"preset": preset, "shanten": e.shanten,
            "discards": [dict(_choice(c), tile=name(c.tile)) for c in e.discards]}
