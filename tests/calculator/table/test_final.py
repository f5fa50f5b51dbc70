"""End of game: the seed's end-points and prize examples word for word, and RULES.md §21.3."""
from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from calculator.table.final import Player, final_scores, round_thousand
from calculator.rules import preset_rules
from tests.budget import examples

SEATS = ("east", "south", "west", "north")


def run(points, preset="japanese_modern", sticks=0, seats=True, **opts):
    players = [Player("ABCD"[i], p, SEATS[i] if seats else None) for i, p in enumerate(points)]
    return final_scores(players, sticks, replace(preset_rules(preset), **opts))


def finals(result):
    return [s.final for s in result.standings]


def test_seed_end_points_example():
    # SEED-JM §4.10: end points 30,000; 35,000 / 32,000 / 22,000 / 19,000 -> losers 2,000, -8,000, -11,000;
    # "The winner would receive abs(2,000 + -8000 + -11000 points) = 17,000 points."
    r = run([35000, 32000, 22000, 19000], final_return_points=30000)
    assert finals(r) == [17000, 2000, -8000, -11000]
    assert [s.rank for s in r.standings] == [1, 2, 3, 4]


def test_seed_two_winners_end_points_example():
    # SEED-JM §4.10 note: A and B 30,000, C and D 20,000: C and D each pay 5,000 to both A and B
    r = run([30000, 30000, 20000, 20000], final_return_points=30000)
    assert finals(r) == [10000, 10000, -10000, -10000]
    assert [s.rank for s in r.standings] == [1, 1, 3, 3]


def test_seed_prize_sharing_example():
    # SEED-JM §4.11: "if the prizes are 15,000, 10,000, 5,000 and 2,000, and final points of players A and B are
    # 30,000 points and those of players C and D 20,000 points, the prizes would be as follows: for players A and
    # B 12,500 points (total of 15,000 + 10,000 divided by 2), and for players 3,500 points (total of 5,000 and
    # 2,000 divided by 2)."
    r = run([30000, 30000, 20000, 20000], final_uma=(15000, 10000, 5000, 2000))
    assert [s.uma for s in r.standings] == [12500, 12500, 3500, 3500]
    assert finals(r) == [22500, 22500, -6500, -6500]   # "added to equalized points"
    assert r.remainder == 0


UMA_15_10_5_2 = {"final_uma": (15000, 10000, 5000, 2000)}


@pytest.mark.parametrize("points, preset, opts, sticks, want_points, want_uma, want_final, remainder", [
    # three players tied for second share (10,000 + 5,000 + 2,000) / 3 = 5,666.67: 5,666 each, 2 left over
    pytest.param([40000, 20000, 20000, 20000], "japanese_modern", UMA_15_10_5_2, 0, [40000, 20000, 20000, 20000],
                 [15000, 5666, 5666, 5666], [45000, -4334, -4334, -4334], 2, id="three-tied-second-uma"),
    # Tenhou prizes 20/10/-10/-20 under share: (10 - 10 - 20) / 3 = -6.667 each (rounded down), 0.001 left over
    pytest.param([40000, 20000, 20000, 20000], "tenhou", {"final_tie_mode": "share"}, 0, None,
                 [20, -6.667, -6.667, -6.667], [50, -16.667, -16.667, -16.667], 0.001, id="tenhou-three-tied-share"),
    # three tied for the top share the oka (20,000 / 3) and a leftover stick (1,000 / 3)
    pytest.param([30000, 30000, 30000, 10000], "japanese_modern", {}, 1, [30333, 30333, 30333, 10000],
                 [0, 0, 0, 0], [6666, 6666, 6666, -20000], 2, id="three-tied-top-oka-and-stick"),
    pytest.param([30000, 30000, 20000, 20000], "japanese_modern", UMA_15_10_5_2, 0, None,
                 [12500, 12500, 3500, 3500], [22500, 22500, -6500, -6500], 0, id="seed-4.11-divides-evenly"),
])
def test_tied_players_get_equal_whole_shares(points, preset, opts, sticks, want_points, want_uma, want_final,
                                             remainder):
    r = run(points, preset, sticks=sticks, **opts)
    if want_points:
        assert [s.points for s in r.standings] == want_points
    assert [s.uma for s in r.standings] == want_uma
    assert finals(r) == want_final
    assert r.remainder == remainder


def test_tenhou_style():
    assert finals(run([45000, 31000, 16000, 8000], "tenhou")) == [55, 11, -24, -42]   # §21.3 example 4


@pytest.mark.parametrize("tie_mode, want", [
    pytest.param("seat_order", [45, 15, -25, -35], id="seat-order"),
    pytest.param("share", [30, 30, -30, -30], id="share"),
])
def test_tenhou_style_ties(tie_mode, want):
    assert finals(run([35000, 35000, 15000, 15000], "tenhou", final_tie_mode=tie_mode)) == want


