"""Seeded random hands of tile kinds (0-33), shared by the differential tests and bench/.

A complete hand is drawn group by group (a run 60 % of the time, else a pung) and ends with a
pair; a draw with a fifth copy of some kind is thrown away and drawn again. The order of the
random draws is the one the benchmarks have always measured, so a seed names the same hands.
"""
from __future__ import annotations

import random

WALL = tuple(k for k in range(34) for _ in range(4))


def complete_hand(rng: random.Random, groups: int = 4) -> list[int]:
    """A random complete hand (groups and a pair, at most four copies of a kind)."""
    while True:
        tiles = []
        for _ in range(groups):
            if rng.random() < 0.6:
                first = 9 * rng.randrange(3) + rng.randrange(7)
                tiles += [first, first + 1, first + 2]
            else:
                tiles += [rng.randrange(34)] * 3
        tiles += [rng.randrange(34)] * 2
        if max(tiles.count(k) for k in set(tiles)) <= 4:
            return tiles


def ready_hand(rng: random.Random, groups: int = 4) -> list[int]:
    """A complete hand minus one random tile: ready, waiting on at least that tile."""
    tiles = complete_hand(rng, groups)
    tiles.remove(rng.choice(tiles))
    return tiles


def near_ready(rng: random.Random, groups: int = 4) -> list[int]:
    """A ready hand, half of the time with another tile swapped for a random kind, shuffled."""
    tiles = ready_hand(rng, groups)
    if rng.random() < 0.5:
        tiles.remove(rng.choice(tiles))
        tiles.append(rng.choice([k for k in range(34) if tiles.count(k) < 4]))
    rng.shuffle(tiles)
    return tiles
