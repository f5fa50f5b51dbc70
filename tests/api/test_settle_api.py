"""POST /v1/settle and POST /v1/final as API.md describes them."""
from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from tests.real_hands import SAMPLE, score_body
from tests.budget import examples

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
def test_invalid_settle(refused, outcome, pointer, code):
    assert (pointer, code) in refused("/v1/settle", {"scores": EVEN, "outcome": outcome})


def test_every_problem_listed(post_json):
    body = {"scores": {"east": 1}, "honba": -1, "riichi_declared": ["south"],
            "outcome": {"kind": "ron", "discarder": "west", "wins": [{"winner": "west", "han": 1, "fu": 30}]}}
    status, out = post_json("/v1/settle", body)   # every shape problem first
    assert status == 422 and pairs(out) == [("#/honba", "invalid"), ("#/scores/south", "required"),
                                            ("#/scores/west", "required")]
    status, out = post_json("/v1/settle", {**body, "honba": 0, "scores": {"east": 1, "south": 1, "west": 1}})
    assert status == 422 and pairs(out) == [("#/outcome/discarder", "discarder_wins"),
                                            ("#/riichi_declared", "too_few_sticks"), ("#/scores/north", "required")]


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


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(SAMPLE_BODIES), st.integers(0, 6), st.integers(0, 5),
       st.sampled_from(["tenhou", "japanese_modern", "ema", "mahjong_soul"]))
def test_single_win_settle_equals_score_deltas(post_json, body, honba, sticks, preset):
    if body.get("riichi", "none") != "none":
        sticks = max(sticks, 1)   # the winner's own stick is on the table (settle: this deal's deposits included)
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
    assert sum(settled["deltas"].values()) + settled["pool_change"] + settled["forfeited"] == 0
    assert settled["forfeited"] == 0


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


def test_settle_422_lists_shape_problems_first_then_domain_problems(post_json):
    body = {"scores": {"east": 25000, "south": 25000, "west": 25000}, "riichi_declared": ["east", "east"],
            "riichi_sticks": 0, "outcome": {"kind": "ron", "discarder": "up", "wins": [{"winner": "east", "han": 1}]},
            "rules": {"preset": "x"}}
    status, out = post_json("/v1/settle", body)
    assert status == 422 and pairs(out) == [("#/outcome/discarder", "invalid")]
    status, out = post_json("/v1/settle", {**body, "outcome": {**body["outcome"], "discarder": None}})
    assert status == 422
    assert pairs(out) == sorted([
        ("#/scores/north", "required"), ("#/outcome/discarder", "required"), ("#/outcome/wins/0/fu", "fu_required"),
        ("#/riichi_declared", "duplicate_seat"), ("#/riichi_declared", "too_few_sticks"),
        ("#/rules/preset", "unknown_preset")])


def test_settle_422_full_hand_lists_its_shape_problems_then_its_domain_problems(post_json):
    win = {"hand": "11111m8z", "win_tile": "1m", "seat_wind": "south", "round_wind": "x"}
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "ron", "discarder": "east",
                                                                        "wins": [win]}})
    at = "#/outcome/wins/0/"
    assert status == 422 and pairs(body) == [(at + "round_wind", "invalid")]
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "ron", "discarder": "east", "wins": [
        {**win, "round_wind": "east"}]}})
    assert status == 422
    assert pairs(body) == sorted([(at + "hand", "unknown_tile"), (at + "hand", "too_many_copies"),
                                  (at + "hand", "wrong_tile_count")])


def test_final_422_lists_shape_problems_first_then_domain_problems(post_json):
    body = {"scores": [{"player": "A", "points": "x"}, {"player": "A", "points": 1}], "riichi_sticks": -1,
            "rules": {"preset": "x"}}
    status, out = post_json("/v1/final", body)
    assert status == 422 and pairs(out) == [("#/riichi_sticks", "invalid"), ("#/scores/0/points", "invalid")]
    status, out = post_json("/v1/final", {**body, "riichi_sticks": 0, "scores": [{"player": "A", "points": 5},
                                                                                 {"player": "A", "points": 1}]})
    assert status == 422
    assert pairs(out) == sorted([("#/scores", "wrong_player_count"), ("#/scores", "duplicate_player"),
                                 ("#/rules/preset", "unknown_preset")])