def test_seat_order_breaks_ties_by_starting_seat():
    players = [Player("A", 35000, "south"), Player("B", 35000, "east"), Player("C", 15000, "west"),
               Player("D", 15000, "north")]
    r = final_scores(players, 0, preset_rules("tenhou"))
    assert [(s.player, s.rank, s.final) for s in r.standings] == [("A", 2, 15), ("B", 1, 45), ("C", 3, -25),
                                                                   ("D", 4, -35)]


def test_ema():
    assert finals(run([44000, 30100, 27900, 18000], "ema")) == [29, 5.1, -7.1, -27]   # §21.3 example 5
    assert finals(run([40000, 30000, 30000, 20000], "ema")) == [25, 0, 0, -25]


def test_leftover_sticks():
    tenhou = run([44000, 31000, 16000, 7000], "tenhou", sticks=2)   # 2,000 on the table go to the first
    assert tenhou.standings[0].points == 46000 and tenhou.leftover_sticks == 2000
    shared = run([40000, 40000, 13000, 5000], "ema", sticks=2)
    assert [s.points for s in shared.standings[:2]] == [41000, 41000]
    lost = run([44000, 31000, 16000, 7000], "wrc", sticks=2)
    assert lost.standings[0].points == 44000 and lost.leftover_sticks == 0


@pytest.mark.parametrize("x, mode, want", [
    (-14500, "nearest", -15000), (-14500, "five_down_six_up", -14000), (14600, "five_down_six_up", 15000),
    (1400, "nearest", 1000), (1500, "none", 1500),
])
def test_round_thousand(x, mode, want):
    assert round_thousand(x, mode) == want


def test_rounding_keeps_zero_sum():
    # Tenhou rounds the score itself, a hundreds digit of 5 away from zero (../shared/data/README.md, checked on
    # 1,583 games): 30,500 -> 31 - 30 + 10 = 11; 14,500 -> 15 - 30 - 10 = -25; 9,500 -> 10 - 30 - 20 = -40
    r = run([45500, 30500, 14500, 9500], "tenhou")
    assert finals(r) == [54, 11, -25, -40] and sum(finals(r)) == 0


@pytest.mark.parametrize("scores, want", [
    pytest.param([40000, 20500, 20000, 19500], [49, -9 + 10, -10 - 10, -10 - 20], id="20500-to--9"),
    pytest.param([46000, 30000, 24500, -500], [56, 10, -5 - 10, -31 - 20], id="minus-500-to--31"),
    pytest.param([50000, 25000, 25000, 0], [60, -5 + 10, -5 - 10, -30 - 20], id="tie-to-lower-seat"),
])
def test_tenhou_end_points_round_the_score_itself(scores, want):
    """../shared/data/README.md: round(score / 1,000) - 30 + uma, a hundreds digit of 5 away from zero."""
    assert finals(run(scores, "tenhou")) == want


@pytest.mark.parametrize("rounding, want", [("nearest", [56, 11, -26, -41]), ("score_nearest", [54, 11, -25, -40])])
def test_final_rounding_switch(rounding, want):
    assert finals(run([45500, 30500, 14500, 9500], "tenhou", final_rounding=rounding)) == want


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.integers(-300, 1000).map(lambda x: x * 100) | st.sampled_from([20000, 30000]), min_size=4,
                max_size=4),
       st.sampled_from(["japanese_modern", "tenhou"]), st.sampled_from(["share", "seat_order"]))
def test_zero_sum_with_oka_and_balanced_uma(points, preset, tie_mode):
    r = run(points, preset, final_tie_mode=tie_mode)
    scale = 1000 if r.unit == "thousands" else 1
    assert round(sum(finals(r)) * scale) + round(r.remainder * scale) == 0   # whole points throughout
    assert 0 <= round(r.remainder * scale) <= 6   # under a point per tied player, in base and in uma
    ranks = sorted(s.rank for s in r.standings)
    assert ranks[0] == 1 and all(a <= b for a, b in zip(ranks, ranks[1:]))
    for a, b in itertools.combinations(r.standings, 2):
        if tie_mode == "share" and a.points == b.points:
            assert (a.rank, a.base, a.uma, a.final) == (b.rank, b.base, b.uma, b.final)


@pytest.mark.parametrize("scores, want", [
    pytest.param([-3600, 23600, 39500, 40500], [-43.6, -6.4, 19.5, 30.5], id="ranked-game-210815"),
    pytest.param([25000, 25000, 25000, 25000], [15, 5, -5, -15], id="all-tied-by-seat"),
])
def test_mahjong_soul_end_points_are_the_score_less_25000_plus_uma(scores, want):
    """docs/presets.md#mahjong-soul-records: the head's total_point is score - 25,000 + 15/5/-5/-15 by rank, no oka,
    no rounding, ties by starting seat."""
    r = run(scores, "mahjong_soul")
    assert finals(r) == want and r.oka == 0


def test_mahjong_soul_leftover_sticks_go_to_the_top():
    """RiichiEnv's excerpt of game 251127-1f08f829: one stick left after the last deal, the top's 42,000 ends 43,000."""
    r = run([7400, 30300, 42000, 19300], "mahjong_soul", sticks=1)
    assert [s.points for s in r.standings] == [7400, 30300, 43000, 19300]
