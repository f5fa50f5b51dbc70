"""Regular yaku: a registry of small predicates over WinFacts (RULES.md §6.2).

Input: one WinFacts (a reading with its situation) and Rules. Output: the yaku the reading
has, as (id, han) pairs, after exclusions (`supersedes`: double riichi replaces riichi,
ryanpeikou iipeikou, junchan chanta, chinitsu honitsu). Each entry records its closed han and
open han (None = closed only); ids are fixed by API.md. Dora are not yaku (calculator.dora).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from calculator.scoring.facts import KEY_BITS, READING_BITS, SEQS_UNIT, TRIPS_UNIT, WinFacts, is_value_pair
from calculator.core.tiles import DRAGONS, GREEN, RED, WHITE, is_orphan, is_terminal


@dataclass(frozen=True)
class YakuDef:
    id: str
    closed: int
    open: int | None          # None: closed hands only
    supersedes: tuple[str, ...]
    test: Callable[[WinFacts, object], bool]
    seqs: int = 0             # cheap filters, necessary conditions of `test`: at least this many chows,
    trips: int = 0            # this many pungs/kongs,
    honour: bool = False      # and an honour somewhere in the hand,
    flag: str | None = None   # and this situation flag (calculator.scoring.facts.FLAGS),
    needs: tuple[str, ...] = ()  # and these facts of the shortlist key (_FACTS) true,
    when: Callable[[int, object], bool] | None = None  # and this condition on the key and the rules
    exact: bool = False       # those conditions are the whole test: find_yaku lists the yaku without calling it


REGISTRY: list[YakuDef] = []

# facts a yaku may name in `needs`, with their bit in the shortlist key (calculator.scoring.facts: KEY_BITS for the
# hand's, READING_BITS for the reading's)
_FACTS = {**KEY_BITS, **READING_BITS}


def yaku(id: str, closed: int, open: int | None = None, supersedes: tuple[str, ...] = (),
         seqs: int = 0, trips: int = 0, honour: bool = False, flag: str | None = None,
         needs: tuple[str, ...] = (), when=None, exact: bool = False):
    """Register a predicate as yaku `id` worth `closed` han closed and `open` han open (None: closed
    only); `seqs`, `trips`, `honour`, `flag`, `needs` and `when` (a condition on the key and the rules) are
    necessary conditions, checked once per shortlist key (find_yaku keeps, per key, the short list of predicates
    worth calling). With `exact` they are sufficient too: the predicate states the condition but is not called
    (tests/calculator/scoring/test_yaku.py checks it agrees)."""
    assert set(needs) <= set(_FACTS), needs
    def register(fn):
        REGISTRY.append(YakuDef(id, closed, open, supersedes, fn, seqs, trips, honour, flag, needs, when, exact))
        return fn
    return register


def _declared(key: int) -> bool:
    """The key's situation has riichi or double riichi."""
    return bool(key & (KEY_BITS["riichi"] | KEY_BITS["double_riichi"]))


@yaku("menzen_tsumo", 1, flag="tsumo", exact=True)
def menzen_tsumo(f, rules):
    """門前清自摸和: self-draw with a closed hand."""
    return f.h.tsumo


@yaku("riichi", 1, flag="riichi", exact=True)
def riichi(f, rules):
    """立直: ready declaration."""
    return f.h.sit.riichi == "riichi"


@yaku("double_riichi", 2, supersedes=("riichi",), flag="double_riichi", exact=True)
def double_riichi(f, rules):
    """両立直: ready declaration on the first uninterrupted turn."""
    return f.h.sit.riichi == "double_riichi"


@yaku("open_riichi", 1, flag="open_riichi", when=lambda key, rules: rules.open_riichi and _declared(key),
      exact=True)
def open_riichi(f, rules):
    """オープン立直: a declaration with the hand shown (option open_riichi), 1 han on top of the declaration's."""
    return rules.open_riichi and f.h.sit.open_riichi and f.h.sit.riichi != "none"


