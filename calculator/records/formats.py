"""Which reader reads which record format (POST /v1/games, POST /v1/convert).

Input: a format name and the record's data as loaded from JSON. Output: the reader for it; each reader
turns its data into the neutral GameRecord (calculator.records.model) or raises InvalidHand at the place in
the record that cannot be read (intake.games puts it under the request's `record/data`). The `outcomes`
format is not here: its wins may hold full /v1/score bodies, which the request layer reads.
"""
from __future__ import annotations

from calculator.records.mjai import read_mjai
from calculator.records.mjlog import read_mjlog
from calculator.records.mjsoul import read_mahjong_soul
from calculator.records.tenhou6 import read_tenhou6

# format -> (reader, the JSON type its data must have, what to say when it has another)
READERS = {
    "tenhou.mjlog": (read_mjlog, str, "A tenhou.mjlog record is the XML text, a string."),
    "tenhou.6": (read_tenhou6, dict, "A tenhou.6 record is the JSON object {title?, name, rule, log}."),
    "mjai": (read_mjai, (list, str), "An mjai record is its events: a JSON array of event objects, or one string "
             "of JSON lines (one event object a line)."),
    "mahjong_soul": (read_mahjong_soul, dict, "A mahjong_soul record is the JSON object {head, data} as the "
                     "Mahjong Soul client decodes it (data: {actions: [...]} or {records: [...]})."),
}
