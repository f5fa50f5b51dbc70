import pytest

RIICHI_KEYS = {"preset", "mode", "phase", "allowed", "outcome", "reasons", "waits", "ron", "tsumo", "if_not_won",
               "penalty", "bonus_doubles", "notes", "unchecked", "discards", "discard", "double_riichi"}
KUIKAE_KEYS = {"preset", "mode", "forbidden", "legal_discards", "call_allowed", "no_legal_discard", "discard",
               "allowed", "reasons"}


def test_riichi_declaration_answer(post_json):
    status, body = post_json("/v1/riichi", {"hand": "234567m234p67s55s", "discards": [{"tile": "9m"}],
                                            "points": 25000, "tiles_left": 40})
    assert status == 200
    assert set(body) == RIICHI_KEYS - {"penalty"}   # an allowed declaration has nothing to penalise
    assert (body["phase"], body["allowed"], body["outcome"], body["waits"]) == (
        "declaration", True, "accepted", ["5s", "8s"])
    assert "penalty" not in body


@pytest.mark.parametrize("body, penalty", [
    pytest.param({"hand": "234567m234p67s55s"}, None, id="allowed-no-penalty"),
    pytest.param({"hand": "234567m234p67s19m"}, {"kind": "as_faulty_out", "amount": 0}, id="not-ready-penalty-shown"),
    pytest.param({"hand": "234567m234p67s19m", "rules": {"preset": "italian"}}, {"kind": "fixed", "amount": 1000},
                 id="italian-fixed-penalty"),
])
def test_riichi_penalty_object_only_when_something_may_be_penalised(post_json, body, penalty):
    status, out = post_json("/v1/riichi", {"discards": [{"tile": "9m"}], "tiles_left": 40, **body})
    assert status == 200 and out.get("penalty") == penalty, out


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
    assert (body["discard"], body["waits"], body["ron"]) == ("9m", ["5s", "8s"], "allowed")


def test_riichi_drawn_hand_answers_for_a_discard_that_keeps_ron(post_json):
    # 8s is in the river: discarding 9m (first in tile order) waits on 5s-8s, furiten; discarding 5s waits on 9m
    _, body = post_json("/v1/riichi", {"hand": "234567m234p67s55s9m", "discards": [{"tile": "8s"}]})
    assert body["discards"] == ["9m", "5s"]
    assert (body["discard"], body["waits"], body["ron"], body["notes"]) == ("5s", ["9m"], "allowed", [])


def test_riichi_waiting_hand_names_no_discard(post_json):
    _, body = post_json("/v1/riichi", {"hand": "234567m234p67s55s"})
    assert body["discard"] is None and body["discards"] == []


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
    ({"hand": "22234p777m345s33z", "event": {"kind": "drawn"}, "riichi": "riichi",
      "discards": [{"tile": "9m", "riichi": True}]}, "#/event/tile", "required"),
    ({"hand": "22222p777m345s33z"}, "#/hand", "too_many_copies"),
    ({"hand": "22234p777m345s33z", "rules": {"riichi_ankan_after": "never"}}, "#/rules/riichi_ankan_after",
     "invalid_option"),
], ids=["kan-without-three", "event-undeclared", "event-needs-tile", "fifth-copy", "bad-option"])
def test_riichi_impossible_requests_are_422(refused, body, pointer, code):
    assert (pointer, code) in refused("/v1/riichi", body)


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
    ({"hand": "4444s456m789p11z", "call": {"kind": "chi", "tiles": "234s", "called": "4s"}}, "#/call/tiles",
     "too_many_copies"),   # the call's 4s is the fifth one
    ({"hand": "1s456m789p1122z", "call": {"kind": "chi", "tiles": "234s", "called": "8z"}}, "#/call/called",
     "unknown_tile"),
], ids=["bad-chi", "wrong-count", "discard-not-held", "fifth-copy", "unknown-tile"])
def test_kuikae_impossible_requests_are_422(refused, body, pointer, code):
    assert (pointer, code) in refused("/v1/kuikae", body)


