"""POST /v1/score over HTTP: the API.md contract, reasons for legal non-wins, 422 for impossible input."""
import pytest

EXAMPLE = {"hand": "3456789m234s", "melds": [{"kind": "pon", "tiles": "666z", "called": "6z", "from": "south"}],
           "win_tile": "3m", "win_by": "ron", "discarder": "east", "seat_wind": "west", "round_wind": "east",
           "dora_indicators": "0m", "rules": {"preset": "tenhou"}}
PINFU = {"hand": "234567m234p67s55s", "win_tile": "8s", "win_by": "ron", "discarder": "north",
         "seat_wind": "south", "round_wind": "east"}


def test_api_md_example(post_json):
    status, body = post_json("/v1/score", EXAMPLE)
    assert status == 200
    assert body == {
        "preset": "tenhou", "is_win": True, "reasons": [], "han": 2, "fu": 30,
        "yaku": [{"id": "hatsu", "han": 1}, {"id": "dora", "han": 1}], "yakuman": [],
        "fu_breakdown": [{"reason": "base", "fu": 20}, {"reason": "open_pung_terminal_honour", "fu": 4},
                         {"reason": "wait_tanki", "fu": 2}, {"reason": "rounding", "fu": 4}],
        # API.md's sample prints base_points 960; 2 han 30 fu is b = 30 * 2^4 = 480 (480 * 4 -> 2,000)
        "limit": None, "base_points": 480, "points": 2000,
        "payments": [{"from": "east", "amount": 2000, "honba": 0, "honba_points": 0}], "riichi_sticks_collected": 0,
        "riichi_stick_points": 0,
        "deltas": {"east": -2000, "south": 0, "west": 2000, "north": 0}}


def test_default_preset_is_japanese_modern(post_json):
    status, body = post_json("/v1/score", PINFU)
    assert status == 200 and body["preset"] == "japanese_modern" and body["points"] == 2000


def test_ron_without_discarder_omits_deltas(post_json):
    body = {k: v for k, v in PINFU.items() if k != "discarder"}
    status, out = post_json("/v1/score", body)
    assert status == 200 and "deltas" not in out and out["payments"] == [{"from": None, "amount": 2000, "honba": 0,
                                                                                    "honba_points": 0}]


def test_tsumo_payments_and_sticks(post_json):
    body = {**PINFU, "win_by": "tsumo", "riichi": "riichi", "honba": 2, "riichi_sticks": 2}
    body.pop("discarder")
    status, out = post_json("/v1/score", body)
    assert status == 200
    assert out["points"] == 5200 and out["riichi_sticks_collected"] == 2000
    assert out["payments"] == [{"from": "east", "amount": 2600, "honba": 200, "honba_points": 200},
                               {"from": "west", "amount": 1300, "honba": 200, "honba_points": 200},
                               {"from": "north", "amount": 1300, "honba": 200, "honba_points": 200}]
    assert out["deltas"] == {"east": -2800, "south": 7800, "west": -1500, "north": -1500}


def test_yakuman_answer_shape(post_json):
    body = {**PINFU, "hand": "555z666z777z23m11p", "win_tile": "4m", "rules": {"preset": "tenhou"}}
    status, out = post_json("/v1/score", body)
    assert status == 200
    assert out["yaku"] == [] and out["yakuman"] == [{"id": "daisangen", "multiplier": 1}]
    assert (out["han"], out["limit"], out["points"]) == (13, "yakuman", 32000)


@pytest.mark.parametrize("change, reason", [
    pytest.param({"hand": "234567m234p67s59s"}, "not_complete", id="not-complete"),
    pytest.param({"hand": "234m456p55m78m", "win_tile": "6m", "melds": [{"kind": "pon", "tiles": "999s"}],
                  "dora_indicators": "8s"}, "no_yaku", id="no-yaku-dora-only"),
    pytest.param({"rules": {"min_han": 3}}, "below_minimum_han", id="below-minimum"),
])
def test_legal_non_wins_are_200_with_reasons(post_json, change, reason):
    status, out = post_json("/v1/score", {**PINFU, **change})
    assert status == 200
    assert out["is_win"] is False and out["reasons"] == [reason]
    assert not {"points", "payments", "deltas", "base_points", "limit"} & set(out)


