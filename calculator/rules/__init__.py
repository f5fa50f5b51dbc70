"""Rules: the option registry, the presets as data, and what overriding their options may not do.

- option     one option: its declaration as a field (declare_option), description, value check
- registry   the registry: Rules, one frozen dataclass of the options declared in options/<area>.toml
             (hand, scoring, play, table, families; options/README.md says how to add one)
- loader     the loader of presets/<name>.toml (PRESETS, preset_rules, value_source)
- overrides  the checks of options set over a preset: names other tools use (unknown_option), values no table
             plays together (combination_issues, payer_issues); intake.rules reads a request's `rules` object
"""
from calculator.rules.option import MAX_OPTION_INT, check_value, declare_option, describe_option  # noqa: F401
from calculator.rules.registry import (  # noqa: F401
    ALIASES, DERIVED, FOUR_PLAYER_ABORTS, OPTION_FIELDS, THREE_PLAYER_OPTIONS, RegistryError, Rules, derived_value,
    read_options)
from calculator.rules.loader import (  # noqa: F401
    DEFAULT_PRESET, PRESET_NAMES, PRESETS, Entry, Preset, PresetError, load_presets, preset_rules, unread_options,
    value_source)
from calculator.rules.overrides import COMBINATIONS, combination_issues, payer_issues, unknown_option  # noqa: F401
