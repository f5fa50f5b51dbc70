"""The mjai reader (calculator.records.mjai): tile names, JSON lines, the draw each ryukyoku stands for, the order
of play, and every log it refuses (each a 422 naming the event). Only the reader runs here: the tiles are checked
by the replay (tests/api/test_games_mjai.py), so these logs need not hold real tile counts."""
from __future__ import annotations

import gzip
import itertools
import json
import os

import pytest

from tests.paths import SHARED
from calculator.records.games import replay_game
from calculator.records.write_mjai import written_mjai
from calculator.rules import preset_rules

from calculator.core.errors import InvalidHand
from calculator.records.mjai import read_mjai
from calculator.records.model import HIDDEN, Call, Discard, Draw, Indicator, Kita, RiichiAccepted

FOUR = [["1m"] * 13] * 4
THREE = [["1m"] * 13] * 3


def start(tehais=FOUR, oya=0, **kw):
    n = len(tehais)
    return {"type": "start_kyoku", "bakaze": "E", "kyoku": oya + 1, "honba": 0, "kyotaku": 0, "oya": oya,
            "scores": [25000] * n, "dora_marker": "1p", "tehais": [list(t) for t in tehais], **kw}


def go(seat, draw="9p", out=None):
    return [{"type": "tsumo", "actor": seat, "pai": draw},
            {"type": "dahai", "actor": seat, "pai": out or draw, "tsumogiri": out is None}]


def rounds(k, n=4, first=0, draw="9p", out=None):
    """k tsumogiri turns in seat order from `first`."""
    ev = []
    for i in range(k):
        ev += go((first + i) % n, draw, out)
    return ev


def log(*parts, n=4):
    flat = [{"type": "start_game", "names": list("ABCD"[:n])}]
    for p in parts:
        flat += p if isinstance(p, list) else [p]
    return flat + [{"type": "end_kyoku"}, {"type": "end_game"}]


RYUKYOKU = {"type": "ryukyoku"}


def riichi(seat, tile="9p"):
    return [{"type": "tsumo", "actor": seat, "pai": tile}, {"type": "reach", "actor": seat},
            {"type": "dahai", "actor": seat, "pai": tile, "tsumogiri": True},
            {"type": "reach_accepted", "actor": seat}]


def kans(seat, tiles):
    out = []
    for t in tiles:
        out += [{"type": "tsumo", "actor": seat, "pai": t}, {"type": "ankan", "actor": seat, "consumed": [t] * 4}]
    return out + go(seat)


def nagashi_rivers():
    """70 draws; seat 2 discards only terminals and honours, nobody calls them."""
    ev = []
    for i in range(70):
        ev += go(i % 4, "9p" if i % 4 == 2 else "5p")
    return ev


@pytest.mark.parametrize("events, kind, reason", [
    pytest.param([start(), {"type": "tsumo", "actor": 0, "pai": "9p"}], "abortive_draw", "kyuushu_kyuuhai",
                 id="nine-terminals-first-draw"),
    pytest.param([start(), go(0), {"type": "tsumo", "actor": 1, "pai": "9p"}], "abortive_draw", "kyuushu_kyuuhai",
                 id="nine-terminals-second-seat"),
    pytest.param([start(), rounds(4, draw="9p", out="E")], "abortive_draw", "suufon_renda", id="four-winds"),
    pytest.param([start(), riichi(0), riichi(1), riichi(2), riichi(3)], "abortive_draw", "suucha_riichi",
                 id="four-riichi"),
    pytest.param([start(), kans(0, ["2m", "3m"]), kans(1, ["4m", "5m"])], "abortive_draw", "suukaikan",
                 id="four-kans"),
    pytest.param([start(), rounds(5)], "abortive_draw", "sanchahou", id="mid-wall-after-a-discard-triple-ron"),
    pytest.param([start(), rounds(4, out="E")[:-1], {"type": "dahai", "actor": 3, "pai": "S", "tsumogiri": False}],
                 "abortive_draw", "sanchahou", id="four-first-discards-not-one-wind"),
    pytest.param([start(), rounds(70, draw="5p")], "exhaustive_draw", None, id="wall-drawn-out"),
    pytest.param([start(), nagashi_rivers()], "nagashi_mangan", None, id="nagashi-river"),
    pytest.param([start(), rounds(70, draw="5p"), {"type": "dora", "dora_marker": "2p"}], "exhaustive_draw", None,
                 id="wall-drawn-out-indicator-after-the-last-discard"),
])
def test_each_ryukyoku_is_classified_from_the_play(events, kind, reason):
    end = read_mjai(log(*events, RYUKYOKU)).hands[0].end
    assert (end.kind, end.reason) == (kind, reason)


