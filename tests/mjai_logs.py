"""Small hand-made mjai logs (four and three players) for the reader and /v1/games tests.

Hands are written in MPSZ shorthand (`234m55p1z`, 0 = red five) and turned into mjai tile names here. Each
log is a list of event dicts; `draw_all` fills a deal with tsumogiri turns from the tiles nobody holds, so an
exhaustive draw (70 draws, three players 55) needs no hand-written wall. The values noted with each log are
worked out by hand from the rules (Tenhou's), not by the service.
"""
from __future__ import annotations

from collections import Counter

HONOURS = "ESWNPFC"


def names(mpsz: str) -> list[str]:
    """`123m0p77z` -> ["1m", "2m", "3m", "5pr", "P", "P"]."""
    out, digits = [], []
    for ch in mpsz.replace(" ", ""):
        if ch.isdigit():
            digits.append(ch)
            continue
        for d in digits:
            if ch == "z":
                out.append(HONOURS[int(d) - 1])
            else:
                out.append(f"5{ch}r" if d == "0" else f"{d}{ch}")
        digits = []
    return out


def start(*hands: str, oya: int = 0, dora: str = "4z", honba: int = 0, kyotaku: int = 0, bakaze: str = "E",
          scores=None) -> dict:
    n = len(hands)
    return {"type": "start_kyoku", "bakaze": bakaze, "kyoku": oya + 1, "honba": honba, "kyotaku": kyotaku,
            "oya": oya, "scores": list(scores or [25000 if n == 4 else 35000] * n), "dora_marker": names(dora)[0],
            "tehais": [names(h) for h in hands]}


def turn(seat: int, draw: str, discard: str | None = None) -> list[dict]:
    """A draw and a discard (tsumogiri when `discard` is None)."""
    d = names(draw)[0]
    out = names(discard)[0] if discard else d
    return [{"type": "tsumo", "actor": seat, "pai": d},
            {"type": "dahai", "actor": seat, "pai": out, "tsumogiri": discard is None}]


def game(*events, players: int = 4) -> list[dict]:
    flat = []
    for e in events:
        flat.extend(e if isinstance(e, list) else [e])
    return [{"type": "start_game", "names": list("ABCD"[:players])}, *flat, {"type": "end_game"}]


def hora(actor: int, target: int, deltas, ura=None) -> dict:
    ev = {"type": "hora", "actor": actor, "target": target, "deltas": list(deltas)}
    if ura is not None:
        ev["ura_markers"] = names(ura)
    return ev


def unused(deal: dict, events=()) -> list[str]:
    """The tiles nobody holds or has drawn yet (red fives left out), in tile order."""
    seen = Counter(t for hand in deal["tehais"] for t in hand)
    seen[deal["dora_marker"]] += 1
    seen.update(e["pai"] for e in events if e["type"] == "tsumo")
    n = len(deal["tehais"])
    kinds = [f"{d}{s}" for s in "mps" for d in range(1, 10) if not (n == 3 and s == "m" and 1 < d < 9)]
    kinds += list(HONOURS)
    return [k for k in kinds for _ in range(4 - seen[k] - (k[0] == "5" and k[1] in "ps" and n == 3) - (
        k[0] == "5" and n == 4))]


def draw_all(deal: dict, draws: int, first: int | None = None) -> list[dict]:
    """`draws` tsumogiri turns from the tiles nobody holds, dealer first (simples and honours interleaved, so that
    no river is all terminals and honours and no four first discards are one wind)."""
    pool = unused(deal)
    simple = [t for t in pool if len(t) == 2 and t[0] not in "19"]
    other = [t for t in pool if t not in simple]
    order = []
    while simple or other:
        if simple:
            order.append(simple.pop(0))
        if other:
            order.append(other.pop(0))
    n = len(deal["tehais"])
    seat = deal["oya"] if first is None else first
    out = []
    for tile in order[:draws]:
        out += [{"type": "tsumo", "actor": seat, "pai": tile},
                {"type": "dahai", "actor": seat, "pai": tile, "tsumogiri": True}]
        seat = (seat + 1) % n
    return out


