"""Tenhou's XML game log (`<mjloggm ver="2.3">`, format `tenhou.mjlog`) read into a GameRecord.

Input: the XML text. Output: a GameRecord (calculator.records.model), or InvalidHand naming where
the record cannot be read (`hands/H/events/E`: the hand, counted from 0, and the tag within it; the
request's reader puts it under the record's pointer). The XML is read with the standard library's expat parser with every document type
declaration refused, so no entity is ever declared or expanded (no entity bombs, no external
entities). Tags: GO (rule bits), UN (names), INIT (a deal: seed, scores, dealer, dealt tiles),
T-W / D-G plus a tile id (draws / discards of seats 0-3), N (a call, Tenhou's meld code), REACH,
DORA, AGARI and RYUUKYOKU (the end of a deal, with Tenhou's `sc` deltas), BYE (ignored).
"""
from __future__ import annotations

from urllib.parse import unquote
from xml.parsers import expat

from calculator.core.tiles import NORTH
from calculator.records.model import (Call, Discard, Draw, GameRecord, HandEnd, HandRecord, Indicator, Kita,
                                      RecordedWin, RecordFlags, RiichiAccepted, Source, WinEnd, bad_record)
from calculator.records.tenhou_common import flags_of_type, limit_name, yaku_name

WHERE = ""   # the record as a whole (a problem's place is relative to the record)
DRAW_TAGS, DISCARD_TAGS = "TUVW", "DEFG"
RED_IDS = {16: 34, 52: 35, 88: 36}
ABORTIVE = {"yao9": "kyuushu_kyuuhai", "reach4": "suucha_riichi", "ron3": "sanchahou", "kan4": "suukaikan",
            "kaze4": "suufon_renda", "nm": "nagashi_mangan"}
MAX_TAGS = 20000
# Tenhou's meld codes name the called seat relative to the caller on a four-seat table, also in a three-player
# game (whose fourth seat is empty): the seat is (caller + offset) % 4 (checked on all 254 public games)
TABLE_SEATS = 4
# every draw and discard tag (T0-W135, D0-G135) as (draw?, seat, tile id): one look-up per tag
MOVES = {f"{tag}{tid}": (tag in DRAW_TAGS, (DRAW_TAGS + DISCARD_TAGS).index(tag) % 4, tid)
         for tag in DRAW_TAGS + DISCARD_TAGS for tid in range(136)}   # a long game has about 1,500 tags


class _Refused(Exception):
    pass


def _refuse(*_args):
    raise _Refused


def read_tags(text: str) -> list[tuple[str, dict]]:
    """The element tags in document order; any DOCTYPE, entity or external reference is refused."""
    tags: list[tuple[str, dict]] = []

    def start(name, attrs):
        if len(tags) >= MAX_TAGS:
            raise bad_record(WHERE, "record_too_long", f"More than {MAX_TAGS} tags: no game is that long.")
        tags.append((name, attrs))

    parser = expat.ParserCreate()
    parser.StartElementHandler = start
    for handler in ("StartDoctypeDeclHandler", "EntityDeclHandler", "UnparsedEntityDeclHandler",
                    "ExternalEntityRefHandler", "NotationDeclHandler"):
        setattr(parser, handler, _refuse)
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        parser.Parse(text, True)
    except _Refused:
        raise bad_record(WHERE, "xml_declarations_refused", "The XML declares a document type or entities; a "
                         "Tenhou log has none, and they are refused (no entity is ever expanded).") from None
    except expat.ExpatError as err:
        hands = sum(1 for name, _ in tags if name == "INIT")
        raise bad_record(WHERE, "malformed_xml", f"Not well-formed XML ({expat.ErrorString(err.code)}) at line "
                         f"{err.lineno}, column {err.offset}, after {hands} hand(s): a truncated or damaged log.") \
            from None
    if not tags or tags[0][0] != "mjloggm":
        raise bad_record(WHERE, "not_a_tenhou_log", "The root element of a Tenhou log is <mjloggm>.")
    return tags


def _ints(text, where: str, n: int | None = None) -> list[int]:
    try:
        out = [int(x) for x in str(text).split(",")] if str(text).strip() else []
    except ValueError:
        raise bad_record(where, "bad_number", f"Expected comma-separated integers, got {str(text)[:40]!r}.") from None
    if n is not None and len(out) != n:
        raise bad_record(where, "wrong_length", f"Expected {n} numbers, got {len(out)}: {str(text)[:60]!r}.")
    return out