@yaku("ippatsu", 1, flag="ippatsu", when=lambda key, rules: rules.riichi_ippatsu and _declared(key), exact=True)
def ippatsu(f, rules):
    """一発: win within one go-around of the declaration."""
    return f.h.sit.ippatsu and f.h.sit.riichi != "none" and rules.riichi_ippatsu


def _flag_alone(flag: str):
    """A predicate whose whole condition is the situation flag `flag` (registered exact: find_yaku reads the
    flag in the key instead)."""
    def test(f, rules):
        return getattr(f.h.sit, flag)
    return test


# 1 han, closed or open, for the situation flag alone
for _id, _flag in (("chankan", "chankan"),           # 搶槓: ron on a tile added to a pung
                   ("rinshan_kaihou", "rinshan"),    # 嶺上開花: self-draw on a kong replacement tile
                   ("haitei", "haitei"),             # 海底摸月: self-draw of the last wall tile
                   ("houtei", "houtei")):            # 河底撈魚: ron on the last discard
    yaku(_id, 1, 1, flag=_flag, exact=True)(_flag_alone(_flag))


@yaku("pinfu", 1, seqs=4, needs=("ryanmen", "plain_pair"),
      when=lambda key, rules: not (key & KEY_BITS["tsumo"] and rules.pinfu_tsumo_fu == 30), exact=True)
def pinfu(f, rules):
    """平和: four chows, a pair worth no fu, a two-sided wait (no pinfu on tsumo when its fu is 30, §7.2)."""
    if f.form != "regular" or f.wait != "ryanmen" or is_value_pair(f):
        return False
    return len(f.sequences) == 4 and not (f.h.tsumo and rules.pinfu_tsumo_fu == 30)


@yaku("tanyao", 1, 1, needs=("all_simple",), when=lambda key, rules: key & KEY_BITS["closed"] or rules.open_tanyao,
      exact=True)
def tanyao(f, rules):
    """断幺九: simples only (open only with open_tanyao, RULES.md §19)."""
    return f.h.all_simple and (f.h.closed or rules.open_tanyao)


@yaku("iipeikou", 1, seqs=2, needs=("twin_chows",), exact=True)
def iipeikou(f, rules):
    """一盃口: two identical chows."""
    s = f.sequences
    return len(s) >= 2 and len(s) != len(set(s))


@yaku("haku", 1, 1, trips=1, honour=True, needs=("white_pung",), exact=True)
def haku(f, rules):
    """白: pung of white dragons."""
    return WHITE in f.triplets


@yaku("hatsu", 1, 1, trips=1, honour=True, needs=("green_pung",), exact=True)
def hatsu(f, rules):
    """發: pung of green dragons."""
    return GREEN in f.triplets


@yaku("chun", 1, 1, trips=1, honour=True, needs=("red_pung",), exact=True)
def chun(f, rules):
    """中: pung of red dragons."""
    return RED in f.triplets


@yaku("seat_wind", 1, 1, trips=1, honour=True, needs=("seat_pung",), exact=True)
def seat_wind(f, rules):
    """自風: pung of one's seat wind."""
    return f.h.seat_kind in f.triplets


@yaku("round_wind", 1, 1, trips=1, honour=True, needs=("round_pung",), exact=True)
def round_wind(f, rules):
    """場風: pung of the round wind."""
    return f.h.round_kind in f.triplets


@yaku("chiitoitsu", 2, needs=("chiitoitsu",), exact=True)
def chiitoitsu(f, rules):
    """七対子: seven distinct pairs."""
    return f.form == "chiitoitsu"


_ORPHAN_KINDS = tuple(map(is_orphan, range(34)))
_TERMINAL_KINDS = tuple(map(is_terminal, range(34)))
_OUTSIDE_SEQUENCE = tuple(k < 27 and k % 9 in (0, 6) for k in range(34))   # 123 or 789


def _outside(f, allow_honours: bool) -> bool:
    if not f.sequences:
        return False
    ok = _ORPHAN_KINDS if allow_honours else _TERMINAL_KINDS
    if not ok[f.pair]:
        return False
    for s in f.sequences:
        if not _OUTSIDE_SEQUENCE[s]:
            return False
    for t in f.triplets:
        if not ok[t]:
            return False
    return True


