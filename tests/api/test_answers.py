"""The hot routes build their answers directly (schemas/answers.py): each must equal, key for key and
value for value, what the documented Out schema's dump gives for the same result."""
import json
import os
import random

import pytest

import calculator
from intake.evaluate import read_evaluate
from intake.ready import read_furiten, read_ready
from intake.score import read_score
from schemas.answers import evaluate_answer, furiten_answer, ready_answer, score_answer
from schemas.evaluate import EvaluateOut
from schemas.furiten import FuritenOut
from schemas.ready import ReadyOut
from schemas.score import ScoreOut
from tests.positions import random_position
from tests.real_hands import SAMPLE, records, score_body

READY_OUT, FURITEN_OUT, EVALUATE_OUT, SCORE_OUT = ReadyOut(), FuritenOut(), EvaluateOut(), ScoreOut()
PRESETS = ["tenhou", "japanese_modern", "ema", "japanese_transitional"]


def same(a, b):
    # the JSON each one writes, keys sorted as the service writes them
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def random_hand(rng, n):
    wall = [k for k in range(34) for _ in range(4)]
    return "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in sorted(rng.sample(wall, n)))


@pytest.mark.parametrize("seed", range(40))
def test_ready_answer_is_the_schema_dump(seed):
    rng = random.Random(seed)
    for n in (13, 14):
        req = read_ready({"hand": random_hand(rng, n)})
        r = calculator.readiness(req.hand, req.visible, req.rules)
        same(ready_answer(req.preset, r), {"preset": req.preset, **READY_OUT.dump(r)})
    pos = random_position(rng)   # a ready hand, with and without its drawn tile
    given = pos.body("tenhou")
    req = read_ready({"hand": given["hand"], "melds": given.get("melds", []), "rules": {"preset": "tenhou"}})
    r = calculator.readiness(req.hand, req.visible, req.rules)
    same(ready_answer(req.preset, r), {"preset": req.preset, **READY_OUT.dump(r)})


@pytest.mark.parametrize("seed", range(40))
def test_furiten_and_evaluate_answers_are_the_schema_dumps(seed):
    rng = random.Random(seed)
    body = random_position(rng, one_suit=seed % 3 == 0, full=True).body(PRESETS[seed % 4])
    preset, req = read_evaluate(body)
    e = calculator.evaluate(req)
    same(evaluate_answer(preset, e), EVALUATE_OUT.dump((preset, e)))
    keys = {"hand", "melds", "discards", "missed", "missed_after_riichi", "riichi", "rules"}
    freq = read_furiten({k: v for k, v in body.items() if k in keys})
    f = calculator.furiten_status(freq.hand, freq.history, freq.rules)
    same(furiten_answer(freq.preset, f), FURITEN_OUT.dump((freq.preset, f)))


def test_score_answers_are_the_schema_dumps():
    checked = 0
    for r in records(SAMPLE):
        body = score_body(r)
        for extra in ({}, {"discarder": None}, {"win_tile": "1z"}):   # wins, a ron without discarder, not wins
            call = read_score({**body, **extra}) if "win_tile" not in extra else None
            if call is None:
                continue
            result = calculator.score(call.request)
            same(score_answer(result, call.preset), {"preset": call.preset, **SCORE_OUT.dump(result)})
            checked += 1
    assert checked >= 200


def test_a_hand_that_is_not_a_win_is_the_schema_dump():
    call = read_score({"hand": "123m456p789s1357z", "win_tile": "2p", "win_by": "ron", "seat_wind": "east",
                          "round_wind": "east"})
    result = calculator.score(call.request)
    assert not result.is_win
    same(score_answer(result, call.preset), {"preset": call.preset, **SCORE_OUT.dump(result)})
