"""Turn loaded request data into calculator values, collecting every problem before raising.

Schema-level type errors stop at marshmallow; everything after that (tile notation, rules,
meld shapes, tile counts) is gathered here so a 422 lists all of it at once.
"""
from __future__ import annotations

from calculator.errors import InvalidHand, Issue
from calculator.hand import Hand, Meld, check_position
from calculator.rules import collect_rules


class Collector:
    """Accumulates Issues; `done()` raises InvalidHand if any were found."""

    def __init__(self):
        self.issues: list[Issue] = []

    def tiles(self, parsed, field: str) -> tuple[int, ...]:
        if parsed is None:
            return ()
        self.issues += parsed.at(field)
        return parsed.codes

    def tile(self, parsed, field: str) -> int | None:
        codes = self.tiles(parsed, field)
        return codes[0] if len(codes) == 1 else None

    def rules(self, payload):
        name, rules, issues = collect_rules(payload)
        self.issues += issues
        return name, rules

    def done(self):
        if self.issues:
            raise InvalidHand(self.issues)


def build_melds(col: Collector, melds: list[dict], field: str = "melds") -> tuple[Meld, ...]:
    out = []
    for i, m in enumerate(melds or []):
        tiles = col.tiles(m["tiles"], f"{field}/{i}/tiles")
        called = col.tile(m.get("called"), f"{field}/{i}/called")
        out.append(Meld(m["kind"], tiles, called, m.get("from_seat")))
    return tuple(out)


def build_hand(col: Collector, data: dict, rules, drawn, extra=(), red_limits=None, prefix: str = "") -> Hand:
    """Hand from `hand` and `melds`, checked against the rules' hand size. `extra` lists other
    (field, codes) tile groups that count towards the four-copies limit."""
    concealed = col.tiles(data["hand"], prefix + "hand")
    hand = Hand(concealed, build_melds(col, data.get("melds"), prefix + "melds"))
    col.issues += check_position(hand, rules.hand_size, drawn, list(extra), red_limits)
    return hand
