"""The compiled build of tile efficiency (native/'s `mahjong_rules_native._widen`), where pip could build it.

`widen` is the extension module or None: calculator.readings.widen (improvements) and
calculator.readings.distance (the four-copies distance of one suit) ask it first and answer in Python where
it is None or declines a case (it returns None). Both give the same answers (tests/calculator/readings/
test_widen_native.py). CALCULATOR_PURE=1 in the environment hides it, so that the pure build can be tested on a
machine that built it; tests swap `widen` for None to compare the two in one process. A build older than the
Python's definitions (REVISION) is not used: reinstall native/ (pip install ./native) after changing either.
"""
from __future__ import annotations

import os

try:
    from mahjong_rules_native import _widen as widen
except ImportError:
    widen = None
# the revision of the definitions this Python follows (native/src/widen.c's REVISION: 2, a tile held near a kind in
# melds asks the four-copies count); a build left from before answers by older rules, so it is not used
REVISION = 2
if os.environ.get("CALCULATOR_PURE") == "1" or getattr(widen, "REVISION", 1) != REVISION:
    widen = None
COMPILED = widen is not None
