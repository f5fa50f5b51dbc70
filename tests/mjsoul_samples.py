"""Mahjong Soul records for the `mahjong_soul` reader's tests: a small hand-made game (needs nothing outside
this repository) in both record shapes, and the real samples of ../shared/data/formats/mjsoul/ (the calling
test is skipped where they are not present).

The hand-made game is one deal, East 1, seat 0 dealing with 5,000 points: seat 1 declares double riichi on
its first discard (9s, waiting on 5s alone with 123456789m 234p), seat 3 pons seat 2's white dragon (which
ends the ippatsu chance), seat 0 draws and discards 5s, and seat 1 wins on it: double riichi and ittsu, 4 han
40 fu, 8,000 and the riichi stick. Seat 0 is left at -3,000, so the game ends (a bust); the head's result is
what Mahjong Soul writes: score - 25,000 + uma 15,000 / 5,000 / -5,000 / -15,000, in points.
"""
from __future__ import annotations

import copy
import json
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLES = os.path.normpath(os.path.join(ROOT, "..", "shared", "data", "formats", "mjsoul"))
RANKED = "paipu_record.json"
FRIENDLY = "paipu_200610-50aa82d2-577d-4ac3-b0d9-838f1a1d9ac3.json"
EXCERPTS = ("mjsoul_corpus_validation.json", "mjsoul_final_deposits.json", "mjsoul_heavenly_hand.json")


def _t(text: str) -> list[str]:
    """'123m5s' -> ['1m', '2m', '3m', '5s']."""
    out, digits = [], ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            out += [d + ch for d in digits]
            digits = ""
    return out


def _ev(name: str, **data) -> dict:
    return {"name": f".lq.Record{name}", "data": data}


HEAD = {
    "uuid": "hand-made-1",
    "config": {"category": 2, "mode": {"mode": 2, "detail_rule": {}}, "meta": {"mode_id": 12}},
    "accounts": [{"account_id": 1000 + s, "seat": s, "nickname": name} for s, name in enumerate("ABCD")],
    "result": {"players": [
        {"seat": 3, "total_point": 35000, "part_point_1": 45000},
        {"seat": 1, "total_point": 13000, "part_point_1": 33000},
        {"seat": 2, "total_point": -5000, "part_point_1": 25000},
        {"seat": 0, "total_point": -43000, "part_point_1": -3000}]},
}
RECORDS = [
    _ev("NewRound", chang=0, ju=0, ben=0, liqibang=0, scores=[5000, 25000, 25000, 45000], doras=["1z"],
        tiles0=_t("11234z99p12378s67z"), tiles1=_t("123456789m234p5s"), tiles2=_t("111567p2246s99m6z"),
        tiles3=_t("3346m788p337s554z")),
    _ev("DiscardTile", seat=0, tile="4z", is_liqi=False, moqie=False, is_wliqi=False),
    _ev("DealTile", seat=1, tile="9s", left_tile_count=68),
    _ev("DiscardTile", seat=1, tile="9s", is_liqi=True, moqie=True, is_wliqi=True),
    _ev("DealTile", seat=2, tile="5z", left_tile_count=67, liqi={"seat": 1, "score": 24000, "liqibang": 1}),
    _ev("DiscardTile", seat=2, tile="5z", is_liqi=False, moqie=True, is_wliqi=False),
    _ev("ChiPengGang", seat=3, type=1, tiles=["5z", "5z", "5z"], froms=[3, 3, 2]),
    _ev("DiscardTile", seat=3, tile="4z", is_liqi=False, moqie=False, is_wliqi=False),
    _ev("DealTile", seat=0, tile="5s", left_tile_count=66),
    _ev("DiscardTile", seat=0, tile="5s", is_liqi=False, moqie=True, is_wliqi=False),
    _ev("Hule", hules=[{
        "hand": _t("123456789m234p5s"), "hu_tile": "5s", "seat": 1, "zimo": False, "qinjia": False, "liqi": True,
        "doras": ["1z"], "li_doras": ["2z"], "yiman": False, "count": 4, "fu": 40,
        "fans": [{"val": 2, "id": 18}, {"val": 2, "id": 16}, {"val": 0, "id": 33}],
        "point_rong": 8000, "point_zimo_qin": 4000, "point_zimo_xian": 2000, "title_id": 1}],
        old_scores=[5000, 24000, 25000, 45000], delta_scores=[-8000, 9000, 0, 0],
        scores=[-3000, 33000, 25000, 45000], gameend={}),
]


def hand_made(shape: str = "records") -> dict:
    """The hand-made game as the client decodes it: `records` (version 0) or `actions` (version 210715, with
    a player's input between the events, which the reader skips)."""
    records = copy.deepcopy(RECORDS)
    if shape == "records":
        return {"head": copy.deepcopy(HEAD), "data": {"records": records}}
    actions = []
    for r in records:
        actions.append({"passed": 1000, "type": 2, "user_input": {"seat": 0, "type": 2}})
        actions.append({"passed": 1000, "type": 1, "result": r})
    return {"head": copy.deepcopy(HEAD), "data": {"version": 210715, "actions": actions}}


def three_player() -> dict:
    """East 1 of a three-player game: the dealer sets a north aside, discards his replacement 9p, and seat 1 wins
    on it with 1p1p 123s 789s 666z 9p9p (green dragons and chanta, 3 han 50 fu: 6,400)."""
    t = {0: "2p 3p 4p 5p 6p 7p 2s 3s 4s 5s 6s 7s 5z 4z", 1: "1p 1p 1s 2s 3s 7s 8s 9s 6z 6z 6z 9p 9p",
         2: "1m 1m 9m 9m 2p 2p 8s 8s 5z 5z 3z 3z 4s"}
    ev = [("NewRound", dict(chang=0, ju=0, ben=0, liqibang=0, scores=[35000] * 3, doras=["1z"],
                            **{f"tiles{s}": t[s].split() for s in range(3)})),
          ("BaBei", dict(seat=0, moqie=True)), ("DealTile", dict(seat=0, tile="9p")),
          ("DiscardTile", dict(seat=0, tile="9p", moqie=True)),
          ("Hule", dict(hules=[dict(seat=1, zimo=False, hu_tile="9p", doras=["1z"], count=3, fu=50,
                                    fans=[dict(id=8, val=1), dict(id=15, val=2)], point_rong=6400)],
                        delta_scores=[-6400, 6400, 0]))]
    return {"head": {"config": {"mode": {"mode": 12}}, "accounts": []},
            "data": {"records": [{"name": f".lq.Record{n}", "data": d} for n, d in ev]}}


def sample(name: str) -> dict:
    """One of the real samples; the calling test is skipped where ../shared is not present."""
    path = os.path.join(SAMPLES, name)
    if not os.path.exists(path):
        pytest.skip(f"{path} is not present (../shared sits beside the checkout only on some machines)")
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def setting(path, value):
    """A change for a record's copy: the value at `path` (keys and indexes) set to `value`."""
    def change(r):
        node = r
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change
