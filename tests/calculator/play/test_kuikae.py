from dataclasses import replace

import pytest
from hypothesis import given, strategies as st

from calculator.core.hand import Meld
from calculator.play.kuikae import check_kuikae, forbidden_discards
from calculator.core.notation import parse_tiles
from calculator.rules import preset_rules
from calculator.core.tiles import kind, name

LEVELS = ("allowed", "same_tile_forbidden", "same_and_other_side_forbidden")


def tiles(text):
    return parse_tiles(text)[0]


def call(meld_kind, meld_tiles, called):
    return Meld(meld_kind, tiles(meld_tiles), tiles(called)[0])


def rules(mode, no_legal="cancel_claim_with_penalty"):
    return replace(preset_rules("japanese_modern"), kuikae_mode=mode, kuikae_no_legal_discard=no_legal)


# (after-call concealed tiles, call, forbidden kinds per level: allowed / same / same-and-other-side)
CASES = [
    pytest.param("1s456m789p1122z", ("chi", "234s", "4s"), ("", "4s", "14s"), id="rules-20.3-1-123s-chi-4s"),
    pytest.param("3p456m789p1122z", ("pon", "333p", "3p"), ("", "3p", "3p"), id="rules-20.3-2-333p-pon-3p"),
    pytest.param("456m789p11223z", ("chi", "123s", "1s"), ("", "1s", "14s"), id="rules-20.3-3-23s-chi-1s"),
    pytest.param("456m789p11223z", ("chi", "234s", "3s"), ("", "3s", "3s"), id="rules-20.3-4-24s-chi-3s-middle"),
    pytest.param("456m789p11223z", ("chi", "789m", "9m"), ("", "9m", "69m"), id="chi-9m-other-side-6m"),
    pytest.param("456m789p11223z", ("chi", "789m", "7m"), ("", "7m", "7m"), id="chi-7m-no-10m-across-suits"),
    pytest.param("456m789p11223z", ("chi", "123p", "3p"), ("", "3p", "3p"), id="chi-3p-no-0p"),
]


@pytest.mark.parametrize("after,meld,want", CASES)
def test_kuikae_cases_are_real_positions(client, after, meld, want):
    # each row is a legal /v1/kuikae request (11 concealed tiles right after the first call) with the same answer
    kind_, meld_tiles, called = meld
    resp = client.post("/v1/kuikae", json={"hand": after, "call": {"kind": kind_, "tiles": meld_tiles, "called": called},
                                           "rules": {"preset": "japanese_modern",
                                                     "kuikae_mode": "same_and_other_side_forbidden"}})
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["forbidden"] == [name(k) for k in tiles(want[2])]


@pytest.mark.parametrize("after,meld,want", CASES)
@pytest.mark.parametrize("level", range(3), ids=LEVELS)
def test_kuikae_forbidden_per_level(after, meld, want, level):
    result = check_kuikae(tiles(after), call(*meld), rules(LEVELS[level]))
    assert tuple(name(k) for k in result.forbidden) == tuple(name(k) for k in tiles(want[level]))
    assert result.mode == LEVELS[level]
    assert not set(result.legal_discards) & set(result.forbidden)


@pytest.mark.parametrize("level,discard,allowed,reasons", [
    ("allowed", "1s", True, ()),
    ("same_tile_forbidden", "1s", True, ()),
    ("same_and_other_side_forbidden", "1s", False, ("kuikae_other_side",)),
    ("same_tile_forbidden", "4s", False, ("kuikae_same_tile",)),
    ("same_and_other_side_forbidden", "4s", False, ("kuikae_same_tile",)),
    ("same_and_other_side_forbidden", "5m", True, ()),
], ids=lambda v: str(v))
def test_kuikae_seed_example_discards(level, discard, allowed, reasons):
    # SEED-JM §4.8: holding 123s and claiming 4s, neither 1s nor 4s may be thrown at once
    result = check_kuikae(tiles("14s456m789p112z"), call("chi", "234s", "4s"), rules(level), tiles(discard)[0])
    assert result.allowed is allowed
    assert result.reasons == reasons


