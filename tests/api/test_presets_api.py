"""GET /v1/presets and /v1/presets/{name}: every preset of API.md, what it covers, and scoring per family."""
from __future__ import annotations

import pytest

# the preset names API.md fixes, in its order
API_PRESETS = ("japanese_modern", "japanese_transitional", "tenhou", "mahjong_soul", "ema", "wrc", "taiwanese_16",
               "european_classical", "french", "italian")
# families whose hand scoring the rule collection does not define (RULES.md §5, §22)
UNSCORED = {"taiwanese_16", "european_classical", "french", "italian"}
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
    if name in UNSCORED:
        assert status == 422
        assert [(e["pointer"], e["code"]) for e in out["errors"]] == [("#/rules/preset", "scoring_not_defined")]
        assert name in out["errors"][0]["detail"]
    else:
        assert status == 200 and out["preset"] == name and out["is_win"] is True
