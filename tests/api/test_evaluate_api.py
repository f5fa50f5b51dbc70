import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from calculator.core.notation import parse_tiles
from calculator.core.tiles import kind
from tests.positions import random_position
from tests.budget import examples

EXAMPLE = {"hand": "123m789p23456s11z", "discards": [{"tile": "4s"}], "missed": ["7s"], "seat_wind": "south",
           "round_wind": "east", "discarder": "west", "dora_indicators": "1m", "honba": 1, "riichi_sticks": 1,
           "tiles_left": 40, "rules": {"preset": "tenhou"}}
HISTORY_KEYS = ("discards", "missed", "missed_after_riichi", "sacred_declared_at")


def score_body(body, tile, by):
    """The /v1/score request for winning on `tile` by `by` from an /v1/evaluate body."""
    out = {k: v for k, v in body.items() if k in ("hand", "melds", "seat_wind", "round_wind", "riichi", "ippatsu",
                                                   "dora_indicators", "ura_dora_indicators", "honba",
                                                   "riichi_sticks", "flowers", "seasons", "rules")}
    out["history"] = {k: body[k] for k in HISTORY_KEYS if k in body}
    if by == "ron" and body.get("discarder"):
        out["discarder"] = body["discarder"]
    return {**out, "win_tile": tile, "win_by": by}


def furiten_body(body):
    return {k: body[k] for k in ("hand", "melds", "riichi", "rules", *HISTORY_KEYS) if k in body}


def copies_seen(body, tile):
    """Copies of `tile` (a kind) in the hand, the melds, the own river, the indicators and the passed
    tiles: the tiles that count towards the four-copies limit of /v1/score. A tile passed after riichi
    is passed since the own last discard too (the lists overlap), and a kong's kind may be passed once
    before the kong was made."""
    texts = [body["hand"], body.get("dora_indicators") or "", body.get("ura_dora_indicators") or ""]
    texts += [m["tiles"] for m in body.get("melds", [])] + [d["tile"] for d in body.get("discards", [])]
    want = kind(parse_tiles(tile)[0][0])
    kong = any(m["kind"].endswith("kan") and kind(parse_tiles(m["tiles"])[0][0]) == want
               for m in body.get("melds", []))
    passed = max(max(0, sum(kind(parse_tiles(t)[0][0]) == want for t in body.get(key, [])) - kong)
                 for key in ("missed", "missed_after_riichi"))
    return sum(kind(t) == want for text in texts for t in parse_tiles(text)[0]) + passed


def evaluate_with_furiten(post_json, body) -> dict:
    """The /v1/evaluate answer, after checking each wait's furiten entries against /v1/furiten's answer."""
    status, ev = post_json("/v1/evaluate", body)
    assert status == 200, ev
    _, fur = post_json("/v1/furiten", furiten_body(body))
    assert [w["tile"] for w in ev["waits"]] == fur["waits"]
    for w in ev["waits"]:
        t = w["tile"]
        assert w["ron_blocked"] == {v: t in fur["variants"][v]["ron_blocked"] for v in fur["variants"]}
        assert w["furiten"] == {"ron": fur["verdict"]["ron"][t], "tsumo": fur["verdict"]["tsumo"][t],
                                "reasons": fur["verdict"]["reasons"][t]}
    return ev


def check_consistency(post_json, body):
    ev = evaluate_with_furiten(post_json, body)
    for w in ev["waits"]:
        t = w["tile"]
        if copies_seen(body, t) >= 4:
            # every copy of the wait is in the player's hand, river or indicators: no such win exists
            # (/v1/score answers 422 too_many_copies, see test_evaluate_wait_with_every_copy_gone)
            assert w["remaining"] == 0
            for by in ("ron", "tsumo"):
                assert w[by] == {"preset": body["rules"]["preset"], "is_win": False, "reasons": ["no_copies_left"]}
            continue
        for by in ("ron", "tsumo"):
            status, alone = post_json("/v1/score", score_body(body, t, by))
            assert status == 200 and w[by] == alone, (t, by, alone)
    return ev


def test_evaluate_example(post_json):
    ev = check_consistency(post_json, EXAMPLE)
    assert (ev["shanten"], ev["ready"], [w["tile"] for w in ev["waits"]]) == (0, True, ["1s", "4s", "7s"])
    one = ev["waits"][0]
    assert one["ron_blocked"] == {"traditional": False, "extended": False, "one_four_seven": True, "absolute": True}
    assert one["ron"]["is_win"] is False and one["ron"]["reasons"][0] == "furiten"
    assert one["tsumo"]["is_win"] is True and one["tsumo"]["riichi_sticks_collected"] == 1000
    assert ev["riichi"] == {"allowed": True, "reasons": [], "outcome": "accepted", "unchecked": ["points"]}


