"""The play of one tenhou.6 deal: the per-seat columns (tiles taken, tiles given) as one event stream.

Input: per seat the taken entries (draws, or calls written as strings: c chi, p pon, m open kan, the
letter's place naming the seat called from on Tenhou's four-seat table) and the given entries (discards;
60 = the tile just drawn, r = riichi, a = closed kan, k = added kan, 0 = the slot of an open kan, f44 = a
north set aside by a three-player seat), the dealer, the kan dora indicators after the first and the
deal's end. Output: the events (calculator.records.model) turn by turn: a discard is claimed by the seat
whose next taken entry calls that tile from that seat (pon and kan before chi), else the next seat draws;
a kan or a kita is followed by its replacement draw; each kan dora indicator comes right after its kan.
InvalidHand at `log/H/C/I` of the record (column C, entry I) for a deal that cannot be read.
"""
from __future__ import annotations

import re

from calculator.core.tiles import NORTH
from calculator.records.model import Call, Discard, Draw, HandEnd, Indicator, Kita, RiichiAccepted, bad_record
from calculator.records.tenhou_common import TABLE_SEATS

TSUMOGIRI = 60
KITA = "f44"
MAX_EVENTS = 400


def tile_code(t, where: str) -> int:
    """Tenhou's tile number (11-19 m, 21-29 p, 31-39 s, 41-47 z, 51-53 red fives) as a tile code."""
    if isinstance(t, int) and not isinstance(t, bool):
        s, d = divmod(t, 10)
        if 1 <= s <= 3 and 1 <= d <= 9:
            return 9 * (s - 1) + d - 1
        if s == 4 and 1 <= d <= 7:
            return 27 + d - 1
        if s == 5 and 1 <= d <= 3:
            return 34 + d - 1
    raise bad_record(where, "unknown_tile", f"{t!r} is not a tile number (11-19, 21-29, 31-39, 41-47, 51-53).")


def _table(red: bool) -> dict:
    out = {}
    for number in [10 * s + d for s in (1, 2, 3) for d in range(1, 10)] + list(range(41, 48)) + [51, 52, 53]:
        out[number] = plain(tile_code(number, ""), red)
    return out


def plain(code: int, red: bool) -> int:
    """A red five read as a plain five where the record's rules have no red fives."""
    return code if red or code < 34 else 4 + 9 * (code - 34)


TILES, PLAIN = _table(True), _table(False)   # Tenhou's tile numbers as codes, with and without red fives


def _kind(code: int) -> int:
    return code if code < 34 else 4 + 9 * (code - 34)


def _pairs(text: str, where: str) -> list[int]:
    digits = re.sub(r"[a-z]", "", text)
    if len(digits) % 2 or not digits.isdigit():
        raise bad_record(where, "bad_call", f"{text!r} is not a call of Tenhou's JSON log.")
    return [tile_code(int(digits[i:i + 2]), where) for i in range(0, len(digits), 2)]


def _letter(text: str, where: str) -> tuple[str, int, int]:
    """The call letter, its place in the string and the tile after it."""
    m = re.search(r"[a-z]", text)
    if m is None or not re.fullmatch(r"\d*[a-z]\d+", text):
        raise bad_record(where, "bad_call", f"{text!r} is not a call of Tenhou's JSON log.")
    pos = m.start()
    return m.group(), pos, tile_code(int(text[pos + 1:pos + 3]), where)


def _called_from(text: str, letter: str, pos: int, seat: int, n: int, where: str) -> int:
    """The seat called from: the letter first = the seat before on Tenhou's four-seat table (kamicha), second
    = across, last = after. With three players the fourth seat is empty, so no call names it."""
    offset = 3 if letter == "c" or pos == 0 else 2 if pos == 2 else 1
    src = (seat + offset) % TABLE_SEATS
    if src >= n:
        raise bad_record(where, "no_such_seat", f"{text!r} calls from the empty fourth seat of a three-player "
                         "table: the letter's place names the seat called from (first: the seat before on the "
                         "four-seat table, second: across, last: after).")
    return src


