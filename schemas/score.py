"""POST /v1/score: request and response schemas (API.md "POST /v1/score")."""
from __future__ import annotations

from dataclasses import dataclass, replace

from marshmallow import Schema, fields, pre_dump, validate

from calculator.core.errors import Issue
from calculator.core.hand import win_tile_hint
from calculator.core.tiles import NORTH
from calculator.rules import DEFAULT_PRESET, PRESETS, preset_rules
from calculator.scoring.european import EuropeanResult
from calculator.scoring.families import HAND_SIZE
from calculator.scoring.family_checks import hand_size_issues
from calculator.scoring.limits import YAKUMAN
from calculator.scoring.japanese import ScoreRequest, ScoreResult
from calculator.scoring.situation_checks import SITUATION_KEYS, situation, situation_issues
from calculator.scoring.kita import kita_issues, kita_ron_issues
from calculator.scoring.taiwanese import TaiResult

from .audit import AuditOut
from .build import CollectingSchema, Collector, absent_seats, build_hand, loaded, seat_issues
from .fields import (Choice, MAX_COUNTER, MeldIn, melds_field, RulesField, SameAs, StrictBoolean, StrictInteger,
                     TilesField, seat_field, wind_field)
from .furiten import HistoryIn, build_history, history_tiles, kan_kinds
from .messages import WIN_HINTS
from .notes import NotesOut, indicator_notes
from .score_families import claim_issues, family_issues, robbed_bonus_issues

MAX_INDICATORS = 5   # one indicator plus one per kong, at most four kongs (RULES.md §18.1)


@dataclass(frozen=True)
class ScoreCall:
    preset: str
    request: ScoreRequest
    claim: dict | None = None
    notes: tuple[str, ...] = ()


LIMITS = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe_yakuman")


