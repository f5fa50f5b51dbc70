"""mjai event logs (format `mjai`, four or three players) read into a GameRecord.

Input: the events as a list of JSON objects, or one string of JSON lines (what a `.jsonl` mjai file holds;
blank lines skipped). Events as mjai-reviewer's converter writes them: start_game (names), start_kyoku
(bakaze, kyoku, honba, kyotaku, oya, scores, dora_marker, tehais), tsumo, dahai, reach (before its discard),
reach_accepted (after it), chi / pon / daiminkan (actor, target, pai, consumed), kakan, ankan, dora,
nukidora (three players), hora (actor, target, deltas, optional ura_markers), ryukyoku (optional deltas),
end_kyoku, end_game; other types are skipped. Tiles 1m-9m, 1p-9p, 1s-9s, E S W N P F C, red fives
5mr 5pr 5sr, `?` for a tile the log hides (model.HIDDEN).

An mjai log names no draw: each ryukyoku is classified from the play (`_draw_end`): right after a seat's
first draw before any call, nine terminals; right after the fourth riichi stick, four riichi; after four
identical first wind discards, four winds; once the live wall is drawn (70 draws, three players 55: kan and
kita replacements included), an exhaustive draw (nagashi mangan when a river is all terminals and honours
and none of it was called); after four kans, four kans; otherwise after a discard (four players), the triple
ron. A ryukyoku that fits none of these is refused (draw_not_explained).
A hora carries no han, fu or yaku: each win is valued from the replayed tiles. A riichi win without
ura_markers is marked (WinEnd.ura_known False). The order of play is checked as it is read (whose turn it
is to draw, to discard, who may call); the replay (calculator.records.deal) checks the tiles.

Output: a GameRecord; InvalidHand at the event's place in the record, `<event index>` (a JSON-lines string:
`line/<line number>`), for a log that cannot be read; the request's reader puts it under the record's pointer.
"""
from __future__ import annotations

from calculator.core.tiles import KIND, NORTH
from calculator.records.model import (HIDDEN, Call, GameRecord, HandEnd, HandRecord, Indicator, Kita, RecordFlags,
                                      RiichiAccepted, WinEnd, bad_record)
from calculator.records.mjai_deal import (BASE, DISCARDS, DRAWS, NOT_IN_SANMA, ORPHAN, TILES, TSUMOGIRI, WINDS,
                                          MjaiDeal, pointers, read_events)
from calculator.rules.loader import DEFAULT_PRESET

PRESETS = {4: DEFAULT_PRESET, 3: "tenhou_sanma"}          # read under these without `rules`


