"""A tile string's reading (schemas.fields.TilesField): plain MPSZ text is read group by group, every other text by
parse_tiles' whole pass; both give what parse_tiles alone gives (codes in order, every problem worded)."""
import pytest
from hypothesis import given, settings, strategies as st

from calculator.core.errors import Issue
from calculator.core.notation import parse_tiles
from schemas.fields import ParsedTiles, _parsed
from tests.budget import examples


def by_parse_tiles(text: str, single: bool) -> ParsedTiles:
    """The reading as it was before the group-by-group path: parse_tiles on the whole text."""
    codes, issues = parse_tiles(text)
    if single and not issues and len(codes) != 1:
        issues = [Issue("not_one_tile", f"Exactly one tile is expected; '{text}' has {len(codes)}.")]
    return ParsedTiles(text, codes, tuple(issues))


@pytest.mark.parametrize("text, single", [
    pytest.param("234567m234p67s55s", False, id="a-plain-hand"),
    pytest.param("406p11z0m0s", False, id="red-fives-and-honours"),
    pytest.param("5m", True, id="one-tile"),
    pytest.param("55m", True, id="two-tiles-where-one-is-expected"),
    pytest.param("", False, id="empty"),
    pytest.param("123m 456p", False, id="a-space-between-groups"),
    pytest.param("123m,456p", False, id="a-comma-between-groups"),
    pytest.param("123M", False, id="an-upper-case-suit"),
    pytest.param("18z", False, id="a-honour-beyond-7z"),
    pytest.param("0z", False, id="a-red-honour"),
    pytest.param("123", False, id="digits-without-a-suit"),
    pytest.param("m123m", False, id="a-suit-without-digits"),
    pytest.param("12x3m", False, id="a-foreign-character"),
    pytest.param("\U0001F007\U0001F008", False, id="unicode-tiles"),
    pytest.param("\uff11m", False, id="a-non-ascii-digit"),
])
def test_a_tile_text_reads_as_parse_tiles_reads_it(text, single):
    assert _parsed(text, single) == by_parse_tiles(text, single)


@settings(max_examples=examples(200), deadline=None)
@given(st.text(alphabet="0123456789mpszMx ,", max_size=24), st.booleans())
def test_any_tile_text_reads_as_parse_tiles_reads_it(text, single):
    assert _parsed(text, single) == by_parse_tiles(text, single)
