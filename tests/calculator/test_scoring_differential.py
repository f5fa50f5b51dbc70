"""Differential test: our scoring against the PyPI `mahjong` package (dev-only oracle, tests/mahjong_oracle.py)
on seeded random winning hands: closed, open, kongs, seven pairs, thirteen orphans, with riichi, tsumo,
ippatsu, haitei, houtei, rinshan, chankan, dora and ura dora, red fives, under several option sets.
han, fu and points must agree; every deliberate difference is listed in DIFFERENCES with its reason.
"""
from __future__ import annotations

import os
import random
from dataclasses import replace

import pytest

from calculator.facts import Situation
from calculator.hand import Hand, Meld
from calculator.rules import preset_rules
from calculator.scoring import ScoreRequest, score
from tests.mahjong_oracle import oracle_score

N_HANDS = int(os.environ.get("DIFFERENTIAL_HANDS", "20000"))
SEATS = ("east", "south", "west", "north")
FIVES = {4: 34, 13: 35, 22: 36}

TENHOU = preset_rules("tenhou")
# option sets the package can express (RULES.md §24 maps its switches onto ours)
RULE_SETS = [
    TENHOU,
    replace(TENHOU, kiriage_mangan=True, kazoe="sanbaiman"),
    replace(TENHOU, open_tanyao=False, red_fives=(0, 0, 0)),
    replace(TENHOU, pinfu_tsumo_fu=30, open_pinfu_fu=20),
    replace(TENHOU, double_yakuman=("kokushi_musou_13", "suuankou_tanki", "junsei_chuuren_poutou", "daisuushii"),
            kazoe="none"),
]

# Deliberate differences: (name, test(request, ours, theirs) -> bool, reason)
DIFFERENCES = [
    ("tenhou-chiihou-need-complete-first-draw", lambda req, ours, theirs: False,
     "none seen: kept as the place to list one"),
]


def _groups(rng, count):
    """`count` random groups as (shape, base kind)."""
    out = []
    for _ in range(count):
        if rng.random() < 0.55:
            suit = rng.randrange(3)
            out.append(("seq", 9 * suit + rng.randrange(7)))
        else:
            out.append(("trip", rng.randrange(34)))
    return out


def _tiles_of(shape, base):
    return [base, base + 1, base + 2] if shape == "seq" else [base] * 3


def random_request(rng: random.Random, rules) -> ScoreRequest | None:
    """One random complete hand with a random situation, or None when the draw breaks tile counts."""
    form = rng.choices(("regular", "chiitoitsu", "kokushi"), (0.9, 0.08, 0.02))[0]
    melds: list[Meld] = []
    concealed: list[int] = []
    if form == "regular":
        groups = _groups(rng, 4)
        pair = rng.randrange(34)
        n_melds = rng.choices((0, 1, 2, 3, 4), (0.45, 0.2, 0.15, 0.12, 0.08))[0]
        for i, (shape, base) in enumerate(groups):
            tiles = _tiles_of(shape, base)
            if i < n_melds:
                if shape == "seq":
                    melds.append(Meld("chi", tuple(tiles), tiles[0], "north"))
                else:
                    kind = rng.choices(("pon", "open_kan", "closed_kan", "added_kan"), (0.6, 0.1, 0.2, 0.1))[0]
                    if kind == "pon":
                        melds.append(Meld("pon", tuple(tiles), base, "west"))
                    elif kind == "closed_kan":
                        melds.append(Meld("closed_kan", (base,) * 4))
                    else:
                        melds.append(Meld(kind, (base,) * 4, base, "west"))
            else:
                concealed += tiles
        concealed += [pair, pair]
    elif form == "chiitoitsu":
        concealed = [k for k in rng.sample(range(34), 7) for _ in (0, 1)]
    else:
        concealed = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33] + [rng.choice((0, 8, 9, 17, 18, 26, 27, 33))]
    counts = [0] * 34
    for t in concealed + [t for m in melds for t in m.tiles]:
        counts[t] += 1
    if max(counts) > 4:
        return None
    win = concealed.pop(rng.randrange(len(concealed)))
    if any(rules.red_fives):
        # make one five of a suit red now and then (the package takes copy 0 as the red one)
        for i, t in enumerate(concealed):
            if t in FIVES and rng.random() < 0.3:
                concealed[i] = FIVES[t]
                break
        if win in FIVES and rng.random() < 0.3 and FIVES[win] not in concealed:
            win = FIVES[win]
    hand = Hand(tuple(concealed), tuple(melds))
    closed = hand.is_closed
    by = rng.choice(("ron", "tsumo"))
    seat = rng.choice(SEATS)
    riichi = rng.choices(("none", "riichi", "double_riichi"), (0.5, 0.4, 0.1))[0] if closed else "none"
    has_kan = any(m.is_kan for m in melds)
    rinshan = by == "tsumo" and has_kan and rng.random() < 0.3
    houtei = by == "ron" and rng.random() < 0.05
    sit = Situation(by, seat, rng.choice(SEATS[:2]), riichi, riichi != "none" and rng.random() < 0.3,
                    by == "tsumo" and not rinshan and rng.random() < 0.05, houtei,
                    rinshan, by == "ron" and not houtei and rng.random() < 0.03)
    indicators = tuple(rng.randrange(34) for _ in range(1 + sum(m.is_kan for m in melds)))
    ura = tuple(rng.randrange(34) for _ in indicators) if riichi != "none" else ()
    used = counts[:]
    for t in indicators + ura:
        used[t] += 1
    if max(used) > 4 or (any(rules.red_fives) and 4 in (used[4], used[13], used[22])):
        return None   # four plain fives cannot exist when one copy is red
    discarder = None if by == "tsumo" else rng.choice([s for s in SEATS if s != seat])
    return ScoreRequest(hand, win, sit, indicators, ura, 0, 0, discarder, rules)


def requests(n: int, seed: int = 20260104):
    rng = random.Random(seed)
    made = 0
    while made < n:
        rules = RULE_SETS[made % len(RULE_SETS)]
        req = random_request(rng, rules)
        if req is not None:
            made += 1
            yield req


def compare(req):
    ours = score(req)
    theirs = oracle_score(req)
    got = (ours.han, ours.fu if not ours.yakuman else None, ours.points) if ours.is_win else None
    if theirs is not None and ours.is_win and ours.yakuman:
        theirs = (theirs[0], None, theirs[2])
    return got, theirs, ours


def test_mahjong_package_agrees_on_random_winning_hands():
    mismatches = []
    wins = 0
    for req in requests(N_HANDS):
        got, want, ours = compare(req)
        wins += got is not None
        if got != want and not any(test(req, ours, want) for _, test, _ in DIFFERENCES):
            mismatches.append((req, got, want))
    assert wins > N_HANDS // 3   # the generator mostly makes real wins, not only "no yaku"
    shown = [(req.hand, req.win_tile, req.situation, req.dora_indicators, got, want) for req, got, want in mismatches[:3]]
    assert not mismatches, f"{len(mismatches)} mismatches, first: {shown}"


@pytest.mark.parametrize("name, test, reason", DIFFERENCES, ids=[d[0] for d in DIFFERENCES])
def test_each_difference_has_a_reason(name, test, reason):
    assert reason and callable(test)
