"""Win facts: one reading of a winning hand plus its situation, with the counts yaku and fu need.

Input: a Hand (concealed tiles without the winning tile, melds), the winning tile, a
Situation (ron/tsumo, winds, riichi and the other flags of a /v1/score request) and one
Placement of the concealed part (calculator.readings.decompose.placements). Output: SituationFacts
(what the situation alone decides, remembered per combination of its values), HandFacts (what every
reading shares, computed once per request) and WinFacts (one reading: its chows and pungs, melds
included, which pungs count as concealed, and the yaku short-list key), so each yaku predicate and the
fu count read precomputed fields (RULES.md §6.1: a pung completed by ron is open). HandFacts and
WinFacts are immutable named tuples; the remembered records are slotted frozen dataclasses.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from calculator.readings.decompose import HONOUR_TRIPLE, TRIPLET, Placement
from calculator.core.hand import Hand
from calculator.core.tiles import DRAGONS, GREEN, GREEN_KINDS, KIND, NORTH, NUM_KINDS, RED, WHITE, WIND_KIND, kind



def _bits(kinds) -> int:
    """The mask of some kinds in a KINDS_HELD number (calculator.readings.decompose.Placement.kinds: bit k set when
    kind k is held, bit HONOUR_TRIPLE + i when honour 27 + i is held three times or more)."""
    return sum(1 << k for k in kinds)


SUIT_BITS = tuple(_bits(range(9 * i, 9 * i + 9)) for i in range(3))   # the KINDS_HELD bits of each suit
_DRAGONS = _bits(DRAGONS)
UNIT = tuple(1 << 8 * kind(code) for code in range(NUM_KINDS + 3))   # [code] -> one copy of its kind (byte k: kind k)


@dataclass(frozen=True)
class Situation:
    win_by: str                # ron | tsumo
    seat_wind: str             # east | south | west | north (the winner's seat)
    round_wind: str
    riichi: str = "none"       # none | riichi | double_riichi
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    open_riichi: bool = False      # the declarer showed his hand (open riichi)
    discarder_riichi: bool = False  # ron only: the discarder is in riichi himself
    dealer_wins: int = 0           # the dealer's wins in a row before this one (paarenchan)
    kita: int = 0              # norths the winner set aside this deal (three players; not in the hand)

    @property
    def tsumo(self) -> bool:
        return self.win_by == "tsumo"

    @property
    def dealer(self) -> bool:
        return self.seat_wind == "east"


_new = tuple.__new__   # _new(NamedTupleClass, fields): skips the generated __new__'s Python frame (hot path)


@dataclass(frozen=True, slots=True)
class MeldFacts:
    """A declared meld as scoring reads it (built once per meld, remembered; slots: a quick attribute read)."""
    shape: str        # sequence | triplet (a kan is a triplet with kan=True)
    base: int         # lowest kind
    concealed: bool   # a closed kan
    kan: bool
    tiles: int        # its tiles as a number of UNITs (byte k = copies of kind k)
    reds: int         # red fives among them
    kinds: int        # its kinds as KINDS_HELD bits (see _bits)


# the hand's part of the yaku shortlist key (calculator.scoring.yaku.find_yaku), one bit each: its shape, a pung of
# each value honour (three or more copies of an honour are its pung in every regular reading), the situation flags
FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "chankan", "rinshan", "haitei", "houtei", "open_riichi")
KEY_BITS = {name: 1 << i for i, name in enumerate(
    ("closed", "honour", "all_simple", "one_suit", "all_orphan",
     "white_pung", "green_pung", "red_pung", "seat_pung", "round_pung",
     "full_suit",          # some suit holds all nine numbers (a straight's necessary condition)
     "three_suit_run",     # three consecutive numbers held in all three suits (the same chow in each suit's)
     "three_suit_number",  # a number held in all three suits (the same pung in each suit's)
     "no_middle")          # no 4, 5 or 6 of a suit: every chow is 123 or 789 (a terminal in every group's)
    + FLAGS)}
HAND_KEY_BITS = len(KEY_BITS)
# the reading's part, above: chows (3 bits, counted in SEQS_UNIT), pungs (3 bits, TRIPS_UNIT), then one bit each
SEQS_UNIT, TRIPS_UNIT = 1 << HAND_KEY_BITS, 8 << HAND_KEY_BITS
READING_BITS = {name: 64 << HAND_KEY_BITS + i for i, name in enumerate((
    "chiitoitsu", "ryanmen", "orphan_pair",
    "plain_pair",       # a pair worth no fu (no dragon, seat or round wind)
    "twin_chows",       # two identical chows
    "two_twin_chows"))}  # two pairs of identical chows
_CHIITOITSU, _RYANMEN, _ORPHAN_PAIR, _PLAIN_PAIR, _TWIN, _TWO_TWINS = READING_BITS.values()
_TWINS = (0, _TWIN, _TWIN | _TWO_TWINS)   # [pairs of identical chows] -> their bits
_ORPHAN_PAIR_OF = tuple(_ORPHAN_PAIR if k >= 27 or k % 9 in (0, 8) else 0 for k in range(NUM_KINDS))   # [pair kind]
_CLOSED, _HAS_HONOUR, _ALL_SIMPLE, _ONE_SUIT, _ALL_ORPHAN = (KEY_BITS[n] for n in (
    "closed", "honour", "all_simple", "one_suit", "all_orphan"))
_WHITE_PUNG, _GREEN_PUNG, _RED_PUNG, _SEAT_PUNG, _ROUND_PUNG = (KEY_BITS[n] for n in (
    "white_pung", "green_pung", "red_pung", "seat_pung", "round_pung"))
_FULL_SUIT, _THREE_SUIT_RUN, _THREE_SUIT_NUMBER, _NO_MIDDLE = (KEY_BITS[n] for n in (
    "full_suit", "three_suit_run", "three_suit_number", "no_middle"))


# The kinds-held facts as tables, not caches (every entry built at import): each block of KINDS_HELD bits (a suit's
# nine numbers, the seven honours) -> its _F bits; the _F bits of a hand (their union) -> what hand_facts reads
_F_M, _F_P, _F_S, _F_HONOUR, _F_TERMINAL, _F_SIMPLE, _F_MIDDLE, _F_FULL, _F_NOT_GREEN, _F_DRAGONS, _F_WINDS = (
    1 << i for i in range(11))


def _suit_f(suit: int, numbers: int) -> int:
    """The _F bits of a suit's numbers held (bit n: number n + 1)."""
    held = [9 * suit + n for n in range(9) if numbers >> n & 1]
    return ((bool(held) << suit) | any(k % 9 in (0, 8) for k in held) * _F_TERMINAL
            | any(k % 9 not in (0, 8) for k in held) * _F_SIMPLE | any(k % 9 in (3, 4, 5) for k in held) * _F_MIDDLE
            | (numbers == 511) * _F_FULL | any(k not in GREEN_KINDS for k in held) * _F_NOT_GREEN)


