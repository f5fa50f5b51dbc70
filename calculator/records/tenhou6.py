"""The tenhou.net/6 JSON log (format `tenhou.6`) read into a GameRecord, four or three players.

Input: the JSON object (`name`, `rule`, `log`, optional `title`, `sc`): Tenhou's own style (`aka51`-`aka53`)
or a viewer's (`title`, `rule.aka`). Each deal lists per seat the dealt tiles, the tiles taken and the
tiles given (calculator.records.tenhou6_play reads them into one event stream). A three-player log keeps
Tenhou's four-seat layout with the fourth seat empty (name "", score 0, no tiles, a 0 in every list of
points), numbers its deals four to a round as Tenhou does (South 1 is 4) and writes a north set aside as
"f44" among the tiles given; it is told by `rule.disp` (三...) or by that empty fourth seat. Output: a
GameRecord (three players: seats 0-2, deals numbered three to a round); InvalidHand at the place in the
record (`log/H/...`) of a deal that cannot be read.
"""
from __future__ import annotations

import re

from calculator.records.model import (GameRecord, HandEnd, HandRecord, RecordedWin, RecordFlags, Source, WinEnd,
                                      bad_record)
from calculator.records.tenhou6_play import interleave, plain, tile_code
from calculator.records.tenhou_common import JA_TO_ID, TABLE_SEATS

ABORTIVE = {"九種九牌": "kyuushu_kyuuhai", "四風連打": "suufon_renda", "四家立直": "suucha_riichi",
            "三家和了": "sanchahou", "四槓散了": "suukaikan", "四開槓": "suukaikan"}
DRAWS = {"流局": "exhaustive_draw", "全員聴牌": "exhaustive_draw", "全員不聴": "exhaustive_draw",
         "流し満貫": "nagashi_mangan"}
LIMITS = {"満貫": "mangan", "跳満": "haneman", "倍満": "baiman", "三倍満": "sanbaiman", "役満": "yakuman"}
MAX_HANDS = 200
DEAL_LENGTH = 4 + 3 * TABLE_SEATS + 1
_TEXT = re.compile(r"^(?:(\d+)符)?(?:(\d+)飜)?(満貫|跳満|倍満|三倍満|役満)?(\d+)(?:-(\d+))?点(∀)?")
_YAKU = re.compile(r"^(.*)\((?:(\d+)飜|役満)\)$")
EMPTY_SEAT = ("A three-player tenhou.6 log keeps the fourth seat of Tenhou's table empty: name \"\", score 0, "
              "no tiles dealt, taken or given, and 0 in every list of points.")


def _room(data: dict) -> str:
    """The room's name (rule.disp, e.g. 鳳南喰赤), or "" where the log gives none (no rule, no disp, null)."""
    rule = data.get("rule")
    disp = rule.get("disp") if isinstance(rule, dict) else None
    if disp is None or isinstance(disp, str):
        return disp or ""
    raise bad_record("rule/disp", "invalid_record", "rule.disp: the room's name as text (such as 鳳南喰赤), or "
                     f"null; got {disp!r:.40}.")


def _players(data: dict, log: list, disp: str) -> int:
    """3 when the room's name says three players (三) or the first deal leaves the fourth seat without tiles."""
    first = log[0]
    empty = isinstance(first, list) and len(first) == DEAL_LENGTH and first[4 + 3 * 3] == []
    names = data.get("name")
    if not isinstance(names, list) or len(names) != TABLE_SEATS or not all(isinstance(x, str) for x in names):
        raise bad_record("name", "invalid_players", "name: the four players' names, seat 0 first (three "
                         "players: the fourth name is \"\").")
    if "三" in disp or empty:
        if names[3]:
            raise bad_record("name/3", "fourth_seat_not_empty", f"The fourth name is {names[3]!r}. "
                             + EMPTY_SEAT)
        return 3
    return 4


def read_tenhou6(data: dict) -> GameRecord:
    log = data.get("log")
    if not isinstance(log, list) or not 1 <= len(log) <= MAX_HANDS:
        raise bad_record("log", "invalid_record", f"log: a list of 1-{MAX_HANDS} deals.")
    disp = _room(data)
    n = _players(data, log, disp)
    names = data["name"]
    rule = data.get("rule") if isinstance(data.get("rule"), dict) else {}
    red = bool(rule.get("aka") or rule.get("aka51") or rule.get("aka52") or rule.get("aka53"))
    length = "east_south" if "南" in disp else "east_only" if "東" in disp else None
    flags = RecordFlags(red, length, n, ("喰" in disp) if disp else None)
    hands = tuple(_deal(h, f"log/{i}", n, red) for i, h in enumerate(log))
    final = None
    sc = data.get("sc")
    if isinstance(sc, list) and len(sc) == 2 * TABLE_SEATS and all(
            isinstance(x, (int, float)) and not isinstance(x, bool) for x in sc):
        for i, x in enumerate(sc):
            if not abs(x) < 10 ** 9:     # NaN and Infinity too (JSON has neither; a lenient encoder writes them)
                raise bad_record(f"sc/{i}", "invalid_record", f"sc: each seat's final score and points, numbers "
                                 f"below 10^9 in size; got {x}.")
        if n < TABLE_SEATS and any(sc[2 * n:]):
            raise bad_record("sc", "fourth_seat_not_empty", f"sc ends {sc[2 * n:]}. " + EMPTY_SEAT)
        final = (tuple(int(x) for x in sc[0:2 * n:2]), tuple(sc[1:2 * n:2]))
    players = tuple(x if x else f"player {i}" for i, x in enumerate(names[:n]))
    return GameRecord("tenhou.6", players, flags, hands, final, source=Source(tuple(names), room=disp or None))


