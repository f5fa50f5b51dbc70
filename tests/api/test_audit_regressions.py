"""Regressions from the input audit: strict bounded integers, red-five limits and copies counted on every
route, chi only from the left, riichi only with a closed hand, independent problems listed together,
duplicate JSON keys refused."""
import json

import pytest
from marshmallow import Schema, ValidationError

from schemas.fields import StrictInteger

SCORE = {"hand": "234567m234p67s55s", "win_tile": "8s", "win_by": "ron", "discarder": "north",
         "seat_wind": "south", "round_wind": "east"}
EVALUATE = {"hand": "123m789p23456s11z", "seat_wind": "south", "round_wind": "east", "rules": {"preset": "tenhou"}}
RIICHI = {"hand": "234567m234p67s55s", "discards": [{"tile": "9m"}]}
FURITEN = {"hand": "123m789p23456s11z"}
KUIKAE = {"hand": "1s456m789p1122z", "call": {"kind": "chi", "tiles": "234s", "called": "4s", "from": "north"}}
DECLARED = {"riichi": "riichi", "discards": [{"tile": "9m", "riichi": True}]}


def errors(body):
    return {(e["pointer"], e["code"]) for e in body["errors"]}


# --- 1. integers are JSON integers, bounded ---

INTEGER_FIELDS = [
    ("/v1/score", SCORE, "honba"), ("/v1/score", SCORE, "riichi_sticks"),
    ("/v1/score", SCORE, "dealer_extra_hands"), ("/v1/score", SCORE, "consecutive_draws"),
    ("/v1/evaluate", EVALUATE, "honba"), ("/v1/evaluate", EVALUATE, "riichi_sticks"),
    ("/v1/evaluate", EVALUATE, "tiles_left"), ("/v1/riichi", RIICHI, "points"), ("/v1/riichi", RIICHI, "tiles_left"),
]


@pytest.mark.parametrize("value", [
    pytest.param(1.99, id="fraction"), pytest.param(2.0, id="integral-float"), pytest.param("  3 ", id="string"),
    pytest.param(True, id="boolean"), pytest.param(10**300, id="huge"), pytest.param(-(10**300), id="huge-negative"),
])
@pytest.mark.parametrize("path, base, field", [pytest.param(*f, id=f"{f[0][4:]}-{f[2]}") for f in INTEGER_FIELDS])
def test_integer_inputs_are_strict_and_bounded(post_json, path, base, field, value):
    status, body = post_json(path, {**base, field: value})
    assert status == 422 and (f"#/{field}", "invalid") in errors(body), body


@pytest.mark.parametrize("path, base, field", [pytest.param(*f, id=f"{f[0][4:]}-{f[2]}") for f in INTEGER_FIELDS])
def test_a_plain_integer_still_loads(post_json, path, base, field):
    status, body = post_json(path, {**base, field: 3})
    assert status == 200, body


@pytest.mark.parametrize("path, body, pointer", [
    pytest.param("/v1/evaluate", {**EVALUATE, "scores": {"south": 25000.5}}, "#/scores/south", id="evaluate-scores"),
    pytest.param("/v1/evaluate", {**EVALUATE, "scores": {"south": 10**12}}, "#/scores/south", id="evaluate-scores-huge"),
    pytest.param("/v1/furiten", {**FURITEN, "discards": [{"tile": "1z"}], "sacred_declared_at": 0.0},
                 "#/sacred_declared_at", id="furiten-index-float"),
    pytest.param("/v1/furiten", {**FURITEN, "discards": [{"tile": "1z"}], "sacred_declared_at": 10**9},
                 "#/sacred_declared_at", id="furiten-index-huge"),
    pytest.param("/v1/score", {**SCORE, "history": {"sacred_declared_at": 1.5}}, "#/history/sacred_declared_at",
                 id="score-history-index"),
])
def test_nested_integer_inputs_are_strict_and_bounded(post_json, path, body, pointer):
    status, out = post_json(path, body)
    assert status == 422 and (pointer, "invalid") in errors(out), out


@pytest.mark.parametrize("value", [pytest.param(10**300, id="huge"), pytest.param(-(10**300), id="huge-negative"),
                                   pytest.param(10**9 + 1, id="just-past-the-bound")])
def test_integer_rule_options_are_bounded(post_json, value):
    status, body = post_json("/v1/score", {**SCORE, "rules": {"riichi_stick_value": value}})
    assert status == 422 and errors(body) == {("#/rules/riichi_stick_value", "invalid_option")}, body


def test_strict_integer_field_refuses_what_marshmallow_coerces():
    class S(Schema):
        n = StrictInteger(maximum=10)

    assert S().load({"n": 10}) == {"n": 10}
    for bad in (1.99, 2.0, "3", " 3 ", True, False, 11, -1, None):
        with pytest.raises(ValidationError):
            S().load({"n": bad})


# --- 2. red-five limits on every route ---

