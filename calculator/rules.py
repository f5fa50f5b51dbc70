"""Rules and presets: every rule option as one frozen dataclass, presets as named data.

Input: a request's `rules` object, `{"preset": NAME, option: value, ...}`. Output: a Rules
value (the preset's values with the overrides applied) or the Issues that make it invalid
(`unknown_preset`, `unknown_option`, `invalid_option`). Each field documents its meaning,
allowed values and source in its metadata; RULES.md section numbers are given as "§n".
The defaults are those of the `japanese_modern` preset.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from .errors import Issue, InvalidHand


def opt(default, doc: str, source: str, choices=None, minimum=None):
    """A rule option: default, meaning, source and (for enumerations) the allowed values."""
    meta = {"doc": doc, "source": source}
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
                      choices=("none", "mangan", "mangan_cumulative", "yakuman"))
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
    ryan_shi_threshold: int = opt(5, "Ryan Shi applies when the request's `honba` is at least this.",
                                  "§10.2 ryan_shi.threshold [SEED-JM §4.5]", minimum=1)
    ryan_shi_basis: str = opt("dealer_extra_hands", "What the request's `honba` counts for Ryan Shi: "
                              "dealer_extra_hands (Four Winds text), counters (EMA 2008/2012), consecutive_draws "
                              "(Four Winds EMA preset). The count is read from `honba` in every case.",
                              "§10.2 ryan_shi.basis, §23.11",
                              choices=("dealer_extra_hands", "counters", "consecutive_draws"))
    honba_per_stick_total: int = opt(300, "Points one counter is worth: the discarder pays it all on a ron; on a "
                                     "self-draw each of the three payers pays a third (100).",
                                     "§10.2 honba.per_stick_total [SEED-JM §4.5]", minimum=0)
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
    riichi_faulty_ready_penalty: str = opt("as_faulty_out", "What a faulty ready declaration costs at an exhaustive "
                                           "draw: none, chombo, as_faulty_out (the faulty-out penalty, the seed's "
                                           "'normally'), fixed (riichi_faulty_ready_amount).",
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

@dataclass(frozen=True)
class Preset:
    name: str
    description: str
    source: str
    values: dict
    covers: str = "readiness, furiten, Japanese scoring and payments, settlement"
    scoring: bool = True   # the family's hand scoring is defined by the rule collection


PRESETS: dict[str, Preset] = {}


def preset(name: str, description: str, source: str, values: dict, **kw) -> None:
    PRESETS[name] = Preset(name, description, source, values, **kw)


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
       "continued-deal bonus.", "SEED-TW; [FW:4winpr27]", {"hand_size": 16, "special_forms": False},
       covers="16-tile readiness, furiten, dealer and continued-deal bonus settlement", scoring=False)
preset("european_classical", "Four Winds European Classical: obligatory ready and its penalties.", "SEED-EU", {},
       covers="readiness, ready declarations and penalties", scoring=False)
preset("french", "French voluntary ready declaration (European Classical variant).", "SEED-EU §4.2.1", {},
       covers="readiness, ready declarations and penalties", scoring=False)
preset("italian", "Italian voluntary ready declaration (European Classical variant).", "SEED-EU §4.2.2", {},
       covers="readiness, ready declarations and penalties", scoring=False)


def values(name: str, **kw) -> None:
    """Set option values of a preset (each rules area adds its own block below)."""
    PRESETS[name].values.update(kw)


# --- preset values per rules area (one block per area; unspecified options keep the defaults) ---

# Furiten (§2, §3, §4.3); japanese_modern keeps the defaults (absolute, identical_ron). The sacred-discard
# seed makes traditional the Transitional default (§3.1). Riichi standard: any_ron temporary furiten (§2.2).
# Taiwanese and European rules know no sacred discard (their seeds list only the missed discard, SEED-TW §4.1,
# or no claiming restriction at all, SEED-EU §4).
values("japanese_transitional", sacred_discard_variant="traditional")
values("tenhou", missed_discard_mode="any_ron")
values("mahjong_soul", missed_discard_mode="any_ron")
values("wrc", missed_discard_mode="any_ron")
values("ema", missed_discard_mode="any_ron", missed_discard_expires_on="own_draw_or_claim")
values("taiwanese_16", sacred_discard_variant="none", missed_discard_mode="identical_incl_tsumo")
for _name in ("european_classical", "french", "italian"):
    values(_name, sacred_discard_variant="none", missed_discard_mode="none")

# Japanese scoring (§6-§11, §18-§19); japanese_modern and japanese_transitional keep the defaults.
values("tenhou", red_fives=(1, 1, 1), kan_dora="closed_immediate_open_after_discard", ura_dora=True,
       kan_ura_dora=True)
values("mahjong_soul", red_fives=(1, 1, 1), kan_dora="closed_immediate_open_after_discard", ura_dora=True,
       kan_ura_dora=True, double_yakuman=("kokushi_musou_13", "suuankou_tanki", "junsei_chuuren_poutou", "daisuushii"))
values("ema", renhou="mangan", yakuman_stacking=False, max_yakuman_multiple=1, kazoe="sanbaiman",
       kan_dora="immediate", ura_dora=True, kan_ura_dora=True)
values("wrc", renhou="mangan_cumulative", yakuman_stacking=False, max_yakuman_multiple=1, kiriage_mangan=True,
       kazoe="sanbaiman", kan_dora="immediate", ura_dora=True, kan_ura_dora=True)

# Ready declarations and kuikae (§4, §5, §20); japanese_modern and japanese_transitional keep the defaults.
# Online rooms validate in software and never offer an illegal call; EMA/WRC tables police themselves (chombo).
values("tenhou", riichi_min_points=1000, riichi_faulty_ready_penalty="none",
       kuikae_mode="same_and_other_side_forbidden", kuikae_no_legal_discard="call_not_offered")
values("mahjong_soul", riichi_min_points=1000, riichi_faulty_ready_penalty="none",
       kuikae_mode="same_and_other_side_forbidden", kuikae_no_legal_discard="call_not_offered")
values("ema", riichi_validate_declaration=False, riichi_faulty_ready_penalty="chombo",
       kuikae_mode="same_and_other_side_forbidden")
values("wrc", riichi_validate_declaration=False, riichi_faulty_ready_penalty="chombo",
       kuikae_mode="same_and_other_side_forbidden")
values("taiwanese_16", ready_mode="none")
values("european_classical", ready_mode="obligatory", riichi_faulty_ready_penalty="none")
values("french", ready_mode="voluntary_french", riichi_faulty_ready_penalty="none")
values("italian", ready_mode="voluntary_italian", riichi_validate_declaration=False,
       riichi_faulty_ready_penalty="fixed", riichi_faulty_ready_amount=1000)

OPTION_FIELDS = {f.name: f for f in fields(Rules)}


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
        ok = isinstance(value, (list, tuple)) and all(isinstance(v, type(default[0]) if default else object) for v in value)
        want = "a list"
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
    return []


def preset_rules(name: str) -> Rules:
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in PRESETS[name].values.items()}
    return replace(Rules(), **values)


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
    name = payload.pop("preset", None) or DEFAULT_PRESET
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
    return name, replace(preset_rules(name), **overrides), []


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
    return out
