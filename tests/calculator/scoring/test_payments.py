"""Payments (RULES.md §9-§11): rounding, dealer doubling, honba, riichi sticks, the full table."""
from dataclasses import replace

import pytest

from calculator.scoring.limits import limit_for
from calculator.scoring.payments import Payment, win_payments
from calculator.rules import Rules
from tests.score_helpers import score_of

R = Rules()


def amounts(w):
    return {p.from_seat: (p.amount, p.honba) for p in w.payments}


@pytest.mark.parametrize("base, winner, by, disc, want, points", [
    pytest.param(960, "south", "ron", "west", {"west": (3900, 0)}, 3900, id="9.3-1-nd-ron-3900"),
    pytest.param(1280, "south", "tsumo", None,
                 {"east": (2600, 0), "west": (1300, 0), "north": (1300, 0)}, 5200, id="9.3-2-nd-tsumo-5200"),
    pytest.param(1920, "east", "ron", "north", {"north": (11600, 0)}, 11600, id="9.3-3-dealer-ron-11600"),
    pytest.param(960, "west", "tsumo", None,
                 {"east": (2000, 0), "south": (1000, 0), "north": (1000, 0)}, 4000, id="9.3-4-60fu2han-tsumo"),
    pytest.param(2000, "east", "tsumo", None,
                 {"south": (4000, 0), "west": (4000, 0), "north": (4000, 0)}, 12000, id="dealer-mangan-tsumo"),
])
def test_worked_payments(base, winner, by, disc, want, points):
    w = win_payments(base, winner, by, disc, 0, 0, R)
    assert amounts(w) == want
    assert w.points == points
    assert sum(w.deltas.values()) == 0


def test_honba_ron_example_10_3_1():
    w = win_payments(960, "south", "ron", "west", 2, 0, R)
    assert w.payments == (Payment("west", 3900, 600),)
    assert w.deltas == {"east": 0, "south": 4500, "west": -4500, "north": 0}


def test_honba_tsumo_example_10_3_2():
    w = win_payments(1280, "south", "tsumo", None, 2, 0, R)
    assert amounts(w) == {"east": (2600, 200), "west": (1300, 200), "north": (1300, 200)}
    assert w.deltas["south"] == 5800


def test_riichi_sticks_example_11_3_1():
    w = win_payments(1280, "south", "tsumo", None, 0, 2, R)
    assert w.riichi_sticks_collected == 2000
    assert w.deltas["south"] == 7200
    assert sum(w.deltas.values()) == 2000   # the sticks come from the table, not from a seat


@pytest.mark.parametrize("option, value, seat_delta", [
    pytest.param("honba_per_stick_total", 300, 4500, id="honba-300"),
    pytest.param("honba_per_stick_total", 1500, 6900, id="honba-basengo-1500"),
    pytest.param("honba_paid_to", "any_winner", 4500, id="paid-to-any"),
    pytest.param("honba_paid_to", "dealer_only", 3900, id="paid-to-dealer-only"),
    pytest.param("riichi_stick_value", 1000, 4500, id="stick-1000"),
])
def test_payment_options(option, value, seat_delta):
    w = win_payments(960, "south", "ron", "west", 2, 0, replace(R, **{option: value}))
    assert w.deltas["south"] == seat_delta


def test_stick_value_option():
    assert win_payments(960, "south", "ron", "west", 0, 3, replace(R, riichi_stick_value=500)).riichi_sticks_collected == 1500


def test_ron_without_discarder_has_no_deltas():
    w = win_payments(960, "south", "ron", None, 0, 0, R)
    assert w.points == 3900 and w.deltas == {}


def ceil100(x):
    return (x + 99) // 100 * 100


# RULES.md §9.1: the standard payment table, each cell rebuilt from b = fu * 2^(han+2) (capped) and the
# multipliers 4b/6b (ron) and b, 2b (tsumo), every payment rounded up to 100.
CELLS = [(han, fu) for han in (1, 2, 3, 4) for fu in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
         if not (fu == 20 and han == 1) and not (fu == 25 and han == 1)]


@pytest.mark.parametrize("han, fu", CELLS, ids=[f"{h}han{f}fu" for h, f in CELLS])
def test_payment_table_cell(han, fu):
    b = min(fu * 2 ** (han + 2), 2000)
    lim = limit_for(han, fu, 0, R)
    assert lim.base_points == b
    assert win_payments(b, "south", "ron", "west", 0, 0, R).points == ceil100(4 * b)
    assert win_payments(b, "east", "ron", "west", 0, 0, R).points == ceil100(6 * b)
    nd = amounts(win_payments(b, "south", "tsumo", None, 0, 0, R))
    assert nd == {"east": (ceil100(2 * b), 0), "west": (ceil100(b), 0), "north": (ceil100(b), 0)}
    d = amounts(win_payments(b, "east", "tsumo", None, 0, 0, R))
    assert set(d.values()) == {(ceil100(2 * b), 0)}


@pytest.mark.parametrize("han, nd_ron, nd_tsumo, d_ron, d_tsumo", [
    pytest.param(5, 8000, (2000, 4000), 12000, 4000, id="mangan"),
    pytest.param(6, 12000, (3000, 6000), 18000, 6000, id="haneman"),
    pytest.param(8, 16000, (4000, 8000), 24000, 8000, id="baiman"),
    pytest.param(11, 24000, (6000, 12000), 36000, 12000, id="sanbaiman"),
    pytest.param(13, 32000, (8000, 16000), 48000, 16000, id="kazoe-yakuman"),
])
def test_limit_payment_table(han, nd_ron, nd_tsumo, d_ron, d_tsumo):
    b = limit_for(han, 30, 0, R).base_points
    assert win_payments(b, "west", "ron", "north", 0, 0, R).points == nd_ron
    t = amounts(win_payments(b, "west", "tsumo", None, 0, 0, R))
    assert (t["south"][0], t["east"][0]) == nd_tsumo
    assert win_payments(b, "east", "ron", "north", 0, 0, R).points == d_ron
    assert {a for a, _ in amounts(win_payments(b, "east", "tsumo", None, 0, 0, R)).values()} == {d_tsumo}


@pytest.mark.parametrize("kazoe, limit, each, dealer, total", [
    pytest.param("yakuman", "kazoe_yakuman", 8000, 16000, 32000, id="8.3-4-kazoe-yakuman-8000-16000"),
    pytest.param("sanbaiman", "sanbaiman", 6000, 12000, 24000, id="8.3-4-sanbaiman-cap-6000-12000"),
])
def test_8_3_4_counted_yakuman_per_payer(kazoe, limit, each, dealer, total):
    # RULES §8.3-4 (the hand of §6.4-4, 14 han, South self-draws): "8,000 from each non-dealer and 16,000 from the
    # dealer (32,000); with sanbaiman_cap -> 6,000 / 12,000 (24,000)", through the whole scorer
    r = score_of("1122334455667s", "7s", riichi="riichi", by="tsumo", dora_indicators="1s", rules={"kazoe": kazoe})
    assert (r.han, r.limit) == (14, limit)
    assert amounts(r) == {"east": (dealer, 0), "west": (each, 0), "north": (each, 0)}
    assert r.points == total == dealer + 2 * each
    assert r.deltas == {"east": -dealer, "south": total, "west": -each, "north": -each}
