"""The situation of a /v1/score-style body, and its problems even when some of its fields could not be read.

`situation(fields)` builds the Situation from a body's loaded fields. `situation_issues` runs
calculator.scoring.japanese.check_situation on them; a field that failed to load is tried with every value it
could have had, and only the problems found whatever it was are kept (so a bad round_wind does not hide
ippatsu without riichi). Pure functions over plain mappings; schemas.score and schemas.evaluate call them.
"""
from __future__ import annotations

from collections.abc import Mapping
from itertools import product

from calculator.core.errors import Issue
from calculator.core.hand import SEATS, Hand, Meld
from calculator.furiten.permission import RIICHI_STATES
from calculator.scoring.facts import Situation
from calculator.scoring.japanese import check_situation

SITUATION = ("win_by", "seat_wind", "round_wind", "riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
             "tenhou", "chiihou", "renhou")
SITUATION_KEYS = frozenset(SITUATION)


# The values a situation field can take: a field that did not load is tried with each of them
CHOICES = {"win_by": ("ron", "tsumo"), "seat_wind": SEATS, "round_wind": SEATS, "riichi": RIICHI_STATES,
           "discarder": (None, *SEATS), **{flag: (False, True) for flag in SITUATION[4:]}}
STAND_IN_MELDS = ((), (Meld("open_kan", (0, 0, 0, 0)),), (Meld("closed_kan", (0, 0, 0, 0)),))
MAX_TRIES = 4096


def situation_issues(data: Mapping, hand: Hand, rules=None, sit: Situation | None = None) -> list[Issue]:
    """check_situation's issues for a loaded body (SITUATION fields, `discarder`, `melds`), even when
    some of those fields did not load: each missing one is tried with every value it could have had
    (the melds with none, an open and a closed kong), and only the problems found whatever they were
    are kept. So a bad round_wind does not hide ippatsu without riichi. `sit`: the body's Situation, when
    the caller has it already."""
    missing = [k for k in CHOICES if k not in data]
    if not missing and "melds" in data:   # every field loaded: one situation to check
        return check_situation(sit or situation(data), hand, data["discarder"], rules)
    tries = list(product(*(CHOICES[k] for k in missing)))
    melds = (hand.melds,) if "melds" in data else STAND_IN_MELDS
    if len(tries) * len(melds) > MAX_TRIES:
        return []
    common = None
    for values, held in product(tries, melds):
        full = {**data, **dict(zip(missing, values))}
        found = check_situation(situation(full), Hand(hand.concealed, held), full["discarder"], rules)
        common = found if common is None else [i for i in found if i in common]
    return common


def situation(data: Mapping) -> Situation:
    """The Situation of a loaded /v1/score-style body (shared with endpoints that embed its fields)."""
    return Situation(**{k: data[k] for k in SITUATION}, open_riichi=data.get("open_riichi", False),
                     discarder_riichi=data.get("discarder_riichi", False),
                     dealer_wins=data.get("dealer_consecutive_wins", 0), kita=data.get("kita") or 0)
