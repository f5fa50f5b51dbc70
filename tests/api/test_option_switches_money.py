"""One switch test per rule option of the declaration, settlement and end-of-game areas, over HTTP.

Each SWITCHES row sends the SAME body twice through the real route, once with `option = a` and once
with `option = b` (added to the body's `rules`), and checks what the option changes: concrete point
deltas, counters, outcomes or reason codes taken from RULES.md (§4-§5, §10-§17, §21-§22). COVERED is
the set of options the table switches; a test keeps it equal to every option of these areas.
"""
from __future__ import annotations

import copy

import pytest

from calculator.rules import OPTION_FIELDS, THREE_PLAYER_OPTIONS

SEATS = ("east", "south", "west", "north")
EVEN = {s: 25000 for s in SEATS}
RIICHI, SETTLE, FINAL = "/v1/riichi", "/v1/settle", "/v1/final"


# --- what a row reads from a (status, body) answer ---

def delta(seat):
    return lambda r: r[1]["deltas"][seat]


def deltas(*seats):
    return lambda r: tuple(r[1]["deltas"][s] for s in seats)


def nxt(key):
    return lambda r: r[1]["next"][key]


def field(*keys):
    return lambda r: tuple(r[1][k] for k in keys) if len(keys) > 1 else r[1][keys[0]]


def errors(r):
    """'ok' for a 200, else the sorted problem codes of the 422."""
    return "ok" if r[0] == 200 else tuple(sorted(e["code"] for e in r[1]["errors"]))


def final_of(key, *players):
    def read(r):
        rows = {row["player"]: row for row in r[1]["scores"]}
        return tuple(rows[p][key] for p in players)
    return read


def win(key):
    return lambda r: r[1]["win"][key]


# --- request bodies (RULES.md worked examples where there is one) ---

PINFU = "234567m234p67s55s"            # waits 5s 8s (§4.9 example 1)
NOT_READY = "123m456p789s2358s"         # §4.9 example 4
NOBETAN = "123m456p789s2345s"           # waits 2s 5s (§1.3 example 1)


def riichi_body(hand=PINFU, preset="japanese_modern", **kw):
    return {"hand": hand, "discards": [{"tile": "9m"}], "points": 25000, "tiles_left": 40,
            "rules": {"preset": preset}, **kw}


DECLARED_KAN = {"hand": "22234p777m345s33z", "discards": [{"tile": "9m", "riichi": True}], "riichi": "riichi",
                "event": {"kind": "kan", "tile": "7m"}, "rules": {"preset": "japanese_modern"}}   # §4.9 example 3
READING_KAN = {"hand": "1112444m456p789s", "discards": [{"tile": "9m", "riichi": True}], "riichi": "riichi",
               "event": {"kind": "kan", "tile": "1m"}, "rules": {}}   # waits 2m 3m either way; 3m also reads 123m+11m
OPEN_READY = riichi_body("123m456p2345s", melds=[{"kind": "pon", "tiles": "777s", "from": "west"}])   # §5.3 example 3
OBLIGATORY_WIN = {"hand": NOBETAN, "discards": [{"tile": "1z"}], "event": {"kind": "win", "tile": "5s", "by": "tsumo"},
                  "rules": {"preset": "european_classical"}}   # §5.3 example 1: no earlier announcement
ITALIAN_SINGLE = riichi_body("123m456p789s234s1z", "italian", tiles_left=6)   # §5.3 example 4: waits on 1z only


def settle_body(outcome, preset="japanese_modern", honba=0, sticks=0, declared=(), rules=None, **kw):
    body = {"scores": EVEN, "honba": honba, "riichi_sticks": sticks, "riichi_declared": list(declared),
            "outcome": outcome, "rules": {"preset": preset, **(rules or {})}, **kw}
    if not declared:
        del body["riichi_declared"]   # not given: a riichi winner is not checked against it
    return body


def draw(ready=("south",), **kw):
    return {"kind": "exhaustive_draw", "ready": list(ready), **kw}


def abort(reason, **kw):
    return settle_body({"kind": "abortive_draw", "reason": reason, **kw})


def ron(discarder, *wins):
    return {"kind": "ron", "discarder": discarder, "wins": list(wins)}


def tsumo(w):
    return {"kind": "tsumo", "wins": [w]}


def pao(seat, reason="daisangen", **kw):
    return {"seat": seat, "reason": reason, **kw}


# §4.9 example 4 at a draw: N's riichi (his stick on the table) was not ready; S is ready
FAULTY_READY = settle_body(draw(noten_riichi=["north"]), sticks=1, declared=["north"],
                           rules={"riichi_faulty_ready_amount": 1000})