def test_kuikae_open_kan_is_not_a_kuikae_call(client):
    resp = client.post("/v1/kuikae", json={"hand": "456m789p11223z",
                                           "call": {"kind": "open_kan", "tiles": "3333p", "called": "3p"}})
    assert resp.status_code == 422


# --- both decision tables of RULES §4.6 through /v1/riichi, validation on and off ---

PINFU = "234567m234p67s55s"          # RULES §4.9-1, waits 5s 8s
NOT_READY = "123m456p789s2358s"      # RULES §4.9-4
KAN_HAND = "22234p777m345s33z"       # RULES §4.9-3, waits 2p 5p 3z
CHI_234M = {"kind": "chi", "tiles": "234m", "called": "2m", "from": "north"}
DECLARED = {"hand": KAN_HAND, "discards": [{"tile": "9m", "riichi": True}], "riichi": "riichi"}
ABSOLUTE = {"sacred_discard_variant": "absolute"}
STOOD = ("faulty_out", "faulty_out", "faulty_ready_penalty")   # a faulty declaration that stands (penalty set)
GONE = (None, None, None)                                     # nothing stands
SEED_TABLES = [
    # (body, extra rules, reason, validation on: (outcome, ron, tsumo, if_not_won), validation off: the same)
    pytest.param({"hand": "567m234p67s55s", "melds": [CHI_234M], "tiles_left": 40}, {}, "open_hand",
                 ("declaration_refused", *GONE), ("declaration_refused", *GONE), id="at-p1-open-hand"),
    pytest.param({"hand": PINFU, "tiles_left": 3}, {}, "too_few_wall_tiles",
                 ("declaration_refused", *GONE), ("declaration_refused", *GONE), id="at-p2-wall"),
    pytest.param({"hand": NOT_READY, "tiles_left": 40}, {}, "not_ready",
                 ("declaration_cancelled", *GONE), ("faulty_declaration", *STOOD), id="at-not-ready"),
    pytest.param({"hand": "123m789p234s68s11z", "tiles_left": 40},
                 {"riichi_check_minimum_points": True, "min_han": 3}, "below_minimum_score",
                 ("declaration_cancelled", *GONE), ("faulty_declaration", *STOOD), id="at-below-minimum"),
    pytest.param({"hand": PINFU, "discards": [{"tile": "8s"}], "tiles_left": 40},
                 {"riichi_missed_tile_kills_hand": True}, "sacred_hand",
                 ("declaration_cancelled", *GONE), ("faulty_declaration", *STOOD), id="at-winning-tile-discarded"),
    pytest.param({**DECLARED, "event": {"kind": "drawn", "tile": "5p"}}, ABSOLUTE, "threw_winning_tile",
                 ("win_refused", "refused", "allowed", "none"), ("faulty_out", "faulty_out", "allowed", "none"),
                 id="after-threw-absolute"),
    pytest.param({**DECLARED, "event": {"kind": "drawn", "tile": "5p"}},
                 {**ABSOLUTE, "riichi_first_selfdraw_required": True}, "threw_winning_tile",
                 ("dead_hand", "refused", "refused", "faulty_ready_penalty"), ("faulty_out", *STOOD),
                 id="after-threw-first-selfdraw"),
    pytest.param({**DECLARED, "event": {"kind": "drawn", "tile": "5p"}},
                 {**ABSOLUTE, "riichi_missed_tile_kills_hand": True}, "threw_winning_tile",
                 ("dead_hand", "refused", "refused", "faulty_ready_penalty"), ("faulty_out", *STOOD),
                 id="after-threw-hand-dead"),
    pytest.param({**DECLARED, "event": {"kind": "passed", "tile": "5p"}}, {"riichi_first_discard_required": True},
                 "passed_winning_tile", ("win_refused", "refused", "allowed", "none"),
                 ("faulty_out", "faulty_out", "allowed", "none"), id="after-passed-first-discard"),
    pytest.param({**DECLARED, "event": {"kind": "passed", "tile": "5p"}},
                 {"riichi_first_discard_required": True, "riichi_missed_tile_kills_hand": True},
                 "passed_winning_tile", ("dead_hand", "refused", "refused", "faulty_ready_penalty"),
                 ("faulty_out", *STOOD), id="after-passed-first-discard-hand-dead"),
]


