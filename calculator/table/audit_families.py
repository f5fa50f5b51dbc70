"""Audit of a claim under the other families' tables: Taiwanese tai and European points (API.md "Audit"; issue 13).

Input: a /v1/score request scored with the Taiwanese or European table, its result, the claim (Taiwanese: any of
`tai`, `points`, `limit`, `items`; European: any of `basic_points`, `doubles`, `points`, `limit`, `items`; the
item ids of the answer, the doubles' ids included) and a function that scores a request. Output: an Audit as
calculator.table.audit builds for han and fu: each difference with why (which items are missing or extra, how the
total follows from them) and `explained_by`: each single change of the family's table options (an item switched
off, or given the value another preset of the family gives it: French self-drawn 5, Italian orphan pungs, ...;
a switch flipped) under which the computed answer equals the claim. For /v1/settle, `settle_options` lists those
options and the family's `why` of a delta's difference.
"""
from __future__ import annotations

from dataclasses import replace

from calculator.core.errors import InvalidHand, UnsupportedRules
from calculator.rules import OPTION_FIELDS, PRESETS
from calculator.scoring.taiwanese import TaiResult
from calculator.table.audit import Audit, Difference, Explanation, alternatives, swapped

SEATS = ("east", "south", "west", "north")

# the options of each family's table: their names begin so
PREFIXES = {"taiwanese": ("tw_",), "european": ("eu_", "ready_bonus_doubles")}
FIELDS = {"taiwanese": ("tai", "points", "limit", "items"),
          "european": ("basic_points", "doubles", "points", "limit", "items")}


def family_options(rules) -> list[tuple[str, list]]:
    """(option, values to try) for every option of the rules' family table: a switch flipped, a choice changed, an
    integer set to 0 (the item off) or to the value another preset of the family gives it.

    >>> from calculator.rules import preset_rules
    >>> dict(family_options(preset_rules("european_classical")))["eu_self_drawn"]
    [0, 5]
    """
    family = rules.scoring_family
    out = []
    for name in OPTION_FIELDS:
        if not name.startswith(PREFIXES[family]):
            continue
        current = getattr(rules, name)
        if isinstance(current, int) and not isinstance(current, bool):
            seen = {getattr(p.rules, name) for p in PRESETS.values() if p.rules.scoring_family == family}
            least = OPTION_FIELDS[name].metadata.get("minimum", 0)
            values = sorted(v for v in ({0} | seen) - {current} if v >= least)
        else:
            values = alternatives(name, current)
        if values:
            out.append((name, values))
    return out


def family_view(result) -> dict:
    """The claimable fields of a Taiwanese or European /v1/score answer."""
    if not result.is_win:
        return {"is_win": False, "reasons": list(result.reasons)}
    if isinstance(result, TaiResult):
        return {"tai": result.tai, "points": result.points, "limit": result.limit,
                "items": [i.id for i in result.items]}
    v = result.value
    return {"basic_points": v.basic_points, "doubles": v.doubles, "points": v.points, "limit": v.limit,
            "items": [i.id for i in v.items] + [d.id for d in v.double_items]}


def _listing(pairs) -> str:
    return " + ".join(f"{name} {value}" for name, value in pairs) or "nothing"


def _why(field: str, got: dict, result, rules, items_why: str) -> str:
    if field == "items":
        return "The items differ: " + items_why + "."
    if isinstance(result, TaiResult):
        if field == "tai":
            return (f"The tai differ: the items add up to {_listing((i.id, i.tai) for i in result.items)}"
                    + (f", capped at tw_tai_limit {rules.tw_tai_limit}" if result.limit else "")
                    + (f"; {items_why}" if items_why else "") + ".")
        if field == "points":
            bonus = sum(t for _, t, _ in result.bonus_items)
            return (f"The points follow from the tai: {rules.tw_stake_base} + {rules.tw_stake_per_tai} per tai and "
                    f"payer for {got['tai']} tai" + (f", and {bonus} bonus tai (dealer, continued deals)" if bonus
                                                    else "") + f": {got['points']} for the winner here.")
        return f"The limit follows from the tai and tw_tai_limit ({rules.tw_tai_limit or 'none'})."
    v = result.value
    if field == "basic_points":
        return (f"The basic points differ: {_listing((i.id, i.points) for i in v.items)} = {v.basic_points}"
                + (f"; {items_why}" if items_why else "") + ".")
    if field == "doubles":
        return f"The doubles differ: {_listing((d.id, d.doubles) for d in v.double_items)} = {v.doubles}."
    if field == "points":
        return (f"The points follow from the basic points: {v.basic_points} x 2^{v.doubles} = "
                f"{v.basic_points * 2 ** v.doubles}, rounded to the nearest {rules.eu_rounding}"
                + (f", capped at the limit {rules.eu_limit}" if v.limit else "") + f": {v.points}.")
    return f"The limit follows from the doubled total and eu_limit ({rules.eu_limit or 'none'})."


