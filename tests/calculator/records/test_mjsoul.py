"""The Mahjong Soul reader (calculator.records.mjsoul): a hand-made record in both shapes (no outside data),
its events and their places in the record, its replay under mahjong_soul, records it refuses (each naming the
entry and field), and the real samples of ../shared/data/formats/mjsoul/ where present."""
import copy

import pytest

from calculator.core.errors import InvalidHand
from calculator.records.games import replay_game
from calculator.records.model import Call, Discard, Draw, Kita, RiichiAccepted
from calculator.records.mjsoul import read_mahjong_soul
from calculator.rules import preset_rules
from tests.mjsoul_samples import EXCERPTS, FRIENDLY, RANKED, hand_made, sample, three_player
from tests.mjsoul_samples import setting as _set

SOUL = preset_rules("mahjong_soul")


def issue(record, rules=SOUL):
    """The (pointer, code, detail) of the one problem reading and replaying `record` raises."""
    with pytest.raises(InvalidHand) as err:
        replay_game(read_mahjong_soul(record), rules)
    (i,) = err.value.issues
    return i.field, i.code, i.detail


def test_hand_made_record_reads_into_the_model():
    rec = read_mahjong_soul(hand_made("records"))
    assert rec.players == ("A", "B", "C", "D")
    assert (rec.flags.preset, rec.flags.players, rec.flags.length, rec.flags.red_fives) == \
        ("mahjong_soul", 4, "east_south", True)
    (hand,) = rec.hands
    assert hand.header == (0, 0, 0) and hand.start_scores == (5000, 25000, 25000, 45000)
    assert [len(d) for d in hand.dealt] == [13, 13, 13, 13]
    assert hand.events[0] == Draw(0, 33)             # the dealer's fourteenth tile (7z) is his first draw
    assert Discard(1, 26, True) in hand.events and RiichiAccepted(1) in hand.events
    assert Call(3, "pon", (31, 31, 31), 31, 2) in hand.events
    assert hand.recorded_deltas == (-8000, 9000, 0, 0)
    (win,) = hand.end.wins
    assert (win.winner, win.from_seat, win.dora, win.ura) == (1, 0, (27,), (28,))
    assert win.recorded[:4] == (4, 40, 8000, (("double_riichi", 2), ("ittsu", 2)))
    assert rec.recorded_final == ((-3000, 33000, 25000, 45000), (-43, 13, -5, 35))


def test_each_event_names_its_entry_in_the_record():
    hand = read_mahjong_soul(hand_made("records")).hands[0]
    assert hand.where == "data/records/0"
    riichi = hand.events.index(Discard(1, 26, True))
    assert hand.places[riichi] == "data/records/3"
    assert hand.places[-1] == "data/records/10"        # the deal's end: the RecordHule
    actions = read_mahjong_soul(hand_made("actions")).hands[0]
    assert actions.places[riichi] == "data/actions/7/result"


def test_both_shapes_and_the_wrapped_form_read_alike():
    plain = read_mahjong_soul(hand_made("records"))
    actions = read_mahjong_soul(hand_made("actions"))
    wrapped = hand_made("actions")
    wrapped["data"] = {"name": ".lq.GameDetailRecords", "data": wrapped["data"]}
    wrapped = read_mahjong_soul(wrapped)
    for other in (actions, wrapped):
        assert other.hands[0]._replace(where="", places=()) == plain.hands[0]._replace(where="", places=())
    assert wrapped.hands[0].places[-1] == "data/data/actions/21/result"


def test_hand_made_game_replays_under_mahjong_soul():
    result = replay_game(read_mahjong_soul(hand_made()), SOUL)
    assert result.agrees is True and result.differences == ()
    (hand,) = result.hands
    assert (hand.result, hand.deltas, hand.scores) == ("ron", (-8000, 9000, 0, 0), (-3000, 33000, 25000, 45000))
    assert [s.final for s in result.final.standings] == [-43, 13, -5, 35]


def test_under_tenhou_the_end_points_differ_and_say_why():
    result = replay_game(read_mahjong_soul(hand_made()), preset_rules("tenhou"))
    assert result.hands[0].agrees is True
    assert [d.field for d in result.differences] == ["final.points"]


def _without(path):
    def change(r):
        node = r
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]
    return change


def _truncate(r):
    del r["data"]["records"][10:]


