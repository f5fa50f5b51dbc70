"""Settlement of a deal that ends in a win: ron (one or several winners), tsumo, liability, Taiwanese bonuses.

Input: a Ledger (table and rules) and a ron/tsumo Outcome whose wins are han/fu/yakuman, tai, or
a full /v1/score request (scored here with calculator.scoring). Output: the Settlement. Japanese
payments come from calculator.payments (the same arithmetic as /v1/score); this stage decides who
is paid at all (head bump, triple ron), who collects counters and sticks (RULES.md §10, §11, §15),
who pays under liability (§16) and the Taiwanese dealer and continued-deal bonuses (§22).
"""
from __future__ import annotations

from dataclasses import replace

from calculator.core.errors import InvalidHand, Issue
from calculator.scoring.limits import YAKUMAN, Limit, limit_for
from calculator.scoring.payments import round_up_100, win_payments
from calculator.scoring.european import EuropeanResult
from calculator.scoring.families import score_hand
from calculator.scoring.taiwanese import TaiResult, tai_shares
from calculator.table.draws import abortive
from calculator.table.model import POOL, Ledger, Outcome, Pao, Win, WinResult, next_honba, stick_points, turn_order_after


def settle_wins(led: Ledger, out: Outcome):
    """Pay the outcome's winners and work out the next deal's counters."""
    rules, table = led.rules, led.table
    scored, issues = score_full_hands(out.wins, rules)
    if issues:
        raise InvalidHand(issues)
    wins = [_with_limit(w, rules) for w in scored]
    order = list(range(len(wins)))
    if out.kind == "ron":
        near = turn_order_after(out.discarder, rules.seats)
        order.sort(key=lambda i: near.index(wins[i][0].winner))
    if out.kind == "ron" and len(wins) == 3 and rules.abort_triple_ron == "abort":
        led.notes.append("triple_ron_aborted")
        return abortive(led, Outcome("abortive_draw", reason="sanchahou"))
    paid = order
    if len(order) > 1 and (rules.multi_ron_mode == "head_bump"
                           or (len(order) == 3 and rules.abort_triple_ron == "head_bump")):
        paid = order[:1]   # only the first claimant in turn order after the discarder wins (§15.1)
        led.notes.append("head_bump")
    sticks = _share_sticks(led, [wins[i][0] for i in paid])
    honbas = [table.honba if rank == 0 or rules.honba_multi_ron == "each_winner" else 0 for rank in range(len(paid))]
    issues = _claimed_counters(wins, paid, honbas, sticks)
    if issues:
        raise InvalidHand(issues)
    results = {}
    for rank, i in enumerate(paid):
        win, limit = wins[i]
        results[i] = _pay_one(led, i, win, limit, out, honbas[rank], sticks[rank])
    for i in order:
        if i not in paid:
            results[i] = _result(led, i, *wins[i], paid=False, liable=None)
    led.wins = [results[i] for i in order]
    first = wins[paid[0]][0].winner
    for seat in table.false_claims:   # §17.2: penalty sums go to the winner
        led.pay(seat, first, rules.penalty_false_claim, "false_claim")
    winners = [wins[i][0].winner for i in paid]
    if out.kind == "ron" and rules.multi_ron_dealer_keeps == "if_dealer_nearest":
        keeps = winners[0] == "east"
    else:
        keeps = "east" in winners
    return led.close(next_honba(table, rules, "win", keeps), table.riichi_sticks - sum(sticks), keeps)


def _claimed_counters(wins, paid: list[int], honbas: list[int], sticks: list[int]) -> list[Issue]:
    """A full /v1/score body's honba and riichi_sticks are what that winner collects (API.md: a second
    winner under first-winner-takes rules sends 0, 0): each one given must match the settlement's share."""
    issues = []
    for i, (win, _) in enumerate(wins):
        rank = paid.index(i) if i in paid else None
        due = (honbas[rank], sticks[rank]) if rank is not None else (0, 0)
        for name, given, want in zip(("honba", "riichi_sticks"), win.claimed, due):
            if given is not None and given != want:
                issues.append(Issue("counters_mismatch", f"This winner collects {want} {name.replace('_', ' ')} in "
                                    f"this settlement; the hand says {given} (or leave it out).",
                                    f"outcome/wins/{i}/{name}"))
    return issues


