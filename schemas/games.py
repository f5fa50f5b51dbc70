"""POST /v1/games: request and response schemas (API.md "POST /v1/games").

The body's shape (`record`: its format and data, and `rules`); intake.games reads the record with the format's
reader (calculator.records) and works out the rules it is replayed under. A record whose player count is not the
rules' is 422 wrong_player_count.
"""
from __future__ import annotations

from marshmallow import ValidationError, fields

from calculator.records.formats import READERS

from .messages import OneOf, Schema
from .base import NamingSchema
from .fields import RulesField
from .score import ScoreOut
from .final import FinalOut

FORMATS = (*READERS, "outcomes")
MAX_BODY = 1 << 20   # this route takes bodies up to 1 MiB (a long game's record is 30-60 KB)


class RecordIn(Schema):
    format = fields.String(required=True, validate=OneOf(FORMATS), metadata={
        "description": "tenhou.mjlog (Tenhou's XML log, a string), tenhou.6 (the tenhou.net/6 JSON object, "
        "Tenhou's own style or a viewer's with `title` and `rule.aka`) or outcomes (what a live table writes "
        "down, no tiles)."})
    data = fields.Raw(required=True, metadata={
        "description": "The record: a string for tenhou.mjlog, an object for tenhou.6 and outcomes. outcomes: "
        "{\"players\": [4 names], \"hands\": [...], \"recorded_final\": {\"scores\", \"points\"}, \"length\": "
        "\"east_only\" | \"east_south\" (optional; without it the hands decide)}; each hand {\"result\": ron | "
        "tsumo | exhaustive_draw | abortive_draw | chombo, \"from\", \"wins\": [{\"winner\", \"han\", \"fu\"} | "
        "{\"winner\", \"yakuman\"} | {\"winner\", \"score\": /v1/score body without rules}, optional \"pao\"], "
        "\"riichi\": [seats whose stick went down], \"ready\", \"nagashi\", \"reason\", \"offender\", "
        "\"recorded_deltas\", \"kita\": [n0, n1, n2] (three players: the norths each seat set aside; a short-form "
        "win's han already includes its kita)}. Three players are three entries wherever a list is by seat.",
        "example": {"players": ["A", "B", "C", "D"], "hands": [
            {"result": "ron", "from": 1, "wins": [{"winner": 2, "han": 3, "fu": 30}], "riichi": [],
             "recorded_deltas": [0, -3900, 3900, 0]}]}})


_AS_TENHOU6 = ("this looks like a tenhou.6 record: send it inside `record`, as {\"record\": {\"format\": "
               "\"tenhou.6\", \"data\": <the record>}}.")
_AS_OUTCOMES = ("this looks like an outcomes record: send it inside `record`, as {\"record\": {\"format\": "
                "\"outcomes\", \"data\": {\"players\": [...], \"hands\": [...]}}}.")


class RecordField(fields.Nested):
    """`record`: a string sent in its place is told how to wrap it (an XML log is the `data` of a tenhou.mjlog
    record; a tenhou.6 record is an object, not its JSON text)."""

    def _deserialize(self, value, attr, data, **kw):
        if isinstance(value, str):
            text = value.lstrip()
            how = ("a tenhou.6 record is sent as the JSON object itself, not as its text: {\"format\": \"tenhou.6\", "
                   "\"data\": {...}}" if text.startswith(("{", "[")) else
                   "a Tenhou XML log is the `data` of a tenhou.mjlog record: {\"format\": \"tenhou.mjlog\", "
                   "\"data\": \"<mjloggm ...>...</mjloggm>\"}")
            raise ValidationError(f"Invalid input type: a JSON object with `format` and `data` is expected; {how}.")
        return super()._deserialize(value, attr, data, **kw)


class GamesIn(NamingSchema):
    unknown_hints = {**dict.fromkeys(("title", "name", "rule", "log", "ver", "ref", "ratingc", "lobby", "dan", "rate",
                                      "sx", "sc"), _AS_TENHOU6), **dict.fromkeys(("players", "hands"), _AS_OUTCOMES)}
    record = RecordField(RecordIn, required=True, metadata={
        "description": "The game record: its `format` and its `data`.",
        "example": {"format": "outcomes", "data": {"players": ["A", "B", "C", "D"], "hands": [
            {"result": "ron", "from": 1, "wins": [{"winner": 2, "han": 3, "fu": 30}], "riichi": [],
             "recorded_deltas": [0, -3900, 3900, 0]}]}}})
    rules = RulesField(load_default=None, metadata={
        "description": "Optional. Without it a Tenhou record's own flags choose (preset tenhou, or tenhou_sanma for a "
        "three-player game, GO type bit 0x10; red fives, open tanyao and the game's length from the GO flags); an "
        "outcomes record is read under tenhou too (three players: tenhou_sanma). A record whose player count is "
        "not the preset's is 422 wrong_player_count; a record's wins are han and fu, so under a European preset "
        "(european_classical, french, italian) the first win is 422 scoring_not_defined. With it, "
        "it wins (the record's flags fill only the options it does not name) and every difference from the "
        "recorded results is reported, not refused (hands the record plays after the end under these rules "
        "too: a game-level difference `hands`)."})


