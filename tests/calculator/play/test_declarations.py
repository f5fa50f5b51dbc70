from dataclasses import replace

import pytest

from calculator.play.after_declaration import (Event, after_declaration, declaration_answer, evaluate_event,
                                         kan_after_declaration, win_after)
from calculator.play.declarations import declaration_outcome, hand_waits, riichi_allowed, river_of
from calculator.core.errors import InvalidHand, UnsupportedRules
from calculator.furiten.permission import Discard, History
from calculator.core.hand import Hand, Meld
from calculator.core.notation import parse_tiles
from calculator.rules import preset_rules
from calculator.core.tiles import name

PINFU = "234567m234p67s55s"          # RULES §4.9-1, waits 5s 8s
NOT_READY = "123m456p789s2358s"      # RULES §4.9-4
KAN_HAND = "22234p777m345s33z"       # RULES §4.9-3, waits 2p 5p 3z


def tiles(text):
    return parse_tiles(text)[0]


def tile(text):
    return tiles(text)[0]


def hand(text, melds=()):
    return Hand(tiles(text), tuple(melds))


def rules(preset="japanese_modern", **kw):
    return replace(preset_rules(preset), **kw)


def river(*discards, riichi_at=None, missed_after=()):
    return History(tuple(Discard(tile(d), riichi=(i == riichi_at)) for i, d in enumerate(discards)),
                   missed_after_riichi=tuple(tiles("".join(missed_after))),
                   riichi="riichi" if riichi_at is not None else "none")


def names(kinds):
    return [name(k) for k in kinds]


# --- the first table of RULES §4.6: violations at the declaration, validation on and off ---

OPEN = (Meld("chi", tiles("234m"), tile("2m")),)
TABLE_AT_DECLARATION = [
    # (row, hand, melds, history, options, tiles_left, reason, outcome with validation on, off)
    ("p1-open-hand", "567m234p67s55s", OPEN, (), {}, 40, "open_hand", "declaration_refused", "declaration_refused"),
    ("p2-wall", PINFU, (), (), {}, 3, "too_few_wall_tiles", "declaration_refused", "declaration_refused"),
    ("not-ready", NOT_READY, (), (), {}, 40, "not_ready", "declaration_cancelled", "faulty_declaration"),
    ("below-minimum", "123m789p234s68s11z", (), (), {"riichi_check_minimum_points": True, "min_han": 3}, 40,
     "below_minimum_score", "declaration_cancelled", "faulty_declaration"),
    ("sacred-hand-dead", PINFU, (), ("8s",), {"riichi_missed_tile_kills_hand": True}, 40, "sacred_hand",
     "declaration_cancelled", "faulty_declaration"),
]


@pytest.mark.parametrize("validate", [True, False], ids=["validation-on", "validation-off"])
@pytest.mark.parametrize("row", TABLE_AT_DECLARATION, ids=[r[0] for r in TABLE_AT_DECLARATION])
@pytest.mark.parametrize("penalty", ["none", "as_faulty_out"], ids=["no-ready-penalty", "ready-penalty"])
def test_table_at_declaration(row, validate, penalty):
    _, text, melds, discards, options, left, reason, on, off = row
    r = rules(riichi_validate_declaration=validate, riichi_faulty_ready_penalty=penalty, **options)
    d = riichi_allowed(hand(text, melds), tuple(tiles("".join(discards))), r, tiles_left=left)
    assert d.allowed is False
    assert reason in d.reasons
    assert d.outcome == (on if validate else off)
    if d.outcome == "faulty_declaration":
        # the declaration stands: a later win is a faulty out, a draw costs the ready penalty if one is set
        assert (d.ron, d.tsumo) == ("faulty_out", "faulty_out")
        assert d.if_not_won == ("faulty_ready_penalty" if penalty != "none" else "none")
    else:
        assert (d.ron, d.tsumo, d.if_not_won) == (None, None, None)


@pytest.mark.parametrize("refused,faulty,validated,want", [
    (["open_hand"], ["not_ready"], True, "declaration_refused"),
    (["too_few_wall_tiles"], [], False, "declaration_refused"),
    ([], ["sacred_hand"], True, "declaration_cancelled"),
    ([], ["below_minimum_score"], False, "faulty_declaration"),
    ([], [], False, "accepted"),
])
def test_declaration_outcome_prerequisites_before_penalisable(refused, faulty, validated, want):
    assert declaration_outcome(refused, faulty, validated) == want


