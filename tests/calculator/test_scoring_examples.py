"""RULES.md §6-§11, §18-§19 worked examples with their exact numbers, and every scoring option on
and off (the same hand, two answers)."""
import pytest

from calculator.errors import InvalidHand
from tests.score_helpers import ids, score_of

PINFU = ("234567m234p67s55s", "8s")
OPEN_TANYAO = ("456p678s55s45p", "3p", ("chi 234m",))


def paid(result):
    return {p.from_seat: p.amount + p.honba for p in result.payments}


# --- §6.4 ---

def test_6_4_1_riichi_pinfu_tanyao():
    r = score_of(*PINFU, riichi="riichi")
    assert (r.han, r.fu) == (3, 30) and ids(r) == {"riichi", "pinfu", "tanyao"}


def test_6_4_2_self_draw_pinfu_20_fu():
    r = score_of(*PINFU, riichi="riichi", by="tsumo")
    assert (r.han, r.fu) == (4, 20) and "menzen_tsumo" in ids(r)


@pytest.mark.parametrize("open_tanyao, win, han", [(True, True, 1), (False, False, None)],
                         ids=["open-tanyao-on", "open-tanyao-off-no-yaku"])
def test_6_4_3_and_19_open_tanyao(open_tanyao, win, han):
    r = score_of(*OPEN_TANYAO, rules={"open_tanyao": open_tanyao})
    assert r.is_win is win
    if win:
        assert (r.han, r.fu, r.points) == (1, 30, 1000)
    else:
        assert r.reasons == ("no_yaku",)


@pytest.mark.parametrize("kazoe, points, limit", [("yakuman", 32000, "kazoe_yakuman"), ("sanbaiman", 24000, "sanbaiman")])
def test_6_4_4_and_8_3_4_counted_yakuman(kazoe, points, limit):
    r = score_of("1122334455667s", "7s", riichi="riichi", by="tsumo", dora_indicators="1s", rules={"kazoe": kazoe})
    assert r.han == 14 and r.limit == limit and r.points == points
    assert dict(r.yaku) == {"menzen_tsumo": 1, "riichi": 1, "pinfu": 1, "ryanpeikou": 3, "chinitsu": 6, "dora": 2}


def test_19_concealed_same_tiles_pinfu_tanyao_either_way():
    for flag in (True, False):
        r = score_of("234m456p678s55s45p", "3p", rules={"open_tanyao": flag})
        assert ids(r) == {"pinfu", "tanyao"}


# --- §7.3 ---

def test_7_3_1_open_pinfu_shape_30_fu():
    r = score_of(*OPEN_TANYAO)
    assert (r.fu, r.points) == (30, 1000)
    assert [(i.reason, i.fu) for i in r.fu_breakdown] == [("base", 20), ("open_minimum", 10)]


def test_7_3_2_closed_terminal_pung_and_kanchan():
    r = score_of("111m234p678s55s57p", "6p", riichi="riichi")
    assert (r.han, r.fu, r.points) == (1, 40, 1300)
    assert sorted(i.reason for i in r.fu_breakdown) == sorted(
        ["base", "menzen_ron", "closed_pung_terminal_honour", "wait_kanchan"])


@pytest.mark.parametrize("by, han, fu, pay", [
    ("ron", 1, 40, {"north": 1300}),
    ("tsumo", 2, 30, {"east": 1000, "south": 500, "north": 500}),
])
def test_7_3_3_ron_pung_is_open(by, han, fu, pay):
    r = score_of("234m456p678s22z55z", "5z", seat="west", rnd="east", by=by)
    assert (r.han, r.fu) == (han, fu) and paid(r) == pay


@pytest.mark.parametrize("dwp, fu, points", [(4, 50, 2400), (2, 40, 2000)])
def test_7_3_4_double_wind_pair(dwp, fu, points):
    r = score_of("234m567s999p11z34s", "5s", seat="east", rnd="east", riichi="riichi",
                 rules={"double_wind_pair_fu": dwp})
    assert (r.fu, r.points) == (fu, points)


def test_7_3_5_seven_pairs():
    ron = score_of("1133m5577p22s667z", "7z")
    assert (ron.han, ron.fu, ron.points) == (2, 25, 1600)
    tsumo = score_of("1133m5577p22s667z", "7z", by="tsumo")
    assert (tsumo.han, paid(tsumo)) == (3, {"east": 1600, "west": 800, "north": 800})


