"""POST /v1/settle: reading its wins. A win is the short form (`winner` with `han`/`fu`/`yakuman`, or
`tai` under Taiwanese rules) or a full /v1/score body, loaded with schemas.score's ScoreIn and checked
against the settlement it belongs to (a Deal: the outcome's kind and discarder, the table's counters,
the rules); the bodies of one deal are checked against each other too (one discard, four copies).
"""
from __future__ import annotations

from dataclasses import dataclass

from marshmallow import Schema, ValidationError, fields, validate

from calculator.core.errors import InvalidHand, Issue, UnsupportedRules
from calculator.scoring.payments import SEATS
from calculator.rules import Rules, collect_rules
from calculator.table.wins import han_fu_issues, pao_issues
from calculator.table.model import Pao, Win
from calculator.core.tiles import counts_of, name

from .build import Collector, absent_seats
from .fields import Choice, MAX_COUNTER, StrictBoolean, StrictInteger, seat_field
from .problems import errors_from_messages
from .score import SCORE_IN

PAO_REASONS = ("daisangen", "daisuushii", "suukantsu", "rinshan_after_open_kong")


class PaoIn(Schema):
    seat = seat_field(required=True, metadata={"description": "The liable seat (who fed the dangerous tile)."})
    reason = Choice(required=True, validate=validate.OneOf(PAO_REASONS), metadata={
        "description": "daisangen, daisuushii, suukantsu (the yakuman fed), or rinshan_after_open_kong."})
    open_kan_claim = StrictBoolean(load_default=False, metadata={
        "description": "The dangerous tile was claimed for an open kong (rules option pao_on_open_kong_claim)."})
    no_choice = StrictBoolean(load_default=False, metadata={
        "description": "The feeder declared 'No choice' first (rules option pao_no_choice_declaration)."})


class ShortWinIn(Schema):
    winner = seat_field(required=True)
    han = StrictInteger(load_default=0, maximum=200, metadata={"description": "A JSON integer, 0-200."})
    fu = StrictInteger(load_default=0, maximum=200, metadata={"description": "A JSON integer, 0-200."})
    yakuman = StrictInteger(load_default=0, maximum=10, metadata={"description": "A JSON integer, 0-10."})
    tai = StrictInteger(load_default=None, maximum=1000, metadata={"description": "A JSON integer, 0-1000."})
    points = StrictInteger(load_default=None, maximum=10**6, metadata={
        "description": "European rules: the hand's total (basic points doubled, rounded, capped), 0-1,000,000."})
    riichi = StrictBoolean(load_default=False)
    pao = fields.Nested(PaoIn, load_default=None)


@dataclass(frozen=True)
class Deal:
    """What a win is read against: the outcome's kind and discarder, the table's counters, the rules."""
    kind: str
    discarder: str | None
    honba: int | None           # None: the table's field did not load
    riichi_sticks: int | None
    preset: str
    rules: Rules
    rules_payload: dict
    rules_ok: bool              # the request's rules loaded without a problem


SHORT_WIN, PAO_IN = ShortWinIn(), PaoIn()   # stateless; built once (marshmallow schemas are costly to build)


