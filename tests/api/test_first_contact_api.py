"""What a new user still trips on (issue 25, "The API and the README"): each mistake is one problem that says
what to send instead."""
import json

import pytest

SCORES = {"east": 2000, "south": 2000, "west": 2000, "north": 2000}
LOSER = {"east": {"hand": "123m456p789s2345s"}}

MISTAKES = [
    pytest.param("/v1/settle", {"scores": SCORES, "outcome": {"kind": "tsumo", "wins": [{"winner": "north", "points": 100}],
                                                            "hands": LOSER}, "rules": {"preset": "european_classical"}},
                 "#/outcome/hands", "unexpected_hands", "at the body's top level", id="european-win-hands-inside-outcome"),
    pytest.param("/v1/settle", {"scores": SCORES, "outcome": {"kind": "ron", "discarder": "east", "wins": [
        {"winner": "north", "points": 100}], "hands": LOSER}, "rules": {"preset": "french"}},
                 "#/outcome/hands", "unexpected_hands", "move `hands` out of `outcome`", id="french-ron-hands-inside-outcome"),
    pytest.param("/v1/ready", {"hand": "123M456P789S2345S"}, "#/hand", "bad_character",
                 "send '123m456p789s2345s'", id="upper-case-suits"),
    pytest.param("/v1/ready", {"hand": "\U0001F007\U0001F008\U0001F009\U0001F00C\U0001F00D\U0001F00E\U0001F013"
                                       "\U0001F014\U0001F015\U0001F010\U0001F011\U0001F012\U0001F013"},
                 "#/hand", "bad_character", "send '123678m4561234s' for the 13 tiles sent", id="unicode-tiles"),
    pytest.param("/v1/ready", {"hand": "123m456p789s2345s", "rules": {"preset": "tenhou", "aka_dora": True}},
                 "#/rules/aka_dora", "unknown_option", "here it is 'red_fives'", id="aka_dora-is-red_fives"),
    pytest.param("/v1/ready", {"hand": "123m456p789s2345s", "rules": {"Kuitan": False}},
                 "#/rules/Kuitan", "unknown_option", "here it is 'open_tanyao'", id="kuitan-is-open_tanyao"),
    pytest.param("/v1/ready", {"hand": "123m456p789s2345s", "rules": {"red_fivs": [1, 1, 1]}},
                 "#/rules/red_fivs", "unknown_option", "Did you mean 'red_fives'?", id="misspelt-option-nearest"),
    pytest.param("/v1/ready", {"hand": "123m456p789s2345s", "preset": "tenhou"}, "#/preset", "unknown_field",
                 "the preset goes inside `rules`", id="top-level-preset-ready"),
    pytest.param("/v1/final", {"scores": [{"player": p, "points": 25000} for p in "ABCD"], "preset": "tenhou"},
                 "#/preset", "unknown_field", "the preset goes inside `rules`", id="top-level-preset-final"),
    pytest.param("/v1/ready", {"hand": "123m456p789s2345s", "red_fives": [1, 1, 1]}, "#/red_fives", "unknown_field",
                 "rule option: send it inside `rules`", id="top-level-option"),
    pytest.param("/v1/ready", {"hand": "123m456p789s2345s", "aka_dora": True}, "#/aka_dora", "unknown_field",
                 "inside `rules`, and here it is 'red_fives'", id="top-level-aka_dora"),
    pytest.param("/v1/final", {"scores": {"east": 25000, "south": 25000, "west": 25000, "north": 25000}},
                 "#/scores", "invalid", "here `scores` is a list of players", id="final-scores-sent-by-seat"),
    pytest.param("/v1/settle", {"scores": [{"player": "A", "points": 25000}] * 4,
                                "outcome": {"kind": "exhaustive_draw", "ready": []}},
                 "#/scores", "invalid", "here `scores` is an object by seat", id="settle-scores-sent-as-a-list"),
]


@pytest.mark.parametrize("path, body, pointer, code, says", MISTAKES)
def test_one_problem_that_says_what_to_send(post_json, path, body, pointer, code, says):
    status, problem = post_json(path, body)
    assert status == 422, problem
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [(pointer, code)]
    assert says in problem["errors"][0]["detail"]


def test_hands_inside_outcome_at_a_japanese_win_keeps_the_plain_sentence(post_json):
    status, problem = post_json("/v1/settle", {"scores": SCORES, "outcome": {
        "kind": "ron", "discarder": "east", "wins": [{"winner": "north", "han": 1, "fu": 30}], "hands": LOSER}})
    assert status == 422
    assert {"pointer": "#/outcome/hands", "code": "unexpected_hands",
            "detail": "`hands` belongs only at an exhaustive draw."} in problem["errors"]


@pytest.mark.parametrize("raw, says", [
    pytest.param('{"hand": "123m456p789s2345s",}', "a trailing comma before } at line 1 column 29: remove it",
                 id="trailing-comma-in-object"),
    pytest.param('{"hand": "123m456p789s2345s",\n "visible": ["1m",\n   ]}',
                 "a trailing comma before ] at line 2 column 18", id="trailing-comma-in-array-second-line"),
    pytest.param('{"hand": "123m456p789s2345s", "visible": [1,,2]}', "expecting value: line 1 column 45",
                 id="double-comma-keeps-the-parser-words"),
    pytest.param("{'hand': '123m'}", "expecting property name enclosed in double quotes",
                 id="single-quotes-keep-the-parser-words"),
])
def test_bad_json_says_where_and_what(client, raw, says):
    resp = client.post("/v1/ready", data=raw, content_type="application/json")
    assert resp.status_code == 400
    assert says in resp.get_json()["detail"]


FOUR = [{"player": p, "points": n} for p, n in (("A", 35000), ("B", 28000), ("C", 22000), ("D", 14000))]


@pytest.mark.parametrize("preset, sticks, count, points", [
    pytest.param("tenhou", 1, 1, 1000, id="one-stick-to-the-top"),
    pytest.param("tenhou", 0, 0, 0, id="none-left"),
    pytest.param("wrc", 1, 1, 0, id="discarded-sticks-still-counted-no-points"),
])
def test_final_leftover_sticks_is_a_count_and_points_are_named_so(post_json, preset, sticks, count, points):
    status, out = post_json("/v1/final", {"scores": FOUR, "riichi_sticks": sticks, "rules": {"preset": preset}})
    assert status == 200, out
    assert (out["leftover_sticks"], out["leftover_stick_points"]) == (count, points)


def test_game_answer_final_counts_sticks_and_names_points(post_json):
    hands = [{"result": "ron", "from": 0, "wins": [{"winner": 2, "han": 2, "fu": 30}], "riichi": []},
             {"result": "exhaustive_draw", "ready": [1, 2], "riichi": [2], "nagashi": []}]
    status, out = post_json("/v1/games", {"record": {"format": "outcomes", "data": {
        "players": ["A", "B", "C", "D"], "hands": hands}}})   # the draw leaves seat 2's stick on the table
    assert status == 200, out
    assert (out["final"]["leftover_sticks"], out["final"]["leftover_stick_points"]) == (1, 1000)
