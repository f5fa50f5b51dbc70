"""POST /v1/games with a Mahjong Soul record (format mahjong_soul): the hand-made game in both shapes, read
under mahjong_soul without rules and compared under other rules with them; bad records, each a 422 naming the
entry (never a 500); and the real samples of ../shared/data/formats/mjsoul/ where present."""
import copy

import pytest

from tests.mjsoul_samples import EXCERPTS, FRIENDLY, RANKED, hand_made, sample, three_player
from tests.mjsoul_samples import setting as _set


def post(client, data, rules=None):
    body = {"record": {"format": "mahjong_soul", "data": data}}
    if rules is not None:
        body["rules"] = rules
    resp = client.post("/v1/games", json=body)
    return resp.status_code, resp.get_json()


@pytest.mark.parametrize("shape", ["records", "actions"])
def test_hand_made_game_agrees_under_mahjong_soul(client, shape):
    status, body = post(client, hand_made(shape))
    assert status == 200, body
    assert body["preset"] == "mahjong_soul" and body["agrees"] is True
    assert body["players"] == ["A", "B", "C", "D"]
    (hand,) = body["hands"]
    assert hand["deltas"] == hand["recorded_deltas"] == [-8000, 9000, 0, 0]
    assert [y["id"] for y in hand["wins"][0]["yaku"]] == ["double_riichi", "ittsu"]
    assert body["recorded_final"] == {"scores": [-3000, 33000, 25000, 45000], "points": [-43, 13, -5, 35]}
    assert [s["final"] for s in body["final"]["scores"]] == [-43, 13, -5, 35]


def test_with_rules_every_difference_is_reported(client):
    status, body = post(client, hand_made(), {"preset": "tenhou"})
    assert status == 200 and body["preset"] == "tenhou"
    assert body["agrees"] is False and [d["field"] for d in body["differences"]] == ["final.points"]


def test_a_difference_in_a_hand_names_the_yaku(client):
    record = hand_made()
    record["data"]["records"][3]["data"]["is_wliqi"] = False
    hule = record["data"]["records"][10]["data"]
    hule["hules"][0].update(fans=[{"id": 2, "val": 1}, {"id": 16, "val": 2}], count=3, point_rong=5200)
    hule["delta_scores"] = [-5200, 6200, 0, 0]           # a record that scores a plain riichi
    status, body = post(client, record)
    assert status == 200 and body["hands"][0]["agrees"] is False
    (diff,) = body["hands"][0]["differences"]
    assert (diff["field"], diff["recorded"], diff["computed"]) == ("deltas", [-5200, 6200, 0, 0], [-8000, 9000, 0, 0])
    assert "double_riichi" in diff["why"] and "3 recorded, 4 computed" in diff["why"]


R = ["data", "records"]
BAD = [
    pytest.param(lambda r: r.pop("head"), "#/record/data/head", "missing_head", id="missing-head"),
    pytest.param(lambda r: r.pop("data"), "#/record/data/data", "missing_data", id="missing-data"),
    pytest.param(_set(R + [5, "name"], ".lq.RecordSelectGap"), "#/record/data/data/records/5/name",
                 "unknown_event", id="unknown-event"),
    pytest.param(_set(R + [9, "data", "tile"], "6s"), "#/record/data/data/records/9", "tile_not_in_hand",
                 id="discard-of-a-tile-not-held"),
    pytest.param(lambda r: r["data"]["records"].pop(), "#/record/data/data/records/9", "hand_without_end",
                 id="truncated-record"),
    pytest.param(_set(R + [8, "data", "tile"], "5x"), "#/record/data/data/records/8/data/tile", "unknown_tile",
                 id="unknown-tile"),
    pytest.param(_set(R + [0, "data", "doras"], [11]), "#/record/data/data/records/0/data/doras/0",
                 "unknown_tile", id="tile-as-a-number"),
    pytest.param(_set(R + [0, "data", "scores"], [25000, 25000]), "#/record/data/data/records/0/data/scores",
                 "wrong_player_count", id="two-scores"),
    pytest.param(_set(R, "none"), "#/record/data/data", "missing_data", id="records-not-a-list"),
]


@pytest.mark.parametrize("change, pointer, code", BAD)
def test_bad_records_are_a_422_naming_the_entry(client, change, pointer, code):
    record = hand_made()
    change(record)
    status, body = post(client, record)
    assert status == 422, body
    assert [(e["pointer"], e["code"]) for e in body["errors"]] == [(pointer, code)]
    assert body["errors"][0]["detail"]


