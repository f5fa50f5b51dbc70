import pytest

RIICHI_KEYS = {"preset", "mode", "phase", "allowed", "outcome", "reasons", "waits", "ron", "tsumo", "if_not_won",
               "penalty", "bonus_doubles", "notes", "unchecked", "discards"}
KUIKAE_KEYS = {"preset", "mode", "forbidden", "legal_discards", "call_allowed", "no_legal_discard", "discard",
               "allowed", "reasons"}


def test_riichi_declaration_answer(post_json):
    status, body = post_json("/v1/riichi", {"hand": "234567m234p67s55s", "discards": [{"tile": "9m"}],
                                            "points": 25000, "tiles_left": 40})
    assert status == 200
    assert set(body) == RIICHI_KEYS
    assert (body["phase"], body["allowed"], body["outcome"], body["waits"]) == (
        "declaration", True, "accepted", ["5s", "8s"])
    assert body["penalty"] == {"kind": "as_faulty_out", "amount": 0}


def test_riichi_refused_is_a_200_with_reasons(post_json):
    status, body = post_json("/v1/riichi", {"hand": "22234p777m345s33z", "tiles_left": 3, "points": 500,
                                            "rules": {"preset": "tenhou"}})
    assert status == 200
    assert (body["allowed"], body["outcome"], body["reasons"]) == (
        False, "declaration_refused", ["too_few_wall_tiles", "too_few_points"])
    assert body["ron"] is None and body["if_not_won"] is None


def test_riichi_drawn_hand_lists_declaring_discards(post_json):
    status, body = post_json("/v1/riichi", {"hand": "234567m234p67s55s9m", "tiles_left": 40})
    assert status == 200 and body["discards"] == ["9m", "5s"]


def test_riichi_kan_event(post_json):
    base = {"hand": "22234p777m345s33z", "discards": [{"tile": "9m", "riichi": True}], "riichi": "riichi"}
    _, ok = post_json("/v1/riichi", {**base, "event": {"kind": "kan", "tile": "7m"}})
    _, bad = post_json("/v1/riichi", {**base, "event": {"kind": "kan", "tile": "2p"}})
    assert ok["phase"] == "after_declaration"
    assert ok["kan"] == {"allowed": True, "outcome": "allowed", "reasons": [], "waits_before": ["2p", "5p", "3z"],
                         "waits_after": ["2p", "5p", "3z"]}
    assert (bad["kan"]["allowed"], bad["kan"]["reasons"], bad["kan"]["waits_after"]) == (False, ["waits_changed"],
                                                                                         ["5p"])


@pytest.mark.parametrize("validate,outcome,ron", [(True, "win_refused", "refused"), (False, "faulty_out", "faulty_out")])
def test_riichi_passed_event(post_json, validate, outcome, ron):
    status, body = post_json("/v1/riichi", {
        "hand": "22234p777m345s33z", "discards": [{"tile": "9m", "riichi": True}], "riichi": "riichi",
        "event": {"kind": "passed", "tile": "5p"}, "rules": {"riichi_validate_declaration": validate}})
    assert status == 200
    assert (body["outcome"], body["ron"], body["tsumo"], body["reasons"]) == (outcome, ron, "allowed",
                                                                              ["passed_winning_tile"])


def test_riichi_obligatory_win_event(post_json):
    body = {"hand": "123m456p789s2345s", "discards": [{"tile": "1z"}], "rules": {"preset": "european_classical"},
            "event": {"kind": "win", "tile": "5s", "by": "tsumo"}}
    _, before = post_json("/v1/riichi", body)
    _, after = post_json("/v1/riichi", {**body, "discards": [{"tile": "1z", "riichi": True}], "riichi": "riichi"})
    assert before["win"] == {"allowed": False, "outcome": "refused", "reasons": ["not_declared"]}
    assert after["win"]["allowed"] is True