def family_differences(claim: dict, got: dict, result, rules) -> list[Difference]:
    if "is_win" in got:
        why = "The hand is not a legal win under these rules: " + ", ".join(got["reasons"]) + "."
        return [Difference(k, v, None, why) for k, v in claim.items()]
    have, want = set(got["items"]), set(claim.get("items", got["items"]))
    missing, extra = sorted(have - want), sorted(want - have)
    items_why = "; ".join(p for p in (f"the hand also has {', '.join(missing)}" if missing else "",
                                      f"the hand has no {', '.join(extra)}" if extra else "") if p)
    out = []
    for field in FIELDS[rules.scoring_family]:
        if field not in claim:
            continue
        if field == "items":
            if want != have:
                out.append(Difference("items", sorted(want), sorted(have), _why(field, got, result, rules,
                                                                                items_why)))
        elif claim[field] != got[field]:
            out.append(Difference(field, claim[field], got[field], _why(field, got, result, rules, items_why)))
    return out


def audit_family_score(req, result, claim: dict, compute) -> Audit:
    """`compute(req)` scores a request with its family's table (calculator.scoring.families.score_hand)."""
    got = family_view(result)
    diffs = family_differences(claim, got, result, req.rules)
    explained = []
    if diffs:
        for option, values in family_options(req.rules):
            for value in values:
                rules = replace(req.rules, **{option: value})
                try:
                    other = compute(replace(req, rules=rules))
                except (InvalidHand, UnsupportedRules, KeyError, ValueError):
                    continue
                view = family_view(other)
                if not family_differences(claim, view, other, rules):
                    explained.append(Explanation({option: value}, {k: view[k] for k in claim}))
    return Audit(not diffs, tuple(diffs), tuple(explained))


def family_settle_differences(claim: dict, deltas: dict, rules, table) -> list[Difference]:
    want = claim.get("deltas", {})
    swap = swapped(want, deltas)
    out = []
    for seat in SEATS:
        if seat in want and want[seat] != deltas[seat]:
            why = (f"The deltas of {swap[0]} and {swap[1]} are swapped: who paid and who was paid." if swap
                   else family_delta_why(rules, want[seat] - deltas[seat], seat, table))
            out.append(Difference(f"deltas.{seat}", want[seat], deltas[seat], why))
    return out


def audit_family_settlement(table, rules, settlement, claim: dict, compute) -> Audit:
    """`compute(rules)` settles the deal again under other rules (its full hands scored again under them)."""
    diffs = family_settle_differences(claim, settlement.deltas, rules, table)
    explained = []
    if diffs:
        options = family_options(rules)
        if rules.scoring_family == "taiwanese":
            options.append(("multi_ron_mode", alternatives("multi_ron_mode", rules.multi_ron_mode)))
        for option, values in options:
            for value in values:
                changed = replace(rules, **{option: value})
                try:
                    other = compute(changed)
                except (InvalidHand, UnsupportedRules, KeyError, ValueError):
                    continue
                if not family_settle_differences(claim, other.deltas, changed, table):
                    explained.append(Explanation({option: value}, {"deltas": dict(other.deltas)}))
    return Audit(not diffs, tuple(diffs), tuple(explained))


def family_delta_why(rules, gap: int, seat: str, table) -> str:
    """Why a claimed settlement delta differs from the computed one, in the family's terms."""
    if rules.scoring_family == "taiwanese":
        unit = rules.tw_stake_per_tai
        bonus = rules.tw_dealer_bonus_tai + rules.tw_continuation_bonus_per_extra_hand * table.honba
        if unit and bonus and gap % unit == 0 and abs(gap) // unit in (rules.tw_dealer_bonus_tai, bonus,
                                                                         3 * bonus):
            return (f"The dealer's or continued-deal bonus differs: {gap:+d} for {seat} ({abs(gap) // unit} tai at "
                    f"{unit}; SEED-TW §4.2-4.3: East winner, or East dealing in).")
        return f"The hand's tai or who pays differ: {gap:+d} for {seat} (on a discard only the discarder pays)."
    return (f"The hand values or the losers' settlement differ: {gap:+d} for {seat} (every loser pays the winner, "
            "losers settle their differences, East pays and receives double).")
