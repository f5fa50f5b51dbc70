"""Mahjong rules arithmetic, as pure functions over frozen dataclasses.

The pipeline, one package per stage, each importing only from the stages above it. The checks of what the
calculator's own values describe (tile counts, seats, whether a hand, meld, history or outcome is possible) are
here, returning Issues; reading a request into these values, and its checks over the request's fields, is
intake/'s, and schemas/ is the shape of requests and answers:

1. core       tiles (codes, kinds, dora successor), notation (MPSZ strings), hand (Hand, Meld,
              consistency, what a table's tile set, claims and seats allow), errors (Issue, InvalidHand)
2. rules      the option registry, the presets as data, request overrides
3. readings   decompose (every reading of a complete hand), waits (shanten per form, waits),
              ready (the ready answer), partials (each wait's partials, for 1-4-7 furiten)
4. furiten    permission: may the hand win on each wait (sacred discard in four variants,
              missed discard, riichi furiten)
5. scoring    facts (WinFacts), yaku, yakuman, dora, fu, limits, payments, profile (what one
              Rules object means for scoring, worked out once), and japanese.score():
              every reading tried, the best kept; taiwanese (tai) and european (basic points,
              doubles, losers' hands) over the shared sets; families.score_hand dispatches; kita
              (what a win may say about norths set aside)
6. play       declarations and after_declaration (ready declarations and what follows),
              kuikae (forbidden swaps), evaluate (ready + furiten + scoring + declarations)
7. table      model (Table, Outcome, Ledger, Settlement), wins, draws, penalties (the stages),
              settle (the dispatcher), final (end of game), audit (a claim against the computed answer)
8. records    whole games: model (the neutral game model), mjlog, tenhou6 (+ tenhou6_play), outcomes (the
              record readers), deal (one deal replayed from its events), games (the replay: counters,
              settlement, end of the game, final standings), compare (the replay against the record),
              write_tenhou6 (+ tenhou6_text: a record written as tenhou.6, as Tenhou's converter writes it)
"""
from calculator.play.evaluate import evaluate  # noqa: F401
from calculator.furiten.permission import furiten_status, win_permission  # noqa: F401
from calculator.readings.ready import readiness  # noqa: F401
from calculator.scoring.japanese import score  # noqa: F401
from calculator.scoring.families import score_hand  # noqa: F401
