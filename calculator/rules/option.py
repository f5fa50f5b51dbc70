"""One rule option: its declaration (a table of calculator/rules/options/<area>.toml) as a dataclass field,
its description in the answers and the check of its values.

An option is a field of the frozen Rules dataclass (calculator.rules.registry) whose metadata carries its
meaning, source and allowed values. Its type is the type of its default: boolean, integer, string (an
enumeration when it has choices) or array (a tuple default: names drawn from its choices, or a fixed number of
integers). The same check serves the declarations themselves, request overrides (intake.rules) and preset files
(calculator.rules.loader); its Issues name the option (as sent), and a request's reader places them.
"""
from __future__ import annotations

import json
from dataclasses import Field, field

from calculator.core.errors import Issue, did_you_mean
from calculator.core.notation import parse_tiles
from calculator.core.tiles import NUM_KINDS, kind

MAX_OPTION_INT = 10**9   # bound of an integer option value unless its declaration sets "maximum"
TYPES = {"boolean": bool, "integer": int, "string": str, "array": tuple}
# what an option's table may say beyond type, default, meaning and source, and what each must be:
# choices (the allowed values, or the names an array draws from), minimum / maximum (integer bounds),
# multiple_of (a step), per_payer (the step is the self-draw payers, players - 1, rather than multiple_of,
# checked by calculator.rules.overrides against the rules' players), lengths (the lengths a list of
# integers may have), tiles (an MPSZ string of distinct plain kinds)
CHECKS = {"choices": list, "minimum": int, "maximum": int, "multiple_of": int, "per_payer": bool, "lengths": list,
          "tiles": bool}
_REQUIRED = ("type", "default", "meaning", "source")
_KINDS = {list: "a list", int: "an integer", bool: "true or false"}


def declare_option(name: str, table: dict) -> tuple[Field | None, list[str]]:
    """The dataclass field of option `name` from its TOML table, or None and every problem of the table
    (an unknown or missing key, a key of the wrong type, a type that is not its default's, a default the
    option does not take)."""
    problems = [f"'{k}' is missing" for k in _REQUIRED if k not in table]
    problems += [f"unknown key '{k}'" for k in table if k not in _REQUIRED and k not in CHECKS]
    problems += [f"'{k}' must be {'a string' if k in _REQUIRED else _KINDS[CHECKS[k]]}"
                 for k, v in table.items() if k != "default" and k in (*_REQUIRED, *CHECKS)
                 and type(v) is not (str if k in _REQUIRED else CHECKS[k])]
    if problems:
        return None, problems
    default = tuple(table["default"]) if isinstance(table["default"], list) else table["default"]
    if table["type"] not in TYPES or type(default) is not TYPES[table["type"]]:
        return None, [f"type {table['type']!r} is not the type of the default {table['default']!r} "
                      f"({', '.join(TYPES)})"]
    meta = {"meaning": table["meaning"], "source": table["source"]}
    meta.update({k: tuple(v) if isinstance(v, list) else v for k, v in table.items() if k in CHECKS})
    f = field(default=default, metadata=meta)
    f.name = name
    return f, [i.detail for i in check_value(f, default, name)]


def option_type(f: Field) -> str:
    """boolean, integer, array or string: the JSON type of the option's values."""
    default = f.default
    return ("boolean" if isinstance(default, bool) else "integer" if isinstance(default, int)
            else "array" if isinstance(default, tuple) else "string")


def describe_option(f: Field) -> dict:
    """The option as GET /v1/presets/{name} and openapi.yaml describe it (without a preset's value)."""
    meta = f.metadata
    out = {"name": f.name, "description": meta["meaning"], "source": meta["source"],
           "default": list(f.default) if isinstance(f.default, tuple) else f.default, "type": option_type(f)}
    if "choices" in meta:
        out["choices"] = list(meta["choices"])
    if "minimum" in meta:
        out["minimum"] = meta["minimum"]
    if "multiple_of" in meta:
        out["multiple_of"] = meta["multiple_of"]
    return out


