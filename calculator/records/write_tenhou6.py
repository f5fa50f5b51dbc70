"""A GameRecord written as a tenhou.net/6 JSON log (format `tenhou.6`), as Tenhou's own converter writes it.

Input: a GameRecord (calculator.records.model, read from any format with tiles) and, for a record that
carries no recorded win details (han, fu, yaku: e.g. an mjai log), the replay's GameResult
(calculator.records.games.replay_game); the record's own values are preferred wherever it has them.
Output: the JSON object `{"name", "rule", "log", "sc"}` (`sc` only where the record or the replay has the
final standings). A three-player game keeps Tenhou's four-seat layout: an empty fourth seat (name "",
score 0, no tiles, a 0 in every list of points), deals numbered four to a round (South 1 is 4), calls
placed by the seat called from on the four-seat table, and each north set aside written "f44" among the
tiles given. Every detail follows the `tenhou6` objects of ../shared/data/games.jsonl.gz, which Tenhou's
converter made from the same games' XML (calculator.records.tenhou6_text writes the result entries).
InvalidHand (at the record as a whole) for a record without tiles; at the deal or draw for a record that hides
tiles (mjai `?`).
"""
from __future__ import annotations

from calculator.core.tiles import KIND
from calculator.records.model import (HIDDEN, RECORD, Call, Discard, Draw, GameRecord, HandRecord, Indicator,
                                      Kita, bad_record)
from calculator.records.tenhou6_text import result_entry, round_scores
from calculator.records.tenhou_common import TABLE_SEATS, sort_key, table_offset, tile_number

TSUMOGIRI = 60
KITA = "f44"
# GO type bits beyond tenhou_common's: 0x20 and 0x80 name the room, 0x40 a fast game
ROOMS = {0xA0: "鳳", 0x80: "上", 0x20: "特", 0x00: "般"}
FAST, NO_RED, NO_KUITAN, EAST_SOUTH, SANMA = 0x40, 0x02, 0x04, 0x08, 0x10
RED_FIVE = 34          # the first red five's tile code


def written_tenhou6(record: GameRecord, result=None) -> dict:
    """The record as Tenhou's JSON log: `name`, `rule`, `log` and (where known) `sc`. `result` (the replay's
    GameResult) supplies what the record lacks: a win's han, fu and yaku, the deltas, the final standings."""
    n = len(record.players)
    if any(h.result is not None or not h.dealt for h in record.hands):
        raise bad_record(RECORD, "no_tiles", "tenhou.6 lists every tile dealt, drawn and discarded; this "
                         f"record ({record.format}) has none for some hand: send a record with tiles.")
    if result is None and any(h.header is None or h.start_scores is None for h in record.hands):
        raise bad_record(RECORD, "no_counters", "tenhou.6 starts each deal with its round, counters and "
                         "scores; this record does not state them, so the replay's are written: give its result.")
    if result is not None and len(result.hands) != len(record.hands):
        raise bad_record(RECORD, "replay_incomplete", f"The replay has {len(result.hands)} of the record's "
                         f"{len(record.hands)} deals: replay every deal (play_on) to write the whole game.")
    for rec in record.hands:
        _no_hidden_tile(rec)
    source = record.source
    names = list(source.names) if source is not None and source.names else list(record.players)
    names = (names + [""] * TABLE_SEATS)[:TABLE_SEATS]
    hands = result.hands if result is not None else (None,) * len(record.hands)
    log, before = [], None
    for rec, res in zip(record.hands, hands):
        log.append(_hand(rec, res, n, before))
        before = res.scores if res is not None else None
    out = {"name": names, "rule": _rule(record), "log": log}
    final = record.recorded_final
    if final is None and result is not None:
        final = (tuple(s.points for s in result.final.standings), tuple(s.final for s in result.final.standings))
    if final is not None:
        sc = []
        for score, points in zip(*final):
            sc += [score, int(points) if points == int(points) else points]
        out["sc"] = sc + [0, 0] * (TABLE_SEATS - n)
    return out


def _no_hidden_tile(rec: HandRecord) -> None:
    """tenhou.6 lists every seat's tiles: a record that hides some (an mjai log from one seat's view: `?`) is
    refused at the first deal or draw that hides one."""
    hidden = HIDDEN in sum(rec.dealt, ())
    at = rec.where
    if not hidden:
        i = next((i for i, e in enumerate(rec.events) if type(e) is Draw and e.tile == HIDDEN), None)
        if i is None:
            return
        at = rec.places[i] if i < len(rec.places) else f"{rec.where}/events/{i}"
    raise bad_record(at, "hidden_tiles", "tenhou.6 lists every tile each seat is dealt and draws, and this record "
                     "hides some (? : a log written from one player's view): convert a log that shows every "
                     "seat's tiles, or convert this one to mjai, which keeps the hidden tiles as ?.")


