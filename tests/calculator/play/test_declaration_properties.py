import random
from dataclasses import replace

from hypothesis import assume, given, settings, strategies as st

from calculator.play.after_declaration import Event, after_declaration, kan_after_declaration
from calculator.play.declarations import PENALISABLE, PREREQUISITES, riichi_allowed
from calculator.furiten.permission import Discard, History
from calculator.core.hand import Hand
from calculator.rules import PRESETS, preset_rules
from calculator.core.tiles import kind
from tests.positions import random_position
from tests.budget import examples

SEEDS = st.integers(0, 2**32 - 1)
OUTCOMES = {"accepted", "declaration_refused", "declaration_cancelled", "faulty_declaration"}


@settings(max_examples=examples(150), deadline=None)
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


@settings(max_examples=examples(60), deadline=None)
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



# the two columns of the after-declaration table (RULES §4.6): software enforcement vs self-policing
ENFORCED_TO_POLICED = {
    ("standing", "allowed", "allowed"): ("standing", "allowed", "allowed"),
    ("standing", "refused", "allowed"): ("standing", "faulty_out", "allowed"),   # sacred hand, Ari-Ari: tsumo only
    ("win_refused", "refused", "allowed"): ("faulty_out", "faulty_out", "allowed"),
    ("dead_hand", "refused", "refused"): ("faulty_out", "faulty_out", "faulty_out"),
    ("declaration_cancelled", None, None): ("faulty_declaration", "faulty_out", "faulty_out"),
}


@settings(max_examples=examples(150), deadline=None)
@given(seed=SEEDS, event=st.sampled_from(["passed", "drawn", None]), first_discard=st.booleans(),
       first_selfdraw=st.booleans(), kills=st.booleans(), variant=st.sampled_from(["absolute", "traditional"]))
def test_after_declaration_columns_differ_only_in_who_enforces(seed, event, first_discard, first_selfdraw, kills,
                                                              variant):
    rng = random.Random(seed)
    p = random_position(rng)
    base = replace(preset_rules("japanese_modern"), riichi_first_discard_required=first_discard,
                   riichi_first_selfdraw_required=first_selfdraw, riichi_missed_tile_kills_hand=kills,
                   sacred_discard_variant=variant)
    # the declaration discard is a random tile: sometimes a wait (a sacred hand at the declaration)
    river = History((Discard(rng.randrange(34), riichi=True),), riichi="riichi")
    ev = Event(event, rng.randrange(34)) if event else None
    on, off = (after_declaration(p.hand, river, replace(base, riichi_validate_declaration=v), ev)
               for v in (True, False))
    assert ENFORCED_TO_POLICED[(on.outcome, on.ron, on.tsumo)] == (off.outcome, off.ron, off.tsumo)
    assert on.allowed == (on.outcome == "standing") and off.allowed == (off.outcome == "standing")
    assert on.waits == off.waits
    if on.outcome == "declaration_cancelled":
        # cancelled: nothing after it counts; standing faulty: the later events are reported too
        assert set(on.reasons) <= set(off.reasons)
    else:
        assert (off.reasons, off.if_not_won) == (on.reasons, on.if_not_won)


@settings(max_examples=examples(100), deadline=None)
@given(seed=SEEDS)
def test_closed_kan_levels_are_nested(seed):
    # forbidden allows nothing; the reading level allows a subset of what the waits level allows,
    # and the waits level allows exactly the kongs that keep the waits (RULES §4.2 A2)
    rng = random.Random(seed)
    p = random_position(rng)
    triplets = sorted({k for k in map(kind, p.hand.concealed) if sum(kind(t) == k for t in p.hand.concealed) >= 3})
    assume(triplets)
    chosen = rng.choice(triplets)
    tile = next(t for t in p.hand.concealed if kind(t) == chosen)
    rules = preset_rules("japanese_modern")
    k = {level: kan_after_declaration(p.hand, tile, replace(rules, riichi_ankan_after=level))
         for level in ("forbidden", "if_waits_unchanged", "if_waits_and_reading_unchanged")}
    assert not k["forbidden"].allowed
    assert k["if_waits_unchanged"].allowed == (k["if_waits_unchanged"].waits_after == k["if_waits_unchanged"]
                                               .waits_before)
    assert k["if_waits_and_reading_unchanged"].allowed <= k["if_waits_unchanged"].allowed
