"""What every answer carries and what every request may be: security headers, CORS, URI and header limits.

- Security headers on every answer: `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`, a
  Content-Security-Policy (JSON answers may load nothing; /docs only its own assets) and
  `Referrer-Policy: no-referrer`.
- CORS is off unless CORS_ALLOWED_ORIGINS (config, or the environment variable of that name) lists
  origins, comma-separated (`*` for any): a request whose Origin is listed gets it back in
  Access-Control-Allow-Origin, and a preflight (OPTIONS) the methods and headers it may use.
- A request URI longer than MAX_URI_LENGTH is a 414, headers larger than MAX_HEADER_BYTES a 431,
  both as problem+json (gunicorn.conf.py lets slightly larger ones through to the app so that the
  app can answer them; gunicorn itself refuses larger ones still, in the same format).
"""
from __future__ import annotations

from flask import Flask, Response, request
from werkzeug.exceptions import HTTPException

API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
DOCS_CSP = ("default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; "
            "frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
SECURITY = {"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer"}
CORS_METHODS = "GET, POST, OPTIONS"
CORS_HEADERS = "Content-Type"
CORS_MAX_AGE = "600"


class URITooLong(HTTPException):
    code, description = 414, "URI Too Long"


class HeadersTooLarge(HTTPException):
    code, description = 431, "Request Header Fields Too Large"


def allowed_origins(setting) -> frozenset[str]:
    """CORS_ALLOWED_ORIGINS as a set: a comma-separated string or a list; empty = CORS off."""
    if not setting:
        return frozenset()
    items = setting.split(",") if isinstance(setting, str) else setting
    return frozenset(o.strip().rstrip("/") for o in items if o.strip())


def install(app: Flask) -> None:
    origins = allowed_origins(app.config.get("CORS_ALLOWED_ORIGINS"))
    max_uri, max_headers = app.config["MAX_URI_LENGTH"], app.config["MAX_HEADER_BYTES"]

    @app.before_request
    def limits():
        env = request.environ
        uri = len(env.get("RAW_URI") or env.get("PATH_INFO", "")) + len(env.get("QUERY_STRING", ""))
        if uri > max_uri:
            raise URITooLong()
        size = sum(len(k) - 5 + len(v) + 4 for k, v in env.items() if k.startswith("HTTP_") and isinstance(v, str))
        if size > max_headers:
            raise HeadersTooLarge()

    @app.after_request
    def headers(resp: Response) -> Response:
        h = resp.headers
        for key, value in SECURITY.items():
            h.setdefault(key, value)
        h.setdefault("Content-Security-Policy", DOCS_CSP if resp.mimetype == "text/html" else API_CSP)
        origin = request.headers.get("Origin")
        if origins and origin and (origin.rstrip("/") in origins or "*" in origins):
            h["Access-Control-Allow-Origin"] = "*" if "*" in origins else origin
            h.add("Vary", "Origin")
            if request.method == "OPTIONS":
                h["Access-Control-Allow-Methods"] = CORS_METHODS
                h["Access-Control-Allow-Headers"] = CORS_HEADERS
                h["Access-Control-Max-Age"] = CORS_MAX_AGE
        return resp
