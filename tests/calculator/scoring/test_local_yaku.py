"""Local yaku and yakuman the peers offer, each under its own option (off in every preset): on/off tables."""
import pytest

from calculator.rules import PRESETS, preset_rules
from tests.score_helpers import score_of

OPTIONS = ("open_riichi", "open_riichi_deal_in_yakuman", "daisharin", "daisharin_other_suits", "daichisei",
           "paarenchan")


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_local_option_is_off_in_every_preset(preset):
    rules = preset_rules(preset)
    assert [getattr(rules, o) for o in OPTIONS] == [False] * len(OPTIONS)


def yaku_ids(r):
    return {i for i, _ in r.yaku} | {i for i, _ in r.yakuman}


WHEEL = dict(hand="2233445566778p", win="8p")   # by ron: chinitsu 6 + ryanpeikou 3 + pinfu + tanyao = 11 han


@pytest.mark.parametrize("kw, rules, want_off, want_on", [
    pytest.param(WHEEL, {"daisharin": True}, (11, None), (13, "daisharin"), id="daisharin"),
    pytest.param(dict(hand="2233445566778m", win="8m"), {"daisharin_other_suits": True}, (11, None),
                 (13, "daisuurin"), id="daisuurin"),
    pytest.param(dict(hand="2233445566778s", win="8s"), {"daisharin_other_suits": True}, (11, None),
                 (13, "daichikurin"), id="daichikurin"),
    pytest.param(dict(hand="2233445566778m", win="8m"), {"daisharin": True}, (11, None), (11, None),
                 id="daisharin-is-pins-only"),
    pytest.param(dict(hand="1122334455667z", win="7z"), {"daichisei": True}, (13, "tsuuiisou"), (26, "daichisei"),
                 id="daichisei-double"),
    pytest.param(dict(hand="123m456p789s2233z", win="3z", seat="east", dealer_consecutive_wins=7, by="tsumo"),
                 {"paarenchan": True}, (1, None), (13, "paarenchan"), id="paarenchan-eighth-win"),
    pytest.param(dict(hand="123m456p789s2233z", win="3z", seat="east", dealer_consecutive_wins=6, by="tsumo"),
                 {"paarenchan": True}, (1, None), (1, None), id="paarenchan-seventh-win-is-not"),
])
def test_local_yakuman_on_and_off(kw, rules, want_off, want_on):
    off = score_of(**kw)
    on = score_of(**kw, rules=rules)
    for r, (han, ykm) in ((off, want_off), (on, want_on)):
        assert r.is_win and r.han == han, r
        if ykm:
            assert ykm in {i for i, _ in r.yakuman}
        else:
            assert r.yakuman == ()


RIICHI = dict(hand="234567m234p67s55s", win="8s", riichi="riichi")


@pytest.mark.parametrize("kw, rules, han, has", [
    pytest.param({}, {}, 3, set(), id="off-plain-riichi"),
    pytest.param({}, {"open_riichi": True}, 4, {"open_riichi"}, id="open-riichi-one-more-han"),
    pytest.param({"riichi": "double_riichi"}, {"open_riichi": True}, 5, {"open_riichi", "double_riichi"},
                 id="double-open-riichi"),
    pytest.param({}, {"open_riichi": True, "open_riichi_deal_in_yakuman": True}, 13, {"open_riichi_yakuman"},
                 id="dealt-in-by-a-player-outside-riichi"),
    pytest.param({"discarder_riichi": True}, {"open_riichi": True, "open_riichi_deal_in_yakuman": True}, 4,
                 {"open_riichi"}, id="dealt-in-by-a-riichi-player"),
    pytest.param({}, {"open_riichi_deal_in_yakuman": True}, 3, set(), id="deal-in-option-alone-does-nothing"),
])
def test_open_riichi(kw, rules, han, has):
    r = score_of(**{**RIICHI, **kw}, open_riichi=True, rules=rules)
    assert r.is_win and r.han == han and has <= yaku_ids(r), r
    if "open_riichi" not in has:
        assert "open_riichi" not in yaku_ids(r)


def test_open_riichi_on_a_self_draw_is_no_yakuman():
    r = score_of(**RIICHI, by="tsumo", open_riichi=True,
                 rules={"open_riichi": True, "open_riichi_deal_in_yakuman": True})
    assert r.yakuman == () and "open_riichi" in yaku_ids(r)


@pytest.mark.parametrize("extra, pointer", [
    pytest.param({"open_riichi": True}, "#/open_riichi", id="open-riichi-without-riichi"),
    pytest.param({"discarder_riichi": True, "win_by": "tsumo", "discarder": None}, "#/discarder_riichi",
                 id="discarder-riichi-on-tsumo"),
    pytest.param({"dealer_consecutive_wins": 7}, "#/dealer_consecutive_wins", id="paarenchan-count-for-non-dealer"),
])
def test_local_situation_fields_are_checked(post_json, extra, pointer):
    body = {"hand": "234567m234p67s55s", "win_tile": "8s", "win_by": "ron", "discarder": "north",
            "seat_wind": "south", "round_wind": "east", **extra}
    status, out = post_json("/v1/score", body)
    assert status == 422 and (pointer, "inconsistent_situation") in {(e["pointer"], e["code"]) for e in out["errors"]}