# --- every problem of every win, a full body's own fields, values no hand can have, presets without scoring ---

NOT_A_WIN = {"hand": "123m456p789s1357z", "win_tile": "2z", "round_wind": "east"}


def test_every_hand_that_is_not_a_win_is_listed_with_the_other_problems(post_json):
    wins = [{**NOT_A_WIN, "seat_wind": "south"}, {**NOT_A_WIN, "seat_wind": "north"}]
    status, body = post_json("/v1/settle", {"scores": {**EVEN, "north": "x"}, "outcome": {
        "kind": "ron", "discarder": "west", "wins": wins}})
    assert status == 422 and pairs(body) == [("#/scores/north", "invalid")]   # the shape first
    status, body = post_json("/v1/settle", {"scores": EVEN, "riichi_declared": ["east", "east"],
                                            "outcome": {"kind": "ron", "discarder": "west", "wins": wins}})
    assert status == 422
    assert pairs(body) == [("#/outcome/wins/0", "not_a_win"), ("#/outcome/wins/1", "not_a_win"),
                           ("#/riichi_declared", "duplicate_seat"), ("#/riichi_declared", "too_few_sticks")]


RON_SOUTH = {"hand": "234m567s678p55s45p", "win_tile": "3p", "seat_wind": "south", "round_wind": "east",
             "dora_indicators": "1m"}   # riichi-less tanyao pinfu + 1 dora: 3 han 30 fu, 3,900


@pytest.mark.parametrize("kind, given, pointer, code", [
    pytest.param("ron", {"discarder": "north"}, "#/outcome/wins/0/discarder", "discarder_mismatch",
                 id="discarder-north-under-west"),
    pytest.param("ron", {"discarder": None}, "#/outcome/wins/0/discarder", "discarder_mismatch", id="discarder-null"),
    pytest.param("tsumo", {"discarder": "west"}, "#/outcome/wins/0/discarder", "discarder_mismatch",
                 id="discarder-on-a-tsumo"),
    pytest.param("ron", {"honba": 3}, "#/outcome/wins/0/honba", "counters_mismatch", id="honba-3-table-1"),
    pytest.param("ron", {"riichi_sticks": 0}, "#/outcome/wins/0/riichi_sticks", "counters_mismatch",
                 id="sticks-0-table-2"),
    pytest.param("ron", {"rules": {"preset": "tenhou"}}, "#/outcome/wins/0/rules", "rules_mismatch",
                 id="rules-tenhou-under-japanese-modern"),
    pytest.param("ron", {"rules": {"kiriage_mangan": True}}, "#/outcome/wins/0/rules", "rules_mismatch",
                 id="rules-other-option"),
    pytest.param("ron", {"rules": {"preset": "zz"}}, "#/outcome/wins/0/rules/preset", "unknown_preset",
                 id="rules-unknown-preset"),
    pytest.param("ron", {"win_by": "tsumo"}, "#/outcome/wins/0/win_by", "win_by_mismatch", id="win-by-tsumo"),
])
def test_full_body_fields_must_equal_the_settlements(post_json, kind, given, pointer, code):
    outcome = {"kind": kind, "wins": [{**RON_SOUTH, **given}], **({"discarder": "west"} if kind == "ron" else {})}
    status, body = post_json("/v1/settle", {"scores": EVEN, "honba": 1, "riichi_sticks": 2, "outcome": outcome})
    assert status == 422 and pairs(body) == [(pointer, code)]


@pytest.mark.parametrize("given", [
    pytest.param({}, id="left-out"),
    pytest.param({"discarder": "west", "win_by": "ron", "honba": 1, "riichi_sticks": 2,
                  "rules": {"preset": "japanese_modern"}}, id="equal-to-the-settlements"),
])
def test_full_body_fields_equal_to_the_settlements_are_accepted(post_json, given):
    status, body = post_json("/v1/settle", {"scores": EVEN, "honba": 1, "riichi_sticks": 2, "outcome": {
        "kind": "ron", "discarder": "west", "wins": [{**RON_SOUTH, **given}]}})
    assert status == 200, body
    assert body["deltas"] == {"east": 0, "south": 3900 + 300 + 2000, "west": -4200, "north": 0}