def test_7_3_6_seventy_fu_capped_to_mangan():
    r = score_of("555p234m678s9m", "9m", ("ankan 2222z",), seat="south", rnd="east", riichi="riichi",
                 dora_indicators="3m")
    assert (r.fu, r.han, r.limit, r.points) == (70, 3, "mangan", 8000)
    assert dict(r.yaku) == {"riichi": 1, "seat_wind": 1, "dora": 1}


# --- §9.3, §8.3 ---

def test_9_3_1_and_2():
    assert score_of(*PINFU, riichi="riichi", discarder="west").points == 3900
    r = score_of(*PINFU, riichi="riichi", by="tsumo")
    assert paid(r) == {"east": 2600, "west": 1300, "north": 1300} and r.points == 5200


@pytest.mark.parametrize("kiriage, points", [(False, 11600), (True, 12000)])
def test_9_3_3_and_8_3_2_kiriage(kiriage, points):
    r = score_of(*PINFU, seat="east", riichi="riichi", dora_indicators="1m", rules={"kiriage_mangan": kiriage})
    assert (r.han, r.fu, r.points) == (4, 30, points)


# --- §10.3 ---

def test_10_3_1_and_2_counters():
    r = score_of(*PINFU, riichi="riichi", discarder="west", honba=2)
    assert paid(r) == {"west": 4500} and r.deltas["south"] == 4500
    t = score_of(*PINFU, riichi="riichi", by="tsumo", honba=2)
    assert paid(t) == {"east": 2800, "west": 1500, "north": 1500} and t.deltas["south"] == 5800


def test_10_3_4_ryan_shi():
    on = {"ryan_shi": True, "ryan_shi_threshold": 5}
    assert score_of(*PINFU, honba=5, rules=on).is_win
    r = score_of(*OPEN_TANYAO, honba=5, dora_indicators="4m3s", rules={**on, "kan_dora": "immediate"})
    assert (r.is_win, r.reasons) == (False, ("below_minimum_han",))


# --- §11.3 ---

def test_11_3_1_sticks_to_the_winner():
    r = score_of(*PINFU, riichi="riichi", by="tsumo", riichi_sticks=2)
    assert r.deltas["south"] == 7200 and r.riichi_sticks_collected == 2000


def test_11_3_2_double_ron_tenhou_style():
    s = score_of("789m456s789s99m45p", "3p", seat="south", discarder="west", riichi="riichi",
                 dora_indicators="1m", preset="tenhou")
    assert (s.han, s.fu, s.points) == (2, 30, 2000)
    e = score_of("234m567s678p55s45p", "3p", seat="east", discarder="west", dora_indicators="1m",
                 honba=1, riichi_sticks=2, preset="tenhou")
    assert (e.han, e.fu, e.points) == (3, 30, 5800)
    assert paid(e) == {"west": 6100} and e.deltas["east"] == 8100


# --- §18.3 ---

def test_18_3_2_red_five_and_dora():
    r = score_of("234m406p678s55s78m", "9m", riichi="riichi", ippatsu=True, dora_indicators="4p",
                 ura_dora_indicators="1s", preset="tenhou")
    assert dict(r.yaku) == {"riichi": 1, "ippatsu": 1, "pinfu": 1, "dora": 1, "aka_dora": 1}
    assert (r.limit, r.points) == ("mangan", 8000)


def test_18_3_3_dora_are_not_yaku():
    r = score_of("234m456p55m78m", "6m", ("pon 999s",), dora_indicators="8s")
    assert (r.is_win, r.reasons) == (False, ("no_yaku",))


# --- every option on and off: the same hand, two answers ---

def summary(**kw):
    try:
        r = score_of(**kw)
    except InvalidHand as e:
        return ("invalid", tuple(i.code for i in e.issues))
    return (r.is_win, r.reasons, r.han, r.fu, r.points, tuple(r.yaku), tuple(r.yakuman), r.deltas)


