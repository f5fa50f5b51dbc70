"""Instructions per call of /v1/evaluate's stages, in-process, counted by valgrind's callgrind.

Run from the project root: `.venv/bin/python bench/bench_instructions_inproc.py [--varied 200] [--route /v1/score]`.
It needs valgrind (Debian: `apt-get install valgrind`) and takes a few minutes on a loaded machine; it re-runs
itself under `valgrind --tool=callgrind`. Counted instructions do not depend on the machine's load, so this is
the figure to compare between two versions of the code (bench_instructions.py counts the same under gunicorn,
which takes far longer).

How a stage is counted: the script calls `os.getppid()` (libc's getppid, which nothing else here calls) as a
marker, and callgrind is started with `--dump-before=getppid`, so every marker closes one part of the profile
with its own instruction total. Each stage runs its warm-up calls, then a marker, `few` calls, a marker, `many`
calls, a marker: (part of many - part of few) / (many - few) is one call's cost, the marker's own cost and
everything outside the loop cancelling out. With `--varied N` the calls cycle through up to N different bodies
(real Tenhou wins: bench_load.varied_bodies), `few` and `many` are whole rounds of them, and every per-hand
value is computed afresh (per-suit caches a stream of different hands also hits stay warm, as in a server).

Stages of the route (default /v1/evaluate; /v1/score, /v1/furiten and /v1/ready have the same rows):

- route: the whole request through the service's WSGI callable with a prepared environ (no HTTP server);
- ceiling: the same through bench/ceiling_app.py's /ceiling route with the same body (the service's stack
  reading the body and answering a fixed text), so route - ceiling is the route's own work;
- ceiling (ready body): /ceiling with /v1/ready's body, the ceiling bench_instructions.py counts;
- route and ceiling (test client): the same two through Flask's test client, as issue 24's in-process count was made
  (its difference is larger than the WSGI one: the test client's own work grows with the answer's size);
- parse: web.body.parse of the body's bytes (JSON with the duplicate-key hook);
- read: the route's reader in intake/ (the shape pass, tiles, rules, every domain check);
- calculator: the calculator call alone on the read request;
- answer: the answer's JSON text (schemas/answer_text.py).
"""
from __future__ import annotations

import argparse
import glob
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from itertools import cycle

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "bench")]
UNDER = "BENCH_INPROC_UNDER_CALLGRIND"


def stages(route: str, bodies: list[dict], detail: bool = False) -> dict:
    """name -> a function of no argument doing one call (cycling through the bodies)."""
    from werkzeug.test import EnvironBuilder

    import app as service
    import calculator
    import ceiling_app
    from bench_http import BODIES
    from intake.evaluate import read_evaluate
    from intake.ready import read_furiten, read_ready
    from intake.score import read_score
    from schemas.answer_text import evaluate_text, furiten_text, ready_text, score_text
    from web.body import parse

    routes = {
        "/v1/evaluate": (read_evaluate, lambda q: calculator.evaluate(q[1]),
                         lambda q, r: evaluate_text(q[0], r, q.notes)),
        "/v1/score": (read_score, lambda q: calculator.score_hand(q.request), lambda q, r: score_text(r, q.preset)),
        "/v1/furiten": (read_furiten, lambda q: calculator.furiten_status(q.hand, q.history, q.rules),
                        lambda q, r: furiten_text(q.preset, r, q.notes)),
        "/v1/ready": (read_ready, lambda q: calculator.readiness(q.hand, q.visible, q.rules),
                      lambda q, r: ready_text(q.preset, r, q.notes)),
    }
    reader, calc, write = routes[route]
    raws = [json.dumps(b).encode() for b in bodies]
    ours, ceiling = service.create_app(), ceiling_app.create_app()

    def wsgi(app, path, raws):
        environs = [(EnvironBuilder(path=path, method="POST", data=raw, content_type="application/json")
                     .get_environ(), raw) for raw in raws]
        turn = cycle(environs)

        def call():
            environ, raw = next(turn)
            env = dict(environ)
            env["wsgi.input"] = io.BytesIO(raw)
            status = []
            out = b"".join(app.wsgi_app(env, lambda s, h, exc=None: status.append(s)))
            assert status[0].startswith("200"), (status, out[:300])
        return call

    def over(fn, items):
        turn = cycle(items)
        return lambda: fn(next(turn))

    parsed = [parse(raw) for raw in raws]
    read = [reader(data) for data in parsed]
    done = [(q, calc(q)) for q in read]
    assert all(write(q, r) is not None for q, r in done), "an answer the text writer does not write"
    def test_client(app, path, raws):
        client, turn = app.test_client(), cycle(raws)

        def call():
            answer = client.post(path, data=next(turn), content_type="application/json")
            assert answer.status_code == 200, answer.data[:300]
        return call

    out = {"route": wsgi(ours, route, raws),
           "route (test client)": test_client(ours, route, raws),
           "ceiling (test client)": test_client(ceiling, "/ceiling", raws),
           "ceiling": wsgi(ceiling, "/ceiling", raws),
           "ceiling (ready body)": wsgi(ceiling, "/ceiling", [json.dumps(BODIES["/v1/ready"]).encode()]),
           "parse": over(parse, raws),
           "read": over(reader, [parse(raw) for raw in raws]),
           "calculator": over(calc, read),
           "answer": over(lambda qr: write(*qr), done)}
    if detail and route == "/v1/evaluate":
        out.update(evaluate_parts(read, done))
    return out


