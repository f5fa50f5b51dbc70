"""Yakuman: a registry of limit-hand predicates over WinFacts (RULES.md §6.2, §8.1).

Input: one WinFacts and Rules. Output: (id, multiplier) pairs. A pattern listed in the
rules' `double_yakuman` counts twice; without `yakuman_stacking` only the largest one counts.
The 13-sided kokushi, single-wait suuankou and nine-sided chuuren keep their own ids even when
they count single (Tenhou lists them so), and replace their plain forms.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from calculator.scoring.facts import SUIT_BITS, WinFacts
from calculator.core.tiles import DRAGONS

WIND_KINDS = (27, 28, 29, 30)


@dataclass(frozen=True)
class YakumanDef:
    id: str
    closed_only: bool
    supersedes: tuple[str, ...]
    test: Callable[[WinFacts, object], bool]
    multiplier: int = 1     # 2 for a pattern that is a double yakuman by itself (daichisei)


REGISTRY: list[YakumanDef] = []


def yakuman(id: str, closed_only: bool = False, supersedes: tuple[str, ...] = (), multiplier: int = 1):
    """Register a predicate as yakuman `id`."""
    def register(fn):
        REGISTRY.append(YakumanDef(id, closed_only, supersedes, fn, multiplier))
        return fn
    return register


@yakuman("kokushi_musou", closed_only=True)
def kokushi_musou(f, rules):
    """国士無双: one of each terminal and honour plus a pair of one."""
    return f.form == "kokushi"


@yakuman("kokushi_musou_13", closed_only=True, supersedes=("kokushi_musou",))
def kokushi_musou_13(f, rules):
    """国士無双十三面: thirteen orphans won on the thirteen-sided wait."""
    return f.form == "kokushi" and f.wait == "kokushi_13"


@yakuman("suuankou", closed_only=True)
def suuankou(f, rules):
    """四暗刻: four concealed pungs."""
    return f.concealed_triplets == 4


@yakuman("suuankou_tanki", closed_only=True, supersedes=("suuankou",))
def suuankou_tanki(f, rules):
    """四暗刻単騎: four concealed pungs won on the pair wait."""
    return f.concealed_triplets == 4 and f.wait == "tanki"


@yakuman("daisangen")
def daisangen(f, rules):
    """大三元: pungs of all three dragons."""
    return all(d in f.triplets for d in DRAGONS)


@yakuman("shousuushii")
def shousuushii(f, rules):
    """小四喜: three wind pungs and a wind pair."""
    return f.pair in WIND_KINDS and sum(1 for t in f.triplets if t in WIND_KINDS) == 3


@yakuman("daisuushii")
def daisuushii(f, rules):
    """大四喜: four wind pungs."""
    return sum(1 for t in f.triplets if t in WIND_KINDS) == 4


@yakuman("tsuuiisou")
def tsuuiisou(f, rules):
    """字一色: honours only."""
    return f.h.all_honour


@yakuman("chinroutou")
def chinroutou(f, rules):
    """清老頭: terminals only."""
    return f.h.all_terminal


@yakuman("ryuuiisou")
def ryuuiisou(f, rules):
    """緑一色: green tiles only (2 3 4 6 8 bamboo and green dragon)."""
    return f.h.all_green


def _chuuren(f) -> tuple[int, ...] | None:
    """The suit's nine counts when the closed hand is 1112345678999 plus one tile of that suit."""
    h = f.h
    if f.form != "regular" or h.melds or h.suits != 1 or h.has_honour:
        return None
    lo = 0 if h.kinds & SUIT_BITS[0] else 9 if h.kinds & SUIT_BITS[1] else 18
    c = h.concealed_counts[lo:lo + 9]   # the pattern holds all nine kinds of the suit
    if c[0] >= 3 and c[8] >= 3 and all(n >= 1 for n in c[1:8]):
        return c
    return None


@yakuman("chuuren_poutou", closed_only=True)
def chuuren_poutou(f, rules):
    """九蓮宝燈: closed 1112345678999 of one suit plus any tile of it."""
    return _chuuren(f) is not None