def interleave(takes, gives, dealer: int, n: int, at: str, red: bool, end: HandEnd, kan_dora=()) -> list:
    ti, gi = [0] * n, [0] * n
    left = sum(map(len, takes)) + sum(map(len, gives))     # entries not yet read: 0 ends the deal
    events: list = []
    dora = list(kan_dora)
    seat, drawn = dealer, None
    tiles = TILES if red else PLAIN

    def where(s: int, taken: bool) -> str:
        return f"{at}/{(5 if taken else 6) + 3 * s}/{ti[s] if taken else gi[s]}"

    def next_take(s: int):
        return takes[s][ti[s]] if ti[s] < len(takes[s]) else None

    def claimer(discarder: int, tile: int):
        for k in range(1, n):
            s = (discarder + k) % n
            t = next_take(s)
            if type(t) is str and t[:1] != "c" and ("p" in t or "m" in t):
                w = where(s, True)
                letter, pos, called = _letter(t, w)
                if _called_from(t, letter, pos, s, n, w) == discarder and _kind(called) == _kind(tile):
                    return s
        s = (discarder + 1) % n
        t = next_take(s)
        if type(t) is str and t[:1] == "c" and _kind(_letter(t, where(s, True))[2]) == _kind(tile):
            return s
        return None

    def kan_indicator():
        if dora:
            events.append(Indicator(dora.pop(0)))

    must_draw = True
    for _ in range(MAX_EVENTS):
        if must_draw:
            t = next_take(seat)
            if t is None:
                break
            drawn = tiles.get(t) if type(t) is int else None
            if drawn is None:
                if isinstance(t, str):
                    raise bad_record(where(seat, True), "call_out_of_turn", f"{t!r} is taken where a draw was due.")
                tile_code(t, where(seat, True))     # names the entry that is no tile
            events.append(Draw(seat, drawn))
            ti[seat] += 1
            left -= 1
        if gi[seat] >= len(gives[seat]):
            break
        g = gives[seat][gi[seat]]
        if type(g) is int and (g in tiles or (g == TSUMOGIRI and drawn is not None)):    # the common case
            gi[seat] += 1
            left -= 1
            tsumogiri, riichi = g == TSUMOGIRI, False
            tile = drawn if tsumogiri else tiles[g]
        else:
            w = where(seat, False)
            gi[seat] += 1
            left -= 1
            if isinstance(g, str) and g[:1] == "f":
                if g != KITA:
                    raise bad_record(w, "bad_call", f"{g!r}: a north set aside (kita) is written {KITA!r}.")
                if n != 3:
                    raise bad_record(w, "kita_in_four_player", f"{KITA!r} (a north set aside, kita) happens only in "
                                     "three-player games; this log has four players (a three-player log leaves "
                                     "the fourth seat empty: name \"\", score 0, no tiles).")
                events.append(Kita(seat, NORTH))
                drawn = None
                if not left:
                    break
                must_draw = True
                continue
            if isinstance(g, str) and ("a" in g or "k" in g):
                letter, pos, added = _letter(g, w)
                if letter == "a":
                    meld = tuple(plain(t, red) for t in _pairs(g, w))
                    events.append(Call(seat, "closed_kan", meld, meld[-1]))
                elif letter == "k":
                    events.append(Call(seat, "added_kan", (), plain(added, red), _called_from(g, "p", pos, seat, n, w)))
                else:
                    raise bad_record(w, "bad_call", f"{g!r} is not a discard.")
                kan_indicator()
                drawn = None
                if not left:
                    break
                must_draw = True
                continue
            riichi = isinstance(g, str) and g[:1] == "r"
            if isinstance(g, str) and not riichi:
                raise bad_record(w, "bad_call", f"{g!r} is not a discard.")
            value = int(g[1:]) if riichi and g[1:].isdigit() else g
            if value == 0 and not riichi:
                raise bad_record(w, "bad_discard", "A 0 (the slot of an open kan) where a discard was due.")
            tsumogiri = value == TSUMOGIRI
            tile = drawn if tsumogiri else plain(tile_code(value, w), red)
            if tile is None:
                raise bad_record(w, "bad_discard", "60 (the tile just drawn) right after a call, or before any draw.")
        events.append(Discard(seat, tile, riichi, tsumogiri))
        drawn = None
        if riichi and not (not left and end.kind == "win" and end.wins and end.wins[0].from_seat == seat
                           and end.wins[0].winner != seat):
            events.append(RiichiAccepted(seat))
        if not left:
            break
        s = claimer(seat, tile)
        if s is None:
            seat, must_draw = (seat + 1) % n, True
            continue
        t = takes[s][ti[s]]
        w = where(s, True)
        letter, pos, called = _letter(t, w)
        src = _called_from(t, letter, pos, s, n, w)
        ti[s] += 1
        left -= 1
        meld = tuple(plain(x, red) for x in _pairs(t, w))
        kind = {"c": "chi", "p": "pon", "m": "open_kan"}[letter]
        events.append(Call(s, kind, meld, plain(called, red), src))
        seat = s
        if kind == "open_kan":
            kan_indicator()
            if gi[s] < len(gives[s]) and gives[s][gi[s]] == 0:
                gi[s] += 1
                left -= 1
            must_draw = True
        else:
            must_draw = False
    events.extend(Indicator(t) for t in dora)
    return events
