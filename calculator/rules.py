"""Rules and presets: every rule option as one frozen dataclass, presets as named data.

Input: a request's `rules` object, `{"preset": NAME, option: value, ...}`. Output: a Rules
value (the preset's values with the overrides applied) or the Issues that make it invalid
(`unknown_preset`, `unknown_option`, `invalid_option`). Each field documents its meaning,
allowed values and source in its metadata; RULES.md section numbers are given as "§n".
The defaults are those of the `japanese_modern` preset.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from .errors import Issue, InvalidHand


def opt(default, doc: str, source: str, choices=None, minimum=None):
    """A rule option: default, meaning, source and (for enumerations) the allowed values."""
    meta = {"doc": doc, "source": source}
    if choices is not None:
        meta["choices"] = tuple(choices)
    if minimum is not None:
        meta["minimum"] = minimum
    if isinstance(default, (list, tuple)):
        return field(default=tuple(default), metadata=meta)
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class Rules:
    # --- hand shape and readiness (§1) ---
    hand_size: int = opt(13, "Tiles in a hand before the draw: 13 (Japanese, European) or 16 (Taiwanese).",
                         "§1; SEED-TW", choices=(13, 16))
    special_forms: bool = opt(True, "Seven pairs and thirteen orphans count as complete hands (13-tile hands only).",
                              "§1.1 [EXT:6]")
    fifth_tile_wait_counts: bool = opt(False, "A wait that needs a fifth copy (all four held by the player) still "
                                       "makes the hand ready.", "§1.2 tenpai.fifth_tile_wait_counts [FW:4wfaqready]")


@dataclass(frozen=True)
class Preset:
    name: str
    description: str
    source: str
    values: dict
    covers: str = "readiness, furiten, Japanese scoring and payments, settlement"
    scoring: bool = True   # the family's hand scoring is defined by the rule collection


PRESETS: dict[str, Preset] = {}


def preset(name: str, description: str, source: str, values: dict, **kw) -> None:
    PRESETS[name] = Preset(name, description, source, values, **kw)


DEFAULT_PRESET = "japanese_modern"

preset("japanese_modern", "Four Winds Japanese Modern (Ari-Ari): the project default.",
       "SEED-JM; RULES.md profile four_winds_jm", {})
preset("japanese_transitional", "Four Winds Japanese Transitional: traditional sacred discard.",
       "SEED-SD; [FW:4winpr07]", {})
preset("tenhou", "Tenhou.net four-player ranked rules (red fives, open tanyao, no double yakuman).",
       "RULES.md profile tenhou [EXT:9]; shared/data", {})
preset("mahjong_soul", "Mahjong Soul four-player ranked rules.", "RULES.md profile mahjong_soul [EXT:13][EXT:15]", {})
preset("ema", "EMA Riichi Competition Rules 2016.", "RULES.md profile ema2016 [EXT:3]", {})
preset("wrc", "World Riichi Championship rules (2015 book, 2014 errata).", "RULES.md profile wrc [EXT:4][EXT:5]", {})
preset("taiwanese_16", "Four Winds Taiwanese 16-tile: 16-tile hands, Taiwanese missed discard, dealer and "
       "continued-deal bonus.", "SEED-TW; [FW:4winpr27]", {"hand_size": 16, "special_forms": False},
       covers="16-tile readiness, furiten, dealer and continued-deal bonus settlement", scoring=False)
preset("european_classical", "Four Winds European Classical: obligatory ready and its penalties.", "SEED-EU", {},
       covers="readiness, ready declarations and penalties", scoring=False)
preset("french", "French voluntary ready declaration (European Classical variant).", "SEED-EU §4.2.1", {},
       covers="readiness, ready declarations and penalties", scoring=False)
preset("italian", "Italian voluntary ready declaration (European Classical variant).", "SEED-EU §4.2.2", {},
       covers="readiness, ready declarations and penalties", scoring=False)


def values(name: str, **kw) -> None:
    """Set option values of a preset (each rules area adds its own block below)."""
    PRESETS[name].values.update(kw)


# --- preset values per rules area (one block per area; unspecified options keep the defaults) ---


OPTION_FIELDS = {f.name: f for f in fields(Rules)}


def _check_value(f, value, pointer: str) -> list[Issue]:
    default = f.default
    meta = f.metadata
    if isinstance(default, bool):
        ok = isinstance(value, bool)
        want = "true or false"
    elif isinstance(default, int):
        ok = isinstance(value, int) and not isinstance(value, bool)
        want = "an integer"
    elif isinstance(default, tuple):
        ok = isinstance(value, (list, tuple)) and all(isinstance(v, type(default[0]) if default else object) for v in value)
        want = "a list"
    elif isinstance(default, str):
        ok = isinstance(value, str)
        want = "a string"
    else:
        ok, want = True, ""
    if not ok:
        return [Issue("invalid_option", f"Option '{f.name}' takes {want}.", pointer)]
    if "choices" in meta:
        items = value if isinstance(value, (list, tuple)) else [value]
        bad = [v for v in items if v not in meta["choices"]]
        if bad:
            return [Issue("invalid_option", f"Option '{f.name}' accepts {', '.join(map(str, meta['choices']))}; "
                          f"got {', '.join(map(str, bad))}.", pointer)]
    if "minimum" in meta and value < meta["minimum"]:
        return [Issue("invalid_option", f"Option '{f.name}' must be at least {meta['minimum']}.", pointer)]
    return []


def preset_rules(name: str) -> Rules:
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in PRESETS[name].values.items()}
    return replace(Rules(), **values)


def resolve_rules(payload: dict | None, field_name: str = "rules") -> tuple[str, Rules]:
    """The preset name and Rules a request's `rules` object asks for; InvalidHand on any problem."""
    name, rules, issues = collect_rules(payload, field_name)
    if issues:
        raise InvalidHand(issues)
    return name, rules


def collect_rules(payload: dict | None, field_name: str = "rules") -> tuple[str, Rules, list[Issue]]:
    """Like resolve_rules, but returns the problems instead of raising (the default preset's
    Rules stand in when there are problems, so other checks can still run)."""
    payload = dict(payload or {})
    name = payload.pop("preset", None) or DEFAULT_PRESET
    issues = []
    if not isinstance(name, str) or name not in PRESETS:
        issues.append(Issue("unknown_preset", f"Unknown preset {name!r}; valid presets: {', '.join(PRESETS)}.",
                            f"{field_name}/preset"))
        name = DEFAULT_PRESET
    overrides = {}
    for key, value in payload.items():
        f = OPTION_FIELDS.get(key)
        if f is None:
            issues.append(Issue("unknown_option", f"Unknown rule option {key!r}; valid options: "
                                f"{', '.join(OPTION_FIELDS)}.", f"{field_name}/{key}"))
            continue
        problems = _check_value(f, value, f"{field_name}/{key}")
        issues += problems
        if not problems:
            overrides[key] = tuple(value) if isinstance(value, list) else value
    if issues:
        return name, preset_rules(name), issues
    return name, replace(preset_rules(name), **overrides), []


def describe_option(f) -> dict:
    meta = f.metadata
    out = {"name": f.name, "description": meta["doc"], "source": meta["source"],
           "default": list(f.default) if isinstance(f.default, tuple) else f.default,
           "type": ("boolean" if isinstance(f.default, bool) else "integer" if isinstance(f.default, int)
                    else "array" if isinstance(f.default, tuple) else "string")}
    if "choices" in meta:
        out["choices"] = list(meta["choices"])
    if "minimum" in meta:
        out["minimum"] = meta["minimum"]
    return out
