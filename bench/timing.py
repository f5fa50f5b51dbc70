"""Timing shared by the benchmarks: whole passes over prepared items, the clock around the calls only."""
from __future__ import annotations

import time


def time_pass(fn, items) -> float:
    """Seconds for one call of fn per item, in order."""
    start = time.perf_counter()
    for x in items:
        fn(x)
    return time.perf_counter() - start


def first_and_best(fn, items, repeat: int) -> tuple[float, float]:
    """(first pass, fastest pass) in seconds over `repeat` passes of fn over the items."""
    runs = [time_pass(fn, items) for _ in range(repeat)]
    return runs[0], min(runs)
