import os
from dataclasses import fields as dc_fields

import hypothesis
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from marshmallow import fields, validate

from calculator.core.notation import parse_tiles
from calculator.rules import PRESETS, Rules, describe_option
from intake.rules import read_rules
from schemas.fields import RulesField, TilesField
from tools.openapi import ROUTES
from tests.budget import examples

POSTS = [(r[0], r[2], r[6]["example"]) for r in ROUTES if r[1] == "post"]
TILE_NAMES = [f"{d}{s}" for s in "mps" for d in "0123456789"] + [f"{d}z" for d in "1234567"]

# Tile strings: mostly well-formed (so the calculator runs), some near misses, some noise.
TILES = st.one_of(
    st.lists(st.sampled_from(TILE_NAMES), max_size=18).map("".join),
    st.text(alphabet="0123456789mpsz", max_size=30),
    st.text(max_size=12),
)
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-2**40, 2**40), st.integers(-3, 40),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=10), TILES)
GARBAGE = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=10)


def option_values(option):
    """Values of the option's own type (right or wrong), near misses, and anything JSON."""
    d = describe_option(option)
    fallback = {"boolean": st.booleans(), "integer": st.integers(-3, 50000), "string": st.text(max_size=8),
                "array": st.integers(-2, 8)}[d["type"]]
    item = st.sampled_from(d["choices"]) if "choices" in d else fallback
    own = st.lists(item, max_size=5) if d["type"] == "array" else item
    return st.one_of(own, own, st.lists(st.booleans() | st.integers(-2, 5) | st.text(max_size=3), max_size=5), SCALARS)


OPTION_VALUES = {f.name: option_values(f) for f in dc_fields(Rules)}
OPTION_VALUES.update(preset=st.sampled_from(list(PRESETS)) | SCALARS, no_such_option=GARBAGE)
RULES = st.lists(st.sampled_from(sorted(OPTION_VALUES)), max_size=4, unique=True).flatmap(
    lambda keys: st.fixed_dictionaries({k: OPTION_VALUES[k] for k in keys}))


def value_for(field, depth=0):
    """Values of the field's own kind most of the time, anything JSON the rest."""
    if isinstance(field, fields.Nested) and depth < 3:
        own = body_for(field.schema, depth + 1)
        own = st.lists(own, max_size=5) if field.many else own
    elif isinstance(field, fields.List) and depth < 3:
        own = st.lists(value_for(field.inner, depth + 1), max_size=6)
    elif isinstance(field, RulesField):
        own = RULES
    elif isinstance(field, fields.Dict):
        own = st.dictionaries(st.sampled_from(["east", "south", "west", "north", "x"]), SCALARS, max_size=5)
    elif isinstance(field, fields.Boolean):
        own = st.booleans()
    elif isinstance(field, fields.Integer):
        own = st.integers(-5, 200000)
    elif isinstance(field.validate, validate.OneOf):
        own = st.sampled_from(list(field.validate.choices))
    else:
        own = TILES
    return st.one_of(own, own, own, GARBAGE)


def body_for(schema, depth=0):
    """Objects with the schema's field names (any subset), sometimes with an unknown key."""
    optional = {(f.data_key or name): value_for(f, depth) for name, f in schema.fields.items() if not f.dump_only}
    return st.fixed_dictionaries({}, optional=optional) | st.fixed_dictionaries(
        {}, optional={**optional, "not_a_field": GARBAGE})


def wall_tiles(n):
    """n distinct tiles of the 136 (copy 0 of each five is the red one), as an MPSZ string."""
    def name(t):
        kind, copy = divmod(t, 4)
        suit, digit = divmod(kind, 9)
        return f"{0 if digit == 4 and suit < 3 and copy == 0 else digit + 1}{'mpsz'[suit]}"
    return st.lists(st.integers(0, 135), min_size=n, max_size=n, unique=True).map(
        lambda ts: "".join(name(t) for t in ts))


def like(value, field):
    """Values shaped like the example's: same tile counts, same meld count, other tiles."""
    if isinstance(field, TilesField) and isinstance(value, str):
        return wall_tiles(len(parse_tiles(value)[0]))
    if isinstance(field, fields.List) and isinstance(field.inner, fields.Nested) and isinstance(value, list):
        return st.tuples(*(near(v, field.inner.schema) for v in value)).map(list)
    if isinstance(field, RulesField):
        return st.builds(lambda preset, more: {"preset": preset, **more}, st.sampled_from(list(PRESETS)), RULES)
    if isinstance(value, dict) and isinstance(field, fields.Nested):
        return near(value, field.schema)
    if isinstance(value, dict):  # a free-form object (scores by seat): the same keys, other values
        return st.fixed_dictionaries({k: st.just(v) | SCALARS for k, v in value.items()})
    return value_for(field)


