"""Reading a request body: JSON parsed once, bounded in size, depth and text.

415 when it is not sent as JSON, 413 above the size limit (a chunked body too: it has no
Content-Length, so the limit is enforced while reading it), and 400 when it is not valid JSON,
nests deeper than MAX_DEPTH or names a key twice in one object. A string holding a lone
surrogate (JSON allows the escape "\\ud800"; it is no text) is a 422 at its pointer.
"""
from __future__ import annotations

import json
import re

from flask import request
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge

from calculator.core.errors import InvalidHand, Issue

# The deepest body the API describes nests 7 levels (settle > outcome > wins > history > discards >
# tile); the JSON parser, marshmallow and repr() all recurse, so far deeper bodies are refused at once.
MAX_DEPTH = 32
TOO_DEEP = f"The request body nests arrays and objects deeper than {MAX_DEPTH} levels."
XML_HINT = (" It looks like XML: a Tenhou XML game log is sent to /v1/games inside a JSON body, as "
            "{\"record\": {\"format\": \"tenhou.mjlog\", \"data\": \"<the XML as one JSON string>\"}}.")
# a lone surrogate can only arrive as an escape (raw UTF-8 cannot encode one): look for it only then
SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


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


def _not_text(s: str) -> bool:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def surrogate_issues(data) -> list[Issue]:
    """`invalid_text` at every string (or object key) holding a lone surrogate (breadth first, no recursion)."""
    issues, level = [], [("", data)]
    while level:
        nxt = []
        for at, value in level:
            if isinstance(value, str) and _not_text(value):
                issues.append(Issue("invalid_text", "Text must be valid Unicode: this string holds a lone surrogate "
                                    "escape (\\ud800-\\udfff without its pair); send the character itself or "
                                    "both halves of its pair.", at))
            elif isinstance(value, dict):
                for k, v in value.items():
                    key = k.replace("~", "~0").replace("/", "~1")
                    if _not_text(k):
                        issues.append(Issue("invalid_text", "Object keys must be valid Unicode: this one holds a "
                                            "lone surrogate escape.", f"{at}/{key}".lstrip("/")))
                    else:
                        nxt.append((f"{at}/{key}".lstrip("/"), v))
            elif isinstance(value, list):
                nxt += [(f"{at}/{i}".lstrip("/"), v) for i, v in enumerate(value)]
        level = nxt
    return issues


def raw_body(req=None) -> bytes:
    """The body's bytes, at most the request's limit (MAX_CONTENT_LENGTH, unless the view set its own
    request.max_content_length): a body with a Content-Length above it is refused before it is read
    (werkzeug), one without (chunked) as soon as it passes it."""
    req = req or request._get_current_object()   # one look-up through the context-local proxy, not one per use
    limit = req.max_content_length
    env = req.environ
    length = req.content_length
    if limit is None:
        return req.get_data(cache=True)
    if length is not None:
        if length > limit:
            raise RequestEntityTooLarge()
        return env["wsgi.input"].read(length)   # the stream itself: werkzeug's wrappers cost more than the JSON
    if "wsgi.input_terminated" not in env:
        return b""   # a server that cannot say where a body without a length ends: none is read (werkzeug's rule)
    raw = env["wsgi.input"].read(limit + 1)
    if len(raw) > limit:
        raise RequestEntityTooLarge()
    return raw


def body():
    """The JSON body, parsed once (see the module's docstring for every refusal)."""
    req = request._get_current_object()
    if not req.is_json:
        req.on_json_loading_failed(None)   # raises Flask's own 415
    raw = raw_body(req)
    try:
        data = json.loads(raw, object_pairs_hook=unique_keys)
    except DuplicateKey as dup:
        raise BadRequest(f"The request body has a duplicate key {dup.args[0]!r} in one object.") from None
    except RecursionError:
        raise BadRequest(TOO_DEEP) from None
    except json.JSONDecodeError as err:   # where the parser stopped, as a reader can find it in the body
        where = str(err)
        xml = raw.lstrip()[:1] == b"<"
        raise BadRequest(f"The request body is not valid JSON: {where[:1].lower()}{where[1:]}." + (
            XML_HINT if xml else "")) from None
    except ValueError:   # bytes that are no UTF-8 (or UTF-16/32) text
        raise BadRequest("The request body is not valid JSON: it is not UTF-8 text.") from None
    # a body with at most MAX_DEPTH brackets cannot nest deeper (brackets inside strings only overcount)
    if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH and nested_deeper(data):
        raise BadRequest(TOO_DEEP)
    if SURROGATE_ESCAPE.search(raw):
        issues = surrogate_issues(data)
        if issues:
            raise InvalidHand(issues)
    return data
