"""POST /v1/games: request and response schemas (API.md "POST /v1/games").

The body's shape (`record`: its format and data, `rules`, `infer_rules`); intake.games reads the record with
the format's reader (calculator.records) and works out the rules it is replayed under (the request's, or the
record's own flags: a Tenhou log's GO flags, a mahjong_soul record's or an mjai log's preset). A record whose
player count is not the rules' is 422 wrong_player_count. POST /v1/convert takes the same body and `to`.
"""
from __future__ import annotations

from marshmallow import ValidationError, fields

from calculator.records.convert import TARGETS
from calculator.records.formats import READERS

from .messages import OneOf, Schema
from .base import NamingSchema
from .fields import RulesField, StrictBoolean
from .score import ScoreOut
from .final import FinalOut

FORMATS = (*READERS, "outcomes")
MAX_BODY = 1 << 20   # this route takes bodies up to 1 MiB (a long game's record is 30-60 KB)


class RecordIn(Schema):
    format = fields.String(required=True, validate=OneOf(FORMATS), metadata={
        "description": "tenhou.mjlog (Tenhou's XML log, a string), tenhou.6 (the tenhou.net/6 JSON object, "
        "Tenhou's own style or a viewer's with `title` and `rule.aka`; three players in Tenhou's four-seat layout: "
        "the fourth seat empty (name \"\", score 0, no tiles, 0 in every list of points), deals numbered four to "
        "a round, a kita written \"f44\" among the tiles given, read under tenhou_sanma), mahjong_soul (a Mahjong "
        "Soul game record as its client decodes it), mjai (an mjai event log, four or three players) or outcomes (what "
        "a live table writes down, no tiles)."})
    data = fields.Raw(required=True, metadata={
        "description": "The record: a string for tenhou.mjlog, an object for tenhou.6, mahjong_soul and outcomes. "
        "mahjong_soul: {\"head\": {accounts by seat, config.mode.mode 1 East-only / 2 East-South, result.players "
        "with seat, part_point_1, total_point}, \"data\": {\"actions\": [...]} (record version 210715: entries "
        "of type 1 carry result {name, data}) or {\"records\": [{name, data}]} (version 0)}; events "
        ".lq.RecordNewRound, RecordDealTile, RecordDiscardTile, RecordChiPengGang, RecordAnGangAddGang, "
        "RecordBaBei, RecordHule, RecordNoTile, RecordLiuJu, tiles in MPSZ with 0 for a red five; read under "
        "mahjong_soul without rules (three players: tenhou_sanma); recorded_final = part_point_1 and "
        "total_point / 1000 by seat; a problem names the entry (record/data/data/actions/57/result/...). mjai: the "
        "events as a JSON array, or one string of JSON lines (blank lines skipped; a problem in it is pointed at "
        "`record/data/line/<line number>`, in an array at `record/data/<index>`): start_game {names}, start_kyoku "
        "{bakaze, kyoku, honba, kyotaku, oya, scores, dora_marker, tehais}, tsumo / dahai {actor, pai}, reach and "
        "reach_accepted {actor}, chi / pon / daiminkan {actor, target, pai, consumed}, kakan {actor, pai, consumed}, "
        "ankan {actor, consumed}, dora {dora_marker}, nukidora {actor, pai: N} (three players), hora {actor, target, "
        "deltas, ura_markers?} (no han, fu or yaku: each win is valued from the replayed tiles), ryukyoku {deltas?} "
        "(which draw it is follows from the play), end_kyoku, end_game; other types are skipped. Tiles 1m-9m, 1p-9p, "
        "1s-9s, E S W N P F C, red 5mr 5pr 5sr, ? for a hidden tile. Without `rules` a four-player log is read under "
        "the default preset (japanese_modern), a three-player one under tenhou_sanma. outcomes: "
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
_AS_MJSOUL = ("this looks like a Mahjong Soul record: send it inside `record`, as {\"record\": {\"format\": "
              "\"mahjong_soul\", \"data\": {\"head\": {...}, \"data\": {...}}}}.")
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
                                      "sx", "sc"), _AS_TENHOU6), **dict.fromkeys(("players", "hands"), _AS_OUTCOMES),
                    "head": _AS_MJSOUL}
    record = RecordField(RecordIn, required=True, metadata={
        "description": "The game record: its `format` and its `data`.",
        "example": {"format": "outcomes", "data": {"players": ["A", "B", "C", "D"], "hands": [
            {"result": "ron", "from": 1, "wins": [{"winner": 2, "han": 3, "fu": 30}], "riichi": [],
             "recorded_deltas": [0, -3900, 3900, 0]}]}}})
    rules = RulesField(load_default=None, allow_none=False, metadata={   # null is refused, as on every route
        "description": "Optional. Without it a Tenhou record's own flags choose (preset tenhou, or tenhou_sanma for a "
        "three-player game, GO type bit 0x10; red fives, open tanyao and the game's length from the GO flags); a "
        "mahjong_soul record is read under mahjong_soul (three players: tenhou_sanma; the length from its "
        "config.mode.mode, red fives unless a friendly room's dora_count is 0); an mjai log, which names no rules, "
        "under the default preset japanese_modern (three players: tenhou_sanma); an "
        "outcomes record is read under tenhou too (three players: tenhou_sanma). A record whose player count is "
        "not the preset's is 422 wrong_player_count; a record's wins are han and fu, so under a European preset "
        "(european_classical, french, italian) the first win is 422 scoring_not_defined. With it, "
        "it wins (the record's flags fill only the options it does not name) and every difference from the "
        "recorded results is reported, not refused (hands the record plays after the end under these rules "
        "too: a game-level difference `hands`)."})
    infer_rules = StrictBoolean(load_default=False, metadata={
        "description": "Optional (default false). True: find the rules the record was played under (send it without "
        "`rules`; both together are 422 rules_with_infer_rules). Every preset for the record's player count and "
        "family is replayed up to its first contradiction with the record; when none explains every recorded hand "
        "and the final, single option changes of the best one are tried (only options that can change some hand of "
        "this record). The answer is computed under the candidate kept and carries `inferred_rules`. The options "
        "the record states itself (a Tenhou log's red fives off, open tanyao off, East-only or East-South; an "
        "outcomes record's `length`) are facts of the record: they hold for every candidate and are listed in "
        "`inferred_rules.from_record`, never inferred."})


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
    agrees = fields.Boolean(allow_none=True, metadata={"description": "null where there is nothing to compare, "
                            "and for a hand settled as recorded (`notes`)."})
    differences = fields.List(fields.Nested(DifferenceOut))
    notes = fields.List(fields.String(), metadata={
        "description": "Present only when the hand cannot be valued from the record and is settled as recorded (its "
        "recorded deltas, the counters of the record's next deal; `wins` empty, `agrees` null): ura_dora_unknown (a "
        "riichi win whose mjai log has no ura_markers), tiles_hidden (a win or exhaustive draw that depends on a "
        "hand the log hides with `?`).", "example": ["ura_dora_unknown"]})


