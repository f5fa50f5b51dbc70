"""POST /v1/settle: request and response schemas.

The table, the outcome and the evidence a draw may carry are read here; the wins (short form or a
full /v1/score body) are read by schemas.settle_wins. Loading scores nothing: it gives a SettleDraft
(the wins as sent, the problems of their shape and of the rest of the body), the route scores the full
bodies (calculator.table.wins.score_full_hands) and `finish` joins the hands that are not a win to
the other problems, so that every problem in the body is listed in one 422.
"""
from __future__ import annotations

from dataclasses import dataclass

from marshmallow import Schema, fields, pre_dump, validate

from calculator.table.draws import abortive_issues
from calculator.core.errors import Issue
from calculator.furiten.permission import Discard
from calculator.rules import Rules
from calculator.scoring.european import HandValue
from calculator.table.model import Outcome, Table
from calculator.table.outcome_checks import one_winner_issues, outcome_issues, table_seat_issues
from calculator.table.loser_checks import loser_hands
from calculator.table.win_checks import copies_issues, draw_copies_issues, same_discard_issues, shown_codes
from calculator.core.tiles import kind

from .build import CollectingSchema, Collector, Draft, absent_seats, build_hand
from .fields import (Choice, MAX_COUNTER, BoundedDict, BoundedList, RulesField, SameAs, melds_field, StrictInteger,
                     TilesField, seat_field, wind_field)
from .furiten import MAX_RIVER, DiscardIn
from .score import FamilyItemOut, hand_value_answer
from .settle_hands import read_loser_bodies
from .audit import AuditOut
from .messages import OUTCOME_HINTS
from .notes import NotesOut
from .settle_wins import Deal, read_win

KINDS = ("ron", "tsumo", "exhaustive_draw", "abortive_draw", "chombo")
ABORTIVE = ("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou")


@dataclass(frozen=True)
class SettleRequest:
    preset: str
    rules: Rules
    table: Table
    outcome: Outcome
    claim: dict | None = None
    unscored: tuple = ()      # the outcome's wins before their full hands were scored (for the audit)
    notes: tuple[str, ...] = ()


class SettleClaimIn(Schema):
    """Announced deltas to audit (API.md "Audit")."""
    deltas = fields.Dict(keys=seat_field(), values=StrictInteger(minimum=-10**9, maximum=10**9),
                         load_default=dict, metadata={"description": "Claimed change per seat (any of the seats)."})


# a list of seats names each seat at most once, except false_claims (one entry per false claim)
MAX_SEAT_ITEMS = 16


def seats(description: str):
    return BoundedList(seat_field(), max_items=MAX_SEAT_ITEMS, what="seats", load_default=list,
                       metadata={"description": description})


MAX_SCORE = 10 ** 9   # table points: a JSON integer within +-10^9


def score_field(description: str, **kw):
    kw.setdefault("required", True)
    return StrictInteger(minimum=-MAX_SCORE, maximum=MAX_SCORE, metadata={
        "description": f"{description} A JSON integer from -1,000,000,000 to 1,000,000,000."}, **kw)


class ScoresIn(Schema):
    """One entry per seat of the rules (`players`): every one is required, `north` only with four players."""
    east = score_field("The dealer's points.")
    south = score_field("South's points.")
    west = score_field("West's points.")
    north = score_field("North's points: required with four players; under three players a `north` is 422 "
                        "no_such_seat.", required=False, load_default=None)


class ShownHandIn(Schema):
    hand = TilesField(required=True, metadata={"description": "Concealed tiles: 13 - 3*melds.",
                                                "example": "123m456p789s2345s"})
    melds = melds_field()




