"""The ceiling for bench_load.py: the service's own app doing none of a route's work.

`create_app()` is the service's app (app.create_app: the same middleware, security headers, body
checks and answer path) with one more route, POST /ceiling, that reads the body exactly as every
/v1 route does (web.body.body: content type, size, JSON, duplicate keys, depth) and answers a fixed
JSON text of the size of /v1/ready's answer. It loads nothing, computes nothing and writes nothing.

Its requests per second against the echo app's are the most any /v1 route can reach on the same
machine and settings; a route's CPU per request minus this one's is what the route's own work (the
schema load, the calculator, the answer) costs the server. The route exists only in this module:
the service never has it.
"""
from __future__ import annotations

from flask import Flask, current_app

from app import create_app as service_app
from schemas.answer_text import JSONText
from web.body import body

# /v1/ready's answer to bench_http.BODIES["/v1/ready"], as the service writes it
ANSWER = JSONText('{"complete":false,"forms":["regular"],"preset":"japanese_modern","ready":true,"shanten":0,'
          '"shanten_by_form":{"chiitoitsu":6,"kokushi":11,"regular":0},'
          '"waits":[{"remaining":3,"tile":"2s"},{"remaining":2,"tile":"5s"}]}')


def create_app() -> Flask:
    app = service_app()

    def ceiling():
        body()
        return current_app.json.response(ANSWER)

    app.add_url_rule("/ceiling", "ceiling", ceiling, methods=["POST"])
    return app
