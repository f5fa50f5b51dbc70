"""A request schema's fields compiled once into plain checks: the load of a body that is plainly valid.

marshmallow walks every declared field of a request schema for every request (getters, an error store,
missing-value checks, one call chain per field): for /v1/score's 35 fields that cost more than scoring the
hand (bench/bench_path.py). `compile_fields(schema)` turns the schema's fields into a function of the
body that returns exactly the dict marshmallow's field pass would hand to the schema's hooks, or raises
`Unsure` as soon as a value is anything but a plainly valid one (a wrong type, a value out of range, an
unknown key, a missing required field). The schema then runs marshmallow's full load, which finds and
reports every problem as before: this path never reports anything itself.

Each field type the request schemas use has a direct check; any other field, or a value the direct check
does not take, goes through the field's own `deserialize`, and a ValidationError there is `Unsure` too.
tests/api/test_fastload.py checks on generated bodies, valid and broken, that both paths give the same
data or that this one defers.
"""
from __future__ import annotations

from collections.abc import Callable

from marshmallow import RAISE, Schema, ValidationError, fields, validate
from marshmallow.utils import missing

from .messages import OneOf
from .fields import (MAX_TILE_TEXT, SHORT_TILE_TEXT, SHORT_TILES, SHORT_TILES_CACHE, BoundedDict,  # noqa: F401
                     BoundedList, Choice, RulesField, SeatField, StrictBoolean, StrictInteger, TilesField, _Bounded,
                     _parsed, _parsed_short)   # SHORT_TILES_CACHE: the bound tests/api/test_cache_bounds.py reads here


_ABSENT = object()   # a field the body leaves out and that has no load default


class Unsure(Exception):
    """The body is not plainly valid: let marshmallow's full load read it."""


Convert = Callable[[object], object]



def _generic(f: fields.Field) -> Convert:
    def convert(value):
        try:
            return f.deserialize(value)
        except ValidationError:
            raise Unsure from None
    return convert


def _only(f: fields.Field, kind) -> list:
    """The field's validators if all are of `kind`, else None."""
    vs = list(f.validators)
    return vs if all(type(v) is kind for v in vs) else None


def _max_length(f: fields.Field) -> int | None:
    """The one bound a list field's validators set (Length(max=N) only), or None if they do anything else."""
    vs = _only(f, validate.Length)
    if vs is None or any(v.min is not None or v.equal is not None for v in vs):
        return None
    return min((v.max for v in vs if v.max is not None), default=1 << 62)


def _plain_text(f: fields.Field):
    """For a string field taken as it is (at most one OneOf): its allowed values (None: any string); else False."""
    if type(f) in (fields.String, Choice, SeatField) and not f.pre_load:   # Choice only words a non-string's
        one_of = _only(f, OneOf)                                              # problem differently
        if one_of is not None and len(one_of) <= 1:
            return frozenset(one_of[0].choices) if one_of else None
    return False


def _plain_integer(f: fields.Field) -> tuple | None:
    """For a StrictInteger field with inclusive ranges only: its (lowest, highest); else None."""
    if type(f) is StrictInteger and not f.pre_load:
        ranges = _only(f, validate.Range)
        if ranges and all(r.min_inclusive and r.max_inclusive for r in ranges):
            return (max((r.min for r in ranges if r.min is not None), default=float("-inf")),
                    min((r.max for r in ranges if r.max is not None), default=float("inf")))
    return None


