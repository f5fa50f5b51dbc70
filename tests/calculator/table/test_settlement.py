"""Settlement of wins: counters, riichi pool, several winners, liability, chombo, Taiwanese bonuses.

Worked examples of RULES.md §10, §11, §15, §16, §17, §22 and the seeds' counter examples, with
the exact numbers those sections print.
"""
from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from calculator.core.errors import InvalidHand
from calculator.rules import Rules, preset_rules
from calculator.table.wins import han_fu_issues, pao_issues
from calculator.table.model import Outcome, Pao, Table, Win
from calculator.table.settle import settle
from tests.score_helpers import body
from intake.score import read_score
from tests.budget import examples

SEATS = ("east", "south", "west", "north")
EVEN = {s: 25000 for s in SEATS}


def run(outcome, preset="japanese_modern", honba=0, sticks=0, declared=(), claims=(), scores=None, **opts):
    rules = replace(preset_rules(preset), **opts)
    return settle(Table(scores or EVEN, honba, sticks, tuple(declared), tuple(claims)), outcome, rules)


def ron(discarder, *wins):
    return Outcome("ron", discarder, tuple(wins))


def tsumo(win):
    return Outcome("tsumo", None, (win,))


def paid(s, seat):
    """What `seat` paid in the settlement, as {receiver: amount}."""
    out = {}
    for it in s.payments:
        if it.from_seat == seat:
            out[it.to_seat] = out.get(it.to_seat, 0) + it.amount
    return out


def balanced(s):
    return sum(s.deltas.values()) + s.pool_change + s.forfeited == 0


# --- §10 counters -------------------------------------------------------------------------------------

def test_counters_ron_two_sticks():
    s = run(ron("west", Win("south", 3, 30)), honba=2)   # §10.3 example 1
    assert paid(s, "west") == {"south": 4500}
    assert s.next.honba == 0 and not s.next.dealer_keeps


def test_counters_tsumo_two_sticks():
    s = run(tsumo(Win("south", 4, 20)), honba=2)         # §10.3 example 2
    assert [paid(s, x)["south"] for x in ("east", "west", "north")] == [2800, 1500, 1500]


@pytest.mark.parametrize("keep, preset, want", [
    pytest.param(True, "japanese_modern", 2, id="four-winds-keep"),
    pytest.param(False, "japanese_modern", 0, id="four-winds-reset"),
    pytest.param(True, "tenhou", 2, id="riichi-standard"),
])
def test_counter_after_dealer_win_then_passing_draw(keep, preset, want):
    # §10.3 example 3: E wins deal 1 (-> 1 stick); deal 2 drawn with E not ready, S deals next
    first = run(tsumo(Win("east", 2, 30)), preset, honba=0, honba_keep_when_deal_passes_after_draw=keep)
    assert first.next.honba == 1 and first.next.dealer_keeps
    second = run(Outcome("exhaustive_draw", ready=("south",)), preset, honba=first.next.honba,
                 honba_keep_when_deal_passes_after_draw=keep)
    assert not second.next.dealer_keeps and second.next.honba == want


@pytest.mark.parametrize("honba, loser_each, discarder", [
    pytest.param(1, 100, 300, id="first-extra-hand"),
    pytest.param(2, 200, 600, id="second-extra-hand"),
])
def test_seed_japanese_counter_example(honba, loser_each, discarder):
    # SEED-JM §4.5: each loser pays 100 per stick on a self-draw (300 in all); the discarder alone pays it all
    t = run(tsumo(Win("south", 1, 30)), honba=honba)
    assert sorted(it.amount for it in t.payments if it.reason == "honba") == [loser_each] * 3
    r = run(ron("north", Win("south", 1, 30)), honba=honba)
    assert [it.amount for it in r.payments if it.reason == "honba"] == [discarder]
    # "If there are multiple winners, the discarder pays each winner as he would be the sole winner."
    m = run(ron("north", Win("south", 1, 30), Win("west", 1, 30)), honba=honba)
    assert sorted((it.to_seat, it.amount) for it in m.payments if it.reason == "honba") == \
        [("south", discarder), ("west", discarder)]


def test_counters_dealer_only_rule():
    s = run(ron("west", Win("south", 3, 30)), honba=2, honba_paid_to="dealer_only")
    assert paid(s, "west") == {"south": 3900}


