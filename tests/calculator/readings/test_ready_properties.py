from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from calculator.readings.decompose import SEQUENCE, TRIPLET, decompose
from calculator.core.hand import Hand, Meld
from calculator.core.notation import parse_tiles
from calculator.readings.ready import readiness
from calculator.rules import Rules, preset_rules
from calculator.core.tiles import counts_of, kind
from tests.budget import examples

TAIWANESE = preset_rules("taiwanese_16")
GROUPS = [(TRIPLET, k) for k in range(34)] + [(SEQUENCE, 9 * s + n) for s in range(3) for n in range(7)]


def tiles(text):
    return parse_tiles(text)[0]


def group_tiles(group):
    shape, first = group
    return [first] * 3 if shape == TRIPLET else [first, first + 1, first + 2]


def redden(codes, flags):
    """Swap some plain fives for red ones (one red per suit at most)."""
    out, used = [], set()
    for c, f in zip(codes, flags):
        if f and c < 27 and c % 9 == 4 and c // 9 not in used:
            used.add(c // 9)
            c = 34 + c // 9
        out.append(c)
    return out


@st.composite
def positions(draw, hand_size=13, drawn=False):
    """A legal position: some melds, then concealed tiles that are near a complete hand (or
    random), never more than four copies of a kind."""
    g = (hand_size - 1) // 3
    n_melds = draw(st.integers(0, 2))
    groups = draw(st.lists(st.sampled_from(GROUPS), min_size=g, max_size=g))
    pair = draw(st.integers(0, 33))
    concealed = [pair, pair] + [t for grp in groups[n_melds:] for t in group_tiles(grp)]
    melds = tuple(Meld("pon" if grp[0] == TRIPLET else "chi", tuple(group_tiles(grp))) for grp in groups[:n_melds])
    if draw(st.booleans()):
        ids = draw(st.lists(st.integers(0, 135), unique=True, min_size=len(concealed), max_size=len(concealed)))
        concealed = [i // 4 for i in ids]
    # take out one tile for a waiting hand, swap up to two more
    concealed = list(concealed)
    if not drawn:
        concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    for _ in range(draw(st.integers(0, 2))):
        concealed[draw(st.integers(0, len(concealed) - 1))] = draw(st.integers(0, 33))
    all_tiles = concealed + [t for m in melds for t in m.tiles]
    if max(all_tiles.count(k) for k in set(all_tiles)) > 4:
        concealed = [t for i, t in enumerate(concealed) if all_tiles.count(t) <= 4 or i % 2] or [0]
    flags = draw(st.lists(st.booleans(), min_size=len(concealed), max_size=len(concealed)))
    return Hand(tuple(redden(concealed, flags)), melds)


def legal(hand, hand_size=13):
    all_kinds = [kind(t) for t in hand.all_codes()]
    base = hand_size - 3 * len(hand.melds)
    return max(all_kinds.count(k) for k in set(all_kinds)) <= 4 and len(hand.concealed) in (base, base + 1)


def groups_for(hand, rules):
    return (rules.hand_size - 1) // 3 - len(hand.melds)


@settings(max_examples=examples(60), deadline=None)
@given(positions(), st.randoms(use_true_random=False))
def test_tile_order_never_changes_the_answer(hand, rnd):
    if not legal(hand):
        return
    shuffled = list(hand.concealed)
    rnd.shuffle(shuffled)
    melds = list(hand.melds)
    rnd.shuffle(melds)
    visible = tiles("19m5z")
    assert readiness(Hand(tuple(shuffled), tuple(melds)), visible[::-1]) == readiness(hand, visible)


@settings(max_examples=examples(60), deadline=None)
@given(positions(drawn=True), st.randoms(use_true_random=False))
def test_tile_order_never_changes_the_discards(hand, rnd):
    if not legal(hand):
        return
    shuffled = list(hand.concealed)
    rnd.shuffle(shuffled)
    assert readiness(Hand(tuple(shuffled), hand.melds)) == readiness(hand)


def check_sound_and_complete(hand, rules):
    r = readiness(hand, (), rules)
    c = hand.counts()
    held = counts_of(hand.all_codes())
    g = groups_for(hand, rules)
    special = rules.special_forms and not hand.melds
    completing = set()
    for k in range(34):
        c[k] += 1
        if decompose(c, g, special):
            completing.add(k)
        c[k] -= 1
    waits = {w.tile for w in r.waits}
    assert waits <= completing                                        # sound
    assert {k for k in completing if held[k] < 4} <= waits            # complete
    if not rules.fifth_tile_wait_counts:
        assert all(held[k] < 4 for k in waits)                        # no fifth copy
    assert r.ready == bool(waits) == (r.shanten == 0)
    assert all(w.remaining == 4 - held[w.tile] for w in r.waits)


@settings(max_examples=examples(80), deadline=None)
@given(positions())
def test_waits_are_sound_and_complete(hand):
    if legal(hand):
        check_sound_and_complete(hand, Rules())


@settings(max_examples=examples(50), deadline=None)
@given(positions(hand_size=16))
def test_waits_are_sound_and_complete_16_tiles(hand):
    if legal(hand, 16):
        check_sound_and_complete(hand, TAIWANESE)


@settings(max_examples=examples(50), deadline=None)
@given(positions(drawn=True))
def test_discards_are_the_answers_of_the_hands_they_leave(hand):
    if not legal(hand) or len(hand.concealed) != 14 - 3 * len(hand.melds):
        return
    r = readiness(hand)
    assert r.complete == bool(decompose(hand.counts(), groups_for(hand, Rules()), not hand.melds))
    assert r.waits == ()
    kinds = sorted({kind(t) for t in hand.concealed})
    assert sorted(o.tile for o in r.discards) == kinds
    for o in r.discards:
        rest = list(hand.concealed)
        thrown = next(t for t in rest if kind(t) == o.tile)
        rest.remove(thrown)
        # the discarded copy lies in the river: it is no longer among the remaining copies
        after = readiness(Hand(tuple(rest), hand.melds), (thrown,))
        assert (o.shanten, o.waits) == (after.shanten, after.waits)
    keys = [(o.shanten, -sum(w.remaining for w in o.waits)) for o in r.discards]
    assert keys == sorted(keys)
    assert r.ready == (r.discards[0].shanten == 0)
    assert r.shanten == (-1 if r.complete else r.discards[0].shanten)


@pytest.mark.parametrize("option, hand, melds, off, on", [
    pytest.param("fifth_tile_wait_counts", "123m456p789s1111z", (), [], [27], id="fifth-copy-tanki"),
    pytest.param("fifth_tile_wait_counts", "123m456p789s1z", (("pon", "111z"),), [], [27], id="fifth-copy-after-a-pon"),
    pytest.param("special_forms", "113355779m1155z", (), [], [8], id="seven-pairs"),
    pytest.param("special_forms", "19m19p19s1234566z", (), [], [33], id="thirteen-orphans"),
])
def test_option_on_off(option, hand, melds, off, on):
    ms = tuple(Meld(k, tiles(t)) for k, t in melds)
    rules_off = replace(Rules(), **{option: False})
    rules_on = replace(Rules(), **{option: True})
    assert [w.tile for w in readiness(Hand(tiles(hand), ms), (), rules_off).waits] == off
    assert [w.tile for w in readiness(Hand(tiles(hand), ms), (), rules_on).waits] == on
    assert readiness(Hand(tiles(hand), ms), (), rules_off).shanten > 0


@pytest.mark.parametrize("hand, melds, waits, shanten", [
    pytest.param("123m456m789m789p123s4z", (), [30], 0, id="16-five-groups-tanki-4z"),
    pytest.param("123m456m789m789p12s45z", (), [], 1, id="16-needs-a-pair"),
    pytest.param("123m456m789m12p789s11z", (), [11], 0, id="16-penchan-3p"),
    pytest.param("123456789m12345p99s", (), [11, 14], 0, id="16-3p-6p"),
    pytest.param("123456789m1234p999s", (), [9, 12], 0, id="16-1p-4p"),
    pytest.param("456m789m789p123s4z", (("chi", "123m"),), [30], 0, id="16-with-a-chi"),
    pytest.param("4p", (("chi", "123m"), ("pon", "555z"), ("closed_kan", "7777s"), ("chi", "789m"), ("pon", "111p")),
                 [12], 0, id="16-five-melds-tanki"),
    pytest.param("1133557799m115577z", (), [], 4, id="16-eight-pairs-no-special-form"),
])
def test_sixteen_tile_hands(hand, melds, waits, shanten):
    ms = tuple(Meld(k, tiles(t)) for k, t in melds)
    r = readiness(Hand(tiles(hand), ms), (), TAIWANESE)
    assert [w.tile for w in r.waits] == waits
    assert r.shanten == shanten


def test_discarding_a_copy_frees_it_as_a_wait():
    # after throwing 1m the player holds three 1m (the pon): a wait on the fourth is no fifth copy
    hand = Hand(tiles("12333344m"), (Meld("pon", tiles("111m")), Meld("pon", tiles("222m"))))
    (after_1m,) = [o for o in readiness(hand).discards if o.tile == 0]
    assert [(w.tile, w.remaining) for w in after_1m.waits] == [(0, 0), (3, 2), (4, 4)]
