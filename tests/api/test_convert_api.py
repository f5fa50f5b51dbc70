"""POST /v1/convert: a record written in another format, read back by /v1/games with the same answer."""
from __future__ import annotations

import gzip
import json
import os
from itertools import islice

import pytest

from tests.api.test_games_api import GAMES_DATA, MJLOG, OUTCOMES, TENHOU6
from tests.mjsoul_samples import hand_made, three_player

HAND_KEYS = ("round", "number", "honba", "riichi_sticks", "dealer", "result", "deltas", "scores", "agrees")


def _summary(answer):
    hands = [[h[k] for k in HAND_KEYS] for h in answer["hands"]]
    return hands, answer["final"], answer["players"]


def _games(client, fmt, data, rules=None):
    body = {"record": {"format": fmt, "data": data}}
    if rules is not None:
        body["rules"] = rules
    resp = client.post("/v1/games", json=body)
    assert resp.status_code == 200, resp.get_data(as_text=True)[:400]
    return resp.get_json()


def _convert(client, fmt, data, to, rules=None):
    body = {"record": {"format": fmt, "data": data}, "to": to}
    if rules is not None:
        body["rules"] = rules
    return client.post("/v1/convert", json=body)


def _round_trip(client, fmt, data, to, rules=None):
    """The converted record read back under the preset the conversion names gives the original's answer."""
    original = _games(client, fmt, data, rules)
    resp = _convert(client, fmt, data, to, rules)
    assert resp.status_code == 200, resp.get_data(as_text=True)[:400]
    out = resp.get_json()
    assert out["format"] == to and out["preset"] == original["preset"]
    back = _games(client, to, out["data"], rules or {"preset": out["preset"]})
    assert _summary(back) == _summary(original)
    return out["data"]


def _mjai_of_tonpuu(client):
    return _convert(client, "tenhou.mjlog", MJLOG, "mjai").get_json()["data"]


@pytest.mark.parametrize("to", ["tenhou.6", "mjai"])
@pytest.mark.parametrize("fmt", ["tenhou.mjlog", "tenhou.6", "mjai", "mahjong_soul", "mahjong_soul_3p"])
def test_every_format_with_tiles_converts_and_reads_back_alike(client, fmt, to):
    data = {"tenhou.mjlog": lambda: MJLOG, "tenhou.6": lambda: TENHOU6, "mjai": lambda: _mjai_of_tonpuu(client),
            "mahjong_soul": hand_made, "mahjong_soul_3p": three_player}[fmt]()
    rules = {"preset": "tenhou"} if fmt == "mjai" else None
    _round_trip(client, fmt.removesuffix("_3p"), data, to, rules)


def test_tenhou_xml_is_written_as_tenhous_own_converter_writes_it(client):
    written = _convert(client, "tenhou.mjlog", MJLOG, "tenhou.6").get_json()["data"]
    for key in ("log", "sc", "rule"):
        assert written[key] == TENHOU6[key], key


def test_mjai_written_from_tenhou6_names_the_pon_an_added_kan_grows():
    """tenhou.6 writes an added kan as the added tile only; the mjai kakan still lists the pon's three tiles."""
    from calculator.records.model import Call, Draw, GameRecord, HandEnd, HandRecord, RecordFlags
    from calculator.records.write_mjai import _events
    hand = HandRecord("record/data/log/0", (0, 0, 0), (25000,) * 4, ((0,) * 13,) * 4, (1,), (
        Call(1, "pon", (27, 27, 27), 27, 0), Draw(1, 27), Call(1, "added_kan", (), 27, 0)), HandEnd("exhaustive_draw"))
    kakan = [e for e in _events(hand) if e["type"] == "kakan"]
    assert kakan == [{"type": "kakan", "actor": 1, "pai": "E", "consumed": ["E", "E", "E"]}]
    assert GameRecord and RecordFlags   # the model the writer reads


@pytest.mark.parametrize("to", ["tenhou.6", "mjai"])
def test_a_record_without_tiles_cannot_be_converted_and_says_what_is_missing(client, to):
    resp = _convert(client, "outcomes", OUTCOMES, to)
    assert resp.status_code == 422
    (err,) = resp.get_json()["errors"]
    assert err["code"] == "no_tiles" and err["pointer"] == "#/record/data"
    assert "has no tiles" in err["detail"] and "tenhou.mjlog" in err["detail"]


@pytest.mark.parametrize("body, pointer, code", [
    pytest.param({"record": {"format": "tenhou.mjlog", "data": MJLOG}}, "#/to", "required", id="no-target"),
    pytest.param({"record": {"format": "tenhou.mjlog", "data": MJLOG}, "to": "tenhou.mjlog"}, "#/to", "invalid",
                 id="xml-is-no-target"),
    pytest.param({"record": {"format": "tenhou.mjlog", "data": MJLOG}, "to": "mjai", "rules": None}, "#/rules", None,
                 id="rules-null"),
    pytest.param({"to": "mjai"}, "#/record", "required", id="no-record"),
    pytest.param({"record": {"format": "mjai", "data": "{not json"}, "to": "tenhou.6"}, "#/record/data", None,
                 id="broken-json-lines"),
])
def test_bad_conversion_requests_are_422_at_their_field(client, body, pointer, code):
    resp = client.post("/v1/convert", json=body)
    assert resp.status_code == 422, resp.get_data(as_text=True)[:300]
    errors = resp.get_json()["errors"]
    assert any(e["pointer"].startswith(pointer) and (code is None or e["code"] == code) for e in errors), errors


def test_public_games_convert_exactly_and_read_back_alike(client):
    """A sample of the public games (every one: the conformance-style script in bench/README): Tenhou XML to
    tenhou.6 equals the shared tenhou6 field; to mjai and back, the same answer."""
    if not os.path.exists(GAMES_DATA):
        pytest.skip("../shared/data is not present")
    with gzip.open(GAMES_DATA, "rt") as f:
        for line in islice(f, 0, 803, 80):
            g = json.loads(line)
            written = _round_trip(client, "tenhou.mjlog", g["mjlog"], "tenhou.6")
            assert {k: written[k] for k in ("log", "sc", "name", "rule")} == \
                {k: g["tenhou6"][k] for k in ("log", "sc", "name", "rule")}
            _round_trip(client, "tenhou.mjlog", g["mjlog"], "mjai")