def test_accepted_declaration_pinfu_example():
    d = riichi_allowed(hand(PINFU), (), rules(), tiles_left=40, points=25000)
    assert (d.allowed, d.outcome, d.reasons) == (True, "accepted", ())
    assert names(d.waits) == ["5s", "8s"]
    assert (d.ron, d.tsumo, d.if_not_won) == ("allowed", "allowed", "none")


def test_declaration_just_after_a_draw_tries_each_discard():
    d = riichi_allowed(hand(PINFU + "9m"), (), rules(), tiles_left=40)
    assert d.allowed and names(d.discards) == ["9m", "5s"]


def test_history_adapter_takes_a_tuple_or_a_history():
    assert river_of(tuple(tiles("8s1z"))).discards == river_of(river("8s", "1z")).discards
    assert river_of(river("8s", "1z", riichi_at=1)).declared_at == 1


# --- the second table of RULES §4.6: after the declaration, validation on and off ---

TABLE_AFTER = [
    # (row, event, options, validated outcome (ron, tsumo), policed outcome (ron, tsumo), dead)
    ("threw-no-options", "drawn", {}, ("win_refused", "refused", "allowed"), ("faulty_out", "faulty_out", "allowed"),
     False),
    ("threw-first-selfdraw", "drawn", {"riichi_first_selfdraw_required": True},
     ("dead_hand", "refused", "refused"), ("faulty_out", "faulty_out", "faulty_out"), True),
    ("threw-hand-dead", "drawn", {"riichi_missed_tile_kills_hand": True},
     ("dead_hand", "refused", "refused"), ("faulty_out", "faulty_out", "faulty_out"), True),
    ("passed-first-discard", "passed", {"riichi_first_discard_required": True},
     ("win_refused", "refused", "allowed"), ("faulty_out", "faulty_out", "allowed"), False),
    ("passed-first-discard-hand-dead", "passed", {"riichi_first_discard_required": True,
                                                  "riichi_missed_tile_kills_hand": True},
     ("dead_hand", "refused", "refused"), ("faulty_out", "faulty_out", "faulty_out"), True),
]


@pytest.mark.parametrize("validate", [True, False], ids=["validation-on", "validation-off"])
@pytest.mark.parametrize("row", TABLE_AFTER, ids=[r[0] for r in TABLE_AFTER])
def test_table_after_declaration(row, validate):
    _, event, options, on, off, dead = row
    r = rules(riichi_validate_declaration=validate, sacred_discard_variant="absolute",
              riichi_faulty_ready_penalty="as_faulty_out", **options)
    d = after_declaration(hand(KAN_HAND), river("9m", riichi_at=0), r, Event(event, tile("5p")))
    assert (d.outcome, d.ron, d.tsumo) == (on if validate else off)
    assert d.allowed is False
    assert ("threw_winning_tile" if event == "drawn" else "passed_winning_tile") in d.reasons
    assert d.if_not_won == ("faulty_ready_penalty" if dead else "none")


@pytest.mark.parametrize("source", ["river", "event"])
def test_after_declaration_reads_the_river_or_the_event(source):
    r = rules(riichi_first_discard_required=True)
    if source == "river":
        d = after_declaration(hand(KAN_HAND), river("9m", "1m", "3z", riichi_at=0), r)
    else:
        d = after_declaration(hand(KAN_HAND), river("9m", "1m", riichi_at=0), r, Event("drawn", tile("3z")))
    assert d.outcome == "win_refused" and d.reasons == ("threw_winning_tile",)


def test_after_declaration_passed_tiles_from_history():
    d = after_declaration(hand(KAN_HAND), river("9m", riichi_at=0, missed_after=("2p",)), rules())
    assert (d.outcome, d.ron, d.tsumo) == ("win_refused", "refused", "allowed")


@pytest.mark.parametrize("option,value,outcome,note", [
    ("riichi_first_discard_required", False, "standing", "missed_discard_rule_applies"),
    ("riichi_first_discard_required", True, "win_refused", None),
])
def test_first_discard_required_on_off(option, value, outcome, note):
    d = after_declaration(hand(KAN_HAND), river("9m", riichi_at=0), rules(**{option: value}),
                          Event("passed", tile("3z")))
    assert d.outcome == outcome
    assert note is None or note in d.notes