# --- §11 riichi pool and §15 several winners ----------------------------------------------------------

def test_pool_to_self_drawing_winner():
    # §11.3 example 1: one old stick plus S's own; S self-draws 4 han 20 fu
    s = run(tsumo(Win("south", 4, 20, riichi=True)), sticks=2, declared=("south",))
    assert s.deltas["south"] == 7200 and s.pool_change == -2000 and s.next.riichi_sticks == 0
    assert balanced(s)


DOUBLE = ron("west", Win("south", 2, 30, riichi=True), Win("east", 3, 30))   # §11.3 example 2


def test_double_ron_tenhou():
    s = run(DOUBLE, "tenhou", honba=1, sticks=2, declared=("south",))
    assert paid(s, "west") == {"east": 6100, "south": 2000}
    assert s.deltas == {"east": 8100, "south": 2000, "west": -8100, "north": 0}
    assert [w.winner for w in s.wins] == ["east", "south"]   # nearest to the discarder first
    assert s.next == type(s.next)(2, 0, True) and balanced(s)


def test_double_ron_ema():
    s = run(DOUBLE, "ema", honba=1, sticks=2, declared=("south",))
    assert paid(s, "west") == {"east": 6100, "south": 2300}
    assert paid(s, "pool") == {"east": 1000, "south": 1000}


def test_double_ron_four_winds_counter_to_each():
    s = run(DOUBLE, "japanese_modern", honba=1, sticks=2, declared=("south",))
    assert paid(s, "west") == {"east": 6100, "south": 2300}
    assert paid(s, "pool") == {"east": 2000}   # riichi_pool_multi_ron nearest_winner (RULES '?')


def test_double_ron_split_pool():
    s = run(DOUBLE, honba=1, sticks=3, riichi_pool_multi_ron="split")
    assert paid(s, "pool") == {"east": 2000, "south": 1000}


def test_head_bump():
    s = run(DOUBLE, "wrc", honba=1, sticks=2, declared=("south",))   # §15.3 example 2
    assert paid(s, "west") == {"east": 6100}
    assert paid(s, "pool") == {"east": 2000}
    assert [(w.winner, w.paid) for w in s.wins] == [("east", True), ("south", False)]
    assert "head_bump" in s.notes and s.next.dealer_keeps


@pytest.mark.parametrize("preset, want_keep", [("japanese_modern", True), ("ema", True)])
def test_triple_ron_pay_all(preset, want_keep):
    s = run(ron("north", Win("east", 1, 30), Win("south", 1, 30), Win("west", 1, 30)), preset)
    assert paid(s, "north") == {"east": 1500, "south": 1000, "west": 1000}
    assert s.next.dealer_keeps is want_keep


def test_triple_ron_abort_tenhou():
    s = run(ron("north", Win("east", 1, 30), Win("south", 1, 30), Win("west", 1, 30)), "tenhou", honba=1, sticks=1)
    assert s.payments == () and s.next == type(s.next)(2, 1, True) and "triple_ron_aborted" in s.notes


def test_dealer_keeps_only_if_nearest():
    out = ron("south", Win("west", 1, 30), Win("east", 1, 30))
    assert run(out).next.dealer_keeps is True
    assert run(out, multi_ron_dealer_keeps="if_dealer_nearest").next.dealer_keeps is False


# --- §16 liability --------------------------------------------------------------------------------------

DAISANGEN = Pao("east", "daisangen")


def test_pao_tsumo_liable_pays_all():
    s = run(tsumo(Win("south", 0, 0, 1, pao=DAISANGEN)), "tenhou", honba=1)   # §16.3 example 1
    assert paid(s, "east") == {"south": 32300} and paid(s, "west") == {} and paid(s, "north") == {}
    assert s.wins[0].liable == "east"


@pytest.mark.parametrize("preset, want", [
    pytest.param("ema", {"west": 16300, "east": 16000}, id="standard-split"),
    pytest.param("mahjong_soul", {"west": 16000, "east": 16300}, id="mahjong-soul-liable-pays-counters"),
    pytest.param("japanese_modern", {"west": 32300, "east": 0}, id="four-winds-insurance"),
])
def test_pao_ron_third_party(preset, want):
    s = run(ron("west", Win("south", 0, 0, 1, pao=DAISANGEN)), preset, honba=1)   # §16.3 example 2
    assert {x: paid(s, x).get("south", 0) for x in ("west", "east")} == want
    assert s.wins[0].liable == (None if want["east"] == 0 else "east")