# fu a hand can have (RULES.md §7.1): 20 (pinfu tsumo; an open 20 under open_pinfu_fu 20), 25 (seven pairs),
# then multiples of 10 up to 140 (a closed ron with three concealed terminal kongs, a closed wait and a
# double-wind pair: 20 + 10 + 96 + 2 + 4 = 132)
FU_VALUES = (20, 25) + tuple(range(30, 150, 10))


def han_fu_issues(han: int, fu: int, yakuman: int, win_by: str | None, rules) -> list[Issue]:
    """Why a han/fu/yakuman value given by hand is no hand's under `rules` (Issue fields relative to the win:
    "", "fu"). Only what is certain is refused: fu outside FU_VALUES; 25 fu, which is seven pairs (2 han, and
    3 on a self-draw with menzen tsumo; impossible with chiitoitsu_fu 50); 20 fu, which on a self-draw is pinfu
    tsumo (pinfu + menzen tsumo: 2 han; impossible with pinfu_tsumo_fu 30) and on a ron exists only as an open
    hand under open_pinfu_fu 20 (a closed ron has 10 fu for the ron).

    >>> from calculator.rules import Rules
    >>> [i.code for i in han_fu_issues(2, 33, 0, "tsumo", Rules())], han_fu_issues(2, 25, 0, "ron", Rules())
    (['invalid_fu'], [])
    >>> [i.detail[:32] for i in han_fu_issues(1, 20, 0, "tsumo", Rules())]
    ['20 fu on a self-draw is pinfu ts']
    """
    if fu and fu not in FU_VALUES:
        return [Issue("invalid_fu", f"fu is 20, 25 or a multiple of 10 from 30 to 140; got {fu}.", "fu")]
    if yakuman:
        return []
    if han == 0:
        return [Issue("no_value", "A win needs han (with fu) or a yakuman count.", "")]
    if fu == 0:
        return [Issue("fu_required", f"Below 5 han the value needs fu: send `fu` with the {han} han (20, 25 or a "
                      "multiple of 10 from 30 to 140), as in \"fu\": 30.", "fu")] if han < 5 else []
    if fu == 25:
        if rules.chiitoitsu_fu != 25:
            return [_impossible("25 fu is seven pairs, which these rules score at 50 fu (chiitoitsu_fu 50).")]
        least = 3 if win_by == "tsumo" else 2
        if han < least:
            return [_impossible(f"25 fu is seven pairs: at least {least} han"
                                + (" on a self-draw (seven pairs 2 + menzen tsumo 1)." if least == 3 else "."))]
    if fu == 20 and win_by == "tsumo":
        if rules.pinfu_tsumo_fu != 20:
            return [_impossible("A self-draw has at least 30 fu under pinfu_tsumo_fu 30.")]
        if han < 2:
            return [_impossible("20 fu on a self-draw is pinfu tsumo: at least 2 han (pinfu + menzen tsumo).")]
    if fu == 20 and win_by == "ron" and rules.open_pinfu_fu != 20:
        return [_impossible("A ron has at least 30 fu: 10 for a closed ron, and an open 20 is raised to "
                            f"open_pinfu_fu {rules.open_pinfu_fu}.")]
    return []


def _impossible(detail: str) -> Issue:
    return Issue("impossible_han_fu", detail, "fu")


def pao_issues(pao: Pao | None, win_by: str | None, rinshan: bool | None = None) -> list[Issue]:
    """Liability that no win of this kind can carry: a win on the replacement tile of an open kong
    (rinshan_after_open_kong) is a self-draw, and a full hand claiming it must be a rinshan win."""
    if pao is None or pao.reason != "rinshan_after_open_kong":
        return []
    if win_by == "ron":
        return [Issue("pao_not_rinshan", "rinshan_after_open_kong is liability for a win on a kong's replacement "
                      "tile, which is a self-draw (tsumo), never a ron: use another liability reason for a ron.", "pao/reason")]
    if rinshan is False:
        return [Issue("pao_not_rinshan", "rinshan_after_open_kong needs a win on the replacement tile: set the "
                      "hand's `rinshan`.", "pao/reason")]
    return []