@pytest.mark.parametrize("penalty", ["as_faulty_out", "none"], ids=["ready-penalty", "no-ready-penalty"])
@pytest.mark.parametrize("validate", [True, False], ids=["validation-on", "validation-off"])
@pytest.mark.parametrize("body,options,reason,on,off", SEED_TABLES)
def test_seed_decision_tables(post_json, body, options, reason, on, off, validate, penalty):
    # the seed's columns: validation on/off, each with and without a penalty for a faulty ready declaration
    rules = {"preset": "japanese_modern", "riichi_validate_declaration": validate,
             "riichi_faulty_ready_penalty": penalty, **options}
    status, out = post_json("/v1/riichi", {**body, "rules": rules})
    assert status == 200, out
    assert out["phase"] == ("after_declaration" if "riichi" in body else "declaration")
    assert reason in out["reasons"] and out["allowed"] is False
    outcome, ron, tsumo, if_not_won = on if validate else off
    if penalty == "none" and if_not_won == "faulty_ready_penalty":
        if_not_won = "none"   # "penalized for a faulty declaration of Ready (if specified)"
    assert (out["outcome"], out["ron"], out["tsumo"], out["if_not_won"]) == (outcome, ron, tsumo, if_not_won)
    assert out["penalty"]["kind"] == penalty


# --- closed kan after riichi, RULES §4.2 A2 and §4.9-3 ---

@pytest.mark.parametrize("level,tile,allowed,reasons", [
    ("forbidden", "7m", False, ["kan_forbidden"]),
    ("if_waits_unchanged", "7m", True, []),
    ("if_waits_unchanged", "2p", False, ["waits_changed"]),
    ("if_waits_and_reading_unchanged", "7m", True, []),
    ("if_waits_and_reading_unchanged", "2p", False, ["waits_changed"]),
], ids=lambda v: str(v))
def test_closed_kan_after_riichi_levels(post_json, level, tile, allowed, reasons):
    status, out = post_json("/v1/riichi", {**DECLARED, "event": {"kind": "kan", "tile": tile},
                                           "rules": {"riichi_ankan_after": level}})
    assert status == 200
    assert (out["kan"]["allowed"], out["kan"]["reasons"]) == (allowed, reasons)
    assert out["kan"]["outcome"] == ("allowed" if allowed else "refused")


def test_closed_kan_reading_level_refuses_a_kong_that_changes_the_reading(post_json):
    # 1112444m456p789s waits 2m 3m with or without the 4m kong, but 4m also reads as 234m + 44m
    body = {"hand": "1112444m456p789s", "discards": [{"tile": "9p", "riichi": True}], "riichi": "riichi",
            "event": {"kind": "kan", "tile": "4m"}}
    _, plain = post_json("/v1/riichi", body)
    _, strict = post_json("/v1/riichi", {**body, "rules": {"riichi_ankan_after": "if_waits_and_reading_unchanged"}})
    assert plain["kan"]["allowed"] is True
    assert (strict["kan"]["allowed"], strict["kan"]["reasons"]) == (False, ["reading_changed"])


# --- European obligatory ready: the first-turn exception (RULES §5.1, §5.3-1, §5.3-2) ---

@pytest.mark.parametrize("hand,discards,event,allowed,reasons", [
    ("123m456p789s23455s", [], {"kind": "win", "by": "tsumo"}, True, ["first_turn_complete_hand"]),
    ("123m456p789s2345s", [], {"kind": "win", "tile": "2s", "by": "ron"}, True, ["first_turn_complete_hand"]),
    ("123m456p789s23455s", [{"tile": "1z"}], {"kind": "win", "tile": "5s", "by": "tsumo"}, False, ["not_declared"]),
    ("123m456p789s2345s", [{"tile": "1z"}], {"kind": "win", "tile": "2s", "by": "ron"}, False, ["not_declared"]),
], ids=["dealt-complete", "ron-before-first-discard", "tsumo-later-unannounced", "ron-later-unannounced"])
def test_obligatory_ready_first_turn_exception(post_json, hand, discards, event, allowed, reasons):
    status, out = post_json("/v1/riichi", {"hand": hand, "discards": discards, "event": event,
                                           "rules": {"preset": "european_classical"}})
    assert status == 200, out
    assert (out["win"]["allowed"], out["win"]["reasons"]) == (allowed, reasons)


