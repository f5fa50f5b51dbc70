"""Rules and presets: every rule option as one frozen dataclass, presets as named data.

Input: a request's `rules` object, `{"preset": NAME, option: value, ...}`. Output: a Rules
value (the preset's values with the overrides applied) or the Issues that make it invalid
(`unknown_preset`, `unknown_option`, `invalid_option`, `incompatible_options`). Each field documents its meaning,
allowed values and source in its metadata; RULES.md section numbers are given as "§n".
The defaults are those of the `japanese_modern` preset.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from functools import cached_property

from calculator.core.errors import Issue, InvalidHand
from calculator.core.notation import parse_tiles
from calculator.core.tiles import NUM_KINDS, WINDS as SEAT_NAMES, kind


def opt(default, doc: str, source: str, choices=None, minimum=None, multiple_of=None, tiles=False, lengths=None,
        per_payer=False):
    """A rule option: default, meaning, source and (for enumerations) the allowed values; `tiles`: an MPSZ
    string of distinct plain kinds; `lengths`: the list lengths a numeric list may have; `per_payer`: a
    multiple of the self-draw payers (players - 1) rather than of `multiple_of` (the four-player value)."""
    meta = {"doc": doc, "source": source}
    if tiles:
        meta["tiles"] = True
    if per_payer:
        meta["per_payer"] = True
    if lengths is not None:
        meta["lengths"] = tuple(lengths)
    if multiple_of is not None:
        meta["multiple_of"] = multiple_of
    if choices is not None:
        meta["choices"] = tuple(choices)
    if minimum is not None:
        meta["minimum"] = minimum
    if isinstance(default, (list, tuple)):
        return field(default=tuple(default), metadata=meta)
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class Rules:
    # --- hand shape and readiness (§1) ---
    hand_size: int = opt(13, "Tiles in a hand before the draw: 13 (Japanese, European) or 16 (Taiwanese).",
                         "§1; SEED-TW", choices=(13, 16))
    special_forms: bool = opt(True, "Seven pairs and thirteen orphans count as complete hands (13-tile hands only).",
                              "§1.1 [EXT:6]")
    fifth_tile_wait_counts: bool = opt(False, "A wait that needs a fifth copy (all four held by the player) still "
                                       "makes the hand ready.", "§1.2 tenpai.fifth_tile_wait_counts [FW:4wfaqready]")

    # --- furiten: sacred discard, missed discard, riichi furiten (§2, §3, §4.3) ---
    sacred_discard_variant: str = opt("absolute", "Sacred discard (furiten) variant in force: none; traditional (no "
                                      "ron on a tile identical to one's last discard); extended (nor on any tile "
                                      "discarded this deal); one_four_seven (nor on a tile whose every reading "
                                      "completes a partial that some own discard completes); absolute (a wait in "
                                      "the river bars every ron).", "§3.2 sacred_discard.variant [SEED-SD][SEED-JM §4.3]",
                                      choices=("none", "traditional", "extended", "one_four_seven", "absolute"))
    sacred_discard_declaration: bool = opt(False, "A player may declare 'sacred discard' (request field "
                                           "sacred_declared_at), lifting the sacred-discard restrictions. RULES '?' "
                                           "for Four Winds JM: off, as in every preset page recovered.",
                                           "§3.1, §3.2 sacred_discard.allow_declaration [SEED-SD][SEED-JM §4.3]")
    sacred_declaration_scope: str = opt("whole_deal", "What a sacred declaration lifts: whole_deal (every "
                                        "sacred-discard restriction for the rest of the deal, the seed's 'all "
                                        "restrictions ... are removed') or declared_discards (only the discards up "
                                        "to the marked one; later discards restrict again).",
                                        "§3.1, §23.5 [SEED-SD]", choices=("whole_deal", "declared_discards"))
    sacred_discard_applies_to_chankan: bool = opt(True, "Robbing a kan counts as winning on a discard for sacred "
                                                  "discard. Four Winds is silent (RULES '?'): true, as riichi "
                                                  "standard. Missed-discard and riichi furiten always treat a "
                                                  "robbed kan as a ron.",
                                                  "§3.2 sacred_discard.applies_to_chankan, §23.4 [EXT:1]")
    one_four_seven_scoring: str = opt("allowed_decomposition_only", "Under one_four_seven, a ron allowed only "
                                      "through some readings is scored through those readings only "
                                      "(allowed_decomposition_only, the player must show the permitted reading) "
                                      "or through any reading (any_decomposition).",
                                      "§3.2 sacred_discard.one_four_seven_scoring, §23.3 [SEED-SD]",
                                      choices=("allowed_decomposition_only", "any_decomposition"))
    missed_discard_mode: str = opt("identical_ron", "Missed discard (temporary furiten) after passing a winning "
                                   "tile, until one's next discard: none; identical_ron (no ron on an identical "
                                   "tile, Four Winds traditional); identical_incl_tsumo (nor self-drawn, "
                                   "Taiwanese); any_ron (no ron on any wait, riichi standard); any_incl_tsumo "
                                   "(no win on any wait, Four Winds absolute). Four Winds' 'absolute "
                                   "(conditional)' needs a comparison of hand values and is not offered.",
                                   "§2.2 missed_discard.mode, §23.1 [SEED-JM §4.2][SEED-TW §4.1][FW:4wincl04]",
                                   choices=("none", "identical_ron", "identical_incl_tsumo", "any_ron", "any_incl_tsumo"))
    missed_discard_trigger: str = opt("structural", "Which passed tiles count as missed: structural (any tile that "
                                      "completes the hand, yaku ignored). legal_win_only is not offered: it needs "
                                      "the winds and dora, which a furiten request does not carry (RULES '?', "
                                      "riichi standard is structural).", "§2.2 missed_discard.trigger, §23.2 [EXT:1]",
                                      choices=("structural",))
    missed_discard_expires_on: str = opt("own_discard", "When the missed-discard ban ends: own_discard, "
                                         "own_draw_or_claim (EMA 2016), any_call_or_own_draw (EMA 2008/2012). The "
                                         "service does not see the game, so this says which passed tiles a client "
                                         "sends in `missed` (those still binding).",
                                         "§2.2 missed_discard.expires_on, §23.1 [SEED-JM §4.2][EXT:3]",
                                         choices=("own_discard", "own_draw_or_claim", "any_call_or_own_draw"))
    riichi_first_discard_required: bool = opt(True, "'Require going out on the first possible discard': after "
                                              "passing a winning discard a riichi hand may no longer win on a "
                                              "discard (riichi furiten, from missed_after_riichi).",
                                              "§4.3, §4.8 riichi.first_discard_required [SEED-JM §4.1.3][FW:4winpr07]")
    riichi_first_selfdraw_required: bool = opt(False, "'Require going out on the first possible self-drawn "
                                               "tile': a riichi hand that throws a winning tile after declaring "
                                               "is dead (no ron, no tsumo).",
                                               "§4.3, §4.8 riichi.first_selfdraw_required [SEED-JM §4.1.3]")
    riichi_missed_tile_kills_hand: bool = opt(False, "'Missed/discarded winning tile makes the hand dead': a "
                                              "riichi hand with a winning tile in its river or among the tiles it "
                                              "passed is dead (no ron, no tsumo).",
                                              "§3.10, §4.3, §4.8 riichi.missed_tile_kills_hand [SEED-SD][SEED-RI]")

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

    # --- ready declarations and kuikae (§4, §5, §20) ---
    ready_mode: str = opt("voluntary_riichi", "Which ready declaration the rules use: none; obligatory (a win needs "
                          "an announcement made on an earlier turn, European); voluntary_riichi (Japanese riichi; "
                          "this is RULES riichi.enabled = true); voluntary_french (any ready hand, open or concealed, "
                          "then frozen except wait-keeping kongs); voluntary_italian (one kind of winning tile, "
                          "enough wall tiles, then frozen).", "§5.2 ready.mode, §4.8 riichi.enabled "
                          "[SEED-JM §4.1][SEED-EU §4.1-§4.2]",
                          choices=("none", "obligatory", "voluntary_riichi", "voluntary_french", "voluntary_italian"))
    riichi_validate_declaration: bool = opt(True, "Four Winds 'Validate the declaration' (voluntary modes): a "
                                            "declaration on a hand that is not ready, below the checked minimum "
                                            "or sacred where forbidden is cancelled without penalty, and after it "
                                            "the rules are enforced (a forbidden win is refused). Off: the "
                                            "declaration stands and the player pays later (faulty out on a win, "
                                            "the faulty-ready penalty at a draw); this is also the 'out penalties' "
                                            "column of the after-declaration table.",
                                            "§4.6, §4.8 riichi.validate_declaration [SEED-RI]")
    riichi_min_wall_tiles: int = opt(4, "Live-wall tiles that must remain to declare riichi. Four Winds' '?' (its "
                                     "generic violation table names an '8 tiles rule', the Japanese Modern table "
                                     "only the concealed hand): 4, the riichi standard (the declarer still gets a "
                                     "draw).", "§4.1 P2, §4.8 riichi.min_wall_tiles [SEED-RI][EXT:8]", minimum=0)
    riichi_min_points: int = opt(0, "Points a player needs to declare riichi (0 = no minimum). Four Winds' 'null?': "
                                 "0.", "§4.1 P3, §4.8 riichi.min_points [EXT:8]", minimum=0)
    riichi_allow_when_sacred: bool = opt(True, "A hand with a winning tile among its own discards may declare "
                                         "riichi and then win only self-drawn (Ari-Ari). False (Nashi-Nashi): such "
                                         "a declaration is a violation, cancelled when validated.",
                                         "§3.10, §4.1 P6, §4.8 riichi.allow_when_sacred [FW:rules00][SEED-JM §4.3]")
    riichi_check_minimum_points: bool = opt(False, "'Check hand against minimum points': a declaration on a hand "
                                            "that cannot reach the minimum score on any wait is a violation.",
                                            "§4.1 P5 [SEED-RI]")
    riichi_ankan_after: str = opt("if_waits_unchanged", "Concealed kong after riichi: forbidden, "
                                  "if_waits_unchanged, or if_waits_and_reading_unchanged (the three tiles are a "
                                  "pung in every reading, EMA 2008/2012 wording). Four Winds' '?': "
                                  "if_waits_unchanged, as every other listed profile.",
                                  "§4.2 A2, §4.8 riichi.ankan_after, §23.6 [EXT:8][EXT:2]",
                                  choices=("forbidden", "if_waits_unchanged", "if_waits_and_reading_unchanged"))
    double_riichi_no_calls: bool = opt(True, "'Ready on first turn' (double riichi, Four Winds' 'No melds'): a "
                                       "declaration on the player's first discard counts as one only if nobody made a "
                                       "call (chi, pon or kong, concealed kongs included) before it. False: any "
                                       "declaration on one's first discard counts. RULES' definition; Four Winds "
                                       "makes it an option, whose value it does not give ('?'): true, as every "
                                       "other profile.", "§4.4, §4.8 riichi.double_riichi_han [FW:4winrd04][EXT:11]")
    double_riichi_lost_if_changed: bool = opt(False, "A first-turn declaration pays only as a riichi once the hand "
                                              "is changed after it (a kong made after the declaration; Four Winds' "
                                              "'Ready on first turn' then pays nothing). False: the riichi standard, "
                                              "a kong that keeps the waits keeps the double riichi.",
                                              "§4.4 [FW:4winrd04][EXT:8]")
    riichi_faulty_ready_penalty: str = opt("as_faulty_out", "What a faulty ready declaration costs at an exhaustive "
                                           "draw: none; chombo (riichi standard: the penalty_chombo payment, the "
                                           "deal is void and replayed, no ready payments); as_faulty_out (the "
                                           "seed's 'normally': the offender pays the faulty-out penalty, "
                                           "penalty_chombo, and the deal still ends as a draw, the offender counting "
                                           "as not ready); fixed (riichi_faulty_ready_amount taken out of the game, "
                                           "the draw settled likewise).",
                                           "§4.6-§4.7, §4.8 riichi.faulty_ready_penalty, §23.7 [SEED-JM §4.1.6]",
                                           choices=("none", "chombo", "as_faulty_out", "fixed"))
    riichi_faulty_ready_amount: int = opt(0, "Points taken from the offender when riichi_faulty_ready_penalty is "
                                          "fixed (Italian: 1,000).", "§4.7, §5.2 ready.italian.faulty_penalty "
                                          "[SEED-EU §4.2.2]", minimum=0)
    ready_obligatory_same_turn_win_allowed: bool = opt(False, "Obligatory ready: a player may announce and win in "
                                                       "the same turn (the first-turn complete dealt hand may "
                                                       "always).", "§5.2 ready.obligatory.same_turn_win_allowed "
                                                       "[SEED-EU §4.1]")
    ready_obligatory_validate: bool = opt(False, "Obligatory ready: the announcement is checked (no bluff possible). "
                                          "RULES '?': false, the seed says bluffing usually cannot be prevented.",
                                          "§5.2 ready.obligatory.validate [SEED-EU §4.1][FW:4winrd01]")
    ready_obligatory_hand_may_change: bool = opt(True, "Obligatory ready: the hand may still be changed after "
                                                 "the announcement (the seed's 'usually'), so an unvalidated bluff is "
                                                 "no offence and no after-declaration rule applies. False: the "
                                                 "announced hand is locked as a voluntary declaration is (kongs only "
                                                 "if the waits stay, the after-declaration table of §4.6 applies).",
                                                 "§5.1 [SEED-EU §4.1]")
    ready_french_failed_scores_bonus_tiles_only: bool = opt(True, "French: a declarer who does not win scores only "
                                                            "his Flowers and Seasons.",
                                                            "§5.2 ready.french.failed_scores_bonus_tiles_only "
                                                            "[SEED-EU §4.2.1]")
    ready_italian_min_wall_tiles: int = opt(8, "Italian: wall tiles that must remain to declare.",
                                            "§5.2 ready.italian.min_wall_tiles [SEED-EU §4.2.2]", minimum=0)
    ready_italian_single_wait_only: bool = opt(True, "Italian: the declared hand must wait on one tile kind only.",
                                               "§5.2 ready.italian.single_wait_only [SEED-EU §4.2.2]")
    ready_bonus_doubles: int = opt(1, "French and Italian: extra doubles for winning a declared hand (Japanese "
                                   "riichi han are scoring options).", "§5.2 ready.bonus_doubles [SEED-EU §4.2]",
                                   minimum=0)
    kuikae_mode: str = opt("allowed", "Swap-calling right after a chi or pon: allowed, same_tile_forbidden (no "
                           "copy of the claimed tile), same_and_other_side_forbidden (nor, after a chi on an end, "
                           "the tile three ranks away). Four Winds' '?': allowed, the seed calls the rule rare and "
                           "advises against it in modern pattern-based play.",
                           "§20.2 kuikae.mode [SEED-JM §4.8][FW:4wincl07]",
                           choices=("allowed", "same_tile_forbidden", "same_and_other_side_forbidden"))
    kuikae_no_legal_discard: str = opt("cancel_claim_with_penalty", "When kuikae leaves no legal discard: "
                                       "cancel_claim_with_penalty (Four Winds: the claim is cancelled and the "
                                       "false-claim penalty applies) or call_not_offered (the call is not allowed).",
                                       "§20.2 kuikae.no_legal_discard, §17.2, §23.19 [FW:4wincl07]",
                                       choices=("cancel_claim_with_penalty", "call_not_offered"))
    # --- deal settlement and end of game: counters, pool, draws, nagashi, aborts, multi-ron, pao, penalties,
    # --- Taiwanese bonuses, oka/uma (§10-§17, §21, §22) ---
    honba_increment_on: tuple = opt(("dealer_win", "exhaustive_draw"), "Events that add one counter: dealer_win "
                                    "(the dealer wins and keeps the deal), exhaustive_draw, abortive_draw, chombo. "
                                    "Four Winds: the counter counts the dealer's extra hands, a draw adds one (the "
                                    "pool is kept when the deal passes), an abortive draw replays the same deal "
                                    "and adds none (RULES '[DERIVED]').", "§10.2 honba.increment_on, §23.10 "
                                    "[SEED-JM §4.5]", choices=("dealer_win", "exhaustive_draw", "abortive_draw", "chombo"))
    honba_keep_when_deal_passes_after_draw: bool = opt(True, "After a draw that passes the deal the counters stay "
                                                       "(and the next dealer adds one); false: they are reset.",
                                                       "§10.2 honba.keep_when_deal_passes_after_draw [SEED-JM §4.5]")
    honba_multi_ron: str = opt("each_winner", "Several winners on one discard: the discarder pays the counters to "
                               "each_winner (as if each won alone) or only to the nearest_winner in turn order.",
                               "§10.2 honba.multi_ron, §23.10 [SEED-JM §4.5]", choices=("each_winner", "nearest_winner"))
    honba_pao_payer: str = opt("discarder", "Who pays the counters on a ron that a liable player shares: the "
                               "discarder or the liable player. RULES '?': discarder, the EMA 2008 text and most "
                               "rule sets (only the discarder pays counters).", "§10.2 honba.pao_payer, §23.10 [EXT:8]",
                               choices=("discarder", "liable"))
    riichi_pool_keep_on_draw: bool = opt(True, "Riichi sticks stay on the table through exhaustive and abortive "
                                         "draws; false: this deal's sticks (riichi_declared) go back.",
                                         "§11.2 riichi_pool.keep_on_draw [SEED-JM §4.1.5]")
    riichi_pool_keep_on_faulty_out: bool = opt(True, "Riichi sticks stay on the table after a chombo / faulty out; "
                                               "false: this deal's sticks (riichi_declared) go back to their owners.",
                                               "§11.2 riichi_pool.keep_on_faulty_out [SEED-JM §4.1.5][EXT:2]")
    riichi_pool_multi_ron: str = opt("nearest_winner", "Several winners on one discard: the sticks go to the "
                                     "nearest_winner, or own_back_rest_nearest (each winner takes back the stick he "
                                     "put down this deal), or split (equally, odd sticks to the nearer). RULES '?': "
                                     "nearest_winner, as the head-bump order Four Winds uses elsewhere.",
                                     "§11.2 riichi_pool.multi_ron, §23.12",
                                     choices=("nearest_winner", "own_back_rest_nearest", "split"))
    riichi_pool_game_end: str = opt("winner_shared_if_tied", "Sticks still on the table when the game ends "
                                    "(/v1/final riichi_sticks): first_place (the first after tie-breaks), "
                                    "winner_shared_if_tied, or discarded. RULES '?': shared, as the seed shares "
                                    "everything between tied players.", "§11.2 riichi_pool.game_end, §23.12",
                                    choices=("first_place", "winner_shared_if_tied", "discarded"))
    draw_ready_payment: bool = opt(True, "At an exhaustive draw the players who are not ready pay the ready ones "
                                   "('pay points after a draw, for ready hands only').", "§12.1 [FW:rules00]")
    draw_noten_payment_total: int = opt(3000, "Points that change hands at an exhaustive draw (1 ready: 1,000 from "
                                        "each; 2: 1,500 each; 3: 1,000 to each). RULES '?': 3,000, the riichi "
                                        "standard; the Four Winds sum was not recovered.",
                                        "§12.2 draw.noten_payment_total, §23.9 [EXT:17]", minimum=0)
    draw_dealer_keeps: str = opt("if_ready", "After an exhaustive draw the dealer keeps the deal: if_ready, always "
                                 "(Taiwanese: a draw does not pass the deal) or never (Japanese Classical).",
                                 "§12.2 draw.dealer_keeps_if_ready [FW:rules00][SEED-TW §4.3]",
                                 choices=("if_ready", "always", "never"))
    draw_check_true_ready_state: bool = opt(False, "For hands sent with an exhaustive draw (`hands`), a hand counts "
                                            "as ready only if some wait makes a legal win (a yaku, the minimum han); "
                                            "false: structural readiness is enough (formal tenpai). RULES '?': false, "
                                            "as every other listed profile.", "§12.2 draw.check_true_ready_state, "
                                            "§23.8 [FW:4windr05][EXT:9]")
    nagashi_enabled: bool = opt(True, "Nagashi mangan is paid. RULES '?' ('sometimes allowed'): on, so the seed's "
                                "own reading (a self-drawn win) applies.", "§13.2 nagashi.enabled [SEED-JM §4.9]")
    nagashi_mode: str = opt("win", "win: paid as a self-drawn limit win (counters, pool, deal passes by the win "
                            "rules, no ready payments); draw_bonus: paid instead of the ready payments, no counters, "
                            "the draw rules keep or pass the deal (Tenhou).", "§13.2 nagashi.mode, §23.13 "
                            "[SEED-JM §4.9][EXT:9]", choices=("win", "draw_bonus"))
    nagashi_forbid_own_calls: bool = opt(True, "A player who made any meld (concealed kongs included) cannot have "
                                         "nagashi (checked against the draw's `melded` seats).",
                                         "§13.2 nagashi.forbid_own_calls [SEED-JM §4.9]")
    nagashi_percent_of_limit: int = opt(100, "Nagashi pays this percentage of a mangan self-draw.",
                                        "§13.2 nagashi.percent_of_limit [FW:4windr06]", minimum=0)
    abort_nine_terminals: bool = opt(True, "Nine different terminals and honours may abort the deal. RULES '?': "
                                     "on, the recovered Four Winds option.", "§14.3 abort.nine_terminals [FW:4windr04]")
    abort_four_same_discards: str = opt("any_tile", "Four identical first discards abort the deal: off, any_tile, "
                                        "winds_only.", "§14.3 abort.four_same_discards, §23.15 [FW:4windr04]",
                                        choices=("off", "any_tile", "winds_only"))
    abort_four_kongs: str = opt("at_declaration", "Four kongs by several players: off; at_declaration or "
                                "after_next_discard (abort; they differ only in timing at the table, which a "
                                "settlement does not see); continue_no_more_kongs (play goes on without further "
                                "kongs, so no abortive draw).",
                                "§14.3 abort.four_kongs, §23.14 [FW:4winex03]",
                                choices=("off", "at_declaration", "after_next_discard", "continue_no_more_kongs"))
    abort_four_riichi: bool = opt(True, "Four riichi declarations abort the deal. RULES '?': on, the riichi "
                                  "standard.", "§14.3 abort.four_riichi [EXT:7]")
    abort_triple_ron: str = opt("pay_all", "Three winners on one discard: abort (an abortive draw), pay_all, or "
                                "head_bump. RULES '?': pay_all, the seed's 'several winners paid separately'.",
                                "§14.3 abort.triple_ron, §23.16 [SEED-JM §4.5]", choices=("abort", "pay_all", "head_bump"))
    multi_ron_mode: str = opt("all_paid", "Several winners on one discard: all_paid, or head_bump (only the first "
                              "in turn order after the discarder wins).", "§15.2 multi_ron.mode [SEED-JM §4.5]",
                              choices=("all_paid", "head_bump"))
    multi_ron_dealer_keeps: str = opt("if_dealer_among_winners", "After several winners the dealer keeps the deal "
                                      "if_dealer_among_winners or only if_dealer_nearest.",
                                      "§15.2 multi_ron.dealer_keeps, §23.16 [EXT:14]",
                                      choices=("if_dealer_among_winners", "if_dealer_nearest"))
    pao_yakuman: tuple = opt(("daisangen", "daisuushii"), "Yakuman that make the feeder liable (suukantsu is the "
                             "optional third). RULES '?' (list lost): the two every listed profile uses.",
                             "§16.2 pao.yakuman, §23.17 [SEED-JM §4.13][EXT:16]",
                             choices=("daisangen", "daisuushii", "suukantsu"))
    pao_ron_by_third_party: str = opt("discarder_pays_all", "Ron off a player other than the liable one: "
                                      "split_half (discarder and liable pay half each) or discarder_pays_all (the "
                                      "Four Winds insurance reading: liability only matters on self-draws).",
                                      "§16.2 pao.ron_by_third_party, §23.17 [SEED-JM §4.13]",
                                      choices=("split_half", "discarder_pays_all"))
    pao_on_open_kong_claim: bool = opt(False, "Feeding the dangerous tile for an open kong still creates liability "
                                       "(the seed: it does not).", "§16.2 pao.on_open_kong_claim [SEED-JM §4.13][EXT:16]")
    pao_rinshan_after_open_kong: bool = opt(False, "The player whose discard was claimed for an open kong pays for "
                                            "a win on its replacement tile.", "§16.2 pao.rinshan_after_open_kong [EXT:4]")
    pao_no_choice_declaration: bool = opt(False, "A 'No choice' declaration frees the feeder from liability "
                                          "(Taiwanese and Chinese tables).", "§16.2 pao.no_choice_declaration "
                                          "[SEED-TW §4.2]")
    pao_scope: str = opt("whole_hand", "What the liable player answers for: the whole_hand, or only the "
                         "concerned_yakuman (Mahjong Soul; the rest is paid normally).", "§16.1 [EXT:13]",
                         choices=("whole_hand", "concerned_yakuman"))
    penalty_chombo: str = opt("reverse_mangan", "Chombo / faulty out: reverse_mangan (a mangan self-draw paid by "
                              "the offender), half_limit (half of penalty_limit to each player, East paying or "
                              "receiving double; European), fixed_points (penalty_chombo_points to each), "
                              "tournament_points (table untouched, penalty_chombo_points off the result), none. "
                              "RULES '?': reverse_mangan, the mangan-based Japanese practice.",
                              "§17.4 penalty.chombo [EXT:2][SEED-EU §4.3]",
                              choices=("reverse_mangan", "half_limit", "fixed_points", "tournament_points", "none"))
    penalty_chombo_points: int = opt(0, "Points for penalty_chombo fixed_points (to each player) or "
                                     "tournament_points (deducted).", "§17.4 [EXT:3]", minimum=0)
    penalty_limit: int = opt(8000, "The limit whose half each player gets under penalty_chombo half_limit.",
                             "§17.1, §17.5 [SEED-EU §4.3]", minimum=0)
    penalty_chombo_deal: str = opt("repeat", "After a chombo the deal is replayed by the same dealer (repeat), "
                                   "or passes when the offender was the dealer (pass_if_offender_dealer, European "
                                   "wording). RULES '?': repeat, the riichi standard.", "§17.2, §17.3 [SEED-EU §4.3]",
                                   choices=("repeat", "pass_if_offender_dealer"))
    penalty_false_claim: int = opt(100, "Points per false claim (`false_claims`), collected by the deal's winner "
                                   "and not paid in a draw (0 = no penalty). RULES '?': 100, the common Four Winds "
                                   "option.", "§17.2, §17.4 penalty.false_claim [FW:4winsc18]", minimum=0)
    payment_scheme: str = opt("japanese", "japanese (discarder pays all, dealer double, han/fu) or taiwanese (tai: "
                              "each loser pays base + tai on a self-draw, the discarder only his own share; dealer "
                              "and continued-deal bonus).", "§9.2 payment.scheme, §22.1 [FW:4winpr27]",
                              choices=("japanese", "taiwanese"))
    tw_dealer_bonus_tai: int = opt(1, "Taiwanese: extra tai when East wins or East deals in.", "§22.2 [SEED-TW §4.2]",
                                   minimum=0)
    tw_continuation_bonus_per_extra_hand: int = opt(2, "Taiwanese: tai per extra hand (`honba` counts extra hands).",
                                                    "§22.2 [SEED-TW §4.3]", minimum=0)
    tw_dealer_pays_bonus_on_nondealer_tsumo: bool = opt(True, "Taiwanese: East also pays the bonus tai when a "
                                                        "non-dealer self-draws.", "§22.2, §23.22 [FW:4winpr27]")
    tw_dealer_pays_bonus_when_dealing_in: bool = opt(True, "Taiwanese: East pays the bonus tai when he discards "
                                                     "the winning tile.", "§22.2 [SEED-TW §4.2]")
    tw_draw_keeps_continuation: bool = opt(True, "Taiwanese: a draw does not break the run of continued deals. "
                                           "RULES '?': true, since the deal does not pass on a draw.",
                                           "§22.2, §23.22 [SEED-TW §4.3]")
    tw_draw_increments_counter: bool = opt(True, "Taiwanese: a draw adds one continued deal. RULES '?': true, the "
                                           "next deal is the same dealer's next continued deal.",
                                           "§22.2, §23.22 [SEED-TW §4.3]")
    tw_stake_base: int = opt(300, "Taiwanese: points per payer for any win (the agreed stake; RULES' illustrative "
                             "300).", "§22.2 tw.stake", minimum=0)
    tw_stake_per_tai: int = opt(100, "Taiwanese: points per tai and payer (RULES' illustrative 100).",
                                "§22.2 tw.stake", minimum=0)
    final_return_points: int = opt(30000, "End points (return points) subtracted from every total. RULES '?': "
                                   "30,000, the seed's example.", "§21.2 final.return_points [SEED-JM §4.10]",
                                   minimum=0)
    final_oka_to_top: bool = opt(True, "The top player gets minus the sum of the others' results (the seed's end "
                                 "points; with 25,000 start and 30,000 return this is the riichi oka).",
                                 "§21.2 final.oka_to_top [SEED-JM §4.10]")
    final_uma: tuple = opt((0, 0, 0, 0), "Prizes (uma) in points for 1st-4th (1st-3rd with three players: one "
                           "per player); need not sum to zero. RULES '?': none, the seed calls prizes optional.",
                           "§21.2 final.uma [SEED-JM §4.11]", lengths=(3, 4))
    final_tie_mode: str = opt("share", "Equal totals: share (tied players share their places' prizes and the top "
                              "amount) or seat_order (the earlier starting seat ranks higher).",
                              "§21.2 final.tie_mode, §23.23 [SEED-JM §4.10-§4.11]", choices=("share", "seat_order"))
    final_rounding: str = opt("none", "Rounding of each (points - return) to thousands: none, nearest (half away "
                              "from zero) or five_down_six_up; score_half_away rounds the points themselves to "
                              "thousands, a hundreds digit of 5 away from zero, before the return points are "
                              "subtracted (Tenhou: 29,500 -> 30 -> 0, where nearest gives -1). The top player "
                              "absorbs the difference. RULES '?': none, the seed's examples.",
                              "§21.2 final.round_to_thousand, §23.23; data/README.md rule 20",
                              choices=("none", "nearest", "five_down_six_up", "score_half_away"))
    final_unit: str = opt("points", "Unit of `final`: points, or thousands (riichi tournament results).",
                          "§21.1 [EXT:19]", choices=("points", "thousands"))

    # ================= three-player play (sanma; API.md "Three-player games"; issue 17) =================
    # Player count and tile set are properties of the rules: every route reads `seats` and `tile_copies`
    # below instead of assuming four seats and 136 tiles. Values for tenhou_sanma: data/README.md rules 1-21.
    players: int = opt(4, "Players at the table: 4, or 3 (three-player mahjong: seats east, south, west; a "
                       "`north` seat anywhere is 422 no_such_seat; point changes have three keys).",
                       "API.md 'Three-player games'; Tenhou GO type bit 0x10", choices=(3, 4))
    removed_tiles: str = opt("", "Tile kinds taken out of the set, in MPSZ (three-player: '2345678m', the 108-tile "
                             "set). Such a tile anywhere in a request is 422 tile_not_in_set, as is a red five of a "
                             "removed five; dora indicators skip them (1m -> 9m -> 1m).",
                             "API.md 'Three-player games'; data/README.md rules 1, 8", tiles=True)
    chi: bool = opt(True, "Sequences may be claimed (chi). False: a chi meld is 422 chi_not_allowed.",
                    "API.md 'Three-player games'; data/README.md rule 1")
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
    live_wall: int = opt(70, "Draws from the live wall in a deal (four players: 136 - 14 dead wall - 52 dealt = "
                         "70; three players: 108 - 14 - 39 = 55), replacement draws after kans and kita "
                         "included: haitei is the draw that exhausts it; bounds `tiles_left`.",
                         "data/README.md rule 14", minimum=1)
    start_points: int = opt(25000, "Points each player starts with; with oka to the top, the top's oka is "
                            "players x (return_points - start_points).", "§21.2 final.start_points; "
                            "data/README.md rule 19", minimum=0)
    kazoe_limit_name: str = opt("kazoe_yakuman", "Name of the `limit` of a counted (kazoe) yakuman: kazoe_yakuman, "
                                "or yakuman (Tenhou's own result records it as a yakuman, limit code 5).",
                                "API.md /v1/score limit; data/README.md rule 21",
                                choices=("kazoe_yakuman", "yakuman"))
    # ============================ end of three-player block ============================

    @cached_property
    def seats(self) -> tuple[str, ...]:
        """The seats at the table, in turn order from the dealer."""
        return SEAT_NAMES[:self.players]

    @cached_property
    def tile_copies(self) -> tuple[int, ...]:
        """Copies of each of the 34 kinds in the set (0 for a removed kind)."""
        removed = set(kind(c) for c in parse_tiles(self.removed_tiles)[0])
        return tuple(0 if k in removed else 4 for k in range(NUM_KINDS))


@dataclass(frozen=True)
class Preset:
    name: str
    description: str
    source: str
    values: dict
    covers: str = "readiness, furiten, Japanese scoring and payments, riichi declarations, kuikae, evaluate, settlement"
    scoring: bool = True   # the family's hand scoring is defined by the rule collection
    sources: dict = field(default_factory=dict)    # option -> why this preset has its value (filled by values())
    unverified: set = field(default_factory=set)   # options whose value here RULES marks '?' / unverified


PRESETS: dict[str, Preset] = {}


def preset(name: str, description: str, source: str, values: dict, **kw) -> None:
    """A named preset; its option values (with their sources) come from the values() blocks below."""
    PRESETS[name] = Preset(name, description, source, dict(values), sources=dict.fromkeys(values, source), **kw)


DEFAULT_PRESET = "japanese_modern"

preset("japanese_modern", "Four Winds Japanese Modern (Ari-Ari): the project default.",
       "SEED-JM; RULES.md profile four_winds_jm", {})
preset("japanese_transitional", "Four Winds Japanese Transitional: traditional sacred discard.",
       "SEED-SD; [FW:4winpr07]", {})
preset("tenhou", "Tenhou.net four-player ranked rules (red fives, open tanyao, no double yakuman).",
       "RULES.md profile tenhou [EXT:9]; shared/data", {})
preset("mahjong_soul", "Mahjong Soul four-player ranked rules.", "RULES.md profile mahjong_soul [EXT:13][EXT:15]", {})
preset("ema", "EMA Riichi Competition Rules 2016.", "RULES.md profile ema2016 [EXT:3]", {})
preset("wrc", "World Riichi Championship rules (2015 book, 2014 errata).", "RULES.md profile wrc [EXT:4][EXT:5]", {})
preset("taiwanese_16", "Four Winds Taiwanese 16-tile: 16-tile hands, Taiwanese missed discard, dealer and "
       "continued-deal bonus.", "SEED-TW; [FW:4winpr27]", {},
       covers="16-tile readiness, furiten, evaluate (without scoring), dealer and continued-deal bonus settlement",
       scoring=False)
preset("european_classical", "Four Winds European Classical: obligatory ready and its penalties.", "SEED-EU", {},
       covers="readiness, obligatory ready (a win needs an earlier announcement; first-turn exception), "
       "evaluate (without scoring)", scoring=False)
preset("french", "French voluntary ready declaration (European Classical variant).", "SEED-EU §4.2.1", {},
       covers="readiness, French voluntary ready (open hands, wait-keeping kongs, failed declarer scores bonus "
       "tiles only), evaluate (without scoring)", scoring=False)
preset("italian", "Italian voluntary ready declaration (European Classical variant).", "SEED-EU §4.2.2", {},
       covers="readiness, Italian voluntary ready (one winning tile kind, 8 wall tiles, 1,000-point faulty "
       "declaration), evaluate (without scoring)", scoring=False)


@dataclass(frozen=True)
class Cited:
    """One preset value with its own source (and whether RULES marks it '?' / unverified)."""
    value: object
    source: str | None = None
    unverified: bool = False


def cite(value, source: str | None = None, unverified: bool = False) -> Cited:
    """A value for values() that carries its own source (None: the block's) and unverified marker."""
    return Cited(value, source, unverified)


def values(name: str, source: str | None = None, unverified=(), **kw) -> None:
    """Set option values of a preset, each with the reason this preset has it (each rules area adds its own
    block below). `source` (RULES.md section, option, profile column and tags) covers every value of the
    block; a value given as cite(value, source) carries its own. `unverified` is True (every value of the
    block) or the names of the options whose value RULES marks '?', '(unverified)', '(inferred)' or only
    [DERIVED], or that no source states for this preset (a name not set here marks the default value)."""
    p = PRESETS[name]
    names = set(kw) if unverified is True else set(unverified)
    unknown = (names | set(kw)) - set(Rules.__dataclass_fields__)
    assert not unknown, f"values({name!r}): no options {sorted(unknown)}"
    for option, value in kw.items():
        src, unsure = source, option in names
        if isinstance(value, Cited):
            src, unsure, value = value.source or source, unsure or value.unverified, value.value
        p.values[option] = value
        p.sources[option] = src
        (p.unverified.add if unsure else p.unverified.discard)(option)
    p.unverified.update(names - set(kw))


def value_source(name: str, option: str) -> tuple[str, bool]:
    """Why preset `name` has its value of `option`, and whether a source states that value (False where
    RULES marks it '?' or unverified). An option the preset does not set has the default (japanese_modern)
    value, so its source is the option's own."""
    p = PRESETS[name]
    if option in p.values:
        return p.sources.get(option) or p.source, option not in p.unverified
    default_unverified = option in PRESETS[DEFAULT_PRESET].unverified
    return Rules.__dataclass_fields__[option].metadata["source"], not (option in p.unverified or default_unverified)


# --- preset values per rules area (one block per area; unspecified options keep the defaults) ---

# Sources: each value says why this preset has it (RULES.md section, option, profile column and tags), and
# `unverified` marks values RULES gives as '?', '(unverified)', '(inferred)' or only [DERIVED], or that no source
# states for the preset. An option a preset does not set has the japanese_modern value and the option's own source;
# japanese_modern's values that the four_winds_jm column leaves open ('?', [DERIVED] only) are marked here.
values("japanese_modern", unverified=(
    "sacred_discard_declaration", "sacred_discard_applies_to_chankan", "missed_discard_trigger", "renhou",
    "double_riichi_han", "double_riichi_no_calls", "double_riichi_lost_if_changed", "riichi_ippatsu", "double_yakuman", "yakuman_stacking", "max_yakuman_multiple",
    "kiriage_mangan", "kazoe", "double_wind_pair_fu", "pinfu_tsumo_fu", "rinshan_tsumo_fu", "chiitoitsu_fu",
    "ryan_shi", "honba_pao_payer", "kan_dora", "ura_dora", "kan_ura_dora", "red_fives", "riichi_min_wall_tiles",
    "riichi_min_points", "riichi_ankan_after", "riichi_faulty_ready_penalty", "kuikae_mode", "riichi_pool_multi_ron",
    "riichi_pool_game_end", "draw_noten_payment_total", "draw_check_true_ready_state", "nagashi_enabled",
    "abort_nine_terminals", "abort_four_same_discards", "abort_four_riichi", "abort_triple_ron", "pao_yakuman",
    "penalty_chombo", "penalty_chombo_deal", "penalty_false_claim", "final_return_points", "final_uma",
    "final_rounding"))

# Hand shape (§1): the Taiwanese collection plays 16-tile hands, which have no 13-tile special forms.
values("taiwanese_16", hand_size=cite(16, "§1: Taiwanese 16-tile hands [SEED-TW]"),
       special_forms=cite(False, "§1.1: seven pairs and thirteen orphans are 13-tile forms [EXT:6]; a 16-tile hand "
                          "has neither"),
       unverified=("tw_draw_keeps_continuation", "tw_draw_increments_counter"))   # §22.2 '?' (must be agreed)

# Furiten (§2, §3, §4.3); japanese_modern keeps the defaults (absolute, identical_ron). The sacred-discard
# seed makes traditional the Transitional default (§3.1). Riichi standard: any_ron temporary furiten (§2.2).
# Taiwanese and European rules know no sacred discard (their seeds list only the missed discard, SEED-TW §4.1,
# or no claiming restriction at all, SEED-EU §4).
values("japanese_transitional", "§3.1: the sacred-discard seed makes traditional the Japanese Transitional default, "
       "and the seed wins over the preset page's extended [SEED-SD][FW:4winpr07]", sacred_discard_variant="traditional")
values("tenhou", "§2.2 missed_discard.mode, tenhou column: any_ron (§2.1 riichi-standard temporary furiten [EXT:1])",
       missed_discard_mode="any_ron")
values("mahjong_soul", "§2.2 missed_discard.mode, mahjong_soul column: any_ron (§2.1 riichi-standard temporary "
       "furiten [EXT:1])", missed_discard_mode="any_ron")
values("wrc", "§2.2 missed_discard.mode, wrc column: any_ron (§2.1 riichi-standard temporary furiten [EXT:1])",
       missed_discard_mode="any_ron")
values("ema", "§2.2 missed_discard.mode, ema2016 column: any_ron (§2.1 riichi-standard temporary furiten [EXT:1])",
       missed_discard_mode="any_ron", missed_discard_expires_on=cite(
           "own_draw_or_claim", "§2.2 missed_discard.expires_on, ema2016 column: own_draw_or_claim [EXT:3]"))
values("taiwanese_16", sacred_discard_variant=cite("none", "SEED-TW §4 lists only the missed discard (SEED-TW §4.1); "
                                                   "sacred discard is a Japanese rule [SEED-SD]"),
       missed_discard_mode=cite("identical_incl_tsumo", "§2.1, §2.2 missed_discard.mode: Taiwanese, the "
                                "identical-tile ban extended to the player's own draw [SEED-TW §4.1]"))
for _name in ("european_classical", "french", "italian"):
    values(_name, "SEED-EU §4 lists no claiming restriction (no sacred or missed discard; §3.1 [SEED-SD]: a "
           "Japanese rule)", sacred_discard_variant="none", missed_discard_mode="none")
# What the riichi profile columns of §1.2, §2.2 and §3.2 give where it is the default value.
for _name, _col in (("tenhou", "tenhou"), ("mahjong_soul", "mahjong_soul"), ("ema", "ema2016"), ("wrc", "wrc")):
    values(_name, sacred_discard_variant=cite("absolute", f"§3.2 sacred_discard.variant, {_col} column: absolute "
                                              "(§3.1: riichi furiten is the absolute variant [EXT:1])"),
           sacred_discard_declaration=cite(False, f"§3.2 sacred_discard.allow_declaration, {_col} column: false"),
           sacred_discard_applies_to_chankan=cite(True, f"§3.2 sacred_discard.applies_to_chankan, {_col} column: "
                                                  "true (§3.1: standard riichi applies furiten to chankan [EXT:1])"),
           missed_discard_trigger=cite("structural", f"§2.2 missed_discard.trigger, {_col} column: structural"
                                       + (" [EXT:1]" if _name == "tenhou" else "")))
for _name in ("tenhou", "mahjong_soul", "wrc"):
    values(_name, f"§2.2 missed_discard.expires_on, {_name} column: own_discard"
           + (" [EXT:1]" if _name == "tenhou" else ""), missed_discard_expires_on="own_discard")
values("ema", "§1.2 tenpai.fifth_tile_wait_counts, ema2016 column: false (karaten = noten) [EXT:3]",
       fifth_tile_wait_counts=False)
values("wrc", "§1.2 tenpai.fifth_tile_wait_counts, wrc column: '?'; false, the default", unverified=True,
       fifth_tile_wait_counts=False)
values("tenhou", "§1.2 tenpai.fifth_tile_wait_counts, tenhou column: disputed, one ranked-lobby summary accepts such "
       "tenpai [EXT:12], not verified for Tenhou; false, the default", unverified=True, fifth_tile_wait_counts=False)
values("mahjong_soul", "§1.2 tenpai.fifth_tile_wait_counts, mahjong_soul column: '?'; false, the default",
       unverified=True, fifth_tile_wait_counts=False)

# Japanese scoring (§6-§11, §18-§19); japanese_modern and japanese_transitional keep the defaults.
values("tenhou", red_fives=cite((1, 1, 1), "§18.2 dora.red_fives, tenhou column: one per suit in red rooms [EXT:9]"),
       kan_dora=cite("closed_immediate_open_after_discard", "§18.2 dora.kong_dora, tenhou column: "
                     "closed_immediate_open_after_discard (unverified)", unverified=True),
       ura_dora=cite(True, "§18.2 dora.ura, tenhou column: true"),
       kan_ura_dora=cite(True, "§18.2 dora.kong_ura, tenhou column: true"))
values("mahjong_soul", red_fives=cite((1, 1, 1), "§18.2 dora.red_fives, mahjong_soul column: one per suit"),
       kan_dora=cite("closed_immediate_open_after_discard", "§18.2 dora.kong_dora, mahjong_soul column: same as "
                     "Tenhou (unverified)", unverified=True),
       ura_dora=cite(True, "§18.2 dora.ura, mahjong_soul column: true"),
       kan_ura_dora=cite(True, "§18.2 dora.kong_ura, mahjong_soul column: true"),
       double_yakuman=cite(("kokushi_musou_13", "suuankou_tanki", "junsei_chuuren_poutou", "daisuushii"),
                           "§6.3 yaku.double_yakuman_patterns, mahjong_soul column: 13-sided kokushi, single-wait "
                           "suuankou, 9-sided chuuren, daisuushii (unverified)", unverified=True))
values("ema", renhou=cite("mangan", "§6.3 yaku.renhou, ema2016 column: mangan"),
       yakuman_stacking=cite(False, "§6.3 yaku.yakuman_stacking, ema2016 column: false [EXT:3]"),
       max_yakuman_multiple=cite(1, "§8.2 limits.max_yakuman_multiple, ema2016 column: 1 [EXT:3]"),
       kazoe=cite("sanbaiman", "§8.2 limits.kazoe, ema2016 column: sanbaiman_cap [EXT:3]"),
       kan_dora=cite("immediate", "§18.2 dora.kong_dora, ema2016 column: immediate [EXT:3]"),
       ura_dora=cite(True, "§18.2 dora.ura, ema2016 column: true"),
       kan_ura_dora=cite(True, "§18.2 dora.kong_ura, ema2016 column: true"))
values("wrc", renhou=cite("mangan_cumulative", "§6.3 yaku.renhou, wrc column: mangan_cumulative (renhou cumulative, "
                          "§25 [EXT:4])"),
       yakuman_stacking=cite(False, "§6.3 yaku.yakuman_stacking, wrc column: '?'; false, with the single-yakuman "
                             "cap of §8.2 [EXT:5]", unverified=True),
       max_yakuman_multiple=cite(1, "§8.2 limits.max_yakuman_multiple, wrc column: 1 [EXT:5]"),
       kiriage_mangan=cite(True, "§8.2 limits.kiriage_mangan, wrc column: true [EXT:3]"),
       kazoe=cite("sanbaiman", "§8.2 limits.kazoe, wrc column: sanbaiman_cap [EXT:4]"),
       kan_dora=cite("immediate", "§18.2 dora.kong_dora, wrc column: immediate?", unverified=True),
       ura_dora=cite(True, "§18.2 dora.ura, wrc column: true"),
       kan_ura_dora=cite(True, "§18.2 dora.kong_ura, wrc column: true"))
# What the riichi profile columns of §4.8 (scoring rows), §6.3, §7.2, §8.2 and §18.2 give where it is the default.
for _name, _col in (("tenhou", "tenhou"), ("mahjong_soul", "mahjong_soul"), ("ema", "ema2016"), ("wrc", "wrc")):
    values(_name, min_han=cite(1, f"§6.3 yaku.min_han, {_col} column: 1"),
           riichi_han=cite(1, f"§4.8 riichi.han, {_col} column: 1"),
           double_riichi_han=cite(2, f"§4.8 riichi.double_riichi_han, {_col} column: 2"),
           riichi_ippatsu=cite(True, f"§4.8 riichi.ippatsu, {_col} column: true"),
           pinfu_tsumo_fu=cite(20, f"§7.2 fu.pinfu_tsumo, {_col} column: 20"),
           open_pinfu_fu=cite(30, f"§7.2 fu.open_pinfu_shape_ron, {_col} column: 30"),
           chiitoitsu_fu=cite(25, f"§7.2 fu.chiitoitsu, {_col} column: 25"),
           dora_indicator=cite(True, f"§18.2 dora.indicator, {_col} column: true"))
values("tenhou", open_tanyao=cite(True, "§6.3 yaku.open_tanyao, tenhou column: true in red-five rooms [EXT:11]"),
       renhou=cite("none", "§6.3 yaku.renhou, tenhou column: none"),
       double_yakuman=cite((), "§6.3 yaku.double_yakuman_patterns, tenhou column: none [EXT:10]"),
       yakuman_stacking=cite(True, "§6.3 yaku.yakuman_stacking, tenhou column: true [EXT:9]"),
       double_wind_pair_fu=cite(4, "§7.2 fu.double_wind_pair, tenhou column: 4 [EXT:9]"),
       rinshan_tsumo_fu=cite(True, "§7.2 fu.rinshan_tsumo_fu, tenhou column: true [EXT:9]"),
       kiriage_mangan=cite(False, "§8.2 limits.kiriage_mangan, tenhou column: false (unverified)", unverified=True),
       kazoe=cite("yakuman", "§8.2 limits.kazoe, tenhou column: yakuman (unverified)", unverified=True),
       max_yakuman_multiple=cite(0, "§8.2 limits.max_yakuman_multiple, tenhou column: >1, stacking [EXT:9] (cap "
                                 "unverified); 0, no cap", unverified=True))
values("mahjong_soul", open_tanyao=cite(True, "§6.3 yaku.open_tanyao, mahjong_soul column: true [EXT:13]"),
       renhou=cite("none", "§6.3 yaku.renhou, mahjong_soul column: '?'; none, the default", unverified=True),
       yakuman_stacking=cite(True, "§6.3 yaku.yakuman_stacking, mahjong_soul column: true"),
       double_wind_pair_fu=cite(4, "§7.2 fu.double_wind_pair, mahjong_soul column: 4 (unverified)", unverified=True),
       rinshan_tsumo_fu=cite(True, "§7.2 fu.rinshan_tsumo_fu, mahjong_soul column: true (unverified)",
                             unverified=True),
       kiriage_mangan=cite(False, "§8.2 limits.kiriage_mangan, mahjong_soul column: false (unverified)",
                           unverified=True),
       kazoe=cite("yakuman", "§8.2 limits.kazoe, mahjong_soul column: yakuman (unverified)", unverified=True),
       max_yakuman_multiple=cite(0, "§8.2 limits.max_yakuman_multiple, mahjong_soul column: >1 (unverified); 0, no "
                                 "cap", unverified=True))
values("ema", open_tanyao=cite(True, "§6.3 yaku.open_tanyao, ema2016 column: true [EXT:3]"),
       double_yakuman=cite((), "§6.3 yaku.double_yakuman_patterns, ema2016 column: none (single yakuman max) [EXT:3]"),
       double_wind_pair_fu=cite(4, "§7.2 fu.double_wind_pair, ema2016 column: not verified here; 4, the default",
                                unverified=True),
       rinshan_tsumo_fu=cite(True, "§7.2 fu.rinshan_tsumo_fu, ema2016 column: '?'; true, the default",
                             unverified=True),
       kiriage_mangan=cite(False, "§8.2 limits.kiriage_mangan, ema2016 column: false [EXT:3]"),
       red_fives=cite((0, 0, 0), "§18.2 dora.red_fives, ema2016 column: none [EXT:3]"))
values("wrc", open_tanyao=cite(True, "§6.3 yaku.open_tanyao, wrc column: true [EXT:5]"),
       double_yakuman=cite((), "§6.3 yaku.double_yakuman_patterns, wrc column: none [EXT:5]"),
       double_wind_pair_fu=cite(4, "§7.2 fu.double_wind_pair, wrc column: not verified here; 4, the default",
                                unverified=True),
       rinshan_tsumo_fu=cite(True, "§7.2 fu.rinshan_tsumo_fu, wrc column: '?'; true, the default", unverified=True),
       red_fives=cite((0, 0, 0), "§18.2 dora.red_fives, wrc column: none"))

# Ready declarations and kuikae (§4, §5, §20); japanese_modern and japanese_transitional keep the defaults.
# Online rooms validate in software and never offer an illegal call; EMA/WRC tables police themselves (chombo).
for _name in ("tenhou", "mahjong_soul"):
    values(_name, riichi_min_points=cite(1000, f"§4.8 riichi.min_points, {_name} column: 1000 (unverified)",
                                         unverified=True),
           riichi_faulty_ready_penalty=cite("none", f"§4.8 riichi.faulty_ready_penalty, {_name} column: none"
                                        + (" (validated)" if _name == "tenhou" else "")),
           kuikae_mode=cite("same_and_other_side_forbidden", f"§20.2 kuikae.mode, {_name}: same_and_other_side_"
                            "forbidden; §20.1: unverified here, one ranked summary lists it as disallowed [EXT:12]",
                            unverified=True),
           kuikae_no_legal_discard=cite("call_not_offered", "§20.2 kuikae.no_legal_discard (no value for online "
                                        "rooms in RULES): the room validates in software and never offers an "
                                        "illegal call", unverified=True))
for _name, _col in (("ema", "ema2016"), ("wrc", "wrc")):
    values(_name, riichi_validate_declaration=cite(False, f"§4.8 riichi.validate_declaration, {_col} column: n/a "
                                                   "(chombo instead): the table polices itself"),
           riichi_faulty_ready_penalty=cite("chombo", f"§4.8 riichi.faulty_ready_penalty, {_col} column: chombo"),
           kuikae_mode=cite("same_and_other_side_forbidden", f"§20.2 kuikae.mode, {_col}: same_and_other_side_"
                            "forbidden (§20.1 " + ("EMA 2016 forbids swap-calling [EXT:3])" if _name == "ema" else
                                                   "WRC forbids swap-calling [EXT:4])")))
values("taiwanese_16", "SEED-TW §4 names no ready declaration (SEED-EU §4.2: voluntary ready is typically Japanese)",
       ready_mode="none")
values("european_classical", ready_mode=cite("obligatory", "§5.2 ready.mode, European Classical: 'none?' (§5.1: "
                                             "obligatory ready is optional, typical of British and Nordic rules "
                                             "[SEED-EU §4.1]); the preset plays it", unverified=True),
       riichi_faulty_ready_penalty=cite("none", "§5.1: no penalty for the announcement (it may be a bluff) "
                                        "[SEED-EU §4.1]"),
       ready_obligatory_validate=cite(False, "§5.2 ready.obligatory.validate, European Classical: '?'; false, the "
                                      "seed says bluffing usually cannot be prevented [SEED-EU §4.1]",
                                      unverified=True))
values("european_classical", riichi_first_discard_required=cite(False, "§5.1: the announced hand usually has no "
                                                                "special requirements and may still change, so a "
                                                                "passed winning discard binds nothing [SEED-EU §4.1]"))
values("french", ready_mode=cite("voluntary_french", "§5.1 French voluntary ready [SEED-EU §4.2.1]"),
       riichi_faulty_ready_penalty=cite("none", "§5.1: a failed declarer scores only his Flowers and Seasons; no "
                                        "other penalty [SEED-EU §4.2.1]"))
values("italian", "§5.1, §5.2 Italian voluntary ready: a faulty declaration found after the deal costs 1,000 points "
       "[SEED-EU §4.2.2]", ready_mode="voluntary_italian", riichi_validate_declaration=False,
       riichi_faulty_ready_penalty="fixed", riichi_faulty_ready_amount=1000)
# What the riichi profile columns of §4.8 (declaration rows) give where it is the default value.
for _name, _col in (("tenhou", "tenhou"), ("mahjong_soul", "mahjong_soul"), ("ema", "ema2016"), ("wrc", "wrc")):
    values(_name, ready_mode=cite("voluntary_riichi", f"§4.8 riichi.enabled, {_col} column: true"),
           riichi_stick_value=cite(1000, f"§4.8 riichi.stake, {_col} column: 1000"),
           riichi_allow_when_sacred=cite(True, f"§4.8 riichi.allow_when_sacred, {_col} column: true"),
           riichi_first_discard_required=cite(True, f"§4.8 riichi.first_discard_required, {_col} column: true"),
           riichi_first_selfdraw_required=cite(False, f"§4.8 riichi.first_selfdraw_required, {_col} column: false"),
           riichi_missed_tile_kills_hand=cite(False, f"§4.8 riichi.missed_tile_kills_hand, {_col} column: false"),
           riichi_ankan_after=cite("if_waits_unchanged", f"§4.8 riichi.ankan_after, {_col} column: "
                                   "if_waits_unchanged"))
values("tenhou", riichi_min_wall_tiles=cite(4, "§4.8 riichi.min_wall_tiles, tenhou column: 4 [EXT:8]"),
       riichi_validate_declaration=cite(True, "§4.8 riichi.validate_declaration, tenhou column: software-validated"))
values("mahjong_soul", riichi_min_wall_tiles=cite(4, "§4.8 riichi.min_wall_tiles, mahjong_soul column: 4 (unverified)",
                                                  unverified=True),
       riichi_validate_declaration=cite(True, "§4.8 riichi.validate_declaration, mahjong_soul column: "
                                        "software-validated"))
values("ema", riichi_min_wall_tiles=cite(4, "§4.8 riichi.min_wall_tiles, ema2016 column: 4 [EXT:8]"),
       riichi_min_points=cite(0, "§4.8 riichi.min_points, ema2016 column: null (paper scores may go negative) "
                              "[EXT:3]; 0, no minimum"))
values("wrc", riichi_min_wall_tiles=cite(4, "§4.8 riichi.min_wall_tiles, wrc column: 4"),
       riichi_min_points=cite(0, "§4.8 riichi.min_points, wrc column: '?'; 0, no minimum (the default)",
                              unverified=True))

# Settlement and end of game (§10-§17, §21, §22); japanese_modern keeps the defaults.
_RIICHI_STANDARD = dict(
    riichi_pool_keep_on_faulty_out=cite(False, "§11.2 riichi_pool.keep_on_faulty_out: chombo returns them (ema2016, "
                                        "wrc), n/a (tenhou, mahjong_soul); §11.1: a chombo returns the hand's "
                                        "sticks [EXT:2]"),
    pao_ron_by_third_party=cite("split_half", "§16.2 pao.ron_by_third_party: split_half in the ema2016, wrc, tenhou "
                                "[EXT:9] and mahjong_soul columns; §16.1 riichi-standard payment [EXT:16]"),
    final_unit=cite("thousands", "§21.1 riichi standard: (final points - return points) / 1,000 + uma [EXT:19]"))
values("tenhou", **_RIICHI_STANDARD,
       honba_increment_on=cite(("dealer_win", "exhaustive_draw", "abortive_draw"), "§10.2 honba.increment_on, "
                               "tenhou column: dealer_win, exhaustive_draw, abortive_draw"),
       honba_multi_ron=cite("nearest_winner", "§10.2 honba.multi_ron, tenhou column: nearest_winner [EXT:9]"),
       honba_pao_payer=cite("liable", "§10.2 honba.pao_payer, tenhou column: '?' (the translation says counters "
                            "also go through pao [EXT:9])", unverified=True),
       riichi_pool_game_end=cite("first_place", "§11.2 riichi_pool.game_end, tenhou column: first_place (§11.1 "
                                 "[EXT:9])"),
       nagashi_mode=cite("draw_bonus", "§13.2 nagashi.mode, tenhou column: draw_bonus [EXT:9]"),
       nagashi_forbid_own_calls=cite(False, "§13.2 nagashi.forbid_own_calls, tenhou column: false [EXT:9]"),
       abort_four_same_discards=cite("winds_only", "§14.3 abort.four_same_discards, tenhou column: winds_only"),
       abort_four_kongs=cite("after_next_discard", "§14.3 abort.four_kongs, tenhou column: after_next_discard "
                             "[EXT:7]"),
       abort_triple_ron=cite("abort", "§14.3 abort.triple_ron, tenhou column: abort (§14.1 [EXT:7])"),
       pao_on_open_kong_claim=cite(True, "§16.2 pao.on_open_kong_claim, tenhou column: true (wiki's general "
                                   "statement) [EXT:16]"),
       penalty_chombo=cite("none", "§17.4 penalty.chombo, tenhou column: none [EXT:9] (§17.3: software prevents "
                           "chombo)"),
       penalty_false_claim=cite(0, "§17.4 penalty.false_claim, tenhou column: n/a; 0, no penalty"),
       final_uma=cite((20000, 10000, -10000, -20000), "§21.2 final.uma, tenhou column: 20,10,-10,-20 (unverified; "
                      "[EXT:12] lists '10-20')", unverified=True),
       final_tie_mode=cite("seat_order", "§21.2 final.tie_mode, tenhou column: seat_order (§21.1 [EXT:9])"),
       final_rounding=cite("nearest", "§21.2 final.round_to_thousand, tenhou column: nearest [EXT:9]"))
values("mahjong_soul", **_RIICHI_STANDARD,
       honba_increment_on=cite(("dealer_win", "exhaustive_draw", "abortive_draw"), "§10.2 honba.increment_on, "
                               "mahjong_soul column: same as Tenhou"),
       honba_multi_ron=cite("nearest_winner", "§10.2 honba.multi_ron, mahjong_soul column: nearest_winner [EXT:15]"),
       honba_pao_payer=cite("liable", "§10.2 honba.pao_payer, mahjong_soul column: liable [EXT:15]"),
       riichi_pool_game_end=cite("first_place", "§11.2 riichi_pool.game_end, mahjong_soul column: '?'; first_place, "
                                 "the Tenhou value", unverified=True),
       nagashi_mode=cite("draw_bonus", "§13.2 nagashi.mode, mahjong_soul column: '?'; draw_bonus, the Tenhou value",
                         unverified=True),
       nagashi_forbid_own_calls=cite(False, "§13.2 nagashi.forbid_own_calls, mahjong_soul column: false "
                                     "(unverified)", unverified=True),
       abort_four_same_discards=cite("winds_only", "§14.3 abort.four_same_discards, mahjong_soul column: winds_only "
                                     "[EXT:13]"),
       abort_four_kongs=cite("after_next_discard", "§14.3 abort.four_kongs, mahjong_soul column: on [EXT:13], "
                             "timing unverified; after_next_discard, the Tenhou timing", unverified=True),
       pao_scope=cite("concerned_yakuman", "§16.1: with several yakuman, liability attaches only to the yakuman it "
                      "concerns (Mahjong Soul) [EXT:13]"),
       penalty_chombo=cite("none", "§17.4 penalty.chombo, mahjong_soul column: none (unverified)", unverified=True),
       penalty_false_claim=cite(0, "§17.4 penalty.false_claim, mahjong_soul column: n/a; 0, no penalty"),
       final_uma=cite((15000, 5000, -5000, -15000), "§21.2 final.uma, mahjong_soul column: '?' (its own rank-point "
                      "system is out of scope); the EMA and WRC prizes 15,5,-5,-15", unverified=True),
       final_tie_mode=cite("seat_order", "§21.2 final.tie_mode, mahjong_soul column: seat_order (unverified)",
                           unverified=True))
def _aborts_off(source: str) -> dict:
    """The four abortive draws switched off, each value citing `source`."""
    return dict(abort_nine_terminals=cite(False, source), abort_four_same_discards=cite("off", source),
                abort_four_kongs=cite("off", source), abort_four_riichi=cite(False, source))


values("ema", **_RIICHI_STANDARD,
       riichi_pool_multi_ron=cite("own_back_rest_nearest", "§11.2 riichi_pool.multi_ron, ema2016 column: "
                                  "own_back_rest_nearest (§11.1 [EXT:14])"),
       nagashi_enabled=cite(False, "§13.2 nagashi.enabled, ema2016 column: false (§13.1: not used [EXT:3])"),
       **_aborts_off("§14.3 abort.*, ema2016 column: off (§14.2: EMA 2016 and WRC use no abortive draws "
                     "[EXT:3][EXT:5])"),
       penalty_chombo=cite("tournament_points", "§17.4 penalty.chombo, ema2016 column: tournament_points(-20) "
                           "[EXT:3]"),
       penalty_chombo_points=cite(20, "§17.4 penalty.chombo, ema2016 column: tournament_points(-20) [EXT:3]"),
       penalty_false_claim=cite(0, "§17.4 penalty.false_claim, ema2016 column: dead hand; 0, no points"),
       final_oka_to_top=cite(False, "§21.2 final.oka_to_top, ema2016 column: false (no oka, §21.2 start/return "
                             "[EXT:3])"),
       final_uma=cite((15000, 5000, -5000, -15000), "§21.2 final.uma, ema2016 column: 15,5,-5,-15 [EXT:3]"))
values("wrc", **_RIICHI_STANDARD,
       riichi_pool_game_end=cite("discarded", "§11.2 riichi_pool.game_end, wrc column: discarded (inferred: §11.1, "
                                 "EMA lists leftover sticks to the winner as a difference from WRC [EXT:3])",
                                 unverified=True),
       nagashi_enabled=cite(False, "§13.2 nagashi.enabled, wrc column: false (§13.1: not used [EXT:3])"),
       **_aborts_off("§14.3 abort.*, wrc column: off (§14.2: EMA 2016 and WRC use no abortive draws "
                     "[EXT:3][EXT:5])"),
       abort_triple_ron=cite("head_bump", "§14.3 abort.triple_ron, wrc column: head_bump"),
       multi_ron_mode=cite("head_bump", "§15.2 multi_ron.mode, WRC: head_bump [EXT:3]"),
       penalty_chombo=cite("tournament_points", "§17.4 penalty.chombo, wrc column: tournament_points(?) [EXT:4]",
                           unverified=True),
       penalty_chombo_points=cite(20, "§17.4 penalty.chombo, wrc column: tournament_points(?) (§17.3: amount not "
                                  "verified [EXT:4]); 20, the EMA amount", unverified=True),
       penalty_false_claim=cite(0, "§17.4 penalty.false_claim, wrc column: dead hand; 0, no points"),
       final_oka_to_top=cite(False, "§21.2 final.oka_to_top, wrc column: false (§21.1: no oka)"),
       final_uma=cite((15000, 5000, -5000, -15000), "§21.2 final.uma, wrc column: 15,5,-5,-15 [EXT:5]"))
values("taiwanese_16", payment_scheme=cite("taiwanese", "§9.2 payment.scheme, §22.1: the Taiwanese scheme "
                                           "[FW:4winpr27][FW:rules00-taiwanese]"),
       draw_ready_payment=cite(False, "no Taiwanese value in RULES or SEED-TW: no ready payments at a draw",
                               unverified=True),
       draw_dealer_keeps=cite("always", "§22.1: a draw does not move the dealership [SEED-TW §4.3]"),
       nagashi_enabled=cite(False, "SEED-TW §4 names no nagashi mangan (a modern Japanese award, SEED-JM §4.9)"),
       pao_yakuman=cite(("daisangen", "daisuushii"), "§16.1 Chinese/Taiwanese insurance list (reconstructed): Big "
                        "Three Dragons, Big Four Winds [EXT:23][EXT:24][DERIVED]", unverified=True),
       pao_no_choice_declaration=cite(True, "§16.1, §16.2 pao.no_choice_declaration: the 'No choice' declaration "
                                      "[SEED-TW §4.2]"),
       penalty_chombo=cite("none", "no Taiwanese value in RULES (§17.1: the seed's penalty list is lost): none",
                           unverified=True),
       final_return_points=cite(0, "SEED-TW §4 names no end points (a modern Japanese practice, SEED-JM §4.10): 0"),
       final_oka_to_top=cite(False, "SEED-TW §4 names no end points (a modern Japanese practice, SEED-JM §4.10)"))
for _name in ("european_classical", "french", "italian"):
    values(_name, draw_ready_payment=cite(False, "no European value in RULES or SEED-EU: no ready payments at a draw",
                                          unverified=True),
           draw_dealer_keeps=cite("never", "no European value in RULES or SEED-EU: the deal passes after a draw",
                                  unverified=True),
           nagashi_enabled=cite(False, "SEED-EU §4 names no nagashi mangan (a modern Japanese award, SEED-JM §4.9)"),
           **_aborts_off("SEED-EU §4 names no abortive draws (Japanese dead-hand rules, SEED-JM §4.4)"),
           penalty_chombo=cite("half_limit", "§17.1: a false out after hands are exposed costs half the limit to "
                               "each player, East double [SEED-EU §4.3]"),
           penalty_limit=cite(1000, "§17.5 example 3: European Classical, limit 1,000 [SEED-EU]"),
           penalty_chombo_deal=cite("pass_if_offender_dealer", "§17.1: the deal passes if the offender was East, "
                                    "otherwise it normally stays [SEED-EU §4.3]"),
           final_return_points=cite(0, "SEED-EU §4 names no end points (a modern Japanese practice, "
                                    "SEED-JM §4.10): 0"),
           final_oka_to_top=cite(False, "SEED-EU §4 names no end points (a modern Japanese practice, SEED-JM §4.10)"))
# What the riichi profile columns of §9.2-§21.2 give where it is the default value.
for _name, _col in (("tenhou", "tenhou"), ("mahjong_soul", "mahjong_soul"), ("ema", "ema2016"), ("wrc", "wrc")):
    values(_name, payment_scheme=cite("japanese", f"§9.2 payment.scheme, {_col}: japanese"),
           honba_per_stick_total=cite(300, f"§10.2 honba.per_stick_total, {_col} column: 300"),
           honba_keep_when_deal_passes_after_draw=cite(True, f"§10.2 honba.keep_when_deal_passes_after_draw, {_col} "
                                                       "column: true"),
           honba_paid_to=cite("any_winner", f"§10.2 honba.paid_to, {_col} column: any_winner"),
           riichi_pool_keep_on_draw=cite(True, f"§11.2 riichi_pool.keep_on_draw, {_col} column: true"),
           draw_ready_payment=cite(True, "§12.1 riichi standard: 3,000 from the not-ready to the ready players "
                                   "[EXT:17]"),
           draw_noten_payment_total=cite(3000, f"§12.2 draw.noten_payment_total, {_col} column: 3000"),
           draw_dealer_keeps=cite("if_ready", f"§12.2 draw.dealer_keeps_if_ready, {_col} column: true"),
           draw_check_true_ready_state=cite(False, f"§12.2 draw.check_true_ready_state, {_col} column: false"),
           pao_rinshan_after_open_kong=cite(False, f"§16.2 pao.rinshan_after_open_kong, {_col} column: false"
                                            + (" [EXT:4]" if _name == "wrc" else "")),
           penalty_chombo_deal=cite("repeat", "§17.3 riichi-standard chombo: the hand is replayed [EXT:2]"),
           ryan_shi=cite(False, f"§10.2 ryan_shi.enabled, {_col} column: false" + (
               " (§10.1: EMA 2016 dropped it [EXT:3])" if _name == "ema" else
               " (§10.1: not used, unverified [EXT:12])"), unverified=_name != "ema"))
for _name in ("tenhou", "mahjong_soul"):
    values(_name, riichi_pool_multi_ron=cite("nearest_winner", f"§11.2 riichi_pool.multi_ron, {_name} column: "
                                             "nearest_winner (§11.1 [EXT:14][EXT:15])"),
           nagashi_enabled=cite(True, f"§13.2 nagashi.enabled, {_name} column: true"),
           nagashi_percent_of_limit=cite(100, f"§13.2 nagashi.percent_of_limit, {_name} column: 100"),
           abort_nine_terminals=cite(True, f"§14.3 abort.nine_terminals, {_name} column: true"),
           multi_ron_dealer_keeps=cite("if_dealer_among_winners", "§15.1: Tenhou, Mahjong Soul and EMA 2016 keep the "
                                       "dealer if he is one of the winners [EXT:14][EXT:13]"))
values("tenhou", abort_four_riichi=cite(True, "§14.3 abort.four_riichi, tenhou column: true"),
       multi_ron_mode=cite("all_paid", "§15.2 multi_ron.mode, Tenhou: all_paid for two winners"),
       pao_yakuman=cite(("daisangen", "daisuushii"), "§16.2 pao.yakuman, tenhou column: daisangen, daisuushii "
                        "[EXT:9]"),
       final_return_points=cite(30000, "§21.2 final.start_points / return_points, tenhou column: 25,000 / 30,000 "
                                "[EXT:9]"),
       final_oka_to_top=cite(True, "§21.2 final.oka_to_top, tenhou column: true"))
values("mahjong_soul", abort_four_riichi=cite(True, "§14.3 abort.four_riichi, mahjong_soul column: true (unverified)",
                                              unverified=True),
       abort_triple_ron=cite("pay_all", "§14.3 abort.triple_ron, mahjong_soul column: pay_all [EXT:13]"),
       multi_ron_mode=cite("all_paid", "§15.2 multi_ron.mode, Mahjong Soul: all_paid"),
       pao_yakuman=cite(("daisangen", "daisuushii"), "§16.2 pao.yakuman, mahjong_soul column: daisangen, daisuushii "
                        "[EXT:13]"),
       pao_on_open_kong_claim=cite(False, "§16.2 pao.on_open_kong_claim, mahjong_soul column: '?'; false, the "
                                   "default", unverified=True),
       final_return_points=cite(30000, "§21.2 final.return_points, mahjong_soul column: own rank-point system (out "
                                "of scope); 30,000, the default", unverified=True),
       final_oka_to_top=cite(True, "§21.2 final.oka_to_top, mahjong_soul column: '?'; true, the default",
                             unverified=True),
       final_rounding=cite("none", "§21.2 final.round_to_thousand, mahjong_soul column: '?'; none, the default",
                           unverified=True))
values("ema", honba_increment_on=cite(("dealer_win", "exhaustive_draw"), "§10.2 honba.increment_on, ema2016 column: "
                                      "dealer_win, exhaustive_draw (no abortive draws)"),
       honba_multi_ron=cite("each_winner", "§10.2 honba.multi_ron, ema2016 column: each_winner [EXT:14]"),
       honba_pao_payer=cite("discarder", "§10.2 honba.pao_payer, ema2016 column: '?'; discarder (§10.1: the EMA 2008 "
                            "text, only the discarder pays counters [EXT:8])", unverified=True),
       riichi_pool_game_end=cite("winner_shared_if_tied", "§11.2 riichi_pool.game_end, ema2016 column: "
                                 "winner_shared_if_tied (§11.1 [EXT:3])"),
       abort_triple_ron=cite("pay_all", "§14.3 abort.triple_ron, ema2016 column: pay_all [EXT:14]"),
       multi_ron_mode=cite("all_paid", "§15.2 multi_ron.mode, EMA 2016: all_paid"),
       multi_ron_dealer_keeps=cite("if_dealer_among_winners", "§15.1: Tenhou, Mahjong Soul and EMA 2016 keep the "
                                   "dealer if he is one of the winners [EXT:14][EXT:13]"),
       pao_yakuman=cite(("daisangen", "daisuushii"), "§16.2 pao.yakuman, ema2016 column: daisangen, daisuushii "
                        "[EXT:3]"),
       pao_on_open_kong_claim=cite(False, "§16.2 pao.on_open_kong_claim, ema2016 column: '?'; false, the default",
                                   unverified=True),
       final_return_points=cite(30000, "§21.2 final.start_points / return_points, ema2016 column: equal (no oka) "
                                "[EXT:3], no number given; 30,000, the default", unverified=True),
       final_tie_mode=cite("share", "§21.2 final.tie_mode, ema2016 column: share"),
       final_rounding=cite("none", "§21.2 final.round_to_thousand, ema2016 column: none (§21.1: EMA does not round)"))
values("wrc", honba_increment_on=cite(("dealer_win", "exhaustive_draw"), "§10.2 honba.increment_on, wrc column: same "
                                      "as EMA (dealer_win, exhaustive_draw)"),
       honba_multi_ron=cite("each_winner", "§10.2 honba.multi_ron, wrc column: n/a (one winner); each_winner, the "
                            "default"),
       honba_pao_payer=cite("discarder", "§10.2 honba.pao_payer, wrc column: '?'; discarder (§10.1: most rules make "
                            "the actual discarder pay [EXT:18][EXT:8])", unverified=True),
       riichi_pool_multi_ron=cite("nearest_winner", "§11.2 riichi_pool.multi_ron, wrc column: n/a (one winner); "
                                  "nearest_winner, the default"),
       pao_yakuman=cite(("daisangen", "daisuushii"), "§16.2 pao.yakuman, wrc column: daisangen, daisuushii "
                        "(unverified)", unverified=True),
       pao_on_open_kong_claim=cite(False, "§16.2 pao.on_open_kong_claim, wrc column: '?'; false, the default",
                                   unverified=True),
       final_return_points=cite(30000, "§21.2 final.start_points / return_points, wrc column: 30,000 / 30,000 "
                                "[EXT:5]"),
       final_tie_mode=cite("share", "§21.2 final.tie_mode, wrc column: share"),
       final_rounding=cite("none", "§21.2 final.round_to_thousand, wrc column: '?'; none, the default",
                           unverified=True))

# ================= three-player preset (sanma; issue 17) =================
# tenhou_sanma = every tenhou value (data/README.md rules 5, 6, 9, 21: red fives, open tanyao, no double
# yakuman, kazoe 13, no kiriage, counters and sticks to the first winner), then the three-player values.
_SANMA_DATA = "data/README.md (254 public + 279 hidden Tenhou Phoenix three-player games)"
preset("tenhou_sanma", "Tenhou.net three-player ranked rules (108 tiles, no chi, kita as bonus dora, tsumo loss).",
       "API.md 'Three-player games'; " + _SANMA_DATA, {})
_tenhou = PRESETS["tenhou"]
PRESETS["tenhou_sanma"].values.update(_tenhou.values)
PRESETS["tenhou_sanma"].sources.update({k: _tenhou.sources.get(k) or _tenhou.source for k in _tenhou.values})
PRESETS["tenhou_sanma"].unverified.update(_tenhou.unverified)
values("tenhou_sanma",
       players=cite(3, "Tenhou GO type bit 0x10 (three players) on every record"),
       removed_tiles=cite("2345678m", "rule 1: no 2m-8m in 4,695 deals x 3 hands (108 tiles)"),
       chi=cite(False, "rule 1: 0 chi among 4,906 calls"),
       red_fives=cite((0, 1, 1), "rule 9: red 0p and 0s, one each (no 0m: 5m is not in the set)"),
       north_bonus=cite("bonus_dora", "rule 7: Tenhou's dora = indicators over hand, melds and kita + number of "
                        "kita on 2,494/2,494 wins with kita"),
       kita_replacement_is_rinshan=cite(True, "rule 10: 79/79 tsumo wins on the kita replacement have rinshan"),
       kita_ron=cite(True, "rule 11: 4/4 rons on a kita"),
       kita_ron_is_chankan=cite(False, "rule 11: no chankan on 4/4 rons on a kita"),
       north_triplet_yaku=cite(False, "rule 13: 4/4 wins with three or four norths have no wind yaku"),
       tsumo_payment=cite("tsumo_loss", "rule 2: 1,997/1,997 tsumo wins (the four-player total matches 0)"),
       honba_per_stick_total=cite(200, "rule 4: 200 per counter on 1,673/1,673 wins that collect counters"),
       draw_noten_payment_total=cite(2000, "rule 15: 593/593 exhaustive draws"),
       nagashi_mode=cite("draw_bonus", "rule 16: a mangan tsumo with tsumo loss, no counters, no ready payments, "
                         "sticks stay (6/6)"),
       abort_nine_terminals=cite(True, "rule 17: kyuushu kyuuhai, 128 draws"),
       abort_four_kongs=cite("after_next_discard", "rule 17: four kans, 1 draw"),
       abort_four_same_discards=cite("off", "rule 17: none of 129 abortive draws; a four-player draw "
                                     "(not_in_three_player)"),
       abort_four_riichi=cite(False, "rule 17: none of 129 abortive draws; a four-player draw (not_in_three_player)"),
       live_wall=cite(55, "rule 14: 593/593 exhaustive draws after 55 draws"),
       start_points=cite(35000, "rule 19: 533/533 games"),
       final_return_points=cite(40000, "rule 20: 533/533 games"),
       final_uma=cite((20000, 0, -20000), "rule 20: +20/0/-20 on 533/533 games (+-15: 0/533)"),
       final_rounding=cite("score_half_away", "rule 20: the hundreds digit 5 rounds away from zero on the score "
                           "(533/533; half-up on score - 40,000: 514/533)"),
       kazoe_limit_name=cite("yakuman", "rule 21: Tenhou records a kazoe yakuman with limit code 5 (yakuman)"),
       source="data/README.md")
# ============================ end of three-player preset ============================

OPTION_FIELDS = {f.name: f for f in fields(Rules)}
_NAMES = list(OPTION_FIELDS)
# the options of the three-player block (API.md "Three-player games"), in their order
THREE_PLAYER_OPTIONS = tuple(_NAMES[_NAMES.index("players"):_NAMES.index("kazoe_limit_name") + 1])


MAX_OPTION_INT = 10**9   # bound of an integer option value unless its metadata sets "maximum"


def _check_value(f, value, pointer: str) -> list[Issue]:
    default = f.default
    meta = f.metadata
    if isinstance(default, bool):
        ok = isinstance(value, bool)
        want = "true or false"
    elif isinstance(default, int):
        ok = isinstance(value, int) and not isinstance(value, bool)
        want = "an integer"
    elif isinstance(default, tuple):
        # numbers per suit or per rank have a fixed length; JSON true/false are not numbers here
        numeric = bool(default) and isinstance(default[0], int)
        sizes = meta.get("lengths", (len(default),))
        ok = isinstance(value, (list, tuple)) and (len(value) in sizes if numeric else True) and all(
            isinstance(v, int) and not isinstance(v, bool) if numeric else isinstance(v, str) for v in value)
        want = f"a list of {' or '.join(map(str, sizes))} integers" if numeric else "a list of names"
    elif isinstance(default, str):
        ok = isinstance(value, str)
        want = "a string"
    else:
        ok, want = True, ""
    if not ok:
        return [Issue("invalid_option", f"Option '{f.name}' takes {want}.", pointer)]
    if "choices" in meta:
        items = value if isinstance(value, (list, tuple)) else [value]
        bad = [v for v in items if v not in meta["choices"]]
        if bad:
            return [Issue("invalid_option", f"Option '{f.name}' accepts {', '.join(map(str, meta['choices']))}; "
                          f"got {', '.join(map(str, bad))}.", pointer)]
    if "minimum" in meta and value < meta["minimum"]:
        return [Issue("invalid_option", f"Option '{f.name}' must be at least {meta['minimum']}.", pointer)]
    # every integer is bounded (an option's metadata may set its own "maximum"), so that no rule
    # arithmetic meets a 300-digit number
    limit = meta.get("maximum", MAX_OPTION_INT)
    numbers = value if isinstance(value, (list, tuple)) else [value]
    if any(isinstance(v, int) and not isinstance(v, bool) and not -MAX_OPTION_INT <= v <= limit for v in numbers):
        return [Issue("invalid_option", f"Option '{f.name}' takes integers from {-MAX_OPTION_INT} to {limit}.",
                      pointer)]
    if meta.get("tiles"):
        return _tile_set_issues(f.name, value, pointer)
    if "multiple_of" in meta and not meta.get("per_payer") and value % meta["multiple_of"]:
        return [Issue("invalid_option", f"Option '{f.name}' must be a multiple of {meta['multiple_of']}.", pointer)]
    return []


def _tile_set_issues(option: str, value: str, pointer: str) -> list[Issue]:
    """An MPSZ list of plain tile kinds, each at most once."""
    codes, problems = parse_tiles(value)
    kinds = [kind(c) for c in codes]
    if problems or any(c >= NUM_KINDS for c in codes) or len(set(kinds)) != len(kinds):
        return [Issue("invalid_option", f"Option '{option}' takes plain tile kinds in MPSZ, each once (e.g. "
                      "'2345678m'); no red fives.", pointer)]
    return []


_PRESET_CACHE: dict[str, tuple[dict, Rules]] = {}


def preset_rules(name: str) -> Rules:
    values = PRESETS[name].values
    hit = _PRESET_CACHE.get(name)
    if hit is not None and hit[0] == values:
        return hit[1]   # Rules are frozen, so one value per preset can be shared (building one is slow)
    rules = replace(Rules(), **{k: tuple(v) if isinstance(v, list) else v for k, v in values.items()})
    _PRESET_CACHE[name] = (dict(values), rules)
    return rules


def resolve_rules(payload: dict | None, field_name: str = "rules") -> tuple[str, Rules]:
    """The preset name and Rules a request's `rules` object asks for; InvalidHand on any problem."""
    name, rules, issues = collect_rules(payload, field_name)
    if issues:
        raise InvalidHand(issues)
    return name, rules


def collect_rules(payload: dict | None, field_name: str = "rules") -> tuple[str, Rules, list[Issue]]:
    """Like resolve_rules, but returns the problems instead of raising (the default preset's
    Rules stand in when there are problems, so other checks can still run)."""
    payload = dict(payload or {})
    name = payload.pop("preset", None)
    name = DEFAULT_PRESET if name is None else name  # only absent/null means the default; {} or "" is a mistake
    issues = []
    if not isinstance(name, str) or name not in PRESETS:
        issues.append(Issue("unknown_preset", f"Unknown preset {name!r}; valid presets: {', '.join(PRESETS)}.",
                            f"{field_name}/preset"))
        name = DEFAULT_PRESET
    overrides = {}
    for key, value in payload.items():
        f = OPTION_FIELDS.get(key)
        if f is None:
            issues.append(Issue("unknown_option", f"Unknown rule option {key!r}; valid options: "
                                f"{', '.join(OPTION_FIELDS)}.", f"{field_name}/{key}"))
            continue
        problems = _check_value(f, value, f"{field_name}/{key}")
        issues += problems
        if not problems:
            overrides[key] = tuple(value) if isinstance(value, list) else value
    if issues:
        return name, preset_rules(name), issues
    rules = replace(preset_rules(name), **overrides) if overrides else preset_rules(name)
    return name, rules, combination_issues(rules, overrides, field_name) + payer_issues(rules, overrides, field_name)


def payer_issues(rules: Rules, overrides: dict, field_name: str = "rules") -> list[Issue]:
    """`invalid_option` for a per-payer amount (honba_per_stick_total) that the self-draw payers (players - 1)
    cannot share equally, when the request set it or the player count."""
    payers = rules.players - 1
    return [Issue("invalid_option", f"Option '{f.name}' must be a multiple of {payers} (the self-draw payers "
                  f"with {rules.players} players).", f"{field_name}/{f.name}")
            for f in fields(Rules) if f.metadata.get("per_payer") and (f.name in overrides or "players" in overrides)
            and getattr(rules, f.name) % payers]


# Option values that are each valid but that no table plays together: (test on the Rules, the options
# involved, the problem). A preset's own values never clash; the option a request sets is the one named.
COMBINATIONS = (
    (lambda r: r.hand_size == 16 and r.special_forms, ("special_forms", "hand_size"),
     "Seven pairs and thirteen orphans (special_forms) are 13-tile forms: with hand_size 16, set "
     "special_forms to false."),
    (lambda r: len(r.final_uma) != r.players, ("final_uma", "players"),
     "final_uma has one prize per player: as many entries as `players`."),
    (lambda r: r.players == 3 and r.hand_size != 13, ("players", "hand_size"),
     "Three-player play is a 13-tile (Japanese) game: hand_size 13."),
)


def combination_issues(rules: Rules, overrides: dict, field_name: str = "rules") -> list[Issue]:
    """`incompatible_options` for each clash in COMBINATIONS that the request's overrides bring about."""
    issues = []
    for clash, options, detail in COMBINATIONS:
        named = [o for o in options if o in overrides]
        if named and clash(rules):
            issues.append(Issue("incompatible_options", detail, f"{field_name}/{named[0]}"))
    return issues


def describe_option(f) -> dict:
    meta = f.metadata
    out = {"name": f.name, "description": meta["doc"], "source": meta["source"],
           "default": list(f.default) if isinstance(f.default, tuple) else f.default,
           "type": ("boolean" if isinstance(f.default, bool) else "integer" if isinstance(f.default, int)
                    else "array" if isinstance(f.default, tuple) else "string")}
    if "choices" in meta:
        out["choices"] = list(meta["choices"])
    if "minimum" in meta:
        out["minimum"] = meta["minimum"]
    if "multiple_of" in meta:
        out["multiple_of"] = meta["multiple_of"]
    return out
