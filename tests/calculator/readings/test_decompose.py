import pytest
from hypothesis import given, strategies as st

from calculator.readings.decompose import SEQUENCE, TRIPLET, Reading, decompose, win_readings
from calculator.core.notation import format_tiles, parse_tiles
from calculator.core.tiles import counts_of


def counts(text):
    return counts_of(parse_tiles(text)[0])


def regular(readings):
    return sorted((r.pair, r.groups) for r in readings if r.form == "regular")


def group_tiles(group):
    shape, first = group
    return [first] * 3 if shape == TRIPLET else [first, first + 1, first + 2]


def rebuilt(reading):
    if reading.form == "chiitoitsu":
        return counts_of([k for k in reading.pairs for _ in range(2)])
    tiles = [reading.pair] * 2 + [t for g in reading.groups for t in group_tiles(g)]
    return counts_of(tiles)


def test_triplets_or_sequences_both_listed():
    rs = decompose(counts("111222333m456p11z"))
    assert regular(rs) == sorted([
        (27, ((SEQUENCE, 0), (SEQUENCE, 0), (SEQUENCE, 0), (SEQUENCE, 12))),
        (27, ((SEQUENCE, 12), (TRIPLET, 0), (TRIPLET, 1), (TRIPLET, 2))),
    ])


def test_pair_in_several_places():
    # 66778899m: 66m + 789m 789m, or 678m 678m + 99m
    rs = decompose(counts("66778899m456p555s"))
    assert {r.pair for r in rs} == {5, 8}


def test_ryanpeikou_shape_is_regular_and_seven_pairs():
    rs = decompose(counts("112233m445566p77s"))
    assert {r.form for r in rs} == {"regular", "chiitoitsu"}
    (seven,) = [r for r in rs if r.form == "chiitoitsu"]
    assert seven.pairs == (0, 1, 2, 12, 13, 14, 24)


def test_four_copies_are_not_two_pairs():
    assert decompose(counts("1111m2233p445566s")) == []


def test_kokushi_reading_and_its_pair():
    (r,) = decompose(counts("19m19p19s12345677z"))
    assert r == Reading("kokushi", pair=33)


def test_special_forms_off():
    assert decompose(counts("112233m445566p77s"), special_forms=False)[0].form == "regular"
    assert all(r.form == "regular" for r in decompose(counts("112233m445566p77s"), special_forms=False))
    assert decompose(counts("19m19p19s12345677z"), special_forms=False) == []
    assert decompose(counts("1133m5577p11s2255z"), special_forms=False) == []


@pytest.mark.parametrize("text, groups, forms", [
    pytest.param("123m456m789m123p11z", 4, {"regular"}, id="13+1-four-groups"),
    pytest.param("123m456m789m123p456p11z", 5, {"regular"}, id="16+1-five-groups-and-a-pair"),
    pytest.param("123m456m789m123p11z", 5, set(), id="too-few-tiles-for-five-groups"),
    pytest.param("112233m445566p77s", 5, set(), id="no-seven-pairs-for-16-tile-hands"),
    pytest.param("456p789s11z", 2, {"regular"}, id="two-melds-called"),
    pytest.param("11z", 0, {"regular"}, id="four-melds-called-pair-only"),
])
def test_decompose_group_count(text, groups, forms):
    assert {r.form for r in decompose(counts(text), groups)} == forms


def test_win_readings_winning_tile_inside_a_chow_with_a_held_triplet():
    # RULES.md §3.4 H2: 34555s + 5s reads as 345s + 555s, so 5s completes 34s or 55s
    c = counts("123m789p34555s11z5s")
    wrs = win_readings(c, 22)
    assert {(wr.wait, format_tiles(wr.partial)) for wr in wrs} == {("ryanmen", "34s"), ("shanpon", "55s")}


def test_win_readings_seven_pairs_and_kokushi_partials():
    wrs = win_readings(counts("1133557799m1155z"), 8)
    assert [(wr.reading.form, wr.wait, wr.partial) for wr in wrs] == [("chiitoitsu", "tanki", (8,))]
    wrs = win_readings(counts("19m19p19s12345677z"), 33)
    assert [(wr.wait, wr.partial) for wr in wrs] == [("kokushi_13", (33,))]
    wrs = win_readings(counts("19m19p19s12345677z"), 0)
    assert [(wr.wait, wr.partial) for wr in wrs] == [("kokushi", (0,))]


def test_quad_next_to_a_run_gives_one_reading_not_two():
    assert len(decompose(counts("111123s456p789p11z"))) == 1


def test_win_readings_each_distinct_group_once():
    # two identical 123m groups: the winning 3m is listed once per reading, not twice
    wrs = win_readings(counts("112233m456p789s11z"), 2)
    per_reading = [wr for wr in wrs if wr.reading.form == "regular" and wr.wait == "penchan"]
    assert len(per_reading) == 1


GROUPS = [(TRIPLET, k) for k in range(34)] + [(SEQUENCE, 9 * s + n) for s in range(3) for n in range(7)]


@st.composite
def built_hands(draw, n_groups=4):
    """A complete hand built from known groups and a pair (at most four copies of a kind)."""
    groups = draw(st.lists(st.sampled_from(GROUPS), min_size=n_groups, max_size=n_groups))
    pair = draw(st.integers(0, 33))
    tiles = [pair, pair] + [t for g in groups for t in group_tiles(g)]
    c = counts_of(tiles)
    if max(c) > 4:
        c = None
    return c, Reading("regular", pair, tuple(sorted(groups)))


@given(built_hands())
def test_the_reading_a_hand_was_built_from_is_found(case):
    c, reading = case
    if c is None:
        return
    rs = decompose(c)
    assert reading in rs
    assert len(set(rs)) == len(rs)
    for r in rs:
        assert rebuilt(r) == c


@given(built_hands(n_groups=5))
def test_sixteen_tile_readings_found_and_sound(case):
    c, reading = case
    if c is None:
        return
    rs = decompose(c, 5)
    assert reading in rs
    assert all(rebuilt(r) == c for r in rs)


@given(built_hands(), st.integers(0, 33))
def test_win_readings_partial_plus_winning_tile_is_a_group_of_the_reading(case, win):
    c, _ = case
    if c is None or not c[win]:
        return
    for wr in win_readings(c, win):
        whole = sorted(wr.partial + (win,))
        if wr.win_group >= 0:
            assert whole == group_tiles(wr.reading.groups[wr.win_group])
        else:
            assert whole == [win, win] and wr.reading.pair in (win, -1)
