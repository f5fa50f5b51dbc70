"""POST /v1/furiten: the API.md shape, the four variants, verdicts, and every problem as one 422."""
import pytest

H1 = "123m789p23456s11z"


def test_api_md_example(post_json):
    status, body = post_json("/v1/furiten", {
        "hand": H1, "melds": [], "discards": [{"tile": "4s", "called": False, "riichi": False}],
        "missed": ["7s"], "missed_after_riichi": [], "riichi": "none", "sacred_declared_at": None,
        "rules": {"preset": "japanese_modern"}})
    assert status == 200
    assert body["preset"] == "japanese_modern" and body["ready"] is True
    assert body["waits"] == ["1s", "4s", "7s"]
    assert set(body["variants"]) == {"traditional", "extended", "one_four_seven", "absolute"}
    assert body["variants"]["traditional"] == {"furiten": True, "ron_allowed": ["1s", "7s"], "ron_blocked": ["4s"]}
    assert body["variants"]["one_four_seven"]["ron_blocked"] == ["1s", "4s", "7s"]
    assert body["variants"]["absolute"]["ron_allowed"] == []
    assert body["temporary"] == {"furiten": True, "tiles": ["7s"]}
    assert body["riichi_furiten"] == {"furiten": False, "tiles": []}
    v = body["verdict"]
    assert v["variant"] == "absolute"
    assert v["ron"] == {"1s": False, "4s": False, "7s": False}
    assert v["tsumo"] == {"1s": True, "4s": True, "7s": True}
    assert v["reasons"]["1s"] == ["sacred_discard"] and v["reasons"]["7s"] == ["sacred_discard", "missed_discard"]


def test_one_four_seven_reports_the_allowed_readings(post_json):
    status, body = post_json("/v1/furiten", {"hand": H1, "discards": [{"tile": "1s"}]})
    assert status == 200
    v147 = body["variants"]["one_four_seven"]
    assert v147["ron_allowed"] == ["4s", "7s"]
    assert v147["readings"]["4s"] == [{"form": "regular", "group": "456s", "partial": "56s", "wait": "ryanmen"}]
    assert v147["readings"]["7s"] == [{"form": "regular", "group": "567s", "partial": "56s", "wait": "ryanmen"}]


def test_defaults_empty_history_and_default_preset(post_json):
    status, body = post_json("/v1/furiten", {"hand": H1})
    assert status == 200 and body["preset"] == "japanese_modern"
    assert all(not v["furiten"] for v in body["variants"].values())
    assert all(body["verdict"]["ron"].values()) and all(body["verdict"]["tsumo"].values())
    assert body["verdict"]["reasons"] == {"1s": [], "4s": [], "7s": []}


def test_transitional_preset_uses_traditional(post_json):
    status, body = post_json("/v1/furiten", {"hand": H1, "discards": [{"tile": "1s"}, {"tile": "9m"}],
                                             "rules": {"preset": "japanese_transitional"}})
    assert status == 200 and body["verdict"]["variant"] == "traditional"
    assert all(body["verdict"]["ron"].values())


def test_taiwanese_missed_discard_binds_self_draw(post_json):
    status, body = post_json("/v1/furiten", {"hand": "123m456m789p12s567s55z", "discards": [{"tile": "9m"}],
                                             "missed": ["3s"], "rules": {"preset": "taiwanese_16"}})
    assert status == 200 and body["waits"] == ["3s"]
    assert body["verdict"] == {"variant": "none", "ron": {"3s": False}, "tsumo": {"3s": False},
                               "reasons": {"3s": ["missed_discard"]}}


def test_riichi_furiten_and_dead_hand(post_json):
    req = {"hand": H1, "discards": [{"tile": "9m"}, {"tile": "2p", "riichi": True}, {"tile": "8p"}],
           "missed_after_riichi": ["7s"], "riichi": "riichi", "rules": {"preset": "tenhou"}}
    status, body = post_json("/v1/furiten", req)
    assert status == 200
    assert body["riichi_furiten"] == {"furiten": True, "tiles": ["7s"]}
    assert body["verdict"]["ron"]["4s"] is False and body["verdict"]["tsumo"]["4s"] is True
    assert body["verdict"]["reasons"]["4s"] == ["riichi_furiten"]
    req["rules"] = {"preset": "tenhou", "riichi_missed_tile_kills_hand": True}
    status, body = post_json("/v1/furiten", req)
    assert body["verdict"]["tsumo"] == {"1s": False, "4s": False, "7s": False}
    assert "dead_hand" in body["verdict"]["reasons"]["1s"]