@pytest.mark.parametrize("kind, win, rules, want", [
    pytest.param("tsumo", {"han": 2, "fu": 33}, {}, ("#/outcome/wins/0/fu", "invalid_fu"), id="2han-33fu-tsumo"),
    pytest.param("tsumo", {"han": 1, "fu": 20}, {}, ("#/outcome/wins/0/fu", "impossible_han_fu"),
                 id="1han-20fu-tsumo"),
    pytest.param("tsumo", {"han": 2, "fu": 20}, {}, {"east": -700, "south": 1500, "west": -400, "north": -400},
                 id="2han-20fu-pinfu-tsumo"),
    pytest.param("ron", {"han": 1, "fu": 25}, {}, ("#/outcome/wins/0/fu", "impossible_han_fu"), id="1han-25fu-ron"),
    pytest.param("ron", {"han": 2, "fu": 25}, {}, {"east": 0, "south": 1600, "west": -1600, "north": 0},
                 id="2han-25fu-seven-pairs-ron"),
    pytest.param("tsumo", {"han": 2, "fu": 25}, {}, ("#/outcome/wins/0/fu", "impossible_han_fu"),
                 id="2han-25fu-tsumo"),
    pytest.param("ron", {"han": 1, "fu": 20}, {"open_pinfu_fu": 20},
                 {"east": 0, "south": 700, "west": -700, "north": 0}, id="open-20fu-ron-under-open-pinfu-20"),
    pytest.param("ron", {"han": 2, "fu": 20}, {}, ("#/outcome/wins/0/fu", "impossible_han_fu"), id="20fu-ron"),
    pytest.param("ron", {"han": 4, "fu": 140}, {}, {"east": 0, "south": 8000, "west": -8000, "north": 0},
                 id="4han-140fu-mangan"),
    pytest.param("ron", {"han": 5}, {}, {"east": 0, "south": 8000, "west": -8000, "north": 0},
                 id="5han-fu-left-out"),
    pytest.param("ron", {"han": 1, "fu": 30, "pao": {"seat": "north", "reason": "rinshan_after_open_kong"}}, {},
                 ("#/outcome/wins/0/pao/reason", "pao_not_rinshan"), id="rinshan-pao-on-a-ron"),
    pytest.param("ron", {"han": 3, "fu": 30}, {"honba_per_stick_total": 301},
                 ("#/rules/honba_per_stick_total", "invalid_option"), id="honba-301-not-a-multiple-of-3"),
])
def test_short_wins_no_hand_can_have(post_json, kind, win, rules, want):
    outcome = {"kind": kind, "wins": [{"winner": "south", **win}], **({"discarder": "west"} if kind == "ron" else {})}
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": outcome, "rules": rules})
    if isinstance(want, dict):
        assert status == 200 and body["deltas"] == want
    else:
        assert status == 422 and pairs(body) == [want]


def test_rinshan_pao_on_a_full_hand_needs_the_rinshan_flag(post_json):
    hand = {"hand": "234m567s678p5s", "win_tile": "5s", "seat_wind": "south", "round_wind": "east",
            "melds": [{"kind": "open_kan", "tiles": "4444p", "called": "4p", "from": "north"}],
            "pao": {"seat": "north", "reason": "rinshan_after_open_kong"}}
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "tsumo", "wins": [hand]}})
    assert status == 422 and pairs(body) == [("#/outcome/wins/0/pao/reason", "pao_not_rinshan")]
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "tsumo", "wins": [
        {**hand, "rinshan": True}]}, "rules": {"pao_rinshan_after_open_kong": True}})
    assert status == 200 and body["wins"][0]["liable"] == "north"


@pytest.mark.parametrize("preset", ["european_classical", "french", "italian"])
@pytest.mark.parametrize("outcome, want", [
    pytest.param({"kind": "exhaustive_draw", "ready": ["south"]}, {s: 0 for s in SEATS}, id="draw-no-payment"),
    pytest.param({"kind": "chombo", "offender": "south"}, {"east": 1000, "south": -2000, "west": 500, "north": 500},
                 id="chombo-half-limit"),
])
def test_presets_without_hand_scoring_settle_draws_and_penalties(post_json, preset, outcome, want):
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": outcome, "rules": {"preset": preset}})
    assert status == 200 and body["deltas"] == want   # RULES.md §17.5 example 3 for the chombo


