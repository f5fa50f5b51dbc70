"""Turn loaded request data into calculator values, collecting every problem before raising.

Schema-level type errors stop at marshmallow; everything after that (tile notation, rules,
meld shapes, tile counts) is gathered here so a 422 lists all of it at once. A schema that
derives from CollectingSchema runs its builder in marshmallow's `validates_schema` step, so those
domain problems join marshmallow's own: each check runs when the fields it depends on did load.
"""
from __future__ import annotations

from collections.abc import Mapping

from marshmallow import Schema, ValidationError, fields, post_load, validates_schema

from calculator.core.errors import InvalidHand, Issue, UnsupportedRules, did_you_mean
from calculator.core.hand import (SEATS, Hand, Meld, check_position, chi_issues, fold_red_fives, meld_seat_issues,
                                  no_such_seat, tile_set_issues)
from calculator.rules import collect_rules
from calculator.rules.overrides import rules_field_hint

from .fastload import Unsure, compile_fields
from .fields import SeatField
from .problems import MAX_PROBLEMS


class Collector:
    """Accumulates Issues and notes (codes of remarks on how the request was read, see schemas.notes);
    `done()` raises InvalidHand if any issue was found.

    Once `rules()` has read the rules, tile strings are read against them: a red five of a suit the
    tile set has no red fives of is a plain five (note `red_fives_read_as_plain`)."""

    def __init__(self):
        self.issues: list[Issue] = []
        self.notes: list[str] = []
        self.plain_suits: frozenset[int] = frozenset()

    def note(self, code: str) -> None:
        if code not in self.notes:
            self.notes.append(code)

    def tiles(self, parsed, field: str) -> tuple[int, ...]:
        if parsed is None:
            return ()
        if parsed.issues:
            self.issues += parsed.at(field)
        codes, folded = fold_red_fives(parsed.codes, self.plain_suits)
        if folded:
            self.note("red_fives_read_as_plain")
        return codes

    def tile(self, parsed, field: str) -> int | None:
        codes = self.tiles(parsed, field)
        return codes[0] if len(codes) == 1 else None

    def rules(self, payload):
        name, rules, issues = collect_rules(payload)
        self.issues += issues
        self.plain_suits = frozenset(s for s, n in enumerate(rules.red_fives) if n == 0)
        return name, rules

    @classmethod
    def for_request(cls, data: dict):
        """A collector for one request body, and the body's (preset name, Rules) with their problems collected."""
        col = cls()
        preset, rules = col.rules(data.get("rules"))
        return col, preset, rules

    def done(self):
        if self.issues:
            raise InvalidHand(self.issues)


def build_melds(col: Collector, melds: list[dict] | None, field: str = "melds") -> tuple[tuple[Meld, ...], set[int]]:
    """Melds from loaded MeldIn items, and the indexes of those whose kind or tiles did not load
    (in a CollectingSchema's error path an item holds only its fields that loaded)."""
    out, unread = [], set()
    for i, m in enumerate(melds or []):
        tiles = col.tiles(m.get("tiles"), f"{field}/{i}/tiles")
        called = col.tile(m.get("called"), f"{field}/{i}/called")
        if "kind" not in m or "tiles" not in m:
            unread.add(i)
        out.append(Meld(m.get("kind", "pon"), tiles, called, m.get("from_seat")))
    return tuple(out), unread


def loaded(data: dict, *keys: str) -> bool:
    """Every one of `keys` loaded: a CollectingSchema leaves out the fields that failed."""
    return all(k in data for k in keys)


def check_loaded_position(col: Collector, data: dict, hand: Hand, unread: set[int], hand_size: int, drawn,
                          extra=(), red_limits=None) -> None:
    """check_position's issues, less those that hang on a field that did not load: no tile count
    without the hand or the melds, no meld shape without the meld's kind and tiles."""
    for issue in check_position(hand, hand_size, drawn, list(extra), red_limits):
        if issue.code == "wrong_tile_count" and not loaded(data, "hand", "melds"):
            continue
        if issue.code == "too_many_melds" and not loaded(data, "melds"):
            continue
        if issue.code == "bad_meld" and _meld_index(issue.field) in unread:   # a set look-up: linear overall
            continue
        col.issues.append(issue)


