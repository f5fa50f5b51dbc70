"""POST /v1/score under the other families: the family checks of calculator.scoring.family_checks, read from a
loaded body (a tile field is its parsed tiles here). Used by schemas.score and schemas.evaluate."""
from __future__ import annotations

from calculator.core.errors import Issue
from calculator.scoring import family_checks
from schemas.messages import REQUIRED

INDICATORS = ("dora_indicators", "ura_dora_indicators")


def family_issues(data: dict, rules) -> list[Issue]:
    """calculator.scoring.family_checks.family_issues on a loaded body."""
    return family_checks.family_issues(data, rules, {k: data[k].codes for k in INDICATORS if data.get(k) is not None})


def robbed_bonus_issues(data: dict, rules) -> list[Issue]:
    """Without `robbed_bonus`, `win_tile` is required (absent: the load default None; a win_tile that failed to
    load is not in data, its problem is listed); with it, calculator.scoring.family_checks says what it needs."""
    if not data.get("robbed_bonus"):
        return [Issue("required", REQUIRED, "win_tile")] if data.get("win_tile", 0) is None else []
    return family_checks.robbed_bonus_issues(data, rules)


def claim_issues(data: dict, rules) -> list[Issue]:
    return family_checks.claim_issues(data.get("claim"), rules)
