"""POST /v1/evaluate: its body (the /v1/furiten fields and the /v1/score context) read into an EvaluateRequest."""
from __future__ import annotations

from calculator.core.errors import Issue
from calculator.core.hand import overlapping
from calculator.play.evaluate import EvaluateRequest, win_situation
from calculator.rules import PRESETS
from calculator.scoring.families import scores_hands
from calculator.scoring.japanese import check_situation
from schemas.evaluate import EvaluateIn
from schemas.notes import indicator_notes
from schemas.score import MAX_INDICATORS

from .collect import Collector, absent_seats, build_hand, seat_issues
from .family_checks import family_issues
from .history import build_history, history_tiles, kan_kinds
from .riichi import minimum_check_issues
from .score import kita_tiles

EVALUATE_IN = EvaluateIn()


_new = tuple.__new__


class EvaluateCall(tuple):
    """A read /v1/evaluate body: unpacks as (preset, request); `notes` holds the request's notes."""

    def __new__(cls, preset: str, notes: tuple, request):
        call = super().__new__(cls, (preset, request))
        call.notes = notes
        return call


_CHECKED: dict[tuple, tuple] = {}   # _situation_issues of meld-less hands under a preset as it is, by their values
_CHECKED_CACHE = 1 << 10           # winds, riichi state, ippatsu, kita, discarder, preset: emptied past it


def _situation_issues(data: dict, hand, rules, preset: str) -> tuple[list, list]:
    """check_situation of evaluate's own two Situations (no flag but the body's set): the ron one with the body's
    discarder, then the tsumo one. For a hand without melds under a preset's own Rules (one shared value), the
    answer depends on the body's six values and the preset only (check_situation reads the hand's melds alone),
    so it is looked up."""
    # the six values and the preset as one flat key (the first five are win_situation's)
    key = (data["seat_wind"], data["round_wind"], data["riichi"], data["ippatsu"], data["kita"], data["discarder"],
           preset)
    kept = not hand.melds and rules is PRESETS[preset].rules
    if kept:
        found = _CHECKED.get(key)
        if found is not None:
            return found
    values = key[:5]
    found = tuple(check_situation(win_situation(by, *values), hand, discarder, rules)
                  for by, discarder in (("ron", data["discarder"]), ("tsumo", None)))
    if kept:
        if len(_CHECKED) >= _CHECKED_CACHE:
            _CHECKED.clear()
        _CHECKED[key] = found
    return found


def read_evaluate(body) -> EvaluateCall:
    data = EVALUATE_IN.load(body)
    col, preset, rules = Collector.for_request(data)
    history = build_history(col, data, "", rules)
    visible = col.tiles(data["visible"], "visible")
    dora = col.tiles(data["dora_indicators"], "dora_indicators")
    ura = col.tiles(data["ura_dora_indicators"], "ura_dora_indicators")
    for key, codes in (("dora_indicators", dora), ("ura_dora_indicators", ura)):
        if len(codes) > MAX_INDICATORS:
            col.issues.append(Issue("too_many_indicators", f"At most {MAX_INDICATORS} indicators.", key))
    river, *passed = history_tiles(history, "", kan_kinds(data) if data["melds"] else ())
    # the passed tiles lie in others' rivers, which `visible` may list as well: a copy counts once
    kita = kita_tiles(col, data, rules) if data["kita"] else []   # no kita: no group, nothing to refuse
    extra = [("dora_indicators", dora), ("ura_dora_indicators", ura), river] + kita + \
        overlapping(passed + [("visible", visible)])
    hand = build_hand(col, data, rules, drawn=False, extra=extra)
    col.issues += absent_seats(EVALUATE_IN, data, rules)
    if (data["tiles_left"] or 0) > rules.live_wall:
        col.issues.append(Issue("too_many_tiles_left", f"tiles_left must be at most {rules.live_wall}: the live "
                                "wall's draws under these rules (live_wall).", "tiles_left"))
    for found in _situation_issues(data, hand, rules, preset):
        if found:
            col.issues += [i for i in found if i not in col.issues]
    if data["melds"]:
        col.issues += seat_issues(data["melds"], data["seat_wind"])
    col.issues += minimum_check_issues(preset, rules, data["rules"])
    # what /v1/score refuses under the family, except the obligatory European announcement (no scoring riichi)
    refused = family_issues(data, rules)
    if refused:
        col.issues += [i for i in refused if not (i.field == "riichi" and rules.ready_mode == "obligatory")]
    col.done()
    points = (data["scores"] or {}).get(data["seat_wind"])
    for code in indicator_notes(dora, ura, data["riichi"], rules):
        col.note(code)
    # EvaluateRequest(...) and EvaluateCall(...) without their generated __new__'s frames
    req = _new(EvaluateRequest, (hand, history, rules, data["seat_wind"], data["round_wind"], visible,
                                 data["ippatsu"], dora, ura, data["honba"], data["riichi_sticks"], data["discarder"],
                                 points, data["tiles_left"], scores_hands(PRESETS[preset].scoring, rules),
                                 data["kita"], tuple(data["flowers"]), tuple(data["seasons"])))
    call = _new(EvaluateCall, (preset, req))
    call.notes = tuple(col.notes)
    return call
