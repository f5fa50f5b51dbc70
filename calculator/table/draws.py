"""Draws: exhaustive draws (ready payments, nagashi mangan) and abortive draws.

Input: a Ledger (table and rules) and an exhaustive_draw Outcome (the ready seats or the shown
hands, nagashi seats checked against their rivers when given, seats that melded, riichi declarers
found not ready) or an abortive_draw Outcome (the reason, checked against the first tiles or the
kongs when given). Output: the Settlement: ready payments (RULES.md §12), nagashi paid as a
self-drawn mangan or as a draw bonus (§13), nothing for an abortive draw (§14), and the next counters.
"""
from __future__ import annotations

from dataclasses import replace

from calculator.rules import FOUR_PLAYER_ABORTS   # only a four-player table has these (not_in_three_player)
from calculator.core.errors import InvalidHand, Issue
from calculator.scoring.limits import MANGAN
from calculator.scoring.payments import SEATS, win_payments
from calculator.readings.ready import readiness
from calculator.scoring.facts import Situation
from calculator.scoring.japanese import ScoreRequest, score
from calculator.table.penalties import charge, replay
from calculator.table.model import POOL, Ledger, Outcome, next_honba, return_sticks, stick_points
from calculator.core.tiles import EAST, KIND, NORTH, ORPHANS, counts_of, is_orphan

ABORT_SWITCH = {
    "kyuushu_kyuuhai": ("abort_nine_terminals", lambda r: r.abort_nine_terminals),
    "suufon_renda": ("abort_four_same_discards", lambda r: r.abort_four_same_discards != "off"),
    "suucha_riichi": ("abort_four_riichi", lambda r: r.abort_four_riichi),
    # continue_no_more_kongs plays on (no further kongs), so four kongs never abort the deal (§14.1 #3)
    "suukaikan": ("abort_four_kongs", lambda r: r.abort_four_kongs not in ("off", "continue_no_more_kongs")),
    "sanchahou": ("abort_triple_ron", lambda r: r.abort_triple_ron == "abort"),
}


def ready_payments(ready: list[str], total: int, seats: tuple[str, ...] = SEATS) -> list[tuple[str, str, int]]:
    """(payer, receiver, amount) for the ready payments: `total` split between the pairs (§12.1).

    >>> ready_payments(["south"], 3000)
    [('east', 'south', 1000), ('west', 'south', 1000), ('north', 'south', 1000)]
    >>> sorted({a for _, _, a in ready_payments(["east", "north"], 3000)})
    [750]
    >>> ready_payments(["south"], 2000, ("east", "south", "west"))
    [('east', 'south', 1000), ('west', 'south', 1000)]
    """
    noten = [s for s in seats if s not in ready]
    if not ready or not noten:
        return []
    each = total // (len(ready) * len(noten))
    return [(n, r, each) for n in noten for r in ready]


def _nagashi_seats(led: Ledger, out: Outcome) -> list[str]:
    rules = led.rules
    if not out.nagashi:
        return []
    if not rules.nagashi_enabled:
        led.notes.append("nagashi_not_in_rules")
        return []
    seats = [s for s in rules.seats if s in out.nagashi]
    rivers = dict(out.discards)
    for seat in [s for s in seats if s in rivers]:   # §13.1, §13.3 example 3: the client's claim, checked
        if any(d.called for d in rivers[seat]):
            led.notes.append("nagashi_denied_claimed_discard")
            seats.remove(seat)
        elif not all(is_orphan(KIND[d.tile]) for d in rivers[seat]):
            led.notes.append("nagashi_denied_simple_discard")
            seats.remove(seat)
    if rules.nagashi_forbid_own_calls and set(seats) & set(out.melded):
        led.notes.append("nagashi_denied_own_calls")   # §13.1: no melds at all, concealed kongs included
        seats = [s for s in seats if s not in out.melded]
    return seats


def _dealer_keeps(rules, ready) -> bool:
    mode = rules.draw_dealer_keeps
    return mode == "always" or (mode == "if_ready" and "east" in ready)


