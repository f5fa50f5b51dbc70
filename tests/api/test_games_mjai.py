"""POST /v1/games with mjai logs: hand-made small logs (four players, three with a kita) worked out by hand,
the public samples when ../shared is present (RiichiEnv's game; the first public games as mjai beside their
expected answers), hidden tiles and missing ura indicators settled as recorded, a declared win that is no win,
and every bad log a 422 naming its event (or its line)."""
import copy
import gzip
import json
import os
import random

import pytest

from tests.paths import SHARED
from tests.mjai_logs import (dealer_tsumo, draw_all, exhaustive, game, hora, riichi_ron, ron_without_yaku,
                       sanma_kita_tsumo, start, turn, DEALER_TANKI, FAR_1, FAR_2, FAR_3)

MJAI_GAMES = os.path.join(SHARED, "data", "games_mjai.jsonl.gz")
RIICHIENV = os.path.join(SHARED, "data", "formats", "riichienv_126_204_0_mjai.jsonl")
TENHOU = {"preset": "tenhou"}
HAND_KEYS = ("round", "number", "honba", "riichi_sticks", "dealer", "result", "deltas", "scores")


def post(client, data, rules=None):
    body = {"record": {"format": "mjai", "data": data}}
    if rules is not None:
        body["rules"] = rules
    return client.post("/v1/games", json=body)


def answer(client, data, rules=None):
    resp = post(client, data, rules)
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def lines(events) -> str:
    return "\n".join(json.dumps(e) for e in events) + "\n"


def three_rons(deltas):
    """Seats 1-3 all wait on 5s (tanki, tanyao: 1 han 40 fu, 1,300 each) and the dealer discards it on his second
    turn."""
    deal = start("5s19m19p19s123456z", "234m678m234p678p5s", "345m456m345p456p5s", "456m777m234s678s5s")
    return game(deal, turn(0, "6z"), turn(1, "6z"), turn(2, "6z"), turn(3, "7z"), turn(0, "7z", "5s"),
                *(hora(s, 0, d) for s, d in zip((1, 2, 3), deltas)), {"type": "end_kyoku"})


PAID = [[-1300, 1300, 0, 0], [-1300, 0, 1300, 0], [-1300, 0, 0, 1300]]


@pytest.mark.parametrize("log, rules, preset, result, deltas, agrees", [
    pytest.param(dealer_tsumo(), None, "japanese_modern", "tsumo", [3000, -1000, -1000, -1000], True,
                 id="dealer-tsumo-default-preset"),
    pytest.param(dealer_tsumo(), TENHOU, "tenhou", "tsumo", [3000, -1000, -1000, -1000], True, id="dealer-tsumo"),
    pytest.param(riichi_ron(), TENHOU, "tenhou", "ron", [0, 3000, -2000, 0], True, id="riichi-ron-with-ura"),
    pytest.param(riichi_ron(ura=None), None, "japanese_modern", "ron", [0, 3000, -2000, 0], True,
                 id="no-ura-markers-under-rules-without-ura-dora"),
    pytest.param(exhaustive(), TENHOU, "tenhou", "exhaustive_draw", [3000, -1000, -1000, -1000], True,
                 id="exhaustive-draw-ready-from-the-tiles"),
    pytest.param(sanma_kita_tsumo(), None, "tenhou_sanma", "tsumo", [5200, -2600, -2600], True,
                 id="three-players-kita"),
    pytest.param(three_rons(PAID), TENHOU, "tenhou", "abortive_draw", [0, 0, 0, 0], False,
                 id="three-rons-aborted-under-tenhou"),
    pytest.param(three_rons(PAID), None, "japanese_modern", "ron", [-3900, 1300, 1300, 1300], True,
                 id="three-rons-paid-under-the-default"),
])
def test_hand_made_logs(client, log, rules, preset, result, deltas, agrees):
    ans = answer(client, log, rules)
    (hand,) = ans["hands"]
    assert (ans["preset"], hand["result"], hand["deltas"], hand["agrees"]) == (preset, result, deltas, agrees), \
        hand["differences"]
    assert "notes" not in hand
    # the same log as JSON lines answers the same
    assert answer(client, lines(log), rules) == ans


