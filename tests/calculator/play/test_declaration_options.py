from dataclasses import replace

import pytest

from calculator.play.after_declaration import Event, after_declaration, evaluate_event, kan_after_declaration, win_after
from calculator.play.declarations import DeclarationHistory, riichi_allowed
from calculator.furiten.permission import Discard, History
from calculator.core.hand import Hand, Meld
from calculator.core.notation import parse_tiles
from calculator.rules import preset_rules

PINFU = "234567m234p67s55s"
READING_HAND = "1112444m456p789s"   # waits 2m 3m with or without the 4m kong; 4m also reads as 234m + 44m
NOT_READY = "123m456p789s2358s"
KAN_HAND = "22234p777m345s33z"      # RULES §4.9-3, waits 2p 5p 3z


def tiles(text):
    return parse_tiles(text)[0]


def hand(text):
    return Hand(tiles(text))


def rules(preset="japanese_modern", **kw):
    return replace(preset_rules(preset), **kw)


def declared(*discards):
    return History(tuple(Discard(tiles(d)[0], riichi=(i == 0)) for i, d in enumerate(discards)), riichi="riichi")


@pytest.mark.parametrize("mode,allowed,reasons", [
    ("voluntary_riichi", True, ()), ("none", False, ("declarations_not_used",))])
def test_ready_mode(mode, allowed, reasons):
    d = riichi_allowed(hand(PINFU), (), rules(ready_mode=mode), tiles_left=40)
    assert (d.allowed, d.reasons, d.mode) == (allowed, reasons, mode)


@pytest.mark.parametrize("minimum,allowed", [(4, True), (8, False)])
def test_riichi_min_wall_tiles(minimum, allowed):
    d = riichi_allowed(hand(PINFU), (), rules(riichi_min_wall_tiles=minimum), tiles_left=6)
    assert d.allowed is allowed and (allowed or d.reasons == ("too_few_wall_tiles",))


def test_unknown_wall_and_points_are_reported_unchecked():
    d = riichi_allowed(hand(PINFU), (), rules(riichi_min_points=1000))
    assert d.allowed and d.unchecked == ("tiles_left", "points")


@pytest.mark.parametrize("minimum,allowed", [(0, True), (1000, False)])
def test_riichi_min_points(minimum, allowed):
    d = riichi_allowed(hand(PINFU), (), rules(riichi_min_points=minimum), points=500, tiles_left=40)
    assert d.allowed is allowed and (allowed or d.reasons == ("too_few_points",))


@pytest.mark.parametrize("allow,outcome,note", [(True, "accepted", "tsumo_only"),
                                                (False, "declaration_cancelled", None)])
def test_riichi_allow_when_sacred(allow, outcome, note):
    d = riichi_allowed(hand(PINFU), tuple(tiles("5s")), rules(riichi_allow_when_sacred=allow), tiles_left=40)
    assert d.outcome == outcome
    if note:
        # Ari-Ari: the sacred hand may declare but can then only win self-drawn
        assert note in d.notes and (d.ron, d.tsumo) == ("refused", "allowed")
    else:
        assert d.reasons == ("sacred_hand",)


@pytest.mark.parametrize("check,allowed", [(False, True), (True, False)])
def test_riichi_check_minimum_points(check, allowed):
    # riichi + menzen tsumo is 2 han at most here, below a 3-han minimum
    d = riichi_allowed(hand("123m789p234s68s11z"), (), rules(riichi_check_minimum_points=check, min_han=3),
                       tiles_left=40)
    assert d.allowed is allowed


def test_riichi_check_minimum_points_passes_a_hand_that_reaches_it():
    d = riichi_allowed(hand(PINFU), (), rules(riichi_check_minimum_points=True, min_han=3), tiles_left=40)
    assert d.allowed