def _draw_honba(led: Ledger, event: str, keeps: bool) -> int:
    t, rules = led.table, led.rules
    if rules.payment_scheme == "taiwanese":
        # §22.1: the table agrees whether draws keep the run of continued deals and add to it
        return t.honba + rules.tw_draw_increments_counter if rules.tw_draw_keeps_continuation else 0
    return next_honba(t, rules, event, keeps)


def _sticks_after_draw(led: Ledger) -> int:
    if led.rules.riichi_pool_keep_on_draw:
        return led.table.riichi_sticks
    return led.table.riichi_sticks - return_sticks(led, "riichi_return")


def is_ready(hand, seat: str, out: Outcome, led: Ledger) -> bool:
    """A shown hand is ready: structurally, and with draw_check_true_ready_state some wait is a legal win."""
    rules = led.rules
    result = readiness(hand, (), rules)
    if not result.ready or not rules.draw_check_true_ready_state:
        return result.ready
    riichi = "riichi" if seat in led.table.riichi_declared else "none"
    return any(score(ScoreRequest(hand, w.tile, Situation(by, seat, out.round_wind, riichi), rules=rules)).is_win
               for w in result.waits for by in ("tsumo", "ron"))


def _shown_hands(led: Ledger, out: Outcome) -> Outcome:
    """The ready list with the shown hands' own answer; a riichi declarer whose hand is not ready is noten."""
    verdict = {seat: is_ready(hand, seat, out, led) for seat, hand in out.hands}
    ready = [s for s in led.rules.seats if verdict.get(s, s in out.ready)]
    if set(ready) != set(out.ready):
        led.notes.append("ready_from_shown_hands")
    noten = [s for s in led.rules.seats if s in out.noten_riichi
             or (verdict.get(s) is False and s in led.table.riichi_declared)]
    return replace(out, ready=tuple(ready), noten_riichi=tuple(noten))


def exhaustive(led: Ledger, out: Outcome):
    """An exhaustive draw: nagashi, ready payments, counters, and whether the dealer keeps the deal."""
    rules, table = led.rules, led.table
    if out.hands:
        out = _shown_hands(led, out)
    if out.noten_riichi:
        if rules.riichi_faulty_ready_penalty != "none":
            return faulty_ready(led, out)
        led.notes.append("faulty_ready_not_penalised")
    nagashi = _nagashi_seats(led, out)
    base = MANGAN * rules.nagashi_percent_of_limit // 100
    if nagashi and rules.nagashi_mode == "win":
        # §13.1 (Four Winds): a self-drawn win, not a draw: counters to each, the pool to the first in seat order
        for k, seat in enumerate(nagashi):
            wp = win_payments(base, seat, "tsumo", None, table.honba, 0, rules)
            for p in wp.payments:
                led.pay(p.from_seat, seat, p.amount, "nagashi")
                led.pay(p.from_seat, seat, p.honba, "honba")
        led.pay(POOL, nagashi[0], table.riichi_sticks * stick_points(rules), "riichi_sticks")
        keeps = "east" in nagashi
        return led.close(next_honba(table, rules, "win", keeps), 0, keeps)
    if nagashi:
        # §13.1 (Tenhou): a draw bonus instead of the ready payments; no counters, the draw rules go on
        for seat in nagashi:
            for p in win_payments(base, seat, "tsumo", None, 0, 0, rules).payments:
                led.pay(p.from_seat, seat, p.amount, "nagashi")
    elif rules.draw_ready_payment:
        for payer, receiver, amount in ready_payments(list(out.ready), rules.draw_noten_payment_total, rules.seats):
            led.pay(payer, receiver, amount, "ready_payment")
    keeps = _dealer_keeps(rules, out.ready)
    return led.close(_draw_honba(led, "exhaustive_draw", keeps), _sticks_after_draw(led), keeps)


