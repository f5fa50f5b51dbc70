"""RFC 9457 problem bodies: plain HTTP problems and the one invalid-request type (422)."""
from __future__ import annotations

import json
from http import HTTPStatus

from flask import Response
from marshmallow import fields

from .messages import Schema, is_required_message

INVALID_REQUEST = "/problems/invalid-request"
PROBLEM_JSON = "application/problem+json"


def problem(status: int, detail: str, **extra) -> Response:
    body = {"title": HTTPStatus(status).phrase, "status": status, "detail": detail, **extra}
    return Response(json.dumps(body), status=status, mimetype=PROBLEM_JSON)


# An answer lists at most this many problems (a body with thousands of bad items would otherwise get an
# answer many times its own size); `detail` then says how many there were and that the first are listed.
MAX_PROBLEMS = 50


def invalid_request(errors: list[dict]) -> Response:
    n = len(errors)
    detail = f"{n} problem{'s' if n != 1 else ''} in the request body."
    if n > MAX_PROBLEMS:
        detail += f" The first {MAX_PROBLEMS} are listed; fix them and send the request again to see the rest."
    body = {"type": INVALID_REQUEST, "title": "The request cannot be evaluated as sent.", "status": 422,
            "detail": detail, "errors": errors[:MAX_PROBLEMS]}
    return Response(json.dumps(body), status=422, mimetype=PROBLEM_JSON)


def _pointer(path) -> str:
    return "#/" + "/".join(str(p) for p in path) if path else "#"


def errors_from_messages(messages, path=()) -> list[dict]:
    """Flatten marshmallow's nested messages into {pointer, code, detail} entries."""
    out = []
    if isinstance(messages, dict) and set(messages) == {"code", "detail"}:
        return [{"pointer": _pointer(path), "code": messages["code"], "detail": messages["detail"]}]
    if isinstance(messages, dict):
        # a map field (fields.Dict) files an entry's problems under "key" (the name) and "value" (its
        # content): both belong at the entry itself (no request schema has fields called key or value)
        entry = path and set(messages) <= {"key", "value"}
        for key, value in messages.items():
            sub = path if key == "_schema" or entry else path + (key,)
            out += errors_from_messages(value, sub)
    elif isinstance(messages, (list, tuple)):
        for m in messages:
            out += errors_from_messages(m, path)
    else:
        text = str(messages)
        code = "required" if is_required_message(text) else {"Unknown field.": "unknown_field"}.get(text, "invalid")
        out.append({"pointer": _pointer(path), "code": code, "detail": text})
    return out


def errors_from_issues(issues) -> list[dict]:
    return [{"pointer": "#/" + i.field if i.field else "#", "code": i.code, "detail": i.detail} for i in issues]


class ProblemOut(Schema):
    """A plain HTTP problem (RFC 9457)."""
    type = fields.String(metadata={"description": "Problem type URI; absent means about:blank."})
    title = fields.String(metadata={"description": "Short summary of the problem type."})
    status = fields.Integer(metadata={"description": "HTTP status code."})
    detail = fields.String(metadata={"description": "What went wrong, for people."})


class ErrorItemOut(Schema):
    pointer = fields.String(metadata={"description": "JSON Pointer (URI fragment form) into the request body.",
                                      "example": "#/hand"})
    code = fields.String(metadata={"description": "Stable snake_case problem code for clients to switch on.",
                                   "example": "too_many_copies"})
    detail = fields.String(metadata={"description": "Explanation for people; may change."})


class InvalidRequestOut(ProblemOut):
    """422: the body is well-formed but cannot describe a real position; every problem is listed."""
    errors = fields.List(fields.Nested(ErrorItemOut), metadata={"description": "Every problem found."})
