"""Taiwanese tai scoring: every pattern of the international tai table, added up (FAMILIES.md §4).

Input: a ScoreRequest of a 16-tile hand (calculator.scoring.japanese), with its flowers and seasons,
and Rules whose `tw_tai_*` options hold the table (each value with its source in the presets).
Output: a TaiResult: the hand's tai, one item per pattern with its count, the dealer and
continued-deal bonuses as their own items (who pays them), and the payments from the stake options
(base + per tai, RULES.md §22.1): every loser on a self-draw, the discarder alone on a discard.
Every reading of the hand is tried and the one with most tai kept.
"""
from __future__ import annotations

from typing import NamedTuple

from calculator.core.hand import SEATS
from calculator.core.tiles import DRAGONS, EAST, KIND, NORTH, is_honour
from calculator.scoring.sets import (CHOW, KONG, HandSets, hand_sets, is_pung, kept_bonus, meld_sets, only_wait,
                                     suits_of, won_readings)

BONUS_TILES = 8


class TaiItem(NamedTuple):
    id: str
    tai: int        # tai of this item (value x count)
    count: int


class Share(NamedTuple):
    payer: str
    reason: str     # hand | dealer_bonus | continuation_bonus
    amount: int


class TaiResult(NamedTuple):
    is_win: bool
    reasons: tuple[str, ...] = ()
    tai: int | None = None                  # the hand's tai (patterns only; bonuses are in bonus_items)
    items: tuple[TaiItem, ...] = ()
    bonus_items: tuple[tuple[str, int, tuple[str, ...]], ...] = ()   # (id, tai, payers)
    limit: str | None = None
    points: int | None = None               # everything the winner receives
    payments: tuple[Share, ...] = ()
    deltas: dict | None = None


def _add(items: list, name: str, value: int, count: int = 1) -> None:
    if count and value:
        items.append(TaiItem(name, value * count, count))


def pattern_items(hs: HandSets, req, lone_wait) -> list[TaiItem]:
    """The table's patterns in one reading (RULES.md §22, FAMILIES.md §4); `lone_wait()` says whether the hand
    waited on one tile kind only."""
    rules, sit = req.rules, req.situation
    items: list[TaiItem] = []
    sets = hs.sets
    pungs = [s for s in sets if is_pung(s)]
    dragon_pungs = sum(s.base in DRAGONS for s in pungs)
    wind_pungs = sum(EAST <= s.base <= NORTH for s in pungs)
    bonus = sum(map(len, kept_bonus(req)))
    if rules.bonus_tiles:
        _add(items, "flower", rules.tw_tai_flower, bonus)
        if not bonus:
            _add(items, "no_flowers", rules.tw_tai_no_flowers)
    _add(items, "honour_pung", rules.tw_tai_honour_pung, sum(is_honour(s.base) for s in pungs))
    _add(items, "melded_kong", rules.tw_tai_melded_kong, sum(s.shape == KONG and not s.concealed for s in sets))
    _add(items, "concealed_kong", rules.tw_tai_concealed_kong, sum(s.shape == KONG and s.concealed for s in sets))
    chow_starts = {s.base for s in sets if s.shape == CHOW}
    if any({b, b + 3, b + 6} <= chow_starts for b in (0, 9, 18)):
        if sit.win_by == "tsumo":
            _add(items, "pure_straight_self_drawn", rules.tw_tai_pure_straight_self_drawn)
        else:
            _add(items, "pure_straight", rules.tw_tai_pure_straight)
    hidden = min(sum(s.concealed for s in pungs), 5)
    concealed_pungs = {2: ("two_concealed_pungs", rules.tw_tai_two_concealed_pungs),
                       3: ("three_concealed_pungs", rules.tw_tai_three_concealed_pungs),
                       4: ("four_concealed_pungs", rules.tw_tai_four_concealed_pungs),
                       5: ("five_concealed_pungs", rules.tw_tai_five_concealed_pungs)}
    if hidden >= 2:
        _add(items, *concealed_pungs[hidden])
    dragon_pair, wind_pair = hs.pair in DRAGONS, EAST <= hs.pair <= NORTH
    if dragon_pungs == 3:
        _add(items, "big_three_dragons", rules.tw_tai_big_three_dragons)
    elif dragon_pungs == 2 and dragon_pair:
        _add(items, "little_three_dragons", rules.tw_tai_little_three_dragons)
    if wind_pungs == 4:
        _add(items, "big_four_winds", rules.tw_tai_big_four_winds)
    elif wind_pungs == 3 and wind_pair:
        _add(items, "little_four_winds", rules.tw_tai_little_four_winds)
    elif wind_pungs == 3:
        _add(items, "big_three_winds", rules.tw_tai_big_three_winds)
    elif wind_pungs == 2 and wind_pair:
        _add(items, "little_three_winds", rules.tw_tai_little_three_winds)
    exposed = all(not s.concealed for s in sets) and hs.win_on_pair
    if exposed:
        _add(items, "exposed_hand", rules.tw_tai_exposed_hand)   # implies the single wait
    if sit.win_by == "tsumo":
        _add(items, "self_draw", rules.tw_tai_self_draw)
    if req.hand.is_closed:
        _add(items, "concealed_hand", rules.tw_tai_concealed_hand)
    if not exposed and (hs.win_on_pair or hs.win_wait in ("kanchan", "penchan")) and lone_wait():
        if hs.win_on_pair:
            _add(items, "single_wait", rules.tw_tai_single_wait)
        else:
            _add(items, "closed_wait", rules.tw_tai_closed_wait)
    for flag, name, value in ((sit.chankan, "robbing_kong", rules.tw_tai_robbing_kong),
                              (sit.haitei, "last_tile", rules.tw_tai_last_tile),
                              (sit.houtei, "last_discard", rules.tw_tai_last_discard),
                              (sit.rinshan, "kong_replacement", rules.tw_tai_kong_replacement)):
        if flag:
            _add(items, name, value)
    suits, honours = suits_of(hs)
    if not honours:
        _add(items, "no_honours", rules.tw_tai_no_honours)
    if all(s.shape == CHOW for s in sets) and not is_honour(hs.pair) and sit.win_by == "ron" \
            and hs.win_wait == "ryanmen" and not lone_wait():
        _add(items, "all_chows", rules.tw_tai_all_chows)
    if all(is_pung(s) for s in sets):
        _add(items, "all_pungs", rules.tw_tai_all_pungs)
    if not suits:
        _add(items, "all_honours", rules.tw_tai_all_honours)
    elif len(suits) == 1 and honours:
        _add(items, "half_flush", rules.tw_tai_half_flush)
    elif len(suits) == 1:
        _add(items, "full_flush", rules.tw_tai_full_flush)
    return items


