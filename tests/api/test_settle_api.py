"""POST /v1/settle and POST /v1/final as API.md describes them."""
from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from tests.real_hands import SAMPLE, score_body

SEATS = ("east", "south", "west", "north")
EVEN = {s: 25000 for s in SEATS}
SCORES_AFTER_DEPOSIT = {"east": 25000, "south": 24000, "west": 25000, "north": 25000}
DOUBLE_RON = {
    "scores": SCORES_AFTER_DEPOSIT, "honba": 1, "riichi_sticks": 2, "riichi_declared": ["south"],
    "outcome": {"kind": "ron", "discarder": "west", "wins": [
        {"winner": "south", "han": 2, "fu": 30, "riichi": True},
        {"hand": "234m567s678p55s45p", "win_tile": "3p", "seat_wind": "east", "round_wind": "east",
         "dora_indicators": "1m"}]},
    "rules": {"preset": "tenhou"}}


def test_double_ron_with_counters_and_pool(post_json):
    status, body = post_json("/v1/settle", DOUBLE_RON)   # RULES.md §11.3 example 2, Tenhou column
    assert status == 200, body
    assert body["preset"] == "tenhou"
    assert body["deltas"] == {"east": 8100, "south": 2000, "west": -8100, "north": 0}
    assert body["scores"] == {"east": 33100, "south": 26000, "west": 16900, "north": 25000}
    assert body["next"] == {"honba": 2, "riichi_sticks": 0, "dealer_keeps": True}
    assert body["pool_change"] == -2000
    east = body["wins"][0]
    assert (east["winner"], east["han"], east["fu"], east["points"], east["honba"], east["riichi_sticks"]) == \
        ("east", 3, 30, 5800, 300, 2000)
    assert {(p["from"], p["to"], p["amount"], p["reason"]) for p in body["payments"]} == {
        ("west", "east", 5800, "hand"), ("west", "east", 300, "honba"), ("pool", "east", 2000, "riichi_sticks"),
        ("west", "south", 2000, "hand")}


def test_same_double_ron_under_ema(post_json):
    status, body = post_json("/v1/settle", {**DOUBLE_RON, "rules": {"preset": "ema"}})
    assert status == 200
    assert body["deltas"] == {"east": 7100, "south": 3300, "west": -8400, "north": 0}


@pytest.mark.parametrize("outcome, pointer, code", [
    pytest.param({"kind": "ron", "wins": [{"winner": "south", "han": 1, "fu": 30}]}, "#/outcome/discarder", "required",
                 id="ron-without-discarder"),
    pytest.param({"kind": "ron", "discarder": "south", "wins": [{"winner": "south", "han": 1, "fu": 30}]},
                 "#/outcome/discarder", "discarder_wins", id="discarder-wins"),
    pytest.param({"kind": "tsumo", "wins": []}, "#/outcome/wins", "wrong_win_count", id="tsumo-without-win"),
    pytest.param({"kind": "tsumo", "wins": [{"winner": "south", "han": 2}]}, "#/outcome/wins/0/fu", "fu_required",
                 id="missing-fu"),
    pytest.param({"kind": "tsumo", "wins": [{"winner": "south", "tai": 3}]}, "#/outcome/wins/0/tai",
                 "tai_not_in_rules", id="tai-in-japanese"),
    pytest.param({"kind": "tsumo", "wins": [{"winner": "up", "han": 1, "fu": 30}]}, "#/outcome/wins/0/winner",
                 "invalid", id="bad-seat"),
    pytest.param({"kind": "abortive_draw", "reason": "sanchahou"}, "#/outcome/reason", "abortive_draw_not_in_rules",
                 id="triple-ron-is-not-an-abort-here"),
    pytest.param({"kind": "chombo"}, "#/outcome/offender", "required", id="chombo-without-offender"),
    pytest.param({"kind": "tsumo", "wins": [{"hand": "123m456p789s1122z", "win_tile": "9z", "seat_wind": "south",
                                             "round_wind": "east"}]}, "#/outcome/wins/0/win_tile", "unknown_tile",
                 id="full-hand-problem-pointer"),
])
def test_invalid_settle(post_json, outcome, pointer, code):
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": outcome})
    assert status == 422
    assert (pointer, code) in {(e["pointer"], e["code"]) for e in body["errors"]}, body["errors"]


