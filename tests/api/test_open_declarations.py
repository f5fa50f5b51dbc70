"""A ready declaration on a hand with called melds, per family (issue 25).

Seed 001 (European Classical) section 4.2.1, French: "No prerequisites: any calling hand can be declared ready
(e.g., the hand does not need to be concealed)". Section 4.2.2, Italian: the only prerequisites are one kind of
winning tile and at least 8 tiles left in the wall. Seeds 000/003 section 4.1 (Japanese riichi): the hand must be
concealed. The seeds leave no choice here, so no option: the preset's ready_mode decides.
"""
import pytest

PON = {"kind": "pon", "tiles": "555z", "from": "east"}
OPEN_READY = {"hand": "234p777m345s3z", "melds": [PON]}          # waits on 3z only
OPEN_WIN = {**OPEN_READY, "win_tile": "3z", "win_by": "ron", "seat_wind": "south", "round_wind": "east",
            "discarder": "east", "riichi": "riichi"}


@pytest.mark.parametrize("preset, body, allowed, outcome, reasons", [
    pytest.param("italian", {"tiles_left": 20}, True, "accepted", [],
                 id="seed001-4.2.2-italian-open-hand-one-wait-8-or-more-tiles"),
    pytest.param("italian", {"tiles_left": 8}, True, "accepted", [], id="seed001-4.2.2-italian-exactly-8-tiles"),
    pytest.param("italian", {"tiles_left": 7}, False, "declaration_refused", ["too_few_wall_tiles"],
                 id="seed001-4.2.2-italian-open-hand-7-tiles-left"),
    pytest.param("italian", {"hand": "234p777m34s55s", "tiles_left": 20}, False, "faulty_declaration",
                 ["more_than_one_wait"], id="seed001-4.2.2-italian-open-hand-two-waits"),
    pytest.param("french", {"tiles_left": 2}, True, "accepted", [], id="seed001-4.2.1-french-open-hand"),
    pytest.param("japanese_modern", {"tiles_left": 20}, False, "declaration_refused", ["open_hand"],
                 id="seed000-4.1-riichi-needs-concealed-hand"),
])
def test_declaration_on_open_hand(post_json, preset, body, allowed, outcome, reasons):
    status, out = post_json("/v1/riichi", {**OPEN_READY, **body, "rules": {"preset": preset}})
    assert status == 200, out
    assert (out["allowed"], out["outcome"], out["reasons"]) == (allowed, outcome, reasons)


@pytest.mark.parametrize("preset, doubles", [
    pytest.param("italian", 2, id="seed001-4.2.2-italian-open-declared-win-scores-the-extra-double"),
    pytest.param("french", 2, id="seed001-4.2.1-french-open-declared-win-scores-the-extra-double"),
])
def test_open_declared_win_is_scored(post_json, preset, doubles):
    status, out = post_json("/v1/score", {**OPEN_WIN, "rules": {"preset": preset}})
    assert status == 200, out
    assert out["doubles"] == doubles
    assert {"doubles": 1, "id": "ready_declaration", "tiles": ""} in out["double_items"]


@pytest.mark.parametrize("path, body", [
    pytest.param("/v1/score", OPEN_WIN, id="score"),
    pytest.param("/v1/evaluate", {**OPEN_READY, "seat_wind": "south", "round_wind": "east", "riichi": "riichi"},
                 id="evaluate"),
    pytest.param("/v1/settle", {"scores": {"east": 2000, "south": 2000, "west": 2000, "north": 2000},
                                "outcome": {"kind": "ron", "discarder": "east", "wins": [
                                    {**{k: v for k, v in OPEN_WIN.items() if k != "discarder"},
                                     "winner": "south"}]}}, id="settle"),
])
@pytest.mark.parametrize("preset", ["italian", "french"])
def test_open_declared_hand_is_taken_by_every_route(post_json, path, body, preset):
    status, out = post_json(path, {**body, "rules": {"preset": preset}})
    assert status == 200, out


@pytest.mark.parametrize("rules, problems", [
    pytest.param({"preset": "japanese_modern"}, {("#/riichi", "inconsistent_situation")},
                 id="japanese-riichi-open-hand-refused"),
    pytest.param({"preset": "european_classical"}, {("#/riichi", "not_in_rules")},
                 id="european-obligatory-one-problem-not-two"),
])
def test_open_declared_win_refused_where_the_rules_say(refused, rules, problems):
    assert refused("/v1/score", {**OPEN_WIN, "rules": rules}) == problems


@pytest.mark.parametrize("preset, allowed, reasons", [
    pytest.param("italian", True, [], id="seed001-4.2.2-italian"),
    pytest.param("french", True, [], id="seed001-4.2.1-french"),
    pytest.param("japanese_modern", False, ["open_hand"], id="seed000-4.1-japanese"),
])
def test_evaluate_says_whether_the_open_hand_may_declare(post_json, preset, allowed, reasons):
    status, out = post_json("/v1/evaluate", {**OPEN_READY, "seat_wind": "south", "round_wind": "east",
                                             "tiles_left": 30, "rules": {"preset": preset}})
    assert status == 200, out
    assert (out["riichi"]["allowed"], out["riichi"]["reasons"]) == (allowed, reasons)