def absent_seats(schema: Schema, data: dict, rules, prefix: str = "") -> list[Issue]:
    """`no_such_seat` for every seat in the loaded data that the rules do not seat (three players: north), found
    through the schema's SeatFields, nested schemas, lists and seat-keyed maps."""
    if len(rules.seats) == len(SEATS):
        return []
    issues: list[Issue] = []
    _seats_in_schema(schema, data, prefix, rules.seats, issues)
    return issues


def _seats_in_schema(schema: Schema, data, prefix: str, seats, issues: list) -> None:
    for name, f in schema.load_fields.items():
        if isinstance(data, Mapping) and name in data:
            _seats_in(f, data[name], prefix + (f.data_key or name), seats, issues)


def _seats_in(f, value, at: str, seats, issues: list) -> None:
    if value is None:
        return
    if isinstance(f, SeatField):
        if isinstance(value, str) and value not in seats:
            issues.append(no_such_seat(value, seats, at))
    elif isinstance(f, fields.Nested) and isinstance(value, Mapping):
        _seats_in_schema(f.schema, value, at + "/", seats, issues)
    elif isinstance(f, fields.List) and isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            _seats_in(f.inner, v, f"{at}/{i}", seats, issues)
    elif isinstance(f, fields.Dict) and isinstance(value, Mapping):
        for key, v in value.items():
            if isinstance(f.key_field, SeatField) and key not in seats:
                issues.append(no_such_seat(key, seats, f"{at}/{key}"))
            elif f.value_field is not None:
                _seats_in(f.value_field, v, f"{at}/{key}", seats, issues)


def _meld_index(field: str) -> int | None:
    """The meld a `melds/<i>/...` pointer names (any prefix before `melds`), or None."""
    parts = field.split("/")
    at = parts.index("melds") if "melds" in parts else -1
    return int(parts[at + 1]) if 0 <= at < len(parts) - 1 and parts[at + 1].isdigit() else None


def build_hand(col: Collector, data: dict, rules, drawn, extra=(), prefix: str = "") -> Hand:
    """Hand from `hand` and `melds`, checked against the rules' hand size and red fives. `extra` lists other
    (field, codes) tile groups that count towards the four-copies limit. Either field may be
    missing (it did not load): the checks that need it are left out."""
    concealed = col.tiles(data.get("hand"), prefix + "hand")
    melds, unread = build_melds(col, data.get("melds"), prefix + "melds")
    hand = Hand(concealed, melds)
    check_loaded_position(col, data, hand, unread, rules.hand_size, drawn, extra, rules.red_fives)
    if rules.removed_tiles:
        col.issues += tile_set_issues([(prefix + "hand", concealed)] + [
            (f"{prefix}melds/{i}/tiles", m.tiles) for i, m in enumerate(melds)] + list(extra), rules)
    col.issues += chi_issues(melds, rules, prefix + "melds")
    return hand


def seat_issues(melds: list[dict], seat: str, field: str = "melds") -> list[Issue]:
    """calculator.core.hand.meld_seat_issues for loaded MeldIn items (an item whose kind did not load is no chi)."""
    return meld_seat_issues([Meld(m.get("kind", "pon"), (), None, m.get("from_seat")) for m in melds], seat, field)


def _add_issue(messages: dict, issue: Issue) -> None:
    """File a domain Issue into marshmallow's nested messages at its field path."""
    parts = [int(p) if p.isascii() and p.isdigit() else p for p in issue.field.split("/") if p] or ["_schema"]
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
    fails: the request schemas, and those a builder loads on its own (a short-form win, its pao, a game record).
    Not for list items: each item's load would start its own budget of suggestions."""

    def handle_error(self, error: ValidationError, data, *, many: bool, **kwargs):
        if not many and isinstance(data, Mapping) and isinstance(error.messages, dict):
            suggest_names(error.messages, self)


def joined(messages, issues) -> ValidationError:
    """marshmallow's shape messages with the domain Issues filed in at their pointers: one 422."""
    messages = dict(messages) if isinstance(messages, dict) else {}
    for issue in issues:
        _add_issue(messages, issue)
    return ValidationError(messages)