KITA = [{"type": "tsumo", "actor": 0, "pai": "N"}, {"type": "nukidora", "actor": 0, "pai": "N"}]


@pytest.mark.parametrize("events, kind", [
    pytest.param([rounds(55, n=3, draw="5p")], "exhaustive_draw", id="wall-of-55-drawn-out"),
    pytest.param([{"type": "tsumo", "actor": 0, "pai": "9p"}], "abortive_draw", id="nine-terminals"),
    pytest.param([KITA, {"type": "tsumo", "actor": 0, "pai": "9p"}, {"type": "ankan", "actor": 0,
                  "consumed": ["1p"] * 4}, {"type": "tsumo", "actor": 0, "pai": "9p"}, {"type": "dahai", "actor": 0,
                  "pai": "9p"}, {"type": "tsumo", "actor": 1, "pai": "1s"}, {"type": "ankan", "actor": 1,
                  "consumed": ["1s"] * 4}, {"type": "tsumo", "actor": 1, "pai": "9s"}, {"type": "ankan", "actor": 1,
                  "consumed": ["9s"] * 4}, {"type": "tsumo", "actor": 1, "pai": "9m"}, {"type": "ankan", "actor": 1,
                  "consumed": ["9m"] * 4}, go(1)], "abortive_draw", id="four-kans"),
])
def test_three_player_draws(events, kind):
    assert read_mjai(log(start(THREE), *events, RYUKYOKU, n=3)).hands[0].end.kind == kind


@pytest.mark.parametrize("events", [
    pytest.param([KITA, {"type": "tsumo", "actor": 0, "pai": "9p"}], id="nine-terminals-after-a-kita"),
    pytest.param([rounds(4, n=3)], id="mid-wall-no-triple-ron-with-three"),
])
def test_three_player_ryukyoku_nothing_explains(events):
    where, code, _ = _problem(log(start(THREE), *events, RYUKYOKU, n=3))
    played = sum(len(e) if isinstance(e, list) else 1 for e in events)
    assert code == "draw_not_explained" and where == str(2 + played)


def test_events_become_the_model():
    events = log(start(), {"type": "tsumo", "actor": 0, "pai": "5mr"}, {"type": "reach", "actor": 0},
                 {"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": False}, {"type": "reach_accepted", "actor": 0},
                 {"type": "pon", "actor": 2, "target": 0, "pai": "E", "consumed": ["E", "E"]},
                 {"type": "dahai", "actor": 2, "pai": "C", "tsumogiri": False},
                 {"type": "tsumo", "actor": 3, "pai": "?"},
                 {"type": "dahai", "actor": 3, "pai": "3p", "tsumogiri": False},
                 {"type": "chi", "actor": 0, "target": 3, "pai": "3p", "consumed": ["4p", "5pr"]},
                 {"type": "none"}, {"type": "my_client_note", "text": "skipped"},
                 {"type": "dahai", "actor": 0, "pai": "5sr"},
                 {"type": "hora", "actor": 1, "target": 0, "deltas": [-1000, 1000, 0, 0]})
    hand = read_mjai(events).hands[0]
    assert hand.events == (Draw(0, 34), Discard(0, 27, True, False), RiichiAccepted(0),
                           Call(2, "pon", (27, 27, 27), 27, 0), Discard(2, 33, False, False), Draw(3, HIDDEN),
                           Discard(3, 11, False, False), Call(0, "chi", (12, 35, 11), 11, 3), Discard(0, 36))
    # each event's place, then the hora's
    assert hand.places == tuple(str(i) for i in (2, 4, 5, 6, 7, 8, 9, 10, 13, 14))
    assert hand.recorded_deltas == (-1000, 1000, 0, 0) and hand.header == (0, 0, 0) and hand.dora == (9,)