def test_furiten_history_refuses_the_win(post_json):
    body = {"hand": "123m789p23456s11z", "win_tile": "4s", "win_by": "ron", "discarder": "north",
            "seat_wind": "south", "round_wind": "east", "riichi": "riichi"}
    status, out = post_json("/v1/score", {**body, "history": {"discards": [{"tile": "7s"}]}})
    assert status == 200 and out["is_win"] is False and out["reasons"][0] == "furiten"
    status, out = post_json("/v1/score", {**body, "history": {"discards": [{"tile": "9m"}]}})
    assert status == 200 and out["is_win"] is True
    status, out = post_json("/v1/score", {**body, "win_by": "tsumo", "discarder": None,
                                          "history": {"discards": [{"tile": "7s"}]}})
    assert status == 200 and out["is_win"] is True


@pytest.mark.parametrize("change, code", [
    pytest.param({"hand": "1111m234p67s55s56m", "win_tile": "1m"}, "too_many_copies", id="fifth-copy-by-win-tile"),
    pytest.param({"hand": "234567m234p67s5s"}, "wrong_tile_count", id="twelve-tiles"),
    pytest.param({"hand": "234007m234p67s55s", "rules": {"preset": "tenhou"}}, "too_many_red_fives",
                 id="two-red-5m-under-tenhou"),
    pytest.param({"win_tile": "8z"}, "unknown_tile", id="unknown-tile"),
    pytest.param({"win_tile": "78s"}, "not_one_tile", id="two-win-tiles"),
    pytest.param({"haitei": True}, "inconsistent_situation", id="haitei-on-ron"),
    pytest.param({"ippatsu": True}, "inconsistent_situation", id="ippatsu-without-riichi"),
    pytest.param({"discarder": "south"}, "inconsistent_situation", id="discarder-is-winner"),
    pytest.param({"dora_indicators": "123456m"}, "too_many_indicators", id="six-indicators"),
    pytest.param({"rules": {"preset": "no_such"}}, "unknown_preset", id="unknown-preset"),
    pytest.param({"rules": {"kazoe": "maybe"}}, "invalid_option", id="bad-option-value"),
])
def test_impossible_requests_are_422(post_json, change, code):
    status, out = post_json("/v1/score", {**PINFU, **change})
    assert status == 422
    assert code in {e["code"] for e in out["errors"]}


def test_every_problem_listed_at_once(post_json):
    status, out = post_json("/v1/score", {"hand": "11111m456p789s", "melds": [{"kind": "chi", "tiles": "135s"}],
                                          "win_tile": "8z", "win_by": "tsumo", "seat_wind": "east",
                                          "round_wind": "east"})
    assert status == 422 and len(out["errors"]) >= 3


@pytest.mark.parametrize("body", [
    pytest.param({**PINFU, "honba": -1}, id="negative-honba"),
    pytest.param({**PINFU, "win_by": "sideways"}, id="bad-win-by"),
    pytest.param({k: v for k, v in PINFU.items() if k != "seat_wind"}, id="missing-seat"),
    pytest.param({**PINFU, "hand": 12345}, id="hand-not-a-string"),
])
def test_malformed_bodies_are_422(post_json, body):
    status, out = post_json("/v1/score", body)
    assert status == 422 and out["errors"]


@pytest.mark.parametrize("preset", ["japanese_modern", "japanese_transitional", "tenhou", "mahjong_soul", "ema", "wrc"])
def test_every_japanese_preset_scores(post_json, preset):
    status, out = post_json("/v1/score", {**PINFU, "riichi": "riichi", "rules": {"preset": preset}})
    assert status == 200 and out["preset"] == preset and (out["han"], out["fu"]) == (3, 30)


def pairs(body):
    return sorted((e["pointer"], e["code"]) for e in body["errors"])


def test_422_lists_shape_problems_first_then_domain_problems(post_json):
    body = {**PINFU, "hand": "11111m8z", "win_tile": "9z", "haitei": "yes", "rules": {"preset": "nope"}}
    status, out = post_json("/v1/score", body)
    assert status == 422 and pairs(out) == [("#/haitei", "invalid")]
    status, out = post_json("/v1/score", {**body, "haitei": False})
    assert status == 422
    assert pairs(out) == sorted([("#/hand", "unknown_tile"), ("#/hand", "too_many_copies"),
                                 ("#/hand", "wrong_tile_count"), ("#/win_tile", "unknown_tile"),
                                 ("#/rules/preset", "unknown_preset")])


