"""Tile efficiency (calculator.readings.efficiency) against two engines and hand-worked tables.

Engines: the `mahjong` package's shanten over a tile-count array, and the project's own shanten
(calculator.readings.waits.shanten, four copies respected); each gives the ukeire by brute force
(try every draw, recount the shanten). Hands: hand-worked tables, hypothesis positions (melds, kans,
crowded kinds, 16 tiles, three-player sets) and the 14-tile moments of the real games.
"""
from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings, strategies as st

from calculator.core.hand import Hand, Meld
from calculator.core.notation import parse_tiles
from calculator.core.tiles import KIND, NUM_KINDS, counts_of, name
from calculator.furiten.permission import Discard
from calculator.furiten.sacred import mark_sacred_discards
from calculator.readings.efficiency import efficiency
from calculator.readings.ready import groups_needed
from calculator.readings.waits import shanten as project_shanten
from calculator.rules import preset_rules
from tests.budget import examples, picked
from tests.mjai_positions import DATA as MJAI, moments
from tests.random_hands import complete_hand

Oracle = pytest.importorskip("mahjong.shanten").Shanten

TENHOU, MODERN = preset_rules("tenhou"), preset_rules("japanese_modern")
TAIWAN, SANMA = preset_rules("taiwanese_16"), preset_rules("tenhou_sanma")


def tiles(text):
    return parse_tiles(text)[0]


def meld(kind, text):
    return Meld(kind, tiles(text))


# --- the two engines, by brute force -------------------------------------------------------------

def brute(hand: Hand, rules, engine: str):
    """{discard kind (None: the hand as it stands): (shanten, ukeire kinds)} by trying every draw."""
    c = hand.counts()
    in_melds = counts_of(t for m in hand.melds for t in m.tiles)
    g, special = groups_needed(hand, rules), rules.special_forms and not hand.melds
    caps = tuple(4 - n for n in in_melds)
    if engine == "mahjong":
        def sh(x):
            return Oracle.calculate_shanten(x, use_chiitoitsu=special, use_kokushi=special)
    else:
        def sh(x):
            return project_shanten(x, g, special, caps).best

    def one(x):
        s = sh(x)
        helps = []
        for k in range(NUM_KINDS):
            if x[k] + in_melds[k] >= rules.tile_copies[k]:
                continue
            x[k] += 1
            if sh(x) < s:
                helps.append(k)
            x[k] -= 1
        return s, tuple(helps)

    if sum(c) == 3 * g + 1:
        return {None: one(c)}
    out = {}
    for d in range(NUM_KINDS):
        if c[d]:
            c[d] -= 1
            out[d] = one(c)
            c[d] += 1
    return out


def ours(hand: Hand, rules):
    e = efficiency(hand, (), rules)
    if e.hand is not None:
        return {None: (e.hand.shanten, tuple(w.tile for w in e.hand.ukeire))}
    return {KIND[d.tile]: (d.shanten, tuple(w.tile for w in d.ukeire)) for d in e.discards}


def mahjong_knows(hand: Hand) -> bool:
    """The package sees only the concealed tiles: its shanten may count a copy the melds hold (a fifth), so it is
    asked only where no kind of a meld can reach four copies with one more draw."""
    in_melds, held = counts_of(t for m in hand.melds for t in m.tiles), counts_of(hand.all_codes())
    return all(not in_melds[k] or held[k] + 1 < 4 for k in range(NUM_KINDS))


def agree(hand: Hand, rules, engines=("mahjong", "project")) -> bool:
    mine = ours(hand, rules)
    return all(brute(hand, rules, engine) == mine for engine in engines
               if engine != "mahjong" or mahjong_knows(hand))


# --- hand-worked tables --------------------------------------------------------------------------

def answer(hand, melds=(), visible="", rules=TENHOU):
    return efficiency(Hand(tiles(hand), tuple(melds)), tiles(visible), rules)


def waits_of(choice):
    return [(name(w.tile), w.remaining) for w in choice.ukeire]


def by_tile(e):
    return {name(d.tile): d for d in e.discards}


