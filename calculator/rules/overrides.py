"""A request's `rules` object: the preset it names, with the options it overrides.

Input: `{"preset": NAME, option: value, ...}` (absent or null preset: the default). Output: the preset
name and a Rules value, or the Issues that make the object invalid: `unknown_preset`, `unknown_option`,
`invalid_option` (type, choices, bounds, step; see calculator.rules.option.check_value) and
`incompatible_options` (values that are each valid but that no table plays together).
"""
from __future__ import annotations

from dataclasses import replace

from calculator.core.errors import InvalidHand, Issue, did_you_mean
from calculator.rules.option import check_value
from calculator.rules.registry import ALIASES, DERIVED, OPTION_FIELDS, Rules
from calculator.rules.loader import DEFAULT_PRESET, PRESETS, preset_rules


# Names players and other tools give an option, pointed to this API's name (not taken as aliases: each would be a
# second spelling to keep): the option, and how to write it.
RED = "'red_fives', the red fives per suit (m, p, s), as in \"red_fives\": [1, 1, 1] (tenhou's value)"
# Only names the nearest-spelling suggestion misses (kiriage, ippatsu, red_five already find their option).
KNOWN_AS = {**dict.fromkeys(("aka_dora", "akadora", "aka", "red_dora", "red_five_tiles"), RED),
            **dict.fromkeys(("kuitan", "kuitan_ari"), "'open_tanyao' (true: all simples counts in an open hand)"),
            **dict.fromkeys(("tobi", "bust", "bankruptcy"), "'game_end_on_bust' (true: the game ends below zero)"),
            **dict.fromkeys(("atamahane", "head_bump", "double_ron"), "'multi_ron_mode' (all_paid, head_bump, ...)")}


def unknown_option(key: str, field_name: str) -> Issue:
    """`unknown_option` pointing a name used elsewhere to this API's option, else the nearest names."""
    if isinstance(key, str) and key.lower() in KNOWN_AS:
        return Issue("unknown_option", f"Unknown rule option {key!r}: here it is {KNOWN_AS[key.lower()]}.",
                     f"{field_name}/{key}")
    return Issue("unknown_option", f"Unknown rule option {key!r}.{did_you_mean(key, [*OPTION_FIELDS, *ALIASES])} "
                 "GET /v1/presets/{name} lists every option.", f"{field_name}/{key}")


def rules_field_hint(key: object) -> str:
    """Where a body's top-level key belongs when it is a `rules` entry (the preset, an option, or a name other
    tools give an option); '' when it is none of these."""
    if not isinstance(key, str):
        return ""
    if key == "preset":
        return "the preset goes inside `rules`, as \"rules\": {\"preset\": \"tenhou\"}."
    if key in OPTION_FIELDS or key in ALIASES or key in DERIVED:
        return f"it is a rule option: send it inside `rules`, as \"rules\": {{\"{key}\": ...}}."
    if key.lower() in KNOWN_AS:
        return f"a rule option goes inside `rules`, and here it is {KNOWN_AS[key.lower()]}."
    return ""


def resolve_rules(payload: dict | None, field_name: str = "rules") -> tuple[str, Rules]:
    """The preset name and Rules a request's `rules` object asks for; InvalidHand on any problem."""
    name, rules, issues = collect_rules(payload, field_name)
    if issues:
        raise InvalidHand(issues)
    return name, rules


def collect_rules(payload: dict | None, field_name: str = "rules") -> tuple[str, Rules, list[Issue]]:
    """Like resolve_rules, but returns the problems instead of raising (the default preset's
    Rules stand in when there are problems, so other checks can still run)."""
    if not payload or (len(payload) == 1 and type(payload.get("preset")) is str and payload["preset"] in PRESETS):
        name = DEFAULT_PRESET if not payload else payload["preset"]   # a preset as it is
        return name, preset_rules(name), []
    payload = dict(payload)
    name = payload.pop("preset", None)
    name = DEFAULT_PRESET if name is None else name  # only absent/null means the default; {} or "" is a mistake
    issues = []
    if not isinstance(name, str) or name not in PRESETS:
        near = did_you_mean(name, PRESETS) if isinstance(name, str) else ""
        issues.append(Issue("unknown_preset", f"Unknown preset {name!r}.{near} Valid presets: {', '.join(PRESETS)}.",
                            f"{field_name}/preset"))
        name = DEFAULT_PRESET
    overrides = {}
    for key, value in payload.items():
        if key in DERIVED:
            issues.append(Issue("invalid_option", f"{key!r} is read-only: set {', '.join(DERIVED[key])} instead.",
                                f"{field_name}/{key}"))
            continue
        if ALIASES.get(key) in payload:
            issues.append(Issue("invalid_option", f"{key!r} is another name of {ALIASES[key]!r}: give one of them.",
                                f"{field_name}/{key}"))
            continue
        f = OPTION_FIELDS.get(ALIASES.get(key, key))
        if f is None:
            issues.append(unknown_option(key, field_name))
            continue
        problems = check_value(f, value, f"{field_name}/{key}")
        issues += problems
        if not problems:
            overrides[f.name] = tuple(value) if isinstance(value, list) else value
    if issues:
        return name, preset_rules(name), issues
    if not overrides:   # the preset as it is: its values never clash (both checks below look at overrides only)
        return name, preset_rules(name), []
    rules = replace(preset_rules(name), **overrides)
    return name, rules, combination_issues(rules, overrides, field_name) + payer_issues(rules, overrides, field_name)


# the options that hold an amount each self-draw payer pays (metadata per_payer)
PER_PAYER = tuple(name for name, f in OPTION_FIELDS.items() if f.metadata.get("per_payer"))


def payer_issues(rules: Rules, overrides: dict, field_name: str = "rules") -> list[Issue]:
    """`invalid_option` for a per-payer amount (honba_per_stick_total) that the self-draw payers (players - 1)
    cannot share equally, when the request set it or the player count."""
    payers = rules.players - 1
    return [Issue("invalid_option", f"Option '{name}' must be a multiple of {payers} (the self-draw payers with "
                  f"{rules.players} players).", f"{field_name}/{name}")
            for name in PER_PAYER if (name in overrides or "players" in overrides) and getattr(rules, name) % payers]


# Option values that are each valid but that no table plays together: (test on the Rules, the options
# involved, the problem). A preset's own values never clash; the option a request sets is the one named.
COMBINATIONS = (
    (lambda r: r.hand_size == 16 and r.special_forms, ("special_forms", "hand_size"),
     "Seven pairs and thirteen orphans (special_forms) are 13-tile forms: with hand_size 16, set "
     "special_forms to false."),
    (lambda r: len(r.final_uma) != r.players, ("final_uma", "players"),
     "final_uma has one prize per player: as many entries as `players`."),
    (lambda r: r.players == 3 and r.hand_size != 13, ("players", "hand_size"),
     "Three-player play is a 13-tile (Japanese) game: hand_size 13."),
)


def combination_issues(rules: Rules, overrides: dict, field_name: str = "rules") -> list[Issue]:
    """`incompatible_options` for each clash in COMBINATIONS that the request's overrides bring about."""
    issues = []
    for clash, options, detail in COMBINATIONS:
        named = [o for o in options if o in overrides]
        if named and clash(rules):
            issues.append(Issue("incompatible_options", detail, f"{field_name}/{named[0]}"))
    return issues
