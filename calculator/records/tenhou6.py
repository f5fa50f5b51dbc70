"""The tenhou.net/6 JSON log (format `tenhou.6`) read into a GameRecord.

Input: the JSON object (`name`, `rule`, `log`, optional `title`, `sc`): Tenhou's own style (`aka51`-`aka53`)
or a viewer's (`title`, `rule.aka`). Each deal lists per seat the dealt tiles, the tiles taken (draws, or
calls written as strings: c chi, p pon, m open kan, the letter's place naming the seat called from) and
the tiles given (discards; 60 = the tile just drawn, r = riichi, a = closed kan, k = added kan, 0 = the
slot of an open kan). The reader interleaves the four seats into one event stream: turn by turn, a
discard is claimed by the seat whose next taken entry calls that tile from that seat (pon and kan before
chi), else the next seat draws. Output: a GameRecord; InvalidHand at `record/data/log/H/...` for a deal
that cannot be read.
"""
from __future__ import annotations

import re

from calculator.records.model import (Call, Discard, Draw, GameRecord, HandEnd, HandRecord, RecordedWin,
                                      RecordFlags, RiichiAccepted, WinEnd, bad_record)
from calculator.records.tenhou_common import JA_TO_ID

ABORTIVE = {"九種九牌": "kyuushu_kyuuhai", "四風連打": "suufon_renda", "四家立直": "suucha_riichi",
            "三家和了": "sanchahou", "四槓散了": "suukaikan", "四開槓": "suukaikan"}
DRAWS = {"流局": "exhaustive_draw", "全員聴牌": "exhaustive_draw", "全員不聴": "exhaustive_draw",
         "流し満貫": "nagashi_mangan"}
LIMITS = {"満貫": "mangan", "跳満": "haneman", "倍満": "baiman", "三倍満": "sanbaiman", "役満": "yakuman"}
TSUMOGIRI = 60
MAX_HANDS = 200
_TEXT = re.compile(r"^(?:(\d+)符)?(?:(\d+)飜)?(満貫|跳満|倍満|三倍満|役満)?(\d+)(?:-(\d+))?点(∀)?")
_YAKU = re.compile(r"^(.*)\((?:(\d+)飜|役満)\)$")


def _code(t, where: str) -> int:
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


def _pairs(text: str, where: str) -> list[int]:
    digits = re.sub(r"[a-z]", "", text)
    if len(digits) % 2 or not digits.isdigit():
        raise bad_record(where, "bad_call", f"{text!r} is not a call of Tenhou's JSON log.")
    return [_code(int(digits[i:i + 2]), where) for i in range(0, len(digits), 2)]


def _letter(text: str, where: str) -> tuple[str, int, int]:
    """The call letter, its place in the string and the tile after it."""
    m = re.search(r"[a-z]", text)
    if m is None or not re.fullmatch(r"\d*[a-z]\d+", text):
        raise bad_record(where, "bad_call", f"{text!r} is not a call of Tenhou's JSON log.")
    pos = m.start()
    return m.group(), pos, _code(int(text[pos + 1:pos + 3]), where)


def _relative(letter: str, pos: int, seat: int, n: int) -> int:
    """The seat called from: the letter first = the seat before (kamicha), in the middle = across, last = after."""
    if letter == "c" or pos == 0:
        return (seat - 1) % n
    if pos == 2:
        return (seat + 2) % n if n == 4 else (seat + 1) % n
    return (seat + 1) % n


def read_tenhou6(data: dict) -> GameRecord:
    base = "record/data"
    log = data.get("log")
    if not isinstance(log, list) or not 1 <= len(log) <= MAX_HANDS:
        raise bad_record(f"{base}/log", "invalid_record", f"log: a list of 1-{MAX_HANDS} deals.")
    names = data.get("name")
    n = 4
    rule = data.get("rule") if isinstance(data.get("rule"), dict) else {}
    if "三" in str(rule.get("disp", "")) or (isinstance(names, list) and len(names) == 3):
        raise bad_record(f"{base}/name", "three_players_not_read", "A three-player tenhou.6 log is not read (no "
                         "three-player log in this format has been checked against Tenhou's XML, and it writes "
                         "kita its own way): send the game as tenhou.mjlog or outcomes.")
    if not isinstance(names, list) or len(names) != n or not all(isinstance(x, str) for x in names):
        raise bad_record(f"{base}/name", "invalid_players", "name: the four players' names, seat 0 first.")
    red = bool(rule.get("aka") or rule.get("aka51") or rule.get("aka52") or rule.get("aka53"))
    disp = str(rule.get("disp", ""))
    length = "east_south" if "南" in disp else "east_only" if "東" in disp else None
    flags = RecordFlags(red, length, n, ("喰" in disp) if disp else None)
    hands = tuple(_deal(h, f"{base}/log/{i}", n, red) for i, h in enumerate(log))
    final = None
    sc = data.get("sc")
    if isinstance(sc, list) and len(sc) == 2 * n and all(isinstance(x, (int, float)) for x in sc):
        final = (tuple(int(x) for x in sc[0::2]), tuple(sc[1::2]))
    players = tuple(x if x else f"player {i}" for i, x in enumerate(names))
    return GameRecord("tenhou.6", players, flags, hands, final)


