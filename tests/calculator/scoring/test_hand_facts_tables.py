"""The kinds-held facts of calculator.scoring.facts.hand_facts, read from per-block tables, against their plain
definitions over the set of kinds held.

hand_facts turns the KINDS_HELD number (bit k: kind k held; bit 34 + i: honour 27 + i held three times or more)
into the hand's facts through tables built at import (a suit's nine numbers and the seven honours -> fact bits,
their union -> the facts). Checked here on seeded random KINDS_HELD numbers, every suit and honour mix included,
and every seat and round wind, with and without north as a value wind.
"""
import random

import pytest

from calculator.core.hand import Hand
from calculator.core.tiles import DRAGONS, GREEN_KINDS, WIND_KIND
from calculator.scoring.facts import KEY_BITS, Situation, hand_facts, situation_facts

WINDS = ("east", "south", "west", "north")
NO_MELDS = Hand((), ())


def _random_kinds(rng: random.Random) -> int:
    density = rng.choice((0.05, 0.2, 0.5, 0.9))
    kinds = sum(1 << b for b in range(41) if rng.random() < density)
    # one suit alone, no honours, honours alone, or everything
    return kinds & rng.choice((0x1FF, 0x1FF << 9, 0x1FF << 18, (1 << 27) - 1, ((1 << 14) - 1) << 27, (1 << 41) - 1))


def _expected(kinds: int, seat: str, rnd: str, north_value: bool) -> dict:
    held = {k for k in range(34) if kinds >> k & 1}
    triples = {27 + i for i in range(7) if kinds >> 34 + i & 1}
    suited = {k for k in held if k < 27}
    suits = len({k // 9 for k in suited})
    numbers = [{k % 9 for k in suited if k // 9 == s} for s in range(3)]
    common = numbers[0] & numbers[1] & numbers[2]
    value = {k for k in (WIND_KIND[seat], WIND_KIND[rnd]) if north_value or k != WIND_KIND["north"]}
    facts = {
        "all_simple": all(k < 27 and k % 9 not in (0, 8) for k in held),
        "all_orphan": all(k >= 27 or k % 9 in (0, 8) for k in held),
        "all_terminal": all(k < 27 and k % 9 in (0, 8) for k in held),
        "all_honour": not suited,
        "has_honour": len(held) > len(suited),
        "suits": suits,
        "all_green": held <= GREEN_KINDS,
    }
    facts["yakuman_hint"] = (facts["all_orphan"] or facts["all_green"] or (suits == 1 and not facts["has_honour"])
                             or set(DRAGONS) <= held or set(range(27, 31)) <= held)
    bits = {
        "closed": True, "honour": facts["has_honour"], "all_simple": facts["all_simple"], "one_suit": suits == 1,
        "all_orphan": facts["all_orphan"], "no_middle": not any(k % 9 in (3, 4, 5) for k in suited),
        "full_suit": any(len(n) == 9 for n in numbers), "three_suit_number": bool(common),
        "three_suit_run": any({n, n + 1, n + 2} <= common for n in range(7)),
        "white_pung": DRAGONS[0] in triples, "green_pung": DRAGONS[1] in triples, "red_pung": DRAGONS[2] in triples,
        "seat_pung": WIND_KIND[seat] in triples & value, "round_pung": WIND_KIND[rnd] in triples & value,
    }
    facts["yaku_key"] = sum(KEY_BITS[name] for name, on in bits.items() if on)
    return facts


@pytest.mark.parametrize("seed", range(4))
def test_hand_facts_from_tables_match_their_definitions(seed):
    rng = random.Random(seed)
    for _ in range(2500):
        kinds = _random_kinds(rng)
        seat, rnd, north_value = rng.choice(WINDS), rng.choice(WINDS), rng.random() < 0.5
        sit = Situation("ron", seat, rnd)
        h = hand_facts(NO_MELDS, 0, sit, situation_facts(sit, north_value), b"", 0, kinds)
        want = _expected(kinds, seat, rnd, north_value)
        got = {name: getattr(h, name) for name in want}
        assert got == want, (bin(kinds), seat, rnd, north_value)
        assert all(type(getattr(h, name)) is bool for name in want if name not in ("suits", "yaku_key"))
