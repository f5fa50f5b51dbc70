"""POST /v1/settle: request and response schemas.

A win is either the short form (`winner` with `han`/`fu`/`yakuman`, or `tai` under Taiwanese
rules) or a full /v1/score body, loaded here with schemas.score.ScoreIn and scored by the
calculator at settlement time. Every problem in the body is collected before the 422.
"""
from __future__ import annotations

from dataclasses import dataclass

from marshmallow import Schema, ValidationError, fields, post_load, validate

from calculator.errors import InvalidHand, Issue, UnsupportedRules
from calculator.rules import Rules
from calculator.settlement import Outcome, Pao, Table, Win
from calculator.tiles import kind

from .build import CollectingSchema, Collector, build_hand
from .fields import MeldIn, RulesField, StrictBoolean, TilesField, seat_field
from .problems import errors_from_messages

KINDS = ("ron", "tsumo", "exhaustive_draw", "abortive_draw", "chombo")
ABORTIVE = ("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou")
PAO_REASONS = ("daisangen", "daisuushii", "suukantsu", "rinshan_after_open_kong")


@dataclass(frozen=True)
class SettleRequest:
    preset: str
    rules: Rules
    table: Table
    outcome: Outcome


def seats(description: str):
    return fields.List(seat_field(), load_default=list, metadata={"description": description})


class ScoresIn(Schema):
    east = fields.Integer(required=True, metadata={"description": "The dealer's points."})
    south = fields.Integer(required=True)
    west = fields.Integer(required=True)
    north = fields.Integer(required=True)


class PaoIn(Schema):
    seat = seat_field(required=True, metadata={"description": "The liable seat (who fed the dangerous tile)."})
    reason = fields.String(required=True, validate=validate.OneOf(PAO_REASONS), metadata={
        "description": "daisangen, daisuushii, suukantsu (the yakuman fed), or rinshan_after_open_kong."})
    open_kan_claim = StrictBoolean(load_default=False, metadata={
        "description": "The dangerous tile was claimed for an open kong (rules option pao_on_open_kong_claim)."})
    no_choice = StrictBoolean(load_default=False, metadata={
        "description": "The feeder declared 'No choice' first (rules option pao_no_choice_declaration)."})


class ShortWinIn(Schema):
    winner = seat_field(required=True)
    han = fields.Integer(load_default=0, validate=validate.Range(min=0, max=200))
    fu = fields.Integer(load_default=0, validate=validate.Range(min=0, max=200))
    yakuman = fields.Integer(load_default=0, validate=validate.Range(min=0, max=10))
    tai = fields.Integer(load_default=None, validate=validate.Range(min=0, max=1000))
    riichi = StrictBoolean(load_default=False)
    pao = fields.Nested(PaoIn, load_default=None)


class ShownHandIn(Schema):
    hand = TilesField(required=True, metadata={"description": "Concealed tiles: 13 - 3*melds.",
                                                "example": "123m456p789s2345s"})
    melds = fields.List(fields.Nested(MeldIn), load_default=list, metadata={"description": "Called and closed melds."})


SHORT_WIN, PAO_IN = ShortWinIn(), PaoIn()   # stateless; built once (marshmallow schemas are costly to build)