def test_kuikae_red_five_is_the_same_tile():
    result = check_kuikae(tiles("0s456m789p1122z"), call("chi", "345s", "5s"), rules("same_tile_forbidden"),
                          tiles("0s")[0])
    assert result.allowed is False and result.reasons == ("kuikae_same_tile",)


@pytest.mark.parametrize("no_legal,call_allowed,reason", [
    ("cancel_claim_with_penalty", True, "claim_cancelled"),
    ("call_not_offered", False, "call_not_offered"),
])
def test_kuikae_no_legal_discard(no_legal, call_allowed, reason):
    # three melds, hand 1234s: chi 4s with 23s leaves 1s and 4s, both forbidden (§20.2, §23.19)
    result = check_kuikae(tiles("14s"), call("chi", "234s", "4s"), rules("same_and_other_side_forbidden", no_legal),
                          tiles("1s")[0])
    assert result.legal_discards == ()
    assert result.no_legal_discard == no_legal
    assert result.call_allowed is call_allowed
    assert result.reasons == ("kuikae_other_side", "no_legal_discard", reason)


def test_kuikae_no_legal_discard_needs_the_rule():
    result = check_kuikae(tiles("14s"), call("chi", "234s", "4s"), rules("same_tile_forbidden"))
    assert result.legal_discards == (kind(tiles("1s")[0]),)
    assert result.no_legal_discard is None and result.call_allowed


NO_LEGAL = [
    # (after-call tiles, call, stuck at each level in LEVELS order)
    pytest.param("14s", ("chi", "234s", "4s"), (False, False, True), id="1234s-chi-4s-keeps-1s-4s"),
    pytest.param("44s", ("chi", "234s", "4s"), (False, True, True), id="2344s-chi-4s-keeps-44s"),
    pytest.param("33p", ("chi", "345p", "5p"), (False, False, False), id="chi-5p-keeps-33p"),
]


@pytest.mark.parametrize("no_legal", ["cancel_claim_with_penalty", "call_not_offered"])
@pytest.mark.parametrize("level", range(3), ids=LEVELS)
@pytest.mark.parametrize("after,meld,stuck", NO_LEGAL)
def test_kuikae_no_legal_discard_at_each_level(after, meld, stuck, level, no_legal):
    # three melds already down: the call leaves two tiles, which kuikae may forbid both (§20.1, §23.19)
    result = check_kuikae(tiles(after), call(*meld), rules(LEVELS[level], no_legal))
    held = {kind(t) for t in tiles(after)}
    assert set(result.legal_discards) == held - set(result.forbidden)
    if stuck[level]:
        assert result.legal_discards == () and result.no_legal_discard == no_legal
        assert result.call_allowed is (no_legal == "cancel_claim_with_penalty")
        assert result.reasons == ("no_legal_discard",
                                  "claim_cancelled" if no_legal == "cancel_claim_with_penalty" else "call_not_offered")
    else:
        assert result.legal_discards and result.no_legal_discard is None
        assert result.call_allowed and result.reasons == ()


@pytest.mark.parametrize("name_", ["tenhou", "mahjong_soul", "ema", "wrc"])
def test_kuikae_presets_forbid_both_sides(name_):
    assert preset_rules(name_).kuikae_mode == "same_and_other_side_forbidden"


@given(st.integers(0, 26), st.integers(0, 2), st.sampled_from(LEVELS))
def test_kuikae_forbidden_tiles_run_with_the_two_hand_tiles(low_number, pos, level):
    low = (low_number // 9) * 9 + min(low_number % 9, 6)
    meld = Meld("chi", (low, low + 1, low + 2), low + pos)
    forbidden = forbidden_discards(meld, level)
    hand_tiles = [t for t in (low, low + 1, low + 2) if t != low + pos]
    for k in forbidden:
        # each forbidden tile would make a run (or the same run) with the two tiles taken from the hand
        run = sorted(hand_tiles + [k])
        assert run[2] - run[0] == 2 and run[0] // 9 == run[2] // 9 and len(set(run)) == 3
    assert (low + pos in forbidden) == (level != "allowed")
