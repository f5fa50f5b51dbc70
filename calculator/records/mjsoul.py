"""Mahjong Soul game records (format `mahjong_soul`) read into a GameRecord.

Input: the record as the Mahjong Soul client decodes it and record downloaders save it: an object with
`head` (`accounts` by `seat` with `nickname`; `config.mode.mode` 1/11 East-only, 2/12 East-South;
`config.meta.mode_id` for a ranked room, else `config.mode.detail_rule.dora_count` for red fives;
`result.players` by rank with `seat`, `part_point_1` and `total_point`) and `data`, either
`{"actions": [...]}` (record version 210715: entries of `type` 1 carry `result: {"name", "data"}`, the
others are the players' inputs and are skipped) or `{"records": [{"name", "data"}, ...]}` (version 0),
each possibly wrapped once more as `{"name": ".lq.GameDetailRecords", "data": {...}}`.
Events (calculator.records.mjsoul_events): `.lq.RecordNewRound`, `RecordDealTile`, `RecordDiscardTile`,
`RecordChiPengGang`, `RecordAnGangAddGang`, `RecordBaBei`, `RecordHule`, `RecordNoTile`, `RecordLiuJu`.
Tiles are MPSZ strings (`0m` a red five). Fields a decoder leaves out read as protobuf's defaults (0,
false). Output: a GameRecord whose events carry the place of their record entry (HandRecord.places), so
the replay names the entry it cannot play; InvalidHand at the place in the record (`data/actions/57/result/...`)
for a record that cannot be read.
A four-player record is read under preset `mahjong_soul` (RecordFlags.preset), a three-player one under the
three-player default.
"""
from __future__ import annotations

from calculator.records.model import GameRecord, RecordFlags, bad_record
from calculator.records.mjsoul_events import DealReader, integer, lookup

LENGTHS = {1: "east_only", 2: "east_south", 11: "east_only", 12: "east_south"}
MAX_ENTRIES = 30000
_SHAPE = ("A Mahjong Soul record is {\"head\": {...}, \"data\": {\"actions\": [...]}} (record version 210715) or "
          "{\"head\": {...}, \"data\": {\"records\": [{\"name\", \"data\"}, ...]}} (version 0), as the client "
          "decodes it and record downloaders save it.")


def read_mahjong_soul(data: dict) -> GameRecord:
    _refuse_excerpt(data)
    head = data.get("head")
    if not isinstance(head, dict):
        raise bad_record("head", "missing_head", "The record has no `head` object (players, room rules, "
                         "final result). " + _SHAPE)
    entries = _entries(data.get("data"), "data")
    n = _players(head, entries)
    config = head.get("config") if isinstance(head.get("config"), dict) else {}
    mode = config.get("mode") if isinstance(config.get("mode"), dict) else {}
    meta = config.get("meta") if isinstance(config.get("meta"), dict) else {}
    rule = mode.get("detail_rule") if isinstance(mode.get("detail_rule"), dict) else {}
    red = True if meta.get("mode_id") else bool(rule.get("dora_count"))
    testing = "testing_environment" in mode
    flags = RecordFlags(red, lookup(LENGTHS, mode.get("mode")), n, None, "mahjong_soul" if n == 4 else None)
    reader = DealReader(n, red, testing)
    hands = reader.read(entries)
    names = _names(head, n)
    return GameRecord("mahjong_soul", names, flags, hands, _final(head, n))


def _refuse_excerpt(data: dict) -> None:
    """RiichiEnv's test excerpts ({source, mode, events: [{"name": "NewRound", ...}], next_start}) are no game
    record: one deal cut out of a game, without the head, with shortened event names and without the deltas."""
    if "head" in data or not isinstance(data.get("events"), list):
        return
    three = data.get("mode") in (11, 12)
    raise bad_record("events", "not_a_game_record", "This is RiichiEnv's one-deal excerpt of a Mahjong "
                     "Soul game ({source, mode, events, next_start}: event names without `.lq.Record`, no head, wins "
                     "without their deltas), not a game record: it starts in the middle of a game and has no players, room "
                     "rules or final result" + (" (and is a three-player game)" if three else "") +
                     ". Send the whole game as the client decodes it: " + _SHAPE)


