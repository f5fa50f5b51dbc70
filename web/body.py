"""Reading a request body: JSON parsed once, bounded in size, depth and text.

415 when it is not sent as JSON, 413 above the size limit (a chunked body too: it has no
Content-Length, so the limit is enforced while reading it), and 400 when it is not valid JSON,
nests deeper than MAX_DEPTH, names a key twice in one object or gives one object more than
MAX_KEYS keys (no object the API reads has more than 201, a `rules` object naming every option: a body of
thousands of unknown keys is refused while it is parsed, before a schema lists a problem for each). A string
holding a lone surrogate (JSON allows the escape "\\ud800"; it is no text) and an integer too long for
Python to read (more than 4,300 digits) are 422s at their pointers.
"""
from __future__ import annotations

import json
import re
import sys

from flask import request
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge

from calculator.core.errors import InvalidHand, Issue

# The deepest body the API describes nests 7 levels (settle > outcome > wins > history > discards >
# tile); the JSON parser, marshmallow and repr() all recurse, so far deeper bodies are refused at once.
MAX_DEPTH = 32
TOO_DEEP = f"The request body nests arrays and objects deeper than {MAX_DEPTH} levels."
XML_HINT = (" It looks like XML: a Tenhou XML game log is sent to /v1/games inside a JSON body, as "
            "{\"record\": {\"format\": \"tenhou.mjlog\", \"data\": \"<the XML as one JSON string>\"}}.")
# Keys in one object: the most any object of the API has is 201 (`rules`: the preset and 200 options); real game
# records have at most 46 (../shared/data). Refusing a larger object while parsing keeps a body of 80,000 unknown
# keys from costing half a second of marshmallow's and the problem list's time (0.57 s measured; now about 10 ms).
MAX_KEYS = 512
TOO_MANY_KEYS = (f"The request body has an object with more than {MAX_KEYS} keys; no object the API reads has "
                 "more than 201 (a `rules` object naming every option). Send only the fields each object takes "
                 "(every field is listed at /docs).")
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


class TooManyKeys(ValueError):
    pass


def unique_keys(pairs: list[tuple[str, object]]) -> dict:
    """json.loads object_pairs_hook: an object naming a key twice is refused (json.loads keeps the last), and so is
    one with more than MAX_KEYS keys (before a dict is built of them)."""
    if len(pairs) > MAX_KEYS:
        raise TooManyKeys()
    out = dict(pairs)
    if len(out) != len(pairs):   # some key repeats: name the first that does
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
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


class _HugeInteger:
    """Where an integer of more digits than Python reads from text stood (the second parse of such a body)."""


def _integer(text: str):
    return _HugeInteger if len(text.lstrip("-")) > sys.get_int_max_str_digits() else int(text)


def huge_integer_issues(data) -> list[Issue]:
    """`invalid` at every integer too long to read (JSON allows any length; Python's int() reads at most
    sys.get_int_max_str_digits() digits, 4,300), in a body parsed with those integers marked (breadth first)."""
    issues, level = [], [("", data)]
    while level:
        nxt = []
        for at, value in level:
            if value is _HugeInteger:
                issues.append(Issue("invalid", f"This integer has more than {sys.get_int_max_str_digits():,} digits; "
                                    "no field takes a number anywhere near that size (each field's range is at "
                                    "/docs).", at))
            elif isinstance(value, dict):
                nxt += [(f"{at}/{k.replace('~', '~0').replace('/', '~1')}".lstrip("/"), v) for k, v in value.items()]
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


def trailing_comma(err: json.JSONDecodeError) -> str | None:
    """'A trailing comma before } at line L column C: ...' when the parser stopped on a closing bracket right
    after a comma (JSON allows none after the last item), else None (the parser's own words are kept)."""
    doc, pos = err.doc, err.pos
    if pos >= len(doc) or doc[pos] not in "}]":
        return None
    comma = len(doc[:pos].rstrip()) - 1
    if comma < 0 or doc[comma] != ",":
        return None
    line = doc.count("\n", 0, comma) + 1
    column = comma - doc.rfind("\n", 0, comma)
    return (f"A trailing comma before {doc[pos]} at line {line} column {column}: remove it (JSON allows no comma "
            "after the last item of an object or array)")


def parse(raw: bytes, parse_int=None):
    """The body's JSON, or the 400 (or 422) that says why it is none."""
    try:
        return json.loads(raw, object_pairs_hook=unique_keys, parse_int=parse_int)
    except DuplicateKey as dup:
        raise BadRequest(f"The request body has a duplicate key {dup.args[0]!r} in one object.") from None
    except TooManyKeys:
        raise BadRequest(TOO_MANY_KEYS) from None
    except RecursionError:
        raise BadRequest(TOO_DEEP) from None
    except json.JSONDecodeError as err:   # where the parser stopped, as a reader can find it in the body
        where = trailing_comma(err) or str(err)
        xml = raw.lstrip()[:1] == b"<"
        raise BadRequest(f"The request body is not valid JSON: {where[:1].lower()}{where[1:]}." + (
            XML_HINT if xml else "")) from None
    except ValueError as err:   # an integer too long for int(), or bytes that are no UTF-8 (or UTF-16/32) text
        if parse_int is None and "integer string conversion" in str(err):
            raise InvalidHand(huge_integer_issues(parse(raw, _integer))) from None
        raise BadRequest("The request body is not valid JSON: it is not UTF-8 text.") from None


def body():
    """The JSON body, parsed once (see the module's docstring for every refusal)."""
    req = request._get_current_object()
    if not req.is_json:
        req.on_json_loading_failed(None)   # raises Flask's own 415
    raw = raw_body(req)
    data = parse(raw)
    # a body with at most MAX_DEPTH brackets cannot nest deeper (brackets inside strings only overcount)
    if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH and nested_deeper(data):
        raise BadRequest(TOO_DEEP)
    if SURROGATE_ESCAPE.search(raw):
        issues = surrogate_issues(data)
        if issues:
            raise InvalidHand(issues)
    return data
