"""POST /v1/settle under European scoring: every loser's hand (`hands`), read for its shape into LoserBody values
(calculator.table.loser_checks checks them against the rules and the winners and makes the LoserHands).

A loser's body is the /v1/score body without the win: `hand` and `melds` (a short hand has fewer
concealed tiles, a long hand more: SEED-EU §4.3 scores the one and not the other, so the count is not
refused), `flowers`, `seasons`, `riichi` (a French or Italian declaration that did not win) and the
winds; or the short form `{"points": n}`, the total the table counted.
"""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate

from calculator.core.errors import Issue
from calculator.core.hand import SEATS, Hand
from calculator.table.loser_checks import LoserBody

from .build import Collector, build_melds
from .fields import MeldIn, StrictInteger, TilesField, seat_field
from .problems import errors_from_messages


class LoserHandIn(Schema):
    hand = TilesField(load_default=None, metadata={
        "description": "Concealed tiles: 13 - 3*melds (fewer: a short hand, scored; more: a long hand, scoreless).",
        "example": "111p456s789m2345s"})
    melds = fields.List(fields.Nested(MeldIn), load_default=list, metadata={"description": "Melds."})
    seat_wind = seat_field(load_default=None, metadata={"description": "Optional: the seat, as the key says."})
    round_wind = seat_field(load_default=None, metadata={"description": "The round wind (default: the winner's)."})
    flowers = fields.List(StrictInteger(minimum=1, maximum=4), load_default=list, validate=validate.Length(max=4))
    seasons = fields.List(StrictInteger(minimum=1, maximum=4), load_default=list, validate=validate.Length(max=4))
    riichi = fields.String(load_default="none", validate=validate.OneOf(("none", "riichi")), metadata={
        "description": "riichi: the player declared ready (French, Italian) and did not win."})
    points = StrictInteger(load_default=None, maximum=10**6, metadata={
        "description": "Short form: the hand's total as counted at the table (instead of the tiles)."})


LOSER_HAND_IN = LoserHandIn()


def read_loser_bodies(raw) -> tuple[LoserBody, ...]:
    """Every entry of `hands` read for its shape: a key that is no seat or a body that does not load is its
    problems; a body that loads is its tiles and fields (calculator.table.loser_checks checks the rest once the
    winners are known)."""
    out = []
    for seat, body in (raw or {}).items():
        at = f"hands/{seat}"
        if seat not in SEATS:
            out.append(LoserBody(seat, (Issue("invalid", f"A key of `hands` is one of the seats {', '.join(SEATS)}.",
                                              at),)))
            continue
        try:
            data = LOSER_HAND_IN.load(body if isinstance(body, dict) else {})
        except ValidationError as err:
            out.append(LoserBody(seat, tuple(Issue(e["code"], e["detail"], at + "/" + e["pointer"][2:])
                                             for e in errors_from_messages(err.messages))))
            continue
        out.append(_body(data, seat, at))
    return tuple(out)


def _body(data: dict, seat: str, at: str) -> LoserBody:
    problems = ()
    if (data["hand"] is None) == (data["points"] is None):
        problems = (Issue("invalid", "A loser's hand is `hand` (with its melds) or the short form `points`, one of "
                          "them.", at),)
    hand, tile_problems = None, ()
    if data["hand"] is not None:
        sub = Collector()
        concealed = sub.tiles(data["hand"], at + "/hand")
        melds, _ = build_melds(sub, data["melds"], at + "/melds")
        hand, tile_problems = Hand(concealed, melds), tuple(sub.issues)
    return LoserBody(seat, problems, True, hand, tile_problems, data["seat_wind"], data["round_wind"],
                     tuple(data["flowers"]), tuple(data["seasons"]), data["riichi"] != "none", data["points"])
