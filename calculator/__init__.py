"""Mahjong rules arithmetic, as pure functions over frozen dataclasses.

The pipeline, one module per stage:

1. tiles      tile codes and kinds, suits, honours, dora successor
2. notation   MPSZ strings <-> tile codes, every problem collected
3. hand       Hand and Meld; consistency check (meld shapes, copies, tile counts)
4. decompose  every reading of a complete hand and where the winning tile sits
5. waits      shanten per form, waits
6. ready      the ready answer: shanten, waits with remaining copies, discard options
7. rules      Rules (every option, documented) and the presets as data
"""
from .ready import readiness  # noqa: F401
