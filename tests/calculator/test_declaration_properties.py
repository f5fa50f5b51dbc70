import random
from dataclasses import replace

from hypothesis import given, settings, strategies as st

from calculator.declarations import PENALISABLE, PREREQUISITES, riichi_allowed
from calculator.furiten import History
from calculator.hand import Hand
from calculator.rules import PRESETS, preset_rules
from calculator.tiles import kind
from tests.positions import random_position

SEEDS = st.integers(0, 2**32 - 1)
OUTCOMES = {"accepted", "declaration_refused", "declaration_cancelled", "faulty_declaration"}


@settings(max_examples=150, deadline=None)
@given(seed=SEEDS, preset=st.sampled_from(sorted(PRESETS)), validate=st.booleans(),
       left=st.integers(0, 70), points=st.integers(-5000, 40000))
def test_declaration_outcome_is_coherent(seed, preset, validate, left, points):
    p = random_position(random.Random(seed))
    rules = replace(preset_rules(preset), riichi_validate_declaration=validate, hand_size=13)
    d = riichi_allowed(p.hand, History(p.history.discards), rules, points, left)
    assert d.outcome in OUTCOMES
    assert d.allowed == (d.outcome == "accepted")
    assert set(d.reasons) <= set(PREREQUISITES) | set(PENALISABLE)
    refused = any(r in PREREQUISITES for r in d.reasons)
    assert (d.outcome == "declaration_refused") == refused
    if rules.ready_mode != "obligatory":
        # the validation switch decides between cancelling and a faulty declaration, never the other way round
        assert d.outcome != ("faulty_declaration" if validate else "declaration_cancelled")
    if d.allowed:
        assert d.waits and (p.hand.is_closed or rules.ready_mode != "voluntary_riichi")


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS)
def test_drawn_hand_may_declare_exactly_when_some_discard_may(seed):
    rng = random.Random(seed)
    p = random_position(rng)
    extra = next(t for t in rng.sample(range(34), 34) if sum(kind(x) == t for x in p.hand.all_codes()) < 4)
    drawn = Hand(p.hand.concealed + (extra,), p.hand.melds)
    rules = preset_rules("tenhou")
    d = riichi_allowed(drawn, (), rules, 25000, 40)
    singles = {k for k in map(kind, drawn.concealed)}
    ok = set()
    for k in singles:
        rest = list(drawn.concealed)
        rest.remove(next(t for t in rest if kind(t) == k))
        if riichi_allowed(Hand(tuple(rest), drawn.melds), (k,), rules, 25000, 40).allowed:
            ok.add(k)
    assert set(d.discards) == ok
    assert d.allowed == bool(ok)
