"""Scoring and settlement for the other families (issue 13): every worked example of FAMILIES.md with its
exact numbers, the seed rules the service got wrong (each test quotes its seed), flowers and seasons,
every player's hand under the European presets, and zero-sum settlement among losers as a property."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from calculator.core.hand import SEATS
from calculator.scoring.european import loser_settlement, payments_for
from tests.budget import examples

EVEN = {s: 2000 for s in SEATS}
EU = {"preset": "european_classical"}


def score(post_json, body, rules=EU):
    status, out = post_json("/v1/score", {**body, "rules": rules})
    assert status == 200 and out["is_win"], out
    return out


def items(out, key="items"):
    return [(i["id"], i.get("points", i.get("doubles")), i.get("tiles", "")) for i in out[key]]


# --- FAMILIES.md §2 worked examples (Four Winds 4winexm01-05, rules06; Babcock ch. 6) ---

EXM01 = {"hand": "555p234s1z", "melds": [{"kind": "closed_kan", "tiles": "1111m"}, {"kind": "pon", "tiles": "777z",
                                                                                    "from": "north"}],
         "win_tile": "1z", "win_by": "tsumo", "seat_wind": "east", "round_wind": "east"}
EXM04 = {"hand": "66z555m11z234p", "melds": [{"kind": "closed_kan", "tiles": "9999s"}], "win_tile": "6z",
         "win_by": "ron", "discarder": "east", "seat_wind": "west", "round_wind": "east"}
EXM05 = {"hand": "999m56s88s", "melds": [{"kind": "closed_kan", "tiles": "1111p"}, {"kind": "pon", "tiles": "555z",
                                                                                    "from": "north"}],
         "win_tile": "7s", "round_wind": "east"}


def test_4winexm01_east_self_draws_140_and_receives_840(post_json):
    out = score(post_json, EXM01)
    assert sorted(items(out)) == sorted([
        ("winning", 20, ""), ("concealed_kong_terminals", 32, "1111m"), ("melded_pung_dragons", 4, "777z"),
        ("concealed_pung_simples", 4, "555p"), ("pair_seat_wind", 2, "11z"), ("pair_round_wind", 2, "11z"),
        ("out_on_pair", 2, ""), ("self_drawn", 2, "")])
    assert out["basic_points"] == 68 and items(out, "double_items") == [("dragon_pung", 1, "777z")]
    assert out["points"] == 140 and out["limit"] is None   # 136 rounded to 140
    assert out["deltas"] == {"east": 840, "south": -280, "west": -280, "north": -280}


def test_4winexm04_west_on_easts_green_dragon_120(post_json):
    out = score(post_json, EXM04)
    assert out["basic_points"] == 62 and out["doubles"] == 1 and out["points"] == 120   # 124 -> 120
    assert ("melded_pung_dragons", 4, "666z") in items(out) and ("pair_round_wind", 2, "11z") in items(out)
    assert out["deltas"] == {"east": -240, "south": -120, "west": 480, "north": -120}


@pytest.mark.parametrize("seat, by, total, deltas", [
    pytest.param("east", "ron", 780, {"east": 780, "south": -260, "west": -260, "north": -260}, id="east-discard"),
    pytest.param("west", "tsumo", 520, {"east": -260, "south": -130, "west": 520, "north": -130}, id="west-self"),
])
def test_4winexm05_table_discarder_pays_as_the_others(post_json, seat, by, total, deltas):
    body = {**EXM05, "seat_wind": seat, "win_by": by, **({"discarder": "south"} if by == "ron" else {})}
    out = score(post_json, body)
    assert out["points"] == 130 and sum(p["amount"] for p in out["payments"]) == total and out["deltas"] == deltas


def test_rules06_payments_winner_and_losers_east_double(post_json):
    """rules06: losers pay the winner, losers settle their differences, East double (the 100-point winner its
    payments and totals describe: 1,680 / 2,000 / 1,920 / 2,400)."""
    status, out = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "tsumo", "wins": [
        {"winner": "north", "points": 100}]}, "hands": {"east": {"points": 0}, "south": {"points": 40},
                                                        "west": {"points": 20}}, "rules": EU})
    assert status == 200
    assert out["scores"] == {"east": 1680, "south": 2000, "west": 1920, "north": 2400}
    assert sorted((p["from"], p["to"], p["amount"]) for p in out["payments"]) == sorted([
        ("east", "north", 200), ("south", "north", 100), ("west", "north", 100),
        ("east", "south", 80), ("east", "west", 40), ("west", "south", 20)])


BABCOCK = {"preset": "european_classical", "eu_rounding": 1, "eu_limit": 0, "eu_double_round_wind_pung": 0,
           "eu_pair_round_wind": 0}   # Babcock does not round and has no wind of the round


@pytest.mark.parametrize("body, basic, points", [
    pytest.param({"hand": "999s567s13m88p", "melds": [{"kind": "pon", "tiles": "444p", "from": "north"}],
                  "win_tile": "2m", "win_by": "ron", "discarder": "north", "seat_wind": "south"}, 32, 32,
                 id="fig16-only-possible-place"),
    pytest.param({"hand": "777m45s22m", "melds": [{"kind": "pon", "tiles": "111p", "from": "north"},
                                                  {"kind": "pon", "tiles": "333z", "from": "north"}],
                  "win_tile": "6s", "win_by": "ron", "discarder": "north", "seat_wind": "west"}, 32, 64,
                 id="fig17-held-by-west"),
    pytest.param({"hand": "777m456s2m", "melds": [{"kind": "pon", "tiles": "111p", "from": "north"},
                                                  {"kind": "pon", "tiles": "333z", "from": "north"}],
                  "win_tile": "2m", "win_by": "tsumo", "seat_wind": "west"}, 36, 72, id="fig17-drawn-2-characters"),
    pytest.param({"hand": "66z111z55z123s", "melds": [{"kind": "open_kan", "tiles": "8888p", "from": "north"}],
                  "win_tile": "6z", "win_by": "ron", "discarder": "south", "seat_wind": "east"}, 42, 168,
                 id="fig18-held-by-east"),
])
def test_babcock_chapter_6_basic_points_and_doubles(post_json, body, basic, points):
    out = score(post_json, {**body, "round_wind": "east"}, BABCOCK)
    assert out["basic_points"] == basic and out["points"] == points


def test_babcock_fig18_east_receives_336_from_each(post_json):
    body = {"hand": "66z111z55z123s", "melds": [{"kind": "open_kan", "tiles": "8888p", "from": "north"}],
            "win_tile": "6z", "win_by": "ron", "discarder": "south", "seat_wind": "east", "round_wind": "east"}
    out = score(post_json, body, BABCOCK)
    assert [(p["from"], p["amount"]) for p in out["payments"]] == [("south", 336), ("west", 336), ("north", 336)]


def test_the_500_limit_caps_the_hand_before_east_doubles(post_json):
    body = {"hand": "111z222z333z5z", "melds": [{"kind": "closed_kan", "tiles": "4444z"}], "win_tile": "5z",
            "win_by": "tsumo", "seat_wind": "east", "round_wind": "east"}
    out = score(post_json, body)
    assert out["points"] == 500 and out["limit"] == "limit"
    assert out["deltas"] == {"east": 3000, "south": -1000, "west": -1000, "north": -1000}   # 4win1j8t


# --- every player's hand (rules05, SEED-EU §4.3) ---

def test_losers_hands_are_scored_and_settle_among_themselves(post_json):
    status, out = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "ron", "discarder": "east",
                                                                       "wins": [EXM04]},
                                           "hands": {"east": {"hand": "123456789m1234s"},
                                                     "south": {"hand": "111p456s789m2345s"},
                                                     "north": {"hand": "2345s", "melds": [
                                                         {"kind": "pon", "tiles": "777z", "from": "west"},
                                                         {"kind": "open_kan", "tiles": "9999p", "from": "west"},
                                                         {"kind": "chi", "tiles": "123m", "from": "west"}]}},
                                           "rules": EU})
    assert status == 200
    # north: melded dragon pung 4 + melded terminal kong 16 = 20, one double: 40; south: 8 -> 10; east 0
    assert {s: h["points"] for s, h in out["hands"].items()} == {"west": 120, "north": 40, "south": 10, "east": 0}
    assert out["deltas"] == {"east": -240 - 20 - 80, "south": -120 + 20 - 30, "west": 480, "north": -120 + 80 + 30}
    assert "pair_round_wind" not in {i["id"] for i in out["hands"]["north"]["items"]}


@pytest.mark.parametrize("hand, points, note", [
    pytest.param("111p456s789m2345s9m", 0, "long_hand", id="long-hand-scoreless"),
    pytest.param("111p456s789m234s", 10, "short_hand", id="short-hand-scores-its-sets"),
])
def test_seed_001_4_3_long_and_short_hands(post_json, hand, points, note):
    """SEED-EU §4.3: 'he must continue playing with a long hand ... his hand is considered scoreless'; 'with a
    short hand ... he receives points for his completed sets as normally'."""
    status, out = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "tsumo", "wins": [
        {"winner": "north", "points": 100}]}, "hands": {"east": {"points": 0}, "south": {"hand": hand},
                                                        "west": {"points": 0}}, "rules": EU})
    assert status == 200 and out["hands"]["south"]["points"] == points and note in out["hands"]["south"]["notes"]


