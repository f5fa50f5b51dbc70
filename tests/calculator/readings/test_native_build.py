"""The compiled build (native/, a C extension pip builds where it finds a C compiler) is in use wherever it was
built, and only there; .ci/run sets REQUIRE_COMPILED=1 where a compiler is present, so a build that silently
failed there fails this test. The answers of both builds are held to the general path by
tests/calculator/test_closed_readings.py.
"""
from __future__ import annotations

import importlib.util
import os

import pytest

from calculator.readings import closed


def _built() -> bool:
    try:
        return importlib.util.find_spec("mahjong_rules_native._ready") is not None
    except ModuleNotFoundError:   # the package itself is not installed (a checkout run without requirements.txt)
        return False


def test_the_compiled_build_is_in_use_exactly_where_it_was_built():
    assert closed.COMPILED == _built()


def test_a_machine_with_a_compiler_has_the_compiled_build():
    if os.environ.get("REQUIRE_COMPILED") != "1":
        pytest.skip("REQUIRE_COMPILED is not set: this machine need not have built the extension")
    assert _built(), "REQUIRE_COMPILED=1 but pip did not build native/'s extension here (see pip's output)"
    assert closed.COMPILED
