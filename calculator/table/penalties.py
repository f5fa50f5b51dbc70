"""Penalties: chombo / faulty out, and faulty ready declarations found at an exhaustive draw.

Input: a Ledger (table and rules) and a chombo Outcome (the offender), or an exhaustive draw
with riichi declarers found not ready. Output: the Settlement: the penalty in table points
(reverse mangan, half the limit to each with East double, fixed points) or in tournament
points, the riichi sticks kept or returned, the next counters (RULES.md §17, §4.6-§4.7, §11).
False claims are charged with the deal's win (calculator.settle_wins), never in a draw.
"""
from __future__ import annotations

from dataclasses import replace

from calculator.scoring.limits import MANGAN
from calculator.table.model import Ledger, Outcome, next_honba, return_sticks


def chombo_payments(offender: str, rules) -> list[tuple[str, int]]:
    """(receiver, amount) pairs the offender pays under `penalty_chombo` (§17.3-§17.4).

    >>> from calculator.rules import Rules
    >>> chombo_payments("west", Rules())
    [('east', 4000), ('south', 2000), ('north', 2000)]
    >>> chombo_payments("east", Rules())
    [('south', 4000), ('west', 4000), ('north', 4000)]
    """
    mode = rules.penalty_chombo
    out = []
    for seat in rules.seats:
        if seat == offender:
            continue
        east = "east" in (seat, offender)   # East pays and receives double
        if mode == "reverse_mangan":
            out.append((seat, MANGAN * (2 if east else 1)))
        elif mode == "half_limit":
            out.append((seat, rules.penalty_limit if east else rules.penalty_limit // 2))
        elif mode == "fixed_points":
            out.append((seat, rules.penalty_chombo_points))
    return out


def charge(led: Ledger, offender: str, reason: str) -> None:
    rules = led.rules
    if rules.penalty_chombo == "tournament_points":
        # EMA/WRC book the penalty on the overall result; table points are untouched (§17.3)
        led.tournament[offender] = led.tournament.get(offender, 0) - rules.penalty_chombo_points
    elif rules.penalty_chombo == "none":
        led.notes.append("chombo_not_penalised")
    for seat, amount in chombo_payments(offender, rules):
        led.pay(offender, seat, amount, reason)


def replay(led: Ledger, offenders) -> object:
    rules, table = led.rules, led.table
    keeps = rules.penalty_chombo_deal == "repeat" or "east" not in offenders
    sticks = table.riichi_sticks
    if not rules.riichi_pool_keep_on_faulty_out:
        sticks -= return_sticks(led, "riichi_return")   # the hand is replayed: stakes go back (§11.1)
    return led.close(next_honba(table, rules, "chombo", keeps), sticks, keeps)


def chombo(led: Ledger, out: Outcome):
    """A chombo or faulty out: the offender pays, the deal is replayed or passes (§17)."""
    charge(led, out.offender, "chombo")
    return replay(led, [out.offender])
