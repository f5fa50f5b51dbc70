"""A request's `rules` object read: the preset it names, with the options it overrides.

Input: the loaded object `{"preset": NAME, option: value, ...}` (absent or null preset: the default) and its
pointer in the request (`rules`, or a settlement win's own `wins/0/rules`). Output: the preset name and a Rules
value, and the Issues that make the object invalid, each at its pointer: `unknown_preset`, `unknown_option`,
`invalid_option` (type, choices, bounds, step; calculator.rules.option.check_value) and `incompatible_options`
(values that are each valid but that no table plays together; calculator.rules.overrides). The calculator's
checks name the option; this reader places them under the object's pointer.
"""
from __future__ import annotations

from dataclasses import replace

from calculator.core.errors import Issue, UnsupportedRules, did_you_mean
from calculator.rules import ALIASES, DERIVED, DEFAULT_PRESET, OPTION_FIELDS, PRESETS, Rules, check_value, preset_rules
from calculator.rules.overrides import combination_issues, payer_issues, unknown_option


def under(pointer: str, issues) -> list[Issue]:
    """Issues whose field names a part of the object at `pointer` (an option), pointed at it."""
    return [Issue(i.code, i.detail, f"{pointer}/{i.field}") for i in issues]


def rules_problems(err: UnsupportedRules, pointer: str = "rules") -> list[Issue]:
    """The problem of rules that do not define what is asked, at the option that decides it (else the object)."""
    return [Issue(i.code, i.detail, f"{pointer}/{i.field}" if i.field else pointer) for i in err.issues]


def read_rules(payload: dict | None, pointer: str = "rules") -> tuple[str, Rules, list[Issue]]:
    """The preset name and Rules a request's `rules` object asks for, with its problems (the default preset's
    Rules stand in when there are problems, so other checks can still run)."""
    # a preset as it is (its Rules are preset_rules', the preset's one shared value, taken without the call)
    name = payload.get("preset") if payload else DEFAULT_PRESET
    if type(name) is str and (not payload or len(payload) == 1) and name in PRESETS:
        return name, PRESETS[name].rules, []
    payload = dict(payload)
    name = payload.pop("preset", None)
    name = DEFAULT_PRESET if name is None else name  # only absent/null means the default; {} or "" is a mistake
    issues = []
    if not isinstance(name, str) or name not in PRESETS:
        near = did_you_mean(name, PRESETS) if isinstance(name, str) else ""
        issues.append(Issue("unknown_preset", f"Unknown preset {name!r}.{near} Valid presets: {', '.join(PRESETS)}.",
                            f"{pointer}/preset"))
        name = DEFAULT_PRESET
    overrides = {}
    for key, value in payload.items():
        if key in DERIVED:
            issues.append(Issue("invalid_option", f"{key!r} is read-only: set {', '.join(DERIVED[key])} instead.",
                                f"{pointer}/{key}"))
            continue
        if ALIASES.get(key) in payload:
            issues.append(Issue("invalid_option", f"{key!r} is another name of {ALIASES[key]!r}: give one of them.",
                                f"{pointer}/{key}"))
            continue
        f = OPTION_FIELDS.get(ALIASES.get(key, key))
        if f is None:
            issues += under(pointer, [unknown_option(key)])
            continue
        problems = check_value(f, value, key)
        issues += under(pointer, problems)
        if not problems:
            overrides[f.name] = tuple(value) if isinstance(value, list) else value
    if issues:
        return name, preset_rules(name), issues
    if not overrides:   # the preset as it is: its values never clash (both checks below look at overrides only)
        return name, preset_rules(name), []
    rules = replace(preset_rules(name), **overrides)
    return name, rules, under(pointer, combination_issues(rules, overrides) + payer_issues(rules, overrides))
