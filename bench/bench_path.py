"""Where a request's time goes, in-process: each hot route split into its stages, next to the echo app.

Run from the project root: `.venv/bin/python bench/bench_path.py [--n 3000]`. For each body of
bench_http.BODIES it times, as the median of `--repeat` batches of `--n` calls (µs per call):

- wsgi: the whole request through the app's WSGI callable (routing, body, view, JSON, headers),
  with a prepared environ, no HTTP server; and the same for the echo app (bench/echo_app.py);
- parse: the JSON of the body with web.body's checks (duplicate keys, depth);
- load: the route's reader (intake/: the shape, then tiles, rules, every domain check), whose shape pass is the
  compiled field pass of schemas/fastload.py for these valid bodies; and (mm) the shape pass alone through
  marshmallow's own field pass, which every body that is not plainly valid takes;
- calculator: the calculator call alone;
- answer: building the answer as the route does: the JSON text itself (schemas/answer_text.py); then the
  dict of schemas/answers.py and the marshmallow dump it replaced, for comparison;
- encode: the answer as JSON as the app writes it (web/answer_json.py: Flask's settings, sorted keys, one
  prebuilt encoder; a text answer is sent as it is), and for the answer dict, Flask's own provider (a new
  encoder per answer) and json.dumps without sorting.

With `--varied N` every figure is the mean over up to N different bodies per route, cycled through (real
Tenhou wins, random hands: bench_load.varied_bodies), so no per-hand cache rides on one repeated body.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import sys
import time
from itertools import cycle

from flask import Flask
from marshmallow import Schema

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "bench")]

from werkzeug.test import EnvironBuilder  # noqa: E402

import app as service  # noqa: E402
import calculator  # noqa: E402
import echo_app  # noqa: E402
from bench_http import BODIES  # noqa: E402
from bench_load import varied_bodies  # noqa: E402
from schemas.answer_text import evaluate_text, furiten_text, ready_text, score_text  # noqa: E402
from schemas.answers import evaluate_answer, furiten_answer, ready_answer, score_answer  # noqa: E402
from schemas.evaluate import EvaluateOut  # noqa: E402
from schemas.furiten import FuritenOut  # noqa: E402
from schemas.ready import ReadyOut  # noqa: E402
from intake.evaluate import EVALUATE_IN, read_evaluate  # noqa: E402
from intake.ready import FURITEN_IN, READY_IN, read_furiten, read_ready  # noqa: E402
from intake.score import SCORE_IN, read_score  # noqa: E402
from schemas.score import ScoreOut  # noqa: E402
from web.body import nested_deeper, unique_keys  # noqa: E402

# per route: (reader, request schema), calculator call, the answer as the route builds it, the answer dict, the marshmallow dump
ROUTES = {
    "/v1/ready": ((read_ready, READY_IN), lambda q: calculator.readiness(q.hand, q.visible, q.rules),
                  lambda q, r: ready_text(q.preset, r, q.notes) or ready_answer(q.preset, r), lambda q, r: ready_answer(q.preset, r),
                  lambda q, r, s=ReadyOut(): {"preset": q.preset, **s.dump(r)}),
    "/v1/furiten": ((read_furiten, FURITEN_IN), lambda q: calculator.furiten_status(q.hand, q.history, q.rules),
                    lambda q, r: furiten_text(q.preset, r, q.notes) or furiten_answer(q.preset, r),
                    lambda q, r: furiten_answer(q.preset, r), lambda q, r, s=FuritenOut(): s.dump((q.preset, r))),
    "/v1/score": ((read_score, SCORE_IN), lambda q: calculator.score(q.request),
                  lambda q, r: (not q.notes and q.claim is None and score_text(r, q.preset)) or score_answer(r, q.preset),
                  lambda q, r: score_answer(r, q.preset), lambda q, r, s=ScoreOut(): {"preset": q.preset, **s.dump(r)}),
    "/v1/evaluate": ((read_evaluate, EVALUATE_IN), lambda q: calculator.evaluate(q[1]),
                     lambda q, r: evaluate_text(q[0], r, q.notes) or evaluate_answer(q[0], r),
                     lambda q, r: evaluate_answer(q[0], r), lambda q, r, s=EvaluateOut(): s.dump((q[0], r))),
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


def wsgi_call(app, path: str, raws: list[bytes]):
    """One request through the app's WSGI callable per call, cycling through the bodies `raws`."""
    environs = [(EnvironBuilder(path=path, method="POST", data=raw, content_type="application/json").get_environ(),
                 raw) for raw in raws]
    turn = cycle(environs)

    def call():
        environ, raw = next(turn)
        env = dict(environ)
        env["wsgi.input"] = io.BytesIO(raw)
        out = app.wsgi_app(env, lambda status, headers, exc=None: None)
        b"".join(out)
    return call