def bonus_items(winner: str, win_by: str, discarder: str | None, extra_hands: int, rules):
    """The dealer's and continued-deal bonus items, each with the seats that pay it (SEED-TW §4.2-§4.3):
    an East winner gets it from every loser on a self-draw, from the discarder otherwise; East pays it when
    he deals in, and on a non-dealer's self-draw if the rules say so."""
    losers = [s for s in SEATS if s != winner] if win_by == "tsumo" else [discarder] if discarder else []
    if winner == "east":
        payers = tuple(losers)
    elif "east" in losers and (rules.tw_dealer_pays_bonus_on_nondealer_tsumo if win_by == "tsumo"
                               else rules.tw_dealer_pays_bonus_when_dealing_in):
        payers = ("east",)
    else:
        payers = ()
    out = []
    for name, tai in (("dealer_bonus", rules.tw_dealer_bonus_tai),
                      ("continuation_bonus", rules.tw_continuation_bonus_per_extra_hand * extra_hands)):
        if tai and payers:
            out.append((name, tai, payers))
    return tuple(out)


def tai_shares(tai: int, winner: str, win_by: str, discarder: str | None, extra_hands: int, rules) -> list[Share]:
    """What each payer owes for a win of `tai` (RULES.md §22.1): base + tai per payer for the hand, and the
    bonus tai of bonus_items at the same rate. On a discard only the discarder pays (his own share)."""
    unit = rules.tw_stake_per_tai
    payers = [s for s in SEATS if s != winner] if win_by == "tsumo" else [discarder]
    bonuses = bonus_items(winner, win_by, discarder, extra_hands, rules)
    out = []
    for seat in payers:
        out.append(Share(seat, "hand", rules.tw_stake_base + unit * tai))
        out += [Share(seat, name, unit * b) for name, b, who in bonuses if seat in who]
    return out


def score_taiwanese(req) -> TaiResult:
    """The tai of a won 16-tile hand: the best reading's patterns, the bonuses, the payments."""
    rules, sit, hand = req.rules, req.situation, req.hand
    groups = (rules.hand_size + 1) // 3 - len(hand.melds)
    bonus = sum(map(len, kept_bonus(req)))
    if req.robbed_bonus:
        # seven flowers and seasons, robbing the eighth: a winning hand of its own (the request is checked upstream)
        if not rules.tw_tai_seven_flowers_robbing:
            return TaiResult(False, ("robbed_bonus_not_in_rules",))
        best = [TaiItem("seven_flowers_robbing", rules.tw_tai_seven_flowers_robbing, 1)]
    elif rules.bonus_tiles and bonus == BONUS_TILES and rules.tw_tai_all_flowers:
        # all flowers and seasons: a winning hand of its own, other patterns ignored
        best = [TaiItem("all_flowers", rules.tw_tai_all_flowers, 1)]
    else:
        win = KIND[req.win_tile]
        readings = won_readings(req)
        if not readings:
            return TaiResult(False, ("not_complete",))
        known: list[bool] = []

        def lone() -> bool:   # computed once, and only for a reading whose patterns ask (it finds every wait)
            if not known:
                known.append(only_wait(hand, groups))
            return known[0]

        best = None
        melded = meld_sets(hand)
        for wr in readings:
            items = pattern_items(hand_sets(hand, wr, win, sit.win_by, melded), req, lone)
            if best is None or sum(i.tai for i in items) > sum(i.tai for i in best):
                best = items
    tai = sum(i.tai for i in best)
    limit = None
    if rules.tw_tai_limit and tai > rules.tw_tai_limit:
        tai, limit = rules.tw_tai_limit, "limit"
    extra = req.honba
    shares = tai_shares(tai, sit.seat_wind, sit.win_by, req.discarder, extra, rules)
    known = sit.win_by == "tsumo" or req.discarder is not None
    points = sum(s.amount for s in shares) if known else rules.tw_stake_base + rules.tw_stake_per_tai * tai
    deltas = None
    if known:
        deltas = dict.fromkeys(SEATS, 0)
        for s in shares:
            deltas[s.payer] -= s.amount
            deltas[sit.seat_wind] += s.amount
    return TaiResult(True, (), tai, tuple(best), bonus_items(sit.seat_wind, sit.win_by, req.discarder, extra, rules),
                     limit, points, tuple(shares) if known else (), deltas)