@pytest.mark.parametrize("body, problems", [
    # a field that does not load is listed alone: what the others mean is read once the shape is clean
    pytest.param({**PINFU, "win_by": "rob", "houtei": True}, [("#/win_by", "invalid")], id="win_by-unreadable"),
    pytest.param({**PINFU, "riichi": "maybe", "history": {"discards": [{"tile": "1z", "riichi": True}]}},
                 [("#/riichi", "invalid")], id="riichi-unreadable"),
    pytest.param({**PINFU, "hand": 5, "dora_indicators": "8s8s8s8s", "ura_dora_indicators": "9z"},
                 [("#/hand", "invalid")], id="hand-unreadable"),
])
def test_422_a_field_that_does_not_load_is_listed_without_what_it_means(post_json, body, problems):
    status, out = post_json("/v1/score", body)
    assert status == 422
    assert pairs(out) == problems


def test_a_fifth_copy_from_the_winning_tile_points_at_it(post_json):
    status, body = post_json("/v1/score", {**PINFU, "hand": "1111m234p67s55s56m", "win_tile": "1m"})
    assert status == 422
    assert pairs(body) == [("#/win_tile", "too_many_copies")]


# --- 1-4-7 sacred discard: the permitted reading is the scored reading (RULES.md §3.2, §3.8 case M, §23.3) ---
# H6 = 123m456p789p2344s (RULES §3.4), waits 1s (partial 23s) and 4s (partials 23s and 4s). With 1s in the
# river, 1s completes 23s, so a ron on 4s is allowed only as the single wait on 4s: 123m 456p 789p 234s + pair
# 44s (case M). The other reading, 23s+4s = 234s with the pair 44s, is a two-sided wait: pinfu.
# South (non-dealer) in riichi, North deals in. Worked from RULES §6-§8:
#   permitted reading (tanki): riichi only (no pinfu: single wait; no tanyao: 123m/789p) = 1 han;
#     fu 20 base + 10 closed ron + 2 single wait = 32 -> 40; b = 40 * 2^3 = 320, x4 = 1,280 -> 1,300.
#   best reading (ryanmen): riichi + pinfu = 2 han; fu 20 + 10 = 30; b = 30 * 2^4 = 480, x4 = 1,920 -> 2,000.
H6_RON = {"hand": "123m456p789p2344s", "win_tile": "4s", "win_by": "ron", "discarder": "north",
          "seat_wind": "south", "round_wind": "east", "riichi": "riichi",
          "history": {"discards": [{"tile": "1s"}, {"tile": "9m", "riichi": True}]}}


def one_four_seven(scoring: str) -> dict:
    return {"preset": "japanese_modern", "sacred_discard_variant": "one_four_seven",
            "one_four_seven_scoring": scoring}


@pytest.mark.parametrize("scoring, han, fu, yaku, fu_reasons, points", [
    pytest.param("allowed_decomposition_only", 1, 40, ["riichi"], ["base", "menzen_ron", "wait_tanki", "rounding"],
                 1300, id="allowed-reading-only-scores-the-single-wait"),
    pytest.param("any_decomposition", 2, 30, ["riichi", "pinfu"], ["base", "menzen_ron"], 2000,
                 id="any-reading-scores-pinfu"),
])
def test_h6_with_1s_in_the_river_scores_through_the_1_4_7_reading(post_json, scoring, han, fu, yaku, fu_reasons,
                                                                   points):
    status, out = post_json("/v1/score", {**H6_RON, "rules": one_four_seven(scoring)})
    assert status == 200 and out["is_win"] is True and out["reasons"] == []
    assert (out["han"], out["fu"]) == (han, fu)
    assert [y["id"] for y in out["yaku"]] == yaku and out["yakuman"] == []
    assert [i["reason"] for i in out["fu_breakdown"]] == fu_reasons
    assert sum(i["fu"] for i in out["fu_breakdown"]) == fu
    assert out["points"] == points and out["deltas"]["north"] == -points and out["deltas"]["south"] == points