def score_full_hands(wins, rules, only_reasons: tuple[str, ...] | None = None) -> tuple[list, list[Issue]]:
    """Score every full-hand win (han, fu, yakuman and Limit filled in, the request dropped) and
    collect a `not_a_win` Issue for each hand that is no legal win, not only the first. Short-form
    wins and None (a win whose body did not load) pass through unchanged. With `only_reasons` (the
    request's rules did not load, so the preset's stand in), only a hand refused for one of those
    reasons is listed: the others may hang on the option that failed."""
    out, issues = [], []
    for i, win in enumerate(wins):
        if win is None or win.score_request is None:
            out.append(win)
            continue

        res = score_hand(win.score_request)
        if not res.is_win:
            reasons = ", ".join(res.reasons) or "not a win"
            if only_reasons is not None and not set(res.reasons) & set(only_reasons):
                out.append(None)
                continue
            issues.append(Issue("not_a_win", f"This hand is not a legal win ({reasons}): send the winning hand as played, or "
                                  "its han and fu.", f"outcome/wins/{i}"))
            out.append(None)
            continue
        if isinstance(res, TaiResult):
            out.append(replace(win, tai=res.tai, score_request=None))
            continue
        if isinstance(res, EuropeanResult):
            out.append(replace(win, points=res.value.points, value=res.value, score_request=None))
            continue
        ids = tuple((name, mult) for name, mult in res.yakuman)
        out.append(replace(win, han=res.han, fu=res.fu or 0, yakuman=sum(m for _, m in ids), yakuman_ids=ids,
                           score_request=None, limit=Limit(res.base_points, res.limit)))
    return out, issues


def _with_limit(win: Win, rules):
    """The win and its Limit (None for tai and European points)."""
    if win.tai is not None or win.points is not None:
        return win, None
    return win, win.limit or limit_for(win.han, win.fu, win.yakuman, rules)


def _share_sticks(led: Ledger, winners: list[Win]) -> list[int]:
    """How many riichi sticks each paid winner (nearest first) collects (RULES.md §11.1, §23.12)."""
    n, mode = led.table.riichi_sticks, led.rules.riichi_pool_multi_ron
    share = [0] * len(winners)
    if len(winners) == 1 or mode == "nearest_winner":
        share[0] = n
    elif mode == "split":
        for k in range(n):
            share[k % len(winners)] += 1
    else:   # own_back_rest_nearest: each winner's own stick of this deal first (EMA 2016)
        for k, w in enumerate(winners):
            if n and (w.riichi or w.winner in led.table.riichi_declared):
                share[k] += 1
                n -= 1
        share[0] += n
    return share


def _liable(led: Ledger, win: Win) -> str | None:
    """The liable seat, if the rules make the win's pao claim binding; otherwise a note and None."""
    p, rules = win.pao, led.rules
    if p is None:
        return None
    if p.reason == "rinshan_after_open_kong":
        if not rules.pao_rinshan_after_open_kong:
            led.notes.append("pao_rinshan_not_in_rules")
            return None
    elif p.reason not in rules.pao_yakuman:
        led.notes.append("pao_yakuman_not_in_rules")
        return None
    elif win.yakuman_ids and p.reason not in dict(win.yakuman_ids):
        led.notes.append("pao_yakuman_not_in_hand")
        return None
    elif win.tai is None and win.yakuman == 0:
        led.notes.append("pao_without_yakuman")
        return None
    if p.open_kan_claim and not rules.pao_on_open_kong_claim:
        led.notes.append("pao_open_kong_claim_exempt")   # the seed: a kong claim creates no liability
        return None
    if p.no_choice and rules.pao_no_choice_declaration:
        led.notes.append("pao_no_choice_declared")
        return None
    return p.seat