def _list(value, where: str, n: int | None = None, what: str = "a list") -> list:
    if not isinstance(value, list) or (n is not None and len(value) != n):
        code = "wrong_player_count" if isinstance(value, list) else "invalid_record"
        raise bad_record(where, code, f"Expected {what}" + (f" of {n}" if n is not None else "") +
                         (f", got {len(value)}." if isinstance(value, list) else "."))
    return value


def _numbers(value, where: str, n: int) -> list:
    """Points per seat: four integers (three players: the fourth 0), the first n kept."""
    value = _list(value, where, TABLE_SEATS, "points, one per seat of the four-seat table")
    if not all(isinstance(x, int) and not isinstance(x, bool) and abs(x) <= 10 ** 9 for x in value):
        raise bad_record(where, "invalid_record", f"Points per seat must be {TABLE_SEATS} integers.")
    if any(value[n:]):
        raise bad_record(f"{where}/{n}", "fourth_seat_not_empty", f"The fourth seat has {value[n]}. " + EMPTY_SEAT)
    return value[:n]


def _deal(h, at: str, n: int, red: bool) -> HandRecord:
    h = _list(h, at, DEAL_LENGTH, "a deal: header, scores, dora, ura, three lists per seat and the result")
    head = _list(h[0], f"{at}/0", 3, "[round, honba, sticks]")
    if not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 1000 for x in head):
        raise bad_record(f"{at}/0", "invalid_record", "[round, honba, sticks]: three small integers.")
    if head[0] % TABLE_SEATS >= n:
        raise bad_record(f"{at}/0/0", "invalid_record", f"Deal {head[0]}: a three-player log numbers its deals "
                         "four to a round as Tenhou does (East 1-3 are 0-2, South 1-3 are 4-6), so no deal is "
                         "3, 7, 11 or 15.")
    kyoku = head[0] // TABLE_SEATS * n + head[0] % TABLE_SEATS
    scores = _numbers(h[1], f"{at}/1", n)

    def tiles(v, where):
        return tuple(plain(tile_code(t, f"{where}/{i}"), red) for i, t in enumerate(_list(v, where)))

    dora, ura = tiles(h[2], f"{at}/2"), tiles(h[3], f"{at}/3")
    if not dora:
        raise bad_record(f"{at}/2", "invalid_record", "A deal starts with one dora indicator: list it first among "
                         "the indicators (then the kan dora turned over).")
    for c in range(4 + 3 * n, 4 + 3 * TABLE_SEATS):
        if h[c] != []:
            raise bad_record(f"{at}/{c}", "fourth_seat_not_empty", f"The fourth seat has {str(h[c])[:40]}. "
                             + EMPTY_SEAT)
    dealt = tuple(tiles(h[4 + 3 * s], f"{at}/{4 + 3 * s}") for s in range(n))
    for s, d in enumerate(dealt):
        if len(d) != 13:
            raise bad_record(f"{at}/{4 + 3 * s}", "wrong_tile_count", f"Seat {s} is dealt {len(d)} tiles, not 13.")
    takes = [list(_list(h[5 + 3 * s], f"{at}/{5 + 3 * s}")) for s in range(n)]
    gives = [list(_list(h[6 + 3 * s], f"{at}/{6 + 3 * s}")) for s in range(n)]
    end, deltas = _result(h[-1], f"{at}/{len(h) - 1}", n, dora, ura)
    events = interleave(takes, gives, kyoku % n, n, at, red, end, dora[1:])
    return HandRecord(at, (kyoku, head[1], head[2]), tuple(scores), dealt, dora[:1], tuple(events), end,
                      recorded_deltas=deltas, ura=ura)


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
            win = _win(_list(r[k + 1], f"{at}/{k + 1}"), f"{at}/{k + 1}", n, dora, ura)
            wins.append(win._replace(deltas=tuple(d)))
        return HandEnd("win", tuple(wins)), tuple(total)
    if name in DRAWS:
        deltas = tuple(_numbers(r[1], f"{at}/1", n)) if len(r) > 1 else (0,) * n
        shown = tuple(range(n)) if name == "全員聴牌" else () if name == "全員不聴" else None
        return HandEnd(DRAWS[name], shown=shown), deltas
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
        points = a * (n - 1) if m.group(6) else ((n - 2) * a + int(b) if b else a)   # a-b: non-dealers, dealer
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
    rec = RecordedWin(han, fu, points, tuple(yaku), tuple(yakuman), limit, f"{at}/3")
    return WinEnd(who, src, pao if pao != who else None, rec, tuple(dora), tuple(ura))
