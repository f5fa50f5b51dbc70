"""marshmallow's own messages, reworded so that each one says what would have been valid.

Imported once by schemas.fields (so by every request schema). marshmallow keeps these messages as class
defaults; the service is their only user in its process. The `required` code of a 422 is matched on
REQUIRED (schemas.problems).
"""
from __future__ import annotations

from marshmallow import Schema, fields

REQUIRED = "Missing data for required field: send it (openapi.yaml lists every field with an example)."
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


def install() -> None:
    for cls, messages in MESSAGES.items():
        cls.default_error_messages = {**cls.default_error_messages, **messages}
    Schema._default_error_messages = {**Schema._default_error_messages, **SCHEMA}
