"""Request fields shared by every endpoint: tiles, melds, seats and the rules object.

Tile strings are parsed leniently here (problems are kept, not raised) so that a request's
reader (intake/) can report tile problems together with position problems in one 422.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from marshmallow import ValidationError, fields, validate

from calculator.core.errors import Issue
from calculator.core.hand import MELD_KINDS, SEATS
from calculator.core.notation import parse_tiles
from calculator.rules import OPTION_FIELDS

from .messages import OneOf, Schema

# A `visible` string may list most of the wall one tile at a time ("1m2m3m...", 2 characters
# a tile, 136 tiles) with separators; anything longer is not a tile list.
MAX_TILE_TEXT = 400
# Bounds of the integer inputs (StrictInteger): a counter or a stick count past 1000 is no game; a
# player's points stay far inside +-10 million under every preset's starting points.
MAX_COUNTER = 1000
MAX_POINTS = 10_000_000
MAX_WALL = 136
# A real position holds at most 4 melds (5 under 16-tile rules); a few more are still read, so that
# they get the domain's own too_many_melds problem, but no list of melds is longer than this.
MAX_MELDS = 8


class ParsedTiles(NamedTuple):
    text: str
    codes: tuple[int, ...]
    issues: tuple[Issue, ...]

    def at(self, field: str) -> list[Issue]:
        """The parse problems, pointed at `field`."""
        return [Issue(i.code, i.detail, field) for i in self.issues]


class TilesField(fields.String):
    """MPSZ tile string (e.g. "123m406p789s11z"; 0 = red five)."""

    def __init__(self, single: bool = False, **kw):
        self.single = single
        kw.setdefault("error_messages", {"invalid": "Not a valid string: one tile as a string, such as \"3m\", is "
                                         "expected." if single else "Not a valid string: a tile string such as "
                                         "\"3m\" or \"3m4p\" is expected."})
        kw.setdefault("metadata", {})
        kw["metadata"].setdefault("pattern", "^([0-9]+[mps]|[1-7]+z)*$" if not single else "^[0-9][mps]|[1-7]z$")
        super().__init__(**kw)

    def _deserialize(self, value, attr, data, **kw):
        text = super()._deserialize(value, attr, data, **kw)
        if len(text) > MAX_TILE_TEXT:
            raise ValidationError({"code": "too_long", "detail": f"At most {MAX_TILE_TEXT} characters."})
        return self.read(text)

    def read(self, text: str) -> ParsedTiles:
        """A string's tiles, parsed (problems kept); at most MAX_TILE_TEXT characters."""
        return _parsed_short(text, self.single) if len(text) <= SHORT_TILE_TEXT else _parsed(text, self.single)


# Single tiles, indicators and melds repeat from request to request; hands seldom do, so only short strings
# are cached (a cache of hands would only grow a worker: measured with bench/bench_load.py's soak).
SHORT_TILE_TEXT = 8


# Plain MPSZ text (digits then a suit letter, nothing else), which nearly every request sends: its codes are those of
# its groups in order, and a group ("234567m") is read once (a suit's digits: a bounded table, as many hands share
# their groups); anything else takes parse_tiles' whole pass, which words every problem. The text is plain when its
# groups, found anywhere in it, cover all of it.
_GROUPS = re.compile(r"[0-9]+[mps]|[1-7]+z").findall


@lru_cache(maxsize=4096)
def _group_codes(group: str) -> tuple[int, ...]:
    return parse_tiles(group)[0]


def _parsed(text: str, single: bool) -> ParsedTiles:
    groups = _GROUPS(text)
    if len("".join(groups)) == len(text):
        codes, issues = sum(map(_group_codes, groups), ()), ()   # the groups' codes joined, without a Python loop
    else:
        codes, issues = parse_tiles(text)
        issues = tuple(issues)
    if single and not issues and len(codes) != 1:
        issues = (Issue("not_one_tile", f"Exactly one tile is expected; '{text}' has {len(codes)}."),)
    return tuple.__new__(ParsedTiles, (text, codes, issues))   # ParsedTiles(...) without its __new__'s frame


# short tile texts (a discard, an indicator) read, by TilesField.single: plain dicts (a look-up costs less than an
# lru_cache's, which builds a key of the two arguments; schemas.fastload looks them up inline), emptied when full
SHORT_TILES: dict[bool, dict] = {False: {}, True: {}}
SHORT_TILES_CACHE = 1 << 10


def _parsed_short(text: str, single: bool) -> ParsedTiles:
    """_parsed of a text of at most SHORT_TILE_TEXT characters, kept in SHORT_TILES."""
    known = SHORT_TILES[single]
    found = known.get(text)
    if found is None:
        if len(known) >= SHORT_TILES_CACHE:
            known.clear()
        found = known[text] = _parsed(text, single)
    return found


