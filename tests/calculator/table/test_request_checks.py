"""The game checks of a request, called as pure functions: the calculator's over its own values, and intake/'s over a
request's loaded fields (tests/api checks the same problems through the routes). Each case: the call, and
the (code, field) of every Issue it returns, in order."""
from __future__ import annotations

from dataclasses import replace

import pytest

from calculator.core.hand import Hand, Meld
from calculator.core.notation import parse_tiles
from calculator.play.declarations import declaration_mark_issues, tiles_left_issues
from calculator.play.kuikae import call_issues, proposed_discard_issues
from calculator.rules import preset_rules
from calculator.table.final import Player, player_count_issues, players_issues
from intake.family_checks import claim_issues, family_issues, hand_size_issues, robbed_bonus_issues
from intake.losers import LoserBody, loser_hands
from intake.riichi import minimum_check_issues
from intake.win_checks import (body_discarder_issues, body_rules_issues, body_winner_issues, fifth_copies,
                               short_discarder_issues, short_value_issues)
from schemas.fields import TilesField

TENHOU, EUROPEAN, TAIWANESE = preset_rules("tenhou"), preset_rules("european_classical"), preset_rules("taiwanese_16")
SANMA = preset_rules("tenhou_sanma")


def tiles(text: str) -> tuple[int, ...]:
    return tuple(parse_tiles(text)[0])


def short(**kw) -> dict:
    return {"han": 0, "fu": 0, "yakuman": 0, "tai": None, "points": None, **kw}