def near(example, schema):
    """The route's example with some fields redrawn: most bodies reach the calculator."""
    parts, optional = {}, {}
    for name, f in schema.fields.items():
        key = f.data_key or name
        if key in example:
            kept = st.just(example[key])
            parts[key] = st.one_of(kept, kept, like(example[key], f))
        elif not f.dump_only:
            optional[key] = value_for(f)
    fixed = st.fixed_dictionaries(parts)
    if not optional:
        return fixed
    # at most one field the example lacks: with many optional fields, drawing each of them would
    # almost always add one that is refused, and the body would rarely reach the calculator
    extra = st.sampled_from(sorted(optional)).flatmap(lambda k: optional[k].map(lambda v: (k, v)))
    return fixed | st.tuples(fixed, extra).map(lambda p: {**p[0], p[1][0]: p[1][1]})


def check(resp):
    assert resp.status_code < 500, resp.get_data(as_text=True)
    if resp.status_code == 200:
        assert resp.mimetype == "application/json"
        assert isinstance(resp.get_json(), dict)
    else:
        assert 400 <= resp.status_code < 500
        assert resp.mimetype == "application/problem+json"
        body = resp.get_json()
        assert body["status"] == resp.status_code and body["title"] and body["detail"]
        if resp.status_code == 422:
            assert body["errors"] and all({"pointer", "code", "detail"} <= set(e) for e in body["errors"])


FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", examples(10))), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                         HealthCheck.data_too_large])


@pytest.mark.parametrize("path,schema,example", POSTS, ids=[p for p, _, _ in POSTS])
@FUZZ
@given(data=st.data())
def test_fuzz_post_route_never_fails(client, path, schema, example, data):
    body = data.draw(st.one_of(near(example, schema()), near(example, schema()), body_for(schema()), GARBAGE))
    check(client.post(path, json=body))


@pytest.mark.parametrize("path,schema,example", POSTS, ids=[p for p, _, _ in POSTS])
def test_fuzz_reaches_the_calculator(client, path, schema, example):
    # the generator is only worth running if it also makes new bodies that the route answers with 200: three
    # of them among up to 120 derandomized bodies (posting stops at the third; 60 bodies were too few to stay
    # clear of chance once a schema changed what the generator draws)
    answered = []

    @settings(max_examples=examples(120), database=None, deadline=None, derandomize=True)
    @given(near(example, schema()))
    def probe(body):
        if body != example and answered.count(200) < 3:
            answered.append(client.post(path, json=body).status_code)

    probe()
    assert answered.count(200) >= 3, answered


# Brackets and braces nested up to far past the recursion limit (json.loads raises RecursionError there)
DEEP = st.builds(lambda opens, depth, inner: (opens * depth + inner).encode(), st.sampled_from(["[", '{"a":', '[{"b":']),
                 st.integers(1, 3000), st.sampled_from(["", "1", "]" * 3000, "}" * 3000, "}]" * 3000]))


@pytest.mark.parametrize("path", [p for p, _, _ in POSTS])
@settings(max_examples=examples(30), deadline=None)
@given(raw=st.binary(max_size=200) | st.text(max_size=200).map(str.encode) | DEEP)
@hypothesis.example(raw=b"[" * 1000 + b"]" * 1000)
@hypothesis.example(raw=b'{"hand": "123m456p789s2345s", "rules": {"x": ' + b"[" * 990 + b"]" * 990 + b"}}")
def test_fuzz_raw_bytes_never_fail(client, path, raw):
    check(client.post(path, data=raw, content_type="application/json"))


NASTY = [[False], [], [1], [True, 1, 1], [9, 9, 9, 9], [""], -1, 0, 10**9, "", None, {}, 1.5, True]
# only what the rules check lets through can reach a calculator, so only that is sent
ACCEPTED = [(o, v) for o in sorted(OPTION_VALUES) for v in NASTY
            if o in Rules.__dataclass_fields__ and not read_rules({o: v})[2]]


@pytest.mark.parametrize("path,schema,example", POSTS, ids=[p for p, _, _ in POSTS])
def test_every_option_with_odd_values_never_fails(client, path, schema, example):
    for option, value in ACCEPTED:
        body = {**example, "rules": {**example.get("rules", {}), option: value}}
        check(client.post(path, json=body))


# Schemathesis reads the committed openapi.yaml from the app and checks every documented operation:
# no 5xx, documented status codes and media types, bodies that match the response schemas, and
# schema-violating requests refused. Schema-valid requests may still be refused (422): a schema
# cannot say "at most four copies of a tile", so that check is left out.
schemathesis = pytest.importorskip("schemathesis")
from schemathesis.checks import positive_data_acceptance  # noqa: E402

from app import create_app  # noqa: E402

# the coverage phase tries boundary values of every rule option on every route: minutes, not seconds
ST_CONFIG = schemathesis.config.SchemathesisConfig.from_dict(
    {"phases": {"coverage": {"enabled": False}, "stateful": {"enabled": False}}})
SCHEMA = schemathesis.openapi.from_wsgi("/openapi.yaml", create_app({"TESTING": True}), config=ST_CONFIG)


@SCHEMA.parametrize()
@settings(max_examples=int(os.environ.get("SCHEMATHESIS_EXAMPLES", examples(10))), deadline=None,
          suppress_health_check=list(HealthCheck))
def test_schemathesis(case):
    case.call_and_validate(excluded_checks=[positive_data_acceptance])