def test_every_problem_listed(post_json):
    status, body = post_json("/v1/settle", {"scores": {"east": 1}, "honba": -1, "riichi_declared": ["south"],
                                            "outcome": {"kind": "ron", "discarder": "west", "wins": [
                                                {"winner": "west", "han": 1, "fu": 30}]}})
    assert status == 422
    assert len(body["errors"]) >= 4


def test_not_a_win_is_refused(post_json):
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "tsumo", "wins": [
        {"hand": "123m456p789s1357z", "win_tile": "2z", "seat_wind": "south", "round_wind": "east"}]}})
    assert status == 422 and body["errors"][0]["code"] == "not_a_win"


def test_exhaustive_draw(post_json):
    status, body = post_json("/v1/settle", {"scores": EVEN, "honba": 0, "riichi_sticks": 1,
                                            "outcome": {"kind": "exhaustive_draw", "ready": ["east", "north"]}})
    assert status == 200
    assert body["deltas"] == {"east": 1500, "south": -1500, "west": -1500, "north": 1500}
    assert body["next"] == {"honba": 1, "riichi_sticks": 1, "dealer_keeps": True}


def test_taiwanese_tsumo(post_json):
    status, body = post_json("/v1/settle", {"scores": EVEN, "honba": 2, "outcome": {
        "kind": "tsumo", "wins": [{"winner": "east", "tai": 3}]}, "rules": {"preset": "taiwanese_16"}})
    assert status == 200 and body["deltas"]["east"] == 3300   # RULES.md §22.3 example 1


