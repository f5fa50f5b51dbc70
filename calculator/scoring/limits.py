"""Limits: base points from han, fu and yakuman count, with the limit names of RULES.md §8.

Input: han (ordinary yaku plus dora), fu, the total yakuman multiplier (0 for an ordinary
hand) and Rules (kiriage mangan, the kazoe cap, the largest yakuman multiple). Output: a Limit,
the base points `b` every payment is derived from and the limit name (None below mangan).
"""
from __future__ import annotations

from typing import NamedTuple

MANGAN, HANEMAN, BAIMAN, SANBAIMAN, YAKUMAN = 2000, 3000, 4000, 6000, 8000


class Limit(NamedTuple):
    base_points: int
    limit: str | None   # None | mangan | haneman | baiman | sanbaiman | yakuman | kazoe_yakuman


def limit_for(han: int, fu: int, yakuman: int, rules) -> Limit:
    """Base points and limit name of a hand (RULES.md §8.1).

    >>> limit_for(3, 30, 0, None)
    Limit(base_points=960, limit=None)
    >>> limit_for(4, 40, 0, None)
    Limit(base_points=2000, limit='mangan')
    """
    if yakuman > 0:
        cap = getattr(rules, "max_yakuman_multiple", 0) or yakuman
        return Limit(YAKUMAN * min(yakuman, cap), "yakuman")
    if han >= 13:
        kazoe = getattr(rules, "kazoe", "yakuman")
        if kazoe == "sanbaiman":
            return Limit(SANBAIMAN, "sanbaiman")
        if kazoe == "none":
            # no cap on counted han: every further 13 han is another yakuman (§8.2), up to the largest
            # multiple the rules pay at all
            multiple = han // 13
            cap = getattr(rules, "max_yakuman_multiple", 0) or multiple
            return Limit(YAKUMAN * min(multiple, cap), getattr(rules, "kazoe_limit_name", "kazoe_yakuman"))
        return Limit(YAKUMAN, getattr(rules, "kazoe_limit_name", "kazoe_yakuman"))
    if han >= 11:
        return Limit(SANBAIMAN, "sanbaiman")
    if han >= 8:
        return Limit(BAIMAN, "baiman")
    if han >= 6:
        return Limit(HANEMAN, "haneman")
    if han >= 5:
        return Limit(MANGAN, "mangan")
    base = fu * 2 ** (han + 2)
    if base >= MANGAN or (base == 1920 and getattr(rules, "kiriage_mangan", False)):
        # 4 han 40 fu / 3 han 70 fu exceed the cap; kiriage rounds 1,920 (4/30, 3/60) up (§8.1)
        return Limit(MANGAN, "mangan")
    return Limit(base, None)


_LIMITS: dict[tuple, Limit] = {}   # (han, fu, yakuman, rule values) -> Limit; a few hundred occur


def limit_of(han: int, fu: int, yakuman: int, rules) -> Limit:
    """limit_for, remembered (bounded: emptied past 4,096 entries)."""
    key = (han, fu, yakuman, rules.kiriage_mangan, rules.kazoe, rules.max_yakuman_multiple, rules.kazoe_limit_name)
    found = _LIMITS.get(key)
    if found is None:
        if len(_LIMITS) >= 4096:
            _LIMITS.clear()
        found = _LIMITS[key] = limit_for(han, fu, yakuman, rules)
    return found
