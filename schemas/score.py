"""POST /v1/score: request and response schemas (API.md "POST /v1/score")."""
from __future__ import annotations

from marshmallow import fields, validate

from .answers import score_answer
from .audit import AuditOut
from .base import RequestSchema
from .fields import (Choice, MAX_COUNTER, melds_field, RulesField, SameAs, StrictBoolean, StrictInteger, TilesField,
                     seat_field, wind_field)
from .furiten import HistoryIn
from .messages import WIN_HINTS, OneOf, Schema
from .notes import NotesOut

MAX_INDICATORS = 5   # one indicator plus one per kong, at most four kongs (RULES.md §18.1)


LIMITS = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe_yakuman")


class ScoreClaimIn(Schema):
    """An announced value to audit (API.md "Audit"): any of its fields."""
    han = StrictInteger(maximum=200, metadata={"description": "Claimed han (a JSON integer, 0-200)."})
    fu = StrictInteger(maximum=200, metadata={"description": "Claimed fu."})
    points = StrictInteger(maximum=10**9, metadata={"description": "Claimed points (the hand value, as `points`)."})
    yaku = fields.List(fields.String(validate=validate.Length(max=40)), validate=validate.Length(max=40),
                       metadata={"description": "Claimed yaku (and yakuman) ids; dora entries are compared only "
                                 "when the claim lists some.", "example": ["riichi", "pinfu"]})
    limit = fields.String(allow_none=True, validate=OneOf(LIMITS + ("limit",)), metadata={
        "description": "Claimed limit: null, mangan, haneman, baiman, sanbaiman, yakuman, kazoe_yakuman (Taiwanese "
                       "and European tables: null or limit)."})
    tai = StrictInteger(maximum=10**4, metadata={"description": "Taiwanese: claimed tai (the answer's `tai`)."})
    basic_points = StrictInteger(maximum=10**6, metadata={"description": "European: claimed basic points."})
    doubles = StrictInteger(maximum=200, metadata={"description": "European: claimed doubles."})
    items = fields.List(fields.String(validate=validate.Length(max=40)), validate=validate.Length(max=60),
                        metadata={"description": "Taiwanese and European: the claimed item ids (European: the "
                                  "doubles' ids too).", "example": ["self_draw", "concealed_hand"]})


def bonus_field(description: str):
    return fields.List(StrictInteger(minimum=1, maximum=4), load_default=list, validate=validate.Length(max=4),
                       metadata={"description": description, "example": [1, 3]})


def _flag(description: str):
    return StrictBoolean(load_default=False, metadata={"description": description})


KITA_DOC = ("Three players (rules north_bonus bonus_dora): the norths the winner set aside this deal, not in `hand` or "
            "`melds`. Each is 1 han (yaku entry `kita`, never a yaku for the minimum) and a tile the dora and ura "
            "indicators count; kita + the norths in hand, melds and win_tile above 4 is 422 too_many_copies; under "
            "rules without kita (four players) a kita is 422 kita_not_in_rules.")


