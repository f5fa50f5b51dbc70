"""A record written as mjai (calculator.records.write_mjai): the events Tenhou's log holds, one for one."""
from __future__ import annotations

import gzip
import json
import os
from dataclasses import replace

import pytest

from tests.paths import ROOT, SHARED
from calculator.records.games import replay_game
from calculator.records.mjlog import read_mjlog
from calculator.records.write_mjai import mjai_tile, written_mjai
from calculator.rules import preset_rules

CASES = os.path.join(ROOT, "tests", "cases", "games")
MJAI_DATA = os.path.join(SHARED, "data", "games_mjai.jsonl.gz")
GAMES_DATA = os.path.join(SHARED, "data", "games.jsonl.gz")


def _tenhou_rules(record):
    rules = preset_rules("tenhou")
    return replace(rules, game_length=record.flags.length or rules.game_length)


def _written(xml: str) -> list[dict]:
    record = read_mjlog(xml)
    return written_mjai(record, replay_game(record, _tenhou_rules(record)))


@pytest.fixture(scope="module")
def tonpuu():
    with open(os.path.join(CASES, "tonpuu.mjlog.xml"), encoding="utf-8") as f:
        return _written(f.read())


@pytest.mark.parametrize("code, text", [
    pytest.param(0, "1m", id="one-character"), pytest.param(17, "9p", id="nine-dots"),
    pytest.param(27, "E", id="east"), pytest.param(31, "P", id="white-dragon"),
    pytest.param(33, "C", id="red-dragon"), pytest.param(34, "5mr", id="red-five-characters"),
    pytest.param(36, "5sr", id="red-five-bamboo"),
])
def test_tile_names(code, text):
    assert mjai_tile(code) == text


def test_the_log_opens_and_closes(tonpuu):
    assert tonpuu[0]["type"] == "start_game" and len(tonpuu[0]["names"]) == 4
    assert tonpuu[-1] == {"type": "end_game"}
    starts = [i for i, e in enumerate(tonpuu) if e["type"] == "start_kyoku"]
    ends = [i for i, e in enumerate(tonpuu) if e["type"] == "end_kyoku"]
    assert len(starts) == len(ends) >= 4
    assert all(s < e for s, e in zip(starts, ends))


def test_each_deal_deals_thirteen_tiles_to_each_seat(tonpuu):
    for e in tonpuu:
        if e["type"] == "start_kyoku":
            assert [len(h) for h in e["tehais"]] == [13] * 4
            assert e["scores"] and len(e["scores"]) == 4


def test_riichi_is_declared_before_its_discard_and_accepted_after(tonpuu):
    for i, e in enumerate(tonpuu):
        if e["type"] == "reach":
            assert tonpuu[i + 1]["type"] == "dahai" and tonpuu[i + 1]["actor"] == e["actor"]


def test_every_deal_ends_with_its_deltas(tonpuu):
    for i, e in enumerate(tonpuu):
        if e["type"] == "end_kyoku":
            last = tonpuu[i - 1]
            assert last["type"] in ("hora", "ryukyoku") and len(last["deltas"]) == 4


def test_every_public_game_as_its_mjai_log():
    """The public games written from their Tenhou XML equal the shared mjai logs (names apart: those are
    A-D there), event for event."""
    if not (os.path.exists(MJAI_DATA) and os.path.exists(GAMES_DATA)):
        pytest.skip("../shared/data is not present")
    differ = []
    with gzip.open(MJAI_DATA, "rt") as fm, gzip.open(GAMES_DATA, "rt") as fg:
        for n, (lm, lg) in enumerate(zip(fm, fg)):
            if n >= 120:
                break
            m, g = json.loads(lm), json.loads(lg)
            out = _written(g["mjlog"])
            out[0]["names"] = m["mjai"][0]["names"]
            if out != m["mjai"]:
                differ.append(m["game_id"])
    assert differ == []
