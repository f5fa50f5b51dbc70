"""POST /v1/games: one short real game in each format (tests/cases/games), the games conformance when
../shared/data is present, bad records (each a 4xx problem naming where), and fuzzed records."""
import copy
import gzip
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.budget import LONG, examples
from tests.paths import ROOT, SHARED

CASES = os.path.join(ROOT, "tests", "cases", "games")
GAMES_DATA = os.path.join(SHARED, "data", "games.jsonl.gz")


def _read(name, as_json=True):
    with open(os.path.join(CASES, name), encoding="utf-8") as f:
        return json.load(f) if as_json else f.read()


MJLOG = _read("tonpuu.mjlog.xml", as_json=False)
TENHOU6 = _read("tonpuu.tenhou6.json")
OUTCOMES = _read("tonpuu.outcomes.json")
EXPECT = _read("tonpuu.expect.json")["expect"]
RECORDS = {"tenhou.mjlog": MJLOG, "tenhou.6": TENHOU6, "outcomes": OUTCOMES}
HAND_KEYS = ("round", "number", "honba", "riichi_sticks", "dealer", "result", "deltas", "scores")


def post(client, fmt, data, rules=None):
    body = {"record": {"format": fmt, "data": data}}
    if rules is not None:
        body["rules"] = rules
    return client.post("/v1/games", json=body)


def mismatches(answer, expect):
    """What the conformance tool compares (../shared/tools/conformance.py, suite games)."""
    out = []
    if len(answer["hands"]) != len(expect["hands"]):
        out.append(("hand count", len(expect["hands"]), len(answer["hands"])))
    for i, (h, e) in enumerate(zip(answer["hands"], expect["hands"])):
        out += [(i, k, e[k], h[k]) for k in HAND_KEYS if h[k] != e[k]]
        if h["agrees"] is not True:
            out.append((i, "agrees", h["differences"]))
    by_seat = {answer["players"].index(s["player"]): s for s in answer["final"]["scores"]}
    seats = range(len(expect["final"]["scores"]))    # four players, or three
    got = ([by_seat[i]["points"] for i in seats], [by_seat[i]["final"] for i in seats])
    if got != (expect["final"]["scores"], expect["final"]["points"]):
        out.append(("final", got))
    if answer["agrees"] is not True:
        out.append(("agrees", answer["differences"]))
    return out


@pytest.mark.parametrize("fmt", list(RECORDS))
def test_real_game_in_each_format(client, fmt):
    resp = post(client, fmt, RECORDS[fmt])
    assert resp.status_code == 200, resp.get_json()
    answer = resp.get_json()
    assert answer["preset"] == "tenhou"
    assert mismatches(answer, EXPECT) == []


def test_tile_records_score_every_win_from_its_tiles(client):
    answer = post(client, "tenhou.mjlog", MJLOG).get_json()
    first = answer["hands"][0]["wins"][0]   # East 1: seat 2 rons seat 0, hatsu + dora, 30 fu
    assert (first["winner"], first["from"], first["han"], first["fu"], first["points"]) == (2, 0, 2, 30, 2000)
    assert [y["id"] for y in first["yaku"]] == ["hatsu", "dora"]
    riichi_win = answer["hands"][1]["wins"][0]   # East 2: riichi, dora 3, ura 3, two sticks collected
    assert riichi_win["riichi_sticks_collected"] == 2000 and riichi_win["limit"] == "haneman"


def test_rules_override_is_reported_not_refused(client):
    resp = post(client, "outcomes", OUTCOMES, {"preset": "tenhou", "final_rounding": "nearest"})
    assert resp.status_code == 200
    answer = resp.get_json()
    assert all(h["agrees"] for h in answer["hands"])
    assert answer["agrees"] is False
    (diff,) = answer["differences"]
    assert diff["field"] == "final.points" and "final_rounding nearest" in diff["why"]


def test_a_wrong_recorded_delta_is_a_difference(client):
    data = copy.deepcopy(OUTCOMES)
    data["hands"][0]["recorded_deltas"] = [-2300, 0, 2300, 0]
    answer = post(client, "outcomes", data).get_json()
    hand = answer["hands"][0]
    assert hand["agrees"] is False and answer["agrees"] is False
    (diff,) = hand["differences"]
    assert diff["field"] == "deltas" and diff["recorded"] == [-2300, 0, 2300, 0] and diff["why"]


def test_outcomes_without_a_length_take_the_length_from_the_hands(client):
    data = dict(OUTCOMES, length="east_south")   # the same five hands cannot be a whole East-South game
    answer = post(client, "outcomes", data).get_json()
    assert answer["agrees"] is False and answer["differences"][-1]["field"] == "hands"