@pytest.mark.parametrize("hand, melds, visible, discard, shanten, waits", [
    pytest.param("123m456p789s2345s9m", (), "", "9m", 0, [("2s", 3), ("5s", 3)], id="nobetan-after-9m"),
    pytest.param("123m456p789s2345s9m", (), "2s5s5s", "9m", 0, [("2s", 2), ("5s", 1)], id="visible-lowers-remaining"),
    pytest.param("123m789s11z465p", [meld("pon", "555p")], "", "5p", 0, [("5p", 0)],
                 id="wait-on-the-discard-with-three-in-a-pon"),
    pytest.param("1133557799m1234p", (), "", "1p", 1, [("2p", 3), ("3p", 3), ("4p", 3)], id="seven-pairs-one-away"),
    pytest.param("19m19p19s1234567z1m", (), "", "1m", 0,   # 1m: two in the hand as sent
                 [(t, 2 if t == "1m" else 3) for t in ("1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z",
                                                       "5z", "6z", "7z")],
                 id="thirteen-orphans-thirteen-sided"),
    pytest.param("234m34p11z5z", [meld("chi", "567s"), meld("closed_kan", "8888p")], "", "5z", 0,
                 [("2p", 4), ("5p", 4)], id="a-kan-and-a-chi"),
])
def test_hand_worked_discards(hand, melds, visible, discard, shanten, waits):
    e = answer(hand, melds, visible)
    d = by_tile(e)[discard]
    assert d.shanten == shanten
    assert waits_of(d) == waits
    assert d.ukeire_remaining == sum(r for _, r in waits)
    assert agree(Hand(tiles(hand), tuple(melds)), TENHOU)


@pytest.mark.parametrize("hand, discard, shanten, absent", [
    # 111m and a tanki on any other kind: 33 kinds help, never the fifth 1m
    pytest.param("1111m234p567s789s5z", "5z", 1, "1m", id="all-four-held-never-a-wait"),
    # four 1m are one pair for seven pairs (two pairs would make it ready), and no fifth 1m is drawn
    pytest.param("1111m2233p4455s6z", None, 2, "1m", id="seven-pairs-with-a-pair-held-twice"),
])
def test_all_four_held(hand, discard, shanten, absent):
    e = answer(hand)
    choice = e.hand if discard is None else by_tile(e)[discard]
    kinds = [name(w.tile) for w in choice.ukeire]
    assert choice.shanten == shanten and absent not in kinds and len(kinds) == 33
    assert agree(Hand(tiles(hand)), TENHOU)


def test_best_first_and_top_level_shanten():
    e = answer("1239m4578p1336s1z5z")
    keys = [(d.shanten, -d.ukeire_remaining) for d in e.discards]
    assert keys == sorted(keys)
    assert e.shanten == e.discards[0].shanten
    assert len({KIND[d.tile] for d in e.discards}) == len(e.discards)


def test_complete_hand_as_drawn_is_minus_one():
    e = answer("123m456p789s234s55z")
    assert e.shanten == -1 and all(d.shanten >= 0 for d in e.discards)


def test_waiting_hand_answer():
    e = answer("123m456p789s2345s")
    assert e.discards is None and e.shanten == 0
    assert waits_of(e.hand) == [("2s", 3), ("5s", 3)] and e.hand.ukeire_remaining == 6


def test_red_five_named_only_when_no_plain_five_is_held():
    assert "0p" in by_tile(answer("123m406p789s2345s9m"))
    both = answer("123m4055p789s235s9m")
    assert "5p" in by_tile(both) and "0p" not in by_tile(both)


def test_three_player_set_never_lists_2m_to_8m():
    e = answer("19m123p456p789s11z9m", rules=SANMA)
    assert all(not (1 <= KIND[w.tile] <= 7) for d in e.discards for w in d.ukeire)
    assert agree(Hand(tiles("19m123p456p789s11z9m")), SANMA, engines=("project",))


# --- improvements --------------------------------------------------------------------------------

def brute_improvements(hand: Hand, discard: int | None, rules):
    """{draw kind: best then_ukeire_remaining} straight from the definition, with the project's shanten (`discard`
    None: the hand as it stands)."""
    c = hand.counts()
    if discard is not None:
        c[discard] -= 1
    g = groups_needed(hand, rules)
    in_melds = counts_of(t for m in hand.melds for t in m.tiles)
    caps = tuple(4 - n for n in in_melds)
    special = rules.special_forms and not hand.melds
    sent = hand.counts()
    rem = [max(0, 4 - sent[k] - in_melds[k]) for k in range(NUM_KINDS)]

    def sh(x):
        return project_shanten(x, g, special, caps).best

    def uke(x, s, drawn):
        total = 0
        for j in range(NUM_KINDS):
            if x[j] + in_melds[j] >= rules.tile_copies[j]:
                continue
            x[j] += 1
            if sh(x) < s:
                total += max(0, rem[j] - (j == drawn))
            x[j] -= 1
        return total

    s = sh(c)
    base = uke(c, s, None)
    out = {}
    for k in range(NUM_KINDS):
        if c[k] + in_melds[k] >= rules.tile_copies[k]:
            continue
        c[k] += 1
        if sh(c) == s:
            best = base
            for e in range(NUM_KINDS):
                if c[e] and e != k:
                    c[e] -= 1
                    if sh(c) == s:
                        best = max(best, uke(c, s, k))
                    c[e] += 1
            if best > base:
                out[k] = best
        c[k] -= 1
    return out