def _pay_one(led: Ledger, i: int, win: Win, limit, out: Outcome, honba: int, sticks: int) -> WinResult:
    rules = led.rules
    liable = _liable(led, win)
    if liable == out.discarder and win.tai is None:
        liable = None   # a ron off the liable player is an ordinary ron (§16.1); Taiwanese: see _pay_taiwanese
    if liable and out.kind == "ron" and win.tai is None and rules.pao_ron_by_third_party == "discarder_pays_all":
        led.notes.append("pao_discarder_pays_all")   # the insurance reading: liability only matters on self-draws
        liable = None
    led.pay(POOL, win.winner, sticks * stick_points(rules), "riichi_sticks", i)
    if win.tai is not None:
        _pay_taiwanese(led, i, win, out, liable)
    elif liable is None:
        _book(led, i, win_payments(limit.base_points, win.winner, out.kind, out.discarder, honba, 0, rules), win.winner)
    else:
        _pay_pao(led, i, win, limit.base_points, out, honba, liable)
    return _result(led, i, win, limit, paid=True, liable=liable)


def _book(led: Ledger, i: int, wp, winner: str, reason: str = "hand") -> None:
    for p in wp.payments:
        led.pay(p.from_seat, winner, p.amount, reason, i)
        led.pay(p.from_seat, winner, p.honba, "honba", i)


def _pay_pao(led: Ledger, i: int, win: Win, base: int, out: Outcome, honba: int, liable: str) -> None:
    """Liability (RULES.md §16.1): the liable seat pays a self-draw as if it had dealt in; a ron off a
    third party is split half and half (discarder_pays_all never gets here); counters per honba.pao_payer."""
    rules = led.rules
    if win.pao.reason != "rinshan_after_open_kong" and rules.pao_scope == "concerned_yakuman":
        base_liable = min(base, YAKUMAN * (dict(win.yakuman_ids).get(win.pao.reason) or 1))
    else:
        base_liable = base
    rest = base - base_liable
    counters = rules.honba_per_stick_total * honba
    if rules.honba_paid_to == "dealer_only" and win.winner != "east":
        counters = 0
    value = round_up_100(base_liable * (6 if win.winner == "east" else 4))
    if out.kind == "tsumo":
        led.pay(liable, win.winner, value, "pao", i)
        led.pay(liable, win.winner, counters, "honba", i)
        if rest:
            _book(led, i, win_payments(rest, win.winner, "tsumo", None, 0, 0, rules), win.winner)
        return
    led.pay(liable, win.winner, value // 2, "pao", i)
    led.pay(out.discarder, win.winner, value - value // 2, "hand", i)
    if rest:
        _book(led, i, win_payments(rest, win.winner, "ron", out.discarder, 0, 0, rules), win.winner)
    led.pay(liable if rules.honba_pao_payer == "liable" else out.discarder, win.winner, counters, "honba", i)


def _pay_taiwanese(led: Ledger, i: int, win: Win, out: Outcome, liable: str | None) -> None:
    """Taiwanese payments (RULES.md §22.1, calculator.scoring.taiwanese.tai_shares): base + tai per payer; on a
    discard only the discarder pays his own share. A liable player pays for all losers, each loser's share of a
    self-draw, on a self-draw and when his own discard (or the kong robbed from him) is the winning tile: 3 x the
    share, no settlement among losers (SEED-TW §4.2 insurance penalties)."""
    r = led.rules
    if liable is not None and (out.kind == "tsumo" or liable == out.discarder):
        for s in tai_shares(win.tai, win.winner, "tsumo", None, led.table.honba, r):
            led.pay(liable, win.winner, s.amount, s.reason, i)
        return
    for s in tai_shares(win.tai, win.winner, out.kind, out.discarder, led.table.honba, r):
        if liable is None or r.pao_ron_by_third_party == "discarder_pays_all":
            led.pay(s.payer, win.winner, s.amount, s.reason, i)
        else:
            led.pay(liable, win.winner, s.amount // 2, s.reason, i)
            led.pay(s.payer, win.winner, s.amount - s.amount // 2, s.reason, i)


def _result(led: Ledger, i: int, win: Win, limit, paid: bool, liable: str | None) -> WinResult:
    mine = [it for it in led.items if it.win == i and it.to_seat == win.winner]
    points = sum(it.amount for it in mine if it.reason in ("hand", "pao"))
    return WinResult(win.winner, paid, win.han, win.fu, win.yakuman, win.tai,
                     limit.base_points if limit else 0, limit.limit if limit else None, points,
                     sum(it.amount for it in mine if it.reason == "honba"),
                     sum(it.amount for it in mine if it.reason == "riichi_sticks"), liable,
                     sum(it.amount for it in mine))
