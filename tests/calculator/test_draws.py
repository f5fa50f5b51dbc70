"""Exhaustive draws, nagashi mangan and abortive draws: RULES.md §11.3, §12.3, §13.3, §14.4, §17.5."""
from __future__ import annotations

from dataclasses import replace

import pytest

from calculator.draws import ready_payments
from calculator.errors import InvalidHand
from calculator.rules import preset_rules
from calculator.settlement import Next, Outcome, Table, settle
from calculator.tiles import EAST

SEATS = ("east", "south", "west", "north")
EVEN = {s: 25000 for s in SEATS}


def run(outcome, preset="japanese_modern", honba=0, sticks=0, declared=(), **opts):
    return settle(Table(EVEN, honba, sticks, tuple(declared)), outcome, replace(preset_rules(preset), **opts))


def draw(ready=(), **kw):
    return Outcome("exhaustive_draw", ready=tuple(ready), **kw)


@pytest.mark.parametrize("ready, deltas, keeps", [
    pytest.param(["south"], {"east": -1000, "south": 3000, "west": -1000, "north": -1000}, False, id="one-ready"),
    pytest.param(["east", "north"], {"east": 1500, "south": -1500, "west": -1500, "north": 1500}, True,
                 id="two-ready"),
    pytest.param(["east", "south", "west"], {"east": 1000, "south": 1000, "west": 1000, "north": -3000}, True,
                 id="three-ready"),
    pytest.param([], {s: 0 for s in SEATS}, False, id="nobody-ready"),
    pytest.param(list(SEATS), {s: 0 for s in SEATS}, True, id="all-ready"),
])
def test_ready_payments(ready, deltas, keeps):
    s = run(draw(ready), honba=1, sticks=1)   # §12.3 examples 1-3
    assert s.deltas == deltas
    assert s.next == Next(2, 1, keeps)   # counter +1, sticks stay (§10, §11.1)


def test_two_ready_pairs_pay_750():
    assert sorted(ready_payments(["east", "north"], 3000)) == [
        ("south", "east", 750), ("south", "north", 750), ("west", "east", 750), ("west", "north", 750)]


def test_draw_passes_deal_japanese_classical_reading():
    assert not run(draw(["east"]), draw_dealer_keeps="never").next.dealer_keeps


def test_draw_without_ready_payments():
    assert run(draw(["south"]), draw_ready_payment=False).payments == ()


NAGASHI_S = draw(["north"], nagashi=("south",))


def test_nagashi_four_winds_is_a_win():
    # §13.3 examples 1-2: a self-drawn mangan with counters; no ready payments; the deal passes (S is not E)
    s = run(NAGASHI_S, honba=2, sticks=1)
    assert s.deltas == {"east": -4200, "south": 8600 + 1000, "west": -2200, "north": -2200}
    assert s.next == Next(0, 0, False) and sum(s.deltas.values()) + s.pool_change == 0


def test_nagashi_dealer():
    s = run(draw(nagashi=("east",)))   # §13.3 example 1, S as the dealer: 4,000 from each
    assert s.deltas["east"] == 12000 and s.next.dealer_keeps


def test_nagashi_tenhou_draw_bonus():
    s = run(NAGASHI_S, "tenhou", honba=2, sticks=1)   # §13.3 example 2: plain 4,000 / 2,000, counter rises
    assert s.deltas == {"east": -4000, "south": 8000, "west": -2000, "north": -2000}
    assert s.next == Next(3, 1, False)


def test_nagashi_with_own_call():
    # §13.3 example 3: S called a pung himself; Four Winds denies nagashi, Tenhou allows it
    out = draw(["south"], nagashi=("south",), melded=("south",))
    fw = run(out)
    assert "nagashi_denied_own_calls" in fw.notes and fw.deltas["south"] == 3000   # plain ready payment
    assert run(out, "tenhou").deltas["south"] == 8000


def test_nagashi_disabled():
    s = run(NAGASHI_S, "ema")
    assert "nagashi_not_in_rules" in s.notes and s.deltas["north"] == 3000


def test_two_nagashi_cancel_out_tenhou():
    s = run(draw(nagashi=("south", "west")), "tenhou")
    # each is paid as a separate mangan self-draw and pays the other's (Mahjong Soul's "cancelling")
    assert s.deltas == {"east": -8000, "south": 6000, "west": 6000, "north": -4000}


def test_noten_riichi_dealer_chombo_at_draw():
    # §17.5 example 2: E's riichi was not ready: E pays 4,000 to each, no ready payments
    s = run(draw(["south"], noten_riichi=("east",)), "ema", sticks=1, declared=("east",),
            penalty_chombo="reverse_mangan")
    assert s.deltas == {"east": -12000 + 1000, "south": 4000, "west": 4000, "north": 4000}
    assert s.next.riichi_sticks == 0


def test_noten_riichi_unpunished_under_tenhou():
    s = run(draw(["south"], noten_riichi=("east",)), "tenhou")
    assert s.deltas["south"] == 3000 and "faulty_ready_not_penalised" in s.notes


def test_noten_riichi_italian_fixed():
    s = run(draw(["south"], noten_riichi=("east",)), "italian", draw_ready_payment=True)
    assert s.forfeited == 1000 and s.deltas["east"] == -2000
    assert sum(s.deltas.values()) + s.pool_change + s.forfeited == 0


@pytest.mark.parametrize("reason", ["kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou"])
def test_abortive_tenhou(reason):
    s = run(Outcome("abortive_draw", reason=reason), "tenhou", honba=0, sticks=4)
    # §14.4 example 3: no payments, sticks stay, counter +1, the dealer keeps the deal
    assert s.payments == () and s.next == Next(1, 4, True)


def test_abortive_four_winds_replays_same_counter():
    assert run(Outcome("abortive_draw", reason="suucha_riichi"), honba=2, sticks=4).next == Next(2, 4, True)


@pytest.mark.parametrize("preset, tile, ok", [
    pytest.param("tenhou", EAST, True, id="winds-only-east"),
    pytest.param("tenhou", 8, False, id="winds-only-9m"),
    pytest.param("japanese_modern", 8, True, id="any-tile-9m"),
    pytest.param("ema", EAST, False, id="ema-off"),
])
def test_four_same_discards(preset, tile, ok):
    out = Outcome("abortive_draw", reason="suufon_renda", tile=tile)   # §14.4 example 2
    if ok:
        assert run(out, preset).next.dealer_keeps
    else:
        with pytest.raises(InvalidHand):
            run(out, preset)


@pytest.mark.parametrize("preset", ["ema", "wrc"])
def test_no_abortive_draws_in_tournament_rules(preset):
    for reason in ("kyuushu_kyuuhai", "suucha_riichi", "suukaikan", "sanchahou"):
        with pytest.raises(InvalidHand):
            run(Outcome("abortive_draw", reason=reason), preset)


def test_riichi_sticks_returned_when_pool_not_kept():
    s = run(draw(["south"]), sticks=3, declared=("south", "west"), riichi_pool_keep_on_draw=False)
    assert s.next.riichi_sticks == 1 and s.pool_change == -2000


@pytest.mark.parametrize("keeps, increments, want", [(True, True, 3), (True, False, 2), (False, True, 0)])
def test_taiwanese_draw_continuation(keeps, increments, want):
    s = run(draw(["south"]), "taiwanese_16", honba=2, tw_draw_keeps_continuation=keeps,
            tw_draw_increments_counter=increments)
    assert s.next.dealer_keeps and s.next.honba == want and s.payments == ()
