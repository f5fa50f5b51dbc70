"""One deal of an mjai log as calculator.records.mjai reads it, and the draw that ends it.

Input: the record's data (a list of events or a string of JSON lines) for read_events; the events of one deal as
the reader feeds them to MjaiDeal. Output: the events with their places in the record; the tile code of an mjai
tile name; the HandEnd a ryukyoku stands for, from the play alone (MjaiDeal.draw_end; see calculator.records.mjai).
"""
from __future__ import annotations

import json

from calculator.core.tiles import is_orphan
from calculator.records.model import HIDDEN, Discard, Draw, HandEnd, bad_record

BASE = ""   # the record as a whole: a place is relative to it ("12", "line/40")
MAX_EVENTS = 20000          # a long game has about 1,500 events
_SUITED = {f"{d}{s}": 9 * i + d - 1 for i, s in enumerate("mps") for d in range(1, 10)}
TILES = {**_SUITED, **{h: 27 + i for i, h in enumerate("ESWNPFC")}, "5mr": 34, "5pr": 35, "5sr": 36, "?": HIDDEN}
WINDS = "ESWN"
WALL = {4: 136 - 14 - 13 * 4, 3: 108 - 14 - 13 * 3}      # live-wall draws in a deal, replacements included
NOT_IN_SANMA = frozenset(range(1, 8)) | {34}             # 2m-8m and the red 5m
ORPHAN = tuple(is_orphan(k) for k in range(34))           # [kind] -> terminal or honour
# every draw and discard event there can be, built once: a game looks its ~1,100 of them up instead
DRAWS = tuple(tuple(Draw(s, t) for t in range(HIDDEN + 1)) for s in range(4))                    # [seat][tile]
TSUMOGIRI = {None: 0, False: 1, True: 2}                  # a discard's `tsumogiri` -> its index below
DISCARDS = tuple(tuple(tuple(tuple(Discard(s, t, r, g) for g in (None, False, True)) for r in (False, True))
                       for t in range(37)) for s in range(4))                     # [seat][tile][riichi][tsumogiri]


_POINTERS: dict[str, list] = {}
SHARED_POINTERS = 4096      # places kept between requests, per base (a game has ~1,500 events; more: per request)
# a base is the start of each place's string, its slash included: "" (an array of events: "12") or "line/" (JSON
# lines: "line/40")


class _Pointers:
    def __init__(self, base: str):
        self.base = base

    def __getitem__(self, place: int) -> str:
        return f"{self.base}{place}"


def pointers(base: str, count: int):
    """[place] -> f"{base}{place}" (the event's place in the record) for places 0..count: one string per place, kept between requests (a new list
    replaces a shorter one, so a request never sees a list another is extending)."""
    if count >= SHARED_POINTERS:
        return _Pointers(base)
    known = _POINTERS.get(base, ())
    if len(known) <= count:
        known = [*known, *(f"{base}{i}" for i in range(len(known), count + 1))]
        _POINTERS[base] = known
    return known


def read_events(data) -> tuple[list, list | None, str]:
    """The events, the line of each (None: its index is its place) and the base of their places."""
    if isinstance(data, list):
        if len(data) > MAX_EVENTS:
            raise bad_record(BASE, "record_too_long", f"More than {MAX_EVENTS} events: no game is that long.")
        return data, None, BASE
    numbered = [(lineno, line) for lineno, line in enumerate(data.split("\n"), 1) if line.strip()]
    if len(numbered) > MAX_EVENTS:
        raise bad_record(BASE, "record_too_long", f"More than {MAX_EVENTS} events: no game is that long.")
    try:      # all lines at once (one parser call); a line that is not one JSON value is found line by line
        events = json.loads("[" + ",".join(line for _, line in numbered) + "]")
        if len(events) == len(numbered):
            return events, [lineno for lineno, _ in numbered], "line/"
    except ValueError:
        pass
    events, lines = [], []
    for lineno, line in numbered:
        try:
            ev = json.loads(line)
        except ValueError as err:
            raise bad_record(f"line/{lineno}", "invalid_json", f"Line {lineno} is not JSON ({err}): each "
                             "line of an mjai log is one event object (a truncated or damaged file?).") from None
        events.append(ev)
        lines.append(lineno)
    return events, lines, "line/"


class MjaiDeal:
    """One deal as it is read: the model's events and what the draw classification needs (`dora`: every indicator
    turned over so far, the first one dealt)."""
    __slots__ = ("where", "header", "scores", "dealt", "dora", "events", "at", "wins", "deltas", "end", "pending",
                 "declared", "accepted", "draws", "discarded", "clean", "called", "kans", "discards", "last",
                 "last_seat", "holder", "drawer", "winds", "accept_at")

    def __init__(self, where, header, scores, dealt, dora, n, oya):
        self.where, self.header, self.scores, self.dealt, self.dora = where, header, scores, dealt, dora
        self.events, self.at, self.wins = [], [], []
        self.deltas: list | None = [0] * n
        self.end: HandEnd | None = None
        self.pending, self.declared = set(), set()   # riichi declared, its discard not yet made / all declarers
        self.accepted = self.draws = self.discards = self.accept_at = 0
        self.discarded = [False] * n                    # per seat: has discarded this deal
        self.clean = [True] * n                         # per seat: every discard a terminal or honour, none called
        self.called = False                             # any call, kan or kita this deal
        self.kans = 0
        self.last, self.last_seat = None, None          # the last tsumo / dahai / call / kita, and its seat
        self.holder: int | None = None                  # the seat that must discard (or kan, win, ...) next
        self.drawer: int | None = oya                   # the seat that must draw next
        self.winds: list = []                           # the first discards while they are all one wind

    def draw_end(self, n: int) -> HandEnd | str:
        """The ryukyoku that ends this deal as the play explains it, or why no draw can end it here."""
        last = self.last
        if self.pending:
            return "A ryukyoku between a riichi declaration and its discard."
        if last == "tsumo":
            s = self.last_seat
            if self.called or self.discarded[s]:
                return (f"A ryukyoku right after seat {s}'s draw is nine terminals, which only a player's first draw "
                        "before any call may declare.")
            return HandEnd("abortive_draw", reason="kyuushu_kyuuhai")
        if self.accepted == 4 == n and self.accept_at == len(self.events):
            return HandEnd("abortive_draw", reason="suucha_riichi")
        if last != "dahai":
            return "A ryukyoku follows a discard (a draw ends after the last one) or a first draw (nine terminals)."
        if n == 4 and self.discards == 4 and len(self.winds) == 4:
            return HandEnd("abortive_draw", reason="suufon_renda")
        if self.draws >= WALL[n]:
            nagashi = any(a and b for a, b in zip(self.discarded, self.clean))
            return HandEnd("nagashi_mangan" if nagashi else "exhaustive_draw")
        if self.kans >= 4:
            return HandEnd("abortive_draw", reason="suukaikan")
        if n == 4:
            return HandEnd("abortive_draw", reason="sanchahou")
        return ("A ryukyoku after a discard in the middle of the wall, without four kans: no draw of three players "
                "ends a deal there.")