class _Reader:
    """Walks the tags once; one instance per record. `where` is the reader itself: its str() is the place of
    the tag being read in the record, built only for a problem."""

    def __init__(self, red: bool, players: int):
        self.red, self.n = red, players
        self.seen: set[int] = set()
        self.hand: int | None = None
        self.event = 0
        self.where = self

    def __str__(self) -> str:
        if self.hand is None:
            return WHERE
        return f"hands/{self.hand}/events/{self.event}"

    def tile(self, tid: int, where=None) -> int:
        if where is None:
            where = self
        if not 0 <= tid < 136:
            raise bad_record(where, "unknown_tile", f"Tile id {tid} is not one of Tenhou's 0-135.")
        if tid in self.seen:
            raise bad_record(where, "too_many_copies", f"Tile id {tid} appears twice in one deal: a fifth copy "
                             "of a tile, or one tile in two places.")
        self.seen.add(tid)
        return self.code(tid)

    def code(self, tid: int) -> int:
        if self.red and tid in RED_IDS:
            return RED_IDS[tid]
        return tid // 4

    def seat(self, value, where=None) -> int:
        where = self if where is None else where
        s = _ints(value, where, 1)[0]
        if not 0 <= s < self.n:
            raise bad_record(where, "no_such_seat", f"Seat {s}: this game has seats 0-{self.n - 1}.")
        return s

    def kita(self, who: int, tid: int) -> Kita:
        """Tenhou's kita (meld code with bit 0x20, the north's tile id in the high byte): three players only."""
        if self.n != 3:
            raise bad_record(self.where, "kita_in_four_player", "A north set aside (kita, meld code bit 0x20) "
                             "happens only in three-player games; this record's GO type says four players (no bit "
                             "0x10).")
        if not 0 <= tid < 136 or tid // 4 != NORTH:
            raise bad_record(self.where, "bad_call", f"A kita sets a north aside (Tenhou ids 120-123), not tile id "
                             f"{tid}.")
        return Kita(who, self.code(tid))

    def meld(self, who: int, m: int) -> Call | Kita:
        """Tenhou's meld code (N tag `m`): chi, pon, added kan, open or closed kan."""
        if m & 0x4:
            t = m >> 10
            r, t = t % 3, t // 3
            base = (t // 7) * 9 + t % 7
            ids = tuple((base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3))
            return Call(who, "chi", ids, ids[r], (who + 3) % TABLE_SEATS)
        if m & 0x18:
            t = m >> 9
            r, k = t % 3, t // 3
            unused = (m >> 5) & 3
            ids = tuple(k * 4 + i for i in range(4) if i != unused)
            src = (who + (m & 3)) % TABLE_SEATS
            if m & 0x8:
                return Call(who, "pon", ids, ids[r], src)
            return Call(who, "added_kan", ids + (k * 4 + unused,), k * 4 + unused, src)
        if m & 0x20:
            return self.kita(who, m >> 8)
        t = m >> 8
        r, k = t % 4, t // 4
        ids = tuple(k * 4 + i for i in range(4))
        if m & 3 == 0:
            return Call(who, "closed_kan", ids)
        return Call(who, "open_kan", ids, ids[r], (who + (m & 3)) % TABLE_SEATS)


def _per_seat(text, where, n: int, width: int = 1) -> list[int]:
    """Tenhou's per-seat numbers (`ten`, `sc`): `width` numbers for each of the n seats. A three-player log
    writes four seats, the absent fourth all zeros; those are dropped."""
    out = _ints(text, where)
    if n < 4 and len(out) == 4 * width and not any(out[n * width:]):
        return out[:n * width]
    if len(out) != n * width:
        raise bad_record(where, "wrong_length", f"Expected {n * width} numbers ({width} for each of {n} seats"
                         f"{', or a fourth seat of zeros' if n < 4 else ''}), got {len(out)}: {str(text)[:60]!r}.")
    return out


def _tile_ids(text: str, where) -> list[int]:
    ids = _ints(text, where)
    if not all(0 <= t < 136 for t in ids) or len(ids) > 5:
        raise bad_record(where, "unknown_tile", f"Dora indicators must be at most five of Tenhou's tile ids 0-135; "
                         f"got {text[:40]!r}.")
    return ids


def _owari(text: str, where: str, n: int) -> tuple:
    """Tenhou's `owari`: score (hundreds) and points per seat, e.g. "225,-17.0,237,4.0,..."."""
    try:
        values = [float(x) for x in text.split(",")]
    except ValueError:
        raise bad_record(where, "bad_number", f"owari: comma-separated numbers, got {text[:40]!r}.") from None
    if n < 4 and len(values) == 8 and not any(values[2 * n:]):
        values = values[:2 * n]     # a three-player log's empty fourth seat
    if len(values) != 2 * n or not all(abs(v) < 1e9 for v in values):
        raise bad_record(where, "wrong_player_count", f"owari: a score and points for each of {n} players.")
    return (tuple(int(round(100 * v)) for v in values[0::2]),
            tuple(int(v) if v == int(v) else v for v in values[1::2]))


def _recorded_win(a: dict, where: str) -> RecordedWin:
    ten = _ints(a.get("ten", "0,0,0"), where, 3)
    pairs = _ints(a.get("yaku", ""), where)
    yaku = tuple((yaku_name(pairs[i]), pairs[i + 1]) for i in range(0, len(pairs) - 1, 2))
    yakuman = tuple(yaku_name(y) for y in _ints(a.get("yakuman", ""), where))
    han = 13 * len(yakuman) if yakuman else sum(h for _, h in yaku)
    return RecordedWin(han, ten[0], ten[1], tuple(y for y in yaku if y[1]), yakuman, limit_name(ten[2]))


def _sc(a: dict, n: int, where: str) -> tuple[tuple, tuple]:
    sc = _per_seat(a.get("sc", ""), where, n, 2)
    return tuple(100 * x for x in sc[0::2]), tuple(100 * x for x in sc[1::2])


def read_mjlog(text: str) -> GameRecord:
    tags = read_tags(text)
    go = next((a for name, a in tags if name == "GO"), None)
    flags = flags_of_type(_ints(go.get("type", "0"), WHERE, 1)[0]) if go else RecordFlags()
    n = flags.players
    un = next((a for name, a in tags if name == "UN"), {})
    names = tuple(unquote(un.get(f"n{i}", "")) for i in range(TABLE_SEATS if n < TABLE_SEATS else n))
    players = tuple(x or f"player {i}" for i, x in enumerate(names[:n]))
    reader = _Reader(bool(flags.red_fives), n)
    hands: list[HandRecord] = []
    cur: dict | None = None
    final = None
    for name, a in tags:
        if name == "INIT":
            if cur is not None:
                hands.append(_close(cur, reader))
            if final is not None:
                raise bad_record(f"hands/{len(hands)}", "hand_after_game_end",
                                 "A deal follows the one that ended the game (owari).")
            cur = _open(a, reader, len(hands), n)
            continue
        if cur is None or name in ("BYE", "UN", "SHUFFLE", "GO", "TAIKYOKU", "mjloggm"):
            continue
        reader.event = len(cur["events"])
        if final is not None:
            raise bad_record(reader.where, "event_after_game_end", f"<{name}> follows the end of the game (owari).")
        _event(cur, name, a, reader)
        if "owari" in a:
            final = _owari(a["owari"], reader.where, n)
    if cur is None:
        raise bad_record(WHERE, "no_hands", "The log has no deal (INIT tag).")
    hands.append(_close(cur, reader))
    source = Source(names, _ints(go.get("type", "0"), WHERE, 1)[0] if go else None,
                    _ints(go.get("lobby", "0"), WHERE, 1)[0] if go else None)
    return GameRecord("tenhou.mjlog", players, flags, tuple(hands), final, source=source)


def _open(a: dict, reader: _Reader, index: int, n: int) -> dict:
    where = f"hands/{index}"
    reader.seen = set()
    reader.hand, reader.event = None, 0
    seed = _ints(a.get("seed", ""), where, 6)
    ten = _per_seat(a.get("ten", ""), f"{where}/ten", n)
    dealt = tuple(tuple(reader.tile(t, where) for t in _ints(a.get(f"hai{i}", ""), f"{where}/hai{i}", 13))
                  for i in range(n))
    reader.hand = index
    # seed[0] counts deals four to a round (Tenhou's table has four seats): with three players, South 1 is 4
    kyoku = (seed[0] // TABLE_SEATS) * n + seed[0] % TABLE_SEATS
    return {"where": where, "header": (kyoku, seed[1], seed[2]), "scores": tuple(100 * x for x in ten),
            "dealt": dealt, "dora": (reader.tile(seed[5], f"{where}/seed"),), "events": [], "wins": [],
            "deltas": None, "end": None, "riichi_pending": set(), "drawn": {}}


def _add_deltas(cur: dict, deltas: tuple) -> None:
    cur["deltas"] = deltas if cur["deltas"] is None else tuple(x + y for x, y in zip(cur["deltas"], deltas))


def _event(cur: dict, name: str, a: dict, reader: _Reader) -> None:
    ev, where, n = cur["events"], reader.where, reader.n
    if cur["end"] is not None and name not in ("AGARI",):
        raise bad_record(where, "event_after_hand_end", f"<{name}> follows the end of the deal.")
    move = MOVES.get(name)
    if move is not None:
        draw, seat, tid = move
        if seat >= n:
            raise bad_record(where, "no_such_seat", f"<{name}>: this game has seats 0-{n - 1}.")
        if draw:
            ev.append(Draw(seat, reader.tile(tid)))
            cur["drawn"][seat] = tid
        else:
            ev.append(Discard(seat, reader.code(tid), seat in cur["riichi_pending"],
                              cur["drawn"].pop(seat, None) == tid))
            cur["riichi_pending"].discard(seat)
    elif name[:1] in DRAW_TAGS + DISCARD_TAGS and name[1:].isdigit():
        raise bad_record(where, "unknown_tile", f"<{name}>: tile ids are Tenhou's 0-135.")
    elif name == "N":
        who = reader.seat(a.get("who", ""))
        ev.append(_call(reader, who, _ints(a.get("m", ""), where, 1)[0]))
        cur["drawn"].pop(who, None)
    elif name == "REACH":
        seat, step = reader.seat(a.get("who", "")), a.get("step")
        if step == "1":
            cur["riichi_pending"].add(seat)
        elif step == "2":
            ev.append(RiichiAccepted(seat))
        else:
            raise bad_record(where, "bad_riichi_step", "REACH step is 1 (declared) or 2 (accepted).")
    elif name == "DORA":
        ev.append(Indicator(reader.tile(_ints(a.get("hai", ""), where, 1)[0])))
    elif name == "AGARI":
        _agari(cur, a, reader)
    elif name == "RYUUKYOKU":
        _ryuukyoku(cur, a, reader)
    else:
        raise bad_record(where, "unknown_tag", f"<{name}> is not a tag of a Tenhou game log.")


def _call(reader: _Reader, who: int, m: int) -> Call | Kita:
    c = reader.meld(who, m)
    if type(c) is Kita:
        return c
    if not all(0 <= t < 136 for t in c.tiles) or (c.kind == "chi" and c.tiles[0] // 4 >= 27):
        raise bad_record(reader, "bad_call", f"Meld code {m} is no chi, pon or kan of Tenhou's tiles 0-135 "
                         "(a chi is three tiles of one suit in a row).")
    return c._replace(tiles=tuple(reader.code(t) for t in c.tiles),
                      called=None if c.called is None else reader.code(c.called))


def _agari(cur: dict, a: dict, reader: _Reader) -> None:
    where, n = reader.where, reader.n
    who, src = reader.seat(a.get("who", ""), where), reader.seat(a.get("fromWho", ""), where)
    dora, ura = (tuple(reader.code(t) for t in _tile_ids(a.get(key, ""), where)) for key in ("doraHai", "doraHaiUra"))
    pao = reader.seat(a["paoWho"], where) if "paoWho" in a else None
    deltas = _sc(a, n, where)[1]
    cur["wins"].append(WinEnd(who, src, pao, _recorded_win(a, where), dora, ura, deltas))
    _add_deltas(cur, deltas)
    cur["end"] = HandEnd("win")


def _ryuukyoku(cur: dict, a: dict, reader: _Reader) -> None:
    where, n = reader.where, reader.n
    kind = ABORTIVE.get(a.get("type"), "exhaustive_draw") if "type" in a else "exhaustive_draw"
    if "type" in a and a["type"] not in ABORTIVE:
        raise bad_record(where, "unknown_draw", f"RYUUKYOKU type {a['type']!r} is not one of Tenhou's "
                         f"{', '.join(ABORTIVE)}.")
    shown = tuple(i for i in range(n) if f"hai{i}" in a)
    _add_deltas(cur, _sc(a, n, where)[1])
    if kind in ("exhaustive_draw", "nagashi_mangan"):
        cur["end"] = HandEnd(kind, shown=shown)
    else:
        cur["end"] = HandEnd("abortive_draw", reason=kind, shown=shown)


def _close(cur: dict, reader: _Reader) -> HandRecord:
    if cur["end"] is None:
        raise bad_record(f"{cur['where']}/events/{len(cur['events'])}", "hand_without_end",
                         "The deal has no AGARI or RYUUKYOKU: the log stops in the middle of a deal.")
    end = cur["end"]._replace(wins=tuple(cur["wins"])) if cur["wins"] else cur["end"]
    return HandRecord(cur["where"], cur["header"], cur["scores"], cur["dealt"], cur["dora"], tuple(cur["events"]),
                      end, recorded_deltas=cur["deltas"])