def test_italian_fixed_penalty_balances_with_forfeited(post_json):
    # SEED-EU §4.2.2: the Italian declaration puts no stick down (riichi_stakes false), so none is on the table
    status, body = post_json("/v1/settle", {"scores": EVEN, "riichi_sticks": 0, "riichi_declared": ["east"],
                                            "outcome": {"kind": "exhaustive_draw", "ready": ["south"],
                                                        "noten_riichi": ["east"]},
                                            "rules": {"preset": "italian"}})
    assert status == 200 and body["forfeited"] == 1000
    assert sum(body["deltas"].values()) + body["pool_change"] == -1000
    assert sum(body["deltas"].values()) + body["pool_change"] + body["forfeited"] == 0


# --- the client's nagashi and abortive-draw claims, checked when the evidence is sent (§13.3, §14.4) ---

S_RIVER = [{"tile": t} for t in "1m 9p 1z 5z 9s 7z 1p 4z 9m 3z 6z 1s".split()]


@pytest.mark.parametrize("preset, river, melded, south, note", [
    pytest.param("japanese_modern", S_RIVER, [], 8000, None, id="13.3-1-nagashi"),
    pytest.param("japanese_modern", [{**d, "called": d["tile"] == "9p"} for d in S_RIVER], [], -1000,
                 "nagashi_denied_claimed_discard", id="13.3-3-9p-claimed-four-winds"),
    pytest.param("tenhou", [{**d, "called": d["tile"] == "9p"} for d in S_RIVER], [], -1000,
                 "nagashi_denied_claimed_discard", id="13.3-3-9p-claimed-tenhou"),
    pytest.param("japanese_modern", S_RIVER, ["south"], -1000, "nagashi_denied_own_calls",
                 id="13.3-3-own-pung-four-winds"),
    pytest.param("tenhou", S_RIVER, ["south"], 8000, None, id="13.3-3-own-pung-tenhou"),
])
def test_nagashi_example_13_3(post_json, preset, river, melded, south, note):
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": {
        "kind": "exhaustive_draw", "ready": ["north"], "nagashi": ["south"], "melded": melded,
        "discards": {"south": river}}, "rules": {"preset": preset}})
    assert status == 200 and body["deltas"]["south"] == south
    assert note in body["notes"] if note else body["notes"] == []


@pytest.mark.parametrize("outcome, want", [
    pytest.param({"reason": "kyuushu_kyuuhai", "first_tiles": "129m138p459s12567z"}, None, id="14.4-1-nine"),
    pytest.param({"reason": "kyuushu_kyuuhai", "first_tiles": "129m138p459s1256z5m"},
                 ("#/outcome/first_tiles", "abortive_draw_not_possible"), id="eight"),
    pytest.param({"reason": "suukaikan", "kongs": {"east": 2, "west": 1, "south": 1}}, None, id="14.4-4-kongs"),
    pytest.param({"reason": "suukaikan", "kongs": {"east": 4}}, ("#/outcome/kongs", "abortive_draw_not_possible"),
                 id="four-kongs-one-player"),
])
def test_abortive_draw_evidence(post_json, outcome, want):
    status, body = post_json("/v1/settle", {"scores": EVEN, "honba": 1, "outcome": {"kind": "abortive_draw",
                                                                                    **outcome}})
    if want is None:
        assert status == 200 and body["next"] == {"honba": 1, "riichi_sticks": 0, "dealer_keeps": True}
    else:
        assert status == 422 and pairs(body) == [want]


def four_players(*points):
    return [{"player": p, "points": x, "seat": s} for p, x, s in zip("ABCD", points, SEATS)]


