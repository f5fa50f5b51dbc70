"""POST /v1/settle under European scoring: every loser's hand (`hands`), read into LoserHand values.

A loser's body is the /v1/score body without the win: `hand` and `melds` (a short hand has fewer
concealed tiles, a long hand more: SEED-EU §4.3 scores the one and not the other, so the count is not
refused), `flowers`, `seasons`, `riichi` (a French or Italian declaration that did not win) and the
winds; or the short form `{"points": n}`, the total the table counted.
"""
from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate

from calculator.core.errors import Issue
from calculator.core.hand import SEATS, Hand, check_position
from calculator.table.model import LoserHand

from .build import Collector, build_melds
from .fields import MeldIn, StrictInteger, TilesField, seat_field
from .problems import errors_from_messages
from .settle_wins import fifth_copies


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


def read_loser_hands(col: Collector, raw: dict, rules, kind: str | None, winners: list[str],
                     round_wind: str | None, winner_codes=()) -> tuple:
    """((seat, LoserHand), ...) for the European losers; every problem collected. With the winner's tiles
    (`winner_codes`, a full body's hand, melds and winning tile) all the hands hold at most four copies."""
    if not raw:
        return ()
    if rules.scoring_family != "european":
        col.issues.append(Issue("unexpected_hands", "`hands` (every loser's hand) belongs to European scoring: "
                                "leave it out, or use european_classical, french or italian.", "hands"))
        return ()
    if kind not in (None, "ron", "tsumo"):
        col.issues.append(Issue("unexpected_hands", "`hands` belongs to a win (ron or tsumo): leave it out here.", "hands"))
        return ()
    out = []
    for seat, body in raw.items():
        at = f"hands/{seat}"
        if seat not in SEATS:
            col.issues.append(Issue("invalid", f"A key of `hands` is one of the seats {', '.join(SEATS)}.", at))
            continue
        if seat in winners:
            col.issues.append(Issue("winner_in_hands", "`hands` holds the losers' hands only; leave the winner "
                                    "out (his hand goes in outcome.wins).", at))
            continue
        try:
            data = LOSER_HAND_IN.load(body if isinstance(body, dict) else {})
        except ValidationError as err:
            col.issues += [Issue(e["code"], e["detail"], at + "/" + e["pointer"][2:]) for e in
                           errors_from_messages(err.messages)]
            continue
        out.append((seat, _loser(col, data, seat, at, rules, round_wind)))
    codes = list(winner_codes) + [t for _, h in out if h.hand is not None for t in h.hand.all_codes()]
    col.issues += fifth_copies(codes, "hands", "the winner's and the losers' hands")
    if out and kind is not None:
        missing = [s for s in SEATS if s not in winners and s not in dict(out)]
        if missing:
            col.issues.append(Issue("loser_hand_missing", f"Losers settle among themselves: give every loser's "
                                    f"hand (missing: {', '.join(missing)}), or none.", "hands"))
    return tuple(out)


def _loser(col: Collector, data: dict, seat: str, at: str, rules, round_wind: str | None) -> LoserHand:
    if (data["hand"] is None) == (data["points"] is None):
        col.issues.append(Issue("invalid", "A loser's hand is `hand` (with its melds) or the short form `points`, "
                                "one of them.", at))
    if data["seat_wind"] not in (None, seat):
        col.issues.append(Issue("seat_mismatch", f"This hand is {seat}'s: seat_wind must be {seat} or left out.",
                                at + "/seat_wind"))
    for name in ("flowers", "seasons"):
        if data[name] and not rules.bonus_tiles:
            col.issues.append(Issue("bonus_tiles_not_in_rules", f"These rules play no flowers or seasons: leave out "
                                    f"`{name}`.", f"{at}/{name}"))
        if len(set(data[name])) != len(data[name]):
            col.issues.append(Issue("duplicate_bonus_tile", f"Each of the four {name} is held at most once.",
                                    f"{at}/{name}"))
    if data["riichi"] != "none" and rules.ready_mode not in ("voluntary_french", "voluntary_italian"):
        col.issues.append(Issue("not_in_rules", "These rules have no voluntary ready declaration: set riichi to "
                                "none.", at + "/riichi"))
    hand = None
    if data["hand"] is not None:
        sub = Collector()
        concealed = sub.tiles(data["hand"], at + "/hand")
        melds, _ = build_melds(sub, data["melds"], at + "/melds")
        hand = Hand(concealed, melds)
        # a short or long hand is a fact to score (SEED-EU §4.3), not a mistake: the count is not checked
        sub.issues += [Issue(i.code, i.detail, i.field if i.field.startswith(at) else f"{at}/{i.field}")
                       for i in check_position(hand, rules.hand_size, None) if i.code != "wrong_tile_count"]
        col.issues += sub.issues
    return LoserHand(hand, tuple(data["flowers"]), tuple(data["seasons"]), data["riichi"] != "none",
                     data["round_wind"] or round_wind or "east", data["points"])