KAN_HAND = "22234p777m345s33z"      # RULES §4.9-3, waits 2p 5p 3z
LEVELS = ("forbidden", "if_waits_unchanged", "if_waits_and_reading_unchanged")
KAN_AFTER_RIICHI = [
    # (hand, kong tile, waits after, reasons at each level of riichi_ankan_after, in LEVELS order)
    pytest.param(KAN_HAND, "7m", "2p5p3z", (("kan_forbidden",), (), ()), id="4.9-3-7m-waits-and-pung-kept"),
    pytest.param(KAN_HAND, "2p", "5p", (("kan_forbidden",), ("waits_changed",), ("waits_changed",)),
                 id="4.9-3-2p-loses-3z"),
    pytest.param(READING_HAND, "4m", "23m", (("kan_forbidden",), (), ("reading_changed",)),
                 id="4m-waits-kept-reading-lost"),
    pytest.param("1112345678999m", "1m", "24578m", (("kan_forbidden",), ("waits_changed",), ("waits_changed",)),
                 id="nine-gates-1m-loses-four-waits"),
]


@pytest.mark.parametrize("validate", [True, False], ids=["validated", "not-validated"])
@pytest.mark.parametrize("level", range(3), ids=LEVELS)
@pytest.mark.parametrize("text,kan,after,reasons", KAN_AFTER_RIICHI)
def test_closed_kan_after_riichi_at_each_level(text, kan, after, reasons, level, validate):
    # RULES §4.2 A2: a concealed kong after riichi is forbidden, or allowed if the waits (and, in the
    # EMA 2008/2012 wording, the reading of the three tiles as a pung) do not change
    r = rules(riichi_ankan_after=LEVELS[level], riichi_validate_declaration=validate)
    k = kan_after_declaration(hand(text), tiles(kan)[0], r)
    assert k.reasons == reasons[level]
    assert k.allowed is (reasons[level] == ())
    assert k.outcome == "allowed" if k.allowed else k.outcome == ("refused" if validate else "faulty")
    assert k.waits_after == tuple(tiles(after))


@pytest.mark.parametrize("meld", ["open_kan", "added_kan"])
def test_riichi_hand_makes_no_open_kong(meld):
    k = kan_after_declaration(hand(KAN_HAND), tiles("7m")[0], rules(), meld)
    assert (k.allowed, k.reasons) == (False, ("hand_locked",))


@pytest.mark.parametrize("penalty,amount,if_not_won", [
    ("none", 0, "none"), ("chombo", 0, "faulty_ready_penalty"), ("fixed", 2000, "faulty_ready_penalty")])
def test_riichi_faulty_ready_penalty_and_amount(penalty, amount, if_not_won):
    r = rules(riichi_validate_declaration=False, riichi_faulty_ready_penalty=penalty, riichi_faulty_ready_amount=2000)
    d = riichi_allowed(hand(NOT_READY), (), r, tiles_left=40)
    assert (d.penalty, d.penalty_amount, d.if_not_won) == (penalty, amount, if_not_won)


@pytest.mark.parametrize("same_turn,allowed", [(False, False), (True, True)])
def test_ready_obligatory_same_turn_win_allowed(same_turn, allowed):
    r = rules("european_classical", ready_obligatory_same_turn_win_allowed=same_turn)
    d = win_after(hand("123m456p789s2345s"), tuple(tiles("1z")), r, Event("win", tiles("5s")[0], "tsumo"))
    assert d.allowed is allowed


@pytest.mark.parametrize("validate,allowed,outcome", [(False, True, "accepted"),
                                                      (True, False, "declaration_cancelled")])
def test_ready_obligatory_validate(validate, allowed, outcome):
    d = riichi_allowed(hand(NOT_READY), (), rules("european_classical", ready_obligatory_validate=validate))
    assert (d.allowed, d.outcome) == (allowed, outcome)
    if not validate:
        assert "bluff" in d.notes   # the announcement may be a bluff; the hand may change later


@pytest.mark.parametrize("flag,if_not_won", [(True, "bonus_tiles_only"), (False, "none")])
def test_ready_french_failed_scores_bonus_tiles_only(flag, if_not_won):
    d = after_declaration(hand(PINFU), declared("9m"), rules("french", ready_french_failed_scores_bonus_tiles_only=flag))
    assert d.if_not_won == if_not_won


@pytest.mark.parametrize("minimum,allowed", [(8, False), (6, True)])
def test_ready_italian_min_wall_tiles(minimum, allowed):
    d = riichi_allowed(hand("123m456p789s234s1z"), (), rules("italian", ready_italian_min_wall_tiles=minimum),
                       tiles_left=7)
    assert d.allowed is allowed


