"""One switch test per option of the three-player block (calculator.rules.THREE_PLAYER_OPTIONS), over HTTP.

Each row sends the same body twice under tenhou_sanma (or tenhou), once with `option = a` and once with
`option = b`, and checks what the option changes. A test keeps the rows equal to the block's options.
"""
from __future__ import annotations

import pytest

from calculator.rules import THREE_PLAYER_OPTIONS
from tests.api.test_option_switches_money import with_option

SANMA = {"preset": "tenhou_sanma"}
THREE = {"east": 35000, "south": 35000, "west": 35000}
TSUMO = {"hand": "123p456p789s2355s", "win_tile": "4s", "win_by": "tsumo", "seat_wind": "south", "round_wind": "east",
         "riichi": "riichi", "dora_indicators": "9p", "rules": SANMA}           # 4 han 20 fu
KITA = {"hand": "111m23p555s777s66z", "win_tile": "4p", "win_by": "tsumo", "seat_wind": "south", "round_wind": "east",
        "kita": 2, "dora_indicators": "3z", "rules": SANMA}
KITA_RINSHAN = {**KITA, "rinshan": True}
ON_KITA = {"hand": "1199p1199s11m554z", "win_tile": "4z", "win_by": "ron", "on_kita": True, "discarder": "west",
           "seat_wind": "south", "round_wind": "east", "rules": SANMA}
NORTH_ROUND = {"hand": "444z23p555s777s99p", "win_tile": "4p", "win_by": "ron", "discarder": "west",
               "seat_wind": "south", "round_wind": "north", "rules": SANMA}
HAND_5M = {"hand": "123m456p789s1122z", "rules": SANMA}
CHI = {"hand": "23p555s777s66z", "melds": [{"kind": "chi", "tiles": "123s", "from": "east"}], "win_tile": "4p",
       "win_by": "ron", "discarder": "east", "seat_wind": "south", "round_wind": "east", "rules": SANMA}
KAZOE = {"hand": "1122334455667p", "win_tile": "7p", "win_by": "tsumo", "seat_wind": "south", "round_wind": "east",
         "riichi": "riichi", "dora_indicators": "9p", "rules": SANMA}   # 13 han: riichi, tsumo, pinfu, ryanpeikou,
                                                                        # chinitsu, dora 2
FINAL = {"scores": [{"player": "A", "points": 50000, "seat": "east"}, {"player": "B", "points": 30000, "seat": "south"},
                    {"player": "C", "points": 25000, "seat": "west"}], "rules": SANMA}
EVALUATE = {"hand": "123p789p23456s11z", "seat_wind": "east", "round_wind": "east", "tiles_left": 60, "rules": SANMA}


def status_codes(r):
    return "ok" if r[0] == 200 else tuple(sorted({e["code"] for e in r[1]["errors"]}))


def yaku(name):
    return lambda r: {y["id"]: y["han"] for y in r[1]["yaku"]}.get(name, 0) if r[0] == 200 else status_codes(r)


def payments(r):
    return tuple(p["amount"] for p in r[1]["payments"])