def test_seed_001_4_2_1_failed_french_declarer_scores_only_flowers_and_seasons(post_json):
    """SEED-EU §4.2.1: 'If a player fails to win, he gets scores only for Flowers and Seasons'."""
    status, out = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "tsumo", "wins": [
        {"winner": "north", "points": 100}]}, "hands": {
        "east": {"points": 0}, "west": {"points": 0},
        "south": {"hand": "111p456s789m2345s", "riichi": "riichi", "flowers": [2, 3]}}, "rules": {"preset": "french"}})
    assert status == 200 and out["hands"]["south"]["points"] == 10   # 2 x 4, rounded to ten
    assert out["hands"]["south"]["notes"] == ["failed_declaration"]


def test_all_losers_or_none(post_json):
    status, out = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "tsumo", "wins": [
        {"winner": "north", "points": 100}]}, "hands": {"east": {"points": 0}}, "rules": EU})
    assert status == 422 and [(e["pointer"], e["code"]) for e in out["errors"]] == [("#/hands", "loser_hand_missing")]


@settings(max_examples=examples(200), deadline=None)
@given(st.sampled_from(SEATS), st.integers(0, 500),
       st.fixed_dictionaries({s: st.integers(0, 500) for s in SEATS}))
def test_settlement_among_losers_is_zero_sum(winner, total, losers):
    """rules06: every pair of losers settles the difference of their totals (East double): what the losers pay each
    other sums to zero, and with the winner's payments every point moved is accounted for."""
    points = {s: v for s, v in losers.items() if s != winner}
    among = loser_settlement(points, winner)
    change = dict.fromkeys(SEATS, 0)
    for payer, receiver, amount in among:
        assert amount > 0 and winner not in (payer, receiver)
        change[payer] -= amount
        change[receiver] += amount
    assert sum(change.values()) == 0 and change[winner] == 0
    # a loser with a higher total never pays one with a lower total
    assert all(points[receiver] > points[payer] for payer, receiver, _ in among)
    for p in payments_for(total, winner):
        change[p.from_seat] -= p.amount
        change[winner] += p.amount
    assert sum(change.values()) == 0


