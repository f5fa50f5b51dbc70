"""The compiled build (native/, a C extension pip builds where it finds a C compiler) is in use wherever it was
built, and only there; .ci/run sets REQUIRE_COMPILED=1 where a compiler is present, so a build that silently
failed there fails this test. The answers of both builds are held to the general path by
tests/calculator/readings/test_closed_readings.py, and tile efficiency's (_widen) to the pure build by
test_widen_native.py.
"""
from __future__ import annotations

import importlib.util
import os

import pytest

from calculator.readings import closed, compiled


def _built(module: str = "_ready") -> bool:
    try:
        return importlib.util.find_spec(f"mahjong_rules_native.{module}") is not None
    except ModuleNotFoundError:   # the package itself is not installed (a checkout run without requirements.txt)
        return False


def test_the_compiled_build_is_in_use_exactly_where_it_was_built():
    assert closed.COMPILED == _built()
    # tile efficiency's (_widen) too, unless CALCULATOR_PURE=1 hides it to test the pure build
    assert compiled.COMPILED == (_built("_widen") and os.environ.get("CALCULATOR_PURE") != "1")


def test_a_machine_with_a_compiler_has_the_compiled_build():
    if os.environ.get("REQUIRE_COMPILED") != "1":
        pytest.skip("REQUIRE_COMPILED is not set: this machine need not have built the extension")
    assert _built() and _built("_widen"), \
        "REQUIRE_COMPILED=1 but pip did not build native/'s extensions here (see pip's output)"
    assert closed.COMPILED
