"""Three-player play (API.md "Three-player games") over HTTP: the golden example, every refusal, the 108-tile
set on /v1/ready, /v1/furiten and /v1/evaluate, kita as bonus dora, three-seat payments and settlements."""
from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings, strategies as st

from tests.budget import examples

SANMA = {"preset": "tenhou_sanma"}
THREE = {"east": 35000, "south": 35000, "west": 35000}

# API.md's example (Tenhou 2022010102gm-00b9-0000-814b0f6a, first hand: 12,000 + 2 sticks)
GOLDEN = {"hand": "2205588p789s111z", "melds": [], "kita": 1, "win_tile": "8p", "win_by": "ron",
          "discarder": "south", "seat_wind": "east", "round_wind": "east", "riichi": "riichi",
          "dora_indicators": "1m", "ura_dora_indicators": "1m", "honba": 0, "riichi_sticks": 2, "rules": SANMA}


def body(base: dict, **changes) -> dict:
    out = copy.deepcopy(base)
    for key, value in changes.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = value
    return out


def codes(answer) -> set:
    return {(e["pointer"], e["code"]) for e in answer["errors"]}


def test_api_md_example_is_answered_as_written(post_json):
    status, out = post_json("/v1/score", GOLDEN)
    assert status == 200
    assert (out["preset"], out["han"], out["fu"], out["limit"], out["points"]) == ("tenhou_sanma", 5, 50, "mangan",
                                                                                   12000)
    key = sorted   # the order of the entries is not part of the contract
    assert key(out["yaku"], key=lambda y: y["id"]) == key([
        {"id": "riichi", "han": 1}, {"id": "round_wind", "han": 1}, {"id": "seat_wind", "han": 1},
        {"id": "aka_dora", "han": 1}, {"id": "kita", "han": 1}], key=lambda y: y["id"])
    assert out["deltas"] == {"east": 14000, "south": -12000, "west": 0}


