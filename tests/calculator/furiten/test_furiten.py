"""Furiten engine: RULES.md §3.5 verdict table, the seed examples, missed discard (§2.3), riichi options."""
import json
import os
from dataclasses import replace

import pytest

from calculator.core.errors import InvalidHand
from calculator.furiten.permission import (MISSED_TRIGGERS, VARIANTS, Discard, History, analyse, completers,
                                           furiten_status, win_permission)
from calculator.core.hand import Hand, Meld
from calculator.core.notation import format_tiles, parse_tiles
from calculator.rules import Rules, preset_rules
from calculator.readings.ready import groups_needed
from calculator.readings.decompose import win_readings
from calculator.core.tiles import kind, name
from tests.paths import CASES as CASES_DIR
from tests.budget import examples

with open(os.path.join(CASES_DIR, "furiten_verdicts.json"), encoding="utf-8") as f:
    CASES = json.load(f)
HANDS = CASES["hands"]


def tiles(text: str) -> tuple[int, ...]:
    codes, issues = parse_tiles(text.replace(" ", ""))
    assert not issues
    return codes


def tile(text: str) -> int:
    (code,) = tiles(text)
    return code


def hand(text: str, melds=()) -> Hand:
    return Hand(tiles(text), tuple(melds))


def history(discards="", missed="", after_riichi="", riichi="none", riichi_at=None, declared=None) -> History:
    river = tuple(Discard(t, riichi=(i == riichi_at)) for i, t in enumerate(tiles(discards)))
    return History(river, tiles(missed), tiles(after_riichi), riichi, declared)


def rules(preset="japanese_modern", **options) -> Rules:
    return replace(preset_rules(preset), **options)


def names(kinds) -> list[str]:
    return [name(k) for k in kinds]


def expected(cell: str, waits: list[str]) -> dict[str, bool]:
    """A §3.5 cell ("1s✗ 4s✓ 7s✓", "all ✗", "5p✗ others ✓", "✓") as {wait: ron allowed}."""
    out = {}
    default = None
    for token in cell.replace("all ", "all").replace("both ", "both").replace("others ", "others").split():
        mark = token[-1]
        assert mark in "✓✗", cell
        label = token[:-1]
        if label in ("", "all", "both", "others"):
            default = mark == "✓"
        else:
            out[label] = mark == "✓"
    for w in waits:
        out.setdefault(w, default)
    assert None not in out.values() and set(out) == set(waits), cell
    return out


VERDICTS = [pytest.param(case, hid, river, variant, cell, id=f"{case}-{hid}-{variant}")
            for case, hid, river, *cells in CASES["cases"] for variant, cell in zip(VARIANTS, cells)]


def test_the_verdict_table_has_80_verdicts():
    assert len(VERDICTS) == 80


@pytest.mark.parametrize("case, hid, river, variant, cell", VERDICTS)
def test_rules_3_5_verdict_table(case, hid, river, variant, cell):
    result = furiten_status(hand(HANDS[hid]), history(river), rules(sacred_discard_variant=variant))
    waits = CASES["waits"][hid].split()
    assert names(result.waits) == sorted(waits, key=lambda t: kind(tile(t)))
    v = next(v for v in result.variants if v.name == variant)
    got = {**{t: True for t in names(v.ron_allowed)}, **{t: False for t in names(v.ron_blocked)}}
    assert got == expected(cell, waits)
    assert v.furiten == (False in got.values())
    # the verdict under this variant (no missed tiles, no riichi) is the variant, and tsumo is always free
    verdict = {name(t.tile): t for t in result.verdict.tiles}
    assert {t: verdict[t].ron for t in waits} == got
    assert all(verdict[t].tsumo for t in waits)
    assert all(verdict[t].reasons == (() if got[t] else ("sacred_discard",)) for t in waits)


@pytest.mark.parametrize("hid", list(CASES["partials"]) + list(CASES["partials_include"]))
def test_rules_3_4_partials_per_wait(hid):
    infos = {name(i.tile): i for i in analyse(hand(HANDS[hid]), Rules())}
    exact = hid in CASES["partials"]
    for wait, partials in (CASES["partials"].get(hid) or CASES["partials_include"][hid]).items():
        got = {format_tiles(p.tiles) for p in infos[wait].partials}
        assert got == set(partials) if exact else got >= set(partials), wait


# --- the seed examples (SEED-SD), word for word ---

def test_seed_1_4_7_with_bamboo_1_discarded_allows_4_only_with_5_and_6():
    # "has discarded Bamboo 1 ... he may not go out on a claimed Bamboo 1, but going out by claiming a
    # Bamboo 4 is allowed (provided ... the winning tile is used with the tiles 5 and 6 and not with 2 and 3)"
    h, hist, r = hand(HANDS["H1"]), history("1s"), rules(sacred_discard_variant="one_four_seven")
    assert not win_permission(h, tile("1s"), hist, r, "ron").allowed
    four = win_permission(h, tile("4s"), hist, r, "ron")
    assert four.allowed and four.readings
    assert {(format_tiles(w.partial), w.wait) for w in four.readings} == {("56s", "ryanmen")}
    # without the 'show the permitted reading' rule any reading may be scored
    r_any = replace(r, one_four_seven_scoring="any_decomposition")
    assert win_permission(h, tile("4s"), hist, r_any, "ron").readings is None


