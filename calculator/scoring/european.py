"""European classical scoring (Four Winds standard scoring) and its French and Italian values.

Input: a ScoreRequest of a 13-tile win (calculator.scoring.japanese) or a loser's shown hand, and
Rules whose `eu_*` options hold the tables (each value with its source in the presets).
Output: a HandValue: basic points itemised per set and pair with its tiles, the winner's items,
doubles itemised, the total (basic points x 2^doubles, rounded to ten, capped at the limit), and
for a win the payments: every loser pays the winner's total, East paying and receiving double
(FAMILIES.md §2, Four Winds rules05/rules06). Losers score their sets (pairs do not count for a
loser), flowers and seasons and the doubles of their sets; a long hand scores nothing, a short
hand its completed sets (SEED-EU §4.3); a failed French declarer only his flowers and seasons
(SEED-EU §4.2.1).
"""
from __future__ import annotations

from typing import NamedTuple

from calculator.core.hand import SEATS, Hand
from calculator.core.tiles import DRAGONS, EAST, KIND, WHITE, WIND_KIND, is_orphan, number, suit
from calculator.scoring.profile import scoring_profile
from calculator.scoring.sets import (CHOW, KONG, PAIR_TEXT, PUNG_TEXT, HandSet, HandSets, category, hand_sets, is_pung,
                                     kept_bonus, meld_sets, won_readings)

PAID_CACHE = 1 << 12


class PointItem(NamedTuple):
    id: str
    points: int
    tiles: str = ""
    count: int = 1


class DoubleItem(NamedTuple):
    id: str
    doubles: int
    tiles: str = ""


class HandValue(NamedTuple):
    basic_points: int
    items: tuple[PointItem, ...]
    doubles: int
    double_items: tuple[DoubleItem, ...]
    points: int                 # basic x 2^doubles, rounded and capped
    limit: str | None           # "limit" when capped
    notes: tuple[str, ...] = ()


class Payment(NamedTuple):
    from_seat: str
    amount: int


class EuropeanResult(NamedTuple):
    is_win: bool
    reasons: tuple[str, ...] = ()
    value: HandValue | None = None
    payments: tuple[Payment, ...] = ()
    deltas: dict | None = None


