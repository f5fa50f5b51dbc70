"""HTTP layer: create_app(), the /v1 views, and one error handler per source of failure.

Views load a request schema, call the calculator and dump a response schema; nothing else.
"""
from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping

from flask import Blueprint, Flask, Response, current_app, request
from marshmallow import ValidationError
from werkzeug.exceptions import BadRequest, HTTPException

import calculator
from calculator.play.after_declaration import declaration_answer
from calculator.core.errors import InvalidHand, UnsupportedRules
from calculator.table.final import final_scores
from calculator.table.settle import settle as settle_deal
from calculator.play.kuikae import check_kuikae
from schemas import presets as preset_schemas
from schemas.notes import with_notes
from schemas.problems import errors_from_issues, errors_from_messages, invalid_request, problem
from schemas.furiten import FuritenIn, FuritenOut
from schemas.ready import ReadyIn, ReadyOut
from schemas.declarations import RiichiIn, riichi_answer
from schemas.evaluate import EvaluateIn, EvaluateOut, evaluate_answer
from schemas.kuikae import KuikaeIn, KuikaeOut
from schemas.score import SCORE_IN, SCORE_OUT
from schemas.final import FINAL_IN, FINAL_OUT
from schemas.settle import SETTLE_IN, SETTLE_OUT

HERE = os.path.dirname(os.path.abspath(__file__))
api = Blueprint("api", __name__, url_prefix="/v1")
log = logging.getLogger(__name__)

# Schemas keep no per-request state, so each is built once (building one deep-copies its fields)
READY_IN, READY_OUT = ReadyIn(), ReadyOut()
FURITEN_IN, FURITEN_OUT = FuritenIn(), FuritenOut()
EVALUATE_IN, EVALUATE_OUT = EvaluateIn(), EvaluateOut()
RIICHI_IN = RiichiIn()
KUIKAE_IN, KUIKAE_OUT = KuikaeIn(), KuikaeOut()
PRESET_LIST_OUT, PRESET_OUT = preset_schemas.PresetListOut(), preset_schemas.PresetOut()

# The deepest body the API describes nests 7 levels (settle > outcome > wins > history > discards >
# tile); the JSON parser, marshmallow and repr() all recurse, so far deeper bodies are refused at once.
MAX_DEPTH = 32
TOO_DEEP = f"The request body nests arrays and objects deeper than {MAX_DEPTH} levels."


def nested_deeper(value, limit: int = MAX_DEPTH) -> bool:
    """More than `limit` levels of arrays and objects (checked level by level, without recursion)."""
    level = [value]
    for _ in range(limit):
        level = [v for x in level if isinstance(x, (dict, list)) for v in (x.values() if isinstance(x, dict) else x)]
        if not level:
            return False
    return any(isinstance(x, (dict, list)) for x in level)


class DuplicateKey(ValueError):
    pass


def unique_keys(pairs: list[tuple[str, object]]) -> dict:
    """json.loads object_pairs_hook: an object naming a key twice is refused (json.loads keeps the last)."""
    out = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKey(key)
        out[key] = value
    return out


def body():
    """The JSON body, parsed once: 415 when it is not sent as JSON, 413 above the size limit (Flask), and
    400 when it is not valid JSON, nests deeper than MAX_DEPTH (json.loads raises RecursionError long
    before the 64 KiB limit) or names a key twice in one object (json.loads would keep the last)."""
    if not request.is_json:
        request.on_json_loading_failed(None)   # raises Flask's own 415
    raw = request.get_data(cache=True)
    try:
        data = json.loads(raw, object_pairs_hook=unique_keys)
    except DuplicateKey as dup:
        raise BadRequest(f"The request body has a duplicate key {dup.args[0]!r} in one object.") from None
    except RecursionError:
        raise BadRequest(TOO_DEEP) from None
    except ValueError as err:   # not JSON, or not UTF-8
        request.on_json_loading_failed(err)
    if nested_deeper(data):
        raise BadRequest(TOO_DEEP)
    return data


@api.post("/ready")
def ready():
    """Is the hand ready, and on which tiles."""
    req = READY_IN.load(body())
    result = calculator.readiness(req.hand, req.visible, req.rules)
    return with_notes({"preset": req.preset, **READY_OUT.dump(result)}, req.notes, req.preset, req.rules)


@api.post("/furiten")
def furiten():
    """May the player win on each wait, under each sacred-discard variant."""
    req = FURITEN_IN.load(body())
    out = FURITEN_OUT.dump((req.preset, calculator.furiten_status(req.hand, req.history, req.rules)))
    return with_notes(out, req.notes, req.preset, req.rules)


