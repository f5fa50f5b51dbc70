"""A wait whose every copy is in the player's own melds, through the routes that use readiness.

12m456p789s11z beside a kan of 3m waits only on 3m, and the player holds all four: not ready (RULES.md §1.1),
so one from ready ("shanten 0 = ready", API.md), on /v1/ready, /v1/efficiency (waiting and drawn), /v1/evaluate
and its riichi answer; ready again where fifth_tile_wait_counts lets such a wait count.
"""
from __future__ import annotations

import pytest

KAN = [{"kind": "closed_kan", "tiles": "3333m"}]
PON = [{"kind": "pon", "tiles": "333m"}]
HAND = "12m456p789s11z"
FIFTH = {"fifth_tile_wait_counts": True}


@pytest.mark.parametrize("melds, rules, shanten, waits", [
    pytest.param(KAN, {}, 1, [], id="kan-holds-every-3m"),
    pytest.param(PON, {}, 0, [{"tile": "3m", "remaining": 1}], id="pon-leaves-one-3m"),
    pytest.param(KAN, FIFTH, 0, [{"tile": "3m", "remaining": 0}], id="kan-with-fifth-copy-counting"),
])
def test_ready(post_json, melds, rules, shanten, waits):
    status, body = post_json("/v1/ready", {"hand": HAND, "melds": melds, **({"rules": rules} if rules else {})})
    assert status == 200
    assert (body["shanten"], body["ready"], body["waits"]) == (shanten, shanten == 0, waits)
    assert body["shanten_by_form"] == {"regular": shanten}


@pytest.mark.parametrize("hand", [pytest.param(HAND, id="waiting-13"), pytest.param(HAND + "5z", id="drawn-14")])
def test_efficiency(post_json, hand):
    status, body = post_json("/v1/efficiency", {"hand": hand, "melds": KAN})
    assert status == 200 and body["shanten"] == 1
    choice = body if "discards" not in body else next(d for d in body["discards"] if d["tile"] == "5z")
    # one from ready: 1m or 2m (then a two-pair wait), 1z (then a single wait on 1m or 2m); never 3m
    assert choice["shanten"] == 1
    assert [(u["tile"], u["remaining"]) for u in choice["ukeire"]] == [("1m", 3), ("2m", 3), ("1z", 2)]
    assert choice["ukeire_remaining"] == 8


def test_drawn_hand_every_discard_counts_the_kan(post_json):
    status, body = post_json("/v1/ready", {"hand": HAND + "5z", "melds": KAN})
    assert status == 200 and body["shanten"] == 1 and not body["ready"]
    assert {d["tile"]: d["shanten"] for d in body["discards"]}["5z"] == 1


@pytest.mark.parametrize("melds, rules, shanten, allowed, reasons", [
    pytest.param(KAN, {}, 1, False, ["not_ready"], id="kan-not-ready-no-riichi"),
    pytest.param(KAN, FIFTH, 0, True, [], id="kan-fifth-copy-counts-riichi"),
])
def test_evaluate_and_riichi(post_json, melds, rules, shanten, allowed, reasons):
    body = {"hand": HAND, "melds": melds, "seat_wind": "east", "round_wind": "east"}
    if rules:
        body["rules"] = rules
    status, ev = post_json("/v1/evaluate", body)
    assert status == 200
    assert (ev["shanten"], ev["ready"], ev["riichi"]["allowed"], ev["riichi"]["reasons"]) == \
        (shanten, shanten == 0, allowed, reasons)
    assert [w["tile"] for w in ev["waits"]] == ([] if shanten else ["3m"])