class RecordedFinalOut(Schema):
    scores = fields.List(fields.Integer())
    points = fields.List(fields.Raw())


class ContradictionOut(Schema):
    preset = fields.String(metadata={"description": "The preset ruled out."})
    options = fields.Dict(metadata={"description": "Its changes from the preset ({} : the preset as it is)."})
    hand = fields.Integer(allow_none=True, metadata={
        "description": "Index (from 0) of the first hand it contradicts; null: the final standings, or the whole "
        "record (another player count or family)."})
    field = fields.String(metadata={"description": "What contradicts: a hand's difference field (deltas, result, "
                                    "honba, ...), final.scores, final.points, hands (where the game ends), players, "
                                    "scoring_family, or the code of the problem that stopped its replay (e.g. "
                                    "scoring_not_defined)."})
    recorded = fields.Raw(metadata={"description": "The record's value."})
    computed = fields.Raw(metadata={"description": "The value under this candidate."})
    why = fields.String(metadata={"description": "The contradiction in a sentence."})


class InferredRulesOut(Schema):
    preset = fields.String(metadata={"description": "The preset the answer is computed under."})
    options = fields.Dict(metadata={"description": "Changes from the preset that the record needs ({} : none). "
                                    "Only options that can change some hand of the record are tried."})
    from_record = fields.Dict(metadata={"description": "Options the record states itself (red fives off, open "
                                        "tanyao off, the game's length): applied to every candidate, not inferred."})
    explains = fields.Boolean(metadata={"description": "Every recorded hand and the recorded final agree under "
                                        "these rules. False: no candidate explains everything; these explain the most "
                                        "hands."})
    tried = fields.Integer(metadata={"description": "Candidates replayed (presets, then single option changes)."})
    ruled_out = fields.List(fields.Nested(ContradictionOut), metadata={
        "description": "Each other preset (in GET /v1/presets order; and the kept preset unchanged when options "
        "were needed) with the first hand or the final that contradicts it."})
    also_explained_by = fields.List(fields.Dict(), metadata={
        "description": "Other presets that explain everything too ({preset, options}); the first listed is kept."})


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
    inferred_rules = fields.Nested(InferredRulesOut, metadata={
        "description": "Only with \"infer_rules\": true: the rules found from the record (API.md \"Rules from the "
        "record\")."})


