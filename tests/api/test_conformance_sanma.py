"""Three-player conformance: real Tenhou three-player games (preset tenhou_sanma) against the service.

Wins go to POST /v1/score (han, fu, points, yaku with `kita` as its own entry, yakuman, limit, the three
seats' deltas), draws and double rons to POST /v1/settle (deltas, next counters, who keeps the deal), and
each game's last scores to POST /v1/final (Tenhou's end points). The committed sample
(tests/cases/sanma_sample.jsonl: every kind of three-player case the data has) always runs; when
../shared/data/sanma.jsonl.gz (1,938 wins, 344 draws, 254 games) is present, one win in six and every yakuman,
kita rinshan and kita ron win of it, one draw in four and every other than exhaustive, and all its double rons
and games' end points run as well (all of it under HYPOTHESIS_PROFILE=long).
"""
from __future__ import annotations

import os

import pytest

from tests.api.test_conformance_draws import check_double_ron, check_draw, double_rons
from tests.budget import sample
from tests.paths import CASES, SHARED
from tests.real_hands import answer, expected, records, score_body

SAMPLE = os.path.join(CASES, "sanma_sample.jsonl")
DATA = os.path.join(SHARED, "data", "sanma.jsonl.gz")
SEATS = ("east", "south", "west")


def split(path):
    rows = {"sanma-hand/1": [], "sanma-draw/1": [], "sanma-game/1": []}
    for r in records(path):
        rows[r["schema"]].append(r)
    return rows["sanma-hand/1"], rows["sanma-draw/1"], rows["sanma-game/1"]


def check_win(client, r) -> list:
    resp = client.post("/v1/score", json=score_body(r))
    body = resp.get_json()
    if resp.status_code != 200 or not body.get("is_win"):
        return [resp.status_code, body]
    got, want = answer(body), expected(r)
    return [] if got == want else [want, got]


def final_body(g) -> dict:
    """The /v1/final request at the end of a game: its last scores and the sticks left on the table."""
    last = g["expect"]["hands"][-1]["scores"]
    return {"scores": [{"player": "ABC"[i], "points": p, "seat": SEATS[i]} for i, p in enumerate(last)],
            "riichi_sticks": g["expect"]["leftover_sticks"], "rules": {"preset": "tenhou_sanma"}}


def check_final(post_json, g) -> list:
    status, body = post_json("/v1/final", final_body(g))
    if status != 200:
        return [status, body]
    got = ([row["points"] for row in body["scores"]], [row["final"] for row in body["scores"]])
    want = (g["expect"]["final"]["scores"], g["expect"]["final"]["points"])
    return [] if got == want else [want, got]


WINS, DRAWS, GAMES = split(SAMPLE)


@pytest.mark.parametrize("r", WINS, ids=[f"{r['game_id'][-8:]}-{r['hand_index']}-{r['agari_index']}" for r in WINS])
def test_sample_win_agrees_with_tenhou(client, r):
    assert check_win(client, r) == []


@pytest.mark.parametrize("r", DRAWS, ids=[f"{r['game_id'][-8:]}-{r['hand_index']}-{r['type']}" for r in DRAWS])
def test_sample_draw_agrees_with_tenhou(post_json, r):
    assert check_draw(post_json, r) == []


@pytest.mark.parametrize("pair", double_rons(WINS), ids=lambda p: f"{p[0]['game_id'][-8:]}-{p[0]['hand_index']}")
def test_sample_double_ron_agrees_with_tenhou(post_json, pair):
    assert check_double_ron(post_json, pair) == []


@pytest.mark.parametrize("g", GAMES, ids=[g["game_id"][-8:] for g in GAMES])
def test_sample_final_agrees_with_tenhou(post_json, g):
    assert check_final(post_json, g) == []


def test_sample_covers_the_three_player_cases():
    s = [r["situation"] for r in WINS]
    assert any(x["kita_rinshan"] for x in s) and any(x["kita_ron"] for x in s)
    assert any(r["kita"] >= 3 for r in WINS) and any(r["result"]["yakuman"] for r in WINS)
    assert {r["type"] for r in DRAWS} >= {"exhaustive", "kyuushu_kyuuhai", "suukaikan", "nagashi_mangan"}
    assert double_rons(WINS)


@pytest.mark.skipif(not os.path.exists(DATA), reason="../shared/data is not present (fresh clone)")
def test_three_player_records_agree_with_tenhou(client, post_json):
    wins, draws, games = split(DATA)
    assert (len(wins), len(draws), len(games)) == (1938, 344, 254)
    rare = lambda r: r["result"]["yakuman"] or r["situation"]["kita_rinshan"] or r["situation"]["kita_ron"]  # noqa: E731
    bad = [(r["game_id"], r["hand_index"], d) for r in sample(wins, 6, rare) for d in [check_win(client, r)] if d]
    bad += [(r["game_id"], r["hand_index"], d)
            for r in sample(draws, 4, lambda r: r["type"] != "exhaustive") for d in [check_draw(post_json, r)] if d]
    bad += [(p[0]["game_id"], d) for p in double_rons(wins) for d in [check_double_ron(post_json, p)] if d]
    bad += [(g["game_id"], d) for g in games for d in [check_final(post_json, g)] if d]
    assert bad[:5] == []
