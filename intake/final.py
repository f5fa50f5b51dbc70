"""POST /v1/final: its body read into the players and the sticks left over."""
from __future__ import annotations

from dataclasses import dataclass

from calculator.rules import Rules
from calculator.table.final import Player, player_count_issues, players_issues
from schemas.final import FinalIn

from .collect import Collector, absent_seats

FINAL_IN = FinalIn()


@dataclass(frozen=True)
class FinalRequest:
    preset: str
    rules: Rules
    players: tuple[Player, ...]
    riichi_sticks: int


def read_final(body) -> FinalRequest:
    data = FINAL_IN.load(body)
    col, preset, rules = Collector.for_request(data)
    players = tuple(Player(p["player"], p["points"], p["seat"]) for p in data["scores"])
    col.issues += player_count_issues(players, rules)
    col.issues += absent_seats(FINAL_IN, data, rules) + players_issues(players, rules)
    col.done()
    return FinalRequest(preset, rules, players, data["riichi_sticks"])
