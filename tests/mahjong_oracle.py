"""The PyPI `mahjong` package as a test oracle (dev only): our ScoreRequest -> its han, fu, points.

Used by tests/calculator/scoring/test_scoring_differential.py and bench/bench_score.py. Rules map onto
its OptionalRules as RULES.md §24 describes (kiriage, kazoe_limit, has_open_tanyao,
fu_for_open_pinfu, fu_for_pinfu_tsumo); options it has no switch for must keep the values it
hard-codes (double-wind pair 4 fu, rinshan tsumo fu, chiitoitsu 25 fu, yakuman stacking).
"""
from __future__ import annotations

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as OMeld

from calculator.core.tiles import NUM_KINDS, kind

WIND = {"east": EAST, "south": SOUTH, "west": WEST, "north": NORTH}
KAZOE = {"yakuman": HandConstants.KAZOE_LIMITED, "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
         "none": HandConstants.KAZOE_NO_LIMIT}
MELD = {"chi": OMeld.CHI, "pon": OMeld.PON, "open_kan": OMeld.KAN, "closed_kan": OMeld.KAN,
        "added_kan": OMeld.SHOUMINKAN}


def options(rules) -> OptionalRules:
    return OptionalRules(has_open_tanyao=rules.open_tanyao, has_aka_dora=any(rules.red_fives),
                         has_double_yakuman=bool(rules.double_yakuman), kazoe_limit=KAZOE[rules.kazoe],
                         kiriage=rules.kiriage_mangan, fu_for_open_pinfu=rules.open_pinfu_fu == 30,
                         fu_for_pinfu_tsumo=rules.pinfu_tsumo_fu == 30, renhou_as_yakuman=rules.renhou == "yakuman")


class Ids:
    """Hands out 136-format ids: a red five takes copy 0 of its five (as the package expects)."""

    def __init__(self, aka: bool):
        self.used = set()
        self.aka = aka

    def take(self, code: int) -> int:
        k = kind(code)
        if code >= NUM_KINDS:
            i = 4 * k
        else:
            start = 1 if self.aka and k in (4, 13, 22) else 0
            i = next(4 * k + j for j in range(start, 4) if 4 * k + j not in self.used)
        self.used.add(i)
        return i


def oracle_inputs(req):
    """Positional and keyword arguments of HandCalculator.estimate_hand_value for a ScoreRequest."""
    sit, rules = req.situation, req.rules
    ids = Ids(any(rules.red_fives))
    tiles = [ids.take(t) for t in req.hand.concealed]
    win = ids.take(req.win_tile)
    tiles.append(win)
    melds = []
    for m in req.hand.melds:
        mt = [ids.take(t) for t in m.tiles]
        tiles += mt
        melds.append(OMeld(MELD[m.kind], mt, opened=m.kind != "closed_kan"))
    dora = [ids.take(t) for t in req.dora_indicators[:1 + 4 * (rules.kan_dora != "off")]]
    ura = [ids.take(t) for t in req.ura_indicators] if sit.riichi != "none" and rules.ura_dora else []
    config = HandConfig(is_tsumo=sit.tsumo, is_riichi=sit.riichi != "none", is_ippatsu=sit.ippatsu,
                        is_rinshan=sit.rinshan, is_chankan=sit.chankan, is_haitei=sit.haitei, is_houtei=sit.houtei,
                        is_daburu_riichi=sit.riichi == "double_riichi", is_tenhou=sit.tenhou, is_chiihou=sit.chiihou,
                        is_renhou=sit.renhou, player_wind=WIND[sit.seat_wind], round_wind=WIND[sit.round_wind],
                        options=options(rules))
    return (tiles, win), {"melds": melds, "dora_indicators": dora, "ura_dora_indicators": ura, "config": config}


def points_of(resp, sit) -> int:
    c = resp.cost
    if not sit.tsumo:
        return c["main"]
    return 3 * c["main"] if sit.dealer else c["main"] + 2 * c["additional"]


def oracle_score(req):
    """(han, fu, points) from the package, or None when it refuses the hand (no yaku, not complete)."""
    args, kw = oracle_inputs(req)
    resp = HandCalculator.estimate_hand_value(*args, **kw)
    if resp.error:
        return None
    return resp.han, resp.fu, points_of(resp, req.situation)


estimate = HandCalculator.estimate_hand_value
