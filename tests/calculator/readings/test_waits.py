import random

import pytest

from calculator.readings.decompose import decompose, win_readings
from calculator.core.hand import Hand, Meld
from calculator.core.notation import format_tiles, parse_tiles
from calculator.readings.ready import readiness
from calculator.rules import Rules
from calculator.core.tiles import ORPHANS, counts_of, name
from calculator.readings.waits import exact_shanten, find_waits, regular_shanten, shanten, won_waits
from tests.random_hands import complete_hand


def counts(text):
    codes, issues = parse_tiles(text)
    assert not issues
    return counts_of(codes)


def waits_of(text, **kw):
    return " ".join(name(k) for k in find_waits(counts(text), **kw))


def partials(text, win):
    c = counts(text)
    c[win] += 1
    return {format_tiles(wr.partial) for wr in win_readings(c, win)}


# RULES.md §3.4: the shared example hands, their waits and the partials per wait
SECTION_3_4 = [
    pytest.param("123m789p23456s11z", {"1s": {"23s"}, "4s": {"23s", "56s"}, "7s": {"56s"}}, id="H1-123m789p23456s11z"),
    pytest.param("123m789p34555s11z", {"2s": {"34s"}, "5s": {"55s", "34s"}, "1z": {"11z"}}, id="H2-123m789p34555s11z"),
    pytest.param("123m456p67s789s11z", {"5s": {"67s"}, "8s": {"67s", "79s"}}, id="H3-123m456p67s789s11z"),
    pytest.param("123m456m55m77p789s", {"5m": {"55m", "46m"}, "7p": {"77p"}}, id="H4-123m456m55m77p789s-shanpon"),
    pytest.param("123m456p789p2345s", {"2s": {"2s"}, "5s": {"5s"}}, id="H5-123m456p789p2345s-nobetan"),
    pytest.param("123m456p789p2344s", {"1s": {"23s"}, "4s": {"23s", "4s"}}, id="H6-123m456p789p2344s"),
    pytest.param("123m45p678p999s22z", {"3p": {"45p"}, "6p": {"45p", "78p"}, "9p": {"78p"}}, id="H7-123m45p678p999s22z"),
    pytest.param("123m456s3334567p", {"2p": {"34p"}, "4p": {"4p"}, "5p": {"34p", "67p"}, "7p": {"7p"}, "8p": {"67p"}},
                 id="H8-123m456s3334567p-five-sided"),
]


@pytest.mark.parametrize("hand, expected", SECTION_3_4)
def test_waits_section_3_4_exact(hand, expected):
    assert waits_of(hand) == " ".join(sorted(expected, key=lambda t: parse_tiles(t)[0]))


@pytest.mark.parametrize("hand, expected", SECTION_3_4)
def test_partials_per_wait_section_3_4(hand, expected):
    for wait, want in expected.items():
        assert partials(hand, parse_tiles(wait)[0][0]) == want, wait


def test_waits_nine_gates_h9_all_nine():
    assert waits_of("1112345678999m") == "1m 2m 3m 4m 5m 6m 7m 8m 9m"


@pytest.mark.parametrize("wait, want", [
    pytest.param("3m", {"12m", "45m"}, id="3m"),
    pytest.param("5m", {"5m"}, id="5m"),
    pytest.param("6m", {"45m", "78m"}, id="6m"),
])
def test_partials_nine_gates_h9(wait, want):
    assert partials("1112345678999m", parse_tiles(wait)[0][0]) == want


def test_waits_thirteen_sided_orphans_h10():
    c = counts("19m19p19s1234567z")
    found = find_waits(c)
    assert sorted(found) == sorted(ORPHANS)
    assert all(forms == ["kokushi"] for forms in found.values())
    for k in ORPHANS:
        c[k] += 1
        (only,) = win_readings(c, k)
        assert only.partial == (k,) and only.wait == "kokushi_13"
        c[k] -= 1


