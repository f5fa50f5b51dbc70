"""Three-player kita (norths set aside, RULES.md and SEED sanma rules): what a win may say about them.

Pure checks of a win's kita facts against the rules, each problem an Issue at the request field it is about,
so that the request's loader lists them with every other problem of the body.
"""
from __future__ import annotations

from calculator.core.errors import Issue
from calculator.core.tiles import KIND, NORTH


def kita_issues(kita: int, rules) -> list[Issue]:
    """`kita_not_in_rules` for norths set aside under rules that set none aside (north_bonus off)."""
    if kita and rules.north_bonus == "off":
        return [Issue("kita_not_in_rules", "These rules set no norths aside (north_bonus off: a four-player preset); "
                      "send kita 0 or use a three-player preset such as tenhou_sanma.", "kita")]
    return []


def kita_ron_issues(on_kita: bool, win_by: str | None, chankan: bool, win: int | None, rules) -> list[Issue]:
    """A ron on a kita (`on_kita`): only under rules with kita rons, on a 4z, by ron, not also a robbed kan.
    `win_by` and `win` are None when not known (they did not load): their checks are left out."""
    if not on_kita:
        return []
    issues = []
    if rules.north_bonus == "off" or not rules.kita_ron:
        issues.append(Issue("kita_ron_not_in_rules", "These rules have no ron on a set-aside north (north_bonus off "
                            "or kita_ron false): leave on_kita out, or use a three-player preset such as "
                            "tenhou_sanma.", "on_kita"))
    if win_by == "tsumo":
        issues.append(Issue("inconsistent_situation", "'on_kita' is a ron on another player's kita: win_by must be ron.",
                            "on_kita"))
    if win is not None and KIND[win] != NORTH:
        issues.append(Issue("inconsistent_situation", "A kita is a north: win_tile must be 4z with 'on_kita'.", "win_tile"))
    if chankan:
        issues.append(Issue("inconsistent_situation", "A ron on a kita is not a robbed kan: 'chankan' must stay false "
                            "(rules kita_ron_is_chankan decides whether it scores chankan).", "chankan"))
    return issues
