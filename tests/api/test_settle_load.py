"""POST /v1/settle is read in two passes (issue 24): the whole body's shape first, and once it is clean, what it
means, its full /v1/score bodies scored after they are read (issue 12, "there is no scoring while loading")."""
from __future__ import annotations

import pytest
from marshmallow import ValidationError

import calculator.scoring.families as families
import calculator.table.wins as wins_stage
import intake.losers as losers
from intake.settle import SETTLE_IN, read_settle

EVEN = {"east": 25000, "south": 25000, "west": 25000, "north": 25000}
NOT_A_WIN = {"hand": "123m456p789s1357z", "win_tile": "2z", "seat_wind": "south", "round_wind": "east"}
RON_SOUTH = {"hand": "234m567s678p55s45p", "win_tile": "3p", "seat_wind": "south", "round_wind": "east",
             "dora_indicators": "1m"}


def ron(*wins, **extra):
    return {"scores": EVEN, "outcome": {"kind": "ron", "discarder": "west", "wins": list(wins)}, **extra}


@pytest.fixture
def no_scoring(monkeypatch):
    def refuse(*_a, **_kw):
        raise AssertionError("scored while loading")
    monkeypatch.setattr(wins_stage, "score_hand", refuse)
    monkeypatch.setattr(families, "score_hand", refuse)


@pytest.mark.parametrize("body", [
    pytest.param(ron(RON_SOUTH), id="a-win"),
    pytest.param(ron(NOT_A_WIN, colour="red"), id="with-a-shape-problem"),
])
def test_the_shape_pass_scores_nothing(no_scoring, body):
    try:
        SETTLE_IN.load(body)
    except ValidationError as err:
        assert list(err.messages) == ["colour"]


def pairs(body):
    return [(e["pointer"], e["code"]) for e in body["errors"]]


@pytest.mark.parametrize("body, want", [
    pytest.param(ron(NOT_A_WIN), [("#/outcome/wins/0", "not_a_win")], id="alone"),
    # a body whose shape has problems lists them alone: what it means is read once they are fixed
    pytest.param(ron(NOT_A_WIN, colour="red"), [("#/colour", "unknown_field")], id="an-unknown-field-first"),
    pytest.param({**ron(NOT_A_WIN), "scores": {**EVEN, "north": "x"}}, [("#/scores/north", "invalid")],
                 id="a-bad-score-first"),
    pytest.param({**ron(NOT_A_WIN), "honba": "x"}, [("#/honba", "invalid")], id="bad-counters-first"),
    # a win is read for its own shape with the outcome: one malformed body beside another that is no win
    pytest.param(ron({**NOT_A_WIN, "colour": 1}, {**NOT_A_WIN, "seat_wind": "north"}),
                 [("#/outcome/wins/0/colour", "unknown_field"), ("#/outcome/wins/1", "not_a_win")],
                 id="the-other-body-malformed"),
    # the checks that hang on who won read the scored wins: a hand that is no win is no winner
    pytest.param(ron(NOT_A_WIN, {"winner": "south", "han": 3, "fu": 30}), [("#/outcome/wins/0", "not_a_win")],
                 id="no-duplicate-winner-beside-it"),
    pytest.param(ron({**NOT_A_WIN, "riichi": "riichi"}, riichi_sticks=0), [("#/outcome/wins/0", "not_a_win")],
                 id="no-stick-problem-beside-it"),
    pytest.param(ron(NOT_A_WIN, {"winner": "north", "han": 3, "fu": 35}, riichi_declared=["east", "east"]),
                 [("#/outcome/wins/1/fu", "invalid_fu"), ("#/outcome/wins/0", "not_a_win"),
                  ("#/riichi_declared", "duplicate_seat"), ("#/riichi_declared", "too_few_sticks")],
                 id="every-domain-problem-together"),
])
def test_the_route_lists_shape_problems_first_then_every_domain_problem(post_json, body, want):
    status, answer = post_json("/v1/settle", body)
    assert status == 422 and pairs(answer) == want, answer


def test_a_full_body_is_scored_once_read(post_json):
    status, answer = post_json("/v1/settle", ron(RON_SOUTH))
    assert status == 200 and (answer["wins"][0]["han"], answer["wins"][0]["fu"]) == (3, 30)


EUROPEAN_WIN = {"scores": EVEN, "rules": {"preset": "european_classical"},
                "outcome": {"kind": "ron", "discarder": "west", "wins": [{"winner": "south", "points": 40}]},
                "hands": {"east": {"points": 10}, "west": {"hand": "123m456p789s1122z"}, "north": {"points": 8}}}


def test_losers_hands_are_loaded_once(monkeypatch):
    """The European losers' hands are each loaded once (their shape), then checked against the winners."""
    loads = []
    real = losers.LOSER_HAND_IN.load
    monkeypatch.setattr(losers.LOSER_HAND_IN, "load", lambda body: loads.append(body) or real(body))
    req = read_settle(EUROPEAN_WIN)
    assert [seat for seat, _ in req.outcome.loser_hands] == ["east", "west", "north"]
    assert len(loads) == 3