class DifferenceOut(Schema):
    field = fields.String(metadata={"description": "What differs: deltas, result, round, honba, riichi_sticks, "
                                    "scores_before, final.scores, final.points, hands."})
    recorded = fields.Raw(metadata={"description": "The record's value."})
    computed = fields.Raw(metadata={"description": "The replay's value."})
    why = fields.String(metadata={"description": "Which part differs: a yaku, han, fu, points, honba, sticks, the "
                                  "ready hands, the end-points rule."})


class ReplayedWinOut(ScoreOut):
    """One win of a replayed hand: the /v1/score answer (a full body) or the short form's values, with its seats."""
    winner = fields.Integer(metadata={"description": "Winner's seat (0-3, record order; 0-2 with three players)."})
    from_seat = fields.Integer(data_key="from", metadata={"description": "Discarder's seat; the winner's own for "
                                                                      "a self-draw."})
    yakuman_multiplier = fields.Integer(metadata={"description": "A short-form outcomes win: its yakuman count "
                                                  "(0 for an ordinary hand)."})


class HandOut(Schema):
    round = fields.String(metadata={"description": "Round wind as the hand began: east, south, west, north."})
    number = fields.Integer(metadata={"description": "Hand number within the round (1-4): the dealer's seat + 1."})
    honba = fields.Integer(metadata={"description": "Counters on the table as the hand began."})
    riichi_sticks = fields.Integer(metadata={"description": "Riichi sticks on the table as the hand began."})
    dealer = fields.Integer(metadata={"description": "The dealer's seat."})
    result = fields.String(metadata={"description": "ron, tsumo, exhaustive_draw, nagashi_mangan, abortive_draw, "
                                     "chombo (a triple ron aborted by the rules: abortive_draw)."})
    wins = fields.List(fields.Nested(ReplayedWinOut), metadata={
        "description": "Each paid win: the /v1/score answer (for the honba and sticks that winner collected) with "
        "`winner` and `from`; a short-form outcomes win gives winner, from, han, fu, points."})
    deltas = fields.List(fields.Integer(), metadata={"description": "By seat: what the result moves once the "
                                                     "hand's riichi deposits are down (sticks collected included)."})
    scores = fields.List(fields.Integer(), metadata={"description": "By seat, after the hand."})
    recorded_deltas = fields.List(fields.Integer(), allow_none=True, metadata={
        "description": "The record's deltas by seat, null where it has none."})
    agrees = fields.Boolean(allow_none=True, metadata={"description": "null where there is nothing to compare."})
    differences = fields.List(fields.Nested(DifferenceOut))


class RecordedFinalOut(Schema):
    scores = fields.List(fields.Integer())
    points = fields.List(fields.Raw())


class GamesOut(Schema):
    preset = fields.String()
    players = fields.List(fields.String(), metadata={"description": "Seats 0-3 (three players: 0-2) in "
                                                                    "record order; seat 0 dealt first."})
    hands = fields.List(fields.Nested(HandOut))
    final = fields.Nested(FinalOut, metadata={"description": "The /v1/final answer at the end of the game "
                                                  "(scores in seat order)."})
    recorded_final = fields.Nested(RecordedFinalOut, allow_none=True, metadata={
        "description": "The record's final {scores, points} by seat; null where it has none."})
    agrees = fields.Boolean(allow_none=True, metadata={"description": "Every hand and the final standings agree "
                                                       "with the record (null: nothing to compare)."})
    differences = fields.List(fields.Nested(DifferenceOut), metadata={"description": "Game-level differences."})


GAMES_OUT = GamesOut()


def dump_games(preset: str, result) -> dict:
    hands = []
    for h in result.hands:
        wins = []
        for w in h.wins:
            body = {"winner": w.winner, "from": w.from_seat}
            if w.result is not None:
                body.update(SCORE_DUMP.dump(w.result))
            else:
                body.update(han=w.han, fu=w.fu, yakuman_multiplier=w.yakuman, points=w.points, limit=w.limit,
                            base_points=w.base_points)
            wins.append(body)
        hands.append({"round": h.round, "number": h.number, "honba": h.honba, "riichi_sticks": h.riichi_sticks,
                      "dealer": h.dealer, "result": h.result, "wins": wins, "deltas": list(h.deltas),
                      "scores": list(h.scores),
                      "recorded_deltas": None if h.recorded_deltas is None else list(h.recorded_deltas),
                      "agrees": h.agrees, "differences": [d._asdict() for d in h.differences]})
    rf = result.recorded_final
    return {"preset": preset, "players": list(result.players), "hands": hands,
            "final": {"preset": preset, **FINAL_DUMP.dump(result.final)},
            "recorded_final": None if rf is None else {"scores": list(rf[0]), "points": list(rf[1])},
            "agrees": result.agrees, "differences": [d._asdict() for d in result.differences]}


SCORE_DUMP, FINAL_DUMP = ScoreOut(), FinalOut()