@pytest.mark.parametrize("points, rules, want, remainder", [
    pytest.param((30000, 30000, 20000, 20000), {"final_uma": [15000, 10000, 5000, 2000]},
                 [12500, 12500, 3500, 3500], 0, id="seed-4.11-prize-sharing"),
    pytest.param((40000, 20000, 20000, 20000), {"final_uma": [15000, 10000, 5000, 2000]},
                 [15000, 5666, 5666, 5666], 2, id="three-tied-second"),
    pytest.param((40000, 20000, 20000, 20000), {"preset": "tenhou", "final_tie_mode": "share"},
                 [20, -6.667, -6.667, -6.667], 0.001, id="tenhou-three-tied-share"),
])
def test_final_tied_players_share_equally(post_json, points, rules, want, remainder):
    status, body = post_json("/v1/final", {"scores": four_players(*points), "rules": rules})
    assert status == 200
    assert [s["uma"] for s in body["scores"]] == want and body["remainder"] == remainder


@pytest.mark.parametrize("outcome, code", [
    pytest.param({"kind": "abortive_draw", "reason": "suukaikan", "first_tiles": "129m138p459s12567z"},
                 "unexpected_first_tiles", id="first-tiles-with-four-kongs"),
    pytest.param({"kind": "exhaustive_draw", "kongs": {"east": 4}}, "unexpected_kongs", id="kongs-at-a-draw"),
    pytest.param({"kind": "chombo", "offender": "east", "discards": {"east": S_RIVER}}, "unexpected_discards",
                 id="rivers-with-a-chombo"),
])
def test_evidence_for_another_outcome_is_refused(post_json, outcome, code):
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": outcome})
    assert status == 422 and [e["code"] for e in body["errors"]] == [code]


def test_full_bodies_of_a_double_ron_carry_what_each_winner_collects(post_json):
    # RULES §11.3 example 2 under tenhou: the first winner after the discarder (E) takes the counter and
    # both sticks, the second (S) sends honba 0, riichi_sticks 0 in its /v1/score body, as API.md says
    east = {"hand": "234m567s678p55s45p", "win_tile": "3p", "seat_wind": "east", "round_wind": "east",
            "honba": 1, "riichi_sticks": 2}                     # tanyao pinfu, dealer: 2 han 30 fu, 2,900
    south = {"hand": "789m456s789s99m45p", "win_tile": "3p", "seat_wind": "south", "round_wind": "east",
             "honba": 0, "riichi_sticks": 0}                    # pinfu: 1 han 30 fu, 1,000
    table = {"scores": EVEN, "honba": 1, "riichi_sticks": 2, "rules": {"preset": "tenhou"}}
    status, body = post_json("/v1/settle", {**table, "outcome": {"kind": "ron", "discarder": "west",
                                                                  "wins": [south, east]}})
    assert status == 200, body
    assert body["deltas"] == {"east": 2900 + 300 + 2000, "south": 1000, "west": -(2900 + 300 + 1000), "north": 0}
    # the second winner claiming the table's counters is told what it collects
    status, body = post_json("/v1/settle", {**table, "outcome": {"kind": "ron", "discarder": "west", "wins": [
        {**south, "honba": 1, "riichi_sticks": 2}, east]}})
    assert status == 422 and pairs(body) == [("#/outcome/wins/0/honba", "counters_mismatch"),
                                             ("#/outcome/wins/0/riichi_sticks", "counters_mismatch")]


@pytest.mark.parametrize("outcome", [
    pytest.param({"kind": "tsumo", "discarder": "west", "wins": [{"winner": "south", "han": 3, "fu": 30}]},
                 id="tsumo"),
    pytest.param({"kind": "exhaustive_draw", "discarder": "west", "ready": ["south"]}, id="exhaustive-draw"),
])
def test_only_a_ron_has_a_discarder(post_json, outcome):
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": outcome})
    assert status == 422 and pairs(body) == [("#/outcome/discarder", "unexpected_discarder")]


# --- audit regressions: strict bounded integers, one discard shared by every winner, contradictions, full 422s ---

def codes(body):
    return {(e["pointer"], e["code"]) for e in body["errors"]}