def test_h6_without_riichi_the_permitted_reading_has_no_yaku(post_json):
    # the single-wait reading has no yaku at all; only the forbidden ryanmen reading has pinfu (1 han 30 fu, 1,000)
    body = {**H6_RON, "riichi": "none", "history": {"discards": [{"tile": "1s"}, {"tile": "9m"}]}}
    status, out = post_json("/v1/score", {**body, "rules": one_four_seven("allowed_decomposition_only")})
    assert status == 200 and out["is_win"] is False and out["reasons"] == ["no_yaku"]
    status, out = post_json("/v1/score", {**body, "rules": one_four_seven("any_decomposition")})
    assert status == 200 and out["is_win"] is True
    assert (out["han"], out["fu"], [y["id"] for y in out["yaku"]], out["points"]) == (1, 30, ["pinfu"], 1000)


def test_h6_self_draw_is_not_held_to_the_permitted_reading(post_json):
    # sacred discard never restricts a self-draw (§3.1): riichi + menzen tsumo + pinfu, 20 fu (pinfu tsumo, §7.2);
    # b = 20 * 2^5 = 640: dealer 1,280 -> 1,300, others 640 -> 700 each = 2,700
    body = {**H6_RON, "win_by": "tsumo", "discarder": None, "rules": one_four_seven("allowed_decomposition_only")}
    status, out = post_json("/v1/score", body)
    assert status == 200 and out["is_win"] is True
    assert (out["han"], out["fu"]) == (3, 20)
    assert sorted(y["id"] for y in out["yaku"]) == ["menzen_tsumo", "pinfu", "riichi"]
    assert out["points"] == 2700


def test_h6_under_the_preset_absolute_variant_is_furiten(post_json):
    # japanese_modern's own variant is absolute: the 1s in the river (a wait) bars every ron (§3.5 case M)
    status, out = post_json("/v1/score", {**H6_RON, "rules": {"preset": "japanese_modern"}})
    assert status == 200 and out["is_win"] is False and out["reasons"] == ["furiten", "sacred_discard"]


@pytest.mark.parametrize("win_by", ["sideways", "chankan"])
def test_unknown_win_by_is_refused_by_the_schema(post_json, win_by):
    # calculator.furiten's `invalid_win_by` issue cannot be reached through /v1/score: the schema admits only
    # ron and tsumo (a robbed kan is `ron` with `chankan: true`) and answers its own `invalid` first
    status, out = post_json("/v1/score", {**PINFU, "win_by": win_by, "history": {"discards": [{"tile": "1z"}]}})
    assert status == 422
    assert pairs(out) == [("#/win_by", "invalid")]


def test_unknown_riichi_in_the_history_is_refused_by_the_schema(post_json):
    # `invalid_riichi` (calculator.furiten.check_history) is not reachable either: HistoryIn validates the
    # value first and reports the schema's `invalid` at the nested pointer
    status, out = post_json("/v1/score", {**PINFU, "history": {"discards": [{"tile": "1z"}], "riichi": "maybe"}})
    assert status == 422
    assert pairs(out) == [("#/history/riichi", "invalid")]


def test_scoring_not_defined_is_listed_with_the_other_problems(post_json):
    body = {"hand": "123m456p789s2345s9z", "win_tile": "2s", "win_by": "ron", "seat_wind": "south",
            "round_wind": "east", "rules": {"preset": "taiwanese_16", "hand_size": 13}}
    status, out = post_json("/v1/score", body)
    assert status == 422
    assert {(e["pointer"], e["code"]) for e in out["errors"]} == {
        ("#/rules/hand_size", "scoring_not_defined"), ("#/hand", "unknown_tile")}


def test_sixteen_tile_rules_have_no_hand_scoring(post_json):
    body = {**PINFU, "rules": {"preset": "tenhou", "hand_size": 16, "special_forms": False}}
    status, out = post_json("/v1/score", body)
    assert status == 422 and [(e["pointer"], e["code"]) for e in out["errors"]] == [
        ("#/rules/hand_size", "scoring_not_defined")]


def test_a_meld_claimed_from_the_winner_is_refused(post_json):
    body = {**EXAMPLE, "melds": [{"kind": "pon", "tiles": "666z", "called": "6z", "from": "west"}]}
    status, out = post_json("/v1/score", body)
    assert status == 422 and ("#/melds/0/from", "bad_meld") in {(e["pointer"], e["code"]) for e in out["errors"]}