# --- refusals: each a 422 with its code at its pointer ---
TSUMO = body(GOLDEN, win_by="tsumo", discarder=None)
REFUSALS = [
    ("/v1/score", body(GOLDEN, hand="2205588p789s113m"), ("#/hand", "tile_not_in_set"), "3m-in-hand"),
    ("/v1/score", body(GOLDEN, win_tile="5m"), ("#/win_tile", "tile_not_in_set"), "5m-win-tile"),
    ("/v1/score", body(GOLDEN, dora_indicators="8m"), ("#/dora_indicators", "tile_not_in_set"), "8m-indicator"),
    ("/v1/score", body(GOLDEN, ura_dora_indicators="2m"), ("#/ura_dora_indicators", "tile_not_in_set"), "2m-ura"),
    ("/v1/score", body(GOLDEN, hand="2205588p789s110m"), ("#/hand", "tile_not_in_set"), "red-0m"),
    ("/v1/score", body(GOLDEN, hand="2205588p789s", riichi="none", melds=[{"kind": "pon", "tiles": "444m"}]),
     ("#/melds/0/tiles", "tile_not_in_set"), "4m-pon"),
    ("/v1/score", body(GOLDEN, hand="2205588p111z", riichi="none", melds=[{"kind": "chi", "tiles": "789s"}]),
     ("#/melds/0/kind", "chi_not_allowed"), "chi"),
    ("/v1/score", body(GOLDEN, seat_wind="north"), ("#/seat_wind", "no_such_seat"), "seat-wind-north"),
    ("/v1/score", body(GOLDEN, discarder="north"), ("#/discarder", "no_such_seat"), "discarder-north"),
    ("/v1/score", body(GOLDEN, hand="2205588p789s", riichi="none",
                       melds=[{"kind": "pon", "tiles": "111z", "from": "north"}]),
     ("#/melds/0/from", "no_such_seat"), "meld-from-north"),
    ("/v1/score", body(GOLDEN, rules={"preset": "tenhou"}, dora_indicators="1p", ura_dora_indicators="1p"),
     ("#/kita", "kita_not_in_rules"), "kita-under-tenhou"),
    ("/v1/score", body(GOLDEN, hand="2205588p789s444z", kita=2), ("#/kita", "too_many_copies"), "kita-2-and-3-norths"),
    ("/v1/score", body(GOLDEN, kita=5), ("#/kita", "invalid"), "kita-5"),
    ("/v1/score", body(TSUMO, rinshan=True, kita=0, riichi="none", dora_indicators="1p", ura_dora_indicators=""),
     ("#/rinshan", "inconsistent_situation"), "rinshan-without-kan-or-kita"),
    ("/v1/score", body(GOLDEN, on_kita=True), ("#/win_tile", "inconsistent_situation"), "kita-ron-not-on-a-north"),
    ("/v1/ready", {"hand": "19m19p19s1234567z", "visible": "5m", "rules": SANMA}, ("#/visible", "tile_not_in_set"),
     "ready-visible-5m"),
    ("/v1/ready", {"hand": "19m19p19s1234567z", "rules": {"preset": "tenhou"}, "melds": []}, None, "ready-four-ok"),
    ("/v1/furiten", {"hand": "123p789p23456s11z", "discards": [{"tile": "6m"}], "rules": SANMA},
     ("#/discards", "tile_not_in_set"), "furiten-discard-6m"),
    ("/v1/evaluate", {"hand": "123p789p23456s11z", "seat_wind": "north", "round_wind": "east", "rules": SANMA},
     ("#/seat_wind", "no_such_seat"), "evaluate-north"),
    ("/v1/evaluate", {"hand": "123p789p23456s11z", "seat_wind": "east", "round_wind": "east", "tiles_left": 60,
                      "rules": SANMA}, ("#/tiles_left", "too_many_tiles_left"), "evaluate-60-tiles-left"),
    ("/v1/settle", {"scores": {**THREE, "north": 35000}, "outcome": {"kind": "exhaustive_draw", "ready": []},
                    "rules": SANMA}, ("#/scores/north", "no_such_seat"), "settle-scores-north"),
    ("/v1/settle", {"scores": {"east": 35000, "south": 35000}, "outcome": {"kind": "exhaustive_draw", "ready": []},
                    "rules": SANMA}, ("#/scores/west", "required"), "settle-scores-west-missing"),
    ("/v1/settle", {"scores": THREE, "outcome": {"kind": "exhaustive_draw", "ready": ["north"]}, "rules": SANMA},
     ("#/outcome/ready/0", "no_such_seat"), "settle-ready-north"),
    ("/v1/settle", {"scores": THREE, "outcome": {"kind": "exhaustive_draw", "ready": [], "nagashi": ["north"]},
                    "rules": SANMA}, ("#/outcome/nagashi/0", "no_such_seat"), "settle-nagashi-north"),
    ("/v1/settle", {"scores": THREE, "outcome": {"kind": "chombo", "offender": "north"}, "rules": SANMA},
     ("#/outcome/offender", "no_such_seat"), "settle-offender-north"),
    ("/v1/settle", {"scores": THREE, "outcome": {"kind": "ron", "discarder": "north",
                                                 "wins": [{"winner": "east", "han": 3, "fu": 30}]}, "rules": SANMA},
     ("#/outcome/discarder", "no_such_seat"), "settle-discarder-north"),
    ("/v1/settle", {"scores": THREE, "outcome": {"kind": "ron", "discarder": "east",
                                                 "wins": [{"winner": "north", "han": 3, "fu": 30}]}, "rules": SANMA},
     ("#/outcome/wins/0/winner", "no_such_seat"), "settle-winner-north"),
    *[("/v1/settle", {"scores": THREE, "riichi_sticks": 4, "outcome": {"kind": "abortive_draw", "reason": reason},
                      "rules": SANMA}, ("#/outcome/reason", "not_in_three_player"), f"abort-{reason}")
      for reason in ("suufon_renda", "suucha_riichi", "sanchahou")],
    ("/v1/final", {"scores": [{"player": p, "points": 25000} for p in "ABCD"], "rules": SANMA},
     ("#/scores", "wrong_player_count"), "final-four-players"),
    ("/v1/final", {"scores": [{"player": "A", "points": 35000, "seat": "north"}, {"player": "B", "points": 35000},
                              {"player": "C", "points": 35000}], "rules": SANMA},
     ("#/scores/0/seat", "no_such_seat"), "final-seat-north"),
    ("/v1/final", {"scores": [{"player": p, "points": 35000} for p in "ABC"], "rules": {"preset": "tenhou"}},
     ("#/scores", "wrong_player_count"), "final-three-players-under-tenhou"),
]