def test_kans_kita_and_indicators():
    events = log(start(THREE), {"type": "tsumo", "actor": 0, "pai": "N"}, {"type": "nukidora", "actor": 0, "pai": "N"},
                 {"type": "tsumo", "actor": 0, "pai": "1s"},
                 {"type": "ankan", "actor": 0, "consumed": ["1s", "1s", "1s", "1s"]},
                 {"type": "dora", "dora_marker": "9s"}, {"type": "tsumo", "actor": 0, "pai": "9s"},
                 {"type": "kakan", "actor": 0, "pai": "9s", "consumed": ["9s", "9s", "9s"]},
                 {"type": "tsumo", "actor": 0, "pai": "1p"},
                 {"type": "hora", "actor": 0, "target": 0, "deltas": [6000, -3000, -3000], "ura_markers": []}, n=3)
    rec = read_mjai(events)
    hand = rec.hands[0]
    assert rec.flags.players == 3 and rec.flags.preset == "tenhou_sanma" and rec.players == ("A", "B", "C")
    assert hand.events[1] == Kita(0, 30) and hand.events[4] == Indicator(26)
    assert hand.events[3] == Call(0, "closed_kan", (18,) * 4, 18)
    assert hand.events[6] == Call(0, "added_kan", (26,) * 4, 26)
    assert hand.end.wins[0].dora == (9, 26) and hand.end.wins[0].ura == ()


@pytest.mark.parametrize("declared, ura, known", [
    pytest.param(True, None, False, id="riichi-no-ura-markers"),
    pytest.param(True, [], False, id="riichi-empty-ura-markers"),
    pytest.param(True, ["3s"], True, id="riichi-with-ura"),
    pytest.param(False, None, True, id="no-riichi-no-ura-needed"),
])
def test_ura_known(declared, ura, known):
    win = {"type": "hora", "actor": 0, "target": 0, "deltas": [3000, -1000, -1000, -1000]}
    if ura is not None:
        win["ura_markers"] = ura
    first = riichi(0) if declared else go(0)
    events = log(start(), first, rounds(3, first=1), {"type": "tsumo", "actor": 0, "pai": "2p"}, win)
    assert read_mjai(events).hands[0].end.wins[0].ura_known is known


def test_four_players_read_under_the_default_preset():
    rec = read_mjai(log(start(), {"type": "tsumo", "actor": 0, "pai": "9p"}, RYUKYOKU))
    assert (rec.flags.players, rec.flags.preset, rec.format) == (4, "japanese_modern", "mjai")


def test_json_lines_read_as_the_array():
    events = log(start(), rounds(5), RYUKYOKU)
    text = "\n".join(json.dumps(e) for e in events[:3]) + "\n\n  \n" + "\n".join(json.dumps(e) for e in events[3:])
    a, b = read_mjai(events), read_mjai(text)
    assert a.hands[0].events == b.hands[0].events and a.hands[0].end == b.hands[0].end
    assert b.hands[0].places[:3] == ("line/3", "line/6", "line/7")


def _problem(data):
    with pytest.raises(InvalidHand) as err:
        read_mjai(data)
    (issue,) = err.value.issues
    return issue.field, issue.code, issue.detail