@pytest.mark.skipif(not os.path.exists(GAMES_DATA), reason="../shared/data is not present")
def test_games_conformance(client):
    """Every format of the public games: the first 25 (GAMES_SAMPLE=n: n), or with GAMES_ALL=1 or
    HYPOTHESIS_PROFILE=long all 803 (about two minutes for the three formats on the development machine)."""
    limit = None if os.environ.get("GAMES_ALL") or LONG else int(os.environ.get("GAMES_SAMPLE", 25))
    failed = []
    with gzip.open(GAMES_DATA, "rt", encoding="utf-8") as f:
        for n, line in enumerate(f):
            if limit is not None and n >= limit:
                break
            g = json.loads(line)
            for fmt, key in (("tenhou.mjlog", "mjlog"), ("tenhou.6", "tenhou6"), ("outcomes", "outcomes")):
                resp = post(client, fmt, g[key])
                bad = [resp.status_code] if resp.status_code != 200 else mismatches(resp.get_json(), g["expect"])
                if bad:
                    failed.append((g["game_id"], fmt, bad[:3]))
    assert failed == []


# ---------------------------------------------------------------- bad records: a 4xx problem naming where

def problem(resp, status=422):
    assert resp.status_code == status, resp.get_data(as_text=True)[:300]
    assert resp.mimetype == "application/problem+json"
    return resp.get_json()


def pointers(resp):
    return [(e["pointer"], e["code"]) for e in problem(resp)["errors"]]


BOMB = ('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>'
        '<mjloggm ver="2.3">&lol2;</mjloggm>')
EXTERNAL = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><mjloggm>&e;</mjloggm>'


