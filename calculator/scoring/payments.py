"""Payments: who pays the winner what, with honba counters and the riichi stick pool.

Input: base points `b` (calculator.limits), the winner's seat, ron or tsumo, the discarder,
the counters and sticks this winner collects, and Rules (honba value, who honba is paid to,
riichi stick value). Output: WinPayments: one Payment per payer (amount rounded up to 100,
honba separate), the hand's points, the sticks collected and the four seats' deltas
(RULES.md §9-§11). Seats are named by their wind; "east" is the dealer.
"""
from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

SEATS = ("east", "south", "west", "north")   # four-player seats; rules.seats is the table's own


class Payment(NamedTuple):
    from_seat: str | None   # None only for a ron whose discarder was not given
    amount: int             # rounded hand value this payer owes, without honba
    honba: int              # counter points this payer owes on top


class WinPayments(NamedTuple):
    payments: tuple[Payment, ...]
    points: int                    # hand value without honba and sticks (ron: the discarder's amount)
    riichi_sticks_collected: int   # points from the riichi sticks on the table
    deltas: dict[str, int]         # every seat's change; empty when a ron's discarder is unknown


def round_up_100(x: int) -> int:
    """Round a payment up to the next 100 (RULES.md §8.1: each payment, never `b`).

    >>> round_up_100(3840), round_up_100(2000)
    (3900, 2000)
    """
    return -(-x // 100) * 100


def win_payments(base_points: int, winner: str, win_by: str, discarder: str | None, honba: int,
                 riichi_sticks: int, rules, **options) -> WinPayments:
    """Payments for one win (RULES.md §9.1 table, §10 counters, §11 sticks).

    Extra keyword options (e.g. a liable seat) are accepted and ignored here, so callers that
    settle a whole deal can pass them without breaking this signature.

    >>> from calculator.rules import Rules
    >>> w = win_payments(960, "south", "ron", "west", 2, 0, Rules())
    >>> w.points, w.payments[0].honba, w.deltas["west"]
    (3900, 600, -4500)
    """
    per_counter = rules.honba_per_stick_total
    seats = rules.seats
    if honba and rules.honba_paid_to == "dealer_only" and winner != "east":
        honba = 0
    collected = riichi_sticks * rules.riichi_stick_value
    dealer_wins = winner == "east"
    if win_by == "ron":
        amount = round_up_100(base_points * (6 if dealer_wins else 4))
        extra = per_counter * honba
        deltas: dict[str, int] = {}
        if discarder in seats:
            deltas = dict.fromkeys(seats, 0)
            deltas[discarder] = -amount - extra
            deltas[winner] = amount + extra + collected
        return WinPayments((Payment(discarder, amount, extra),), amount, collected, deltas)
    payers = [s for s in seats if s != winner]
    # each payer's share of a counter: 100 of 300 on a four-player self-draw, 100 of 200 on a three-player one
    extra = per_counter // len(payers) * honba
    payments = []
    deltas = {winner: 0}
    points = 0
    for s, factor in zip(payers, tsumo_factors(winner, payers, rules)):
        amount = round_up_100(factor * base_points)
        payments.append(Payment(s, amount, extra))
        deltas[s] = -amount - extra
        points += amount
    deltas[winner] = points + len(payers) * extra + collected
    return WinPayments(tuple(payments), points, collected, {s: deltas[s] for s in seats})


def tsumo_factors(winner: str, payers: list[str], rules) -> list:
    """Multiples of the base points each payer owes on a self-draw (RULES.md §9.1): the dealer's share is
    double, and so is everyone's when the dealer wins. With fewer than four players the absent north's share
    (tsumo_payment): tsumo_loss, nobody pays it; split_north_share, the payers split it; north_share_by_dealer,
    the dealer pays it (split when the dealer wins).

    >>> from calculator.rules import preset_rules
    >>> tsumo_factors("south", ["east", "west"], preset_rules("tenhou_sanma"))
    [2, 1]
    """
    dealer_wins = winner == "east"
    factors = [2 if dealer_wins or s == "east" else 1 for s in payers]
    absent = 3 - len(payers)   # seats missing from the four-player table (north)
    mode = rules.tsumo_payment
    if not absent or mode == "tsumo_loss":
        return factors
    share = absent * (2 if dealer_wins else 1)
    if mode == "north_share_by_dealer" and not dealer_wins:
        return [f + share if s == "east" else f for f, s in zip(factors, payers)]
    return [f + Fraction(share, len(payers)) for f in factors]