def test_evaluate_wait_with_every_copy_gone(post_json):
    # 9m: three in hand, the fourth in the own river; the wait exists structurally but cannot be won on
    body = {"hand": "4478999m999p444z", "discards": [{"tile": "9m"}], "seat_wind": "south", "round_wind": "east",
            "rules": {"preset": "tenhou"}}
    ev = check_consistency(post_json, body)
    nine = next(w for w in ev["waits"] if w["tile"] == "9m")
    assert nine["remaining"] == 0 and nine["ron"]["reasons"] == ["no_copies_left"]
    for by in ("ron", "tsumo"):
        status, alone = post_json("/v1/score", score_body(body, "9m", by))
        assert status == 422 and [e["code"] for e in alone["errors"]] == ["too_many_copies"]


@pytest.mark.parametrize("body, tile", [
    pytest.param({"hand": "123456m0556677p", "discards": [{"tile": "5p"}], "seat_wind": "south",
                  "round_wind": "east", "rules": {"preset": "tenhou"}}, "5p", id="a-red-five-among-the-copies"),
    pytest.param({"hand": "123456m0556677p", "dora_indicators": "5p", "seat_wind": "south", "round_wind": "east",
                  "rules": {"preset": "tenhou"}}, "5p", id="the-fourth-copy-an-indicator"),
    pytest.param({"hand": "4478999m999p444z", "missed": ["9m"], "seat_wind": "south", "round_wind": "east",
                  "rules": {"preset": "tenhou"}}, "9m", id="the-fourth-copy-passed"),
])
def test_a_wait_whose_copies_are_all_seen_is_not_scored(post_json, body, tile):
    """evaluate counts the copies gone per wait (the hand, the river, the indicators, the passed tiles): a red
    five is a copy of its five, and an indicator is a copy of its own tile."""
    ev = check_consistency(post_json, body)
    wait = next(w for w in ev["waits"] if w["tile"] == tile)
    gone = copies_seen(body, tile) >= 4
    assert (wait["ron"]["reasons"] == ["no_copies_left"]) is gone


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(["tenhou", "japanese_modern", "ema",
                                                                "japanese_transitional"]), one_suit=st.booleans())
def test_evaluate_equals_furiten_and_score_separately(post_json, seed, preset, one_suit):
    # checked once with 2,000 examples (and 6,000 seeded positions) without a failure; kept modest here.
    # The positions vary closed kans, counters, riichi sticks and ura indicators too.
    check_consistency(post_json, random_position(random.Random(seed), one_suit, full=True).body(preset))


def ready_visible(body):
    """What /v1/ready must be told is visible to count remaining copies as /v1/evaluate does: the own river,
    the indicators and the passed tiles (per kind the larger of missed and missed_after_riichi)."""
    river = "".join(d["tile"] for d in body.get("discards", []))
    passed = ""
    for k in {t for key in ("missed", "missed_after_riichi") for t in body.get(key, [])}:
        passed += k * max(body.get(key, []).count(k) for key in ("missed", "missed_after_riichi"))
    return river + body.get("dora_indicators", "") + body.get("ura_dora_indicators", "") + passed


def check_16_tile_consistency(post_json, body):
    ev = check_consistency(post_json, body)
    status, ready = post_json("/v1/ready", {"hand": body["hand"], "melds": body["melds"],
                                            "visible": ready_visible(body), "rules": body["rules"]})
    assert status == 200, ready
    assert (ev["shanten"], ev["ready"], ev["forms"]) == (ready["shanten"], ready["ready"], ready["forms"])
    assert [(w["tile"], w["remaining"]) for w in ev["waits"]] == [(w["tile"], w["remaining"]) for w in ready["waits"]]
    return ev


def taiwanese_body(p) -> dict:
    """A 16-tile position under taiwanese_16, without what the Taiwanese table has not (dora, riichi and its sticks,
    ippatsu: /v1/score refuses them there)."""
    body = {k: v for k, v in p.body("taiwanese_16").items() if k not in (
        "dora_indicators", "ura_dora_indicators", "riichi_sticks", "ippatsu", "riichi", "missed_after_riichi")}
    body["discards"] = [{k: v for k, v in d.items() if k != "riichi"} for d in body.get("discards", [])]
    return body


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), one_suit=st.booleans())
def test_evaluate_equals_furiten_ready_and_score_for_16_tile_hands(post_json, seed, one_suit):
    # taiwanese_16: readiness and furiten as /v1/ready and /v1/furiten, each win as /v1/score's tai answer
    p = random_position(random.Random(seed), one_suit, hand_size=16, full=True)
    ev = check_16_tile_consistency(post_json, taiwanese_body(p))
    assert ev["ready"] and all("tai" in w["tsumo"] for w in ev["waits"] if w["tsumo"]["is_win"])


