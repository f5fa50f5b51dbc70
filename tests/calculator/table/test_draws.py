"""Exhaustive draws, nagashi mangan and abortive draws: RULES.md §11.3, §12.3, §13.3, §14.4, §17.5.

With the rivers, the first tiles or the kongs, the client's nagashi and abortive-draw claims are checked,
also on the committed real Tenhou draws (tests/cases/real_draws_sample.jsonl)."""
from __future__ import annotations

import os
from dataclasses import replace

import pytest

from calculator.table.draws import abortive_issues, ready_payments
from calculator.core.errors import InvalidHand
from calculator.furiten.permission import Discard
from calculator.core.notation import parse_tiles
from calculator.rules import preset_rules
from calculator.table.model import Next, Outcome, Table
from calculator.table.settle import settle
from calculator.core.tiles import EAST
from tests.paths import CASES
from tests.real_hands import records, shared_records

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


# --- the client's claims checked when the request carries the evidence -----------------------------------

S_RIVER = tuple(Discard(parse_tiles(t)[0][0]) for t in "1m 9p 1z 5z 9s 7z 1p 4z 9m 3z 6z 1s".split())   # §13.3 ex. 1


@pytest.mark.parametrize("river, note, south", [
    pytest.param(S_RIVER, None, 8000, id="13.3-1-nagashi"),
    pytest.param(tuple(d._replace(called=i == 1) for i, d in enumerate(S_RIVER)), "nagashi_denied_claimed_discard",
                 -1000, id="13.3-3-9p-claimed-by-west"),
    pytest.param(S_RIVER[:-1] + (Discard(22),), "nagashi_denied_simple_discard", -1000, id="a-5s-in-the-river"),
])
def test_nagashi_checked_against_the_river(river, note, south):
    s = run(draw(["north"], nagashi=("south",), discards=(("south", river),)))
    assert s.deltas["south"] == south and (note in s.notes if note else s.notes == ())


REAL = list(records(os.path.join(CASES, "real_draws_sample.jsonl")))


def wind(r, s):
    return SEATS[(s - r["dealer"]) % 4]


def every_seat_claims_nagashi(r):
    """Settle a real draw with all four seats claiming nagashi and their rivers given: the rivers alone
    decide, so Tenhou's own result must come out."""
    rivers = tuple((wind(r, s), tuple(Discard(parse_tiles(x["tile"])[0][0], x["called"]) for x in river))
                   for s, river in enumerate(r["discards"]))
    out = draw([wind(r, s) for s in r["tenpai_seats"] or []], nagashi=SEATS, discards=rivers)
    s = settle(Table({wind(r, i): r["scores_before"][i] for i in range(4)}, r["honba"], r["riichi_sticks"]), out,
               preset_rules("tenhou"))
    return s.deltas == {wind(r, i): r["deltas"][i] for i in range(4)}


@pytest.mark.parametrize("r", [r for r in REAL if "discards" in r],
                         ids=lambda r: f"{r['game_id'][-8:]}-{r['hand_index']}-{r['type']}")
def test_real_draw_with_every_seat_claiming_nagashi(r):
    assert every_seat_claims_nagashi(r)


def test_real_draws_full_with_every_seat_claiming_nagashi():
    rows = [r for r in shared_records("real_draws.jsonl.gz") if r["type"] in ("exhaustive", "nagashi_mangan")]
    assert len(rows) > 1000
    assert [(r["game_id"], r["hand_index"]) for r in rows if not every_seat_claims_nagashi(r)] == []


def first(tiles):
    return Outcome("abortive_draw", reason="kyuushu_kyuuhai", first_tiles=parse_tiles(tiles)[0])


@pytest.mark.parametrize("tiles, want", [
    pytest.param("129m138p459s12567z", [], id="14.4-1-nine-orphans"),
    pytest.param("129m138p459s1256z5m", ["abortive_draw_not_possible"], id="eight-orphans"),
    pytest.param("129m138p459s1256z", ["wrong_tile_count"], id="thirteen-tiles"),
    pytest.param("11111m999m1111p99p", ["too_many_copies"], id="a-fifth-1m"),
])
def test_nine_terminals_checked_against_the_first_tiles(tiles, want):
    assert [i.code for i in abortive_issues(first(tiles), preset_rules("japanese_modern"))] == want


@pytest.mark.parametrize("r", [r for r in REAL if r["type"] == "kyuushu_kyuuhai"],
                         ids=lambda r: f"{r['game_id'][-8:]}-{r['hand_index']}")
def test_real_nine_terminals_declarations(r):
    (hand,) = r["shown_hands"].values()   # the declarer's 14 tiles as Tenhou showed them
    assert run(first(hand), "tenhou", honba=r["honba"], sticks=r["riichi_sticks"]).next == \
        Next(r["honba"] + 1, r["riichi_sticks"], True)


@pytest.mark.parametrize("preset, kongs, want", [
    # §14.4 example 4: E two kongs, W a third, S a fourth; Four Winds ends the deal at S's declaration (no
    # counter for an abortive draw), Tenhou after S's discard (counter +1)
    pytest.param("japanese_modern", {"east": 2, "west": 1, "south": 1}, Next(2, 1, True), id="14.4-4-four-winds"),
    pytest.param("tenhou", {"east": 2, "west": 1, "south": 1}, Next(3, 1, True), id="14.4-4-tenhou"),
    pytest.param("japanese_modern", {"east": 4}, "abortive_draw_not_possible", id="four-by-one-player-go-on"),
    pytest.param("japanese_modern", {"east": 4, "north": 1}, Next(2, 1, True), id="fifth-kong-ends-the-deal"),
    pytest.param("tenhou", {"east": 2, "west": 1}, "abortive_draw_not_possible", id="three-kongs"),
    pytest.param("tenhou", {"east": 2, "west": 1, "south": 1}, Next(3, 1, True), id="tenhou-again"),
])
def test_four_kongs_checked_against_the_kongs(preset, kongs, want):
    out = Outcome("abortive_draw", reason="suukaikan", kongs=tuple(kongs.items()))
    if isinstance(want, str):
        with pytest.raises(InvalidHand) as err:
            run(out, preset, honba=2, sticks=1)
        assert [i.code for i in err.value.issues] == [want]
    else:
        s = run(out, preset, honba=2, sticks=1)
        assert s.payments == () and s.next == want
