"""Rules: the option registry, the presets as data, and a request's overrides.

- option     one option: declaration (opt), description, value check
- options    the registry: Rules, one frozen dataclass joining the options of each area
             (options_hand, options_scoring, options_play, options_table)
- loader     the loader of presets/<name>.toml (PRESETS, preset_rules, value_source)
- overrides  a request's `rules` object: preset plus overrides, checked (resolve_rules, collect_rules)
"""
from calculator.rules.option import MAX_OPTION_INT, check_value, describe_option, opt  # noqa: F401
from calculator.rules.options import (  # noqa: F401
    ALIASES, DERIVED, FOUR_PLAYER_ABORTS, OPTION_FIELDS, THREE_PLAYER_OPTIONS, Rules, derived_value)
from calculator.rules.loader import (  # noqa: F401
    DEFAULT_PRESET, PRESET_NAMES, PRESETS, Entry, Preset, PresetError, load_presets, preset_rules, unread_options,
    value_source)
from calculator.rules.overrides import COMBINATIONS, collect_rules, combination_issues, resolve_rules  # noqa: F401