class OutcomeIn(Schema):
    kind = fields.String(required=True, validate=validate.OneOf(KINDS), metadata={"description": ", ".join(KINDS)})
    discarder = seat_field(load_default=None, metadata={"description": "ron: the seat that discarded the tile."})
    wins = fields.List(fields.Dict(), load_default=list, validate=validate.Length(max=3), metadata={
        "description": "ron (1-3 winners) / tsumo (exactly 1): each win is either a full /v1/score body (its "
        "`honba` and `riichi_sticks` are replaced by the table's; `discarder`, `win_by` and `rules` default to "
        "the settlement's) or {\"winner\": \"south\", \"han\": 3, "
        "\"fu\": 40, \"yakuman\": 0} ({\"winner\", \"tai\"} under Taiwanese rules). Optional on both: `riichi` "
        "(short form: the winner put a stick down this deal) and `pao` {seat, reason, open_kan_claim, no_choice}."})
    ready = seats("exhaustive_draw: the seats with a ready hand.")
    nagashi = seats("exhaustive_draw: the seats with nagashi mangan.")
    melded = seats("exhaustive_draw: seats that made any meld (nagashi with own calls, option "
                   "nagashi_forbid_own_calls).")
    noten_riichi = seats("exhaustive_draw: riichi declarers found not ready (faulty ready declaration).")
    hands = fields.Dict(keys=seat_field(), values=fields.Nested(ShownHandIn), load_default=dict, metadata={
        "description": "exhaustive_draw: hands shown at the draw, by seat; their readiness is computed (option "
        "draw_check_true_ready_state) and replaces what `ready` says for those seats; a riichi declarer "
        "(riichi_declared) whose shown hand is not ready is a faulty ready declaration."})
    round_wind = seat_field(load_default="east", metadata={"description": "The round wind (for the true-ready check)."})
    reason = fields.String(load_default=None, validate=validate.OneOf(ABORTIVE), metadata={
        "description": "abortive_draw: " + ", ".join(ABORTIVE) + "."})
    tile = TilesField(single=True, load_default=None, metadata={
        "description": "abortive_draw suufon_renda: the discarded tile (checked against winds_only)."})
    offender = seat_field(load_default=None, metadata={"description": "chombo: the offending seat."})
    offence = fields.String(load_default=None, metadata={
        "description": "chombo: what happened (false_win, noten_riichi, faulty_out, ...); informational."})


class SettleIn(CollectingSchema):
    scores = fields.Nested(ScoresIn, required=True, metadata={
        "description": "Points per seat after this deal's riichi deposits were put down."})
    honba = fields.Integer(load_default=0, validate=validate.Range(min=0, max=1000), metadata={
        "description": "Counters on the table (Taiwanese rules: the dealer's extra hands)."})
    riichi_sticks = fields.Integer(load_default=0, validate=validate.Range(min=0, max=1000), metadata={
        "description": "Riichi sticks on the table, this deal's deposits included."})
    riichi_declared = seats("Seats whose riichi stick was put down in this deal (for returning stakes and "
                            "riichi_pool_multi_ron own_back_rest_nearest).")
    false_claims = seats("One entry per false claim made this deal; each pays penalty_false_claim to the winner.")
    outcome = fields.Nested(OutcomeIn, required=True)
    rules = RulesField()

    @post_load
    def build(self, data, **kw):
        col = Collector()
        preset, rules = col.rules(data.get("rules"))
        o = data.get("outcome", {})
        tile = col.tile(o.get("tile"), "outcome/tile")
        hands = tuple((seat, _shown_hand(col, h, rules, seat)) for seat, h in o.get("hands", {}).items())
        wins = ()
        if "kind" in o:   # a win is read against the outcome's kind
            wins = tuple(_win(col, raw, i, o, data.get("rules", {}), rules, data.get("honba", 0))
                         for i, raw in enumerate(o.get("wins", ())))
        _check(col, data, o, wins)
        col.done()
        table = Table(dict(data["scores"]), data["honba"], data["riichi_sticks"], tuple(data["riichi_declared"]),
                      tuple(data["false_claims"]))
        outcome = Outcome(o["kind"], o["discarder"], tuple(w for w in wins if w is not None), tuple(o["ready"]),
                          tuple(o["nagashi"]), tuple(o["melded"]), tuple(o["noten_riichi"]), o["reason"],
                          None if tile is None else kind(tile), o["offender"], o["offence"], hands, o["round_wind"])
        return SettleRequest(preset, rules, table, outcome)


def _shown_hand(col: Collector, data: dict, rules, seat: str):
    sub, at = Collector(), f"outcome/hands/{seat}/"
    hand = build_hand(sub, data, rules, drawn=False, red_limits=rules.red_fives, prefix=at)
    col.issues += [i if i.field.startswith(at) else Issue(i.code, i.detail, at + i.field) for i in sub.issues]
    return hand


def _problems(col: Collector, err: ValidationError, prefix: str) -> None:
    for e in errors_from_messages(err.messages):
        col.issues.append(Issue(e["code"], e["detail"], prefix + e["pointer"][2:]))