P = dict(hand=PINFU[0], win=PINFU[1])
OT = dict(hand=OPEN_TANYAO[0], win=OPEN_TANYAO[1], melds=OPEN_TANYAO[2])
OPTIONS = [
    ("min_han", 2, 3, P),
    ("open_tanyao", True, False, OT),
    ("renhou", "none", "mangan", dict(P, renhou=True)),
    ("renhou", "mangan", "mangan_cumulative", dict(P, renhou=True)),
    ("renhou", "mangan_cumulative", "yakuman", dict(P, renhou=True)),
    ("double_yakuman", [], ["suuankou_tanki"], dict(hand="111m222p333s444s5m", win="5m")),
    ("double_yakuman", [], ["kokushi_musou_13"], dict(hand="19m19p19s1234567z", win="1m")),
    ("double_yakuman", [], ["junsei_chuuren_poutou"], dict(hand="1112345678999m", win="5m")),
    ("double_yakuman", [], ["daisuushii"], dict(hand="111z222z333z444z5m", win="5m")),
    ("yakuman_stacking", True, False, dict(hand="555z666z777z11z22z", win="1z")),
    ("max_yakuman_multiple", 0, 1, dict(hand="555z666z777z11z22z", win="1z")),
    ("kiriage_mangan", False, True, dict(P, seat="east", riichi="riichi", dora_indicators="1m")),
    ("kazoe", "yakuman", "sanbaiman", dict(hand="1122334455667s", win="7s", riichi="riichi", by="tsumo",
                                           dora_indicators="1s")),
    ("kazoe", "yakuman", "none", dict(hand="2223344455566s", win="6s", riichi="double_riichi", by="tsumo",
                                      ippatsu=True, haitei=True, dora_indicators="1s2s3s4s5s",
                                      rules={"kan_dora": "immediate"})),
    ("double_wind_pair_fu", 4, 2, dict(hand="234m567s999p11z34s", win="5s", seat="east", riichi="riichi")),
    ("open_pinfu_fu", 30, 20, OT),
    ("pinfu_tsumo_fu", 20, 30, dict(P, by="tsumo")),
    ("rinshan_tsumo_fu", True, False, dict(hand="234m456p678s5s", win="5s", melds=("kan 2222p",), by="tsumo",
                                           rinshan=True)),
    ("chiitoitsu_fu", 25, 50, dict(hand="1133m5577p22s667z", win="7z")),
    ("ryan_shi", False, True, dict(OT, honba=5, dora_indicators="4m")),
    ("ryan_shi_threshold", 5, 3, dict(OT, honba=3, dora_indicators="4m", rules={"ryan_shi": True})),
    ("ryan_shi_basis", "counters", "consecutive_draws", dict(OT, honba=5, consecutive_draws=1,
                                                             rules={"ryan_shi": True})),
    ("ryan_shi_basis", "counters", "dealer_extra_hands", dict(OT, honba=5, dealer_extra_hands=0,
                                                              rules={"ryan_shi": True})),
    ("honba_per_stick_total", 300, 1500, dict(P, honba=1)),
    ("honba_paid_to", "any_winner", "dealer_only", dict(P, honba=1)),
    ("riichi_stick_value", 1000, 500, dict(P, riichi_sticks=1)),
    ("dora_indicator", True, False, dict(P, dora_indicators="1p")),
    ("kan_dora", "off", "immediate", dict(P, dora_indicators="1z1p")),
    ("kan_dora", "off", "closed_immediate_open_after_discard", dict(P, dora_indicators="1z1p")),
    ("ura_dora", False, True, dict(P, riichi="riichi", ura_dora_indicators="1p")),
    ("kan_ura_dora", False, True, dict(P, riichi="riichi", ura_dora_indicators="1z1p", rules={"ura_dora": True})),
    ("red_fives", [1, 1, 1], [2, 1, 1], dict(hand="234067m234p67s55s", win="8s", dora_indicators="0m")),
    ("red_fives", [1, 1, 1], [0, 0, 0], dict(hand="234067m234p67s55s", win="8s")),
]


@pytest.mark.parametrize("option, a, b, case", OPTIONS,
                         ids=[f"{o}-{a}-vs-{b}".replace(" ", "") for o, a, b, _ in OPTIONS])
def test_option_changes_the_answer(option, a, b, case):
    case = dict(case)
    base = case.pop("rules", {})
    first = summary(**case, rules={**base, option: a})
    second = summary(**case, rules={**base, option: b})
    assert first != second


def test_red_five_limit_counts_per_suit():
    # two red 5m are legal only when the rules have two per suit
    kw = dict(hand="234678m234p67s00m", win="8s", rules={"red_fives": [2, 1, 1]})
    assert dict(score_of(**kw).yaku)["aka_dora"] == 2
    with pytest.raises(InvalidHand):
        score_of(**{**kw, "rules": {"red_fives": [1, 1, 1]}})
