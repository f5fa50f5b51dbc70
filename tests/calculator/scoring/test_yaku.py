"""Every yaku and yakuman: a hand that has it and a near miss that does not (RULES.md §6.2)."""
import pytest

from calculator.scoring import yaku as yaku_mod
from calculator.scoring import yakuman as yakuman_mod
from tests.score_helpers import ids, score_of

PINFU = ("234567m234p67s55s", "8s")   # riichi, pinfu, tanyao by ron (RULES §6.4-1)
R = {"riichi": "riichi"}

# (id, (hand, win, melds, kwargs) that has it, (hand, win, melds, kwargs) that does not)
CASES = [
    ("menzen_tsumo", (*PINFU, (), {"by": "tsumo"}), (*PINFU, (), R)),
    ("riichi", (*PINFU, (), R), (*PINFU, (), {})),
    ("double_riichi", (*PINFU, (), {"riichi": "double_riichi"}), (*PINFU, (), R)),
    ("ippatsu", (*PINFU, (), {**R, "ippatsu": True}), (*PINFU, (), R)),
    ("chankan", (*PINFU, (), {"chankan": True}), (*PINFU, (), {})),
    ("rinshan_kaihou", ("234m456p678s5s", "5s", ("ankan 9999m",), {"by": "tsumo", "rinshan": True}),
     ("234m456p678s5s", "5s", ("ankan 9999m",), {"by": "tsumo"})),
    ("haitei", (*PINFU, (), {"by": "tsumo", "haitei": True}), (*PINFU, (), {"by": "tsumo"})),
    ("houtei", (*PINFU, (), {"houtei": True}), (*PINFU, (), {})),
    ("pinfu", (*PINFU, (), R), ("234567m234p68s55s", "7s", (), R)),
    ("tanyao", (*PINFU, (), R), ("123567m234p67s55s", "8s", (), R)),
    ("iipeikou", ("223344m567p67s55s", "8s", (), R), (*PINFU, (), R)),
    ("haku", ("234m567p678s22s55z", "5z", (), {}), ("234m567p678s22s66z", "6z", (), {"riichi": "riichi"})),
    ("hatsu", ("234m567p678s22s66z", "6z", (), {}), ("234m567p678s22s77z", "7z", (), {"riichi": "riichi"})),
    ("chun", ("234m567p678s22s77z", "7z", (), {}), ("234m567p678s22s55z", "5z", (), {"riichi": "riichi"})),
    ("seat_wind", ("234m567p678s22s22z", "2z", (), {"seat": "south"}),
     ("234m567p678s22s22z", "2z", (), {"seat": "west", **R})),
    ("round_wind", ("234m567p678s22s22z", "2z", (), {"seat": "west", "rnd": "south"}),
     ("234m567p678s22s22z", "2z", (), {"seat": "west", "rnd": "east", **R})),
    ("chiitoitsu", ("1133m5577p22s667z", "7z", (), {}), ("223344m667788p5s", "5s", (), {})),
    ("chanta", ("123m789p789s11z99m", "1z", (), {}), ("123m789p678s11z99m", "1z", (), {})),
    ("ittsu", ("123456789m23p55s", "4p", (), {}), ("123456m789s23p55s", "4p", (), R)),
    ("sanshoku_doujun", ("123m123p123s23m55s", "4m", (), {}), ("123m123p234s23m55s", "4m", (), R)),
    ("sanshoku_doukou", ("222m222p222s34m55z", "5m", (), {}), ("222m222p333s34m55z", "5m", (), {})),
    ("sankantsu", ("567m5p", "5p", ("kan 2222m", "kan 3333p", "ankan 4444s"), {}),
     ("567m5p", "5p", ("kan 2222m", "pon 333p", "ankan 4444s"), {})),
    ("toitoi", ("444s55z66z", "5z", ("pon 222m", "pon 333p"), {}),
     ("444s55z66z", "5z", ("pon 222m", "chi 345p"), {})),
    ("sanankou", ("111m222p333s45m99s", "3m", (), {}), ("111m222p33s345m99s", "3s", (), R)),
    ("shousangen", ("555z666z77z123m45p", "3p", (), {}), ("555z666z11z123m45p", "3p", (), {})),
    ("honroutou", ("111m999p111s22z33z", "2z", (), {}), ("111m999p123s22z33z", "2z", (), {})),
    ("ryanpeikou", ("223344m667788p5s", "5s", (), {}), ("223344m678p678s5s", "5s", (), {})),
    ("junchan", ("123m789p789s99m11s", "1s", (), {}), ("123m789p789s99m11z", "1z", (), {})),
    ("honitsu", ("123456789m11z22z", "1z", (), {}), ("123456789m11z22p", "1z", (), {})),
    ("chinitsu", ("223344567678m5m", "5m", (), {}), ("223344567m678p5m", "5m", (), {})),
    ("renhou", (*PINFU, (), {"renhou": True, "preset": "ema"}), (*PINFU, (), {"preset": "ema"})),
    ("dora", (*PINFU, (), {"dora_indicators": "1p"}), (*PINFU, (), {"dora_indicators": "9p"})),
    ("aka_dora", ("234067m234p67s55s", "8s", (), {"preset": "tenhou"}), (*PINFU, (), {"preset": "tenhou"})),
    ("ura_dora", (*PINFU, (), {**R, "preset": "tenhou", "ura_dora_indicators": "4s"}),
     (*PINFU, (), {**R, "preset": "tenhou", "ura_dora_indicators": "4z"})),
    # yakuman
    ("kokushi_musou", ("119m19p19s123456z", "7z", (), {}), ("119m19p19s123455z", "7z", (), {})),
    ("kokushi_musou_13", ("19m19p19s1234567z", "1m", (), {}), ("119m19p19s123456z", "7z", (), {})),
    ("suuankou", ("111m222p333s44s55m", "4s", (), {"by": "tsumo"}), ("111m222p333s44s55m", "4s", (), {})),
    ("suuankou_tanki", ("111m222p333s444s5m", "5m", (), {}), ("111m222p333s44s55m", "4s", (), {"by": "tsumo"})),
    ("daisangen", ("555z666z777z23m11p", "4m", (), {}), ("555z666z77z123m45p", "3p", (), {})),
    ("shousuushii", ("111z222z333z44z23m", "4m", (), {}), ("111z222z333z55z23m", "4m", (), {})),
    ("daisuushii", ("111z222z333z444z5m", "5m", (), {}), ("111z222z333z44z23m", "4m", (), {})),
    ("tsuuiisou", ("111z222z333z55z66z", "5z", (), {}), ("111z222z333z55z99m", "5z", (), {})),
    ("chinroutou", ("111m999m111p999p1s", "1s", (), {}), ("111m999m111p999p1z", "1z", (), {})),
    ("ryuuiisou", ("223344s666s888s6z", "6z", (), {}), ("223344s666s888s7z", "7z", (), {})),
    ("chuuren_poutou", ("1112345678899m", "9m", (), {}), ("1112345678899m", "1m", (), {})),
    ("junsei_chuuren_poutou", ("1112345678999m", "5m", (), {}), ("1112345678899m", "9m", (), {})),
    ("suukantsu", ("5m", "5m", ("kan 2222m", "kan 3333p", "ankan 4444s", "added 7777p"), {}),
     ("678m5m", "5m", ("kan 2222m", "kan 3333p", "ankan 4444s"), {})),
    ("tenhou", (*PINFU, (), {"by": "tsumo", "seat": "east", "tenhou": True}), (*PINFU, (), {"by": "tsumo", "seat": "east"})),
    ("chiihou", (*PINFU, (), {"by": "tsumo", "chiihou": True}), (*PINFU, (), {"by": "tsumo"})),
    ("renhou_yakuman", (*PINFU, (), {"renhou": True, "rules": {"renhou": "yakuman"}}),
     (*PINFU, (), {"renhou": True, "rules": {"renhou": "mangan"}})),
    # local yaku, each under its own option (tests/calculator/scoring/test_local_yaku.py has the on/off tables)
    ("open_riichi", (*PINFU, (), {**R, "open_riichi": True, "rules": {"open_riichi": True}}),
     (*PINFU, (), {**R, "open_riichi": True})),
    ("open_riichi_yakuman", (*PINFU, (), {**R, "open_riichi": True, "rules": {"open_riichi": True,
                                                                              "open_riichi_deal_in_yakuman": True}}),
     (*PINFU, (), {**R, "open_riichi": True, "discarder_riichi": True,
                   "rules": {"open_riichi": True, "open_riichi_deal_in_yakuman": True}})),
    ("daisharin", ("2233445566778p", "8p", (), {"rules": {"daisharin": True}}), ("2233445566778p", "8p", (), {})),
    ("daisuurin", ("2233445566778m", "8m", (), {"rules": {"daisharin_other_suits": True}}),
     ("2233445566778m", "8m", (), {"rules": {"daisharin": True}})),
    ("daichikurin", ("2233445566778s", "8s", (), {"rules": {"daisharin_other_suits": True}}),
     ("2233445566778s", "8s", (), {})),
    ("daichisei", ("1122334455667z", "7z", (), {"rules": {"daichisei": True}}), ("1122334455667z", "7z", (), {})),
    ("paarenchan", (*PINFU, (), {"seat": "east", "dealer_consecutive_wins": 7, "rules": {"paarenchan": True}}),
     (*PINFU, (), {"seat": "east", "dealer_consecutive_wins": 7})),
]


