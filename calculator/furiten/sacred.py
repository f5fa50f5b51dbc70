"""Sacred-discard marks on a tile-efficiency answer: which waits of each ready choice the player has discarded.

Input: an Efficiency (calculator.readings.efficiency), the Hand it describes, the player's own river and
Rules. Output: the same Efficiency with `furiten` set on every wait of each choice that leaves the hand
ready: true when the preset's sacred-discard variant (calculator.furiten.permission) forbids a ron on it.
After a discard the thrown tile lies in the river too, so a wait on the tile just discarded is furiten.
"""
from __future__ import annotations

from calculator.core.hand import Hand
from calculator.core.tiles import KIND
from calculator.furiten.permission import Discard, History, furiten_status
from calculator.readings.efficiency import Choice, Efficiency
from calculator.rules import Rules


def _without(concealed: tuple[int, ...], code: int) -> tuple[int, ...]:
    at = concealed.index(code)
    return concealed[:at] + concealed[at + 1:]


def _marked(choice: Choice, hand: Hand, river: tuple[Discard, ...], rules: Rules) -> Choice:
    if choice.shanten != 0 or not choice.ukeire:
        return choice
    concealed = hand.concealed
    if choice.tile is not None:
        concealed = _without(concealed, choice.tile)
        river = river + (Discard(choice.tile),)
    verdict = furiten_status(Hand(concealed, hand.melds), History(discards=river), rules).verdict
    blocked = {v.tile for v in verdict.tiles if "sacred_discard" in v.reasons}
    return choice._replace(ukeire=tuple([w._replace(furiten=KIND[w.tile] in blocked) for w in choice.ukeire]))


def mark_sacred_discards(result: Efficiency, hand: Hand, discards: tuple[Discard, ...], rules: Rules) -> Efficiency:
    """`result` with each wait of a ready choice marked furiten or not, under the preset's sacred-discard rule."""
    if result.hand is not None:
        return result._replace(hand=_marked(result.hand, hand, tuple(discards), rules))
    return result._replace(discards=tuple([_marked(c, hand, tuple(discards), rules) for c in result.discards]))
