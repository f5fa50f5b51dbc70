"""The JSON encoder of every answer: Flask's own settings, with the encoder built once.

Flask's provider writes an answer as `json.dumps(obj, default=..., ensure_ascii=True, sort_keys=True,
separators=(",", ":"))`, which builds a new JSONEncoder for every answer. This provider keeps one
encoder with exactly those settings (so every answer is byte for byte what Flask writes) and hands any
other call (debug mode's indented output, other arguments) to Flask. Measured with bench/bench_path.py:
about 1 µs less on a /v1/score answer; the unsorted encoder would save a little more but would change
the bytes of every answer, so keys stay sorted. An answer already written as that text (schemas.answer_text.JSONText:
/v1/evaluate, /v1/furiten) is sent as it is; in the other layouts (debug mode's indentation) it is read back first.
"""
from __future__ import annotations

import json

from flask.json.provider import DefaultJSONProvider

from schemas.answer_text import JSONText

COMPACT = (",", ":")


class AnswerJSON(DefaultJSONProvider):
    def __init__(self, app):
        super().__init__(app)
        self.compact_encoder = json.JSONEncoder(default=self.default, ensure_ascii=self.ensure_ascii,
                                                sort_keys=self.sort_keys, separators=COMPACT)

    def dumps(self, obj, **kwargs) -> str:
        if len(kwargs) == 1 and kwargs.get("separators") == COMPACT:
            return obj if type(obj) is JSONText else self.compact_encoder.encode(obj)
        if type(obj) is JSONText:
            obj = json.loads(obj)
        return super().dumps(obj, **kwargs)
