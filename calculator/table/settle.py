"""Settlement dispatcher: one deal's outcome to its stage (wins, draws, penalties).

Input: a Table and an Outcome (calculator.table.model) with Rules. Output: the Settlement that
the stage's Ledger closes into. The stages never import this module, so the table package has
no import cycle: model <- draws, penalties <- wins <- european <- settle.
"""
from __future__ import annotations

from calculator.table import draws, european, penalties, wins
from calculator.table.model import Ledger, Outcome, Settlement, Table


def settle(table: Table, outcome: Outcome, rules) -> Settlement:
    """Settle one deal: transfers, deltas, scores after it and the next counters."""
    led = Ledger(table, rules)
    if outcome.kind in ("ron", "tsumo"):
        if rules.scoring_family == "european":
            return european.settle_european(led, outcome)
        return wins.settle_wins(led, outcome)
    if table.false_claims and rules.penalty_false_claim:
        led.notes.append("false_claims_not_paid_without_winner")   # §17.2: not paid in a draw
    if outcome.kind == "exhaustive_draw":
        return draws.exhaustive(led, outcome)
    if outcome.kind == "abortive_draw":
        return draws.abortive(led, outcome)
    return penalties.chombo(led, outcome)
