"""What every answer carries and what every request may be: security headers, CORS, URI and header limits.

- Security headers on every answer: `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`, a
  Content-Security-Policy (JSON answers may load nothing; the page at / only its own scripts, styles and
  pictures, with no inline code; /docs only its own assets) and
  `Referrer-Policy: no-referrer`.
- CORS is off unless CORS_ALLOWED_ORIGINS (config, or the environment variable of that name) lists
  origins, comma-separated (`*` for any): a request whose Origin is listed gets it back in
  Access-Control-Allow-Origin, and a preflight (OPTIONS) the methods and headers it may use. With CORS on,
  every answer says `Vary: Origin` (listed origin or not, with an Origin header or without), so that a shared
  cache never hands one origin's answer to another.
- A request URI (path and query, as sent) longer than MAX_URI_LENGTH is a 414, headers larger than MAX_HEADER_BYTES a 431,
  both as problem+json (gunicorn.conf.py lets slightly larger ones through to the app so that the
  app can answer them; gunicorn itself refuses larger ones still, in the same format).
"""
from __future__ import annotations

import json

from flask import Flask

API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
DOCS_CSP = ("default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; "
            "frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
# The page at / has no inline script or style, so it runs under the strictest same-origin policy
PAGE_CSP = "default-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
SECURITY = {"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer"}
API_HEADERS = (*SECURITY.items(), ("Content-Security-Policy", API_CSP))
CORS_METHODS = "GET, POST, OPTIONS"
CORS_HEADERS = "Content-Type"
CORS_MAX_AGE = "600"


def allowed_origins(setting) -> frozenset[str]:
    """CORS_ALLOWED_ORIGINS as a set: a comma-separated string or a list; empty = CORS off."""
    if not setting:
        return frozenset()
    items = setting.split(",") if isinstance(setting, str) else setting
    return frozenset(o.strip().rstrip("/") for o in items if o.strip())


def _problem(status: str, detail: str) -> tuple[str, list[tuple[str, str]], bytes]:
    code, _, title = status.partition(" ")
    body = json.dumps({"title": title, "status": int(code), "detail": detail}).encode()
    return status, [("Content-Type", "application/problem+json"), ("Content-Length", str(len(body)))], body


class Edge:
    """WSGI middleware around the Flask app. It is a plain function of the environ and the header list,
    not an after_request hook: werkzeug's Headers cost about 40 µs a request for these few lines (measured
    with bench/bench_path.py), a list append next to nothing."""

    def __init__(self, wsgi_app, config):
        self.inner = wsgi_app
        self.origins = allowed_origins(config.get("CORS_ALLOWED_ORIGINS"))
        self.max_uri, self.max_headers = config["MAX_URI_LENGTH"], config["MAX_HEADER_BYTES"]

    def refusal(self, environ):
        raw = environ.get("RAW_URI")   # gunicorn: the request target as sent, its query included
        if raw is None:   # other servers: the path and the query, joined by "?"
            query = environ.get("QUERY_STRING", "")
            raw = environ.get("PATH_INFO", "") + ("?" + query if query else "")
        uri = len(raw)
        if uri > self.max_uri:
            return _problem("414 URI Too Long", f"The request URI is longer than {self.max_uri} bytes.")
        # each header line as sent: "Name: value\r\n" (the environ key is HTTP_NAME)
        size = sum([len(k) + len(v) - 1 for k, v in environ.items() if k[:5] == "HTTP_" and type(v) is str])
        if size > self.max_headers:
            return _problem("431 Request Header Fields Too Large",
                            f"The request headers are larger than {self.max_headers} bytes.")
        return None

    def extra_headers(self, environ, headers) -> tuple | list:
        html = any(v.startswith("text/html") and k.lower() == "content-type" for k, v in headers)
        if not html and not self.origins:
            return API_HEADERS   # most answers: JSON, no CORS
        csp = (PAGE_CSP if environ.get("PATH_INFO") == "/" else DOCS_CSP) if html else API_CSP
        out = [*SECURITY.items(), ("Content-Security-Policy", csp)]
        if not self.origins:
            return out
        out.append(("Vary", "Origin"))   # every answer: a cache must not give one origin's answer to another
        origin = environ.get("HTTP_ORIGIN")
        if origin and (origin.rstrip("/") in self.origins or "*" in self.origins):
            out.append(("Access-Control-Allow-Origin", "*" if "*" in self.origins else origin))
            if environ.get("REQUEST_METHOD") == "OPTIONS":
                out += [("Access-Control-Allow-Methods", CORS_METHODS), ("Access-Control-Allow-Headers", CORS_HEADERS),
                        ("Access-Control-Max-Age", CORS_MAX_AGE)]
        return out

    def __call__(self, environ, start_response):
        def start(status, headers, exc_info=None):
            headers.extend(self.extra_headers(environ, headers))
            return start_response(status, headers, exc_info)

        refused = self.refusal(environ)
        if refused is not None:
            status, headers, body = refused
            start(status, headers)
            return [body]
        return self.inner(environ, start)


def install(app: Flask) -> None:
    app.wsgi_app = Edge(app.wsgi_app, app.config)