GAMES_OUT = GamesOut()


def dump_games(preset: str, result, inferred=None) -> dict:
    """The answer; `inferred` (calculator.records.infer.Inference) adds `inferred_rules`."""
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
        if h.notes:
            hands[-1]["notes"] = list(h.notes)
    rf = result.recorded_final
    return {"preset": preset, "players": list(result.players), "hands": hands,
            "final": {"preset": preset, **FINAL_DUMP.dump(result.final)},
            "recorded_final": None if rf is None else {"scores": list(rf[0]), "points": list(rf[1])},
            "agrees": result.agrees, "differences": [d._asdict() for d in result.differences],
            **({} if inferred is None else {"inferred_rules": _inferred(inferred)})}


def _inferred(inf) -> dict:
    return {"preset": inf.preset, "options": dict(inf.options), "from_record": dict(inf.from_record),
            "explains": inf.explains, "tried": inf.tried, "ruled_out": [c._asdict() for c in inf.ruled_out],
            "also_explained_by": [{"preset": p, "options": dict(o)} for p, o in inf.equally]}


SCORE_DUMP, FINAL_DUMP = ScoreOut(), FinalOut()


class ConvertIn(GamesIn):
    """POST /v1/convert: a /v1/games body and the format to write it in."""
    to = fields.String(required=True, validate=OneOf(TARGETS), metadata={
        "description": "The format to write the record in: tenhou.6 (the tenhou.net/6 JSON object, as Tenhou's own "
        "converter writes it) or mjai (the list of mjai events). Both list every tile, so the record must have "
        "tiles (not outcomes)."})


class ConvertOut(Schema):
    format = fields.String(metadata={"description": "The format written: tenhou.6 or mjai."})
    preset = fields.String(metadata={"description": "The preset the record was read and replayed under (its own "
                                      "flags, the request's rules or the inferred ones): an mjai log names no rules, "
                                      "so send {\"rules\": {\"preset\": <this>}} with the converted record to "
                                      "have /v1/games answer as for the original."})
    data = fields.Raw(metadata={"description": "The record in that format: for tenhou.6 the JSON object (name, rule, "
                                "log, sc, ...), for mjai the array of events. Sent back to /v1/games as "
                                "{\"record\": {\"format\": ..., \"data\": ...}} it gives the same answer as the "
                                "original record."})


CONVERT_OUT = ConvertOut()
