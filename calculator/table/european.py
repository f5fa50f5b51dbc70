"""Settlement of a European win: the winner from every loser, then the losers among themselves.

Input: a Ledger (table and rules) and a ron/tsumo Outcome with one win (a full /v1/score body or the
short form `points`) and every loser's shown hand (Outcome.loser_hands). Output: the Settlement:
each loser pays the winner's total, the losers settle the differences of their totals, East paying
and receiving double in both (Four Winds rules06; the discarder pays the same as the others,
4winexm05); the false-claim penalties go to the winner (SEED-EU §4.3); every hand's value is
reported. No counters or riichi sticks change hands (the European declarations carry no stake).
"""
from __future__ import annotations

from calculator.scoring.european import HandValue, loser_settlement, loser_value, payments_for, rounded
from calculator.table.model import Ledger, Outcome, WinResult, next_honba
from calculator.table.wins import score_full_hands
from calculator.core.errors import InvalidHand, Issue


def loser_hand_value(seat: str, shown, rules) -> HandValue:
    if shown.hand is None:
        points, limit = rounded(shown.points, rules)
        return HandValue(points, (), 0, (), points, limit, ("short_form",))
    return loser_value(shown.hand, seat, shown.round_wind, shown.flowers, shown.seasons, shown.declared, rules)


def settle_european(led: Ledger, out: Outcome):
    rules, table = led.rules, led.table
    wins, issues = score_full_hands(out.wins, rules)
    if issues:
        raise InvalidHand(issues)
    unvalued = [i for i, w in enumerate(wins) if w.points is None]
    if unvalued:   # a win read in han and fu (a replayed game record): European payments need its points
        raise InvalidHand([Issue("scoring_not_defined", "European scoring pays a win its points; this win is given in "
                                 "han and fu, which the European table does not define: send the record with a "
                                 "Japanese preset (e.g. tenhou), or without rules.", f"outcome/wins/{unvalued[0]}")])
    win = wins[0]
    winner, total = win.winner, win.points
    for p in payments_for(total, winner):
        led.pay(p.from_seat, winner, p.amount, "hand", 0)
    values = {seat: loser_hand_value(seat, shown, rules) for seat, shown in out.loser_hands}
    if values:
        for payer, receiver, amount in loser_settlement({s: v.points for s, v in values.items()}, winner):
            led.pay(payer, receiver, amount, "loser_settlement")
    else:
        led.notes.append("loser_hands_not_given")
    for seat in table.false_claims:   # SEED-EU §4.3: collected by the winner
        led.pay(seat, winner, rules.penalty_false_claim, "false_claim")
    led.hands = {**({winner: win.value} if win.value is not None else {}), **values}
    received = sum(it.amount for it in led.items if it.to_seat == winner and it.reason == "hand")
    limit = win.value.limit if win.value is not None else rounded(total, rules)[1]
    led.wins = [WinResult(winner, True, 0, 0, 0, None, total, limit, received, 0, 0, None, received)]
    keeps = winner == "east"
    return led.close(next_honba(table, rules, "win", keeps), table.riichi_sticks, keeps)
