"""One deal replayed from its events: every seat's tiles, river, riichi and the situation of each win.

Input: a HandRecord with events (calculator.records.model), the seat of its dealer, its round wind
and Rules. Output: DealFacts: the riichi sticks put down (in order), each win as a /v1/score request
(ScoreRequest: the winner's concealed tiles and melds, the winning tile, and the situation flags read
from the event stream: riichi or double riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou,
chiihou, renhou), the liability (pao) each call created, and at a draw every seat's hand and river.
A record whose events cannot happen (a discard of a tile the player does not hold, a fifth copy of a
tile, a call on nothing) raises InvalidHand naming the hand and the event.
"""
from __future__ import annotations

from typing import NamedTuple

from calculator.core.hand import Hand, Meld
from calculator.core.tiles import DRAGONS, KIND, NUM_KINDS, WINDS, name as _name
from calculator.furiten.permission import Discard as RiverTile
from calculator.records.model import (HIDDEN, Call, Discard, Draw, HandRecord, Indicator, Kita, RiichiAccepted,
                                      WinEnd, bad_record)
from calculator.scoring.facts import Situation
from calculator.scoring.japanese import ScoreRequest
from calculator.table.model import Pao

DEAD_WALL, HAND_TILES = 14, 13
_new = tuple.__new__   # a named tuple from its full field list, without its Python-level __new__ (one per river tile)


class SeatState:
    __slots__ = ("hand", "melds", "river", "riichi", "ippatsu", "discarded", "last_draw", "rinshan", "kans",
                 "pao", "declaring", "kita", "replacement")

    def __init__(self, dealt):
        self.hand = list(dealt)
        self.melds: list[Call] = []
        self.river: list[list] = []          # [tile, called, riichi]
        self.riichi = "none"
        self.ippatsu = False
        self.discarded = False
        self.last_draw: int | None = None
        self.rinshan = False                 # the last draw is a replacement that scores rinshan kaihou
        self.replacement = False             # the last draw is a replacement (after a kan or a kita): no haitei
        self.kita = 0                        # norths set aside this deal (three players)
        self.kans = 0
        self.pao: tuple | None = None        # (liable seat, yakuman id)
        self.declaring = False


class DealWin(NamedTuple):
    end: WinEnd
    request: ScoreRequest | None           # None: the winner's hand is not in the record
    pao: Pao | None
    on_kita: bool = False                   # a ron on a north another player set aside (rules kita_ron)


class DealFacts(NamedTuple):
    deposits: tuple                         # seats whose riichi stick went down, in order
    wins: tuple                             # DealWin
    hands: tuple                            # per seat: Hand at the end of the deal
    rivers: tuple                           # per seat: RiverTile tuple
    melded: tuple                           # seats that made any call
    draws: int
    last: object                            # the last event
    kans: tuple                             # per seat, kans declared
    first_tiles: tuple                      # per seat: the dealt tiles and the first draw, if no discard yet


