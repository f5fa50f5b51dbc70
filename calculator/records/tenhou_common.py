"""What Tenhou's two record formats share: yaku numbers and names, limit codes, rule flags, tile numbers and
seat arithmetic.

Input: Tenhou's numbers (yaku ids, the GO type bits, limit codes, tile numbers of the JSON log). Output:
API yaku ids, limit names, RecordFlags and tile codes, and back. Tenhou's yaku numbering is the one
`../shared/data/README.md` lists. Tenhou's table has four seats also for three players (the fourth
empty): a call names the seat called from by its place on that table (TABLE_SEATS).
"""
from __future__ import annotations

from calculator.records.model import RecordFlags

TENHOU_YAKU = (
    "menzen_tsumo riichi ippatsu chankan rinshan_kaihou haitei houtei pinfu tanyao iipeikou "
    "seat_wind seat_wind seat_wind seat_wind round_wind round_wind round_wind round_wind haku hatsu chun "
    "double_riichi chiitoitsu chanta ittsu sanshoku_doujun sanshoku_doukou sankantsu toitoi sanankou "
    "shousangen honroutou ryanpeikou junchan honitsu chinitsu renhou tenhou chiihou daisangen suuankou "
    "suuankou_tanki tsuuiisou ryuuiisou chinroutou chuuren_poutou junsei_chuuren_poutou kokushi_musou "
    "kokushi_musou_13 daisuushii shousuushii suukantsu dora ura_dora aka_dora").split()
LIMITS = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")

# GO type bits (Tenhou): 0x02 no red fives, 0x04 no open tanyao, 0x08 East-South, 0x10 three players
NO_RED, NO_KUITAN, EAST_SOUTH, SANMA = 0x02, 0x04, 0x08, 0x10


def flags_of_type(go_type: int) -> RecordFlags:
    """The rule flags of a GO type (Tenhou's Phoenix East-South room is 169, East-only 225).

    >>> flags_of_type(169)
    RecordFlags(red_fives=True, length='east_south', players=4, open_tanyao=True, preset=None)
    """
    return RecordFlags(not go_type & NO_RED, "east_south" if go_type & EAST_SOUTH else "east_only",
                       3 if go_type & SANMA else 4, not go_type & NO_KUITAN)


def yaku_name(number: int) -> str:
    return TENHOU_YAKU[number] if 0 <= number < len(TENHOU_YAKU) else f"tenhou_{number}"


def limit_name(code: int) -> str | None:
    return LIMITS[code] if 0 <= code < len(LIMITS) else None

# Tenhou's own yaku names (as its JSON logs write them), in its numbering
TENHOU_YAKU_JA = tuple(name.replace("_", " ") for name in (
    "門前清自摸和 立直 一発 槍槓 嶺上開花 海底摸月 河底撈魚 平和 断幺九 一盃口 自風_東 自風_南 自風_西 自風_北 "
    "場風_東 場風_南 場風_西 場風_北 役牌_白 役牌_發 役牌_中 両立直 七対子 混全帯幺九 一気通貫 三色同順 三色同刻 "
    "三槓子 対々和 三暗刻 小三元 混老頭 二盃口 純全帯幺九 混一色 清一色 人和 天和 地和 大三元 四暗刻 四暗刻単騎 "
    "字一色 緑一色 清老頭 九蓮宝燈 純正九蓮宝燈 国士無双 国士無双１３面 大四喜 小四喜 四槓子 ドラ 裏ドラ 赤ドラ").split())
JA_TO_ID = dict(zip(TENHOU_YAKU_JA, TENHOU_YAKU))

# names other tenhou.6 writers use (mjai-reviewer3p, older Tenhou logs)
JA_TO_ID.update({"役牌:場風牌": "round_wind", "役牌:自風牌": "seat_wind", "抜きドラ": "kita"})
ID_TO_JA = {ident: name for name, ident in zip(TENHOU_YAKU_JA, TENHOU_YAKU) if ident not in ("seat_wind", "round_wind")}
WIND_JA = "東南西北"
TABLE_SEATS = 4
RED_NUMBERS = {34: 51, 35: 52, 36: 53}


def tile_number(code: int) -> int:
    """A tile code as Tenhou's JSON log numbers it: 11-19 m, 21-29 p, 31-39 s, 41-47 winds and dragons, 51-53
    red fives.

    >>> [tile_number(c) for c in (0, 13, 27, 33, 34)]
    [11, 25, 41, 47, 51]
    """
    if code in RED_NUMBERS:
        return RED_NUMBERS[code]
    if code >= 27:
        return 41 + code - 27
    return 10 * (code // 9 + 1) + code % 9 + 1


def sort_key(code: int) -> tuple:
    """Tenhou's JSON log lists tiles by kind, a red five after the plain fives of its suit."""
    return (code, 0) if code < 34 else (4 + 9 * (code - 34), 1)


def table_offset(seat: int, other: int) -> int:
    """Where `other` sits from `seat` on Tenhou's four-seat table: 1 after (shimocha), 2 across, 3 before."""
    return (other - seat) % TABLE_SEATS