def evaluate_parts(read: list, done: list) -> dict:
    """calculator.evaluate's parts on the read requests, each over a whole request (every wait of it)."""
    from calculator.core.tiles import KIND, NORTH
    from calculator.furiten.permission import furiten_with_context
    from calculator.play.declarations import riichi_allowed
    from calculator.play.evaluate import _asks, _on, passed_unlisted, win_situation
    from calculator.readings.ready import readiness
    from calculator.scoring import japanese
    from calculator.scoring.japanese import score, win_tiles
    from schemas.answer_text import score_text
    score_pair = getattr(japanese, "score_pair", None)   # None in the code before issue 24's evaluate work
    plan_pair = getattr(japanese, "plan_pair", None)     # None before its third round (score_pair took the two asks)

    def seen(r):
        own = tuple([d.tile for d in r.history.discards]) + r.dora_indicators + r.ura_indicators + (NORTH,) * r.kita
        return r.visible + own + passed_unlisted(r.visible, r.history)

    from calculator.furiten import permission
    free = getattr(permission, "restricts_nothing", lambda context, rules: False)   # as evaluate asks, since round 3

    def asks(r):
        context = furiten_with_context(r.hand, r.history, r.rules)[1]
        return _asks(r, [win_situation(by, r.seat_wind, r.round_wind, r.history.riichi, r.ippatsu, r.kita)
                         for by in ("ron", "tsumo")], None if free(context, r.rules) else context)

    reqs = [q[1] for q in read]
    waits = [(r, tuple(w.tile for w in e.waits), asks(r)) for r, (_, e) in zip(reqs, done)]
    tiles = [(r, [(t, win_tiles(r.hand, t, r.rules)) for t in ts], a) for r, ts, a in waits]

    def known(e):
        return tuple(sorted(w.tile for w in e.ready.waits)) if e.ready.discards is None and e.ready.shanten == 0 \
            else None

    def over(fn, items):
        turn = cycle(items)
        return lambda: fn(next(turn))

    parts = {
        "  readiness": over(lambda r: readiness(r.hand, seen(r), r.rules), reqs),
        "  furiten": over(lambda r: furiten_with_context(r.hand, r.history, r.rules), reqs),
        "  riichi": over(lambda re: riichi_allowed(re[0].hand, re[0].history, re[0].rules, re[0].points,
                                                   re[0].tiles_left, (re[0].seat_wind, re[0].round_wind),
                                                   known(re[1])), [(r, e) for r, (_, e) in zip(reqs, done)]),
        "  win_tiles (all waits)": over(lambda rw: [win_tiles(rw[0].hand, t, rw[0].rules) for t in rw[1]], waits),
        "  (ron scores alone)": over(lambda rt: [score(_on(rt[2][0], t), wt) for t, wt in rt[1]], tiles),
        "  (tsumo scores alone)": over(lambda rt: [score(_on(rt[2][1], t), wt) for t, wt in rt[1]], tiles),
        "  score texts (all waits)": over(lambda e: [(score_text(w.ron, "tenhou"), score_text(w.tsumo, "tenhou"))
                                                      for w in e.waits], [e for _, e in done]),
    }
    if score_pair is not None:
        pairs = [(plan_pair(*a),) if plan_pair else a for _, _, a in tiles]   # score_pair's leading arguments
        parts["  ron + tsumo scores (all waits)"] = over(lambda rt: [score_pair(*rt[1], t, wt) for t, wt in rt[0][1]],
                                                         list(zip(tiles, pairs)))
    return parts


