"""marshmallow's own messages, reworded so that each one says what would have been valid, through its documented
hooks: the project's base Schema (every schema of schemas/ derives from it) sets its schema-level message and,
in `on_bind_field`, each bound field's messages (and those of a list's items and a map's keys and values); and
OneOf, marshmallow's validator whose refusal of a misspelt string also names the nearest allowed values ("Did
you mean 'south'?"). Nothing of marshmallow is patched: a schema or field outside schemas/ keeps its own
messages. A required field's message names what to send (its allowed values or its example); the `required`
code of a 422 is matched on is_required_message (schemas.problems).
"""
from __future__ import annotations

import json

import marshmallow
from marshmallow import ValidationError, fields, validate

from calculator.core.errors import nearest_choices

REQUIRED = "Missing data for required field: send it (openapi.yaml lists every field with an example)."
REQUIRED_PREFIX = "Missing required field "
MESSAGES = {
    fields.Field: {"required": REQUIRED,
                   "null": "Field may not be null: send a value, or leave the field out where it is optional."},
    fields.String: {"invalid": "Not a valid string: a JSON string is expected."},
    fields.Integer: {"invalid": "Not a valid integer: a JSON whole number (no fraction or exponent) is expected."},
    fields.Boolean: {"invalid": "Not a valid boolean: true or false is expected."},
    fields.List: {"invalid": "Not a valid list: a JSON array is expected."},
    fields.Dict: {"invalid": "Not a valid mapping type: a JSON object is expected."},
    fields.Nested: {"type": "Invalid type: a JSON object is expected."},
}
SCHEMA = {"type": "Invalid input type: a JSON object is expected."}


def required_detail(key: str, f: fields.Field) -> str:
    """What a missing required field's problem says: the field's allowed values, else its documented example."""
    choices = next((v.choices for v in f.validators if isinstance(v, validate.OneOf)), None)
    if choices is not None:
        return f"{REQUIRED_PREFIX}{key!r}: send one of {', '.join(map(str, choices))}."
    example = f.metadata.get("example")
    if example is not None:
        return f"{REQUIRED_PREFIX}{key!r}: send it, for example {json.dumps(example)}."
    return f"{REQUIRED_PREFIX}{key!r}: send it (openapi.yaml describes every field, with an example)."