class ScoreIn(RequestSchema):
    unknown_hints = WIN_HINTS
    hand = TilesField(required=True, metadata={
        "description": "Concealed tiles WITHOUT the winning tile: 13 - 3*melds.", "example": "3456789m234s"})
    melds = melds_field()
    win_tile = TilesField(single=True, load_default=None, metadata={
        "description": "The winning tile. Required, except with `robbed_bonus` (then left out).", "example": "3m"})
    win_by = Choice(required=True, validate=OneOf(("ron", "tsumo")),
                           metadata={"description": "ron (on a discard) or tsumo (self-draw)."})
    discarder = seat_field(load_default=None, metadata={
        "description": "Ron only: the seat that discarded the winning tile; without it `deltas` is omitted."})
    seat_wind = seat_field(required=True, metadata={"description": "The winner's seat (east = dealer)."})
    round_wind = wind_field(required=True, metadata={"description": "The round (prevailing) wind."})
    riichi = Choice(load_default="none", validate=OneOf(("none", "riichi", "double_riichi")),
                           metadata={"description": "none, riichi or double_riichi. With called melds (closed "
                                                    "kongs aside) only under a French or Italian ready "
                                                    "declaration (seed 001 sections 4.2.1, 4.2.2)."})
    ippatsu = _flag("Won within one go-around of the riichi declaration.")
    haitei = _flag("Self-draw of the last wall tile.")
    houtei = _flag("Ron on the last discard.")
    rinshan = _flag("Self-draw on a kong replacement tile.")
    chankan = _flag("Ron on a tile added to a pung (robbing a kong).")
    tenhou = _flag("Dealer's complete hand on the first draw.")
    chiihou = _flag("Non-dealer's self-draw on the first uninterrupted turn.")
    renhou = _flag("Non-dealer's ron before the first draw (valued as the rules' `renhou` option says).")
    open_riichi = _flag("The riichi was declared with the hand shown (open riichi). Needs `riichi`; scored only under "
                        "the option open_riichi (yaku open_riichi; with open_riichi_deal_in_yakuman a ron on a "
                        "discarder outside riichi is the yakuman open_riichi_yakuman).")
    discarder_riichi = _flag("Ron only: the discarder is in riichi himself (dealing into an open riichi is then no "
                             "yakuman).")
    dealer_consecutive_wins = StrictInteger(maximum=MAX_COUNTER, load_default=0, metadata={
        "description": "The dealer's wins in a row before this one (for the option paarenchan: 7 or more makes the "
                       "dealer's win a yakuman). A COUNT of wins; 0 for a non-dealer."})
    kita = StrictInteger(maximum=4, load_default=0, metadata={"description": KITA_DOC})
    on_kita = _flag("Three players: a ron on a north another player set aside (kita); `discarder` is that seat and "
                    "win_tile 4z. Rules kita_ron false: 422 kita_ron_not_in_rules; kita_ron_is_chankan true: it "
                    "scores chankan (Tenhou: an ordinary ron, chankan false).")
    dora_indicators = TilesField(load_default=None, metadata={
        "description": "Dora indicators, the first one first, then those flipped for kongs.", "example": "0m"})
    ura_dora_indicators = TilesField(load_default=None, metadata={
        "description": "Ura indicators in the same order (count only for a riichi winner).", "example": ""})
    honba = StrictInteger(maximum=MAX_COUNTER, load_default=0, metadata={"description": "COUNT of honba counters this winner collects (answers give their value in points: payments[].honba_points)."})
    riichi_sticks = StrictInteger(maximum=MAX_COUNTER, load_default=0, metadata={"description": "COUNT of riichi sticks this winner collects (answers give their value in points: riichi_stick_points)."})
    dealer_extra_hands = StrictInteger(maximum=MAX_COUNTER, load_default=None, allow_none=True, metadata={"description": "Optional, for Ryan Shi (basis dealer_extra_hands): "
                                                 "the dealer's consecutive extra hands; default `honba`."})
    consecutive_draws = StrictInteger(maximum=MAX_COUNTER, load_default=None, allow_none=True, metadata={"description": "Optional, for Ryan Shi (basis consecutive_draws): "
                                                 "drawn deals in a row before this one; default `honba`."})
    flowers = bonus_field("Flowers held (numbers 1-4), where the rules play bonus tiles (option bonus_tiles: "
                           "taiwanese_16, european_classical, french, italian); refused elsewhere.")
    seasons = bonus_field("Seasons held (numbers 1-4), as `flowers`.")
    flowers_after_declaration = bonus_field("Of `flowers`, those drawn after the player's ready declaration "
                                             "(`riichi`). Under Italian rules (option ready_discard_bonus_after) "
                                             "they had to be discarded, so they do not score (SEED-EU §4.2.2).")
    seasons_after_declaration = bonus_field("Of `seasons`, those drawn after the ready declaration.")
    robbed_bonus = _flag("Taiwanese (tw_tai_seven_flowers_robbing): the winner holds seven flowers and seasons "
                         "(listed in `flowers` and `seasons`) and wins by taking the eighth from the player who shows "
                         "it: win_by ron, `discarder` that player, no `win_tile`; other patterns are ignored.")
    history = fields.Nested(HistoryIn, load_default=None, metadata={
        "description": "Optional: the player's river and passed tiles as in /v1/furiten (discards, missed, "
                       "missed_after_riichi, sacred_declared_at); a furiten win answers is_win false, reason furiten.",
        "example": {"discards": [{"tile": "1z"}, {"tile": "9m"}], "missed": ["4s"]}})
    claim = fields.Nested(ScoreClaimIn, load_default=None, metadata={
        "description": "Optional: an announced value to audit ({han, fu, points, yaku, limit}, any of them); the "
        "answer then carries `audit`: agrees, differences and the single option changes that explain the claim.",
        "example": {"han": 2, "fu": 30}})
    rules = RulesField()


