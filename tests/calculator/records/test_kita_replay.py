"""Kita in the replay of a three-player deal (calculator.records.deal, calculator.records.mjlog): the north
leaves the hand and counts for the win, the replacement draw scores rinshan (kita_replacement_is_rinshan) and is
never haitei, a kita ends ippatsu and the first go-around, every draw counts against live_wall (haitei and
houtei move up), and a ron on a kita is no chankan (kita_ron_is_chankan). Hand-made deals: no ../shared."""
from __future__ import annotations

import os
from dataclasses import replace

import pytest

from calculator.core.errors import InvalidHand
from calculator.core.notation import parse_tiles
from calculator.records.deal import replay_deal
from calculator.records.mjlog import read_mjlog
from calculator.records.model import Discard, Draw, HandEnd, HandRecord, Kita, RiichiAccepted, WinEnd
from calculator.rules import preset_rules
from tests.paths import CASES

SANMA = preset_rules("tenhou_sanma")


def t(text: str) -> int:
    (code,) = parse_tiles(text)[0]
    return code


# seat 0 (dealer) waits on 1s/5s after its first discard; seats 1 and 2 hold nothing that matters
DEALT = (parse_tiles("123456789p1s55s6z")[0], parse_tiles("1199s3399p12356z")[0], parse_tiles("7799s4477p12356z")[0])
READY = [Draw(0, t("1s")), Discard(0, t("6z"))]


def win(events, winner=0, from_seat=0, rules=SANMA, dealt=DEALT):
    rec = HandRecord("hands/0", dealt=dealt, dora=(t("7z"),), events=tuple(events),
                     end=HandEnd("win", wins=(WinEnd(winner, from_seat),)))
    facts = replay_deal(rec, 0, "east", 3, rules)
    return facts.wins[0].request


def test_kita_takes_the_north_out_of_the_hand_and_counts_for_the_win():
    dealt = (parse_tiles("123456789p1s55s4z")[0],) + DEALT[1:]
    req = win([Draw(0, t("1s")), Kita(0, t("4z")), Draw(0, t("5s"))], dealt=dealt)
    assert req.situation.kita == 1 and t("4z") not in req.hand.concealed and req.win_tile == t("5s")
    assert not req.situation.tenhou    # a kita interrupts the first go-around as a call does


@pytest.mark.parametrize("on, rinshan", [(True, True), (False, False)], ids=["rinshan-on", "rinshan-off"])
def test_a_self_draw_on_the_kita_replacement_is_rinshan_and_never_haitei(on, rinshan):
    rules = replace(SANMA, kita_replacement_is_rinshan=on, live_wall=2)    # the replacement is the last draw
    dealt = (parse_tiles("123456789p1s55s4z")[0],) + DEALT[1:]
    req = win([Draw(0, t("1s")), Kita(0, t("4z")), Draw(0, t("5s"))], rules=rules, dealt=dealt)
    assert (req.situation.rinshan, req.situation.haitei) == (rinshan, False)


def _riichi_window(kita: bool):
    middle = [Draw(1, t("4z")), Kita(1, t("4z")), Draw(1, t("8s"))] if kita else [Draw(1, t("8s"))]
    return [Draw(0, t("1s")), Discard(0, t("6z"), riichi=True), RiichiAccepted(0), *middle, Discard(1, t("8s")),
            Draw(2, t("8s")), Discard(2, t("8s")), Draw(0, t("5s"))]


@pytest.mark.parametrize("kita, ippatsu", [(False, True), (True, False)], ids=["no-kita", "kita-in-window"])
def test_another_players_kita_ends_ippatsu(kita, ippatsu):
    req = win(_riichi_window(kita))
    assert req.situation.riichi == "double_riichi" and req.situation.ippatsu is ippatsu


@pytest.mark.parametrize("kita, riichi", [(False, "double_riichi"), (True, "riichi")], ids=["no-kita", "own-kita"])
def test_a_kita_before_a_first_discard_riichi_leaves_plain_riichi(kita, riichi):
    dealt = (parse_tiles("123456789p1s55s4z")[0],) + DEALT[1:]
    first = [Draw(0, t("1s")), Kita(0, t("4z")), Draw(0, t("6z"))] if kita else [Draw(0, t("1s"))]
    discard = "6z" if kita else "4z"
    events = first + [Discard(0, t(discard), riichi=True), RiichiAccepted(0), Draw(1, t("8s")), Discard(1, t("8s")),
                      Draw(2, t("8s")), Discard(2, t("8s")), Draw(0, t("5s"))]
    req = win(events, dealt=dealt)
    assert (req.situation.riichi, req.situation.kita) == (riichi, int(kita))


