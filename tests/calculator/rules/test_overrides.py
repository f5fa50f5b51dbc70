"""The option checks name the OPTION (as sent) in each Issue's field, never a request pointer (issue 24); the
reader of a request's `rules` object (intake.rules) places them under the object's pointer."""
from __future__ import annotations

from dataclasses import replace

import pytest

from calculator.core.errors import UnsupportedRules
from calculator.rules import OPTION_FIELDS, check_value, combination_issues, payer_issues, preset_rules, unknown_option
from calculator.rules.option import tile_kinds_issues
from intake.rules import read_rules, rules_problems

TENHOU = preset_rules("tenhou")


@pytest.mark.parametrize("issues,expected", [
    pytest.param(lambda: [unknown_option("aka_dora")], [("unknown_option", "aka_dora")], id="known-elsewhere"),
    pytest.param(lambda: [unknown_option("red_fivs")], [("unknown_option", "red_fivs")], id="misspelt"),
    pytest.param(lambda: check_value(OPTION_FIELDS["honba_per_stick_total"], "x", "honba_value"),
                 [("invalid_option", "honba_value")], id="alias-as-sent"),
    pytest.param(lambda: check_value(OPTION_FIELDS["open_tanyao"], 1), [("invalid_option", "open_tanyao")],
                 id="own-name"),
    pytest.param(lambda: check_value(OPTION_FIELDS["removed_tiles"], "0m"), [("invalid_option", "removed_tiles")],
                 id="tile-kinds-through-check"),
    pytest.param(lambda: tile_kinds_issues("removed_tiles", "11m"), [("invalid_option", "removed_tiles")],
                 id="tile-kinds"),
    pytest.param(lambda: combination_issues(replace(TENHOU, hand_size=16), {"hand_size": 16}),
                 [("incompatible_options", "hand_size")], id="clash"),
    pytest.param(lambda: payer_issues(replace(TENHOU, honba_per_stick_total=301), {"honba_per_stick_total": 301}),
                 [("invalid_option", "honba_per_stick_total")], id="per-payer"),
    pytest.param(lambda: list(UnsupportedRules("scoring_not_defined", "x", "hand_size").issues),
                 [("scoring_not_defined", "hand_size")], id="unsupported"),
])
def test_an_option_check_names_the_option(issues, expected):
    assert [(i.code, i.field) for i in issues()] == expected


@pytest.mark.parametrize("payload,pointer,expected", [
    pytest.param({"preset": "tenhuo"}, "rules", [("unknown_preset", "rules/preset")], id="preset"),
    pytest.param({"aka_dora": [1, 1, 1]}, "rules", [("unknown_option", "rules/aka_dora")], id="unknown"),
    pytest.param({"honba_value": "x"}, "wins/1/rules", [("invalid_option", "wins/1/rules/honba_value")],
                 id="alias-in-a-win"),
    pytest.param({"hand_size": 16}, "rules", [("incompatible_options", "rules/hand_size")], id="clash"),
    pytest.param({"honba_per_stick_total": 301}, "rules", [("invalid_option", "rules/honba_per_stick_total")],
                 id="per-payer"),
    pytest.param({"preset": "tenhou", "open_tanyao": False}, "rules", [], id="valid"),
])
def test_the_reader_places_the_problems_under_the_object(payload, pointer, expected):
    assert [(i.code, i.field) for i in read_rules(payload, pointer)[2]] == expected


@pytest.mark.parametrize("option,expected", [
    pytest.param("hand_size", "rules/hand_size", id="option"),
    pytest.param("", "rules", id="whole-rules"),
])
def test_unsupported_rules_are_placed_at_the_option(option, expected):
    assert [i.field for i in rules_problems(UnsupportedRules("scoring_not_defined", "x", option))] == [expected]
