import pytest

from calculator.rules import PRESETS

PROBLEM = "application/problem+json"
READY_KEYS = {"preset", "shanten", "ready", "complete", "waits", "forms", "shanten_by_form"}


def ready(client, body):
    resp = client.post("/v1/ready", json=body)
    assert resp.status_code == 200, resp.get_data(as_text=True)
    assert resp.mimetype == "application/json"
    return resp.get_json()


def problems(client, body):
    resp = client.post("/v1/ready", json=body)
    assert resp.status_code == 422, resp.get_data(as_text=True)
    assert resp.mimetype == PROBLEM
    out = resp.get_json()
    assert out["type"] == "/problems/invalid-request" and out["status"] == 422
    for e in out["errors"]:
        assert set(e) == {"pointer", "code", "detail"} and e["detail"]
    assert out["detail"].startswith(f"{len(out['errors'])} problem")
    return out


def pairs(errors):
    return sorted((e["pointer"], e["code"]) for e in errors)


def test_13_tile_ready_hand(client):
    body = ready(client, {"hand": "123m456p789s2345s"})
    assert set(body) == READY_KEYS
    assert body == {"preset": "japanese_modern", "shanten": 0, "ready": True, "complete": False,
                    "waits": [{"tile": "2s", "remaining": 3}, {"tile": "5s", "remaining": 3}], "forms": ["regular"],
                    "shanten_by_form": {"regular": 0, "chiitoitsu": 6, "kokushi": 11}}


def test_13_tile_not_ready_is_200_with_empty_waits(client):
    body = ready(client, {"hand": "159m159p159s1234z"})
    assert body["ready"] is False and body["waits"] == [] and body["forms"] == [] and body["shanten"] > 0


def test_waits_in_tile_order_with_plain_names_for_red_fives(client):
    body = ready(client, {"hand": "123m406p789s2340s", "rules": {"preset": "tenhou"}})
    assert [w["tile"] for w in body["waits"]] == ["2s", "5s"]
    assert body["preset"] == "tenhou"


def test_visible_tiles_lower_remaining_and_never_below_zero(client):
    body = ready(client, {"hand": "123m456p789s2345s", "visible": "2s2s5s55s"})
    assert body["waits"] == [{"tile": "2s", "remaining": 1}, {"tile": "5s", "remaining": 0}]
    assert body["ready"] is True  # all copies seen elsewhere: still ready (RULES.md §1.1)


def test_seven_pairs_and_thirteen_orphans_forms(client):
    assert ready(client, {"hand": "113355779m1155z"})["forms"] == ["chiitoitsu"]
    body = ready(client, {"hand": "19m19p19s1234567z"})
    assert body["forms"] == ["kokushi"] and len(body["waits"]) == 13


def test_hand_with_melds(client):
    body = ready(client, {"hand": "456p789s2345s", "melds": [
        {"kind": "chi", "tiles": "123m", "called": "1m", "from": "north"}]})
    assert [w["tile"] for w in body["waits"]] == ["2s", "5s"]
    assert body["forms"] == ["regular"]


def test_14_tile_drawn_hand_lists_discards_best_first(client):
    body = ready(client, {"hand": "123m456p789s2345s1z"})
    assert set(body) == READY_KEYS | {"discards"}
    assert body["shanten"] == 0 and body["ready"] is True and body["complete"] is False and body["waits"] == []
    first = body["discards"][0]
    assert first == {"tile": "1z", "shanten": 0, "ready": True,
                     "waits": [{"tile": "2s", "remaining": 3}, {"tile": "5s", "remaining": 3}]}
    keys = [(d["shanten"], -sum(w["remaining"] for w in d["waits"])) for d in body["discards"]]
    assert keys == sorted(keys)
    assert len({d["tile"] for d in body["discards"]}) == len(body["discards"]) == 14
    assert {d["tile"] for d in body["discards"] if d["shanten"] == 0} == {"1z", "2s", "5s"}


def test_14_tile_complete_hand(client):
    body = ready(client, {"hand": "123m456p789s23455s"})
    assert body["shanten"] == -1 and body["complete"] is True and body["forms"] == ["regular"]
    assert all(d["shanten"] == 0 for d in body["discards"])


def test_fifth_copy_wait_is_not_ready_unless_the_option_says_so(client):
    body = ready(client, {"hand": "123m456p789s1111z"})
    assert (body["ready"], body["waits"], body["shanten"]) == (False, [], 1)
    body = ready(client, {"hand": "123m456p789s1111z", "rules": {"fifth_tile_wait_counts": True}})
    assert (body["ready"], body["waits"], body["shanten"]) == (True, [{"tile": "1z", "remaining": 0}], 0)


