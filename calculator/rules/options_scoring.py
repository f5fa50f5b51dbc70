"""Rule options of Japanese scoring: yaku, fu, limits, dora, counters and payments (§6-§11, §18-§19).
Part of the option registry (calculator.rules.options)."""
from __future__ import annotations

from dataclasses import dataclass

from calculator.rules.option import opt


@dataclass(frozen=True)
class ScoringOptions:
    """Japanese scoring."""
    # --- Japanese scoring: yaku, fu, limits, dora, payments (§6-§11, §18-§19) ---
    min_han: int = opt(1, "Minimum han from yaku (dora never count) for a legal win.", "§6.3 yaku.min_han [FW:rules00]",
                       minimum=1)
    open_tanyao: bool = opt(True, "Open all-simples scores 1 han (Japanese 'kuitan ari'; Four Winds calls the "
                            "opposite restriction 'Kuitan', see §19).", "§6.3 yaku.open_tanyao, §19 [FW:rules00]")
    renhou: str = opt("none", "Ron before one's first draw: none, mangan (fixed, not added to yaku), "
                      "mangan_cumulative (a 5-han yaku added to the others), yakuman. Four Winds does not say "
                      "(§6.3 '?'); none, as the large online rule sets.", "§6.3 yaku.renhou",
                      choices=("none", "mangan", "mangan_cumulative", "yakuman", "han"))
    renhou_han: int = opt(5, "With renhou 'han': the han renhou adds to the other yaku (a yaku like any other, "
                          "dora count on top).", "§6.2, §6.3 yaku.renhou (the 'han' value)", minimum=1)
    riichi_han: int = opt(1, "Han of a won declared hand (riichi). The seeds give 1 (one double in Western "
                          "variants).", "§4.4, §4.8 riichi.han [SEED-JM §4.1.4]", minimum=1)
    double_riichi_han: int = opt(2, "Han of a declaration on the first uninterrupted turn (double riichi), in place "
                                 "of riichi's. Four Winds' '?'; 2, as every other profile.",
                                 "§4.4, §4.8 riichi.double_riichi_han [FW:4winrd04]", minimum=1)
    riichi_ippatsu: bool = opt(True, "A win within one uninterrupted go-around of the declaration scores ippatsu "
                               "(1 han). Four Winds' '?'; true, as every other profile.", "§4.4, §4.8 riichi.ippatsu [EXT:8]")
    double_yakuman: tuple = opt((), "Yakuman patterns worth a double yakuman: kokushi_musou_13, suuankou_tanki, "
                                "junsei_chuuren_poutou, daisuushii. Four Winds does not say (§6.3 '?'); none, the "
                                "single-limit reading of the Mangan settling table.", "§6.3 yaku.double_yakuman_patterns",
                                choices=("kokushi_musou_13", "suuankou_tanki", "junsei_chuuren_poutou", "daisuushii"))
    yakuman_stacking: bool = opt(True, "Several yakuman in one hand add up (daisangen + tsuuiisou = double). Four "
                                 "Winds does not say (§6.3 '?'); true, as most modern Japanese rules.",
                                 "§6.3 yaku.yakuman_stacking [EXT:9]")
    max_yakuman_multiple: int = opt(0, "Largest yakuman multiple paid (0 = no cap).", "§8.2 limits.max_yakuman_multiple",
                                    minimum=0)
    kiriage_mangan: bool = opt(False, "4 han 30 fu and 3 han 60 fu (base 1,920) are rounded up to mangan. Four "
                               "Winds does not say (§8.2 '?'); false, the plain formula.", "§8.2 limits.kiriage_mangan")
    kazoe: str = opt("yakuman", "13+ han from ordinary yaku and dora: yakuman (kazoe yakuman), sanbaiman (capped), "
                     "none (no cap: every 13 han is one more yakuman). Four Winds' '?'; yakuman, its Mangan table "
                     "ceiling of 400% [FW:4winsc24].", "§8.2 limits.kazoe", choices=("yakuman", "sanbaiman", "none"))
    double_wind_pair_fu: int = opt(4, "Fu for a pair that is both seat and round wind. Four Winds' '?'; 4, adding "
                                   "both wind fu as the per-wind rule reads.", "§7.2 fu.double_wind_pair [EXT:9]",
                                   choices=(2, 4))
    open_pinfu_fu: int = opt(30, "Fu of an open hand with no fu beyond the base (20 is raised to this).",
                             "§7.2 fu.open_pinfu_shape_ron", choices=(30, 20))
    pinfu_tsumo_fu: int = opt(20, "20: pinfu and menzen tsumo both score, 20 fu flat; 30: no pinfu on a self-draw "
                              "(the tsumo 2 fu round to 30). Four Winds' '?'; 20 as every listed profile.",
                              "§7.2 fu.pinfu_tsumo", choices=(20, 30))
    rinshan_tsumo_fu: bool = opt(True, "A rinshan kaihou win gets the 2 self-draw fu. Four Winds' '?'; true.",
                                 "§7.2 fu.rinshan_tsumo_fu [EXT:9]")
    chiitoitsu_fu: int = opt(25, "Seven pairs: 25 (2 han, 25 fu flat) or 50 (old rules: 1 han, 50 fu). Four "
                             "Winds' '?'; 25 as every listed profile.", "§7.2 fu.chiitoitsu", choices=(25, 50))
    ryan_shi: bool = opt(False, "Two-han minimum (dora excluded) after a number of counters (Ryan Shi). Four "
                         "Winds describes it as optional; off.", "§10.2 ryan_shi.enabled [SEED-JM §4.5]")
    ryan_shi_threshold: int = opt(5, "Ryan Shi applies when the count its basis names is at least this (5: from "
                                  "the dealer's 6th deal in a row, RULES §10.3-4).",
                                  "§10.2 ryan_shi.threshold [SEED-JM §4.5]", minimum=1)
    ryan_shi_basis: str = opt("dealer_extra_hands", "Which count Ryan Shi reads: dealer_extra_hands (Four Winds "
                              "text; the request's `dealer_extra_hands`), counters (EMA 2008/2012; `honba`), "
                              "consecutive_draws (Four Winds EMA preset; `consecutive_draws`). A missing count "
                              "falls back to `honba` (in the Four Winds model the counters are the extra hands).",
                              "§10.2 ryan_shi.basis, §23.11",
                              choices=("dealer_extra_hands", "counters", "consecutive_draws"))
    honba_per_stick_total: int = opt(300, "Points one counter is worth (API.md's honba_value): the discarder pays "
                                     "it all on a ron; on a self-draw each payer pays an equal part (four players: "
                                     "a third, 100 of 300), so it is a multiple of players - 1 (3; 2 with three "
                                     "players).", "§10.2 honba.per_stick_total [SEED-JM §4.5]", minimum=0,
                                     multiple_of=3, per_payer=True)
    honba_paid_to: str = opt("any_winner", "Who collects counters: any_winner or dealer_only (older rules).",
                             "§10.2 honba.paid_to [FW:rules00]", choices=("any_winner", "dealer_only"))
    riichi_stick_value: int = opt(1000, "Points of one riichi stick; all sticks on the table go to the winner.",
                                  "§11.1 [SEED-JM §4.1.5]", minimum=0)
    dora_indicator: bool = opt(True, "The first dora indicator counts.", "§18.2 dora.indicator [SEED-JM §4.6]")
    kan_dora: str = opt("off", "Indicators after the first (flipped for kongs): off, immediate, or "
                        "closed_immediate_open_after_discard (only timing differs; both count every indicator "
                        "given). Off in Four Winds JM, inferred from its EMA preset comparison.",
                        "§18.2 dora.kong_dora [FW:4winpr29]",
                        choices=("off", "immediate", "closed_immediate_open_after_discard"))
    ura_dora: bool = opt(False, "The first ura indicator counts for a riichi winner. Off in Four Winds JM (inferred).",
                         "§18.2 dora.ura [FW:4winpr29]")
    kan_ura_dora: bool = opt(False, "Ura indicators after the first count for a riichi winner. Off in Four Winds JM "
                             "(inferred).", "§18.2 dora.kong_ura [FW:4winpr29]")
    red_fives: tuple = opt((0, 0, 0), "Red fives per suit (m, p, s), each 1 han. None in Four Winds JM (inferred).",
                           "§18.2 dora.red_fives [SEED-JM §4.6]", choices=(0, 1, 2, 3, 4))

    # --- three players: kita, north, tsumo payment, kazoe name (data/README.md rules 2, 7, 10-13, 21) ---
    north_bonus: str = opt("off", "Norths set aside (kita, request field `kita`): off (no kita: a `kita` is 422 "
                           "kita_not_in_rules) or bonus_dora (each is 1 han, its own yaku entry `kita`, never a "
                           "yaku for the minimum, and a tile the dora and ura indicators count).",
                           "API.md 'Three-player games'; data/README.md rule 7", choices=("off", "bonus_dora"))
    kita_replacement_is_rinshan: bool = opt(True, "A self-draw on the replacement tile after a kita scores "
                                            "rinshan kaihou (`rinshan: true` is consistent with kita >= 1).",
                                            "data/README.md rule 10 (79/79 such Tenhou wins)")
    kita_ron: bool = opt(True, "Another player may ron on a set-aside north (the discarder is the seat that set "
                         "it aside).", "data/README.md rule 11")
    kita_ron_is_chankan: bool = opt(False, "A ron on a kita scores chankan (robbing a kan). Tenhou: no.",
                                    "data/README.md rule 11 (4/4 kita rons without chankan)")
    north_triplet_yaku: bool = opt(True, "A north triplet is a wind yaku when north is the seat or round wind. "
                                   "False: north is never a value wind (no yaku, no pair fu).",
                                   "data/README.md rule 13")
    tsumo_payment: str = opt("tsumo_loss", "Three players, self-draw: tsumo_loss (the absent north's share is "
                             "not paid), split_north_share (the two payers split it, as the four-player total), "
                             "north_share_by_dealer (the dealer pays it; a dealer's self-draw splits it).",
                             "API.md 'Three-player games'; data/README.md rule 2",
                             choices=("tsumo_loss", "split_north_share", "north_share_by_dealer"))
    kazoe_limit_name: str = opt("kazoe_yakuman", "Name of the `limit` of a counted (kazoe) yakuman: kazoe_yakuman, "
                                "or yakuman (Tenhou's own result records it as a yakuman, limit code 5).",
                                "API.md /v1/score limit; data/README.md rule 21",
                                choices=("kazoe_yakuman", "yakuman"))
