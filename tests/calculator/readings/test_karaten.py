"""A wait whose every copy is in the player's own melds (RULES.md §1.1, a wait that needs a fifth copy).

12m beside a kan of 3m waits on a tile that no longer exists: the hand is one from ready, not ready. The
unlimited count says ready; the four-copies count (calculator.readings.waits.exact_shanten) is asked whenever a
tile is held near a kind the melds cap (calculator.readings.caps says why that is enough). Tables: the kan, a
pon leaving one copy for two partials, a pon and a chi of the same kind, the option that lets a fifth copy count;
properties: random hands with melds crowded around the melds' kinds, readiness and efficiency (compiled and pure
builds) against a brute force over the four-copies count (tests/capped_shanten.py).
"""
from __future__ import annotations

import dataclasses
import random

import pytest

from calculator.core.hand import Hand, Meld
from calculator.core.notation import parse_tiles
from calculator.core.tiles import KIND, NUM_KINDS
from calculator.readings import compiled
from calculator.readings.efficiency import efficiency
from calculator.readings.ready import groups_needed, readiness
from calculator.readings.caps import near_capped
from calculator.readings.waits import regular_shanten
from calculator.rules import preset_rules
from tests.budget import examples
from tests.calculator.readings.test_efficiency import brute_improvements
from tests.calculator.readings.test_efficiency import brute as efficiency_brute
from tests.capped_shanten import caps_of, capped_shanten

TENHOU = preset_rules("tenhou")
FIFTH = dataclasses.replace(TENHOU, fifth_tile_wait_counts=True)


def tiles(text):
    return parse_tiles(text)[0]


def hand_of(concealed, *melds):
    return Hand(tiles(concealed), tuple(Meld(kind, tiles(t)) for kind, t in melds))


KAN = ("closed_kan", "3333m")
CASES = [
    # the only tile completing 12m is 3m, all four in the kan: one from ready
    pytest.param(hand_of("12m456p789s11z", KAN), 0, 1, id="penchan-on-the-kan"),
    pytest.param(hand_of("24m456p789s11z", ("open_kan", "3333m")), 0, 1, id="kanchan-on-an-open-kan"),
    # 12m and 24m both wait on 3m, one copy left beside the pon: two draws of it do not exist
    pytest.param(hand_of("1224m789m22p7z", ("pon", "333m")), 1, 2, id="two-partials-on-the-last-copy-of-a-pon"),
    # a chi and a pon of 3m hold all four: 12m waits on nothing
    pytest.param(hand_of("1245677m", ("pon", "333m"), ("chi", "345m")), 0, 1, id="a-chi-and-a-pon-take-every-copy"),
    # a wait on 3m's last copy beside the pon is a wait: still ready
    pytest.param(hand_of("12m456p789s11z", ("pon", "333m")), 0, 0, id="last-copy-still-a-wait"),
    # 12m beside the kan, but 1m2m can make a pair-wait elsewhere: 1122m waits on 1m and 2m
    pytest.param(hand_of("1122m456p789s", KAN), 0, 0, id="shanpon-beside-the-kan"),
]


@pytest.mark.parametrize("hand, unlimited, shanten", CASES)
def test_readiness_counts_the_copies_in_melds(hand, unlimited, shanten):
    c = hand.counts()
    assert regular_shanten(c, groups_needed(hand, TENHOU)) == unlimited   # what the shortcut used to answer
    r = readiness(hand, (), TENHOU)
    assert r.shanten == shanten == capped_shanten(c, groups_needed(hand, TENHOU), False, caps_of(hand))
    assert r.ready == (shanten == 0) == bool(r.waits)


@pytest.mark.parametrize("hand, unlimited, shanten", CASES)
def test_efficiency_counts_the_copies_in_melds(hand, unlimited, shanten):
    e = efficiency(hand, (), TENHOU)
    assert e.shanten == e.hand.shanten == shanten
    assert [d.tile for d in e.hand.ukeire] == list(brute(hand, TENHOU)[None][1])


@pytest.mark.parametrize("hand", [pytest.param(hand_of("12m456p789s11z", KAN), id="penchan-on-the-kan")])
def test_the_drawn_hand_of_fourteen(hand):
    drawn = Hand(hand.concealed + tiles("5z"), hand.melds)
    by = {KIND[d.tile]: d for d in efficiency(drawn, (), TENHOU).discards}
    assert by[KIND[tiles("5z")[0]]].shanten == 1 and by[KIND[tiles("5z")[0]]].ukeire
    assert efficiency(drawn, (), TENHOU).shanten == 1
    assert readiness(drawn, (), TENHOU).shanten == 1 and not readiness(drawn, (), TENHOU).ready