@pytest.mark.parametrize("single,allowed", [(True, False), (False, True)])
def test_ready_italian_single_wait_only(single, allowed):
    d = riichi_allowed(hand(PINFU), (), rules("italian", ready_italian_single_wait_only=single), tiles_left=40)
    assert d.allowed is allowed


@pytest.mark.parametrize("doubles", [1, 2])
def test_ready_bonus_doubles(doubles):
    d = riichi_allowed(hand("123m456p789s234s1z"), (), rules("italian", ready_bonus_doubles=doubles), tiles_left=40)
    assert d.bonus_doubles == doubles
    assert riichi_allowed(hand(PINFU), (), rules(ready_bonus_doubles=doubles), tiles_left=40).bonus_doubles == 0


def test_italian_hand_is_frozen_against_kongs():
    k = kan_after_declaration(hand("22234p777m345s33z"), tiles("7m")[0], rules("italian"))
    assert k.reasons == ("hand_frozen",)


@pytest.mark.parametrize("scope,declared_at,allowed", [
    ("whole_deal", None, False), ("whole_deal", 0, True), ("declared_discards", 0, True),
    ("declared_discards", None, False)])
def test_sacred_declaration_lifts_the_sacred_hand_check(scope, declared_at, allowed):
    # Nashi-Nashi forbids riichi on a sacred hand, unless a sacred declaration covers the discard (§3.1)
    history = History((Discard(tiles("5s")[0]),), sacred_declared_at=declared_at)
    r = rules(riichi_allow_when_sacred=False, sacred_discard_declaration=True, sacred_declaration_scope=scope)
    assert riichi_allowed(hand(PINFU), history, r, tiles_left=40).allowed is allowed


def test_sacred_hand_under_a_milder_variant_is_noted_not_tsumo_only():
    d = riichi_allowed(hand(PINFU), tuple(tiles("5s")), rules(sacred_discard_variant="traditional"), tiles_left=40)
    assert d.allowed and "sacred_hand" in d.notes and d.ron == "allowed"


# --- RULES §4.4: "Ready on first turn" (double riichi), Four Winds' "No melds" and "changed later" ---

def first(*discards, calls_before=None, riichi="none"):
    """A river whose first discard is the declaration (marked when `riichi` is not none)."""
    return DeclarationHistory(tuple(Discard(tiles(d)[0], riichi=riichi != "none" and i == 0)
                                    for i, d in enumerate(discards)), riichi=riichi, calls_before=calls_before)


@pytest.mark.parametrize("no_calls,calls_before,double", [
    (True, False, True), (True, True, False), (True, None, None),
    (False, True, True), (False, None, True),
], ids=["no-melds-uninterrupted", "no-melds-call-before", "no-melds-unknown", "any-first-discard-call-before",
        "any-first-discard-unknown"])
def test_double_riichi_no_calls(no_calls, calls_before, double):
    d = riichi_allowed(hand(PINFU), first("9m", calls_before=calls_before), rules(double_riichi_no_calls=no_calls),
                       tiles_left=40)
    assert d.allowed and d.double_riichi is double


@pytest.mark.parametrize("no_calls,double", [(True, False), (False, True)])
def test_double_riichi_no_calls_counts_the_players_own_kong(no_calls, double):
    kan = Meld("closed_kan", tiles("7777m"))
    d = riichi_allowed(Hand(tiles("22234p345s33z"), (kan,)), first("9m", calls_before=False),
                       rules(double_riichi_no_calls=no_calls), tiles_left=40)
    assert d.allowed and d.double_riichi is double


@pytest.mark.parametrize("text,river,mode,double", [
    (PINFU, ("1z", "9m"), "voluntary_riichi", False),
    (PINFU + "9m", (), "voluntary_riichi", True),
    (PINFU, ("9m",), "voluntary_french", False),
    (NOT_READY, ("9m",), "voluntary_riichi", False),
], ids=["second-discard", "drawn-hand-first-discard", "french-has-none", "cancelled-declaration"])
def test_double_riichi_only_for_a_standing_first_discard_riichi(text, river, mode, double):
    d = riichi_allowed(hand(text), first(*river, calls_before=False), rules(ready_mode=mode), tiles_left=40)
    assert d.double_riichi is double


