"""POST /v1/settle's request in two stages: loading (schemas.settle, shape and the checks of what was sent)
and then the calculator's scoring of every full /v1/score body (calculator.table.wins.score_full_hands).

Loading never scores. It gives a draft even when some fields failed (schemas.build.Unfinished); the
scoring still runs on what loaded, so a hand that is not a win is listed with the shape problems in
one 422, exactly as if both had been found in one pass.
"""
from __future__ import annotations

from marshmallow import ValidationError

from calculator.core.errors import InvalidHand, UnsupportedRules
from calculator.table.wins import score_full_hands
from schemas.build import Unfinished, joined
from schemas.settle import SETTLE_IN, SettleRequest, finish


def settle_request(payload) -> SettleRequest:
    """The loaded, scored request; ValidationError or InvalidHand with every problem of the body."""
    try:
        draft, messages = SETTLE_IN.load(payload), None
    except Unfinished as err:
        draft, messages = err.draft, err.messages
    try:
        wins, issues = score_full_hands(draft.wins, draft.rules, draft.only_reasons)
        req = finish(draft, wins, issues)
    except (InvalidHand, UnsupportedRules) as err:
        if messages is None:
            raise
        raise joined(messages, err.issues) from err
    except (KeyError, TypeError, ValueError):
        if messages is None:
            raise
        raise ValidationError(messages) from None   # a check that needs a field that did not load: shape only
    if messages is not None:
        raise ValidationError(messages)
    return req
