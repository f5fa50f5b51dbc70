"""RULES.md §6-§11, §18-§19 worked examples with their exact numbers, and every scoring option on
and off (the same hand, two answers)."""
from typing import NamedTuple

import pytest

from calculator.core.errors import InvalidHand
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


# --- every option on and off: the same hand, two answers, each worked out from RULES.md ---
#
# Each row: option, its "off" value and answer, its "on" value and answer, the hand. Answers are Win(han, fu,
# points, ...), NoWin(reason) or Invalid(issue code). Unless a row says otherwise the winner is South (a
# non-dealer) in an East round, winning by ron from North, under the japanese_modern defaults (no ura, kong or
# red dora). The arithmetic is in the comment above each row: b = fu x 2^(han+2) (§8.1); a non-dealer ron pays
# 4b, a dealer ron 6b, a non-dealer self-draw b from each non-dealer and 2b from the dealer, every payment
# rounded up to 100 (§9.1). `points` is the hand's value without counters and sticks; `gain` is the winner's
# delta, given where an option changes only counters or sticks (§10, §11).

class Win(NamedTuple):
    han: int
    fu: int | None              # None: a yakuman hand, whose fu play no part in its value (§7.1, §8.1)
    points: int
    limit: str | None = None
    ids: frozenset | None = None  # yaku / yakuman ids, where they are what the option changes
    gain: int | None = None


class NoWin(NamedTuple):
    reason: str


class Invalid(NamedTuple):
    code: str


def check(expected, kw):
    try:
        r = score_of(**kw)
    except InvalidHand as e:
        assert Invalid(e.issues[0].code) == expected, [i.code for i in e.issues]
        return
    if isinstance(expected, NoWin):
        assert (r.is_win, r.reasons) == (False, (expected.reason,))
        return
    assert isinstance(expected, Win), f"expected {expected}, got a result: {r}"
    assert r.is_win, r.reasons
    got = Win(r.han, None if expected.fu is None else r.fu, r.points, r.limit,
              None if expected.ids is None else frozenset(ids(r)),
              None if expected.gain is None else r.deltas["south"])
    assert got == expected


def S(*names):
    return frozenset(names)


P = dict(hand=PINFU[0], win=PINFU[1])              # pinfu + tanyao, 2 han 30 fu (20 + 10 closed ron)
OT = dict(hand=OPEN_TANYAO[0], win=OPEN_TANYAO[1], melds=OPEN_TANYAO[2])   # open tanyao, 1 han 30 fu (§7.3-1)
DAISUUSHII = dict(hand="111z222z333z444z5m", win="5m")      # four concealed wind pungs, 5m pair wait
DAISANGEN_TSUUIISOU = dict(hand="555z666z777z11z22z", win="1z")   # ron on the shanpon: 111z counts open
KAZOE_27 = dict(hand="2223344455566s", win="6s", riichi="double_riichi", by="tsumo", ippatsu=True, haitei=True,
                dora_indicators="1s2s3s4s5s", rules={"kan_dora": "immediate"})
RED_DORA = dict(hand="234067m234p67s55s", win="8s", dora_indicators="0m")
RINSHAN = dict(hand="234m456p678s5s", win="5s", melds=("kan 2222p",), by="tsumo", rinshan=True)

