"""Overriding a preset's options: what the options are known as elsewhere, and the values that are each valid
but no table plays together.

A request's `rules` object is read by intake.rules (the preset it names, each option it sets checked with
calculator.rules.option.check_value); the checks here look at option names and a Rules value only. Each Issue's
field is the OPTION it concerns (its name as sent), never a request pointer: the reader places it.
`unknown_option` names the option a name used by other tools stands for, else the nearest names;
`incompatible_options` and the per-payer `invalid_option` look at the Rules an override brings about.
"""
from __future__ import annotations

from calculator.core.errors import Issue, did_you_mean
from calculator.rules.registry import ALIASES, DERIVED, OPTION_FIELDS, Rules


# Names players and other tools give an option, pointed to this API's name (not taken as aliases: each would be a
# second spelling to keep): the option, and how to write it.
RED = "'red_fives', the red fives per suit (m, p, s), as in \"red_fives\": [1, 1, 1] (tenhou's value)"
# Only names the nearest-spelling suggestion misses (kiriage, ippatsu, red_five already find their option).
KNOWN_AS = {**dict.fromkeys(("aka_dora", "akadora", "aka", "red_dora", "red_five_tiles"), RED),
            **dict.fromkeys(("kuitan", "kuitan_ari"), "'open_tanyao' (true: all simples counts in an open hand)"),
            **dict.fromkeys(("tobi", "bust", "bankruptcy"), "'game_end_on_bust' (true: the game ends below zero)"),
            **dict.fromkeys(("atamahane", "head_bump", "double_ron"), "'multi_ron_mode' (all_paid, head_bump, ...)")}


def unknown_option(key: str) -> Issue:
    """`unknown_option` (at the name `key`) pointing a name used elsewhere to this API's option, else the nearest
    names."""
    if isinstance(key, str) and key.lower() in KNOWN_AS:
        return Issue("unknown_option", f"Unknown rule option {key!r}: here it is {KNOWN_AS[key.lower()]}.", key)
    return Issue("unknown_option", f"Unknown rule option {key!r}.{did_you_mean(key, [*OPTION_FIELDS, *ALIASES])} "
                 "GET /v1/presets/{name} lists every option.", key)


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


# the options that hold an amount each self-draw payer pays (metadata per_payer)
PER_PAYER = tuple(name for name, f in OPTION_FIELDS.items() if f.metadata.get("per_payer"))


def payer_issues(rules: Rules, overrides: dict) -> list[Issue]:
    """`invalid_option` (at the option) for a per-payer amount (honba_per_stick_total) that the self-draw payers
    (players - 1) cannot share equally, when `overrides` (option name: value) set it or the player count."""
    payers = rules.players - 1
    return [Issue("invalid_option", f"Option '{name}' must be a multiple of {payers} (the self-draw payers with "
                  f"{rules.players} players).", name)
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


def combination_issues(rules: Rules, overrides: dict) -> list[Issue]:
    """`incompatible_options` for each clash in COMBINATIONS that `overrides` (option name: value) bring about, at
    the first option of the clash that they set."""
    issues = []
    for clash, options, detail in COMBINATIONS:
        named = [o for o in options if o in overrides]
        if named and clash(rules):
            issues.append(Issue("incompatible_options", detail, named[0]))
    return issues