def test_declaration_when_the_rules_allow_it(post_json):
    status, body = post_json("/v1/furiten", {"hand": H1, "discards": [{"tile": "4s"}, {"tile": "9m"}],
                                             "sacred_declared_at": 1,
                                             "rules": {"preset": "japanese_modern", "sacred_discard_declaration": True}})
    assert status == 200 and all(body["verdict"]["ron"].values())


def test_melds_and_not_ready(post_json):
    status, body = post_json("/v1/furiten", {
        "hand": "23456s11z", "melds": [{"kind": "chi", "tiles": "123m", "called": "1m", "from": "north"},
                                       {"kind": "pon", "tiles": "999p", "called": "9p", "from": "west"}],
        "discards": [{"tile": "4s", "called": True}]})
    assert status == 200 and body["waits"] == ["1s", "4s", "7s"] and not any(body["verdict"]["ron"].values())
    status, body = post_json("/v1/furiten", {"hand": "123m456p789s1357z", "discards": [{"tile": "1z"}]})
    assert status == 200 and body["ready"] is False and body["waits"] == [] and body["verdict"]["ron"] == {}


@pytest.mark.parametrize("req, problems", [
    pytest.param({"hand": H1, "discards": [{"tile": "4s"}], "sacred_declared_at": 0},
                 {("#/sacred_declared_at", "declaration_not_allowed")}, id="declaration-not-allowed"),
    pytest.param({"hand": H1, "discards": [{"tile": "4s"}], "sacred_declared_at": 3,
                  "rules": {"sacred_discard_declaration": True}},
                 {("#/sacred_declared_at", "declaration_out_of_range")}, id="declaration-past-the-river"),
    pytest.param({"hand": H1, "discards": [{"tile": "8z"}, {"tile": "4s", "riichi": True}], "missed": ["x"],
                  "missed_after_riichi": ["1s"], "sacred_declared_at": 5},
                 {("#/discards/0/tile", "unknown_tile"), ("#/missed/0", "bad_character"),
                  ("#/discards/1/riichi", "riichi_mismatch"), ("#/missed_after_riichi", "riichi_mismatch"),
                  ("#/sacred_declared_at", "declaration_not_allowed"),
                  ("#/sacred_declared_at", "declaration_out_of_range")}, id="every-problem-at-once"),
    pytest.param({"hand": "1111m789p23456s1z", "discards": [{"tile": "1m"}]},
                 {("#/discards", "too_many_copies")}, id="fifth-copy-in-the-river"),
    pytest.param({"hand": H1 + "1z", "rules": {"preset": "nope"}},
                 {("#/hand", "wrong_tile_count"), ("#/rules/preset", "unknown_preset")}, id="drawn-hand-and-preset"),
])
def test_impossible_requests_are_422_with_every_problem(post_json, req, problems):
    status, body = post_json("/v1/furiten", req)
    assert status == 422
    got = {(e["pointer"], e["code"]) for e in body["errors"]}
    assert problems <= got, got


@pytest.mark.parametrize("req", [
    pytest.param({"hand": H1, "discards": "1s"}, id="discards-not-a-list"),
    pytest.param({"hand": H1, "riichi": "maybe"}, id="unknown-riichi"),
    pytest.param({"hand": H1, "sacred_declared_at": "1"}, id="index-not-integer"),
    pytest.param({"hand": H1, "missed": ["1s"] * 200}, id="too-many-passed-tiles"),
    pytest.param({"discards": []}, id="no-hand"),
])
def test_malformed_bodies_are_422(post_json, req):
    status, body = post_json("/v1/furiten", req)
    assert status == 422 and body["errors"]


# --- real Tenhou wins (a committed sample of ../shared/data): Tenhou accepted each, so none is furiten ---
# Each record is trimmed to what furiten needs; a river entry is [tile, called, riichi, seq], `seq` ordering
# all four rivers. The sample leans on positions where some furiten rule is in play (a wait in the river, a
# wait passed since the last discard or the riichi, a robbed kan), plus plain ones.

import json  # noqa: E402
import os  # noqa: E402

SAMPLE = os.path.join(os.path.dirname(__file__), "..", "cases", "furiten_real_sample.jsonl")
MELD = {"chi": "chi", "pon": "pon", "daiminkan": "open_kan", "ankan": "closed_kan", "shouminkan": "added_kan"}


