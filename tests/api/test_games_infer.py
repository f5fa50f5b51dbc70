"""POST /v1/games with "infer_rules": true (API.md "Rules from the record"): the answer's shape, that it is the
answer under the rules found, the record's own flags as facts, a record nothing explains, and the 422 of
infer_rules with rules. The search itself is tested in tests/calculator/records/test_infer.py."""
import copy

import pytest

from tests.api.test_games_api import EXPECT, RECORDS, mismatches

INFERRED_KEYS = {"preset", "options", "from_record", "explains", "tried", "ruled_out", "also_explained_by"}
RULED_OUT_KEYS = {"preset", "options", "hand", "field", "recorded", "computed", "why"}


def post(client, fmt, data, **extra):
    return client.post("/v1/games", json={"record": {"format": fmt, "data": data}, **extra})


@pytest.mark.parametrize("fmt, from_record", [
    pytest.param("tenhou.mjlog", {"game_length": "east_only"}, id="tenhou.mjlog: its GO flags say East-only"),
    pytest.param("tenhou.6", {"game_length": "east_only"}, id="tenhou.6"),
    pytest.param("outcomes", {}, id="outcomes: the hands decide the length"),
])
def test_a_tenhou_game_is_found_to_be_tenhou(client, fmt, from_record):
    resp = post(client, fmt, RECORDS[fmt], infer_rules=True)
    assert resp.status_code == 200, resp.get_json()
    answer = resp.get_json()
    inferred = answer["inferred_rules"]
    assert set(inferred) == INFERRED_KEYS
    assert (inferred["preset"], inferred["options"], inferred["explains"]) == ("tenhou", {}, True)
    assert inferred["from_record"] == from_record
    assert answer["preset"] == "tenhou" and answer["final"]["preset"] == "tenhou"
    assert mismatches(answer, EXPECT) == []
    ruled = {c["preset"]: c for c in inferred["ruled_out"]}
    assert all(set(c) == RULED_OUT_KEYS for c in inferred["ruled_out"])
    assert "tenhou" not in ruled and len(ruled) + 1 + len(inferred["also_explained_by"]) == 11
    assert ruled["tenhou_sanma"]["field"] == "players" and ruled["tenhou_sanma"]["hand"] is None
    assert ruled["french"]["field"] == "scoring_family"
    assert inferred["tried"] == 6


def test_the_answer_is_the_one_under_the_rules_found(client):
    """Apart from inferred_rules, the answer is byte for byte the one the same record gets under those rules."""
    inferred = post(client, "outcomes", RECORDS["outcomes"], infer_rules=True).get_json()
    plain = post(client, "outcomes", RECORDS["outcomes"], rules={"preset": "tenhou"}).get_json()
    inferred.pop("inferred_rules")
    assert inferred == plain


def test_without_infer_rules_there_is_no_inferred_rules(client):
    for body in ({}, {"infer_rules": False}):
        answer = post(client, "outcomes", RECORDS["outcomes"], **body).get_json()
        assert "inferred_rules" not in answer


def test_a_record_nothing_explains(client):
    data = copy.deepcopy(RECORDS["outcomes"])
    data["hands"][0]["recorded_deltas"] = [1, 2, 3, -6]
    answer = post(client, "outcomes", data, infer_rules=True).get_json()
    inferred = answer["inferred_rules"]
    assert inferred["explains"] is False and inferred["tried"] > 6
    assert answer["hands"][0]["agrees"] is False and answer["agrees"] is False
    assert all(h["agrees"] is not False for h in answer["hands"][1:])   # the best candidate: every other hand


@pytest.mark.parametrize("body, code", [
    pytest.param({"infer_rules": True, "rules": {"preset": "tenhou"}}, "rules_with_infer_rules", id="with rules"),
    pytest.param({"infer_rules": "yes"}, None, id="not a boolean"),
])
def test_refusals(client, body, code):
    resp = post(client, "outcomes", RECORDS["outcomes"], **body)
    assert resp.status_code == 422
    errors = resp.get_json()["errors"]
    assert [e["pointer"] for e in errors] == ["#/infer_rules"]
    if code is not None:
        assert errors[0]["code"] == code and "not both" in errors[0]["detail"]