def _win(col: Collector, raw: dict, i: int, o: dict, rules_payload: dict, rules, honba: int) -> Win | None:
    at = f"outcome/wins/{i}"
    if "hand" in raw:
        return _full_win(col, dict(raw), at, o, rules_payload, honba)
    try:
        w = SHORT_WIN.load(raw)
    except ValidationError as err:
        _problems(col, err, at + "/")
        return None
    pao = Pao(**w["pao"]) if w["pao"] else None
    if rules.payment_scheme == "taiwanese":
        if w["tai"] is None:
            col.issues.append(Issue("tai_required", "Taiwanese rules score a win in tai: give `tai`.", at))
    elif w["tai"] is not None:
        col.issues.append(Issue("tai_not_in_rules", "These rules score in han and fu, not tai.", at + "/tai"))
    elif w["yakuman"] == 0 and w["han"] == 0:
        col.issues.append(Issue("no_value", "A win needs han (with fu) or a yakuman count.", at))
    elif w["yakuman"] == 0 and w["han"] < 5 and w["fu"] < 20:
        col.issues.append(Issue("fu_required", "Below 5 han the value needs fu (at least 20).", at + "/fu"))
    return Win(w["winner"], w["han"], w["fu"], w["yakuman"], w["tai"], w["riichi"], pao)


def _full_win(col: Collector, raw: dict, at: str, o: dict, rules_payload: dict, honba: int) -> Win | None:
    try:
        from .score import SCORE_IN
    except ImportError:   # scoring not installed in this build
        col.issues.append(Issue("full_hand_unavailable", "Full hands cannot be scored here; send han/fu.", at))
        return None
    pao_raw, winner = raw.pop("pao", None), raw.pop("winner", None)
    riichi_flag = raw.pop("riichi_stick", None)
    raw.setdefault("win_by", o["kind"])
    if o["kind"] == "ron" and o.get("discarder"):
        raw.setdefault("discarder", o["discarder"])
    raw.setdefault("rules", rules_payload)
    # the table's counters, not the body's: they decide Ryan Shi's minimum (§10.1); payments are settled here
    raw["honba"], raw["riichi_sticks"] = honba, 0
    pao = None
    if pao_raw is not None:
        try:
            pao = Pao(**PAO_IN.load(pao_raw))
        except ValidationError as err:
            _problems(col, err, at + "/pao/")
    if winner is not None and winner != raw.get("seat_wind"):
        col.issues.append(Issue("winner_mismatch", "`winner` must equal the hand's `seat_wind`.", at + "/winner"))
    if raw.get("win_by") != o["kind"]:
        col.issues.append(Issue("win_by_mismatch", f"The hand's win_by must be {o['kind']}.", at + "/win_by"))
    try:
        req = SCORE_IN.load(raw).request
    except ValidationError as err:
        _problems(col, err, at + "/")
        return None
    except (InvalidHand, UnsupportedRules) as err:
        col.issues += [Issue(x.code, x.detail, f"{at}/{x.field}" if x.field else at) for x in err.issues]
        return None
    riichi = riichi_flag if isinstance(riichi_flag, bool) else raw.get("riichi", "none") != "none"
    return Win(raw["seat_wind"], riichi=riichi, pao=pao, score_request=req)


def _check(col: Collector, data: dict, o: dict, wins) -> None:
    """The outcome's own consistency; a check whose fields did not load is left out."""
    kind_, add = o.get("kind"), col.issues.append
    winners = [w.winner for w in wins if w is not None]
    if kind_ in ("ron", "tsumo"):
        want = "exactly one win" if kind_ == "tsumo" else "one to three wins"
        if "wins" in o and (not o["wins"] or (kind_ == "tsumo" and len(o["wins"]) != 1)):
            add(Issue("wrong_win_count", f"A {kind_} needs {want}.", "outcome/wins"))
        if len(set(winners)) != len(winners):
            add(Issue("duplicate_winner", "Each seat wins at most once.", "outcome/wins"))
        if kind_ == "ron" and "discarder" in o:
            if o["discarder"] is None:
                add(Issue("required", "A ron needs the `discarder`.", "outcome/discarder"))
            elif o["discarder"] in winners:
                add(Issue("discarder_wins", "The discarder cannot win on his own discard.", "outcome/discarder"))
        for i, w in enumerate(wins):
            if w is not None and w.pao is not None and w.pao.seat == w.winner:
                add(Issue("liable_is_winner", "The liable seat cannot be the winner.", f"outcome/wins/{i}/pao/seat"))
    elif kind_ is not None and o.get("wins"):
        add(Issue("unexpected_wins", f"An {kind_} has no wins.", "outcome/wins"))
    if o.get("hands") and kind_ not in (None, "exhaustive_draw"):
        add(Issue("unexpected_hands", "Hands are shown only at an exhaustive draw.", "outcome/hands"))
    if kind_ == "abortive_draw" and "reason" in o and o["reason"] is None:
        add(Issue("required", "An abortive draw needs its `reason`.", "outcome/reason"))
    if kind_ == "chombo" and "offender" in o and o["offender"] is None:
        add(Issue("required", "A chombo needs the `offender`.", "outcome/offender"))
    for name in ("ready", "nagashi", "melded", "noten_riichi"):
        if len(set(o.get(name, ()))) != len(o.get(name, ())):
            add(Issue("duplicate_seat", "Each seat at most once.", f"outcome/{name}"))
    if set(o.get("ready", ())) & set(o.get("noten_riichi", ())):
        add(Issue("ready_and_noten", "A seat cannot be both ready and not ready.", "outcome/noten_riichi"))
    declared = data.get("riichi_declared", ())
    if len(set(declared)) != len(declared):
        add(Issue("duplicate_seat", "Each seat puts down at most one stick per deal.", "riichi_declared"))
    if "riichi_sticks" in data and len(declared) > data["riichi_sticks"]:
        add(Issue("too_few_sticks", "riichi_sticks must include this deal's deposits.", "riichi_declared"))


