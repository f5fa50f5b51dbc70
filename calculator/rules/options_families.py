"""Rule options of the other families' hand scoring: Taiwanese tai and European points (issue 13).

Which table /v1/score and /v1/settle use (`scoring_family`), bonus tiles, riichi stakes, and every item
of the cited tables as an option of its own (docs/families.md): the international tai table of taiwanese_16
(`tw_tai_*`) and Four Winds' European classical standard scoring with its French and Italian values
(`eu_*`). So each value is listed with its source in the preset answers, can be changed by a request,
and an item is switched off with 0. Part of the option registry (calculator.rules.options).
"""
from __future__ import annotations

from dataclasses import dataclass

from calculator.rules.option import opt

TW_TABLE = "docs/families.md#s22: the international tai table, corp.mahjongclub.com/international [http://corp.mahjongclub.com/international]"
TW_COMMON = ("mahjong.wikidot.com/rules:taiwanese-scoring (the international table's row is not readable, "
             "docs/families.md#s22); unverified")
TW_GUESS = ("no readable source (docs/families.md#s22: the rest of the international table was not readable); the "
            "value most Taiwanese tables publish; unverified")
FW_SETS = "docs/families.md#s22: Four Winds http://4windsmj.com/kb/rules/european_classical/rules05.htm basic points for completed sets [http://4windsmj.com/kb/rules/european_classical/rules05.htm]"
FW_ITEMS = "docs/families.md#s22: Four Winds 4winsc09.htm, standard column [http://4windsmj.com/kb/rules/european_classical/rules05.htm]"
EU_COMMON = ("docs/families.md#s22: the Four Winds page listing doubling items was not readable; 1 double, the classical "
             "Western tables (Babcock ch. 6 and successors); unverified")