# --- flowers and seasons ---

def test_bonus_tiles_refused_where_the_preset_has_none(post_json):
    body = {"hand": "123m456p789s2345s", "win_tile": "2s", "win_by": "tsumo", "seat_wind": "east",
            "round_wind": "east", "flowers": [1], "rules": {"preset": "tenhou"}}
    status, out = post_json("/v1/score", body)
    assert status == 422 and [(e["pointer"], e["code"]) for e in out["errors"]] == [
        ("#/flowers", "bonus_tiles_not_in_rules")]
    assert "leave out" in out["errors"][0]["detail"]


def test_seed_001_4_2_2_italian_bonus_tiles_drawn_after_the_declaration_are_discarded(post_json):
    """SEED-EU §4.2.2: 'The Flowers and Seasons that are picked after the declaration must be discarded.'"""
    body = {"hand": "123m456p789s234s1p", "win_tile": "1p", "win_by": "tsumo", "seat_wind": "south",
            "round_wind": "east", "riichi": "riichi", "flowers": [1, 2], "flowers_after_declaration": [2]}
    italian = score(post_json, body, {"preset": "italian"})
    french = score(post_json, body, {"preset": "french"})
    assert ("flowers", 4, "") in items(italian) and ("flowers", 8, "") in items(french)
    assert ("ready_declaration", 1, "") in items(italian, "double_items")