@pytest.mark.parametrize("body,pointer,code", [
    ({"hand": "22234p777m345s33z", "riichi": "riichi", "discards": [{"tile": "9m", "riichi": True}],
      "event": {"kind": "kan", "tile": "3p"}}, "#/event/tile", "kan_impossible"),
    ({"hand": "22234p777m345s33z", "event": {"kind": "passed", "tile": "5p"}}, "#/event/kind", "not_declared"),
    ({"hand": "22234p777m345s33z", "event": {"kind": "drawn"}, "riichi": "riichi"}, "#/event/tile", "required"),
    ({"hand": "22222p777m345s33z"}, "#/hand", "too_many_copies"),
    ({"hand": "22234p777m345s33z", "rules": {"riichi_ankan_after": "never"}}, "#/rules/riichi_ankan_after",
     "invalid_option"),
], ids=["kan-without-three", "event-undeclared", "event-needs-tile", "fifth-copy", "bad-option"])
def test_riichi_impossible_requests_are_422(post_json, body, pointer, code):
    status, problem = post_json("/v1/riichi", body)
    assert status == 422
    assert {"pointer": pointer, "code": code} in [{k: e[k] for k in ("pointer", "code")} for e in problem["errors"]]


def test_riichi_bad_shapes_are_422(client):
    for body in ({"hand": 5}, {"hand": "1m", "event": {"kind": "meteor"}}, {"hand": "1m", "tiles_left": -1}, []):
        resp = client.post("/v1/riichi", json=body)
        assert resp.status_code == 422 and resp.mimetype == "application/problem+json"


def test_kuikae_answer(post_json):
    status, body = post_json("/v1/kuikae", {"hand": "1s456m789p1122z", "discard": "1s",
                                            "call": {"kind": "chi", "tiles": "234s", "called": "4s", "from": "north"},
                                            "rules": {"preset": "tenhou"}})
    assert status == 200
    assert set(body) == KUIKAE_KEYS
    assert (body["forbidden"], body["allowed"], body["reasons"]) == (["1s", "4s"], False, ["kuikae_other_side"])
    assert "1s" not in body["legal_discards"] and "5m" in body["legal_discards"]


def test_kuikae_default_preset_allows_swap_calls(post_json):
    _, body = post_json("/v1/kuikae", {"hand": "3p456m789p1122z", "discard": "3p",
                                       "call": {"kind": "pon", "tiles": "333p", "called": "3p"}})
    assert (body["mode"], body["forbidden"], body["allowed"]) == ("allowed", [], True)


@pytest.mark.parametrize("body,pointer,code", [
    ({"hand": "1s456m789p1122z", "call": {"kind": "chi", "tiles": "135s", "called": "3s"}}, "#/call/tiles",
     "bad_meld"),
    ({"hand": "123s456m789p1122z", "call": {"kind": "chi", "tiles": "234s", "called": "4s"}}, "#/hand",
     "wrong_tile_count"),
    ({"hand": "1s456m789p1122z", "call": {"kind": "chi", "tiles": "234s", "called": "4s"}, "discard": "9s"},
     "#/discard", "discard_not_in_hand"),
    ({"hand": "4444s456m789p11z", "call": {"kind": "chi", "tiles": "234s", "called": "4s"}}, "#/hand",
     "too_many_copies"),
    ({"hand": "1s456m789p1122z", "call": {"kind": "chi", "tiles": "234s", "called": "8z"}}, "#/call/called",
     "unknown_tile"),
], ids=["bad-chi", "wrong-count", "discard-not-held", "fifth-copy", "unknown-tile"])
def test_kuikae_impossible_requests_are_422(post_json, body, pointer, code):
    status, problem = post_json("/v1/kuikae", body)
    assert status == 422
    assert {"pointer": pointer, "code": code} in [{k: e[k] for k in ("pointer", "code")} for e in problem["errors"]]


def test_kuikae_open_kan_is_not_a_kuikae_call(client):
    resp = client.post("/v1/kuikae", json={"hand": "456m789p11223z",
                                           "call": {"kind": "open_kan", "tiles": "3333p", "called": "3p"}})
    assert resp.status_code == 422