def test_pao_ron_off_liable_player():
    s = run(ron("east", Win("south", 0, 0, 1, pao=DAISANGEN)), "ema", honba=1)   # §16.3 example 3
    assert paid(s, "east") == {"south": 32300}


def test_pao_dealer_winner():
    # §16.3 example 4 with the dealer winning and S liable: 48,000 from S on a self-draw, 24,000 + 24,000 on ron
    s = run(tsumo(Win("east", 0, 0, 1, pao=Pao("south", "daisangen"))), "ema")
    assert paid(s, "south") == {"east": 48000} and s.deltas["east"] == 48000
    s = run(ron("west", Win("east", 0, 0, 1, pao=Pao("south", "daisangen"))), "ema")
    assert paid(s, "south") == {"east": 24000} and paid(s, "west") == {"east": 24000}


@pytest.mark.parametrize("pao, opts, note", [
    pytest.param(Pao("east", "suukantsu"), {}, "pao_yakuman_not_in_rules", id="suukantsu-off"),
    pytest.param(Pao("east", "daisangen", open_kan_claim=True), {}, "pao_open_kong_claim_exempt", id="kong-claim"),
    pytest.param(Pao("east", "daisangen", no_choice=True), {"pao_no_choice_declaration": True},
                 "pao_no_choice_declared", id="no-choice"),
])
def test_pao_not_binding(pao, opts, note):
    s = run(tsumo(Win("south", 0, 0, 1, pao=pao)), **opts)
    assert note in s.notes and paid(s, "east") == {"south": 16000}


def test_pao_concerned_yakuman_only():
    win = Win("south", 0, 0, 2, pao=DAISANGEN, yakuman_ids=(("daisangen", 1), ("tsuuiisou", 1)))
    s = run(tsumo(win), "mahjong_soul")
    assert paid(s, "east") == {"south": 32000 + 16000} and paid(s, "west") == {"south": 8000}


# --- §17 penalties --------------------------------------------------------------------------------------

def test_chombo_reverse_mangan_returns_sticks():
    # §17.5 example 1 (riichi standard: the hand is replayed, stakes go back)
    s = run(Outcome("chombo", offender="west"), "ema", honba=1, sticks=2, declared=("north",),
            penalty_chombo="reverse_mangan")
    assert paid(s, "west") == {"east": 4000, "south": 2000, "north": 2000}
    assert paid(s, "pool") == {"north": 1000}
    assert s.next == type(s.next)(1, 1, True) and balanced(s)


def test_chombo_dealer_reverse_mangan_four_winds_keeps_sticks():
    s = run(Outcome("chombo", offender="east"), sticks=1, declared=("east",))
    assert paid(s, "east") == {"south": 4000, "west": 4000, "north": 4000}
    assert s.next.riichi_sticks == 1 and s.pool_change == 0


def test_chombo_european_half_limit():
    s = run(Outcome("chombo", offender="south"), "european_classical")   # §17.5 example 3
    assert paid(s, "south") == {"east": 1000, "west": 500, "north": 500}
    assert s.next.dealer_keeps   # S is not East: the deal stays
    assert not run(Outcome("chombo", offender="east"), "european_classical").next.dealer_keeps


def test_chombo_tournament_points():
    s = run(Outcome("chombo", offender="north"), "ema")
    assert s.deltas == {x: 0 for x in SEATS} and s.tournament_points == {"north": -20}


def test_false_claim_collected_by_winner():
    s = run(ron("west", Win("south", 3, 30)), claims=("north",))   # §17.5 example 4
    assert paid(s, "north") == {"south": 100}
    d = run(Outcome("exhaustive_draw", ready=("south",)), claims=("north",))
    assert [it for it in d.payments if it.reason == "false_claim"] == []
    assert "false_claims_not_paid_without_winner" in d.notes