@yaku("chanta", 2, 1, seqs=1, honour=True, needs=("orphan_pair", "no_middle"))
def chanta(f, rules):
    """混全帯幺九: a terminal or honour in every group and the pair, at least one chow."""
    return f.h.has_honour and _outside(f, True)


@yaku("ittsu", 2, 1, seqs=3, needs=("full_suit",))
def ittsu(f, rules):
    """一気通貫: 1-9 straight in one suit."""
    s = f.sequences
    return len(s) >= 3 and ((0 in s and 3 in s and 6 in s) or (9 in s and 12 in s and 15 in s)
                            or (18 in s and 21 in s and 24 in s))


@yaku("sanshoku_doujun", 2, 1, seqs=3, needs=("three_suit_run",))
def sanshoku_doujun(f, rules):
    """三色同順: the same chow in all three suits."""
    s = f.sequences   # sorted: the manzu chow of a triple is among the first two
    if len(s) >= 3:
        for b in s[:2]:
            if b < 7 and b + 9 in s and b + 18 in s:
                return True
    return False


@yaku("sanshoku_doukou", 2, 2, trips=3, needs=("three_suit_number",))
def sanshoku_doukou(f, rules):
    """三色同刻: the same pung in all three suits."""
    t = f.triplets
    return len(t) >= 3 and any(b < 9 and b + 9 in t and b + 18 in t for b in t)


@yaku("sankantsu", 2, 2, trips=3)
def sankantsu(f, rules):
    """三槓子: three kongs."""
    return f.h.kans == 3


@yaku("toitoi", 2, 2, trips=4, exact=True)
def toitoi(f, rules):
    """対々和: four pungs."""
    return len(f.triplets) == 4


@yaku("sanankou", 2, 2, trips=3)
def sanankou(f, rules):
    """三暗刻: three concealed pungs (a ron-completed pung is open)."""
    return f.concealed_triplets == 3


@yaku("shousangen", 2, 2, trips=2, honour=True)
def shousangen(f, rules):
    """小三元: two dragon pungs and a dragon pair."""
    return f.pair in DRAGONS and sum(1 for t in f.triplets if t in DRAGONS) == 2


@yaku("honroutou", 2, 2, honour=True, needs=("all_orphan",))
def honroutou(f, rules):
    """混老頭: terminals and honours only (with both present; all-honours is a yakuman)."""
    return f.h.all_orphan and f.h.has_honour and not f.h.all_honour


@yaku("ryanpeikou", 3, supersedes=("iipeikou",), seqs=4, needs=("two_twin_chows",), exact=True)
def ryanpeikou(f, rules):
    """二盃口: two pairs of identical chows."""
    s = f.sequences   # sorted
    return len(s) == 4 and s[0] == s[1] and s[2] == s[3]


@yaku("junchan", 3, 2, supersedes=("chanta",), seqs=1, needs=("orphan_pair", "no_middle"))
def junchan(f, rules):
    """純全帯幺九: a terminal in every group and the pair, no honours, at least one chow."""
    return _outside(f, False)


@yaku("honitsu", 3, 2, honour=True, needs=("one_suit",), exact=True)
def honitsu(f, rules):
    """混一色: one suit plus honours."""
    return f.h.suits == 1 and f.h.has_honour


@yaku("chinitsu", 6, 5, supersedes=("honitsu",), needs=("one_suit",),
      when=lambda key, rules: not key & KEY_BITS["honour"], exact=True)
def chinitsu(f, rules):
    """清一色: one suit, no honours."""
    return f.h.suits == 1 and not f.h.has_honour


BY_ID = {d.id: d for d in REGISTRY}


_SHORTLIST_CACHE = 1 << 12   # the 6,617 real wins of ../shared/data make 1,642 keys (the key: flags and small counts)