def abortive_issues(out: Outcome, rules) -> list[Issue]:
    """Why this abortive draw cannot happen under `rules`, every reason at once: the rules have no
    such draw, four identical non-wind discards under winds_only, a nine-terminals declaration whose
    first tiles (when given) hold fewer than nine different terminals and honours (§14.4 example 1),
    four kongs (when given) that are not four kongs by several players (§14.1 #3, §14.4 example 4)."""
    option, enabled = ABORT_SWITCH[out.reason]
    if len(rules.seats) < 4 and out.reason in FOUR_PLAYER_ABORTS:
        return [Issue("not_in_three_player", f"{out.reason} needs four players (four winds, four riichi or "
                      f"three winners on one discard); with {len(rules.seats)} players the abortive draws are "
                      "kyuushu_kyuuhai and suukaikan.", "outcome/reason")]
    issues = []
    if not enabled(rules):
        issues.append(Issue("abortive_draw_not_in_rules", f"These rules have no {out.reason} abortive draw "
                            f"(option {option} = {getattr(rules, option)!r}): set the option, or choose a preset that has it.",
                            "outcome/reason"))
    if (out.reason == "suufon_renda" and out.tile is not None and rules.abort_four_same_discards == "winds_only"
            and not EAST <= out.tile <= NORTH):
        issues.append(Issue("abortive_draw_not_in_rules", "Four identical first discards abort the deal only "
                            "when they are winds (abort_four_same_discards = winds_only).", "outcome/tile"))
    if out.reason == "kyuushu_kyuuhai" and out.first_tiles:
        issues += _nine_terminals_issues(out.first_tiles, rules)
    if out.reason == "suukaikan" and out.kongs:
        issues += _four_kongs_issues(dict(out.kongs))
    return issues


def _nine_terminals_issues(codes, rules) -> list[Issue]:
    at, want = "outcome/first_tiles", rules.hand_size + 1
    counts = counts_of(codes)
    if len(codes) != want:
        return [Issue("wrong_tile_count", f"The first tiles are the {rules.hand_size} dealt and the first draw: "
                      f"send {want} tiles; got {len(codes)}.", at)]
    if max(counts) > 4:
        return [Issue("too_many_copies", "A tile has four copies; the first tiles hold a fifth.", at)]
    orphans = sum(1 for k in ORPHANS if counts[k])
    if orphans < 9:
        return [Issue("abortive_draw_not_possible", f"Nine terminals needs nine different terminals and honours "
                      f"among the first tiles; these hold {orphans}.", at)]
    return []


def _four_kongs_issues(kongs: dict) -> list[Issue]:
    total, most = sum(kongs.values()), max(kongs.values())
    # four kongs by one player go on (he may score four kongs); Four Winds ends the deal at a fifth kong
    if (total == 4 and most < 4) or (total == 5 and most == 4):
        return []
    if total == 4:
        why = "one player made all four: play goes on (a fifth kong would end the deal)"
    else:
        why = f"{total} kongs were declared"
    return [Issue("abortive_draw_not_possible", f"Four kongs abort the deal when several players made them; {why}: send abortive_draw only when they do.",
                  "outcome/kongs")]


def abortive(led: Ledger, out: Outcome):
    """An abortive draw (§14): no payments, the deal is replayed by the same dealer."""
    issues = abortive_issues(out, led.rules)
    if issues:
        raise InvalidHand(issues)
    return led.close(_draw_honba(led, "abortive_draw", True), _sticks_after_draw(led), True)


def faulty_ready(led: Ledger, out: Outcome):
    """Riichi declarers found not ready at an exhaustive draw (§4.6-§4.7, §17.5 example 2)."""
    penalty = led.rules.riichi_faulty_ready_penalty
    if penalty == "chombo":
        # riichi standard: a noten riichi is chombo: the deal is void and replayed, no ready payments (§17.3)
        for seat in out.noten_riichi:
            charge(led, seat, "faulty_ready")
        return replay(led, list(out.noten_riichi))
    # fixed (Italian: a sum taken from the offender's total) or as_faulty_out (the seed's "normally": he pays as
    # for a faulty out): "if the deal ends in a draw, penalties ... are still applied" [SEED-RI], so the deal
    # still ends in a draw: ready payments, counters, sticks and the deal follow the draw rules (§4.7)
    for seat in out.noten_riichi:
        if penalty == "fixed":
            led.pay(seat, "nobody", led.rules.riichi_faulty_ready_amount, "faulty_ready")
        else:
            charge(led, seat, "faulty_ready")
    # the shown hands were already judged (out.ready); judging them again would find the same offenders
    return exhaustive(led, replace(out, noten_riichi=(), hands=(), ready=tuple(s for s in out.ready
                                                                               if s not in out.noten_riichi)))