def test_three_rons_aborted_differ_only_in_the_money(client):
    (hand,) = answer(client, three_rons(PAID), TENHOU)["hands"]
    assert [d["field"] for d in hand["differences"]] == ["deltas"]
    (hand,) = answer(client, three_rons([[0, 0, 0, 0]] * 3), TENHOU)["hands"]
    assert hand["agrees"] is True and hand["result"] == "abortive_draw"


def _ryukyoku_after(log, at):
    return log[:at] + [{"type": "ryukyoku", "deltas": [0, 0, 0, 0]}, {"type": "end_kyoku"}, {"type": "end_game"}]


def test_a_ryukyoku_on_a_discard_three_hands_win_on_is_the_triple_ron(client):
    """Tenhou writes its aborted triple ron as a draw: read as sanchahou once three hands are complete with the
    discard; a difference under rules that pay a triple ron; refused where no three hands are."""
    log = three_rons(PAID)
    at = next(i for i, e in enumerate(log) if e["type"] == "hora")
    (hand,) = answer(client, _ryukyoku_after(log, at), TENHOU)["hands"]
    assert (hand["result"], hand["agrees"]) == ("abortive_draw", True)
    (hand,) = answer(client, _ryukyoku_after(log, at))["hands"]
    assert hand["agrees"] is False and "abort_triple_ron" in hand["differences"][0]["why"]
    resp = post(client, _ryukyoku_after(log, at - 2), TENHOU)      # after the turn before: nobody can win on it
    assert resp.status_code == 422
    assert [(e["pointer"], e["code"]) for e in resp.get_json()["errors"]] == [
        (f"#/record/data/{at - 2}", "draw_not_explained")]


def test_a_declared_win_that_is_no_win_is_a_difference(client):
    (hand,) = answer(client, ron_without_yaku(), TENHOU)["hands"]
    assert hand["agrees"] is False and hand["deltas"] == [0, 0, 0, 0] and hand["wins"] == []
    why = {d["field"]: d["why"] for d in hand["differences"]}
    assert "no_yaku" in why["wins"] and "no legal win" in why["deltas"]


def test_a_riichi_win_without_ura_markers_is_settled_as_recorded(client):
    ans = answer(client, riichi_ron(ura=None, deltas=(0, 7000, -6000, 0)), TENHOU)
    (hand,) = ans["hands"]
    assert hand["notes"] == ["ura_dora_unknown"] and hand["agrees"] is None and hand["differences"] == []
    assert hand["deltas"] == [0, 7000, -6000, 0] and hand["scores"] == [25000, 31000, 19000, 25000]
    assert hand["wins"] == []


def _view(events, me):
    """The log as seat `me` saw it: the others' dealt tiles and draws hidden."""
    out = copy.deepcopy(events)
    for e in out:
        if e["type"] == "start_kyoku":
            e["tehais"] = [t if s == me else ["?"] * 13 for s, t in enumerate(e["tehais"])]
        elif e["type"] == "tsumo" and e["actor"] != me:
            e["pai"] = "?"
    return out


@pytest.mark.parametrize("log, me, notes", [
    pytest.param(dealer_tsumo(), 1, ["tiles_hidden"], id="win-by-a-hidden-hand"),
    pytest.param(dealer_tsumo(), 0, None, id="win-by-the-viewer"),
    pytest.param(riichi_ron(), 2, ["tiles_hidden"], id="ron-by-a-hidden-hand"),
    pytest.param(exhaustive(), 0, ["tiles_hidden"], id="exhaustive-draw-with-hidden-hands"),
    pytest.param(sanma_kita_tsumo(), 2, ["tiles_hidden"], id="three-players-hidden-kita-win"),
])
def test_hidden_tiles_are_settled_as_recorded(client, log, me, notes):
    full = answer(client, log, TENHOU if len(log[1]["tehais"]) == 4 else None)["hands"][0]
    (hand,) = answer(client, _view(log, me), TENHOU if len(log[1]["tehais"]) == 4 else None)["hands"]
    assert hand.get("notes") == notes and hand["deltas"] == full["deltas"] and hand["scores"] == full["scores"]
    assert hand["agrees"] is (None if notes else True)


def kyuushu():
    """Nine terminals (ten kinds) declared on the dealer's first draw."""
    deal = start("19m19p19s1234z234m", FAR_1, FAR_2, FAR_3)
    return game(deal, {"type": "tsumo", "actor": 0, "pai": "P"}, {"type": "ryukyoku", "deltas": [0, 0, 0, 0]},
                {"type": "end_kyoku"})