def run(case):
    hand, win, melds, kw = case
    return score_of(hand, win, melds, **kw)


@pytest.mark.parametrize("yid, yes, no", CASES, ids=[c[0] for c in CASES])
def test_hand_has_the_yaku(yid, yes, no):
    result = run(yes)
    assert result.is_win, result.reasons
    assert yid in ids(result)


@pytest.mark.parametrize("yid, yes, no", CASES, ids=[c[0] + "-near-miss" for c in CASES])
def test_near_miss_lacks_it(yid, yes, no):
    result = run(no)
    assert yid not in ids(result)


def test_every_registered_id_has_cases():
    covered = {c[0] for c in CASES}
    registered = {d.id for d in yaku_mod.REGISTRY} | {d.id for d in yakuman_mod.REGISTRY} | {"renhou"}
    assert registered <= covered


@pytest.mark.parametrize("hand, win, kw, gone, kept", [
    pytest.param(*PINFU, {"riichi": "double_riichi"}, "riichi", "double_riichi", id="double-riichi-replaces-riichi"),
    pytest.param("223344m667788p5s", "5s", {}, "iipeikou", "ryanpeikou", id="ryanpeikou-replaces-iipeikou"),
    pytest.param("123m789p789s99m11s", "1s", {}, "chanta", "junchan", id="junchan-replaces-chanta"),
    pytest.param("223344567678m5m", "5m", {}, "honitsu", "chinitsu", id="chinitsu-replaces-honitsu"),
    pytest.param("1112345678999m", "5m", {}, "chuuren_poutou", "junsei_chuuren_poutou", id="junsei-replaces-chuuren"),
])
def test_exclusions(hand, win, kw, gone, kept):
    got = ids(score_of(hand, win, **kw))
    assert kept in got and gone not in got