@pytest.mark.parametrize("patch, pointer", [
    ({"honba": 1.99}, "#/honba"), ({"honba": True}, "#/honba"), ({"honba": "1"}, "#/honba"),
    ({"riichi_sticks": 2.0}, "#/riichi_sticks"), ({"honba": 1001}, "#/honba"),
    ({"scores": {**EVEN, "east": 1e308}}, "#/scores/east"),
    ({"scores": {**EVEN, "east": 10 ** 9 + 1}}, "#/scores/east"),
    ({"scores": {**EVEN, "south": -10 ** 12}}, "#/scores/south"),
    ({"outcome": {"kind": "ron", "discarder": "west", "wins": [{"winner": "south", "han": 2.9, "fu": 30}]}},
     "#/outcome/wins/0/han"),
    ({"outcome": {"kind": "ron", "discarder": "west", "wins": [{"winner": "south", "han": 2, "fu": 30.7}]}},
     "#/outcome/wins/0/fu"),
    ({"outcome": {"kind": "tsumo", "wins": [{"winner": "south", "yakuman": 1.0}]}}, "#/outcome/wins/0/yakuman"),
])
def test_settle_integers_are_strict_and_bounded(post_json, patch, pointer):
    body = {"scores": EVEN, "outcome": {"kind": "ron", "discarder": "west", "wins": [
        {"winner": "south", "han": 2, "fu": 30}]}, **patch}
    status, answer = post_json("/v1/settle", body)
    assert status == 422, answer
    assert pointer in {p for p, _ in codes(answer)}, answer["errors"]


@pytest.mark.parametrize("patch, pointer", [
    ({"riichi_sticks": 0.5}, "#/riichi_sticks"), ({"riichi_sticks": 10 ** 6}, "#/riichi_sticks"),
    ({"scores": [{"player": p, "points": 25000.5 if p == "A" else 25000} for p in "ABCD"]}, "#/scores/0/points"),
    ({"scores": [{"player": p, "points": 1e308 if p == "A" else 25000} for p in "ABCD"]}, "#/scores/0/points"),
    ({"scores": [{"player": p, "points": True if p == "A" else 25000} for p in "ABCD"]}, "#/scores/0/points"),
])
def test_final_integers_are_strict_and_bounded(post_json, patch, pointer):
    body = {"scores": [{"player": p, "points": 25000} for p in "ABCD"], **patch}
    status, answer = post_json("/v1/final", body)
    assert status == 422, answer
    assert pointer in {p for p, _ in codes(answer)}, answer["errors"]


EAST_3P = {"hand": "234m567s678p55s45p", "win_tile": "3p", "seat_wind": "east", "round_wind": "east",
           "dora_indicators": "1m"}
SOUTH_3P = {"hand": "234m678m456s22p45p", "win_tile": "3p", "seat_wind": "south", "round_wind": "east",
            "dora_indicators": "1m"}


def double_ron(east, south, **kw):
    return {"scores": EVEN, "outcome": {"kind": "ron", "discarder": "west", "wins": [east, south]},
            "rules": {"preset": "tenhou"}, **kw}


def test_consistent_full_body_double_ron_is_settled(post_json):
    status, body = post_json("/v1/settle", double_ron(EAST_3P, SOUTH_3P))
    assert status == 200, body
    assert body["deltas"]["west"] < 0 and body["deltas"]["east"] > 0 and body["deltas"]["south"] > 0


@pytest.mark.parametrize("south, pointer, code", [
    ({"win_tile": "6p"}, "#/outcome/wins/1/win_tile", "win_tile_mismatch"),
    ({"round_wind": "south"}, "#/outcome/wins/1/round_wind", "round_wind_mismatch"),
    ({"dora_indicators": "2m"}, "#/outcome/wins/1/dora_indicators", "dora_indicators_mismatch"),
    ({"hand": "234m678m555s22p45p"}, "#/outcome/wins", "too_many_copies"),   # 555s + E's 567s 55s: six 5s
])
def test_double_ron_bodies_share_one_discard_and_table(post_json, south, pointer, code):
    status, body = post_json("/v1/settle", double_ron(EAST_3P, {**SOUTH_3P, **south}))
    assert status == 422, body
    assert (pointer, code) in codes(body), body["errors"]


def test_double_ron_riichi_winners_share_the_ura_indicators(post_json):
    east = {**EAST_3P, "riichi": "riichi", "ura_dora_indicators": "1s"}
    south = {**SOUTH_3P, "riichi": "riichi", "ura_dora_indicators": "2s"}
    status, body = post_json("/v1/settle", double_ron(east, south, riichi_sticks=2,
                                                      riichi_declared=["east", "south"]))
    assert status == 422
    assert codes(body) == {("#/outcome/wins/1/ura_dora_indicators", "ura_dora_indicators_mismatch")}
    status, body = post_json("/v1/settle", double_ron(east, {**south, "ura_dora_indicators": "1s"}, riichi_sticks=2,
                                                      riichi_declared=["east", "south"]))
    assert status == 200, body