R = ["data", "records"]
BAD = [
    pytest.param(_without(["head"]), "head", "missing_head", id="missing-head"),
    pytest.param(_without(["data"]), "data", "missing_data", id="missing-data"),
    pytest.param(_set(["data"], {"version": 0}), "data", "missing_data", id="data-without-events"),
    pytest.param(_set(R + [5, "name"], ".lq.RecordGangResult"), "data/records/5/name",
                 "unknown_event", id="unknown-event"),
    pytest.param(_set(R + [9, "data", "tile"], "6s"), "data/records/9", "tile_not_in_hand",
                 id="discard-of-a-tile-not-held"),
    pytest.param(_truncate, "data/records/9", "hand_without_end", id="truncated-record"),
    pytest.param(_set(R + [2, "data", "tile"], "8z"), "data/records/2/data/tile", "unknown_tile",
                 id="unknown-tile"),
    pytest.param(_set(R + [0, "data", "tiles2", 0], "0z"), "data/records/0/data/tiles2/0",
                 "unknown_tile", id="unknown-red-honour"),
    pytest.param(_set(R + [1, "data", "seat"], 4), "data/records/1/data/seat", "no_such_seat",
                 id="seat-out-of-range"),
    pytest.param(_set(R + [0, "data", "tiles1"], ["1m"] * 13), "data/records/0/data/tiles1",
                 "too_many_copies", id="fifth-copy-dealt"),
    pytest.param(_set(R + [0, "data", "doras"], ["1z", "1z", "1z"]), "data/records/0/data/doras",
                 "too_many_copies", id="fifth-copy-as-an-indicator"),
    pytest.param(_set(R + [0, "data", "tiles3"], ["3m"] * 12), "data/records/0/data/tiles3",
                 "wrong_tile_count", id="twelve-dealt-tiles"),
    pytest.param(_set(R + [6, "data", "froms"], [3, 3, 3]), "data/records/6/data/froms", "bad_call",
                 id="call-from-nobody"),
    pytest.param(_set(R + [6, "data", "froms"], [3, 3, 1]), "data/records/6", "call_on_nothing",
                 id="call-on-a-tile-not-just-discarded"),
    pytest.param(_set(R + [10, "data", "delta_scores"], [1, 2, 3]),
                 "data/records/10/data/delta_scores", "wrong_player_count", id="three-deltas"),
    pytest.param(lambda r: r["data"]["records"].insert(0, r["data"]["records"][1]),
                 "data/records/0", "event_before_deal", id="event-before-the-first-deal"),
    pytest.param(lambda r: r["data"]["records"].append(copy.deepcopy(r["data"]["records"][1])),
                 "data/records/11", "event_after_hand_end", id="event-after-the-end"),
    pytest.param(_set(R + [3], "CgxFeGFtcGxl"), "data/records/3", "undecoded_record",
                 id="protobuf-bytes"),
    pytest.param(_set(R + [10, "data", "hules", 0, "zimo"], True), "data/records/10",
                 "win_without_draw", id="tsumo-after-a-discard"),
]


@pytest.mark.parametrize("change, pointer, code", BAD)
def test_bad_records_name_the_entry(change, pointer, code):
    record = hand_made()
    change(record)
    assert issue(record)[:2] == (pointer, code)


def test_a_ron_on_a_riichi_discard_leaves_no_stick():
    """The stick of a riichi discard that is won on never goes down (Tenhou's rule too)."""
    record = hand_made()
    del record["data"]["records"][4:10]              # seat 1's riichi 9s is taken at once by seat 0
    hule = record["data"]["records"][4]["data"]
    hule["hules"][0].update(seat=0, hu_tile="9s")
    events = read_mahjong_soul(record).hands[0].events
    assert RiichiAccepted(1) not in events


def test_three_player_record_reads_kita_and_replays_under_tenhou_sanma():
    rec = read_mahjong_soul(three_player())
    assert (rec.flags.players, rec.flags.preset, rec.flags.length) == (3, None, "east_south")
    assert Kita(0, 30) in rec.hands[0].events
    result = replay_game(rec, preset_rules("tenhou_sanma"))
    assert result.hands[0].agrees is True and result.hands[0].deltas == (-6400, 6400, 0)
    assert [d.field for d in result.differences] == ["hands"]      # the record stops after one deal


