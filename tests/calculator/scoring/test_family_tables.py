"""One on/off test per item of the Taiwanese tai table and the European points table (issue 13), at the
calculator (calculator.score_hand on the request a /v1/score body reads as).

Each row: the rules option that holds an item's value, a hand that has the item, where it shows
(`items` or `double_items`) and its id. With the preset's value the item is listed with that value
(times its count); with the option switched off (0) it is gone. Every table option is switched here.
"""
from __future__ import annotations

import pytest

from calculator.rules import OPTION_FIELDS, preset_rules
from calculator.scoring.european import EuropeanResult, PointItem
from calculator.scoring.taiwanese import TaiItem
from tests.score_helpers import Refused, family_score

TW_TABLE = {n for n in OPTION_FIELDS if n.startswith("tw_tai_")} - {"tw_tai_limit"}
EU_TABLE = {n for n in OPTION_FIELDS if n.startswith("eu_")} - {"eu_rounding", "eu_limit", "eu_concealed_factor",
                                                                 "eu_kong_factor"}


def tw(hand, win, melds=(), by="ron", **kw):
    body = {"hand": hand, "melds": list(melds), "win_tile": win, "win_by": by, "seat_wind": "south",
            "round_wind": "east", **kw}
    if by == "ron":
        body.setdefault("discarder", "west")
    return body


def eu(hand, win, melds=(), by="ron", **kw):
    return tw(hand, win, melds, by, **kw)


def pon(tiles, frm="north"):
    return {"kind": "pon", "tiles": tiles, "from": frm}


def chi(tiles):
    return {"kind": "chi", "tiles": tiles, "from": "east"}


PLAIN = tw("123m456m789p234s567s5z", "5z")                  # concealed, the single wait on the pair
RYANMEN = tw("123m456m789p234s67s11p", "5s")                # five chows, two-sided wait, no honours
KAN = [{"kind": "closed_kan", "tiles": "2222m"}]
# seven flowers and seasons held, the eighth taken from west, who shows it: no winning tile
ROBBED = {**{k: v for k, v in PLAIN.items() if k != "win_tile"}, "robbed_bonus": True, "flowers": [1, 2, 3, 4],
          "seasons": [1, 2, 4]}

TW_ROWS = [
    ("tw_tai_flower", {**PLAIN, "flowers": [1], "seasons": [2]}, "flower", 2),
    ("tw_tai_no_flowers", PLAIN, "no_flowers", 1),
    ("tw_tai_all_flowers", {**PLAIN, "flowers": [1, 2, 3, 4], "seasons": [1, 2, 3, 4]}, "all_flowers", 1),
    ("tw_tai_seven_flowers_robbing", ROBBED, "seven_flowers_robbing", 1),
    ("tw_tai_honour_pung", tw("123m456m555z234s67s11p", "5s"), "honour_pung", 1),
    ("tw_tai_melded_kong", tw("456m789p234s67s11p", "5s", [{"kind": "open_kan", "tiles": "2222m", "from": "north"}]),
     "melded_kong", 1),
    ("tw_tai_concealed_kong", tw("456m789p234s67s11p", "5s", KAN), "concealed_kong", 1),
    ("tw_tai_pure_straight", tw("123456789m234s67s11p", "5s"), "pure_straight", 1),
    ("tw_tai_pure_straight_self_drawn", tw("123456789m234s67s11p", "5s", by="tsumo"), "pure_straight_self_drawn", 1),
    ("tw_tai_two_concealed_pungs", tw("222m333p456s789s67s11p", "5s"), "two_concealed_pungs", 1),
    ("tw_tai_three_concealed_pungs", tw("222m333p444s789s67s11p", "5s"), "three_concealed_pungs", 1),
    ("tw_tai_four_concealed_pungs", tw("222m333p444s666s67s11p", "5s"), "four_concealed_pungs", 1),
    ("tw_tai_five_concealed_pungs", tw("222m333p444s666s777s1p", "1p"), "five_concealed_pungs", 1),
    ("tw_tai_little_three_dragons", tw("555z666z77z123m456m78p", "9p"), "little_three_dragons", 1),
    ("tw_tai_big_three_dragons", tw("555z666z777z123m78p11s", "9p"), "big_three_dragons", 1),
    ("tw_tai_little_three_winds", tw("111z222z33z123m456m78p", "9p"), "little_three_winds", 1),
    ("tw_tai_big_three_winds", tw("111z222z333z123m78p11s", "9p"), "big_three_winds", 1),
    ("tw_tai_little_four_winds", tw("111z222z333z44z123m78p", "9p"), "little_four_winds", 1),
    ("tw_tai_big_four_winds", tw("111z222z333z444z78p11s", "9p"), "big_four_winds", 1),
    ("tw_tai_exposed_hand", tw("1p", "1p", [chi("123m"), pon("555p"), chi("456s"), pon("999m", "west"),
                                             chi("789s")]), "exposed_hand", 1),
    ("tw_tai_self_draw", {**PLAIN, "win_by": "tsumo", "discarder": None}, "self_draw", 1),
    ("tw_tai_concealed_hand", PLAIN, "concealed_hand", 1),
    ("tw_tai_single_wait", PLAIN, "single_wait", 1),
    ("tw_tai_closed_wait", tw("123m456m789p234s46s11p", "5s"), "closed_wait", 1),
    ("tw_tai_robbing_kong", {**RYANMEN, "chankan": True}, "robbing_kong", 1),
    ("tw_tai_last_tile", tw("123m456m789p234s67s11p", "5s", by="tsumo", haitei=True), "last_tile", 1),
    ("tw_tai_last_discard", {**RYANMEN, "houtei": True}, "last_discard", 1),
    ("tw_tai_kong_replacement", tw("456m789p234s67s11p", "5s", KAN, by="tsumo", rinshan=True), "kong_replacement", 1),
    ("tw_tai_no_honours", RYANMEN, "no_honours", 1),
    ("tw_tai_all_chows", RYANMEN, "all_chows", 1),
    ("tw_tai_all_pungs", tw("222m333p444s666s777s1p", "1p"), "all_pungs", 1),
    ("tw_tai_half_flush", tw("123m456m789m111z23m55m", "4m"), "half_flush", 1),
    ("tw_tai_full_flush", tw("123m456m789m234m67m55m", "8m"), "full_flush", 1),
    ("tw_tai_all_honours", tw("111z222z333z555z666z7z", "7z"), "all_honours", 1),
]

EU_CHOWS = eu("123m456p789s234s1p", "1p")                    # four chows, out on the pair 1p
EU_ROWS = [
    ("eu_pung_simples", eu("123m789s67s11m", "5s", [pon("555p")]), "items", "melded_pung_simples"),
    ("eu_pung_terminals", eu("123m456s67s22m", "5s", [pon("999p")]), "items", "melded_pung_terminals"),
    ("eu_pung_winds", eu("123m456s67s22m", "5s", [pon("333z")]), "items", "melded_pung_winds"),
    ("eu_pung_dragons", eu("123m456s67s22m", "5s", [pon("555z")]), "items", "melded_pung_dragons"),
    ("eu_pair_seat_wind", eu("123m456p789s234s2z", "2z"), "items", "pair_seat_wind"),
    ("eu_pair_round_wind", eu("123m456p789s234s1z", "1z"), "items", "pair_round_wind"),
    ("eu_pair_dragons", eu("123m456p789s234s6z", "6z"), "items", "pair_dragons"),
    ("eu_bonus_tile", {**EU_CHOWS, "flowers": [3]}, "items", "flowers"),
    ("eu_winning", EU_CHOWS, "items", "winning"),
    ("eu_self_drawn", {**EU_CHOWS, "win_by": "tsumo", "discarder": None}, "items", "self_drawn"),
    ("eu_one_chance", eu("123m456p789s11s46s", "5s"), "items", "one_chance"),
    ("eu_out_on_pair", EU_CHOWS, "items", "out_on_pair"),
    ("eu_double_dragon_pung", eu("123m456s67s22m", "5s", [pon("555z")]), "double_items", "dragon_pung"),
    ("eu_double_seat_wind_pung", eu("123m456s67s22m", "5s", [pon("222z")]), "double_items", "seat_wind_pung"),
    ("eu_double_round_wind_pung", eu("123m456s67s22m", "5s", [pon("111z")]), "double_items",
     "round_wind_pung"),
    ("eu_double_little_three_dragons", eu("123m456s66z77z", "6z", [pon("555z")]), "double_items",
     "little_three_dragons"),
    ("eu_double_all_pungs", eu("222m333p444s5p", "5p", [pon("999s")]), "double_items", "all_pungs"),
    ("eu_double_one_suit_honours", eu("123m456m789m5z", "5z", [pon("222m")]), "double_items", "one_suit_honours"),
    ("eu_double_one_suit", eu("123m456m789m5m", "5m", [pon("222m")]), "double_items", "one_suit"),
]
# values the standard table does not set (0): switched on to the Italian value
EU_ZERO_ROWS = [
    ("eu_fully_exposed", 10, eu("5p", "5p", [chi("123m"), pon("777s"), chi("234s"), pon("999m", "west")]), "items",
     "fully_exposed"),
    ("eu_double_three_orphan_pungs", 1, eu("111s456p2m", "2m", [pon("999m"), pon("111p", "west")]), "double_items",
     "three_orphan_pungs"),
    ("eu_double_four_orphan_pungs", 3, eu("5p", "5p", [pon("999m"), pon("111p", "west"), pon("999s"),
                                                       pon("333z")]), "double_items", "four_orphan_pungs"),
    ("eu_double_three_same_number", 1, eu("123m444s5s", "5s", [pon("444m"), pon("444p", "west")]), "double_items",
     "three_same_number"),
]


def ids(items):
    return {i.id: i for i in items}


def test_every_table_item_is_switched():
    assert {r[0] for r in TW_ROWS} == TW_TABLE
    assert {r[0] for r in EU_ROWS} | {r[0] for r in EU_ZERO_ROWS} == EU_TABLE


