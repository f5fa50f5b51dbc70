"""POST /v1/games with three-player games (preset tenhou_sanma): committed real Tenhou games in formats
tenhou.mjlog and outcomes (tests/cases/games/sanma_games.jsonl: nine games that between them have kita
rinshan, a ron on a kita, haitei and houtei, a double ron, a West round, a bust, a yakuman, nagashi mangan,
kyuushu kyuuhai, four kans and leftover sticks), one in five of the 254 public games (all under HYPOTHESIS_PROFILE=long) when ../shared/data is present, and the
refusals of a record whose player count is not the preset's."""
import copy
import gzip
import json
import os

import pytest
from hypothesis import given, strategies as st

from tests.budget import sample
from tests.paths import ROOT, SHARED
from tests.api.test_games_api import FUZZ, JUNK, _paths, _set, mismatches
from tests.api.test_games_api import check as check_status

SAMPLE = os.path.join(ROOT, "tests", "cases", "games", "sanma_games.jsonl")
DATA = os.path.join(SHARED, "data", "sanma.jsonl.gz")
FOUR_PLAYER_MJLOG = os.path.join(ROOT, "tests", "cases", "games", "tonpuu.mjlog.xml")
FOUR_PLAYER_OUTCOMES = os.path.join(ROOT, "tests", "cases", "games", "tonpuu.outcomes.json")
FORMATS = (("tenhou.mjlog", "mjlog"), ("outcomes", "outcomes"))


def _games(path, opener=open):
    with opener(path, "rt", encoding="utf-8") as f:
        return [g for g in map(json.loads, f) if "expect" in g]


GAMES = _games(SAMPLE)


def post(client, fmt, data, rules=None):
    body = {"record": {"format": fmt, "data": data}}
    if rules is not None:
        body["rules"] = rules
    return client.post("/v1/games", json=body)


def check(client, g) -> list:
    bad = []
    for fmt, key in FORMATS:
        resp = post(client, fmt, g[key])
        if resp.status_code != 200:
            bad.append((fmt, resp.status_code, resp.get_json()))
            continue
        answer = resp.get_json()
        if answer["preset"] != "tenhou_sanma":
            bad.append((fmt, "preset", answer["preset"]))
        bad += [(fmt,) + m for m in mismatches(answer, g["expect"])]
    return bad


@pytest.mark.parametrize("g", GAMES, ids=[g["game_id"][-8:] for g in GAMES])
def test_sample_three_player_game_agrees_with_tenhou(client, g):
    assert check(client, g) == []


@pytest.mark.skipif(not os.path.exists(DATA), reason="../shared/data is not present (fresh clone)")
def test_public_three_player_games_agree_with_tenhou(client):
    games = _games(DATA, gzip.open)
    assert len(games) == 254
    bad = [(g["game_id"], d) for g in sample(games, 5) for d in [check(client, g)] if d]
    assert bad[:3] == []


def test_a_three_player_answer_has_three_seats_and_scores_kita(client):
    g = next(g for g in GAMES if g["game_id"].endswith("db095dec"))   # a win on the kita replacement draw
    answer = post(client, "tenhou.mjlog", g["mjlog"]).get_json()
    assert len(answer["players"]) == 3 and len(answer["final"]["scores"]) == 3
    assert all(len(h["deltas"]) == len(h["scores"]) == 3 for h in answer["hands"])
    wins = [w for h in answer["hands"] for w in h["wins"]]
    assert all(set(w["deltas"]) == {"east", "south", "west"} for w in wins)
    assert any(y["id"] == "kita" for w in wins for y in w["yaku"])
    assert any({"rinshan_kaihou", "kita"} <= {y["id"] for y in w["yaku"]} for w in wins)


def test_a_ron_on_a_kita_is_scored_without_chankan(client):
    g = next(g for g in GAMES if g["game_id"].endswith("c378f5c4"))
    answer = post(client, "tenhou.mjlog", g["mjlog"]).get_json()
    rons = [w for h in answer["hands"] for w in h["wins"] if h["result"] == "ron"]
    assert rons and not any(y["id"] == "chankan" for w in rons for y in w["yaku"])
    assert answer["agrees"] is True


# ---------------------------------------------------------------- the replay under other three-player rules

def _game(suffix):
    return next(g for g in GAMES if g["game_id"].endswith(suffix))


@pytest.mark.parametrize("suffix, option, value, why", [
    pytest.param("c378f5c4", "kita_ron", False, "kita_ron false", id="kita_ron-off"),
    pytest.param("db095dec", "kita_replacement_is_rinshan", False, "rinshan_kaihou", id="kita-rinshan-off"),
    pytest.param("c378f5c4", "live_wall", 50, "houtei", id="live_wall-50"),
    pytest.param("e36c8825", "tsumo_payment", "split_north_share", "points", id="tsumo-split-north-share"),
    pytest.param("c378f5c4", "honba_value", 300, "honba", id="honba-300"),
])
def test_other_three_player_rules_are_reported_not_refused(client, suffix, option, value, why):
    g = _game(suffix)
    assert check(client, g) == []     # Tenhou's own rules agree
    resp = post(client, "tenhou.mjlog", g["mjlog"], {"preset": "tenhou_sanma", option: value})
    assert resp.status_code == 200, resp.get_json()
    answer = resp.get_json()
    assert answer["agrees"] is False
    first = next(h for h in answer["hands"] if h["agrees"] is False)
    assert any(why in d["why"] for d in first["differences"]), first["differences"]
    assert not any("kita the record does not" in d["why"] for d in first["differences"])   # Tenhou's dora has it


# ---------------------------------------------------------------- the player count is the preset's