def rounded(raw: int, rules) -> tuple[int, str | None]:
    """Round to the nearest multiple of eu_rounding (half up), then cap at eu_limit.

    >>> from calculator.rules import preset_rules
    >>> r = preset_rules("european_classical")
    >>> rounded(136, r), rounded(124, r), rounded(2000, r)
    ((140, None), (120, None), (500, 'limit'))
    """
    step = rules.eu_rounding
    total = (raw + step // 2) // step * step
    if rules.eu_limit and total > rules.eu_limit:
        return rules.eu_limit, "limit"
    return total, None


def set_points(s: HandSet, rules) -> PointItem | None:
    """Basic points of one pung or kong (rules05's table); a chow scores nothing."""
    if s.shape == CHOW:
        return None
    cat = category(s.base)
    pung = {"simples": rules.eu_pung_simples, "terminals": rules.eu_pung_terminals, "winds": rules.eu_pung_winds,
            "dragons": rules.eu_pung_dragons}[cat]
    value = pung * (rules.eu_concealed_factor if s.concealed else 1) * (rules.eu_kong_factor if s.shape == KONG else 1)
    name = f"{'concealed' if s.concealed else 'melded'}_{s.shape}_{cat}"
    return PointItem(name, value, s.tiles) if value else None


def set_doubles(s: HandSet, seat_wind: str, round_wind: str, rules) -> list[DoubleItem]:
    """Doubles a pung or kong earns in any player's hand: dragons, own wind, wind of the round."""
    if not is_pung(s):
        return []
    out = []
    for cond, name, value in ((s.base in DRAGONS, "dragon_pung", rules.eu_double_dragon_pung),
                              (s.base == WIND_KIND[seat_wind], "seat_wind_pung", rules.eu_double_seat_wind_pung),
                              (s.base == WIND_KIND[round_wind], "round_wind_pung", rules.eu_double_round_wind_pung)):
        if cond and value:
            out.append(DoubleItem(name, value, s.tiles))
    return out


def bonus_points(flowers, seasons, rules) -> list[PointItem]:
    out = []
    for name, held in (("flowers", flowers), ("seasons", seasons)):
        if held and rules.eu_bonus_tile:
            out.append(PointItem(name, rules.eu_bonus_tile * len(held), "", len(held)))
    return out


def _value(items, doubles, rules, notes=()) -> HandValue:
    basic = sum(i.points for i in items)
    n = sum(d.doubles for d in doubles)
    points, limit = rounded(basic * 2 ** n, rules)
    return HandValue(basic, tuple(items), n, tuple(doubles), points, limit, tuple(notes))


def pattern_doubles(hs: HandSets, req) -> list[DoubleItem]:
    """The winner's whole-hand doubles (the sets read in one pass)."""
    rules, sit = req.rules, req.situation
    out: list[DoubleItem] = []

    def add(name: str, value: int) -> None:
        if value:
            out.append(DoubleItem(name, value))

    pungs = dragons = orphans = suits = 0
    pair = hs.pair
    honours = pair >= EAST
    if not honours:
        suits |= 1 << (pair // 9)
    numbered = []
    for st in hs.sets:
        b = st.base
        if b >= EAST:
            honours = True
        else:
            suits |= 1 << (b // 9)
        if st.shape != CHOW:
            pungs += 1
            if b >= WHITE:
                dragons += 1
            if is_orphan(b):
                orphans += 1
            if b < EAST:
                numbered.append((number(b), suit(b)))
    if dragons == 2 and pair >= WHITE:
        add("little_three_dragons", rules.eu_double_little_three_dragons)
    if pungs == len(hs.sets):
        add("all_pungs", rules.eu_double_all_pungs)
    one_suit = suits and suits & (suits - 1) == 0
    if one_suit and honours:
        add("one_suit_honours", rules.eu_double_one_suit_honours)
    elif one_suit:
        add("one_suit", rules.eu_double_one_suit)
    if orphans >= 4 and rules.eu_double_four_orphan_pungs:
        add("four_orphan_pungs", rules.eu_double_four_orphan_pungs)
    elif orphans >= 3:
        add("three_orphan_pungs", rules.eu_double_three_orphan_pungs)
    if len(numbered) >= 3 and any(len({su for n, su in numbered if n == k}) == 3 for k, _ in numbered):
        add("three_same_number", rules.eu_double_three_same_number)
    if sit.riichi != "none" and rules.ready_mode in ("voluntary_french", "voluntary_italian") \
            and rules.ready_bonus_doubles:
        out.append(DoubleItem("ready_declaration", rules.ready_bonus_doubles))
    return out


def winner_value(hs: HandSets, req) -> HandValue:
    rules, sit = req.rules, req.situation
    items = [PointItem("winning", rules.eu_winning)] if rules.eu_winning else []
    doubles: list[DoubleItem] = []
    for s in hs.sets:
        p = set_points(s, rules)
        if p:
            items.append(p)
        doubles += set_doubles(s, sit.seat_wind, sit.round_wind, rules)
    pair = PAIR_TEXT[hs.pair]
    for cond, name, value in ((hs.pair == WIND_KIND[sit.seat_wind], "pair_seat_wind", rules.eu_pair_seat_wind),
                              (hs.pair == WIND_KIND[sit.round_wind], "pair_round_wind", rules.eu_pair_round_wind),
                              (hs.pair in DRAGONS, "pair_dragons", rules.eu_pair_dragons)):
        if cond and value:
            items.append(PointItem(name, value, pair))
    for cond, name, value in ((sit.win_by == "tsumo", "self_drawn", rules.eu_self_drawn),
                              (hs.win_wait in ("kanchan", "penchan"), "one_chance", rules.eu_one_chance),
                              (hs.win_on_pair, "out_on_pair", rules.eu_out_on_pair),
                              (all(not s.concealed for s in hs.sets), "fully_exposed", rules.eu_fully_exposed)):
        if cond and value:
            items.append(PointItem(name, value))
    items += bonus_points(*kept_bonus(req), rules)
    return _value(items, doubles + pattern_doubles(hs, req), rules)


def payments_for(points: int, winner: str) -> tuple[Payment, ...]:
    """Every loser pays the winner's total; East pays and receives double (rules06; the discarder pays the
    same as the other losers, 4winexm05)."""
    return tuple(Payment(s, points * (2 if "east" in (s, winner) else 1)) for s in SEATS if s != winner)


def score_european(req) -> EuropeanResult:
    """The value of a European win: the best-scoring arrangement of the concealed tiles (rules05)."""
    sit, hand, win = req.situation, req.hand, KIND[req.win_tile]
    best = None
    melded = meld_sets(hand)
    for wr in won_readings(req):
        v = winner_value(hand_sets(hand, wr, win, sit.win_by, melded), req)
        if best is None or (v.points, v.basic_points) > (best.points, best.basic_points):
            best = v
    if best is None:
        # seven pairs and thirteen orphans are in no table the European presets cite (docs/families.md#special)
        special = not hand.melds and req.rules.hand_size == 13 and won_readings(req, special=True)
        return EuropeanResult(False, ("special_hand_not_in_table" if special else "not_complete",))
    pays, deltas = _paid(req.rules, best.points, sit.seat_wind)
    return EuropeanResult(True, (), best, pays, dict(deltas))


def _paid(rules, points: int, winner: str):
    """(payments, deltas) of a win of `points`, remembered per rules (in the rules' scoring profile,
    calculator.scoring.profile, under keys of their own)."""
    cache = scoring_profile(rules).payments
    key = ("european", points, winner)
    found = cache.get(key)
    if found is None:
        pays = payments_for(points, winner)
        deltas = {s: -next((p.amount for p in pays if p.from_seat == s), 0) for s in SEATS}
        deltas[winner] = sum(p.amount for p in pays)
        if len(cache) >= PAID_CACHE:
            cache.clear()
        found = cache[key] = (pays, deltas)
    return found


def loser_value(hand: Hand, seat: str, round_wind: str, flowers, seasons, declared: bool, rules) -> HandValue:
    """A loser's hand (rules05: all players are scored): its melds and the concealed pungs it shows, flowers
    and seasons, and the doubles of its sets. No pair points, no winner's items."""
    bonus = bonus_points(flowers, seasons, rules)
    expected = rules.hand_size - 3 * len(hand.melds)
    if len(hand.concealed) > expected:
        return _value([], [], rules, ("long_hand",))       # SEED-EU §4.3: scoreless
    if declared and rules.ready_mode == "voluntary_french" and rules.ready_french_failed_scores_bonus_tiles_only:
        return _value(bonus, [], rules, ("failed_declaration",))   # SEED-EU §4.2.1
    counts = hand.counts()
    sets = meld_sets(hand) + [HandSet("pung", k, True, PUNG_TEXT[k]) for k in range(34) if counts[k] >= 3]
    items, doubles = [], []
    for s in sets:
        p = set_points(s, rules)
        if p:
            items.append(p)
        doubles += set_doubles(s, seat, round_wind, rules)
    notes = ("short_hand",) if len(hand.concealed) < expected else ()
    return _value(items + bonus, doubles, rules, notes)


def loser_settlement(points: dict[str, int], winner: str) -> list[tuple[str, str, int]]:
    """(payer, receiver, amount) among the losers: each pair settles the difference of their totals, East
    paying and receiving double (rules06).

    >>> loser_settlement({"east": 0, "south": 40, "west": 20}, "north")
    [('east', 'south', 80), ('east', 'west', 40), ('west', 'south', 20)]
    """
    losers = [s for s in SEATS if s != winner and s in points]
    out = []
    for i, a in enumerate(losers):
        for b in losers[i + 1:]:
            diff = (points[a] - points[b]) * (2 if "east" in (a, b) else 1)
            if diff > 0:
                out.append((b, a, diff))
            elif diff < 0:
                out.append((a, b, -diff))
    return out