@pytest.mark.parametrize("option, body, item, count", TW_ROWS, ids=[r[0] for r in TW_ROWS])
def test_tai_item_on_off(option, body, item, count):
    on = family_score({**body, "rules": {"preset": "taiwanese_16"}})
    assert on.is_win, on
    value = getattr(preset_rules("taiwanese_16"), option)
    assert ids(on.items)[item] == TaiItem(item, value * count, count)
    assert on.tai == sum(i.tai for i in on.items)
    off = family_score({**body, "rules": {"preset": "taiwanese_16", option: 0}})
    assert not isinstance(off, Refused) and item not in ids(off.items)


@pytest.mark.parametrize("option, body, key, item", EU_ROWS, ids=[r[0] for r in EU_ROWS])
def test_european_item_on_off(option, body, key, item):
    on = family_score({**body, "rules": {"preset": "european_classical"}})
    assert on.is_win, on
    value = getattr(preset_rules("european_classical"), option)
    got = ids(getattr(on.value, key))[item]
    assert (got.points if key == "items" else got.doubles) == value * (got.count if key == "items" else 1)
    assert on.value.basic_points == sum(i.points for i in on.value.items)
    assert on.value.doubles == sum(d.doubles for d in on.value.double_items)
    off = family_score({**body, "rules": {"preset": "european_classical", option: 0}})
    assert off.value is None or item not in ids(getattr(off.value, key))


@pytest.mark.parametrize("option, value, body, key, item", EU_ZERO_ROWS, ids=[r[0] for r in EU_ZERO_ROWS])
def test_european_item_off_in_the_standard_table_on_when_set(option, value, body, key, item):
    off = family_score({**body, "rules": {"preset": "european_classical"}})
    assert off.is_win and item not in ids(getattr(off.value, key)), off
    on = family_score({**body, "rules": {"preset": "european_classical", option: value}})
    got = ids(getattr(on.value, key))[item]
    assert (got.points if key == "items" else got.doubles) == value


@pytest.mark.parametrize("option, value, kind, want", [
    pytest.param("eu_concealed_factor", 1, "concealed_pung_terminals", (8, 4), id="concealed-factor"),
    pytest.param("eu_kong_factor", 1, "melded_kong_terminals", (16, 4), id="kong-factor"),
])
def test_european_set_factors(option, value, kind, want):
    body = eu("123m456p78s11z", "9s", [{"kind": "open_kan", "tiles": "1111p", "from": "north"}]) \
        if "kong" in kind else eu("999s123m456p78s11z", "9s")
    for v, expect in zip((None, value), want):
        rules = {"preset": "european_classical", **({option: v} if v is not None else {})}
        out = family_score({**body, "rules": rules})
        assert out.is_win and ids(out.value.items)[kind].points == expect, out


# --- the family switches: which table, bonus tiles, stakes, the Italian bonus-tile rule, rounding, limits ---

TSUMO_EU = eu("111z222z333z5z", "5z", [{"kind": "closed_kan", "tiles": "4444z"}], by="tsumo", discarder=None)


@pytest.mark.parametrize("option, on, off, body, preset, probe", [
    pytest.param("scoring_family", "european", "japanese", EU_CHOWS, "european_classical",
                 lambda out: isinstance(out, EuropeanResult), id="scoring-family"),
    pytest.param("bonus_tiles", True, False, {**EU_CHOWS, "flowers": [1]}, "european_classical",
                 lambda out: getattr(out, "is_win", None) is True, id="bonus-tiles"),
    pytest.param("riichi_stakes", False, True, {**PLAIN, "riichi_sticks": 1}, "taiwanese_16",
                 lambda out: isinstance(out, Refused) and out.codes[0] == "no_riichi_stakes", id="riichi-stakes"),
    pytest.param("ready_discard_bonus_after", True, False,
                 {**EU_CHOWS, "riichi": "riichi", "flowers": [1, 2], "flowers_after_declaration": [2]}, "italian",
                 lambda out: PointItem("flowers", 4, "", 1) in out.value.items, id="italian-bonus-discarded"),
    pytest.param("eu_rounding", 10, 1, EU_CHOWS, "european_classical", lambda out: out.value.points == 20,
                 id="rounding-to-ten"),
    pytest.param("eu_limit", 500, 0, TSUMO_EU, "european_classical", lambda out: out.value.limit == "limit",
                 id="limit-500"),
    pytest.param("tw_tai_limit", 3, 0, PLAIN, "taiwanese_16", lambda out: out.tai == 3 and out.limit == "limit",
                 id="tai-limit"),
])
def test_family_switch(option, on, off, body, preset, probe):
    out_on = family_score({**body, "rules": {"preset": preset, option: on}})
    out_off = family_score({**body, "rules": {"preset": preset, option: off}})
    assert probe(out_on) and not probe(out_off), (out_on, out_off)


def test_every_family_option_is_switched():
    switched = {r[0] for r in TW_ROWS + EU_ROWS + EU_ZERO_ROWS} | {"eu_concealed_factor", "eu_kong_factor"} | {
        p.values[0] for p in test_family_switch.pytestmark[0].args[1]}
    names = list(OPTION_FIELDS)
    assert set(names[names.index("scoring_family"):]) == switched