# --- §22 Taiwanese ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("outcome, want", [
    pytest.param(tsumo(Win("east", tai=3)), {"south": 1100, "west": 1100, "north": 1100}, id="east-tsumo"),
    pytest.param(ron("west", Win("east", tai=3)), {"west": 1100}, id="east-ron"),
    pytest.param(tsumo(Win("south", tai=3)), {"east": 1100, "west": 600, "north": 600}, id="south-tsumo"),
    pytest.param(ron("east", Win("south", tai=3)), {"east": 1100}, id="south-ron-off-east"),
    pytest.param(ron("west", Win("south", tai=3)), {"west": 600}, id="south-ron-off-west"),
])
def test_taiwanese_examples(outcome, want):
    s = run(outcome, "taiwanese_16", honba=2)   # §22.3: E on his 2nd extra hand, 1 + 4 bonus tai
    got = {x: -d for x, d in s.deltas.items() if d < 0}
    assert got == want


@pytest.mark.parametrize("extra_hands, tai", [(1, 2), (2, 4), (3, 6)])
def test_seed_taiwanese_continuation_example(extra_hands, tai):
    # SEED-TW §4.3: 2 tai on the first extra hand, 4 on the second, 6 on the third
    s = run(ron("west", Win("east", tai=0)), "taiwanese_16", honba=extra_hands, tw_dealer_bonus_tai=0)
    assert [it.amount for it in s.payments if it.reason == "continuation_bonus"] == [100 * tai]


def test_taiwanese_liable_pays_for_all_losers():
    s = run(tsumo(Win("south", tai=3, pao=Pao("west", "daisangen"))), "taiwanese_16")
    assert paid(s, "west") == {"south": 600 + 600 + 700} and s.deltas["east"] == 0


# --- values given by hand that no hand can have -----------------------------------------------------------

@pytest.mark.parametrize("han, fu, yakuman, by, opts, want", [
    pytest.param(2, 33, 0, "tsumo", {}, "invalid_fu", id="2han-33fu-not-a-fu"),
    pytest.param(3, 15, 0, "ron", {}, "invalid_fu", id="15fu-below-20"),
    pytest.param(1, 150, 0, "ron", {}, "invalid_fu", id="150fu-above-140"),
    pytest.param(4, 140, 0, "ron", {}, None, id="140fu-three-closed-terminal-kongs"),
    pytest.param(0, 33, 1, "ron", {}, "invalid_fu", id="yakuman-with-33fu"),
    pytest.param(0, 0, 1, "ron", {}, None, id="yakuman-without-fu"),
    pytest.param(0, 30, 0, "ron", {}, "no_value", id="no-han-no-yakuman"),
    pytest.param(4, 0, 0, "ron", {}, "fu_required", id="4han-without-fu"),
    pytest.param(5, 0, 0, "ron", {}, None, id="mangan-without-fu"),
    pytest.param(1, 25, 0, "ron", {}, "impossible_han_fu", id="25fu-1han-ron"),
    pytest.param(2, 25, 0, "ron", {}, None, id="25fu-2han-ron-seven-pairs"),
    pytest.param(2, 25, 0, "tsumo", {}, "impossible_han_fu", id="25fu-2han-tsumo"),
    pytest.param(3, 25, 0, "tsumo", {}, None, id="25fu-3han-tsumo-seven-pairs-menzen-tsumo"),
    pytest.param(2, 25, 0, "ron", {"chiitoitsu_fu": 50}, "impossible_han_fu", id="25fu-with-chiitoitsu-50"),
    pytest.param(1, 20, 0, "tsumo", {}, "impossible_han_fu", id="20fu-1han-tsumo"),
    pytest.param(2, 20, 0, "tsumo", {}, None, id="20fu-2han-tsumo-pinfu-tsumo"),
    pytest.param(2, 20, 0, "tsumo", {"pinfu_tsumo_fu": 30}, "impossible_han_fu", id="20fu-tsumo-pinfu-tsumo-30"),
    pytest.param(2, 20, 0, "ron", {}, "impossible_han_fu", id="20fu-ron-open-pinfu-30"),
    pytest.param(1, 20, 0, "ron", {"open_pinfu_fu": 20}, None, id="20fu-1han-ron-open-pinfu-20"),
    pytest.param(1, 30, 0, "tsumo", {}, None, id="1han-30fu-tsumo"),
])
def test_han_fu_given_by_hand(han, fu, yakuman, by, opts, want):
    assert [i.code for i in han_fu_issues(han, fu, yakuman, by, replace(Rules(), **opts))] == ([want] if want else [])