P = pytest.param
SWITCHES = [
    P("players", 3, 4, "/v1/settle", {"scores": THREE, "outcome": {"kind": "exhaustive_draw", "ready": ["south"]},
                                      "rules": {**SANMA, "final_uma": [20000, 0, -20000]}},
      # four players need a north, four prizes and a counter three payers can share
      status_codes, ("ok", ("incompatible_options", "invalid_option", "required")), id="players"),
    P("removed_tiles", "2345678m", "", "/v1/ready", HAND_5M, status_codes, (("tile_not_in_set",), "ok"),
      id="removed-tiles"),
    P("chi", False, True, "/v1/score", CHI, status_codes, (("chi_not_allowed",), "ok"), id="chi"),
    P("north_bonus", "bonus_dora", "off", "/v1/score", KITA, status_codes, ("ok", ("kita_not_in_rules",)),
      id="north-bonus"),
    P("kita_replacement_is_rinshan", True, False, "/v1/score", KITA_RINSHAN, yaku("rinshan_kaihou"),
      (1, ("inconsistent_situation",)), id="kita-replacement-is-rinshan"),
    P("kita_ron", True, False, "/v1/score", ON_KITA, status_codes, ("ok", ("kita_ron_not_in_rules",)), id="kita-ron"),
    P("kita_ron_is_chankan", False, True, "/v1/score", ON_KITA, yaku("chankan"), (0, 1), id="kita-ron-is-chankan"),
    P("north_triplet_yaku", False, True, "/v1/score", NORTH_ROUND, yaku("round_wind"), (0, 1),
      id="north-triplet-yaku"),
    P("tsumo_payment", "tsumo_loss", "split_north_share", "/v1/score", TSUMO, payments, ((2600, 1300), (3200, 2000)),
      id="tsumo-payment-split"),
    P("tsumo_payment", "tsumo_loss", "north_share_by_dealer", "/v1/score", TSUMO, payments,
      ((2600, 1300), (3900, 1300)), id="tsumo-payment-dealer"),
    P("live_wall", 55, 70, "/v1/evaluate", EVALUATE, status_codes, (("too_many_tiles_left",), "ok"), id="live-wall"),
    P("game_start_points", 35000, 25000, "/v1/final", FINAL, lambda r: r[1]["oka"], (15, 45), id="start-points"),
    P("kazoe_limit_name", "yakuman", "kazoe_yakuman", "/v1/score", KAZOE, lambda r: r[1]["limit"],
      ("yakuman", "kazoe_yakuman"), id="kazoe-limit-name"),
    # the amounts a three-player table changes
    P("honba_per_stick_total", 200, 300, "/v1/score", {**TSUMO, "honba": 1},
      lambda r: tuple(p["honba"] for p in r[1]["payments"]), ((100, 100), (150, 150)), id="honba-200-300"),
    P("draw_noten_payment_total", 2000, 3000, "/v1/settle",
      {"scores": THREE, "outcome": {"kind": "exhaustive_draw", "ready": ["south"]}, "rules": SANMA},
      lambda r: r[1]["deltas"]["south"], (2000, 3000), id="noten-2000-3000"),
    P("final_rounding", "score_nearest", "nearest", "/v1/final",
      {**FINAL, "scores": [{**FINAL["scores"][0], "points": 49500}, {**FINAL["scores"][1], "points": 39500},
                           {**FINAL["scores"][2], "points": 16000}]},
      lambda r: tuple(x["final"] for x in r[1]["scores"]), ((44, 0, -44), (45, -1, -44)), id="rounding"),
]


@pytest.mark.parametrize("option, a, b, path, body, read, want", SWITCHES)
def test_option_switch(post_json, option, a, b, path, body, read, want):
    ra, rb = post_json(path, with_option(body, option, a)), post_json(path, with_option(body, option, b))
    assert (read(ra), read(rb)) == want, (ra, rb)


def test_every_three_player_option_is_switched():
    assert set(THREE_PLAYER_OPTIONS) <= {p.values[0] for p in SWITCHES}


@pytest.mark.parametrize("alias, option, value", [
    ("honba_value", "honba_per_stick_total", 400), ("noten_total", "draw_noten_payment_total", 3000),
    ("return_points", "final_return_points", 30000), ("oka", "final_oka_to_top", False),
    ("uma", "final_uma", [30000, 0, -30000])])
def test_api_md_names_are_other_names_of_an_option(client, alias, option, value):
    a = client.post("/v1/final", json={**FINAL, "rules": {**SANMA, alias: value}}).get_json()
    b = client.post("/v1/final", json={**FINAL, "rules": {**SANMA, option: value}}).get_json()
    assert a == b
    both = client.post("/v1/final", json={**FINAL, "rules": {**SANMA, alias: value, option: value}})
    assert both.status_code == 422 and both.get_json()["errors"][0]["pointer"] == f"#/rules/{alias}"


@pytest.mark.parametrize("preset, nagashi, aborts", [
    ("tenhou_sanma", "as_mangan_tsumo", ["kyuushu_kyuuhai", "suukaikan"]),
    ("tenhou", "as_mangan_tsumo", ["kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou"]),
    ("ema", "off", [])])
def test_api_md_names_that_cover_several_options_are_read_only(client, post_json, preset, nagashi, aborts):
    options = {o["name"]: o for o in client.get(f"/v1/presets/{preset}").get_json()["options"]}
    assert (options["nagashi_mangan"]["value"], options["abortive_draws"]["value"]) == (nagashi, aborts)
    status, out = post_json("/v1/final", {**FINAL, "rules": {**SANMA, "abortive_draws": []}})
    assert status == 422 and out["errors"][0]["code"] == "invalid_option"


def test_preset_lists_every_three_player_option(client):
    options = {o["name"]: o for o in client.get("/v1/presets/tenhou_sanma").get_json()["options"]}
    for name in THREE_PLAYER_OPTIONS:
        assert options[name]["description"] and options[name]["value_source"], name
        assert options[name]["verified"] is True, name
    assert options["players"]["value"] == 3 and options["removed_tiles"]["value"] == "2345678m"
    assert options["final_uma"]["value"] == [20000, 0, -20000] and options["honba_per_stick_total"]["value"] == 200
    assert (options["honba_value"]["value"], options["noten_total"]["value"], options["return_points"]["value"],
            options["game_start_points"]["value"]) == (200, 2000, 40000, 35000)
