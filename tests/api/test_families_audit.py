"""`claim` under the Taiwanese and European tables (issue 13, API.md "Audit"): audited in the family's own terms,
never silently ignored; a claimed field the family has no value for is refused with a 422 naming the fields it has."""
from __future__ import annotations

import pytest

from calculator.core.hand import SEATS

EVEN = dict.fromkeys(SEATS, 0)
TW = {"hand": "123m456m789p234s567s5z", "win_tile": "5z", "round_wind": "east", "seat_wind": "south",
      "win_by": "tsumo", "rules": {"preset": "taiwanese_16"}}    # no flowers 1, self-draw 1, concealed 1, single 2
EXM01 = {"hand": "555p234s1z", "melds": [{"kind": "closed_kan", "tiles": "1111m"},
                                         {"kind": "pon", "tiles": "777z", "from": "north"}],
         "win_tile": "1z", "win_by": "tsumo", "seat_wind": "east", "round_wind": "east",
         "rules": {"preset": "european_classical"}}             # 68 basic points, 1 double: 140


def audit(post_json, path, body):
    status, out = post_json(path, body)
    assert status == 200, out
    return out["audit"]


def test_a_right_tai_claim_agrees(post_json):
    a = audit(post_json, "/v1/score", {**TW, "claim": {"tai": 5, "points": 2500, "limit": None,
                                                        "items": ["no_flowers", "self_draw", "concealed_hand",
                                                                  "single_wait"]}})
    assert a == {"agrees": True, "differences": [], "explained_by": []}


def test_a_tai_claim_without_the_self_draw_is_explained_by_switching_it_off(post_json):
    a = audit(post_json, "/v1/score", {**TW, "claim": {"tai": 4}})
    assert [(d["field"], d["claimed"], d["computed"]) for d in a["differences"]] == [("tai", 4, 5)]
    assert "self_draw 1" in a["differences"][0]["why"]
    assert {"rules": {"tw_tai_self_draw": 0}, "then": {"tai": 4}} in a["explained_by"]
    assert all(list(e["rules"].values()) == [0] for e in a["explained_by"])   # each a one-tai item switched off


def test_a_european_claim_is_explained_by_the_french_self_drawn_value(post_json):
    """4winexm01 with French's self-drawn 5 points (4winsc09 'F 5 pts'): 71 basic points, still 140."""
    a = audit(post_json, "/v1/score", {**EXM01, "claim": {"basic_points": 71, "points": 140}})
    assert [(d["field"], d["claimed"], d["computed"]) for d in a["differences"]] == [("basic_points", 71, 68)]
    assert {"rules": {"eu_self_drawn": 5}, "then": {"basic_points": 71, "points": 140}} in a["explained_by"]


def test_a_european_points_difference_says_how_the_total_follows(post_json):
    a = audit(post_json, "/v1/score", {**EXM01, "claim": {"points": 150}})
    assert a["differences"][0]["why"] == ("The points follow from the basic points: 68 x 2^1 = 136, rounded to the "
                                          "nearest 10: 140.")


def test_claimed_items_name_the_missing_and_the_extra_ones(post_json):
    a = audit(post_json, "/v1/score", {**EXM01, "claim": {"items": ["winning", "self_drawn", "one_chance"]}})
    why = a["differences"][0]["why"]
    assert "the hand also has concealed_kong_terminals" in why and "the hand has no one_chance" in why


@pytest.mark.parametrize("body, claim, problems", [
    pytest.param(EXM01, {"han": 3, "fu": 40}, {("#/claim/han", "claim_not_in_family"),
                                               ("#/claim/fu", "claim_not_in_family")}, id="han-fu-under-european"),
    pytest.param(TW, {"yaku": ["riichi"], "limit": "mangan"}, {("#/claim/yaku", "claim_not_in_family"),
                                                                ("#/claim/limit", "claim_not_in_family")},
                 id="yaku-under-taiwanese"),
    pytest.param(TW, {"basic_points": 20}, {("#/claim/basic_points", "claim_not_in_family")},
                 id="european-field-under-taiwanese"),
    pytest.param({**EXM01, "rules": {"preset": "tenhou"}, "hand": "123m456p789s2345s", "melds": [], "win_tile": "2s"},
                 {"tai": 3, "limit": "limit"},
        {("#/claim/tai", "claim_not_in_family"), ("#/claim/limit", "claim_not_in_family")}, id="tai-under-japanese"),
])
def test_a_claim_the_family_cannot_audit_is_refused(refused, body, claim, problems):
    assert refused("/v1/score", {**body, "claim": claim}) == problems


def test_a_taiwanese_settlement_claim_without_the_dealers_bonus(post_json):
    """SEED-TW §4.2: East pays the dealer's bonus... the claim left it out: the audit says so and which option."""
    a = audit(post_json, "/v1/settle", {"scores": EVEN, "outcome": {"kind": "tsumo", "wins": [
        {k: v for k, v in TW.items() if k != "rules"}]}, "claim": {"deltas": {
            "east": -800, "south": 2400, "west": -800, "north": -800}}, "rules": TW["rules"]})
    assert not a["agrees"] and {d["field"] for d in a["differences"]} == {"deltas.east", "deltas.south"}
    assert "dealer's or continued-deal bonus" in a["differences"][0]["why"]
    assert {"rules": {"tw_dealer_bonus_tai": 0}, "then": {"deltas": {
        "east": -800, "south": 2400, "west": -800, "north": -800}}} in a["explained_by"]


def test_a_european_settlement_claim_without_east_doubling(post_json):
    a = audit(post_json, "/v1/settle", {"scores": EVEN, "outcome": {"kind": "tsumo", "wins": [
        {"winner": "north", "points": 100}]}, "claim": {"deltas": {"east": -100, "south": -100, "west": -100,
                                                                    "north": 300}}, "rules": EXM01["rules"]})
    assert not a["agrees"] and "East pays and receives double" in a["differences"][0]["why"]
    agreed = audit(post_json, "/v1/settle", {"scores": EVEN, "outcome": {"kind": "tsumo", "wins": [
        {"winner": "north", "points": 100}]}, "claim": {"deltas": {"east": -200, "south": -100, "west": -100,
                                                                    "north": 400}}, "rules": EXM01["rules"]})
    assert agreed["agrees"]
