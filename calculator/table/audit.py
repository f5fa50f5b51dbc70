"""Audit: an announced score or settlement (a `claim`) against the computed one, and the single rule changes
that would explain it (API.md "Audit").

Input: the claim, the request's Rules and a function that computes the answer under any Rules (the score of
one win, or one deal's settlement). Output: an Audit: `agrees`, each difference (field, claimed, computed,
why) and `explained_by`: every single option change of the rules in use, each option's alternative values
taken from the option registry (the other choices of an enumeration, the other truth value of a switch; a
free integer has none), under which the computed answer equals the claim. Only the options that can
change this answer are tried (a predicate per option: dora options only with indicators or red fives,
kiriage only at 1,920 base points, ...), and the hand's readings are cached by the decomposition, so an
audit costs a few scorings.
"""
from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from calculator.core.errors import InvalidHand, UnsupportedRules
from calculator.core.tiles import KIND, WIND_KIND, is_simple
from calculator.rules import OPTION_FIELDS
from calculator.scoring.payments import SEATS

DORA_IDS = ("dora", "aka_dora", "ura_dora")
SCORE_FIELDS = ("han", "fu", "points", "yaku", "limit")


class Difference(NamedTuple):
    field: str
    claimed: object
    computed: object
    why: str


class Explanation(NamedTuple):
    rules: dict
    then: dict


class Audit(NamedTuple):
    agrees: bool
    differences: tuple
    explained_by: tuple


def alternatives(option: str, value) -> list:
    """The other values of an option from the registry (none for a free integer).

    >>> alternatives("kiriage_mangan", False), alternatives("kazoe", "yakuman")
    ([True], ['sanbaiman', 'none'])
    """
    f = OPTION_FIELDS[option]
    choices = f.metadata.get("choices")
    if isinstance(f.default, bool):
        return [not value]
    if isinstance(f.default, tuple):
        if not choices or (f.default and isinstance(f.default[0], int)):
            return []
        # a set of names: each one added or taken away
        return [tuple(c for c in value if c != x) if x in value else tuple(value) + (x,) for x in choices]
    if choices:
        return [c for c in choices if c != value]
    return []


# ---------------------------------------------------------------- /v1/score

def score_view(result) -> dict:
    """The claimable fields of a /v1/score answer."""
    if not result.is_win:
        return {"is_win": False, "reasons": list(result.reasons)}
    return {"han": result.han, "fu": result.fu, "points": result.points, "limit": result.limit,
            "yaku": [i for i, _ in result.yaku] + [i for i, _ in result.yakuman]}


def _score_options(req, result) -> list[str]:
    """The options that can change this win's han, fu, limit, points or yaku."""
    sit, hand, rules = req.situation, req.hand, req.rules
    held = list(hand.all_codes()) + [req.win_tile]
    kinds = {KIND[t] for t in held}
    yakuman = bool(result.is_win and result.yakuman)
    tests = {
        "special_forms": not hand.melds, "min_han": False,
        "open_tanyao": not hand.is_closed and all(is_simple(k) for k in kinds),
        "renhou": sit.renhou, "renhou_han": sit.renhou and rules.renhou == "han",
        "riichi_han": sit.riichi == "riichi", "double_riichi_han": sit.riichi == "double_riichi",
        "riichi_ippatsu": sit.ippatsu, "double_yakuman": yakuman, "yakuman_stacking": yakuman,
        "kiriage_mangan": bool(result.is_win) and result.base_points == 1920,
        "kazoe": bool(result.is_win) and not yakuman and (result.han or 0) >= 13,
        "double_wind_pair_fu": sit.seat_wind == sit.round_wind and WIND_KIND[sit.seat_wind] in kinds,
        "open_pinfu_fu": not hand.is_closed and sit.win_by == "ron", "pinfu_tsumo_fu": hand.is_closed and sit.tsumo,
        "rinshan_tsumo_fu": sit.rinshan, "chiitoitsu_fu": not hand.melds,
        "ryan_shi": req.honba > 0, "ryan_shi_basis": rules.ryan_shi,
        "dora_indicator": bool(req.dora_indicators), "kan_dora": len(req.dora_indicators) > 1,
        "ura_dora": bool(req.ura_indicators) and sit.riichi != "none",
        "kan_ura_dora": len(req.ura_indicators) > 1 and sit.riichi != "none",
        "red_fives": any(t >= 34 for t in held),
    }
    if req.history is not None:
        for name in ("sacred_discard_variant", "sacred_discard_declaration", "sacred_declaration_scope",
                     "sacred_discard_applies_to_chankan", "one_four_seven_scoring", "missed_discard_mode",
                     "riichi_first_discard_required", "riichi_first_selfdraw_required",
                     "riichi_missed_tile_kills_hand"):
            tests[name] = True
    return [name for name, relevant in tests.items() if relevant]