# --- kuikae: no legal discard left, both consequences (RULES §20.2, §23.19) ---

@pytest.mark.parametrize("no_legal,call_allowed,reason", [("cancel_claim_with_penalty", True, "claim_cancelled"),
                                                          ("call_not_offered", False, "call_not_offered")])
def test_kuikae_no_legal_discard_both_ways(post_json, no_legal, call_allowed, reason):
    status, out = post_json("/v1/kuikae", {"hand": "14s", "call": {"kind": "chi", "tiles": "234s", "called": "4s"},
                                           "melds": [{"kind": "pon", "tiles": "111z"}, {"kind": "pon", "tiles": "222z"},
                                                     {"kind": "pon", "tiles": "333z"}],
                                           "rules": {"preset": "tenhou", "kuikae_no_legal_discard": no_legal}})
    assert status == 200, out
    assert (out["forbidden"], out["legal_discards"], out["call_allowed"]) == (["1s", "4s"], [], call_allowed)
    assert out["no_legal_discard"] == no_legal and out["reasons"] == ["no_legal_discard", reason]


@pytest.mark.parametrize("mode,forbidden", [("allowed", []), ("same_tile_forbidden", ["4s"]),
                                            ("same_and_other_side_forbidden", ["1s", "4s"])])
def test_kuikae_levels(post_json, mode, forbidden):
    # SEED-JM §4.8 example: holding 123s, claim 4s and meld 234s
    status, out = post_json("/v1/kuikae", {"hand": "1s456m789p1122z", "call": {"kind": "chi", "tiles": "234s",
                                                                               "called": "4s"},
                                           "rules": {"kuikae_mode": mode}})
    assert status == 200 and out["forbidden"] == forbidden
    assert sorted(out["legal_discards"]) == sorted({"1s", "4m", "5m", "6m", "7p", "8p", "9p", "1z", "2z"}
                                                   - set(forbidden))


# --- RULES §4.9-1 and §4.9-2: the stake from declaration to settlement ---

AFTER_DEPOSIT = {"east": 25000, "south": 24000, "west": 25000, "north": 25000}


def test_rules_4_9_1_declared_ron_returns_the_stake(post_json):
    _, decl = post_json("/v1/riichi", {"hand": PINFU, "discards": [{"tile": "9m"}], "tiles_left": 40,
                                       "points": 25000})
    assert decl["allowed"] is True and decl["waits"] == ["5s", "8s"]
    status, out = post_json("/v1/settle", {"scores": AFTER_DEPOSIT, "honba": 0, "riichi_sticks": 1,
                                           "riichi_declared": ["south"],
                                           "outcome": {"kind": "ron", "discarder": "west",
                                                       "wins": [{"winner": "south", "han": 3, "fu": 30,
                                                                 "riichi": True}]}})
    assert status == 200, out
    assert out["deltas"] == {"east": 0, "south": 4900, "west": -3900, "north": 0}
    # net over the deal, deposit included: S +3,900, W -3,900
    assert out["scores"] == {"east": 25000, "south": 28900, "west": 21100, "north": 25000}


def test_rules_4_9_2_stake_stays_through_a_draw_and_goes_to_the_next_winner(post_json):
    _, standing = post_json("/v1/riichi", {"hand": PINFU, "discards": [{"tile": "9m", "riichi": True}],
                                           "riichi": "riichi"})
    assert (standing["outcome"], standing["if_not_won"]) == ("standing", "none")
    status, draw = post_json("/v1/settle", {"scores": AFTER_DEPOSIT, "honba": 0, "riichi_sticks": 1,
                                            "riichi_declared": ["south"],
                                            "outcome": {"kind": "exhaustive_draw", "ready": ["south"]}})
    assert status == 200, draw
    # S alone is ready: the noten payments only; the stake stays on the table
    assert draw["deltas"] == {"east": -1000, "south": 3000, "west": -1000, "north": -1000}
    assert draw["next"]["riichi_sticks"] == 1
    nxt = draw["next"]
    status, win = post_json("/v1/settle", {"scores": draw["scores"], "honba": nxt["honba"],
                                           "riichi_sticks": nxt["riichi_sticks"],
                                           "outcome": {"kind": "ron", "discarder": "north",
                                                       "wins": [{"winner": "west", "han": 1, "fu": 30}]}})
    assert status == 200, win
    got = {(p["from"], p["to"], p["amount"], p["reason"]) for p in win["payments"]}
    assert {("north", "west", 1000, "hand"), ("pool", "west", 1000, "riichi_sticks")} <= got
    assert win["next"]["riichi_sticks"] == 0


