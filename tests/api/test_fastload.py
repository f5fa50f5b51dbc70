"""The compiled field pass (schemas/fastload.py) against marshmallow's own, on generated bodies.

For every request schema: the fast pass takes a body exactly when marshmallow's field pass finds no
problem in it, and then gives the same data; and the whole load (fast or full) gives the same
loaded fields, or the same problems, as marshmallow's load alone.
"""
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from marshmallow import Schema, ValidationError, fields, post_load, pre_load
from marshmallow.error_store import ErrorStore

from calculator.core.errors import InvalidHand, UnsupportedRules
from calculator.rules import PRESETS
from intake.rules import read_rules
from schemas.base import RequestSchema
from schemas.fastload import Unsure, compile_fields
from schemas.messages import OneOf
from tools.openapi import ROUTES
from tests.api.test_fuzz import GARBAGE, body_for, near
from tests.budget import examples

POSTS = [(r[0], r[2], r[6]["example"]) for r in ROUTES if r[1] == "post" and issubclass(r[2], RequestSchema)]
PROPERTY = settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                            HealthCheck.data_too_large])


def field_pass(schema, body):
    """marshmallow's field pass alone: (data, errors)."""
    store = ErrorStore()
    data = schema._deserialize(body, error_store=store, many=False, partial=None, unknown=schema.unknown)
    return data, store.errors


def outcome(load, body):
    """What a load gives: the request value (and its notes), or the problems it raised."""
    try:
        call = load(body)
    except ValidationError as err:
        return "invalid", err.messages
    except (InvalidHand, UnsupportedRules) as err:
        return type(err).__name__, err.issues
    return "loaded", call, getattr(call, "notes", None)


def test_every_request_schema_compiles():
    assert POSTS
    for path, schema, _ in POSTS:
        assert schema().fast_fields is not None, path


@pytest.mark.parametrize("path,schema,example", POSTS, ids=[p for p, _, _ in POSTS])
@PROPERTY
@given(data=st.data())
def test_fast_pass_takes_exactly_the_bodies_marshmallow_takes(path, schema, example, data):
    s = schema()
    body = data.draw(st.one_of(near(example, s), near(example, s), near(example, s), body_for(s), GARBAGE))
    try:
        fast = s.fast_fields(body)
    except Unsure:
        fast = Unsure
    if not isinstance(body, dict):
        assert fast is Unsure
        return
    full, errors = field_pass(s, body)
    if errors:
        assert fast is Unsure, errors
    else:
        assert fast == full
        assert list(fast) == list(full)


@pytest.mark.parametrize("path,schema,example", POSTS, ids=[p for p, _, _ in POSTS])
@PROPERTY
@given(data=st.data())
def test_load_answers_as_marshmallow_alone(path, schema, example, data):
    s = schema()
    body = data.draw(st.one_of(near(example, s), near(example, s), body_for(s)))
    assert outcome(s.load, body) == outcome(lambda b: Schema.load(s, b), body)


def test_the_examples_take_the_fast_pass():
    for path, schema, example in POSTS:
        s = schema()
        assert s.fast_fields(example) == field_pass(s, example)[0], path


class Hooked(Schema):
    hand = fields.String()

    @pre_load
    def strip(self, data, **kw):
        return data


def test_a_schema_whose_load_does_more_than_its_fields_is_not_compiled():
    assert compile_fields(Hooked()) is None


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_preset_named_alone_resolves_as_through_the_overrides(preset):
    # {"preset": NAME} takes a shortcut; an override that changes nothing takes the full path
    name, rules, issues = read_rules({"preset": preset})
    assert (name, rules, issues) == read_rules({"preset": preset, "players": rules.players}) == (
        preset, PRESETS[preset].rules, [])


class Inner(Schema):
    tile = fields.String()

    @post_load
    def wrap(self, data, **kw):
        return ("wrapped", data)


class Outer(Schema):
    inner = fields.Nested(Inner)


def test_a_nested_schema_with_its_own_steps_is_loaded_by_marshmallow():
    body = {"inner": {"tile": "1m"}}
    assert compile_fields(Outer())(body) == Schema.load(Outer(), body) == {"inner": ("wrapped", {"tile": "1m"})}


class Seats(Schema):
    seat = fields.String(allow_none=True, validate=OneOf(("east", "south")))
    side = fields.String(validate=OneOf(("east", "south")))


@pytest.mark.parametrize("body,taken", [
    ({"seat": "east"}, True),
    ({"seat": None}, True),              # a choice field that allows null takes null on the fast pass
    ({"seat": "west"}, False),
    ({"side": None}, False),             # one that does not leaves null to marshmallow's problem
    ({"seat": ["east"]}, False),         # unhashable: no look-up error escapes
], ids=["choice", "null-allowed", "no-choice", "null-refused", "unhashable"])
def test_choice_fields_on_the_fast_pass(body, taken):
    load = compile_fields(Seats())
    if taken:
        assert load(body) == field_pass(Seats(), body)[0] == body
    else:
        with pytest.raises(Unsure):
            load(body)