@pytest.mark.parametrize("hand, discard", [
    pytest.param("123m456p789s2345s9m", "9m", id="ready-nobetan"),
    pytest.param("123m456p78s23455s9m", "8s", id="one-away-after-8s"),
    pytest.param("1133557799m1234p", "1p", id="seven-pairs-one-away"),
    pytest.param("234m9m456p34s78s55z7z", "7z", id="two-sided-shapes-one-away"),
])
def test_improvements_match_the_definition(hand, discard):
    h = Hand(tiles(hand))
    d = by_tile(efficiency(h, (), TENHOU))[discard]
    assert {i.tile: i.then_ukeire_remaining for i in d.improvements} == brute_improvements(h, tiles(discard)[0], TENHOU)
    for i in d.improvements:   # the named discard gives the figure
        c = h.counts()
        c[tiles(discard)[0]] -= 1
        c[i.tile] += 1
        c[i.then_discard] -= 1
        assert i.then_ukeire_remaining > d.ukeire_remaining


def test_improvements_only_for_ready_or_one_away():
    e = answer("1239m4578p1336s1z5z")
    assert all((d.improvements is None) == (d.shanten > 1) for d in e.discards)


# --- furiten -------------------------------------------------------------------------------------

def test_sacred_discard_marks_follow_the_preset_variant():
    h = Hand(tiles("123m456p789s2345s9m"))
    river = (Discard(tiles("5s")[0]),)
    for rules, both in ((TENHOU, True), (preset_rules("wrc"), None)):
        marked = by_tile(mark_sacred_discards(efficiency(h, (), rules), h, river, rules))["9m"]
        flags = {name(w.tile): w.furiten for w in marked.ukeire}
        assert flags["5s"] is True
        if rules.sacred_discard_variant in ("absolute",):
            assert flags["2s"] is True
        elif rules.sacred_discard_variant in ("traditional", "extended"):
            assert flags["2s"] is False


def test_wait_on_the_tile_just_discarded_is_furiten():
    h = Hand(tiles("123m789s11z465p"), (meld("pon", "555p"),))
    marked = by_tile(mark_sacred_discards(efficiency(h, (), MODERN), h, (), MODERN))["5p"]
    assert [(name(w.tile), w.furiten) for w in marked.ukeire] == [("5p", True)]


# --- properties and real positions ---------------------------------------------------------------

@st.composite
def drawn_hands(draw, groups=4, rules=TENHOU):
    """A 14-tile hand (17 for 16-tile rules): near a complete hand or random, with up to three melds (a kan
    among them), crowded with copies now and then."""
    rng = random.Random(draw(st.integers(0, 1 << 30)))
    full = complete_hand(rng, groups)
    n_melds = draw(st.integers(0, 3))
    melds = []
    rest = list(full)
    for _ in range(n_melds):
        k = rest[0]
        if rest.count(k) >= 3 and rng.random() < 0.5:
            for _ in range(3):
                rest.remove(k)
            kan = rng.random() < 0.4 and counts_of(full)[k] < 4
            melds.append(Meld("closed_kan" if kan else "pon", (k,) * (4 if kan else 3)))
        elif k < 27 and k % 9 <= 6 and k + 1 in rest and k + 2 in rest:
            for t in (k, k + 1, k + 2):
                rest.remove(t)
            melds.append(Meld("chi", (k, k + 1, k + 2)))
        rng.shuffle(rest)
    for _ in range(draw(st.integers(0, 4))):
        rest[rng.randrange(len(rest))] = rng.randrange(34)
    held = counts_of(rest + [t for m in melds for t in m.tiles])
    if max(held) > 4 or any(rules.tile_copies[k] == 0 and held[k] for k in range(NUM_KINDS)):
        return None
    return Hand(tuple(rest), tuple(melds))


@settings(max_examples=examples(40), deadline=None)
@given(drawn_hands())
def test_random_drawn_hands_agree_with_both_engines(hand):
    if hand is not None:
        assert agree(hand, TENHOU), hand


@settings(max_examples=examples(60), deadline=None)
@given(drawn_hands(), st.booleans())
def test_random_waiting_hands_agree_with_both_engines(hand, first):
    if hand is not None:
        concealed = list(hand.concealed)
        concealed.pop(0 if first else -1)
        assert agree(Hand(tuple(concealed), hand.melds), TENHOU), hand


@settings(max_examples=examples(12), deadline=None)
@given(drawn_hands(groups=5, rules=TAIWAN))
def test_sixteen_tile_hands_agree_with_a_brute_force(hand):
    if hand is not None:
        assert agree(hand, TAIWAN, engines=("project",)), hand


