"""How much each property and sampled run does: an everyday budget, and ten times more for a long run.

The everyday suite keeps to about 150 CPU-seconds (README); set HYPOTHESIS_PROFILE=long for a run that draws
ten times the examples of every property and reads every record of ../shared/data in the tests that sample it
(the full replay of ../shared/data is also what `../shared/tools/conformance.py` does over HTTP).
"""
import os

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
LONG = PROFILE == "long"


def examples(n: int) -> int:
    """The max_examples of a property whose everyday budget is n."""
    return n * 10 if LONG else n


def sample(rows, every: int, keep=lambda row: False) -> list:
    """Every `every`-th of the rows (the first one included) and each row `keep` picks; all of them in a long
    run. The rows skipped stay covered by the conformance tool, which replays all of ../shared/data."""
    return [r for i, r in enumerate(rows) if LONG or i % every == 0 or keep(r)]


def picked(index: int, every: int) -> bool:
    """Whether the row at `index` (counting from 0) is in the everyday sample of one in `every`; every row is in
    a long run. For data read as it streams, where `sample` would hold it all."""
    return LONG or index % every == 0