class _Reader:
    def __init__(self, data):
        self.events, self.lines, self.base = read_events(data)
        self.pointers = pointers(self.base, self._end_place())      # [place] -> its place string, shared
        self.i = 0
        self.n: int | None = None
        self.names = None
        self.hands: list[HandRecord] = []
        self.deal: MjaiDeal | None = None
        self.over = False

    # ---- pointers, values
    def where(self, i=None) -> str:
        i = self.i if i is None else i
        return f"{self.base}{i if self.lines is None else self.lines[i]}"

    def _place(self, i: int) -> int:
        return i if self.lines is None else self.lines[i]

    def bad(self, code: str, detail: str):
        return bad_record(self.where(), code, detail)

    def seat(self, ev, key="actor") -> int:
        s = ev.get(key)
        if type(s) is not int or not 0 <= s < self.n:
            raise self.bad("no_such_seat" if type(s) is int else "invalid_event",
                           f"{key}: a seat 0-{self.n - 1} (this game has {self.n} players), got {s!r}.")
        return s

    def tile(self, name, hidden_ok=False) -> int:
        code = TILES.get(name) if type(name) is str else None
        if code is None:
            raise self.bad("unknown_tile", f"{name!r} is not an mjai tile: 1m-9m, 1p-9p, 1s-9s, E S W N P F C, red "
                           "fives 5mr 5pr 5sr, ? for a hidden tile.")
        if code == HIDDEN:
            if not hidden_ok:
                raise self.bad("hidden_tile_not_allowed", "? (a hidden tile) stands only for a dealt or drawn tile "
                               "of another player; discards, calls and indicators are seen by everyone.")
        elif self.n == 3 and code in NOT_IN_SANMA:
            raise self.bad("tile_not_in_set", f"{name}: a three-player game has no 2m-8m (a four-player tile in a "
                           "three-player log).")
        return code

    def tiles(self, value, count: int | tuple, what: str, hidden_ok=False) -> tuple:
        counts = count if isinstance(count, tuple) else (count,)
        if type(value) is not list or len(value) not in counts:
            raise self.bad("invalid_event", f"{what}: a list of {' or '.join(map(str, counts))} tiles, got "
                           f"{str(value)[:60]}.")
        return tuple(self.tile(t, hidden_ok) for t in value)

    def numbers(self, value, what: str) -> tuple:
        n = self.n
        if type(value) is list and n == 3 and len(value) == 4 and value[3] == 0:
            value = value[:3]          # a three-player log may write an empty fourth seat
        if type(value) is not list or len(value) != n or not all(type(x) is int and abs(x) < 10 ** 9 for x in value):
            raise self.bad("wrong_player_count" if type(value) is list and len(value) != n else "invalid_event",
                           f"{what}: {n} integers, one per seat.")
        return tuple(value)

    def small(self, ev, key: str, low: int, high: int) -> int:
        v = ev.get(key)
        if type(v) is not int or not low <= v <= high:
            raise self.bad("invalid_event", f"{key}: an integer {low}-{high}, got {v!r}.")
        return v

    # ---- the log
    def read(self) -> GameRecord:
        handlers = HANDLERS
        for i, ev in enumerate(self.events):
            self.i = i
            try:
                handler = handlers.get(ev["type"])
            except (TypeError, KeyError):
                handler = None
            if handler is None:
                if type(ev) is not dict or type(ev.get("type")) is not str:
                    raise self.bad("invalid_event", "Each mjai event is an object with a `type`.")
                continue               # a type this reader does not know (none, a client's own)
            if self.over:
                raise self.bad("event_after_game_end", f"{ev['type']} follows end_game.")
            handler(self, ev)
        self.i = len(self.events)
        self._close(truncated=True)
        if not self.hands:
            raise bad_record(BASE, "no_hands", "The log has no deal (start_kyoku).")
        n = self.n
        names = self.names or ()
        players = tuple(str(names[s]) if s < len(names) and names[s] not in (None, "") else f"player {s}"
                        for s in range(n))
        return GameRecord("mjai", players, RecordFlags(players=n, preset=PRESETS[n]), tuple(self.hands))

    def _close(self, truncated=False):
        d = self.deal
        if d is None:
            return
        if d.end is None:
            what = "the log stops" if truncated else f"{self.events[self.i]['type']} comes"
            # the sentence names the deal's start as the client sent it (the record sits at record/data in both
            # routes that read one): kept word for word from before places became relative to the record
            raise bad_record(self.where(self.i) if self.i < len(self.events) else f"{self.base}{self._end_place()}",
                             "hand_without_end", f"The deal that starts at record/data/{d.where} has no hora or "
                             f"ryukyoku: {what} in the middle of it (a truncated log?).")
        end = d.end._replace(wins=tuple(d.wins)) if d.wins else d.end
        deltas = None if d.deltas is None else tuple(d.deltas)
        self.hands.append(HandRecord(d.where, d.header, d.scores, d.dealt, d.dora[:1], tuple(d.events), end,
                                     recorded_deltas=deltas, places=tuple(map(self.pointers.__getitem__, d.at))))
        self.deal = None

    def _end_place(self) -> int:
        return len(self.events) if self.lines is None else (self.lines[-1] + 1 if self.lines else 1)

    def open_deal(self) -> MjaiDeal:
        d = self.deal
        if d is None:
            raise self.bad("event_outside_deal", "This event comes before any start_kyoku.")
        if d.end is not None:
            raise self.bad("event_after_hand_end", "The deal has ended (hora or ryukyoku); only end_kyoku or the "
                           "next start_kyoku may follow.")
        return d

    def add(self, d: MjaiDeal, event) -> None:
        d.events.append(event)
        d.at.append(self._place(self.i))

    # ---- events
    def start_game(self, ev):
        if self.hands or self.deal is not None:
            raise self.bad("event_out_of_order", "start_game comes after the game has started.")
        names = ev.get("names")
        if names is not None and (type(names) is not list or not all(type(x) is str for x in names)):
            raise self.bad("invalid_event", "names: the players' names, seat 0 first.")
        self.names = names

    def start_kyoku(self, ev):
        self._close()
        tehais = ev.get("tehais")
        if type(tehais) is not list or len(tehais) not in (3, 4):
            raise self.bad("invalid_event", "tehais: the dealt tiles of each of the 3 or 4 seats.")
        if self.n is None:
            self.n = len(tehais)
            # the names a draw (hidden too) and a discard may carry in this game, looked up at once
            self.drawn = {k: v for k, v in TILES.items() if not (self.n == 3 and v in NOT_IN_SANMA)}
            self.seen = {k: v for k, v in self.drawn.items() if v != HIDDEN}
            if self.names is not None and len(self.names) not in (self.n, 4):
                raise self.bad("wrong_player_count", f"start_game names {len(self.names)} players, the deal has "
                               f"{self.n}.")
        elif len(tehais) != self.n:
            raise self.bad("wrong_player_count", f"This deal has {len(tehais)} hands; the game's first has "
                           f"{self.n}.")
        n = self.n
        bakaze = ev.get("bakaze")
        if bakaze not in tuple(WINDS):
            raise self.bad("invalid_event", f"bakaze: the round wind, E, S, W or N, got {bakaze!r}.")
        kyoku = self.small(ev, "kyoku", 1, n)
        honba, kyotaku = self.small(ev, "honba", 0, 999), self.small(ev, "kyotaku", 0, 999)
        oya = self.small(ev, "oya", 0, n - 1)
        if oya != kyoku - 1:
            raise self.bad("invalid_event", f"oya {oya}: in deal {kyoku} of a round the dealer is seat {kyoku - 1}.")
        scores = self.numbers(ev.get("scores"), "scores")
        dealt = tuple(self.tiles(t, 13, f"tehais[{s}]", hidden_ok=True) for s, t in enumerate(tehais))
        dora = (self.tile(ev.get("dora_marker")),)
        header = (WINDS.index(bakaze) * n + kyoku - 1, honba, kyotaku)
        self.deal = MjaiDeal(self.where(), header, scores, dealt, dora, n, oya)

    def tsumo(self, ev):
        d = self.deal
        if d is None or d.end is not None:
            d = self.open_deal()
        s, pai = ev.get("actor"), ev.get("pai")
        if d.drawer != s or type(s) is not int:
            s = self.seat(ev)
            raise self.bad("out_of_turn", f"A draw by seat {s}, " + (f"but seat {d.drawer} draws next." if d.drawer
                           is not None else f"but seat {d.holder} has drawn or called and must discard first."))
        tile = self.drawn.get(pai) if type(pai) is str else None
        if tile is None:
            tile = self.tile(pai, hidden_ok=True)
        d.events.append(DRAWS[s][tile])
        d.at.append(self.i if self.lines is None else self.lines[self.i])
        d.draws += 1
        d.holder, d.drawer, d.last, d.last_seat = s, None, "tsumo", s

    def _turn(self, d: MjaiDeal, s: int, what: str):
        if d.holder != s:
            raise self.bad("out_of_turn", f"A {what} by seat {s}, whose turn it is not (" + (
                f"seat {d.holder} must discard)." if d.holder is not None else f"seat {d.drawer} draws next)."))

    def dahai(self, ev):
        d = self.deal
        if d is None or d.end is not None:
            d = self.open_deal()
        s, pai = ev.get("actor"), ev.get("pai")
        if d.holder != s or type(s) is not int:
            self._turn(d, self.seat(ev), "discard")
        tile = self.seen.get(pai) if type(pai) is str else None
        if tile is None:
            tile = self.tile(pai)
        riichi = s in d.pending
        if riichi:
            d.pending.discard(s)
        given = ev.get("tsumogiri")
        d.events.append(DISCARDS[s][tile][riichi][TSUMOGIRI[given] if type(given) is bool else 0])
        d.at.append(self.i if self.lines is None else self.lines[self.i])
        k = KIND[tile]
        d.discarded[s] = True
        if d.clean[s] and not ORPHAN[k]:
            d.clean[s] = False
        d.discards += 1
        if d.discards <= 4 and not d.called and 27 <= k <= 30 and (not d.winds or d.winds[0] == k):
            d.winds.append(k)
        d.holder, d.drawer, d.last, d.last_seat = None, (s + 1) % self.n, "dahai", s

    def reach(self, ev):
        d = self.open_deal()
        s = self.seat(ev)
        self._turn(d, s, "riichi declaration")
        d.pending.add(s)
        d.declared.add(s)

    def reach_accepted(self, ev):
        d = self.open_deal()
        s = self.seat(ev)
        self.add(d, RiichiAccepted(s))
        d.accepted += 1
        d.accept_at = len(d.events)       # the stick's place (the last discard stays the one that may be called)

    def _claim(self, ev, kind: str, consumed: int):
        d = self.open_deal()
        s, src = self.seat(ev), self.seat(ev, "target")
        if d.last != "dahai" or d.last_seat != src or src == s:
            raise self.bad("call_on_nothing", f"A {kind} by seat {s} of seat {src}'s discard, but the last event is "
                           "no discard by seat " + f"{src}.")
        if kind == "chi":
            if self.n == 3:
                raise self.bad("chi_not_allowed", "A chi in a three-player game: three players never chi (a "
                               "four-player event in a three-player log).")
            if (src + 1) % self.n != s:
                raise self.bad("out_of_turn", f"A chi by seat {s} from seat {src}: a chi takes only the discard of "
                               "the seat before.")
        pai = self.tile(ev.get("pai"))
        tiles = self.tiles(ev.get("consumed"), consumed, f"{ev['type']} consumed") + (pai,)
        mjai_kind = {"chi": "chi", "pon": "pon", "daiminkan": "open_kan"}[kind]
        self.add(d, Call(s, mjai_kind, tiles, pai, src))
        d.clean[src] = False         # a called discard: no nagashi for that river
        d.called = True
        if kind == "daiminkan":
            d.kans += 1
            d.holder, d.drawer = None, s
        else:
            d.holder, d.drawer = s, None
        d.last, d.last_seat = "call", s

    def chi(self, ev):
        self._claim(ev, "chi", 2)

    def pon(self, ev):
        self._claim(ev, "pon", 2)

    def daiminkan(self, ev):
        self._claim(ev, "daiminkan", 3)

    def kakan(self, ev):
        d = self.open_deal()
        s = self.seat(ev)
        self._turn(d, s, "added kan")
        pai = self.tile(ev.get("pai"))
        consumed = self.tiles(ev.get("consumed"), 3, "kakan consumed") if "consumed" in ev else ()
        self.add(d, Call(s, "added_kan", consumed + (pai,), pai))
        self._kan(d, s)

    def ankan(self, ev):
        d = self.open_deal()
        s = self.seat(ev)
        self._turn(d, s, "closed kan")
        tiles = self.tiles(ev.get("consumed"), 4, "ankan consumed")
        if len({KIND[t] for t in tiles}) != 1:
            raise self.bad("bad_call", "A closed kan is four copies of one tile.")
        self.add(d, Call(s, "closed_kan", tiles, tiles[-1]))
        self._kan(d, s)

    def _kan(self, d: MjaiDeal, s: int):
        d.kans += 1
        d.called = True
        d.holder, d.drawer, d.last, d.last_seat = None, s, "call", s

    def nukidora(self, ev):
        d = self.open_deal()
        s = self.seat(ev)
        if self.n != 3:
            raise self.bad("kita_in_four_player", "nukidora (a north set aside) happens only in three-player games; "
                           "this log deals four hands.")
        self._turn(d, s, "nukidora")
        if self.tile(ev.get("pai", "N")) != NORTH:
            raise self.bad("bad_call", "nukidora sets a north (N) aside.")
        self.add(d, Kita(s, NORTH))
        d.called = True
        d.holder, d.drawer, d.last, d.last_seat = None, s, "kita", s

    def dora(self, ev):
        d = self.open_deal()
        tile = self.tile(ev.get("dora_marker"))
        self.add(d, Indicator(tile))
        d.dora += (tile,)

    def hora(self, ev):
        d = self.deal
        if d is None or d.end is None or d.end.kind != "win":
            d = self.open_deal()        # a second hora is a further ron on the same discard
        s, src = self.seat(ev), self.seat(ev, "target")
        if any(w.winner == s for w in d.wins):
            raise self.bad("event_out_of_order", f"A second hora by seat {s} in one deal.")
        if d.wins and (src == s or d.wins[0].from_seat != src):
            raise self.bad("event_out_of_order", "Several hora in one deal are rons on one discard, all from the "
                           "same target.")
        ura, known = None, True
        if "ura_markers" in ev:
            ura = self.tiles(ev["ura_markers"], tuple(range(6)), "ura_markers")
            known = bool(ura) or s not in d.declared
        else:
            known = s not in d.declared
        own = self.numbers(ev["deltas"], "deltas") if "deltas" in ev else None
        d.deltas = None if own is None or d.deltas is None else [a + b for a, b in zip(d.deltas, own)]
        d.wins.append(WinEnd(s, src, dora=d.dora, ura=ura, ura_known=known, deltas=own))
        if d.end is None:
            d.at.append(self._place(self.i))
            d.end = HandEnd("win")

    def ryukyoku(self, ev):
        d = self.open_deal()
        d.deltas = list(self.numbers(ev["deltas"], "deltas")) if "deltas" in ev else None
        end = d.draw_end(self.n)
        if type(end) is str:
            raise self.bad("draw_not_explained", end)
        d.end = end
        d.at.append(self._place(self.i))

    def end_kyoku(self, ev):
        if self.deal is not None:
            self._close()

    def end_game(self, ev):
        self._close()
        self.over = True


HANDLERS = {name: getattr(_Reader, name) for name in (
    "start_game", "start_kyoku", "tsumo", "dahai", "reach", "reach_accepted", "chi", "pon", "daiminkan", "kakan",
    "ankan", "nukidora", "dora", "hora", "ryukyoku", "end_kyoku", "end_game")}


def read_mjai(data) -> GameRecord:
    """The mjai log `data` (a list of event objects, or a string of JSON lines) as a GameRecord."""
    return _Reader(data).read()