class NextOut(Schema):
    honba = fields.Integer(metadata={"description": "Counters for the next deal."})
    riichi_sticks = fields.Integer(metadata={"description": "Riichi sticks left on the table for the next deal."})
    dealer_keeps = fields.Boolean(metadata={"description": "The same dealer deals again."})


class ItemOut(Schema):
    from_seat = fields.String(data_key="from", metadata={"description": "Paying seat, or \"pool\" (the table)."})
    to_seat = fields.String(data_key="to", metadata={"description": "Receiving seat, \"pool\", or \"nobody\" "
                                                     "(a penalty taken out of the game)."})
    amount = fields.Integer(metadata={"description": "Points."})
    reason = fields.String(metadata={"description": "hand, pao, honba, riichi_sticks, riichi_return, ready_payment, "
                                     "nagashi, chombo, faulty_ready, false_claim, dealer_bonus, continuation_bonus."})
    win = fields.Integer(allow_none=True, metadata={"description": "Index into outcome.wins, for a win's items."})


class WinOut(Schema):
    winner = fields.String()
    paid = fields.Boolean(metadata={"description": "False for a claim that a head bump ignored."})
    han = fields.Integer()
    fu = fields.Integer()
    yakuman = fields.Integer(metadata={"description": "Total yakuman multiplier."})
    tai = fields.Integer(allow_none=True, metadata={"description": "Taiwanese hand value, if used."})
    base_points = fields.Integer()
    limit = fields.String(allow_none=True)
    points = fields.Integer(metadata={"description": "Hand value received, without counters, sticks and bonuses."})
    honba = fields.Integer(metadata={"description": "Counter points received."})
    riichi_sticks = fields.Integer(metadata={"description": "Riichi stick points collected."})
    liable = fields.String(allow_none=True, metadata={"description": "Seat that paid under liability (pao)."})
    total = fields.Integer(metadata={"description": "Everything this winner received."})


class SettleOut(Schema):
    preset = fields.String(metadata={"description": "The preset used."})
    deltas = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "Change per seat, counters, sticks and penalties included."})
    scores = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "Points per seat after the deal."})
    next = fields.Nested(NextOut)
    pool_change = fields.Integer(metadata={"description": "Change of the points on the table (riichi sticks); "
                                           "sum(deltas) + pool_change + forfeited = 0."})
    forfeited = fields.Integer(metadata={"description": "Penalty points taken out of the game (0 except a fixed "
                                         "faulty-ready penalty)."})
    payments = fields.List(fields.Nested(ItemOut), metadata={"description": "Every transfer, with its reason."})
    wins = fields.List(fields.Nested(WinOut), metadata={"description": "Each claimed win, nearest to the "
                                                        "discarder first."})
    tournament_points = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "Penalties booked on the overall result instead of the table (EMA/WRC chombo)."})
    notes = fields.List(fields.String(), metadata={"description": "Rule decisions worth knowing (e.g. head_bump, "
                                                   "pao_yakuman_not_in_rules, nagashi_denied_own_calls)."})


SETTLE_IN, SETTLE_OUT = SettleIn(), SettleOut()