def test_16_tile_preset(client):
    body = ready(client, {"hand": "123m456m789m789p123s4z", "rules": {"preset": "taiwanese_16"}})
    assert body["preset"] == "taiwanese_16"
    assert body["waits"] == [{"tile": "4z", "remaining": 3}]
    body = ready(client, {"hand": "456m789m789p123s4z", "melds": [{"kind": "pon", "tiles": "111z"}],
                          "rules": {"preset": "taiwanese_16"}})
    assert body["waits"] == [{"tile": "4z", "remaining": 3}]


def test_16_tile_drawn_hand(client):
    body = ready(client, {"hand": "123m456m789m789p123s4z9s", "rules": {"preset": "taiwanese_16"}})
    assert body["discards"][0]["tile"] in ("4z", "9s") and body["discards"][0]["shanten"] == 0


@pytest.mark.parametrize("body, expected", [
    pytest.param({"hand": "123m456p789s2345s", "rules": {"preset": "taiwanese_16"}},
                 [("#/hand", "wrong_tile_count")], id="13-tiles-under-16-tile-rules"),
    pytest.param({"hand": "123m456m789m789p123s4z"},
                 [("#/hand", "wrong_tile_count")], id="16-tiles-under-13-tile-rules"),
    pytest.param({"hand": "123m456m789m789p123s4z", "melds": [{"kind": "pon", "tiles": "111z"}],
                  "rules": {"preset": "taiwanese_16"}}, [("#/hand", "wrong_tile_count")], id="16-tiles-plus-a-meld"),
    pytest.param({"hand": "", "melds": [{"kind": "pon", "tiles": f"{n}{n}{n}p"} for n in range(1, 7)],
                  "rules": {"preset": "taiwanese_16"}}, [("#/melds", "too_many_melds")], id="six-melds-in-16"),
])
def test_16_tile_count_errors(client, body, expected):
    assert pairs(problems(client, body)["errors"]) == expected


@pytest.mark.parametrize("body, expected", [
    pytest.param({"hand": "123m456p789s23456s7s"}, [("#/hand", "wrong_tile_count")], id="wrong_tile_count-15"),
    pytest.param({"hand": "123m456p789s118z"}, [("#/hand", "unknown_tile"), ("#/hand", "wrong_tile_count")],
                 id="unknown_tile-8z-and-count"),
    pytest.param({"hand": "123m456p789s2345"}, [("#/hand", "dangling_digits"), ("#/hand", "wrong_tile_count")],
                 id="dangling_digits"),
    pytest.param({"hand": "123m456p789s2345s", "visible": "1x"},
                 [("#/visible", "bad_character"), ("#/visible", "dangling_digits")], id="bad_character-in-visible"),
    pytest.param({"hand": "11111m456p789s23s"}, [("#/hand", "too_many_copies")], id="too_many_copies-in-hand"),
    pytest.param({"hand": "123m456p789s2345s", "visible": "5s5s5s5s"}, [("#/visible", "too_many_copies")],
                 id="too_many_copies-with-visible"),
    pytest.param({"hand": "456p789s2345s", "melds": [{"kind": "chi", "tiles": "135m"}]},
                 [("#/melds/0/tiles", "bad_meld")], id="bad_meld-chi"),
    pytest.param({"hand": "456p789s2345s", "melds": [{"kind": "pon", "tiles": "111m", "called": "11m"}]},
                 [("#/melds/0/called", "not_one_tile")], id="not_one_tile-called"),
    pytest.param({"hand": "456p789s2345s", "melds": [{"kind": "closed_kan", "tiles": "1111m", "from": "west"}]},
                 [("#/melds/0/from", "bad_meld")], id="bad_meld-closed-kan-from"),
    pytest.param({"hand": "123m456p789s2345s", "rules": {"preset": "no_such_rules"}},
                 [("#/rules/preset", "unknown_preset")], id="unknown_preset"),
    pytest.param({"hand": "123m456p789s2345s", "rules": {"no_such_option": 1}},
                 [("#/rules/no_such_option", "unknown_option")], id="unknown_option"),
    pytest.param({"hand": "123m456p789s2345s", "rules": {"hand_size": 14}},
                 [("#/rules/hand_size", "invalid_option")], id="invalid_option"),
    pytest.param({"hand": "1m" * 201}, [("#/hand", "too_long")], id="too_long-hand"),
    pytest.param({"hand": "123m456p789s2345s", "visible": "0" * 401}, [("#/visible", "too_long")], id="too_long-visible"),
    pytest.param({}, [("#/hand", "required")], id="required-hand"),
    pytest.param({"hand": 13}, [("#/hand", "invalid")], id="hand-not-a-string"),
    pytest.param({"hand": "123m456p789s2345s", "extra": 1}, [("#/extra", "unknown_field")], id="unknown_field"),
    pytest.param({"hand": "456p789s2345s", "melds": [{"kind": "kong", "tiles": "1111m"}]},
                 [("#/melds/0/kind", "invalid")], id="meld-kind-not-in-enum"),
])
def test_422_bodies(client, body, expected):
    assert pairs(problems(client, body)["errors"]) == sorted(expected)


