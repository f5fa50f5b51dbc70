"""intake.evaluate's shortcuts give what the general reading gives: the situation checks looked up per values
(meld-less hands under a preset's own rules) equal check_situation's, on a first call and on a repeated one, and
the four-copies shortcut intake.collect takes (calculator.core.hand.copies_within_limits) finds a problem exactly
where check_position does."""
import pytest

from calculator.core.hand import Hand, check_position, copies_within_limits
from calculator.play.evaluate import win_situation
from calculator.rules import PRESETS
from calculator.scoring.japanese import check_situation
from intake import evaluate as reader

BASE = {"seat_wind": "south", "round_wind": "east", "riichi": "none", "ippatsu": False, "kita": 0, "discarder": None}


def direct(data, hand, rules):
    values = (data["seat_wind"], data["round_wind"], data["riichi"], data["ippatsu"], data["kita"])
    return tuple(check_situation(win_situation(by, *values), hand, discarder, rules)
                 for by, discarder in (("ron", data["discarder"]), ("tsumo", None)))


@pytest.mark.parametrize("changes, preset, found", [
    pytest.param({}, "tenhou", 0, id="plain-none"),
    pytest.param({"ippatsu": True}, "tenhou", 2, id="ippatsu-without-riichi"),
    pytest.param({"riichi": "riichi", "ippatsu": True}, "tenhou", 0, id="ippatsu-with-riichi"),
    pytest.param({"discarder": "south"}, "tenhou", 1, id="own-seat-discarder"),
    pytest.param({"discarder": "west", "seat_wind": "east"}, "mahjong_soul", 0, id="dealer-other-preset"),
    pytest.param({"kita": 1, "seat_wind": "east"}, "tenhou_sanma", 0, id="kita-three-players"),
])
def test_situation_issues_looked_up_equal_check_situation(changes, preset, found):
    data = {**BASE, **changes}
    rules = PRESETS[preset].rules
    hand = Hand((0, 1, 2, 3, 4, 5, 9, 10, 11, 23, 24, 22, 22))
    want = direct(data, hand, rules)
    assert sum(map(len, want)) == found
    reader._CHECKED.clear()
    assert reader._situation_issues(data, hand, rules, preset) == want      # computed
    assert reader._situation_issues(data, hand, rules, preset) == want      # looked up
    assert len(reader._CHECKED) == 1


def test_situation_issues_of_changed_rules_are_not_kept():
    from dataclasses import replace
    rules = replace(PRESETS["tenhou"].rules, kan_dora="off")
    reader._CHECKED.clear()
    hand = Hand((0, 1, 2, 3, 4, 5, 9, 10, 11, 23, 24, 22, 22))
    assert reader._situation_issues({**BASE, "ippatsu": True}, hand, rules, "tenhou") == \
        direct({**BASE, "ippatsu": True}, hand, rules)
    assert not reader._CHECKED


def test_situation_issue_cache_is_emptied_at_its_bound():
    reader._CHECKED.clear()
    hand = Hand((0, 1, 2, 3, 4, 5, 9, 10, 11, 23, 24, 22, 22))
    for i in range(reader._CHECKED_CACHE + 10):
        reader._situation_issues({**BASE, "kita": i}, hand, PRESETS["tenhou"].rules, "tenhou")
    assert len(reader._CHECKED) <= reader._CHECKED_CACHE


HAND = (0, 1, 2, 3, 4, 5, 9, 10, 11, 23, 24, 22, 22)   # 123456m 123p 678s 55s (codes 0-33 are kinds)


@pytest.mark.parametrize("extra, fine", [
    pytest.param([("dora_indicators", (27,)), ("discards", (27, 8))], True, id="four-east"),
    pytest.param([("dora_indicators", (22,)), ("visible", (22,))], True, id="four-5s"),
    pytest.param([("dora_indicators", (22,)), ("visible", (22, 22))], False, id="five-5s"),
    pytest.param([("dora_indicators", (36,)), ("visible", (22,))], True, id="a-red-five-counted-as-its-kind"),
    pytest.param([("dora_indicators", (36,)), ("visible", (22, 22))], False, id="fifth-copy-a-red-five"),
    pytest.param([("dora_indicators", (36,)), ("visible", (36,))], False, id="two-red-5s-of-one"),
    pytest.param([], True, id="hand-alone"),
])
def test_copies_shortcut_agrees_with_check_position(extra, fine):
    red = PRESETS["tenhou"].rules.red_fives
    assert copies_within_limits(HAND + tuple(t for _, codes in extra for t in codes), red) is fine
    assert (check_position(Hand(HAND), 13, False, extra, red) == []) is fine


def test_short_tile_texts_read_through_the_bounded_table_as_the_field_reads_them():
    from schemas import fastload
    from schemas.fields import TilesField
    field = TilesField()
    convert = fastload.field_converter(field)
    texts = [f"{i}m" for i in range(fastload.SHORT_TILES_CACHE + 10)] + ["1z", "0p5p", "8z", "1x"]
    for text in texts:
        assert convert(text) == field.read(text), text
        assert convert(text) == field.read(text), text   # looked up
    assert len(fastload.SHORT_TILES[False]) <= fastload.SHORT_TILES_CACHE