def test_counters_follow_a_hand_settled_as_recorded(client):
    """A hidden win followed by another deal: the next deal starts from the record's own counters."""
    first = _view(dealer_tsumo(), 2)[1:-1]
    second = start(DEALER_TANKI, FAR_1, FAR_2, FAR_3, honba=1, scores=[28000, 24000, 24000, 24000])
    log = game(*first, second, turn(0, "7m"), turn(1, "7m"), turn(2, "7m"), turn(3, "1m"),
               {"type": "tsumo", "actor": 0, "pai": "5s"}, hora(0, 0, [3300, -1100, -1100, -1100]),
               {"type": "end_kyoku"})
    hands = answer(client, log, TENHOU)["hands"]
    assert [h.get("notes") for h in hands] == [["tiles_hidden"], None]
    assert [h["honba"] for h in hands] == [0, 1] and hands[1]["agrees"] is True
    assert hands[1]["scores"] == [31300, 22900, 22900, 22900]


def _damage(events, where, change):
    out = copy.deepcopy(events)
    change(out[where])
    return out


TSUMO_LOG = dealer_tsumo()
WALL_DEAL = start(DEALER_TANKI, FAR_1, FAR_2, FAR_3)


@pytest.mark.parametrize("data, pointer, code", [
    pytest.param(TSUMO_LOG[:9], "#/record/data/9", "hand_without_end", id="truncated"),
    pytest.param(_damage(TSUMO_LOG, 3, lambda e: e.update(pai="9s")), "#/record/data/3", "tile_not_in_hand",
                 id="discard-of-a-tile-not-held"),
    pytest.param(_damage(TSUMO_LOG, 2, lambda e: e.update(pai="5x")), "#/record/data/2", "unknown_tile",
                 id="unknown-tile-name"),
    pytest.param(TSUMO_LOG[:4] + [{"type": "pon", "actor": 2, "target": 1, "pai": "7m", "consumed": ["7m", "7m"]}]
                 + TSUMO_LOG[4:], "#/record/data/4", "call_on_nothing", id="call-of-a-tile-nobody-discarded"),
    pytest.param(TSUMO_LOG[:2] + [{"type": "tsumo", "actor": 0, "pai": "N"},
                                  {"type": "nukidora", "actor": 0, "pai": "N"}] + TSUMO_LOG[2:],
                 "#/record/data/3", "kita_in_four_player", id="kita-in-a-four-player-log"),
    pytest.param(_damage(sanma_kita_tsumo(), 8, lambda e: e.update(type="chi", target=1, pai="9p",
                                                                    consumed=["7p", "8p"])),
                 "#/record/data/8", "chi_not_allowed", id="chi-in-a-three-player-log"),
    pytest.param(_damage(sanma_kita_tsumo(), 8, lambda e: e.update(pai="3m")), "#/record/data/8",
                 "tile_not_in_set", id="four-player-tile-in-a-three-player-log"),
    pytest.param(game(WALL_DEAL, draw_all(WALL_DEAL, 71), {"type": "ryukyoku"}),
                 "#/record/data/142", "wall_exhausted", id="draw-after-the-wall-is-empty"),
    pytest.param({"type": "start_game"}, "#/record/data", "invalid_record", id="an-object-not-a-log"),
])
def test_bad_logs_are_422_at_their_event(client, data, pointer, code):
    resp = post(client, data, TENHOU)
    assert resp.status_code == 422
    body = resp.get_json()
    assert [(e["pointer"], e["code"]) for e in body["errors"]] == [(pointer, code)]
    assert "hands" not in body          # nothing half-applied: no answer for the hands before the problem


def test_a_non_json_line_names_its_line(client):
    text = lines(TSUMO_LOG).replace('"type": "end_kyoku"}', '"type": "end_kyoku"', 1)
    resp = post(client, text, TENHOU)
    (err,) = resp.get_json()["errors"]
    at = text.splitlines().index('{"type": "end_kyoku"') + 1
    assert resp.status_code == 422 and (err["pointer"], err["code"]) == (f"#/record/data/line/{at}", "invalid_json")
    assert f"Line {at}" in err["detail"]


