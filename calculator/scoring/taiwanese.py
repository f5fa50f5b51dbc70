"""Taiwanese tai scoring: every pattern of the international tai table, added up (FAMILIES.md §4).

Input: a ScoreRequest of a 16-tile hand (calculator.scoring.japanese), with its flowers and seasons,
and Rules whose `tw_tai_*` options hold the table (each value with its source in the presets).
Output: a TaiResult: the hand's tai, one item per pattern with its count, the dealer and
continued-deal bonuses as their own items (who pays them), and the payments from the stake options
(base + per tai, RULES.md §22.1): every loser on a self-draw, the discarder alone on a discard.
Every reading of the hand is tried and the one with most tai kept.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from calculator.core.hand import SEATS
from calculator.core.tiles import EAST, KIND, NORTH, WHITE
from calculator.scoring.profile import scoring_profile
from calculator.scoring.sets import CHOW, KONG, kept_bonus, meld_set, only_wait, won_placements

BONUS_TILES = 8
PAID_CACHE = 1 << 12
MELDS_CACHE = 1 << 12


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


STRAIGHT = 0b1001001   # chows starting at 1, 4 and 7 of a suit, as a bit mask of chow starts


class Tally(NamedTuple):
    """What the patterns read of a hand's sets, counted in one pass (the melds once, then each reading)."""
    chows: int
    chow_mask: int          # bit k: a chow starting at kind k
    suits: int              # bit s: a set of suit s
    dragon_pungs: int
    wind_pungs: int
    melded_kongs: int
    concealed_kongs: int
    hidden: int             # concealed pungs and kongs
    all_melded: bool        # no concealed set