class _Deal:
    def __init__(self, rec: HandRecord, dealer: int, n: int, rules):
        self.rec, self.dealer, self.n, self.rules = rec, dealer, n, rules
        self.wall = rules.live_wall         # the draw that exhausts it is haitei
        # a record with more draws than the tile set holds cannot happen (more than live_wall: the rules differ)
        self.most = max(self.wall, sum(rules.tile_copies) - DEAD_WALL - HAND_TILES * n)
        self.seats = [SeatState(d) for d in rec.dealt]
        self.counts = [0] * NUM_KINDS
        for codes in rec.dealt:
            self._count(codes, f"{rec.where}/dealt")
        self._count(rec.dora + rec.ura, f"{rec.where}/dora")
        self.draws = 0
        self.called = False                 # any call this deal (the first go-around is over)
        self.deposits: list[int] = []
        self.last = None
        self.index: int | None = None      # the event being replayed (None: the deal's start)
        self.first: dict[int, tuple] = {}

    @property
    def where(self) -> str:
        if self.index is None:
            return self.rec.where
        places = self.rec.places
        return places[self.index] if self.index < len(places) else f"{self.rec.where}/events/{self.index}"

    def __str__(self) -> str:
        return self.where      # the deal stands for its place in the record, built only for a problem

    def _count(self, codes, where):
        for t in codes:
            if t == HIDDEN:
                continue
            k = KIND[t]
            self.counts[k] += 1
            if self.counts[k] > 4:
                raise bad_record(where, "too_many_copies", f"A fifth copy of {_name(t)}: a tile has four copies.")

    def take(self, seat: SeatState, tile: int, what: str):
        try:
            seat.hand.remove(tile)
        except ValueError:
            if HIDDEN in seat.hand:      # a hand the record hides: the tile was one of its hidden ones
                seat.hand.remove(HIDDEN)
                return
            raise bad_record(self.where, "tile_not_in_hand", f"{what} {_name(tile)}, which that player does not "
                             "hold.") from None

    def run(self):
        for i, ev in enumerate(self.rec.events):
            self.index = i
            t = type(ev)
            if t is Draw:
                self.draw(ev)
            elif t is Discard:
                self.discard(ev)
            elif t is Call:
                self.call(ev)
            elif t is Kita:
                self.kita(ev)
            elif t is RiichiAccepted:
                self.accept(ev)
                continue
            elif t is Indicator:
                self._count((ev.tile,), self.where)
                continue
            self.last = ev   # the last draw, discard or call (a riichi stick or an indicator comes between)

    def seat(self, s: int) -> SeatState:
        if not 0 <= s < self.n:
            raise bad_record(self.where, "no_such_seat", f"Seat {s}: this game has seats 0-{self.n - 1}.")
        return self.seats[s]

    def draw(self, ev: Draw):
        st = self.seat(ev.seat)
        self._count((ev.tile,), self)
        self.draws += 1
        if self.draws > self.most:
            raise bad_record(self.where, "wall_exhausted", f"Draw number {self.draws}: the live wall of "
                             f"{sum(self.rules.tile_copies)} tiles and {self.n} players has {self.most}.")
        last = self.last
        after_kan = type(last) is Call and last.seat == ev.seat and last.kind.endswith("kan")
        after_kita = type(last) is Kita and last.seat == ev.seat
        st.replacement = after_kan or after_kita
        if after_kan and last.kind == "added_kan":
            for s in self.seats:
                s.ippatsu = False
        st.rinshan = after_kan or (after_kita and self.rules.kita_replacement_is_rinshan)
        st.hand.append(ev.tile)
        st.last_draw = ev.tile
        if not st.discarded and ev.seat not in self.first:
            self.first[ev.seat] = tuple(st.hand)

    def discard(self, ev: Discard):
        st = self.seat(ev.seat)
        self.take(st, ev.tile, "A discard of")
        if st.ippatsu and not ev.riichi:
            st.ippatsu = False
        if ev.riichi:
            if st.riichi != "none":
                raise bad_record(self.where, "riichi_twice", "A second riichi declaration by the same player.")
            st.declaring = True
            st.riichi = "double_riichi" if not st.discarded and not self.called else "riichi"
        st.river.append([ev.tile, False, ev.riichi])
        st.discarded = True

    def accept(self, ev: RiichiAccepted):
        st = self.seat(ev.seat)
        if not st.declaring:
            raise bad_record(self.where, "riichi_not_declared", "A riichi stick is put down without a declaration.")
        st.declaring = False
        st.ippatsu = True
        self.deposits.append(ev.seat)

    def kita(self, ev: Kita):
        """A north set aside (three players): it leaves the hand, ends every ippatsu chance and the uninterrupted
        first go-around, and the seat draws a replacement tile next (docs/sanma.md#tenhou-rules rules 10-12)."""
        st = self.seat(ev.seat)
        self.take(st, ev.tile, "A kita sets aside")
        st.kita += 1
        self.called = True
        for s in self.seats:
            s.ippatsu = False

    def call(self, ev: Call):
        st = self.seat(ev.seat)
        self.called = True
        if ev.kind != "added_kan":   # an added kan ends them at its replacement draw: robbed, it never happened
            for s in self.seats:
                s.ippatsu = False
        if ev.kind == "closed_kan":
            for t in ev.tiles:
                self.take(st, t, "A closed kan uses")
            st.melds.append(ev)
            st.kans += 1
            return
        if ev.kind == "added_kan":
            self.take(st, ev.called, "An added kan uses")
            base = KIND[ev.called]
            for j, m in enumerate(st.melds):
                if m.kind == "pon" and KIND[m.tiles[0]] == base:
                    st.melds[j] = m._replace(kind="added_kan", tiles=m.tiles + (ev.called,))
                    st.kans += 1
                    return
            raise bad_record(self.where, "no_pon_to_add_to", f"An added kan of {_name(ev.called)} without that pon.")
        src = ev.from_seat
        last = self.last
        if type(last) is not Discard or last.seat != src or KIND[last.tile] != KIND[ev.called]:
            raise bad_record(self.where, "call_on_nothing", f"A {ev.kind} of {_name(ev.called)} from seat {src}, "
                             "which did not just discard it.")
        self.seats[src].river[-1][1] = True
        called = last.tile
        rest = list(ev.tiles)
        rest.remove(called) if called in rest else rest.remove(next(t for t in rest if KIND[t] == KIND[called]))
        for t in rest:
            self.take(st, t, f"A {ev.kind} uses")
        st.melds.append(ev._replace(called=called))
        st.kans += ev.kind == "open_kan"
        if ev.kind in ("pon", "open_kan") and st.pao is None:
            self._liability(st, src)

    def _liability(self, st: SeatState, src: int):
        """Pao: the call that completes the third dragon set or the fourth wind set (RULES.md §16)."""
        sets = [KIND[m.tiles[0]] for m in st.melds if m.kind != "chi"]
        if sum(k in DRAGONS for k in sets) == 3 and KIND[st.melds[-1].tiles[0]] in DRAGONS:
            st.pao = (src, "daisangen")
        elif sum(27 <= k <= 30 for k in sets) == 4:
            st.pao = (src, "daisuushii")

    def wind(self, seat: int) -> str:
        return WINDS[(seat - self.dealer) % self.n]