# --- RULES §4.9-4 and the European examples of §5.3, through /v1/riichi ---

@pytest.mark.parametrize("preset,outcome,ron,if_not_won,penalty", [
    ("japanese_modern", "declaration_cancelled", None, None, "as_faulty_out"),
    ("ema", "faulty_declaration", "faulty_out", "faulty_ready_penalty", "chombo"),
])
def test_rules_4_9_4_declaration_on_a_hand_that_is_not_ready(post_json, preset, outcome, ron, if_not_won, penalty):
    status, out = post_json("/v1/riichi", {"hand": NOT_READY, "tiles_left": 40, "rules": {"preset": preset}})
    assert status == 200
    assert (out["allowed"], out["reasons"], out["outcome"]) == (False, ["not_ready"], outcome)
    assert (out["ron"], out["if_not_won"], out["penalty"]["kind"]) == (ron, if_not_won, penalty)


def test_rules_5_3_3_french_open_declaration_and_promoted_kong(post_json):
    pon = {"kind": "pon", "tiles": "777s", "called": "7s", "from": "west"}
    body = {"hand": "123m456p2345s", "melds": [pon], "rules": {"preset": "french"}}
    status, decl = post_json("/v1/riichi", body)
    assert status == 200
    assert (decl["allowed"], decl["waits"], decl["bonus_doubles"], decl["if_not_won"]) == (
        True, ["2s", "5s"], 1, "bonus_tiles_only")
    _, kong = post_json("/v1/riichi", {**body, "discards": [{"tile": "9p", "riichi": True}], "riichi": "riichi",
                                       "event": {"kind": "kan", "tile": "7s", "meld": "added_kan"}})
    assert kong["kan"] == {"allowed": True, "outcome": "allowed", "reasons": [], "waits_before": ["2s", "5s"],
                           "waits_after": ["2s", "5s"]}
    _, riichi = post_json("/v1/riichi", {**body, "tiles_left": 40, "rules": {"preset": "japanese_modern"}})
    assert riichi["reasons"] == ["open_hand"]


@pytest.mark.parametrize("hand,left,allowed,reasons", [
    ("123m456p789s2345s", 40, False, ["more_than_one_wait"]),
    ("123m456p789s234s1z", 8, True, []),
    ("123m456p789s234s1z", 7, False, ["too_few_wall_tiles"]),
], ids=["two-kinds", "single-wait-8-tiles", "single-wait-7-tiles"])
def test_rules_5_3_4_italian_declaration(post_json, hand, left, allowed, reasons):
    status, out = post_json("/v1/riichi", {"hand": hand, "tiles_left": left, "rules": {"preset": "italian"}})
    assert status == 200 and (out["allowed"], out["reasons"]) == (allowed, reasons)
    assert out["bonus_doubles"] == (1 if allowed else 0)   # a declaration that does not stand earns nothing


def test_rules_5_3_4_italian_faulty_declaration_costs_1000(post_json):
    status, out = post_json("/v1/riichi", {"hand": NOT_READY, "tiles_left": 40, "rules": {"preset": "italian"}})
    assert status == 200
    assert (out["outcome"], out["if_not_won"], out["penalty"]) == (
        "faulty_declaration", "faulty_ready_penalty", {"kind": "fixed", "amount": 1000})


