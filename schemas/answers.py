"""The hot answers (/v1/ready, /v1/furiten, /v1/score, /v1/evaluate), each written in one place: here.

Each function builds the answer as the plain dict the JSON encoder writes, in one pass. The Out schemas
(schemas/ready.py, furiten.py, score.py, evaluate.py) document the same answers for openapi.yaml, and their
`dump` calls these functions, so the answer and its documented shape come from one writer;
tests/api/test_answers.py checks, on every kind of answer, that each answer holds exactly the schema's
fields. A `/v1/games` win and a `/v1/evaluate` wait's `ron` and `tsumo` entries are /v1/score answers.

The routes send an answer without notes as schemas/answer_text.py writes it: the same answer as its JSON text,
byte for byte what the encoder writes for these dicts (tests/api/test_answer_text.py). Issue 24 asked to drop it
unless it saves more than the noise: counted with callgrind over 50 in-process requests of bench_http's bodies,
the dict and its encoding cost 581,000 instructions more per /v1/evaluate answer and 100,000 more per /v1/score
answer than the text (about 2 % of a count moves from run to run), so the text stays, checked against this.
"""
from __future__ import annotations

from calculator.core.notation import format_tiles
from calculator.core.tiles import name
from calculator.play.evaluate import NO_COPIES_LEFT
from calculator.readings.ready import ReadyResult
from calculator.scoring.european import EuropeanResult
from calculator.scoring.japanese import ScoreResult
from calculator.scoring.limits import YAKUMAN
from calculator.scoring.taiwanese import TaiResult

# a wait's entry where nothing was scored: no hand scoring in the rules, or no copy of the tile left
NOT_SCORED = {"is_win": False, "reasons": ["scoring_not_defined"]}


def _names(tiles) -> list[str]:
    return [name(t) for t in tiles]


def _waits(waits) -> list[dict]:
    return [{"tile": name(w.tile), "remaining": w.remaining} for w in waits]


def _with_preset(preset: str | None) -> dict:
    return {} if preset is None else {"preset": preset}


def ready_answer(preset: str | None, r: ReadyResult) -> dict:
    out = _with_preset(preset)
    out.update(shanten=r.shanten, ready=r.ready, complete=r.complete, waits=_waits(r.waits), forms=list(r.forms),
               shanten_by_form=dict(r.shanten_by_form))
    if r.discards is not None:
        out["discards"] = [{"tile": name(d.tile), "shanten": d.shanten, "ready": d.ready, "waits": _waits(d.waits)}
                           for d in r.discards]
    return out


def reading_out(tile: int, p) -> dict:
    """One reading of a win as the wire shows it: the group it completes and the partial it joins."""
    return {"form": p.form, "group": format_tiles(tuple(sorted(p.tiles + (tile,)))),
            "partial": format_tiles(p.tiles), "wait": p.wait}


def furiten_answer(preset: str | None, r) -> dict:
    variants = {}
    for v in r.variants:
        out = {"furiten": v.furiten, "ron_allowed": _names(v.ron_allowed), "ron_blocked": _names(v.ron_blocked)}
        if v.name == "one_four_seven":
            out["readings"] = {name(t): [reading_out(t, p) for p in ps] for t, ps in v.partials}
        variants[v.name] = out
    t = r.verdict.tiles
    out = _with_preset(preset)
    out.update(ready=r.ready, waits=_names(r.waits), variants=variants,
               temporary={"furiten": r.temporary.furiten, "tiles": _names(r.temporary.tiles)},
               riichi_furiten={"furiten": r.riichi_furiten.furiten, "tiles": _names(r.riichi_furiten.tiles)},
               verdict={"variant": r.verdict.variant, "ron": {name(v.tile): v.ron for v in t},
                        "tsumo": {name(v.tile): v.tsumo for v in t},
                        "reasons": {name(v.tile): list(v.reasons) for v in t}})
    return out


def _payment(from_seat, amount: int, honba: int, reason: str | None = None) -> dict:
    out = {"from": from_seat, "amount": amount, "honba": honba, "honba_points": honba}
    if reason is not None:
        out["reason"] = reason
    return out