def cycling(fn, items: list):
    """fn(item) per call, cycling through `items` (one figure over all of them)."""
    turn = cycle(items)
    return lambda: fn(next(turn))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--varied", type=int, default=0, metavar="N",
                    help="up to N different bodies per route (0: the one body of bench_http)")
    args = ap.parse_args()
    ours, echo, plain = service.create_app(), echo_app.create_app(), Flask("plain")
    varied = varied_bodies(args.varied, 1) if args.varied else None
    print(f"µs per call, median of {args.repeat} batches of {args.n}"
          + (f"; up to {args.varied} different bodies per route" if varied else ""))
    print(f"{'route':13} {'wsgi':>6} {'echo':>6} {'ratio':>5} | {'parse':>5} {'load':>5} {'(mm)':>5} {'calc':>6} "
          f"{'answer':>6} {'(dict)':>6} {'(dump)':>6} {'encode':>6} {'(dict)':>6} {'(flask)':>7} {'(nosort)':>8}")
    for path, ((reader, schema), calc, answer, as_dict, dump) in ROUTES.items():
        bodies = varied[path] if varied else [BODIES[path]]
        raws = [json.dumps(b).encode() for b in bodies]
        n, rep = args.n, args.repeat
        whole = per_call(wsgi_call(ours, path, raws), n, rep)
        mirror = per_call(wsgi_call(echo, "/echo", raws), n, rep)
        parse = per_call(cycling(lambda raw: nested_deeper(json.loads(raw, object_pairs_hook=unique_keys)), raws),
                         n, rep)
        load = per_call(cycling(reader, bodies), n, rep)
        full = per_call(cycling(lambda b: Schema.load(schema, b), bodies), n, rep)
        qs = [reader(b) for b in bodies]
        calc_t = per_call(cycling(calc, qs), n, rep)
        done = [(q, calc(q)) for q in qs]
        answer_t = per_call(cycling(lambda qr: answer(*qr), done), n, rep)
        dict_t = per_call(cycling(lambda qr: as_dict(*qr), done), n, rep)
        dump_t = per_call(cycling(lambda qr: dump(*qr), done), n, rep)
        sent = [answer(*qr) for qr in done]
        dicts = [as_dict(*qr) for qr in done]
        with ours.app_context():
            encode = per_call(cycling(lambda d: ours.json.dumps(d, separators=(",", ":")), sent), n, rep)
            encode_dict = per_call(cycling(lambda d: ours.json.dumps(d, separators=(",", ":")), dicts), n, rep)
        with plain.app_context():
            flask = per_call(cycling(lambda d: plain.json.dumps(d, separators=(",", ":")), dicts), n, rep)
        nosort = per_call(cycling(lambda d: json.dumps(d, separators=(",", ":")), dicts), n, rep)
        print(f"{path:13} {whole:6.0f} {mirror:6.0f} {mirror / whole:5.2f} | {parse:5.0f} {load:5.0f} {full:5.0f} "
              f"{calc_t:6.0f} {answer_t:6.0f} {dict_t:6.0f} {dump_t:6.0f} {encode:6.0f} {encode_dict:6.0f} "
              f"{flask:7.0f} {nosort:8.0f}", flush=True)


if __name__ == "__main__":
    main()