@pytest.mark.parametrize("path, request_body, want", [r[:3] for r in REFUSALS], ids=[r[3] for r in REFUSALS])
def test_refusal(post_json, path, request_body, want):
    status, out = post_json(path, request_body)
    if want is None:
        assert status == 200, out
        return
    assert status == 422, out
    assert want in codes(out), out["errors"]


def test_kuikae_after_a_chi_is_refused_under_three_players(post_json):
    status, out = post_json("/v1/kuikae", {"hand": "1234p789s11z", "call": {"kind": "chi", "tiles": "234s",
                                                                             "called": "4s"}, "rules": SANMA})
    assert status == 422 and ("#/call/kind", "chi_not_allowed") in codes(out)


def test_every_problem_is_listed_at_once(post_json):
    status, out = post_json("/v1/score", body(GOLDEN, hand="2205588p789s113m", seat_wind="north", kita=4))
    assert status == 422
    assert {c for _, c in codes(out)} >= {"tile_not_in_set", "no_such_seat"}


# --- the 108-tile set on the reading routes ---

def test_ready_has_no_2m_to_8m_waits(post_json):
    # 1m-9m and the honours: a thirteen-orphans wait on all 13 kinds; in four-player rules the same
    status, out = post_json("/v1/ready", {"hand": "19m19p19s1234567z", "visible": "1m1m", "rules": SANMA})
    assert status == 200 and len(out["waits"]) == 13
    assert {w["tile"]: w["remaining"] for w in out["waits"]}["1m"] == 1
    status, out = post_json("/v1/ready", {"hand": "11m99m123p456p789s", "rules": SANMA})
    assert [w["tile"] for w in out["waits"]] == ["1m", "9m"]


def test_evaluate_scores_every_wait_with_kita(post_json):
    status, out = post_json("/v1/evaluate", {"hand": "2205588p789s111z", "kita": 2, "seat_wind": "south",
                                             "round_wind": "east", "dora_indicators": "3z", "rules": SANMA})
    assert status == 200
    for w in out["waits"]:
        yaku = {y["id"]: y["han"] for y in w["tsumo"]["yaku"]}
        assert yaku["kita"] == 2 and yaku["dora"] == 2   # a west indicator makes each kita one more dora
        assert set(w["tsumo"]["deltas"]) == {"east", "south", "west"}


# --- kita, dora and rinshan on /v1/score ---

@pytest.mark.parametrize("indicator, kita, ura, want", [
    ("9m", 0, "", {"dora": 3}),               # 9m -> 1m (three 1m in the hand: 111m)
    ("3p", 0, "", {"dora": 1}),
    ("3z", 2, "", {"dora": 2, "kita": 2}),    # west -> north: each kita is a dora
    ("5p", 3, "3z", {"kita": 3, "ura_dora": 3}),
], ids=["9m-wraps-to-1m", "plain", "west-indicator-and-kita", "west-ura-and-kita"])
def test_kita_counts_for_the_indicators(post_json, indicator, kita, ura, want):
    req = {"hand": "111m23p555s777s66z", "win_tile": "4p", "win_by": "tsumo", "seat_wind": "south",
           "round_wind": "east", "riichi": "riichi", "kita": kita, "dora_indicators": indicator,
           "ura_dora_indicators": ura, "rules": SANMA}
    status, out = post_json("/v1/score", req)
    assert status == 200, out
    yaku = {y["id"]: y["han"] for y in out["yaku"]}
    assert {k: yaku[k] for k in ("dora", "kita", "ura_dora") if k in yaku} == want


