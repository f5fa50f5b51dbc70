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