def _honour_f(honours: int) -> int:
    """The _F bits of the honours held (bit i: kind 27 + i)."""
    held = {27 + i for i in range(7) if honours >> i & 1}
    return (bool(held) * _F_HONOUR | any(k not in GREEN_KINDS for k in held) * _F_NOT_GREEN
            | held.issuperset(DRAGONS) * _F_DRAGONS | held.issuperset(range(27, 31)) * _F_WINDS)


def _facts_of(f: int) -> tuple:
    """(all_simple, all_orphan, all_terminal, all_honour, has_honour, suits, all_green, a yakuman hint, one suit
    without honours, the KEY_BITS these decide) of a hand's _F bits."""
    has_honour, suits = bool(f & _F_HONOUR), (f & _F_M != 0) + (f & _F_P != 0) + (f & _F_S != 0)
    all_simple, all_orphan = not f & (_F_TERMINAL | _F_HONOUR), not f & _F_SIMPLE
    all_green = not f & _F_NOT_GREEN
    key = (has_honour * _HAS_HONOUR | all_simple * _ALL_SIMPLE | (suits == 1) * _ONE_SUIT | all_orphan * _ALL_ORPHAN
           | (not f & _F_MIDDLE) * _NO_MIDDLE | (f & _F_FULL != 0) * _FULL_SUIT)
    return (all_simple, all_orphan, not f & (_F_SIMPLE | _F_HONOUR), not f & (_F_M | _F_P | _F_S), has_honour, suits,
            all_green, bool(all_orphan or all_green or f & (_F_DRAGONS | _F_WINDS)), suits == 1 and not has_honour,
            key)


