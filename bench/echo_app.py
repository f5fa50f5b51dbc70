"""The yardstick for bench_http.py: a Flask app whose one route sends the JSON body straight back.

It parses and serialises JSON like the service does, and nothing more, so the ratio of the
service's requests per second to this app's (same gunicorn settings, same run) is what our
validation and arithmetic cost on top of Flask and gunicorn themselves.
"""
from __future__ import annotations

from flask import Flask, request


def create_app() -> Flask:
    app = Flask(__name__)

    @app.post("/echo")
    def echo():
        return request.get_json()

    return app