class OutcomeIn(Schema):
    unknown_hints = OUTCOME_HINTS
    kind = Choice(required=True, validate=validate.OneOf(KINDS), metadata={"description": ", ".join(KINDS)})
    discarder = seat_field(load_default=None, metadata={"description": "ron: the seat that discarded the tile "
                                                               "(any other kind: 422 unexpected_discarder)."})
    wins = BoundedList(fields.Dict(), max_items=3, what="wins", load_default=list, metadata={
        "description": "ron (1-3 winners) / tsumo (exactly 1): each win is either a full /v1/score body or "
        "{\"winner\": \"south\", \"han\": 3, \"fu\": 40, \"yakuman\": 0} ({\"winner\", \"tai\"} under Taiwanese "
        "rules). A full body's `discarder`, `win_by`, `honba`, `riichi_sticks` and `rules` may be left out: they "
        "are the settlement's (the outcome's kind and discarder; the counters and sticks the settlement gives "
        "this winner from the table's, as /v1/score means them: a second winner under first-winner-takes rules "
        "collects 0, 0; the request's rules); one that is given must equal it (422 discarder_mismatch, "
        "win_by_mismatch, counters_mismatch, rules_mismatch at that field). Every full body is scored and each one that is not a legal win is a "
        "not_a_win problem. Short form: `fu` is 20, 25 or a multiple of 10 up to 140 (invalid_fu), may be left "
        "out from 5 han or with a yakuman, and a value no hand can have is refused (impossible_han_fu: 25 fu "
        "below 2 han, or 3 on a tsumo; 20 fu on a tsumo below 2 han; 20 fu on a ron unless open_pinfu_fu is "
        "20). Presets without hand scoring in the rule collection (european_classical, french, italian; "
        "taiwanese_16 for full bodies) answer scoring_not_defined for han/fu and full-hand wins. Optional on "
        "both: `riichi` (short form: the winner put a stick down this deal) and `pao` {seat, reason, "
        "open_kan_claim, no_choice}; rinshan_after_open_kong needs a tsumo (pao_not_rinshan)."})
    ready = seats("exhaustive_draw: the seats with a ready hand.")
    nagashi = seats("exhaustive_draw: the seats with nagashi mangan, as the client asserts it; a seat whose river "
                    "is given in `discards` is checked (a claimed discard or a simple denies it, notes "
                    "nagashi_denied_claimed_discard / nagashi_denied_simple_discard).")
    melded = seats("exhaustive_draw: seats that made any meld (nagashi with own calls, option "
                   "nagashi_forbid_own_calls).")
    noten_riichi = seats("exhaustive_draw: riichi declarers found not ready (faulty ready declaration); each must be "
                         "in riichi_declared when that is given (422 noten_riichi_not_declared). What it costs is "
                         "the rules option riichi_faulty_ready_penalty: chombo is RULES §17.5 example 2 (the "
                         "penalty_chombo payment, the deal void and replayed, no ready payments: ema, wrc); "
                         "as_faulty_out (japanese_modern, the seed's 'he must normally pay as for a faulty Out' and "
                         "'if the deal ends in a draw, penalties ... are still applied') charges penalty_chombo and "
                         "the deal still ends as a draw, ready payments included, the offender not ready; fixed "
                         "and none likewise settle the draw.")
    hands = BoundedDict(max_items=4, what="seats", keys=seat_field(), values=fields.Nested(ShownHandIn), load_default=dict, metadata={
        "description": "exhaustive_draw: hands shown at the draw, by seat; their readiness is computed (option "
        "draw_check_true_ready_state) and replaces what `ready` says for those seats; a riichi declarer "
        "(riichi_declared) whose shown hand is not ready is a faulty ready declaration."})
    round_wind = wind_field(load_default="east", metadata={"description": "The round wind (for the true-ready check)."})
    discards = BoundedDict(max_items=4, what="seats", keys=seat_field(), values=BoundedList(
        fields.Nested(DiscardIn), max_items=MAX_RIVER, what="discards in one river", validate=validate.Length(min=1)),
        load_default=dict, metadata={
        "description": "exhaustive_draw, optional: rivers by seat, oldest first, each discard with `called` "
        "(an opponent claimed it); they verify the `nagashi` seats (every discard a terminal or honour, none "
        "claimed: RULES §13.1)."})
    reason = Choice(load_default=None, validate=validate.OneOf(ABORTIVE), metadata={
        "description": "abortive_draw: " + ", ".join(ABORTIVE) + "."})
    tile = TilesField(single=True, load_default=None, metadata={
        "description": "abortive_draw suufon_renda: the discarded tile (checked against winds_only)."})
    first_tiles = TilesField(load_default=None, metadata={
        "description": "abortive_draw kyuushu_kyuuhai, optional: the declarer's first tiles (the dealt hand and the "
        "first draw, hand_size + 1); fewer than nine different terminals and honours is a 422 "
        "abortive_draw_not_possible.", "example": "129m138p459s12567z"})
    kongs = BoundedDict(max_items=4, what="seats", keys=seat_field(), values=fields.Raw(metadata={"type": "integer", "minimum": 0, "maximum": 4}),
                        load_default=dict, metadata={
        "description": "abortive_draw suukaikan, optional: kongs declared by seat; the deal aborts on four kongs by "
        "several players (or a fifth after one player's four), otherwise 422 abortive_draw_not_possible."})
    offender = seat_field(load_default=None, metadata={"description": "chombo: the offending seat."})
    offence = fields.String(load_default=None, metadata={
        "description": "chombo: what happened (false_win, noten_riichi, faulty_out, ...); informational."})


