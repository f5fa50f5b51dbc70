"""POST /v1/efficiency: its body (/v1/ready's fields and the player's own river) read into an EfficiencyRequest."""
from __future__ import annotations

from typing import NamedTuple

from calculator.core.errors import Issue
from calculator.core.hand import Hand, tile_set_issues
from calculator.furiten.permission import Discard
from calculator.rules import Rules
from schemas.efficiency import EfficiencyIn

from .collect import Collector, absent_seats, build_hand

EFFICIENCY_IN = EfficiencyIn()


class EfficiencyRequest(NamedTuple):
    preset: str
    rules: Rules
    hand: Hand
    visible: tuple[int, ...]
    discards: tuple[Discard, ...] | None   # None: the river was not sent (no furiten marks)
    improvements: bool = True
    notes: tuple[str, ...] = ()


def read_efficiency(body) -> EfficiencyRequest:
    """The body as an EfficiencyRequest: ValidationError with every shape problem, else InvalidHand naming every
    other problem at its field."""
    data = EFFICIENCY_IN.load(body)
    col, preset, rules = Collector.for_request(data)
    visible = col.tiles(data["visible"], "visible")
    discards = None
    if data["discards"] is not None:
        read = [(f"discards/{i}/tile", col.tile(d["tile"], f"discards/{i}/tile"), d["called"])
                for i, d in enumerate(data["discards"])]
        discards = tuple(Discard(t, called) for _, t, called in read if t is not None)
        if rules.removed_tiles:
            col.issues += tile_set_issues([(at, (t,)) for at, t, _ in read if t is not None], rules)
    hand = build_hand(col, data, rules, drawn=None, extra=[("visible", visible)])
    room = sum(rules.tile_copies) - len(hand.all_codes())
    if len(visible) > room:
        col.issues.append(Issue("too_many_tiles", f"`visible` holds {len(visible)} tiles, but the set has "
                                f"{sum(rules.tile_copies)} and the hand and melds hold {len(hand.all_codes())}: at "
                                f"most {max(room, 0)} can be seen elsewhere.", "visible"))
    col.issues += absent_seats(EFFICIENCY_IN, data, rules)
    col.done()
    return EfficiencyRequest(preset, rules, hand, visible, discards, data["improvements"], tuple(col.notes))