SAMPLE_BODIES = []
with open(SAMPLE) as f:
    for line in f:
        SAMPLE_BODIES.append(score_body(json.loads(line)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(SAMPLE_BODIES), st.integers(0, 6), st.integers(0, 5),
       st.sampled_from(["tenhou", "japanese_modern", "ema", "mahjong_soul"]))
def test_single_win_settle_equals_score_deltas(post_json, body, honba, sticks, preset):
    body = {**body, "honba": honba, "riichi_sticks": sticks, "rules": {"preset": preset}}
    status, scored = post_json("/v1/score", body)
    assume(status == 200 and scored["is_win"])   # e.g. red fives are refused under a preset without them
    win = {k: v for k, v in body.items() if k not in ("honba", "riichi_sticks", "rules")}
    outcome = {"kind": body["win_by"], "wins": [win]}
    if body["win_by"] == "ron":
        outcome["discarder"] = body["discarder"]
    status, settled = post_json("/v1/settle", {"scores": EVEN, "honba": honba, "riichi_sticks": sticks,
                                               "outcome": outcome, "rules": {"preset": preset}})
    assert status == 200, settled
    assert settled["deltas"] == scored["deltas"]
    assert sum(settled["deltas"].values()) + settled["pool_change"] == 0


def test_final_with_ties(post_json):
    status, body = post_json("/v1/final", {
        "scores": [{"player": "A", "points": 30000, "seat": "east"}, {"player": "B", "points": 30000, "seat": "south"},
                   {"player": "C", "points": 20000, "seat": "west"}, {"player": "D", "points": 20000, "seat": "north"}],
        "rules": {"preset": "japanese_modern", "final_uma": [15000, 10000, 5000, 2000]}})
    assert status == 200
    assert [(s["player"], s["rank"], s["base"], s["uma"], s["final"]) for s in body["scores"]] == [
        ("A", 1, 10000, 12500, 22500), ("B", 1, 10000, 12500, 22500),
        ("C", 3, -10000, 3500, -6500), ("D", 3, -10000, 3500, -6500)]


@pytest.mark.parametrize("request_body", [
    pytest.param({"scores": [{"player": "A", "points": 1}]}, id="one-player"),
    pytest.param({"scores": [{"player": "A", "points": 1}] * 4}, id="same-name"),
    pytest.param({"scores": [{"player": x, "points": 1} for x in "ABCD"], "rules": {"final_uma": [1, 2]}},
                 id="short-uma"),
])
def test_invalid_final(post_json, request_body):
    status, body = post_json("/v1/final", request_body)
    assert status == 422 and body["errors"]


def test_data_folder_is_optional():
    # the property above runs on the committed sample only; nothing here reads ../shared/data
    assert os.path.exists(SAMPLE)


DAISANGEN_HAND = {"hand": "234m8p", "win_tile": "8p", "seat_wind": "south", "round_wind": "east",
                  "melds": [{"kind": "pon", "tiles": "555z", "called": "5z", "from": "west"},
                            {"kind": "pon", "tiles": "666z", "called": "6z", "from": "north"},
                            {"kind": "pon", "tiles": "777z", "called": "7z", "from": "east"}],
                  "pao": {"seat": "east", "reason": "daisangen"}}


@pytest.mark.parametrize("kind, preset, want", [
    pytest.param("tsumo", "tenhou", {"east": -32300, "south": 32300, "west": 0, "north": 0}, id="tsumo-liable-pays"),
    pytest.param("ron", "ema", {"east": -16000, "south": 32300, "west": -16300, "north": 0}, id="ron-split"),
    pytest.param("ron", "japanese_modern", {"east": 0, "south": 32300, "west": -32300, "north": 0},
                 id="ron-four-winds-discarder-pays"),
])
def test_pao_with_a_full_hand(post_json, kind, preset, want):
    # RULES.md §16.3 examples 1-2: the liable seat is checked against the scored yakuman
    outcome = {"kind": kind, "wins": [DAISANGEN_HAND]}
    if kind == "ron":
        outcome["discarder"] = "west"
    status, body = post_json("/v1/settle", {"scores": EVEN, "honba": 1, "outcome": outcome,
                                            "rules": {"preset": preset}})
    assert status == 200, body
    assert body["deltas"] == want
    assert body["wins"][0]["yakuman"] == 1


def test_pao_claim_on_a_hand_without_that_yakuman(post_json):
    win = {**DAISANGEN_HAND, "pao": {"seat": "east", "reason": "daisuushii"}}
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "tsumo", "wins": [win]}})
    assert status == 200 and "pao_yakuman_not_in_hand" in body["notes"]
    assert body["deltas"]["east"] == -16000


def test_ryan_shi_uses_the_tables_counters(post_json):
    # RULES.md §10.3 example 4: open tanyao plus two dora is one han from yaku: not a win at five counters
    win = {"hand": "456p678s55s45p", "win_tile": "3p", "seat_wind": "south", "round_wind": "east",
           "melds": [{"kind": "chi", "tiles": "234m", "called": "2m", "from": "east"}], "dora_indicators": "4p4s"}
    body = {"scores": EVEN, "honba": 5, "outcome": {"kind": "ron", "discarder": "west", "wins": [win]},
            "rules": {"preset": "japanese_modern", "ryan_shi": True}}
    status, answer = post_json("/v1/settle", body)
    assert status == 422 and answer["errors"][0]["code"] == "not_a_win"
    status, answer = post_json("/v1/settle", {**body, "honba": 4})
    assert status == 200 and answer["wins"][0]["han"] == 3


@pytest.mark.parametrize("hands, want", [
    pytest.param({"south": {"hand": "123m456p789s2345s"}, "west": {"hand": "123m456p789s1357s"}},
                 {"east": -1000, "south": 3000, "west": -1000, "north": -1000}, id="12.3-1-only-south-ready"),
    pytest.param({"east": {"hand": "123m456p789s11z45s"}, "north": {"hand": "123m456m55m77p789s"}},
                 {"east": 1500, "south": -1500, "west": -1500, "north": 1500}, id="12.3-2-east-and-north"),
])
def test_ready_from_shown_hands(post_json, hands, want):
    # RULES.md §12.3 examples 1-2, with the hands instead of the ready list
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "exhaustive_draw", "hands": hands}})
    assert status == 200, body
    assert body["deltas"] == want
    assert body["next"]["dealer_keeps"] is ("east" in hands)


