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
from calculator.scoring.limits import YAKUMAN

from .evaluate import NOT_SCORED
from .furiten import FuritenOut
from .score import SCORE_OUT

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


def score_answer(r, preset: str | None = None) -> dict:
    out = {} if preset is None else {"preset": preset}
    if not isinstance(r, ScoreResult):   # the Taiwanese and European tables: their schema builds the answer
        out.update(SCORE_OUT.dump(r))
        return out
    out["is_win"], out["reasons"] = r.is_win, list(r.reasons)
    if r.han is not None:
        out.update(han=r.han, fu=r.fu, yaku=[{"id": i, "han": h} for i, h in r.yaku],
                   yakuman=[{"id": i, "multiplier": m} for i, m in r.yakuman],
                   fu_breakdown=[{"reason": x.reason, "fu": x.fu} for x in r.fu_breakdown])
    if r.is_win:
        out.update(limit=r.limit, base_points=r.base_points, points=r.points,
                   payments=[{"from": p.from_seat, "amount": p.amount, "honba": p.honba, "honba_points": p.honba}
                             for p in r.payments],
                   riichi_sticks_collected=r.riichi_sticks_collected, riichi_stick_points=r.riichi_sticks_collected)
        if r.limit in ("yakuman", "kazoe_yakuman"):
            out["yakuman_multiple_paid"] = r.base_points // YAKUMAN
        if r.deltas:
            out["deltas"] = dict(r.deltas)
    return out


def _scored(result, preset: str) -> dict:
    return dict(NOT_SCORED, reasons=list(NOT_SCORED["reasons"])) if result is None else score_answer(result, preset)


def evaluate_answer(preset: str, e) -> dict:
    f, d = e.furiten, e.riichi
    waits = [{"tile": name(w.tile), "remaining": w.remaining,
              "ron_blocked": dict(w.ron_blocked),
              "furiten": {"ron": w.verdict.ron, "tsumo": w.verdict.tsumo, "reasons": list(w.verdict.reasons)},
              "ron": _scored(w.ron, preset), "tsumo": _scored(w.tsumo, preset)} for w in e.waits]
    return {"preset": preset, "shanten": e.ready.shanten, "ready": e.ready.ready, "forms": list(e.ready.forms),
            "waits": waits,
            "furiten": {"variant": f.verdict.variant,
                        "temporary": {"furiten": f.temporary.furiten, "tiles": [name(t) for t in f.temporary.tiles]},
                        "riichi_furiten": {"furiten": f.riichi_furiten.furiten,
                                           "tiles": [name(t) for t in f.riichi_furiten.tiles]}},
            "riichi": {"allowed": d.allowed, "reasons": list(d.reasons), "outcome": d.outcome,
                       "unchecked": list(d.unchecked)}}
