"""Timing shared by the benchmarks: passes over prepared items, the clock around the calls only."""
from __future__ import annotations

import time


def time_pass(fn, items) -> float:
    """Seconds for one call of fn per item, in order."""
    start = time.perf_counter()
    for x in items:
        fn(x)
    return time.perf_counter() - start


def first_passes(sides, chunks: int = 50) -> list[float]:
    """Each side's first pass over all its items, the sides taking turns chunk by chunk (each side still
    meets every item once, in order, with its caches filling as they would), so that a change in machine
    load hits all alike. `sides` are (fn, items) pairs whose item lists have one length."""
    n = len(sides[0][1])
    size = -(-n // chunks)
    totals = [0.0] * len(sides)
    for i in range(0, n, size):
        for k, (fn, items) in enumerate(sides):
            totals[k] += time_pass(fn, items[i:i + size])
    return totals


def first_and_best(sides, repeat: int, chunks: int = 50) -> list[tuple[float, float]]:
    """Per side, (first pass, best pass): the first passes as in first_passes, then `repeat - 1` whole
    passes, the sides taking turns."""
    runs = [[first] for first in first_passes(sides, chunks)]
    for _ in range(repeat - 1):
        for run, (fn, items) in zip(runs, sides):
            run.append(time_pass(fn, items))
    return [(run[0], min(run)) for run in runs]