def test_seed_1_4_7_with_bamboo_4_discarded_bars_every_discard_but_not_self_draw():
    # "he may not claim any of the possible three winning tiles Bamboo 1, 4 or 7 from another player,
    # but is forced to go out on a self-drawn tile"
    h, hist, r = hand(HANDS["H1"]), history("4s"), rules(sacred_discard_variant="one_four_seven")
    for t in ("1s", "4s", "7s"):
        ron = win_permission(h, tile(t), hist, r, "ron")
        assert (ron.allowed, ron.reasons) == (False, ("sacred_discard",)), t
        assert not ron.readings, t   # no reading is left to score
        tsumo = win_permission(h, tile(t), hist, r, "tsumo")
        assert (tsumo.allowed, tsumo.reasons, tsumo.readings) == (True, (), None), t
    # "Bamboo 4 ... makes both Bamboo 3 and 5 sacred as it could be used either in a Chow 2-3-4 or 4-5-6":
    # 1s needs the serial pair 2-3, 7s the serial pair 5-6, and a discarded 4s completes both
    partials = {name(i.tile): {format_tiles(p.tiles) for p in i.partials} for i in analyse(h, r)}
    assert partials == {"1s": {"23s"}, "4s": {"23s", "56s"}, "7s": {"56s"}}
    assert tile("4s") in completers(tiles("23s")) & completers(tiles("56s"))
    result = furiten_status(h, hist, r)
    v147 = next(v for v in result.variants if v.name == "one_four_seven")
    assert (names(v147.ron_allowed), names(v147.ron_blocked), v147.partials) == ([], ["1s", "4s", "7s"], ())
    assert [(name(t.tile), t.ron, t.tsumo) for t in result.verdict.tiles] == [
        ("1s", False, True), ("4s", False, True), ("7s", False, True)]
    # the extended variant, which 1-4-7 "further extends", bars the discarded 4s alone
    extended = next(v for v in result.variants if v.name == "extended")
    assert (names(extended.ron_allowed), names(extended.ron_blocked)) == (["1s", "7s"], ["4s"])


@pytest.mark.parametrize("discarded", ["2s", "5s"])
def test_seed_absolute_bamboo_2_or_5_discarded_bars_even_east(discarded):
    # "Bamboo 3, 4, three Bamboo 5's, and a pair of East ... discarded Bamboo 2 or 5, he may not claim any
    # winning tile ... even if he could complete the hand with another set (e.g., East)"
    h = hand(HANDS["H2"])
    result = furiten_status(h, history(discarded), preset_rules("japanese_modern"))
    assert result.verdict.variant == "absolute"
    assert {name(t.tile): (t.ron, t.tsumo) for t in result.verdict.tiles} == {
        "2s": (False, True), "5s": (False, True), "1z": (False, True)}


def test_seed_absolute_counts_a_tile_discarded_before_the_hand_took_its_shape():
    # "... or if he has discarded the tile before having the other tiles needed (what matters is the
    # current state of the hand)": case N's early 3p still bars every ron
    result = furiten_status(hand(HANDS["H7"]), history("3p 1z 2m 9s"), Rules())
    assert not any(t.ron for t in result.verdict.tiles)


# --- missed discard (RULES.md §2.3), player S holding H1 ---

MODES = ["none", "identical_ron", "identical_incl_tsumo", "any_ron", "any_incl_tsumo"]


@pytest.mark.parametrize("mode, ron_1s, ron_4s, tsumo_1s, tsumo_4s", [
    pytest.param("none", True, True, True, True, id="none"),
    pytest.param("identical_ron", False, True, True, True, id="identical_ron-four-winds-jm"),
    pytest.param("identical_incl_tsumo", False, True, False, True, id="identical_incl_tsumo-taiwanese"),
    pytest.param("any_ron", False, False, True, True, id="any_ron-riichi-standard"),
    pytest.param("any_incl_tsumo", False, False, False, False, id="any_incl_tsumo-four-winds-absolute"),
])
def test_rules_2_3_examples_1_to_3(mode, ron_1s, ron_4s, tsumo_1s, tsumo_4s):
    # W discards 1s, S passes; then N discards 1s (ex. 1) or 4s (ex. 2), or S draws 1s (ex. 3)
    h, hist, r = hand(HANDS["H1"]), history("9m", missed="1s"), rules(missed_discard_mode=mode)
    assert win_permission(h, tile("1s"), hist, r, "ron").allowed is ron_1s
    assert win_permission(h, tile("4s"), hist, r, "ron").allowed is ron_4s
    assert win_permission(h, tile("1s"), hist, r, "tsumo").allowed is tsumo_1s
    assert win_permission(h, tile("4s"), hist, r, "tsumo").allowed is tsumo_4s
    result = furiten_status(h, hist, r)
    assert result.temporary.furiten is (mode != "none")
    assert names(result.temporary.tiles) == ["1s"]
    verdict = {name(t.tile): t for t in result.verdict.tiles}
    assert (verdict["1s"].ron, verdict["4s"].ron, verdict["1s"].tsumo, verdict["4s"].tsumo) == (
        ron_1s, ron_4s, tsumo_1s, tsumo_4s)
    assert ("missed_discard" in verdict["1s"].reasons) is (mode != "none")


