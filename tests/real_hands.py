"""Real Tenhou win records (../shared/data/README.md) as /v1/score bodies and expected answers.

Shared by the conformance test and the benchmark. Tenhou seats are 0-3 with a dealer seat;
our seats are winds relative to that dealer. Yaku ids follow Tenhou's numbering.
"""
from __future__ import annotations

import gzip
import json
import os
from collections import Counter

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.normpath(os.path.join(ROOT, "..", "shared", "data", "real_hands.jsonl.gz"))
SAMPLE = os.path.join(ROOT, "tests", "cases", "real_hands_sample.jsonl")
SEATS = ("east", "south", "west", "north")
KINDS = {"chi": "chi", "pon": "pon", "daiminkan": "open_kan", "ankan": "closed_kan", "shouminkan": "added_kan"}
NAMES = ("menzen_tsumo riichi ippatsu chankan rinshan_kaihou haitei houtei pinfu tanyao iipeikou "
         + "seat_wind " * 4 + "round_wind " * 4
         + "haku hatsu chun double_riichi chiitoitsu chanta ittsu sanshoku_doujun sanshoku_doukou sankantsu "
         "toitoi sanankou shousangen honroutou ryanpeikou junchan honitsu chinitsu renhou tenhou chiihou "
         "daisangen suuankou suuankou_tanki tsuuiisou ryuuiisou chinroutou chuuren_poutou junsei_chuuren_poutou "
         "kokushi_musou kokushi_musou_13 daisuushii shousuushii suukantsu dora ura_dora aka_dora").split()


def shared_records(name: str):
    """The records of ../shared/data/<name>; the calling test is skipped where that data is not present."""
    path = os.path.join(os.path.dirname(DATA), name)
    if not os.path.exists(path):
        pytest.skip("../shared/data is not present")
    return records(path)


def records(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        for line in f:
            yield json.loads(line)


def players(r) -> int:
    """4, or 3 for a three-player record (sanma-hand/1, sanma-draw/1)."""
    return r["rules"].get("players", 4)


def preset(r) -> str:
    return "tenhou_sanma" if players(r) == 3 else "tenhou"


def seat(r, tenhou_seat: int) -> str:
    return SEATS[(tenhou_seat - r["dealer"]) % players(r)]


def score_body(r) -> dict:
    """The /v1/score request for a real win (preset tenhou)."""
    listed = {y["id"] for y in r["result"]["yaku"] if y["han"]}
    yakuman = {y["id"] for y in r["result"]["yakuman"]}
    s = r["situation"]
    melds = []
    for m in r["melds"]:
        meld = {"kind": KINDS[m["type"]], "tiles": m["tiles"]}
        if m["type"] != "ankan":
            meld.update({"called": m["called_tile"], "from": seat(r, m["from_seat"])})
        melds.append(meld)
    body = {"hand": r["closed_hand"], "melds": melds, "win_tile": r["win_tile"],
            "win_by": "tsumo" if r["is_tsumo"] else "ron", "seat_wind": seat(r, r["winner"]),
            "round_wind": {"E": "east", "S": "south", "W": "west", "N": "north"}[r["round_wind"]],
            "riichi": "double_riichi" if 21 in listed else "riichi" if r["riichi"] else "none",
            "ippatsu": 2 in listed, "haitei": s["haitei"], "houtei": s["houtei"],
            # three players: a win on the replacement after one's own kita is rinshan (data/README.md rule 10)
            "rinshan": s["rinshan"] or s.get("kita_rinshan", False),
            "chankan": s["chankan"], "tenhou": 37 in yakuman, "chiihou": 38 in yakuman,
            "dora_indicators": "".join(r["dora_indicators"]), "ura_dora_indicators": "".join(r["ura_indicators"]),
            "honba": r["honba_paid"], "riichi_sticks": r["sticks_collected"], "rules": {"preset": preset(r)}}
    if players(r) == 3:
        body["kita"] = r["kita"]
    if not r["is_tsumo"]:
        body["discarder"] = seat(r, r["from_seat"])
    return body


def expected(r) -> dict:
    """Tenhou's official answer in our terms (fu is None for yakuman hands: not compared)."""
    res = r["result"]
    yaku = Counter()
    for y in res["yaku"]:
        if y["han"]:
            yaku[NAMES[y["id"]]] += y["han"]
    if r.get("kita") and not res["yakuman"]:
        # Tenhou's dora counts the norths set aside; API.md lists them as their own `kita` entry
        yaku["kita"], yaku["dora"] = r["kita"], yaku["dora"] - r["kita"]
        yaku = +yaku
    return {"han": res["han"], "fu": None if res["yakuman"] else res["fu"], "points": res["points"],
            "yaku": dict(yaku), "yakuman": sorted(NAMES[y["id"]] for y in res["yakuman"]),
            "limit": res["limit"] or None, "deltas": {seat(r, i): d for i, d in enumerate(res["deltas"])}}


def answer(body: dict) -> dict:
    """The same fields from a /v1/score answer."""
    yaku = Counter()
    for y in body.get("yaku", []):
        yaku[y["id"]] += y["han"]
    return {"han": body.get("han"), "fu": body.get("fu") if not body.get("yakuman") else None,
            "points": body.get("points"), "yaku": dict(yaku),
            "yakuman": sorted(y["id"] for y in body.get("yakuman", [])), "limit": body.get("limit"),
            "deltas": body.get("deltas")}