def test_one_m_indicator_points_at_nine_m(post_json):
    req = {"hand": "999m23p555s777s66z", "win_tile": "4p", "win_by": "tsumo", "seat_wind": "south",
           "round_wind": "east", "riichi": "riichi", "dora_indicators": "1m", "rules": SANMA}
    status, out = post_json("/v1/score", req)
    assert {y["id"]: y["han"] for y in out["yaku"]}["dora"] == 3


def test_kita_is_never_the_one_yaku(post_json):
    req = {"hand": "111m23p555s77s", "melds": [{"kind": "pon", "tiles": "999p", "from": "south"}], "win_tile": "4p",
           "win_by": "ron", "discarder": "south", "seat_wind": "west", "round_wind": "east", "kita": 3,
           "rules": SANMA}
    status, out = post_json("/v1/score", req)
    assert status == 200 and out["is_win"] is False and out["reasons"] == ["no_yaku"]


def test_rinshan_on_the_kita_replacement(post_json):
    req = {"hand": "111m23p555s777s66z", "win_tile": "4p", "win_by": "tsumo", "seat_wind": "south",
           "round_wind": "east", "kita": 1, "rinshan": True, "rules": SANMA}
    status, out = post_json("/v1/score", req)
    assert status == 200 and {"rinshan_kaihou", "kita"} <= {y["id"] for y in out["yaku"]}


def test_ron_on_a_kita_is_an_ordinary_ron(post_json):
    req = {"hand": "1199p1199s11m554z", "win_tile": "4z", "win_by": "ron", "on_kita": True, "discarder": "west",
           "seat_wind": "south", "round_wind": "east", "rules": SANMA}
    status, out = post_json("/v1/score", req)
    assert status == 200 and "chankan" not in {y["id"] for y in out["yaku"]}
    assert out["deltas"] == {"east": 0, "south": 6400, "west": -6400}


# --- payments and settlements with three seats ---

@pytest.mark.parametrize("seat, honba, payments, points", [
    ("south", 0, [("east", 2600, 0), ("west", 1300, 0)], 3900),     # 4 han 20 fu: 1,300/2,600, north's share lost
    ("east", 0, [("south", 2600, 0), ("west", 2600, 0)], 5200),
    ("south", 2, [("east", 2600, 200), ("west", 1300, 200)], 3900),  # 200 per counter: 100 from each payer
], ids=["non-dealer-tsumo-loss", "dealer-tsumo-loss", "honba-200"])
def test_tsumo_loss_and_200_per_counter(post_json, seat, honba, payments, points):
    req = {"hand": "123p456p789s2355s", "win_tile": "4s", "win_by": "tsumo", "seat_wind": seat, "round_wind": "east",
           "riichi": "riichi", "honba": honba, "dora_indicators": "9p", "rules": SANMA}
    status, out = post_json("/v1/score", req)
    assert status == 200 and (out["han"], out["fu"]) == (4, 20), out
    assert [(p["from"], p["amount"], p["honba"]) for p in out["payments"]] == payments
    assert out["points"] == points and set(out["deltas"]) == {"east", "south", "west"}


@pytest.mark.parametrize("ready, deltas", [
    ([], {"east": 0, "south": 0, "west": 0}),
    (["south"], {"east": -1000, "south": 2000, "west": -1000}),
    (["east", "west"], {"east": 1000, "south": -2000, "west": 1000}),
    (["east", "south", "west"], {"east": 0, "south": 0, "west": 0}),
], ids=["none-ready", "one-ready", "two-ready", "all-ready"])
def test_noten_money_totals_2000(post_json, ready, deltas):
    status, out = post_json("/v1/settle", {"scores": THREE, "honba": 1, "outcome": {"kind": "exhaustive_draw",
                                                                                    "ready": ready}, "rules": SANMA})
    assert status == 200 and out["deltas"] == deltas
    assert out["next"] == {"honba": 2, "riichi_sticks": 0, "dealer_keeps": "east" in ready}