def test_missed_discard_ends_with_own_discard():
    # the client sends only tiles passed since the last own discard: after S discards, nothing binds
    h = hand(HANDS["H1"])
    assert win_permission(h, tile("1s"), history("9m 2p"), preset_rules("tenhou"), "ron").allowed


def test_passed_tiles_that_are_not_waits_bind_nothing():
    result = furiten_status(hand(HANDS["H1"]), history("9m", missed="2s 3s 5z"), preset_rules("tenhou"))
    assert not result.temporary.furiten and all(t.ron for t in result.verdict.tiles)


@pytest.mark.parametrize("preset, mode", [
    ("japanese_modern", "identical_ron"), ("japanese_transitional", "identical_ron"), ("tenhou", "any_ron"),
    ("mahjong_soul", "any_ron"), ("ema", "any_ron"), ("wrc", "any_ron"), ("taiwanese_16", "identical_incl_tsumo")])
def test_preset_missed_discard_modes(preset, mode):
    assert preset_rules(preset).missed_discard_mode == mode


@pytest.mark.parametrize("preset, variant", [
    ("japanese_modern", "absolute"), ("japanese_transitional", "traditional"), ("tenhou", "absolute"),
    ("mahjong_soul", "absolute"), ("ema", "absolute"), ("wrc", "absolute"), ("taiwanese_16", "none")])
def test_preset_sacred_discard_variants(preset, variant):
    assert preset_rules(preset).sacred_discard_variant == variant


def test_rules_22_3_taiwanese_missed_tile_drawn_from_the_wall():
    # S waits on 3s (16-tile hand), passes W's 3s, then draws 3s before discarding: he may not go out on it
    h, r = hand("123m456m789p12s567s55z"), preset_rules("taiwanese_16")
    hist = history("9m", missed="3s")
    result = furiten_status(h, hist, r)
    assert names(result.waits) == ["3s"]
    assert not win_permission(h, tile("3s"), hist, r, "tsumo").allowed
    assert not win_permission(h, tile("3s"), hist, r, "ron").allowed
    assert win_permission(h, tile("3s"), history("9m"), r, "tsumo").allowed


# --- riichi (RULES.md §2.3 example 4, §4.3) ---

def riichi_case(**options):
    # S in riichi on H1 passed W's 7s; S has discarded since; later N discards 4s
    h = hand(HANDS["H1"])
    hist = history("9m 2p 8p", after_riichi="7s 3m", riichi="riichi", riichi_at=1)
    return h, hist, rules(**options)


def test_rules_2_3_example_4_riichi_furiten_bars_ron_not_tsumo():
    h, hist, r = riichi_case()
    ron = win_permission(h, tile("4s"), hist, r, "ron")
    assert not ron.allowed and ron.reasons == ("riichi_furiten",)
    assert win_permission(h, tile("4s"), hist, r, "tsumo").allowed
    result = furiten_status(h, hist, r)
    assert result.riichi_furiten.furiten and names(result.riichi_furiten.tiles) == ["7s"]


def test_riichi_furiten_off_without_first_discard_required():
    h, hist, r = riichi_case(riichi_first_discard_required=False)
    assert win_permission(h, tile("4s"), hist, r, "ron").allowed
    assert not furiten_status(h, hist, r).riichi_furiten.furiten


def test_riichi_furiten_needs_a_riichi():
    h = hand(HANDS["H1"])
    assert furiten_status(h, history("9m 2p 8p"), Rules()).riichi_furiten == furiten_status(
        h, history("9m"), Rules()).riichi_furiten
    assert not furiten_status(h, history("9m 2p 8p"), Rules()).riichi_furiten.furiten


@pytest.mark.parametrize("win_by", ["ron", "tsumo"])
def test_hand_dead_option_blocks_ron_and_tsumo(win_by):
    h, hist, r = riichi_case(riichi_missed_tile_kills_hand=True)
    got = win_permission(h, tile("4s"), hist, r, win_by)
    assert not got.allowed and "dead_hand" in got.reasons