class ScoreClaimIn(Schema):
    """An announced value to audit (API.md "Audit"): any of its fields."""
    han = StrictInteger(maximum=200, metadata={"description": "Claimed han (a JSON integer, 0-200)."})
    fu = StrictInteger(maximum=200, metadata={"description": "Claimed fu."})
    points = StrictInteger(maximum=10**9, metadata={"description": "Claimed points (the hand value, as `points`)."})
    yaku = fields.List(fields.String(validate=validate.Length(max=40)), validate=validate.Length(max=40),
                       metadata={"description": "Claimed yaku (and yakuman) ids; dora entries are compared only "
                                 "when the claim lists some.", "example": ["riichi", "pinfu"]})
    limit = fields.String(allow_none=True, validate=validate.OneOf(LIMITS + ("limit",)), metadata={
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


class ScoreIn(CollectingSchema):
    unknown_hints = WIN_HINTS
    hand = TilesField(required=True, metadata={
        "description": "Concealed tiles WITHOUT the winning tile: 13 - 3*melds.", "example": "3456789m234s"})
    melds = melds_field()
    win_tile = TilesField(single=True, load_default=None, metadata={
        "description": "The winning tile. Required, except with `robbed_bonus` (then left out).", "example": "3m"})
    win_by = Choice(required=True, validate=validate.OneOf(("ron", "tsumo")),
                           metadata={"description": "ron (on a discard) or tsumo (self-draw)."})
    discarder = seat_field(load_default=None, metadata={
        "description": "Ron only: the seat that discarded the winning tile; without it `deltas` is omitted."})
    seat_wind = seat_field(required=True, metadata={"description": "The winner's seat (east = dealer)."})
    round_wind = wind_field(required=True, metadata={"description": "The round (prevailing) wind."})
    riichi = Choice(load_default="none", validate=validate.OneOf(("none", "riichi", "double_riichi")),
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

    def build(self, data, **kw):
        col = Collector()
        preset, rules = col.rules(data.get("rules"))
        if rules.hand_size != HAND_SIZE[rules.scoring_family]:
            # listed with the request's other problems, which are judged as for a 13-tile Japanese hand
            col.issues += hand_size_issues(rules)
            rules = preset_rules(DEFAULT_PRESET)
        win = col.tile(data.get("win_tile"), "win_tile")
        dora = col.tiles(data.get("dora_indicators"), "dora_indicators")
        ura = col.tiles(data.get("ura_dora_indicators"), "ura_dora_indicators")
        for name, codes in (("dora_indicators", dora), ("ura_dora_indicators", ura)):
            if len(codes) > MAX_INDICATORS:
                col.issues.append(Issue("too_many_indicators", f"At most {MAX_INDICATORS} indicators; got "
                                        f"{len(codes)}.", name))
        history = None
        if data.get("history") is not None:
            # the riichi state is the body's own `riichi`, not history's
            given = {k: v for k, v in data["history"].items() if k != "riichi"}
            if "riichi" in data:
                given["riichi"] = data["riichi"]
            history = build_history(col, given, "history", rules)
        extra = ([("win_tile", (win,))] if win is not None else []) + \
            [("dora_indicators", dora), ("ura_dora_indicators", ura)] + kita_tiles(col, data, rules) + \
            (history_tiles(history, "history/", kan_kinds(data)) if history is not None else [])
        hand = build_hand(col, data, rules, drawn=False, extra=extra)
        if col.issues:
            col.issues = [win_tile_hint(i, hand, rules.hand_size) for i in col.issues]
        sit = situation(data) if SITUATION_KEYS <= data.keys() else None
        col.issues += [i for i in situation_issues(data, hand, rules, sit) if not (
            i.field == "riichi" and rules.ready_mode == "voluntary_french")]   # French: open hands may declare
        col.issues += family_issues(data, rules) + robbed_bonus_issues(data, rules) + claim_issues(data, rules)
        col.issues += absent_seats(self, data, rules) + kita_ron_issues(
            data.get("on_kita"), data.get("win_by"), data.get("chankan"), win, rules)
        if loaded(data, "seat_wind", "melds"):
            col.issues += seat_issues(data["melds"], data["seat_wind"])
        col.done()
        sit = sit or situation(data)
        if data["on_kita"] and rules.kita_ron_is_chankan:
            sit = replace(sit, chankan=True)
        req = ScoreRequest(hand, win, sit, dora, ura, data["honba"], data["riichi_sticks"],
                           data["discarder"], rules, history=history, dealer_extra_hands=data["dealer_extra_hands"],
                           consecutive_draws=data["consecutive_draws"], flowers=tuple(data["flowers"]),
                           seasons=tuple(data["seasons"]), late_flowers=tuple(data["flowers_after_declaration"]),
                           late_seasons=tuple(data["seasons_after_declaration"]), robbed_bonus=data["robbed_bonus"])
        for code in indicator_notes(dora, ura, data.get("riichi"), rules):
            col.note(code)
        return ScoreCall(preset, req, data.get("claim"), tuple(col.notes))




def kita_tiles(col: Collector, data: dict, rules) -> list[tuple[str, tuple[int, ...]]]:
    """The norths set aside (`kita`) as a tile group for the four-copies check; a kita under rules without
    them is kita_not_in_rules."""
    n = data.get("kita") or 0
    refused = kita_issues(n, rules)
    col.issues += refused
    return [("kita", (NORTH,) * n)] if n and not refused else []


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

    @pre_dump
    def from_result(self, r: ScoreResult, **kw):
        if isinstance(r, TaiResult):
            return tai_answer(r)
        if isinstance(r, EuropeanResult):
            return european_answer(r)
        if not isinstance(r, ScoreResult):
            return r
        return japanese_answer(r)


def japanese_answer(r: ScoreResult, payment=lambda p: p) -> dict:
    """The han-and-fu answer of a ScoreResult; `payment(p)` gives each Payment's answer (the Payment itself for
    PaymentOut's nested dump, or the finished dict on the direct path, schemas/answers.py)."""
    out = {"is_win": r.is_win, "reasons": list(r.reasons)}
    if r.han is not None:
        out.update(han=r.han, fu=r.fu, yaku=[{"id": i, "han": h} for i, h in r.yaku],
                   yakuman=[{"id": i, "multiplier": m} for i, m in r.yakuman],
                   fu_breakdown=[{"reason": x.reason, "fu": x.fu} for x in r.fu_breakdown])
    if r.is_win:
        out.update(limit=r.limit, base_points=r.base_points, points=r.points,
                   payments=[payment(p) for p in r.payments], riichi_sticks_collected=r.riichi_sticks_collected)
        if r.limit in ("yakuman", "kazoe_yakuman"):
            out["yakuman_multiple_paid"] = r.base_points // YAKUMAN
        if r.deltas:
            out["deltas"] = dict(r.deltas)
    return out


def tai_answer(r: TaiResult) -> dict:
    out = {"is_win": r.is_win, "reasons": list(r.reasons)}
    if r.is_win:
        out.update(tai=r.tai, table_items=[i._asdict() for i in r.items],
                   bonus_items=[{"id": i, "tai": t, "payers": list(p)} for i, t, p in r.bonus_items],
                   limit=r.limit, points=r.points,
                   payments=[{"from_seat": s.payer, "amount": s.amount, "honba": 0, "reason": s.reason}
                             for s in r.payments])
        if r.deltas:
            out["deltas"] = r.deltas
    return out


def hand_value_answer(v) -> dict:
    return {"basic_points": v.basic_points, "table_items": [i._asdict() for i in v.items], "doubles": v.doubles,
            "double_items": [d._asdict() for d in v.double_items], "points": v.points, "limit": v.limit,
            **({"notes": list(v.notes)} if v.notes else {})}


def european_answer(r: EuropeanResult) -> dict:
    out = {"is_win": r.is_win, "reasons": list(r.reasons)}
    if r.is_win:
        out.update(hand_value_answer(r.value), deltas=r.deltas,
                   payments=[{"from_seat": p.from_seat, "amount": p.amount, "honba": 0} for p in r.payments])
    return out


# one instance each: marshmallow schemas are reusable, and building one (with its nested schemas)
# costs more than scoring a hand
SCORE_IN = ScoreIn()
SCORE_OUT = ScoreOut()
