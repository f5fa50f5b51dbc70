"""Three-player tenhou.6 (calculator.records.tenhou6): the four-seat layout Tenhou and mjai-reviewer3p write (an
empty fourth seat, four-entry points, deals numbered four to a round, kita as "f44" among the tiles given), read
under tenhou_sanma. The four real files of ../shared/data/formats/ replay with every recorded hand agreeing but
one, whose recorded deltas the file's own final scores contradict; a log that breaks the layout is a 422 naming
the place."""
from __future__ import annotations

import copy
import json
import os

import pytest

from calculator.records.model import Call, Kita
from calculator.records.tenhou6 import read_tenhou6
from calculator.records.write_tenhou6 import written_tenhou6
from calculator.records.mjlog import read_mjlog
from tests.paths import ROOT, SHARED
from tests.calculator.records.test_write_tenhou6 import SANMA_GAMES, replayed

FORMATS = os.path.join(SHARED, "data", "formats")
# the three files from mjai-reviewer3p's own games (rooms 三金/三銀/三玉 の間) end with unrounded points and
# prizes +5/+5/-10 (thousands) on a 40,000 return; the Phoenix game (三鳳南) ends as tenhou_sanma says
NOT_PHOENIX_END = {"final_rounding": "none", "final_uma": (5000, 5000, -10000)}
# kokushi_peinuki, hand 3: seat 0 declares riichi (r35, its stick goes down: more discards follow), then seat 2
# robs its kita with thirteen orphans. The 和了 entry gives seat 2 +48000, without the riichi stick; the file's
# own final scores (sc: -33600, 44600, 94000) have seat 2 at 45000 + 48000 + 1000, i.e. with the stick, as the
# replay has it. The file contradicts itself, and its final scores are Tenhou's accounting.
STICK_LEFT_OUT = ("kokushi_peinuki", 3, [-48000, 0, 48000], [-48000, 0, 49000])


def _file(name: str) -> dict:
    path = os.path.join(FORMATS, f"sanma_tenhou6_{name}.json")
    if not os.path.exists(path):
        pytest.skip("../shared/data is not present")
    with open(path, encoding="utf-8") as f:
        return json.load(f)


@pytest.mark.parametrize("name, hands, options", [
    pytest.param("chankan", 3, NOT_PHOENIX_END, id="chankan"),
    pytest.param("double_nukidora", 12, {}, id="double_nukidora"),
    pytest.param("kokushi_ankan", 1, NOT_PHOENIX_END, id="kokushi_ankan"),
    pytest.param("kokushi_peinuki", 4, NOT_PHOENIX_END, id="kokushi_peinuki"),
])
def test_the_real_files_replay_as_recorded(name, hands, options):
    record = read_tenhou6(_file(name))
    assert (record.flags.players, len(record.players), len(record.hands)) == (3, 3, hands)
    result = replayed(record, **options)
    differing = [(i, [(d.field, d.recorded, d.computed) for d in h.differences])
                 for i, h in enumerate(result.hands) if not h.agrees]
    expected = [(STICK_LEFT_OUT[1], [("deltas", STICK_LEFT_OUT[2], STICK_LEFT_OUT[3])])] \
        if name == STICK_LEFT_OUT[0] else []
    assert differing == expected
    assert result.differences == ()      # the final scores and points are the file's


def test_the_file_whose_deltas_leave_out_a_stick_contradicts_itself():
    data = _file("kokushi_peinuki")
    deal = data["log"][3]
    start, deltas = deal[1][:3], deal[-1][1][:3]
    riichi = [s for s in range(3) if any(isinstance(g, str) and g.startswith("r") for g in deal[6 + 3 * s])]
    assert riichi == [0] and deal[6][-1] == "f44" and deal[-1][2][:2] == [2, 0]    # a ron on seat 0's kita
    after = [s + d - 1000 * (i in riichi) for i, (s, d) in enumerate(zip(start, deltas))]
    assert sum(after) == sum(start) - 1000                 # the stick went down and nobody collected it
    assert data["sc"][0:6:2] == [after[0], after[1], after[2] + 1000]   # yet the final scores have seat 2 take it


def test_what_the_real_files_hold_is_read():
    nukidora = read_tenhou6(_file("double_nukidora"))
    assert max(sum(type(e) is Kita and e.seat == s for e in h.events) for h in nukidora.hands for s in range(3)) >= 2
    south = replayed(nukidora).hands[6]              # Tenhou's deal 4: South 1
    assert (south.round, south.number, south.dealer) == ("south", 1, 0)
    chankan = read_tenhou6(_file("chankan")).hands[1]
    assert chankan.end.wins[0].recorded.yaku[0] == ("chankan", 1)
    assert any(type(e) is Call and e.kind == "added_kan" for e in chankan.events)
    ankan = read_tenhou6(_file("kokushi_ankan")).hands[0]
    assert type(ankan.events[-1]) is Call and ankan.events[-1].kind == "closed_kan"
    peinuki = read_tenhou6(_file("kokushi_peinuki")).hands[1]
    assert [y for y, _ in peinuki.end.wins[0].recorded.yaku] == ["honitsu", "round_wind", "seat_wind"]


