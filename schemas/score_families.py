"""POST /v1/score under the other families: the family checks of calculator.scoring.family_checks, read from a
loaded body (a tile field is its parsed tiles here). Used by schemas.score and schemas.evaluate."""
from __future__ import annotations

from calculator.core.errors import Issue
from calculator.scoring import family_checks
from schemas.messages import REQUIRED_PREFIX

INDICATORS = ("dora_indicators", "ura_dora_indicators")


def family_issues(data: dict, rules) -> list[Issue]:
    """calculator.scoring.family_checks.family_issues on a loaded body (the indicators matter outside the
    Japanese family only)."""
    indicators = None if rules.scoring_family == "japanese" else {
        k: data[k].codes for k in INDICATORS if data.get(k) is not None}
    return family_checks.family_issues(data, rules, indicators)


def robbed_bonus_issues(data: dict, rules) -> list[Issue]:
    """Without `robbed_bonus`, `win_tile` is required (absent: the load default None; a win_tile that failed to
    load is not in data, its problem is listed); with it, calculator.scoring.family_checks says what it needs."""
    if not data.get("robbed_bonus"):
        return [Issue("required", f"{REQUIRED_PREFIX}'win_tile': send the winning tile, for example \"8s\" (or, under "
                      "taiwanese_16, `robbed_bonus` for a win on the eighth flower or season).", "win_tile")
                ] if data.get("win_tile", 0) is None else []
    return family_checks.robbed_bonus_issues(data, rules)


def claim_issues(data: dict, rules) -> list[Issue]:
    return family_checks.claim_issues(data.get("claim"), rules)