def same_discard_issues(wins) -> list[Issue]:
    """The full bodies of one deal's wins share its discard and its table: the same winning tile (one discard is
    one tile, the same code), round wind and dora indicators, and the same ura indicators where both give them."""
    bodies = [(i, w.score_request) for i, w in enumerate(wins) if w is not None and w.score_request is not None]
    if len(bodies) < 2:
        return []
    robbed = [i for i, req in bodies if req.robbed_bonus]
    if robbed:   # the eighth bonus tile is no tile another player can win on
        return [Issue("inconsistent_situation", "A player robbing the eighth flower or season wins alone: send his "
                      "win without the others.", f"outcome/wins/{robbed[0]}/robbed_bonus")]
    issues, (_, first) = [], bodies[0]
    for i, req in bodies[1:]:
        for field, code, mine, theirs in (
                ("win_tile", "win_tile_mismatch", req.win_tile, first.win_tile),
                ("round_wind", "round_wind_mismatch", req.situation.round_wind, first.situation.round_wind),
                ("dora_indicators", "dora_indicators_mismatch", sorted(req.dora_indicators),
                 sorted(first.dora_indicators))):
            if mine != theirs:
                issues.append(Issue(code, f"The winners of one deal share its {field.replace('_', ' ')}: this "
                                    f"hand's differs from outcome/wins/{bodies[0][0]}'s.", f"outcome/wins/{i}/{field}"))
        others = [r.ura_indicators for _, r in bodies if r is not req and r.ura_indicators]
        if req.ura_indicators and others and sorted(req.ura_indicators) != sorted(others[0]):
            issues.append(Issue("ura_dora_indicators_mismatch", "The riichi winners of one deal share its ura dora "
                                "indicators: this hand's differ from another winner's: send the same ones for every riichi winner.",
                                f"outcome/wins/{i}/ura_dora_indicators"))
    return issues


def copies_issues(wins) -> list[Issue]:
    """Several full bodies of one deal hold at most four copies of a tile between them: every winner's hand and
    melds, the shared winning tile once, and the (shared) dora and ura indicators once."""
    reqs = [w.score_request for w in wins if w is not None and w.score_request is not None]
    if len(reqs) < 2:
        return []
    codes = [t for r in reqs for t in r.hand.all_codes()] + [r.win_tile for r in reqs[:1] if r.win_tile is not None]
    codes += list(reqs[0].dora_indicators) + list(max((r.ura_indicators for r in reqs), key=len))
    return fifth_copies(codes, "outcome/wins", "the winners' hands and melds, the winning tile and the indicators")


def fifth_copies(codes, at: str, where: str) -> list[Issue]:
    counts = counts_of(codes)
    over = [k for k, n in enumerate(counts) if n > 4]
    if not over:
        return []
    names = ", ".join(f"{name(k)} ({counts[k]})" for k in over)
    return [Issue("too_many_copies", f"A tile has four copies; {where} hold more: {names}.", at)]


def _problems(col: Collector, err: ValidationError, prefix: str) -> None:
    for e in errors_from_messages(err.messages):
        col.issues.append(Issue(e["code"], e["detail"], prefix + e["pointer"][2:]))


def _at(at: str, issues) -> list[Issue]:
    """Issues whose field is relative to a win, pointed at it."""
    return [Issue(x.code, x.detail, f"{at}/{x.field}" if x.field else at) for x in issues]


def read_win(col: Collector, raw: dict, i: int, deal: Deal) -> Win | None:
    at = f"outcome/wins/{i}"
    if "hand" in raw:
        return _full_win(col, dict(raw), at, deal)
    raw = dict(raw)
    if "discarder" in raw:   # the outcome's discarder, repeated: accepted only when it is the same
        given = raw.pop("discarder")
        if deal.kind == "tsumo" and given is not None:
            col.issues.append(Issue("unexpected_discarder", "A self-draw has no discarder: leave it out.",
                                    at + "/discarder"))
        elif deal.kind == "ron" and given != deal.discarder:
            col.issues.append(Issue("discarder_mismatch", "The win's discarder must be the outcome's "
                                    f"({deal.discarder}) or left out.", at + "/discarder"))
    try:
        w = SHORT_WIN.load(raw)
    except ValidationError as err:
        _problems(col, err, at + "/")
        # the value checks still run on the numbers that loaded (an extra key or a bad winner hides nothing)
        w = {name: err.valid_data.get(name, SHORT_WIN.fields[name].load_default)
             for name in ("han", "fu", "yakuman", "tai", "points")}
        if all(name in err.valid_data or name not in raw for name in w):
            _short_value_issues(col, w, at, deal)
        return None
    pao = Pao(**w["pao"]) if w["pao"] else None
    col.issues += absent_seats(SHORT_WIN, w, deal.rules, at + "/")
    _short_value_issues(col, w, at, deal)
    col.issues += _at(at, pao_issues(pao, deal.kind))
    return Win(w["winner"], w["han"], w["fu"], w["yakuman"], w["tai"], w["riichi"], pao, points=w["points"])