def test_hand_dead_option_with_a_winning_tile_in_the_river():
    h, r = hand(HANDS["H1"]), rules(riichi_missed_tile_kills_hand=True)
    hist = history("4s 9m 2p", riichi="riichi", riichi_at=1)
    assert win_permission(h, tile("1s"), hist, r, "tsumo").reasons == ("dead_hand",)
    # a hand that is not in riichi is judged by the sacred-discard variant alone (§3.10)
    calm = history("4s 9m 2p")
    assert win_permission(h, tile("1s"), calm, r, "tsumo").allowed


def test_first_selfdraw_required_kills_a_hand_that_throws_a_winning_tile_after_riichi():
    h, r = hand(HANDS["H1"]), rules(riichi_first_selfdraw_required=True)
    thrown = history("9m 2p 7s", riichi="riichi", riichi_at=1)
    assert win_permission(h, tile("1s"), thrown, r, "tsumo").reasons == ("dead_hand",)
    before = history("7s 2p 9m", riichi="riichi", riichi_at=1)   # the winning tile went before the riichi
    assert win_permission(h, tile("1s"), before, r, "tsumo").allowed
    assert win_permission(h, tile("1s"), thrown, rules(), "tsumo").allowed


# --- chankan, declaration ---

@pytest.mark.parametrize("applies, allowed", [(True, False), (False, True)])
def test_robbing_a_kan_and_sacred_discard(applies, allowed):
    h, hist = hand(HANDS["H1"]), history("1s")
    r = rules(sacred_discard_applies_to_chankan=applies)
    assert win_permission(h, tile("4s"), hist, r, "chankan").allowed is allowed
    assert not win_permission(h, tile("4s"), hist, r, "ron").allowed


def test_robbing_a_kan_is_a_ron_for_missed_discard_either_way():
    h, hist = hand(HANDS["H1"]), history("9m", missed="4s")
    r = rules(sacred_discard_applies_to_chankan=False)
    assert win_permission(h, tile("4s"), hist, r, "chankan").reasons == ("missed_discard",)


@pytest.mark.parametrize("scope, discards, at, allowed", [
    pytest.param("whole_deal", "4s 9m", 0, True, id="covers-the-marked-discard"),
    pytest.param("whole_deal", "9m 2p 4s", 0, True, id="whole-deal-covers-later-discards"),
    pytest.param("declared_discards", "9m 2p 4s", 0, False, id="later-discards-restrict-again"),
    pytest.param("declared_discards", "4s 2p 9m", 1, True, id="earlier-discards-covered"),
])
def test_sacred_declaration(scope, discards, at, allowed):
    h = hand(HANDS["H1"])
    r = rules(sacred_discard_declaration=True, sacred_declaration_scope=scope)
    assert win_permission(h, tile("1s"), history(discards, declared=at), r, "ron").allowed is allowed
    result = furiten_status(h, history(discards, declared=at), r)
    assert all(v.furiten is not allowed for v in result.variants if v.name != "traditional")


@pytest.mark.parametrize("hist, options, code", [
    pytest.param(history("4s", declared=0), {}, "declaration_not_allowed", id="not-allowed"),
    pytest.param(history("4s", declared=1), {"sacred_discard_declaration": True}, "declaration_out_of_range",
                 id="past-the-river"),
    pytest.param(history("4s 9m", riichi="riichi", riichi_at=0, declared=1), {"sacred_discard_declaration": True},
                 "declaration_after_riichi", id="after-riichi"),
    pytest.param(history("4s 9m", riichi_at=0), {}, "riichi_mismatch", id="riichi-discard-without-riichi"),
    pytest.param(history("4s", after_riichi="1m"), {}, "riichi_mismatch", id="passed-after-riichi-without-riichi"),
    pytest.param(History((Discard(1, riichi=True), Discard(2, riichi=True)), riichi="riichi"), {},
                 "multiple_riichi_discards", id="two-riichi-discards"),
])
def test_impossible_histories_are_refused(hist, options, code):
    with pytest.raises(InvalidHand) as err:
        furiten_status(hand(HANDS["H1"]), hist, rules(**options))
    assert code in [i.code for i in err.value.issues]
    with pytest.raises(InvalidHand):
        win_permission(hand(HANDS["H1"]), tile("1s"), hist, rules(**options), "ron")


# --- shapes: 16 tiles, melds, seven pairs, thirteen orphans ---

def test_sixteen_tile_hand_one_four_seven():
    # 16-tile H1: the 4s discard contaminates 23s and 56s as in case B
    h, r = hand("123m456m789p23456s11z"), rules("taiwanese_16", sacred_discard_variant="one_four_seven")
    result = furiten_status(h, history("4s"), r)
    assert names(result.waits) == ["1s", "4s", "7s"]
    assert {v.name: names(v.ron_blocked) for v in result.variants} == {
        "traditional": ["4s"], "extended": ["4s"], "one_four_seven": ["1s", "4s", "7s"], "absolute": ["1s", "4s", "7s"]}


