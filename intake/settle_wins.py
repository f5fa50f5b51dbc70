"""POST /v1/settle: reading its wins. A win is the short form (`winner` with `han`/`fu`/`yakuman`, or
`tai` under Taiwanese rules, schemas.settle.ShortWinIn) or a full /v1/score body (read by intake.score), each
read for its shape first and then checked (intake.win_checks) against the settlement it belongs to (a Deal: the
outcome's kind and discarder, the table's counters, the rules).
"""
from __future__ import annotations

from dataclasses import dataclass

from marshmallow import ValidationError

from calculator.core.errors import InvalidHand, Issue, UnsupportedRules
from calculator.scoring.payments import SEATS
from calculator.rules import Rules
from calculator.table.wins import pao_issues
from calculator.table.model import Pao, Win
from schemas.fields import MAX_COUNTER
from schemas.problems import errors_from_messages
from schemas.settle import PaoIn, ShortWinIn

from .collect import Collector, absent_seats
from .rules import read_rules, rules_problems
from .score import read_score
from .win_checks import (at_win, body_discarder_issues, body_rules_issues, body_winner_issues,
                         short_discarder_issues, short_value_issues)

@dataclass(frozen=True)
class Deal:
    """What a win is read against: the outcome's kind and discarder, the table's counters, the rules."""
    kind: str
    discarder: str | None
    honba: int
    riichi_sticks: int
    preset: str
    rules: Rules
    rules_payload: dict
    rules_ok: bool              # the request's rules loaded without a problem


SHORT_WIN, PAO_IN = ShortWinIn(), PaoIn()   # stateless; built once (marshmallow schemas are costly to build)


def _problems(col: Collector, err: ValidationError, prefix: str) -> None:
    """A nested load's problems, filed at `prefix`."""
    for e in errors_from_messages(err.messages):
        col.issues.append(Issue(e["code"], e["detail"], prefix + e["pointer"][2:]))


def read_win(col: Collector, raw: dict, i: int, deal: Deal) -> Win | None:
    at = f"outcome/wins/{i}"
    if "hand" in raw:
        return _full_win(col, dict(raw), at, deal)
    raw = dict(raw)
    if "discarder" in raw:   # the outcome's discarder, repeated: accepted only when it is the same
        col.issues += short_discarder_issues(raw.pop("discarder"), deal.kind, deal.discarder, at)
    try:
        w = SHORT_WIN.load(raw)
    except ValidationError as err:   # its shape problems; its values are checked once its shape is clean
        _problems(col, err, at + "/")
        return None
    pao = Pao(**w["pao"]) if w["pao"] else None
    col.issues += absent_seats(SHORT_WIN, w, deal.rules, at + "/")
    col.issues += short_value_issues(w, deal.kind, deal.rules, at)
    col.issues += at_win(at, pao_issues(pao, deal.kind))
    return Win(w["winner"], w["han"], w["fu"], w["yakuman"], w["tai"], w["riichi"], pao, points=w["points"])


def _full_win(col: Collector, raw: dict, at: str, deal: Deal) -> Win | None:
    pao_raw, winner = raw.pop("pao", None), raw.pop("winner", None)
    riichi_flag = raw.pop("riichi_stick", None)
    _same_as_settlement(col, raw, at, deal)
    raw.setdefault("win_by", deal.kind)
    given = raw.get("discarder", "")
    if given is None or given in SEATS:   # compared with the outcome's above; the outcome's is used
        del raw["discarder"]
    if deal.kind == "ron" and deal.discarder:
        raw.setdefault("discarder", deal.discarder)
    # with a bad rules payload (reported once, at #/rules) the hand is still read under the preset's rules
    raw["rules"] = deal.rules_payload if deal.rules_ok else {"preset": deal.preset}
    # the body's counters are what this winner collects, checked once the settlement has shared them out
    # (settle_wins); the table's counters decide Ryan Shi's minimum (§10.1), and payments are settled here
    claimed = []
    for key in ("honba", "riichi_sticks"):
        value = raw.get(key)
        ok = value is None or (type(value) is int and 0 <= value <= MAX_COUNTER)
        if not ok:
            col.issues.append(Issue("invalid", "A whole number from 0 to 1000, or left out.", f"{at}/{key}"))
        claimed.append(value if ok else None)
    claimed = tuple(claimed)
    raw["honba"], raw["riichi_sticks"] = deal.honba or 0, 0
    pao = None
    if pao_raw is not None:
        try:
            pao = Pao(**PAO_IN.load(pao_raw))
        except ValidationError as err:
            _problems(col, err, at + "/pao/")
    col.issues += body_winner_issues(winner, raw.get("seat_wind"), raw.get("win_by"), deal.kind, at)
    if raw.get("win_by") != deal.kind:
        raw["win_by"] = deal.kind   # the hand is read as the outcome says, without a second, derived problem
    rinshan = raw.get("rinshan", False)
    col.issues += at_win(at, pao_issues(pao, deal.kind, rinshan if isinstance(rinshan, bool) else None))
    try:
        call = read_score(raw)
    except ValidationError as err:
        _problems(col, err, at + "/")
        return None
    except (InvalidHand, UnsupportedRules) as err:
        # the request's own rules problems are reported once, at #/rules
        issues = rules_problems(err) if isinstance(err, UnsupportedRules) else err.issues
        col.issues += [x for x in at_win(at, issues) if deal.rules_ok or not x.field.startswith(at + "/rules")]
        return None
    req = call.request
    for code in call.notes:
        col.note(code)
    riichi = riichi_flag if isinstance(riichi_flag, bool) else raw.get("riichi", "none") != "none"
    return Win(raw["seat_wind"], riichi=riichi, pao=pao, score_request=req, claimed=claimed)


def _same_as_settlement(col: Collector, raw: dict, at: str, deal: Deal) -> None:
    """A full body's own discarder, counters and rules are accepted only when they equal the settlement's."""
    given = raw.get("discarder", "")
    if given is None or given in SEATS:   # a value that is no seat is the hand's own shape problem
        col.issues += body_discarder_issues(given, deal.kind, deal.discarder, at)
    if "rules" not in raw:
        return
    if not isinstance(raw["rules"], dict):
        col.issues.append(Issue("invalid", "Not a valid mapping type: a JSON object is expected, for example "
                                '{"preset": "japanese_modern"}.', f"{at}/rules"))
        return
    name, rules, issues = read_rules(raw["rules"], f"{at}/rules")
    col.issues += issues
    if not issues and deal.rules_ok:
        col.issues += body_rules_issues(name, rules, deal.preset, deal.rules, at)