def test_a_record_that_is_no_object_is_a_422(client):
    status, body = post(client, [hand_made()])
    assert status == 422 and body["errors"][0]["pointer"] == "#/record/data"


def test_a_three_player_record_is_read_under_tenhou_sanma(client):
    status, body = post(client, three_player())
    assert status == 200 and body["preset"] == "tenhou_sanma"
    assert body["hands"][0]["agrees"] is True and body["hands"][0]["deltas"] == [-6400, 6400, 0]


def test_a_three_player_record_under_mahjong_soul_is_refused(client):
    status, body = post(client, three_player(), {"preset": "mahjong_soul"})
    assert status == 422
    assert [(e["pointer"], e["code"]) for e in body["errors"]] == [("#/rules/preset", "wrong_player_count")]
    assert "tenhou_sanma" in body["errors"][0]["detail"]


# --- the real samples (../shared/data/formats/mjsoul/) ---

def test_ranked_game_agrees(client):
    status, body = post(client, sample(RANKED))
    assert status == 200, body
    assert body["preset"] == "mahjong_soul" and body["agrees"] is True
    assert len(body["hands"]) == 9 and all(h["agrees"] for h in body["hands"])
    assert body["recorded_final"]["points"] == [-43.6, -6.4, 19.5, 30.5]
    assert [s["final"] for s in body["final"]["scores"]] == [-43.6, -6.4, 19.5, 30.5]


def test_ranked_game_in_the_plain_actions_shape_agrees(client):
    record = sample(RANKED)
    record["data"] = record["data"]["data"]           # {"actions": [...]} without the GameDetailRecords wrapper
    status, body = post(client, record)
    assert status == 200 and body["agrees"] is True


def test_friendly_test_game_is_a_clear_422(client):
    status, body = post(client, sample(FRIENDLY))
    assert status == 422
    (e,) = body["errors"]
    assert (e["pointer"], e["code"]) == ("#/record/data/data/data/records/0/data/tiles1", "too_many_copies")
    assert "testing environment" in e["detail"]


@pytest.mark.parametrize("name", EXCERPTS)
def test_riichienv_excerpts_are_a_422_naming_the_fix(client, name):
    status, body = post(client, sample(name))
    assert status == 422
    (e,) = body["errors"]
    assert (e["pointer"], e["code"]) == ("#/record/data/events", "not_a_game_record")
    assert "RiichiEnv" in e["detail"] and "\"actions\"" in e["detail"]


def test_every_sample_is_answered_without_a_500(client):
    for name in (RANKED, FRIENDLY) + EXCERPTS:
        record = sample(name)
        for cut in (copy.deepcopy(record), {"head": record.get("head")}, {"data": record.get("data")}):
            status, _ = post(client, cut)
            assert status in (200, 422), name


ODD_VALUES = (None, "x", -1, 99, [], {}, [1], "0z", True, 2.5)


def _mutations():
    """Every field of every event of the hand-made record, and of its head, set to each odd value in turn."""
    base = hand_made()
    for i, r in enumerate(base["data"]["records"]):
        for key in r["data"]:
            for value in ODD_VALUES:
                yield ("data", "records", i, "data", key), value
        yield ("data", "records", i, "name"), None
    for key in ("config", "accounts", "result"):
        for value in ODD_VALUES:
            yield ("head", key), value
    for value in ODD_VALUES:
        yield ("head", "result", "players", 0, "seat"), value
        yield ("data", "records", 10, "data", "hules", 0, "fans", 0, "id"), value


def test_no_field_of_a_record_gives_a_500(client):
    seen = 0
    for path, value in _mutations():
        record = hand_made()
        node = record
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        status, body = post(client, record)
        assert status in (200, 422), (path, value, body)
        seen += 1
    assert seen > 500


@pytest.mark.parametrize("edit", ["delete", "repeat"])
def test_no_missing_or_repeated_event_gives_a_500(client, edit):
    for i in range(len(hand_made()["data"]["records"])):
        record = hand_made()
        records = record["data"]["records"]
        if edit == "delete":
            del records[i]
        else:
            records.insert(i, copy.deepcopy(records[i]))
        status, body = post(client, record)
        assert status in (200, 422), (edit, i, body)
