"""POST /v1/score under the other families (taiwanese_16, european_classical, french, italian): what a body may
carry there (bonus tiles, the Taiwanese robbed eighth bonus tile, no dora or first-turn items), as problems a 422
lists. Used by schemas.score."""
from __future__ import annotations

from calculator.core.errors import Issue
from schemas.messages import REQUIRED_PREFIX

BONUS_TILES = 8

JAPANESE_ONLY = ("ippatsu", "tenhou", "chiihou", "renhou")
BONUS_FIELDS = ("flowers", "seasons", "flowers_after_declaration", "seasons_after_declaration")


def family_issues(data: dict, rules) -> list[Issue]:
    """What a body may not carry under the rules' family: bonus tiles where none are played, riichi sticks where
    a declaration has no stake, a ready declaration where there is none, counters and Japanese-only items
    (dora, ippatsu, first-turn wins) under the Taiwanese and European tables. Each detail names the fix."""
    if rules.scoring_family == "japanese" and not any(map(data.get, BONUS_FIELDS)) and (
            rules.riichi_stakes or not data.get("riichi_sticks")):
        return []   # the usual body: nothing below can apply
    issues = []
    bonus = {"flowers": data.get("flowers") or [], "seasons": data.get("seasons") or []}
    for name, held in bonus.items():
        late = data.get(f"{name}_after_declaration") or []
        at = f"{name}_after_declaration"
        if held and not rules.bonus_tiles:
            issues.append(Issue("bonus_tiles_not_in_rules", f"These rules play no flowers or seasons (option "
                                f"bonus_tiles false): leave out `{name}`, or use taiwanese_16, european_classical, "
                                "french or italian.", name))
        if len(set(held)) != len(held):
            issues.append(Issue("duplicate_bonus_tile", f"Each of the four {name} is held at most once.", name))
        if set(late) - set(held):
            issues.append(Issue("bonus_tile_not_held", f"`{at}` lists only tiles that are in `{name}`.", at))
        if late and data.get("riichi", "none") == "none":
            issues.append(Issue("not_declared", f"`{at}` needs a ready declaration (`riichi`).", at))
    if data.get("riichi_sticks") and not rules.riichi_stakes:
        issues.append(Issue("no_riichi_stakes", "These rules have no riichi stakes (option riichi_stakes false): "
                            "riichi_sticks must be 0.", "riichi_sticks"))
    family = rules.scoring_family
    if family == "japanese":
        return issues
    if data.get("riichi", "none") != "none" and (data["riichi"] == "double_riichi" or rules.ready_mode not in (
            "voluntary_french", "voluntary_italian")):
        issues.append(Issue("not_in_rules", "These rules have no voluntary ready declaration that scores"
                            + (" on the first turn" if rules.ready_mode.startswith("voluntary") else "")
                            + ": set riichi to none" + (" or riichi" if rules.ready_mode.startswith("voluntary")
                                                        else "") + ".", "riichi"))
    for name in JAPANESE_ONLY:
        if data.get(name):
            issues.append(Issue("not_in_rules", f"'{name}' is a Japanese scoring item; {family} scoring has none: "
                                "leave it out.", name))
    for name in ("dora_indicators", "ura_dora_indicators"):
        if data.get(name) is not None and data[name].codes:
            issues.append(Issue("not_in_rules", f"{family.capitalize()} scoring has no dora: leave out `{name}`.",
                                name))
    if family == "european" and data.get("honba"):
        issues.append(Issue("not_in_rules", "European scoring has no counters (honba): leave it out or send 0.",
                            "honba"))
    return issues


def robbed_bonus_issues(data: dict, rules) -> list[Issue]:
    """`robbed_bonus`, the Taiwanese 'seven flowers and seasons, robbing the eighth' (FAMILIES.md §4): a player who
    holds seven bonus tiles wins by taking the eighth from the player who shows it. The body then lists the seven
    held in `flowers` / `seasons`, wins by ron on `discarder` (who showed the eighth), and has no `win_tile` (the
    eighth bonus tile wins). Without it, `win_tile` is required."""
    if not data.get("robbed_bonus"):
        # absent: the load default None; a win_tile that failed to load is not in data (its problem is listed)
        return [Issue("required", f"{REQUIRED_PREFIX}'win_tile': send the winning tile, for example \"8s\" (or, under "
                      "taiwanese_16, `robbed_bonus` for a win on the eighth flower or season).", "win_tile")
                ] if data.get("win_tile", 0) is None else []
    issues = []
    if rules.scoring_family != "taiwanese" or not rules.bonus_tiles:
        issues.append(Issue("not_in_rules", "Robbing the eighth flower or season is a Taiwanese tai item (option "
                            "tw_tai_seven_flowers_robbing under taiwanese_16); these rules have none: leave "
                            "`robbed_bonus` out.", "robbed_bonus"))
    held = len(data.get("flowers") or []) + len(data.get("seasons") or [])
    if held != BONUS_TILES - 1:
        issues.append(Issue("wrong_bonus_count", f"Robbing the eighth needs the other seven held: `flowers` and "
                            f"`seasons` list 7 tiles together; they list {held}.", "robbed_bonus"))
    if data.get("win_by", "ron") != "ron":
        issues.append(Issue("inconsistent_situation", "The eighth bonus tile is taken from the player who shows it: "
                            "win_by must be ron (`discarder`: that player).", "win_by"))
    if data.get("win_tile") is not None:
        issues.append(Issue("inconsistent_situation", "With `robbed_bonus` the eighth flower or season wins: leave "
                            "out `win_tile`.", "win_tile"))
    return issues


CLAIM_FIELDS = {"japanese": ("han", "fu", "points", "yaku", "limit"),
                "taiwanese": ("tai", "points", "limit", "items"),
                "european": ("basic_points", "doubles", "points", "limit", "items")}


def claim_issues(data: dict, rules) -> list[Issue]:
    """A `claim` field the rules' family has no value for cannot be audited: refused, never ignored (han and fu
    are Japanese; tai is Taiwanese; basic points and doubles are European)."""
    claim = data.get("claim") or {}
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
