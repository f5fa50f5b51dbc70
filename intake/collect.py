"""What every reader shares: the Collector of a request's problems and notes, and the reading of a hand.

A reader runs once a body's shape is clean (schemas/: every field loaded, each with its value or its load
default), so it reads whole values; it gathers every domain problem (tile notation against the rules, meld
shapes, tile counts, seats the rules lack) before raising, so a 422 lists all of them at once.
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from operator import itemgetter

from marshmallow import Schema, fields

from calculator.core.errors import InvalidHand, Issue
from calculator.core.hand import (SEATS, Hand, Meld, check_position, chi_issues, copies_within_limits, fold_red_fives,
                                  meld_seat_issues, no_such_seat, tile_set_issues)
from schemas.fields import SeatField

from .rules import read_rules


_CODES = itemgetter(1)   # a (field, codes) tile group's codes


@lru_cache(maxsize=64)   # keyed by a rules' red-five counts: few distinct values
def _plain_suits(red_fives: tuple[int, int, int]) -> frozenset[int]:
    """The suits (0 m, 1 p, 2 s) a tile set has no red five of."""
    return frozenset(s for s, n in enumerate(red_fives) if n == 0)


class Collector:
    """Accumulates Issues and notes (codes of remarks on how the request was read, see schemas.notes);
    `done()` raises InvalidHand if any issue was found.

    Once `rules()` has read the rules, tile strings are read against them: a red five of a suit the
    tile set has no red fives of is a plain five (note `red_fives_read_as_plain`)."""

    def __init__(self):
        self.issues: list[Issue] = []
        self.notes: list[str] = []
        self.plain_suits: frozenset[int] = frozenset()

    def note(self, code: str) -> None:
        if code not in self.notes:
            self.notes.append(code)

    def tiles(self, parsed, field: str) -> tuple[int, ...]:
        if parsed is None:
            return ()
        if parsed.issues:
            self.issues += parsed.at(field)
        codes, folded = fold_red_fives(parsed.codes, self.plain_suits)
        if folded:
            self.note("red_fives_read_as_plain")
        return codes

    def tile(self, parsed, field: str) -> int | None:
        codes = self.tiles(parsed, field)
        return codes[0] if len(codes) == 1 else None

    def rules(self, payload):
        name, rules, issues = read_rules(payload)
        self.issues += issues
        self.plain_suits = _plain_suits(rules.red_fives)
        return name, rules

    @classmethod
    def for_request(cls, data: dict):
        """A collector for one request body, and the body's (preset name, Rules) with their problems collected."""
        col = cls()
        preset, rules = col.rules(data.get("rules"))
        return col, preset, rules

    def done(self):
        if self.issues:
            raise InvalidHand(self.issues)


def at(prefix: str, issues) -> list[Issue]:
    """Issues whose field is relative to a part of the request, pointed at it (`prefix` ends with its slash)."""
    return [Issue(i.code, i.detail, prefix + i.field) for i in issues]


def build_melds(col: Collector, melds: list[dict], field: str = "melds") -> tuple[Meld, ...]:
    """Melds from loaded MeldIn items."""
    return tuple(Meld(m["kind"], col.tiles(m["tiles"], f"{field}/{i}/tiles"), col.tile(m["called"],
                                                                                         f"{field}/{i}/called"),
                      m["from_seat"]) for i, m in enumerate(melds))


def build_hand(col: Collector, data: dict, rules, drawn, extra=(), prefix: str = "") -> Hand:
    """Hand from `hand` and `melds`, checked against the rules' hand size and red fives. `extra` lists other
    (field, codes) tile groups that count towards the four-copies limit (codes: a tuple)."""
    concealed = col.tiles(data["hand"], prefix + "hand")
    melds = build_melds(col, data["melds"], prefix + "melds") if data["melds"] else ()
    hand = object.__new__(Hand)   # Hand(concealed, melds) without its frozen __init__ (it has no __post_init__)
    hand.__dict__.update(concealed=concealed, melds=melds)
    if melds or drawn is not False or len(concealed) != rules.hand_size or not copies_within_limits(
            sum(map(_CODES, extra), concealed), rules.red_fives):   # every group's tiles after the hand's
        col.issues += check_position(hand, rules.hand_size, drawn, list(extra), rules.red_fives)
    if rules.removed_tiles:
        col.issues += tile_set_issues([(prefix + "hand", concealed)] + [
            (f"{prefix}melds/{i}/tiles", m.tiles) for i, m in enumerate(melds)] + list(extra), rules)
    if melds:
        col.issues += at(prefix + "melds/", chi_issues(melds, rules))
    return hand


def absent_seats(schema: Schema, data: dict, rules, prefix: str = "") -> list[Issue]:
    """`no_such_seat` for every seat in the loaded data that the rules do not seat (three players: north), found
    through the schema's SeatFields, nested schemas, lists and seat-keyed maps."""
    if len(rules.seats) == len(SEATS):
        return []
    issues: list[Issue] = []
    _seats_in_schema(schema, data, prefix, rules.seats, issues)
    return issues


def _seats_in_schema(schema: Schema, data, prefix: str, seats, issues: list) -> None:
    for name, f in schema.load_fields.items():
        if isinstance(data, Mapping) and name in data:
            _seats_in(f, data[name], prefix + (f.data_key or name), seats, issues)


def _seats_in(f, value, at: str, seats, issues: list) -> None:
    if value is None:
        return
    if isinstance(f, SeatField):
        if isinstance(value, str) and value not in seats:
            issues.append(seat_missing(value, seats, at))
    elif isinstance(f, fields.Nested) and isinstance(value, Mapping):
        _seats_in_schema(f.schema, value, at + "/", seats, issues)
    elif isinstance(f, fields.List) and isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _seats_in(f.inner, v, f"{at}/{i}", seats, issues)
    elif isinstance(f, fields.Dict) and isinstance(value, Mapping):
        for key, v in value.items():
            if isinstance(f.key_field, SeatField) and key not in seats:
                issues.append(seat_missing(key, seats, f"{at}/{key}"))
            elif f.value_field is not None:
                _seats_in(f.value_field, v, f"{at}/{key}", seats, issues)


def seat_missing(seat: str, seats, pointer: str) -> Issue:
    """calculator.core.hand.no_such_seat at the seat's pointer."""
    issue = no_such_seat(seat, seats)
    return Issue(issue.code, issue.detail, pointer)


def seat_issues(melds: list[dict], seat: str, field: str = "melds") -> list[Issue]:
    """calculator.core.hand.meld_seat_issues for loaded MeldIn items (at `field`, their list)."""
    return at(field + "/", meld_seat_issues([Meld(m["kind"], (), None, m["from_seat"]) for m in melds], seat))
