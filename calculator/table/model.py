"""Settlement: what one deal does to the table (RULES.md §10-§17, §22).

Input: a Table (scores after this deal's riichi deposits, counters, sticks on the table) and
an Outcome (ron / tsumo with one or more wins, exhaustive or abortive draw, chombo), with
Rules. Output: a Settlement: itemised transfers between seats and the pool, the deltas, the
scores after the deal and the next deal's counters. Every transfer is an Item, so
sum(deltas) + pool_change + forfeited == 0 by construction (`forfeited`: penalty points taken
out of the game, the Italian fixed faulty-ready penalty; without it the first two sum to zero).
This module is the data model only: the dispatcher is calculator.table.settle, the stages are
calculator.table.wins (wins, pao, Taiwanese bonuses), draws and penalties.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from calculator.scoring.payments import SEATS

POOL = "pool"


@dataclass(frozen=True)
class Pao:
    seat: str                    # the liable (feeding) seat
    reason: str                  # daisangen | daisuushii | suukantsu | rinshan_after_open_kong
    open_kan_claim: bool = False  # the dangerous tile was claimed for an open kong
    no_choice: bool = False       # the feeder declared "No choice" before discarding


@dataclass(frozen=True)
class Win:
    winner: str
    han: int = 0
    fu: int = 0
    yakuman: int = 0                 # total yakuman multiplier (0: an ordinary hand)
    tai: int | None = None           # Taiwanese hand value, instead of han/fu
    riichi: bool = False             # the winner put down a riichi stick this deal
    pao: Pao | None = None
    yakuman_ids: tuple = ()          # ((id, multiplier), ...) when known (a scored full hand)
    score_request: object = None     # a full /v1/score request, scored at settlement time
    limit: object = None             # the Limit of a full hand already scored (settle_wins.score_full_hands)
    claimed: tuple = (None, None)    # a full body's own (honba, riichi_sticks), None where left out: checked
                                     # against what the settlement gives this winner
    points: int | None = None        # European hand total (basic points doubled, rounded, capped)
    value: object = None             # the European HandValue of a full hand, for the answer


@dataclass(frozen=True)
class Outcome:
    kind: str                        # ron | tsumo | exhaustive_draw | abortive_draw | chombo
    discarder: str | None = None
    wins: tuple[Win, ...] = ()
    ready: tuple[str, ...] = ()
    nagashi: tuple[str, ...] = ()
    melded: tuple[str, ...] = ()     # seats that made any meld (nagashi.forbid_own_calls)
    noten_riichi: tuple[str, ...] = ()  # riichi declarers found not ready at the draw
    reason: str | None = None        # abortive draw kind
    tile: int | None = None          # the four identical first discards' tile kind, if given
    offender: str | None = None
    offence: str | None = None       # chombo kind (informational)
    hands: tuple = ()                # exhaustive_draw: ((seat, Hand), ...) whose readiness is computed here
    round_wind: str = "east"         # for the true-ready check of `hands`
    discards: tuple = ()             # exhaustive_draw: ((seat, (Discard, ...)), ...) rivers that verify `nagashi`
    first_tiles: tuple = ()          # kyuushu_kyuuhai: the declarer's first tiles (codes), checked for nine orphans
    kongs: tuple = ()                # suukaikan: ((seat, kongs declared), ...), checked for four by several players
    loser_hands: tuple = ()          # European win: ((seat, LoserHand), ...), every loser's shown hand


@dataclass(frozen=True)
class Table:
    scores: dict
    honba: int = 0
    riichi_sticks: int = 0
    riichi_declared: tuple[str, ...] = ()   # seats whose stick was put down this deal
    false_claims: tuple[str, ...] = ()      # one entry per false claim this deal


@dataclass(frozen=True)
class Item:
    from_seat: str       # a seat or "pool"
    to_seat: str         # a seat, "pool", or "nobody" (forfeited)
    amount: int
    reason: str          # hand, honba, riichi_sticks, ready_payment, nagashi, chombo, dealer_bonus, ...
    win: int | None = None   # index into the outcome's wins, when the item belongs to one


@dataclass(frozen=True)
class WinResult:
    winner: str
    paid: bool
    han: int
    fu: int
    yakuman: int
    tai: int | None
    base_points: int
    limit: str | None
    points: int          # hand value without counters, sticks and bonuses
    honba: int           # counter points this winner received
    riichi_sticks: int   # stick points this winner collected
    liable: str | None   # the seat that paid under liability, if any
    total: int           # everything this winner received


@dataclass(frozen=True)
class Next:
    honba: int
    riichi_sticks: int
    dealer_keeps: bool


@dataclass(frozen=True)
class Settlement:
    deltas: dict
    scores: dict
    next: Next
    pool_change: int
    forfeited: int
    payments: tuple[Item, ...]
    wins: tuple[WinResult, ...] = ()
    tournament_points: dict = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    hands: dict = field(default_factory=dict)    # European: seat -> HandValue of every scored hand


@dataclass
class Ledger:
    """Transfers being collected for one deal, plus notes; `close` turns them into a Settlement."""
    table: Table
    rules: object
    items: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    wins: list = field(default_factory=list)
    tournament: dict = field(default_factory=dict)
    hands: dict = field(default_factory=dict)

    def pay(self, src: str, dst: str, amount: int, reason: str, win: int | None = None) -> None:
        if amount > 0 and src != dst:
            self.items.append(Item(src, dst, amount, reason, win))

    def close(self, honba: int, sticks: int, dealer_keeps: bool) -> Settlement:
        seats = self.rules.seats
        deltas = dict.fromkeys(seats, 0)
        pool = forfeited = 0
        for it in self.items:
            if it.from_seat == POOL:
                pool -= it.amount
            else:
                deltas[it.from_seat] -= it.amount
            if it.to_seat == POOL:
                pool += it.amount
            elif it.to_seat == "nobody":
                forfeited += it.amount
            else:
                deltas[it.to_seat] += it.amount
        scores = {s: self.table.scores[s] + deltas[s] for s in seats}
        return Settlement(deltas, scores, Next(honba, sticks, dealer_keeps), pool, forfeited, tuple(self.items),
                          tuple(self.wins), dict(self.tournament), tuple(dict.fromkeys(self.notes)), dict(self.hands))


def turn_order_after(seat: str, seats: tuple[str, ...] = SEATS) -> tuple[str, ...]:
    """The other seats in turn order after `seat` (the nearest first).

    >>> turn_order_after("west"), turn_order_after("west", ("east", "south", "west"))
    (('north', 'east', 'south'), ('east', 'south'))
    """
    i = seats.index(seat)
    return tuple(seats[(i + k) % len(seats)] for k in range(1, len(seats)))


def stick_points(rules) -> int:
    return getattr(rules, "riichi_stick_value", 1000)


def return_sticks(led: Ledger, reason: str) -> int:
    """Give this deal's riichi sticks back to their owners; the number of sticks returned."""
    back = led.table.riichi_declared[:led.table.riichi_sticks]
    for seat in back:
        led.pay(POOL, seat, stick_points(led.rules), reason)
    return len(back)


