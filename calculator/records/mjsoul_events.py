"""The events of a Mahjong Soul record (calculator.records.mjsoul) read deal by deal into HandRecords.

Input: the record's events as (place in the record, name, data), in order. Output: HandRecords whose events are the
neutral model's (Draw, Discard, Call, Kita, Indicator, RiichiAccepted), each with the place of the entry
it comes from (HandRecord.places, one more for the deal's end), or InvalidHand at that entry's field.
- RecordNewRound (`chang` round, `ju` dealer seat, `ben` honba, `liqibang` sticks, `scores`, `tiles0`-`tiles3`
  the dealt tiles, the dealer's fourteenth as his first draw, `doras`): a deal begins.
- RecordDealTile (`seat`, `tile`), RecordDiscardTile (`seat`, `tile`, `is_liqi` / `is_wliqi`: riichi; its stick
  goes down unless the next event is a win on it or the triple-ron abort), RecordChiPengGang (`type` 0 chi,
  1 pon, 2 open kan; `tiles`, `froms`: the seat each tile came from), RecordAnGangAddGang (`type` 3 closed
  kan, 2 added kan; `tiles`: the one tile kind), RecordBaBei (`seat`: a north set aside, three players).
  A `doras` list that grows on any of them turns over a kan dora indicator.
- RecordHule (`hules`: per winner `seat`, `zimo`, `hu_tile`, `doras`, `li_doras`, `count` han, `fu`,
  `fans` [{id, val}], `yiman`, `point_rong` / `point_zimo_qin` / `point_zimo_xian`; `delta_scores`),
  RecordNoTile (`liujumanguan`, `players[].tingpai`, `scores[].delta_scores`), RecordLiuJu (`type` 1 nine
  terminals, 2 four winds, 3 four kans, 4 four riichi, 5 triple ron): the deal ends.
A ron is taken from the seat whose discard, kan or north came last.
"""
from __future__ import annotations

import re

from calculator.core.tiles import KIND, NORTH, name as tile_name
from calculator.records.model import (Call, Discard, Draw, HandEnd, HandRecord, Indicator, Kita, RecordedWin,
                                      RiichiAccepted, WinEnd, bad_record)

PREFIX = ".lq."
LIUJU = {1: "kyuushu_kyuuhai", 2: "suufon_renda", 3: "suukaikan", 4: "suucha_riichi", 5: "sanchahou"}
CALLS = {0: "chi", 1: "pon", 2: "open_kan"}
MAX_HANDS = 200
_TILE = re.compile(r"([0-9])([mpsz])")
# Mahjong Soul's fan ids (its client's fan table) as the API's yaku ids; an id not listed reads mahjong_soul_<id>
FANS = dict(enumerate((
    None, "menzen_tsumo", "riichi", "chankan", "rinshan_kaihou", "haitei", "houtei", "haku", "hatsu", "chun",
    "seat_wind", "round_wind", "tanyao", "iipeikou", "pinfu", "chanta", "ittsu", "sanshoku_doujun",
    "double_riichi", "sanshoku_doukou", "sankantsu", "toitoi", "sanankou", "shousangen", "honroutou",
    "chiitoitsu", "junchan", "honitsu", "ryanpeikou", "chinitsu", "ippatsu", "dora", "aka_dora", "ura_dora",
    "kita", "tenhou", "chiihou", "daisangen", "suuankou", "tsuuiisou", "ryuuiisou", "chinroutou",
    "kokushi_musou", "shousuushii", "suukantsu", "chuuren_poutou", "paarenchan", "junsei_chuuren_poutou",
    "suuankou_tanki", "kokushi_musou_13", "daisuushii")))
FANS[59] = "renhou"
LIMIT_BASE = {2000: "mangan", 3000: "haneman", 4000: "baiman", 6000: "sanbaiman"}


def lookup(table: dict, value):
    """table[value], or None for a value that is no key (a list or an object where a number belongs included)."""
    return table.get(value) if isinstance(value, (int, str)) and not isinstance(value, bool) else None


