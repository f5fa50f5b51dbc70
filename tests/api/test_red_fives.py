"""Red fives under every route: read as plain fives (with a note) where the tile set has none, counted where it
has them, and more of a suit than the set holds is a 422 naming the fix. Indicators the rules do not use are
noted, never dropped in silence."""
import re

import pytest

WINDS = {"seat_wind": "south", "round_wind": "east"}
SCORES = {"east": 25000, "south": 25000, "west": 25000, "north": 25000}

# one body per route, each holding a red five (0p) somewhere: hand, melds, discards, indicators
BODIES = {
    "/v1/ready": {"hand": "123m406p789s1122z"},
    "/v1/furiten": {"hand": "123m406p789s1122z", "discards": [{"tile": "0s"}]},
    "/v1/evaluate": {"hand": "123m406p789s1122z", "discards": [{"tile": "9m"}], "dora_indicators": "4p", **WINDS},
    "/v1/kuikae": {"hand": "1s456m789p1122z", "call": {"kind": "chi", "tiles": "340s", "called": "0s", "from": "north"}},
    "/v1/riichi": {"hand": "123m406p789s1122z", "discards": [{"tile": "9m"}], "riichi": "none"},
    "/v1/score": {"hand": "123m406p789s1122z", "win_tile": "1z", "win_by": "ron", "discarder": "east", **WINDS},
    "/v1/settle": {"scores": SCORES, "outcome": {"kind": "ron", "discarder": "east", "wins": [
        {"hand": "123m406p789s1122z", "win_tile": "1z", "win_by": "ron", "discarder": "east", **WINDS}]}},
}


@pytest.mark.parametrize("path", list(BODIES))
def test_a_red_five_under_the_default_preset_is_a_plain_five_with_a_note(post_json, path):
    status, out = post_json(path, BODIES[path])
    assert status == 200, out
    assert "red_fives_read_as_plain" in out["notes"]
    detail = out["note_details"]["red_fives_read_as_plain"]
    assert "tenhou" in detail and "mahjong_soul" in detail and "red_fives" in detail


@pytest.mark.parametrize("path", list(BODIES))
def test_the_answer_is_that_of_the_plain_fives(post_json, path):
    plain = _replace_reds(BODIES[path])
    _, red_out = post_json(path, BODIES[path])
    _, plain_out = post_json(path, plain)
    for out in (red_out, plain_out):
        _drop_notes(out)
        for w in out.get("waits", ()):
            for by in ("ron", "tsumo"):
                if isinstance(w, dict) and by in w:
                    _drop_notes(w[by])
    assert red_out == plain_out


def _drop_notes(out):
    out["notes"] = [n for n in out.pop("notes", ()) if n != "red_fives_read_as_plain"]
    out.pop("note_details", None)


def _replace_reds(value):
    if isinstance(value, str):
        return value.replace("0", "5") if re.fullmatch(r"([0-9]+[mpsz])+", value) else value
    if isinstance(value, dict):
        return {k: _replace_reds(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_replace_reds(v) for v in value]
    return value


@pytest.mark.parametrize("path", list(BODIES))
def test_no_note_without_a_red_five(post_json, path):
    status, out = post_json(path, _replace_reds(BODIES[path]))
    assert status == 200 and "red_fives_read_as_plain" not in out.get("notes", ())


def test_evaluate_notes_every_per_wait_score(post_json):
    _, out = post_json("/v1/evaluate", BODIES["/v1/evaluate"])
    assert out["waits"]
    for w in out["waits"]:
        assert "red_fives_read_as_plain" in w["ron"]["notes"] and "red_fives_read_as_plain" in w["tsumo"]["notes"]


def test_under_tenhou_the_red_five_counts_as_aka_dora(post_json):
    body = {**BODIES["/v1/score"], "rules": {"preset": "tenhou"}}
    status, out = post_json("/v1/score", body)
    assert status == 200 and {"id": "aka_dora", "han": 1} in out["yaku"] and "notes" not in out


def test_setting_the_option_counts_it_under_the_default_preset(post_json):
    body = {**BODIES["/v1/score"], "rules": {"red_fives": [0, 1, 0]}}
    status, out = post_json("/v1/score", body)
    assert status == 200 and {"id": "aka_dora", "han": 1} in out["yaku"] and "notes" not in out


def test_a_suit_without_red_fives_is_named_when_others_have_them(post_json):
    body = {**BODIES["/v1/score"], "rules": {"red_fives": [1, 0, 1]}}
    status, out = post_json("/v1/score", body)
    assert status == 200 and "red fives in pins" in out["note_details"]["red_fives_read_as_plain"]


@pytest.mark.parametrize("hand, want", [
    pytest.param("123m400p789s1122z", "2 red fives in pins; this tile set has 1", id="two-red-pins"),
    pytest.param("123m456p000s1122z", "3 red fives in bamboo; this tile set has 1", id="three-red-bamboo"),
])
def test_more_red_fives_than_the_set_holds_is_a_422_naming_the_fix(post_json, hand, want):
    status, out = post_json("/v1/ready", {"hand": hand, "rules": {"preset": "tenhou"}})
    assert status == 422
    [err] = [e for e in out["errors"] if e["code"] == "too_many_red_fives"]
    assert err["detail"].startswith(want) and "red_fives" in err["detail"]


SCORE = {"hand": "123m456p789s1122z", "win_tile": "1z", "win_by": "ron", "discarder": "east", **WINDS}


@pytest.mark.parametrize("extra, rules, note", [
    pytest.param({"riichi": "riichi", "ura_dora_indicators": "1m"}, {}, "ura_dora_not_used", id="ura-japanese-modern"),
    pytest.param({"riichi": "riichi", "dora_indicators": "1m2m"}, {}, "kan_dora_not_used", id="kan-dora-japanese-modern"),
    pytest.param({"ura_dora_indicators": "1m"}, {"preset": "tenhou"}, "ura_dora_without_riichi", id="ura-no-riichi"),
    pytest.param({"riichi": "riichi", "ura_dora_indicators": "1m2m"}, {"preset": "tenhou", "kan_ura_dora": False},
                 "kan_ura_dora_not_used", id="kan-ura-off"),
])
def test_indicators_the_rules_do_not_use_are_noted(post_json, extra, rules, note):
    for path in ("/v1/score", "/v1/evaluate"):
        body = {**SCORE, **extra, "rules": rules}
        if path == "/v1/evaluate":
            body = {k: v for k, v in body.items() if k not in ("win_tile", "win_by")}
            body["hand"] = "123m456p789s1122z"
        status, out = post_json(path, body)
        assert status == 200, out
        assert note in out["notes"] and out["note_details"][note]


def test_indicators_the_rules_use_are_not_noted(post_json):
    body = {**SCORE, "riichi": "riichi", "dora_indicators": "1m2m", "ura_dora_indicators": "1m2m",
            "rules": {"preset": "tenhou"}}
    status, out = post_json("/v1/score", body)
    assert status == 200 and "notes" not in out