def _entries(body, at: str) -> list[tuple[str, str, dict]]:
    """The record's events as (place of the entry in the record, event name, its data), in order."""
    if not isinstance(body, dict):
        raise bad_record(at, "missing_data", "The record has no `data` object. " + _SHAPE)
    if "actions" not in body and "records" not in body and isinstance(body.get("data"), dict):
        body, at = body["data"], f"{at}/data"          # {"name": ".lq.GameDetailRecords", "data": {...}}
    out: list[tuple[str, str, dict]] = []
    if isinstance(body.get("actions"), list):
        items, at = body["actions"], f"{at}/actions"
        for i, a in enumerate(items):
            if not isinstance(a, dict):
                raise bad_record(f"{at}/{i}", "invalid_record", "Each action is an object with `type`.")
            if integer(a.get("type", 0), f"{at}/{i}/type") != 1:
                continue                                  # a player's input or a client event: not a game event
            out.append(_entry(a.get("result"), f"{at}/{i}/result"))
    elif isinstance(body.get("records"), list):
        items, at = body["records"], f"{at}/records"
        out = [_entry(r, f"{at}/{i}") for i, r in enumerate(items)]
    else:
        raise bad_record(at, "missing_data", "`data` has neither `actions` nor `records`. " + _SHAPE)
    if len(items) > MAX_ENTRIES:
        raise bad_record(at, "record_too_long", f"More than {MAX_ENTRIES} entries: no game is that long.")
    return out


def _entry(e, at: str) -> tuple[str, str, dict]:
    if isinstance(e, str):
        raise bad_record(at, "undecoded_record", "This entry is still protobuf bytes: send the record as the "
                         "client decodes it, each event as {\"name\": \".lq.Record...\", \"data\": {...}}.")
    if not isinstance(e, dict) or not isinstance(e.get("name"), str) or not isinstance(e.get("data"), dict):
        raise bad_record(at, "invalid_record", "Each event is {\"name\": \".lq.Record...\", \"data\": {...}}.")
    return at, e["name"], e["data"]


def _players(head: dict, entries) -> int:
    result = head.get("result") if isinstance(head.get("result"), dict) else {}
    ranked = result.get("players")
    if isinstance(ranked, list) and len(ranked) in (3, 4):
        return len(ranked)
    first = next((d for _, name, d in entries if name.endswith("RecordNewRound")), {})
    scores = first.get("scores")
    if isinstance(scores, list) and len(scores) in (3, 4):
        return len(scores)
    raise bad_record("head/result/players", "wrong_player_count", "The record does not say how many "
                     "play: head.result.players (or the first deal's scores) lists three or four players.")


def _names(head: dict, n: int) -> tuple:
    names = [f"player {i}" for i in range(n)]
    accounts = head.get("accounts")
    for a in accounts if isinstance(accounts, list) else ():
        if isinstance(a, dict):
            seat = a.get("seat", 0)
            if isinstance(seat, int) and 0 <= seat < n and isinstance(a.get("nickname"), str) and a["nickname"]:
                names[seat] = a["nickname"]
    return tuple(names)


def _final(head: dict, n: int):
    """head.result.players (by rank) as ((scores...), (points...)) by seat: part_point_1, total_point / 1000."""
    result = head.get("result")
    at = "head/result/players"
    if not isinstance(result, dict) or not isinstance(result.get("players"), list):
        return None
    scores, points = [None] * n, [None] * n
    for i, p in enumerate(result["players"]):
        if not isinstance(p, dict):
            raise bad_record(f"{at}/{i}", "invalid_record", "Each result is {seat, part_point_1, total_point}.")
        seat = integer(p.get("seat", 0), f"{at}/{i}/seat")
        if not 0 <= seat < n or scores[seat] is not None:
            raise bad_record(f"{at}/{i}/seat", "no_such_seat", f"Seat {seat}: the result lists seats 0-{n - 1} "
                             "once each.")
        scores[seat] = integer(p.get("part_point_1", 0), f"{at}/{i}/part_point_1")
        total = integer(p.get("total_point", 0), f"{at}/{i}/total_point")
        points[seat] = total // 1000 if total % 1000 == 0 else total / 1000
    if None in scores:
        raise bad_record(at, "wrong_player_count", f"The result lists {len(result['players'])} players for {n} "
                         "seats.")
    return tuple(scores), tuple(points)