def check_value(f: Field, value, sent: str | None = None) -> list[Issue]:
    """`invalid_option` if `value` is not one the option takes (type, choices, bounds, step). The problem names
    the option as sent (`sent`: an alias such as `uma`, shown with the option it stands for; the option's own name
    when None), and its field is that name; for a wrong type it shows the option's default as an example; a
    misspelt choice is told the nearest ones."""
    sent = f.name if sent is None else sent
    label = f"'{f.name}'" if sent == f.name else f"'{sent}' ({f.name})"
    default = f.default
    meta = f.metadata
    if isinstance(default, bool):
        ok = isinstance(value, bool)
        want = "true or false"
    elif isinstance(default, int):
        ok = isinstance(value, int) and not isinstance(value, bool)
        want = "an integer"
    elif isinstance(default, tuple):
        # numbers per suit or per rank have a fixed length; JSON true/false are not numbers here
        numeric = bool(default) and isinstance(default[0], int)
        sizes = meta.get("lengths", (len(default),))
        ok = isinstance(value, (list, tuple)) and (len(value) in sizes if numeric else True) and all(
            isinstance(v, int) and not isinstance(v, bool) if numeric else isinstance(v, str) for v in value)
        want = f"a list of {' or '.join(map(str, sizes))} integers" if numeric else "a list of names"
    elif isinstance(default, str):
        ok = isinstance(value, str)
        want = f"one of {', '.join(map(str, meta['choices']))}" if "choices" in meta else "a string"
    else:
        ok, want = True, ""
    if not ok:
        shown = "2345678m" if meta.get("tiles") else _as_json(default)
        plain = isinstance(default, bool) or shown == "" or (isinstance(default, str) and "choices" in meta)
        example = "" if plain else f", for example {json.dumps(shown)}"   # a choice's message lists them all
        return [Issue("invalid_option", f"Option {label} takes {want}{example}.", sent)]
    if "choices" in meta:
        items = value if isinstance(value, (list, tuple)) else [value]
        bad = [v for v in items if v not in meta["choices"]]
        if bad:
            hint = did_you_mean(bad[0], [c for c in meta["choices"] if isinstance(c, str)]) if len(bad) == 1 else ""
            return [Issue("invalid_option", f"Option {label} accepts {', '.join(map(str, meta['choices']))}; "
                          f"got {', '.join(map(str, bad))}.{hint}", sent)]
    if "minimum" in meta and value < meta["minimum"]:
        return [Issue("invalid_option", f"Option {label} must be at least {meta['minimum']}.", sent)]
    # every integer is bounded (an option's declaration may set its own "maximum"), so that no rule
    # arithmetic meets a 300-digit number
    limit = meta.get("maximum", MAX_OPTION_INT)
    numbers = value if isinstance(value, (list, tuple)) else [value]
    if any(isinstance(v, int) and not isinstance(v, bool) and not -MAX_OPTION_INT <= v <= limit for v in numbers):
        return [Issue("invalid_option", f"Option {label} takes integers from {-MAX_OPTION_INT} to {limit}.",
                      sent)]
    if meta.get("tiles"):
        return [Issue(i.code, i.detail, sent) for i in tile_kinds_issues(f.name, value)]
    if "multiple_of" in meta and not meta.get("per_payer") and value % meta["multiple_of"]:
        return [Issue("invalid_option", f"Option {label} must be a multiple of {meta['multiple_of']}.", sent)]
    return []


def _as_json(value):
    return list(value) if isinstance(value, tuple) else value


def tile_kinds_issues(option: str, value: str) -> list[Issue]:
    """`invalid_option` (at the option) unless `value` is an MPSZ list of plain tile kinds, each at most once
    (removed_tiles)."""
    codes, problems = parse_tiles(value)
    kinds = [kind(c) for c in codes]
    if problems or any(c >= NUM_KINDS for c in codes) or len(set(kinds)) != len(kinds):
        return [Issue("invalid_option", f"Option '{option}' takes plain tile kinds in MPSZ, each once (e.g. "
                      "'2345678m'); no red fives.", option)]
    return []
