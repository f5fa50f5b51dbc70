import pytest

from calculator.core.hand import (Hand, Meld, check_copies, check_meld, check_position, chi_issues, meld_seat_issues,
                                  no_such_seat)
from calculator.core.notation import parse_tiles
from calculator.rules import preset_rules


def tiles(text):
    return parse_tiles(text)[0]


def meld(kind, text, called=None, from_seat=None):
    return Meld(kind, tiles(text), tiles(called)[0] if called else None, from_seat)


def found(issues):
    return sorted((i.code, i.field) for i in issues)


@pytest.mark.parametrize("m", [
    pytest.param(meld("chi", "123m", "1m", "north"), id="chi-123m"),
    pytest.param(meld("chi", "406p", "0p"), id="chi-with-red-five"),
    pytest.param(meld("chi", "789s"), id="chi-789s"),
    pytest.param(meld("pon", "555z", "5z", "west"), id="pon-honour"),
    pytest.param(meld("pon", "550m"), id="pon-with-red-five"),
    pytest.param(meld("open_kan", "1111m", "1m", "east"), id="open-kan"),
    pytest.param(meld("closed_kan", "9999p"), id="closed-kan"),
    pytest.param(meld("added_kan", "7777z", "7z", "south"), id="added-kan"),
])
def test_check_meld_accepts_real_melds(m):
    assert check_meld(m) == []


@pytest.mark.parametrize("m, field", [
    pytest.param(meld("chi", "12m"), "tiles", id="bad_meld-chi-two-tiles"),
    pytest.param(meld("chi", "135m"), "tiles", id="bad_meld-chi-not-consecutive"),
    pytest.param(meld("chi", "123z"), "tiles", id="bad_meld-chi-of-honours"),
    pytest.param(meld("chi", "89m1p"), "tiles", id="bad_meld-chi-across-suits"),
    pytest.param(meld("chi", "111m"), "tiles", id="bad_meld-chi-of-one-kind"),
    pytest.param(meld("pon", "112m"), "tiles", id="bad_meld-pon-mixed"),
    pytest.param(meld("pon", "1111m"), "tiles", id="bad_meld-pon-four-tiles"),
    pytest.param(meld("open_kan", "111m"), "tiles", id="bad_meld-kan-three-tiles"),
    pytest.param(meld("added_kan", "1112m"), "tiles", id="bad_meld-kan-mixed"),
    pytest.param(meld("pon", "", None), "tiles", id="bad_meld-empty"),
    pytest.param(meld("chi", "123m", "4m"), "called", id="bad_meld-called-not-in-meld"),
    pytest.param(meld("closed_kan", "1111m", "1m"), "called", id="bad_meld-closed-kan-called"),
    pytest.param(meld("closed_kan", "1111m", None, "west"), "from", id="bad_meld-closed-kan-from"),
])
def test_check_meld_bad_meld_variants(m, field):
    assert found(check_meld(m)) == [("bad_meld", field)]


def test_meld_properties():
    assert meld("closed_kan", "1111m").is_kan and not meld("closed_kan", "1111m").is_open
    assert meld("added_kan", "1111m").is_open
    assert not meld("chi", "345m").is_kan
    assert meld("chi", "406m").base == 3
    assert Hand(tiles("1m"), (meld("closed_kan", "2222z"),)).is_closed
    assert not Hand(tiles("1m"), (meld("pon", "222z"),)).is_closed


def test_hand_counts_and_all_codes():
    h = Hand(tiles("0m5m"), (meld("pon", "555m"),))
    assert h.counts()[4] == 2
    assert h.all_codes() == (34, 4, 4, 4, 4)


@pytest.mark.parametrize("hand, melds, size, drawn, expected", [
    pytest.param("123m456p789s2345s", (), 13, False, [], id="13-tiles-ok"),
    pytest.param("123m456p789s23455s", (), 13, True, [], id="14-tiles-drawn-ok"),
    pytest.param("123m456p789s2345s", (), 13, None, [], id="either-count-13"),
    pytest.param("123m456p789s23455s", (), 13, None, [], id="either-count-14"),
    pytest.param("123m456p789s23455s", (), 13, False, [("wrong_tile_count", "hand")], id="wrong_tile_count-14-not-drawn"),
    pytest.param("123m456p789s234s", (), 13, None, [("wrong_tile_count", "hand")], id="wrong_tile_count-12"),
    pytest.param("456p789s2345s", (meld("chi", "123m"),), 13, False, [], id="10-tiles-with-one-meld"),
    pytest.param("123m456p789s2345s", (meld("chi", "123m"),), 13, None, [("wrong_tile_count", "hand")],
                 id="wrong_tile_count-meld-tiles-repeated-in-hand"),
    pytest.param("5s", (meld("chi", "123m"), meld("pon", "444p"), meld("closed_kan", "7777s"), meld("pon", "111z")),
                 13, False, [], id="four-melds-one-tile"),
    pytest.param("123m456p789s123s4567z", (), 16, False, [], id="16-tiles-ok"),
    pytest.param("123m456p789s123s45677z", (), 16, True, [], id="17-tiles-drawn-ok"),
    pytest.param("123m456p789s2345s", (), 16, None, [("wrong_tile_count", "hand")], id="wrong_tile_count-13-for-16"),
    pytest.param("123m456p789s123s4567z", (), 13, None, [("wrong_tile_count", "hand")], id="wrong_tile_count-16-for-13"),
])
def test_check_position_tile_counts(hand, melds, size, drawn, expected):
    assert found(check_position(Hand(tiles(hand), melds), size, drawn)) == expected