@yakuman("junsei_chuuren_poutou", closed_only=True, supersedes=("chuuren_poutou",))
def junsei_chuuren_poutou(f, rules):
    """純正九蓮宝燈: nine-sided chuuren (the thirteen tiles before the win are the pure pattern)."""
    c = _chuuren(f)
    return c is not None and c[f.h.win % 9] in (2, 4)


@yakuman("suukantsu")
def suukantsu(f, rules):
    """四槓子: four kongs."""
    return f.h.kans == 4


@yakuman("tenhou", closed_only=True)
def tenhou(f, rules):
    """天和: the dealer's complete hand on the first draw."""
    return f.h.sit.tenhou


@yakuman("chiihou", closed_only=True)
def chiihou(f, rules):
    """地和: a non-dealer's self-draw on the first uninterrupted turn."""
    return f.h.sit.chiihou


@yakuman("renhou_yakuman", closed_only=True)
def renhou_yakuman(f, rules):
    """人和: ron before one's first draw, when the rules value it as a yakuman."""
    return f.h.sit.renhou and rules.renhou == "yakuman"


# --- local yakuman, each under its own option (docs/yaku.md "Local yaku and yakuman") ---

def _wheel(f, suit: int) -> bool:
    """Closed 22334455667788 of one suit: two of each of 2-8 (the winning tile included)."""
    c = f.h.concealed_counts
    return not f.h.melds and sum(c) == 14 and all(c[9 * suit + n] == 2 for n in range(1, 8))


@yakuman("daisharin", closed_only=True)
def daisharin(f, rules):
    """大車輪: closed 22334455667788 of pins (option daisharin)."""
    return rules.daisharin and _wheel(f, 1)


@yakuman("daisuurin", closed_only=True)
def daisuurin(f, rules):
    """大数隣: the daisharin shape in characters (option daisharin_other_suits)."""
    return rules.daisharin_other_suits and _wheel(f, 0)


@yakuman("daichikurin", closed_only=True)
def daichikurin(f, rules):
    """大竹林: the daisharin shape in bamboo (option daisharin_other_suits)."""
    return rules.daisharin_other_suits and _wheel(f, 2)


@yakuman("daichisei", closed_only=True, supersedes=("tsuuiisou",), multiplier=2)
def daichisei(f, rules):
    """大七星: seven pairs of the seven honours, a double yakuman (option daichisei)."""
    return rules.daichisei and f.form == "chiitoitsu" and f.h.all_honour


@yakuman("paarenchan")
def paarenchan(f, rules):
    """八連荘: the dealer's eighth win in a row (option paarenchan)."""
    return rules.paarenchan and f.h.sit.dealer and f.h.sit.dealer_wins >= 7


@yakuman("open_riichi_yakuman", closed_only=True)
def open_riichi_yakuman(f, rules):
    """オープン立直 放銃: ron on a player outside riichi who dealt into an open riichi (options open_riichi,
    open_riichi_deal_in_yakuman)."""
    sit = f.h.sit
    return (rules.open_riichi and rules.open_riichi_deal_in_yakuman and sit.open_riichi and sit.riichi != "none"
            and not sit.tsumo and not sit.discarder_riichi)


BY_ID = {d.id: d for d in REGISTRY}


def find_yakuman(f: WinFacts, rules) -> list[tuple[str, int]]:
    """The (id, multiplier) of every yakuman of this reading under the rules."""
    if not (f.h.yakuman_hint or f.concealed_triplets == 4):
        return []
    closed = f.h.closed
    found = [d.id for d in REGISTRY if (closed or not d.closed_only) and d.test(f, rules)]
    if not found:
        return []
    gone = {s for i in found for s in BY_ID[i].supersedes}
    doubles = rules.double_yakuman
    out = [(i, 2 if i in doubles else BY_ID[i].multiplier) for i in found if i not in gone]
    if not rules.yakuman_stacking and len(out) > 1:
        out = [max(out, key=lambda x: x[1])]
    return out
