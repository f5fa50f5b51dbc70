"""The hot answers are written in one place (schemas/answers.py) and documented by their Out schemas, whose
`dump` calls that writer: every key of every kind of answer must be a field the schema documents (at every
level), with a value of the field's JSON type, so that openapi.yaml shows the answers the service gives."""
import random

import pytest
from marshmallow import fields

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
TYPES = {fields.Boolean: bool, fields.Integer: int, fields.String: str, fields.List: list, fields.Dict: dict,
         fields.Nested: dict}


def undocumented(schema, answer: dict, at: str = "") -> list[str]:
    """Every key of `answer` that `schema` does not document, and every value not of its field's JSON type."""
    found = []
    by_key = {f.data_key or name: f for name, f in schema.dump_fields.items()}
    for key, value in answer.items():
        f = by_key.get(key)
        if f is None:
            found.append(f"{at}{key}")
        else:
            found += _value(f, value, f"{at}{key}")
    return found


def _value(f, value, at: str) -> list[str]:
    if value is None:
        return [] if f.allow_none or isinstance(f, (fields.Raw,)) else [f"{at}: null"]
    kind = next((t for cls, t in TYPES.items() if isinstance(f, cls)), None)
    if kind is not None and not isinstance(value, kind):
        return [f"{at}: {type(value).__name__}"]
    if isinstance(f, fields.Nested):
        return undocumented(f.schema, value, at + "/")
    if isinstance(f, fields.List):
        return [p for i, v in enumerate(value) for p in _value(f.inner, v, f"{at}/{i}")]
    if isinstance(f, fields.Dict) and f.value_field is not None:
        return [p for k, v in value.items() for p in _value(f.value_field, v, f"{at}/{k}")]
    return []


def random_hand(rng, n):
    wall = [k for k in range(34) for _ in range(4)]
    return "".join(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in sorted(rng.sample(wall, n)))


def test_the_out_schemas_dump_through_the_one_writer():
    call = read_score({"hand": "123m456p789s1357z", "win_tile": "2p", "win_by": "ron", "seat_wind": "east",
                       "round_wind": "east"})
    result = calculator.score(call.request)
    assert SCORE_OUT.dump(result) == score_answer(result)


@pytest.mark.parametrize("schema, answer, wrong", [
    pytest.param(SCORE_OUT, {"is_win": True, "colour": "red"}, ["colour"], id="an-undocumented-key"),
    pytest.param(SCORE_OUT, {"payments": [{"from": "east", "amount": "1000"}]}, ["payments/0/amount: str"],
                 id="a-value-of-another-type"),
    pytest.param(SCORE_OUT, {"payments": [{"from": None}]}, [], id="a-documented-null"),
])
def test_undocumented_finds_what_it_must(schema, answer, wrong):
    assert undocumented(schema, answer) == wrong


@pytest.mark.parametrize("seed", range(40))
def test_ready_answers_are_documented(seed):
    rng = random.Random(seed)
    for n in (13, 14):
        req = read_ready({"hand": random_hand(rng, n)})
        r = calculator.readiness(req.hand, req.visible, req.rules)
        assert undocumented(READY_OUT, ready_answer(req.preset, r)) == []
    given = random_position(rng).body("tenhou")   # a ready hand, with and without its drawn tile
    req = read_ready({"hand": given["hand"], "melds": given.get("melds", []), "rules": {"preset": "tenhou"}})
    r = calculator.readiness(req.hand, req.visible, req.rules)
    assert undocumented(READY_OUT, ready_answer(req.preset, r)) == []


@pytest.mark.parametrize("seed", range(40))
def test_furiten_and_evaluate_answers_are_documented(seed):
    rng = random.Random(seed)
    body = random_position(rng, one_suit=seed % 3 == 0, full=True).body(PRESETS[seed % 4])
    preset, req = read_evaluate(body)
    assert undocumented(EVALUATE_OUT, evaluate_answer(preset, calculator.evaluate(req))) == []
    keys = {"hand", "melds", "discards", "missed", "missed_after_riichi", "riichi", "rules"}
    freq = read_furiten({k: v for k, v in body.items() if k in keys})
    f = calculator.furiten_status(freq.hand, freq.history, freq.rules)
    assert undocumented(FURITEN_OUT, furiten_answer(freq.preset, f)) == []


def test_score_answers_are_documented():
    checked = 0
    for r in records(SAMPLE):
        body = score_body(r)
        for extra in ({}, {"discarder": None}, {"win_tile": "1z"}):   # wins, a ron without discarder, not wins
            try:
                call = read_score({**body, **extra})
            except Exception:
                continue
            assert undocumented(SCORE_OUT, score_answer(calculator.score(call.request), call.preset)) == []
            checked += 1
    assert checked >= 200


@pytest.mark.parametrize("preset, body", [
    pytest.param("taiwanese_16", {"hand": "123m456m789p234s567s5z", "win_tile": "5z", "win_by": "tsumo",
                                  "seat_wind": "south", "round_wind": "east", "flowers": [2]}, id="taiwanese"),
    pytest.param("european_classical", {"hand": "123m456p789s1122z", "win_tile": "2z", "win_by": "ron",
                                        "discarder": "west", "seat_wind": "south", "round_wind": "east"},
                 id="european"),
])
def test_family_answers_are_documented(preset, body):
    call = read_score({**body, "rules": {"preset": preset}})
    result = calculator.score_hand(call.request)
    assert result.is_win
    assert undocumented(SCORE_OUT, score_answer(result, call.preset)) == []
