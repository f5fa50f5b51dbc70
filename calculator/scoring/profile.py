"""Scoring profile: what one Rules value means for Japanese scoring, worked out once per Rules object.

Input: a Rules value. Output: a ScoringProfile: the dora rules (calculator.scoring.dora), the switches
score() reads on every request, and the remembered results of pure functions under these rules: the
yaku short lists (calculator.scoring.yaku.find_yaku), the situations' facts
(calculator.scoring.facts.situation_facts), limits per (han, fu, yakuman) and payments per (base points,
seats, counters). Every one of those caches is a plain dict emptied when it reaches its bound; none is
keyed on a hand's tiles.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from calculator.rules import Rules
from calculator.scoring.dora import DoraRules, dora_rules
from calculator.scoring.limits import Limit, limit_for
from calculator.scoring.payments import WinPayments, win_payments


@dataclass(frozen=True, slots=True)   # slots: score() reads a dozen of its fields per request
class ScoringProfile:
    rules: Rules
    dora: DoraRules
    special_forms: bool          # seven pairs and thirteen orphans count
    north_value: bool            # north is a value wind (north_triplet_yaku)
    kita_bonus: bool             # norths set aside are dora (north_bonus bonus_dora)
    min_han: int
    ryan_shi: bool
    shortlists: dict             # yaku short lists per key (calculator.scoring.yaku.find_yaku)
    situations: dict             # a Situation's field values -> SituationFacts
    limits: dict                 # (han, fu, yakuman multiplier) -> Limit
    payments: dict               # (base points, winner, win_by, discarder, honba, sticks) -> WinPayments


_CACHE = 1 << 10      # entries per cache of a profile: a few hundred keys occur in real play
_PROFILES = 16        # profiles kept (a request with rule overrides brings its own Rules object)
# id(rules) -> its profile, whose `rules` is that object (so the id cannot be reused while the entry lives): the
# look-up score() makes first
PROFILES_BY_ID: dict[int, ScoringProfile] = {}
_BY_VALUE: dict[Rules, ScoringProfile] = {}  # equal Rules objects share their caches


def scoring_profile(rules: Rules) -> ScoringProfile:
    """The profile of `rules` (one dict look-up for a Rules object seen before)."""
    found = PROFILES_BY_ID.get(id(rules))
    if found is not None:
        return found
    if len(PROFILES_BY_ID) >= _PROFILES:
        PROFILES_BY_ID.clear()
    profile = _BY_VALUE.get(rules)   # hashing a Rules value reads every option: only for a new object
    if profile is None:
        if len(_BY_VALUE) >= _PROFILES:
            _BY_VALUE.clear()
        profile = _BY_VALUE[rules] = ScoringProfile(
            rules, dora_rules(rules), rules.special_forms, rules.north_triplet_yaku, rules.north_bonus == "bonus_dora",
            rules.min_han, rules.ryan_shi, {}, {}, {}, {})
    elif profile.rules is not rules:
        profile = replace(profile, rules=rules)   # the same caches, this object
    PROFILES_BY_ID[id(rules)] = profile
    return profile


def profile_limit(p: ScoringProfile, han: int, fu: int, yakuman: int) -> Limit:
    """limit_for under the profile's rules, remembered (score() looks in p.limits itself first)."""
    key = (han, fu, yakuman)
    found = p.limits.get(key)
    if found is None:
        if len(p.limits) >= _CACHE:
            p.limits.clear()
        found = p.limits[key] = limit_for(han, fu, yakuman, p.rules)
    return found


def profile_payments(p: ScoringProfile, base_points: int, winner: str, win_by: str, discarder: str | None,
                     honba: int, riichi_sticks: int) -> WinPayments:
    """win_payments under the profile's rules, remembered (the answer's deltas must be copied, not changed; score()
    looks in p.payments itself first)."""
    key = (base_points, winner, win_by, discarder, honba, riichi_sticks)
    found = p.payments.get(key)
    if found is None:
        if len(p.payments) >= _CACHE:
            p.payments.clear()
        found = p.payments[key] = win_payments(base_points, winner, win_by, discarder, honba, riichi_sticks, p.rules)
    return found
