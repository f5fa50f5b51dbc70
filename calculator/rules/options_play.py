"""Rule options of ready declarations (riichi, obligatory, French, Italian) and kuikae (§4, §5, §20).
Part of the option registry (calculator.rules.options)."""
from __future__ import annotations

from dataclasses import dataclass

from calculator.rules.option import opt


@dataclass(frozen=True)
class PlayOptions:
    """Ready declarations and kuikae."""
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

    # --- three players: the live wall (data/README.md rule 14) ---
    live_wall: int = opt(70, "Draws from the live wall in a deal (four players: 136 - 14 dead wall - 52 dealt = "
                         "70; three players: 108 - 14 - 39 = 55), replacement draws after kans and kita "
                         "included: haitei is the draw that exhausts it; bounds `tiles_left`.",
                         "data/README.md rule 14", minimum=1)
