"""Rule options of hand shape and readiness (§1) and furiten: sacred discard, missed discard and riichi
furiten (§2, §3, §4.3). Part of the option registry (calculator.rules.options)."""
from __future__ import annotations

from dataclasses import dataclass

from calculator.rules.option import opt


@dataclass(frozen=True)
class HandOptions:
    """Hand shape, readiness and furiten."""
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

    # --- three players (API.md 'Three-player games'; data/README.md rules 1, 8) ---
    players: int = opt(4, "Players at the table: 4, or 3 (three-player mahjong: seats east, south, west; a "
                       "`north` seat anywhere is 422 no_such_seat; point changes have three keys).",
                       "API.md 'Three-player games'; Tenhou GO type bit 0x10", choices=(3, 4))
    removed_tiles: str = opt("", "Tile kinds taken out of the set, in MPSZ (three-player: '2345678m', the 108-tile "
                             "set). Such a tile anywhere in a request is 422 tile_not_in_set, as is a red five of a "
                             "removed five; dora indicators skip them (1m -> 9m -> 1m).",
                             "API.md 'Three-player games'; data/README.md rules 1, 8", tiles=True)
    chi: bool = opt(True, "Sequences may be claimed (chi). False: a chi meld is 422 chi_not_allowed.",
                    "API.md 'Three-player games'; data/README.md rule 1")