def test_rules_5_3_1_obligatory_announcement_then_a_later_win(post_json):
    base = {"hand": "123m456p789s2345s", "rules": {"preset": "european_classical"}}
    _, announce = post_json("/v1/riichi", {**base, "discards": [{"tile": "1z"}]})
    assert (announce["mode"], announce["allowed"], announce["waits"]) == ("obligatory", True, ["2s", "5s"])
    for by, tile in (("ron", "2s"), ("tsumo", "5s")):
        _, later = post_json("/v1/riichi", {**base, "discards": [{"tile": "1z", "riichi": True}, {"tile": "9m"}],
                                            "riichi": "riichi", "event": {"kind": "win", "tile": tile, "by": by}})
        assert later["win"]["allowed"] is True, (by, later)


def pairs(body):
    return sorted((e["pointer"], e["code"]) for e in body["errors"])


def test_riichi_422_lists_shape_problems_first_then_domain_problems(post_json):
    body = {"hand": "11111m8z", "points": "x", "event": {"kind": "kan", "tile": "9z"}, "rules": {"preset": "nope"}}
    status, out = post_json("/v1/riichi", body)
    assert status == 422 and pairs(out) == [("#/points", "invalid")]
    status, out = post_json("/v1/riichi", {**body, "points": 25000})
    assert status == 422
    assert pairs(out) == sorted([("#/event/tile", "unknown_tile"), ("#/hand", "unknown_tile"),
                                 ("#/hand", "too_many_copies"), ("#/hand", "wrong_tile_count"),
                                 ("#/rules/preset", "unknown_preset")])


def test_riichi_422_judges_no_event_of_unknown_kind(post_json):
    status, body = post_json("/v1/riichi", {**DECLARED, "event": {"kind": "pass", "tile": "7m"}})
    assert status == 422
    assert pairs(body) == [("#/event/kind", "invalid")]


@pytest.mark.parametrize("body, problems", [
    # shape problems first, alone
    pytest.param({"hand": "11111m8z", "call": {"kind": "pon", "tiles": "135s", "called": "1s", "from": "up"},
                  "discard": "9z", "rules": {"preset": "x"}}, [("#/call/from", "invalid")], id="shape-first"),
    pytest.param({"hand": 5, "call": {"kind": "kong", "tiles": "135s", "called": "1s"}, "discard": "9z"},
                 [("#/call/kind", "invalid"), ("#/hand", "invalid")], id="hand-and-kind-unreadable"),
    # then every domain problem
    pytest.param({"hand": "11111m8z", "call": {"kind": "pon", "tiles": "135s", "called": "1s", "from": "north"},
                  "discard": "9z", "rules": {"preset": "x"}},
                 [("#/call/tiles", "bad_meld"), ("#/discard", "unknown_tile"), ("#/hand", "too_many_copies"),
                  ("#/hand", "unknown_tile"), ("#/hand", "wrong_tile_count"), ("#/rules/preset", "unknown_preset")],
                 id="every-domain-problem"),
])
def test_kuikae_422_lists_shape_problems_first_then_domain_problems(post_json, body, problems):
    status, out = post_json("/v1/kuikae", body)
    assert status == 422
    assert pairs(out) == problems


# --- what /v1/riichi needs to be told: the winning tile, the declaration discard, a scoring for the minimum ---

NOBETAN = "123m456p789s2345s"       # waits 2s 5s (RULES §1.3-1)
COMPLETE = "123m456p789s23455s"     # NOBETAN + 5s
MARKED = [{"tile": "9m", "riichi": True}]