def test_thrown_winning_tile_under_a_non_absolute_variant_leaves_it_to_that_variant():
    d = after_declaration(hand(KAN_HAND), river("9m", riichi_at=0), rules(sacred_discard_variant="traditional"),
                          Event("drawn", tile("5p")))
    assert d.outcome == "standing" and "sacred_discard_variant_applies" in d.notes


def test_non_winning_tile_passed_changes_nothing():
    d = after_declaration(hand(KAN_HAND), river("9m", riichi_at=0), rules(), Event("passed", tile("9p")))
    assert (d.outcome, d.allowed, d.reasons) == ("standing", True, ())


def test_faulty_standing_declaration_then_any_win_is_a_faulty_out():
    d = after_declaration(hand(NOT_READY), river("9m", riichi_at=0), rules("ema"))
    assert (d.outcome, d.ron, d.tsumo, d.if_not_won, d.penalty) == (
        "faulty_declaration", "faulty_out", "faulty_out", "faulty_ready_penalty", "chombo")


# --- RULES §4.9 riichi examples ---

def test_rules_4_9_2_stake_only_no_penalty_at_a_draw():
    d = after_declaration(hand(PINFU), river("9m", riichi_at=0), rules())
    assert (d.outcome, d.if_not_won) == ("standing", "none")


@pytest.mark.parametrize("kan,allowed,reason", [("7m", True, None), ("2p", False, "waits_changed")])
def test_rules_4_9_3_kan_after_riichi(kan, allowed, reason):
    k = kan_after_declaration(hand(KAN_HAND), tile(kan), rules())
    assert k.allowed is allowed
    assert names(k.waits_before) == ["2p", "5p", "3z"]
    assert reason is None or k.reasons == (reason,)
    if kan == "2p":
        assert names(k.waits_after) == ["5p"]   # the 2p wait would need a fifth copy, and 3z is lost


def test_rules_4_9_3_forbidden_kan_is_chombo_material_under_ema():
    k = kan_after_declaration(hand(KAN_HAND), tile("2p"), rules("ema"))
    assert (k.allowed, k.outcome) == (False, "faulty")


@pytest.mark.parametrize("preset,outcome,if_not_won,penalty", [
    ("japanese_modern", "declaration_cancelled", None, "as_faulty_out"),
    ("ema", "faulty_declaration", "faulty_ready_penalty", "chombo"),
])
def test_rules_4_9_4_riichi_on_a_hand_that_is_not_ready(preset, outcome, if_not_won, penalty):
    d = riichi_allowed(hand(NOT_READY), (), rules(preset), tiles_left=40)
    assert (d.allowed, d.reasons, d.outcome, d.if_not_won, d.penalty) == (
        False, ("not_ready",), outcome, if_not_won, penalty)


# --- RULES §5.3 European, French and Italian examples ---

def test_rules_5_3_1_obligatory_no_win_without_an_earlier_announcement():
    r = rules("european_classical")
    undeclared = win_after(hand("123m456p789s2345s"), river("1z"), r, Event("win", tile("5s"), "tsumo"))
    assert (undeclared.allowed, undeclared.reasons) == (False, ("not_declared",))
    announce = riichi_allowed(hand("123m456p789s2345s"), river("1z"), r)
    assert announce.allowed
    for by, win in (("ron", "2s"), ("tsumo", "5s")):
        later = win_after(hand("123m456p789s2345s"), river("1z", riichi_at=0), r, Event("win", tile(win), by))
        assert later.allowed


PON_7S = (Meld("pon", tiles("777s"), tile("7s")),)
FIRST_TURN = [
    # (concealed tiles, melds, own discards, win tile (None: the 14th tile just drawn), by, allowed)
    pytest.param("123m456p789s23455s", (), (), None, "tsumo", True, id="dealer-dealt-complete-hand"),
    pytest.param("123m456p789s2345s", (), (), "5s", "tsumo", True, id="first-draw-before-first-discard"),
    pytest.param("123m456p789s2345s", (), (), "2s", "ron", True, id="ron-before-first-discard"),
    pytest.param("123m456p789s23455s", (), ("9p",), "5s", "tsumo", False, id="after-a-discard"),
    pytest.param("123m456p2345s", PON_7S, (), "5s", "tsumo", False, id="after-a-meld"),
    pytest.param("123m456p789s2345s", (), ("1z",), "2s", "ron", False, id="ron-after-a-discard"),
]