class Draft:
    """A builder's outcome that the route finishes after loading (a stage of the calculator runs on it first,
    e.g. /v1/settle's scoring of full hands): it carries the problems the builder found so far, and the route
    joins them with the stage's own. Loading never runs that stage."""


class Unfinished(ValidationError):
    """A load with shape problems whose builder still returned a Draft from the fields that loaded: the route
    runs the stage on `draft` and answers the shape messages and every domain problem in one 422."""

    def __init__(self, messages, draft: Draft):
        super().__init__(messages)
        self.draft = draft


# Where the domain check leaves the builder's outcome for the post-load step (a key no request field has)
BUILT = "\0built"


class CollectingSchema(NamingSchema):
    """Request schema that reports shape problems and domain problems in one 422.

    Subclasses define `build(data)`: the calculator values of the loaded fields, with every domain problem
    collected (schemas.build.Collector) and raised as InvalidHand. It runs in marshmallow's schema-level
    validation step (`validates_schema`), also when some fields failed: marshmallow then leaves them out
    (missing optional fields take their load defaults), and `build` reports the problems it can find
    without them, never one that hangs on a field it could not read. With field problems, the builder's
    Issues join marshmallow's messages at their pointers; without, its InvalidHand is the answer. A builder
    may instead return a Draft (a request a later stage finishes, see Unfinished): load returns it, or raises
    Unfinished with the shape messages when fields failed.

    A plainly valid body skips marshmallow's field pass (schemas.fastload: the same data) and goes
    straight to `build`.
    """

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        own = all([(name, many) for name, many, _ in self._hooks[tag]] == [hook] for tag, hook in OWN_HOOKS.items())
        self.fast_fields = compile_fields(self) if own else None

    def build(self, data: dict):
        """The request's calculator values from the loaded fields; InvalidHand with every problem found."""
        raise NotImplementedError

    def load(self, data, *, many=None, partial=None, unknown=None):
        """The body loaded and built. A plainly valid body skips marshmallow's field pass (schemas.fastload,
        the same data); any other goes through marshmallow's full load, which reports every problem."""
        if self.fast_fields is not None and many is None and partial is None and unknown is None:
            try:
                loaded = self.fast_fields(data)
            except Unsure:
                pass
            else:
                try:
                    return self.build(loaded)
                except ValidationError:
                    pass   # a builder's own shape problem: the full load files it
        return super().load(data, many=many, partial=partial, unknown=unknown)

    @validates_schema(skip_on_field_errors=False, pass_original=True)
    def domain_problems(self, data: dict, original, **kw):
        """Run the builder on the fields that loaded; its outcome (the request, or the problems) waits in the
        data for the post-load step or, when fields failed, for handle_error."""
        if not isinstance(original, Mapping):   # not an object at all: marshmallow's own problem says so
            return
        usable = {k: v for k, v in data.items() if not self._shifted(k, v, original)}
        try:
            data[BUILT] = self.build(usable)
        except (InvalidHand, UnsupportedRules, KeyError, TypeError, ValueError) as err:
            data[BUILT] = err   # KeyError and the like: a builder that cannot go on without a missing field

    def _shifted(self, name: str, value, original) -> bool:
        """A list of plain values that lost some items: marshmallow keeps the others, but not at their indexes,
        so the builder does not read it (a list of objects keeps each at its place)."""
        f = self.load_fields.get(name)
        if not isinstance(f, fields.List) or isinstance(f.inner, fields.Nested) or not isinstance(value, list):
            return False
        sent = original.get(f.data_key or name)
        return isinstance(sent, list) and len(value) != len(sent)

    @post_load
    def built(self, data: dict, **kw):
        outcome = data[BUILT]
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    def handle_error(self, error: ValidationError, data, *, many: bool, **kwargs):
        if many or not isinstance(data, Mapping):
            return
        super().handle_error(error, data, many=many, **kwargs)
        outcome = error.valid_data.get(BUILT) if isinstance(error.valid_data, dict) else None
        if isinstance(outcome, Draft):
            raise Unfinished(error.messages, outcome)
        if isinstance(outcome, (InvalidHand, UnsupportedRules)):
            raise joined(error.messages, outcome.issues) from outcome


OWN_HOOKS = {"validates_schema": ("domain_problems", False), "post_load": ("built", False)}
