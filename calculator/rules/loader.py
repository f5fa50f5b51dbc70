"""The presets, read from presets/<name>.toml: each a named set of option values, each value with its source.

A preset file gives the preset's description, source, what the service covers under it and whether
its family's hand scoring is defined, then one `[values.<option>]` table per option it sets: `value`,
`verified` (false where no source states the value for this preset: an open question of
docs/presets.md, '(unverified)', '(inferred)', or the project's own reading only) and `source` (why the preset has the value; absent: the option's own
source). The default preset lists every option; any other `extends` a preset read before it and lists
what it sets; every other option keeps the base's value, source and flag. See presets/README.md.

The loader refuses (PresetError) unknown or missing keys, names that are no option, values an option
does not take, and a default preset whose values are not the registry's defaults. `unread_options`
names the options that no production code reads (the test suite refuses them).
"""
from __future__ import annotations

import ast
import tomllib
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Mapping, NamedTuple

from calculator.rules.option import check_value
from calculator.rules.registry import OPTION_FIELDS, Rules

PRESET_DIR = Path(__file__).resolve().parent / "presets"
DEFAULT_PRESET = "japanese_modern"
# The presets in the order GET /v1/presets lists them (API.md's order); each has presets/<name>.toml.
PRESET_NAMES = ("japanese_modern", "japanese_transitional", "tenhou", "mahjong_soul", "ema", "wrc", "taiwanese_16",
                "european_classical", "french", "italian", "tenhou_sanma")

_HEAD = {"description": str, "source": str, "covers": str, "scoring": bool}
_ENTRY = {"value", "verified", "source"}


class PresetError(ValueError):
    """A preset file that the loader refuses (the message names the file and every problem)."""


class Entry(NamedTuple):
    """One option's value under a preset, why the preset has it and whether a source states it."""
    value: object
    source: str
    verified: bool


@dataclass(frozen=True)
class Preset:
    name: str
    description: str
    source: str
    covers: str
    scoring: bool                  # the family's hand scoring is defined by the rule collection
    extends: str | None            # the preset whose entries this one keeps where it lists none
    entries: Mapping[str, Entry]   # every option, in registry order
    listed: frozenset              # the options this preset's own file lists
    rules: Rules

    @property
    def values(self) -> dict:
        """The values this preset's own file sets."""
        return {k: e.value for k, e in self.entries.items() if k in self.listed}


def parse_preset(name: str, data: dict, loaded: Mapping[str, Preset]) -> Preset:
    """A Preset from a preset file's parsed TOML; PresetError naming every problem."""
    problems = []
    for key, kind in _HEAD.items():
        if not isinstance(data.get(key), kind):
            problems.append(f"'{key}' must be a {'boolean' if kind is bool else 'string'}")
    extends = data.get("extends")
    if extends is not None and extends not in loaded:
        problems.append(f"extends {extends!r}, which is not a preset read before it ({', '.join(loaded) or 'none'})")
    problems += [f"unknown key '{k}'" for k in data if k not in {*_HEAD, "extends", "values"}]
    values = data.get("values", {})
    entries = {}
    for option, entry in values.items():
        f = OPTION_FIELDS.get(option)
        if f is None:
            problems.append(f"'{option}' is no rule option")
            continue
        if not isinstance(entry, dict) or not {"value", "verified"} <= set(entry) or set(entry) - _ENTRY:
            problems.append(f"values.{option} needs `value` and `verified`, and may have `source` (nothing else)")
            continue
        value = tuple(entry["value"]) if isinstance(entry["value"], list) else entry["value"]
        problems += [f"values.{option}: {i.detail}" for i in check_value(f, value, option)]
        if not isinstance(entry["verified"], bool) or not isinstance(entry.get("source", ""), str):
            problems.append(f"values.{option}: `verified` is true or false and `source` a string")
        entries[option] = Entry(value, entry.get("source") or f.metadata["source"], entry["verified"])
    if extends is None:
        missing = [o for o in OPTION_FIELDS if o not in entries]
        if missing:
            problems.append(f"without `extends` a preset lists every option; missing {', '.join(missing)}")
    if name == DEFAULT_PRESET:
        if extends is not None:
            problems.append("the default preset extends nothing")
        problems += [f"values.{o}: the default preset's value is the registry default {f.default!r}"
                     for o, f in OPTION_FIELDS.items() if o in entries and entries[o].value != f.default]
    if problems:
        raise PresetError(f"preset {name!r}: " + "; ".join(problems) + ".")
    base = loaded[extends].entries if extends is not None else {}
    full = {o: entries.get(o) or base[o] for o in OPTION_FIELDS}
    return Preset(name, data["description"], data["source"], data["covers"], data["scoring"], extends,
                  MappingProxyType(full), frozenset(entries), Rules(**{o: e.value for o, e in full.items()}))


def _is_rules(node: ast.expr) -> bool:
    """Whether an expression is, by the code's naming, a Rules value: `rules`, `x.rules`, `deal_rules`, `r`."""
    text = ast.unparse(node)
    return text == "r" or text.endswith("rules")


def unread_options(roots, options=OPTION_FIELDS) -> list[str]:
    """The options that no Python source under `roots` reads: no `rules.<name>` (`r.<name>`, `x.rules.<name>`)
    and no getattr(rules, "<name>"). Sources under this package, which declares the options, do not count."""
    here = Path(__file__).resolve().parent
    read = set()
    for root in roots:
        for path in Path(root).rglob("*.py"):
            if here in path.resolve().parents:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and _is_rules(node.value):
                    read.add(node.attr)
                elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
                      and len(node.args) >= 2 and _is_rules(node.args[0]) and isinstance(node.args[1], ast.Constant)):
                    read.add(node.args[1].value)
    return [o for o in options if o not in read]


def load_presets(directory: Path = PRESET_DIR, names=PRESET_NAMES, readers=()) -> dict[str, Preset]:
    """Every preset file of `directory`, in the order of `names`; PresetError on any problem. With
    `readers` (folders of Python sources; the test suite passes calculator/ and schemas/), an option
    that none of them reads is refused too (the scan takes a tenth of a second, so the service's own
    start-up leaves it to the tests)."""
    files = {p.stem for p in directory.glob("*.toml")}
    if files != set(names):
        raise PresetError(f"preset files {sorted(files)} are not the presets {sorted(names)}.")
    unread = unread_options(readers) if readers else []
    if unread:
        raise PresetError(f"options that no code reads: {', '.join(unread)} (give each a reader or remove it).")
    loaded: dict[str, Preset] = {}
    for name in names:
        with open(directory / f"{name}.toml", "rb") as fh:
            try:
                data = tomllib.load(fh)
            except tomllib.TOMLDecodeError as e:
                raise PresetError(f"preset {name!r}: {e}.") from None
        loaded[name] = parse_preset(name, data, loaded)
    return loaded


PRESETS: dict[str, Preset] = load_presets()


def preset_rules(name: str) -> Rules:
    """The Rules of a preset (one frozen value per preset, shared)."""
    return PRESETS[name].rules


def value_source(name: str, option: str) -> tuple[str, bool]:
    """Why preset `name` has its value of `option`, and whether a source states that value."""
    entry = PRESETS[name].entries[option]
    return entry.source, entry.verified
