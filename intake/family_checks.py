"""What a /v1/score body (and /v1/evaluate's) may carry under the rules' scoring family: bonus tiles where they
are played, riichi sticks where a declaration has a stake, the Taiwanese robbed eighth bonus tile, no dora or
first-turn items outside the Japanese table, and a `claim` with only the values the family has. Checks over the
loaded body, each problem an Issue whose detail names the fix."""
from __future__ import annotations

from collections.abc import Mapping

from calculator.core.errors import Issue
from calculator.scoring.families import HAND_SIZE
from calculator.scoring.taiwanese import BONUS_TILES
from schemas.messages import REQUIRED_PREFIX

JAPANESE_ONLY = ("ippatsu", "tenhou", "chiihou", "renhou")
BONUS_FIELDS = ("flowers", "seasons", "flowers_after_declaration", "seasons_after_declaration")


def hand_size_issues(rules) -> list[Issue]:
    """Each family's table scores hands of one size (Japanese and European 13 tiles, Taiwanese 16)."""
    want = HAND_SIZE[rules.scoring_family]
    if rules.hand_size != want:
        return [Issue("scoring_not_defined", f"{rules.scoring_family.capitalize()} scoring is defined for "
                      f"{want}-tile hands; the rules set hand_size {rules.hand_size}.", "rules/hand_size")]
    return []


INDICATORS = ("dora_indicators", "ura_dora_indicators")


def family_issues(body: Mapping, rules) -> list[Issue]:
    """What a body may not carry under the rules' family: bonus tiles where none are played, riichi sticks where
    a declaration has no stake, a ready declaration where there is none, counters and Japanese-only items
    (dora, ippatsu, first-turn wins) under the Taiwanese and European tables."""
    if rules.scoring_family == "japanese" and not any(map(body.get, BONUS_FIELDS)) and (
            rules.riichi_stakes or not body.get("riichi_sticks")):
        return []   # the usual body: nothing below can apply
    issues = []
    bonus = {"flowers": body.get("flowers") or [], "seasons": body.get("seasons") or []}
    for name, held in bonus.items():
        late = body.get(f"{name}_after_declaration") or []
        at = f"{name}_after_declaration"
        if held and not rules.bonus_tiles:
            issues.append(Issue("bonus_tiles_not_in_rules", f"These rules play no flowers or seasons (option "
                                f"bonus_tiles false): leave out `{name}`, or use taiwanese_16, european_classical, "
                                "french or italian.", name))
        if len(set(held)) != len(held):
            issues.append(Issue("duplicate_bonus_tile", f"Each of the four {name} is held at most once.", name))
        if set(late) - set(held):
            issues.append(Issue("bonus_tile_not_held", f"`{at}` lists only tiles that are in `{name}`.", at))
        if late and body.get("riichi", "none") == "none":
            issues.append(Issue("not_declared", f"`{at}` needs a ready declaration (`riichi`).", at))
    if body.get("riichi_sticks") and not rules.riichi_stakes:
        issues.append(Issue("no_riichi_stakes", "These rules have no riichi stakes (option riichi_stakes false): "
                            "riichi_sticks must be 0.", "riichi_sticks"))
    family = rules.scoring_family
    if family == "japanese":
        return issues
    if body.get("riichi", "none") != "none" and (body["riichi"] == "double_riichi" or rules.ready_mode not in (
            "voluntary_french", "voluntary_italian")):
        issues.append(Issue("not_in_rules", "These rules have no voluntary ready declaration that scores"
                            + (" on the first turn" if rules.ready_mode.startswith("voluntary") else "")
                            + ": set riichi to none" + (" or riichi" if rules.ready_mode.startswith("voluntary")
                                                        else "") + ".", "riichi"))
    for name in JAPANESE_ONLY:
        if body.get(name):
            issues.append(Issue("not_in_rules", f"'{name}' is a Japanese scoring item; {family} scoring has none: "
                                "leave it out.", name))
    for name in INDICATORS:
        if body.get(name) is not None and body[name].codes:
            issues.append(Issue("not_in_rules", f"{family.capitalize()} scoring has no dora: leave out `{name}`.",
                                name))
    if family == "european" and body.get("honba"):
        issues.append(Issue("not_in_rules", "European scoring has no counters (honba): leave it out or send 0.",
                            "honba"))
    return issues


def robbed_bonus_issues(body: Mapping, rules) -> list[Issue]:
    """`robbed_bonus`, the Taiwanese 'seven flowers and seasons, robbing the eighth' (FAMILIES.md §4): a player who
    holds seven bonus tiles wins by taking the eighth from the player who shows it. The body then lists the seven
    held in `flowers` / `seasons`, wins by ron on `discarder` (who showed the eighth), and has no `win_tile` (the
    eighth bonus tile wins). Without it, `win_tile` is required."""
    if not body["robbed_bonus"]:
        return [Issue("required", f"{REQUIRED_PREFIX}'win_tile': send the winning tile, for example \"8s\" (or, under "
                      "taiwanese_16, `robbed_bonus` for a win on the eighth flower or season).", "win_tile")
                ] if body["win_tile"] is None else []
    issues = []
    if rules.scoring_family != "taiwanese" or not rules.bonus_tiles:
        issues.append(Issue("not_in_rules", "Robbing the eighth flower or season is a Taiwanese tai item (option "
                            "tw_tai_seven_flowers_robbing under taiwanese_16); these rules have none: leave "
                            "`robbed_bonus` out.", "robbed_bonus"))
    held = len(body.get("flowers") or []) + len(body.get("seasons") or [])
    if held != BONUS_TILES - 1:
        issues.append(Issue("wrong_bonus_count", f"Robbing the eighth needs the other seven held: `flowers` and "
                            f"`seasons` list 7 tiles together; they list {held}.", "robbed_bonus"))
    if body.get("win_by", "ron") != "ron":
        issues.append(Issue("inconsistent_situation", "The eighth bonus tile is taken from the player who shows it: "
                            "win_by must be ron (`discarder`: that player).", "win_by"))
    if body.get("win_tile") is not None:
        issues.append(Issue("inconsistent_situation", "With `robbed_bonus` the eighth flower or season wins: leave "
                            "out `win_tile`.", "win_tile"))
    return issues


CLAIM_FIELDS = {"japanese": ("han", "fu", "points", "yaku", "limit"),
                "taiwanese": ("tai", "points", "limit", "items"),
                "european": ("basic_points", "doubles", "points", "limit", "items")}


def claim_issues(claim: Mapping | None, rules) -> list[Issue]:
    """A `claim` field the rules' family has no value for cannot be audited: refused, never ignored (han and fu
    are Japanese; tai is Taiwanese; basic points and doubles are European)."""
    claim = claim or {}
    family = rules.scoring_family
    allowed = CLAIM_FIELDS[family]
    issues = []
    for name in claim:
        if name not in allowed:
            issues.append(Issue("claim_not_in_family", f"{family.capitalize()} scoring has no `{name}` to audit: "
                                f"send any of {', '.join(allowed)}.", f"claim/{name}"))
    if family != "japanese" and claim.get("limit") not in (None, "limit"):
        issues.append(Issue("claim_not_in_family", f"{family.capitalize()} scoring has one limit: send limit null "
                            "or \"limit\".", "claim/limit"))
    elif family == "japanese" and claim.get("limit") == "limit":
        issues.append(Issue("claim_not_in_family", "Japanese limits are mangan, haneman, baiman, sanbaiman, yakuman "
                            "and kazoe_yakuman (send one of them or null): \"limit\" is the Taiwanese and European "
                            "name.", "claim/limit"))
    return issues