class SettleIn(CollectingSchema):
    scores = fields.Nested(ScoresIn, required=True, metadata={
        "description": "Points per seat after this deal's riichi deposits were put down: an object by seat "
                       "(/v1/final's `scores` is a list of players instead).",
        "shape_note": "here `scores` is an object by seat; /v1/final's is a list of players",
        "example": {"east": 25000, "south": 25000, "west": 25000, "north": 25000}})
    honba = StrictInteger(load_default=0, maximum=MAX_COUNTER, metadata={
        "description": "Counters on the table (Taiwanese rules: the dealer's extra hands); a JSON integer, 0-1000."})
    riichi_sticks = StrictInteger(load_default=0, maximum=MAX_COUNTER, metadata={
        "description": "Riichi sticks on the table, this deal's deposits included; a JSON integer, 0-1000. Fewer "
        "sticks than this deal's declarers (riichi_declared, a winner's `riichi`, noten_riichi) is a 422 "
        "too_few_sticks; a suucha_riichi abortive draw needs at least 4 (abortive_draw_not_possible)."})
    riichi_declared = BoundedList(seat_field(), max_items=MAX_SEAT_ITEMS, what="seats", load_default=None, metadata={"description": (
        "Seats whose riichi stick was put down in this deal (for returning stakes and riichi_pool_multi_ron "
        "own_back_rest_nearest). When given, a winner with `riichi` (or a full body's riichi) that is not listed "
        "is a 422 riichi_not_declared, a noten_riichi seat that is not listed is a 422 noten_riichi_not_declared, "
        "and a suucha_riichi abortive draw needs all four seats (abortive_draw_not_possible).")})
    false_claims = seats("One entry per false claim made this deal; each pays penalty_false_claim to the winner.")
    outcome = fields.Nested(OutcomeIn, required=True, metadata={
        "description": "How the deal ended: a ron, a tsumo, a draw, an abortive draw or a chombo, with its winners.",
        "example": {"kind": "ron", "discarder": "west", "wins": [{"winner": "south", "han": 3, "fu": 30}]}})
    hands = fields.Dict(keys=fields.String(), values=fields.Raw(), load_default=dict, metadata={
        "description": "European scoring (european_classical, french, italian), a win: every loser's hand by seat, "
        "each the /v1/score body without the win (hand, melds, flowers, seasons, riichi for a declaration that did "
        "not win, round_wind) or the short form {\"points\": n}. The losers then settle the differences of their "
        "totals, East paying and receiving double; a long hand (more concealed tiles) scores nothing, a short hand "
        "its completed sets (SEED-EU §4.3). Give all losers or none (none: only the winner is paid, note "
        "loser_hands_not_given)."})
    claim = fields.Nested(SettleClaimIn, load_default=None, metadata={
        "description": "Optional: announced deltas to audit ({\"deltas\": {seat: points}}); the answer then "
        "carries `audit`: agrees, differences (each seat, with why: swapped, honba, sticks, hand value) and the "
        "single option changes that explain the claim."})
    rules = RulesField()

    def build(self, data, **kw):
        """A SettleDraft: the request read from the fields that loaded, its full hands not scored (the route
        scores them with calculator.table.wins.score_full_hands and finishes the draft with `finish`)."""
        col, preset, rules = Collector.for_request(data)
        rules_ok = "rules" in data and not col.issues
        o = data.get("outcome", {})
        tile = col.tile(o.get("tile"), "outcome/tile")
        first_tiles = col.tiles(o.get("first_tiles"), "outcome/first_tiles")
        first_ok = o.get("first_tiles") is not None and not o["first_tiles"].issues
        hands = tuple((seat, _shown_hand(col, h, rules, seat)) for seat, h in o.get("hands", {}).items())
        rivers = tuple((seat, _river(col, river, seat)) for seat, river in o.get("discards", {}).items())
        kongs = _kongs(col, o.get("kongs", {}))
        wins, shown_round, shown = [], None, ()
        if o.get("kind") in ("ron", "tsumo"):   # a win is read against the outcome's kind
            deal = Deal(o["kind"], o.get("discarder"), data.get("honba"), data.get("riichi_sticks"), preset, rules,
                         data.get("rules", {}), rules_ok)
            wins = [read_win(col, raw, i, deal) for i, raw in enumerate(o.get("wins", ()))]
            shown_round = next((w.score_request.situation.round_wind for w in wins
                                if w is not None and w.score_request is not None), None)
            shown = shown_codes(wins)
            col.issues += same_discard_issues(wins) + copies_issues(wins)
        if o.get("kind") == "exhaustive_draw":
            col.issues += draw_copies_issues(hands, rivers)
        later = []   # the checks that do not hang on the wins, listed after them
        if o.get("kind") == "abortive_draw" and o.get("reason") and rules_ok:
            later += abortive_issues(Outcome("abortive_draw", reason=o["reason"], tile=tile,
                                             first_tiles=first_tiles if first_ok else (), kongs=kongs), rules)
        if "scores" in data:
            later += table_seat_issues(data["scores"], rules)
        later += absent_seats(self, data, rules)
        return SettleDraft(tuple(col.issues), tuple(col.notes), col.plain_suits, preset, rules, rules_ok, data,
                           tuple(wins), shown_round, shown, (tile, first_tiles, hands, rivers, kongs),
                           tuple(later), read_loser_bodies(data.get("hands")))