def _braced(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")   # marshmallow formats a field's messages with str.format


def _for_example(text: str, example) -> str:
    """A type message ("... is expected.") followed by the field's documented example."""
    return f"{text.removesuffix('.')}, for example {json.dumps(example)}."


def _noted(message: str, f: fields.Field) -> str:
    """The message with the field's `shape_note` (e.g. another route takes the field in another shape)."""
    note = f.metadata.get("shape_note")
    return f"{message.removesuffix('.')} ({note})." if note else message


def _object_example(f: fields.Nested, example: dict) -> None:
    """A Nested field's own instance of its schema: a value that is no object is shown `example`."""
    if isinstance(f.nested, type):
        f.schema.error_messages = {**f.schema.error_messages,
                                   "type": _for_example(_noted(SCHEMA["type"], f), example)}


def _name_what_to_send(schema: marshmallow.Schema, field_name: str, field_obj: fields.Field) -> None:
    """Schema.on_bind_field: a required field's own `required` message, and for an object or array field with a
    documented example, its type message followed by that example (an array of objects: each item's too)."""
    if field_obj.required:
        text = required_detail(field_obj.data_key or field_name, field_obj)
        field_obj.error_messages = {**field_obj.error_messages, "required": _braced(text)}
    example = field_obj.metadata.get("example")
    if isinstance(field_obj, fields.Nested) and isinstance(example, dict):
        _object_example(field_obj, example)
        key = "type"
    elif isinstance(field_obj, fields.Dict) and isinstance(example, dict):
        key = "invalid"
    elif isinstance(field_obj, fields.List) and isinstance(example, list) and example:
        key = "invalid"
        if isinstance(field_obj.inner, fields.Nested) and isinstance(example[0], dict):
            _object_example(field_obj.inner, example[0])
    else:
        return
    message = _noted(field_obj.error_messages[key], field_obj)
    field_obj.error_messages = {**field_obj.error_messages, key: _braced(_for_example(message, example))}


class OneOf(validate.OneOf):
    """validate.OneOf, whose refusal of a misspelt string ("Ron", "sout", "e") also names the nearest allowed
    values."""

    def __call__(self, value):
        try:
            return super().__call__(value)
        except ValidationError:
            hint = nearest_choices(value, self.choices)
            if not hint:
                raise
            raise ValidationError(f"{self._format_error(value)}{hint}") from None


def is_required_message(text: str) -> bool:
    return text == REQUIRED or text.startswith(REQUIRED_PREFIX)


def _class_messages(cls, ours: bool) -> dict:
    """A field class's default messages as marshmallow merges them (its classes', most derived last), with the
    rewordings of MESSAGES or without."""
    merged = {}
    for c in reversed(cls.__mro__):
        merged.update(_own_or_inherited(c, ours))
    return merged


def _own_or_inherited(cls, ours: bool) -> dict:
    """`cls.default_error_messages` as attribute look-up finds it, where each class of MESSAGES holds its own
    (marshmallow's, reworded)."""
    for k in cls.__mro__:
        if ours and k in MESSAGES:
            return {**getattr(k, "default_error_messages", {}), **MESSAGES[k]}
        if "default_error_messages" in vars(k):
            return vars(k)["default_error_messages"]
    return {}


def reword(field: fields.Field) -> None:
    """The field's messages with MESSAGES' rewordings wherever it keeps marshmallow's default (a message its own
    class or its `error_messages` argument sets stays), and the same for a list's items and a map's keys and
    values."""
    plain = _class_messages(type(field), ours=False)
    given = {k: v for k, v in field.error_messages.items() if plain.get(k) != v}
    field.error_messages = {**_class_messages(type(field), ours=True), **given}
    for inner in (getattr(field, "inner", None), getattr(field, "key_field", None),
                  getattr(field, "value_field", None)):
        if isinstance(inner, fields.Field):
            reword(inner)


class Schema(marshmallow.Schema):
    """The base of every schema of schemas/: marshmallow's Schema with the reworded messages (the schema-level
    one here, each field's as it is bound) and, for a required field or an object or array field with a
    documented example, a message that names what to send."""
    error_messages = SCHEMA

    def on_bind_field(self, field_name: str, field_obj: fields.Field) -> None:
        reword(field_obj)
        _name_what_to_send(self, field_name, field_obj)


# An unknown field that players commonly send under another name or at another level: what to send instead
# (a schema's `unknown_hints`, read by schemas.base.unknown_detail).
INDICATOR_HINTS = {
    "dora": "send the dora indicators (the tiles turned face up, not the dora they point to) as `dora_indicators`, "
            "as in \"dora_indicators\": \"1m\".",
    **dict.fromkeys(("ura", "ura_dora"), "send the ura indicators (the tiles under the dora indicators) as "
                                         "`ura_dora_indicators`."),
}
_WIN_BY = "say how the hand won with `win_by`: \"tsumo\" or \"ron\"."
_CLAIM = ("the han and fu are worked out from the hand; to check a value announced at the table send it in "
          "`claim`, as in \"claim\": {\"han\": 2, \"fu\": 30}.")
WIN_HINTS = {**INDICATOR_HINTS, "tsumo": _WIN_BY, "ron": _WIN_BY, "han": _CLAIM, "fu": _CLAIM}
_IN_WINS = ("it is a field of each entry of `wins`, as in \"wins\": [{\"winner\": \"south\", \"han\": 2, "
            "\"fu\": 30}].")
OUTCOME_HINTS = {
    **dict.fromkeys(("winner", "han", "fu", "yakuman", "tai", "points", "pao", "riichi", "hand"), _IN_WINS),
    "tenpai": "the seats with a ready (tenpai) hand go in `ready`, as in \"ready\": [\"east\", \"south\"].",
}