def test_dora_indicators_count_towards_the_four_copies(post_json):
    # 4p: one in each hand, plus three indicators = 5
    status, body = post_json("/v1/settle", double_ron({**EAST_3P, "dora_indicators": "444p"},
                                                      {**SOUTH_3P, "dora_indicators": "444p"}))
    assert status == 422 and ("#/outcome/wins", "too_many_copies") in codes(body), body


@pytest.mark.parametrize("called, status_want", [(False, 422), (True, 200)])
def test_exhaustive_draw_fifth_copy_across_hands_and_rivers(post_json, called, status_want):
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": {
        "kind": "exhaustive_draw", "hands": {"south": {"hand": "111m456p789s2345s"}},
        "discards": {"west": [{"tile": "1m", "called": False}, {"tile": "1m", "called": called}]}}})
    assert status == status_want, body
    if status_want == 422:
        assert codes(body) == {("#/outcome/hands", "too_many_copies")}


@pytest.mark.parametrize("request_body, pointer, code", [
    ({"outcome": {"kind": "tsumo", "wins": [{"winner": "south", "han": 2, "fu": 30, "discarder": "west"}]}},
     "#/outcome/wins/0/discarder", "unexpected_discarder"),
    ({"outcome": {"kind": "ron", "discarder": "west", "wins": [
        {"winner": "south", "han": 2, "fu": 30, "discarder": "north"}]}},
     "#/outcome/wins/0/discarder", "discarder_mismatch"),
    ({"riichi_sticks": 0, "outcome": {"kind": "ron", "discarder": "west", "wins": [
        {"winner": "south", "han": 2, "fu": 30, "riichi": True}]}}, "#/outcome/wins/0/riichi", "too_few_sticks"),
    ({"riichi_sticks": 1, "riichi_declared": ["north"], "outcome": {"kind": "ron", "discarder": "west", "wins": [
        {"winner": "south", "han": 2, "fu": 30, "riichi": True}]}}, "#/outcome/wins/0/riichi", "riichi_not_declared"),
    ({"riichi_sticks": 0, "outcome": {"kind": "ron", "discarder": "west", "wins": [
        dict(EAST_3P, riichi="riichi")]}}, "#/outcome/wins/0/riichi", "too_few_sticks"),
    ({"riichi_sticks": 1, "riichi_declared": ["south"], "outcome": {
        "kind": "exhaustive_draw", "ready": ["south"], "noten_riichi": ["north"]}},
     "#/outcome/noten_riichi", "noten_riichi_not_declared"),
    ({"riichi_sticks": 0, "outcome": {"kind": "exhaustive_draw", "noten_riichi": ["north"]}},
     "#/outcome/noten_riichi", "too_few_sticks"),
    ({"riichi_sticks": 3, "outcome": {"kind": "abortive_draw", "reason": "suucha_riichi"}},
     "#/riichi_sticks", "abortive_draw_not_possible"),
    ({"riichi_sticks": 4, "riichi_declared": ["east", "south", "west"],
      "outcome": {"kind": "abortive_draw", "reason": "suucha_riichi"}}, "#/riichi_declared",
     "abortive_draw_not_possible"),
])
def test_settle_contradictions_are_refused(post_json, request_body, pointer, code):
    status, body = post_json("/v1/settle", {"scores": EVEN, **request_body})
    assert status == 422, body
    assert (pointer, code) in codes(body), body["errors"]


def test_suucha_riichi_with_four_sticks_is_settled(post_json):
    status, body = post_json("/v1/settle", {"scores": EVEN, "riichi_sticks": 4, "riichi_declared": list(SEATS),
                                            "outcome": {"kind": "abortive_draw", "reason": "suucha_riichi"}})
    assert status == 200, body


INCOMPLETE = {"hand": "123m456p789s1357z", "win_tile": "2z", "seat_wind": "south", "round_wind": "east"}


