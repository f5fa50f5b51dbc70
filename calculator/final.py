"""End of game: end points (return points, oka), prizes (uma), ties and leftover riichi sticks.

Input: the four players' final table points (with their starting seats), the riichi sticks
still on the table, and Rules. Output: a FinalResult: per player the rank, the points after
leftover sticks, the end-points result (`base`), the prize (`uma`) and the `final` result
(RULES.md §21, SEED-JM §4.10-§4.11). Arithmetic is exact (fractions) until whole points are apportioned.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .errors import InvalidHand, Issue
from .payments import SEATS


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
    leftover_sticks: int              # points of the sticks handed out (0 when discarded)
    unit: str


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


def _number(x: int, unit: str):
    if unit == "thousands":
        return x // 1000 if x % 1000 == 0 else x / 1000
    return x


def final_scores(players: list[Player], riichi_sticks: int, rules) -> FinalResult:
    """Rank the players and apply end points, oka, uma and leftover sticks."""
    uma = tuple(rules.final_uma)
    if len(uma) != 4:
        raise InvalidHand([Issue("invalid_option", "final_uma needs four prizes (1st to 4th).", "rules/final_uma")])
    n = len(players)

    def seat_key(i):
        s = players[i].seat
        return (SEATS.index(s) if s in SEATS else 4, i)

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
    base = {i: round_thousand(points[i] - rules.final_return_points, rules.final_rounding) for i in range(n)}
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
    base, prize, points = _whole(base, order), _whole(prize, order), _whole(dict(enumerate(points)), order)
    standings = tuple(Standing(p.player, p.seat, rank[i], _number(points[i], "points"), _number(base[i], unit),
                               _number(prize[i], unit), _number(base[i] + prize[i], unit))
                      for i, p in enumerate(players))
    return FinalResult(standings, sticks if mode != "discarded" else 0, unit)


def _whole(values: dict, order) -> dict:
    """Whole points that keep the exact total: shares that do not divide evenly (30,100 between three) are
    rounded down and the points left over go one each to the largest remainders, higher rank first.

    >>> _whole({0: Fraction(30100, 3), 1: Fraction(30100, 3), 2: Fraction(30100, 3), 3: -30100}, [0, 1, 2, 3])
    {0: 10034, 1: 10033, 2: 10033, 3: -30100}
    """
    out = {i: v.numerator // v.denominator if isinstance(v, Fraction) else int(v) for i, v in values.items()}
    left = round(sum(values.values()) - sum(out.values()))
    for i in sorted(order, key=lambda i: (-(values[i] - out[i]), order.index(i)))[:left]:
        out[i] += 1
    return out


def _groups(order, points, tie_mode):
    groups = []
    for i in order:
        if groups and tie_mode == "share" and points[groups[-1][0]] == points[i]:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups
