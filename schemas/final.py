"""POST /v1/final: request and response schemas.

Tied players' shares are worked exactly and then rounded down to whole points, so every tied player
gets the same amount (SEED-JM §4.10-§4.11: they share equally); the points this leaves over are the
response's `remainder`, so sum(final) + remainder is the exact total.
"""
from __future__ import annotations

from marshmallow import fields, post_dump, validate

from .messages import Schema
from .base import RequestSchema
from .notes import NotesOut
from .fields import MAX_COUNTER, BoundedList, SameAs, RulesField, StrictInteger, seat_field


MAX_PLAYERS = 8   # four (three under a three-player preset) are needed; a few more still get wrong_player_count


class PlayerIn(Schema):
    player = fields.String(required=True, validate=validate.Length(min=1, max=100),
                           metadata={"description": "Player name or id.", "example": "A"})
    points = StrictInteger(required=True, minimum=-1_000_000_000, maximum=1_000_000_000, metadata={
        "description": "Final table points: a JSON integer from -1,000,000,000 to 1,000,000,000.", "example": 35000})
    seat = seat_field(load_default=None, metadata={
        "description": "Starting seat. Under final_tie_mode seat_order it breaks ties, so every player tied on "
        "points needs it (422 seat_required at each tied player's `seat`)."})


class FinalIn(RequestSchema):
    scores = BoundedList(fields.Nested(PlayerIn), max_items=MAX_PLAYERS, what="players", required=True,
                         metadata={"description": "The players, a list: four, or three under a three-player preset "
                                                  "(`players`), each with its name, points and starting seat "
                                                  "(/v1/settle's `scores` is an object by seat instead).",
                                   "shape_note": "here `scores` is a list of players, each with player and points "
                                                 "(and seat); /v1/settle's is an object by seat",
                                   "example": [{"player": "A", "points": 35000}, {"player": "B", "points": 28000},
                                               {"player": "C", "points": 22000}, {"player": "D", "points": 15000}]})
    riichi_sticks = StrictInteger(load_default=0, maximum=MAX_COUNTER, metadata={
        "description": "Riichi sticks still on the table (rules option riichi_pool_game_end); a JSON integer, "
        "0-1000."})
    rules = RulesField()


class StandingOut(Schema):
    player = fields.String()
    seat = fields.String(allow_none=True)
    rank = fields.Integer(metadata={"description": "1-4; tied players share a rank under tie mode share."})
    points = fields.Raw(metadata={"description": "Table points plus leftover sticks received (a tied player's share "
                                  "rounded down to a whole point)."})
    base = fields.Raw(metadata={"description": "After end points (return points), the top's oka included. "
                                "final_rounding rounds each player's (points - return) to thousands before any "
                                "sharing, so tied players get the same rounded value; a shared oka is then rounded "
                                "down to a whole point."})
    uma = fields.Raw(metadata={"description": "Prize; tied players add up the prizes of their places and share "
                               "them equally, each share rounded down to a whole point (17,000 between three: "
                               "5,666 each; -20,000: -6,667 each)."})
    final = fields.Raw(metadata={"description": "base + uma, in `unit` (thousands: whole points / 1,000, e.g. "
                                 "-16.667)."})


class FinalOut(NotesOut):
    preset = fields.String(metadata={"description": "The preset used."})
    unit = fields.String(metadata={"description": "points, or thousands (base, uma, final and remainder)."})
    leftover_sticks = fields.Integer(attribute="leftover_stick_count", metadata={
        "description": "How many riichi sticks were left on the table at the end: a count, as the request's "
                       "`riichi_sticks` (their points are `leftover_stick_points`)."})
    leftover_stick_points = SameAs("leftover_sticks", metadata={
        "description": "Points the leftover riichi sticks gave the top player(s): `leftover_sticks` times "
                       "riichi_stick_value, 0 when the rules discard them (riichi_pool_game_end discarded)."})
    remainder = fields.Raw(metadata={"description": "Points of `final` left over because tied players' equal "
                                     "shares were rounded down to whole points (never negative: nobody gets "
                                     "more than his exact share), in `unit`; 0 when every share is whole. "
                                     "sum(final) + remainder is the exact total: 0 with oka_to_top and prizes "
                                     "that sum to 0."})
    table_total = fields.Integer(metadata={"description": "The final scores plus the points of the leftover riichi "
                                           "sticks (riichi_sticks x riichi_stick_value)."})
    start_total = fields.Integer(metadata={"description": "Players x start_points: what table_total is when no "
                                           "points left the game. When they differ the answer has the note "
                                           "total_differs_from_start, explained in note_details."})
    notes = fields.List(fields.String(), metadata={"description": "total_differs_from_start (left out when there "
                                                   "is nothing to note)."})
    oka = fields.Raw(metadata={"description": "The top's oka in `unit`: players x (return_points - "
                               "game_start_points) "
                               "with final_oka_to_top (tenhou: 4 x 5,000 = 20; tenhou_sanma: 3 x 5,000 = 15), "
                               "else 0. It is included in the top's `base` (minus the others' sum) when the "
                               "points add up to players x game_start_points."})
    scores = fields.List(fields.Nested(StandingOut), attribute="standings",
                         metadata={"description": "Per player, in request order."})

    @post_dump
    def drop_empty_notes(self, data, **kw):
        if not data.get("notes"):
            data.pop("notes", None)
        return data


FINAL_OUT = FinalOut()