class YakuOut(Schema):
    id = fields.String(metadata={"description": "Yaku id (API.md list).", "example": "hatsu"})
    han = fields.Integer(metadata={"description": "Han it is worth in this hand."})


class YakumanOut(Schema):
    id = fields.String(metadata={"description": "Yakuman id (API.md list).", "example": "suuankou"})
    multiplier = fields.Integer(metadata={"description": "1, or 2 for a pattern the rules count double."})


class FuItemOut(Schema):
    reason = fields.String(metadata={"description": "Stable reason code (base, menzen_ron, tsumo, open_pung_simple, "
                                     "closed_kan_terminal_honour, pair_dragon, wait_kanchan, rounding, ...)."})
    fu = fields.Integer(metadata={"description": "Fu for this item."})


class PaymentOut(Schema):
    from_seat = fields.String(data_key="from", allow_none=True,
                              metadata={"description": "Paying seat (null: a ron whose discarder was not given)."})
    amount = fields.Integer(metadata={"description": "Hand value this seat pays, rounded up to 100, without honba."})
    honba = fields.Integer(metadata={"description": "POINTS (not counters) this seat pays on top for the honba "
                                    "counters: the request's `honba` count times the rules' value per counter. The "
                                    "same number as honba_points (API.md's name)."})
    honba_points = SameAs("honba", metadata={
        "description": "Points this seat pays for the honba counters (request `honba` is a count of counters)."})
    reason = fields.String(metadata={"description": "Taiwanese: hand, dealer_bonus or continuation_bonus (one "
                                     "entry per share)."})


class FamilyItemOut(Schema):
    id = fields.String(metadata={"description": "Stable item id of the family's table (Taiwanese: self_draw, "
                                 "honour_pung, ...; European: concealed_pung_terminals, winning, pair_dragons, ...)."})
    tai = fields.Integer(metadata={"description": "Taiwanese: tai of this item (value x count)."})
    points = fields.Integer(metadata={"description": "European: basic points of this item."})
    doubles = fields.Integer(metadata={"description": "European double items: doubles of this item."})
    count = fields.Integer(metadata={"description": "How many times the pattern is in the hand."})
    tiles = fields.String(metadata={"description": "European: the tiles of the set or pair it is for (MPSZ; empty "
                                    "for items of the whole hand)."})
    payers = fields.List(fields.String(), metadata={"description": "Taiwanese bonus items: the seats that pay it."})


MONEY = ("limit", "base_points", "points", "payments", "riichi_sticks_collected", "deltas")