# --- seed rules the service got wrong ---

def test_seed_004_liable_discarder_pays_for_all_losers(post_json):
    """SEED-TW §4.2: 'A player who is liable for "letting off a canon" must pay for all losers (that is, not only
    for himself, but also for the other two players). In addition, there is no settlement among losers.'"""
    status, out = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "ron", "discarder": "west", "wins": [
        {"winner": "east", "tai": 3, "pao": {"seat": "west", "reason": "daisangen"}}]},
        "rules": {"preset": "taiwanese_16"}})
    share = 300 + 100 * (3 + 1)   # base + (hand tai + the dealer's bonus tai) per tai
    assert status == 200 and out["deltas"] == {"east": 3 * share, "south": 0, "west": -3 * share, "north": 0}
    assert out["wins"][0]["liable"] == "west"


def test_seed_004_a_robbed_kong_counts_as_the_discard(post_json):
    """SEED-TW §4.2: 'letting another player rob a Kong that involves a dangerous tile is considered the same as
    discarding a dangerous tile, and accordingly penalized in the same way.'"""
    win = {"hand": "123m456m2p", "melds": [{"kind": "pon", "tiles": "555z", "from": "south"},
                                           {"kind": "pon", "tiles": "666z", "from": "west"},
                                           {"kind": "pon", "tiles": "777z", "from": "north"}],
           "win_tile": "2p", "seat_wind": "east", "round_wind": "east", "chankan": True,
           "pao": {"seat": "north", "reason": "daisangen"}}
    status, out = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "ron", "discarder": "north",
                                                                       "wins": [win]},
                                           "rules": {"preset": "taiwanese_16"}})
    assert status == 200, out
    tai = out["wins"][0]["tai"]
    assert out["deltas"]["north"] == -3 * (300 + 100 * (tai + 1)) and out["wins"][0]["liable"] == "north"
    assert out["deltas"]["south"] == out["deltas"]["west"] == 0


def test_seed_001_4_2_2_italian_faulty_declaration_costs_exactly_1000(post_json):
    """SEED-EU §4.2.2: 'if a player makes a faulty declaration ... 1,000 points are reduced from his total
    points.' The Italian declaration has no stake: no stick is forced or lost."""
    status, out = post_json("/v1/settle", {"scores": EVEN, "riichi_declared": ["south"], "outcome": {
        "kind": "exhaustive_draw", "noten_riichi": ["south"]}, "rules": {"preset": "italian"}})
    assert status == 200 and out["deltas"] == {"east": 0, "south": -1000, "west": 0, "north": 0}
    assert out["pool_change"] == 0 and out["forfeited"] == 1000
    status, out = post_json("/v1/settle", {"scores": EVEN, "riichi_sticks": 1, "outcome": {
        "kind": "exhaustive_draw", "noten_riichi": ["south"]}, "rules": {"preset": "italian"}})
    assert status == 422 and [(e["pointer"], e["code"]) for e in out["errors"]] == [("#/riichi_sticks",
                                                                                    "no_riichi_stakes")]


@pytest.mark.parametrize("path, body", [
    pytest.param("/v1/settle", {"scores": EVEN, "riichi_sticks": 1, "outcome": {"kind": "tsumo", "wins": [
        {"winner": "south", "tai": 3}]}}, id="settle"),
    pytest.param("/v1/score", {"hand": "123m456m789p234s567s5z", "win_tile": "5z", "win_by": "tsumo",
                               "seat_wind": "south", "round_wind": "east", "riichi_sticks": 1}, id="score"),
])
def test_seed_003_riichi_stakes_only_with_a_voluntary_declaration(post_json, path, body):
    """SEED-RI: the stake belongs to the voluntary ready declaration; SEED-TW §4 has none, so a Taiwanese win pays
    no stick (riichi_sticks must be 0)."""
    status, out = post_json(path, {**body, "rules": {"preset": "taiwanese_16"}})
    assert status == 422 and [(e["pointer"], e["code"]) for e in out["errors"]] == [("#/riichi_sticks",
                                                                                    "no_riichi_stakes")]