# §11.3 example 2 without dora: W discards, E (nearest, 3 han 30 fu = 5,800) and S (2 han 30 fu = 2,000) win
DOUBLE_RON = ron("west", {"winner": "south", "han": 2, "fu": 30, "riichi": True},
                 {"winner": "east", "han": 3, "fu": 30})
# the same without south's riichi: a riichi winner's stick is on the table, so DOUBLE_RON needs riichi_sticks >= 1
DOUBLE_RON_PLAIN = ron("west", {"winner": "south", "han": 2, "fu": 30}, {"winner": "east", "han": 3, "fu": 30})
# §16.3: S completes daisangen; E fed the third dragon
DAISANGEN_RON_OFF_W = settle_body(ron("west", {"winner": "south", "yakuman": 1, "pao": pao("east")}), honba=1)
DAISANGEN_TSUMO = {"winner": "south", "yakuman": 1, "pao": pao("east")}
# §22.3 (stake 300 + 100 per tai; honba = E's extra hands, 2 = 1 + 4 bonus tai)
TW = dict(preset="taiwanese_16", honba=2)
# §21.3 example 1 (Four Winds end points) and the tie of example 2
FOUR_WINDS_TOTALS = {"scores": [{"player": "A", "points": 35000, "seat": "east"},
                                {"player": "B", "points": 32000, "seat": "south"},
                                {"player": "C", "points": 22000, "seat": "west"},
                                {"player": "D", "points": 19000, "seat": "north"}]}
TIED_TOP = {"scores": [{"player": "A", "points": 35000, "seat": "east"}, {"player": "B", "points": 35000, "seat": "south"},
                       {"player": "C", "points": 15000, "seat": "west"}, {"player": "D", "points": 15000, "seat": "north"}],
            "riichi_sticks": 1}
TIED_PAIRS = {"scores": [{"player": "A", "points": 30000}, {"player": "B", "points": 30000},
                         {"player": "C", "points": 20000}, {"player": "D", "points": 20000}]}
TENHOU_TIE = {**TIED_TOP, "riichi_sticks": 0, "rules": {"preset": "tenhou"}}    # §21.3 example 4
TENHOU_ODD = {"scores": [{"player": "A", "points": 44500, "seat": "east"}, {"player": "B", "points": 30600, "seat": "south"},
                         {"player": "C", "points": 16400, "seat": "west"}, {"player": "D", "points": 8500, "seat": "north"}],
              "rules": {"preset": "tenhou"}}

GAMES = "/v1/games"


def game_ron(src: int, winner: int, han: int, fu: int = 30, **extra) -> dict:
    win = {"winner": winner, "han": han, "fu": fu} if han else {"winner": winner, **extra}
    return {"result": "ron", "from": src, "wins": [win], "riichi": []}


def game(hands: list, **rules) -> dict:
    return {"record": {"format": "outcomes", "data": {"players": ["A", "B", "C", "D"], "hands": hands}},
            "rules": {"preset": "tenhou", "game_length": "east_only", **rules}}


def game_end(r) -> bool:
    """The record ends where the game does (no 'hands' difference: the record does not stop early)."""
    return "hands" not in [d["field"] for d in r[1]["differences"]]


# East 1-4, the deal passing each time: seat 2 ends with 32,700 (7,700 from seat 1), seat 0 with 28,000
EAST_ROUND = [game_ron(1, 2, 4), game_ron(3, 0, 1), game_ron(3, 0, 1), game_ron(1, 0, 1)]
# the same with 2,000 for seat 2: nobody has 30,000 after East 4 (seat 0 has 28,000)
EAST_LOW = [game_ron(1, 2, 2)] + EAST_ROUND[1:]