CASES = {
    "family: flowers where none are played": (
        lambda: family_issues({"flowers": [1]}, TENHOU), [("bonus_tiles_not_in_rules", "flowers")]),
    "family: a flower held twice": (
        lambda: family_issues({"flowers": [2, 2]}, EUROPEAN), [("duplicate_bonus_tile", "flowers")]),
    "family: late flowers not held and no declaration": (
        lambda: family_issues({"flowers": [1], "flowers_after_declaration": [2]}, EUROPEAN),
        [("bonus_tile_not_held", "flowers_after_declaration"), ("not_declared", "flowers_after_declaration")]),
    "family: dora and ippatsu under European rules": (
        lambda: family_issues({"ippatsu": True, "dora_indicators": TilesField().read("4m")}, EUROPEAN),
        [("not_in_rules", "ippatsu"), ("not_in_rules", "dora_indicators")]),
    "family: a plain Japanese body": (lambda: family_issues({"riichi": "riichi", "riichi_sticks": 1}, TENHOU), []),
    "family: 16-tile hands under the Japanese table": (
        lambda: hand_size_issues(replace(TENHOU, hand_size=16)), [("scoring_not_defined", "rules/hand_size")]),
    "robbed bonus: outside Taiwanese rules, six held, tsumo, with a win tile": (
        lambda: robbed_bonus_issues({"robbed_bonus": True, "flowers": [1, 2, 3], "seasons": [1, 2, 3],
                                     "win_by": "tsumo", "win_tile": 5}, TENHOU),
        [("not_in_rules", "robbed_bonus"), ("wrong_bonus_count", "robbed_bonus"),
         ("inconsistent_situation", "win_by"), ("inconsistent_situation", "win_tile")]),
    "robbed bonus: without it, a win tile is required": (
        lambda: robbed_bonus_issues({"robbed_bonus": False, "win_tile": None}, TENHOU), [("required", "win_tile")]),
    "robbed bonus: the seven held, by ron": (
        lambda: robbed_bonus_issues({"robbed_bonus": True, "flowers": [1, 2, 3, 4], "seasons": [1, 2, 3],
                                     "win_by": "ron", "win_tile": None}, TAIWANESE), []),
    "claim: tai under Japanese rules, the family limit name": (
        lambda: claim_issues({"tai": 3, "limit": "limit"}, TENHOU),
        [("claim_not_in_family", "claim/tai"), ("claim_not_in_family", "claim/limit")]),
    "claim: han under European rules": (
        lambda: claim_issues({"han": 3}, EUROPEAN), [("claim_not_in_family", "claim/han")]),
    "short win: a discarder on a self-draw": (
        lambda: short_discarder_issues("west", "tsumo", None, "outcome/wins/0"),
        [("unexpected_discarder", "outcome/wins/0/discarder")]),
    "short win: another discarder": (
        lambda: short_discarder_issues("west", "ron", "north", "outcome/wins/0"),
        [("discarder_mismatch", "outcome/wins/0/discarder")]),
    "short win: han under European rules, no points": (
        lambda: short_value_issues(short(han=3), "ron", EUROPEAN, "outcome/wins/1"),
        [("points_required", "outcome/wins/1"), ("not_in_rules", "outcome/wins/1/han")]),
    "short win: points and no tai under Taiwanese rules": (
        lambda: short_value_issues(short(points=8), "ron", TAIWANESE, "outcome/wins/0"),
        [("not_in_rules", "outcome/wins/0/points"), ("tai_required", "outcome/wins/0")]),
    "short win: tai under Japanese rules": (
        lambda: short_value_issues(short(tai=3), "ron", TENHOU, "outcome/wins/0"),
        [("tai_not_in_rules", "outcome/wins/0/tai")]),
    "short win: 1 han 20 fu by ron": (
        lambda: short_value_issues(short(han=1, fu=20), "ron", TENHOU, "outcome/wins/0"),
        [("impossible_han_fu", "outcome/wins/0/fu")]),
    "full body: its own discarder on a ron": (
        lambda: body_discarder_issues("south", "ron", "west", "outcome/wins/0"),
        [("discarder_mismatch", "outcome/wins/0/discarder")]),
    "full body: other rules": (
        lambda: body_rules_issues("wrc", preset_rules("wrc"), "tenhou", TENHOU, "outcome/wins/0"),
        [("rules_mismatch", "outcome/wins/0/rules")]),
    "full body: winner and win_by differ from the hand and the outcome": (
        lambda: body_winner_issues("north", "south", "tsumo", "ron", "outcome/wins/0"),
        [("winner_mismatch", "outcome/wins/0/winner"), ("win_by_mismatch", "outcome/wins/0/win_by")]),
    "copies: a fifth 1m": (lambda: fifth_copies(tiles("11111m"), "hands", "the hands"), [("too_many_copies", "hands")]),
    "final: three players under four-player rules": (
        lambda: player_count_issues([Player("a", 1), Player("b", 2), Player("c", 3)], TENHOU),
        [("wrong_player_count", "scores")]),
    "final: a name and a seat twice": (
        lambda: players_issues([Player("a", 1, "east"), Player("a", 2, "east")], SANMA),
        [("duplicate_player", "scores"), ("duplicate_seat", "scores")]),
    "final: a tie without seats under seat_order": (
        lambda: players_issues([Player("a", 1), Player("b", 1)], replace(TENHOU, final_tie_mode="seat_order")),
        [("seat_required", "scores/0/seat"), ("seat_required", "scores/1/seat")]),
    "riichi: an unmarked declaration discard": (
        lambda: declaration_mark_issues("riichi", [False, None]), [("riichi_discard_not_marked", "discards")]),
    "riichi: a marked one": (lambda: declaration_mark_issues("riichi", [False, True]), []),
    "riichi: more tiles left than the live wall": (
        lambda: tiles_left_issues(TENHOU.live_wall + 1, TENHOU), [("too_many_tiles_left", "tiles_left")]),
    "riichi: the minimum check without hand scoring": (
        lambda: minimum_check_issues("european_classical", replace(EUROPEAN, riichi_check_minimum_points=True,
                                                                  ready_mode="voluntary_riichi"),
                                     {"riichi_check_minimum_points": True}),
        [("scoring_not_defined", "rules/riichi_check_minimum_points")]),
    "kuikae: chi without chi": (
        lambda: call_issues("chi", replace(TENHOU, chi=False)), [("chi_not_allowed", "call/kind")]),
    "kuikae: a discard not held": (
        lambda: proposed_discard_issues(tiles("9s")[0], tiles("123m")), [("discard_not_in_hand", "discard")]),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_request_check(case):
    call, want = CASES[case]
    assert [(i.code, i.field) for i in call()] == want


HAND = Hand(tiles("123456789m1122z"), ())


LOSERS = {
    "not European": (dict(bodies=(LoserBody("south", loaded=True, points=3),), rules=TENHOU),
                     [("unexpected_hands", "hands")]),
    "a draw": (dict(bodies=(LoserBody("south", loaded=True, points=3),), kind="exhaustive_draw"),
               [("unexpected_hands", "hands")]),
    "the winner's hand": (dict(bodies=(LoserBody("east", loaded=True, points=3),)),
                          [("winner_in_hands", "hands/east")]),
    "a body that did not load: its seat is missing": (
        dict(bodies=(LoserBody("south", problems=(), loaded=True, points=3),
                     LoserBody("west", problems=(), loaded=False))),
        [("loser_hand_missing", "hands")]),
    "another seat wind, a season twice, a declaration": (
        dict(bodies=(LoserBody("south", loaded=True, seat_wind="west", seasons=(2, 2), declared=True, points=1),
                     LoserBody("west", loaded=True, points=2), LoserBody("north", loaded=True, points=3))),
        [("seat_mismatch", "hands/south/seat_wind"), ("duplicate_bonus_tile", "hands/south/seasons"),
         ("not_in_rules", "hands/south/riichi")]),
    "a fifth copy with the winner's tiles; a short hand is no problem": (
        dict(bodies=(LoserBody("south", loaded=True, hand=Hand(tiles("1111m"), ())),
                     LoserBody("west", loaded=True, hand=Hand(tiles("2222m"), (Meld("pon", tiles("333m")),))),
                     LoserBody("north", loaded=True, points=3)), winner_codes=tiles("1m")),
        [("too_many_copies", "hands")]),
}


@pytest.mark.parametrize("case", LOSERS, ids=list(LOSERS))
def test_loser_hands(case):
    kw, want = LOSERS[case]
    kw = {"rules": EUROPEAN, "kind": "ron", "winners": ["east"], "round_wind": None, **kw}
    hands, issues = loser_hands(kw.pop("bodies"), **kw)
    assert [(i.code, i.field) for i in issues] == want
    assert all(h.round_wind == "east" for _, h in hands)
