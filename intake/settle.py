"""POST /v1/settle: its body read into the Table and the Outcome, with every full /v1/score body scored.

The shape of the whole body first (schemas.settle); then the rules, the outcome's tiles, hands and rivers, each
win against the outcome (intake.settle_wins), the full bodies scored (calculator.table.wins.score_full_hands),
the checks that hang on who won (the losers' hands, one winner, the outcome's consistency) and the rest: one
InvalidHand lists every problem in that order.
"""
from __future__ import annotations

from dataclasses import dataclass

from calculator.core.errors import Issue
from calculator.core.tiles import kind
from calculator.furiten.permission import Discard
from calculator.rules import Rules
from calculator.table.draws import abortive_issues
from calculator.table.model import Outcome, Table
from calculator.table.wins import score_full_hands
from schemas.settle import SettleIn

from .collect import Collector, absent_seats, build_hand
from .losers import loser_hands, read_loser_bodies
from .outcome_checks import one_winner_issues, outcome_issues, table_seat_issues
from .settle_wins import Deal, read_win
from .win_checks import copies_issues, draw_copies_issues, same_discard_issues, shown_codes

SETTLE_IN = SettleIn()


@dataclass(frozen=True)
class SettleRequest:
    preset: str
    rules: Rules
    table: Table
    outcome: Outcome
    claim: dict | None = None
    unscored: tuple = ()      # the outcome's wins before their full hands were scored (for the audit)
    notes: tuple[str, ...] = ()


def read_settle(body) -> SettleRequest:
    """The read, scored request; ValidationError with every shape problem, else InvalidHand with every other."""
    data = SETTLE_IN.load(body)
    col, preset, rules = Collector.for_request(data)
    rules_ok = not col.issues
    o = data["outcome"]
    tile = col.tile(o["tile"], "outcome/tile")
    first_tiles = col.tiles(o["first_tiles"], "outcome/first_tiles")
    first_ok = o["first_tiles"] is not None and not o["first_tiles"].issues
    hands = tuple((seat, _shown_hand(col, h, rules, seat)) for seat, h in o["hands"].items())
    rivers = tuple((seat, _river(col, river, seat)) for seat, river in o["discards"].items())
    kongs = _kongs(col, o["kongs"])
    wins, shown_round, shown = [], None, ()
    if o["kind"] in ("ron", "tsumo"):   # a win is read against the outcome's kind
        deal = Deal(o["kind"], o["discarder"], data["honba"], data["riichi_sticks"], preset, rules, data["rules"],
                    rules_ok)
        wins = [read_win(col, raw, i, deal) for i, raw in enumerate(o["wins"])]
        shown_round = next((w.score_request.situation.round_wind for w in wins
                            if w is not None and w.score_request is not None), None)
        shown = shown_codes(wins)
        col.issues += same_discard_issues(wins) + copies_issues(wins)
    if o["kind"] == "exhaustive_draw":
        col.issues += draw_copies_issues(hands, rivers)
    later = []   # the checks that do not hang on the wins, listed after them
    if o["kind"] == "abortive_draw" and o["reason"] and rules_ok:
        later += abortive_issues(Outcome("abortive_draw", reason=o["reason"], tile=tile,
                                         first_tiles=first_tiles if first_ok else (), kongs=kongs), rules)
    later += table_seat_issues(data["scores"], rules)
    later += absent_seats(SETTLE_IN, data, rules)
    losers_read = read_loser_bodies(data["hands"])
    # Scoring reads the rules and the counters (Ryan Shi); without the request's rules the hands are still scored
    # (the preset's rules, no counters: the lowest minimum), and a hand that is incomplete under those is listed
    # too (not_complete does not hang on an option).
    scored, score_issues = score_full_hands(wins, rules, None if rules_ok else ("not_complete",))
    col.issues += score_issues
    winners = [w.winner for w in scored if w is not None]
    losers, issues = loser_hands(losers_read, rules, o["kind"], winners, shown_round, shown)
    col.issues += issues
    col.issues += one_winner_issues(o, winners, rules)
    col.issues += outcome_issues(o, data, scored, rules)
    col.issues += later
    col.done()
    table = Table({s: data["scores"][s] for s in rules.seats}, data["honba"], data["riichi_sticks"],
                  tuple(data["riichi_declared"] or ()), tuple(data["false_claims"]))
    outcome = Outcome(o["kind"], o["discarder"], tuple(w for w in scored if w is not None), tuple(o["ready"]),
                      tuple(o["nagashi"]), tuple(o["melded"]), tuple(o["noten_riichi"]), o["reason"],
                      None if tile is None else kind(tile), o["offender"], o["offence"], hands, o["round_wind"],
                      rivers, first_tiles, kongs, losers)
    return SettleRequest(preset, rules, table, outcome, data["claim"], tuple(w for w in wins if w is not None),
                         tuple(col.notes))


def _shown_hand(col: Collector, data: dict, rules, seat: str):
    sub, at = Collector(), f"outcome/hands/{seat}/"
    hand = build_hand(sub, data, rules, drawn=False, prefix=at)
    col.issues += [i if i.field.startswith(at) else Issue(i.code, i.detail, at + i.field) for i in sub.issues]
    return hand


def _river(col: Collector, river: list, seat: str) -> tuple[Discard, ...]:
    out = []
    for i, d in enumerate(river):
        tile = col.tile(d["tile"], f"outcome/discards/{seat}/{i}/tile")
        if tile is not None:
            out.append(Discard(tile, d["called"]))
    return tuple(out)


def _kongs(col: Collector, given: dict) -> tuple[tuple[str, int], ...]:
    """Kongs by seat; () when any count is no whole number from 0 to 4 (then its problem is listed)."""
    bad = [seat for seat, n in given.items() if type(n) is not int or not 0 <= n <= 4]
    for seat in bad:
        col.issues.append(Issue("invalid", "A seat declares 0 to 4 kongs.", f"outcome/kongs/{seat}"))
    return () if bad else tuple(given.items())