P = pytest.param
SWITCHES = [
    # --- ready declarations (§4, §5) ---
    P("ready_mode", "voluntary_riichi", "none", RIICHI, riichi_body(), field("allowed", "reasons"),
      ((True, []), (False, ["declarations_not_used"])), id="ready-mode-none-refuses"),
    P("ready_mode", "voluntary_riichi", "voluntary_french", RIICHI, OPEN_READY, field("outcome", "reasons"),
      (("declaration_refused", ["open_hand"]), ("accepted", [])), id="ready-mode-french-open-hand"),
    P("ready_mode", "voluntary_riichi", "voluntary_italian", RIICHI, riichi_body(NOBETAN), field("outcome", "reasons"),
      (("accepted", []), ("declaration_cancelled", ["more_than_one_wait"])), id="ready-mode-italian-one-wait"),
    P("ready_mode", "voluntary_riichi", "obligatory", RIICHI, {**OBLIGATORY_WIN, "rules": {}}, win("reasons"),
      ([], ["not_declared"]), id="ready-mode-obligatory-needs-announcement"),
    P("riichi_validate_declaration", True, False, RIICHI, riichi_body(NOT_READY), field("outcome", "ron", "if_not_won"),
      (("declaration_cancelled", None, None), ("faulty_declaration", "faulty_out", "faulty_ready_penalty")),
      id="validate-cancels-or-faulty"),
    P("riichi_min_wall_tiles", 4, 8, RIICHI, riichi_body(tiles_left=6), field("outcome", "reasons"),
      (("accepted", []), ("declaration_refused", ["too_few_wall_tiles"])), id="min-wall-8-tile-rule"),
    P("riichi_min_points", 0, 1000, RIICHI, riichi_body(points=500), field("outcome", "reasons"),
      (("accepted", []), ("declaration_refused", ["too_few_points"])), id="min-points-1000"),
    P("riichi_allow_when_sacred", True, False, RIICHI,
      riichi_body(discards=[{"tile": "8s"}, {"tile": "9m"}]), field("outcome", "reasons", "ron", "notes"),
      (("accepted", [], "refused", ["tsumo_only"]), ("declaration_cancelled", ["sacred_hand"], None, [])),
      id="sacred-hand-ari-ari-or-nashi-nashi"),
    P("riichi_check_minimum_points", False, True, RIICHI, {**riichi_body(NOBETAN), "rules": {"min_han": 3}},
      field("outcome", "reasons"), (("accepted", []), ("declaration_cancelled", ["below_minimum_score"])),
      id="check-minimum-points"),
    P("riichi_ankan_after", "if_waits_unchanged", "forbidden", RIICHI, DECLARED_KAN, lambda r: r[1]["kan"]["reasons"],
      ([], ["kan_forbidden"]), id="ankan-after-riichi-forbidden"),
    P("riichi_ankan_after", "if_waits_unchanged", "if_waits_and_reading_unchanged", RIICHI, READING_KAN,
      lambda r: (r[1]["kan"]["allowed"], r[1]["kan"]["reasons"]), ((True, []), (False, ["reading_changed"])),
      id="ankan-after-riichi-reading"),
    P("double_riichi_no_calls", True, False, RIICHI, riichi_body(tiles_left=40, calls_before=True),
      field("double_riichi"), (False, True), id="double-riichi-after-a-call"),   # §4.4
    P("double_riichi_lost_if_changed", False, True, RIICHI,
      {**DECLARED_KAN, "riichi": "double_riichi", "calls_before": False}, field("double_riichi", "notes"),
      ((True, []), (False, ["double_riichi_lost"])), id="double-riichi-after-a-kong"),
    P("ready_obligatory_hand_may_change", True, False, RIICHI, riichi_body(NOT_READY, "european_classical"),
      field("outcome", "reasons"), (("accepted", []), ("faulty_declaration", ["not_ready"])),
      id="obligatory-announced-hand-locked"),   # §5.1
    P("riichi_faulty_ready_penalty", "as_faulty_out", "chombo", SETTLE, FAULTY_READY,
      field("deltas", "next"),
      (({"east": 3000, "south": 5000, "west": 1000, "north": -9000},
        {"honba": 1, "riichi_sticks": 1, "dealer_keeps": False}),
       ({"east": 4000, "south": 2000, "west": 2000, "north": -8000},
        {"honba": 0, "riichi_sticks": 1, "dealer_keeps": True})), id="faulty-ready-chombo-voids-the-draw"),
    P("riichi_faulty_ready_penalty", "as_faulty_out", "none", SETTLE, FAULTY_READY, deltas(*SEATS),
      ((3000, 5000, 1000, -9000), (-1000, 3000, -1000, -1000)), id="faulty-ready-none"),
    P("riichi_faulty_ready_penalty", "as_faulty_out", "fixed", SETTLE, FAULTY_READY, field("deltas", "forfeited"),
      (({"east": 3000, "south": 5000, "west": 1000, "north": -9000}, 0),
       ({"east": -1000, "south": 3000, "west": -1000, "north": -2000}, 1000)), id="faulty-ready-fixed-italian"),
    P("riichi_faulty_ready_amount", 1000, 2500, SETTLE,
      settle_body(draw(noten_riichi=["north"]), sticks=1, declared=["north"], rules={"riichi_faulty_ready_penalty":
                                                                                     "fixed"}),
      field("forfeited"), (1000, 2500), id="faulty-ready-amount"),
    P("ready_obligatory_same_turn_win_allowed", False, True, RIICHI, OBLIGATORY_WIN, win("reasons"),
      (["not_declared"], ["same_turn_win_allowed"]), id="obligatory-same-turn-win"),
    P("ready_obligatory_validate", False, True, RIICHI, riichi_body(NOT_READY, "european_classical"),
      field("outcome", "notes"), (("accepted", ["not_ready", "bluff"]), ("declaration_cancelled", [])),
      id="obligatory-validate-stops-bluff"),
    P("ready_french_failed_scores_bonus_tiles_only", True, False, RIICHI, riichi_body(NOBETAN, "french"),
      field("if_not_won"), ("bonus_tiles_only", "none"), id="french-failed-declarer"),
    P("ready_italian_min_wall_tiles", 8, 4, RIICHI, ITALIAN_SINGLE, field("outcome", "reasons"),
      (("declaration_refused", ["too_few_wall_tiles"]), ("accepted", [])), id="italian-min-wall"),
    P("ready_italian_single_wait_only", True, False, RIICHI, riichi_body(NOBETAN, "italian"),
      field("outcome", "reasons"), (("faulty_declaration", ["more_than_one_wait"]), ("accepted", [])),
      id="italian-single-wait"),
    P("ready_bonus_doubles", 1, 2, RIICHI, riichi_body(NOBETAN, "french"), field("bonus_doubles"), (1, 2),
      id="bonus-doubles"),

    # --- counters (§10) ---
    P("honba_increment_on", ["dealer_win", "exhaustive_draw"], ["dealer_win", "exhaustive_draw", "abortive_draw"],
      SETTLE, {**abort("suucha_riichi"), "honba": 2, "riichi_sticks": 4}, nxt("honba"), (2, 3), id="honba-on-abortive-draw"),
    P("honba_increment_on", ["dealer_win", "exhaustive_draw"], ["dealer_win", "exhaustive_draw", "chombo"],
      SETTLE, settle_body({"kind": "chombo", "offender": "west"}, honba=2), nxt("honba"), (2, 3),
      id="honba-on-chombo"),
    P("honba_increment_on", ["dealer_win", "exhaustive_draw"], ["exhaustive_draw"], SETTLE,
      settle_body(tsumo({"winner": "east", "han": 1, "fu": 30}), honba=2), nxt("honba"), (3, 2),
      id="honba-not-on-dealer-win"),
    P("honba_keep_when_deal_passes_after_draw", True, False, SETTLE, settle_body(draw(), honba=2),
      field("next"), ({"honba": 3, "riichi_sticks": 0, "dealer_keeps": False},
                      {"honba": 0, "riichi_sticks": 0, "dealer_keeps": False}), id="honba-kept-when-deal-passes"),
    P("honba_multi_ron", "each_winner", "nearest_winner", SETTLE, settle_body(DOUBLE_RON_PLAIN, honba=1),
      deltas("east", "south", "west"), ((6100, 2300, -8400), (6100, 2000, -8100)), id="honba-multi-ron-nearest"),
    P("honba_pao_payer", "discarder", "liable", SETTLE, {**DAISANGEN_RON_OFF_W, "rules": {"preset": "tenhou"}},
      deltas("east", "south", "west"), ((-16000, 32300, -16300), (-16300, 32300, -16000)), id="honba-pao-payer"),

    # --- riichi stick pool (§11) ---
    P("riichi_pool_keep_on_draw", True, False, SETTLE, settle_body(draw(), sticks=2, declared=["north"]),
      lambda r: (r[1]["deltas"]["north"], r[1]["next"]["riichi_sticks"]), ((-1000, 2), (0, 1)),
      id="pool-kept-on-draw"),
    P("riichi_pool_keep_on_faulty_out", True, False, SETTLE,
      settle_body({"kind": "chombo", "offender": "west"}, sticks=2, declared=["north"]),
      lambda r: (r[1]["deltas"]["north"], r[1]["next"]["riichi_sticks"]), ((2000, 2), (3000, 1)),
      id="pool-kept-on-chombo"),
    P("riichi_pool_multi_ron", "nearest_winner", "own_back_rest_nearest", SETTLE,
      settle_body(DOUBLE_RON, sticks=3, declared=["south"]), lambda r: [w["riichi_sticks"] for w in r[1]["wins"]],
      ([3000, 0], [2000, 1000]), id="pool-multi-ron-own-stick-back"),
    P("riichi_pool_multi_ron", "nearest_winner", "split", SETTLE, settle_body(DOUBLE_RON, sticks=2),
      lambda r: [w["riichi_sticks"] for w in r[1]["wins"]], ([2000, 0], [1000, 1000]), id="pool-multi-ron-split"),
    P("riichi_pool_game_end", "winner_shared_if_tied", "first_place", FINAL, TIED_TOP, final_of("points", "A", "B"),
      ((35500, 35500), (36000, 35000)), id="pool-game-end-first-place"),
    P("riichi_pool_game_end", "winner_shared_if_tied", "discarded", FINAL, TIED_TOP,
      lambda r: (r[1]["leftover_stick_points"],) + final_of("points", "A", "B")(r), ((1000, 35500, 35500), (0, 35000, 35000)),
      id="pool-game-end-discarded"),

    # --- exhaustive draws (§12) and nagashi (§13) ---
    P("draw_ready_payment", True, False, SETTLE, settle_body(draw()), deltas(*SEATS),
      ((-1000, 3000, -1000, -1000), (0, 0, 0, 0)), id="ready-payments-off"),
    P("draw_noten_payment_total", 3000, 1500, SETTLE, settle_body(draw(["east", "north"])), deltas(*SEATS),
      ((1500, -1500, -1500, 1500), (750, -750, -750, 750)), id="noten-payment-total"),
    P("draw_dealer_keeps", "if_ready", "always", SETTLE, settle_body(draw()), nxt("dealer_keeps"), (False, True),
      id="dealer-keeps-always"),
    P("draw_dealer_keeps", "if_ready", "never", SETTLE, settle_body(draw(["east"])), nxt("dealer_keeps"),
      (True, False), id="dealer-keeps-never"),
    P("draw_check_true_ready_state", False, True, SETTLE, settle_body(draw([], hands={
        "north": {"hand": "456p789s22s67m", "melds": [{"kind": "chi", "tiles": "123m", "called": "1m", "from": "west"}]},
        "south": {"hand": NOBETAN}})), deltas(*SEATS), ((-1500, 1500, -1500, 1500), (-1000, 3000, -1000, -1000)),
      id="true-ready-state"),   # §12.3 example 4
    P("nagashi_enabled", True, False, SETTLE, settle_body(draw(["north"], nagashi=["south"])), deltas(*SEATS),
      ((-4000, 8000, -2000, -2000), (-1000, -1000, -1000, 3000)), id="nagashi-off"),   # §13.3 example 1
    P("nagashi_mode", "win", "draw_bonus", SETTLE, settle_body(draw(["north"], nagashi=["south"]), honba=2, sticks=1),
      field("deltas", "next"),
      (({"east": -4200, "south": 9600, "west": -2200, "north": -2200},
        {"honba": 0, "riichi_sticks": 0, "dealer_keeps": False}),
       ({"east": -4000, "south": 8000, "west": -2000, "north": -2000},
        {"honba": 3, "riichi_sticks": 1, "dealer_keeps": False})), id="nagashi-draw-bonus"),   # §13.3 example 2
    P("nagashi_forbid_own_calls", True, False, SETTLE,
      settle_body(draw(nagashi=["south"], melded=["south"])), delta("south"), (3000, 8000),
      id="nagashi-own-calls"),   # §13.3 example 3
    P("nagashi_percent_of_limit", 100, 50, SETTLE, settle_body(draw([], nagashi=["south"])), deltas(*SEATS),
      ((-4000, 8000, -2000, -2000), (-2000, 4000, -1000, -1000)), id="nagashi-half-limit"),

    # --- abortive draws (§14) ---
    P("abort_nine_terminals", True, False, SETTLE, abort("kyuushu_kyuuhai"), errors,
      ("ok", ("abortive_draw_not_in_rules",)), id="abort-nine-terminals"),
    P("abort_four_same_discards", "any_tile", "winds_only", SETTLE, abort("suufon_renda", tile="9m"), errors,
      ("ok", ("abortive_draw_not_in_rules",)), id="four-same-discards-winds-only"),
    P("abort_four_same_discards", "any_tile", "off", SETTLE, abort("suufon_renda", tile="1z"), errors,
      ("ok", ("abortive_draw_not_in_rules",)), id="four-same-discards-off"),
    P("abort_four_kongs", "at_declaration", "off", SETTLE, abort("suukaikan"), errors,
      ("ok", ("abortive_draw_not_in_rules",)), id="four-kongs-off"),
    P("abort_four_kongs", "after_next_discard", "continue_no_more_kongs", SETTLE, abort("suukaikan"), errors,
      ("ok", ("abortive_draw_not_in_rules",)), id="four-kongs-play-on"),
    P("abort_four_riichi", True, False, SETTLE, {**abort("suucha_riichi"), "riichi_sticks": 4}, errors,
      ("ok", ("abortive_draw_not_in_rules",)), id="four-riichi"),
    P("abort_triple_ron", "pay_all", "abort", SETTLE,
      settle_body(ron("west", *({"winner": s, "han": 1, "fu": 30} for s in ("north", "east", "south")))),
      lambda r: (r[1]["deltas"]["west"], r[1]["next"]["dealer_keeps"]), ((-3500, True), (0, True)),
      id="triple-ron-aborts"),
    P("abort_triple_ron", "pay_all", "head_bump", SETTLE,
      settle_body(ron("west", *({"winner": s, "han": 1, "fu": 30} for s in ("north", "east", "south")))),
      deltas(*SEATS), ((1500, 1000, -3500, 1000), (0, 0, -1000, 1000)), id="triple-ron-head-bump"),

    # --- several winners (§15), liability (§16) ---
    P("multi_ron_mode", "all_paid", "head_bump", SETTLE, settle_body(DOUBLE_RON_PLAIN), deltas("east", "south", "west"),
      ((5800, 2000, -7800), (5800, 0, -5800)), id="double-ron-head-bump"),   # §15.3 example 2
    P("multi_ron_dealer_keeps", "if_dealer_among_winners", "if_dealer_nearest", SETTLE,
      settle_body(ron("west", {"winner": "north", "han": 1, "fu": 30}, {"winner": "east", "han": 1, "fu": 30})),
      nxt("dealer_keeps"), (True, False), id="dealer-keeps-only-if-nearest"),
    P("pao_yakuman", ["daisangen", "daisuushii"], ["daisangen", "daisuushii", "suukantsu"], SETTLE,
      settle_body(tsumo({"winner": "south", "yakuman": 1, "pao": pao("east", "suukantsu")})), deltas(*SEATS),
      ((-16000, 32000, -8000, -8000), (-32000, 32000, 0, 0)), id="pao-suukantsu"),
    P("pao_yakuman", ["daisangen", "daisuushii"], ["daisangen"], SETTLE,
      settle_body(tsumo({"winner": "south", "yakuman": 1, "pao": pao("west", "daisuushii")})),
      lambda r: (r[1]["deltas"]["west"], r[1]["wins"][0]["liable"]), ((-32000, "west"), (-8000, None)),
      id="pao-without-daisuushii"),
    P("pao_ron_by_third_party", "discarder_pays_all", "split_half", SETTLE, DAISANGEN_RON_OFF_W,
      deltas("east", "west"), ((0, -32300), (-16000, -16300)), id="pao-third-party-split"),   # §16.3 example 2
    P("pao_on_open_kong_claim", False, True, SETTLE,
      settle_body(tsumo({**DAISANGEN_TSUMO, "pao": pao("east", open_kan_claim=True)})), deltas(*SEATS),
      ((-16000, 32000, -8000, -8000), (-32000, 32000, 0, 0)), id="pao-open-kong-claim"),
    P("pao_rinshan_after_open_kong", False, True, SETTLE,
      settle_body(tsumo({"winner": "south", "han": 3, "fu": 30, "pao": pao("west", "rinshan_after_open_kong")})),
      deltas(*SEATS), ((-2000, 4000, -1000, -1000), (0, 3900, -3900, 0)), id="pao-rinshan"),
    P("pao_no_choice_declaration", False, True, SETTLE,
      settle_body(tsumo({**DAISANGEN_TSUMO, "pao": pao("east", no_choice=True)})), deltas(*SEATS),
      ((-32000, 32000, 0, 0), (-16000, 32000, -8000, -8000)), id="pao-no-choice"),
    P("pao_scope", "whole_hand", "concerned_yakuman", SETTLE,
      settle_body(tsumo({**DAISANGEN_TSUMO, "yakuman": 2})), deltas(*SEATS),
      ((-64000, 64000, 0, 0), (-48000, 64000, -8000, -8000)), id="pao-concerned-yakuman-only"),

    # --- penalties (§17) ---
    P("penalty_chombo", "reverse_mangan", "half_limit", SETTLE, settle_body({"kind": "chombo", "offender": "west"}),
      deltas(*SEATS), ((4000, 2000, -8000, 2000), (8000, 4000, -16000, 4000)), id="chombo-half-limit"),
    P("penalty_chombo", "reverse_mangan", "fixed_points", SETTLE,
      settle_body({"kind": "chombo", "offender": "west"}, rules={"penalty_chombo_points": 1000}), deltas(*SEATS),
      ((4000, 2000, -8000, 2000), (1000, 1000, -3000, 1000)), id="chombo-fixed-points"),
    P("penalty_chombo", "reverse_mangan", "tournament_points", SETTLE,
      settle_body({"kind": "chombo", "offender": "west"}, rules={"penalty_chombo_points": 20}),
      field("tournament_points", "deltas"),
      (({}, {"east": 4000, "south": 2000, "west": -8000, "north": 2000}),
       ({"west": -20}, {"east": 0, "south": 0, "west": 0, "north": 0})), id="chombo-tournament-points"),
    P("penalty_chombo", "reverse_mangan", "none", SETTLE, settle_body({"kind": "chombo", "offender": "west"}),
      lambda r: (r[1]["deltas"]["west"], "chombo_not_penalised" in r[1]["notes"]), ((-8000, False), (0, True)),
      id="chombo-none"),
    P("penalty_chombo_points", 1000, 2000, SETTLE,
      settle_body({"kind": "chombo", "offender": "west"}, rules={"penalty_chombo": "fixed_points"}), delta("west"),
      (-3000, -6000), id="chombo-points"),
    P("penalty_limit", 8000, 1000, SETTLE,
      settle_body({"kind": "chombo", "offender": "south"}, rules={"penalty_chombo": "half_limit"}), deltas(*SEATS),
      ((8000, -16000, 4000, 4000), (1000, -2000, 500, 500)), id="penalty-limit"),   # §17.5 example 3
    P("penalty_chombo_deal", "repeat", "pass_if_offender_dealer", SETTLE,
      settle_body({"kind": "chombo", "offender": "east"}), nxt("dealer_keeps"), (True, False), id="chombo-deal-passes"),
    P("penalty_false_claim", 100, 0, SETTLE,
      settle_body(ron("west", {"winner": "south", "han": 1, "fu": 30}), false_claims=["north"]),
      deltas("south", "north"), ((1100, -100), (1000, 0)), id="false-claim-penalty"),

    # --- Taiwanese (§22) ---
    P("payment_scheme", "taiwanese", "japanese", SETTLE,
      settle_body(tsumo({"winner": "south", "tai": 3}), "taiwanese_16"), errors, ("ok", ("tai_not_in_rules",)),
      id="payment-scheme-tai"),
    P("tw_dealer_bonus_tai", 1, 3, SETTLE, settle_body(tsumo({"winner": "east", "tai": 3}), **TW),
      deltas(*SEATS), ((3300, -1100, -1100, -1100), (3900, -1300, -1300, -1300)), id="tw-dealer-bonus"),
    P("tw_continuation_bonus_per_extra_hand", 2, 0, SETTLE, settle_body(tsumo({"winner": "east", "tai": 3}), **TW),
      delta("east"), (3300, 2100), id="tw-continuation-bonus"),   # §22.3 example 1
    P("tw_dealer_pays_bonus_on_nondealer_tsumo", True, False, SETTLE,
      settle_body(tsumo({"winner": "south", "tai": 3}), **TW), deltas(*SEATS),
      ((-1100, 2300, -600, -600), (-600, 1800, -600, -600)), id="tw-dealer-pays-on-nondealer-tsumo"),   # example 3
    P("tw_dealer_pays_bonus_when_dealing_in", True, False, SETTLE,
      settle_body(ron("east", {"winner": "south", "tai": 3}), **TW), delta("east"), (-1100, -600),
      id="tw-dealer-deals-in"),   # §22.3 example 4
    P("tw_draw_keeps_continuation", True, False, SETTLE, settle_body(draw(), **TW), field("next"),
      ({"honba": 3, "riichi_sticks": 0, "dealer_keeps": True}, {"honba": 0, "riichi_sticks": 0, "dealer_keeps": True}),
      id="tw-draw-breaks-run"),
    P("tw_draw_increments_counter", True, False, SETTLE, settle_body(draw(), **TW), nxt("honba"), (3, 2),
      id="tw-draw-adds-counter"),
    P("tw_stake_base", 300, 500, SETTLE, settle_body(ron("west", {"winner": "south", "tai": 3}), **TW),
      delta("west"), (-600, -800), id="tw-stake-base"),
    P("tw_stake_per_tai", 100, 200, SETTLE, settle_body(ron("west", {"winner": "south", "tai": 3}), **TW),
      delta("west"), (-600, -900), id="tw-stake-per-tai"),

    # --- end of game (§21) ---
    P("game_start_points", 25000, 27000, FINAL, FOUR_WINDS_TOTALS,
      lambda r: (r[1]["start_total"], "total_differs_from_start" in r[1].get("notes", ())),
      ((100000, True), (108000, False)), id="start-points-final"),   # §21.3 example 1 totals 4 x 27,000
    P("final_return_points", 30000, 25000, FINAL, FOUR_WINDS_TOTALS, final_of("final", "A", "B", "C", "D"),
      ((17000, 2000, -8000, -11000), (2000, 7000, -3000, -6000)), id="return-points"),   # §21.3 example 1
    P("final_oka_to_top", True, False, FINAL, FOUR_WINDS_TOTALS, final_of("final", "A", "B", "C", "D"),
      ((17000, 2000, -8000, -11000), (5000, 2000, -8000, -11000)), id="oka-to-top"),
    P("final_uma", [0, 0, 0, 0], [15000, 10000, 5000, 2000], FINAL, TIED_PAIRS, final_of("final", "A", "B", "C", "D"),
      ((10000, 10000, -10000, -10000), (22500, 22500, -6500, -6500)), id="uma-shared-by-ties"),   # §21.3 ex. 2-3
    P("final_tie_mode", "seat_order", "share", FINAL, TENHOU_TIE, final_of("final", "A", "B", "C", "D"),
      ((45, 15, -25, -35), (30, 30, -30, -30)), id="tie-share"),   # §21.3 example 4
    P("final_rounding", "nearest", "none", FINAL, TENHOU_ODD, final_of("final", "A", "B", "C", "D"),
      ((55, 11, -24, -42), (54.5, 10.6, -23.6, -41.5)), id="rounding-none"),
    P("final_rounding", "nearest", "five_down_six_up", FINAL, TENHOU_ODD, final_of("final", "A", "B", "C", "D"),
      ((55, 11, -24, -42), (54, 11, -24, -41)), id="rounding-five-down-six-up"),
    # tenhou's own rounding: the score itself, a hundreds digit of 5 away from zero (../shared/data/README.md:
    # 8,500 -> 9 -> -21 - 20 = -41), the top taking minus the others' sum
    P("final_unit", "thousands", "points", FINAL, TENHOU_ODD, final_of("final", "A", "D"),
      ((54, -41), (54000, -41000)), id="unit-points"),
    P("final_rounding", "score_nearest", "nearest", FINAL, TENHOU_ODD, final_of("final", "A", "B", "C", "D"),
      ((54, 11, -24, -41), (55, 11, -24, -42)), id="rounding-score-nearest"),

    # --- whole games (POST /v1/games) ---
    P("game_start_points", 25000, 30000, GAMES, game([game_ron(1, 2, 1)]),
      lambda r: (r[1]["final"]["scores"][0]["points"],),
      ((25000,), (30000,)), id="start-points"),
    P("game_length", "east_only", "east_south", GAMES, game(EAST_ROUND), game_end, (True, False), id="length"),
    P("game_extension", "none", "until_target", GAMES, game(EAST_LOW), game_end, (True, False), id="extension"),
    P("game_target_points", 28000, 30000, GAMES, game(EAST_LOW, game_extension="until_target"), game_end,
      (True, False), id="target-points"),
    P("all_last_dealer_stop", "if_top", "none", GAMES, game(EAST_ROUND[:3] + [game_ron(1, 3, 4, 40)]), game_end,
      (True, False), id="dealer-stop"),
    P("game_end_on_bust", True, False, GAMES, game([game_ron(1, 2, 0, 0, yakuman=1)], game_length="east_south"),
      game_end, (True, False), id="bust"),
]