@pytest.mark.parametrize("body,pointer,code", [
    pytest.param({"hand": COMPLETE, "discards": MARKED + [{"tile": "5s"}], "riichi": "riichi",
                  "event": {"kind": "win", "by": "tsumo"}}, "#/event/tile", "required", id="declared-win-no-tile"),
    pytest.param({"hand": COMPLETE, "discards": [{"tile": "8s"}], "event": {"kind": "win", "by": "ron"}},
                 "#/event/tile", "required", id="undeclared-win-no-tile"),
    pytest.param({"hand": PINFU, "discards": [{"tile": "9m"}, {"tile": "5s"}], "riichi": "riichi"}, "#/discards",
                 "riichi_discard_not_marked", id="declaration-discard-unmarked"),
    pytest.param({"hand": PINFU, "discards": [{"tile": "1z"}, {"tile": "9m", "riichi": True}],
                  "riichi": "double_riichi"}, "#/discards/1/riichi", "double_riichi_not_first_discard",
                 id="double-riichi-on-a-later-discard"),
    pytest.param({"hand": NOBETAN, "tiles_left": 40,
                  "rules": {"preset": "french", "riichi_check_minimum_points": True}},
                 "#/rules/riichi_check_minimum_points", "scoring_not_defined", id="minimum-check-french"),
    pytest.param({"hand": "123m456p789s2345678s", "tiles_left": 40,
                  "rules": {"preset": "taiwanese_16", "ready_mode": "voluntary_riichi",
                            "riichi_check_minimum_points": True}},
                 "#/rules/riichi_check_minimum_points", "scoring_not_defined", id="minimum-check-16-tiles"),
    pytest.param({"hand": "123m456p789s2345678s", "tiles_left": 40,
                  "rules": {"preset": "tenhou", "hand_size": 16, "special_forms": False,
                            "riichi_check_minimum_points": True}},
                 "#/rules/riichi_check_minimum_points", "scoring_not_defined", id="minimum-check-tenhou-16-tiles"),
])
def test_riichi_requests_the_rules_cannot_judge_are_422(post_json, body, pointer, code):
    status, problem = post_json("/v1/riichi", body)
    assert status == 422
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [(pointer, code)]


def test_minimum_check_under_japanese_scoring_still_answers(post_json):
    status, out = post_json("/v1/riichi", {"hand": NOBETAN, "tiles_left": 40,
                                           "rules": {"riichi_check_minimum_points": True}})
    assert status == 200 and out["outcome"] == "accepted"


@pytest.mark.parametrize("event,outcome,waits,win", [
    pytest.param({"kind": "win", "tile": "5s", "by": "tsumo"}, "dead_hand", ["2s", "5s"],
                 {"allowed": False, "outcome": "refused", "reasons": ["threw_winning_tile"]}, id="tsumo"),
    pytest.param({"kind": "win", "tile": "5s", "by": "ron"}, "dead_hand", ["2s", "5s"],
                 {"allowed": False, "outcome": "refused", "reasons": ["threw_winning_tile"]}, id="ron"),
    pytest.param(None, "dead_hand", ["2s", "5s"], None, id="no-event"),
])
def test_winning_tile_thrown_after_the_marked_declaration_kills_the_hand(post_json, event, outcome, waits, win):
    # the 5s is thrown after the declaration discard: a dead hand, not a sacred hand at the declaration
    hand = COMPLETE if event else NOBETAN
    body = {"hand": hand, "discards": MARKED + [{"tile": "5s"}], "riichi": "riichi",
            "rules": {"riichi_missed_tile_kills_hand": True}, **({"event": event} if event else {})}
    status, out = post_json("/v1/riichi", body)
    assert status == 200, out
    assert (out["outcome"], out["waits"], out.get("win")) == (outcome, waits, win)
    assert "threw_winning_tile" in out["reasons"] and "sacred_hand" not in out["reasons"]


@pytest.mark.parametrize("preset,hand,waits", [("japanese_modern", COMPLETE, ["2s", "5s"]),
                                               ("italian", "123m456p789s234s11z", ["1z"])])
def test_declared_win_on_the_complete_hand_reports_the_waiting_hand(post_json, preset, hand, waits):
    status, out = post_json("/v1/riichi", {"hand": hand, "discards": MARKED, "riichi": "riichi", "rules":
                                           {"preset": preset}, "event": {"kind": "win", "tile": waits[-1]}})
    assert status == 200
    assert (out["outcome"], out["reasons"], out["waits"], out["win"]["allowed"]) == ("standing", [], waits, True)