def test_double_wind_triplet_lists_both_winds():
    # dealer in an East round: a pung of East is seat wind and round wind, one han each (API.md)
    r = score_of("234m567p678s22s11z", "1z", seat="east", rnd="east")
    assert ("seat_wind", 1) in r.yaku and ("round_wind", 1) in r.yaku


@pytest.mark.parametrize("hand, win, melds, han", [
    pytest.param("123456789m23p55s", "4p", (), 2, id="ittsu-closed-2"),
    pytest.param("456789m23p55s", "4p", ("chi 123m",), 1, id="ittsu-open-1"),
    pytest.param("223344567678m5m", "5m", (), 6, id="chinitsu-closed-6"),
    pytest.param("456678m99m56m", "7m", ("chi 123m",), 5, id="chinitsu-open-5"),
    pytest.param("123m789p789s11z99m", "1z", (), 2, id="chanta-closed-2"),
    pytest.param("789p789s11z99m", "1z", ("chi 123m",), 1, id="chanta-open-1"),
])
def test_open_hands_lose_a_han(hand, win, melds, han):
    r = score_of(hand, win, melds)
    yid = {"ittsu": "ittsu", "chinitsu": "chinitsu", "chanta": "chanta"}
    assert any(i in yid and h == han for i, h in r.yaku)


def test_closed_only_yaku_vanish_when_open():
    r = score_of("234m567p67s55s", "8s", ("chi 234m",), rules={"open_tanyao": True})
    assert "pinfu" not in ids(r) and "iipeikou" not in ids(r) and ids(r) == {"tanyao"}


# RULES.md §4.9 example 1 (riichi, pinfu, tanyao; S wins by ron): the declaration options change its value
_RIICHI_HAND = ("234567m234p67s55s", "8s")


@pytest.mark.parametrize("kw, rules, han, points, declared", [
    pytest.param({"riichi": "riichi"}, {}, 3, 3900, ("riichi", 1), id="riichi-1-han"),
    pytest.param({"riichi": "riichi"}, {"riichi_han": 2}, 4, 7700, ("riichi", 2), id="riichi-2-han"),
    pytest.param({"riichi": "double_riichi"}, {}, 4, 7700, ("double_riichi", 2), id="double-riichi-2-han"),
    pytest.param({"riichi": "double_riichi"}, {"double_riichi_han": 3}, 5, 8000, ("double_riichi", 3),
                 id="double-riichi-3-han"),
    pytest.param({"riichi": "riichi", "ippatsu": True}, {}, 4, 7700, ("ippatsu", 1), id="ippatsu-on"),
    pytest.param({"riichi": "riichi", "ippatsu": True}, {"riichi_ippatsu": False}, 3, 3900, None, id="ippatsu-off"),
])
def test_declaration_han_options(kw, rules, han, points, declared):
    res = score_of(*_RIICHI_HAND, rules=rules, **kw)
    assert (res.han, res.fu, res.points) == (han, 30, points)
    if declared is None:
        assert "ippatsu" not in ids(res)
    else:
        assert declared in res.yaku


@pytest.mark.parametrize("rules, han, points, renhou", [
    pytest.param({"renhou": "none"}, 2, 2000, None, id="none"),
    pytest.param({"renhou": "han", "renhou_han": 1}, 3, 3900, 1, id="han-1"),
    pytest.param({"renhou": "han", "renhou_han": 3}, 5, 8000, 3, id="han-3"),
    pytest.param({"renhou": "mangan_cumulative"}, 7, 12000, 5, id="mangan-cumulative"),
])
def test_renhou_values(rules, han, points, renhou):
    # pinfu + tanyao on a ron before the winner's first draw (RULES.md §6.2, §6.3 yaku.renhou)
    res = score_of(*_RIICHI_HAND, renhou=True, rules=rules)
    assert (res.han, res.points) == (han, points)
    assert dict(res.yaku).get("renhou") == renhou
