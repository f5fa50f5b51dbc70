"""Fu (RULES.md §7.1): every group cell, pair, wait, the special cases and the rounding."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.score_helpers import score_of
from tests.budget import examples


def items(r):
    return {i.reason: i.fu for i in r.fu_breakdown}


# each hand: one group of interest; riichi makes closed hands legal wins
@pytest.mark.parametrize("hand, win, melds, reason, fu", [
    pytest.param("234m567p67s55s", "8s", ("pon 444p",), "open_pung_simple", 2, id="open-pung-simple-2"),
    pytest.param("234m567p67s55s", "8s", ("pon 111p",), "open_pung_terminal_honour", 4, id="open-pung-orphan-4"),
    pytest.param("444p234m567p67s55s", "8s", (), "closed_pung_simple", 4, id="closed-pung-simple-4"),
    pytest.param("999p234m567p67s55s", "8s", (), "closed_pung_terminal_honour", 8, id="closed-pung-orphan-8"),
    pytest.param("234m567p67s55s", "8s", ("kan 4444p",), "open_kan_simple", 8, id="open-kan-simple-8"),
    pytest.param("234m567p67s55s", "8s", ("kan 1111p",), "open_kan_terminal_honour", 16, id="open-kan-orphan-16"),
    pytest.param("234m567p67s55s", "8s", ("ankan 4444p",), "closed_kan_simple", 16, id="closed-kan-simple-16"),
    pytest.param("234m567p67s55s", "8s", ("ankan 1111p",), "closed_kan_terminal_honour", 32,
                 id="closed-kan-orphan-32"),
    pytest.param("234m567p67s55s", "8s", ("added 4444p",), "open_kan_simple", 8, id="added-kan-is-open"),
])
def test_group_fu(hand, win, melds, reason, fu):
    closed = all(m.startswith("ankan") for m in melds)
    # houtei (ron on the last discard) gives every hand, open or closed, a yaku
    r = score_of(hand, win, melds, houtei=True, riichi="riichi" if closed else "none")
    assert items(r)[reason] == fu
    assert r.is_win


@pytest.mark.parametrize("pair, seat, rnd, want", [
    pytest.param("55z", "south", "east", {"pair_dragon": 2}, id="dragon"),
    pytest.param("22z", "south", "east", {"pair_seat_wind": 2}, id="seat-wind"),
    pytest.param("11z", "south", "east", {"pair_round_wind": 2}, id="round-wind"),
    pytest.param("44z", "south", "east", {}, id="guest-wind"),
    pytest.param("11z", "east", "east", {"pair_seat_wind": 2, "pair_round_wind": 2}, id="double-wind-4"),
])
def test_pair_fu(pair, seat, rnd, want):
    r = score_of("234m567p67s" + pair + "234s", "8s", seat=seat, rnd=rnd, riichi="riichi")
    got = {k: v for k, v in items(r).items() if k.startswith("pair_")}
    assert got == want


@pytest.mark.parametrize("hand, win, wait", [
    pytest.param("234m567p68s55s234p", "7s", "wait_kanchan", id="kanchan"),
    pytest.param("234m567p12s55s234p", "3s", "wait_penchan", id="penchan"),
    pytest.param("234m567p678s234p5s", "5s", "wait_tanki", id="tanki"),
])
def test_wait_fu(hand, win, wait):
    assert items(score_of(hand, win, riichi="riichi"))[wait] == 2


def test_two_sided_and_shanpon_waits_give_nothing():
    r = score_of("234567m234p67s55s", "8s", riichi="riichi")
    assert not any(k.startswith("wait_") for k in items(r))
    r = score_of("234567m234p55s88s", "8s", riichi="riichi")
    assert not any(k.startswith("wait_") for k in items(r))


def test_highest_scoring_reading_is_chosen():
    # 111222333m: three concealed pungs (sanankou, 50 fu) or three identical chows (pinfu + iipeikou, 30 fu)
    r = score_of("111222333m45p99s", "6p", riichi="riichi")
    assert dict(r.yaku) == {"riichi": 1, "sanankou": 2} and r.fu == 50


def test_open_tsumo_gets_tsumo_fu():
    r = score_of("567p678s55s45p", "3p", ("chi 234m",), by="tsumo")
    assert items(r) == {"base": 20, "tsumo": 2, "rounding": 8} and r.fu == 30


def test_pinfu_tsumo_has_no_tsumo_fu():
    r = score_of("234567m234p67s55s", "8s", by="tsumo")
    assert items(r) == {"base": 20} and r.fu == 20


def test_chiitoitsu_is_flat_25():
    r = score_of("1133m5577p22s667z", "7z", riichi="riichi")
    assert [(i.reason, i.fu) for i in r.fu_breakdown] == [("chiitoitsu", 25)]


def test_kokushi_has_no_fu_items():
    r = score_of("19m19p19s1234567z", "1m")
    assert r.fu == 0 and r.fu_breakdown == ()


HANDS = st.sampled_from([
    ("234567m234p67s55s", "8s", ()), ("111m234p678s55s57p", "6p", ()), ("234m456p678s22z55z", "5z", ()),
    ("555p234m678s9m", "9m", ("ankan 2222z",)), ("456p678s55s45p", "3p", ("chi 234m",)),
    ("1133m5577p22s667z", "7z", ()), ("111m222p33s345m99s", "3s", ()), ("234m567s999p11z34s", "5s", ()),
])


@settings(max_examples=examples(60), deadline=None)
@given(HANDS, st.sampled_from(["ron", "tsumo"]), st.sampled_from(["east", "south"]), st.sampled_from(["east", "south"]))
def test_breakdown_sums_to_rounded_fu(hand, by, seat, rnd):
    h, w, melds = hand
    r = score_of(h, w, melds, by=by, seat=seat, rnd=rnd, riichi="none" if melds and melds[0].startswith("chi") else "riichi")
    if r.han is None:
        return
    assert sum(i.fu for i in r.fu_breakdown) == r.fu
    assert r.fu == 25 or r.fu % 10 == 0