@pytest.mark.parametrize("by, rinshan, want", [
    pytest.param("ron", None, ["pao_not_rinshan"], id="ron"),
    pytest.param("tsumo", None, [], id="tsumo"),
    pytest.param("tsumo", False, ["pao_not_rinshan"], id="full-hand-tsumo-not-rinshan"),
    pytest.param("tsumo", True, [], id="full-hand-rinshan"),
])
def test_rinshan_liability_needs_a_self_draw_on_the_replacement_tile(by, rinshan, want):
    assert [i.code for i in pao_issues(Pao("west", "rinshan_after_open_kong"), by, rinshan)] == want


def test_every_full_hand_that_is_not_a_win_is_listed():
    hands = [Win(seat, score_request=read_score(body("123m456p789s1357z", "2z", seat=seat,
                                                        discarder="west")).request) for seat in ("south", "north")]
    with pytest.raises(InvalidHand) as err:
        run(ron("west", *hands))
    assert [(i.code, i.field) for i in err.value.issues] == [("not_a_win", "outcome/wins/0"),
                                                             ("not_a_win", "outcome/wins/1")]


# --- properties -------------------------------------------------------------------------------------------

seat = st.sampled_from(SEATS)


@st.composite
def deals(draw):
    kind = draw(st.sampled_from(["ron", "tsumo", "exhaustive_draw", "abortive_draw", "chombo"]))
    if kind in ("ron", "tsumo"):
        n = 1 if kind == "tsumo" else draw(st.integers(1, 3))
        discarder = draw(seat)
        winners = draw(st.lists(st.sampled_from([s for s in SEATS if s != discarder or kind == "tsumo"]),
                                min_size=n, max_size=n, unique=True))
        wins = tuple(Win(w, draw(st.integers(1, 13)), draw(st.sampled_from([20, 30, 40, 70])), draw(st.integers(0, 2)),
                         riichi=draw(st.booleans()),
                         pao=draw(st.sampled_from([None, Pao(next(s for s in SEATS if s != w), "daisangen")])))
                     for w in winners)
        out = Outcome(kind, discarder if kind == "ron" else None, wins)
    elif kind == "exhaustive_draw":
        ready = tuple(draw(st.lists(seat, unique=True)))
        out = Outcome(kind, ready=ready, nagashi=tuple(draw(st.lists(seat, unique=True, max_size=2))),
                      noten_riichi=tuple(x for x in draw(st.lists(seat, unique=True, max_size=2)) if x not in ready))
    elif kind == "abortive_draw":
        out = Outcome(kind, reason=draw(st.sampled_from(["kyuushu_kyuuhai", "suucha_riichi"])))
    else:
        out = Outcome(kind, offender=draw(seat))
    sticks = draw(st.integers(0, 5))
    declared = tuple(draw(st.lists(seat, unique=True, max_size=min(sticks, 4))))
    # every faulty-ready penalty, the Italian fixed one (points forfeited to nobody) included
    penalty = draw(st.sampled_from([{}, {"riichi_faulty_ready_penalty": "fixed", "riichi_faulty_ready_amount": 1000},
                                    {"riichi_faulty_ready_penalty": "chombo"}]))
    return out, draw(st.integers(0, 8)), sticks, declared, draw(st.sampled_from(
        ["japanese_modern", "tenhou", "mahjong_soul", "ema", "wrc"])), penalty


@settings(max_examples=examples(100), deadline=None)
@given(deals())
def test_every_settlement_balances(deal):
    out, honba, sticks, declared, preset, penalty = deal
    try:
        s = run(out, preset, honba=honba, sticks=sticks, declared=declared, **penalty)
    except InvalidHand:
        return   # an abortive draw the preset does not have
    assert balanced(s)   # sum(deltas) + pool_change + forfeited == 0
    assert s.forfeited == (1000 * len(out.noten_riichi) if penalty.get("riichi_faulty_ready_penalty") == "fixed"
                           else 0)
    assert s.pool_change == (s.next.riichi_sticks - sticks) * 1000
    assert all(s.scores[x] == EVEN[x] + s.deltas[x] for x in SEATS)
    assert s.next.honba >= 0 and 0 <= s.next.riichi_sticks <= sticks