@pytest.mark.parametrize("hand, win, shapes", [
    pytest.param("123m456p789s2345s", "2s", {"tanki"}, id="nobetan-2s-is-tanki"),
    pytest.param("123m456p789s1135s", "4s", {"kanchan"}, id="kanchan"),
    pytest.param("123m456p789s1112s", "3s", {"penchan"}, id="penchan-12"),
    pytest.param("123m456p789s89s11z", "7s", {"penchan"}, id="penchan-89"),
    pytest.param("123m456p789s78s11z", "9s", {"ryanmen"}, id="ryanmen-78-on-9"),
    pytest.param("123m456p789s99s88m", "9s", {"shanpon", "ryanmen"}, id="shanpon-or-78-with-999-held"),
    pytest.param("123m456p789s1112s", "2s", {"tanki"}, id="1112-on-2-tanki"),
    pytest.param("1122334455667m", "7m", {"tanki", "ryanmen"}, id="chiitoitsu-and-regular"),
])
def test_wait_shapes(hand, win, shapes):
    c = counts(hand)
    k = parse_tiles(win)[0][0]
    c[k] += 1
    assert {wr.wait for wr in win_readings(c, k)} == shapes


def test_seven_pairs_wait_reported_with_its_form():
    found = find_waits(counts("113355779m11p55z"))
    assert found == {8: ["chiitoitsu"]}


def test_fifth_copy_wait_left_out_unless_allowed():
    assert waits_of("123m456p789s1111z") == ""
    assert waits_of("123m456p789s1111z", allow_fifth=True) == "1z"


def test_fifth_copy_counts_tiles_in_melds():
    hand = Hand(parse_tiles("123m456p789s1z")[0], (Meld("pon", parse_tiles("111z")[0]),))
    assert readiness(hand).waits == ()
    assert not readiness(hand).ready
    assert [w.tile for w in readiness(hand, rules=Rules(fifth_tile_wait_counts=True)).waits] == [27]


@pytest.mark.parametrize("hand, fast, exact", [
    pytest.param("1111m456p789s123s", 0, 1, id="tanki-on-fifth-1m"),
    pytest.param("11177p44445555z", 1, 2, id="two-honour-quads"),
    pytest.param("123m456p789s2345s", 0, 0, id="nobetan-unaffected"),
    pytest.param("1111m2222p3333s4z", 2, 2, id="three-quads-pair-from-the-single"),
])
def test_exact_shanten_respects_four_copies(hand, fast, exact):
    c = counts(hand)
    assert (regular_shanten(c), exact_shanten(c)) == (fast, exact)
    assert shanten(c, caps=(4,) * 34).regular == exact
    assert shanten(c).regular == fast


def test_decompose_kokushi_with_a_non_orphan_is_no_reading():
    c = counts("19m19p19s1234567z5m")
    assert decompose(c) == []


@pytest.mark.parametrize("groups", [1, 4, 5], ids=["one-group", "13-tile", "16-tile"])
def test_won_waits_equal_find_waits_on_random_won_hands(groups):
    """won_waits (the two suits a won hand's waits can lie in) against the whole search, every tile of
    2,000 seeded complete hands taken as the winning one."""
    rng = random.Random(groups)
    for _ in range(2000):
        tiles = complete_hand(rng, groups)
        for win in set(tiles):
            counts = counts_of(tiles)
            counts[win] -= 1
            want = sorted(find_waits(counts, groups, False, allow_fifth=True))
            assert sorted(won_waits(counts, win)) == want, (format_tiles(tiles), name(win))


@pytest.mark.parametrize("hand, win, waits", [
    ("2345m", 4, [1, 4]),                      # the pair in the winning suit: that suit alone
    ("22m55p", 1, [1, 13]),                    # the pair's suit receives too (a double pung)
    ("23m55p789s", 3, [0, 3]),                 # the winning suit keeps no pair: the pair's suit receives nothing
], ids=["pair-in-suit", "double-pung", "pair-suit-cannot-receive"])
def test_won_waits_examples(hand, win, waits):
    counts = counts_of(parse_tiles(hand)[0])
    assert sorted(won_waits(counts, win)) == waits
