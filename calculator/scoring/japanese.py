"""Scoring: the value of one win, trying every reading and keeping the one that scores highest.

Input: a ScoreRequest (hand without the winning tile, the winning tile, a Situation, dora
and ura indicators, counters and sticks, the discarder, Rules, optionally the readings a
furiten check permits). Output: a ScoreResult, the body of POST /v1/score: yaku or yakuman,
itemised fu, limit, base points, payments and deltas (RULES.md §6-§11, §18-§19), or
`is_win` false with reason codes (not_complete, no_yaku, below_minimum_han, furiten).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from calculator.readings.decompose import WinReading, placements, win_reading
from calculator.scoring.dora import DoraCount, count_dora
from calculator.core.errors import Issue
from calculator.scoring.facts import (UNIT, HandFacts, Situation, SituationFacts, WinFacts, hand_facts, situation_facts,
                                      win_facts)
from calculator.scoring.fu import FuItem, fu_receipt
from calculator.furiten.permission import History, PermissionContext, win_permission
from calculator.core.hand import Hand
from calculator.scoring.limits import Limit
from calculator.scoring.payments import Payment
from calculator.scoring.profile import ScoringProfile, profile_limit, profile_payments, scoring_profile
from calculator.rules import Rules
from calculator.core.tiles import KIND, NUM_KINDS
from calculator.scoring.yaku import find_yaku
from calculator.scoring.yakuman import find_yakuman

RENHOU_HAN = 5   # renhou valued as mangan (RULES.md §6.2: EMA fixed mangan, WRC mangan-valued and cumulative)


@dataclass(frozen=True)
class ScoreRequest:
    hand: Hand
    win_tile: int
    situation: Situation
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    discarder: str | None = None
    rules: Rules = field(default_factory=Rules)
    allowed_readings: tuple[WinReading, ...] | None = None   # score only these readings (None: all)
    history: History | None = None                            # own river and passed tiles: furiten is checked
    dealer_extra_hands: int | None = None                     # counts for Ryan Shi (RULES.md §10); None: honba
    consecutive_draws: int | None = None
    furiten_context: PermissionContext | None = None           # the history's furiten work, done once (evaluate)
    flowers: tuple[int, ...] = ()                              # bonus tiles (1-4) held, where the family counts them
    seasons: tuple[int, ...] = ()
    late_flowers: tuple[int, ...] = ()                         # of those, drawn after a ready declaration
    late_seasons: tuple[int, ...] = ()
    robbed_bonus: bool = False                                 # Taiwanese: seven bonus tiles, the eighth robbed


class ScoreResult(NamedTuple):
    """The answer of score(); immutable (a named tuple: built once per request, cheaply)."""
    is_win: bool
    reasons: tuple[str, ...] = ()
    han: int | None = None
    fu: int | None = None
    yaku: tuple[tuple[str, int], ...] = ()
    yakuman: tuple[tuple[str, int], ...] = ()
    fu_breakdown: tuple[FuItem, ...] = ()
    limit: str | None = None
    base_points: int | None = None
    points: int | None = None
    payments: tuple[Payment, ...] = ()
    riichi_sticks_collected: int | None = None
    deltas: dict | None = None


class _Candidate(NamedTuple):
    key: tuple                       # (base points, yakuman multiplier, han, fu): the highest wins; at equal
                                     # money a yakuman reading beats a counted (kazoe) one
    han: int
    fu: int
    yaku: tuple[tuple[str, int], ...]
    yakuman: tuple[tuple[str, int], ...]
    fu_items: tuple[FuItem, ...]
    limit: Limit
    yaku_han: int


_new = tuple.__new__   # _new(NamedTupleClass, fields): skips the generated __new__'s Python frame (hot path)


def _candidate(yaku, yakuman, yaku_han, han, receipt, mult, p: ScoringProfile) -> _Candidate:
    items, fu = receipt
    limit = p.limits.get((han, fu, mult)) or profile_limit(p, han, fu, mult)
    return _new(_Candidate, ((limit.base_points, mult, han, fu), han, fu, yaku, yakuman, items, limit, yaku_han))


RIICHI_NEEDS_CLOSED = ("Riichi needs a closed hand (closed kongs keep it closed): with called melds send riichi "
                       "'none'.")
# Ready declarations a hand with called melds may make: the French one has "no prerequisites ... the hand does
# not need to be concealed" (seed 001 section 4.2.1), the Italian one only one kind of winning tile and 8 wall
# tiles left (seed 001 section 4.2.2). Japanese riichi needs a concealed hand (seed 000/003 section 4.1, P1).
OPEN_DECLARATIONS = ("voluntary_french", "voluntary_italian")


def riichi_needs_closed(rules) -> bool:
    """Whether a declared `riichi` with an open meld is impossible under these rules (None: Japanese). The other
    families take `riichi` only with a French or Italian declaration (calculator.scoring.family_checks refuses
    it otherwise, in one problem)."""
    return rules is None or (rules.scoring_family == "japanese" and rules.ready_mode not in OPEN_DECLARATIONS)


def check_situation(sit: Situation, hand: Hand, discarder: str | None, rules=None) -> list[Issue]:
    """Flags that no real win can carry together (each a 422 issue, RULES.md §0.5). A kita (norths set aside,
    `sit.kita`) draws a replacement tile like a kan: with kita_replacement_is_rinshan it makes `rinshan`
    consistent."""
    issues = []
    ron = sit.win_by == "ron"

    def bad(code, detail, fld):
        issues.append(Issue(code, detail, fld))

    special = sit.haitei or sit.houtei or sit.rinshan or sit.chankan or sit.renhou or sit.tenhou or sit.chiihou
    if special:   # most wins have none of these flags: their checks are skipped at once
        for flag, needs_ron in (("haitei", False), ("houtei", True), ("rinshan", False), ("chankan", True),
                                ("renhou", True), ("tenhou", False), ("chiihou", False)):
            if getattr(sit, flag) and ron != needs_ron:
                bad("inconsistent_situation", f"'{flag}' needs win_by {'ron' if needs_ron else 'tsumo'}.", flag)
        if sit.haitei and sit.rinshan:
            bad("inconsistent_situation", "A kong replacement tile is never the last wall tile.", "haitei")
        if sit.houtei and sit.chankan:
            bad("inconsistent_situation", "A robbed kong tile is not the last discard.", "houtei")
        kita_rinshan = sit.kita and (rules is None or rules.kita_replacement_is_rinshan)
        if sit.rinshan and not kita_rinshan and not any(m.is_kan for m in hand.melds):
            bad("inconsistent_situation", "'rinshan' needs a kan among the melds"
                + (" or a kita (kita_replacement_is_rinshan)." if rules is not None and rules.north_bonus != "off"
                   else "."), "rinshan")
    if sit.ippatsu and sit.riichi == "none":
        bad("inconsistent_situation", "'ippatsu' needs riichi.", "ippatsu")
    if sit.riichi != "none" and not hand.is_closed and riichi_needs_closed(rules):
        bad("inconsistent_situation", RIICHI_NEEDS_CLOSED, "riichi")
    if sit.open_riichi and sit.riichi == "none":
        bad("inconsistent_situation", "'open_riichi' needs riichi or double_riichi.", "open_riichi")
    if sit.discarder_riichi and ron is False:
        bad("inconsistent_situation", "'discarder_riichi' is about a ron's discarder; a self-draw has none.",
            "discarder_riichi")
    if sit.dealer_wins and not sit.dealer:
        bad("inconsistent_situation", "'dealer_consecutive_wins' counts the dealer's (seat_wind east) wins.",
            "dealer_consecutive_wins")
    if special:
        if sit.tenhou and not sit.dealer:
            bad("inconsistent_situation", "'tenhou' is the dealer's (seat_wind east).", "tenhou")
        if (sit.chiihou or sit.renhou) and sit.dealer:
            bad("inconsistent_situation", "'chiihou' and 'renhou' are for non-dealers.",
                "chiihou" if sit.chiihou else "renhou")
        if (sit.tenhou or sit.chiihou or sit.renhou) and hand.melds:
            bad("inconsistent_situation", "A first-turn win has no melds.", "melds")
    if discarder is not None and not ron:
        bad("inconsistent_situation", "A self-draw has no discarder.", "discarder")
    if discarder is not None and discarder == sit.seat_wind:
        bad("inconsistent_situation", "The discarder cannot be the winner.", "discarder")
    return issues


class WinTiles(NamedTuple):
    """What every way of winning on one tile shares (a ron and a tsumo on it): the concealed tiles with the winning
    tile as counts per kind (bytes) and as one number (byte k = copies of kind k), and every reading of them."""
    counts: bytes
    held: int
    readings: list


def concealed_units(hand: Hand) -> int:
    """The concealed tiles as one number of UNITs (byte k = copies of kind k)."""
    held = 0
    for t in hand.concealed:
        held += UNIT[t]
    return held


def win_tiles(hand: Hand, win_tile: int, rules: Rules, concealed: int | None = None) -> WinTiles:
    """The hand completed by `win_tile` and all its readings, before any furiten filter (`concealed`: the hand's
    concealed_units, when the caller asks about several tiles of one hand)."""
    return _hand_tiles(hand, win_tile, scoring_profile(rules), concealed)


def _hand_tiles(hand: Hand, win_tile: int, p: ScoringProfile, concealed: int | None = None) -> WinTiles:
    """win_tiles under the rules' profile `p`."""
    melds = hand.melds
    return _win_tiles(UNIT[win_tile] + (concealed_units(hand) if concealed is None else concealed), KIND[win_tile],
                      4 - len(melds), p.special_forms and not melds)


