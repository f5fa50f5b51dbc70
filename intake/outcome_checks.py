"""A deal's outcome as a request describes it (POST /v1/settle): its own consistency, and the riichi
declarations against the sticks on the table.

Also: every seat's points given (`scores`), and the one winner of European settlement. The outcome
arrives as the request's loaded fields (a mapping per object), and each problem is an Issue at its request
field, so that the reader lists them with every other problem of the body.
"""
from __future__ import annotations

from collections.abc import Mapping

from calculator.core.errors import Issue
from calculator.core.hand import SEATS
from calculator.table.model import turn_order_after

from .collect import seat_missing


_LOSERS_HANDS = (" inside `outcome`; a European win takes the losers' hands at the body's top level: move `hands` "
                 "out of `outcome` to sit beside `outcome` and `scores`.")


def outcome_issues(o: Mapping, data: Mapping, wins, rules) -> list[Issue]:
    """The outcome's own consistency and the deal's riichi declarations against the sticks. `o` holds the
    outcome's loaded fields and `data` the request's; `wins` the read wins (None where one is no win)."""
    issues: list[Issue] = []
    kind_, add = o.get("kind"), issues.append
    winners = [w.winner for w in wins if w is not None]
    if kind_ in ("ron", "tsumo"):
        want = "exactly one win" if kind_ == "tsumo" else "one to three wins"
        if "wins" in o and (not o["wins"] or (kind_ == "tsumo" and len(o["wins"]) != 1)):
            add(Issue("wrong_win_count", f"A {kind_} needs {want}.", "outcome/wins"))
        if len(set(winners)) != len(winners):
            add(Issue("duplicate_winner", "Each seat wins at most once.", "outcome/wins"))
        if kind_ == "ron" and "discarder" in o:
            if o["discarder"] is None:
                add(Issue("required", "A ron needs the `discarder`.", "outcome/discarder"))
            elif o["discarder"] in winners:
                add(Issue("discarder_wins", "The discarder cannot win on his own discard: name the seat that threw the tile.", "outcome/discarder"))
        for i, w in enumerate(wins):
            if w is not None and w.pao is not None and w.pao.seat == w.winner:
                add(Issue("liable_is_winner", "The liable seat cannot be the winner: name the seat that fed the tiles.", f"outcome/wins/{i}/pao/seat"))
    elif kind_ is not None and o.get("wins"):
        add(Issue("unexpected_wins", f"An {kind_} has no wins: leave `wins` out.", "outcome/wins"))
    if kind_ not in (None, "ron") and o.get("discarder") is not None:
        add(Issue("unexpected_discarder", f"Only a ron has a discarder; a {kind_} does not: leave it out.",
                  "outcome/discarder"))
    abort = (o.get("reason") or "any") if kind_ == "abortive_draw" else None   # "any": no reason given (its own problem)
    draw_ = kind_ in (None, "exhaustive_draw")
    for name, fits, where in (("hands", draw_, "at an exhaustive draw"), ("discards", draw_, "at an exhaustive draw"),
                              ("first_tiles", kind_ is None or abort in ("any", "kyuushu_kyuuhai"),
                               "with a kyuushu_kyuuhai abortive draw"),
                              ("kongs", kind_ is None or abort in ("any", "suukaikan"),
                               "with a suukaikan abortive draw")):
        if o.get(name) and not fits:
            add(Issue(f"unexpected_{name}", f"`{name}` belongs only {where}" + (
                _LOSERS_HANDS if name == "hands" and kind_ in ("ron", "tsumo") and rules.scoring_family == "european"
                else "."), f"outcome/{name}"))
    if kind_ == "abortive_draw" and "reason" in o and o["reason"] is None:
        add(Issue("required", "An abortive draw needs its `reason`.", "outcome/reason"))
    if kind_ == "chombo" and "offender" in o and o["offender"] is None:
        add(Issue("required", "A chombo needs the `offender`.", "outcome/offender"))
    for name in ("ready", "nagashi", "melded", "noten_riichi"):
        if len(set(o.get(name, ()))) != len(o.get(name, ())):
            add(Issue("duplicate_seat", "Each seat at most once.", f"outcome/{name}"))
    if set(o.get("ready", ())) & set(o.get("noten_riichi", ())):
        add(Issue("ready_and_noten", "A seat cannot be both ready and not ready: list it in one of the two only.", "outcome/noten_riichi"))
    _riichi_check(add, data, o, wins, rules)
    return issues