def test_crowded_hands_agree_with_both_engines():
    rng = random.Random(7)
    done = 0
    for _ in range(80):
        kinds = rng.sample(range(34), rng.randint(4, 6))
        hand = Hand(tuple(rng.sample([k for k in kinds for _ in range(4)], 14)))
        assert agree(hand, TENHOU), hand
        done += 1
    assert done == 80


def test_real_positions_agree_with_both_engines():
    if not os.path.exists(MJAI):
        pytest.skip("../shared/data is not present")
    checked = 0
    for n, m in enumerate(moments(games=20)):
        if not picked(n, 160):
            continue
        assert agree(m.hand, TENHOU), (m.game, m.hand)
        e = efficiency(m.hand, m.visible, TENHOU)
        seen, held = counts_of(m.visible), counts_of(m.hand.all_codes())
        for d in e.discards:
            for w in d.ukeire:
                assert w.remaining == max(0, 4 - held[w.tile] - seen[w.tile])
        checked += 1
    assert checked > 35


@settings(max_examples=examples(40), deadline=None)
@given(drawn_hands(), st.booleans())
def test_random_improvements_match_the_definition(hand, first):
    """Waiting-size hands (melds and kans included) one away or ready: every improvement and its figure."""
    if hand is None:
        return
    concealed = list(hand.concealed)
    concealed.pop(0 if first else -1)
    waiting = Hand(tuple(concealed), hand.melds)
    mine = efficiency(waiting, (), TENHOU).hand
    if mine.improvements is None:
        assert mine.shanten > 1
        return
    assert {i.tile: i.then_ukeire_remaining for i in mine.improvements} == brute_improvements(waiting, None, TENHOU)


def test_answers_do_not_leak_between_tile_sets_and_hand_sizes():
    """The per-suit ukeire kept across requests are keyed by the tile set and the groups needed: the same suits
    asked under 13-tile, 16-tile and three-player rules, in turn, answer as each alone."""
    cases = [(Hand(tiles("123p456p789s11z19m")), SANMA), (Hand(tiles("123p456p789s11z19m")), TENHOU),
             (Hand(tiles("123p456p789s11z19m123s")), TAIWAN), (Hand(tiles("123p456p789s11z19m")), TENHOU)]
    for hand, rules in cases + cases[::-1]:
        assert agree(hand, rules, engines=("project",)), (hand, rules.hand_size)


def _sanma(hand: Hand | None) -> Hand | None:
    """The hand with 2m-8m moved to the same numbers in pins (three-player sets have none), or None."""
    if hand is None or any(1 <= t <= 7 for m in hand.melds for t in m.tiles):
        return None
    moved = tuple(t + 9 if 1 <= t <= 7 else t for t in hand.concealed)
    held = counts_of(moved + tuple(t for m in hand.melds for t in m.tiles))
    return Hand(moved, hand.melds) if max(held) <= 4 else None


@settings(max_examples=examples(60), deadline=None)
@given(st.sampled_from(["tenhou", "sanma", "taiwan"]), st.data())
def test_fast_improvements_match_the_definition(preset, data):
    """calculator.readings.widen against the definition, brute force over the project's shanten: random hands with
    0-3 melds, 13/14 tiles (16/17 under 16-tile rules), three-player sets; for a drawn hand, one discard."""
    rules = {"tenhou": TENHOU, "sanma": SANMA, "taiwan": TAIWAN}[preset]
    hand = data.draw(drawn_hands(groups=5 if preset == "taiwan" else 4))
    if preset == "sanma":
        hand = _sanma(hand)
    if hand is None:
        return
    if data.draw(st.booleans(), label="waiting"):
        concealed = list(hand.concealed)
        concealed.pop(data.draw(st.integers(0, len(concealed) - 1), label="taken"))
        hand = Hand(tuple(concealed), hand.melds)
        mine, discard = efficiency(hand, (), rules).hand, None
    else:
        choices = efficiency(hand, (), rules).discards
        mine = data.draw(st.sampled_from(choices), label="discard")
        discard = KIND[mine.tile]
    if mine.improvements is None:
        assert mine.shanten > 1 or mine.shanten < 0
        return
    expected = brute_improvements(hand, discard, rules)
    assert {i.tile: i.then_ukeire_remaining for i in mine.improvements} == expected, (hand, discard)
    for i in mine.improvements:   # the named discard is one that gives the figure, the lowest such kind
        c = hand.counts()
        if discard is not None:
            c[discard] -= 1
        c[i.tile] += 1
        assert c[i.then_discard] and i.then_discard != i.tile