def _win_tiles(held: int, win: int, groups: int, special: bool) -> WinTiles:
    """WinTiles of concealed tiles `held` (UNITs, the winning tile of kind `win` included)."""
    counts = held.to_bytes(NUM_KINDS, "little")
    return _new(WinTiles, (counts, held, placements(counts, win, groups, special)))


def score(req: ScoreRequest, tiles: WinTiles | None = None) -> ScoreResult:
    """Score a win: the highest-scoring reading, or is_win false with the reasons. `tiles` (win_tiles of the
    request's hand, winning tile and rules) spares that work when one tile is scored more than once."""
    rules, sit, hand, win_tile = req.rules, req.situation, req.hand, req.win_tile
    p = scoring_profile(rules)
    if tiles is None:
        tiles = _hand_tiles(hand, win_tile, p)
    counts, held, every = tiles
    refused, readings = _permitted(req, win_tile, every)
    if refused is not None:
        return refused
    sf = situation_facts(sit, p.north_value, p.situations)
    h = hand_facts(hand, win_tile, sit, sf, counts, held, readings[0].kinds)
    return _best(req, p, readings, h, _dora(req, win_tile, h, sf, p), _minimum(req, p))


def _permitted(req: ScoreRequest, win_tile: int, every: list) -> tuple[ScoreResult | None, list]:
    """The readings of `every` (the placements of the hand with `win_tile`) that the request may score, or the
    refusal: furiten (the history's check, which may also keep only 1-4-7's readings), or not complete."""
    allowed = req.allowed_readings
    if req.history is not None:
        sit = req.situation
        perm = win_permission(req.hand, win_tile, req.history, req.rules, "chankan" if sit.chankan else sit.win_by,
                              req.furiten_context)
        if not perm.allowed:
            # "furiten" first (API.md), then the furiten module's own codes
            return ScoreResult(False, ("furiten",) + tuple(r for r in perm.reasons if r != "furiten")), []
        if perm.readings is not None:
            # 1-4-7 sacred discard: only the permitted readings may be scored (RULES.md §3.8, §23.3)
            allowed = perm.readings if allowed is None else tuple(r for r in allowed if r in perm.readings)
    readings = every if allowed is None else [r for r in every if win_reading(r) in allowed]
    if not readings:
        return ScoreResult(False, ("not_complete",)), []
    return None, readings


