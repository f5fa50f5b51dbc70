"""Audit (API.md "Audit"): `claim` on /v1/score and /v1/settle, on real Tenhou hands (tests/cases sample)."""
import copy

import pytest

from tests.real_hands import SAMPLE, expected, records, score_body

HANDS = list(records(SAMPLE))
# a 4 han 30 fu non-dealer ron (7,700 at Tenhou, no kiriage): 2022010607gm-00a9-0000-b8c19de7, hand 3
FOUR_THIRTY = next(r for r in HANDS if r["result"]["han"] == 4 and r["result"]["fu"] == 30 and not r["is_tsumo"]
                   and not r["is_dealer"] and not r["result"]["yakuman"])
PINFU_LIKE = next(r for r in HANDS if any(y["id"] == 7 and y["han"] for y in r["result"]["yaku"])
                  and not r["is_tsumo"])


def audit(client, body, claim):
    resp = client.post("/v1/score", json={**body, "claim": claim})
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()["audit"]


@pytest.mark.parametrize("r", HANDS[:40], ids=lambda r: f"{r['game_id'][-8:]}-{r['hand_index']}-{r['agari_index']}")
def test_claim_equal_to_tenhou_agrees(client, r):
    want = expected(r)
    claim = {"han": want["han"], "points": want["points"]}
    if not r["result"]["yakuman"]:
        claim["fu"] = want["fu"]
    got = audit(client, score_body(r), claim)
    assert got == {"agrees": True, "differences": [], "explained_by": []}


def test_mangan_claimed_for_four_han_thirty_fu_is_explained_by_kiriage(client):
    got = audit(client, score_body(FOUR_THIRTY), {"points": 8000})
    assert got["agrees"] is False
    assert [d["field"] for d in got["differences"]] == ["points"]
    assert got["differences"][0]["computed"] == 7700
    assert {"rules": {"kiriage_mangan": True}, "then": {"points": 8000}} in got["explained_by"]


def test_wrong_fu_is_a_difference(client):
    want = expected(FOUR_THIRTY)
    got = audit(client, score_body(FOUR_THIRTY), {"fu": want["fu"] + 10})
    assert got["agrees"] is False
    (d,) = got["differences"]
    assert (d["field"], d["claimed"], d["computed"]) == ("fu", 40, 30) and "fu" in d["why"]


def test_missing_yaku_is_a_difference(client):
    body = score_body(PINFU_LIKE)
    full = client.post("/v1/score", json=body).get_json()
    ids = [y["id"] for y in full["yaku"] if y["id"] not in ("dora", "aka_dora", "ura_dora")]
    got = audit(client, body, {"yaku": [i for i in ids if i != "pinfu"]})
    (d,) = got["differences"]
    assert d["field"] == "yaku" and "pinfu" in d["why"] and "pinfu" in d["computed"]


def test_claim_under_other_rules_lists_only_the_changes_that_explain_it(client):
    body = copy.deepcopy(score_body(FOUR_THIRTY))
    got = audit(client, body, {"points": 7700, "han": 4})
    assert got["agrees"] is True and got["explained_by"] == []


SETTLE = {"scores": {"east": 25000, "south": 25000, "west": 25000, "north": 25000}, "honba": 1,
          "outcome": {"kind": "ron", "discarder": "west", "wins": [{"winner": "south", "han": 4, "fu": 30}]},
          "rules": {"preset": "tenhou"}}


@pytest.mark.parametrize("claim, fields, why", [
    pytest.param({"south": 8000, "west": -8000}, [], None, id="agrees"),
    pytest.param({"south": -8000, "west": 8000}, ["deltas.south", "deltas.west"], "swapped", id="swapped"),
    pytest.param({"south": 7700, "west": -7700}, ["deltas.south", "deltas.west"], "honba", id="honba-forgotten"),
])
def test_settlement_claim(client, claim, fields, why):
    body = {**SETTLE, "claim": {"deltas": claim}}
    got = client.post("/v1/settle", json={**body, "rules": {"preset": "tenhou"}}).get_json()["audit"]
    if not fields:   # 7,700 + 300 honba = 8,000: the claim is right
        assert got["agrees"] is True
        return
    assert [d["field"] for d in got["differences"]] == fields
    assert all(why in d["why"] for d in got["differences"])


def test_settlement_claim_explained_by_kiriage(client):
    body = {**SETTLE, "honba": 0, "claim": {"deltas": {"south": 8000, "west": -8000}}}
    got = client.post("/v1/settle", json=body).get_json()["audit"]
    assert got["agrees"] is False
    assert [e["rules"] for e in got["explained_by"]] == [{"kiriage_mangan": True}]


def test_settlement_claim_with_a_full_hand_is_scored_again_under_each_change(client):
    win = {k: v for k, v in score_body(FOUR_THIRTY).items() if k not in ("rules", "honba", "riichi_sticks")}
    body = {"scores": {"east": 25000, "south": 25000, "west": 25000, "north": 25000},
            "outcome": {"kind": "ron", "discarder": win["discarder"], "wins": [win]}, "rules": {"preset": "tenhou"},
            "claim": {"deltas": {win["seat_wind"]: 8000, win["discarder"]: -8000}}}
    resp = client.post("/v1/settle", json=body)
    assert resp.status_code == 200, resp.get_json()
    assert {"kiriage_mangan": True} in [e["rules"] for e in resp.get_json()["audit"]["explained_by"]]


@pytest.mark.parametrize("path, body", [
    ("/v1/score", {"hand": "123m456p789s2345s", "win_tile": "5s", "win_by": "ron", "discarder": "north",
                   "seat_wind": "south", "round_wind": "east", "claim": {"han": "four"}}),
    ("/v1/settle", {**SETTLE, "claim": {"deltas": {"up": 1}}}),
])
def test_bad_claim_is_a_422(client, path, body):
    resp = client.post(path, json=body)
    assert resp.status_code == 422
    assert any(e["pointer"].startswith("#/claim") for e in resp.get_json()["errors"])