def test_replay_problems_point_at_lines(client):
    text = lines(_damage(TSUMO_LOG, 3, lambda e: e.update(pai="9s")))
    (err,) = post(client, "\n" + text, TENHOU).get_json()["errors"]
    assert (err["pointer"], err["code"]) == ("#/record/data/line/5", "tile_not_in_hand")


def test_a_recorded_abortive_draw_the_rules_lack_is_a_difference(client):
    (hand,) = answer(client, kyuushu(), {"preset": "tenhou", "abort_nine_terminals": False})["hands"]
    assert hand["result"] == "abortive_draw" and hand["agrees"] is False and hand["deltas"] == [0, 0, 0, 0]
    assert [d["field"] for d in hand["differences"]] == ["result"]
    assert "abort_nine_terminals" in hand["differences"][0]["why"]
    assert answer(client, kyuushu(), TENHOU)["hands"][0]["agrees"] is True


# ---------------------------------------------------------------- the public samples (../shared)
def test_riichienv_game(client):
    if not os.path.exists(RIICHIENV):
        pytest.skip("../shared/data is not present")
    with open(RIICHIENV, encoding="utf-8") as f:
        text = f.read()
    ans = answer(client, text, TENHOU)
    assert len(ans["hands"]) == 12 and all(h["agrees"] is True for h in ans["hands"])
    assert [s["points"] for s in sorted(ans["final"]["scores"], key=lambda s: s["player"])] == \
        [2400, 14900, 38800, 43900]


def _public_games(limit):
    if not os.path.exists(MJAI_GAMES):
        pytest.skip("../shared/data is not present")
    out = []
    with gzip.open(MJAI_GAMES, "rt", encoding="utf-8") as f:
        for line in f:
            out.append(json.loads(line))
            if len(out) >= limit:
                break
    return out


def test_public_games_agree(client):
    for g in _public_games(4):
        ans = answer(client, g["mjai"], TENHOU)
        got = [{k: h[k] for k in HAND_KEYS} for h in ans["hands"]]
        want = [{k: h[k] for k in HAND_KEYS} for h in g["expect"]["hands"]]
        assert got == want, g["game_id"]
        assert ans["agrees"] is True, g["game_id"]
        by_seat = {ans["players"].index(s["player"]): s for s in ans["final"]["scores"]}
        assert [by_seat[i]["points"] for i in range(4)] == g["expect"]["final"]["scores"], g["game_id"]


def test_a_public_game_as_json_lines(client):
    (g,) = _public_games(1)
    assert answer(client, lines(g["mjai"]), TENHOU) == answer(client, g["mjai"], TENHOU)


ODD = [None, True, 0, -1, 5, 3.5, "", "x", "5mr", "?", "N", [], {}, ["1m"], [1, 2], {"a": 1}, 10 ** 12]


def _mutated(rnd, log):
    log = copy.deepcopy(log)
    i = rnd.randrange(len(log))
    roll = rnd.random()
    if roll < 0.2:
        del log[i]
    elif roll < 0.35:
        log.insert(i, copy.deepcopy(rnd.choice(log)))
    elif roll < 0.5:
        log[i] = rnd.choice(ODD)
    elif log[i]:
        key = rnd.choice(list(log[i]))
        value = log[i][key]
        if isinstance(value, list) and value and roll < 0.75:
            j = rnd.randrange(len(value))
            if isinstance(value[j], list) and value[j]:
                value[j][rnd.randrange(len(value[j]))] = rnd.choice(ODD)
            else:
                value[j] = rnd.choice(ODD)
        else:
            log[i][key] = rnd.choice(ODD)
    return log


def test_damaged_logs_are_answered_or_refused_never_a_500(client):
    """Events deleted, repeated or replaced and fields set to odd values, in both shapes: 200 or 422, never 500."""
    rnd = random.Random(20261128)
    logs = [dealer_tsumo(), riichi_ron(), exhaustive(), sanma_kita_tsumo(), ron_without_yaku()]
    statuses = set()
    for _ in range(300):
        log = _mutated(rnd, rnd.choice(logs))
        data = log if rnd.random() < 0.7 else lines(log)
        status = post(client, data, TENHOU if rnd.random() < 0.5 else None).status_code
        assert status in (200, 422), json.dumps(log)[:400]
        statuses.add(status)
    assert statuses == {200, 422}
