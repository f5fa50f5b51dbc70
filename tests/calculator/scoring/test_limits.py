"""Limits (RULES.md §8): every boundary, kiriage, kazoe caps, yakuman multiples."""
from dataclasses import replace

import pytest

from calculator.scoring.limits import Limit, limit_for
from calculator.rules import Rules, preset_rules
from tests.score_helpers import score_of

R = Rules()


@pytest.mark.parametrize("han, fu, base, limit", [
    pytest.param(1, 30, 240, None, id="1han30fu"),
    pytest.param(3, 30, 960, None, id="3han30fu-960"),
    pytest.param(2, 60, 960, None, id="2han60fu-960"),
    pytest.param(4, 30, 1920, None, id="4han30fu-no-kiriage"),
    pytest.param(3, 60, 1920, None, id="3han60fu-no-kiriage"),
    pytest.param(4, 40, 2000, "mangan", id="4han40fu-mangan"),
    pytest.param(3, 70, 2000, "mangan", id="3han70fu-mangan"),
    pytest.param(2, 110, 1760, None, id="2han110fu"),
    pytest.param(4, 25, 1600, None, id="4han25fu"),
    pytest.param(5, 20, 2000, "mangan", id="5han-mangan"),
    pytest.param(6, 30, 3000, "haneman", id="6han-haneman"),
    pytest.param(7, 30, 3000, "haneman", id="7han-haneman"),
    pytest.param(8, 30, 4000, "baiman", id="8han-baiman"),
    pytest.param(10, 30, 4000, "baiman", id="10han-baiman"),
    pytest.param(11, 30, 6000, "sanbaiman", id="11han-sanbaiman"),
    pytest.param(12, 30, 6000, "sanbaiman", id="12han-sanbaiman"),
    pytest.param(13, 30, 8000, "kazoe_yakuman", id="13han-kazoe"),
    pytest.param(26, 30, 8000, "kazoe_yakuman", id="26han-kazoe-single"),
])
def test_limit_boundaries(han, fu, base, limit):
    assert limit_for(han, fu, 0, R) == (limit_for(han, fu, 0, R).__class__(base, limit))


@pytest.mark.parametrize("han, fu, off, on", [
    pytest.param(4, 30, 1920, 2000, id="4-30"),
    pytest.param(3, 60, 1920, 2000, id="3-60"),
    pytest.param(2, 120, 1920, 2000, id="2-120"),
    pytest.param(3, 50, 1600, 1600, id="3-50-untouched"),
])
def test_kiriage_option(han, fu, off, on):
    assert limit_for(han, fu, 0, replace(R, kiriage_mangan=False)).base_points == off
    assert limit_for(han, fu, 0, replace(R, kiriage_mangan=True)).base_points == on


@pytest.mark.parametrize("kazoe, han, base, limit", [
    pytest.param("yakuman", 13, 8000, "kazoe_yakuman", id="yakuman-13"),
    pytest.param("sanbaiman", 13, 6000, "sanbaiman", id="sanbaiman-13"),
    pytest.param("sanbaiman", 20, 6000, "sanbaiman", id="sanbaiman-20"),
    pytest.param("none", 13, 8000, "kazoe_yakuman", id="none-13"),
    pytest.param("none", 26, 16000, "kazoe_yakuman", id="none-26-double"),
])
def test_kazoe_option(kazoe, han, base, limit):
    got = limit_for(han, 40, 0, replace(R, kazoe=kazoe))
    assert (got.base_points, got.limit) == (base, limit)


@pytest.mark.parametrize("mult, cap, base", [
    pytest.param(1, 0, 8000, id="single"),
    pytest.param(2, 0, 16000, id="double-uncapped"),
    pytest.param(3, 0, 24000, id="triple"),
    pytest.param(2, 1, 8000, id="double-capped-at-1"),
])
def test_yakuman_multiples(mult, cap, base):
    got = limit_for(0, 0, mult, replace(R, max_yakuman_multiple=cap))
    assert (got.base_points, got.limit) == (base, "yakuman")


def test_presets_follow_rules_tables():
    # RULES.md §8.2: EMA and WRC cap kazoe at sanbaiman; WRC rounds up 1,920; Tenhou does neither
    assert limit_for(13, 30, 0, preset_rules("ema")).limit == "sanbaiman"
    assert limit_for(4, 30, 0, preset_rules("wrc")).limit == "mangan"
    assert limit_for(4, 30, 0, preset_rules("tenhou")).limit is None
    assert limit_for(13, 30, 0, preset_rules("tenhou")).limit == "kazoe_yakuman"


@pytest.mark.parametrize("han, cap, base", [(26, 0, 16000), (26, 1, 8000), (39, 2, 16000), (13, 1, 8000)],
                         ids=["26-han-uncapped", "26-han-single-cap", "39-han-double-cap", "13-han-single-cap"])
def test_uncapped_kazoe_respects_the_largest_multiple(han, cap, base):
    rules = replace(Rules(), kazoe="none", max_yakuman_multiple=cap)
    assert limit_for(han, 30, 0, rules) == Limit(base, "kazoe_yakuman")


@pytest.mark.parametrize("kazoe", ["yakuman", "none"])
def test_yakuman_reading_beats_an_equal_counted_yakuman(kazoe):
    # 111222333444m + 5m on the last tile: suuankou tanki, or 123m x3 + 444m (riichi, ippatsu, tsumo, haitei,
    # iipeikou, chinitsu, three dora = 14 han, a counted yakuman of the same money): the yakuman is reported
    res = score_of("111222333m4445m", "5m", by="tsumo", riichi="riichi", ippatsu=True, haitei=True,
                   dora_indicators="9m", rules={"kazoe": kazoe})
    assert [i for i, _ in res.yakuman] == ["suuankou_tanki"]
    assert res.limit == "yakuman" and res.han == 13 and res.yaku == ()
