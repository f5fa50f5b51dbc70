"""POST /v1/ready, /v1/furiten and /v1/kuikae: their bodies read into the calculator's requests."""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from calculator.core.hand import Hand, Meld, check_meld, check_position, chi_issues, tile_set_issues
from calculator.furiten.permission import History
from calculator.play.kuikae import call_issues, proposed_discard_issues
from calculator.rules import Rules
from schemas.furiten import FuritenIn
from schemas.kuikae import KuikaeIn
from schemas.ready import ReadyIn

from .collect import Collector, absent_seats, at, build_hand, build_melds
from .history import build_history, history_tiles, kan_kinds, open_riichi_issues

READY_IN, FURITEN_IN, KUIKAE_IN = ReadyIn(), FuritenIn(), KuikaeIn()


@dataclass(frozen=True)
class ReadyRequest:
    preset: str
    rules: Rules
    hand: Hand
    visible: tuple[int, ...]
    notes: tuple[str, ...] = ()


def read_ready(body) -> ReadyRequest:
    data = READY_IN.load(body)
    col, preset, rules = Collector.for_request(data)
    visible = col.tiles(data["visible"], "visible")
    hand = build_hand(col, data, rules, drawn=None, extra=[("visible", visible)])
    col.issues += absent_seats(READY_IN, data, rules)
    col.done()
    return ReadyRequest(preset, rules, hand, visible, tuple(col.notes))


class FuritenRequest(NamedTuple):   # immutable; a named tuple: built on every /v1/furiten request
    preset: str
    rules: Rules
    hand: Hand
    history: History
    notes: tuple[str, ...] = ()


def read_furiten(body) -> FuritenRequest:
    data = FURITEN_IN.load(body)
    col, preset, rules = Collector.for_request(data)
    history = build_history(col, data, "", rules)
    hand = build_hand(col, data, rules, drawn=False, extra=history_tiles(history, "", kan_kinds(data)))
    col.issues += open_riichi_issues(data, rules)
    col.issues += absent_seats(FURITEN_IN, data, rules)
    col.done()
    return FuritenRequest(preset, rules, hand, history, tuple(col.notes))


@dataclass(frozen=True)
class KuikaeRequest:
    preset: str
    rules: Rules
    concealed: tuple[int, ...]   # after the call
    call: Meld
    discard: int | None
    notes: tuple[str, ...] = ()


def read_kuikae(body) -> KuikaeRequest:
    data = KUIKAE_IN.load(body)
    col, preset, rules = Collector.for_request(data)
    concealed = col.tiles(data["hand"], "hand")
    melds = build_melds(col, data["melds"])
    c = data["call"]
    call = Meld(c["kind"], col.tiles(c["tiles"], "call/tiles"), col.tile(c["called"], "call/called"), c["from_seat"])
    discard = col.tile(data["discard"], "discard")
    col.issues += at("call/", check_meld(call))
    col.issues += check_position(Hand(concealed, melds), rules.hand_size - 3, True, [("call/tiles", call.tiles)],
                                 rules.red_fives)
    groups = [("hand", concealed), ("call/tiles", call.tiles), ("discard", (discard,) if discard is not None else ())]
    col.issues += tile_set_issues(groups + [(f"melds/{i}/tiles", m.tiles) for i, m in enumerate(melds)], rules)
    col.issues += call_issues(call.kind, rules)
    col.issues += at("melds/", chi_issues(melds, rules)) + absent_seats(KUIKAE_IN, data, rules)
    if discard is not None and not data["hand"].issues:
        col.issues += proposed_discard_issues(discard, concealed)
    col.done()
    return KuikaeRequest(preset, rules, concealed, call, discard, tuple(col.notes))