def test_hand_with_melds_is_judged_on_its_concealed_part():
    melds = (Meld("chi", tiles("123m"), tile("1m"), "north"), Meld("pon", tiles("999p"), tile("9p"), "west"))
    h = hand("23456s11z", melds)
    result = furiten_status(h, history("4s"), rules(sacred_discard_variant="one_four_seven"))
    assert names(result.waits) == ["1s", "4s", "7s"]
    assert names(result.variants[2].ron_blocked) == ["1s", "4s", "7s"]
    assert names(result.variants[0].ron_blocked) == ["4s"]


@pytest.mark.parametrize("text, river, blocked", [
    pytest.param("1122m3344p5566s7z", "7z", ["7z"], id="seven-pairs-wait-discarded"),
    pytest.param("1122m3344p5566s7z", "1m 2m", [], id="seven-pairs-pair-tiles-discarded"),
    pytest.param("19m19p19s1234566z", "7z", ["7z"], id="orphans-single-wait-discarded"),
    pytest.param("19m19p19s1234566z", "6z", [], id="orphans-pair-tile-discarded"),
    pytest.param("19m19p19s1234567z", "9p", None, id="orphans-13-sided"),
])
def test_special_forms_under_one_four_seven(text, river, blocked):
    h = hand(text)
    result = furiten_status(h, history(river), rules(sacred_discard_variant="one_four_seven"))
    v147 = result.variants[2]
    assert names(v147.ron_blocked) == (blocked if blocked is not None else ["9p"])
    for t, partials in v147.partials:
        assert partials and all(p.tiles == (t,) for p in partials if p.form != "regular")


# Seven pairs and thirteen orphans under all four variants (RULES.md §3.3): the partial of a seven-pairs wait is
# the wait itself, and only the wait completes a thirteen-orphans partial. So under 1-4-7 a river tile bars a
# special-form wait only if it is that tile, unlike a regular partial that a neighbour completes.
# HYBRID 223344m55667p88s: seven pairs on 7p, and regularly 234m 234m 88s + 5566 7p: 4p (456p 567p, partial 56p)
# or 7p (567p 567p, partial 56p). A 4p in the river completes 56p: 7p stays open only as seven pairs.
SEVEN_PAIRS, HYBRID = "1122m3344p5566s7z", "223344m55667p88s"
ORPHANS_13, ORPHANS_1 = HANDS["H10"], "19m19p19s1234566z"
ALL_13 = "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z"
SPECIAL = [  # id, hand, river (oldest first), waits, blocked per variant (traditional, extended, 1-4-7, absolute)
    ("seven-pairs-wait-last", SEVEN_PAIRS, "5m 7z", "7z", ("7z", "7z", "7z", "7z")),
    ("seven-pairs-wait-then-other", SEVEN_PAIRS, "7z 5m", "7z", ("", "7z", "7z", "7z")),
    ("seven-pairs-pair-tiles-only", SEVEN_PAIRS, "1m 2m 3p", "7z", ("", "", "", "")),
    ("seven-pairs-neighbours-only", SEVEN_PAIRS, "6m 6s 7s", "7z", ("", "", "", "")),
    ("hybrid-4p-discarded", HYBRID, "4p", "4p 7p", ("4p", "4p", "4p", "4p 7p")),
    ("hybrid-7p-discarded", HYBRID, "7p", "4p 7p", ("7p", "7p", "4p 7p", "4p 7p")),
    ("hybrid-no-wait-discarded", HYBRID, "3p 8p 1z", "4p 7p", ("", "", "", "")),
    ("orphans-13-sided-wait-last", ORPHANS_13, "5s 9s", ALL_13, ("9s", "9s", "9s", ALL_13)),
    ("orphans-13-sided-wait-then-simple", ORPHANS_13, "1m 5m", ALL_13, ("", "1m", "1m", ALL_13)),
    ("orphans-13-sided-two-waits", ORPHANS_13, "2z 8p 6z", ALL_13, ("6z", "2z 6z", "2z 6z", ALL_13)),
    ("orphans-13-sided-simples-only", ORPHANS_13, "2m 8p 5s", ALL_13, ("", "", "", "")),
    ("orphans-single-wait-last", ORPHANS_1, "2m 7z", "7z", ("7z", "7z", "7z", "7z")),
    ("orphans-single-wait-then-other", ORPHANS_1, "7z 2m", "7z", ("", "7z", "7z", "7z")),
    ("orphans-single-other-orphans", ORPHANS_1, "1m 9s 6z", "7z", ("", "", "", "")),
]
SPECIAL_CASES = [pytest.param(h, river, waits, variant, blocked, id=f"{cid}-{variant}")
                 for cid, h, river, waits, cells in SPECIAL for variant, blocked in zip(VARIANTS, cells)]