def real_wins():
    with open(SAMPLE, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def furiten_body(r) -> dict:
    """The winner's river, and the tiles others threw after his last discard and after his riichi."""
    own = r["discards"][r["winner"]]
    last = own[-1][3] if own else -1
    riichi = next((seq for _, _, flag, seq in own if flag), None)
    cut = r["win_discard_seq"]
    others = sorted((d for s, river in enumerate(r["discards"]) if s != r["winner"] for d in river
                     if cut is None or d[3] < cut), key=lambda d: d[3])
    return {"hand": r["closed_hand"], "melds": [{"kind": MELD[m["type"]], "tiles": m["tiles"]} for m in r["melds"]],
            "discards": [{"tile": t, "called": called, "riichi": flag} for t, called, flag, _ in own],
            "missed": [d[0] for d in others if d[3] > last],
            "missed_after_riichi": [d[0] for d in others if riichi is not None and d[3] > riichi],
            "riichi": "double_riichi" if r["double_riichi"] else "riichi" if r["riichi"] else "none",
            "rules": {"preset": "tenhou"}}


def test_real_wins_are_allowed(post_json):
    wins = real_wins()
    assert len(wins) >= 100
    for r in wins:
        status, body = post_json("/v1/furiten", furiten_body(r))
        win = r["win_tile"].replace("0", "5")
        assert status == 200, (r["game_id"], body)
        assert win in body["waits"]
        assert body["verdict"]["tsumo" if r["is_tsumo"] else "ron"][win] is True, (r["game_id"], r["hand_index"])


def test_real_ron_wins_become_furiten_with_the_winning_tile_in_the_river(post_json):
    # the same positions with the winning tile thrown earlier: absolute furiten bars the ron, not the tsumo
    checked = 0
    for r in real_wins():
        req = furiten_body(r)
        req["discards"] = [{"tile": r["win_tile"]}] + req["discards"]
        if req["riichi"] == "double_riichi":   # a declaration after an earlier discard is an ordinary riichi
            req["riichi"] = "riichi"
        status, body = post_json("/v1/furiten", req)
        if status == 422:   # the extra copy would be a fifth one: not a real position
            assert {e["code"] for e in body["errors"]} == {"too_many_copies"}
            continue
        win = r["win_tile"].replace("0", "5")
        assert body["verdict"]["ron"][win] is False and "sacred_discard" in body["verdict"]["reasons"][win]
        assert body["variants"]["absolute"]["ron_allowed"] == []
        assert body["verdict"]["tsumo"][win] is True
        checked += 1
    assert checked >= 50


def pairs(body):
    return sorted((e["pointer"], e["code"]) for e in body["errors"])


def test_422_lists_shape_problems_first_then_domain_problems(post_json):
    status, body = post_json("/v1/furiten", {"hand": "11111m8z", "riichi": "maybe", "rules": {"preset": "nope"}})
    assert status == 422 and pairs(body) == [("#/riichi", "invalid")]
    status, body = post_json("/v1/furiten", {"hand": "11111m8z", "riichi": "none", "rules": {"preset": "nope"}})
    assert status == 422
    assert pairs(body) == sorted([("#/hand", "unknown_tile"), ("#/hand", "too_many_copies"),
                                  ("#/hand", "wrong_tile_count"), ("#/rules/preset", "unknown_preset")])


@pytest.mark.parametrize("req, problems", [
    pytest.param({"hand": H1, "riichi": "maybe", "discards": [{"tile": "4s", "riichi": True}],
                  "missed_after_riichi": ["1s"]}, [("#/riichi", "invalid")], id="riichi-unreadable"),
    pytest.param({"hand": H1, "discards": 5, "sacred_declared_at": 3}, [("#/discards", "invalid")],
                 id="river-unreadable"),
    pytest.param({"hand": "1111m789p23456s1z", "discards": [{"tile": "1m", "called": "yes"}, {"tile": "9z"}]},
                 [("#/discards/0/called", "invalid")], id="discard-flag-unreadable"),
    pytest.param({"hand": 5, "melds": [{"kind": "pon", "tiles": "111m"}], "discards": [{"tile": "1m"}, {"tile": "1m"}]},
                 [("#/hand", "invalid")], id="hand-unreadable"),
])
def test_422_a_field_that_does_not_load_is_listed_without_what_it_means(post_json, req, problems):
    status, body = post_json("/v1/furiten", req)
    assert status == 422
    assert pairs(body) == problems


# --- seven pairs and thirteen orphans: all four variants in one answer (RULES.md §3.3, §3.8) ---
# For seven pairs the partial of the wait is the wait itself, for thirteen orphans only the wait completes it:
# a river tile bars a special-form wait under 1-4-7 only if it is that very tile.
# 223344m55667p88s: seven pairs waiting on 7p, and 234m 234m + 5566 7p + 88s waiting on 4p (456p 567p) and on
# 7p (567p 567p); 4p in the river completes 56p, so under 1-4-7 only the seven-pairs reading keeps 7p open.

@pytest.mark.parametrize("hand, river, waits, blocked", [
    pytest.param("1122m3344p5566s7z", ["1m", "7z"], ["7z"],
                 {"traditional": ["7z"], "extended": ["7z"], "one_four_seven": ["7z"], "absolute": ["7z"]},
                 id="seven-pairs-wait-last-in-river"),
    pytest.param("1122m3344p5566s7z", ["7z", "1m"], ["7z"],
                 {"traditional": [], "extended": ["7z"], "one_four_seven": ["7z"], "absolute": ["7z"]},
                 id="seven-pairs-wait-earlier-in-river"),
    pytest.param("1122m3344p5566s7z", ["1m", "6z"], ["7z"],
                 {"traditional": [], "extended": [], "one_four_seven": [], "absolute": []},
                 id="seven-pairs-river-without-the-wait"),
    pytest.param("223344m55667p88s", ["4p"], ["4p", "7p"],
                 {"traditional": ["4p"], "extended": ["4p"], "one_four_seven": ["4p"], "absolute": ["4p", "7p"]},
                 id="seven-pairs-reading-keeps-7p-open-under-1-4-7"),
    pytest.param("223344m55667p88s", ["7p"], ["4p", "7p"],
                 {"traditional": ["7p"], "extended": ["7p"], "one_four_seven": ["4p", "7p"],
                  "absolute": ["4p", "7p"]}, id="seven-pairs-hybrid-7p-contaminates-56p"),
    pytest.param("19m19p19s1234567z", ["1m", "5m"], ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z",
                                                     "5z", "6z", "7z"],
                 {"traditional": [], "extended": ["1m"], "one_four_seven": ["1m"],
                  "absolute": ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]},
                 id="thirteen-sided-orphans-wait-then-simple"),
    pytest.param("19m19p19s1234566z", ["2m", "6z", "7z"], ["7z"],
                 {"traditional": ["7z"], "extended": ["7z"], "one_four_seven": ["7z"], "absolute": ["7z"]},
                 id="orphans-single-wait-last-in-river"),
    pytest.param("19m19p19s1234566z", ["6z", "5m"], ["7z"],
                 {"traditional": [], "extended": [], "one_four_seven": [], "absolute": []},
                 id="orphans-pair-tile-is-not-a-wait"),
])
def test_special_forms_under_every_variant(post_json, hand, river, waits, blocked):
    status, body = post_json("/v1/furiten", {"hand": hand, "discards": [{"tile": t} for t in river]})
    assert status == 200 and body["waits"] == waits
    for variant, barred in blocked.items():
        v = body["variants"][variant]
        assert v["ron_blocked"] == barred, variant
        assert v["ron_allowed"] == [w for w in waits if w not in barred], variant
        assert v["furiten"] is bool(barred), variant
    # the preset (japanese_modern) verdict is absolute's, and no sacred discard touches a self-draw
    assert body["verdict"]["ron"] == {w: w not in blocked["absolute"] for w in waits}
    assert all(body["verdict"]["tsumo"].values())