def _score_differences(claim: dict, got: dict) -> list[Difference]:
    out = []
    if "is_win" in got:
        why = "The hand is not a legal win under these rules: " + ", ".join(got["reasons"]) + "."
        return [Difference(k, v, None, why) for k, v in claim.items()]
    got_yaku = set(got["yaku"])
    claimed_yaku = set(claim.get("yaku", got["yaku"]))
    if not claimed_yaku & set(DORA_IDS):
        got_yaku -= set(DORA_IDS)
    missing, extra = sorted(got_yaku - claimed_yaku), sorted(claimed_yaku - got_yaku)
    yaku_why = "; ".join(p for p in (f"the hand also has {', '.join(missing)}" if missing else "",
                                     f"the hand has no {', '.join(extra)}" if extra else "") if p)
    for field in SCORE_FIELDS:
        if field not in claim:
            continue
        want, have = claim[field], got[field]
        if field == "yaku":
            if set(want) != got_yaku:
                out.append(Difference("yaku", sorted(want), sorted(got_yaku), yaku_why + "."))
            continue
        if want == have:
            continue
        if field == "han":
            why = (yaku_why + "." if yaku_why else "The han differ: the yaku and dora are as computed; "
                   "count them again.")
        elif field == "fu":
            why = "The fu differ: see fu_breakdown (the wait, the pair, the sets, and rounding up to 10)."
        elif field == "limit":
            why = "The limit follows from han and fu (and the rules' kiriage_mangan and kazoe)."
        else:
            why = ("The points follow from han and fu: " + (f"the han differ ({claim['han']} claimed)"
                   if claim.get("han") not in (None, got["han"]) else f"the fu differ ({claim['fu']} claimed)"
                   if claim.get("fu") not in (None, got["fu"]) else f"{got['han']} han {got['fu']} fu is "
                   f"{have} here") + ".")
        out.append(Difference(field, want, have, why))
    return out


def _matches(claim: dict, got: dict) -> bool:
    return not ("is_win" in got or _score_differences(claim, got))


def audit_score(req, result, claim: dict, compute) -> Audit:
    """`compute(req)` scores a request (calculator.scoring.japanese.score)."""
    got = score_view(result)
    diffs = _score_differences(claim, got)
    explained = []
    if diffs:
        for option in _score_options(req, result):
            for value in alternatives(option, getattr(req.rules, option)):
                try:
                    other = score_view(compute(replace(req, rules=replace(req.rules, **{option: value}))))
                except (InvalidHand, UnsupportedRules, KeyError, ValueError):
                    continue
                if _matches(claim, other):
                    explained.append(Explanation({option: _json(value)}, {k: other[k] for k in claim}))
    return Audit(not diffs, tuple(diffs), tuple(explained))


# ---------------------------------------------------------------- /v1/settle

