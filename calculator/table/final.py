"""End of game: end points (return points, oka), prizes (uma), ties and leftover riichi sticks.

Input: the four players' final table points (with their starting seats), the riichi sticks
still on the table, and Rules. Output: a FinalResult: per player the rank, the points after
leftover sticks, the end-points result (`base`), the prize (`uma`) and the `final` result
(RULES.md §21, SEED-JM §4.10-§4.11). Arithmetic is exact (fractions); each value is then rounded
down to a whole point, so tied players, whose exact shares are equal, get equal whole shares (the
seed: they "share equally"), and the points that rounding leaves over are reported as `remainder`.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from calculator.core.errors import Issue, UnsupportedRules
from calculator.scoring.payments import SEATS


@dataclass(frozen=True)
class Player:
    player: str
    points: int
    seat: str | None = None


@dataclass(frozen=True)
class Standing:
    player: str
    seat: str | None
    rank: int          # 1-4; tied players under `share` have the same rank
    points: object     # table points plus any leftover sticks received
    base: object       # after end points / return points (and oka for the top)
    uma: object        # prize, shared between tied players
    final: object      # base + uma, in the rules' unit


@dataclass(frozen=True)
class FinalResult:
    standings: tuple[Standing, ...]   # in request order
    leftover_sticks: int              # POINTS of the sticks handed out (0 when discarded); answered as
                                      # leftover_stick_points
    unit: str
    remainder: object = 0             # exact sum of `final` minus the sum of the whole values (>= 0)
    table_total: int = 0              # the scores plus the points of the leftover sticks
    start_total: int = 0              # players x game_start_points
    notes: tuple[str, ...] = ()       # total_differs_from_start
    oka: object = 0                   # the top's oka in the rules' unit: players x (return - start points)
    leftover_stick_count: int = 0     # the sticks left on the table at the end (a count; answered as leftover_sticks)


def round_thousand(x, mode: str):
    """Round a points difference to thousands (§21.1); `nearest` rounds halves away from zero.

    >>> round_thousand(-14500, "nearest"), round_thousand(-14500, "five_down_six_up"), round_thousand(1600, "none")
    (-15000, -14000, 1600)
    """
    if mode == "none":
        return x
    q, rem = divmod(abs(x), 1000)
    up = rem >= 500 if mode == "nearest" else rem > 500
    return (1 if x >= 0 else -1) * (q + up) * 1000


def _end_points(points, rules):
    """points - return points, rounded as final_rounding says; score_nearest rounds the score itself
    (Tenhou, shared/data README: 20,500 -> 21,000 -> -9,000; -500 -> -1,000 -> -31,000).

    >>> from calculator.rules import preset_rules
    >>> [_end_points(p, preset_rules("tenhou")) for p in (20500, 14500, -500, 29400)]
    [-9000, -15000, -31000, -1000]
    """
    if rules.final_rounding == "score_nearest":
        return round_thousand(points, "nearest") - rules.final_return_points
    return round_thousand(points - rules.final_return_points, rules.final_rounding)


def _number(x: int, unit: str):
    if unit == "thousands":
        return x // 1000 if x % 1000 == 0 else x / 1000
    return x


def final_scores(players: list[Player], riichi_sticks: int, rules) -> FinalResult:
    """Rank the players and apply end points, oka, uma and leftover sticks."""
    uma = tuple(rules.final_uma)
    if len(uma) != len(players):
        raise UnsupportedRules("invalid_option", f"final_uma needs one prize per player ({len(players)}).",
                               "final_uma")
    n = len(players)

    def seat_key(i):
        s = players[i].seat
        return (SEATS.index(s) if s in SEATS else len(SEATS), i)

    points = [Fraction(p.points) for p in players]
    order = sorted(range(n), key=lambda i: (-points[i], seat_key(i)))
    sticks = riichi_sticks * getattr(rules, "riichi_stick_value", 1000)
    mode = rules.riichi_pool_game_end
    if sticks and mode != "discarded":
        top = [order[0]]
        if mode == "winner_shared_if_tied":
            top = [i for i in order if points[i] == points[order[0]]]
        for i in top:
            points[i] += Fraction(sticks, len(top))   # §11.1: leftover sticks to the first, shared if tied
    groups = _groups(order, points, rules.final_tie_mode)
    base = {i: _end_points(points[i], rules) for i in range(n)}
    if rules.final_oka_to_top:
        # SEED-JM §4.10: the top gets the absolute value of the others' sum, shared when tied
        others = sum(base[i] for g in groups[1:] for i in g)
        for i in groups[0]:
            base[i] = Fraction(-others, len(groups[0]))
    prize, rank, place = {}, {}, 0
    for g in groups:
        share = Fraction(sum(uma[place:place + len(g)]), len(g))   # SEED-JM §4.11: tied players share
        for i in g:
            prize[i], rank[i] = share, place + 1
        place += len(g)
    unit = rules.final_unit
    whole = {name: {i: _floor(v) for i, v in values.items()}
             for name, values in (("base", base), ("uma", prize), ("points", dict(enumerate(points))))}
    remainder = sum(base.values()) + sum(prize.values()) - sum(whole["base"].values()) - sum(whole["uma"].values())
    standings = tuple(Standing(p.player, p.seat, rank[i], whole["points"][i], _number(whole["base"][i], unit),
                               _number(whole["uma"][i], unit), _number(whole["base"][i] + whole["uma"][i], unit))
                      for i, p in enumerate(players))
    oka = n * (rules.final_return_points - rules.game_start_points) if rules.final_oka_to_top else 0
    table_total = sum(p.points for p in players) + sticks
    start_total = n * rules.game_start_points
    notes = ("total_differs_from_start",) if table_total != start_total else ()
    return FinalResult(standings, sticks if mode != "discarded" else 0, unit, _number(int(remainder), unit),
                       table_total, start_total, notes, _number(oka, unit), riichi_sticks)


def _floor(x) -> int:
    """A value rounded down to a whole point: equal exact shares stay equal, and nobody gets more than
    his exact share (17,000 between three: 5,666 each; -20,000 between three: -6,667 each).

    >>> _floor(Fraction(17000, 3)), _floor(Fraction(-20000, 3)), _floor(2000)
    (5666, -6667, 2000)
    """
    return x.numerator // x.denominator if isinstance(x, Fraction) else int(x)


def _groups(order, points, tie_mode):
    groups = []
    for i in order:
        if groups and tie_mode == "share" and points[groups[-1][0]] == points[i]:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def player_count_issues(players, rules) -> list[Issue]:
    """The rules' players (four, or three under a three-player preset) are given, no more and no fewer."""
    if len(players) != rules.players:
        return [Issue("wrong_player_count", f"These rules have {rules.players} players; got {len(players)}.",
                      "scores")]
    return []


def players_issues(players, rules) -> list[Issue]:
    """Every player once (names differ), every starting seat at most once, and under final_tie_mode seat_order
    a starting seat for every player tied on points (it breaks the tie). A name or points that did not load
    is None."""
    issues = []
    names = [p.player for p in players if p.player is not None]
    if len(set(names)) != len(names):
        issues.append(Issue("duplicate_player", "Player names must differ.", "scores"))
    given = [p.seat for p in players if p.seat is not None]
    if len(set(given)) != len(given):
        issues.append(Issue("duplicate_seat", "Each starting seat at most once.", "scores"))
    if rules.final_tie_mode == "seat_order":
        for i, p in enumerate(players):
            tied = p.points is not None and any(q.points == p.points for j, q in enumerate(players) if j != i)
            if tied and p.seat is None:
                issues.append(Issue("seat_required", f"{p.player or 'This player'} is tied on {p.points} points and "
                                    "final_tie_mode seat_order breaks ties by starting seat: give `seat`.",
                                    f"scores/{i}/seat"))
    return issues