@pytest.mark.parametrize("text, river, waits, variant, blocked", SPECIAL_CASES)
def test_special_forms_under_every_variant(text, river, waits, variant, blocked):
    h, hist, r = hand(text), history(river), rules(sacred_discard_variant=variant)
    result = furiten_status(h, hist, r)
    waits, blocked = waits.split(), blocked.split()
    assert names(result.waits) == waits
    v = next(v for v in result.variants if v.name == variant)
    assert (names(v.ron_blocked), names(v.ron_allowed)) == (blocked, [w for w in waits if w not in blocked])
    assert v.furiten is bool(blocked)
    for w in waits:
        ron = win_permission(h, tile(w), hist, r, "ron")
        assert (ron.allowed, ron.reasons) == ((True, ()) if w not in blocked else (False, ("sacred_discard",))), w
        assert win_permission(h, tile(w), hist, r, "tsumo").allowed, w


def test_hybrid_7p_is_open_under_1_4_7_only_through_seven_pairs():
    h, hist = hand(HYBRID), history("4p")
    r = rules(sacred_discard_variant="one_four_seven")
    perm = win_permission(h, tile("7p"), hist, r, "ron")
    assert perm.allowed and [(w.reading.form, format_tiles(w.partial)) for w in perm.readings] == [("chiitoitsu", "7p")]
    v147 = furiten_status(h, hist, r).variants[2]
    assert [(name(t), [(p.form, format_tiles(p.tiles)) for p in ps]) for t, ps in v147.partials] == [
        ("7p", [("chiitoitsu", "7p")])]
    # without the special forms only the regular readings are left, and 4p completes their 56p
    plain = replace(r, special_forms=False)
    assert not win_permission(h, tile("7p"), hist, plain, "ron").allowed
    assert names(furiten_status(h, hist, plain).variants[2].ron_blocked) == ["4p", "7p"]


def test_not_ready_hand_has_no_waits_and_no_furiten():
    result = furiten_status(hand("123m456p789s1357z"), history("1z 3z"), Rules())
    assert not result.ready and result.waits == () and not any(v.furiten for v in result.variants)
    assert win_permission(hand("123m456p789s1357z"), tile("1z"), history("1z"), Rules(), "ron").allowed


def test_red_five_in_the_river_counts_as_a_five():
    result = furiten_status(hand(HANDS["H2"]), history("0s"), rules(sacred_discard_variant="extended"))
    assert names(result.variants[1].ron_blocked) == ["5s"]


def test_completers():
    assert completers((tile("2s"), tile("3s"))) == {tile("1s"), tile("4s")}
    assert completers((tile("8m"), tile("9m"))) == {tile("7m")}
    assert completers((tile("1p"), tile("3p"))) == {tile("2p")}
    assert completers((tile("5z"), tile("5z"))) == {tile("5z")}


# --- properties (hypothesis) over random ready hands: complete hands minus one tile, regular (maybe with
# melds, maybe 16 tiles), seven pairs and thirteen orphans ---

from hypothesis import HealthCheck, given, reject, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

GROUP = st.one_of(st.tuples(st.just("seq"), st.integers(0, 2), st.integers(0, 6)),
                  st.tuples(st.just("pon"), st.integers(0, 33), st.just(0)))


def group_kinds(g) -> list[int]:
    shape, a, b = g
    return [9 * a + b + i for i in range(3)] if shape == "seq" else [a] * 3


@st.composite
def ready_positions(draw):
    """(hand, rules, river kinds): a ready hand (maybe with melds, maybe 16 tiles) and a river of 0-18 tiles."""
    sixteen = draw(st.booleans())
    n_groups = 5 if sixteen else 4
    groups = draw(st.lists(GROUP, min_size=n_groups, max_size=n_groups))
    pair = draw(st.integers(0, 33))
    counts = [0] * 34
    for k in [pair, pair] + [k for g in groups for k in group_kinds(g)]:
        counts[k] += 1
    if max(counts) > 4:
        reject()
    n_melds = draw(st.integers(0, 2))
    melds = tuple(Meld("chi" if g[0] == "seq" else "pon", tuple(group_kinds(g))) for g in groups[:n_melds])
    concealed = [pair, pair] + [k for g in groups[n_melds:] for k in group_kinds(g)]
    concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    free = [k for k in range(34) for _ in range(4 - counts[k])]
    river = draw(st.lists(st.sampled_from(free), min_size=0, max_size=18))
    base = preset_rules("taiwanese_16") if sixteen else Rules()
    return Hand(tuple(sorted(concealed)), melds), base, tuple(river)


ORPHAN_KINDS = [0, 8, 9, 17, 18, 26] + list(range(27, 34))


def _special_position(draw, complete: list[int]):
    """A complete 14-tile special hand minus one tile, and a river of 0-18 tiles from the copies left."""
    concealed = sorted(complete)
    concealed.pop(draw(st.integers(0, 13)))
    free = [k for k in range(34) for _ in range(4 - complete.count(k))]
    river = draw(st.lists(st.sampled_from(free), min_size=0, max_size=18))
    return Hand(tuple(concealed)), Rules(), tuple(river)