def test_one_four_seven_hybrid_keeps_7p_open_only_through_seven_pairs(post_json):
    status, body = post_json("/v1/furiten", {"hand": "223344m55667p88s", "discards": [{"tile": "4p"}]})
    assert status == 200
    readings = body["variants"]["one_four_seven"]["readings"]
    assert [r["form"] for r in readings["7p"]] == ["chiitoitsu"]
    assert readings["7p"][0]["partial"] == "7p"


def test_h6_one_four_seven_allows_4s_only_as_a_single_wait(post_json):
    # RULES §3.5 case M: H6 with 1s discarded, 4s allowed through the reading 234s + 44s (the 4s pairs up)
    status, body = post_json("/v1/furiten", {"hand": "123m456p789p2344s", "discards": [{"tile": "1s"}]})
    assert status == 200
    v147 = body["variants"]["one_four_seven"]
    assert v147["ron_blocked"] == ["1s"] and v147["ron_allowed"] == ["4s"]
    assert [(r["partial"], r["wait"]) for r in v147["readings"]["4s"]] == [("4s", "tanki")]


def test_unknown_riichi_state_is_refused_by_the_schema(post_json):
    # the calculator's `invalid_riichi` issue is not reachable through the API: HistoryIn's OneOf rejects the
    # value first with the schema's own `invalid` code (and riichi_mismatch is then not judged)
    status, body = post_json("/v1/furiten", {"hand": H1, "riichi": "ready", "discards": [{"tile": "9m"}]})
    assert status == 422
    assert pairs(body) == [("#/riichi", "invalid")]
