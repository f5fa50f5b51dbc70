"""Turn loaded request data into calculator values, collecting every problem before raising.

Schema-level type errors stop at marshmallow; everything after that (tile notation, rules,
meld shapes, tile counts) is gathered here so a 422 lists all of it at once. A schema that
derives from CollectingSchema also adds those domain problems to marshmallow's own, when the
fields they depend on did load.
"""
from __future__ import annotations

from marshmallow import Schema, ValidationError

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


def _add_issue(messages: dict, issue: Issue) -> None:
    """File a domain Issue into marshmallow's nested messages at its field path."""
    parts = [int(p) if p.isdigit() else p for p in issue.field.split("/") if p] or ["_schema"]
    node = messages
    for part in parts[:-1]:
        child = node.get(part)
        if not isinstance(child, dict):
            child = node[part] = {} if child is None else {"_schema": child}
        node = child
    leaf = node.get(parts[-1])
    entry = {"code": issue.code, "detail": issue.detail}
    if isinstance(leaf, dict):
        leaf.setdefault("_schema", []).append(entry)
    else:
        node[parts[-1]] = (leaf or []) + [entry]


class CollectingSchema(Schema):
    """Request schema that reports shape problems and domain problems in one 422.

    Subclasses name in `needs` the fields their @post_load builder cannot do without; when
    those loaded, `build` runs on the partial data (missing optional fields take their load
    defaults) and its Issues join marshmallow's messages.
    """

    needs: tuple[str, ...] = ()

    def handle_error(self, error: ValidationError, data, *, many: bool, **kwargs):
        loaded = error.valid_data if isinstance(error.valid_data, dict) else {}
        failed = error.messages if isinstance(error.messages, dict) else {}
        # a needed field that failed as a whole blocks the domain checks; one that failed only
        # inside some items (a meld's `from`) still loaded the rest of each item
        if many or any(f not in loaded or (f in failed and not isinstance(failed[f], dict)) for f in self.needs):
            return
        partial = {name: f.load_default() if callable(f.load_default) else f.load_default
                   for name, f in self.load_fields.items() if not f.required}
        partial.update(loaded)
        try:
            self.build(partial)
        except InvalidHand as err:
            messages = dict(failed)
            for issue in err.issues:
                _add_issue(messages, issue)
            raise ValidationError(messages) from err
        except (KeyError, TypeError, ValueError):
            return   # the shape problems make the rest unreadable; report those alone
