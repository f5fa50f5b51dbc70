"""A record reader says where IN THE RECORD a problem is ("log", "line/1", "" for the whole record); the request's
reader (intake.games) answers it at the record's pointer, record/data (issue 24)."""
from __future__ import annotations

import pytest

from calculator.core.errors import InvalidHand
from calculator.records.formats import READERS
from calculator.records.outcomes import read_outcomes
from intake.games import in_record


def _no_score(body, at):
    raise AssertionError("no score body here")


def read(fmt, data):
    return read_outcomes(data, _no_score) if fmt == "outcomes" else READERS[fmt][0](data)


CASES = [
    pytest.param("tenhou.6", {"log": 5}, "log", "invalid_record", id="tenhou6-log-not-a-list"),
    pytest.param("tenhou.6", {"log": [[]], "name": 3}, "name", "invalid_players", id="tenhou6-names"),
    pytest.param("mjai", [{"type": "start_game"}, {"type": "end_game"}], "", "no_hands", id="mjai-whole-record"),
    pytest.param("mjai", '{"type": "start_game"}\n{"type": ', "line/2", "invalid_json", id="mjai-json-line"),
    pytest.param("tenhou.mjlog", "<mjloggm ver=\"2.3\"></mjloggm>", "", "no_hands", id="mjlog-whole-record"),
    pytest.param("mahjong_soul", {"data": {}}, "head", "missing_head", id="mjsoul-head"),
    pytest.param("outcomes", {"players": ["a", "b", "c", "d"], "hands": []}, "hands", "invalid_hands",
                 id="outcomes-hands"),
]


@pytest.mark.parametrize("fmt,data,place,code", CASES)
def test_a_reader_names_the_place_in_the_record(fmt, data, place, code):
    with pytest.raises(InvalidHand) as err:
        read(fmt, data)
    assert [(i.field, i.code) for i in err.value.issues] == [(place, code)]
    assert [i.field for i in in_record(err.value.issues)] == ["record/data/" + place if place else "record/data"]


@pytest.mark.parametrize("fmt,data,place,code", CASES)
@pytest.mark.parametrize("route", ["/v1/games", "/v1/convert"])
def test_the_answer_points_at_the_place_under_record_data(client, route, fmt, data, place, code):
    body = {"record": {"format": fmt, "data": data}, **({"to": "mjai"} if route == "/v1/convert" else {})}
    resp = client.post(route, json=body)
    assert resp.status_code == 422
    assert [(e["pointer"], e["code"]) for e in resp.get_json()["errors"]] == [
        ("#/record/data" + (f"/{place}" if place else ""), code)]
