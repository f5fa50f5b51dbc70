"""POST /v1/settle: request and response schemas.

The body's shape (SettleIn: the table, the outcome and the evidence a draw may carry), and the shapes its
reader (intake.settle) loads on their own: a short-form win (ShortWinIn, its PaoIn) and a European loser's hand
(LoserHandIn). A full /v1/score body as a win is ScoreIn's.
"""
from __future__ import annotations

from marshmallow import fields, validate

from .audit import AuditOut
from .base import NamingSchema, RequestSchema
from .fields import (Choice, MAX_COUNTER, BoundedDict, BoundedList, MeldIn, RulesField, SameAs, melds_field,
                     StrictBoolean, StrictInteger, TilesField, seat_field, wind_field)
from .furiten import MAX_RIVER, DiscardIn
from .messages import OUTCOME_HINTS, OneOf, Schema
from .notes import NotesOut
from .answers import hand_value_answer
from .score import FamilyItemOut, ScoreIn

KINDS = ("ron", "tsumo", "exhaustive_draw", "abortive_draw", "chombo")
ABORTIVE = ("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou")


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


PAO_REASONS = ("daisangen", "daisuushii", "suukantsu", "rinshan_after_open_kong")


class PaoIn(NamingSchema):
    seat = seat_field(required=True, metadata={"description": "The liable seat (who fed the dangerous tile)."})
    reason = Choice(required=True, validate=OneOf(PAO_REASONS), metadata={
        "description": "daisangen, daisuushii, suukantsu (the yakuman fed), or rinshan_after_open_kong."})
    open_kan_claim = StrictBoolean(load_default=False, metadata={
        "description": "The dangerous tile was claimed for an open kong (rules option pao_on_open_kong_claim)."})
    no_choice = StrictBoolean(load_default=False, metadata={
        "description": "The feeder declared 'No choice' first (rules option pao_no_choice_declaration)."})


class ShortWinIn(NamingSchema):
    winner = seat_field(required=True)
    han = StrictInteger(load_default=0, maximum=200, metadata={"description": "A JSON integer, 0-200."})
    fu = StrictInteger(load_default=0, maximum=200, metadata={"description": "A JSON integer, 0-200."})
    yakuman = StrictInteger(load_default=0, maximum=10, metadata={"description": "A JSON integer, 0-10."})
    tai = StrictInteger(load_default=None, maximum=1000, metadata={"description": "A JSON integer, 0-1000."})
    points = StrictInteger(load_default=None, maximum=10**6, metadata={
        "description": "European rules: the hand's total (basic points doubled, rounded, capped), 0-1,000,000."})
    riichi = StrictBoolean(load_default=False)
    pao = fields.Nested(PaoIn, load_default=None)


class FullWinIn(ScoreIn):
    """A full /v1/score body as one win of a deal: the settlement supplies its win_by, discarder, counters and
    rules, so none is required; it may add the winner, whether the winner's riichi stick is down, and pao."""

    summary = "A full /v1/score body as one win of a deal (see OutcomeIn.wins)."   # its component's description

    win_by = Choice(validate=OneOf(("ron", "tsumo")),
                    metadata={"description": "ron (on a discard) or tsumo (self-draw)."})
    winner = seat_field(metadata={"description": "Optional; must equal seat_wind."})
    riichi_stick = StrictBoolean(metadata={"description": "Optional: the winner put a riichi stick down this deal "
                                           "(default: the body's riichi is not none)."})
    pao = fields.Nested(PaoIn)


class WinField(fields.Dict):
    """One win of /v1/settle's outcome: the short form (ShortWinIn) or a full /v1/score body (FullWinIn). Loaded
    as an object here and read by intake.settle_wins; the spec shows it as one of `forms`."""
    forms = (ShortWinIn, FullWinIn)


class OutcomeIn(Schema):
    unknown_hints = OUTCOME_HINTS
    kind = Choice(required=True, validate=OneOf(KINDS), metadata={"description": ", ".join(KINDS)})
    discarder = seat_field(load_default=None, metadata={"description": "ron: the seat that discarded the tile "
                                                               "(any other kind: 422 unexpected_discarder)."})
    wins = BoundedList(WinField(), max_items=3, what="wins", load_default=list, metadata={
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
    reason = Choice(load_default=None, validate=OneOf(ABORTIVE), metadata={
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


class LoserHandIn(Schema):
    hand = TilesField(load_default=None, metadata={
        "description": "Concealed tiles: 13 - 3*melds (fewer: a short hand, scored; more: a long hand, scoreless).",
        "example": "111p456s789m2345s"})
    melds = fields.List(fields.Nested(MeldIn), load_default=list, metadata={"description": "Melds."})
    seat_wind = seat_field(load_default=None, metadata={"description": "Optional: the seat, as the key says."})
    round_wind = seat_field(load_default=None, metadata={"description": "The round wind (default: the winner's)."})
    flowers = fields.List(StrictInteger(minimum=1, maximum=4), load_default=list, validate=validate.Length(max=4))
    seasons = fields.List(StrictInteger(minimum=1, maximum=4), load_default=list, validate=validate.Length(max=4))
    riichi = fields.String(load_default="none", validate=OneOf(("none", "riichi")), metadata={
        "description": "riichi: the player declared ready (French, Italian) and did not win."})
    points = StrictInteger(load_default=None, maximum=10**6, metadata={
        "description": "Short form: the hand's total as counted at the table (instead of the tiles)."})


class SettleIn(RequestSchema):
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


class SettledWinOut(Schema):
    """One claimed win as the deal settled it: its value, whether it was paid, what it collected."""
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

    def dump(self, obj, *, many=None):
        """A HandValue, as schemas.answers writes it (for /v1/score's European answers too)."""
        return hand_value_answer(obj)


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
    wins = fields.List(fields.Nested(SettledWinOut), metadata={"description": "Each claimed win, nearest to the "
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


SETTLE_OUT = SettleOut()