def test_the_real_files_are_answered_under_tenhou_sanma(client):
    for name in ("chankan", "double_nukidora", "kokushi_ankan", "kokushi_peinuki"):
        resp = client.post("/v1/games", json={"record": {"format": "tenhou.6", "data": _file(name)}})
        answer = resp.get_json()
        assert resp.status_code == 200, answer
        assert (answer["preset"], len(answer["players"]), len(answer["hands"][0]["deltas"])) == ("tenhou_sanma", 3, 3)


# ---------------------------------------------------------------- a log that breaks the layout: 422 naming where

KITA_GAME = next(g for g in SANMA_GAMES if g["game_id"].endswith("c378f5c4"))


def _sanma_log() -> dict:
    return written_tenhou6(read_mjlog(KITA_GAME["mjlog"]))


def _first(log: dict, test) -> tuple:
    """(deal, column, entry) of the first entry of the three seats' columns that passes `test`."""
    return next((i, c, j) for i, deal in enumerate(log["log"]) for c in range(4, 13)
                for j, x in enumerate(deal[c]) if test(x, c))


def _kita_in_four_player(data):
    with open(os.path.join(ROOT, "tests", "cases", "games", "tonpuu.tenhou6.json"), encoding="utf-8") as f:
        four = json.load(f)
    four["log"][0][6][1] = "f44"
    data.clear()
    data.update(four)
    return "log/0/6/1"


def _set(path: str, value):
    def change(data):
        *head, last = path.split("/")
        node = data
        for key in head:
            node = node[int(key) if key.isdigit() else key]
        node[int(last) if last.isdigit() else last] = value
        return path
    return change


def _kita_text(text: str):
    def change(data):
        i, c, j = _first(data, lambda x, c: x == "f44")
        data["log"][i][c][j] = text
        return f"log/{i}/{c}/{j}"
    return change


def _pon_from_the_empty_seat(data):
    """A pon whose letter's place names seat 3, which is empty: first for seat 0 (the seat before it on the
    four-seat table), second for seat 1 (across), last for seat 2 (after)."""
    i, c, j = _first(data, lambda x, c: c in (5, 8, 11) and isinstance(x, str) and "p" in x)
    seat, tiles = (c - 5) // 3, data["log"][i][c][j].replace("p", "")
    place = (0, 2, 4)[seat]
    data["log"][i][c][j] = tiles[:place] + "p" + tiles[place:]
    return f"log/{i}/{c}/{j}"


@pytest.mark.parametrize("change, code", [
    pytest.param(_kita_in_four_player, "kita_in_four_player", id="kita-in-a-four-player-log"),
    pytest.param(_set("name/3", "D"), "fourth_seat_not_empty", id="a-fourth-name"),
    pytest.param(_set("log/0/1/3", 35000), "fourth_seat_not_empty", id="a-fourth-score"),
    pytest.param(_set("log/0/13", [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24]), "fourth_seat_not_empty",
                 id="a-fourth-hand"),
    pytest.param(_set("log/0/14", [11]), "fourth_seat_not_empty", id="a-fourth-draw"),
    pytest.param(_set("log/0/16/1/3", 1000), "fourth_seat_not_empty", id="a-fourth-delta"),
    pytest.param(_set("log/0/16/1", [1000, -1000, 0]), "wrong_player_count", id="three-deltas"),
    pytest.param(_set("sc/6", 1000), "fourth_seat_not_empty", id="a-fourth-final-score"),
    pytest.param(_set("log/0/0/0", 3), "invalid_record", id="deal-3-is-no-three-player-deal"),
    pytest.param(_kita_text("f41"), "bad_call", id="kita-of-another-tile"),
    pytest.param(_pon_from_the_empty_seat, "no_such_seat", id="a-call-from-the-empty-seat"),
])
def test_a_log_that_breaks_the_layout_is_refused_where_it_breaks(refused, change, code):
    data = copy.deepcopy(_sanma_log())
    place = change(data)
    pointer = "#/record/data/" + (place if place != "sc/6" else "sc")
    assert refused("/v1/games", {"record": {"format": "tenhou.6", "data": data}}) == {(pointer, code)}
