"""The yaku short lists (calculator.scoring.yaku.find_yaku) against the predicates they stand for.

find_yaku calls a yaku's predicate only when the entry's conditions hold for the reading's key (its hand and
reading facts, calculator.scoring.facts) under the rules, and for an entry registered `exact` it does not call it
at all. So on every reading: a yaku whose predicate holds has its conditions hold (they are necessary), and an
exact entry whose conditions hold has its predicate hold (they are sufficient). Checked on seeded random hands,
closed and melded, in random situations, under rule sets that move the conditions.
"""
import random
from dataclasses import replace

import pytest

from calculator.core.hand import Hand, Meld
from calculator.core.notation import parse_tiles
from calculator.core.tiles import KIND, NUM_KINDS
from calculator.readings.decompose import placements
from calculator.rules import preset_rules
from calculator.scoring.facts import UNIT, Situation, hand_facts, situation_facts, win_facts
from calculator.scoring.yaku import REGISTRY, conditions_hold
from calculator.scoring.yakuman import REGISTRY as YAKUMAN
from tests.random_hands import complete_hand

WINDS = ("east", "south", "west", "north")
BASE = preset_rules("tenhou")
RULES = {
    "tenhou": BASE,
    "no_open_tanyao": replace(BASE, open_tanyao=False),
    "pinfu_tsumo_30": replace(BASE, pinfu_tsumo_fu=30),
    "no_ippatsu": replace(BASE, riichi_ippatsu=False),
    "open_riichi": replace(BASE, open_riichi=True),
    "no_north_value": replace(BASE, north_triplet_yaku=False),
}


def _situation(rng: random.Random, closed: bool) -> Situation:
    riichi = rng.choice(("none", "riichi", "double_riichi")) if closed else "none"
    by = rng.choice(("ron", "tsumo"))
    declared = riichi != "none"
    return Situation(by, rng.choice(WINDS), rng.choice(WINDS), riichi, ippatsu=declared and rng.random() < 0.5,
                     open_riichi=declared and rng.random() < 0.3, haitei=by == "tsumo" and rng.random() < 0.2,
                     houtei=by == "ron" and rng.random() < 0.2, chankan=by == "ron" and rng.random() < 0.1,
                     rinshan=by == "tsumo" and rng.random() < 0.1)


def _hand(rng: random.Random) -> tuple[Hand, int]:
    """A random complete hand, its first groups called now and then, and its winning tile."""
    tiles = complete_hand(rng)
    called = rng.choice((0, 0, 0, 1, 2))
    melds = []
    for g in range(called):
        group = tuple(tiles[3 * g:3 * g + 3])
        if group[0] != group[1]:
            melds.append(Meld("chi", group))
        else:
            kind = rng.choice(("pon", "pon", "closed_kan"))
            melds.append(Meld(kind, group + ((group[0],) if kind == "closed_kan" else ())))
    rest = tiles[3 * called:]
    rng.shuffle(rest)
    win = rest.pop()
    return Hand(tuple(sorted(rest)), tuple(melds)), win


def _readings(rules, hand: Hand, win: int, sit: Situation):
    """The WinFacts of every reading, as score() builds them."""
    held = UNIT[win] + sum(UNIT[t] for t in hand.concealed)
    counts = held.to_bytes(NUM_KINDS, "little")
    found = placements(counts, KIND[win], 4 - len(hand.melds), rules.special_forms and not hand.melds)
    if not found or max(held.to_bytes(NUM_KINDS, "little")) > 4:
        return []
    h = hand_facts(hand, win, sit, situation_facts(sit, rules.north_triplet_yaku), counts, held, found[0].kinds)
    return [win_facts(p, h) for p in found]


@pytest.mark.parametrize("name", list(RULES))
def test_conditions_are_necessary_and_exact_ones_sufficient(name):
    rules = RULES[name]
    rng = random.Random(f"shortlist-{name}")
    checked = 0
    for _ in range(3000):
        hand, win = _hand(rng)
        closed = all(m.kind == "closed_kan" for m in hand.melds)
        for f in _readings(rules, hand, win, _situation(rng, closed)):
            for d in REGISTRY:
                if (d.closed if f.h.closed else d.open) is None:
                    continue
                holds = conditions_hold(d, f.yaku_key, rules)
                if d.test(f, rules):
                    assert holds, (d.id, hand, win)
                elif d.exact:
                    assert not holds, (d.id, hand, win)
                checked += 1
    assert checked > 10000


# hands built for the yakuman the random ones seldom hold: (concealed MPSZ, winning tile, situation flags)
YAKUMAN_HANDS = [("19m19p19s1234567z", "1z"), ("19m19p19s1234566z", "7z"), ("11122233344z55z", "5z"),
                 ("1112345678999m", "5m"), ("22334466888s66z", "6z"), ("111999m111p99s11s", "9s"),
                 ("2233445566778p", "8p"), ("11223344556677z", "7z"), ("111222333z5z44z", "4z")]


@pytest.mark.parametrize("hand, win", YAKUMAN_HANDS, ids=[h for h, _ in YAKUMAN_HANDS])
def test_yakuman_filter_is_necessary(hand, win):
    """score() looks for yakuman only when HandFacts.yakuman_hint or four concealed pungs say one may be there."""
    rules = replace(BASE, daisharin=True, daisharin_other_suits=True, daichisei=True)
    tiles, _ = parse_tiles(hand)
    for by in ("ron", "tsumo"):
        sit = Situation(by, "south", "east")
        for f in _readings(rules, Hand(tuple(tiles)), parse_tiles(win)[0][0], sit):
            found = [d.id for d in YAKUMAN if d.test(f, rules)]
            assert found
            assert f.h.yakuman_hint or f.concealed_triplets == 4, found
