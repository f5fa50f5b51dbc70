import pytest
from hypothesis import given, strategies as st

from calculator.core.notation import format_tile, format_tiles, parse_tiles, sort_key
from calculator.core.tiles import NUM_KINDS, kind, name


def codes(text):
    parsed, issues = parse_tiles(text)
    assert issues == []
    return parsed


@pytest.mark.parametrize("text, expected", [
    pytest.param("", (), id="empty"),
    pytest.param("1m", (0,), id="one-tile"),
    pytest.param("19m19p19s", (0, 8, 9, 17, 18, 26), id="terminals"),
    pytest.param("1234567z", tuple(range(27, 34)), id="all-honours"),
    pytest.param("0m0p0s", (34, 35, 36), id="red-fives"),
    pytest.param("406m", (3, 34, 5), id="red-five-in-a-group"),
    pytest.param("11z123m", (27, 27, 0, 1, 2), id="any-group-order-kept-as-given"),
    pytest.param("1m1m1m", (0, 0, 0), id="repeated-suit-letters"),
    pytest.param("12m 34p,5s", (0, 1, 11, 12, 22), id="spaces-and-commas-ignored"),
])
def test_parse_tiles_codes_in_input_order(text, expected):
    assert codes(text) == expected


@pytest.mark.parametrize("text, canonical", [
    pytest.param("", "", id="empty"),
    pytest.param("11z789s456p123m", "123m456p789s11z", id="suits-in-mpsz-order"),
    pytest.param("3m1m2m", "123m", id="one-group-per-suit-sorted"),
    pytest.param("55p0p", "055p", id="red-five-before-plain-fives"),
    pytest.param("5m0m5s0s0p", "05m0p05s", id="red-fives-each-suit"),
    pytest.param("7z1z", "17z", id="honours-sorted"),
])
def test_format_tiles_canonical(text, canonical):
    assert format_tiles(codes(text)) == canonical
    assert format_tiles(codes(canonical)) == canonical


@pytest.mark.parametrize("text, expected", [
    pytest.param("8z", ["unknown_tile"], id="unknown_tile-8z"),
    pytest.param("0z", ["unknown_tile"], id="unknown_tile-0z"),
    pytest.param("189z", ["unknown_tile", "unknown_tile"], id="unknown_tile-each-one-listed"),
    pytest.param("1x", ["bad_character", "dangling_digits"], id="bad_character-letter"),
    pytest.param("1M", ["bad_character"], id="bad_character-upper-case-one-problem"),
    pytest.param("12m!", ["bad_character"], id="bad_character-punctuation"),
    pytest.param("\uff11m", ["bad_character", "dangling_suit"], id="bad_character-full-width-digit"),
    pytest.param("123", ["dangling_digits"], id="dangling_digits"),
    pytest.param("123m45", ["dangling_digits"], id="dangling_digits-after-a-group"),
    pytest.param("m", ["dangling_suit"], id="dangling_suit"),
    pytest.param("12mp", ["dangling_suit"], id="dangling_suit-second-letter"),
    pytest.param("8z9x1", ["unknown_tile", "bad_character", "dangling_digits"], id="three-problems-all-listed"),
])
def test_parse_tiles_error_codes(text, expected):
    parsed, issues = parse_tiles(text)
    assert [i.code for i in issues] == expected
    assert all(i.field == "" and i.detail for i in issues)   # the reader of a request places them


def test_parse_tiles_keeps_the_good_tiles_next_to_problems():
    parsed, issues = parse_tiles("12m8z3p")
    assert parsed == (0, 1, 11)
    assert [i.code for i in issues] == ["unknown_tile"]


def test_format_tile_and_name_agree_for_every_code():
    for code in range(NUM_KINDS + 3):
        assert format_tile(code) == name(code)
        assert codes(name(code)) == (code,)


def test_sort_key_puts_red_five_first_then_kind_order():
    assert sorted((4, 34, 3, 5), key=sort_key) == [3, 34, 4, 5]


SUITS = "mpsz"


def digit(code):
    return "0" if code >= NUM_KINDS else str(kind(code) % 9 + 1 if code < 27 else code - 26)


def suit_of(code):
    return SUITS[3 if kind(code) >= 27 else kind(code) // 9]


@st.composite
def tile_strings(draw):
    """Any multiset of tiles, written as runs of digits + suit letter in a random order."""
    tiles = draw(st.lists(st.integers(0, NUM_KINDS + 2), max_size=20))
    order = draw(st.permutations(tiles))
    runs, text = [], ""
    for code in order:
        if runs and draw(st.booleans()) and runs[-1][1] == suit_of(code):
            runs[-1][0].append(digit(code))
        else:
            runs.append(([digit(code)], suit_of(code)))
    for digits, s in runs:
        text += "".join(digits) + s
    return tiles, text


@given(tile_strings())
def test_parse_format_round_trip_is_canonical_and_stable(case):
    tiles, text = case
    parsed, issues = parse_tiles(text)
    assert issues == []
    assert sorted(parsed) == sorted(tiles)
    canonical = format_tiles(parsed)
    again, issues = parse_tiles(canonical)
    assert issues == []
    assert list(again) == sorted(tiles, key=sort_key)
    assert format_tiles(again) == canonical


@given(st.text(max_size=30))
def test_parse_tiles_never_raises_and_every_code_is_known(text):
    parsed, issues = parse_tiles(text)
    assert all(0 <= c < NUM_KINDS + 3 for c in parsed)
    assert {i.code for i in issues} <= {"unknown_tile", "bad_character", "dangling_digits", "dangling_suit"}


@pytest.mark.parametrize("text, codes_of, problems, says", [
    pytest.param("123M456P789S2345S", "123m456p789s2345s", 1, "send '123m456p789s2345s'",
                 id="upper-case-suits-one-problem-with-the-spelling"),
    pytest.param("1m2Z", "1m2z", 1, "send '1m2z'", id="one-upper-case-letter"),
    pytest.param("\U0001F007\U0001F008\U0001F009\U0001F019\U0001F010\U0001F000\U0001F004",
                 "123m1p1s17z", 1, "send '123m1p1s17z' for the 7 tiles sent", id="unicode-tiles-once-with-mpsz"),
    pytest.param("\U0001F006\ufe0f\U0001F005\U0001F004\ufe0f", "567z", 1, "send '567z'",
                 id="unicode-dragons-with-emoji-selectors"),
    pytest.param("\U0001F007\U0001F022\U0001F026", "1m", 1, "go in `flowers` / `seasons`",
                 id="unicode-flower-and-season-named"),
    pytest.param("\U0001F007x", "1m", 2, "send '1m'", id="unicode-then-another-bad-character"),
])
def test_wrong_spelling_is_one_problem_naming_the_mpsz(text, codes_of, problems, says):
    parsed, issues = parse_tiles(text)
    assert parsed == codes(codes_of)
    assert len(issues) == problems and all(i.code == "bad_character" for i in issues)
    assert says in issues[0].detail
