"""Every benchmark script still imports: a bench that a refactor broke is found by the suite, not by the
next person who times something (bench_sanma once imported a helper that had been renamed away). Only the
imports run; the timing itself never happens in tests."""
from __future__ import annotations

import importlib.util
import os

import pytest

BENCH = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "bench")
SCRIPTS = sorted(f for f in os.listdir(BENCH) if f.endswith(".py"))


@pytest.mark.parametrize("name", SCRIPTS, ids=[f[:-3] for f in SCRIPTS])
def test_bench_script_imports(name):
    spec = importlib.util.spec_from_file_location(f"bench_check_{name[:-3]}", os.path.join(BENCH, name))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)   # runs the imports and definitions, not main()
    assert module.__doc__, f"bench/{name} says what it measures in its docstring"


def test_ceiling_app_answers_as_the_ready_route():
    """bench_load's /ceiling row stands for /v1/ready doing no work: the same bytes and headers, or its rate says
    nothing about the route."""
    import sys
    sys.path[:0] = [BENCH]
    try:
        from bench_http import BODIES
        from ceiling_app import create_app
    finally:
        sys.path.remove(BENCH)
    client = create_app().test_client()
    ceiling = client.post("/ceiling", json=BODIES["/v1/ready"])
    ready = client.post("/v1/ready", json=BODIES["/v1/ready"])
    assert (ceiling.status_code, ceiling.data, dict(ceiling.headers)) == (200, ready.data, dict(ready.headers))