_M_FACTS, _P_FACTS, _S_FACTS = (tuple(_suit_f(suit, n) for n in range(512)) for suit in range(3))
_HONOUR_FACTS = tuple(_honour_f(h) for h in range(128))
_FACTS_OF = tuple(_facts_of(f) for f in range(1 << 11))


@dataclass(frozen=True, slots=True)
class SituationFacts:
    """What a situation alone decides (one per combination of a Situation's values, computed once; slots: a quick
    attribute read)."""
    tsumo: bool
    seat_kind: int
    round_kind: int
    riichi: bool      # riichi or double riichi
    flag_bits: int    # FLAGS that hold, as their KEY_BITS
    hint: bool        # a yakuman the situation alone may decide (first-turn wins, open riichi, paarenchan)
    pung_keys: tuple  # [honours held three times, as bits (bit i: kind 27 + i)] -> their pungs' KEY_BITS (value
                      # honours: the dragons, the seat and round wind; north only when it is a value wind)
    value_kinds: int  # the kinds a pair of is worth fu, as bits (dragons, seat and round wind)


class HandFacts(NamedTuple):
    """What every reading of one request shares."""
    sit: Situation
    tsumo: bool
    win: int                     # winning tile kind
    closed: bool                 # no called melds (closed kans allowed)
    melds: tuple                 # the declared melds as MeldFacts
    kinds: int                   # the kinds held, melds included, as KINDS_HELD bits (see _bits)
    all_counts: bytes            # counts per kind, melds included
    concealed_counts: bytes      # counts per kind of the concealed tiles with the winning tile
    seat_kind: int
    round_kind: int
    all_simple: bool
    all_orphan: bool
    all_terminal: bool
    all_honour: bool
    has_honour: bool
    suits: int                   # number of suits (m, p, s) present
    all_green: bool
    yakuman_hint: bool           # some yakuman that does not depend on the reading's groups is possible
    meld_seqs: tuple             # lowest kinds of the called chows
    meld_trips: tuple            # kinds of the melded pungs and kongs
    meld_concealed: int          # closed kongs among them
    kans: int                    # kongs among the melds
    meld_reds: int               # red fives among the melds
    yaku_key: int                # the hand's part of calculator.yaku's shortlist key (KEY_BITS)
    context: tuple               # what win_facts reads, in one plain tuple: (yaku_key, value kinds as bits, the
                                 # winning kind when won by ron else -1, meld_concealed, meld_trips, meld_seqs)


class WinFacts(NamedTuple):
    """One reading with its groups; `h` holds the shared facts."""
    h: HandFacts
    form: str                    # regular | chiitoitsu | kokushi
    wait: str
    pair: int                    # the pair's kind (-1 for seven pairs)
    sequences: tuple             # lowest kinds of the chows, melds included, sorted
    triplets: tuple              # kinds of the pungs and kongs, melds included (the concealed part's first)
    concealed_triplets: int      # pungs not called nor completed by ron, closed kongs included
    hand_triplets: tuple         # kinds of the concealed part's pungs, sorted
    open_triplet: int            # the concealed part's pung a ron tile completed, which counts as open (-1: none)
    yaku_key: int                # calculator.scoring.yaku's shortlist key: the hand's (KEY_BITS) and the reading's


_MELD_FACTS: dict[tuple, MeldFacts] = {}   # (meld kind, tiles) -> MeldFacts: a few hundred occur, bounded below