@pytest.mark.parametrize("lost,kan_tile,double,notes", [
    (True, "7m", False, ("double_riichi_lost",)), (False, "7m", True, ()),
    (True, "2p", True, ()),   # the kong is refused (it changes the waits): the hand stays as it was
], ids=["changed-pays-as-riichi", "changed-keeps-double", "refused-kong-changes-nothing"])
def test_double_riichi_lost_if_changed(lost, kan_tile, double, notes):
    history = first("9m", calls_before=False, riichi="double_riichi")
    d, kong = evaluate_event(hand(KAN_HAND), history, rules(double_riichi_lost_if_changed=lost),
                             Event("kan", tiles(kan_tile)[0]))
    assert (d.outcome, d.double_riichi, d.notes) == ("standing", double, notes)


@pytest.mark.parametrize("lost,no_calls,double", [(True, True, False), (True, False, None), (False, True, True)],
                         ids=["kong-after-uninterrupted-start", "kong-time-unknown", "kong-kept"])
def test_double_riichi_with_a_kong_already_made(lost, no_calls, double):
    kan = Meld("closed_kan", tiles("7777m"))
    history = first("9m", calls_before=False, riichi="double_riichi")
    d, _ = evaluate_event(Hand(tiles("22234p345s33z"), (kan,)), history,
                          rules(double_riichi_lost_if_changed=lost, double_riichi_no_calls=no_calls), None)
    assert d.double_riichi is double


@pytest.mark.parametrize("no_calls,double,notes", [(True, False, ("double_riichi_interrupted",)), (False, True, ())])
def test_declared_double_riichi_after_a_call(no_calls, double, notes):
    history = first("9m", calls_before=True, riichi="double_riichi")
    d, _ = evaluate_event(hand(KAN_HAND), history, rules(double_riichi_no_calls=no_calls), None)
    assert (d.double_riichi, d.notes) == (double, notes)


# --- RULES §5.1: obligatory ready, "usually the ready hand may still be changed afterwards" ---

ANNOUNCED = History((Discard(tiles("1z")[0], riichi=True),), riichi="riichi")


@pytest.mark.parametrize("free,outcome,notes", [(True, "accepted", ("not_ready", "bluff")),
                                                (False, "faulty_declaration", ())])
def test_ready_obligatory_hand_may_change_bluff(free, outcome, notes):
    d = riichi_allowed(hand(NOT_READY), (), rules("european_classical", ready_obligatory_hand_may_change=free))
    assert (d.outcome, d.notes) == (outcome, notes)


@pytest.mark.parametrize("free,outcome,ron", [(True, "standing", "allowed"), (False, "win_refused", "refused")])
def test_ready_obligatory_hand_may_change_after_table(free, outcome, ron):
    # passing a winning discard after the announcement: nothing, or the after-declaration table (§4.6) with
    # "require going out on the first possible discard" (off in the European preset: the hand is free there)
    r = rules("european_classical", ready_obligatory_hand_may_change=free, ready_obligatory_validate=True,
              riichi_first_discard_required=not free)
    d = after_declaration(hand("123m456p789s2345s"), ANNOUNCED, r, Event("passed", tiles("5s")[0]))
    assert (d.outcome, d.ron, d.tsumo) == (outcome, ron, "allowed")
    win = win_after(hand("123m456p789s2345s"), replace(ANNOUNCED, missed_after_riichi=tuple(tiles("5s"))), r,
                    Event("win", tiles("2s")[0], "ron"))
    assert win.allowed is free


@pytest.mark.parametrize("free,allowed,reasons", [(True, True, ()), (False, False, ("waits_changed",))])
def test_ready_obligatory_hand_may_change_kong(free, allowed, reasons):
    k = kan_after_declaration(hand(KAN_HAND), tiles("2p")[0],
                              rules("european_classical", ready_obligatory_hand_may_change=free))
    assert (k.allowed, k.reasons) == (allowed, reasons)


def test_european_preset_sets_no_first_discard_requirement():
    # the announced hand may change (SEED-EU §4.1): passing a winning discard leaves later wins free
    r = rules("european_classical")
    history = replace(ANNOUNCED, missed_after_riichi=tuple(tiles("5s")))
    assert win_after(hand("123m456p789s2345s"), history, r, Event("win", tiles("2s")[0], "ron")).allowed