def _required_bits(d: YakuDef) -> int:
    """The key bits a registry entry needs set (honour, its flag, its facts)."""
    bits = KEY_BITS["honour"] if d.honour else 0
    if d.flag is not None:
        bits |= KEY_BITS[d.flag]
    for n in d.needs:
        bits |= _FACTS[n]
    return bits


# per registry entry, in order: (required key bits, chows, pungs, the entry), so that a short list is a few integer
# tests per entry
_REQUIREMENTS = tuple((_required_bits(d), d.seqs, d.trips, d) for d in REGISTRY)


def _holds(requirement: tuple, key: int, seqs: int, trips: int, closed: int, rules) -> bool:
    bits, min_seqs, min_trips, d = requirement
    return (key & bits == bits and seqs >= min_seqs and trips >= min_trips and (closed or d.open is not None)
            and (d.when is None or d.when(key, rules)))


def conditions_hold(d: YakuDef, key: int, rules) -> bool:
    """Whether a registry entry's conditions (all but its predicate) hold for a shortlist key under the rules."""
    return _holds((_required_bits(d), d.seqs, d.trips, d), key, key // SEQS_UNIT & 7, key // TRIPS_UNIT & 7,
                  key & KEY_BITS["closed"], rules)


def _shortlist(key: int, rules) -> tuple:
    """(fixed, entries) for the key (see find_yaku): `entries` are the (test, id, han, superseded ids) of the
    registry entries whose conditions hold, test None for an exact one, with the han the rules set (seven pairs is
    1 han at 50 fu, the old rule, §7.2 fu.chiitoitsu; the declaration's han, §4.8 riichi.han,
    riichi.double_riichi_han); `fixed`, when every entry is exact, the answer itself, exclusions applied."""
    closed = key & KEY_BITS["closed"]
    seqs, trips = key // SEQS_UNIT & 7, key // TRIPS_UNIT & 7
    han_of = {"chiitoitsu": 1 if rules.chiitoitsu_fu == 50 else 2, "riichi": rules.riichi_han,
              "double_riichi": rules.double_riichi_han}
    entries = []
    for requirement in _REQUIREMENTS:
        if _holds(requirement, key, seqs, trips, closed, rules):
            d = requirement[3]
            entries.append((None if d.exact else d.test, d.id, han_of.get(d.id, d.closed) if closed else d.open,
                            d.supersedes))
    entries = tuple(entries)
    if any(test is not None for test, *_ in entries):
        return None, entries
    gone = {s for *_, supersedes in entries for s in supersedes}
    return _answer(tuple((yid, han) for _, yid, han, _ in entries if yid not in gone)), entries


_PINFU = ("pinfu", 1)


def _answer(found: tuple) -> tuple[tuple[tuple[str, int], ...], int, bool]:
    """find_yaku's answer for the yaku found: them, their han, whether pinfu is among them."""
    return found, sum(han for _, han in found), _PINFU in found


def find_yaku(f: WinFacts, rules, shortlists: dict) -> tuple[tuple[tuple[str, int], ...], int, bool]:
    """The (id, han) of every yaku of this reading, exclusions applied, in registry order, with their han and
    whether pinfu is among them (so that a key whose entries are all exact answers with its remembered answer).
    `shortlists` holds the entries worth calling per key, for these rules (calculator.scoring.profile): the key is
    the hand's facts (calculator.scoring.facts.KEY_BITS) and the reading's (READING_BITS, chows, pungs):
    WinFacts.yaku_key."""
    key = f.yaku_key
    found = shortlists.get(key)
    if found is None:
        if len(shortlists) >= _SHORTLIST_CACHE:
            shortlists.clear()
        found = shortlists[key] = _shortlist(key, rules)
    fixed, entries = found
    if fixed is not None:
        return fixed
    found = []
    gone = ()
    for test, yid, han, supersedes in entries:
        if test is None or test(f, rules):
            found.append((yid, han))
            if supersedes:
                gone += supersedes
    if gone:
        found = [(i, n) for i, n in found if i not in gone]
    return _answer(tuple(found))