def test_too_many_melds_for_13_and_16_tiles():
    five = tuple(meld("pon", f"{n}{n}{n}p") for n in range(1, 6))
    assert ("too_many_melds", "melds") in found(check_position(Hand((), five), 13, None))
    six = five + (meld("pon", "777s"),)
    assert found(check_position(Hand(tiles("1m"), five), 16, False)) == []
    assert ("too_many_melds", "melds") in found(check_position(Hand((), six), 16, None))


@pytest.mark.parametrize("groups, expected", [
    pytest.param([("hand", tiles("11111m"))], ["1m"], id="five-in-hand"),
    pytest.param([("hand", tiles("11m")), ("melds/0/tiles", tiles("111m"))], ["1m"], id="hand-plus-meld"),
    pytest.param([("hand", tiles("1z")), ("dora_indicators", tiles("1111z"))], ["1z"], id="indicators-count"),
    pytest.param([("hand", tiles("0555m"))], [], id="red-five-is-one-of-four"),
    pytest.param([("hand", tiles("05555m"))], ["5m"], id="red-plus-four-plain"),
    pytest.param([("hand", tiles("11111m99999p"))], ["1m", "9p"], id="every-kind-listed"),
])
def test_check_copies_too_many_copies(groups, expected):
    issues = check_copies(groups)
    assert [i.code for i in issues] == ["too_many_copies"] * len(expected)
    assert [i.detail.split()[0] for i in issues] == expected


@pytest.mark.parametrize("groups, expected", [
    pytest.param([("hand", "11111m")], [("1m", "hand")], id="the-hand-alone"),
    pytest.param([("hand", "1111m"), ("visible", "1m")], [("1m", "visible")], id="visible-adds-the-fifth"),
    pytest.param([("hand", "11m"), ("melds/0/tiles", "111m"), ("discards", "1m")], [("1m", "melds/0/tiles")],
                 id="a-meld-adds-the-fifth"),
    pytest.param([("hand", "1m"), ("discards", "11m"), ("visible", "11m9p"), ("dora_indicators", "1m9p")],
                 [("1m", "visible")], id="counted-in-group-order"),
    pytest.param([("hand", "1111m9999p"), ("visible", "1m"), ("dora_indicators", "9p")],
                 [("1m", "visible"), ("9p", "dora_indicators")], id="each-kind-its-own-field"),
])
def test_too_many_copies_points_at_the_field_that_adds_the_fifth(groups, expected):
    issues = check_copies([(field, tiles(text)) for field, text in groups])
    assert [(i.detail.split()[0], i.field) for i in issues] == expected


def test_too_many_red_fives_points_at_the_field_that_adds_the_extra_one():
    issues = check_copies([("hand", tiles("0m")), ("visible", tiles("0m5m"))], (1, 1, 1))
    assert found(issues) == [("too_many_red_fives", "visible")]


@pytest.mark.parametrize("text, limits, expected", [
    pytest.param("0m", (0, 0, 0), 1, id="too_many_red_fives-none-in-these-rules"),
    pytest.param("0m0p0s", (1, 1, 1), 0, id="one-each-allowed"),
    pytest.param("00p", (1, 1, 1), 1, id="too_many_red_fives-two-red-5p"),
    pytest.param("00p", (1, 2, 1), 0, id="two-red-5p-allowed"),
    pytest.param("0m0p0s", None, 0, id="no-limit-given"),
])
def test_check_copies_red_fives(text, limits, expected):
    issues = check_copies([("hand", tiles(text))], limits)
    assert [i.code for i in issues] == ["too_many_red_fives"] * expected


def test_check_position_collects_every_problem():
    hand = Hand(tiles("11111m456p789s"), (meld("chi", "135s"),))
    codes = sorted(i.code for i in check_position(hand, 13, False))
    assert codes == ["bad_meld", "too_many_copies", "wrong_tile_count"]


# --- the checks name the meld (its index in the list given) and its part, never a request pointer (issue 24) ---

@pytest.mark.parametrize("check,expected", [
    pytest.param(lambda: check_position(Hand(tiles("1234567m"), (meld("pon", "112m"), meld("chi", "123p", "4m")))),
                 [("bad_meld", "melds/0/tiles"), ("bad_meld", "melds/1/called")], id="position-places-each-meld"),
    pytest.param(lambda: chi_issues((meld("pon", "111m"), meld("chi", "123p")), preset_rules("tenhou_sanma")),
                 [("chi_not_allowed", "1/kind")], id="chi-under-three-players"),
    pytest.param(lambda: chi_issues((meld("chi", "123p"),), preset_rules("tenhou")), [], id="chi-under-four"),
    pytest.param(lambda: meld_seat_issues((meld("pon", "111m", None, "east"), meld("chi", "123p", None, "west")),
                                          "east"),
                 [("bad_meld", "0/from"), ("bad_meld", "1/from")], id="own-seat-and-chi-not-from-the-left"),
    pytest.param(lambda: meld_seat_issues((meld("chi", "123p", None, "north"),), "east"), [], id="chi-from-the-left"),
    pytest.param(lambda: [no_such_seat("north", ("east", "south", "west"))], [("no_such_seat", "")],
                 id="seat-left-to-its-reader"),
])
def test_checks_name_the_meld_and_its_part(check, expected):
    assert found(check()) == expected
