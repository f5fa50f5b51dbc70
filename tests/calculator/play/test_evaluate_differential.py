"""/v1/evaluate against its stages called one by one: the shared work evaluate does must not change an answer.

For seeded random positions under every preset (and the bench body), calculator.evaluate's answer equals the
stages composed naively: readiness, furiten_status and riichi_allowed on the position, and for each wait
score_hand on the completed hand by ron and by tsumo (the /v1/score request, with the history, no shared
furiten context), except a wait every copy of which is already seen (no_copies_left).
"""
from __future__ import annotations

import os
import random
import sys

import pytest

from calculator import evaluate, furiten_status, readiness, score_hand
from calculator.core.tiles import NORTH
from calculator.play.declarations import riichi_allowed
from calculator.play.evaluate import NO_COPIES_LEFT, passed_unlisted
from calculator.rules.loader import PRESET_NAMES
from calculator.scoring.facts import Situation
from calculator.scoring.japanese import ScoreRequest
from intake.evaluate import read_evaluate
from tests.api.test_evaluate_api import copies_seen
from tests.paths import ROOT
from tests.positions import random_position

sys.path.insert(0, os.path.join(ROOT, "bench"))
from bench_http import BODIES  # noqa: E402

NOT_IN_EUROPEAN = ("dora_indicators", "ura_dora_indicators", "riichi_sticks", "ippatsu", "honba")
NOT_IN_TAIWANESE = ("dora_indicators", "ura_dora_indicators", "riichi_sticks", "ippatsu", "riichi", "missed_after_riichi")


def position_body(rng: random.Random, preset: str, seed: int) -> dict:
    """A random ready position under `preset`, without the fields the preset's family refuses."""
    sixteen = preset == "taiwanese_16"
    body = random_position(rng, seed % 3 == 0, hand_size=16 if sixteen else 13, full=seed % 2 == 0).body(preset)
    drop = NOT_IN_TAIWANESE if sixteen else NOT_IN_EUROPEAN if preset in ("european_classical", "french", "italian") \
        else ("discarder",) if preset == "tenhou_sanma" else ()
    body = {k: v for k, v in body.items() if k not in drop}
    if sixteen:
        body["discards"] = [{"tile": d["tile"]} for d in body["discards"]]
    if preset == "tenhou_sanma":
        body["seat_wind"] = rng.choice(["east", "south", "west"])
    if seed % 5 == 1:
        body["tiles_left"] = seed % 60
        body["scores"] = dict.fromkeys(("east", "south", "west", "north"), 900 * (seed % 40))
    return body


def stage_by_stage(body: dict):
    """The request of `body`, evaluate's answer, and the naive composition of the stages, side by side."""
    req = read_evaluate(body)[1]
    got = evaluate(req)
    own = tuple(d.tile for d in req.history.discards) + req.dora_indicators + req.ura_indicators + (NORTH,) * req.kita
    assert got.ready == readiness(req.hand, req.visible + own + passed_unlisted(req.visible, req.history), req.rules)
    assert got.furiten == furiten_status(req.hand, req.history, req.rules)
    assert got.riichi == riichi_allowed(req.hand, req.history, req.rules, req.points, req.tiles_left,
                                        (req.seat_wind, req.round_wind))
    assert [w.tile for w in got.waits] == [w.tile for w in got.ready.waits]
    for w in got.waits:
        if not req.scoring:
            assert w.ron is w.tsumo is None
            continue
        if copies_seen(body, _name(w.tile)) >= 4:
            assert w.ron == w.tsumo == NO_COPIES_LEFT
            continue
        for by, result in (("ron", w.ron), ("tsumo", w.tsumo)):
            sit = Situation(by, req.seat_wind, req.round_wind, req.history.riichi, req.ippatsu, kita=req.kita)
            alone = score_hand(ScoreRequest(req.hand, w.tile, sit, req.dora_indicators, req.ura_indicators, req.honba,
                                            req.riichi_sticks, req.discarder if by == "ron" else None, req.rules,
                                            history=req.history, flowers=req.flowers, seasons=req.seasons))
            assert result == alone, (body, w.tile, by)
    return got