TENHOU = {"rules": {"preset": "tenhou"}}


@pytest.mark.parametrize("path, body, pointer", [
    pytest.param("/v1/ready", {"hand": "123m456p789s0000s", **TENHOU}, "#/hand", id="ready-four-red-5s-under-tenhou"),
    pytest.param("/v1/ready", {"hand": "123m400p789s2345s", **TENHOU}, "#/hand", id="ready-two-red-5p-under-tenhou"),
    pytest.param("/v1/furiten", {"hand": "123m789p20406s11z", **TENHOU}, "#/hand", id="furiten"),
    pytest.param("/v1/riichi", {**RIICHI, "hand": "234007m234p67s55s", **TENHOU}, "#/hand", id="riichi"),
    pytest.param("/v1/kuikae", {**KUIKAE, "hand": "1s400m789p1122z", **TENHOU}, "#/hand", id="kuikae"),
    pytest.param("/v1/score", {**SCORE, "hand": "234007m234p67s55s", **TENHOU}, "#/hand", id="score"),
])
def test_red_fives_beyond_the_rules_are_422_everywhere(post_json, path, body, pointer):
    status, out = post_json(path, body)
    assert status == 422 and (pointer, "too_many_red_fives") in errors(out), out


def test_red_fives_the_rules_have_still_load(post_json):
    status, body = post_json("/v1/ready", {"hand": "123m406p789s2345s", "rules": {"preset": "tenhou"}})
    assert status == 200, body


# --- 3. passed and event tiles are copies ---

FOUR_1M = "1111m789p23456s1z"


@pytest.mark.parametrize("path, body, pointer", [
    pytest.param("/v1/furiten", {"hand": FOUR_1M, "missed": ["1m"]}, "#/missed", id="furiten-missed"),
    pytest.param("/v1/furiten", {"hand": FOUR_1M, **DECLARED, "missed_after_riichi": ["1m"]}, "#/missed_after_riichi",
                 id="furiten-missed-after-riichi"),
    pytest.param("/v1/score", {**SCORE, "hand": "234567m234p6s555s", "win_tile": "6s",
                               "history": {"missed": ["5s", "5s"]}}, "#/history/missed", id="score-history-missed"),
    pytest.param("/v1/evaluate", {**EVALUATE, "hand": FOUR_1M, "missed": ["1m"]}, "#/missed", id="evaluate-missed"),
    pytest.param("/v1/riichi", {"hand": FOUR_1M, **DECLARED, "event": {"kind": "drawn", "tile": "1m"}}, "#/event/tile",
                 id="riichi-drawn-event"),
    pytest.param("/v1/riichi", {"hand": FOUR_1M, **DECLARED, "missed_after_riichi": ["1m"]}, "#/missed_after_riichi",
                 id="riichi-missed-after-riichi"),
])
def test_a_fifth_copy_among_passed_or_event_tiles_is_422(post_json, path, body, pointer):
    status, out = post_json(path, body)
    assert status == 422 and (pointer, "too_many_copies") in errors(out), out


@pytest.mark.parametrize("body", [
    pytest.param({"hand": "111m789p23456s11z", **DECLARED, "missed": ["1m"], "missed_after_riichi": ["1m"]},
                 id="passed-before-and-after-riichi-is-one-copy"),
    pytest.param({"hand": "789p23456s11z", "melds": [{"kind": "closed_kan", "tiles": "1111m"}], "missed": ["1m"]},
                 id="passed-then-drawn-for-a-kong"),
])
def test_passed_tiles_that_are_one_physical_tile_still_load(post_json, body):
    status, out = post_json("/v1/furiten", body)
    assert status == 200, out


def test_a_win_event_tile_in_a_drawn_hand_is_not_counted_twice(post_json):
    status, out = post_json("/v1/riichi", {"hand": "1111m789p23456s11z", "event": {"kind": "win", "tile": "1m"}})
    assert status == 200, out


# --- 4. a chi comes from the left ---

CHI_SCORE = {**SCORE, "hand": "567m234p67s55s", "seat_wind": "west", "discarder": "north"}


@pytest.mark.parametrize("path, base", [pytest.param("/v1/score", CHI_SCORE, id="score"),
                                        pytest.param("/v1/evaluate", {**EVALUATE, "seat_wind": "west",
                                                                      "hand": "789p23456s11z"}, id="evaluate")])
@pytest.mark.parametrize("source, ok", [pytest.param("south", True, id="from-the-left"),
                                        pytest.param("east", False, id="from-across"),
                                        pytest.param("north", False, id="from-the-right")])
def test_a_chi_is_claimed_only_from_the_left(post_json, path, base, source, ok):
    meld = {"kind": "chi", "tiles": "234m", "called": "2m", "from": source}
    status, out = post_json(path, {**base, "melds": [meld]})
    if ok:
        assert status == 200, out
    else:
        assert status == 422 and errors(out) == {("#/melds/0/from", "bad_meld")}, out