def _list(value, where: str, n: int | None = None, what: str = "a list") -> list:
    if not isinstance(value, list) or (n is not None and len(value) != n):
        code = "wrong_player_count" if isinstance(value, list) else "invalid_record"
        raise bad_record(where, code, f"Expected {what}" + (f" of {n}" if n is not None else "") +
                         (f", got {len(value)}." if isinstance(value, list) else "."))
    return value


def _numbers(value, where: str, n: int) -> list:
    """Points per seat: n integers."""
    value = _list(value, where, n, "points, one per seat")
    if not all(isinstance(x, int) and not isinstance(x, bool) and abs(x) <= 10 ** 9 for x in value):
        raise bad_record(where, "invalid_record", f"Points per seat must be {n} integers.")
    return value


def _deal(h, at: str, n: int, red: bool) -> HandRecord:
    h = _list(h, at, 4 + 3 * n + 1, "a deal: header, scores, dora, ura, three lists per seat and the result")
    head = _list(h[0], f"{at}/0", 3, "[round, honba, sticks]")
    if not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 1000 for x in head):
        raise bad_record(f"{at}/0", "invalid_record", "[round, honba, sticks]: three small integers.")
    scores = _numbers(h[1], f"{at}/1", n)

    def tiles(v, where):
        return tuple(_plain(_code(t, f"{where}/{i}"), red) for i, t in enumerate(_list(v, where)))

    dora, ura = tiles(h[2], f"{at}/2"), tiles(h[3], f"{at}/3")
    dealt = tuple(tiles(h[4 + 3 * s], f"{at}/{4 + 3 * s}") for s in range(n))
    for s, d in enumerate(dealt):
        if len(d) != 13:
            raise bad_record(f"{at}/{4 + 3 * s}", "wrong_tile_count", f"Seat {s} is dealt {len(d)} tiles, not 13.")
    takes = [list(_list(h[5 + 3 * s], f"{at}/{5 + 3 * s}")) for s in range(n)]
    gives = [list(_list(h[6 + 3 * s], f"{at}/{6 + 3 * s}")) for s in range(n)]
    end, deltas = _result(h[-1], f"{at}/{len(h) - 1}", n, dora, ura)
    events = _interleave(takes, gives, head[0] % n, n, at, red, end)
    return HandRecord(at, tuple(head), tuple(scores), dealt, dora[:1], tuple(events), end, recorded_deltas=deltas,
                      ura=ura)


def _plain(code: int, red: bool) -> int:
    return code if red or code < 34 else 4 + 9 * (code - 34)


