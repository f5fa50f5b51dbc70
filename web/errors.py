"""One error handler per source of failure; every answer is RFC 9457 problem+json."""
from __future__ import annotations

import logging

from flask import Flask, current_app, request
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from calculator.core.errors import InvalidHand, Issue, UnsupportedRules, did_you_mean
from schemas.problems import errors_from_issues, errors_from_messages, invalid_request, problem

log = logging.getLogger("app")


def http_detail(err: HTTPException) -> str:
    """Our own sentence for what Flask and werkzeug raise themselves; a view's own detail is kept."""
    if err.description != type(err).description and err.code != 415:
        return err.description or ""
    return {400: "The request body is not valid JSON.",
            404: f"No endpoint at {request.path}.{_nearest_route(request.path)} Every route is listed at /docs.",
            405: f"{request.method} is not allowed on {request.path}{_use(err)}.",
            413: f"The request body is larger than {request.max_content_length} bytes, this route's limit.",
            415: "The request body must be JSON, sent with Content-Type: application/json.",
            }.get(err.code, err.description or "")


def _use(err: HTTPException) -> str:
    """': use POST' with the methods the route answers (its Allow header, less HEAD and OPTIONS)."""
    methods = sorted(m for m in getattr(err, "valid_methods", None) or () if m not in ("HEAD", "OPTIONS"))
    return f": use {' or '.join(methods)}" if methods else ""


def _nearest_route(path: str) -> str:
    """' Did you mean ...?' naming the app's routes nearest to a path it does not serve ('' when none is near);
    the routes with a variable part are offered by their fixed start (/v1/presets/{name} as /v1/presets/)."""
    routes = sorted({r.rule.split("<")[0] for r in current_app.url_map.iter_rules() if r.endpoint != "static"})
    return did_you_mean(path, routes, 1)


def register_errors(app: Flask) -> None:
    @app.errorhandler(ValidationError)
    def invalid_shape(err):
        return invalid_request(errors_from_messages(err.messages))

    @app.errorhandler(InvalidHand)
    def invalid_hand(err):
        return invalid_request(errors_from_issues(err.issues))

    @app.errorhandler(UnsupportedRules)
    def unsupported(err):   # at the option of the request's rules that decides it
        return invalid_request(errors_from_issues([Issue(err.issues[0].code, err.issues[0].detail,
                                                         f"rules/{err.option}" if err.option else "rules")]))

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