@pytest.mark.parametrize("seat, deltas", [
    ("south", {"east": -4000, "south": 6000, "west": -2000}),
    ("east", {"east": 8000, "south": -4000, "west": -4000}),
], ids=["non-dealer", "dealer"])
def test_nagashi_mangan_is_a_mangan_tsumo_with_tsumo_loss_and_no_honba(post_json, seat, deltas):
    status, out = post_json("/v1/settle", {"scores": THREE, "honba": 1, "riichi_sticks": 1, "outcome": {
        "kind": "exhaustive_draw", "ready": ["west"], "nagashi": [seat]}, "rules": SANMA})
    assert status == 200 and out["deltas"] == deltas
    assert out["next"]["riichi_sticks"] == 1


@pytest.mark.parametrize("reason", ["kyuushu_kyuuhai", "suukaikan"])
def test_the_two_three_player_abortive_draws(post_json, reason):
    status, out = post_json("/v1/settle", {"scores": THREE, "honba": 0, "outcome": {"kind": "abortive_draw",
                                                                                    "reason": reason}, "rules": SANMA})
    assert status == 200 and out["deltas"] == {"east": 0, "south": 0, "west": 0}
    assert out["next"] == {"honba": 1, "riichi_sticks": 0, "dealer_keeps": True}


@settings(max_examples=examples(60), deadline=None)
@given(winner=st.sampled_from(["east", "south", "west"]), by=st.sampled_from(["ron", "tsumo"]),
       han=st.integers(1, 13), fu=st.sampled_from([30, 40, 50, 60, 70]), honba=st.integers(0, 5),
       sticks=st.integers(0, 3), other=st.integers(1, 2))
def test_three_seat_settlements_balance(client, winner, by, han, fu, honba, sticks, other):
    seats = ["east", "south", "west"]
    outcome = {"kind": by, "wins": [{"winner": winner, "han": han, "fu": fu}]}
    if by == "ron":
        outcome["discarder"] = seats[(seats.index(winner) + other) % 3]
    resp = client.post("/v1/settle", json={"scores": THREE, "honba": honba, "riichi_sticks": sticks,
                                            "outcome": outcome, "rules": SANMA})
    out = resp.get_json()
    assert resp.status_code == 200, out
    assert set(out["deltas"]) == set(out["scores"]) == set(seats)
    assert sum(out["deltas"].values()) + out["pool_change"] == 0
    assert out["deltas"][winner] > 0 and out["pool_change"] == -1000 * sticks


# --- end of game ---

@pytest.mark.parametrize("points, sticks, want", [
    ((41500, 41500, 22000), 0, [36, 2, -38]),     # a tie goes to the lower starting seat
    ((60500, 45000, -500), 0, [56, 5, -61]),      # -500 -> -1 -> -41 - 20
    ((50000, 30500, 24500), 0, [44, -9, -35]),    # 30,500 -> 31 -> -9; 24,500 -> 25 -> -15 - 20
    ((49000, 30000, 25000), 1, [45, -10, -35]),   # a leftover stick to the top
], ids=["tie-41500", "minus-500", "half-away-on-the-score", "leftover-stick"])
def test_tenhou_three_player_end_points(post_json, points, sticks, want):
    req = {"scores": [{"player": p, "points": n, "seat": s} for p, n, s in zip("ABC", points, THREE)],
           "riichi_sticks": sticks, "rules": SANMA}
    status, out = post_json("/v1/final", req)
    assert status == 200, out
    assert [row["final"] for row in out["scores"]] == want and out["oka"] == 15