def test_seed_001_4_3_false_claims_go_to_the_winner_and_are_forfeited_in_a_draw(post_json):
    """SEED-EU §4.3: 'a penalty of 100 points for each false claim (the penalties are collected by the winner and
    forfeited if a deal ends in a draw).'"""
    status, out = post_json("/v1/settle", {"scores": EVEN, "false_claims": ["south"], "outcome": {
        "kind": "ron", "discarder": "east", "wins": [EXM04]}, "rules": EU})
    assert status == 200 and out["deltas"] == {"east": -240, "south": -220, "west": 580, "north": -120}
    status, out = post_json("/v1/settle", {"scores": EVEN, "false_claims": ["south"], "outcome": {
        "kind": "exhaustive_draw"}, "rules": EU})
    assert status == 200 and out["deltas"] == dict.fromkeys(SEATS, 0)
    assert "false_claims_not_paid_without_winner" in out["notes"]


# --- Taiwanese dealer's and continued-deal bonus (SEED-TW §4.2-§4.3; RULES.md §22.3 with 300 + 100 per tai) ---

# no flowers 1, concealed hand 1, single wait 2: 4 tai on a discard, 5 self-drawn
TW3 = {"hand": "123m456m789p234s567s5z", "win_tile": "5z", "round_wind": "east"}


@pytest.mark.parametrize("winner, kind, discarder, honba, want", [
    pytest.param("east", "tsumo", None, 2, {"south": -1300, "west": -1300, "north": -1300}, id="22.3-1-east-self"),
    pytest.param("east", "ron", "west", 2, {"west": -1200}, id="22.3-2-east-on-west"),
    pytest.param("south", "tsumo", None, 2, {"east": -1300, "west": -800, "north": -800}, id="22.3-3-south-self"),
    pytest.param("south", "ron", "east", 2, {"east": -1200}, id="22.3-4-east-deals-in"),
    pytest.param("south", "ron", "west", 2, {"west": -700}, id="22.3-4-west-deals-in-no-bonus"),
    pytest.param("east", "ron", "west", 0, {"west": -800}, id="dealer-bonus-only"),
])
def test_dealer_and_continued_deal_bonus_through_settle(post_json, winner, kind, discarder, honba, want):
    """SEED-TW §4.2 dealer's bonus (1 tai) and §4.3 continued deals (2 tai per extra hand: honba 2 -> 4 tai), for a
    hand of 5 tai self-drawn, 4 on a discard: the full 16-tile body is scored here."""
    win = {**TW3, "seat_wind": winner, "win_by": kind}
    outcome = {"kind": kind, "wins": [win], **({"discarder": discarder} if discarder else {})}
    status, out = post_json("/v1/settle", {"scores": EVEN, "honba": honba, "outcome": outcome,
                                           "rules": {"preset": "taiwanese_16"}})
    assert status == 200 and out["wins"][0]["tai"] == (5 if kind == "tsumo" else 4)
    assert {s: d for s, d in out["deltas"].items() if d < 0} == want
    assert out["deltas"][winner] == -sum(want.values())
    reasons = {p["reason"] for p in out["payments"]}
    assert ("continuation_bonus" in reasons) is (honba > 0 and (winner == "east" or "east" in want))


def test_taiwanese_score_lists_bonuses_with_their_payers(post_json):
    out = score(post_json, {**TW3, "seat_wind": "south", "win_by": "tsumo", "honba": 1, "flowers": [2]},
                {"preset": "taiwanese_16"})
    assert out["bonus_items"] == [{"id": "dealer_bonus", "tai": 1, "payers": ["east"]},
                                  {"id": "continuation_bonus", "tai": 2, "payers": ["east"]}]
    assert out["tai"] == 5 and out["deltas"] == {"east": -1100, "south": 2700, "west": -800, "north": -800}


