"""POST /v1/games: its body read into a game record (calculator.records: one reader per format, the table
calculator.records.formats.READERS) and the rules it is replayed under.

The rules are the request's, or, without them, the record's own flags on preset `tenhou` (`tenhou_sanma` for a
three-player record: GO bit 0x10, or three `players`; red fives and open tanyao as the GO flags say, the game's
length); flags the request's rules do not name still come from the record. A win's full /v1/score body in an
`outcomes` record is read as /v1/score reads it (intake.score).

The record readers, the replay and the writers (calculator.records) say where in the record a problem is
("log/0/4", "hands/3", "line/7"; "" for the whole record): `in_record` puts those places under the request's
`record/data`, for the reading here and, through `record_problems`, for the replay and the writing in the views.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from marshmallow import ValidationError

from calculator.core.errors import InvalidHand, Issue
from calculator.records.formats import READERS
from calculator.records.games import RECORD_PRESETS, record_rules_issues
from calculator.records.model import GameRecord, RecordFlags
from calculator.records.outcomes import read_outcomes
from calculator.rules import Rules
from schemas.games import ConvertIn, GamesIn
from schemas.problems import errors_from_messages

from .rules import read_rules, under
from .score import read_score

GAMES_IN, CONVERT_IN = GamesIn(), ConvertIn()
RECORD = "record/data"   # the pointer of the record in both routes' bodies


def in_record(issues) -> list[Issue]:
    """Issues at places in the record, pointed at them in the request."""
    return [Issue(i.code, i.detail, f"{RECORD}/{i.field}" if i.field else RECORD) for i in issues]


@contextmanager
def record_problems() -> Iterator[None]:
    """Reads, replays or writes a record: its InvalidHand, at places in the record, is raised at the request's."""
    try:
        yield
    except InvalidHand as err:
        raise InvalidHand(in_record(err.issues)) from None


@dataclass(frozen=True)
class GamesCall:
    preset: str
    rules: Rules
    record: GameRecord
    infer_length: bool        # neither the rules nor the record say East-only or East-South
    rules_given: bool         # the request chose the rules: hands past the end under them are reported
    infer: dict | None = None     # infer_rules: the options the record states itself (else None)


def read_games(body) -> GamesCall:
    return games_call(GAMES_IN.load(body))


def read_convert(body) -> tuple[str, GamesCall]:
    """POST /v1/convert: the format to write and the record read as /v1/games reads it."""
    data = CONVERT_IN.load(body)
    return data["to"], games_call(data)


def games_call(data: dict) -> GamesCall:
    rec = data["record"]
    payload = data.get("rules")
    if data["infer_rules"] and payload is not None:
        raise InvalidHand([Issue("rules_with_infer_rules", "Send either `rules` (the rules to replay the record "
                                 "under) or \"infer_rules\": true (find them from the record), not both.",
                                 "infer_rules")])
    fmt, raw = rec["format"], rec["data"]
    if fmt == "outcomes":
        players = raw.get("players") if isinstance(raw, dict) else None
        flags = RecordFlags(players=len(players) if isinstance(players, list) and len(players) == 3 else 4)
        preset, rules = _rules(payload, flags)
        with record_problems():
            record = read_outcomes(raw, _score_reader(preset, payload))
    else:
        read, kind, wrong_type = READERS[fmt]
        if not isinstance(raw, kind):
            raise _bad(wrong_type)
        with record_problems():
            record = read(raw)
    preset, rules = _rules(payload, record.flags)
    issues = record_rules_issues(record, preset, rules)
    if issues:
        raise InvalidHand(under("rules", issues))
    named = set(payload or ())
    return GamesCall(preset, rules, record, record.flags.length is None and "game_length" not in named,
                     payload is not None, record.flags.options() if data["infer_rules"] else None)


def _bad(detail: str) -> InvalidHand:
    return InvalidHand([Issue("invalid_record", detail, RECORD)])


def _rules(payload, flags: RecordFlags):
    """The request's rules, the record's flags filling the options they do not name."""
    given = dict(payload) if payload is not None else {"preset": flags.preset or RECORD_PRESETS[flags.players]}
    from_record = flags.options()
    merged = {**{k: v for k, v in from_record.items() if k not in given}, **given}
    name, rules, issues = read_rules(merged)
    if issues:
        raise InvalidHand(issues)
    return name, rules


def _score_reader(preset: str, payload):
    rules_payload = dict(payload) if payload is not None else {"preset": preset}

    def read(body, at: str):   # at: the score body's place in the record
        if not isinstance(body, dict):
            raise InvalidHand([Issue("invalid_score", "score must be a /v1/score body (an object).", at)])
        if "rules" in body:
            raise InvalidHand([Issue("unknown_field", "A score body inside a record takes the request's rules; "
                                     "leave `rules` out.", f"{at}/rules")])
        claimed = (body.get("honba"), body.get("riichi_sticks"))
        try:
            call = read_score({**body, "rules": rules_payload})
        except ValidationError as err:
            raise InvalidHand([Issue(e["code"], e["detail"], f"{at}/{e['pointer'][2:]}".rstrip("/"))
                               for e in errors_from_messages(err.messages)]) from None
        except InvalidHand as err:
            raise InvalidHand([Issue(i.code, i.detail, f"{at}/{i.field}".rstrip("/")) for i in err.issues]) \
                from None
        return call.request, claimed
    return read