@dataclass(frozen=True)
class FamilyOptions:
    """Taiwanese and European hand scoring."""
    scoring_family: str = opt("japanese", "Which hand scoring /v1/score and /v1/settle use: japanese (han and fu), "
                              "taiwanese (tai added up, 16-tile hands) or european (basic points doubled, every "
                              "player's hand scored).", "docs/families.md#s22; docs/families.md#s22",
                              choices=("japanese", "taiwanese", "european"))
    bonus_tiles: bool = opt(False, "Flowers and seasons are played: /v1/score takes `flowers` / `seasons`; "
                            "without them the request is refused.", "docs/families.md#s22, docs/declarations.md#s4 (the Japanese collection "
                            "has no bonus tiles, docs/sources.md#seed-jm)")
    riichi_stakes: bool = opt(True, "A ready declaration puts a stake (riichi stick) on the table, collected by "
                              "the winner. Only the Japanese voluntary declaration has one.",
                              "docs/sources.md#seed-ri (the stake is part of riichi); docs/sources.md#seed-eu section 4.2 names none for the French and "
                              "Italian declarations; docs/sources.md#seed-tw has no declaration")
    ready_discard_bonus_after: bool = opt(False, "A flower or season drawn after a ready declaration must be "
                                          "discarded: it does not score (Italian).", "docs/sources.md#seed-eu section 4.2.2")
    tw_tai_limit: int = opt(0, "Taiwanese: the most tai a hand is paid (0: no limit).", TW_TABLE + " ('often "
                            "played without applying a Limit ... e.g. at 40 tais')", minimum=0)
    tw_tai_flower: int = opt(1, "Taiwanese: tai per flower or season.", TW_TABLE, minimum=0)
    tw_tai_no_flowers: int = opt(1, "Taiwanese: no flowers or seasons.", TW_TABLE, minimum=0)
    tw_tai_all_flowers: int = opt(30, "Taiwanese: all eight flowers and seasons (a winning hand; other patterns "
                                  "are ignored).", TW_TABLE, minimum=0)
    tw_tai_seven_flowers_robbing: int = opt(20, "Taiwanese: seven flowers and seasons held, the eighth taken from "
                                            "the player who shows it (a winning hand of its own, paid by that "
                                            "player as a discarder; other patterns are ignored; /v1/score "
                                            "`robbed_bonus`).", TW_TABLE, minimum=0)
    tw_tai_honour_pung: int = opt(1, "Taiwanese: each pung or kong of dragons or of any wind.", TW_TABLE, minimum=0)
    tw_tai_melded_kong: int = opt(1, "Taiwanese: each melded kong.", TW_TABLE, minimum=0)
    tw_tai_concealed_kong: int = opt(2, "Taiwanese: each concealed kong.", TW_TABLE, minimum=0)
    tw_tai_pure_straight: int = opt(5, "Taiwanese: three chows of one suit, step 3 (1-2-3, 4-5-6, 7-8-9) with "
                                    "any other sets.", TW_TABLE + "; 'step 3' from [http://4windsmj.com/kb/help/4winpr27.htm]", minimum=0)
    tw_tai_pure_straight_self_drawn: int = opt(10, "Taiwanese: the same, self-drawn (instead of the above).",
                                               TW_TABLE, minimum=0)
    tw_tai_two_concealed_pungs: int = opt(2, "Taiwanese: two concealed triplets (concealed kongs count).", TW_TABLE,
                                          minimum=0)
    tw_tai_three_concealed_pungs: int = opt(5, "Taiwanese: three concealed triplets.", TW_TABLE, minimum=0)
    tw_tai_four_concealed_pungs: int = opt(15, "Taiwanese: four concealed triplets.", TW_TABLE, minimum=0)
    tw_tai_five_concealed_pungs: int = opt(40, "Taiwanese: five concealed triplets.", TW_TABLE, minimum=0)
    tw_tai_little_three_dragons: int = opt(15, "Taiwanese: two dragon pungs/kongs and a dragon pair.", TW_TABLE,
                                           minimum=0)
    tw_tai_little_three_winds: int = opt(5, "Taiwanese: two wind pungs/kongs and a wind pair.", TW_TABLE, minimum=0)
    tw_tai_big_three_winds: int = opt(15, "Taiwanese: three wind pungs/kongs.", TW_TABLE, minimum=0)
    tw_tai_exposed_hand: int = opt(10, "Taiwanese: every set melded, out on the single tile that completes the "
                                   "pair (implies the single wait: not counted again).", TW_TABLE, minimum=0)
    tw_tai_self_draw: int = opt(1, "Taiwanese: self-drawn winning tile.", TW_COMMON, minimum=0)
    tw_tai_concealed_hand: int = opt(1, "Taiwanese: no melds except concealed kongs.", TW_COMMON, minimum=0)
    tw_tai_single_wait: int = opt(2, "Taiwanese: out on the only tile that completes the hand, which completes the "
                                  "pair.", TW_COMMON, minimum=0)
    tw_tai_closed_wait: int = opt(2, "Taiwanese: out on the only tile that completes the hand, the middle or edge "
                                  "tile of a chow.", TW_COMMON, minimum=0)
    tw_tai_robbing_kong: int = opt(1, "Taiwanese: out on a tile robbed from a kong.", TW_COMMON, minimum=0)
    tw_tai_last_tile: int = opt(1, "Taiwanese: self-drawn last tile of the wall.", TW_COMMON, minimum=0)
    tw_tai_last_discard: int = opt(1, "Taiwanese: out on the last discard.", TW_GUESS, minimum=0)
    tw_tai_kong_replacement: int = opt(1, "Taiwanese: out on a kong's replacement tile.", TW_GUESS, minimum=0)
    tw_tai_no_honours: int = opt(1, "Taiwanese: no honour tiles.", TW_COMMON + "; [http://4windsmj.com/kb/help/4winpr27.htm] names No Honors",
                                 minimum=0)
    tw_tai_all_chows: int = opt(2, "Taiwanese: five chows and a pair that is no honour, not self-drawn, not out "
                                "on a single or closed wait.", TW_GUESS, minimum=0)
    tw_tai_all_pungs: int = opt(4, "Taiwanese: five pungs or kongs.", TW_GUESS, minimum=0)
    tw_tai_half_flush: int = opt(4, "Taiwanese: one suit with honours.", TW_GUESS, minimum=0)
    tw_tai_full_flush: int = opt(8, "Taiwanese: one suit, no honours.", TW_GUESS, minimum=0)
    tw_tai_all_honours: int = opt(16, "Taiwanese: honours only.", TW_GUESS, minimum=0)
    tw_tai_big_three_dragons: int = opt(30, "Taiwanese: three dragon pungs/kongs.", TW_GUESS + "; twice Little "
                                        "Three Dragons, as Big Three Winds is three times Little Three Winds",
                                        minimum=0)
    tw_tai_little_four_winds: int = opt(30, "Taiwanese: three wind pungs/kongs and a wind pair (instead of Big Three "
                                        "Winds).", TW_GUESS, minimum=0)
    tw_tai_big_four_winds: int = opt(40, "Taiwanese: four wind pungs/kongs (instead of Big Three Winds).",
                                     TW_GUESS, minimum=0)
    eu_pung_simples: int = opt(2, "European: basic points of a melded pung of simples (concealed: times "
                               "eu_concealed_factor; a kong: times eu_kong_factor).", FW_SETS, minimum=0)
    eu_pung_terminals: int = opt(4, "European: melded pung of terminals.", FW_SETS, minimum=0)
    eu_pung_winds: int = opt(4, "European: melded pung of winds.", FW_SETS, minimum=0)
    eu_pung_dragons: int = opt(4, "European: melded pung of dragons.", FW_SETS, minimum=0)
    eu_concealed_factor: int = opt(2, "European: a concealed pung or kong scores this many times the melded one.",
                                   FW_SETS + " (Concealed column = 2 x Melded)", minimum=0)
    eu_kong_factor: int = opt(4, "European: a kong scores this many times the pung.", FW_SETS + " (Kong rows = 4 x "
                              "Pung rows)", minimum=0)
    eu_pair_seat_wind: int = opt(2, "European: pair of the player's own wind (winner only).", FW_SETS, minimum=0)
    eu_pair_round_wind: int = opt(2, "European: pair of the wind of the round (winner only).", FW_SETS, minimum=0)
    eu_pair_dragons: int = opt(2, "European: pair of dragons (winner only).", FW_SETS, minimum=0)
    eu_bonus_tile: int = opt(4, "European: points per flower or season (every player).", FW_SETS + ": 'if Flowers "
                             "and Seasons are used, all players receive ...' (value not readable); 4, the value of "
                             "the classical Western tables (Babcock's successors, MahjongTime European)", minimum=0)
    eu_winning: int = opt(20, "European: points for going out (Mah Jong).", FW_ITEMS, minimum=0)
    eu_self_drawn: int = opt(2, "European: self-drawn winning tile.", FW_ITEMS, minimum=0)
    eu_one_chance: int = opt(2, "European: out on a one-chance chow (edge 1-2 / 8-9 or the middle tile).", FW_ITEMS,
                             minimum=0)
    eu_out_on_pair: int = opt(2, "European: the winning tile completes the pair.", "docs/families.md#s22: 4winexm01's "
                              "itemisation ('out on a pair 2') [http://4windsmj.com/kb/rules/european_classical/rules05.htm]", minimum=0)
    eu_fully_exposed: int = opt(0, "European: every set melded (points).", FW_ITEMS + ": no standard value shown "
                                "(CO 6, WA 7, T 10 in other presets)", minimum=0)
    eu_double_dragon_pung: int = opt(1, "European: doubles per pung or kong of dragons (every player).",
                                     "docs/families.md#s22: 4winexm01, 4winexm04 [http://4windsmj.com/kb/rules/european_classical/rules05.htm]", minimum=0)
    eu_double_seat_wind_pung: int = opt(1, "European: doubles for a pung or kong of one's own wind (every player).",
                                        "docs/families.md#s22: Babcock ch. 6 'doubled for three of the player's own Wind'",
                                        minimum=0)
    eu_double_round_wind_pung: int = opt(1, "European: doubles for a pung or kong of the wind of the round.",
                                         EU_COMMON, minimum=0)
    eu_double_little_three_dragons: int = opt(1, "European: two dragon pungs/kongs and a dragon pair (winner).",
                                              EU_COMMON, minimum=0)
    eu_double_all_pungs: int = opt(1, "European: four pungs or kongs (winner).", EU_COMMON, minimum=0)
    eu_double_one_suit_honours: int = opt(1, "European: one suit with honours (winner).", EU_COMMON, minimum=0)
    eu_double_one_suit: int = opt(3, "European: one suit, no honours (winner).", EU_COMMON, minimum=0)
    eu_double_three_orphan_pungs: int = opt(0, "European: three pungs/kongs of terminals and honours (winner).",
                                            "docs/families.md#s22: 4winsc05, IT 1 dbl; no standard value shown", minimum=0)
    eu_double_four_orphan_pungs: int = opt(0, "European: four pungs/kongs of terminals and honours (winner; "
                                           "instead of three).", "docs/families.md#s22: 4winsc05, IT 3 dbl; no standard "
                                           "value shown", minimum=0)
    eu_double_three_same_number: int = opt(0, "European: pungs/kongs of one number in all three suits (winner).",
                                           "docs/families.md#s22: 4winsc05, IT 1 dbl (CO 16 pts ...); no standard "
                                           "value shown", minimum=0)
    eu_rounding: int = opt(10, "European: the doubled total is rounded to the nearest multiple of this (half up).",
                           "docs/families.md#s22: 4winexm04 124 -> 120, 4winexm01 136 -> 140 [http://4windsmj.com/kb/rules/european_classical/rules05.htm]",
                           minimum=1)
    eu_limit: int = opt(500, "European: the most a hand scores after doubling (0: no limit); East pays and "
                        "receives double of it.", "docs/families.md#s22: 4win1j8t 'in the default European Classical "
                        "rules the limit is 500 points'; http://4windsmj.com/kb/rules/european_classical/rules06.htm [http://4windsmj.com/kb/rules/european_classical/rules05.htm]", minimum=0)