def _dora(req: ScoreRequest, win_tile: int, h: HandFacts, sf: SituationFacts, p: ScoringProfile) -> DoraCount:
    """The dora, red fives, ura dora (a riichi winner's) and kita of the win."""
    reds = (win_tile >= NUM_KINDS) + h.meld_reds
    concealed = req.hand.concealed
    if concealed and max(concealed) >= NUM_KINDS:
        reds += concealed.count(34) + concealed.count(35) + concealed.count(36)
    return count_dora(h.all_counts, reds, req.dora_indicators, req.ura_indicators, sf.riichi, p.dora,
                      req.situation.kita if p.kita_bonus else 0)


def _best(req: ScoreRequest, p: ScoringProfile, readings: list, h: HandFacts, dora: DoraCount,
          minimum: int) -> ScoreResult:
    """The highest-scoring reading's result (score's last step), or is_win false with the reasons."""
    rules, sit = req.rules, h.sit
    best = None
    any_yaku = False
    # _candidates' every case but the common one: a yakuman possible, renhou counted
    uncommon = h.yakuman_hint or (sit.renhou and rules.renhou != "none")
    for placement in readings:
        f = win_facts(placement, h)
        if uncommon or f.concealed_triplets == 4:
            for cand in _candidates(f, dora, rules, p):
                any_yaku = True
                if cand.yaku_han < minimum and not cand.yakuman:
                    continue
                if best is None or cand.key > best.key:
                    best = cand
            continue
        # _candidates' common case inline (one candidate of ordinary yaku, when it has any)
        found, yaku_han, pinfu = find_yaku(f, rules, p.shortlists)
        if not found:
            continue
        any_yaku = True
        if yaku_han < minimum:
            continue
        items, fu = fu_receipt(f, pinfu, rules)
        han = yaku_han + dora.total
        limit = p.limits.get((han, fu, 0)) or profile_limit(p, han, fu, 0)
        key = (limit.base_points, 0, han, fu)
        if best is None or key > best.key:
            best = _new(_Candidate, (key, han, fu, found + dora.items, (), items, limit, yaku_han))
    if best is None:
        return ScoreResult(False, ("below_minimum_han",) if any_yaku else ("no_yaku",))
    _, han, fu, yaku, yakuman, fu_items, limit, _ = best
    key = (limit.base_points, sit.seat_wind, sit.win_by, req.discarder, req.honba, req.riichi_sticks)
    payments, points, sticks, deltas = p.payments.get(key) or profile_payments(p, *key)
    return _new(ScoreResult, (True, (), han, fu, yaku, yakuman, fu_items, limit.limit, limit.base_points, points,
                              payments, sticks, dict(deltas) if deltas else None))