def add_set(t: Tally, shape: str, base: int, concealed: bool) -> Tally:
    chows, chow_mask, suits, dragons, winds, melded_kongs, concealed_kongs, hidden, all_melded = t
    if concealed:
        all_melded = False
    if shape == CHOW:
        return Tally(chows + 1, chow_mask | 1 << base, suits | 1 << (base // 9), dragons, winds, melded_kongs,
                     concealed_kongs, hidden, all_melded)
    if concealed:
        hidden += 1
    if shape == KONG:
        if concealed:
            concealed_kongs += 1
        else:
            melded_kongs += 1
    dragons, winds, suits = _with_triplet(base, dragons, winds, suits)
    return Tally(chows, chow_mask, suits, dragons, winds, melded_kongs, concealed_kongs, hidden, all_melded)


def _with_triplet(base: int, dragons: int, winds: int, suits: int) -> tuple[int, int, int]:
    """The dragon and wind counts and the suit mask with one more pung or kong of kind `base`."""
    if base >= WHITE:
        return dragons + 1, winds, suits
    if base >= EAST:
        return dragons, winds + 1, suits
    return dragons, winds, suits | 1 << (base // 9)


@lru_cache(maxsize=MELDS_CACHE)
def meld_tally(melds) -> Tally:
    """The tally of a hand's melds (cached on the melds: the same ones come back request after request)."""
    t = Tally(0, 0, 0, 0, 0, 0, 0, 0, True)
    for m in map(meld_set, melds):
        t = add_set(t, m.shape, m.base, m.concealed)
    return t


def reading_tally(melds: Tally, p, ron: bool) -> Tally:
    """The melds' tally with one placement's concealed groups (calculator.readings.decompose.Placement: a pung
    completed by a discard counts as melded)."""
    chows, chow_mask, suits, dragons, winds, melded_kongs, concealed_kongs, hidden, all_melded = melds
    seqs, trips = p.seq_kinds, p.trip_kinds
    if seqs:
        chows += len(seqs)
        all_melded = False
        for first in seqs:
            chow_mask |= 1 << first
            suits |= 1 << (first // 9)
    claimed = ron and p.wait == "shanpon"     # the winning pung, claimed from the discarder
    if len(trips) > claimed:
        hidden += len(trips) - claimed
        all_melded = False
    for first in trips:
        dragons, winds, suits = _with_triplet(first, dragons, winds, suits)
    return Tally(chows, chow_mask, suits, dragons, winds, melded_kongs, concealed_kongs, hidden, all_melded)


def pattern_items(t: Tally, sets: int, pair: int, win_on_pair: bool, win_wait: str, req, lone_wait,
                  bonus: int) -> list[TaiItem]:
    """The table's patterns in one reading (RULES.md §22, FAMILIES.md §4): `t` its sets' tally (`sets` of them),
    `pair` the pair's kind, `win_on_pair` and `win_wait` how the winning tile completed it; `lone_wait()` says
    whether the hand waited on one tile kind only, `bonus` is the flowers and seasons that score."""
    rules, sit = req.rules, req.situation
    found: list[tuple[str, int, int]] = []   # (item, value, count); those with a value and a count are kept
    put = found.append

    chows, chow_mask, suits, dragon_pungs, wind_pungs, melded_kongs, concealed_kongs, hidden, all_melded = t
    honours = dragon_pungs or wind_pungs or pair >= EAST
    if pair < EAST:
        suits |= 1 << (pair // 9)
    if rules.bonus_tiles:
        put(("flower", rules.tw_tai_flower, bonus))
        if not bonus:
            put(("no_flowers", rules.tw_tai_no_flowers, 1))
    put(("honour_pung", rules.tw_tai_honour_pung, dragon_pungs + wind_pungs))
    put(("melded_kong", rules.tw_tai_melded_kong, melded_kongs))
    put(("concealed_kong", rules.tw_tai_concealed_kong, concealed_kongs))
    if chows >= 3 and (chow_mask & STRAIGHT == STRAIGHT or (chow_mask >> 9) & STRAIGHT == STRAIGHT
                       or (chow_mask >> 18) & STRAIGHT == STRAIGHT):
        if sit.win_by == "tsumo":
            put(("pure_straight_self_drawn", rules.tw_tai_pure_straight_self_drawn, 1))
        else:
            put(("pure_straight", rules.tw_tai_pure_straight, 1))
    if hidden >= 2:
        put((*{2: ("two_concealed_pungs", rules.tw_tai_two_concealed_pungs),
               3: ("three_concealed_pungs", rules.tw_tai_three_concealed_pungs),
               4: ("four_concealed_pungs", rules.tw_tai_four_concealed_pungs),
               5: ("five_concealed_pungs", rules.tw_tai_five_concealed_pungs)}[min(hidden, 5)], 1))
    dragon_pair, wind_pair = pair >= WHITE, EAST <= pair <= NORTH
    if dragon_pungs == 3:
        put(("big_three_dragons", rules.tw_tai_big_three_dragons, 1))
    elif dragon_pungs == 2 and dragon_pair:
        put(("little_three_dragons", rules.tw_tai_little_three_dragons, 1))
    if wind_pungs == 4:
        put(("big_four_winds", rules.tw_tai_big_four_winds, 1))
    elif wind_pungs == 3 and wind_pair:
        put(("little_four_winds", rules.tw_tai_little_four_winds, 1))
    elif wind_pungs == 3:
        put(("big_three_winds", rules.tw_tai_big_three_winds, 1))
    elif wind_pungs == 2 and wind_pair:
        put(("little_three_winds", rules.tw_tai_little_three_winds, 1))
    exposed = all_melded and win_on_pair
    if exposed:
        put(("exposed_hand", rules.tw_tai_exposed_hand, 1))   # implies the single wait
    tsumo = sit.win_by == "tsumo"
    if tsumo:
        put(("self_draw", rules.tw_tai_self_draw, 1))
    if req.hand.is_closed:
        put(("concealed_hand", rules.tw_tai_concealed_hand, 1))
    # the lone wait is asked last, and only where its item has a value (it looks the waits up)
    if not exposed and (rules.tw_tai_single_wait if win_on_pair else
                        win_wait in ("kanchan", "penchan") and rules.tw_tai_closed_wait) and lone_wait():
        if win_on_pair:
            put(("single_wait", rules.tw_tai_single_wait, 1))
        else:
            put(("closed_wait", rules.tw_tai_closed_wait, 1))
    if sit.chankan:
        put(("robbing_kong", rules.tw_tai_robbing_kong, 1))
    if sit.haitei:
        put(("last_tile", rules.tw_tai_last_tile, 1))
    if sit.houtei:
        put(("last_discard", rules.tw_tai_last_discard, 1))
    if sit.rinshan:
        put(("kong_replacement", rules.tw_tai_kong_replacement, 1))
    if not honours:
        put(("no_honours", rules.tw_tai_no_honours, 1))
    if (chows == sets and pair < EAST and not tsumo and win_wait == "ryanmen" and rules.tw_tai_all_chows
            and not lone_wait()):
        put(("all_chows", rules.tw_tai_all_chows, 1))
    if not chows:
        put(("all_pungs", rules.tw_tai_all_pungs, 1))
    if not suits:
        put(("all_honours", rules.tw_tai_all_honours, 1))
    elif suits & (suits - 1) == 0 and honours:
        put(("half_flush", rules.tw_tai_half_flush, 1))
    elif suits & (suits - 1) == 0:
        put(("full_flush", rules.tw_tai_full_flush, 1))
    return [TaiItem(name, value * count, count) for name, value, count in found if value and count]


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


def tai_shares(tai: int, winner: str, win_by: str, discarder: str | None, extra_hands: int, rules,
               bonuses=None) -> list[Share]:
    """What each payer owes for a win of `tai` (RULES.md §22.1): base + tai per payer for the hand, and the
    bonus tai of bonus_items (`bonuses`, when the caller has them) at the same rate. On a discard only the
    discarder pays (his own share)."""
    unit = rules.tw_stake_per_tai
    payers = [s for s in SEATS if s != winner] if win_by == "tsumo" else [discarder]
    if bonuses is None:
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
        counts = hand.counts()
        readings = won_placements(req, counts=counts)
        if not readings:
            return TaiResult(False, ("not_complete",))
        known: list[bool] = []

        def lone() -> bool:   # computed once, and only for a reading whose patterns ask (it finds every wait)
            if not known:
                known.append(only_wait(hand, counts, KIND[req.win_tile]))
            return known[0]

        best, most = None, -1
        melds = meld_tally(hand.melds)
        ron = sit.win_by == "ron"
        sets = len(hand.melds) + groups
        for p in readings:
            items = pattern_items(reading_tally(melds, p, ron), sets, p.pair, p.win_group == -1, p.wait, req, lone,
                                  bonus)
            total = sum(i.tai for i in items)
            if total > most:
                best, most = items, total
    tai = sum(i.tai for i in best)
    limit = None
    if rules.tw_tai_limit and tai > rules.tw_tai_limit:
        tai, limit = rules.tw_tai_limit, "limit"
    bonuses, shares, points, deltas = _paid(rules, tai, sit.seat_wind, sit.win_by, req.discarder, req.honba)
    return TaiResult(True, (), tai, tuple(best), bonuses, limit, points, shares, deltas and dict(deltas))


def _paid(rules, tai: int, winner: str, win_by: str, discarder: str | None, extra: int):
    """(bonus items, shares, points, deltas) of a win of `tai`, remembered per rules (in the rules' scoring
    profile, calculator.scoring.profile, under keys of their own: a few hundred occur in real play)."""
    cache = scoring_profile(rules).payments
    key = ("tai", tai, winner, win_by, discarder, extra)
    found = cache.get(key)
    if found is None:
        bonuses = bonus_items(winner, win_by, discarder, extra, rules)
        shares = tai_shares(tai, winner, win_by, discarder, extra, rules, bonuses)
        known = win_by == "tsumo" or discarder is not None
        points = sum(s.amount for s in shares) if known else rules.tw_stake_base + rules.tw_stake_per_tai * tai
        deltas = None
        if known:
            deltas = dict.fromkeys(SEATS, 0)
            for s in shares:
                deltas[s.payer] -= s.amount
                deltas[winner] += s.amount
        if len(cache) >= PAID_CACHE:
            cache.clear()
        found = cache[key] = (bonuses, tuple(shares) if known else (), points, deltas)
    return found
