"""Build calculator/readings/suit_table.bin from the live per-suit searches (development only).

    .venv/bin/python tools/build_suit_table.py

Every suit of up to 14 tiles (calculator.readings.suit_table.patterns) is searched once, the
searches that readiness would otherwise run the first time it meets that suit: the Pareto set
(waits._block_options), the complete flags (waits._block_complete), the waits
(waits._search_waits) and the four-copies distances (distance.block_distance). Identical answers
share a class. Takes about ten minutes on one core; the table only changes when those searches do.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import zlib
from array import array

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from calculator.readings import suit_table  # noqa: E402
from calculator.readings.distance import block_distance  # noqa: E402
from calculator.readings.waits import _block_complete, _block_options, _search_waits  # noqa: E402


def facts(counts: tuple[int, ...], suited: bool) -> tuple:
    """The searched facts of one suit, as the table stores them (the Pareto set itself, not its id)."""
    complete = _block_complete(counts, suited)
    return (_block_options(counts, suited), complete[0] | complete[1] << 1, _search_waits(counts, suited),
            block_distance(counts, (4,) * len(counts), suited, 4))


def build() -> bytes:
    """The table file's content (uncompressed): see calculator.readings.suit_table."""
    sets: dict[tuple, int] = {}
    classes: dict[tuple, int] = {}
    arrays = []
    for suited, key, n in ((True, "suited", 9), (False, "honour", 7)):
        numbers = array("H")
        start = time.time()
        for counts in suit_table.patterns(n):
            options, complete, waits, distance = facts(counts, suited)
            set_index = sets.setdefault(options, len(sets))
            numbers.append(classes.setdefault((set_index, complete, waits, distance), len(classes)))
        if sys.byteorder != "little":
            numbers.byteswap()
        arrays.append(numbers.tobytes())
        print(f"{key}: {len(numbers)} suits, {len(classes)} classes so far, {time.time() - start:.0f} s", flush=True)
    head = json.dumps({"format": suit_table.FORMAT, "sets": [list(map(list, s)) for s in sets],
                       "classes": [[i, c, list(w[0]), list(w[1]), list(d[0]), list(d[1])]
                                   for (i, c, w, d) in classes]}, separators=(",", ":")).encode()
    return len(head).to_bytes(4, "little") + head + b"".join(arrays)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=suit_table.PATH)
    args = ap.parse_args()
    data = zlib.compress(build(), 9)
    with open(args.out, "wb") as f:
        f.write(data)
    print(f"wrote {args.out}: {len(data)} bytes")


if __name__ == "__main__":
    main()