@api.post("/score")
def score():
    """Value of one win."""
    call = SCORE_IN.load(body())
    out = {"preset": call.preset, **SCORE_OUT.dump(calculator.score(call.request))}
    return with_notes(out, call.notes, call.preset, call.request.rules)


@api.post("/evaluate")
def evaluate():
    """Everything about a waiting position at once."""
    preset, notes, req = EVALUATE_IN.load(body())
    return evaluate_answer(EVALUATE_OUT.dump((preset, calculator.evaluate(req))), notes, preset, req.rules)


@api.post("/riichi")
def riichi():
    """May a ready declaration be made now, and what follows after it."""
    req = RIICHI_IN.load(body())
    phase, decision, extra = declaration_answer(req.hand, req.history, req.rules, req.points, req.tiles_left,
                                                req.winds, req.event)
    return with_notes(riichi_answer(req, decision, phase, extra), req.notes, req.preset, req.rules)


@api.post("/kuikae")
def kuikae():
    """May this tile be discarded right after a chi or pon."""
    req = KUIKAE_IN.load(body())
    result = check_kuikae(req.concealed, req.call, req.rules, req.discard)
    return with_notes({"preset": req.preset, **KUIKAE_OUT.dump(result)}, req.notes, req.preset, req.rules)


@api.post("/settle")
def settle():
    """What one deal does to the table."""
    req = SETTLE_IN.load(body())
    out = {"preset": req.preset, **SETTLE_OUT.dump(settle_deal(req.table, req.outcome, req.rules))}
    return with_notes(out, req.notes, req.preset, req.rules)


@api.post("/final")
def final():
    """End of game: return points, oka, uma and ties."""
    req = FINAL_IN.load(body())
    out = {"preset": req.preset, **FINAL_OUT.dump(final_scores(req.players, req.riichi_sticks, req.rules))}
    return with_notes(out, (), req.preset, req.rules)


@api.get("/presets")
def presets():
    """The rule presets."""
    return PRESET_LIST_OUT.dump(preset_schemas.preset_list())


@api.get("/presets/<name>")
def preset(name):
    """One preset with every option."""
    return PRESET_OUT.dump(preset_schemas.preset_detail(name))


def http_detail(err: HTTPException) -> str:
    """Our own sentence for what Flask and werkzeug raise themselves; a view's own detail is kept."""
    if err.description != type(err).description and err.code != 415:
        return err.description or ""
    return {400: "The request body is not valid JSON.",
            404: f"No endpoint at {request.path}.",
            405: f"{request.method} is not allowed on {request.path}.",
            413: f"The request body is larger than {current_app.config['MAX_CONTENT_LENGTH']} bytes.",
            415: "The request body must be JSON, sent with Content-Type: application/json.",
            }.get(err.code, err.description or "")


def register_errors(app: Flask) -> None:
    @app.errorhandler(ValidationError)
    def invalid_shape(err):
        return invalid_request(errors_from_messages(err.messages))

    @app.errorhandler(InvalidHand)
    def invalid_hand(err):
        return invalid_request(errors_from_issues(err.issues))

    @app.errorhandler(UnsupportedRules)
    def unsupported(err):
        return invalid_request(errors_from_issues(err.issues))

    @app.errorhandler(HTTPException)
    def http_error(err):
        resp = problem(err.code, http_detail(err))
        if getattr(err, "valid_methods", None):  # 405 must say what is allowed (RFC 9110 15.5.6)
            resp.headers["Allow"] = ", ".join(err.valid_methods)
        return resp

    @app.errorhandler(Exception)
    def internal(err):
        log.exception("unexpected error", exc_info=err)
        return problem(500, "Internal error.")


def create_app(config: Mapping[str, object] | None = None) -> Flask:
    app = Flask(__name__, static_folder=os.path.join(HERE, "static"), static_url_path="/static")
    app.config.from_mapping(MAX_CONTENT_LENGTH=64 * 1024)
    app.config.from_prefixed_env()
    if config:
        app.config.from_mapping(config)
    app.register_blueprint(api)
    register_errors(app)

    @app.get("/healthz")
    def healthz():
        return {"status": "ok"}

    @app.get("/openapi.yaml")
    def openapi():
        with open(os.path.join(HERE, "openapi.yaml"), encoding="utf-8") as f:
            return Response(f.read(), mimetype="application/yaml")

    @app.get("/docs")
    def docs():
        """Swagger UI over /openapi.yaml, from assets in static/docs (no CDN)."""
        with open(os.path.join(HERE, "static", "docs", "index.html"), encoding="utf-8") as f:
            return Response(f.read(), mimetype="text/html")

    return app
