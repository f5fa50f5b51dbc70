"""Rule options of Japanese scoring: yaku, fu, limits, dora, counters and payments (docs/yaku.md#s6-docs/counters.md#s11, docs/dora.md#s18-docs/yaku.md#s19).
Part of the option registry (calculator.rules.options)."""
from __future__ import annotations

from dataclasses import dataclass

from calculator.rules.option import opt


@dataclass(frozen=True)
class ScoringOptions:
    """Japanese scoring."""
    # --- Japanese scoring: yaku, fu, limits, dora, payments (docs/yaku.md#s6-docs/counters.md#s11, docs/dora.md#s18-docs/yaku.md#s19) ---
    min_han: int = opt(1, "Minimum han from yaku (dora never count) for a legal win.", "docs/yaku.md#s6-3 yaku.min_han [http://www.4windsmj.com/kb/rules/japanese_modern/rules00.htm]",
                       minimum=1)
    open_tanyao: bool = opt(True, "Open all-simples scores 1 han (Japanese 'kuitan ari'; Four Winds calls the "
                            "opposite restriction 'Kuitan', see docs/yaku.md#s19).", "docs/yaku.md#s6-3 yaku.open_tanyao, docs/yaku.md#s19 [http://www.4windsmj.com/kb/rules/japanese_modern/rules00.htm]")
    renhou: str = opt("none", "Ron before one's first draw: none, mangan (fixed, not added to yaku), "
                      "mangan_cumulative (a 5-han yaku added to the others), yakuman. Four Winds does not say "
                      "(docs/yaku.md#s6-3 '?'); none, as the large online rule sets.", "docs/yaku.md#s6-3 yaku.renhou",
                      choices=("none", "mangan", "mangan_cumulative", "yakuman", "han"))
    renhou_han: int = opt(5, "With renhou 'han': the han renhou adds to the other yaku (a yaku like any other, "
                          "dora count on top).", "docs/yaku.md#s6-2, docs/yaku.md#s6-3 yaku.renhou (the 'han' value)", minimum=1)
    riichi_han: int = opt(1, "Han of a won declared hand (riichi). The seeds give 1 (one double in Western "
                          "variants).", "docs/declarations.md#s4-4, docs/declarations.md#s4-8 riichi.han [docs/sources.md#seed-jm section 4.1.4]", minimum=1)
    double_riichi_han: int = opt(2, "Han of a declaration on the first uninterrupted turn (double riichi), in place "
                                 "of riichi's. Four Winds' '?'; 2, as every other profile.",
                                 "docs/declarations.md#s4-4, docs/declarations.md#s4-8 riichi.double_riichi_han [http://www.4windsmj.com/kb/help/4winrd04.htm]", minimum=1)
    riichi_ippatsu: bool = opt(True, "A win within one uninterrupted go-around of the declaration scores ippatsu "
                               "(1 han). Four Winds' '?'; true, as every other profile.", "docs/declarations.md#s4-4, docs/declarations.md#s4-8 riichi.ippatsu [docs/sources.md#ext-8]")
    double_yakuman: tuple = opt((), "Yakuman patterns worth a double yakuman: kokushi_musou_13, suuankou_tanki, "
                                "junsei_chuuren_poutou, daisuushii. Four Winds does not say (docs/yaku.md#s6-3 '?'); none, the "
                                "single-limit reading of the Mangan settling table.", "docs/yaku.md#s6-3 yaku.double_yakuman_patterns",
                                choices=("kokushi_musou_13", "suuankou_tanki", "junsei_chuuren_poutou", "daisuushii"))
    yakuman_stacking: bool = opt(True, "Several yakuman in one hand add up (daisangen + tsuuiisou = double). Four "
                                 "Winds does not say (docs/yaku.md#s6-3 '?'); true, as most modern Japanese rules.",
                                 "docs/yaku.md#s6-3 yaku.yakuman_stacking [docs/sources.md#ext-9]")
    # --- local yaku the peers offer (docs/yaku.md "Local yaku and yakuman"); off in every preset ---
    open_riichi: bool = opt(False, "Open riichi: a declarer who shows his hand (request `open_riichi`) scores the yaku "
                            "open_riichi, 1 han on top of riichi (2 han in all, 3 with double riichi).",
                            "docs/yaku.md#local-yaku-and-yakuman")
    open_riichi_deal_in_yakuman: bool = opt(False, "With open_riichi: a ron on a discard from a player who is not in "
                                            "riichi himself (request `discarder_riichi` false) is a yakuman "
                                            "(open_riichi_yakuman).", "docs/yaku.md#local-yaku-and-yakuman")
    daisharin: bool = opt(False, "Daisharin: closed 22334455667788 of pins is a yakuman (else it is chinitsu with "
                          "ryanpeikou or seven pairs).", "docs/yaku.md#local-yaku-and-yakuman")
    daisharin_other_suits: bool = opt(False, "The same shape in characters (daisuurin) and in bamboo (daichikurin) is "
                                      "a yakuman too.", "docs/yaku.md#local-yaku-and-yakuman")
    daichisei: bool = opt(False, "Daichisei: seven pairs of seven different honours is a double yakuman (in place of "
                          "tsuuiisou).", "docs/yaku.md#local-yaku-and-yakuman")
    paarenchan: bool = opt(False, "Paarenchan: the dealer's win after seven wins in a row (request "
                           "`dealer_consecutive_wins` 7 or more) is a yakuman, whatever the hand.", "docs/yaku.md#local-yaku-and-yakuman")
    max_yakuman_multiple: int = opt(0, "Largest yakuman multiple paid (0 = no cap).", "docs/limits.md#s8-2 limits.max_yakuman_multiple",
                                    minimum=0)
    kiriage_mangan: bool = opt(False, "4 han 30 fu and 3 han 60 fu (base 1,920) are rounded up to mangan. Four "
                               "Winds does not say (docs/limits.md#s8-2 '?'); false, the plain formula.", "docs/limits.md#s8-2 limits.kiriage_mangan")
    kazoe: str = opt("yakuman", "13+ han from ordinary yaku and dora: yakuman (kazoe yakuman), sanbaiman (capped), "
                     "none (no cap: every 13 han is one more yakuman). Four Winds' '?'; yakuman, its Mangan table "
                     "ceiling of 400% [http://www.4windsmj.com/kb/help/4winsc24.htm].", "docs/limits.md#s8-2 limits.kazoe", choices=("yakuman", "sanbaiman", "none"))
    double_wind_pair_fu: int = opt(4, "Fu for a pair that is both seat and round wind. Four Winds' '?'; 4, adding "
                                   "both wind fu as the per-wind rule reads.", "docs/fu.md#s7-2 fu.double_wind_pair [docs/sources.md#ext-9]",
                                   choices=(2, 4))
    open_pinfu_fu: int = opt(30, "Fu of an open hand with no fu beyond the base (20 is raised to this).",
                             "docs/fu.md#s7-2 fu.open_pinfu_shape_ron", choices=(30, 20))
    pinfu_tsumo_fu: int = opt(20, "20: pinfu and menzen tsumo both score, 20 fu flat; 30: no pinfu on a self-draw "
                              "(the tsumo 2 fu round to 30). Four Winds' '?'; 20 as every listed profile.",
                              "docs/fu.md#s7-2 fu.pinfu_tsumo", choices=(20, 30))
    rinshan_tsumo_fu: bool = opt(True, "A rinshan kaihou win gets the 2 self-draw fu. Four Winds' '?'; true.",
                                 "docs/fu.md#s7-2 fu.rinshan_tsumo_fu [docs/sources.md#ext-9]")
    chiitoitsu_fu: int = opt(25, "Seven pairs: 25 (2 han, 25 fu flat) or 50 (old rules: 1 han, 50 fu). Four "
                             "Winds' '?'; 25 as every listed profile.", "docs/fu.md#s7-2 fu.chiitoitsu", choices=(25, 50))
    ryan_shi: bool = opt(False, "Two-han minimum (dora excluded) after a number of counters (Ryan Shi). Four "
                         "Winds describes it as optional; off.", "docs/counters.md#s10-2 ryan_shi.enabled [docs/sources.md#seed-jm section 4.5]")
    ryan_shi_threshold: int = opt(5, "Ryan Shi applies when the count its basis names is at least this (5: from "
                                  "the dealer's 6th deal in a row, the rules reference (docs/README.md) docs/counters.md#s10-3-4).",
                                  "docs/counters.md#s10-2 ryan_shi.threshold [docs/sources.md#seed-jm section 4.5]", minimum=1)
    ryan_shi_basis: str = opt("dealer_extra_hands", "Which count Ryan Shi reads: dealer_extra_hands (Four Winds "
                              "text; the request's `dealer_extra_hands`), counters (EMA 2008/2012; `honba`), "
                              "consecutive_draws (Four Winds EMA preset; `consecutive_draws`). A missing count "
                              "falls back to `honba` (in the Four Winds model the counters are the extra hands).",
                              "docs/counters.md#s10-2 ryan_shi.basis, docs/presets.md#s23-11",
                              choices=("dealer_extra_hands", "counters", "consecutive_draws"))
    honba_per_stick_total: int = opt(300, "Points one counter is worth (API.md's honba_value): the discarder pays "
                                     "it all on a ron; on a self-draw each payer pays an equal part (four players: "
                                     "a third, 100 of 300), so it is a multiple of players - 1 (3; 2 with three "
                                     "players).",
                                     "docs/counters.md#s10-2 honba.per_stick_total [docs/sources.md#seed-jm section 4.5]", minimum=0, multiple_of=3, per_payer=True)
    honba_paid_to: str = opt("any_winner", "Who collects counters: any_winner or dealer_only (older rules).",
                             "docs/counters.md#s10-2 honba.paid_to [http://www.4windsmj.com/kb/rules/japanese_modern/rules00.htm]", choices=("any_winner", "dealer_only"))
    riichi_stick_value: int = opt(1000, "Points of one riichi stick; all sticks on the table go to the winner.",
                                  "docs/counters.md#s11-1 [docs/sources.md#seed-jm section 4.1.5]", minimum=0)
    dora_indicator: bool = opt(True, "The first dora indicator counts.", "docs/dora.md#s18-2 dora.indicator [docs/sources.md#seed-jm section 4.6]")
    kan_dora: str = opt("off", "Indicators after the first (flipped for kongs): off, immediate, or "
                        "closed_immediate_open_after_discard (only timing differs; both count every indicator "
                        "given). Off in Four Winds JM, inferred from its EMA preset comparison.",
                        "docs/dora.md#s18-2 dora.kong_dora [http://www.4windsmj.com/kb/help/4winpr29.htm]",
                        choices=("off", "immediate", "closed_immediate_open_after_discard"))
    ura_dora: bool = opt(False, "The first ura indicator counts for a riichi winner. Off in Four Winds JM (inferred).",
                         "docs/dora.md#s18-2 dora.ura [http://www.4windsmj.com/kb/help/4winpr29.htm]")
    kan_ura_dora: bool = opt(False, "Ura indicators after the first count for a riichi winner. Off in Four Winds JM "
                             "(inferred).", "docs/dora.md#s18-2 dora.kong_ura [http://www.4windsmj.com/kb/help/4winpr29.htm]")
    red_fives: tuple = opt((0, 0, 0), "Red fives per suit (m, p, s), each 1 han. None in Four Winds JM (inferred).",
                           "docs/dora.md#s18-2 dora.red_fives [docs/sources.md#seed-jm section 4.6]", choices=(0, 1, 2, 3, 4))

    # --- three players: kita, north, tsumo payment, kazoe name (docs/sanma.md#tenhou-rules rules 2, 7, 10-13, 21) ---
    north_bonus: str = opt("off", "Norths set aside (kita, request field `kita`): off (no kita: a `kita` is 422 "
                           "kita_not_in_rules) or bonus_dora (each is 1 han, its own yaku entry `kita`, never a "
                           "yaku for the minimum, and a tile the dora and ura indicators count).",
                           "docs/sanma.md#three-player; docs/sanma.md#tenhou-rules rule 7", choices=("off", "bonus_dora"))
    kita_replacement_is_rinshan: bool = opt(True, "A self-draw on the replacement tile after a kita scores "
                                            "rinshan kaihou (`rinshan: true` is consistent with kita >= 1).",
                                            "docs/sanma.md#tenhou-rules rule 10 (79/79 such Tenhou wins)")
    kita_ron: bool = opt(True, "Another player may ron on a set-aside north (the discarder is the seat that set "
                         "it aside).", "docs/sanma.md#tenhou-rules rule 11")
    kita_ron_is_chankan: bool = opt(False, "A ron on a kita scores chankan (robbing a kan). Tenhou: no.",
                                    "docs/sanma.md#tenhou-rules rule 11 (4/4 kita rons without chankan)")
    north_triplet_yaku: bool = opt(True, "A north triplet is a wind yaku when north is the seat or round wind. "
                                   "False: north is never a value wind (no yaku, no pair fu).",
                                   "docs/sanma.md#tenhou-rules rule 13")
    tsumo_payment: str = opt("tsumo_loss", "Three players, self-draw: tsumo_loss (the absent north's share is "
                             "not paid), split_north_share (the two payers split it, as the four-player total), "
                             "north_share_by_dealer (the dealer pays it; a dealer's self-draw splits it).",
                             "docs/sanma.md#three-player; docs/sanma.md#tenhou-rules rule 2",
                             choices=("tsumo_loss", "split_north_share", "north_share_by_dealer"))
    kazoe_limit_name: str = opt("kazoe_yakuman", "Name of the `limit` of a counted (kazoe) yakuman: kazoe_yakuman, "
                                "or yakuman (Tenhou's own result records it as a yakuman, limit code 5).",
                                "docs/sanma.md#tenhou-rules; docs/sanma.md#tenhou-rules rule 21",
                                choices=("kazoe_yakuman", "yakuman"))
