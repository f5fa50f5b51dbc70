"""The hot routes' answers, built directly as the dicts the JSON encoder writes.

/v1/ready, /v1/furiten, /v1/score and /v1/evaluate answer with plain dicts built here in one pass,
instead of a marshmallow dump that walks every nested schema again (about half of a request's own
time before). Their Out schemas stay the documented shape (openapi.yaml): tests/api/test_answers.py
checks, on every kind of answer, that each function returns exactly what the schema's dump returns.
"""
from __future__ import annotations

from calculator.core.tiles import name
from calculator.readings.ready import ReadyResult
from calculator.scoring.japanese import ScoreResult

from .evaluate import NOT_SCORED, evaluation_dict
from .furiten import FuritenOut
from .score import SCORE_OUT, japanese_answer

_furiten_dict = FuritenOut.from_result   # its pre_dump already builds the whole answer


def _waits(waits) -> list[dict]:
    return [{"tile": name(w.tile), "remaining": w.remaining} for w in waits]


def ready_answer(preset: str, r: ReadyResult) -> dict:
    out = {"preset": preset, "shanten": r.shanten, "ready": r.ready, "complete": r.complete, "waits": _waits(r.waits),
           "forms": list(r.forms), "shanten_by_form": dict(r.shanten_by_form)}
    if r.discards is not None:
        out["discards"] = [{"tile": name(d.tile), "shanten": d.shanten, "ready": d.ready, "waits": _waits(d.waits)}
                           for d in r.discards]
    return out


def furiten_answer(preset: str, result) -> dict:
    return _furiten_dict(None, (preset, result))


def _payment(p) -> dict:
    return {"from": p.from_seat, "amount": p.amount, "honba": p.honba, "honba_points": p.honba}


def score_answer(r, preset: str | None = None) -> dict:
    out = {} if preset is None else {"preset": preset}
    if not isinstance(r, ScoreResult):   # the Taiwanese and European tables: their schema builds the answer
        out.update(SCORE_OUT.dump(r))
        return out
    out.update(japanese_answer(r, _payment))
    if r.is_win:
        out["riichi_stick_points"] = r.riichi_sticks_collected
    return out


def _scored(result, preset: str) -> dict:
    return dict(NOT_SCORED, reasons=list(NOT_SCORED["reasons"])) if result is None else score_answer(result, preset)


def evaluate_answer(preset: str, e) -> dict:
    return evaluation_dict(preset, e, lambda r: _scored(r, preset))
