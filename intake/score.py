"""POST /v1/score: its body read into a ScoreRequest (a full win's body under /v1/settle and in an `outcomes`
record is read here too)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from calculator.core.errors import Issue
from calculator.core.hand import win_tile_hint
from calculator.core.tiles import NORTH
from calculator.rules import DEFAULT_PRESET, preset_rules
from calculator.scoring.families import HAND_SIZE
from calculator.scoring.japanese import ScoreRequest
from calculator.scoring.kita import kita_issues, kita_ron_issues
from schemas.notes import indicator_notes
from schemas.score import MAX_INDICATORS, ScoreIn

from .collect import Collector, absent_seats, build_hand, seat_issues
from .family_checks import claim_issues, family_issues, hand_size_issues, robbed_bonus_issues
from .history import build_history, history_tiles, kan_kinds
from .situation_checks import situation, situation_issues

SCORE_IN = ScoreIn()


@dataclass(frozen=True)
class ScoreCall:
    preset: str
    request: ScoreRequest
    claim: dict | None = None
    notes: tuple[str, ...] = ()


def read_score(body) -> ScoreCall:
    """The body's ScoreCall; ValidationError with every shape problem, else InvalidHand with every other."""
    return score_call(SCORE_IN.load(body))


def score_call(data: dict) -> ScoreCall:
    col = Collector()
    preset, rules = col.rules(data["rules"])
    if rules.hand_size != HAND_SIZE[rules.scoring_family]:
        # listed with the request's other problems, which are judged as for a 13-tile Japanese hand
        col.issues += hand_size_issues(rules)
        rules = preset_rules(DEFAULT_PRESET)
    win = col.tile(data["win_tile"], "win_tile")
    dora = col.tiles(data["dora_indicators"], "dora_indicators")
    ura = col.tiles(data["ura_dora_indicators"], "ura_dora_indicators")
    for name, codes in (("dora_indicators", dora), ("ura_dora_indicators", ura)):
        if len(codes) > MAX_INDICATORS:
            col.issues.append(Issue("too_many_indicators", f"At most {MAX_INDICATORS} indicators; got "
                                    f"{len(codes)}.", name))
    history = None
    if data["history"] is not None:
        # the riichi state is the body's own `riichi`, not history's
        history = build_history(col, {**data["history"], "riichi": data["riichi"]}, "history", rules)
    extra = ([("win_tile", (win,))] if win is not None else []) + \
        [("dora_indicators", dora), ("ura_dora_indicators", ura)] + kita_tiles(col, data, rules) + \
        (history_tiles(history, "history/", kan_kinds(data)) if history is not None else [])
    hand = build_hand(col, data, rules, drawn=False, extra=extra)
    if col.issues:
        col.issues = [win_tile_hint(i, hand, rules.hand_size) for i in col.issues]
    sit = situation(data)
    col.issues += situation_issues(data, hand, rules, sit)   # open declarations per family: riichi_needs_closed
    col.issues += family_issues(data, rules) + robbed_bonus_issues(data, rules) + claim_issues(data["claim"], rules)
    col.issues += absent_seats(SCORE_IN, data, rules) + kita_ron_issues(
        data["on_kita"], data["win_by"], data["chankan"], win, rules)
    col.issues += seat_issues(data["melds"], data["seat_wind"])
    col.done()
    if data["on_kita"] and rules.kita_ron_is_chankan:
        sit = replace(sit, chankan=True)
    req = ScoreRequest(hand, win, sit, dora, ura, data["honba"], data["riichi_sticks"],
                       data["discarder"], rules, history=history, dealer_extra_hands=data["dealer_extra_hands"],
                       consecutive_draws=data["consecutive_draws"], flowers=tuple(data["flowers"]),
                       seasons=tuple(data["seasons"]), late_flowers=tuple(data["flowers_after_declaration"]),
                       late_seasons=tuple(data["seasons_after_declaration"]), robbed_bonus=data["robbed_bonus"])
    for code in indicator_notes(dora, ura, data["riichi"], rules):
        col.note(code)
    return ScoreCall(preset, req, data["claim"], tuple(col.notes))


def kita_tiles(col: Collector, data: dict, rules) -> list[tuple[str, tuple[int, ...]]]:
    """The norths set aside (`kita`) as a tile group for the four-copies check; a kita under rules without
    them is kita_not_in_rules."""
    n = data["kita"]
    refused = kita_issues(n, rules)
    col.issues += refused
    return [("kita", (NORTH,) * n)] if n and not refused else []