def _meld(deal: _Deal, m: Call) -> Meld:
    return Meld(m.kind, tuple(m.tiles), m.called if m.kind in ("chi", "pon", "open_kan") else None,
                None if m.from_seat is None else deal.wind(m.from_seat))


def _ron_tile(deal: _Deal, end: WinEnd) -> tuple:
    """The tile a ron takes, and whether it is houtei and chankan: a discard, a kan's tile (an added kan:
    chankan; a closed kan: only kokushi may take it) or a north set aside (kita_ron_is_chankan)."""
    last = deal.last
    if type(last) is Discard and last.seat == end.from_seat:
        return last.tile, deal.draws == deal.wall, False
    if type(last) is Call and last.seat == end.from_seat and last.kind in ("added_kan", "closed_kan"):
        return (last.called if last.kind == "added_kan" else last.tiles[0]), False, last.kind == "added_kan"
    if type(last) is Kita and last.seat == end.from_seat:
        return last.tile, False, deal.rules.kita_ron_is_chankan
    raise bad_record(deal.where, "ron_on_nothing", f"A ron from seat {end.from_seat}, whose last event is no "
                     "discard, kan or kita.")


def _win_request(deal: _Deal, end: WinEnd, round_wind: str, rules) -> ScoreRequest:
    st = deal.seats[end.winner]
    melds = tuple(_meld(deal, m) for m in st.melds)
    last = deal.last
    tsumo = end.winner == end.from_seat
    chankan = houtei = False
    if tsumo:
        if type(last) is not Draw or last.seat != end.winner:
            raise bad_record(deal.where, "win_without_draw", "A self-draw win, but the winner's last event is no "
                             "draw.")
        tile = last.tile
        concealed = list(st.hand)
        concealed.remove(tile)
    else:
        tile, houtei, chankan = _ron_tile(deal, end)
        concealed = list(st.hand)
    first = not st.discarded and not deal.called
    dealer = end.winner == deal.dealer
    sit = Situation("tsumo" if tsumo else "ron", deal.wind(end.winner), round_wind, st.riichi, st.ippatsu,
                    haitei=tsumo and deal.draws == deal.wall and not st.replacement, houtei=houtei,
                    rinshan=tsumo and st.rinshan, chankan=chankan, tenhou=tsumo and first and dealer,
                    chiihou=tsumo and first and not dealer, renhou=not tsumo and first and not dealer, kita=st.kita)
    dora = end.dora if end.dora is not None else deal.rec.dora + tuple(
        e.tile for e in deal.rec.events if type(e) is Indicator)
    ura = end.ura if end.ura is not None else deal.rec.ura
    return ScoreRequest(Hand(tuple(concealed), melds), tile, sit, tuple(dora), tuple(ura) if st.riichi != "none"
                        else (), 0, 0, None if tsumo else deal.wind(end.from_seat), rules)


def replay_deal(rec: HandRecord, dealer: int, round_wind: str, n: int, rules) -> DealFacts:
    deal = _Deal(rec, dealer, n, rules)
    deal.run()
    if len(rec.places) > len(rec.events):
        deal.index = len(rec.events)        # a problem with the deal's end names the record's own end entry
    wins = []
    for w in rec.end.wins:
        if not (0 <= w.winner < n and 0 <= w.from_seat < n):
            raise bad_record(deal.where, "no_such_seat", f"A win by seat {w.winner} from {w.from_seat}.")
        st = deal.seats[w.winner]
        pao = Pao(deal.wind(st.pao[0]), st.pao[1]) if st.pao and st.pao[0] != w.winner else None
        last = deal.last
        on_kita = type(last) is Kita and w.winner != w.from_seat and last.seat == w.from_seat
        wins.append(DealWin(w, _win_request(deal, w, round_wind, rules), pao, on_kita))
    hands = tuple(Hand(tuple(s.hand), tuple(_meld(deal, m) for m in s.melds)) for s in deal.seats)
    rivers = tuple(tuple([_new(RiverTile, x) for x in s.river]) for s in deal.seats)   # [tile, called, riichi] each
    melded = tuple(i for i, s in enumerate(deal.seats) if s.melds)
    first = tuple(deal.first.get(i, ()) for i in range(n))
    return DealFacts(tuple(deal.deposits), tuple(wins), hands, rivers, melded, deal.draws, deal.last,
                     tuple(s.kans for s in deal.seats), first)