def _name(kind: int) -> str:
    return f"{kind % 9 + 1}{'mpsz'[kind // 9]}"


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_evaluate_equals_its_stages_one_by_one(preset):
    checked = wins = 0
    for seed in range(60):
        rng = random.Random(seed * 7919 + len(preset))
        for _ in range(50):   # three-player positions: draw again until every tile is in the set
            body = position_body(rng, preset, seed)
            if _loads(body):
                break
        else:
            continue
        got = stage_by_stage(body)
        checked += 1
        wins += sum(bool(w.ron and w.ron.is_win) + bool(w.tsumo and w.tsumo.is_win) for w in got.waits)
    assert checked >= 20 and wins >= 10, (checked, wins)


def _loads(body) -> bool:
    try:
        read_evaluate(body)
    except Exception:   # a 422 (ValidationError or InvalidHand): not a position of this preset
        return False
    return True


def test_the_bench_body_equals_its_stages():
    got = stage_by_stage(BODIES["/v1/evaluate"])
    assert [w.tile for w in got.waits] == [22, 25] and all(w.ron.is_win and w.tsumo.is_win for w in got.waits)


POSITION = {"seat_wind": "south", "round_wind": "east", "rules": {"preset": "tenhou"}}


@pytest.mark.parametrize("body", [
    pytest.param({**POSITION, "hand": "123m456p789s2345s"}, id="tsumo-wins-ron-has-no-yaku"),
    pytest.param({**POSITION, "hand": "123m456p789s2345s", "discards": [{"tile": "5s"}]}, id="ron-refused-furiten"),
    pytest.param({**POSITION, "hand": "123m456p11z23456s", "discards": [{"tile": "1s"}],
                  "rules": {"preset": "tenhou", "sacred_discard_variant": "one_four_seven"}},
                 id="one-four-seven-scores-the-ron-through-its-permitted-reading"),
    pytest.param({**POSITION, "hand": "234067m234p67s55s", "riichi": "riichi", "discards": [
        {"tile": "1z", "riichi": True}], "dora_indicators": "4m", "ura_dora_indicators": "4s", "ippatsu": True,
                  "discarder": "west", "honba": 2, "riichi_sticks": 1}, id="riichi-ura-red-five-sticks"),
    pytest.param({**POSITION, "hand": "111222333z4445s", "seat_wind": "east"}, id="a-yakuman-candidate"),
    pytest.param({"hand": "123p456p789s2345s", "seat_wind": "south", "round_wind": "east", "kita": 1,
                  "dora_indicators": "3z", "rules": {"preset": "tenhou_sanma"}}, id="three-players-kita-dora"),
    pytest.param({**POSITION, "hand": "234m456p678s2244s", "honba": 5, "rules": {"preset": "japanese_modern",
                  "ryan_shi": True}}, id="ryan-shi-two-han-from-five-honba"),
    pytest.param({**POSITION, "hand": "234m456p678s2244s", "honba": 4, "rules": {"preset": "japanese_modern",
                  "ryan_shi": True}}, id="ryan-shi-one-han-below-five-honba"),
])
def test_named_positions_equal_their_stages(body):
    """Positions where a wait's ron and tsumo answers part ways (furiten, 1-4-7 readings, yaku only by tsumo),
    or where what score_pair shares between them counts (ura and red fives, kita): each equals its /v1/score."""
    got = stage_by_stage(body)
    assert got.waits and all(w.ron is not None for w in got.waits)
    if "ryan_shi" in body["rules"]:   # a ron on either pair is tanyao alone: a win at four honba, not at five
        assert all(w.ron.is_win is (body["honba"] < 5) for w in got.waits), got.waits