class PairPlan(NamedTuple):
    """What a ron request and a tsumo request on one hand share whatever the winning tile: their profile, their
    situations' facts and their minimum han (plan_pair builds it once; score_pair reads it for every tile)."""
    asks: tuple[ScoreRequest, ScoreRequest]
    profile: ScoringProfile
    facts: tuple[SituationFacts, SituationFacts]
    minimums: tuple[int, int]
    units: int        # the hand's concealed_units
    groups: int       # groups the concealed part completes (4 - melds)
    special: bool     # seven pairs and thirteen orphans count (the profile's special forms, no meld)


def plan_pair(ron: ScoreRequest, tsumo: ScoreRequest) -> PairPlan:
    """The PairPlan of two requests that differ only in how the tile is won (the situation's win_by and the
    discarder): the same hand, rules, indicators, counters and history."""
    p = scoring_profile(ron.rules)
    sf_ron = situation_facts(ron.situation, p.north_value, p.situations)
    sf_tsumo = situation_facts(tsumo.situation, p.north_value, p.situations)
    minimum = p.min_han if not p.ryan_shi else None   # Ryan Shi reads each request's counters
    melds = ron.hand.melds
    # PairPlan(...) without its generated __new__'s frame
    return _new(PairPlan, ((ron, tsumo), p, (sf_ron, sf_tsumo),
                           (minimum, minimum) if minimum is not None else (_minimum(ron, p), _minimum(tsumo, p)),
                           concealed_units(ron.hand), 4 - len(melds), p.special_forms and not melds))