def test_positions_vary_what_the_property_needs():
    # the generator does produce the features the properties claim to cover
    ps = [random_position(random.Random(seed), full=True) for seed in range(300)]
    assert any(m.kind == "closed_kan" for p in ps for m in p.hand.melds)
    assert {p.honba for p in ps} == set(range(5)) and {p.riichi_sticks for p in ps} == set(range(4))
    assert any(p.ura for p in ps) and all(bool(p.ura) == (p.history.riichi != "none") for p in ps)
    sixteen = random_position(random.Random(1), hand_size=16)
    assert len(sixteen.hand.concealed) + 3 * len(sixteen.hand.melds) == 16


@pytest.mark.parametrize("preset, key", [("taiwanese_16", "tai"), ("european_classical", "basic_points"),
                                         ("french", "basic_points"), ("italian", "basic_points")])
def test_evaluate_values_each_win_with_the_familys_table(post_json, preset, key):
    """Issue 13: every family scores its hands, /v1/evaluate too: each wait's ron and tsumo are /v1/score's answers."""
    hand = "123m456p789s2345678s" if preset == "taiwanese_16" else "123m456p789s2345s"
    body = {"hand": hand, "seat_wind": "east", "round_wind": "east", "discarder": "north", "flowers": [2],
            "rules": {"preset": preset}}
    ev = check_consistency(post_json, body)
    assert ev["ready"] and all(w[by]["is_win"] and key in w[by] for w in ev["waits"] for by in ("ron", "tsumo"))


def test_evaluate_says_scoring_not_defined_for_a_hand_size_the_family_does_not_score(post_json):
    status, ev = post_json("/v1/evaluate", {"hand": "123m456p789s2345678s", "seat_wind": "east", "round_wind": "east",
                                            "rules": {"preset": "european_classical", "hand_size": 16,
                                                      "special_forms": False}})
    assert status == 200 and ev["ready"]
    assert all(w[by] == {"is_win": False, "reasons": ["scoring_not_defined"]} for w in ev["waits"]
               for by in ("ron", "tsumo"))


def test_evaluate_riichi_matches_riichi_endpoint(post_json):
    body = {"hand": "234567m234p67s55s", "discards": [{"tile": "8s"}], "seat_wind": "west", "round_wind": "east",
            "scores": {"east": 25000, "south": 25000, "west": 500, "north": 25000}, "tiles_left": 40,
            "rules": {"preset": "tenhou"}}
    _, ev = post_json("/v1/evaluate", body)
    _, alone = post_json("/v1/riichi", {"hand": body["hand"], "discards": body["discards"], "points": 500,
                                        "tiles_left": 40, "rules": body["rules"]})
    assert ev["riichi"]["reasons"] == alone["reasons"] == ["too_few_points"]
    assert ev["riichi"]["allowed"] is alone["allowed"] is False


@pytest.mark.parametrize("body,pointer,code", [
    ({**EXAMPLE, "hand": "123m789p23456s11z5z"}, "#/hand", "wrong_tile_count"),
    ({**EXAMPLE, "discarder": "south"}, "#/discarder", "inconsistent_situation"),
    ({**EXAMPLE, "ippatsu": True}, "#/ippatsu", "inconsistent_situation"),
    ({**EXAMPLE, "visible": "1111m"}, "#/visible", "too_many_copies"),
    ({**EXAMPLE, "hand": "123m789p23s11z", "melds": [{"kind": "pon", "tiles": "555s", "from": "south"}]},
     "#/melds/0/from", "bad_meld"),
    ({**EXAMPLE, "hand": "123m456p789s2345678s", "rules": {"preset": "taiwanese_16", "ready_mode": "voluntary_riichi",
                                                          "riichi_check_minimum_points": True}},
     "#/rules/riichi_check_minimum_points", "scoring_not_defined"),
    ({**EXAMPLE, "rules": {"preset": "french", "riichi_check_minimum_points": True}},
     "#/rules/riichi_check_minimum_points", "scoring_not_defined"),
], ids=["drawn-hand", "self-discarder", "ippatsu-without-riichi", "fifth-copy-visible", "meld-from-own-seat",
        "minimum-check-16-tiles", "minimum-check-french"])
def test_evaluate_impossible_requests_are_422(refused, body, pointer, code):
    assert (pointer, code) in refused("/v1/evaluate", body)


def test_rules_4_9_1_riichi_pinfu_tanyao_ron(post_json):
    # S declared riichi (stick on the table); W discards 8s: 3 han 30 fu, W pays 3,900, S takes his stick back
    body = {"hand": "234567m234p67s55s", "discards": [{"tile": "9m", "riichi": True}], "riichi": "riichi",
            "seat_wind": "south", "round_wind": "east", "discarder": "west", "riichi_sticks": 1}
    ev = check_consistency(post_json, body)
    ron = next(w for w in ev["waits"] if w["tile"] == "8s")["ron"]
    assert (ron["han"], ron["fu"], ron["points"]) == (3, 30, 3900)
    assert [y["id"] for y in ron["yaku"]] == ["riichi", "pinfu", "tanyao"]
    assert ron["deltas"] == {"east": 0, "south": 4900, "west": -3900, "north": 0}