@pytest.mark.parametrize("text,melds,discards,win,by,allowed", FIRST_TURN)
def test_rules_5_3_2_obligatory_first_turn_exception(text, melds, discards, win, by, allowed):
    # SEED-EU §4.1: no announcing and winning on the same turn, "except on the very first turn if he
    # goes out before making his first discard"
    d = win_after(hand(text, melds), river(*discards), rules("european_classical"),
                  Event("win", None if win is None else tile(win), by))
    assert d.allowed is allowed
    assert d.reasons == (("first_turn_complete_hand",) if allowed else ("not_declared",))


def test_rules_5_3_3_french_open_hand_and_wait_keeping_kong():
    pon = Meld("pon", tiles("777s"), tile("7s"))
    french = riichi_allowed(hand("123m456p2345s", (pon,)), (), rules("french"))
    assert (french.allowed, names(french.waits), french.bonus_doubles) == (True, ["2s", "5s"], 1)
    assert french.if_not_won == "bonus_tiles_only"
    riichi = riichi_allowed(hand("123m456p2345s", (pon,)), (), rules(), tiles_left=40)
    assert riichi.reasons == ("open_hand",)
    k = kan_after_declaration(hand("123m456p2345s", (pon,)), tile("7s"), rules("french"), "added_kan")
    assert k.allowed and k.waits_after == k.waits_before


@pytest.mark.parametrize("text,left,allowed,reason", [
    ("123m456p789s2345s", 40, False, "more_than_one_wait"),
    ("123m456p789s234s1z", 8, True, None),
    ("123m456p789s234s1z", 7, False, "too_few_wall_tiles"),
    (NOT_READY, 40, False, "not_ready"),
])
def test_rules_5_3_4_italian(text, left, allowed, reason):
    d = riichi_allowed(hand(text), (), rules("italian"), tiles_left=left)
    assert d.allowed is allowed
    assert reason is None or d.reasons == (reason,)
    if reason == "not_ready":
        # found after the deal: 1,000 points off the offender's total
        assert (d.outcome, d.penalty, d.penalty_amount) == ("faulty_declaration", "fixed", 1000)


@pytest.mark.parametrize("preset,outcome", [("japanese_modern", "refused"), ("ema", "faulty_out")])
def test_win_event_asks_the_furiten_engine_too(preset, outcome):
    # 8s in the own river: absolute sacred discard bars a ron on 5s; a self-draw stays legal
    history = river("8s")
    ron = win_after(hand(PINFU), history, rules(preset), Event("win", tile("5s"), "ron"))
    assert (ron.allowed, ron.outcome, ron.reasons) == (False, outcome, ("furiten", "sacred_discard"))
    assert win_after(hand(PINFU), history, rules(preset), Event("win", tile("5s"), "tsumo")).allowed


def test_closed_kan_keeps_the_hand_concealed_for_riichi():
    kan = Meld("closed_kan", tiles("7777m"))
    d = riichi_allowed(hand("22234p345s33z", (kan,)), (), rules(), tiles_left=40)
    assert d.allowed and names(d.waits) == ["2p", "5p", "3z"]


@pytest.mark.parametrize("validate,outcome", [(True, "declaration_cancelled"), (False, "faulty_declaration")])
def test_wait_on_a_fifth_copy_is_a_faulty_declaration(validate, outcome):
    # SEED-RI: availability is not checked, except a hand holding all four copies of the tile it needs
    # (RULES §1.3-2: 123m456p789s1111z waits on a fifth 1z only)
    d = riichi_allowed(hand("123m456p789s1111z"), (), rules(riichi_validate_declaration=validate), tiles_left=40)
    assert (d.reasons, d.outcome, d.waits) == (("not_ready",), outcome, ())


# --- a win event on the complete hand: the winning tile decides the waiting hand ---