def japanese_answer(r: ScoreResult) -> dict:
    """The han-and-fu answer of a ScoreResult."""
    out = {"is_win": r.is_win, "reasons": list(r.reasons)}
    if r.han is not None:
        out.update(han=r.han, fu=r.fu, yaku=[{"id": i, "han": h} for i, h in r.yaku],
                   yakuman=[{"id": i, "multiplier": m} for i, m in r.yakuman],
                   fu_breakdown=[{"reason": x.reason, "fu": x.fu} for x in r.fu_breakdown])
    if r.is_win:
        out.update(limit=r.limit, base_points=r.base_points, points=r.points,
                   payments=[_payment(p.from_seat, p.amount, p.honba) for p in r.payments],
                   riichi_sticks_collected=r.riichi_sticks_collected, riichi_stick_points=r.riichi_sticks_collected)
        if r.limit in ("yakuman", "kazoe_yakuman"):
            out["yakuman_multiple_paid"] = r.base_points // YAKUMAN
        if r.deltas:
            out["deltas"] = dict(r.deltas)
    return out


def tai_answer(r: TaiResult) -> dict:
    out = {"is_win": r.is_win, "reasons": list(r.reasons)}
    if r.is_win:
        out.update(tai=r.tai, items=[i._asdict() for i in r.items],
                   bonus_items=[{"id": i, "tai": t, "payers": list(p)} for i, t, p in r.bonus_items],
                   limit=r.limit, points=r.points,
                   payments=[_payment(s.payer, s.amount, 0, s.reason) for s in r.payments])
        if r.deltas:
            out["deltas"] = dict(r.deltas)
    return out


def hand_value_answer(v) -> dict:
    """A European hand's value (HandValue): its items and doubles, as /v1/score and /v1/settle's `hands` give it."""
    return {"basic_points": v.basic_points, "items": [i._asdict() for i in v.items], "doubles": v.doubles,
            "double_items": [d._asdict() for d in v.double_items], "points": v.points, "limit": v.limit,
            **({"notes": list(v.notes)} if v.notes else {})}


def european_answer(r: EuropeanResult) -> dict:
    out = {"is_win": r.is_win, "reasons": list(r.reasons)}
    if r.is_win:
        out.update(hand_value_answer(r.value), deltas=dict(r.deltas),
                   payments=[_payment(p.from_seat, p.amount, 0) for p in r.payments])
    return out


def score_answer(r, preset: str | None = None) -> dict:
    """The /v1/score answer of a ScoreResult, TaiResult or EuropeanResult."""
    out = _with_preset(preset)
    if isinstance(r, TaiResult):
        out.update(tai_answer(r))
    elif isinstance(r, EuropeanResult):
        out.update(european_answer(r))
    else:
        out.update(japanese_answer(r))
    return out


def _scored(result, preset: str) -> dict:
    """A wait's ron or tsumo entry: the /v1/score answer, or NOT_SCORED (which names no preset)."""
    return dict(NOT_SCORED, reasons=list(NOT_SCORED["reasons"])) if result is None else score_answer(result, preset)


def evaluate_answer(preset: str, e) -> dict:
    f, d = e.furiten, e.riichi
    waits = [{"tile": name(w.tile), "remaining": w.remaining, "ron_blocked": dict(w.ron_blocked),
              "furiten": {"ron": w.verdict.ron, "tsumo": w.verdict.tsumo, "reasons": list(w.verdict.reasons)},
              "ron": _scored(w.ron, preset), "tsumo": _scored(w.tsumo, preset)} for w in e.waits]
    return {"preset": preset, "shanten": e.ready.shanten, "ready": e.ready.ready, "forms": list(e.ready.forms),
            "waits": waits,
            "furiten": {"variant": f.verdict.variant,
                        "temporary": {"furiten": f.temporary.furiten, "tiles": _names(f.temporary.tiles)},
                        "riichi_furiten": {"furiten": f.riichi_furiten.furiten,
                                           "tiles": _names(f.riichi_furiten.tiles)}},
            "riichi": {"allowed": d.allowed, "reasons": list(d.reasons), "outcome": d.outcome,
                       "unchecked": list(d.unchecked)}}


def scored_entry(entry: dict) -> bool:
    """A wait's entry that is a /v1/score answer (not one standing for a win that cannot exist: no copies left,
    or no hand scoring in the rules): the request's notes go in it too."""
    return entry.get("reasons") not in (NOT_SCORED["reasons"], list(NO_COPIES_LEFT.reasons))
