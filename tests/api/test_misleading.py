"""Answers that cannot mislead: counts versus points, the yakuman multiple actually paid, readiness per discard
and per form."""
import pytest

WINDS = {"seat_wind": "south", "round_wind": "east"}
RON = {"hand": "123m456p789s1122z", "win_tile": "1z", "win_by": "ron", "discarder": "east", **WINDS}
SCORES = {"east": 25000, "south": 25000, "west": 25000, "north": 25000}


def test_score_names_counter_and_stick_points(post_json):
    status, out = post_json("/v1/score", {**RON, "honba": 2, "riichi_sticks": 1})
    assert status == 200
    [pay] = out["payments"]
    assert pay["honba"] == pay["honba_points"] == 600            # 2 counters -> 600 points
    assert out["riichi_sticks_collected"] == out["riichi_stick_points"] == 1000   # 1 stick -> 1,000 points


def test_settle_names_points_and_keeps_counts_as_counts(post_json):
    status, out = post_json("/v1/settle", {"scores": SCORES, "honba": 2, "riichi_sticks": 1, "outcome": {
        "kind": "ron", "discarder": "east", "wins": [{"winner": "south", "han": 2, "fu": 30}]}})
    assert status == 200
    [win] = out["wins"]
    assert win["honba"] == win["honba_points"] == 600 and win["riichi_sticks"] == win["riichi_stick_points"] == 1000
    assert out["next"] == {"honba": 0, "riichi_sticks": 0, "dealer_keeps": False}


def test_final_names_leftover_stick_points(post_json):
    body = {"scores": [{"player": p, "points": n} for p, n in (("A", 35000), ("B", 25000), ("C", 25000),
                                                              ("D", 13000))], "riichi_sticks": 2}
    status, out = post_json("/v1/final", body)
    assert status == 200 and (out["leftover_sticks"], out["leftover_stick_points"]) == (2, 2000)   # count, points


def test_openapi_says_which_are_counts_and_which_are_points():
    from schemas.score import PaymentOut, ScoreIn, ScoreOut
    assert "COUNT" in ScoreIn._declared_fields["honba"].metadata["description"]
    assert "POINTS" in PaymentOut._declared_fields["honba"].metadata["description"]
    assert "POINTS" in ScoreOut._declared_fields["riichi_sticks_collected"].metadata["description"]


DAISANGEN_TSUUIISOU = {"hand": "666z777z111z2z", "melds": [{"kind": "pon", "tiles": "555z", "from": "east"}],
                       "win_tile": "2z", "win_by": "tsumo", **WINDS}


@pytest.mark.parametrize("cap, paid", [(0, 2), (1, 1)], ids=["no-cap", "capped-at-one"])
def test_yakuman_multiple_paid_under_max_yakuman_multiple(post_json, cap, paid):
    status, out = post_json("/v1/score", {**DAISANGEN_TSUUIISOU, "rules": {"max_yakuman_multiple": cap}})
    assert status == 200 and out["han"] == 26
    assert out["yakuman_multiple_paid"] == paid and out["base_points"] == 8000 * paid


def test_no_yakuman_multiple_below_the_yakuman_limit(post_json):
    _, out = post_json("/v1/score", RON)
    assert "yakuman_multiple_paid" not in out


@pytest.mark.parametrize("hand, ready, by_form", [
    pytest.param("123m456p789s2345s", True, {"regular": 0, "chiitoitsu": 6, "kokushi": 11}, id="13-ready"),
    pytest.param("1122m3344p5566s7z", True, {"regular": 3, "chiitoitsu": 0, "kokushi": 10}, id="13-seven-pairs"),
    pytest.param("19m19p19s1234567z", True, {"regular": 8, "chiitoitsu": 6, "kokushi": 0}, id="13-thirteen-orphans"),
    pytest.param("123m456p789s2345s9m", True, {"regular": 0, "chiitoitsu": 6, "kokushi": 10}, id="14-drawn"),
    pytest.param("19m19p19s1234567z1m", True, {"regular": 7, "chiitoitsu": 5, "kokushi": -1}, id="14-complete"),
])
def test_shanten_by_form(post_json, hand, ready, by_form):
    status, out = post_json("/v1/ready", {"hand": hand})
    assert status == 200 and out["ready"] is ready and out["shanten_by_form"] == by_form
    assert out["shanten"] == min(by_form.values())


def test_16_tile_hands_have_the_regular_form_only(post_json):
    status, out = post_json("/v1/ready", {"hand": "123m456p789s123s2345s", "rules": {"preset": "taiwanese_16"}})
    assert status == 200 and out["shanten_by_form"] == {"regular": 0}


def test_drawn_hand_ready_is_defined_per_discard(post_json):
    status, out = post_json("/v1/ready", {"hand": "123m456p789s23456s"})
    assert status == 200 and out["waits"] == []
    assert out["ready"] is any(d["ready"] for d in out["discards"])
    for d in out["discards"]:
        assert d["ready"] is bool(d["waits"])


def test_drawn_hand_whose_best_discard_waits_only_on_a_fifth_copy_is_not_ready(post_json):
    # four 1m held: after discarding 5z, 1111m234p567p888s would wait on a fifth 1m only: not ready
    status, out = post_json("/v1/ready", {"hand": "1111m234p567p888s5z"})
    assert status == 200
    five_z = next(d for d in out["discards"] if d["tile"] == "5z")
    assert (five_z["ready"], five_z["waits"]) == (False, [])
    for d in out["discards"]:
        assert d["ready"] is bool(d["waits"])
    assert out["ready"] is any(d["ready"] for d in out["discards"])