def measure(args) -> None:
    """Under callgrind: every stage's warm-up, marker, few calls, marker, many calls, marker."""
    from bench_http import BODIES
    if args.varied:
        from bench_load import varied_bodies
        bodies = varied_bodies(args.varied, 1)[args.route]
    else:
        bodies = [BODIES[args.route]]
    calls = stages(args.route, bodies, args.detail)
    rounds = len(bodies)
    few, many = (1, 2) if rounds > 1 else (args.few, args.many)
    print(json.dumps({"stages": list(calls), "calls": [few * rounds, many * rounds], "bodies": rounds}), flush=True)
    for fn in calls.values():
        for _ in range(max(args.warm, rounds)):
            fn()
        for n in (few * rounds, many * rounds):
            os.getppid()
            for _ in range(n):
                fn()
        os.getppid()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--route", default="/v1/evaluate", choices=["/v1/evaluate", "/v1/score", "/v1/furiten", "/v1/ready"])
    ap.add_argument("--varied", type=int, default=0, metavar="N",
                    help="cycle through up to N different bodies (0: bench_http's one body)")
    ap.add_argument("--few", type=int, default=20, help="calls of the first counted run (one body)")
    ap.add_argument("--many", type=int, default=120, help="calls of the second counted run (one body)")
    ap.add_argument("--detail", action="store_true",
                    help="/v1/evaluate: also calculator.evaluate's parts (readiness, furiten, riichi, the scores)")
    ap.add_argument("--warm", type=int, default=20, help="warm-up calls before each stage's counted runs")
    args = ap.parse_args()
    if os.environ.get(UNDER):
        return measure(args)
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as out:
        run = subprocess.run(["valgrind", "--tool=callgrind", "--dump-before=getppid", "--dump-instr=no",
                              f"--callgrind-out-file={out}/cg.out", sys.executable, *sys.argv],
                             cwd=ROOT, env={**os.environ, UNDER: "1", "PYTHONHASHSEED": "0"},
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if run.returncode:
            raise SystemExit(run.stderr[-3000:])
        plan = json.loads(next(line for line in run.stdout.splitlines() if line.startswith("{")))
        parts = {}
        for name in glob.glob(os.path.join(out, "cg.out*")):
            with open(name) as f:
                text = f.read()
            part = re.search(r"^part:\s+(\d+)", text, re.M)
            total = re.search(r"^(?:summary|totals):\s+(\d+)", text, re.M)
            parts[int(part.group(1))] = int(total.group(1))
    # part 1 ends at the first marker (imports, set-up, the first warm-up); then per stage: few, many, and the
    # next stage's warm-up (the last part, after the last marker, is dumped at exit)
    few_calls, many_calls = plan["calls"]
    per = {}
    for i, name in enumerate(plan["stages"]):
        few_part, many_part = parts[2 + 3 * i], parts[3 + 3 * i]
        per[name] = (many_part - few_part) / (many_calls - few_calls)
    print(f"{args.route}, callgrind in-process, {plan['bodies']} bod{'y' if plan['bodies'] == 1 else 'ies'}, "
          f"({many_calls} - {few_calls} calls): instructions per call")
    for name, count in per.items():
        print(f"  {name:32} {count:12,.0f}")
    print(f"  {'route - ceiling':32} {per['route'] - per['ceiling']:12,.0f}")
    print(f"  {'route - ceiling (ready)':32} {per['route'] - per['ceiling (ready body)']:12,.0f}")
    print(f"  {'route - ceiling (test client)':32} {per['route (test client)'] - per['ceiling (test client)']:12,.0f}")


if __name__ == "__main__":
    main()