@pytest.mark.parametrize("data, code", [
    pytest.param(MJLOG[:len(MJLOG) // 2], "malformed_xml", id="truncated"),
    pytest.param(BOMB, "xml_declarations_refused", id="entity-bomb"),
    pytest.param(EXTERNAL, "xml_declarations_refused", id="external-entity"),
    pytest.param("<html/>", "not_a_tenhou_log", id="not-a-log"),
])
def test_unreadable_xml(client, data, code):
    assert pointers(post(client, "tenhou.mjlog", data)) == [("#/record/data", code)]


def test_xml_cut_at_a_tag_boundary_names_the_hand_that_has_no_end(client):
    cut = MJLOG[:MJLOG.index("<AGARI", MJLOG.index("<INIT", 100))] + "</mjloggm>"
    (pointer, code), = pointers(post(client, "tenhou.mjlog", cut))
    assert code == "hand_without_end" and pointer.startswith("#/record/data/hands/0/events/")


def test_unknown_format(client):
    errors = problem(client.post("/v1/games", json={"record": {"format": "riichi_city", "data": {}}}))["errors"]
    assert errors[0]["pointer"] == "#/record/format" and "tenhou.mjlog" in errors[0]["detail"]


def test_fifth_copy_in_xml(client):
    # seat 1's dealt hand takes a tile id seat 0 already holds
    first = MJLOG.index('hai1="') + len('hai1="')
    data = MJLOG[:first] + "37," + MJLOG[first + MJLOG[first:].index(",") + 1:]
    (pointer, code), = pointers(post(client, "tenhou.mjlog", data))
    assert code == "too_many_copies" and pointer.startswith("#/record/data/hands/0")


def test_fifth_copy_in_tenhou6(client):
    data = copy.deepcopy(TENHOU6)
    data["log"][0][4][:5] = [44, 44, 44, 44, 44]   # seat 0 is dealt five 4p (with the 4p it already holds)
    (pointer, code), = pointers(post(client, "tenhou.6", data))
    assert code == "too_many_copies" and pointer.startswith("#/record/data/log/0")


def test_score_list_of_three(client):
    xml = MJLOG.replace('ten="250,250,250,250"', 'ten="250,250,250"', 1)
    assert pointers(post(client, "tenhou.mjlog", xml)) == [("#/record/data/hands/0/ten", "wrong_length")]
    data = copy.deepcopy(TENHOU6)
    data["log"][2][1] = data["log"][2][1][:3]
    assert pointers(post(client, "tenhou.6", data)) == [("#/record/data/log/2/1", "wrong_player_count")]
    data = copy.deepcopy(OUTCOMES)
    data["hands"][1]["recorded_deltas"] = [0, -12000, 14000]
    assert pointers(post(client, "outcomes", data)) == [("#/record/data/hands/1/recorded_deltas",
                                                          "wrong_player_count")]


def test_hand_after_the_game_ended(client):
    data = copy.deepcopy(OUTCOMES)
    data["length"] = "east_only"   # without it, a sixth hand would make it an unfinished East-South game
    data["hands"].append(data["hands"][0])
    assert pointers(post(client, "outcomes", data)) == [("#/record/data/hands/5", "hand_after_game_end")]
    last_init = MJLOG.rindex("<INIT")
    end = MJLOG.rindex("</mjloggm>")
    xml = MJLOG[:end] + MJLOG[last_init:end] + "</mjloggm>"
    assert pointers(post(client, "tenhou.mjlog", xml)) == [("#/record/data/hands/5", "hand_after_game_end")]


@pytest.mark.parametrize("fmt", list(RECORDS))
@pytest.mark.parametrize("preset", ["european_classical", "french", "italian"])
def test_a_win_in_han_and_fu_under_european_rules_is_refused_not_a_crash(client, fmt, preset):
    """A record's wins are han and fu; European payments need points: the first win is a 422, never a 500."""
    resp = post(client, fmt, RECORDS[fmt], {"preset": preset})
    assert resp.status_code == 422, resp.get_data(as_text=True)
    ((pointer, code),) = pointers(resp)
    assert code == "scoring_not_defined" and pointer.startswith(("#/record/data/hands/", "#/record/data/log/"))


def test_a_hand_after_the_end_under_the_requests_rules_is_reported_not_refused(client):
    data = copy.deepcopy(OUTCOMES)
    data["length"] = "east_only"
    data["hands"].append(data["hands"][0])
    resp = post(client, "outcomes", data, {"preset": "tenhou"})
    assert resp.status_code == 200, resp.get_json()
    answer = resp.get_json()
    assert len(answer["hands"]) == 6 and answer["agrees"] is False
    (diff,) = [d for d in answer["differences"] if d["field"] == "hands"]
    assert (diff["recorded"], diff["computed"]) == (6, 5) and "the record plays on" in diff["why"]


def test_body_over_the_route_limit(client):
    big = "<!--" + "x" * (1 << 20) + "-->"
    body = json.dumps({"record": {"format": "tenhou.mjlog", "data": MJLOG + big}})
    resp = client.post("/v1/games", data=body, content_type="application/json")
    assert "1048576" in problem(resp, 413)["detail"]
    # a body above the other routes' 64 KiB but below 1 MiB is read here
    padded = MJLOG.replace("<mjloggm ver=\"2.3\">", "<mjloggm ver=\"2.3\"><!--" + "x" * 200_000 + "-->")
    assert post(client, "tenhou.mjlog", padded).status_code == 200
    resp = client.post("/v1/score", data=json.dumps({"hand": "x" * 200_000}), content_type="application/json")
    assert problem(resp, 413)["status"] == 413


@pytest.mark.parametrize("data", [None, 5, [], {"players": ["A"], "hands": []}], ids=str)
def test_wrong_data_shapes(client, data):
    for fmt in RECORDS:
        assert post(client, fmt, data).status_code == 422


# ---------------------------------------------------------------- fuzz: mutated real records never get a 500

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", examples(30))), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def check(resp):
    assert resp.status_code in (200, 413, 422), resp.get_data(as_text=True)[:500]
    if resp.status_code != 200:
        assert resp.mimetype == "application/problem+json"


@FUZZ
@given(cut=st.integers(0, len(MJLOG)), at=st.integers(0, len(MJLOG) - 1), text=st.text(max_size=8))
def test_fuzz_mjlog(client, cut, at, text):
    check(post(client, "tenhou.mjlog", MJLOG[:cut]))
    check(post(client, "tenhou.mjlog", MJLOG[:at] + text + MJLOG[at + len(text):]))


def _paths(value, path=()):
    """Every (path, leaf) of a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))
    yield path, value


def _set(doc, path, new):
    doc = copy.deepcopy(doc)
    if not path:
        return new
    node = doc
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = new
    return doc


LEAVES = {name: [p for p, _ in _paths(RECORDS[name])] for name in ("tenhou.6", "outcomes")}
JUNK = st.one_of(st.integers(-100, 100), st.sampled_from([None, "", "r60", "p464646", "60", [], {}, 0, 60, 53]),
                 st.text(max_size=6), st.lists(st.integers(0, 60), max_size=4))


@FUZZ
@given(data=st.data())
def test_fuzz_json_records(client, data):
    fmt = data.draw(st.sampled_from(["tenhou.6", "outcomes"]))
    path = data.draw(st.sampled_from(LEAVES[fmt]))
    mutated = _set(RECORDS[fmt], path, data.draw(JUNK))
    check(post(client, fmt, mutated))
    if path and isinstance(path[-1], int):   # a list entry taken away
        doc = copy.deepcopy(RECORDS[fmt])
        node = doc
        for p in path[:-1]:
            node = node[p]
        del node[path[-1]]
        check(post(client, fmt, doc))


# ---------------------------------------------------------------- replay rules on outcomes records

def one_hand(hand, **data):
    return {"players": ["A", "B", "C", "D"], "hands": [hand], **data}


@pytest.mark.parametrize("hand, deltas", [
    # Tenhou: a ron off a third player is split half and half with the liable seat (pao_ron_by_third_party)
    pytest.param({"result": "ron", "from": 1, "wins": [{"winner": 2, "yakuman": 1, "pao": 3}]},
                 [0, -16000, 32000, -16000], id="ron-split"),
    pytest.param({"result": "tsumo", "wins": [{"winner": 2, "yakuman": 1, "pao": 3}]},
                 [0, 0, 32000, -32000], id="tsumo-liable-pays-all"),
    pytest.param({"result": "tsumo", "wins": [{"winner": 2, "yakuman": 1}]},
                 [-16000, -8000, 32000, -8000], id="no-pao"),
])
def test_pao(client, hand, deltas):
    answer = post(client, "outcomes", one_hand(hand), {"preset": "tenhou", "game_end_on_bust": False}).get_json()
    assert answer["hands"][0]["deltas"] == deltas


@pytest.mark.parametrize("win, pointer, code", [
    ({"winner": 2, "han": 2, "fu": 33}, "#/record/data/hands/0/wins/0/fu", "invalid_fu"),
    ({"winner": 2}, "#/record/data/hands/0/wins/0", "no_value"),
    ({"winner": 4, "han": 1, "fu": 30}, "#/record/data/hands/0/wins/0/winner", "no_such_seat"),
    ({"winner": 2, "score": {"hand": "123m", "win_tile": "1m", "win_by": "ron", "seat_wind": "west",
                             "round_wind": "east"}}, "#/record/data/hands/0/wins/0/score/hand", "wrong_tile_count"),
])
def test_bad_outcomes_wins(client, win, pointer, code):
    resp = post(client, "outcomes", one_hand({"result": "ron", "from": 1, "wins": [win]}))
    assert (pointer, code) in pointers(resp)


def test_full_score_body_is_scored_and_checked_against_the_replay(client):
    body = {"hand": "123m456p789s5551z", "win_tile": "1z", "win_by": "ron", "discarder": "south",
            "seat_wind": "west", "round_wind": "east"}
    hand = {"result": "ron", "from": 1, "wins": [{"winner": 2, "score": body}]}
    answer = post(client, "outcomes", one_hand(hand)).get_json()
    win = answer["hands"][0]["wins"][0]
    assert win["is_win"] is True and win["winner"] == 2 and win["deltas"]["west"] == win["points"]
    wrong = {**body, "seat_wind": "north"}
    hand["wins"][0]["score"] = wrong
    assert ("#/record/data/hands/0/wins/0/score/seat_wind", "seat_wind_mismatch") in pointers(
        post(client, "outcomes", one_hand(hand)))


def test_a_recorded_win_that_the_rules_refuse_is_a_difference(client):
    answer = post(client, "tenhou.mjlog", MJLOG, {"preset": "tenhou", "min_han": 2,
                                                   "game_length": "east_only"}).get_json()
    whys = [d for h in answer["hands"] for d in h["differences"] if d["field"] == "wins"]
    assert answer["agrees"] is False and all("no legal win" in d["why"] for d in whys)


def test_score_body_counters_must_be_the_replays(client):
    body = {"hand": "123m456p789s5551z", "win_tile": "1z", "win_by": "ron", "seat_wind": "west",
            "round_wind": "east", "honba": 2}
    hand = {"result": "ron", "from": 1, "wins": [{"winner": 2, "score": body}]}
    assert ("#/record/data/hands/0/wins/0/score/honba", "counters_mismatch") in pointers(
        post(client, "outcomes", one_hand(hand)))
    body["honba"] = 0
    assert post(client, "outcomes", one_hand(hand)).status_code == 200


@pytest.mark.parametrize("old, new, code", [
    pytest.param('<N who="2" m="50251" />', '<N who="2" m="64516" />', "bad_call", id="chi-of-honours"),
    pytest.param('doraHai="16"', 'doraHai="999"', "unknown_tile", id="indicator-off-the-tiles"),
])
def test_hostile_tags_are_422(client, old, new, code):
    assert old in MJLOG
    (pointer, got), = pointers(post(client, "tenhou.mjlog", MJLOG.replace(old, new, 1)))
    assert got == code and pointer.startswith("#/record/data/hands/0/events/")
