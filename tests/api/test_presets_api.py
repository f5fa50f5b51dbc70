"""GET /v1/presets and /v1/presets/{name}: every preset of API.md, what it covers, and scoring per family."""
from __future__ import annotations

import pytest

from calculator.rules import OPTION_FIELDS, PRESETS, Rules, preset_rules

# the preset names API.md fixes, in its order
API_PRESETS = ("japanese_modern", "japanese_transitional", "tenhou", "mahjong_soul", "ema", "wrc", "taiwanese_16",
               "european_classical", "french", "italian")
# families whose hand scoring the rule collection does not define (RULES.md §5, §22)
UNSCORED: set[str] = set()   # issue 13: every preset scores its hands (its family's table)
PINFU_RON = {"hand": "234567m234p67s55s", "win_tile": "8s", "win_by": "ron", "discarder": "west",
             "seat_wind": "south", "round_wind": "east"}


@pytest.fixture(scope="module")
def listing(client):
    resp = client.get("/v1/presets")
    assert resp.status_code == 200
    return {p["name"]: p for p in resp.get_json()["presets"]}


def test_every_api_preset_is_listed_once(client, listing):
    names = [p["name"] for p in client.get("/v1/presets").get_json()["presets"]]
    assert len(names) == len(set(names))
    assert set(API_PRESETS) <= set(names)


@pytest.mark.parametrize("name", API_PRESETS)
def test_preset_says_what_it_is_where_it_comes_from_and_what_it_covers(listing, name):
    p = listing[name]
    assert p["description"].strip() and p["source"].strip() and p["covers"].strip()
    assert p["scoring"] is (name not in UNSCORED)
    # a preset without scoring says so in what it covers
    assert ("without scoring" in p["covers"]) is (name in UNSCORED)


@pytest.mark.parametrize("name", API_PRESETS)
def test_preset_detail_lists_every_option_with_its_meaning(client, listing, name):
    resp = client.get(f"/v1/presets/{name}")
    assert resp.status_code == 200
    detail = resp.get_json()
    assert {k: detail[k] for k in listing[name]} == listing[name]
    defaults = {o["name"]: o for o in client.get("/v1/presets/japanese_modern").get_json()["options"]}
    assert [o["name"] for o in detail["options"]] == list(defaults)
    for o in detail["options"]:
        assert o["description"].strip() and o["source"].strip()
        if o.get("choices"):
            # an array option holds a subset of its choices, any other option one of them
            assert set(o["value"]) <= set(o["choices"]) if o["type"] == "array" else o["value"] in o["choices"]


@pytest.mark.parametrize("name", API_PRESETS)
def test_score_is_defined_exactly_for_scoring_presets(post_json, name):
    status, out = post_json("/v1/score", {**PINFU_RON, "rules": {"preset": name}})
    if name == "taiwanese_16":   # its table scores 16-tile hands: the 13-tile body is the wrong size
        assert status == 422
        assert [(e["pointer"], e["code"]) for e in out["errors"]] == [("#/hand", "wrong_tile_count")]
    else:
        assert status == 200 and out["preset"] == name and out["is_win"] is True


@pytest.mark.parametrize("name", API_PRESETS)
def test_every_preset_value_says_why_this_preset_has_it(client, name):
    # each option reports this preset's value, the default, why the preset has the value and whether a source states it
    for o in client.get(f"/v1/presets/{name}").get_json()["options"]:
        assert {"value", "default", "value_source", "verified", "source"} <= set(o), o["name"]
        assert isinstance(o["value_source"], str) and o["value_source"].strip(), o["name"]
        assert isinstance(o["verified"], bool), o["name"]


@pytest.mark.parametrize("name", API_PRESETS)
def test_every_value_a_preset_changes_cites_its_own_source(name):
    # a preset file entry without `source` cites the option's own (the default's) source: right only for
    # the default value (an entry that just marks it unverified), never for a value the preset changes
    p = PRESETS[name]
    base = PRESETS[p.extends].entries if p.extends else {}
    changed = [o for o in p.listed if o in base and p.entries[o].value != base[o].value]
    assert not [o for o in changed if p.entries[o].source == OPTION_FIELDS[o].metadata["source"]]


def options_of(client, name):
    return {o["name"]: o for o in client.get(f"/v1/presets/{name}").get_json()["options"]}


def test_tenhou_red_fives_cite_the_tenhou_column(client):
    red = options_of(client, "tenhou")["red_fives"]
    assert red["value"] == [1, 1, 1] and red["default"] == [0, 0, 0]
    assert all(part in red["value_source"] for part in ("docs/dora.md#s18-2", "tenhou column", "docs/sources.md#ext-9"))
    assert red["verified"] is True


def test_tenhou_default_valued_option_cites_the_tenhou_column_not_the_default(client):
    # RULES §8.2: tenhou kiriage false (unverified): the same value as the default, but the tenhou column's reason
    kiriage = options_of(client, "tenhou")["kiriage_mangan"]
    assert kiriage["value"] is False and kiriage["value"] == kiriage["default"]
    assert "tenhou column" in kiriage["value_source"] and kiriage["value_source"] != kiriage["source"]
    assert kiriage["verified"] is False


def test_unverified_values_are_marked(client):
    # RULES §6.3: Mahjong Soul's double yakuman list is "(unverified)"; §21.2 Tenhou uma too; EMA's is sourced [EXT:3]
    double = options_of(client, "mahjong_soul")["double_yakuman"]
    assert double["value"] and double["verified"] is False and "(unverified)" in double["value_source"]
    assert options_of(client, "tenhou")["final_uma"]["verified"] is False
    ema_uma = options_of(client, "ema")["final_uma"]
    assert ema_uma["verified"] is True and "docs/sources.md#ext-3" in ema_uma["value_source"]


def test_an_option_a_preset_does_not_set_reports_the_options_own_source(client):
    # japanese_modern overrides nothing: every option has the default value and its own source
    for o in options_of(client, "japanese_modern").values():
        assert o["value"] == o["default"] and o["value_source"] == o["source"], o["name"]
    # RULES §8.2 four_winds_jm kiriage '?': the default is marked, and a preset that keeps it inherits the mark
    assert options_of(client, "japanese_modern")["kiriage_mangan"]["verified"] is False
    assert options_of(client, "japanese_modern")["one_four_seven_scoring"]["verified"] is True
    italian = options_of(client, "italian")["tw_stake_base"]
    assert italian["value_source"] == italian["source"] and italian["verified"] is True


def test_a_preset_has_every_option_once_and_keeps_its_values():
    for p in PRESETS.values():
        assert list(p.entries) == list(Rules.__dataclass_fields__) and p.listed <= set(p.entries)
        rules = preset_rules(p.name)
        assert all(getattr(rules, k) == v for k, v in p.values.items())


def test_numeric_steps_are_described(client):
    options = {o["name"]: o for o in client.get("/v1/presets/japanese_modern").get_json()["options"]}
    assert options["honba_per_stick_total"]["multiple_of"] == 3
    assert "multiple_of" not in options["riichi_stick_value"]
