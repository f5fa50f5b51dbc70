"""Real Tenhou draws and double rons against POST /v1/settle (preset tenhou).

The committed samples (tests/cases/real_draws_sample.jsonl, real_double_ron_sample.jsonl) always
run; when ../shared/data is present, one draw in four and every abortive draw and nagashi mangan of it, and
every double ron of it, run as well (all draws under HYPOTHESIS_PROFILE=long); skipped otherwise.
"""
from __future__ import annotations

import os

import pytest

from tests.budget import sample
from tests.paths import CASES
from tests.real_hands import players, preset, records, score_body, shared_records

SEATS = ("east", "south", "west", "north")
ABORTIVE = {"kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou"}
ORPHANS = {"1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"}


def wind(r, s):
    return SEATS[(s - r["dealer"]) % players(r)]


def draw_request(r) -> dict:
    if r["type"] in ABORTIVE:
        outcome = {"kind": "abortive_draw", "reason": r["type"]}
    else:
        outcome = {"kind": "exhaustive_draw", "ready": [wind(r, s) for s in r["tenpai_seats"] or []]}
        if r["type"] == "nagashi_mangan":
            outcome["nagashi"] = [wind(r, s) for s, river in enumerate(r["discards"])
                                  if river and all(x["tile"].replace("0", "5") in ORPHANS and not x["called"]
                                                   for x in river)]
    return {"scores": {wind(r, s): r["scores_before"][s] for s in range(players(r))}, "honba": r["honba"],
            "riichi_sticks": r["riichi_sticks"], "outcome": outcome, "rules": {"preset": preset(r)}}


def check_draw(post_json, r) -> list[str]:
    status, body = post_json("/v1/settle", draw_request(r))
    if status != 200:
        return [f"status {status}: {body}"]
    want = {wind(r, s): r["deltas"][s] for s in range(players(r))}
    keeps = r["type"] in ABORTIVE or r["dealer"] in (r["tenpai_seats"] or [])
    got_next = body["next"]
    diff = []
    if body["deltas"] != want:
        diff.append(f"deltas {body['deltas']} != {want}")
    if (got_next["honba"], got_next["riichi_sticks"]) != (r["honba"] + 1, r["riichi_sticks"]):
        diff.append(f"next {got_next}")
    if not r.get("game_end") and got_next["dealer_keeps"] is not keeps:
        diff.append(f"dealer_keeps {got_next['dealer_keeps']}")
    if sum(body["deltas"].values()) + body["pool_change"] != 0:
        diff.append("unbalanced")
    return diff


SAMPLE = list(records(os.path.join(CASES, "real_draws_sample.jsonl")))


@pytest.mark.parametrize("r", SAMPLE, ids=[f"{r['game_id'][-8:]}-{r['hand_index']}-{r['type']}" for r in SAMPLE])
def test_real_draw_sample(post_json, r):
    assert check_draw(post_json, r) == []


def test_real_draws_full(post_json):
    rows = sample(shared_records("real_draws.jsonl.gz"), 4, keep=lambda r: r["type"] != "exhaustive")
    bad = [(r["game_id"], r["hand_index"], d) for r in rows for d in [check_draw(post_json, r)] if d]
    assert bad[:5] == []


def double_rons(rows):
    pairs = {}
    for r in rows:
        pairs.setdefault((r["game_id"], r["hand_index"]), []).append(r)
    return [sorted(v, key=lambda r: r["agari_index"]) for v in pairs.values() if len(v) > 1]


def check_double_ron(post_json, pair) -> list[str]:
    first = pair[0]
    wins = []
    for r in pair:
        # the whole /v1/score body, with what this winner collected (API.md: the second winner's 0, 0)
        wins.append(score_body(r))
    n = players(first)
    req = {"scores": {wind(first, s): first["result"]["scores_before"][s] for s in range(n)},
           "honba": first["honba"], "riichi_sticks": first["riichi_sticks"],
           "outcome": {"kind": "ron", "discarder": wind(first, first["from_seat"]), "wins": wins},
           "rules": {"preset": preset(first)}}
    status, body = post_json("/v1/settle", req)
    if status != 200:
        return [f"status {status}: {body}"]
    want = {wind(first, s): sum(r["result"]["deltas"][s] for r in pair) for s in range(n)}
    return [] if body["deltas"] == want and body["next"]["riichi_sticks"] == 0 else [f"{body['deltas']} != {want}"]


DOUBLE = double_rons(records(os.path.join(CASES, "real_double_ron_sample.jsonl")))


@pytest.mark.parametrize("pair", DOUBLE, ids=[f"{p[0]['game_id'][-8:]}-{p[0]['hand_index']}" for p in DOUBLE])
def test_real_double_ron(post_json, pair):
    assert check_double_ron(post_json, pair) == []


def test_real_double_rons_full(post_json):
    pairs = double_rons(shared_records("real_hands.jsonl.gz"))
    assert len(pairs) >= len(DOUBLE)
    assert [d for p in pairs for d in [check_double_ron(post_json, p)] if d][:5] == []