class Choice(fields.String):
    """A string from a fixed list (validate.OneOf): a value that is no string at all (`riichi: true`) is told
    the allowed values too, not only "Not a valid string."."""

    def _deserialize(self, value, attr, data, **kw):
        if not isinstance(value, str):
            choices = next((v.choices for v in self.validators if isinstance(v, validate.OneOf)), None)
            if choices is not None:
                raise ValidationError(f"Not a valid string: one of {', '.join(map(str, choices))} is expected.")
        return super()._deserialize(value, attr, data, **kw)


class StrictBoolean(fields.Boolean):
    """JSON true or false only: marshmallow's Boolean also takes "yes", "on", 1 and the like."""

    def _deserialize(self, value, attr, data, **kw):
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class StrictInteger(fields.Integer):
    """A JSON integer between `minimum` and `maximum`, both documented in the spec.

    marshmallow's Integer turns 1.99 into 1 and "  3 " into 3, and even strict it takes true and
    false (bool is an int in Python). Here only a JSON integer loads: a number written with a
    fraction or exponent (2.0, 2e0) is refused too, since JSON carries no "integral float" and a
    client sending one has computed something else. Every integer input has an upper bound, so
    no arithmetic downstream meets a 300-digit number.
    """

    def __init__(self, *, minimum: int = 0, maximum: int, **kw):
        kw["validate"] = [validate.Range(min=minimum, max=maximum), *_as_list(kw.get("validate"))]
        super().__init__(strict=True, **kw)

    def _validated(self, value):
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.make_error("invalid", input=value)
        return value


def _as_list(validators) -> list:
    return [] if validators is None else [validators] if callable(validators) else list(validators)


class SeatField(Choice):
    """A seat name. Which seats exist depends on the rules (`players`): a request's reader checks the loaded
    seats against them (intake.collect.absent_seats: `north` under three players is no_such_seat)."""


def seat_field(**kw):
    return SeatField(validate=OneOf(SEATS), **kw)


def wind_field(**kw):
    """A round wind: any of the four winds, whatever the number of players (three-player rules may play a
    North round)."""
    return Choice(validate=OneOf(SEATS), **kw)


class _Bounded:
    """A list or map refused as a whole, before any item is read, when it holds more than `max_items`
    items: reading (and reporting on) thousands of items is work no real request needs."""

    def __init__(self, *args, max_items: int, what: str, **kw):
        self.max_items, self.what = max_items, what
        super().__init__(*args, **kw)

    def _deserialize(self, value, attr, data, **kw):
        if isinstance(value, (list, dict)) and len(value) > self.max_items:
            raise ValidationError({"code": "too_many_items", "detail": f"At most {self.max_items} {self.what}; "
                                   f"got {len(value)}."})
        return super()._deserialize(value, attr, data, **kw)


class BoundedList(_Bounded, fields.List):
    def __init__(self, inner, *, max_items: int, what: str, **kw):
        kw["validate"] = [validate.Length(max=max_items), *_as_list(kw.get("validate"))]
        super().__init__(inner, max_items=max_items, what=what, **kw)


class BoundedDict(_Bounded, fields.Dict):
    def __init__(self, *, max_items: int, what: str, **kw):
        kw.setdefault("metadata", {})["maxProperties"] = max_items
        super().__init__(max_items=max_items, what=what, **kw)


class MeldIn(Schema):
    kind = Choice(required=True, validate=OneOf(MELD_KINDS),
                         metadata={"description": "chi, pon, open_kan, closed_kan or added_kan."})
    tiles = TilesField(required=True, metadata={"description": "All tiles of the meld (3 or 4).", "example": "406m"})
    called = TilesField(single=True, load_default=None,
                        metadata={"description": "The claimed tile (not for closed_kan).", "example": "4m"})
    from_seat = seat_field(data_key="from", load_default=None,
                           metadata={"description": "Seat the claimed tile came from (not for closed_kan)."})


def melds_field(description: str = "Called and closed melds.", **kw):
    return BoundedList(fields.Nested(MeldIn), max_items=MAX_MELDS, what="melds", load_default=list,
                       metadata={"description": description, "example": [{"kind": "pon", "tiles": "777z",
                                                                          "from": "west"}]}, **kw)


class RulesField(_Bounded, fields.Dict):
    """`{"preset": NAME, option: value, ...}`; see GET /v1/presets/{name} for the options."""

    def __init__(self, **kw):
        kw.setdefault("load_default", dict)
        kw.setdefault("metadata", {"description": "Rule preset and option overrides: "
                                   "{\"preset\": NAME, option: value, ...}. GET /v1/presets/{name} lists the options.",
                                   "example": {"preset": "japanese_modern"}})
        # the preset and each option at most once: more keys than that cannot all be options
        super().__init__(keys=fields.String(), max_items=len(OPTION_FIELDS) + 1, what="entries (the preset and "
                         "one per rule option)", **kw)


class SameAs(fields.Integer):
    """An output integer that repeats another attribute under a clearer name (e.g. honba_points for a payment's
    `honba`, which API.md names and which holds points): marshmallow refuses two fields on one attribute."""

    def __init__(self, source: str, **kw):
        self.source = source
        super().__init__(**kw)

    def serialize(self, attr, obj, accessor=None, **kw):
        return super().serialize(self.source, obj, accessor, **kw)