def test_422_lists_every_problem_at_once(client):
    out = problems(client, {"hand": "11111m456p789s8z9s", "melds": [{"kind": "chi", "tiles": "135s", "called": "9s"}],
                            "rules": {"preset": "nope"}})
    codes = {e["code"] for e in out["errors"]}
    assert {"unknown_tile", "too_many_copies", "bad_meld", "unknown_preset", "wrong_tile_count"} <= codes
    assert len(out["errors"]) >= 6


def test_422_lists_every_shape_problem_first_and_alone(client):
    """Problems come in two passes (issue 24): every shape problem of the body, and once the shape is clean,
    every domain problem; a body with both is told its shape problems."""
    out = problems(client, {"hand": "11111m8z", "visible": 5, "rules": {"preset": "x"}, "melds": [
        {"kind": "chi", "tiles": "135s", "from": "up"}, {"kind": "pon", "tiles": "111p", "called": "11p"}]})
    assert pairs(out["errors"]) == [("#/melds/0/from", "invalid"), ("#/visible", "invalid")]


def test_422_once_the_shape_is_clean_lists_every_domain_problem(client):
    out = problems(client, {"hand": "11111m8z", "visible": "8z", "rules": {"preset": "x"}, "melds": [
        {"kind": "chi", "tiles": "135s", "from": "north"}, {"kind": "pon", "tiles": "111p", "called": "11p"}]})
    assert pairs(out["errors"]) == sorted([
        ("#/melds/0/tiles", "bad_meld"), ("#/melds/1/called", "not_one_tile"), ("#/rules/preset", "unknown_preset"),
        ("#/hand", "unknown_tile"), ("#/visible", "unknown_tile"), ("#/hand", "wrong_tile_count"),
        ("#/hand", "too_many_copies")])


@pytest.mark.parametrize("body, expected", [
    pytest.param({"hand": 5, "melds": [{"kind": "chi", "tiles": "135s"}], "visible": "8z"}, [("#/hand", "invalid")],
                 id="hand-unreadable"),
    pytest.param({"hand": "11111m", "melds": "x"}, [("#/melds", "invalid")], id="melds-unreadable"),
    pytest.param({"hand": "11111m", "melds": [{"kind": "kong", "tiles": "1111p"}]}, [("#/melds/0/kind", "invalid")],
                 id="meld-kind-unreadable"),
    pytest.param({"hand": "11111m", "rules": 5}, [("#/rules", "invalid")], id="rules-unreadable"),
    pytest.param({"hand": 5, "visible": ["1m"], "rules": "tenhou"},
                 [("#/hand", "invalid"), ("#/rules", "invalid"), ("#/visible", "invalid")], id="nothing-readable"),
])
def test_422_a_field_that_does_not_load_is_listed_without_what_it_means(client, body, expected):
    assert pairs(problems(client, body)["errors"]) == expected


def test_unknown_preset_names_the_valid_ones(client):
    out = problems(client, {"hand": "123m456p789s1122z", "rules": {"preset": "no_such_rules"}})
    for name in PRESETS:
        assert name in out["errors"][0]["detail"]


def test_unknown_option_names_the_valid_ones(client):
    out = problems(client, {"hand": "123m456p789s1122z", "rules": {"fifth_tile": True}})
    assert "fifth_tile_wait_counts" in out["errors"][0]["detail"]


@pytest.mark.parametrize("hand", ["", "1", "z", "99999999999999m", "0z" * 7, "1m" * 14, " "])
def test_odd_hands_are_answered_never_500(client, hand):
    resp = client.post("/v1/ready", json={"hand": hand})
    assert resp.status_code in (200, 422)


def test_visible_may_list_most_of_the_wall_one_tile_at_a_time(client):
    wall = "".join(f"{n}{s}" for s in "mps" for n in range(1, 10) for _ in range(3))
    wall += "".join(f"{n}z" for n in range(1, 8) for _ in range(4))
    assert len(wall) > 200
    body = ready(client, {"hand": "123m456p789s2345s", "visible": wall})
    assert body["waits"] == [{"tile": "2s", "remaining": 0}, {"tile": "5s", "remaining": 0}]