def test_a_fifth_copy_counts_when_the_rules_say_so():
    """fifth_tile_wait_counts: a wait on a tile the player holds every copy of makes the hand ready (RULES.md §1.1
    names the exception; the option lifts it), with no copy left. Efficiency agrees on the shanten, but its
    ukeire lists only tiles that can be drawn: none of 3m can."""
    hand = hand_of("12m456p789s11z", KAN)
    r = readiness(hand, (), FIFTH)
    assert (r.shanten, r.ready, [(w.tile, w.remaining) for w in r.waits]) == (0, True, [(tiles("3m")[0], 0)])
    e = efficiency(hand, (), FIFTH)
    assert (e.shanten, e.hand.ukeire) == (0, ())


@pytest.mark.parametrize("caps, near", [
    pytest.param((4,) * 34, (), id="no-melds"),
    pytest.param(tuple(0 if k == 2 else 4 for k in range(34)), (0, 1, 2, 3, 4), id="3m-kan"),
    pytest.param(tuple(1 if k == 8 else 4 for k in range(34)), (6, 7, 8), id="9m-pon-stays-in-its-suit"),
    pytest.param(tuple(0 if k == 27 else 4 for k in range(34)), (27,), id="east-kan-itself-only"),
])
def test_near_capped(caps, near):
    assert near_capped(caps) == near


# --- brute force over the four-copies count ------------------------------------------------------

def brute(hand: Hand, rules):
    """{discard kind (None: the hand as it stands): (shanten, ukeire kinds)} by trying every draw, each shanten by
    the four-copies count (test_efficiency's brute force over tests/capped_shanten.py)."""
    return efficiency_brute(hand, rules, "project")


def crowded_melds(rng: random.Random, drawn: bool) -> Hand | None:
    """1-3 melds (kans, pons, chis) in one or two suits, and concealed tiles mostly within two of their kinds."""
    melds, used = [], [0] * NUM_KINDS
    suits = rng.sample(range(3), rng.choice([1, 1, 2]))
    for _ in range(rng.randint(1, 3)):
        lo = 9 * rng.choice(suits)
        kind = rng.choice(["closed_kan", "open_kan", "pon", "pon", "chi", "chi"])
        if kind == "chi":
            k = lo + rng.randrange(7)
            ts = (k, k + 1, k + 2)
        else:
            k = lo + rng.randrange(9) if rng.random() < 0.9 else 27 + rng.randrange(7)
            ts = (k,) * (4 if kind.endswith("kan") else 3)
        melds.append(Meld(kind, ts))
        for t in ts:
            used[t] += 1
    if max(used) > 4:
        return None
    near = [k for k in near_capped(tuple(4 - n for n in used)) for _ in range(4 - used[k])]
    wall = [k for k in range(NUM_KINDS) for _ in range(4 - used[k])]
    rng.shuffle(near)
    size = 13 - 3 * len(melds) + drawn
    concealed, held = [], list(used)
    for k in near[:rng.randint(size // 3, size)] + rng.sample(wall, len(wall)):
        if len(concealed) == size:
            break
        if held[k] < 4:
            held[k] += 1
            concealed.append(k)
    return Hand(tuple(concealed), tuple(melds))


def _hands(seed: int, n: int, drawn: bool):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        hand = crowded_melds(rng, drawn)
        if hand is not None:
            out.append(hand)
    return out


def _efficiency_both_builds(hand, rules, monkeypatch):
    """The efficiency answer, checked equal under the compiled build and the pure one where both are here."""
    answer = efficiency(hand, (), rules)
    if compiled.COMPILED:
        native = compiled.widen
        monkeypatch.setattr(compiled, "widen", None)
        assert efficiency(hand, (), rules) == answer, hand
        monkeypatch.setattr(compiled, "widen", native)
    return answer


def test_crowded_melded_improvements_match_the_definition():
    """Waiting hands one from ready or ready: each improvement and its figure, from the definition over the
    four-copies count (test_efficiency.brute_improvements)."""
    asked = 0
    for hand in _hands(13, examples(16), False):
        mine = efficiency(hand, (), TENHOU).hand
        if mine.improvements is not None:
            assert {i.tile: i.then_ukeire_remaining for i in mine.improvements} == \
                brute_improvements(hand, None, TENHOU), hand
            asked += 1
    assert asked >= examples(16) // 4


@pytest.mark.parametrize("drawn", [False, True], ids=["waiting", "drawn"])
def test_crowded_melded_hands_against_the_brute_force(drawn, monkeypatch):
    checked = 0
    for hand in _hands(11 + drawn, examples(12 if drawn else 30), drawn):
        expected = brute(hand, TENHOU)
        r = readiness(hand, (), TENHOU)
        e = _efficiency_both_builds(hand, TENHOU, monkeypatch)
        if drawn:
            assert {o.tile: o.shanten for o in r.discards} == {d: s for d, (s, _) in expected.items()}, hand
            assert {KIND[d.tile]: (d.shanten, tuple(w.tile for w in d.ukeire)) for d in e.discards} == expected, hand
        else:
            s, kinds = expected[None]
            assert r.shanten == s and r.ready == (s == 0) == bool(r.waits), hand
            assert (e.hand.shanten, tuple(w.tile for w in e.hand.ukeire)) == (s, kinds), hand
        checked += 1
    assert checked == examples(12 if drawn else 30)