@st.composite
def seven_pairs_positions(draw):
    """A seven-pairs hand minus one tile (some also read regularly, e.g. 223344m55667p88s)."""
    kinds = draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True))
    return _special_position(draw, [k for k in kinds for _ in range(2)])


@st.composite
def thirteen_orphans_positions(draw):
    """A thirteen-orphans hand minus one tile: 13-sided when a tile of the pair is removed, else one wait."""
    return _special_position(draw, ORPHAN_KINDS + [draw(st.sampled_from(ORPHAN_KINDS))])


SHAPES = {"regular": ready_positions, "seven_pairs": seven_pairs_positions,
          "thirteen_orphans": thirteen_orphans_positions}


def test_special_generators_build_the_forms_they_claim():
    from hypothesis import find
    for shape, form in (("seven_pairs", "chiitoitsu"), ("thirteen_orphans", "kokushi")):
        h, r, _ = find(SHAPES[shape](), lambda pos: True)
        assert len(h.concealed) == 13 and not h.melds
        assert any(p.form == form for i in analyse(h, r) for p in i.partials), shape
    # a 13-sided orphans hand and a hybrid seven pairs both occur
    find(thirteen_orphans_positions(), lambda pos: len(analyse(pos[0], pos[1])) == 13)
    find(seven_pairs_positions(), lambda pos: any(p.form == "regular" for i in analyse(pos[0], pos[1])
                                                  for p in i.partials))


def blocked_by_variant(h, hist, r):
    result = furiten_status(h, hist, r)
    return result, {v.name: set(v.ron_blocked) for v in result.variants}


PROPERTY = settings(max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.filter_too_much])


def shape_property(**strategies):
    """A hypothesis property run once for each shape of SHAPES: the test draws its position with
    `data.draw(SHAPES[shape]())`, and gets the other strategies' values by name."""
    def wrap(test):
        return pytest.mark.parametrize("shape", SHAPES)(PROPERTY(given(data=st.data(), **strategies)(test)))
    return wrap


@shape_property()
def test_variants_are_nested(shape, data):
    h, r, river = data.draw(SHAPES[shape]())
    result, b = blocked_by_variant(h, History(tuple(Discard(k) for k in river)), r)
    assert result.ready
    assert b["traditional"] <= b["extended"] <= b["one_four_seven"] <= b["absolute"]
    assert b["extended"] <= b["absolute"]
    if all(p.form != "regular" for i in analyse(h, r) for p in i.partials):
        # a special-form partial is completed by its wait alone: 1-4-7 adds nothing to extended (§3.3)
        assert b["one_four_seven"] == b["extended"]


@shape_property()
def test_a_river_without_waits_or_completers_blocks_nothing(shape, data):
    h, r, river = data.draw(SHAPES[shape]())
    infos = analyse(h, r)
    touched = {i.tile for i in infos} | {k for i in infos for p in i.partials for k in p.completers}
    clean = tuple(Discard(k) for k in river if k not in touched)
    result, b = blocked_by_variant(h, History(clean), r)
    assert not any(b.values()) and not any(v.furiten for v in result.variants)


@shape_property(variant=st.sampled_from(VARIANTS))
def test_sacred_discard_never_blocks_tsumo(shape, data, variant):
    h, r, river = data.draw(SHAPES[shape]())
    r = replace(r, sacred_discard_variant=variant)
    hist = History(tuple(Discard(k) for k in river))
    result = furiten_status(h, hist, r)
    assert all(t.tsumo for t in result.verdict.tiles)
    for t in result.verdict.tiles:
        assert win_permission(h, t.tile, hist, r, "tsumo").allowed
        ron = win_permission(h, t.tile, hist, r, "ron")
        assert ron.allowed is t.ron and ron.reasons == t.reasons


@shape_property()
def test_one_four_seven_allowed_readings_complete_no_discarded_partial(shape, data):
    h, r, river = data.draw(SHAPES[shape]())
    r = replace(r, sacred_discard_variant="one_four_seven")
    hist = History(tuple(Discard(k) for k in river))
    result = furiten_status(h, hist, r)
    for t, partials in result.variants[2].partials:
        assert partials
        for p in partials:
            assert completers(p.tiles).isdisjoint(set(river)) and p.completers == completers(p.tiles)
        perm = win_permission(h, t, hist, r, "ron")
        assert perm.allowed
        if perm.readings is not None:
            assert perm.readings and {(w.partial, w.wait) for w in perm.readings} <= {(p.tiles, p.wait) for p in partials}


@shape_property()
def test_partials_are_those_of_every_reading(shape, data):
    # the per-hand shortcut (hand minus the partial splits) finds exactly the partials of decompose's readings
    h, r, _ = data.draw(SHAPES[shape]())
    g = groups_needed(h, r)
    for info in analyse(h, r):
        counts = h.counts()
        counts[info.tile] += 1
        wrs = win_readings(counts, info.tile, g, r.special_forms and not h.melds)
        assert {(p.form, p.tiles, p.wait) for p in info.partials} == {
            (w.reading.form, w.partial, w.wait) for w in wrs}


