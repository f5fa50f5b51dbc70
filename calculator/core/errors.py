"""Domain problems: every impossible input is collected as an Issue, never raised one by one.

An Issue carries a stable snake_case `code` for clients, a `detail` for people and the
request `field` it concerns (a JSON pointer path such as "hand" or "melds/0/tiles").
InvalidHand wraps the full list so the HTTP layer can report every problem at once.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Issue:
    code: str
    detail: str
    field: str = ""


class InvalidHand(Exception):
    """Raised with every Issue found in a request that cannot describe a real position."""

    def __init__(self, issues):
        self.issues = tuple(issues)
        super().__init__("; ".join(i.detail for i in self.issues))


class UnsupportedRules(Exception):
    """Raised when a preset does not define what the request asks (e.g. scoring for a family
    whose hand scoring is outside the rule collection)."""

    def __init__(self, code: str, detail: str, field: str = "rules"):
        self.issues = (Issue(code, detail, field),)
        super().__init__(detail)