# --- 5. riichi needs a closed hand on /v1/furiten and /v1/riichi too ---

OPEN = {"hand": "123m789p2345s", "melds": [{"kind": "pon", "tiles": "777z", "called": "7z", "from": "north"}],
        "riichi": "riichi", "discards": [{"tile": "1z", "riichi": True}]}


@pytest.mark.parametrize("path", ["/v1/furiten", "/v1/riichi"])
@pytest.mark.parametrize("riichi", ["riichi", "double_riichi"])
def test_a_declared_riichi_with_an_open_meld_is_422(post_json, path, riichi):
    status, out = post_json(path, {**OPEN, "riichi": riichi})
    assert status == 422 and ("#/riichi", "inconsistent_situation") in errors(out), out


@pytest.mark.parametrize("path", ["/v1/furiten", "/v1/riichi"])
def test_a_declared_riichi_with_a_closed_kong_loads(post_json, path):
    status, out = post_json(path, {**OPEN, "melds": [{"kind": "closed_kan", "tiles": "7777z"}]})
    assert status == 200, out


def test_an_open_hand_before_declaring_is_a_200_no(post_json):
    status, out = post_json("/v1/riichi", {**OPEN, "riichi": "none", "discards": [{"tile": "1z"}]})
    assert status == 200 and out["allowed"] is False and "open_hand" in out["reasons"], out


# --- 6. one bad field is listed first and alone; once it is fixed, every situation problem together ---

@pytest.mark.parametrize("path, base", [pytest.param("/v1/score", SCORE, id="score"),
                                        pytest.param("/v1/evaluate", {**EVALUATE, "discarder": "north"},
                                                     id="evaluate")])
def test_a_bad_round_wind_is_told_first_then_every_situation_problem(post_json, path, base):
    body = {**base, "round_wind": "x", "ippatsu": True, "discarder": base["seat_wind"]}
    status, out = post_json(path, body)
    assert status == 422 and errors(out) == {("#/round_wind", "invalid")}, out
    status, out = post_json(path, {**body, "round_wind": "east"})
    assert status == 422
    assert {("#/ippatsu", "inconsistent_situation"), ("#/discarder", "inconsistent_situation")} <= errors(out), out


def test_a_bad_win_by_is_told_first_then_what_the_given_one_makes_wrong(post_json):
    status, out = post_json("/v1/score", {**SCORE, "win_by": "x", "ippatsu": True, "haitei": True})
    assert status == 422 and errors(out) == {("#/win_by", "invalid")}, out
    status, out = post_json("/v1/score", {**SCORE, "win_by": "ron", "ippatsu": True, "haitei": True})
    assert status == 422 and {("#/ippatsu", "inconsistent_situation"), ("#/haitei", "inconsistent_situation")} <= \
        errors(out), out


def test_an_unknown_rules_option_does_not_hide_an_impossible_kan(post_json):
    status, out = post_json("/v1/riichi", {**RIICHI, **DECLARED, "rules": {"no_such_option": 1},
                                           "event": {"kind": "kan", "tile": "2m"}})
    assert status == 422
    assert errors(out) == {("#/rules/no_such_option", "unknown_option"), ("#/event/tile", "kan_impossible")}, out


# --- 7. duplicate JSON keys ---

ROUTES = ["/v1/ready", "/v1/furiten", "/v1/score", "/v1/evaluate", "/v1/riichi", "/v1/kuikae", "/v1/settle",
          "/v1/final"]


@pytest.mark.parametrize("path", ROUTES)
@pytest.mark.parametrize("text, key", [
    pytest.param('{"hand": "123m", "rules": {"preset": "tenhou", "preset": "nope"}}', "preset", id="nested-object"),
    pytest.param('{"hand": "123m", "hand": "456m"}', "hand", id="top-level"),
    pytest.param('{"discards": [{"tile": "1m", "tile": "2m"}]}', "tile", id="object-in-a-list"),
])
def test_a_duplicate_key_is_a_400(client, path, text, key):
    resp = client.post(path, data=text, content_type="application/json")
    assert resp.status_code == 400
    assert f"duplicate key '{key}'" in resp.get_json()["detail"]


def test_the_same_key_in_different_objects_is_fine(client):
    text = json.dumps({"hand": "123m789p2345s", "melds": [{"kind": "pon", "tiles": "777z"}],
                       "discards": [{"tile": "1z"}, {"tile": "2z"}]})
    assert client.post("/v1/furiten", data=text, content_type="application/json").status_code == 200


@pytest.mark.parametrize("text, status", [pytest.param("{", 400, id="bad-json"),
                                          pytest.param("[" * 5000 + "]" * 5000, 400, id="too-deep")])
def test_body_errors_are_kept(client, text, status):
    assert client.post("/v1/ready", data=text, content_type="application/json").status_code == status
    assert client.post("/v1/ready", data="{}", content_type="text/plain").status_code == 415