@dataclass(frozen=True)
class SettleDraft(Draft):
    """A /v1/settle body as loaded: the wins as sent (a full body unscored), the problems and notes found so far
    and the problems listed after the wins' (`later`)."""
    issues: tuple[Issue, ...]
    notes: tuple[str, ...]
    plain_suits: frozenset      # the Collector's reading of red fives under the rules
    preset: str
    rules: Rules
    rules_ok: bool              # the request's rules loaded without a problem
    data: dict
    wins: tuple                 # None where a win did not load
    shown_round: str | None
    shown_codes: tuple
    read: tuple                 # the outcome's tile, first_tiles, hands, rivers and kongs
    later: tuple
    losers: tuple = ()          # `hands` (European losers), read for shape: calculator.table.loser_checks.LoserBody

    @property
    def only_reasons(self) -> tuple[str, ...] | None:
        """Scoring reads the rules and the counters (Ryan Shi); without the request's rules the hands are still
        scored (the preset's rules, no counters: the lowest minimum), and a hand that is incomplete under those
        is listed too (not_complete does not hang on an option)."""
        return None if self.rules_ok else ("not_complete",)


def finish(draft: SettleDraft, wins: list, score_issues: list[Issue]) -> SettleRequest:
    """The request from a draft and its wins as scored (score_full_hands: None for a hand that is no win, with
    its not_a_win Issue). The checks that hang on who won run on the scored wins; InvalidHand lists every
    problem of the body in the order of the load before: the wins', the scoring's, the outcome's, the rest."""
    rules, data = draft.rules, draft.data
    col = Collector()
    col.issues, col.notes, col.plain_suits = list(draft.issues), list(draft.notes), draft.plain_suits
    o = data.get("outcome", {})
    col.issues += score_issues
    winners = [w.winner for w in wins if w is not None]
    losers, issues = loser_hands(draft.losers, rules, o.get("kind"), winners, draft.shown_round, draft.shown_codes)
    col.issues += issues
    col.issues += one_winner_issues(o, winners, rules)
    col.issues += outcome_issues(o, data, wins, rules)
    col.issues += draft.later
    col.done()
    tile, first_tiles, hands, rivers, kongs = draft.read
    table = Table({s: data["scores"][s] for s in rules.seats}, data["honba"], data["riichi_sticks"],
                  tuple(data["riichi_declared"] or ()), tuple(data["false_claims"]))
    outcome = Outcome(o["kind"], o["discarder"], tuple(w for w in wins if w is not None), tuple(o["ready"]),
                      tuple(o["nagashi"]), tuple(o["melded"]), tuple(o["noten_riichi"]), o["reason"],
                      None if tile is None else kind(tile), o["offender"], o["offence"], hands, o["round_wind"],
                      rivers, first_tiles, kongs, losers)
    return SettleRequest(draft.preset, rules, table, outcome, data.get("claim"),
                         tuple(w for w in draft.wins if w is not None), tuple(col.notes))


