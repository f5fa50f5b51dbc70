"""Mahjong rules arithmetic, as pure functions over frozen dataclasses.

The pipeline, one module per stage:

1. tiles      tile codes and kinds, suits, honours, dora successor
2. notation   MPSZ strings <-> tile codes, every problem collected
3. hand       Hand and Meld; consistency check (meld shapes, copies, tile counts)
4. decompose  every reading of a complete hand and where the winning tile sits
5. waits      shanten per form, waits
6. ready      the ready answer: shanten, waits with remaining copies, discard options
6a. partials  each wait's partials over every reading and what completes them (for 1-4-7)
6b. furiten   may the hand win on each wait: sacred discard (four variants), missed discard, riichi furiten
7. rules      Rules (every option, documented) and the presets as data
8. facts      WinFacts: one reading + situation + derived counts (scoring input)
9. yaku, yakuman, dora, fu   the scoring stages over WinFacts
10. limits, payments         base points and limit names; who pays what (honba, riichi sticks)
11. scoring   score(): every reading tried, the highest-scoring one kept
12. declarations, after_declaration   may a ready declaration be made; what follows it (riichi, European)
13. kuikae    discards forbidden right after a chi or pon
14. evaluate  everything about a waiting position: ready + furiten + scoring + declarations
"""
from .evaluate import evaluate  # noqa: F401
from .furiten import furiten_status, win_permission  # noqa: F401
from .ready import readiness  # noqa: F401
from .scoring import score  # noqa: F401