OPTIONS = [
    # pinfu + tanyao = 2 han 30 fu, b 480, 4b = 1,920 -> 2,000; with a 3-han minimum it is too small (§6.1)
    ("min_han", 2, Win(2, 30, 2000), 3, NoWin("below_minimum_han"), P),
    # §6.4-3, §7.3-1, §19: 1 han 30 fu -> 1,000; without open tanyao no yaku
    ("open_tanyao", True, Win(1, 30, 1000, ids=S("tanyao")), False, NoWin("no_yaku"), OT),
    # §6.3 yaku.renhou: none = the flag adds nothing (pinfu + tanyao, 2,000); mangan = a fixed mangan, not
    # added to other yaku (EMA): 8,000 and renhou alone; mangan_cumulative = a 5-han yaku added to pinfu and
    # tanyao (WRC): 7 han haneman 12,000; yakuman: 32,000
    ("renhou", "none", Win(2, 30, 2000, ids=S("pinfu", "tanyao")),
     "mangan", Win(5, 30, 8000, "mangan", S("renhou")), dict(P, renhou=True)),
    ("renhou", "mangan", Win(5, 30, 8000, "mangan", S("renhou")),
     "mangan_cumulative", Win(7, 30, 12000, "haneman", S("renhou", "pinfu", "tanyao")), dict(P, renhou=True)),
    ("renhou", "mangan_cumulative", Win(7, 30, 12000, "haneman", S("renhou", "pinfu", "tanyao")),
     "yakuman", Win(13, None, 32000, "yakuman", S("renhou_yakuman")), dict(P, renhou=True)),
    # §6.3 double_yakuman_patterns, §8.1 8,000 x n: a non-dealer ron yakuman is 32,000, a double one 64,000
    ("double_yakuman", [], Win(13, None, 32000, "yakuman", S("suuankou_tanki")),
     ["suuankou_tanki"], Win(26, None, 64000, "yakuman", S("suuankou_tanki")),
     dict(hand="111m222p333s444s5m", win="5m")),
    ("double_yakuman", [], Win(13, None, 32000, "yakuman", S("kokushi_musou_13")),
     ["kokushi_musou_13"], Win(26, None, 64000, "yakuman", S("kokushi_musou_13")),
     dict(hand="19m19p19s1234567z", win="1m")),
    ("double_yakuman", [], Win(13, None, 32000, "yakuman", S("junsei_chuuren_poutou")),
     ["junsei_chuuren_poutou"], Win(26, None, 64000, "yakuman", S("junsei_chuuren_poutou")),
     dict(hand="1112345678999m", win="5m")),
    # daisuushii is also a single-wait suuankou; stacking (default) adds them: 2 x 32,000, or 3 x with
    # daisuushii doubled
    ("double_yakuman", [], Win(26, None, 64000, "yakuman", S("daisuushii", "suuankou_tanki")),
     ["daisuushii"], Win(39, None, 96000, "yakuman", S("daisuushii", "suuankou_tanki")), DAISUUSHII),
    # daisangen + tsuuiisou (no suuankou: the ron-completed 111z is open, §6.1): stacked 64,000, else one
    # yakuman, 32,000 (which of the two is kept is not a rule, so ids are not checked)
    ("yakuman_stacking", True, Win(26, None, 64000, "yakuman", S("daisangen", "tsuuiisou")),
     False, Win(13, None, 32000, "yakuman"), DAISANGEN_TSUUIISOU),
    # §8.2 limits.max_yakuman_multiple: both yakuman are found, the payment stops at one
    ("max_yakuman_multiple", 0, Win(26, None, 64000, "yakuman", S("daisangen", "tsuuiisou")),
     1, Win(26, None, 32000, "yakuman", S("daisangen", "tsuuiisou")), DAISANGEN_TSUUIISOU),
    # §9.3-3: dealer, riichi + pinfu + tanyao + dora 2m = 4 han 30 fu, b 1,920, 6b = 11,520 -> 11,600;
    # kiriage: mangan, 12,000
    ("kiriage_mangan", False, Win(4, 30, 11600, None), True, Win(4, 30, 12000, "mangan"),
     dict(P, seat="east", riichi="riichi", dora_indicators="1m")),
    # §6.4-4, §8.3-4: 14 han pinfu tsumo (20 fu): kazoe yakuman 8,000 + 8,000 + 16,000; capped 6,000 x 2 + 12,000
    ("kazoe", "yakuman", Win(14, 20, 32000, "kazoe_yakuman"), "sanbaiman", Win(14, 20, 24000, "sanbaiman"),
     dict(hand="1122334455667s", win="7s", riichi="riichi", by="tsumo", dora_indicators="1s")),
    # 222 33 444 555 666s by self-draw is suuankou (32,000); read 222 345 345 456 66s it has double riichi 2 +
    # ippatsu + tsumo + haitei + tanyao + iipeikou 1 each + chinitsu 6 = 13 han and 14 dora (dora 2s-6s, every
    # tile) = 27 han, 30 fu (20 + 2 tsumo + 4 concealed 222s, rounded). kazoe yakuman: 27 han is one yakuman,
    # no better than suuankou; kazoe none: 27 han = 2 x 13, a double yakuman, 16,000 + 16,000 + 32,000
    ("kazoe", "yakuman", Win(13, None, 32000, "yakuman", S("suuankou")),
     "none", Win(27, 30, 64000, "kazoe_yakuman"), KAZOE_27),
    # §7.3-4: dealer, riichi: 20 + 10 + 8 (999p) + double East pair 4 = 42 -> 50 fu, b 400, 6b = 2,400;
    # with 2: 40 fu, b 320, 6b = 1,920 -> 2,000
    ("double_wind_pair_fu", 4, Win(1, 50, 2400), 2, Win(1, 40, 2000),
     dict(hand="234m567s999p11z34s", win="5s", seat="east", riichi="riichi")),
    # §7.1, §7.2: open hand with nothing beyond the base: raised to 30 (1,000) or left at 20 (b 160, 640 -> 700)
    ("open_pinfu_fu", 30, Win(1, 30, 1000), 20, Win(1, 20, 700), OT),
    # §7.2 fu.pinfu_tsumo: 20 = pinfu + tanyao + tsumo, 3 han 20 fu, b 640: 1,300 + 700 + 700 = 2,700;
    # 30 = no pinfu on a self-draw: tanyao + tsumo, 2 han, 20 + 2 -> 30 fu, b 480: 1,000 + 500 + 500 = 2,000
    ("pinfu_tsumo_fu", 20, Win(3, 20, 2700, ids=S("pinfu", "tanyao", "menzen_tsumo")),
     30, Win(2, 30, 2000, ids=S("tanyao", "menzen_tsumo")), dict(P, by="tsumo")),
    # rinshan + open tanyao = 2 han; 20 + 8 (open 2222p kong) + 2 (5s pair wait) + 2 tsumo = 32 -> 40 fu, b 640:
    # 1,300 + 700 + 700 = 2,700; without the tsumo fu 30 fu, b 480: 1,000 + 500 + 500 = 2,000
    ("rinshan_tsumo_fu", True, Win(2, 40, 2700), False, Win(2, 30, 2000), RINSHAN),
    # §7.3-5: 2 han 25 fu, b 400 -> 1,600; old rules: 1 han 50 fu, b 400 -> 1,600 too
    ("chiitoitsu_fu", 25, Win(2, 25, 1600, ids=S("chiitoitsu")), 50, Win(1, 50, 1600, ids=S("chiitoitsu")),
     dict(hand="1133m5577p22s667z", win="7z")),
    # §10.3-4: open tanyao (1 han, 1,000 + 5 x 300 counters) is below the two-han minimum once Ryan Shi
    # applies (5 counters, threshold 5, no other count given so the counters are read)
    ("ryan_shi", False, Win(1, 30, 1000, gain=2500), True, NoWin("below_minimum_han"),
     dict(OT, honba=5, dora_indicators="4m")),
    ("ryan_shi_threshold", 5, Win(1, 30, 1000, gain=1900), 3, NoWin("below_minimum_han"),
     dict(OT, honba=3, dora_indicators="4m", rules={"ryan_shi": True})),
    ("ryan_shi_basis", "counters", NoWin("below_minimum_han"), "consecutive_draws",
     Win(1, 30, 1000, gain=2500), dict(OT, honba=5, consecutive_draws=1, rules={"ryan_shi": True})),
    ("ryan_shi_basis", "counters", NoWin("below_minimum_han"), "dealer_extra_hands",
     Win(1, 30, 1000, gain=2500), dict(OT, honba=5, dealer_extra_hands=0, rules={"ryan_shi": True})),
    # §10.1-2: one counter on a 2,000 ron: + 300 (or 1,500 basengo); dealer_only pays none to South
    ("honba_per_stick_total", 300, Win(2, 30, 2000, gain=2300), 1500, Win(2, 30, 2000, gain=3500),
     dict(P, honba=1)),
    ("honba_paid_to", "any_winner", Win(2, 30, 2000, gain=2300), "dealer_only", Win(2, 30, 2000, gain=2000),
     dict(P, honba=1)),
    # §11.1: one stick on the table goes to the winner
    ("riichi_stick_value", 1000, Win(2, 30, 2000, gain=3000), 500, Win(2, 30, 2000, gain=2500),
     dict(P, riichi_sticks=1)),
    # §18: indicator 1p -> dora 2p, one in 234p: 3 han 30 fu, b 960 -> 3,900; without it 2,000
    ("dora_indicator", True, Win(3, 30, 3900), False, Win(2, 30, 2000), dict(P, dora_indicators="1p")),
    # second indicator 1p (the first, 1z -> 2z, hits nothing) counts only with kong dora
    ("kan_dora", "off", Win(2, 30, 2000), "immediate", Win(3, 30, 3900), dict(P, dora_indicators="1z1p")),
    ("kan_dora", "off", Win(2, 30, 2000), "closed_immediate_open_after_discard", Win(3, 30, 3900),
     dict(P, dora_indicators="1z1p")),
    # riichi + pinfu + tanyao (3,900); one ura dora 2p makes 4 han 30 fu, b 1,920 -> 7,680 -> 7,700
    ("ura_dora", False, Win(3, 30, 3900), True, Win(4, 30, 7700),
     dict(P, riichi="riichi", ura_dora_indicators="1p")),
    ("kan_ura_dora", False, Win(3, 30, 3900), True, Win(4, 30, 7700),
     dict(P, riichi="riichi", ura_dora_indicators="1z1p", rules={"ura_dora": True})),
    # a red 5m in hand and another as the indicator: two red 5m need two per suit; then pinfu + tanyao + dora
    # 6m + red five = 4 han 30 fu -> 7,700
    ("red_fives", [1, 1, 1], Invalid("too_many_red_fives"),
     [2, 1, 1], Win(4, 30, 7700, ids=S("pinfu", "tanyao", "dora", "aka_dora")), RED_DORA),
    # one red 5m: pinfu + tanyao + red five = 3 han 30 fu -> 3,900; with no red fives in the set it is a plain 5m
    ("red_fives", [1, 1, 1], Win(3, 30, 3900, ids=S("pinfu", "tanyao", "aka_dora")),
     [0, 0, 0], Win(2, 30, 2000, ids=S("pinfu", "tanyao")), dict(hand="234067m234p67s55s", win="8s")),
]


@pytest.mark.parametrize("option, a, want_a, b, want_b, case", OPTIONS,
                         ids=[f"{o}-{a}-vs-{b}".replace(" ", "") for o, a, _, b, _, _ in OPTIONS])
def test_option_changes_the_answer(option, a, want_a, b, want_b, case):
    case = dict(case)
    base = case.pop("rules", {})
    assert want_a != want_b   # the row really shows the option at work
    check(want_a, dict(case, rules={**base, option: a}))
    check(want_b, dict(case, rules={**base, option: b}))


def test_red_five_limit_counts_per_suit():
    # two red 5m are legal only when the rules have two per suit
    kw = dict(hand="234678m234p67s00m", win="8s", rules={"red_fives": [2, 1, 1]})
    assert dict(score_of(**kw).yaku)["aka_dora"] == 2
    with pytest.raises(InvalidHand):
        score_of(**{**kw, "rules": {"red_fives": [1, 1, 1]}})