def next_honba(table: Table, rules, event: str, dealer_keeps: bool) -> int:
    """The counters for the next deal after `event` (RULES.md §10.1-§10.2, §23.10).

    >>> from calculator.rules import Rules
    >>> t = Table({}, honba=2)
    >>> next_honba(t, Rules(), "exhaustive_draw", False), next_honba(t, Rules(), "win", False)
    (3, 0)
    """
    inc = set(rules.honba_increment_on)
    if event == "win":
        if not dealer_keeps:
            return 0   # a non-dealer win clears the counters (§10.1)
        return table.honba + ("dealer_win" in inc)
    if event == "exhaustive_draw":
        if not dealer_keeps and not rules.honba_keep_when_deal_passes_after_draw:
            return 0
        return table.honba + ("exhaustive_draw" in inc)
    return table.honba + (event in inc)   # abortive_draw, chombo


@dataclass(frozen=True)
class LoserHand:
    """A loser's hand shown at a European win: the tiles (None with the short form) or its total."""
    hand: object = None              # calculator.core.hand.Hand
    flowers: tuple[int, ...] = ()
    seasons: tuple[int, ...] = ()
    declared: bool = False           # a French/Italian ready declaration that did not win
    round_wind: str = "east"
    points: int | None = None        # short form: the hand's total as the table counted it
