"""The situation of a /v1/score-style body (its win_by, winds, riichi and first-turn and last-tile flags) and
its problems (calculator.scoring.japanese.check_situation). Used by intake.score and intake.evaluate."""
from __future__ import annotations

from collections.abc import Mapping

from calculator.core.errors import Issue
from calculator.core.hand import Hand
from calculator.scoring.facts import Situation
from calculator.scoring.japanese import check_situation

SITUATION = ("win_by", "seat_wind", "round_wind", "riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
             "tenhou", "chiihou", "renhou")


def situation_issues(data: Mapping, hand: Hand, rules=None, sit: Situation | None = None) -> list[Issue]:
    """check_situation's issues for a loaded body (SITUATION fields and `discarder`). `sit`: the body's Situation,
    when the caller has it already."""
    return check_situation(sit or situation(data), hand, data["discarder"], rules)


def situation(data: Mapping) -> Situation:
    """The Situation of a loaded /v1/score-style body (shared with endpoints that embed its fields)."""
    return Situation(**{k: data[k] for k in SITUATION}, open_riichi=data.get("open_riichi", False),
                     discarder_riichi=data.get("discarder_riichi", False),
                     dealer_wins=data.get("dealer_consecutive_wins", 0), kita=data.get("kita") or 0)