def test_a_fifth_copy_across_the_hands_is_refused(post_json):
    status, out = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "ron", "discarder": "east",
                                                                       "wins": [EXM04]},
                                           "hands": {"east": {"hand": "555m555p789s2345s"},
                                                     "south": {"hand": "555m111p789s2345s"},
                                                     "north": {"hand": "123m456p789s2345s"}}, "rules": EU})
    assert status == 422 and ("#/hands", "too_many_copies") in [(e["pointer"], e["code"]) for e in out["errors"]]


# --- seven flowers and seasons, robbing the eighth (FAMILIES.md §4, the international tai table) ---

ROBBED = {"hand": "123m456m789p234s567s5z", "win_by": "ron", "discarder": "west", "seat_wind": "south",
          "round_wind": "east", "robbed_bonus": True, "flowers": [1, 2, 3, 4], "seasons": [1, 2, 3]}


def test_seven_flowers_robbing_the_eighth_is_20_tai_paid_by_who_shows_it(post_json):
    """FAMILIES.md §4: 'Seven Flowers and Seasons, robbing the 8th | 20 (a winning hand; other patterns ignored)'."""
    out = score(post_json, ROBBED, {"preset": "taiwanese_16"})
    assert out["tai"] == 20 and [(i["id"], i["tai"]) for i in out["items"]] == [("seven_flowers_robbing", 20)]
    assert out["deltas"] == {"east": 0, "south": 300 + 100 * 20, "west": -(300 + 100 * 20), "north": 0}
    status, out = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "ron", "discarder": "west", "wins": [
        ROBBED]}, "rules": {"preset": "taiwanese_16"}})
    assert status == 200 and out["deltas"]["west"] == -2300 and out["wins"][0]["tai"] == 20


@pytest.mark.parametrize("change, rules, problems", [
    pytest.param({"seasons": [1]}, "taiwanese_16", {("#/robbed_bonus", "wrong_bonus_count")}, id="not-seven"),
    pytest.param({"win_tile": "5z"}, "taiwanese_16", {("#/win_tile", "inconsistent_situation")}, id="win-tile"),
    pytest.param({"win_by": "tsumo", "discarder": None}, "taiwanese_16", {("#/win_by", "inconsistent_situation")},
                 id="self-drawn"),
    pytest.param({"hand": "123m456m789p2345s"}, "european_classical", {("#/robbed_bonus", "not_in_rules")},
                 id="european"),
])
def test_robbing_the_eighth_needs_seven_held_and_a_shown_eighth(refused, change, rules, problems):
    assert refused("/v1/score", {**ROBBED, **change, "rules": {"preset": rules}}) == problems


def test_without_robbed_bonus_the_winning_tile_is_required(refused):
    body = {k: v for k, v in ROBBED.items() if k != "robbed_bonus"}
    assert refused("/v1/score", {**body, "rules": {"preset": "taiwanese_16"}}) == {("#/win_tile", "required")}


# --- several winners on one discard ---

def test_seed_004_4_3_taiwanese_several_winners_each_paid_as_the_sole_winner(post_json):
    """SEED-TW §4.3: 'If there are multiple winners, the discarder pays each winner as he would be the sole winner.'
    (taiwanese_16: multi_ron_mode all_paid)."""
    status, out = post_json("/v1/settle", {"scores": EVEN, "honba": 1, "outcome": {
        "kind": "ron", "discarder": "west", "wins": [{"winner": "east", "tai": 3}, {"winner": "south", "tai": 3}]},
        "rules": {"preset": "taiwanese_16"}})
    east = 300 + 100 * (3 + 1 + 2)   # the hand, the dealer's bonus, the first continued deal
    assert status == 200 and out["deltas"] == {"east": east, "south": 600, "west": -east - 600, "north": 0}