def meld_facts(m) -> MeldFacts:
    """A declared meld as MeldFacts (remembered: emptied past 4,096 entries)."""
    key = (m.kind, m.tiles)
    found = _MELD_FACTS.get(key)
    if found is None:
        if len(_MELD_FACTS) >= 4096:
            _MELD_FACTS.clear()
        found = _MELD_FACTS[key] = _new_meld_facts(m)
    return found


def _new_meld_facts(m) -> MeldFacts:
    tiles = sum(UNIT[t] for t in m.tiles)
    reds = sum(t >= NUM_KINDS for t in m.tiles)
    kinds = _bits({kind(t) for t in m.tiles})
    if m.kind == "chi":
        return MeldFacts("sequence", min(map(kind, m.tiles)), False, False, tiles, reds, kinds)
    base = kind(m.tiles[0])
    if base >= 27:
        kinds |= 1 << HONOUR_TRIPLE + base - 27
    return MeldFacts(TRIPLET, base, m.kind == "closed_kan", len(m.tiles) == 4, tiles, reds, kinds)


def hand_facts(hand: Hand, win_code: int, sit: Situation, sf: SituationFacts, concealed_counts: bytes,
               held: int, kinds: int) -> HandFacts:
    """The facts shared by every reading of a request (`sf`: situation_facts(sit); `held`: concealed_counts as a
    number of UNITs; `kinds`: the kinds they hold, calculator.readings.decompose.Placement.kinds)."""
    key = sf.flag_bits
    closed = True
    meld_seqs, meld_trips, meld_concealed, kans, meld_reds = (), (), 0, 0, 0
    if hand.melds:
        melds = tuple(map(meld_facts, hand.melds))
        for g in melds:
            held += g.tiles
            kinds |= g.kinds
            meld_reds += g.reds
            if g.shape == TRIPLET:
                closed = closed and g.concealed
                meld_trips += (g.base,)
                meld_concealed += g.concealed
                kans += g.kan
            else:
                closed = False
                meld_seqs += (g.base,)
        all_counts = held.to_bytes(NUM_KINDS, "little")
    else:
        melds = ()
        all_counts = concealed_counts
    m, p, s = kinds & 511, kinds >> 9 & 511, kinds >> 18 & 511
    (all_simple, all_orphan, all_terminal, all_honour, has_honour, suits, all_green, hint, plain_one_suit,
     kinds_key) = _FACTS_OF[_M_FACTS[m] | _P_FACTS[p] | _S_FACTS[s] | _HONOUR_FACTS[kinds >> 27 & 127]]
    # necessary conditions of the yakuman in calculator.yakuman other than four concealed pungs (checked per
    # reading): a cheap filter, as most hands have none (thirteen orphans holds orphans only)
    hint = sf.hint or hint or (plain_one_suit and not melds) or kans == 4
    key |= closed * _CLOSED | kinds_key
    numbers = m & p & s   # bit n: number n + 1 held in every suit
    if numbers:
        key |= _THREE_SUIT_NUMBER | (numbers & numbers >> 1 & numbers >> 2 and _THREE_SUIT_RUN)
    if kinds >> HONOUR_TRIPLE:   # three or more copies of an honour: its pung in every regular reading
        key |= sf.pung_keys[kinds >> HONOUR_TRIPLE]
    return _new(HandFacts, (sit, sf.tsumo, KIND[win_code], closed, melds, kinds, all_counts, concealed_counts,
                            sf.seat_kind, sf.round_kind, all_simple, all_orphan, all_terminal, all_honour, has_honour,
                            suits, all_green, bool(hint), meld_seqs, meld_trips, meld_concealed, kans, meld_reds, key,
                            (key, sf.value_kinds, -1 if sf.tsumo else KIND[win_code], meld_concealed, meld_trips,
                             meld_seqs)))


def _wind(seat: str, north_value: bool) -> int:
    """The kind of a seat or round wind, or -1 (no kind) for north when north is no value wind."""
    k = WIND_KIND[seat]
    return -1 if k == NORTH and not north_value else k