def test_riichi_does_not_depend_on_copies_left_elsewhere(post_json):
    # SEED-RI: "the hand is not checked against availability of tiles": every 5s and 8s is seen, riichi stands
    body = {"hand": "234567m234p67s55s", "visible": "55s8888s", "seat_wind": "south", "round_wind": "east",
            "tiles_left": 40, "rules": {"preset": "japanese_modern"}}
    status, ev = post_json("/v1/evaluate", body)
    assert status == 200
    assert [(w["tile"], w["remaining"]) for w in ev["waits"]] == [("5s", 0), ("8s", 0)]
    assert ev["riichi"]["allowed"] is True and ev["riichi"]["reasons"] == []


def pairs(body):
    return sorted((e["pointer"], e["code"]) for e in body["errors"])


def test_422_lists_shape_problems_first_then_domain_problems(post_json):
    body = {**EXAMPLE, "hand": "11111m8z", "seat_wind": "up", "ippatsu": True, "rules": 5}
    status, out = post_json("/v1/evaluate", body)
    assert status == 422 and pairs(out) == [("#/rules", "invalid"), ("#/seat_wind", "invalid")]
    status, out = post_json("/v1/evaluate", {**body, "seat_wind": "south", "rules": {"preset": "nope"}})
    assert status == 422
    # ippatsu without riichi; the default rules stand in for an unknown preset
    assert pairs(out) == sorted([("#/rules/preset", "unknown_preset"), ("#/hand", "unknown_tile"),
                                 ("#/hand", "too_many_copies"), ("#/hand", "wrong_tile_count"),
                                 ("#/ippatsu", "inconsistent_situation")])


def test_visible_copies_count_with_the_river_and_the_indicators(post_json):
    # one 1m in the hand, one indicator, two in the river: a fifth in `visible` cannot be
    status, body = post_json("/v1/evaluate", {**EXAMPLE, "discards": [{"tile": "1m"}, {"tile": "1m"}],
                                              "visible": "1m"})
    assert status == 422
    assert pairs(body) == [("#/visible", "too_many_copies")]


@pytest.mark.parametrize("extra,remaining", [
    ({}, {"2s": 3, "5s": 3}),
    ({"missed": ["5s", "5s"]}, {"2s": 3, "5s": 1}),
    ({"missed": ["5s"], "visible": "5s"}, {"2s": 3, "5s": 2}),                       # the same copy, listed twice
    ({"missed": ["5s"], "missed_after_riichi": ["5s", "2s"], "riichi": "riichi",
      "discards": [{"tile": "9m", "riichi": True}]}, {"2s": 2, "5s": 2}),           # 5s passed since riichi too
], ids=["nothing-passed", "missed-twice", "missed-and-visible", "both-lists-overlap"])
def test_remaining_counts_the_passed_tiles(post_json, extra, remaining):
    body = {"hand": "123m456p789s2345s", "seat_wind": "south", "round_wind": "east", **extra}
    status, ev = post_json("/v1/evaluate", body)
    assert status == 200, ev
    assert {w["tile"]: w["remaining"] for w in ev["waits"]} == remaining


@pytest.mark.parametrize("hand_size,hand,scored", [(13, "123m456p789s2345s", True),
                                                   (16, "123m456p789s2345678s", False)])
def test_japanese_preset_scores_13_tile_hands_only(post_json, hand_size, hand, scored):
    status, ev = post_json("/v1/evaluate", {"hand": hand, "seat_wind": "south", "round_wind": "east",
                                            "rules": {"preset": "tenhou", "hand_size": hand_size,
                                                      "special_forms": hand_size == 13}})
    assert status == 200 and ev["ready"] and ev["waits"]
    for w in ev["waits"]:
        assert (w["tsumo"]["is_win"], w["tsumo"]["reasons"]) == ((True, []) if scored else
                                                                  (False, ["scoring_not_defined"]))


@pytest.mark.parametrize("points", [-5000, 0, 25000])
def test_french_declaration_in_evaluate_has_no_prerequisites(post_json, points):
    status, ev = post_json("/v1/evaluate", {"hand": "123m456p789s2345s", "seat_wind": "south", "round_wind": "east",
                                            "tiles_left": 0, "scores": {"south": points},
                                            "rules": {"preset": "french"}})
    assert status == 200
    assert ev["riichi"] == {"allowed": True, "reasons": [], "outcome": "accepted", "unchecked": []}