@pytest.mark.parametrize("text", list(HANDS.values()) + ["1122m3344p5566s7z", "19m19p19s1234566z", "1122334455667m",
                                                          "2233445566778p"])
def test_partials_match_every_reading_of_the_shared_hands(text):
    h = hand(text)
    for info in analyse(h, Rules()):
        counts = h.counts()
        counts[info.tile] += 1
        assert {(p.form, p.tiles, p.wait) for p in info.partials} == {
            (w.reading.form, w.partial, w.wait) for w in win_readings(counts, info.tile)}, name(info.tile)


def test_double_riichi_is_a_riichi_for_furiten():
    h = hand(HANDS["H1"])
    hist = history("9m 2p 8p", after_riichi="7s", riichi="double_riichi", riichi_at=0)
    assert win_permission(h, tile("4s"), hist, rules(), "ron").reasons == ("riichi_furiten",)
    assert win_permission(h, tile("4s"), hist, rules(riichi_missed_tile_kills_hand=True), "tsumo").reasons == (
        "dead_hand",)


def test_first_selfdraw_rule_needs_the_riichi_discard_marked():
    # without a marked riichi discard the engine cannot tell which discards came after the declaration
    h, r = hand(HANDS["H1"]), rules(riichi_first_selfdraw_required=True)
    assert win_permission(h, tile("1s"), history("9m 2p 7s", riichi="riichi"), r, "tsumo").allowed


@pytest.mark.parametrize("win_by", ["sideways", "RON", ""])
def test_win_by_must_be_known(win_by):
    # the only way to `invalid_win_by`: /v1/score's schema admits ron and tsumo only (tests/api/test_score_api.py)
    with pytest.raises(InvalidHand) as err:
        win_permission(hand(HANDS["H1"]), tile("1s"), History(), Rules(), win_by)
    assert [(i.code, i.field) for i in err.value.issues] == [("invalid_win_by", "win_by")]


@pytest.mark.parametrize("win_by", ["ron", "tsumo", "chankan"])
def test_every_known_win_by_is_accepted(win_by):
    assert win_permission(hand(HANDS["H1"]), tile("1s"), History(), Rules(), win_by).allowed


def test_unknown_riichi_state_is_invalid_riichi():
    # reachable only from Python: the API schemas reject the value first (tests/api/test_furiten_api.py)
    hist = History((Discard(tile("9m"), riichi=True),), riichi="maybe")
    with pytest.raises(InvalidHand) as err:
        furiten_status(hand(HANDS["H1"]), hist, Rules())
    # an unreadable riichi state is not judged against the marked discard (no riichi_mismatch)
    assert [(i.code, i.field) for i in err.value.issues] == [("invalid_riichi", "riichi")]
    with pytest.raises(InvalidHand) as err:
        win_permission(hand(HANDS["H1"]), tile("1s"), hist, Rules(), "tsumo")
    assert [i.code for i in err.value.issues] == ["invalid_riichi"]


@pytest.mark.parametrize("expires_on, tsumo_1s", [
    pytest.param("own_discard", False, id="own_discard-ban-reaches-own-draw"),
    pytest.param("own_draw_or_claim", True, id="own_draw_or_claim-taking-the-tile-ends-it"),
    pytest.param("any_call_or_own_draw", True, id="any_call_or_own_draw-taking-the-tile-ends-it"),
])
def test_missed_discard_expiry_decides_whether_the_ban_reaches_the_own_draw(expires_on, tsumo_1s):
    # RULES §2.1-§2.2, §2.3 ex. 3: S passes 1s, then draws 1s himself. A Taiwanese-style ban (identical tile,
    # self-draws too) lasting until his own discard bars the tsumo; one ending when he takes a tile does not
    h, hist = hand(HANDS["H1"]), history("9m", missed="1s")
    r = rules(missed_discard_mode="identical_incl_tsumo", missed_discard_expires_on=expires_on)
    assert win_permission(h, tile("1s"), hist, r, "tsumo").allowed is tsumo_1s
    assert not win_permission(h, tile("1s"), hist, r, "ron").allowed   # ron stays barred either way
    verdict = {name(t.tile): t for t in furiten_status(h, hist, r).verdict.tiles}
    assert verdict["1s"].tsumo is tsumo_1s and verdict["1s"].ron is False


def test_every_missed_discard_trigger_the_option_allows_is_implemented():
    assert set(MISSED_TRIGGERS) == set(Rules.__dataclass_fields__["missed_discard_trigger"].metadata["choices"])
    # structural: every passed tile that completes the hand counts, whatever the yaku; other tiles do not
    result = furiten_status(hand(HANDS["H1"]), history("9m", missed="2s 7s 5z"),
                            rules(missed_discard_trigger="structural"))
    assert names(result.temporary.tiles) == ["7s"]
