"""HTTP layer: create_app() and the /v1 views.

Views read the request with its reader (intake/: the body's shape, then what it means, every problem a 422),
call the calculator and write the answer (schemas/); nothing else. Reading the body's JSON, the error handlers
and the headers every answer carries live in web/. (/v1/ready, /v1/furiten, /v1/evaluate and /v1/score write
the answer's JSON text directly: schemas/answer_text.py.)
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import replace

from flask import Flask, Response, current_app, request

import calculator
from calculator.play.after_declaration import declaration_answer
from calculator.table.final import final_scores
from calculator.table.settle import settle as settle_deal
from calculator.play.kuikae import check_kuikae
from calculator.furiten.sacred import mark_sacred_discards
from calculator.readings.efficiency import efficiency as tile_efficiency
from schemas import presets as preset_schemas
from schemas.notes import with_notes
from schemas.answers import evaluate_answer, furiten_answer, ready_answer, score_answer
from schemas.answer_text import evaluate_text, furiten_text, ready_text, score_text
from schemas.declarations import riichi_answer
from schemas.efficiency import efficiency_answer
from schemas.evaluate import evaluate_notes
from schemas.kuikae import KuikaeOut
from schemas.audit import dump_audit
from schemas.final import FINAL_OUT
from schemas.settle import SETTLE_OUT
from schemas.games import CONVERT_OUT, MAX_BODY as GAMES_MAX_BODY, dump_games
from intake.efficiency import read_efficiency
from intake.evaluate import read_evaluate
from intake.final import read_final
from intake.games import read_convert, read_games, record_problems
from intake.ready import read_furiten, read_kuikae, read_ready
from intake.riichi import read_riichi
from intake.score import read_score
from intake.settle import read_settle
from calculator.table.audit import audit_score, audit_settlement
from calculator.table.audit_families import audit_family_score, audit_family_settlement
from calculator.records.convert import converted
from calculator.records.games import replay_game
from calculator.records.infer import PRESET_RULES, infer_rules
from web import edge
from web.body import MAX_DEPTH, body, nested_deeper  # noqa: F401  (MAX_DEPTH, nested_deeper: part of the API)
from web.answer_json import AnswerJSON
from web.errors import register_errors

# Request limits (README "Request limits"): body bytes, request URI bytes, all header lines' bytes
LIMITS = {"body": 64 * 1024, "uri": 4096, "headers": 16 * 1024}
HERE = os.path.dirname(os.path.abspath(__file__))


class Views:
    """The /v1 views, each added to the app itself by create_app under its function's name. A Flask blueprint would
    group them too, but it costs every request the look-ups of its name's hooks (it has none): about 6k
    instructions a request (bench/README.md, issue 24's third round)."""

    def __init__(self, prefix: str):
        self.prefix, self.rules = prefix, []

    def _add(self, rule: str, method: str):
        def add(view):
            self.rules.append((self.prefix + rule, view, method))
            return view
        return add

    def post(self, rule: str):
        return self._add(rule, "POST")

    def get(self, rule: str):
        return self._add(rule, "GET")

    def register(self, app: Flask) -> None:
        for rule, view, method in self.rules:
            app.add_url_rule(rule, view.__name__, view, methods=[method])


api = Views("/v1")

# Schemas keep no per-request state, so each is built once (building one deep-copies its fields)
KUIKAE_OUT = KuikaeOut()
PRESET_LIST_OUT, PRESET_OUT = preset_schemas.PresetListOut(), preset_schemas.PresetOut()


def _answer(req, result, write, build):
    """The answer as its JSON text when `write` can write it (an answer without notes), else `build`'s dict with
    the request's notes."""
    text = write(req.preset, result, req.notes)
    if text is not None:
        return current_app.json.response(text)
    return with_notes(build(req.preset, result), req.notes, req.preset, req.rules)


@api.post("/ready")
def ready():
    """Is the hand ready, and on which tiles."""
    req = read_ready(body())
    return _answer(req, calculator.readiness(req.hand, req.visible, req.rules), ready_text, ready_answer)


@api.post("/efficiency")
def efficiency():
    """Which discard, and which tiles help: shanten, ukeire and improvements per discard."""
    req = read_efficiency(body())
    result = tile_efficiency(req.hand, req.visible, req.rules, req.improvements)
    if req.discards is not None:
        result = mark_sacred_discards(result, req.hand, req.discards, req.rules)
    return with_notes(efficiency_answer(req.preset, result), req.notes, req.preset, req.rules)


@api.post("/furiten")
def furiten():
    """May the player win on each wait, under each sacred-discard variant."""
    req = read_furiten(body())
    return _answer(req, calculator.furiten_status(req.hand, req.history, req.rules), furiten_text, furiten_answer)


@api.post("/score")
def score():
    """Value of one win; with a `claim`, the claim audited."""
    call = read_score(body())
    result = calculator.score_hand(call.request)
    if call.claim is None and not call.notes:
        text = score_text(result, call.preset)   # a Japanese answer written as its JSON text
        if text is not None:
            return current_app.json.response(text)
    out = score_answer(result, call.preset)
    if call.claim is not None:   # han and fu, or the Taiwanese and European tables' own fields
        japanese = call.request.rules.scoring_family == "japanese"
        audit = audit_score if japanese else audit_family_score
        out["audit"] = dump_audit(audit(call.request, result, call.claim,
                                        calculator.score if japanese else calculator.score_hand))
    return with_notes(out, call.notes, call.preset, call.request.rules)


@api.post("/evaluate")
def evaluate():
    """Everything about a waiting position at once."""
    call = read_evaluate(body())
    preset, req = call
    e = calculator.evaluate(req)
    text = evaluate_text(preset, e, call.notes)   # the answer written as its JSON text, when it can be
    if text is not None:
        return current_app.json.response(text)
    return evaluate_notes(evaluate_answer(preset, e), call.notes, preset, req.rules)


@api.post("/riichi")
def riichi():
    """May a ready declaration be made now, and what follows after it."""
    req = read_riichi(body())
    phase, decision, extra = declaration_answer(req.hand, req.history, req.rules, req.points, req.tiles_left,
                                                req.winds, req.event)
    return with_notes(riichi_answer(req, decision, phase, extra), req.notes, req.preset, req.rules)


@api.post("/kuikae")
def kuikae():
    """May this tile be discarded right after a chi or pon."""
    req = read_kuikae(body())
    result = check_kuikae(req.concealed, req.call, req.rules, req.discard)
    return with_notes({"preset": req.preset, **KUIKAE_OUT.dump(result)}, req.notes, req.preset, req.rules)


@api.post("/settle")
def settle():
    """What one deal does to the table."""
    req = read_settle(body())
    settled = settle_deal(req.table, req.outcome, req.rules)
    out = {"preset": req.preset, **SETTLE_OUT.dump(settled)}
    if req.claim is not None:
        def again(rules):   # the deal under other rules, full hands scored again under them
            wins = tuple(w if w.score_request is None else replace(w, score_request=replace(w.score_request,
                                                                                            rules=rules))
                         for w in req.unscored) or req.outcome.wins
            return settle_deal(req.table, replace(req.outcome, wins=wins), rules)
        if req.rules.scoring_family == "japanese":
            out["audit"] = dump_audit(audit_settlement(req.table, req.outcome, req.unscored, req.rules, settled,
                                                       req.claim, again))
        else:
            out["audit"] = dump_audit(audit_family_settlement(req.table, req.rules, settled, req.claim, again))
    return with_notes(out, req.notes, req.preset, req.rules)


@api.post("/final")
def final():
    """End of game: return points, oka, uma and ties."""
    req = read_final(body())
    out = {"preset": req.preset, **FINAL_OUT.dump(final_scores(req.players, req.riichi_sticks, req.rules))}
    return with_notes(out, (), req.preset, req.rules)


@api.post("/games")
def games():
    """A whole game from its record: every hand replayed, settled and compared with the record."""
    request.max_content_length = GAMES_MAX_BODY   # this route only: a long game's record is 30-60 KB
    call = read_games(body())
    with record_problems():   # a problem at a place in the record, answered at the request's
        if call.infer is not None:
            found = infer_rules(call.record, PRESET_RULES, call.infer, call.infer_length)
            return dump_games(found.preset, found.result, found)
        result = replay_game(call.record, call.rules, call.infer_length, call.rules_given)
    return dump_games(call.preset, result)


@api.post("/convert")
def convert():
    """A game record written in another format (tenhou.6 or mjai), read as /v1/games reads it."""
    request.max_content_length = GAMES_MAX_BODY
    to, call = read_convert(body())
    preset = call.preset
    with record_problems():   # a problem at a place in the record, answered at the request's
        if call.infer is not None:
            found = infer_rules(call.record, PRESET_RULES, call.infer, call.infer_length)
            preset, result = found.preset, found.result
        else:
            result = replay_game(call.record, call.rules, call.infer_length, True)
        data = converted(call.record, result, to)
    return CONVERT_OUT.dump({"format": to, "preset": preset, "data": data})


@api.get("/presets")
def presets():
    """List the rule presets."""
    return PRESET_LIST_OUT.dump(preset_schemas.preset_list())


@api.get("/presets/<name>")
def preset(name):
    """One preset with every option."""
    return PRESET_OUT.dump(preset_schemas.preset_detail(name))


class Service(Flask):
    json_provider_class = AnswerJSON   # Flask's JSON settings, the encoder built once (web/answer_json.py)


def create_app(config: Mapping[str, object] | None = None) -> Flask:
    app = Service(__name__, static_folder=os.path.join(HERE, "static"), static_url_path="/static")
    app.config.from_mapping(MAX_CONTENT_LENGTH=LIMITS["body"], MAX_URI_LENGTH=LIMITS["uri"],
                            MAX_HEADER_BYTES=LIMITS["headers"],
                            CORS_ALLOWED_ORIGINS=os.environ.get("CORS_ALLOWED_ORIGINS", ""))
    app.config.from_prefixed_env()
    if config:
        app.config.from_mapping(config)
    api.register(app)
    register_errors(app)
    edge.install(app)

    @app.get("/")
    def page():
        """The page for people at a table.

        static/page: plain HTML, CSS and JS, tiles from static/tiles."""
        with open(os.path.join(HERE, "static", "page", "index.html"), encoding="utf-8") as f:
            return Response(f.read(), mimetype="text/html")

    @app.get("/healthz")
    def healthz():
        """Liveness check."""
        return {"status": "ok"}

    @app.get("/openapi.yaml")
    def openapi():
        """This document."""
        with open(os.path.join(HERE, "openapi.yaml"), encoding="utf-8") as f:
            return Response(f.read(), mimetype="application/yaml")

    @app.get("/docs")
    def docs():
        """Interactive documentation.

        Swagger UI over /openapi.yaml, from assets in static/docs (no CDN)."""
        with open(os.path.join(HERE, "static", "docs", "index.html"), encoding="utf-8") as f:
            return Response(f.read(), mimetype="text/html")

    return app
