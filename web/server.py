"""gunicorn's side of the edge (imported by gunicorn.conf.py only; the app never imports it).

- JsonAccessLogger: one JSON object per request on the access log: time, method, path, status,
  duration in milliseconds, response bytes and the client address. Never a body, a query string or
  a header value.
- problem_errors(): the answers gunicorn writes itself before the app sees a request (a request
  line or header past gunicorn's limits, a malformed request) become problem+json like every other
  error, instead of gunicorn's HTML page.
- no_server_banner(): gunicorn names itself in a `Server` header on every answer; the header is left out.
"""
from __future__ import annotations

import json
from datetime import datetime, timezone
from http import HTTPStatus

from gunicorn import util
from gunicorn.glogging import Logger
from gunicorn.http import wsgi


MAX_LOGGED_PATH = 256   # a longer path (refused with 414 past 4,096 bytes) is cut in the log line


class JsonAccessLogger(Logger):
    def access(self, resp, req, environ, request_time):
        if not self.access_log_enabled:
            return
        status = resp.status.split(None, 1)[0] if isinstance(resp.status, str) else resp.status
        line = {"time": datetime.now(timezone.utc).isoformat(timespec="milliseconds"),
                "method": environ.get("REQUEST_METHOD"), "path": (environ.get("PATH_INFO") or "")[:MAX_LOGGED_PATH],
                "status": int(status) if str(status).isdigit() else status,
                "duration_ms": round(request_time.total_seconds() * 1000, 3),
                "bytes": getattr(resp, "sent", None), "remote": environ.get("REMOTE_ADDR")}
        self.access_log.info(json.dumps(line, ensure_ascii=True))


def _write_problem(sock, status_int, reason, mesg):
    """Replacement for gunicorn.util.write_error: the same answer as problem+json (RFC 9457)."""
    try:
        title = HTTPStatus(status_int).phrase
    except ValueError:
        title = reason
    details = {414: "The request line (method, URI and version) is longer than the service accepts.",
               431: "The request headers are larger than the service accepts."}
    body = json.dumps({"title": title, "status": status_int,
                       "detail": details.get(status_int, mesg or title)}, ensure_ascii=True).encode()
    head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
            f"Content-Length: {len(body)}\r\nX-Content-Type-Options: nosniff\r\n\r\n").encode("latin-1")
    util.write_nonblock(sock, head + body)


def problem_errors() -> None:
    util.write_error = _write_problem


def no_server_banner() -> None:
    plain = wsgi.Response.default_headers

    def default_headers(self):
        return [h for h in plain(self) if not h.startswith("Server:")]

    wsgi.Response.default_headers = default_headers