DEAD = {"riichi_missed_tile_kills_hand": True}
PASSED_5S = river("9m", riichi_at=0, missed_after=("5s",))
WINS_ON_A_COMPLETE_HAND = [
    # (complete hand, waiting hand, history, options, preset, winning tile, by, outcome, win allowed, win reasons)
    pytest.param("123m456p789s23455s", "123m456p789s2345s", river("9m", "5s", riichi_at=0), DEAD, "japanese_modern",
                 "5s", "tsumo", "dead_hand", False, ("threw_winning_tile",), id="dead-hand-tsumo"),
    pytest.param("123m456p789s23455s", "123m456p789s2345s", river("9m", "5s", riichi_at=0), DEAD, "japanese_modern",
                 "2s", "ron", "dead_hand", False, ("threw_winning_tile",), id="dead-hand-ron"),
    pytest.param("123m456p789s23455s", "123m456p789s2345s", PASSED_5S, {}, "japanese_modern", "5s", "ron",
                 "win_refused", False, ("passed_winning_tile",), id="riichi-furiten-ron"),
    pytest.param("123m456p789s23455s", "123m456p789s2345s", PASSED_5S, {}, "japanese_modern", "5s", "tsumo",
                 "win_refused", True, ("passed_winning_tile",), id="riichi-furiten-tsumo"),
    pytest.param("123m456p789s56788s", "123m456p789s5678s", river("8s"), {}, "japanese_modern", "8s", "ron",
                 "accepted", False, ("furiten", "sacred_discard"), id="undeclared-absolute-furiten-ron"),
    pytest.param("123m456p789s56788s", "123m456p789s5678s", river("8s"), {}, "japanese_modern", "8s", "tsumo",
                 "accepted", True, (), id="undeclared-absolute-furiten-tsumo"),
    pytest.param("123m456p789s23455s", "123m456p789s2345s", river("9m", riichi_at=0), {}, "japanese_modern", "5s",
                 "tsumo", "standing", True, (), id="declared-standing"),
    pytest.param("123m456p789s234s11z", "123m456p789s234s1z", river("9m", riichi_at=0), {}, "italian", "1z",
                 "tsumo", "standing", True, (), id="italian-single-wait"),
]


@pytest.mark.parametrize("complete,waiting,history,options,preset,win,by,outcome,allowed,reasons",
                         WINS_ON_A_COMPLETE_HAND)
def test_win_on_the_complete_hand_is_judged_on_the_waiting_hand(complete, waiting, history, options, preset, win,
                                                                 by, outcome, allowed, reasons):
    r = rules(preset, **options)
    event = Event("win", tile(win), by)
    on_complete = declaration_answer(hand(complete), history, r, tiles_left=40, event=event)
    on_waiting = declaration_answer(hand(waiting), history, r, tiles_left=40, event=event)
    if on_complete[0] == "after_declaration":
        assert on_complete == on_waiting   # before a declaration the 14 tiles try each discard instead
    _, decision, w = on_complete
    assert (decision.outcome, w.allowed, w.reasons) == (outcome, allowed, reasons)
    assert decision.waits and on_waiting[1].waits == hand_waits(hand(waiting), r)


def test_italian_declared_win_keeps_its_single_wait():
    # the 14 tiles have no wait; the 13 the declaration was made on wait on 1z only
    d, w = evaluate_event(hand("123m456p789s234s11z"), river("9m", riichi_at=0), rules("italian"),
                          Event("win", tile("1z"), "tsumo"))
    assert (d.outcome, d.reasons, names(d.waits), w.allowed) == ("standing", (), ["1z"], True)


@pytest.mark.parametrize("history", [river("9m", riichi_at=0), river("8s"),
                                     History(missed=(tile("5s"),))], ids=["declared", "river", "passed"])
def test_win_without_its_tile_needs_an_empty_history(history):
    with pytest.raises(InvalidHand) as err:
        win_after(hand("123m456p789s23455s"), history, rules(), Event("win", None, "tsumo"))
    assert [(i.code, i.field) for i in err.value.issues] == [("required", "event/tile")]
    assert win_after(hand("123m456p789s23455s"), History(), rules(), Event("win", None, "tsumo")).allowed


def test_minimum_score_check_needs_13_tile_hands():
    r = rules("taiwanese_16", ready_mode="voluntary_riichi", riichi_check_minimum_points=True)
    with pytest.raises(UnsupportedRules):
        riichi_allowed(hand("123m456p789s2345678s"), (), r, tiles_left=40)