@pytest.mark.parametrize("patch, other", [
    ({"rules": {"preset": "tenhou", "open_tanyao": "maybe"}}, "#/rules/open_tanyao"),
    ({"rules": {"preset": "nope"}}, ("#/rules/preset", "unknown_preset")),
])
def test_bad_rules_do_not_hide_not_a_win(post_json, patch, other):
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "tsumo", "wins": [INCOMPLETE]},
                                            **patch})
    assert status == 422
    found = codes(body)
    assert ("#/outcome/wins/0", "not_a_win") in found, body["errors"]
    assert (other in found) if isinstance(other, tuple) else other in {p for p, _ in found}, body["errors"]


@pytest.mark.parametrize("extra, other", [
    ({"colour": "red"}, ("#/outcome/wins/0/colour", "unknown_field")),
    ({"winner": "up"}, ("#/outcome/wins/0/winner", "invalid")),
])
def test_a_short_win_is_read_for_its_shape_first(post_json, extra, other):
    win = {"winner": "south", "han": 1, "fu": 25, **extra}
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "ron", "discarder": "west",
                                                                        "wins": [win]}})
    assert status == 422 and codes(body) == {other}, body["errors"]
    status, body = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "ron", "discarder": "west",
                                                                        "wins": [{"winner": "south", "han": 1, "fu": 25}]}})
    assert status == 422 and "impossible_han_fu" in {c for _, c in codes(body)}, body["errors"]


def test_final_seat_order_tie_needs_seats(post_json):
    players = [{"player": p, "points": pts} for p, pts in zip("ABCD", (35000, 35000, 15000, 15000))]
    status, body = post_json("/v1/final", {"scores": players, "rules": {"preset": "tenhou"}})
    assert status == 422
    assert codes(body) == {(f"#/scores/{i}/seat", "seat_required") for i in range(4)}
    seated = [dict(p, seat=s) for p, s in zip(players, ("south", "east", "north", "west"))]
    status, body = post_json("/v1/final", {"scores": seated, "rules": {"preset": "tenhou"}})
    assert status == 200 and [s["rank"] for s in body["scores"]] == [2, 1, 4, 3]
    status, body = post_json("/v1/final", {"scores": players, "rules": {"preset": "japanese_modern"}})
    assert status == 200   # share: no seats needed


def _faulty_ready_example_2(rules):
    # RULES §17.5 example 2: dealer E's riichi is noten at an exhaustive draw (S ready)
    return {"scores": {**EVEN, "east": 24000}, "riichi_sticks": 1, "riichi_declared": ["east"],
            "outcome": {"kind": "exhaustive_draw", "ready": ["south"], "noten_riichi": ["east"]}, "rules": rules}


def test_rules_17_5_example_2_riichi_standard(post_json):
    # riichi_faulty_ready_penalty chombo is the example's reading: E pays 4,000 to each, no ready payments
    status, body = post_json("/v1/settle", _faulty_ready_example_2({"preset": "japanese_modern",
                                                                     "riichi_faulty_ready_penalty": "chombo"}))
    assert status == 200, body
    assert {(p["from"], p["to"], p["amount"]) for p in body["payments"] if p["reason"] == "faulty_ready"} == {
        ("east", "south", 4000), ("east", "west", 4000), ("east", "north", 4000)}
    assert not [p for p in body["payments"] if p["reason"] == "ready_payment"]
    status, body = post_json("/v1/settle", _faulty_ready_example_2({"preset": "ema"}))
    assert status == 200, body
    assert body["tournament_points"] == {"east": -20}
    assert not [p for p in body["payments"] if p["reason"] in ("ready_payment", "faulty_ready")]


def test_japanese_modern_default_faulty_ready_still_settles_the_draw(post_json):
    # the seed (SEED-JM §4.1.6, SEED-RI): he pays as for a faulty out and "if the deal ends in a draw, penalties
    # for faulty declaration of Ready are still applied": the draw's ready payments follow (option as_faulty_out)
    status, body = post_json("/v1/settle", _faulty_ready_example_2({"preset": "japanese_modern"}))
    assert status == 200, body
    reasons = {p["reason"] for p in body["payments"]}
    assert {"faulty_ready", "ready_payment"} <= reasons