class ScoreOut(NotesOut):
    preset = fields.String(metadata={"description": "The preset used."})
    is_win = fields.Boolean(metadata={"description": "The hand is a legal win under the rules."})
    reasons = fields.List(fields.String(), metadata={
        "description": "Why it is not a win: not_complete, no_yaku, below_minimum_han, furiten; European tables: "
                       "special_hand_not_in_table (seven pairs, thirteen orphans); Taiwanese: robbed_bonus_not_in_rules."})
    han = fields.Integer(metadata={"description": "Total han (yaku and dora; 13 x the multiplier found for yakuman, "
                                  "before the rules' cap max_yakuman_multiple: see yakuman_multiple_paid)."})
    fu = fields.Integer(metadata={"description": "Rounded fu (0 for thirteen orphans)."})
    yaku = fields.List(fields.Nested(YakuOut), metadata={"description": "Yaku with their han; dora, aka_dora and "
                                                         "ura_dora as entries when worth han."})
    yakuman = fields.List(fields.Nested(YakumanOut), metadata={"description": "Yakuman with their multipliers."})
    fu_breakdown = fields.List(fields.Nested(FuItemOut), metadata={"description": "Itemised fu; sums to `fu`."})
    yakuman_multiple_paid = fields.Integer(metadata={
        "description": "Only for a win at a yakuman limit (limit yakuman or kazoe_yakuman): the multiple of a "
                       "yakuman actually paid, after max_yakuman_multiple and the kazoe rule. It can be less than "
                       "han / 13 (e.g. daisangen + tsuuiisou: han 26, yakuman_multiple_paid 1 with "
                       "max_yakuman_multiple 1).", "example": 1})
    limit = fields.String(allow_none=True, metadata={
        "description": "null, mangan, haneman, baiman, sanbaiman, yakuman or kazoe_yakuman."})
    base_points = fields.Integer(metadata={"description": "Base points b that payments are derived from."})
    points = fields.Integer(metadata={"description": "Hand value without honba and sticks: the discarder's payment "
                                      "on ron, the sum of all payments on tsumo."})
    payments = fields.List(fields.Nested(PaymentOut), metadata={"description": "One entry per paying seat."})
    riichi_sticks_collected = fields.Integer(metadata={"description": "POINTS (not sticks) the winner collects from "
                                                       "the riichi sticks: the request's `riichi_sticks` count times "
                                                       "the stick value. Same number as riichi_stick_points."})
    riichi_stick_points = SameAs("riichi_sticks_collected", metadata={
        "description": "Points from the riichi sticks to the winner (request `riichi_sticks` is a count of sticks)."})
    deltas = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "Change per seat, honba and sticks included; omitted for a ron without `discarder`."})
    tai = fields.Integer(metadata={"description": "Taiwanese: the hand's tai (its patterns; bonuses in "
                                   "`bonus_items`)."})
    table_items = fields.List(fields.Nested(FamilyItemOut), data_key="items", metadata={
        "description": "Taiwanese: every pattern of the tai table in the hand, with its count; European: the basic "
        "points per set and pair and the winner's items, with their tiles."})
    bonus_items = fields.List(fields.Nested(FamilyItemOut), metadata={
        "description": "Taiwanese: dealer_bonus and continuation_bonus tai, each with the seats that pay it."})
    basic_points = fields.Integer(metadata={"description": "European: the sum of `items` before doubling."})
    doubles = fields.Integer(metadata={"description": "European: the number of doubles."})
    double_items = fields.List(fields.Nested(FamilyItemOut), metadata={"description": "European: the doubles."})
    notes = fields.List(fields.String(), metadata={"description": "European losers' hands: long_hand, short_hand, "
                                                   "failed_declaration."})
    audit = fields.Nested(AuditOut, metadata={"description": "With a `claim` only: the claim audited."})

    def dump(self, obj, *, many=None):
        """The answer of a ScoreResult, TaiResult or EuropeanResult, as schemas.answers writes it."""
        return score_answer(obj)



# one instance: marshmallow schemas are reusable, and building one (with its nested schemas) costs more than
# scoring a hand
SCORE_OUT = ScoreOut()