def _interleave(takes, gives, dealer: int, n: int, at: str, red: bool, end: HandEnd) -> list:
    ti, gi = [0] * n, [0] * n
    events: list = []
    seat, drawn = dealer, None

    def where(s, taken: bool):
        return f"{at}/{(5 if taken else 6) + 3 * s}/{ti[s] if taken else gi[s]}"

    def next_take(s):
        return takes[s][ti[s]] if ti[s] < len(takes[s]) else None

    def claimer(discarder: int, tile: int):
        for k in range(1, n):
            s = (discarder + k) % n
            t = next_take(s)
            if isinstance(t, str) and t[:1] != "c" and re.search(r"[pm]", t):
                letter, pos, called = _letter(t, where(s, True))
                if _relative(letter, pos, s, n) == discarder and _kind(called) == _kind(tile):
                    return s
        s = (discarder + 1) % n
        t = next_take(s)
        if isinstance(t, str) and t[:1] == "c" and _kind(_letter(t, where(s, True))[2]) == _kind(tile):
            return s
        return None

    must_draw = True
    for _ in range(400):
        if must_draw:
            t = next_take(seat)
            if t is None:
                break
            if isinstance(t, str):
                raise bad_record(where(seat, True), "call_out_of_turn", f"{t!r} is taken where a draw was due.")
            drawn = _plain(_code(t, where(seat, True)), red)
            events.append(Draw(seat, drawn))
            ti[seat] += 1
        if gi[seat] >= len(gives[seat]):
            break
        g = gives[seat][gi[seat]]
        w = where(seat, False)
        gi[seat] += 1
        if isinstance(g, str) and re.search(r"[ak]", g):
            letter, pos, added = _letter(g, w)
            if letter == "a":
                tiles = tuple(_plain(t, red) for t in _pairs(g, w))
                events.append(Call(seat, "closed_kan", tiles, tiles[-1]))
            elif letter == "k":
                added = _plain(added, red)
                events.append(Call(seat, "added_kan", (), added, _relative("p", pos, seat, n)))
            else:
                raise bad_record(w, "bad_call", f"{g!r} is not a discard.")
            if _ends_here(takes, gives, ti, gi):
                break
            must_draw = True
            continue
        riichi = isinstance(g, str) and g[:1] == "r"
        if isinstance(g, str) and not riichi:
            raise bad_record(w, "bad_call", f"{g!r} is not a discard.")
        value = int(g[1:]) if riichi and g[1:].isdigit() else g
        if value == 0 and not riichi:
            raise bad_record(w, "bad_discard", "A 0 (the slot of an open kan) where a discard was due.")
        tile = drawn if value == TSUMOGIRI else _plain(_code(value, w), red)
        if tile is None:
            raise bad_record(w, "bad_discard", "60 (the tile just drawn) before any draw.")
        events.append(Discard(seat, tile, riichi, value == TSUMOGIRI))
        ended = _ends_here(takes, gives, ti, gi)
        if riichi and not (ended and end.kind == "win" and end.wins and end.wins[0].from_seat == seat
                           and end.wins[0].winner != seat):
            events.append(RiichiAccepted(seat))
        if ended:
            break
        s = claimer(seat, tile)
        if s is None:
            seat, must_draw = (seat + 1) % n, True
            continue
        t = takes[s][ti[s]]
        w = where(s, True)
        ti[s] += 1
        letter, pos, called = _letter(t, w)
        tiles = tuple(_plain(x, red) for x in _pairs(t, w))
        kind = {"c": "chi", "p": "pon", "m": "open_kan"}[letter]
        events.append(Call(s, kind, tiles, _plain(called, red), seat))
        seat = s
        if kind == "open_kan":
            if gi[s] < len(gives[s]) and gives[s][gi[s]] == 0:
                gi[s] += 1
            must_draw = True
        else:
            must_draw = False
    return events


def _kind(code: int) -> int:
    return code if code < 34 else 4 + 9 * (code - 34)


def _ends_here(takes, gives, ti, gi) -> bool:
    return all(ti[s] >= len(takes[s]) for s in range(len(takes))) and all(
        gi[s] >= len(gives[s]) for s in range(len(gives)))


def _result(r, at: str, n: int, dora, ura):
    r = _list(r, at, None)
    if not r or not isinstance(r[0], str):
        raise bad_record(at, "invalid_result", "The result entry starts with its name (和了, 流局, ...).")
    name = r[0]
    if name == "和了":
        if len(r) < 3 or len(r) % 2 == 0:
            raise bad_record(at, "invalid_result", "和了 is followed by (deltas, details) per winner.")
        wins, total = [], [0] * n
        for k in range(1, len(r), 2):
            d = _numbers(r[k], f"{at}/{k}", n)
            total = [a + b for a, b in zip(total, d)]
            wins.append(_win(_list(r[k + 1], f"{at}/{k + 1}"), f"{at}/{k + 1}", n, dora, ura))
        return HandEnd("win", tuple(wins)), tuple(total)
    if name in DRAWS:
        deltas = tuple(_numbers(r[1], f"{at}/1", n)) if len(r) > 1 else (0,) * n
        return HandEnd(DRAWS[name]), deltas
    if name in ABORTIVE:
        return HandEnd("abortive_draw", reason=ABORTIVE[name]), (0,) * n
    raise bad_record(at, "invalid_result", f"{name!r} is not a result of Tenhou's JSON log.")


def _win(d, at: str, n: int, dora, ura) -> WinEnd:
    if len(d) < 4 or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < n for x in d[:3]):
        raise bad_record(at, "invalid_result", "A win's details start with winner, from and liable seat.")
    who, src, pao = d[:3]
    m = _TEXT.match(str(d[3]))
    fu = han = points = limit = None
    if m:
        fu = int(m.group(1)) if m.group(1) else None
        han = int(m.group(2)) if m.group(2) else None
        limit = LIMITS.get(m.group(3))
        a, b = int(m.group(4)), m.group(5)
        points = a * 3 if m.group(6) else (2 * a + int(b) if b else a)
    yaku, yakuman = [], []
    for text in d[4:]:
        y = _YAKU.match(str(text))
        if not y:
            continue
        ident = JA_TO_ID.get(y.group(1), y.group(1))
        if y.group(2) is None:
            yakuman.append(ident)
        elif int(y.group(2)):
            yaku.append((ident, int(y.group(2))))
    if han is None:
        han = 13 * len(yakuman) if yakuman else sum(h for _, h in yaku)
    rec = RecordedWin(han, fu, points, tuple(yaku), tuple(yakuman), limit)
    return WinEnd(who, src, pao if pao != who else None, rec, tuple(dora), tuple(ura))
