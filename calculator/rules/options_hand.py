"""Rule options of hand shape and readiness (docs/waits.md#s1) and furiten: sacred discard, missed discard and riichi
furiten (docs/furiten.md#s2, docs/furiten.md#s3, docs/declarations.md#s4-3). Part of the option registry (calculator.rules.options)."""
from __future__ import annotations

from dataclasses import dataclass

from calculator.rules.option import opt


@dataclass(frozen=True)
class HandOptions:
    """Hand shape, readiness and furiten."""
    # --- hand shape and readiness (docs/waits.md#s1) ---
    hand_size: int = opt(13, "Tiles in a hand before the draw: 13 (Japanese, European) or 16 (Taiwanese).",
                         "docs/waits.md#s1; docs/sources.md#seed-tw", choices=(13, 16))
    special_forms: bool = opt(True, "Seven pairs and thirteen orphans count as complete hands (13-tile hands only).",
                              "docs/waits.md#s1-1 [docs/sources.md#ext-6]")
    fifth_tile_wait_counts: bool = opt(False, "A wait that needs a fifth copy (all four held by the player) still "
                                       "makes the hand ready.", "docs/waits.md#s1-2 tenpai.fifth_tile_wait_counts [http://www.4windsmj.com/kb/help/4wfaqready.htm]")

    # --- furiten: sacred discard, missed discard, riichi furiten (docs/furiten.md#s2, docs/furiten.md#s3, docs/declarations.md#s4-3) ---
    sacred_discard_variant: str = opt("absolute", "Sacred discard (furiten) variant in force: none; traditional (no "
                                      "ron on a tile identical to one's last discard); extended (nor on any tile "
                                      "discarded this deal); one_four_seven (nor on a tile whose every reading "
                                      "completes a partial that some own discard completes); absolute (a wait in "
                                      "the river bars every ron).", "docs/furiten.md#s3-2 sacred_discard.variant [docs/sources.md#seed-sd][docs/sources.md#seed-jm section 4.3]",
                                      choices=("none", "traditional", "extended", "one_four_seven", "absolute"))
    sacred_discard_declaration: bool = opt(False, "A player may declare 'sacred discard' (request field "
                                           "sacred_declared_at), lifting the sacred-discard restrictions. an open question ('?', docs/presets.md#open-questions) "
                                           "for Four Winds JM: off, as in every preset page recovered.",
                                           "docs/furiten.md#s3-1, docs/furiten.md#s3-2 sacred_discard.allow_declaration [docs/sources.md#seed-sd][docs/sources.md#seed-jm section 4.3]")
    sacred_declaration_scope: str = opt("whole_deal", "What a sacred declaration lifts: whole_deal (every "
                                        "sacred-discard restriction for the rest of the deal, the seed's 'all "
                                        "restrictions ... are removed') or declared_discards (only the discards up "
                                        "to the marked one; later discards restrict again).",
                                        "docs/furiten.md#s3-1, docs/presets.md#s23-5 [docs/sources.md#seed-sd]", choices=("whole_deal", "declared_discards"))
    sacred_discard_applies_to_chankan: bool = opt(True, "Robbing a kan counts as winning on a discard for sacred "
                                                  "discard. Four Winds is silent (an open question ('?', docs/presets.md#open-questions)): true, as riichi "
                                                  "standard. Missed-discard and riichi furiten always treat a "
                                                  "robbed kan as a ron.",
                                                  "docs/furiten.md#s3-2 sacred_discard.applies_to_chankan, docs/presets.md#s23-4 [docs/sources.md#ext-1]")
    one_four_seven_scoring: str = opt("allowed_decomposition_only", "Under one_four_seven, a ron allowed only "
                                      "through some readings is scored through those readings only "
                                      "(allowed_decomposition_only, the player must show the permitted reading) "
                                      "or through any reading (any_decomposition).",
                                      "docs/furiten.md#s3-2 sacred_discard.one_four_seven_scoring, docs/presets.md#s23-3 [docs/sources.md#seed-sd]",
                                      choices=("allowed_decomposition_only", "any_decomposition"))
    missed_discard_mode: str = opt("identical_ron", "Missed discard (temporary furiten) after passing a winning "
                                   "tile, until one's next discard: none; identical_ron (no ron on an identical "
                                   "tile, Four Winds traditional); identical_incl_tsumo (nor self-drawn, "
                                   "Taiwanese); any_ron (no ron on any wait, riichi standard); any_incl_tsumo "
                                   "(no win on any wait, Four Winds absolute). Four Winds' 'absolute "
                                   "(conditional)' needs a comparison of hand values and is not offered.",
                                   "docs/furiten.md#s2-2 missed_discard.mode, docs/presets.md#s23-1 [docs/sources.md#seed-jm section 4.2][docs/sources.md#seed-tw section 4.1][https://4windsmj.com/kb/help/4wincl04.htm]",
                                   choices=("none", "identical_ron", "identical_incl_tsumo", "any_ron", "any_incl_tsumo"))
    missed_discard_trigger: str = opt("structural", "Which passed tiles count as missed: structural (any tile that "
                                      "completes the hand, yaku ignored). legal_win_only is not offered: it needs "
                                      "the winds and dora, which a furiten request does not carry (an open question ('?', docs/presets.md#open-questions), "
                                      "riichi standard is structural).", "docs/furiten.md#s2-2 missed_discard.trigger, docs/presets.md#s23-2 [docs/sources.md#ext-1]",
                                      choices=("structural",))
    missed_discard_expires_on: str = opt("own_discard", "When the missed-discard ban ends: own_discard, "
                                         "own_draw_or_claim (EMA 2016), any_call_or_own_draw (EMA 2008/2012). The "
                                         "service does not see the game, so this says which passed tiles a client "
                                         "sends in `missed` (those still binding).",
                                         "docs/furiten.md#s2-2 missed_discard.expires_on, docs/presets.md#s23-1 [docs/sources.md#seed-jm section 4.2][docs/sources.md#ext-3]",
                                         choices=("own_discard", "own_draw_or_claim", "any_call_or_own_draw"))
    riichi_first_discard_required: bool = opt(True, "'Require going out on the first possible discard': after "
                                              "passing a winning discard a riichi hand may no longer win on a "
                                              "discard (riichi furiten, from missed_after_riichi).",
                                              "docs/declarations.md#s4-3, docs/declarations.md#s4-8 riichi.first_discard_required [docs/sources.md#seed-jm section 4.1.3][http://4windsmj.com/kb/help/4winpr07.htm]")
    riichi_first_selfdraw_required: bool = opt(False, "'Require going out on the first possible self-drawn "
                                               "tile': a riichi hand that throws a winning tile after declaring "
                                               "is dead (no ron, no tsumo).",
                                               "docs/declarations.md#s4-3, docs/declarations.md#s4-8 riichi.first_selfdraw_required [docs/sources.md#seed-jm section 4.1.3]")
    riichi_missed_tile_kills_hand: bool = opt(False, "'Missed/discarded winning tile makes the hand dead': a "
                                              "riichi hand with a winning tile in its river or among the tiles it "
                                              "passed is dead (no ron, no tsumo).",
                                              "docs/furiten.md#s3-10, docs/declarations.md#s4-3, docs/declarations.md#s4-8 riichi.missed_tile_kills_hand [docs/sources.md#seed-sd][docs/sources.md#seed-ri]")

    # --- three players (docs/sanma.md#three-player; docs/sanma.md#tenhou-rules rules 1, 8) ---
    players: int = opt(4, "Players at the table: 4, or 3 (three-player mahjong: seats east, south, west; a "
                       "`north` seat anywhere is 422 no_such_seat; point changes have three keys).",
                       "docs/sanma.md#three-player; Tenhou GO type bit 0x10", choices=(3, 4))
    removed_tiles: str = opt("", "Tile kinds taken out of the set, in MPSZ (three-player: '2345678m', the 108-tile "
                             "set). Such a tile anywhere in a request is 422 tile_not_in_set, as is a red five of a "
                             "removed five; dora indicators skip them (1m -> 9m -> 1m).",
                             "docs/sanma.md#three-player; docs/sanma.md#tenhou-rules rules 1, 8", tiles=True)
    chi: bool = opt(True, "Sequences may be claimed (chi). False: a chi meld is 422 chi_not_allowed.",
                    "docs/sanma.md#three-player; docs/sanma.md#tenhou-rules rule 1")
