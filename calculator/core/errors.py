"""Domain problems: every impossible input is collected as an Issue, never raised one by one.

An Issue carries a stable snake_case `code` for clients, a `detail` for people and the
request `field` it concerns (a JSON pointer path such as "hand" or "melds/0/tiles").
InvalidHand wraps the full list so the HTTP layer can report every problem at once.
"""
from __future__ import annotations

import difflib
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
    """Raised when the rules do not define what is asked (e.g. scoring for a family whose hand scoring is outside
    the rule collection). Its one Issue's field is the OPTION that decides it ("" for the rules as a whole): the
    web layer answers it at the request's `rules` object."""

    def __init__(self, code: str, detail: str, option: str = ""):
        self.option = option
        self.issues = (Issue(code, detail, option),)
        super().__init__(detail)


def closest(name: object, names, n: int = 3) -> list[str]:
    """The `n` valid names nearest to a misspelt one (difflib), best first; [] when none is near."""
    if not isinstance(name, str):
        return []
    return difflib.get_close_matches(name, list(names), n=n, cutoff=0.6)


def _suggest(near) -> str:
    return f" Did you mean {', '.join(repr(x) for x in near)}?" if near else ""


def did_you_mean(name: object, names, n: int = 3) -> str:
    """' Did you mean 'a', 'b'?' for the nearest valid names, or '' when none is near."""
    return _suggest(closest(name, names, n))


def nearest_choices(value: object, choices) -> str:
    """did_you_mean for a value outside a fixed list: the choices spelt nearly alike ("Ron", "sout"), else the
    only ones it begins ("e" for east), else those holding it ("draw"); '' when none is near."""
    if not isinstance(value, str) or not value.strip():
        return ""
    names = [c for c in choices if isinstance(c, str)]
    low = value.strip().lower()
    near = (closest(value, names) or [c for c in names if c.lower().startswith(low)]
            or ([c for c in names if low in c.lower()] if len(low) >= 3 else []))
    return _suggest(near) if len(near) <= 3 else ""
