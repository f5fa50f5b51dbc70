"""POST /v1/riichi: its body read into a RiichiRequest (the hand, the declaration history, the event)."""
from __future__ import annotations

from dataclasses import dataclass

from calculator.core.errors import Issue
from calculator.core.hand import Hand
from calculator.furiten.permission import History
from calculator.play.after_declaration import Event, event_issues
from calculator.play.declarations import (DeclarationHistory, declaration_mark_issues, minimum_checked,
                                          scoring_defined, tiles_left_issues)
from calculator.rules import PRESETS, Rules
from schemas.declarations import EVENTS, RiichiIn

from .collect import Collector, absent_seats, build_hand
from .history import build_history, history_tiles, kan_kinds, open_riichi_issues

RIICHI_IN = RiichiIn()


@dataclass(frozen=True)
class RiichiRequest:
    preset: str
    rules: Rules
    hand: Hand
    history: History
    points: int | None
    tiles_left: int | None
    winds: tuple[str, str]
    event: Event | None
    notes: tuple[str, ...] = ()


def minimum_check_issues(preset: str, rules: Rules, payload: dict) -> list[Issue]:
    """`scoring_not_defined` when the declaration rules would score the hand (riichi_check_minimum_points)
    where hand scoring is not defined: a preset without it, or 16-tile hands. `payload`: the request's rules
    object (the problem points at the option when it names it, else at the preset)."""
    if not minimum_checked(rules) or scoring_defined(PRESETS[preset].scoring, rules):
        return []
    why = (f"the preset {preset!r} has no hand scoring" if not PRESETS[preset].scoring
           else f"it reads Japanese han, and these rules score with the {rules.scoring_family} table"
           if rules.scoring_family != "japanese"
           else f"hand scoring is defined for 13-tile hands only (hand_size {rules.hand_size})")
    named = isinstance(payload, dict) and "riichi_check_minimum_points" in payload
    return [Issue("scoring_not_defined", f"The minimum-score check (riichi_check_minimum_points) needs hand "
                  f"scoring: {why}.", "rules/riichi_check_minimum_points" if named else "rules/preset")]


def read_riichi(body) -> RiichiRequest:
    data = RIICHI_IN.load(body)
    col, preset, rules = Collector.for_request(data)
    history = build_history(col, data, "", rules)
    history = DeclarationHistory(history.discards, history.missed, history.missed_after_riichi, history.riichi,
                                 history.sacred_declared_at, data["calls_before"])
    col.issues += minimum_check_issues(preset, rules, data["rules"])
    col.issues += declaration_mark_issues(data["riichi"], (d["riichi"] for d in data["discards"]))
    ev = data["event"]
    event = None
    extra = history_tiles(history, "", kan_kinds(data))
    if ev is not None:
        tile = col.tile(ev["tile"], "event/tile")
        event = Event(ev["kind"], tile, ev["by"], ev["meld"])
        if tile is not None and ev["kind"] == "passed":
            # the pass may already be listed in missed / missed_after_riichi: counted as one of them
            extra = history_tiles(history, "", kan_kinds(data), (("event/tile", (tile,)),))
        elif tile is not None and ev["kind"] in EVENTS and not (ev["kind"] == "win" and _drawn_size(data, rules)):
            # a drawn or claimed tile is one more copy; a win tile is already in a 14-tile hand
            extra = extra + [("event/tile", (tile,))]
    hand = build_hand(col, data, rules, drawn=None, extra=extra)
    col.issues += open_riichi_issues(data, rules)
    col.issues += absent_seats(RIICHI_IN, data, rules)
    col.issues += tiles_left_issues(data["tiles_left"], rules)
    # the event checks read the hand's tiles and size; other problems (the rules among them: their
    # stand-in is the preset's, or the default preset's, rules) leave them meaningful
    if not any(i.field.split("/")[0] in ("hand", "melds", "event") for i in col.issues):
        col.issues += event_issues(hand, history, rules, event)
    col.done()
    winds = (data["seat_wind"], data["round_wind"])
    return RiichiRequest(preset, rules, hand, history, data["points"], data["tiles_left"], winds, event,
                         tuple(col.notes))


def _drawn_size(data: dict, rules: Rules) -> bool:
    """The loaded hand holds a drawn tile: 14 - 3*melds concealed tiles (17 - 3*melds for 16-tile rules)."""
    return len(data["hand"].codes) == rules.hand_size + 1 - 3 * len(data["melds"])