def field_converter(f: fields.Field) -> Convert:
    """A check-and-convert function for one field's present value (the field's deserialize, short-cut)."""
    slow = _generic(f)
    if f.pre_load:
        return slow
    if type(f) is TilesField and not f.validators:
        single = f.single
        known = SHORT_TILES[single]

        def tiles(value):   # TilesField.read, called directly
            if type(value) is str:
                if len(value) <= SHORT_TILE_TEXT:
                    found = known.get(value)   # fields' table of short texts, looked up inline
                    return found if found is not None else _parsed_short(value, single)
                if len(value) <= MAX_TILE_TEXT:
                    return _parsed(value, single)
            return slow(value)
        return tiles
    allowed = _plain_text(f)
    if allowed:   # each choice (and null, if allowed) maps to itself; any other value is a KeyError (TypeError:
        return {c: c for c in (allowed | {None} if f.allow_none else allowed)}.__getitem__   # unhashable): Unsure
    if allowed is None:
        def text(value):   # any string
            return value if type(value) is str else slow(value)
        return text
    if type(f) is StrictBoolean and not f.validators:
        def flag(value):
            return value if type(value) is bool else slow(value)
        return flag
    bounds = _plain_integer(f)
    if bounds is not None:
        lo, hi = bounds

        def integer(value):
            return value if type(value) is int and lo <= value <= hi else slow(value)
        return integer
    if type(f) is fields.Nested and f.unknown is None and f.only is None and not f.exclude and not f.many \
            and not f.validators and not any(f.schema._hooks[tag] for tag in SCHEMA_HOOKS):
        load = compile_fields(f.schema)
        if load is not None:
            return load   # the nested schema's own load, called directly
    if type(f) in (fields.List, BoundedList):
        most = _max_length(f)
        if most is not None:
            inner = field_converter(f.inner)

            def items(value):
                if type(value) is not list or len(value) > most:
                    return slow(value)
                return list(map(inner, value))
            return items
    if type(f) in (fields.Dict, BoundedDict, RulesField) and not f.validators:
        most = f.max_items if isinstance(f, _Bounded) else 1 << 62
        key = field_converter(f.key_field) if f.key_field is not None else None
        val = field_converter(f.value_field) if f.value_field is not None else None

        def mapping(value):
            if type(value) is not dict or len(value) > most:
                return slow(value)
            if key is None and val is None:
                return dict(value)
            return {(k if key is None else key(k)): (v if val is None else val(v)) for k, v in value.items()}
        names = _plain_text(f.key_field) if f.key_field is not None else False
        bounds = _plain_integer(f.value_field) if f.value_field is not None else None
        if names and bounds is not None:   # a map of names to integers (scores per seat), checked inline
            lo, hi = bounds

            def named_integers(value):
                if type(value) is dict and len(value) <= most:
                    for k, v in value.items():
                        if k not in names or type(v) is not int or not lo <= v <= hi:
                            return mapping(value)
                    return dict(value)
                return mapping(value)
            return named_integers
        if names is None and f.value_field is None:   # any string key, the values as they are (the rules object)
            def text_keys(value):
                if type(value) is dict and len(value) <= most:
                    for k in value:
                        if type(k) is not str:
                            return mapping(value)
                    return dict(value)
                return mapping(value)
            return text_keys
        return mapping
    return slow


LOAD_HOOKS = ("pre_load", "validates")   # what runs before or on the fields (the schema-level steps are the caller's)
SCHEMA_HOOKS = ("validates_schema", "post_load")   # a nested schema with these is loaded by marshmallow itself


def compile_fields(schema: Schema) -> Callable[[object], dict] | None:
    """The body -> loaded fields function of `schema` (see the module's docstring), or None when the schema's
    field pass does more than its fields (a pre-load hook, a field validator, unknown keys allowed). The
    schema-level steps after it (validates_schema, post_load) are left to the caller."""
    if schema.unknown != RAISE or schema.many or any(schema._hooks[tag] for tag in LOAD_HOOKS):
        return None
    by_key, template, absent, made, required = {}, {}, [], [], set()
    for name, f in schema.load_fields.items():
        key, attr, ld = f.data_key or name, f.attribute or name, f.load_default
        by_key[key] = (attr, field_converter(f))
        template[attr] = _ABSENT if f.required or ld is missing or callable(ld) else ld
        if f.required:
            required.add(key)
        elif callable(ld):
            made.append((key, attr, ld))
        elif ld is missing:
            absent.append(attr)
    # Every field in declared order (marshmallow's), holding its plain default or _ABSENT: the body's values
    # overwrite theirs in place, made defaults fill theirs, and a field that stays _ABSENT is dropped.
    absent = tuple(absent)
    # empty list and dict defaults made for every such field, then overwritten (cheaper than testing the body's keys)
    lists = tuple(attr for _, attr, make in made if make is list)
    maps = tuple(attr for _, attr, make in made if make is dict)
    made = tuple(entry for entry in made if entry[2] not in (list, dict))
    required = tuple(required)   # few (most schemas one to three): looked up one by one, no set built

    def load(data) -> dict:
        if type(data) is not dict:
            raise Unsure
        for key in required:
            if key not in data:
                raise Unsure
        out = template.copy()
        for attr in lists:
            out[attr] = []
        for attr in maps:
            out[attr] = {}
        try:
            for key, value in data.items():
                attr, convert = by_key[key]
                out[attr] = convert(value)
        except (KeyError, TypeError):   # a key no field reads, or a choice field's look-up of a value that is no
            raise Unsure from None      # choice (or is unhashable)
        for key, attr, make in made:
            if key not in data:
                out[attr] = make()
        for attr in absent:
            if out[attr] is _ABSENT:
                del out[attr]
        return out
    return load