@pytest.mark.parametrize("rules, says", [
    pytest.param(EU, "only the player first in turn after the discarder (south) wins", id="head-bump"),
    pytest.param({**EU, "multi_ron_mode": "all_paid"}, "not defined for the European tables", id="all-paid"),
])
def test_european_settlement_has_one_winner_per_discard(post_json, rules, says):
    """rules06: every loser pays the winner and the losers settle among themselves around him: one winner. The
    European presets play head bump (multi_ron_mode head_bump); a request with two winners is refused, naming him."""
    north = {**EXM04, "seat_wind": "north", "hand": "123p456p789p2345s", "melds": [], "win_tile": "2s"}
    south = {**EXM04, "seat_wind": "south", "hand": "123m456m789m2345s", "melds": [], "win_tile": "2s"}
    status, out = post_json("/v1/settle", {"scores": EVEN, "outcome": {"kind": "ron", "discarder": "east",
                                                                       "wins": [north, south]}, "rules": rules})
    assert status == 422 and [e["code"] for e in out["errors"]] == ["one_winner_only"]
    assert says in out["errors"][0]["detail"]


@pytest.mark.parametrize("preset", ["european_classical", "french", "italian"])
@pytest.mark.parametrize("hand, win", [
    pytest.param("1133557799m11p2p", "2p", id="seven-pairs"),
    pytest.param("19m19p19s1234567z", "1m", id="thirteen-orphans"),
])
def test_european_tables_list_no_seven_pairs_or_thirteen_orphans(post_json, preset, hand, win):
    """FAMILIES.md §2-3: the Four Winds European tables read (rules05, 4winsc05, 4winsc09, 4winpr04) list no special
    hands, so these are no wins there, with a reason that says why (not a plain not_complete)."""
    status, out = post_json("/v1/score", {"hand": hand, "win_tile": win, "win_by": "tsumo", "seat_wind": "south",
                                          "round_wind": "east", "rules": {"preset": preset}})
    assert status == 200 and out["is_win"] is False and out["reasons"] == ["special_hand_not_in_table"]


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(SEATS), st.sampled_from(("ron", "tsumo")), st.integers(0, 50),
       st.fixed_dictionaries({s: st.integers(0, 50) for s in SEATS}), st.data())
def test_settle_among_losers_is_zero_sum_through_the_api(post_json, winner, kind, won, shown, data):
    """rules06 through /v1/settle: the deal moves no points in or out (deltas sum to zero); each loser's delta is
    what he pays the winner (East double) plus what he settles with each other loser (the difference of their
    totals, East double)."""
    total = 10 * won
    losers = [s for s in SEATS if s != winner]
    discarder = data.draw(st.sampled_from(losers)) if kind == "ron" else None
    hands = {s: {"points": 10 * shown[s]} for s in losers}
    outcome = {"kind": kind, "wins": [{"winner": winner, "points": total}],
               **({"discarder": discarder} if discarder else {})}
    status, out = post_json("/v1/settle", {"scores": EVEN, "outcome": outcome, "hands": hands, "rules": EU})
    assert status == 200, out
    assert sum(out["deltas"].values()) == 0
    double = lambda a, b: 2 if "east" in (a, b) else 1   # noqa: E731
    for s in losers:
        among = sum((10 * shown[s] - 10 * shown[o]) * double(s, o) for o in losers if o != s)
        assert out["deltas"][s] == -min(total, 500) * double(s, winner) + among


def test_robbing_the_eighth_wins_alone(refused):
    other = {"hand": "123m456m789p234s567s6z", "win_tile": "6z", "win_by": "ron", "discarder": "west",
             "seat_wind": "east", "round_wind": "east"}
    assert refused("/v1/settle", {"scores": EVEN, "outcome": {"kind": "ron", "discarder": "west", "wins": [
        ROBBED, other]}, "rules": {"preset": "taiwanese_16"}}) == {("#/outcome/wins/0/robbed_bonus",
                                                                      "inconsistent_situation")}


@pytest.mark.parametrize("preset", ["european_classical", "french", "italian"])
def test_seed_003_no_riichi_stakes_under_the_european_declarations(post_json, preset):
    """SEED-EU §4.1-4.2: the obligatory, French and Italian declarations name no stake (the Italian faulty one costs
    1,000 from the total instead), so a European win collects no stick: riichi_sticks must be 0."""
    status, out = post_json("/v1/score", {**EXM04, "riichi_sticks": 1, "rules": {"preset": preset}})
    assert status == 422 and [(e["pointer"], e["code"]) for e in out["errors"]] == [("#/riichi_sticks",
                                                                                    "no_riichi_stakes")]
