"""One game through POST /v1/games, as the service answers it, in a worker process.

Each worker builds the Flask app once (`start`, the pool's initializer) and posts every game to its test
client: the same body reading, the same rules from the record's flags, the same answer as over HTTP, with
no server and no network. The answer is cut down to one line of the season's output (`game_line`).
"""
from __future__ import annotations

import json
from typing import Any

from app import create_app

from . import sources

PROBLEMS_KEPT = 5   # a refused record's first problems, each naming where and what
_WORKER: dict[str, Any] = {}   # this process's test client and the fields every request carries (start)


def request_extra(rules: dict | None, infer_rules: bool) -> dict:
    """The fields sent beside `record` in every request: the user's `rules`, `infer_rules`."""
    extra: dict[str, Any] = {}
    if rules is not None:
        extra["rules"] = rules
    if infer_rules:
        extra["infer_rules"] = True
    return extra


def start(rules: dict | None = None, infer_rules: bool = False) -> None:
    """Build this process's app and test client (once per worker)."""
    _WORKER["client"] = create_app().test_client()
    _WORKER["extra"] = request_extra(rules, infer_rules)


def replay(piece: sources.Piece) -> dict:
    """The output line of one piece: the game's answer, its refusal, or why it is no game. Nothing one input
    holds stops the season: whatever else goes wrong with it is its error line."""
    try:
        return _replay(piece)
    except Exception as e:  # noqa: BLE001 (one input's failure, whatever it is, is that input's error)
        return {"id": piece.where, "where": piece.where, "error": {"detail": f"not replayed: {type(e).__name__}: {e}"}}


def _replay(piece: sources.Piece) -> dict:
    try:
        fmt, data, game_id = sources.record(piece)
    except sources.NotAGame as e:
        return {"where": piece.where, "skipped": str(e)}
    except sources.BadInput as e:
        return {"id": piece.where, "where": piece.where, "error": {"detail": str(e)}}
    name = game_id or piece.where
    body = json.dumps({"record": {"format": fmt, "data": data}, **_WORKER["extra"]}, ensure_ascii=False)
    resp = _WORKER["client"].post("/v1/games", data=body.encode("utf-8"), content_type="application/json")
    try:
        answer = json.loads(resp.get_data())
    except ValueError:
        answer = {"detail": resp.get_data(as_text=True)[:300]}
    if resp.status_code != 200:
        return {"id": name, "where": piece.where, "format": fmt, "error": problem(resp.status_code, answer)}
    return game_line(name, piece.where, fmt, answer)


def problem(status: int, answer: dict) -> dict:
    """A refusal, short: the status, the problem's detail and its first problems ({pointer, code, detail})."""
    out = {"status": status, "detail": answer.get("detail") or answer.get("title") or ""}
    errors = answer.get("errors") or []
    if errors:
        out["errors"] = errors[:PROBLEMS_KEPT]
    return out


def game_line(name: str, where: str, fmt: str, answer: dict) -> dict:
    """One game's line: id, where it was read, format, preset, agrees, differences, final (as the route
    answers it), and the inferred rules when they were asked for."""
    line = {"id": name, "where": where, "format": fmt, "preset": answer.get("preset"), "agrees": answer["agrees"],
            "differences": differences(answer), "final": answer.get("final")}
    inferred = answer.get("inferred_rules")
    if inferred is not None:
        line["inferred_rules"] = {k: inferred.get(k) for k in ("preset", "options", "explains")}
    return line


def differences(answer: dict) -> list[dict]:
    """Every difference of the answer in one list: each hand's, with `hand` (its index in `hands`) and `at`
    ("east 2-1": round, number, honba), then the game's own (`hand` null)."""
    out = []
    for index, hand in enumerate(answer.get("hands") or ()):
        at = f"{hand.get('round')} {hand.get('number')}-{hand.get('honba')}"
        out.extend({"hand": index, "at": at, **d} for d in hand.get("differences") or ())
    out.extend({"hand": None, **d} for d in answer.get("differences") or ())
    return out
