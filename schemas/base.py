"""The request schemas' base: a body's shape, read in one pass that reports every problem of it.

RequestSchema loads a body's fields (schemas.fastload: a plainly valid body skips marshmallow's field pass and
gives the same data) and reports every shape problem in one ValidationError; an unknown field's problem says
where the key belongs or names the closest field names (suggest_names). What the loaded fields mean (tiles
against the rules, a position, an outcome) is intake/'s to read, once the shape is clean.
"""
from __future__ import annotations

from collections.abc import Mapping

from marshmallow import ValidationError, fields

from calculator.core.errors import did_you_mean
from calculator.rules.overrides import rules_field_hint

from .messages import Schema
from .fastload import SCHEMA_HOOKS, Unsure, compile_fields
from .problems import MAX_PROBLEMS

UNKNOWN = "Unknown field."


def _home(key: str, names: dict) -> str:
    """Where a key unknown at this level is a field: a nested object's (`outcome`) or each list item's."""
    homes = []
    for name, f in names.items():
        inner = f.inner if isinstance(f, fields.List) else f
        if isinstance(inner, fields.Nested) and key in {g.data_key or n for n, g in inner.schema.load_fields.items()}:
            homes.append(f"each entry of `{name}`" if inner is not f or inner.many else f"`{name}`")
    return f"it is a field of {' and of '.join(homes[:2])}: move it there." if homes else ""


def unknown_detail(key: str, names: dict, schema: Schema) -> str:
    """An unknown field's detail: the schema's own hint for that key (`unknown_hints`: a common synonym or a field
    sent at the wrong level), else where it is a field, else the nearest names (and the level's fields when few)."""
    hint = getattr(schema, "unknown_hints", {}).get(key) or _home(key, names) or (
        rules_field_hint(key) if "rules" in names else "")
    if hint:
        return f"Unknown field {key!r}: {hint}"
    detail = f"Unknown field {key!r}.{did_you_mean(key, names)}"
    return detail + (f" Fields here: {', '.join(names)}." if len(names) <= 12 else " Every field is listed at /docs.")


# Unknown fields given a worked-out detail (the nearest names cost a string comparison with every field): a 422
# lists at most MAX_PROBLEMS problems, and a body of thousands of unknown keys must not cost thousands of them.
SUGGESTED = MAX_PROBLEMS


def suggest_names(messages: dict, schema: Schema, budget: list[int] | None = None) -> None:
    """Each "Unknown field." among a schema's messages (nested ones included) becomes an `unknown_field`
    problem that says where the key belongs or names the closest field names, in place (the first SUGGESTED of
    them; the rest are told to leave the key out)."""
    budget = [SUGGESTED] if budget is None else budget
    names = {f.data_key or n: f for n, f in schema.load_fields.items()}
    for key, value in messages.items():
        if value == [UNKNOWN]:
            budget[0] -= 1
            detail = unknown_detail(key, names, schema) if budget[0] >= 0 else \
                f"Unknown field {key!r}: leave it out (every field is listed at /docs)."
            messages[key] = {"code": "unknown_field", "detail": detail}
            continue
        f = names.get(key)
        inner = f.inner if isinstance(f, fields.List) else f.value_field if isinstance(f, fields.Dict) else f
        if isinstance(inner, fields.Nested) and isinstance(value, dict):
            if isinstance(f, (fields.List, fields.Dict)) or inner.many:
                for item in value.values():
                    sub = item.get("value", item) if isinstance(f, fields.Dict) and isinstance(item, dict) else item
                    if isinstance(sub, dict):
                        suggest_names(sub, inner.schema, budget)
            else:
                suggest_names(value, inner.schema, budget)


class NamingSchema(Schema):
    """A schema whose unknown fields are told where they belong or the names near them (suggest_names) when a load
    fails: the request schemas, and those a reader loads on its own (a short-form win, its pao, a game record).
    Not for list items: each item's load would start its own budget of suggestions."""

    def handle_error(self, error: ValidationError, data, *, many: bool, **kwargs):
        if not many and isinstance(data, Mapping) and isinstance(error.messages, dict):
            suggest_names(error.messages, self)


class RequestSchema(NamingSchema):
    """A request body's schema: `load` gives its loaded fields or raises one ValidationError with every shape
    problem. A plainly valid body skips marshmallow's field pass (schemas.fastload: the same data)."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        plain = not any(self._hooks[tag] for tag in SCHEMA_HOOKS)
        self.fast_fields = compile_fields(self) if plain else None

    def load(self, data, *, many=None, partial=None, unknown=None):
        if self.fast_fields is not None and many is None and partial is None and unknown is None:
            try:
                return self.fast_fields(data)
            except Unsure:
                pass
        return super().load(data, many=many, partial=partial, unknown=unknown)
