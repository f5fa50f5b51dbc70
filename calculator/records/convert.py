"""A game record written in another format (POST /v1/convert).

Input: the record read from any format (calculator.records.model.GameRecord), its replay
(calculator.records.games.GameResult, replayed to the record's last deal) and the target format. Output:
the record's data in that format: `tenhou.6` (calculator.records.write_tenhou6: the JSON object Tenhou's
own converter writes) or `mjai` (calculator.records.write_mjai: the list of events). The replay supplies
only what the record does not state itself (a win's han, fu and yaku where a log gives none, a win's own
deltas); a record without tiles (`outcomes`) cannot be written in a format that lists them, and says so.
"""
from __future__ import annotations

from calculator.records.model import RECORD, GameRecord, bad_record
from calculator.records.write_mjai import written_mjai
from calculator.records.write_tenhou6 import written_tenhou6

WRITERS = {"tenhou.6": written_tenhou6, "mjai": written_mjai}
TARGETS = tuple(WRITERS)


def converted(record: GameRecord, result, to: str):
    """The record's data in format `to` (one of TARGETS)."""
    missing = [i for i, h in enumerate(record.hands) if h.result is not None or not h.dealt]
    if missing:
        raise bad_record(RECORD, "no_tiles", f"{to} lists every tile dealt, drawn and discarded, and this "
                         f"{record.format} record has no tiles (deal {missing[0]} has only its result): send a "
                         "record with tiles (tenhou.mjlog, tenhou.6, mjai or mahjong_soul) to convert it.")
    if len(result.hands) != len(record.hands):
        raise bad_record(RECORD, "replay_incomplete", f"The replay has {len(result.hands)} of the record's "
                         f"{len(record.hands)} deals: replay every deal to write the whole game.")
    return WRITERS[to](record, result)