def pair_tiles(plan: PairPlan, win_tile: int) -> WinTiles:
    """win_tiles of the plan's hand on `win_tile` (score_pair's `tiles`)."""
    return _win_tiles(plan.units + UNIT[win_tile], KIND[win_tile], plan.groups, plan.special)


def _minimum(req: ScoreRequest, p: ScoringProfile) -> int:
    """The least yaku han a win needs: the profile's, or two under Ryan Shi (RULES.md §10.2)."""
    if p.ryan_shi and _ryan_shi_count(req) >= req.rules.ryan_shi_threshold:
        return max(p.min_han, 2)
    return p.min_han


def score_pair(plan: PairPlan, win_tile: int, tiles: WinTiles) -> tuple[ScoreResult, ScoreResult]:
    """score(ron, tiles) and score(tsumo, tiles) of the plan's two requests on `win_tile` (their own win_tile is
    not read: /v1/evaluate asks one pair for every wait). What the two share is worked out once: the dora count
    (the same hand, indicators, riichi state and kita); what they share for every tile, once in the plan."""
    hand, p = plan.asks[0].hand, plan.profile
    counts, held, every = tiles
    shared = None
    out = []
    for req, sf, minimum in zip(plan.asks, plan.facts, plan.minimums):
        refused, readings = _permitted(req, win_tile, every)
        if refused is not None:
            out.append(refused)
            continue
        sit = req.situation
        h = hand_facts(hand, win_tile, sit, sf, counts, held, readings[0].kinds)
        if shared is None or shared[0] != (sf.riichi, sit.kita):   # what the dora count reads of the situation
            shared = ((sf.riichi, sit.kita), _dora(req, win_tile, h, sf, p))
        out.append(_best(req, p, readings, h, shared[1], minimum))
    return out[0], out[1]


def _ryan_shi_count(req: ScoreRequest) -> int:
    """The count Ryan Shi's basis reads (RULES.md §10.2, §23.11)."""
    basis = req.rules.ryan_shi_basis
    count = {"dealer_extra_hands": req.dealer_extra_hands, "consecutive_draws": req.consecutive_draws}.get(basis)
    return req.honba if count is None else count


def _candidates(f: WinFacts, dora: DoraCount, rules, p: ScoringProfile) -> list[_Candidate]:
    """The ways this reading can be scored (one, or two when renhou is a fixed mangan)."""
    h = f.h
    # find_yakuman's own quick exit, tested here first: most readings have no yakuman
    if h.yakuman_hint or f.concealed_triplets == 4:
        found_yakuman = find_yakuman(f, rules)
        if found_yakuman:
            mult = sum(m for _, m in found_yakuman)
            return [_candidate((), tuple(found_yakuman), 13 * mult, 13 * mult, fu_receipt(f, False, rules), mult, p)]
    out = []
    found, yaku_han, pinfu = find_yaku(f, rules, p.shortlists)
    if h.sit.renhou and rules.renhou != "none":
        if rules.renhou == "mangan_cumulative":
            found += (("renhou", RENHOU_HAN),)
            yaku_han += RENHOU_HAN
        elif rules.renhou == "han":
            found += (("renhou", rules.renhou_han),)
            yaku_han += rules.renhou_han
        elif rules.renhou == "mangan":
            # a fixed mangan, not added to other yaku or dora (EMA 2016)
            out.append(_candidate((("renhou", RENHOU_HAN),), (), RENHOU_HAN, RENHOU_HAN,
                                  fu_receipt(f, False, rules), 0, p))
    if found:   # _candidate(found + dora.items, (), yaku_han, han, fu_receipt(...), 0, p), without its call
        items, fu = fu_receipt(f, pinfu, rules)
        han = yaku_han + dora.total
        limit = p.limits.get((han, fu, 0)) or profile_limit(p, han, fu, 0)
        out.append(_new(_Candidate, ((limit.base_points, 0, han, fu), han, fu, found + dora.items, (), items, limit,
                                     yaku_han)))
    return out
