"""Where a request's time goes, in-process: each hot route split into its stages, next to the echo app.

Run from the project root: `.venv/bin/python bench/bench_path.py [--n 3000]`. For each body of
bench_http.BODIES it times, as the median of `--repeat` batches of `--n` calls (µs per call):

- wsgi: the whole request through the app's WSGI callable (routing, body, view, JSON, headers),
  with a prepared environ, no HTTP server; and the same for the echo app (bench/echo_app.py);
- parse: the JSON of the body with web.body's checks (duplicate keys, depth);
- load: the request schema's load (shape, tiles, rules, every domain check): the compiled field pass of
  schemas/fastload.py for these valid bodies, and (marshmallow) the same load through marshmallow's own
  field pass, which every body that is not plainly valid takes;
- calculator: the calculator call alone;
- answer: building the answer dict directly (schemas/answers.py), and the marshmallow dump it replaced;
- encode: the answer as JSON as the app writes it (web/answer_json.py: Flask's settings, sorted keys, one
  prebuilt encoder), Flask's own provider (a new encoder per answer), and json.dumps without sorting.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import sys
import time

from flask import Flask
from marshmallow import Schema

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "bench")]

from werkzeug.test import EnvironBuilder  # noqa: E402

import app as service  # noqa: E402
import calculator  # noqa: E402
import echo_app  # noqa: E402
from bench_http import BODIES  # noqa: E402
from schemas.answers import evaluate_answer, furiten_answer, ready_answer, score_answer  # noqa: E402
from schemas.evaluate import EvaluateOut  # noqa: E402
from schemas.furiten import FuritenOut  # noqa: E402
from schemas.ready import ReadyOut  # noqa: E402
from schemas.score import SCORE_IN, ScoreOut  # noqa: E402
from web.body import nested_deeper, unique_keys  # noqa: E402

ROUTES = {
    "/v1/ready": (service.READY_IN, lambda q: calculator.readiness(q.hand, q.visible, q.rules),
                  lambda q, r: ready_answer(q.preset, r), lambda q, r, s=ReadyOut(): {"preset": q.preset, **s.dump(r)}),
    "/v1/furiten": (service.FURITEN_IN, lambda q: calculator.furiten_status(q.hand, q.history, q.rules),
                    lambda q, r: furiten_answer(q.preset, r), lambda q, r, s=FuritenOut(): s.dump((q.preset, r))),
    "/v1/score": (SCORE_IN, lambda q: calculator.score(q.request), lambda q, r: score_answer(r, q.preset),
                  lambda q, r, s=ScoreOut(): {"preset": q.preset, **s.dump(r)}),
    "/v1/evaluate": (service.EVALUATE_IN, lambda q: calculator.evaluate(q[1]), lambda q, r: evaluate_answer(q[0], r),
                     lambda q, r, s=EvaluateOut(): s.dump((q[0], r))),
}


def per_call(fn, n: int, repeat: int) -> float:
    fn()
    batches = []
    for _ in range(repeat):
        t0 = time.process_time()
        for _ in range(n):
            fn()
        batches.append((time.process_time() - t0) / n * 1e6)
    return statistics.median(batches)


def wsgi_call(app, path: str, raw: bytes):
    environ = EnvironBuilder(path=path, method="POST", data=raw, content_type="application/json").get_environ()

    def call():
        env = dict(environ)
        env["wsgi.input"] = io.BytesIO(raw)
        out = app.wsgi_app(env, lambda status, headers, exc=None: None)
        b"".join(out)
    return call


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    ours, echo, plain = service.create_app(), echo_app.create_app(), Flask("plain")
    print(f"µs per call, median of {args.repeat} batches of {args.n}")
    print(f"{'route':13} {'wsgi':>6} {'echo':>6} {'ratio':>5} | {'parse':>5} {'load':>5} {'(mm)':>5} {'calc':>6} "
          f"{'answer':>6} {'(dump)':>6} {'encode':>6} {'(flask)':>7} {'(nosort)':>8}")
    for path, (schema, calc, answer, dump) in ROUTES.items():
        body = BODIES[path]
        raw = json.dumps(body).encode()
        n, rep = args.n, args.repeat
        whole = per_call(wsgi_call(ours, path, raw), n, rep)
        mirror = per_call(wsgi_call(echo, "/echo", raw), n, rep)
        parse = per_call(lambda: nested_deeper(json.loads(raw, object_pairs_hook=unique_keys)), n, rep)
        q = schema.load(body)
        load = per_call(lambda: schema.load(body), n, rep)
        full = per_call(lambda: Schema.load(schema, body), n, rep)
        r = calc(q)
        calc_t = per_call(lambda: calc(q), n, rep)
        answer_t = per_call(lambda: answer(q, r), n, rep)
        dump_t = per_call(lambda: dump(q, r), n, rep)
        d = answer(q, r)
        with ours.app_context():
            encode = per_call(lambda: ours.json.dumps(d, separators=(",", ":")), n, rep)
        with plain.app_context():
            flask = per_call(lambda: plain.json.dumps(d, separators=(",", ":")), n, rep)
        nosort = per_call(lambda: json.dumps(d, separators=(",", ":")), n, rep)
        print(f"{path:13} {whole:6.0f} {mirror:6.0f} {mirror / whole:5.2f} | {parse:5.0f} {load:5.0f} {full:5.0f} "
              f"{calc_t:6.0f} {answer_t:6.0f} {dump_t:6.0f} {encode:6.0f} {flask:7.0f} {nosort:8.0f}", flush=True)


if __name__ == "__main__":
    main()