def _rule(record: GameRecord) -> dict:
    """Tenhou's room name (`disp`) and red fives: from the GO type where the record kept it, else its flags."""
    source, flags = record.source, record.flags
    go = source.go_type if source is not None else None
    if go is not None:
        red = not go & NO_RED
        disp = ("三" if go & SANMA else "") + ROOMS[go & 0xA0] + ("南" if go & EAST_SOUTH else "東") + \
            ("" if go & NO_KUITAN else "喰") + ("赤" if red else "") + ("速" if go & FAST else "")
        return _red({"disp": disp}, red)
    red = flags.red_fives if flags.red_fives is not None else any(
        t >= RED_FIVE for h in record.hands for t in sum(h.dealt, ()) + tuple(getattr(e, "tile", 0) for e in h.events))
    if source is not None and source.room:
        return _red({"disp": source.room}, red)
    disp = ("三" if len(record.players) == 3 else "") + {"east_south": "南", "east_only": "東"}.get(
        flags.length or "", "") + ("" if flags.open_tanyao is False else "喰") + ("赤" if red else "")
    return _red({"disp": disp}, red)


def _red(rule: dict, red: bool) -> dict:
    flag = 1 if red else 0
    return {**rule, "aka53": flag, "aka52": flag, "aka51": flag, "aka": flag}


def _hand(rec: HandRecord, res, n: int, before) -> list:
    dealer = rec.header[0] % n if rec.header is not None else res.dealer
    head = list(rec.header) if rec.header is not None else [None, res.honba, res.riichi_sticks]
    if head[0] is None:
        head[0] = ("east", "south", "west", "north").index(res.round) * n + res.number - 1
    head[0] = head[0] // n * TABLE_SEATS + head[0] % n
    scores = rec.start_scores if rec.start_scores is not None else round_scores(rec, res, before)
    takes, gives = _columns(rec, n)
    indicators = rec.dora + tuple(e.tile for e in rec.events if type(e) is Indicator)
    end = rec.end
    dora, ura = indicators, ()
    if end is not None and end.kind == "win" and end.wins:
        first = end.wins[0]
        dora = first.dora if first.dora is not None else indicators
        # a multiple ron shows the ura indicators of the first winner who has them (a riichi winner)
        ura = next((w.ura for w in end.wins if w.ura), None) or rec.ura
    out = [head, _pad(scores, n), [tile_number(t) for t in dora], [tile_number(t) for t in ura]]
    for s in range(TABLE_SEATS):
        if s < n:
            out += [[tile_number(t) for t in sorted(rec.dealt[s], key=sort_key)], takes[s], gives[s]]
        else:
            out += [[], [], []]
    out.append(result_entry(rec, res, n, dealer))
    return out


def _pad(values, n: int) -> list:
    return list(values) + [0] * (TABLE_SEATS - n)


def _columns(rec: HandRecord, n: int):
    """Per seat the tiles taken (draws and calls) and given (discards, kans, kita), as Tenhou writes them."""
    takes = [[] for _ in range(n)]
    gives = [[] for _ in range(n)]
    drawn: dict[int, int] = {}
    pons: dict[tuple, str] = {}
    for i, ev in enumerate(rec.events):
        t = type(ev)
        if t is Draw:
            takes[ev.seat].append(tile_number(ev.tile))
            drawn[ev.seat] = ev.tile
        elif t is Discard:
            last = drawn.pop(ev.seat, None)
            tsumogiri = ev.tsumogiri if ev.tsumogiri is not None else last == ev.tile
            value = TSUMOGIRI if tsumogiri else tile_number(ev.tile)
            gives[ev.seat].append(f"r{value}" if ev.riichi else value)
        elif t is Kita:
            drawn.pop(ev.seat, None)
            gives[ev.seat].append(KITA)
        elif t is Call:
            drawn.pop(ev.seat, None)
            _call(ev, takes, gives, pons, f"{rec.where}/events/{i}")
    return takes, gives


def _numbers(tiles) -> str:
    return "".join(str(tile_number(t)) for t in tiles)


def _call(ev: Call, takes, gives, pons: dict, where: str) -> None:
    """A call as Tenhou's string: the letter (c, p, m; a, k in the tiles given) before the called tile, its
    place naming the seat called from (first: before, second: across, last: after)."""
    seat = ev.seat
    if ev.kind == "closed_kan":
        tiles = sorted(ev.tiles, key=sort_key)
        gives[seat].append(_numbers(tiles[:3]) + "a" + _numbers(tiles[3:]))
        return
    if ev.kind == "added_kan":
        pon = pons.get((seat, KIND[ev.called]))
        if pon is None:
            raise bad_record(where, "bad_call", "An added kan without the pon it adds to earlier in the deal: "
                             "tenhou.6 writes an added kan as that pon's string with the added tile.")
        gives[seat].append(pon.replace("p", "k" + str(tile_number(ev.called)), 1))
        return
    rest = list(ev.tiles)
    rest.remove(ev.called)
    rest.sort(key=sort_key)
    called = str(tile_number(ev.called))
    if ev.kind == "chi":
        takes[seat].append("c" + called + _numbers(rest))
        return
    letter = "p" if ev.kind == "pon" else "m"
    offset = table_offset(seat, ev.from_seat)
    place = {3: 0, 2: 1}.get(offset, len(rest))
    text = _numbers(rest[:place]) + letter + called + _numbers(rest[place:])
    takes[seat].append(text)
    if ev.kind == "pon":
        pons[(seat, KIND[ev.called])] = text
    else:
        gives[seat].append(0)