SETTLE_OPTIONS = {
    "win": ("honba_paid_to", "honba_multi_ron", "honba_pao_payer", "riichi_pool_multi_ron", "multi_ron_mode",
            "multi_ron_dealer_keeps", "abort_triple_ron", "pao_yakuman", "pao_ron_by_third_party",
            "pao_on_open_kong_claim", "pao_rinshan_after_open_kong", "pao_no_choice_declaration", "pao_scope",
            "kiriage_mangan", "kazoe", "double_yakuman", "yakuman_stacking"),
    "exhaustive_draw": ("draw_ready_payment", "draw_dealer_keeps", "draw_check_true_ready_state",
                        "riichi_pool_keep_on_draw", "nagashi_enabled", "nagashi_mode", "nagashi_forbid_own_calls",
                        "riichi_faulty_ready_penalty"),
    "abortive_draw": ("riichi_pool_keep_on_draw",),
    "chombo": ("penalty_chombo", "penalty_chombo_deal", "riichi_pool_keep_on_faulty_out"),
}


def swapped(claimed: dict, computed: dict) -> tuple | None:
    diff = [s for s in SEATS if s in claimed and claimed[s] != computed.get(s)]
    if len(diff) == 2 and claimed[diff[0]] == computed[diff[1]] and claimed[diff[1]] == computed[diff[0]]:
        return tuple(diff)
    return None


def _settle_differences(claim: dict, deltas: dict, table) -> list[Difference]:
    want = claim.get("deltas", {})
    swap = swapped(want, deltas)
    out = []
    for seat in SEATS:
        if seat not in want or want[seat] == deltas[seat]:
            continue
        gap = want[seat] - deltas[seat]
        if swap:
            why = f"The deltas of {swap[0]} and {swap[1]} are swapped: who paid and who was paid."
        elif table.honba and gap and gap % (100 * table.honba) == 0 and abs(gap) <= 300 * table.honba:
            why = f"The honba differ: {table.honba} counter(s) on the table, {gap:+d} for {seat}."
        elif table.riichi_sticks and gap and gap % 1000 == 0 and abs(gap) <= 1000 * table.riichi_sticks:
            why = f"The riichi sticks differ: {table.riichi_sticks} on the table, {gap:+d} for {seat}."
        else:
            why = f"The hand value or who pays differ: {gap:+d} for {seat}."
        out.append(Difference(f"deltas.{seat}", want[seat], deltas[seat], why))
    return out


def audit_settlement(table, outcome, unscored, rules, settlement, claim: dict, compute) -> Audit:
    """`compute(rules)` settles the deal under other rules (full-hand wins scored again under them);
    `unscored` are the outcome's wins before their full hands were scored (the same order)."""
    diffs = _settle_differences(claim, settlement.deltas, table)
    explained = []
    if diffs:
        area = "win" if outcome.kind in ("ron", "tsumo") else outcome.kind
        options = list(SETTLE_OPTIONS.get(area, ()))
        for raw, scored in zip(unscored, outcome.wins):
            if raw.score_request is not None:
                options += [o for o in _score_options(raw.score_request, _plain_score(scored)) if o not in options]
        for option in options:
            for value in alternatives(option, getattr(rules, option)):
                try:
                    other = compute(replace(rules, **{option: value}))
                except (InvalidHand, UnsupportedRules, KeyError, ValueError):
                    continue
                if not _settle_differences(claim, other.deltas, table):
                    explained.append(Explanation({option: _json(value)}, {"deltas": dict(other.deltas)}))
    return Audit(not diffs, tuple(diffs), tuple(explained))


class _Unscored(NamedTuple):
    is_win: bool = True
    yakuman: tuple = ()
    base_points: int = 0
    han: int = 0


def _plain_score(win):
    """What the option predicates read of a full-hand win before scoring (its han and base points)."""
    return _Unscored(True, win.yakuman_ids, win.limit.base_points if win.limit else 0, win.han)


def _json(value):
    return list(value) if isinstance(value, tuple) else value
