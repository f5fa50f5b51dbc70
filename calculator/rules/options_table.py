"""Rule options of deal settlement and the end of the game: counters, the riichi pool, draws, nagashi,
aborts, multi-ron, pao, penalties, Taiwanese bonuses, oka and uma (docs/counters.md#s10-docs/penalties.md#s17, docs/end-of-game.md#s21, docs/families.md#s22). Part of the option
registry (calculator.rules.options)."""
from __future__ import annotations

from dataclasses import dataclass

from calculator.rules.option import opt


@dataclass(frozen=True)
class TableOptions:
    """Deal settlement and end of game."""
    # --- deal settlement and end of game: counters, pool, draws, nagashi, aborts, multi-ron, pao, penalties,
    # --- Taiwanese bonuses, oka/uma (docs/counters.md#s10-docs/penalties.md#s17, docs/end-of-game.md#s21, docs/families.md#s22) ---
    honba_increment_on: tuple = opt(("dealer_win", "exhaustive_draw"), "Events that add one counter: dealer_win "
                                    "(the dealer wins and keeps the deal), exhaustive_draw, abortive_draw, chombo. "
                                    "Four Winds: the counter counts the dealer's extra hands, a draw adds one (the "
                                    "pool is kept when the deal passes), an abortive draw replays the same deal "
                                    "and adds none (the rules reference (docs/README.md) '[docs/sources.md#derived]').", "docs/counters.md#s10-2 honba.increment_on, docs/presets.md#s23-10 "
                                    "[docs/sources.md#seed-jm section 4.5]", choices=("dealer_win", "exhaustive_draw", "abortive_draw", "chombo"))
    honba_keep_when_deal_passes_after_draw: bool = opt(True, "After a draw that passes the deal the counters stay "
                                                       "(and the next dealer adds one); false: they are reset.",
                                                       "docs/counters.md#s10-2 honba.keep_when_deal_passes_after_draw [docs/sources.md#seed-jm section 4.5]")
    honba_multi_ron: str = opt("each_winner", "Several winners on one discard: the discarder pays the counters to "
                               "each_winner (as if each won alone) or only to the nearest_winner in turn order.",
                               "docs/counters.md#s10-2 honba.multi_ron, docs/presets.md#s23-10 [docs/sources.md#seed-jm section 4.5]", choices=("each_winner", "nearest_winner"))
    honba_pao_payer: str = opt("discarder", "Who pays the counters on a ron that a liable player shares: the "
                               "discarder or the liable player. an open question ('?', docs/presets.md#open-questions): discarder, the EMA 2008 text and most "
                               "rule sets (only the discarder pays counters).", "docs/counters.md#s10-2 honba.pao_payer, docs/presets.md#s23-10 [docs/sources.md#ext-8]",
                               choices=("discarder", "liable"))
    riichi_pool_keep_on_draw: bool = opt(True, "Riichi sticks stay on the table through exhaustive and abortive "
                                         "draws; false: this deal's sticks (riichi_declared) go back.",
                                         "docs/counters.md#s11-2 riichi_pool.keep_on_draw [docs/sources.md#seed-jm section 4.1.5]")
    riichi_pool_keep_on_faulty_out: bool = opt(True, "Riichi sticks stay on the table after a chombo / faulty out; "
                                               "false: this deal's sticks (riichi_declared) go back to their owners.",
                                               "docs/counters.md#s11-2 riichi_pool.keep_on_faulty_out [docs/sources.md#seed-jm section 4.1.5][docs/sources.md#ext-2]")
    riichi_pool_multi_ron: str = opt("nearest_winner", "Several winners on one discard: the sticks go to the "
                                     "nearest_winner, or own_back_rest_nearest (each winner takes back the stick he "
                                     "put down this deal), or split (equally, odd sticks to the nearer). an open question ('?', docs/presets.md#open-questions): "
                                     "nearest_winner, as the head-bump order Four Winds uses elsewhere.",
                                     "docs/counters.md#s11-2 riichi_pool.multi_ron, docs/presets.md#s23-12",
                                     choices=("nearest_winner", "own_back_rest_nearest", "split"))
    riichi_pool_game_end: str = opt("winner_shared_if_tied", "Sticks still on the table when the game ends "
                                    "(/v1/final riichi_sticks): first_place (the first after tie-breaks), "
                                    "winner_shared_if_tied, or discarded. an open question ('?', docs/presets.md#open-questions): shared, as the seed shares "
                                    "everything between tied players.", "docs/counters.md#s11-2 riichi_pool.game_end, docs/presets.md#s23-12",
                                    choices=("first_place", "winner_shared_if_tied", "discarded"))
    draw_ready_payment: bool = opt(True, "At an exhaustive draw the players who are not ready pay the ready ones "
                                   "('pay points after a draw, for ready hands only').", "docs/draws.md#s12-1 [http://www.4windsmj.com/kb/rules/japanese_modern/rules00.htm]")
    draw_noten_payment_total: int = opt(3000, "Points that change hands at an exhaustive draw (1 ready: 1,000 from "
                                        "each; 2: 1,500 each; 3: 1,000 to each). an open question ('?', docs/presets.md#open-questions): 3,000, the riichi "
                                        "standard; the Four Winds sum was not recovered.",
                                        "docs/draws.md#s12-2 draw.noten_payment_total, docs/presets.md#s23-9 [docs/sources.md#ext-17]", minimum=0)
    draw_dealer_keeps: str = opt("if_ready", "After an exhaustive draw the dealer keeps the deal: if_ready, always "
                                 "(Taiwanese: a draw does not pass the deal) or never (Japanese Classical).",
                                 "docs/draws.md#s12-2 draw.dealer_keeps_if_ready [http://www.4windsmj.com/kb/rules/japanese_modern/rules00.htm][docs/sources.md#seed-tw section 4.3]",
                                 choices=("if_ready", "always", "never"))
    draw_check_true_ready_state: bool = opt(False, "For hands sent with an exhaustive draw (`hands`), a hand counts "
                                            "as ready only if some wait makes a legal win (a yaku, the minimum han); "
                                            "false: structural readiness is enough (formal tenpai). an open question ('?', docs/presets.md#open-questions): false, "
                                            "as every other listed profile.", "docs/draws.md#s12-2 draw.check_true_ready_state, "
                                            "docs/presets.md#s23-8 [http://www.4windsmj.com/kb/help/4windr05.htm][docs/sources.md#ext-9]")
    nagashi_enabled: bool = opt(True, "Nagashi mangan is paid. an open question ('?', docs/presets.md#open-questions) ('sometimes allowed'): on, so the seed's "
                                "own reading (a self-drawn win) applies.", "docs/draws.md#s13-2 nagashi.enabled [docs/sources.md#seed-jm section 4.9]")
    nagashi_mode: str = opt("win", "win: paid as a self-drawn limit win (counters, pool, deal passes by the win "
                            "rules, no ready payments); draw_bonus: paid instead of the ready payments, no counters, "
                            "the draw rules keep or pass the deal (Tenhou).", "docs/draws.md#s13-2 nagashi.mode, docs/presets.md#s23-13 "
                            "[docs/sources.md#seed-jm section 4.9][docs/sources.md#ext-9]", choices=("win", "draw_bonus"))
    nagashi_forbid_own_calls: bool = opt(True, "A player who made any meld (concealed kongs included) cannot have "
                                         "nagashi (checked against the draw's `melded` seats).",
                                         "docs/draws.md#s13-2 nagashi.forbid_own_calls [docs/sources.md#seed-jm section 4.9]")
    nagashi_percent_of_limit: int = opt(100, "Nagashi pays this percentage of a mangan self-draw.",
                                        "docs/draws.md#s13-2 nagashi.percent_of_limit [http://www.4windsmj.com/kb/help/4windr06.htm]", minimum=0)
    abort_nine_terminals: bool = opt(True, "Nine different terminals and honours may abort the deal. an open question ('?', docs/presets.md#open-questions): "
                                     "on, the recovered Four Winds option.", "docs/draws.md#s14-3 abort.nine_terminals [http://4windsmj.com/kb/help/4windr04.htm]")
    abort_four_same_discards: str = opt("any_tile", "Four identical first discards abort the deal: off, any_tile, "
                                        "winds_only.", "docs/draws.md#s14-3 abort.four_same_discards, docs/presets.md#s23-15 [http://4windsmj.com/kb/help/4windr04.htm]",
                                        choices=("off", "any_tile", "winds_only"))
    abort_four_kongs: str = opt("at_declaration", "Four kongs by several players: off; at_declaration or "
                                "after_next_discard (abort; they differ only in timing at the table, which a "
                                "settlement does not see); continue_no_more_kongs (play goes on without further "
                                "kongs, so no abortive draw).",
                                "docs/draws.md#s14-3 abort.four_kongs, docs/presets.md#s23-14 [http://4windsmj.com/kb/help/4winex03.htm]",
                                choices=("off", "at_declaration", "after_next_discard", "continue_no_more_kongs"))
    abort_four_riichi: bool = opt(True, "Four riichi declarations abort the deal. an open question ('?', docs/presets.md#open-questions): on, the riichi "
                                  "standard.", "docs/draws.md#s14-3 abort.four_riichi [docs/sources.md#ext-7]")
    abort_triple_ron: str = opt("pay_all", "Three winners on one discard: abort (an abortive draw), pay_all, or "
                                "head_bump. an open question ('?', docs/presets.md#open-questions): pay_all, the seed's 'several winners paid separately'.",
                                "docs/draws.md#s14-3 abort.triple_ron, docs/presets.md#s23-16 [docs/sources.md#seed-jm section 4.5]", choices=("abort", "pay_all", "head_bump"))
    multi_ron_mode: str = opt("all_paid", "Several winners on one discard: all_paid, or head_bump (only the first "
                              "in turn order after the discarder wins).", "docs/limits.md#s15-2 multi_ron.mode [docs/sources.md#seed-jm section 4.5]",
                              choices=("all_paid", "head_bump"))
    multi_ron_dealer_keeps: str = opt("if_dealer_among_winners", "After several winners the dealer keeps the deal "
                                      "if_dealer_among_winners or only if_dealer_nearest.",
                                      "docs/limits.md#s15-2 multi_ron.dealer_keeps, docs/presets.md#s23-16 [docs/sources.md#ext-14]",
                                      choices=("if_dealer_among_winners", "if_dealer_nearest"))
    pao_yakuman: tuple = opt(("daisangen", "daisuushii"), "Yakuman that make the feeder liable (suukantsu is the "
                             "optional third). an open question ('?', docs/presets.md#open-questions) (list lost): the two every listed profile uses.",
                             "docs/penalties.md#s16-2 pao.yakuman, docs/presets.md#s23-17 [docs/sources.md#seed-jm section 4.13][docs/sources.md#ext-16]",
                             choices=("daisangen", "daisuushii", "suukantsu"))
    pao_ron_by_third_party: str = opt("discarder_pays_all", "Ron off a player other than the liable one: "
                                      "split_half (discarder and liable pay half each) or discarder_pays_all (the "
                                      "Four Winds insurance reading: liability only matters on self-draws).",
                                      "docs/penalties.md#s16-2 pao.ron_by_third_party, docs/presets.md#s23-17 [docs/sources.md#seed-jm section 4.13]",
                                      choices=("split_half", "discarder_pays_all"))
    pao_on_open_kong_claim: bool = opt(False, "Feeding the dangerous tile for an open kong still creates liability "
                                       "(the seed: it does not).", "docs/penalties.md#s16-2 pao.on_open_kong_claim [docs/sources.md#seed-jm section 4.13][docs/sources.md#ext-16]")
    pao_rinshan_after_open_kong: bool = opt(False, "The player whose discard was claimed for an open kong pays for "
                                            "a win on its replacement tile.", "docs/penalties.md#s16-2 pao.rinshan_after_open_kong [docs/sources.md#ext-4]")
    pao_no_choice_declaration: bool = opt(False, "A 'No choice' declaration frees the feeder from liability "
                                          "(Taiwanese and Chinese tables).", "docs/penalties.md#s16-2 pao.no_choice_declaration "
                                          "[docs/sources.md#seed-tw section 4.2]")
    pao_scope: str = opt("whole_hand", "What the liable player answers for: the whole_hand, or only the "
                         "concerned_yakuman (Mahjong Soul; the rest is paid normally).", "docs/penalties.md#s16-1 [docs/sources.md#ext-13]",
                         choices=("whole_hand", "concerned_yakuman"))
    penalty_chombo: str = opt("reverse_mangan", "Chombo / faulty out: reverse_mangan (a mangan self-draw paid by "
                              "the offender), half_limit (half of penalty_limit to each player, East paying or "
                              "receiving double; European), fixed_points (penalty_chombo_points to each), "
                              "tournament_points (table untouched, penalty_chombo_points off the result), none. "
                              "an open question ('?', docs/presets.md#open-questions): reverse_mangan, the mangan-based Japanese practice.",
                              "docs/penalties.md#s17-4 penalty.chombo [docs/sources.md#ext-2][docs/sources.md#seed-eu section 4.3]",
                              choices=("reverse_mangan", "half_limit", "fixed_points", "tournament_points", "none"))
    penalty_chombo_points: int = opt(0, "Points for penalty_chombo fixed_points (to each player) or "
                                     "tournament_points (deducted).", "docs/penalties.md#s17-4 [docs/sources.md#ext-3]", minimum=0)
    penalty_limit: int = opt(8000, "The limit whose half each player gets under penalty_chombo half_limit.",
                             "docs/penalties.md#s17-1, docs/penalties.md#s17-5 [docs/sources.md#seed-eu section 4.3]", minimum=0)
    penalty_chombo_deal: str = opt("repeat", "After a chombo the deal is replayed by the same dealer (repeat), "
                                   "or passes when the offender was the dealer (pass_if_offender_dealer, European "
                                   "wording). an open question ('?', docs/presets.md#open-questions): repeat, the riichi standard.", "docs/penalties.md#s17-2, docs/penalties.md#s17-3 [docs/sources.md#seed-eu section 4.3]",
                                   choices=("repeat", "pass_if_offender_dealer"))
    penalty_false_claim: int = opt(100, "Points per false claim (`false_claims`), collected by the deal's winner "
                                   "and not paid in a draw (0 = no penalty). an open question ('?', docs/presets.md#open-questions): 100, the common Four Winds "
                                   "option.", "docs/penalties.md#s17-2, docs/penalties.md#s17-4 penalty.false_claim [http://www.4windsmj.com/kb/help/4winsc18.htm]", minimum=0)
    payment_scheme: str = opt("japanese", "japanese (discarder pays all, dealer double, han/fu) or taiwanese (tai: "
                              "each loser pays base + tai on a self-draw, the discarder only his own share; dealer "
                              "and continued-deal bonus).", "docs/limits.md#s9-2 payment.scheme, docs/families.md#s22-1 [http://4windsmj.com/kb/help/4winpr27.htm]",
                              choices=("japanese", "taiwanese"))
    tw_dealer_bonus_tai: int = opt(1, "Taiwanese: extra tai when East wins or East deals in.", "docs/families.md#s22-2 [docs/sources.md#seed-tw section 4.2]",
                                   minimum=0)
    tw_continuation_bonus_per_extra_hand: int = opt(2, "Taiwanese: tai per extra hand (`honba` counts extra hands).",
                                                    "docs/families.md#s22-2 [docs/sources.md#seed-tw section 4.3]", minimum=0)
    tw_dealer_pays_bonus_on_nondealer_tsumo: bool = opt(True, "Taiwanese: East also pays the bonus tai when a "
                                                        "non-dealer self-draws.", "docs/families.md#s22-2, docs/presets.md#s23-22 [http://4windsmj.com/kb/help/4winpr27.htm]")
    tw_dealer_pays_bonus_when_dealing_in: bool = opt(True, "Taiwanese: East pays the bonus tai when he discards "
                                                     "the winning tile.", "docs/families.md#s22-2 [docs/sources.md#seed-tw section 4.2]")
    tw_draw_keeps_continuation: bool = opt(True, "Taiwanese: a draw does not break the run of continued deals. "
                                           "an open question ('?', docs/presets.md#open-questions): true, since the deal does not pass on a draw.",
                                           "docs/families.md#s22-2, docs/presets.md#s23-22 [docs/sources.md#seed-tw section 4.3]")
    tw_draw_increments_counter: bool = opt(True, "Taiwanese: a draw adds one continued deal. an open question ('?', docs/presets.md#open-questions): true, the "
                                           "next deal is the same dealer's next continued deal.",
                                           "docs/families.md#s22-2, docs/presets.md#s23-22 [docs/sources.md#seed-tw section 4.3]")
    tw_stake_base: int = opt(300, "Taiwanese: points per payer for any win (the agreed stake; the rules reference (docs/README.md)' illustrative "
                             "300).", "docs/families.md#s22-2 tw.stake", minimum=0)
    tw_stake_per_tai: int = opt(100, "Taiwanese: points per tai and payer (the rules reference (docs/README.md)' illustrative 100).",
                                "docs/families.md#s22-2 tw.stake", minimum=0)
    final_return_points: int = opt(30000, "End points (return points) subtracted from every total. an open question ('?', docs/presets.md#open-questions): "
                                   "30,000, the seed's example.", "docs/end-of-game.md#s21-2 final.return_points [docs/sources.md#seed-jm section 4.10]",
                                   minimum=0)
    final_oka_to_top: bool = opt(True, "The top player gets minus the sum of the others' results (the seed's end "
                                 "points; with 25,000 start and 30,000 return this is the riichi oka).",
                                 "docs/end-of-game.md#s21-2 final.oka_to_top [docs/sources.md#seed-jm section 4.10]")
    final_uma: tuple = opt((0, 0, 0, 0), "Prizes (uma) in points for 1st-4th (1st-3rd with three players: one "
                           "per player); need not sum to zero. an open question ('?', docs/presets.md#open-questions): none, the seed calls prizes optional.",
                           "docs/end-of-game.md#s21-2 final.uma [docs/sources.md#seed-jm section 4.11]", lengths=(3, 4))
    final_tie_mode: str = opt("share", "Equal totals: share (tied players share their places' prizes and the top "
                              "amount) or seat_order (the earlier starting seat ranks higher).",
                              "docs/end-of-game.md#s21-2 final.tie_mode, docs/presets.md#s23-23 [docs/sources.md#seed-jm section 4.10-4.11]", choices=("share", "seat_order"))
    final_rounding: str = opt("none", "Rounding of each (points - return) to thousands: none, nearest (half away "
                              "from zero) or five_down_six_up; score_nearest rounds the player's score itself to "
                              "thousands, a hundreds digit of 5 away from zero, before the return points are "
                              "taken off (Tenhou: 20,500 -> -9, -500 -> -31). The top player absorbs the "
                              "difference. an open question ('?', docs/presets.md#open-questions): none, the seed's examples.",
                              "docs/end-of-game.md#s21-2 final.round_to_thousand, docs/presets.md#s23-23; score_nearest: docs/sources.md#tenhou-games README (Tenhou's "
                              "end points, checked on 1,583 games)",
                              choices=("none", "nearest", "five_down_six_up", "score_nearest"))
    final_unit: str = opt("points", "Unit of `final`: points, or thousands (riichi tournament results).",
                          "docs/end-of-game.md#s21-1 [docs/sources.md#ext-19]", choices=("points", "thousands"))

    # --- whole games (POST /v1/games) ---
    game_start_points: int = opt(25000, "Points each player starts the game with (API.md's start_points): "
                                 "/v1/games uses it where the record does not say (the `outcomes` format), and "
                                 "/v1/final checks that the final scores plus the leftover sticks add up to the "
                                 "players' starting total (note total_differs_from_start when not).", "docs/end-of-game.md#s21-2 final.start_points [docs/sources.md#seed-jm section 4.10]",
                                 minimum=0)
    game_length: str = opt("east_south", "Rounds a game is scheduled for: east_only (four deals and their "
                           "repeats) or east_south (eight). A Tenhou record's own GO flag sets it when the request "
                           "does not.", "docs/sources.md#tenhou-games README (GO type bit 0x08)",
                           choices=("east_only", "east_south"))
    game_extension: str = opt("none", "After the last scheduled deal: none (the game ends when the deal passes) "
                              "or until_target (one more round is played while nobody has game_target_points, "
                              "ending after the first deal that leaves somebody there: Tenhou's South / West "
                              "round).", "docs/sources.md#tenhou-games games.jsonl.gz (Tenhou, 803 games)",
                              choices=("none", "until_target"))
    game_target_points: int = opt(30000, "The points that end an extended game (game_extension) and that the "
                                  "all-last dealer needs to stop (all_last_dealer_stop).",
                                  "docs/sources.md#tenhou-games games.jsonl.gz (Tenhou: 30,000)", minimum=0)
    all_last_dealer_stop: str = opt("none", "When the dealer of the last deal (or of an extension round) keeps "
                                    "the deal by a win or a ready hand: none (play goes on) or if_top (the game "
                                    "ends when he is then first, ties to the lower starting seat, with at least "
                                    "game_target_points: Tenhou's automatic stop). An abortive draw never stops "
                                    "the game.", "docs/sources.md#tenhou-games games.jsonl.gz (Tenhou, 803 games)",
                                    choices=("none", "if_top"))
    game_end_on_bust: bool = opt(True, "The game ends after a deal that leaves a player below zero.",
                                 "docs/sources.md#tenhou-games games.jsonl.gz (Tenhou)")
