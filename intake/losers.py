"""A European win's losers' hands (`hands` of /v1/settle): each entry read (LoserBody: its shape problems, or its
tiles and fields), what each one must agree with, and the LoserHand values the settlement scores.

A loser's body is the /v1/score body without the win: `hand` and `melds` (a short hand has fewer concealed tiles,
a long hand more: SEED-EU §4.3 scores the one and not the other, so the count is not refused), `flowers`,
`seasons`, `riichi` (a French or Italian declaration that did not win) and the winds; or the short form
`{"points": n}`, the total the table counted. What is checked once the wins are read hangs on the game: which seats lost (the winners are known once the wins are read), whether the
rules play bonus tiles and a voluntary declaration, whether the tiles can be a position, and that the
winner's and the losers' tiles hold at most four copies of a tile.
"""
from __future__ import annotations

from dataclasses import dataclass

from marshmallow import ValidationError

from calculator.core.errors import Issue
from calculator.core.hand import SEATS, Hand, check_position
from calculator.table.model import LoserHand
from schemas.problems import errors_from_messages
from schemas.settle import LoserHandIn

from .collect import Collector, build_melds
from .win_checks import fifth_copies

LOSER_HAND_IN = LoserHandIn()

VOLUNTARY = ("voluntary_french", "voluntary_italian")


@dataclass(frozen=True)
class LoserBody:
    """One entry of `hands` as read. `problems` are its shape problems, listed first; a
    body that did not load (`loaded` false) is read no further. `tile_problems` are those of its tile strings."""
    seat: str
    problems: tuple[Issue, ...] = ()
    loaded: bool = False
    hand: Hand | None = None
    tile_problems: tuple[Issue, ...] = ()
    seat_wind: str | None = None
    round_wind: str | None = None
    flowers: tuple[int, ...] = ()
    seasons: tuple[int, ...] = ()
    declared: bool = False
    points: int | None = None


def loser_hands(bodies, rules, kind: str | None, winners, round_wind: str | None,
                winner_codes=()) -> tuple[tuple, list[Issue]]:
    """((seat, LoserHand), ...) for the losers' bodies and every problem with them. With the winner's tiles
    (`winner_codes`: a full body's hand, melds and winning tile) all the hands hold at most four copies."""
    if not bodies:
        return (), []
    if rules.scoring_family != "european":
        return (), [Issue("unexpected_hands", "`hands` (every loser's hand) belongs to European scoring: leave it "
                          "out, or use european_classical, french or italian.", "hands")]
    if kind not in (None, "ron", "tsumo"):
        return (), [Issue("unexpected_hands", "`hands` belongs to a win (ron or tsumo): leave it out here.", "hands")]
    issues, out = [], []
    for body in bodies:
        at = f"hands/{body.seat}"
        if body.seat in SEATS and body.seat in winners:
            issues.append(Issue("winner_in_hands", "`hands` holds the losers' hands only; leave the winner out (his "
                                "hand goes in outcome.wins).", at))
            continue
        issues += body.problems
        if body.loaded:
            issues += _body_issues(body, at, rules)
            out.append((body.seat, LoserHand(body.hand, body.flowers, body.seasons, body.declared,
                                             body.round_wind or round_wind or "east", body.points)))
    codes = list(winner_codes) + [t for _, h in out if h.hand is not None for t in h.hand.all_codes()]
    issues += fifth_copies(codes, "hands", "the winner's and the losers' hands")
    if out and kind is not None:
        missing = [s for s in SEATS if s not in winners and s not in dict(out)]
        if missing:
            issues.append(Issue("loser_hand_missing", f"Losers settle among themselves: give every loser's hand "
                                f"(missing: {', '.join(missing)}), or none.", "hands"))
    return tuple(out), issues


def _body_issues(body: LoserBody, at: str, rules) -> list[Issue]:
    issues = []
    if body.seat_wind not in (None, body.seat):
        issues.append(Issue("seat_mismatch", f"This hand is {body.seat}'s: seat_wind must be {body.seat} or left "
                            "out.", at + "/seat_wind"))
    for name, held in (("flowers", body.flowers), ("seasons", body.seasons)):
        if held and not rules.bonus_tiles:
            issues.append(Issue("bonus_tiles_not_in_rules", f"These rules play no flowers or seasons: leave out "
                                f"`{name}`.", f"{at}/{name}"))
        if len(set(held)) != len(held):
            issues.append(Issue("duplicate_bonus_tile", f"Each of the four {name} is held at most once.",
                                f"{at}/{name}"))
    if body.declared and rules.ready_mode not in VOLUNTARY:
        issues.append(Issue("not_in_rules", "These rules have no voluntary ready declaration: set riichi to none.",
                            at + "/riichi"))
    if body.hand is not None:
        issues += body.tile_problems
        # a short or long hand is a fact to score (SEED-EU §4.3), not a mistake: the count is not checked
        issues += [Issue(i.code, i.detail, i.field if i.field.startswith(at) else f"{at}/{i.field}")
                   for i in check_position(body.hand, rules.hand_size, None) if i.code != "wrong_tile_count"]
    return issues


def read_loser_bodies(raw) -> tuple[LoserBody, ...]:
    """Every entry of `hands` read for its shape: a key that is no seat or a body that does not load is its
    problems; a body that loads is its tiles and fields (loser_hands checks the rest once the
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
        melds = build_melds(sub, data["melds"], at + "/melds")
        hand, tile_problems = Hand(concealed, melds), tuple(sub.issues)
    return LoserBody(seat, problems, True, hand, tile_problems, data["seat_wind"], data["round_wind"],
                     tuple(data["flowers"]), tuple(data["seasons"]), data["riichi"] != "none", data["points"])