def _shown_hand(col: Collector, data: dict, rules, seat: str):
    sub, at = Collector(), f"outcome/hands/{seat}/"
    hand = build_hand(sub, data, rules, drawn=False, prefix=at)
    col.issues += [i if i.field.startswith(at) else Issue(i.code, i.detail, at + i.field) for i in sub.issues]
    return hand


def _river(col: Collector, river: list, seat: str) -> tuple[Discard, ...]:
    out = []
    for i, d in enumerate(river):
        tile = col.tile(d.get("tile"), f"outcome/discards/{seat}/{i}/tile")
        if tile is not None:
            out.append(Discard(tile, d.get("called", False)))
    return tuple(out)


def _kongs(col: Collector, given: dict) -> tuple[tuple[str, int], ...]:
    """Kongs by seat; () when any count is no whole number from 0 to 4 (then its problem is listed)."""
    bad = [seat for seat, n in given.items() if type(n) is not int or not 0 <= n <= 4]
    for seat in bad:
        col.issues.append(Issue("invalid", "A seat declares 0 to 4 kongs.", f"outcome/kongs/{seat}"))
    return () if bad else tuple(given.items())


class NextOut(Schema):
    honba = fields.Integer(metadata={"description": "COUNT of honba counters for the next deal (like the request's "
                                    "`honba`; not points)."})
    riichi_sticks = fields.Integer(metadata={"description": "COUNT of riichi sticks left on the table for the next deal "
                                            "(like the request's `riichi_sticks`; not points)."})
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
    honba = fields.Integer(metadata={"description": "POINTS received for the honba counters (not a count); same "
                                    "as honba_points."})
    honba_points = SameAs("honba", metadata={"description": "Points received for the honba "
                                                                "counters."})
    riichi_sticks = fields.Integer(metadata={"description": "POINTS collected from riichi sticks (not a count); same "
                                            "as riichi_stick_points."})
    riichi_stick_points = SameAs("riichi_sticks", metadata={"description": "Points collected from "
                                                                              "the riichi sticks."})
    liable = fields.String(allow_none=True, metadata={"description": "Seat that paid under liability (pao)."})
    total = fields.Integer(metadata={"description": "Everything this winner received."})


class HandValueOut(Schema):
    basic_points = fields.Integer(metadata={"description": "Sum of `items` before doubling."})
    table_items = fields.List(fields.Nested(FamilyItemOut), data_key="items", metadata={
        "description": "Basic points per set and pair, and the winner's items."})
    doubles = fields.Integer(metadata={"description": "Number of doubles."})
    double_items = fields.List(fields.Nested(FamilyItemOut), metadata={"description": "The doubles."})
    points = fields.Integer(metadata={"description": "basic_points x 2^doubles, rounded and capped."})
    limit = fields.String(allow_none=True, metadata={"description": "limit when capped, else null."})
    notes = fields.List(fields.String(), metadata={"description": "long_hand, short_hand, failed_declaration, "
                                                   "short_form."})

    @pre_dump
    def from_value(self, v, **kw):
        return hand_value_answer(v) if isinstance(v, HandValue) else v


class SettleOut(NotesOut):
    preset = fields.String(metadata={"description": "The preset used."})
    deltas = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "Change per seat, counters, sticks and penalties included. Every answer balances: "
        "sum(deltas) + pool_change + forfeited = 0 (forfeited is 0 except a fixed faulty-ready penalty, so "
        "without one sum(deltas) + pool_change = 0)."})
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
    hands = fields.Dict(keys=fields.String(), values=fields.Nested(HandValueOut), metadata={
        "description": "European scoring: every scored hand by seat (the winner's full body and the losers'): "
        "basic_points, items, doubles, double_items, points, limit, notes (long_hand, short_hand, "
        "failed_declaration, short_form) as in /v1/score."})
    notes = fields.List(fields.String(), metadata={"description": "Rule decisions worth knowing (e.g. head_bump, "
                                                   "pao_yakuman_not_in_rules, nagashi_denied_own_calls, "
                                                   "nagashi_denied_claimed_discard, nagashi_denied_simple_discard)."})
    audit = fields.Nested(AuditOut, metadata={"description": "With a `claim` only: the claimed deltas audited."})


SETTLE_IN, SETTLE_OUT = SettleIn(), SettleOut()