def _riichi_check(add, data: Mapping, o: Mapping, wins, rules) -> None:
    """This deal's riichi declarations agree with each other and with the sticks on the table. Where a
    declaration has no stake (riichi_stakes false: Taiwanese, European, French, Italian), no stick is on the
    table and a declaration puts none down (SEED-EU §4.2.2: the Italian faulty declaration costs 1,000 from the
    total, no stick)."""
    given = data.get("riichi_declared")
    declared = list(given or ())
    sticks = data.get("riichi_sticks")
    if not rules.riichi_stakes:
        if sticks:
            add(Issue("no_riichi_stakes", "These rules have no riichi stakes (option riichi_stakes false): "
                      "riichi_sticks must be 0.", "riichi_sticks"))
        sticks = None   # a declaration puts no stick down: nothing to count
    if len(set(declared)) != len(declared):
        add(Issue("duplicate_seat", "Each seat puts down at most one stick per deal.", "riichi_declared"))
    if sticks is not None and len(declared) > sticks:
        add(Issue("too_few_sticks", "riichi_sticks must include this deal's deposits.", "riichi_declared"))
    kind_ = o.get("kind")
    riichi_winners = [(i, w.winner) for i, w in enumerate(wins) if w is not None and w.riichi] \
        if kind_ in ("ron", "tsumo") else []
    for i, seat in riichi_winners:
        if sticks == 0:
            add(Issue("too_few_sticks", f"{seat} won with riichi, so his stick is on the table: riichi_sticks "
                      "(this deal's deposits included) cannot be 0: include his stick.", f"outcome/wins/{i}/riichi"))
        elif given is not None and seat not in declared:
            add(Issue("riichi_not_declared", f"{seat} won with riichi but is not in riichi_declared: add it there, or leave riichi_declared out.",
                      f"outcome/wins/{i}/riichi"))
    noten = list(o.get("noten_riichi") or ()) if kind_ == "exhaustive_draw" else []
    for seat in dict.fromkeys(noten):
        if given is not None and seat not in declared:
            add(Issue("noten_riichi_not_declared", f"{seat} is a faulty riichi but is not in riichi_declared: add it there, or leave riichi_declared out.",
                      "outcome/noten_riichi"))
    if sticks is not None and noten and given is None and len(set(noten)) > sticks:
        add(Issue("too_few_sticks", "Each noten_riichi seat put a stick down: riichi_sticks must include them.",
                  "outcome/noten_riichi"))
    if kind_ == "abortive_draw" and o.get("reason") == "suucha_riichi":
        if sticks is not None and sticks < 4:
            add(Issue("abortive_draw_not_possible", "Four riichi put four sticks on the table: riichi_sticks "
                      f"(this deal's deposits included) is at least 4, not {sticks}.", "riichi_sticks"))
        if given is not None and len(set(declared)) != 4:
            add(Issue("abortive_draw_not_possible", "Four riichi means all four seats declared this deal: "
                      "riichi_declared lists every seat.", "riichi_declared"))


def table_seat_issues(scores: dict, rules) -> list[Issue]:
    """Every seat of the rules has its points, and no seat the rules lack is given (a seat whose value did not
    load is absent from `scores`: its own problem is listed already)."""
    issues = [Issue("required", f"Missing points for {seat}: give the points of every seat ({', '.join(rules.seats)}).",
                    f"scores/{seat}") for seat in rules.seats if seat in scores and scores[seat] is None]
    return issues + [seat_missing(seat, rules.seats, f"scores/{seat}") for seat in SEATS
                     if seat not in rules.seats and scores.get(seat) is not None]


def one_winner_issues(outcome: dict, winners: list[str], rules) -> list[Issue]:
    """European settlement has one winner: every loser pays him and the losers settle among themselves around
    him (rules06). Several winners on one discard are refused, naming the rule: under head bump
    (multi_ron_mode head_bump, the European presets) only the player first in turn after the discarder wins;
    multi_ron_mode all_paid is not defined for the European tables."""
    if rules.scoring_family != "european" or len(outcome.get("wins") or ()) < 2:
        return []
    if rules.multi_ron_mode == "all_paid":
        return [Issue("one_winner_only", "European settlement pays one winner (every loser pays him, the losers "
                      "settle among themselves): several winners paid separately (multi_ron_mode all_paid) are not "
                      "defined for the European tables. Set multi_ron_mode head_bump and send one win.",
                      "outcome/wins")]
    nearest = ""
    if outcome.get("discarder") in SEATS and winners:
        order = turn_order_after(outcome["discarder"])
        first = min((w for w in winners if w in order), key=order.index, default=None)
        nearest = f" ({first})" if first else ""
    return [Issue("one_winner_only", "These rules have one winner per discard (head bump, multi_ron_mode "
                  "head_bump): only the player first in turn after the discarder" + nearest + " wins. Send his win "
                  "alone, and the other players' hands under `hands`.", "outcome/wins")]