def _short_value_issues(col: Collector, w: dict, at: str, deal: Deal) -> None:
    if deal.rules.scoring_family == "european":
        if w["points"] is None:
            col.issues.append(Issue("points_required", "European rules score a win in points: give `points` (the "
                                    "hand's total) or the full /v1/score body.", at))
        given = [k for k in ("han", "fu", "yakuman", "tai") if w[k]]
        if given:
            col.issues.append(Issue("not_in_rules", f"European rules score in points, not {given[0]}: leave it "
                                    "out.", f"{at}/{given[0]}"))
        return
    if w["points"] is not None:
        col.issues.append(Issue("not_in_rules", "`points` is the European short form; these rules score in "
                                + ("tai" if deal.rules.payment_scheme == "taiwanese" else "han and fu")
                                + ": leave it out.", at + "/points"))
    if deal.rules.payment_scheme == "taiwanese":
        if w["tai"] is None:
            col.issues.append(Issue("tai_required", "Taiwanese rules score a win in tai: give `tai`.", at))
    elif w["tai"] is not None:
        col.issues.append(Issue("tai_not_in_rules", "These rules score in han and fu, not tai: send han and fu instead.", at + "/tai"))
    else:
        col.issues += _at(at, han_fu_issues(w["han"], w["fu"], w["yakuman"], deal.kind, deal.rules))


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
    if winner is not None and winner != raw.get("seat_wind"):
        col.issues.append(Issue("winner_mismatch", "`winner` must equal the hand's `seat_wind`.", at + "/winner"))
    if raw.get("win_by") != deal.kind:
        col.issues.append(Issue("win_by_mismatch", f"The hand's win_by must be {deal.kind}.", at + "/win_by"))
        raw["win_by"] = deal.kind   # the hand is read as the outcome says, without a second, derived problem
    rinshan = raw.get("rinshan", False)
    col.issues += _at(at, pao_issues(pao, deal.kind, rinshan if isinstance(rinshan, bool) else None))
    try:
        call = SCORE_IN.load(raw)
    except ValidationError as err:
        _problems(col, err, at + "/")
        return None
    except (InvalidHand, UnsupportedRules) as err:
        # the request's own rules problems are reported once, at #/rules
        col.issues += [x for x in _at(at, err.issues) if deal.rules_ok or not x.field.startswith(at + "/rules")]
        return None
    req = call.request
    for code in call.notes:
        col.note(code)
    riichi = riichi_flag if isinstance(riichi_flag, bool) else raw.get("riichi", "none") != "none"
    return Win(raw["seat_wind"], riichi=riichi, pao=pao, score_request=req, claimed=claimed)


def _same_as_settlement(col: Collector, raw: dict, at: str, deal: Deal) -> None:
    """A full body's own discarder, counters and rules are accepted only when they equal the settlement's."""
    add = col.issues.append
    given = raw.get("discarder", "")
    if given is None or given in SEATS:   # a value that is no seat is the hand's own shape problem
        if deal.kind == "ron" and deal.discarder and given != deal.discarder:
            add(Issue("discarder_mismatch", f"The hand's discarder must be the outcome's ({deal.discarder}) or left "
                      "out.", at + "/discarder"))
        elif deal.kind == "tsumo" and given is not None:
            add(Issue("discarder_mismatch", "A self-draw has no discarder: leave it out.", at + "/discarder"))
    if "rules" not in raw:
        return
    if not isinstance(raw["rules"], dict):
        add(Issue("invalid", "Not a valid mapping type: a JSON object is expected.", f"{at}/rules"))
        return
    name, rules, issues = collect_rules(raw["rules"], f"{at}/rules")
    col.issues += issues
    if not issues and deal.rules_ok and (name, rules) != (deal.preset, deal.rules):
        add(Issue("rules_mismatch", f"The hand's rules ({name}) must be the request's ({deal.preset}, with the "
                  "same options) or left out.", f"{at}/rules"))