def test_kita_in_a_four_player_record_is_refused():
    record = hand_made()
    record["data"]["records"][1] = {"name": ".lq.RecordBaBei", "data": {"seat": 0}}
    with pytest.raises(InvalidHand) as err:
        read_mahjong_soul(record)
    assert err.value.issues[0].code == "kita_in_four_player"


# --- the real samples (../shared/data/formats/mjsoul/) ---

def test_ranked_game_replays_with_every_hand_and_the_final_points():
    result = replay_game(read_mahjong_soul(sample(RANKED)), SOUL)
    assert len(result.hands) == 9 and all(h.agrees for h in result.hands)
    assert result.differences == () and result.agrees is True
    assert [s.final for s in result.final.standings] == [-43.6, -6.4, 19.5, 30.5]


def test_ranked_game_recorded_wins():
    rec = read_mahjong_soul(sample(RANKED))
    first = rec.hands[0].end.wins[0].recorded
    assert (first.han, first.fu, first.points, first.limit) == (6, 30, 12000, "haneman")
    assert ("ippatsu", 1) in first.yaku and ("aka_dora", 2) in first.yaku
    tsumo = rec.hands[4].end.wins[0].recorded                 # South 1: 1,300 / 2,600
    assert (tsumo.han, tsumo.fu, tsumo.points, tsumo.limit) == (3, 40, 5200, None)
    assert rec.hands[3].end.kind == "exhaustive_draw" and rec.hands[3].end.shown == (1,)


def test_friendly_test_game_is_refused_for_its_made_up_wall():
    field, code, detail = issue(sample(FRIENDLY))
    assert (field, code) == ("data/data/records/0/data/tiles1", "too_many_copies")
    assert "testing environment" in detail


@pytest.mark.parametrize("name", EXCERPTS)
def test_riichienv_excerpts_are_refused_with_the_shape_to_send(name):
    field, code, detail = issue(sample(name))
    assert (field, code) == ("events", "not_a_game_record")
    assert "{\"head\"" in detail


def test_closed_kan_its_replacement_draw_and_new_indicator():
    """The hand-made game with a closed kan of 9p by the dealer first: the kan ends the uninterrupted first
    go-around, so seat 1's riichi is a plain one (3 han, 5,200), and the kan turns over a second indicator."""
    record = hand_made()
    records, head = record["data"]["records"], record["head"]
    new = records[0]["data"]
    new["tiles0"][2:4] = ["9p", "9p"]
    records[1:1] = [{"name": ".lq.RecordAnGangAddGang", "data": {"seat": 0, "type": 3, "tiles": "9p"}},
                    {"name": ".lq.RecordDealTile", "data": {"seat": 0, "tile": "2z", "doras": ["1z", "3z"]}}]
    records[5]["data"]["is_wliqi"] = False
    hule = records[-1]["data"]
    hule["hules"][0].update(fans=[{"id": 2, "val": 1}, {"id": 16, "val": 2}], count=3, point_rong=5200,
                            doras=["1z", "3z"], li_doras=["2z", "5z"])
    hule["delta_scores"] = [-5200, 6200, 0, 0]
    head["result"]["players"][1].update(total_point=10200, part_point_1=30200)
    head["result"]["players"][3].update(total_point=-40200, part_point_1=-200)
    rec = read_mahjong_soul(record)
    assert Call(0, "closed_kan", (17, 17, 17, 17), 17) in rec.hands[0].events
    assert rec.hands[0].events[3].tile == 29                 # the new indicator, 3z, after the replacement draw
    result = replay_game(rec, SOUL)
    assert result.agrees is True, result.hands[0].differences


def test_riichienv_game_start_excerpt_in_the_contract_shape_replays():
    """The one excerpt that starts a game (East 1, 25,000 each), given the record's own event names and a head,
    replays: five calls (a chi with a red five among them) and the self-draw mangan end on the excerpt's scores."""
    excerpt = sample("mjsoul_corpus_validation.json")
    record = {"head": {"config": {"mode": {"mode": excerpt["mode"]}, "meta": {"mode_id": 12}}},
              "data": {"records": [{"name": ".lq.Record" + e["name"], "data": e["data"]}
                                   for e in excerpt["events"]]}}
    result = replay_game(read_mahjong_soul(record), SOUL)
    (hand,) = result.hands
    assert list(hand.scores) == excerpt["events"][-1]["data"]["scores"] == excerpt["next_start"]["scores"]
    assert (hand.wins[0].han, hand.wins[0].fu) == (5, 40)
