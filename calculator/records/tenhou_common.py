"""What Tenhou's two record formats share: yaku numbers, limit codes, rule flags and seat arithmetic.

Input: Tenhou's numbers (yaku ids, the GO type bits, limit codes). Output: API yaku ids, limit
names and RecordFlags. Tenhou's yaku numbering is the one `../shared/data/README.md` lists.
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