# ---- four players
DEALER_TANKI = "234456m345p5678s"      # tanki on 5s: menzen tsumo + tanyao, 30 fu
FAR_1 = "147m147p147s1234z"            # no seat below is near a win (nor kokushi, nor seven pairs)
FAR_2 = "258m258p258s1235z"
FAR_3 = "369m369p369s4567z"


def dealer_tsumo() -> list[dict]:
    """Seat 0 (dealer) draws 5s on his second turn: 2 han 30 fu, 1,000 all."""
    deal = start(DEALER_TANKI, FAR_1, FAR_2, FAR_3)
    return game(deal, turn(0, "7m"), turn(1, "7m"), turn(2, "7m"), turn(3, "1m"),
                {"type": "tsumo", "actor": 0, "pai": "5s"}, hora(0, 0, [3000, -1000, -1000, -1000]),
                {"type": "end_kyoku"})


RIICHI_PINFU = "12355m456p34789s"      # waits 2s-5s, pinfu


def riichi_ron(ura: str | None = "4z", deltas=(0, 3000, -2000, 0)) -> list[dict]:
    """Seat 1 declares riichi on his second turn and rons seat 2's 2s a go-around later: riichi + pinfu,
    2 han 30 fu, 2,000 plus his own stick (no ippatsu, no dora: the indicators are N, dora E)."""
    deal = start(DEALER_TANKI, RIICHI_PINFU, FAR_2, FAR_3)
    events = [deal, turn(0, "7m"), turn(1, "7m"), turn(2, "7m"), turn(3, "1m"), turn(0, "9m"),
              {"type": "tsumo", "actor": 1, "pai": "9m"}, {"type": "reach", "actor": 1},
              {"type": "dahai", "actor": 1, "pai": "9m", "tsumogiri": True}, {"type": "reach_accepted", "actor": 1},
              turn(2, "8p"), turn(3, "8p"), turn(0, "8p"), turn(1, "6p"),
              turn(2, "2s", "2s"), hora(1, 2, deltas, ura), {"type": "end_kyoku"}]
    return game(*events)


NO_YAKU = "12355m456p35789s"           # kanchan 4s, 1m and 9s: no yaku without riichi or tsumo


def ron_without_yaku() -> list[dict]:
    deal = start(DEALER_TANKI, NO_YAKU, FAR_2, FAR_3)
    return game(deal, turn(0, "7m"), turn(1, "7m"), turn(2, "4s", "4s"), hora(1, 2, [0, 1000, -1000, 0], "1z"),
                {"type": "end_kyoku"})


def exhaustive(draws: int = 70, deltas=(3000, -1000, -1000, -1000)) -> list[dict]:
    """The live wall drawn out, everyone tsumogiri: only the dealer is ready (3,000 from the three others)."""
    deal = start(DEALER_TANKI, FAR_1, FAR_2, FAR_3)
    return game(deal, draw_all(deal, draws), {"type": "ryukyoku", "deltas": list(deltas)}, {"type": "end_kyoku"})


# ---- three players
SANMA_DEALER = "234p456p345s678s4z"    # a north to set aside
SANMA_FAR_1 = "19m19p19s1z77p88s2z3z"
SANMA_FAR_2 = "19m19p19s1z22p66s2z3z"


def sanma_kita_tsumo() -> list[dict]:
    """Seat 0 (dealer) sets a north aside, draws the replacement, and later draws 5s, read as 34s waiting on 2s-5s
    with 55s the pair: menzen tsumo, pinfu, tanyao and one kita, 4 han 20 fu, 2,600 from each of the two others
    (tsumo loss: 5,200 in all)."""
    deal = start(SANMA_DEALER, SANMA_FAR_1, SANMA_FAR_2, dora="1z")
    events = [deal, {"type": "tsumo", "actor": 0, "pai": "5s"}, {"type": "nukidora", "actor": 0, "pai": "N"},
              {"type": "tsumo", "actor": 0, "pai": "9p"},
              {"type": "dahai", "actor": 0, "pai": "9p", "tsumogiri": True},
              turn(1, "9s"), turn(2, "9m"), {"type": "tsumo", "actor": 0, "pai": "5s"},
              hora(0, 0, [5200, -2600, -2600]), {"type": "end_kyoku"}]
    return game(*events, players=3)
