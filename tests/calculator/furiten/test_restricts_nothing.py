"""restricts_nothing: true exactly when win_permission allows every wait by ron, tsumo and chankan with no reading
filter (/v1/evaluate then scores its waits without the furiten check)."""
import random
from dataclasses import replace

import pytest

from calculator.core.hand import Hand, Meld
from calculator.core.notation import parse_tiles
from calculator.furiten.permission import (ALLOWED, VARIANTS, WIN_BY, Discard, History, permission_context,
                                           restricts_nothing, win_permission)
from calculator.rules import preset_rules
from tests.budget import examples
from tests.positions import random_position


def codes(text: str) -> tuple[int, ...]:
    found, issues = parse_tiles(text)
    assert not issues
    return found


def position(hand: str, river: str = "", missed: str = "", riichi: str = "none", after: str = ""):
    """A hand (a called pung after a '+': "4556678889s+111p"), its river and its passed tiles."""
    concealed, _, pon = hand.partition("+")
    melds = (Meld("pon", codes(pon)),) if pon else ()
    discards = tuple(Discard(t, riichi=riichi != "none" and i == 0) for i, t in enumerate(codes(river)))
    return Hand(codes(concealed), melds), History(discards, codes(missed), codes(after), riichi)


def every_win_allowed(hand, history, rules) -> bool:
    context = permission_context(hand, history, rules)
    return all(win_permission(hand, info.tile, history, rules, by, context) == ALLOWED
               for info in context.infos for by in WIN_BY)


# waits 5s and 8s (234567m234p67s55s). 1-4-7's reading filter alone: 3456777888899m waits on 5m, read as 34m and
# as 67m; a river 8m completes 67m only, so 5m is won on the 34m reading alone, and 8m, held four times, is no wait
# to block. Legal positions never show it (a river tile completing a partial of a wait is a wait itself, blocked,
# unless the player holds all four copies), but the function answers any position it is given.
CASES = [
    pytest.param("234567m234p67s55s", "1z9m", "", "none", "", "traditional", True, id="clean-river"),
    pytest.param("234567m234p67s55s", "8s1z", "", "none", "", "extended", False, id="wait-in-river-extended"),
    pytest.param("234567m234p67s55s", "8s1z", "", "none", "", "traditional", True, id="old-discard-traditional"),
    pytest.param("234567m234p67s55s", "1z8s", "", "none", "", "traditional", False, id="last-discard-traditional"),
    pytest.param("234567m234p67s55s", "1z", "5s", "none", "", "traditional", False, id="missed-wait"),
    pytest.param("234567m234p67s55s", "1z", "1m", "none", "", "traditional", True, id="missed-no-wait"),
    pytest.param("234567m234p67s55s", "1z", "", "riichi", "8s", "traditional", False, id="passed-after-riichi"),
    pytest.param("3456777888899m", "8m1z", "", "none", "", "one_four_seven", False, id="one-four-seven-filter"),
    pytest.param("3456777888899m", "8m1z", "", "none", "", "extended", True, id="one-four-seven-off"),
    pytest.param("3456777888899m", "1p1z", "", "none", "", "one_four_seven", True, id="one-four-seven-clear"),
]


@pytest.mark.parametrize("hand, river, missed, riichi, after, variant, expected", CASES)
def test_restricts_nothing_cases(hand, river, missed, riichi, after, variant, expected):
    rules = replace(preset_rules("tenhou"), sacred_discard_variant=variant,
                    one_four_seven_scoring="allowed_decomposition_only")
    h, history = position(hand, river, missed, riichi, after)
    context = permission_context(h, history, rules)
    assert restricts_nothing(context, rules) is expected
    assert every_win_allowed(h, history, rules) is expected


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("preset", ["tenhou", "wrc", "ema", "french"])
def test_restricts_nothing_is_exact_on_random_positions(preset, variant):
    rules = replace(preset_rules(preset), sacred_discard_variant=variant,
                    one_four_seven_scoring="allowed_decomposition_only")
    rng = random.Random(f"{preset}-{variant}")
    seen = set()
    for _ in range(examples(40)):
        p = random_position(rng, one_suit=rng.random() < 0.3)
        context = permission_context(p.hand, p.history, rules)
        found = restricts_nothing(context, rules)
        assert found is every_win_allowed(p.hand, p.history, rules), (p.hand, p.history)
        seen.add(found)
    assert seen == {True, False}   # both answers occur, so the comparison tests something