@pytest.mark.parametrize("events, at, code", [
    pytest.param(log(start(), go(0))[:-2], "4", "hand_without_end", id="truncated"),
    pytest.param(log(start(), go(0), {"type": "start_kyoku"}), "4", "hand_without_end",
                 id="next-deal-before-an-end"),
    pytest.param(log(start(), {"type": "tsumo", "actor": 1, "pai": "9p"}), "2", "out_of_turn",
                 id="draw-out-of-turn"),
    pytest.param(log(start(), go(0), {"type": "tsumo", "actor": 0, "pai": "9p"}), "4", "out_of_turn",
                 id="draw-twice"),
    pytest.param(log(start(), {"type": "tsumo", "actor": 0, "pai": "9p"}, {"type": "dahai", "actor": 1, "pai": "9p"}),
                 "3", "out_of_turn", id="discard-by-another-seat"),
    pytest.param(log(start(), go(0), {"type": "pon", "actor": 2, "target": 1, "pai": "9p", "consumed": ["9p", "9p"]}),
                 "4", "call_on_nothing", id="pon-of-a-tile-nobody-discarded"),
    pytest.param(log(start(), go(0), {"type": "chi", "actor": 2, "target": 0, "pai": "9p", "consumed": ["7p", "8p"]}),
                 "4", "out_of_turn", id="chi-not-from-the-seat-before"),
    pytest.param(log(start(), {"type": "tsumo", "actor": 0, "pai": "0m"}), "2", "unknown_tile",
                 id="unknown-tile-name"),
    pytest.param(log(start(), {"type": "tsumo", "actor": 0, "pai": "1z"}), "2", "unknown_tile",
                 id="mpsz-is-not-an-mjai-tile"),
    pytest.param(log(start(), {"type": "tsumo", "actor": 0, "pai": "9p"}, {"type": "dahai", "actor": 0, "pai": "?"}),
                 "3", "hidden_tile_not_allowed", id="hidden-discard"),
    pytest.param(log(start(), {"type": "tsumo", "actor": 0, "pai": "N"}, {"type": "nukidora", "actor": 0, "pai": "N"}),
                 "3", "kita_in_four_player", id="nukidora-in-a-four-player-log"),
    pytest.param(log(start(THREE), go(0), {"type": "chi", "actor": 1, "target": 0, "pai": "9p",
                                           "consumed": ["7p", "8p"]}, n=3),
                 "4", "chi_not_allowed", id="chi-in-a-three-player-log"),
    pytest.param(log(start(THREE), {"type": "tsumo", "actor": 0, "pai": "5m"}, n=3), "2",
                 "tile_not_in_set", id="5m-in-a-three-player-log"),
    pytest.param(log(start(THREE), go(0), go(1), go(2), {"type": "tsumo", "actor": 3, "pai": "1p"}, n=3),
                 "8", "no_such_seat", id="fourth-seat-in-a-three-player-log"),
    pytest.param(log(start(), {"type": "tsumo", "actor": 0, "pai": "9p"}, RYUKYOKU, {"type": "end_kyoku"},
                     start(THREE)), "5", "wrong_player_count", id="three-hands-after-four"),
    pytest.param(log(start(), go(0), go(1), go(0), RYUKYOKU)[:-2], "6", "out_of_turn",
                 id="seat-skipped"),
    pytest.param(log(start(), rounds(4), {"type": "tsumo", "actor": 0, "pai": "9p"}, RYUKYOKU), "11",
                 "draw_not_explained", id="nine-terminals-after-a-discard"),
    pytest.param(log(start(), {"type": "tsumo", "actor": 0, "pai": "9p"}, {"type": "reach", "actor": 0}, RYUKYOKU),
                 "4", "draw_not_explained", id="ryukyoku-after-a-riichi-declaration"),
    pytest.param([{"type": "start_game"}, start(), ["not", "an", "event"]], "2", "invalid_event",
                 id="event-not-an-object"),
    pytest.param(log(start(oya=1, kyoku=1)), "1", "invalid_event", id="dealer-not-the-deal-number"),
    pytest.param(log(start(), {"type": "tsumo", "actor": 0, "pai": "9p"}, RYUKYOKU)[:-1] + [
        {"type": "end_game"}, start()], "6", "event_after_game_end", id="deal-after-end-game"),
    pytest.param([{"type": "start_game"}, {"type": "end_game"}], "", "no_hands", id="no-deal"),
])
def test_bad_logs_name_the_event(events, at, code):
    where, got, _ = _problem(events)
    assert (where, got) == (at, code)


def test_a_line_that_is_not_json_names_its_line():
    lines = [json.dumps(e) for e in log(start(), {"type": "tsumo", "actor": 0, "pai": "9p"}, RYUKYOKU)]
    lines.insert(2, "")
    lines[4] = lines[4][:-7]            # cut in the middle of an event: a damaged file
    where, code, detail = _problem("\n".join(lines))
    assert (where, code) == ("line/5", "invalid_json") and "Line 5" in detail


def test_json_lines_problems_point_at_lines():
    lines = [json.dumps(e) for e in log(start(), {"type": "tsumo", "actor": 1, "pai": "9p"}, RYUKYOKU)]
    where, code, _ = _problem("\n\n" + "\n".join(lines))
    assert (where, code) == ("line/5", "out_of_turn")


def test_public_games_read_and_written_back_are_the_same_events():
    """Each public mjai game read, replayed and written again (calculator.records.write_mjai) is the log it was,
    event for event: nothing is lost or invented in reading."""
    path = os.path.join(SHARED, "data", "games_mjai.jsonl.gz")
    if not os.path.exists(path):
        pytest.skip("../shared/data is not present")
    rules = preset_rules("tenhou")
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in itertools.islice(f, 12):
            g = json.loads(line)
            record = read_mjai(g["mjai"])
            assert written_mjai(record, replay_game(record, rules, True)) == g["mjai"], g["game_id"]