@pytest.mark.parametrize("kita, wall, haitei", [
    pytest.param(True, 5, True, id="kita-replacement-counts-haitei-on-draw-5"),
    pytest.param(False, 4, True, id="no-kita-haitei-on-draw-4"),
    pytest.param(False, 5, False, id="no-kita-draw-4-of-5"),
])
def test_replacement_draws_count_against_the_live_wall(kita, wall, haitei):
    middle = [Draw(1, t("4z")), Kita(1, t("4z")), Draw(1, t("8s"))] if kita else [Draw(1, t("8s"))]
    events = READY + middle + [Discard(1, t("8s")), Draw(2, t("8s")), Discard(2, t("8s")), Draw(0, t("5s"))]
    assert win(events, rules=replace(SANMA, live_wall=wall)).situation.haitei is haitei


def test_a_discard_after_the_last_replacement_draw_is_houtei():
    events = READY + [Draw(1, t("4z")), Kita(1, t("4z")), Draw(1, t("5s")), Discard(1, t("5s"))]
    assert win(events, from_seat=1, rules=replace(SANMA, live_wall=3)).situation.houtei is True
    assert win(events, from_seat=1, rules=replace(SANMA, live_wall=4)).situation.houtei is False


def test_draws_past_the_rules_live_wall_are_no_haitei_and_past_the_tile_set_are_refused():
    events = READY + [Draw(1, t("4z")), Kita(1, t("4z")), Draw(1, t("8s")), Discard(1, t("8s")),
                      Draw(2, t("8s")), Discard(2, t("8s")), Draw(0, t("5s"))]
    assert win(events, rules=replace(SANMA, live_wall=2)).situation.haitei is False   # other rules: reported
    held = [k for hand in DEALT for k in hand] + [t("7z")]
    spare = [k for k in range(34) if SANMA.tile_copies[k] for _ in range(4 - held.count(k))]
    events = [e for i, k in enumerate(spare[:56]) for e in (Draw(i % 3, k), Discard(i % 3, k))]
    with pytest.raises(InvalidHand) as err:    # 108 tiles - 14 dead wall - 39 dealt = 55 draws at most
        win(events)
    assert err.value.issues[0].code == "wall_exhausted" and err.value.issues[0].field.endswith("/events/110")


@pytest.mark.parametrize("is_chankan", [False, True], ids=["tenhou", "kita-ron-is-chankan"])
def test_a_ron_on_a_kita_takes_the_north(is_chankan):
    dealt = (parse_tiles("123456789p555s4z")[0],) + DEALT[1:]
    events = [Draw(0, t("6z")), Discard(0, t("6z")), Draw(1, t("4z")), Kita(1, t("4z"))]
    req = win(events, from_seat=1, rules=replace(SANMA, kita_ron_is_chankan=is_chankan), dealt=dealt)
    assert (req.win_tile, req.discarder, req.situation.chankan) == (t("4z"), "south", is_chankan)


def test_a_kita_of_a_tile_not_held_is_refused():
    with pytest.raises(InvalidHand) as err:
        win(READY + [Kita(1, t("4z"))])
    assert err.value.issues[0].code == "tile_not_in_hand"


# ---------------------------------------------------------------- the XML reader

def _tonpuu():
    with open(os.path.join(CASES, "games", "tonpuu.mjlog.xml"), encoding="utf-8") as f:
        return f.read()


def test_a_kita_tag_in_a_four_player_log_is_refused():
    xml = _tonpuu()
    at = xml.index("<T", xml.index("<INIT"))
    xml = xml[:at] + '<N who="0" m="31520" />' + xml[at:]
    with pytest.raises(InvalidHand) as err:
        read_mjlog(xml)
    assert err.value.issues[0].code == "kita_in_four_player"


def _sanma_log(extra: str = "") -> str:
    hands = ('hai0="36,37,38,40,41,42,44,45,46,72,80,81,120" hai1="73,74,75,76,77,78,79,48,49,50,51,52,53" '
             'hai2="0,1,2,3,32,33,34,35,84,85,86,87,121" hai3=""')
    return ('<mjloggm ver="2.3"><GO type="185" lobby="0"/><UN n0="A" n1="B" n2="C" n3=""/>'
            f'<INIT seed="4,0,0,0,0,108" ten="350,350,350,0" oya="1" {hands}/>{extra}'
            '<RYUUKYOKU type="yao9" ba="0,0" sc="350,0,350,0,350,0,0,0" hai2="0,1,2,3,32,33,34,35,84,85,86,87,121"/>'
            '</mjloggm>')


def test_a_three_player_log_reads_three_seats_its_kita_and_south_1():
    record = read_mjlog(_sanma_log('<U122/><N who="1" m="31264" />'))
    (hand,) = record.hands
    assert record.players == ("A", "B", "C") and record.flags.players == 3
    assert hand.start_scores == (35000, 35000, 35000) and hand.recorded_deltas == (0, 0, 0)
    assert hand.header == (3, 0, 0)    # Tenhou's seed 4 (South 1 on its four-seat count) is deal 3 of three
    assert hand.events[-1] == Kita(1, t("4z"))


def test_a_kita_of_another_tile_is_refused():
    with pytest.raises(InvalidHand) as err:
        read_mjlog(_sanma_log('<U122/><N who="1" m="{}" />'.format((100 << 8) | 0x20)))
    assert err.value.issues[0].code == "bad_call"
