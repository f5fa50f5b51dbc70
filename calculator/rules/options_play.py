"""Rule options of ready declarations (riichi, obligatory, French, Italian) and kuikae (docs/declarations.md#s4, docs/declarations.md#s5, docs/declarations.md#s20).
Part of the option registry (calculator.rules.options)."""
from __future__ import annotations

from dataclasses import dataclass

from calculator.rules.option import opt


@dataclass(frozen=True)
class PlayOptions:
    """Ready declarations and kuikae."""
    # --- ready declarations and kuikae (docs/declarations.md#s4, docs/declarations.md#s5, docs/declarations.md#s20) ---
    ready_mode: str = opt("voluntary_riichi", "Which ready declaration the rules use: none; obligatory (a win needs "
                          "an announcement made on an earlier turn, European); voluntary_riichi (Japanese riichi; "
                          "this is the rules reference (docs/README.md) riichi.enabled = true); voluntary_french (any ready hand, open or concealed, "
                          "then frozen except wait-keeping kongs); voluntary_italian (one kind of winning tile, "
                          "enough wall tiles, then frozen).", "docs/declarations.md#s5-2 ready.mode, docs/declarations.md#s4-8 riichi.enabled "
                          "[docs/sources.md#seed-jm section 4.1][docs/sources.md#seed-eu section 4.1-4.2]",
                          choices=("none", "obligatory", "voluntary_riichi", "voluntary_french", "voluntary_italian"))
    riichi_validate_declaration: bool = opt(True, "Four Winds 'Validate the declaration' (voluntary modes): a "
                                            "declaration on a hand that is not ready, below the checked minimum "
                                            "or sacred where forbidden is cancelled without penalty, and after it "
                                            "the rules are enforced (a forbidden win is refused). Off: the "
                                            "declaration stands and the player pays later (faulty out on a win, "
                                            "the faulty-ready penalty at a draw); this is also the 'out penalties' "
                                            "column of the after-declaration table.",
                                            "docs/declarations.md#s4-6, docs/declarations.md#s4-8 riichi.validate_declaration [docs/sources.md#seed-ri]")
    riichi_min_wall_tiles: int = opt(4, "Live-wall tiles that must remain to declare riichi. Four Winds' '?' (its "
                                     "generic violation table names an '8 tiles rule', the Japanese Modern table "
                                     "only the concealed hand): 4, the riichi standard (the declarer still gets a "
                                     "draw).", "docs/declarations.md#s4-1 P2, docs/declarations.md#s4-8 riichi.min_wall_tiles [docs/sources.md#seed-ri][docs/sources.md#ext-8]", minimum=0)
    riichi_min_points: int = opt(0, "Points a player needs to declare riichi (0 = no minimum). Four Winds' 'null?': "
                                 "0.", "docs/declarations.md#s4-1 P3, docs/declarations.md#s4-8 riichi.min_points [docs/sources.md#ext-8]", minimum=0)
    riichi_allow_when_sacred: bool = opt(True, "A hand with a winning tile among its own discards may declare "
                                         "riichi and then win only self-drawn (Ari-Ari). False (Nashi-Nashi): such "
                                         "a declaration is a violation, cancelled when validated.",
                                         "docs/furiten.md#s3-10, docs/declarations.md#s4-1 P6, docs/declarations.md#s4-8 riichi.allow_when_sacred [http://www.4windsmj.com/kb/rules/japanese_modern/rules00.htm][docs/sources.md#seed-jm section 4.3]")
    riichi_check_minimum_points: bool = opt(False, "'Check hand against minimum points': a declaration on a hand "
                                            "that cannot reach the minimum score on any wait is a violation.",
                                            "docs/declarations.md#s4-1 P5 [docs/sources.md#seed-ri]")
    riichi_ankan_after: str = opt("if_waits_unchanged", "Concealed kong after riichi: forbidden, "
                                  "if_waits_unchanged, or if_waits_and_reading_unchanged (the three tiles are a "
                                  "pung in every reading, EMA 2008/2012 wording). Four Winds' '?': "
                                  "if_waits_unchanged, as every other listed profile.",
                                  "docs/declarations.md#s4-2 A2, docs/declarations.md#s4-8 riichi.ankan_after, docs/presets.md#s23-6 [docs/sources.md#ext-8][docs/sources.md#ext-2]",
                                  choices=("forbidden", "if_waits_unchanged", "if_waits_and_reading_unchanged"))
    double_riichi_no_calls: bool = opt(True, "'Ready on first turn' (double riichi, Four Winds' 'No melds'): a "
                                       "declaration on the player's first discard counts as one only if nobody made a "
                                       "call (chi, pon or kong, concealed kongs included) before it. False: any "
                                       "declaration on one's first discard counts. the rules reference (docs/README.md)' definition; Four Winds "
                                       "makes it an option, whose value it does not give ('?'): true, as every "
                                       "other profile.", "docs/declarations.md#s4-4, docs/declarations.md#s4-8 riichi.double_riichi_han [http://www.4windsmj.com/kb/help/4winrd04.htm][docs/sources.md#ext-11]")
    double_riichi_lost_if_changed: bool = opt(False, "A first-turn declaration pays only as a riichi once the hand "
                                              "is changed after it (a kong made after the declaration; Four Winds' "
                                              "'Ready on first turn' then pays nothing). False: the riichi standard, "
                                              "a kong that keeps the waits keeps the double riichi.",
                                              "docs/declarations.md#s4-4 [http://www.4windsmj.com/kb/help/4winrd04.htm][docs/sources.md#ext-8]")
    riichi_faulty_ready_penalty: str = opt("as_faulty_out", "What a faulty ready declaration costs at an exhaustive "
                                           "draw: none; chombo (riichi standard: the penalty_chombo payment, the "
                                           "deal is void and replayed, no ready payments); as_faulty_out (the "
                                           "seed's 'normally': the offender pays the faulty-out penalty, "
                                           "penalty_chombo, and the deal still ends as a draw, the offender counting "
                                           "as not ready); fixed (riichi_faulty_ready_amount taken out of the game, "
                                           "the draw settled likewise).",
                                           "docs/declarations.md#s4-6-docs/declarations.md#s4-7, docs/declarations.md#s4-8 riichi.faulty_ready_penalty, docs/presets.md#s23-7 [docs/sources.md#seed-jm section 4.1.6]",
                                           choices=("none", "chombo", "as_faulty_out", "fixed"))
    riichi_faulty_ready_amount: int = opt(0, "Points taken from the offender when riichi_faulty_ready_penalty is "
                                          "fixed (Italian: 1,000).", "docs/declarations.md#s4-7, docs/declarations.md#s5-2 ready.italian.faulty_penalty "
                                          "[docs/sources.md#seed-eu section 4.2.2]", minimum=0)
    ready_obligatory_same_turn_win_allowed: bool = opt(False, "Obligatory ready: a player may announce and win in "
                                                       "the same turn (the first-turn complete dealt hand may "
                                                       "always).", "docs/declarations.md#s5-2 ready.obligatory.same_turn_win_allowed "
                                                       "[docs/sources.md#seed-eu section 4.1]")
    ready_obligatory_validate: bool = opt(False, "Obligatory ready: the announcement is checked (no bluff possible). "
                                          "an open question ('?', docs/presets.md#open-questions): false, the seed says bluffing usually cannot be prevented.",
                                          "docs/declarations.md#s5-2 ready.obligatory.validate [docs/sources.md#seed-eu section 4.1][http://www.4windsmj.com/kb/help/4winrd01.htm]")
    ready_obligatory_hand_may_change: bool = opt(True, "Obligatory ready: the hand may still be changed after "
                                                 "the announcement (the seed's 'usually'), so an unvalidated bluff is "
                                                 "no offence and no after-declaration rule applies. False: the "
                                                 "announced hand is locked as a voluntary declaration is (kongs only "
                                                 "if the waits stay, the after-declaration table of docs/declarations.md#s4-6 applies).",
                                                 "docs/declarations.md#s5-1 [docs/sources.md#seed-eu section 4.1]")
    ready_french_failed_scores_bonus_tiles_only: bool = opt(True, "French: a declarer who does not win scores only "
                                                            "his Flowers and Seasons.",
                                                            "docs/declarations.md#s5-2 ready.french.failed_scores_bonus_tiles_only "
                                                            "[docs/sources.md#seed-eu section 4.2.1]")
    ready_italian_min_wall_tiles: int = opt(8, "Italian: wall tiles that must remain to declare.",
                                            "docs/declarations.md#s5-2 ready.italian.min_wall_tiles [docs/sources.md#seed-eu section 4.2.2]", minimum=0)
    ready_italian_single_wait_only: bool = opt(True, "Italian: the declared hand must wait on one tile kind only.",
                                               "docs/declarations.md#s5-2 ready.italian.single_wait_only [docs/sources.md#seed-eu section 4.2.2]")
    ready_bonus_doubles: int = opt(1, "French and Italian: extra doubles for winning a declared hand (Japanese "
                                   "riichi han are scoring options).", "docs/declarations.md#s5-2 ready.bonus_doubles [docs/sources.md#seed-eu section 4.2]",
                                   minimum=0)
    kuikae_mode: str = opt("allowed", "Swap-calling right after a chi or pon: allowed, same_tile_forbidden (no "
                           "copy of the claimed tile), same_and_other_side_forbidden (nor, after a chi on an end, "
                           "the tile three ranks away). Four Winds' '?': allowed, the seed calls the rule rare and "
                           "advises against it in modern pattern-based play.",
                           "docs/declarations.md#s20-2 kuikae.mode [docs/sources.md#seed-jm section 4.8][https://4windsmj.com/kb/help/4wincl07.htm]",
                           choices=("allowed", "same_tile_forbidden", "same_and_other_side_forbidden"))
    kuikae_no_legal_discard: str = opt("cancel_claim_with_penalty", "When kuikae leaves no legal discard: "
                                       "cancel_claim_with_penalty (Four Winds: the claim is cancelled and the "
                                       "false-claim penalty applies) or call_not_offered (the call is not allowed).",
                                       "docs/declarations.md#s20-2 kuikae.no_legal_discard, docs/penalties.md#s17-2, docs/presets.md#s23-19 [https://4windsmj.com/kb/help/4wincl07.htm]",
                                       choices=("cancel_claim_with_penalty", "call_not_offered"))

    # --- three players: the live wall (docs/sanma.md#tenhou-rules rule 14) ---
    live_wall: int = opt(70, "Draws from the live wall in a deal (four players: 136 - 14 dead wall - 52 dealt = "
                         "70; three players: 108 - 14 - 39 = 55), replacement draws after kans and kita "
                         "included: haitei is the draw that exhausts it; bounds `tiles_left`.",
                         "docs/sanma.md#tenhou-rules rule 14", minimum=1)
