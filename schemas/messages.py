"""marshmallow's own messages, reworded so that each one says what would have been valid.

Imported once by schemas.fields (so by every request schema). marshmallow keeps these messages as class
defaults; the service is their only user in its process. A required field's message names what to send (its
allowed values or its example); the `required` code of a 422 is matched on is_required_message
(schemas.problems). A value outside a fixed list that is near an allowed one is told the nearest ("Did you mean
'south'?").
"""
from __future__ import annotations

import json

from marshmallow import Schema, ValidationError, fields, validate

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


def _name_what_to_send(schema: Schema, field_name: str, field_obj: fields.Field) -> None:
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


_ONE_OF = validate.OneOf.__call__


def _one_of_naming_the_nearest(self: validate.OneOf, value):
    """validate.OneOf, whose refusal of a misspelt string ("Ron", "sout", "e") also names the nearest allowed values."""
    try:
        return _ONE_OF(self, value)
    except ValidationError:
        hint = nearest_choices(value, self.choices)
        if not hint:
            raise
        raise ValidationError(f"{self._format_error(value)}{hint}") from None


def is_required_message(text: str) -> bool:
    return text == REQUIRED or text.startswith(REQUIRED_PREFIX)


def install() -> None:
    for cls, messages in MESSAGES.items():
        cls.default_error_messages = {**cls.default_error_messages, **messages}
    Schema._default_error_messages = {**Schema._default_error_messages, **SCHEMA}
    Schema.on_bind_field = _name_what_to_send
    validate.OneOf.__call__ = _one_of_naming_the_nearest


# An unknown field that players commonly send under another name or at another level: what to send instead
# (a schema's `unknown_hints`, read by schemas.build.unknown_detail).
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
