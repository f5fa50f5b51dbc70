"""The option registry: every rule option, as one field of the frozen Rules dataclass.

The options are declared by area, one module each (hand shape and furiten, Japanese scoring, ready
declarations and kuikae, settlement and end of game, the other families' scoring tables); Rules joins them. Each field gives its
default (the `japanese_modern` value), its meaning and source (a docs/ page and anchor, such as docs/furiten.md#s3-2,
or a public address; tests/api/test_rule_sources.py checks each resolves) and, where they apply, the allowed values, a minimum and a step.

Adding an option: one field in its area's module (name, type by default, meaning, source, allowed
values), its line in presets/japanese_modern.toml, and a line in every preset file whose value
differs or whose source states the value (presets/README.md). The code that reads it must exist:
tests refuse options that nothing in calculator/ or schemas/ reads.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from calculator.rules.options_families import FamilyOptions
from calculator.rules.options_hand import HandOptions
from calculator.rules.options_play import PlayOptions
from calculator.rules.options_scoring import ScoringOptions
from calculator.rules.options_table import TableOptions


# A dataclass takes its bases' fields from the last base to the first, so the options come in the
# order hand, scoring, play, table, families (the order of every preset answer).
@dataclass(frozen=True)
class Rules(FamilyOptions, TableOptions, PlayOptions, ScoringOptions, HandOptions):
    """Every rule option; the defaults are those of the `japanese_modern` preset."""


OPTION_FIELDS = {f.name: f for f in fields(Rules)}