@pytest.mark.parametrize("discards,calls_before,double", [
    ([{"tile": "9m"}], False, True), ([{"tile": "9m"}], True, False), ([{"tile": "9m"}], None, None),
    ([{"tile": "1z"}, {"tile": "9m"}], False, False),
], ids=["first-discard", "after-a-call", "calls-unknown", "second-discard"])
def test_double_riichi_declaration(post_json, discards, calls_before, double):
    status, out = post_json("/v1/riichi", {"hand": PINFU, "discards": discards, "tiles_left": 40,
                                           "calls_before": calls_before})
    assert status == 200 and out["allowed"] is True and out["double_riichi"] is double


@pytest.mark.parametrize("lost,double,notes", [(False, True, []), (True, False, ["double_riichi_lost"])])
def test_double_riichi_after_a_kong(post_json, lost, double, notes):
    status, out = post_json("/v1/riichi", {**DECLARED, "riichi": "double_riichi", "calls_before": False,
                                           "event": {"kind": "kan", "tile": "7m"},
                                           "rules": {"double_riichi_lost_if_changed": lost}})
    assert status == 200 and out["kan"]["allowed"] is True
    assert (out["double_riichi"], out["notes"]) == (double, notes)


# --- French voluntary ready (RULES §5.1, SEED-EU §4.2.1): no prerequisites; only kongs that keep the waits ---

@pytest.mark.parametrize("tiles_left,points", [(0, -5000), (0, None), (None, 100)], ids=["empty-wall-negative",
                                                                                       "empty-wall", "few-points"])
def test_french_declaration_has_no_prerequisites(post_json, tiles_left, points):
    status, out = post_json("/v1/riichi", {"hand": NOBETAN, "tiles_left": tiles_left, "points": points,
                                           "rules": {"preset": "french", "riichi_min_points": 1000}})
    assert status == 200
    assert (out["allowed"], out["outcome"], out["reasons"], out["unchecked"]) == (True, "accepted", [], [])


@pytest.mark.parametrize("validate,meld,tile,allowed,outcome,reasons", [
    (True, "closed_kan", "2p", False, "refused", ["waits_changed"]),
    (False, "closed_kan", "2p", False, "faulty", ["waits_changed"]),
    (True, "closed_kan", "7m", True, "allowed", []),
    (True, "open_kan", "7m", True, "allowed", []),
], ids=["waits-change-refused", "waits-change-faulty-unvalidated", "waits-kept", "claimed-kong-waits-kept"])
def test_french_kong_must_keep_the_waits(post_json, validate, meld, tile, allowed, outcome, reasons):
    status, out = post_json("/v1/riichi", {**DECLARED, "event": {"kind": "kan", "tile": tile, "meld": meld},
                                           "rules": {"preset": "french", "riichi_validate_declaration": validate}})
    assert status == 200
    assert (out["kan"]["allowed"], out["kan"]["outcome"], out["kan"]["reasons"]) == (allowed, outcome, reasons)


@pytest.mark.parametrize("discards", [
    pytest.param([{"tile": "9m", "riichi": True}, {"tile": "1z"}], id="first-discard-marked"),
    pytest.param([{"tile": "9m", "called": True}, {"tile": "1z", "riichi": True}], id="claimed-declaration-next-marked"),
])
def test_double_riichi_marker_follows_a_claimed_declaration_tile(post_json, discards):
    # RULES §4.2 A3: when the declaration tile is claimed, the next discard is turned sideways instead
    status, out = post_json("/v1/riichi", {"hand": PINFU, "discards": discards, "riichi": "double_riichi"})
    assert status == 200, out
    assert out["phase"] == "after_declaration"


def test_a_passed_event_may_already_be_listed_as_passed(post_json):
    # two 5p held, two passed since the declaration, the second of them sent as the event too: four copies
    body = {"hand": "123m456s789s55p11z", "riichi": "riichi", "discards": [{"tile": "9p", "riichi": True}],
            "missed_after_riichi": ["5p", "5p"], "event": {"kind": "passed", "tile": "5p"}}
    status, out = post_json("/v1/riichi", body)
    assert status == 200, out
    status, out = post_json("/v1/riichi", {**body, "missed_after_riichi": ["5p", "5p", "5p"]})
    assert status == 422 and [(e["pointer"], e["code"]) for e in out["errors"]] == [
        ("#/missed_after_riichi", "too_many_copies")]