COVERED = {p.values[0] for p in SWITCHES}

# the options of this area: every Rules field from ready_mode on, except the kuikae ones, the other families'
# scoring tables (tests/api/test_families_api.py) and the three-player block (tests/api/test_sanma_options.py)
_NAMES = list(OPTION_FIELDS)
AREA = {n for n in _NAMES[_NAMES.index("ready_mode"):_NAMES.index("scoring_family")] if not n.startswith("kuikae_")} - set(THREE_PLAYER_OPTIONS)


def with_option(body: dict, option: str, value) -> dict:
    out = copy.deepcopy(body)
    out["rules"] = {**out.get("rules", {}), option: value}
    return out


@pytest.mark.parametrize("option, a, b, path, body, read, want", SWITCHES)
def test_option_switch(post_json, option, a, b, path, body, read, want):
    assert option in OPTION_FIELDS and a != b
    ra, rb = post_json(path, with_option(body, option, a)), post_json(path, with_option(body, option, b))
    assert 200 in (ra[0], rb[0]), (ra, rb)
    assert (read(ra), read(rb)) == want, (ra, rb)
    for status, out in (ra, rb):
        if path == SETTLE and status == 200:   # every point moved is accounted for (seats, pool, forfeited)
            assert sum(out["deltas"].values()) + out["pool_change"] + out["forfeited"] == 0


def test_every_option_of_the_area_is_switched():
    assert AREA - COVERED == set()
    assert COVERED <= set(OPTION_FIELDS)
