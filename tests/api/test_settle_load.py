"""POST /v1/settle loads, then scores (issue 12, "there is no scoring while loading"): the schema's load gives
a draft with the wins as sent, and the route scores the full bodies afterwards, joining a hand that is not a
win to the shape problems of the same body in one 422."""
from __future__ import annotations

import pytest

import calculator.scoring.families as families
import calculator.table.wins as wins_stage
import schemas.settle_hands as settle_hands
from calculator.table.loser_checks import LoserBody
from calculator.table.wins import score_full_hands
from schemas.build import Unfinished
from schemas.settle import SETTLE_IN, SettleDraft, finish

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
    pytest.param(ron(NOT_A_WIN), id="not-a-win"),
    pytest.param(ron(RON_SOUTH, {**NOT_A_WIN, "seat_wind": "north"}), id="two-bodies"),
])
def test_loading_a_settle_body_scores_nothing(no_scoring, body):
    draft = SETTLE_IN.load(body)
    assert isinstance(draft, SettleDraft)
    assert [w.score_request is not None for w in draft.wins] == [True] * len(body["outcome"]["wins"])


def test_a_body_with_shape_problems_still_gives_its_unscored_draft(no_scoring):
    with pytest.raises(Unfinished) as err:
        SETTLE_IN.load(ron(NOT_A_WIN, colour="red"))
    assert err.value.messages["colour"]
    assert [w.winner for w in err.value.draft.wins] == ["south"]


def pairs(body):
    return [(e["pointer"], e["code"]) for e in body["errors"]]


@pytest.mark.parametrize("body, want", [
    pytest.param(ron(NOT_A_WIN), [("#/outcome/wins/0", "not_a_win")], id="alone"),
    pytest.param(ron(NOT_A_WIN, colour="red"), [("#/colour", "unknown_field"), ("#/outcome/wins/0", "not_a_win")],
                 id="with-an-unknown-field"),
    pytest.param({**ron(NOT_A_WIN), "scores": {**EVEN, "north": "x"}},
                 [("#/scores/north", "invalid"), ("#/outcome/wins/0", "not_a_win")], id="with-a-bad-score"),
    pytest.param({**ron(NOT_A_WIN), "honba": "x"}, [("#/honba", "invalid"), ("#/outcome/wins/0", "not_a_win")],
                 id="with-bad-counters"),
    pytest.param(ron({**NOT_A_WIN, "colour": 1}, {**NOT_A_WIN, "seat_wind": "north"}),
                 [("#/outcome/wins/0/colour", "unknown_field"), ("#/outcome/wins/1", "not_a_win")],
                 id="the-other-body-malformed"),
    # the checks that hang on who won read the scored wins: a hand that is no win is no winner
    pytest.param(ron(NOT_A_WIN, {"winner": "south", "han": 3, "fu": 30}), [("#/outcome/wins/0", "not_a_win")],
                 id="no-duplicate-winner-beside-it"),
    pytest.param(ron({**NOT_A_WIN, "riichi": "riichi"}, riichi_sticks=0), [("#/outcome/wins/0", "not_a_win")],
                 id="no-stick-problem-beside-it"),
])
def test_the_route_lists_not_a_win_with_the_shape_problems(post_json, body, want):
    status, answer = post_json("/v1/settle", body)
    assert status == 422 and pairs(answer) == want, answer


def test_a_full_body_is_scored_once_loaded(post_json):
    status, answer = post_json("/v1/settle", ron(RON_SOUTH))
    assert status == 200 and (answer["wins"][0]["han"], answer["wins"][0]["fu"]) == (3, 30)


EUROPEAN_WIN = {"scores": EVEN, "rules": {"preset": "european_classical"},
                "outcome": {"kind": "ron", "discarder": "west", "wins": [{"winner": "south", "points": 40}]},
                "hands": {"east": {"points": 10}, "west": {"hand": "123m456p789s1122z"}, "north": {"points": 8}}}


def test_losers_hands_are_read_while_loading_and_checked_after_scoring(monkeypatch):
    """The European losers' hands are read for shape with the rest of the body; once the wins are scored,
    calculator.table.loser_checks checks them against the winners without another marshmallow load."""
    draft = SETTLE_IN.load(EUROPEAN_WIN)
    assert [(b.seat, type(b)) for b in draft.losers] == [(s, LoserBody) for s in ("east", "west", "north")]

    def refuse(*_a, **_kw):
        raise AssertionError("a loser's hand loaded after scoring")
    monkeypatch.setattr(settle_hands.LOSER_HAND_IN, "load", refuse)
    wins, issues = score_full_hands(draft.wins, draft.rules, draft.only_reasons)
    req = finish(draft, wins, issues)
    assert [seat for seat, _ in req.outcome.loser_hands] == ["east", "west", "north"]