@pytest.mark.parametrize("true_ready, north_paid", [(False, 1500), (True, -1000)])
def test_formal_tenpai(post_json, true_ready, north_paid):
    # RULES.md §12.3 example 4: N's open hand without a yaku is ready only as formal tenpai
    hands = {"north": {"hand": "456p789s22s67m", "melds": [{"kind": "chi", "tiles": "123m", "called": "1m",
                                                             "from": "west"}]},
             "south": {"hand": "123m456p789s2345s"}}
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "exhaustive_draw", "hands": hands},
                                            "rules": {"draw_check_true_ready_state": true_ready}})
    assert status == 200 and body["deltas"]["north"] == north_paid


def test_shown_noten_riichi_is_a_faulty_ready(post_json):
    # RULES.md §4.9 example 4: N's riichi on a hand that is not ready, revealed at the draw (riichi standard)
    status, body = post_json("/v1/settle", {
        "scores": EVEN, "riichi_sticks": 1, "riichi_declared": ["north"],
        "outcome": {"kind": "exhaustive_draw", "hands": {"north": {"hand": "123m456p789s2358s"}}},
        "rules": {"preset": "ema", "penalty_chombo": "reverse_mangan"}})
    assert status == 200
    assert body["deltas"] == {"east": 4000, "south": 2000, "west": 2000, "north": -8000 + 1000}


def test_shown_hand_problems_point_into_hands(post_json):
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": {
        "kind": "exhaustive_draw", "hands": {"west": {"hand": "123m"}}}})
    assert status == 422 and body["errors"][0]["pointer"] == "#/outcome/hands/west/hand"


def pairs(body):
    return sorted((e["pointer"], e["code"]) for e in body["errors"])


def test_settle_422_lists_shape_and_domain_problems_together(post_json):
    status, body = post_json("/v1/settle", {
        "scores": {"east": 25000, "south": 25000, "west": 25000}, "riichi_declared": ["east", "east"],
        "riichi_sticks": 0, "outcome": {"kind": "ron", "discarder": "up", "wins": [{"winner": "east", "han": 1}]},
        "rules": {"preset": "x"}})
    assert status == 422
    # the discarder did not load: no "a ron needs the discarder"
    assert pairs(body) == sorted([
        ("#/scores/north", "required"), ("#/outcome/discarder", "invalid"), ("#/outcome/wins/0/fu", "fu_required"),
        ("#/riichi_declared", "duplicate_seat"), ("#/riichi_declared", "too_few_sticks"),
        ("#/rules/preset", "unknown_preset")])


def test_settle_422_full_hand_lists_its_shape_and_domain_problems(post_json):
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "ron", "discarder": "east", "wins": [
        {"hand": "11111m8z", "win_tile": "1m", "seat_wind": "south", "round_wind": "x"}]}})
    assert status == 422
    at = "#/outcome/wins/0/"
    assert pairs(body) == sorted([(at + "round_wind", "invalid"), (at + "hand", "unknown_tile"),
                                  (at + "hand", "too_many_copies"), (at + "hand", "wrong_tile_count")])


def test_final_422_lists_shape_and_domain_problems_together(post_json):
    status, body = post_json("/v1/final", {"scores": [{"player": "A", "points": "x"}, {"player": "A", "points": 1}],
                                           "riichi_sticks": -1, "rules": {"preset": "x"}})
    assert status == 422
    assert pairs(body) == sorted([("#/scores/0/points", "invalid"), ("#/riichi_sticks", "invalid"),
                                  ("#/scores", "wrong_player_count"), ("#/scores", "duplicate_player"),
                                  ("#/rules/preset", "unknown_preset")])