def integer(value, at: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10 ** 9:
        raise bad_record(at, "invalid_record", f"Expected an integer, got {value!r}.")
    return value


def tile(value, at: str, red: bool = True) -> int:
    """An MPSZ tile string (`0m` a red five) as a tile code; a red five without red fives is a plain five.

    >>> tile("1m", "x"), tile("0p", "x"), tile("0p", "x", red=False), tile("7z", "x")
    (0, 35, 13, 33)
    """
    m = _TILE.fullmatch(value) if isinstance(value, str) else None
    if m is None or (m.group(2) == "z" and not "1" <= m.group(1) <= "7"):
        raise bad_record(at, "unknown_tile", f"{value!r} is not a tile: 1m-9m, 1p-9p, 1s-9s, 1z-7z, 0m/0p/0s for "
                         "a red five.")
    digit, suit = int(m.group(1)), "mpsz".index(m.group(2))
    if digit == 0:
        return 34 + suit if red else 9 * suit + 4
    return 9 * suit + digit - 1


def tiles(value, at: str, red: bool = True) -> list[int]:
    if not isinstance(value, list):
        raise bad_record(at, "invalid_record", "Expected a list of tiles.")
    return [tile(t, f"{at}/{i}", red) for i, t in enumerate(value)]


class DealReader:
    """Reads the events once; one instance per record."""

    def __init__(self, n: int, red: bool, testing: bool = False):
        self.n, self.red, self.testing = n, red, testing
        self.hands: list[HandRecord] = []
        self.cur: dict | None = None

    def read(self, entries) -> tuple:
        handlers = {"RecordNewRound": self.new_round, "RecordDealTile": self.deal_tile,
                    "RecordDiscardTile": self.discard_tile, "RecordChiPengGang": self.chi_peng_gang,
                    "RecordAnGangAddGang": self.an_gang_add_gang, "RecordBaBei": self.ba_bei,
                    "RecordHule": self.hule, "RecordNoTile": self.no_tile, "RecordLiuJu": self.liu_ju}
        last_at = "data"
        for at, name, data in entries:
            short = name[len(PREFIX):] if name.startswith(PREFIX) else name
            handler = handlers.get(short)
            if handler is None:
                raise bad_record(f"{at}/name", "unknown_event", f"{name!r} is not an event this reader replays "
                                 f"(.lq.{', .lq.'.join(handlers)}): a special game mode, or not a Mahjong Soul "
                                 "record.")
            if short != "RecordNewRound":
                if self.cur is None:
                    raise bad_record(at, "event_before_deal", f"{name} comes before the first RecordNewRound.")
                if self.cur["end"] is not None:
                    raise bad_record(at, "event_after_hand_end", f"{name} follows the end of the deal.")
            self._riichi_stick(short, data)
            handler(at, data)
            last_at = at
        if self.cur is None:
            raise bad_record(last_at, "no_hands", "The record has no deal (.lq.RecordNewRound).")
        self._close(last_at)
        return tuple(self.hands)

    # --- helpers ---

    def seat(self, data: dict, at: str, key: str = "seat") -> int:
        s = integer(data.get(key, 0), f"{at}/data/{key}")
        if not 0 <= s < self.n:
            raise bad_record(f"{at}/data/{key}", "no_such_seat", f"Seat {s}: this game has seats 0-{self.n - 1}.")
        return s

    def per_seat(self, value, at: str) -> tuple:
        """Points by seat: n integers (a three-player record may write a fourth seat of 0)."""
        if isinstance(value, list) and self.n == 3 and len(value) == 4 and value[3] == 0:
            value = value[:3]
        if not isinstance(value, list) or len(value) != self.n:
            raise bad_record(at, "wrong_player_count", f"Expected {self.n} numbers, one per seat.")
        return tuple(integer(v, f"{at}/{i}") for i, v in enumerate(value))

    def add(self, event, at: str) -> None:
        self.cur["events"].append(event)
        self.cur["places"].append(at)

    def _indicators(self, data: dict, at: str) -> None:
        """A `doras` list longer than the indicators seen so far: the new ones are kan dora turned over."""
        doras = data.get("doras")
        if isinstance(doras, list) and len(doras) > self.cur["dora_count"]:
            for i in range(self.cur["dora_count"], len(doras)):
                self.add(Indicator(tile(doras[i], f"{at}/data/doras/{i}", self.red)), at)
            self.cur["dora_count"] = len(doras)

    def _riichi_stick(self, short: str, data: dict) -> None:
        """The stick of the last riichi discard goes down, unless a win on it (or the triple-ron abort) ends
        the deal: then it never went down."""
        cur = self.cur
        if cur is None or cur["declared"] is None:
            return
        seat, at = cur["declared"]
        cur["declared"] = None
        if short == "RecordHule" or (short == "RecordLiuJu" and data.get("type") == 5):
            return
        self.add(RiichiAccepted(seat), at)

    def take(self, seat: int, code: int) -> None:
        """The reader's own count of a seat's concealed tiles (for the tiles of a closed or added kan)."""
        held = self.cur["held"][seat]
        if code in held:
            held.remove(code)

    def _close(self, at: str) -> None:
        cur = self.cur
        if cur["end"] is None:
            raise bad_record(at, "hand_without_end", "The record stops in the middle of a deal (no RecordHule, "
                             "RecordNoTile or RecordLiuJu after its last event): a truncated record.")
        self.hands.append(HandRecord(cur["where"], cur["header"], cur["scores"], tuple(map(tuple, cur["dealt"])),
                                     cur["dora"], tuple(cur["events"]), cur["end"],
                                     recorded_deltas=cur["deltas"], places=tuple(cur["places"] + [cur["end_at"]])))

    # --- events ---

    def new_round(self, at: str, data: dict) -> None:
        if self.cur is not None:
            self._close(at)
        if len(self.hands) >= MAX_HANDS:
            raise bad_record(at, "record_too_long", f"More than {MAX_HANDS} deals: no game is that long.")
        chang = integer(data.get("chang", 0), f"{at}/data/chang")
        dealer = self.seat(data, at, "ju")
        header = (chang * self.n + dealer, integer(data.get("ben", 0), f"{at}/data/ben"),
                  integer(data.get("liqibang", 0), f"{at}/data/liqibang"))
        scores = self.per_seat(data.get("scores"), f"{at}/data/scores")
        dealt = [tiles(data.get(f"tiles{s}"), f"{at}/data/tiles{s}", self.red) for s in range(self.n)]
        for s, d in enumerate(dealt):
            want = 14 if s == dealer else 13
            if len(d) != want:
                raise bad_record(f"{at}/data/tiles{s}", "wrong_tile_count", f"Seat {s} is dealt {len(d)} tiles, "
                                 f"not {want} (the dealer 14, the others 13).")
        doras = data.get("doras") if "doras" in data else [data.get("dora")]
        dora = tiles(doras, f"{at}/data/doras", self.red)
        if not dora:
            raise bad_record(f"{at}/data/doras", "invalid_record", "A deal starts with one dora indicator.")
        self._copies(dealt, dora, at)
        first = dealt[dealer].pop()
        self.cur = {"where": at, "header": header, "scores": scores, "dealt": dealt, "dora": tuple(dora[:1]),
                    "events": [], "places": [], "end": None, "end_at": at, "deltas": None, "dora_count": len(dora),
                    "held": [list(d) for d in dealt], "last": None, "declared": None, "dealer": dealer}
        self.add(Draw(dealer, first), at)
        for extra in dora[1:]:
            self.add(Indicator(extra), at)
        self.cur["held"][dealer].append(first)

    def _copies(self, dealt, dora, at: str) -> None:
        counts = [0] * 34
        for field, codes in [(f"tiles{s}", d) for s, d in enumerate(dealt)] + [("doras", dora)]:
            for c in codes:
                counts[KIND[c]] += 1
                if counts[KIND[c]] > 4:
                    why = (" This game was played in Mahjong Soul's testing environment (head.config.mode."
                           "testing_environment), whose walls are set by hand: it is no game under any rules."
                           if self.testing else "")
                    raise bad_record(f"{at}/data/{field}", "too_many_copies", f"A fifth copy of "
                                     f"{tile_name(c)} among the dealt tiles and indicators: a tile has four "
                                     f"copies.{why}")

    def deal_tile(self, at: str, data: dict) -> None:
        s = self.seat(data, at)
        code = tile(data.get("tile"), f"{at}/data/tile", self.red)
        self.add(Draw(s, code), at)
        self.cur["held"][s].append(code)
        self._indicators(data, at)

    def discard_tile(self, at: str, data: dict) -> None:
        s = self.seat(data, at)
        code = tile(data.get("tile"), f"{at}/data/tile", self.red)
        riichi = bool(data.get("is_liqi")) or bool(data.get("is_wliqi"))
        self.add(Discard(s, code, riichi), at)
        self.take(s, code)
        self.cur["last"] = s
        if riichi:
            self.cur["declared"] = (s, at)
        self._indicators(data, at)

    def chi_peng_gang(self, at: str, data: dict) -> None:
        s = self.seat(data, at)
        kind = lookup(CALLS, data.get("type", 0))
        if kind is None:
            raise bad_record(f"{at}/data/type", "bad_call", "A call's type is 0 (chi), 1 (pon) or 2 (open kan).")
        codes = tiles(data.get("tiles"), f"{at}/data/tiles", self.red)
        froms = data.get("froms")
        if len(codes) != (4 if kind == "open_kan" else 3) or not isinstance(froms, list) or len(froms) != len(codes):
            raise bad_record(f"{at}/data/tiles", "bad_call", f"A {kind} has {4 if kind == 'open_kan' else 3} "
                             "tiles, each with its seat in `froms`.")
        others = [i for i, f in enumerate(froms) if integer(f, f"{at}/data/froms") != s]
        if len(others) != 1 or not 0 <= froms[others[0]] < self.n:
            raise bad_record(f"{at}/data/froms", "bad_call", "Exactly one tile of a call comes from another seat.")
        called = codes[others[0]]
        if not _meld_shape(kind, codes):
            raise bad_record(f"{at}/data/tiles", "bad_call", f"{data.get('tiles')} is no {kind}: a chi is three "
                             "tiles of one suit in a row, a pon three and a kan four of one kind.")
        self.add(Call(s, kind, tuple(codes), called, froms[others[0]]), at)
        for i, c in enumerate(codes):
            if i != others[0]:
                self.take(s, c)
        self._indicators(data, at)

    def an_gang_add_gang(self, at: str, data: dict) -> None:
        s = self.seat(data, at)
        value = data.get("tiles")
        value = value[0] if isinstance(value, list) and len(value) == 1 else value
        code = tile(value, f"{at}/data/tiles", self.red)
        held = self.cur["held"][s]
        same = [c for c in held if KIND[c] == KIND[code]]
        kind = data.get("type", 0)
        if kind == 3:
            four = tuple(same) if len(same) == 4 else (code,) * 4
            self.add(Call(s, "closed_kan", four, four[-1]), at)
            for c in four:
                self.take(s, c)
        elif kind == 2:
            added = code if code in same or not same else same[0]
            self.add(Call(s, "added_kan", (), added), at)
            self.take(s, added)
        else:
            raise bad_record(f"{at}/data/type", "bad_call", "RecordAnGangAddGang's type is 3 (closed kan) or 2 "
                             "(added kan).")
        self.cur["last"] = s
        self._indicators(data, at)

    def ba_bei(self, at: str, data: dict) -> None:
        if self.n != 3:
            raise bad_record(at, "kita_in_four_player", "A north set aside (RecordBaBei) happens only in "
                             "three-player games; this record has four players.")
        s = self.seat(data, at)
        self.add(Kita(s, NORTH), at)
        self.take(s, NORTH)
        self.cur["last"] = s
        self._indicators(data, at)

    def _end(self, at: str, end: HandEnd, deltas) -> None:
        self.cur["end"], self.cur["end_at"], self.cur["deltas"] = end, at, deltas

    def hule(self, at: str, data: dict) -> None:
        hules = data.get("hules")
        if not isinstance(hules, list) or not hules:
            raise bad_record(f"{at}/data/hules", "invalid_result", "RecordHule lists each win in `hules`.")
        wins = tuple(self._win(h, f"{at}/data/hules/{j}") for j, h in enumerate(hules))
        deltas = self.per_seat(data["delta_scores"], f"{at}/data/delta_scores") if "delta_scores" in data else None
        self._end(at, HandEnd("win", wins), deltas)

    def _win(self, h, at: str) -> WinEnd:
        if not isinstance(h, dict):
            raise bad_record(at, "invalid_result", "Each win is an object {seat, zimo, hu_tile, ...}.")
        cur = self.cur
        s = self._seat_at(h, at)
        zimo = bool(h.get("zimo"))
        hu = tile(h.get("hu_tile"), f"{at}/hu_tile", self.red)
        if zimo:
            self._first_draw_is(s, hu)
            src = s
        elif cur["last"] is None:
            raise bad_record(at, "ron_on_nothing", "A ron before any discard, kan or north.")
        else:
            src = cur["last"]
        dora = tuple(tiles(h.get("doras", []), f"{at}/doras", self.red)) or None
        ura = tuple(tiles(h.get("li_doras", []), f"{at}/li_doras", self.red))
        return WinEnd(s, src, None, self._recorded(h, at, s == cur["dealer"], zimo), dora, ura)

    def _seat_at(self, h: dict, at: str) -> int:
        s = integer(h.get("seat", 0), f"{at}/seat")
        if not 0 <= s < self.n:
            raise bad_record(f"{at}/seat", "no_such_seat", f"Seat {s}: this game has seats 0-{self.n - 1}.")
        return s

    def _first_draw_is(self, s: int, hu: int) -> None:
        """A dealer's win on his dealt tiles (tenhou): the winning tile is the one the record names."""
        cur = self.cur
        ev = cur["events"]
        if (s == cur["dealer"] and all(type(e) is Indicator for e in ev[1:]) and ev[0].tile != hu
                and hu in cur["dealt"][s]):
            cur["dealt"][s].remove(hu)
            cur["dealt"][s].append(ev[0].tile)
            ev[0] = Draw(s, hu)

    def _recorded(self, h: dict, at: str, dealer: bool, zimo: bool) -> RecordedWin:
        fans = h.get("fans", [])
        if not isinstance(fans, list) or not all(isinstance(f, dict) for f in fans):
            raise bad_record(f"{at}/fans", "invalid_result", "fans: a list of {id, val}.")
        yiman = bool(h.get("yiman"))
        pairs = [(lookup(FANS, f.get("id")) or f"mahjong_soul_{f.get('id')}",
                  integer(f.get("val", 0), f"{at}/fans/{i}/val")) for i, f in enumerate(fans)]
        count = integer(h.get("count", 0), f"{at}/count")
        values = {k: integer(h.get(k, 0), f"{at}/{k}") for k in ("fu", "point_rong", "point_zimo_qin",
                                                                 "point_zimo_xian")}
        if not zimo:
            points, base = values["point_rong"], values["point_rong"] / (6 if dealer else 4)
        elif dealer:
            points, base = values["point_zimo_xian"] * (self.n - 1), values["point_zimo_xian"] / 2
        else:
            points = values["point_zimo_qin"] + values["point_zimo_xian"] * (self.n - 2)
            base = values["point_zimo_xian"]
        if yiman:
            ids = tuple("renhou_yakuman" if y == "renhou" else y for y, _ in pairs)
            return RecordedWin(13 * count, values["fu"], points, (), ids, "yakuman")
        limit = LIMIT_BASE.get(base) or ("kazoe_yakuman" if base >= 8000 else None)
        return RecordedWin(count, values["fu"], points, tuple((y, v) for y, v in pairs if v), (), limit)

    def no_tile(self, at: str, data: dict) -> None:
        total = None
        parts = data.get("scores") if isinstance(data.get("scores"), list) else []
        for j, part in enumerate(parts):
            if isinstance(part, dict) and "delta_scores" in part:
                d = self.per_seat(part["delta_scores"], f"{at}/data/scores/{j}/delta_scores")
                total = d if total is None else tuple(a + b for a, b in zip(total, d))
        players = data.get("players") if isinstance(data.get("players"), list) else []
        shown = tuple(i for i, p in enumerate(players) if isinstance(p, dict) and p.get("tingpai"))
        kind = "nagashi_mangan" if data.get("liujumanguan") else "exhaustive_draw"
        self._end(at, HandEnd(kind, shown=shown), total or (0,) * self.n)

    def liu_ju(self, at: str, data: dict) -> None:
        reason = lookup(LIUJU, data.get("type", 0))
        if reason is None:
            raise bad_record(f"{at}/data/type", "unknown_draw", "RecordLiuJu's type is 1 (nine terminals), 2 (four "
                             "winds), 3 (four kans), 4 (four riichi) or 5 (triple ron).")
        self._end(at, HandEnd("abortive_draw", reason=reason), (0,) * self.n)


def _meld_shape(kind: str, codes: list[int]) -> bool:
    kinds = sorted(KIND[c] for c in codes)
    if kind == "chi":
        return kinds[0] < 27 and kinds[0] // 9 == kinds[2] // 9 and kinds == list(range(kinds[0], kinds[0] + 3))
    return len(set(kinds)) == 1