_SITUATION_CACHE = 1 << 12   # a situation's fields are a few flags, winds and small counts: few combinations occur


@lru_cache(maxsize=32)   # one per (seat kind, round kind): at most 25 occur
def _pung_keys(seat: int, rnd: int) -> tuple:
    """SituationFacts.pung_keys for a seat and round wind kind (-1: no value wind)."""
    def bits(triples: int) -> int:
        held = {27 + i for i in range(7) if triples >> i & 1}
        return ((WHITE in held) * _WHITE_PUNG | (GREEN in held) * _GREEN_PUNG | (RED in held) * _RED_PUNG
                | (seat in held) * _SEAT_PUNG | (rnd in held) * _ROUND_PUNG)
    return tuple(bits(t) for t in range(128))


def situation_facts(sit: Situation, north_value: bool = True, cache: dict | None = None) -> SituationFacts:
    """The SituationFacts of a situation (without `north_value`, the rules' north_triplet_yaku false, north
    is never the seat or round wind's kind). `cache` remembers them per combination of the situation's field
    values, for one north_value (calculator.scoring.profile keeps one per Rules); emptied at its bound."""
    if cache is None:
        return _new_situation_facts(sit, north_value)
    key = tuple(vars(sit).values())
    found = cache.get(key)
    if found is None:
        if len(cache) >= _SITUATION_CACHE:
            cache.clear()
        found = cache[key] = _new_situation_facts(sit, north_value)
    return found


def _new_situation_facts(sit: Situation, north_value: bool) -> SituationFacts:
    flags = [n for n in ("ippatsu", "chankan", "rinshan", "haitei", "houtei", "open_riichi") if getattr(sit, n)]
    if sit.win_by == "tsumo":
        flags.append("tsumo")
    if sit.riichi != "none":
        flags.append(sit.riichi)
    hint = sit.tenhou or sit.chiihou or sit.renhou or sit.open_riichi or sit.dealer_wins >= 7
    seat, rnd = _wind(sit.seat_wind, north_value), _wind(sit.round_wind, north_value)
    return SituationFacts(sit.win_by == "tsumo", seat, rnd, sit.riichi != "none", sum(KEY_BITS[n] for n in flags),
                          bool(hint), _pung_keys(seat, rnd),
                          _DRAGONS | (1 << seat if seat >= 0 else 0) | (1 << rnd if rnd >= 0 else 0))


def win_facts(p: Placement, h: HandFacts) -> WinFacts:
    """Facts of one reading: `p` is one of calculator.readings.decompose.placements."""
    form, pair, seqs, trips, _, wait, _, _, twins, _ = p
    key, value_kinds, ron_win, meld_concealed, meld_trips, meld_seqs = h.context
    if form != "regular":
        # seven pairs' pair is -1: an orphan_pair in the key, as kind 33 would be
        return _new(WinFacts, (h, form, wait, pair, (), (), 0, (), -1, key | _ORPHAN_PAIR_OF[pair]
                               | (form == "chiitoitsu") * _CHIITOITSU))
    hand_trips = trips
    # a pung the ron tile completed counts as open (RULES.md §6.1, §7.1)
    open_at = ron_win if wait == "shanpon" else -1
    concealed = len(trips) - (open_at >= 0) + meld_concealed
    if meld_trips:
        trips += meld_trips
    if meld_seqs:
        seqs = tuple(sorted(seqs + meld_seqs))
    key |= len(seqs) * SEQS_UNIT | len(trips) * TRIPS_UNIT | _ORPHAN_PAIR_OF[pair] | _TWINS[twins]
    if wait == "ryanmen":
        key |= _RYANMEN
    if not value_kinds >> pair & 1:
        key |= _PLAIN_PAIR
    return _new(WinFacts, (h, "regular", wait, pair, seqs, trips, concealed, hand_trips, open_at, key))


def is_value_pair(f: WinFacts) -> bool:
    """A pair worth fu: dragon, seat wind or round wind (pinfu forbids it)."""
    return f.pair in DRAGONS or f.pair == f.h.seat_kind or f.pair == f.h.round_kind
