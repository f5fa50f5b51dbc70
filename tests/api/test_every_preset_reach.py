"""Every preset through the hand routes with hands of its own size and tile set: a Taiwanese 17-tile win, a
three-player hand without 2m-8m, a 14-tile win everywhere else. The fuzz (test_fuzz.py) redraws the routes'
examples, which are four-player 14-tile hands, so under taiwanese_16 and tenhou_sanma its bodies are mostly refused
before any calculator runs; here every body is well formed for its preset, and the answers are checked for what a
client reads: a 200 for score and ready, no 5xx anywhere, no value written as None, NaN or undefined, and every
refusal a problem with its pointer, code and a sentence."""
from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from calculator.core.tiles import name
from calculator.rules import PRESETS
from tests.api.test_fuzz import check
from tests.budget import examples
from tests.random_hands import complete_hand

WINDS = ("east", "south", "west", "north")
LACKED = re.compile(r"(?<![A-Za-z_])(None|NaN|Infinity|undefined)(?![A-Za-z_])")
THREE_PLAYER_KINDS = [0, 8] + list(range(9, 34))   # 1m, 9m, pinzu, souzu, honours
REACH = settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def preset_hand(rng: random.Random, rules) -> list[int]:
    """A complete hand for the rules: five groups and a pair for 16-tile rules, else four; three-player rules draw
    from their tile set only."""
    while True:
        kinds = complete_hand(rng, 5 if rules.hand_size == 16 else 4)
        if rules.players == 4 or all(k in THREE_PLAYER_KINDS for k in kinds):
            return kinds


def answered(client, path: str, body: dict) -> int:
    resp = client.post(path, json=body)
    check(resp)   # the fuzz's: a JSON object, or a problem+json whose errors each name pointer, code and detail
    text = resp.get_data(as_text=True)
    assert resp.status_code in (200, 422), (path, body, resp.status_code, text[:300])
    if resp.status_code == 200:
        found = LACKED.search(text)
        assert found is None, (path, body, text[max(found.start() - 80, 0):][:200])
    else:
        for error in resp.get_json()["errors"]:
            assert error["pointer"].startswith("#") and error["code"] and len(error["detail"]) > 20, (path, error)
    return resp.status_code


@pytest.mark.parametrize("preset", sorted(PRESETS))
@REACH
@given(seed=st.integers(0, 2 ** 32 - 1))
def test_hands_of_the_presets_own_size_are_answered(client, preset, seed):
    rng = random.Random(seed)
    rules = PRESETS[preset].rules
    kinds = preset_hand(rng, rules)
    win = rng.choice(kinds)
    rest = sorted(kinds)
    rest.remove(win)
    hand = "".join(map(name, rest))
    seats = WINDS[:rules.players]
    seat = rng.choice(seats)
    other = rng.choice([s for s in seats if s != seat])
    asked = {"preset": preset}
    win_by = rng.choice(("ron", "tsumo"))
    body = {"hand": hand, "win_tile": name(win), "win_by": win_by, "seat_wind": seat,
            "round_wind": rng.choice(WINDS[:2]), "rules": asked}
    if win_by == "ron":
        body["discarder"] = other
    assert answered(client, "/v1/score", body) == 200
    assert answered(client, "/v1/ready", {"hand": hand, "rules": asked}) == 200
    tiles = THREE_PLAYER_KINDS if rules.players == 3 else range(34)
    discards = [{"tile": name(rng.choice(tiles))} for _ in range(rng.randrange(8))]
    for d in discards:
        if rng.random() < 0.2:
            d["called"] = True
    answered(client, "/v1/evaluate", {"hand": hand, "seat_wind": seat, "round_wind": body["round_wind"],
                                      "discarder": other, "discards": discards, "rules": asked})
    answered(client, "/v1/furiten", {"hand": hand, "discards": discards, "rules": asked})


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_evaluate_and_furiten_bodies_reach_their_calculators(client, preset):
    # the property above takes a 422 from evaluate and furiten (a fifth copy among the drawn discards is refused);
    # without discards, its bodies must be answered, or the property would check refusals only
    rules = PRESETS[preset].rules
    for seed in range(6):
        rng = random.Random(seed)
        hand = "".join(map(name, sorted(preset_hand(rng, rules))[1:]))
        body = {"hand": hand, "seat_wind": "south", "round_wind": "east", "discarder": "east", "discards": [],
                "rules": {"preset": preset}}
        assert answered(client, "/v1/evaluate", body) == 200
        assert answered(client, "/v1/furiten", {"hand": hand, "discards": [], "rules": {"preset": preset}}) == 200