def _four_player():
    with open(FOUR_PLAYER_MJLOG, encoding="utf-8") as f:
        mjlog = f.read()
    with open(FOUR_PLAYER_OUTCOMES, encoding="utf-8") as f:
        return mjlog, json.load(f)


def refusal(resp):
    assert resp.status_code == 422, resp.get_data(as_text=True)[:300]
    assert resp.mimetype == "application/problem+json"
    (error,) = resp.get_json()["errors"]
    return error


@pytest.mark.parametrize("fmt, key", FORMATS)
def test_a_three_player_record_under_a_four_player_preset_is_refused(client, fmt, key):
    error = refusal(post(client, fmt, GAMES[0][key], {"preset": "tenhou"}))
    assert (error["pointer"], error["code"]) == ("#/rules/preset", "wrong_player_count")
    assert "tenhou_sanma" in error["detail"] and "3-player" in error["detail"]


@pytest.mark.parametrize("fmt", ["tenhou.mjlog", "outcomes"])
def test_a_four_player_record_under_a_three_player_preset_is_refused(client, fmt):
    mjlog, outcomes = _four_player()
    error = refusal(post(client, fmt, mjlog if fmt == "tenhou.mjlog" else outcomes, {"preset": "tenhou_sanma"}))
    assert (error["pointer"], error["code"]) == ("#/rules/preset", "wrong_player_count")
    assert "preset tenhou_sanma is for 3 players" in error["detail"] and "tenhou)" in error["detail"]


def test_kita_in_a_four_player_outcomes_record_is_refused(client):
    _, outcomes = _four_player()
    data = copy.deepcopy(outcomes)
    data["hands"][0]["kita"] = [0, 1, 0, 0]
    error = refusal(post(client, "outcomes", data))
    assert (error["pointer"], error["code"]) == ("#/record/data/hands/0/kita", "kita_not_in_rules")


@pytest.mark.parametrize("kita", [[0, 1], [0, 5, 0], [2, 2, 1], [0, -1, 0], "1"], ids=str)
def test_a_malformed_kita_list_is_refused(client, kita):
    data = copy.deepcopy(GAMES[0]["outcomes"])
    data["hands"][0]["kita"] = kita
    error = refusal(post(client, "outcomes", data))
    assert (error["pointer"], error["code"]) == ("#/record/data/hands/0/kita", "invalid_kita")


def test_a_score_body_whose_kita_is_not_the_hands_is_refused(client):
    data = {"players": ["A", "B", "C"], "hands": [{
        "result": "ron", "from": 1, "riichi": [], "kita": [0, 0, 1],
        "wins": [{"winner": 2, "score": {"hand": "2205588p789s111z", "melds": [], "kita": 0, "win_tile": "8p",
                                         "win_by": "ron", "discarder": "south", "seat_wind": "west",
                                         "round_wind": "east", "riichi": "riichi", "dora_indicators": "1m"}}]}]}
    error = refusal(post(client, "outcomes", data))
    assert (error["pointer"], error["code"]) == ("#/record/data/hands/0/wins/0/score/kita", "kita_mismatch")


def test_a_three_player_mjlog_with_a_fourth_score_is_refused(client):
    xml = GAMES[0]["mjlog"].replace('ten="350,350,350,0"', 'ten="350,350,350,250"', 1)
    error = refusal(post(client, "tenhou.mjlog", xml))
    assert (error["pointer"], error["code"]) == ("#/record/data/hands/0/ten", "wrong_length")
    assert "a fourth seat of zeros" in error["detail"]


@pytest.mark.parametrize("change, place, code", [
    pytest.param({"name": ["A", "B", "C"]}, "#/record/data/name", "invalid_players", id="three-names"),
    pytest.param({"rule": {"disp": "三鳳南喰赤", "aka": 1}}, "#/record/data/name/3", "fourth_seat_not_empty",
                 id="sanma-room-with-four-hands"),
])
def test_a_four_player_tenhou6_log_under_a_three_player_name_is_refused(client, change, place, code):
    """Three-player tenhou.6 keeps the four-seat layout (tests/calculator/records/test_tenhou6_3p.py): a log with
    three names, or a three-player room whose fourth seat plays, is named where it breaks that layout."""
    with open(os.path.join(ROOT, "tests", "cases", "games", "tonpuu.tenhou6.json"), encoding="utf-8") as f:
        data = {**json.load(f), **change}
    error = refusal(post(client, "tenhou.6", data))
    assert (error["pointer"], error["code"]) == (place, code)


# ---------------------------------------------------------------- fuzz: mutated three-player records never get a 500

KITA_GAME = next(g for g in GAMES if g["game_id"].endswith("c378f5c4"))    # kita, a ron on a kita
KITA_TAGS = [i for i in range(len(KITA_GAME["mjlog"])) if KITA_GAME["mjlog"].startswith('<N who="', i)]
OUTCOME_LEAVES = [p for p, _ in _paths(KITA_GAME["outcomes"])]


@FUZZ
@given(cut=st.integers(0, len(KITA_GAME["mjlog"])), tag=st.sampled_from(KITA_TAGS),
       code=st.integers(-5, 1 << 17), who=st.sampled_from("01234x"))
def test_fuzz_three_player_mjlog(client, cut, tag, code, who):
    xml = KITA_GAME["mjlog"]
    check_status(post(client, "tenhou.mjlog", xml[:cut]))
    end = xml.index("/>", tag)
    check_status(post(client, "tenhou.mjlog", xml[:tag] + f'<N who="{who}" m="{code}" ' + xml[end:]))


@FUZZ
@given(data=st.data())
def test_fuzz_three_player_outcomes(client, data):
    path = data.draw(st.sampled_from(OUTCOME_LEAVES))
    check_status(post(client, "outcomes", _set(KITA_GAME["outcomes"], path, data.draw(JUNK))))
