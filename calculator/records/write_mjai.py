"""A game record written as an mjai event log (POST /v1/convert, `"to": "mjai"`).

Input: a GameRecord read from a format with tiles (calculator.records.model) and the replay of it
(calculator.records.games.GameResult, for what the record does not carry itself). Output: the list of
mjai events, as review tools and the mjai readers of this service take them: `start_game` (names),
per deal `start_kyoku` (round wind, deal number, counters, scores, first dora indicator, the dealt tiles
in the record's order), `tsumo`, `reach` / `dahai` / `reach_accepted`, the calls, `nukidora` (a north set
aside), `dora` (a kan indicator), then `hora` per win (winner, discarder, the win's deltas by seat, ura
indicators of a riichi win) or `ryukyoku` (deltas), `end_kyoku`; `end_game` last.

Nothing is invented: deltas are the record's own where it gives them per win or per deal, else the
replay's; a record without tiles (`outcomes`) cannot be written (the caller refuses it). Tiles: `1m`-`9m`,
`1p`-`9p`, `1s`-`9s`, `E S W N P F C` for the honours, `5mr 5pr 5sr` for the red fives and `?` for a tile
the record hides (an mjai log written from one player's view).
"""
from __future__ import annotations

from calculator.core.tiles import NUM_KINDS, kind
from calculator.records.model import HIDDEN, Call, Discard, Draw, GameRecord, Indicator, Kita, RiichiAccepted

HONOURS = "ESWNPFC"
WIND_LETTERS = "ESWN"
CALL_TYPES = {"chi": "chi", "pon": "pon", "open_kan": "daiminkan", "added_kan": "kakan", "closed_kan": "ankan"}
KANS = ("open_kan", "added_kan", "closed_kan")


def mjai_tile(code: int) -> str:
    """A tile code as mjai writes it (`?`: a tile the record hides, as the log written from one seat's view has).

    >>> mjai_tile(0), mjai_tile(27), mjai_tile(33), mjai_tile(35), mjai_tile(HIDDEN)
    ('1m', 'E', 'C', '5pr', '?')
    """
    if code == HIDDEN:
        return "?"
    if code >= NUM_KINDS:
        return "5" + "mps"[code - NUM_KINDS] + "r"
    if code >= 27:
        return HONOURS[code - 27]
    return f"{code % 9 + 1}{'mps'[code // 9]}"


def _order(code: int) -> tuple[int, int]:
    """Tenhou's id order: a red five comes before the plain fives of its suit."""
    return kind(code), 0 if code >= NUM_KINDS else 1


def _tiles(codes) -> list[str]:
    return [mjai_tile(c) for c in sorted(codes, key=_order)]


def written_mjai(record: GameRecord, result) -> list[dict]:
    """The record as mjai events; `result` is its replay (GameResult), whose hands match the record's."""
    n = len(record.players)
    out: list[dict] = [{"type": "start_game", "names": list(record.players)}]
    for rec, played in zip(record.hands, result.hands):
        out.append(_start(rec, played, n))
        out.extend(_events(rec))
        out.extend(_end(rec, played, n))
        out.append({"type": "end_kyoku"})
    out.append({"type": "end_game"})
    return out


def _start(rec, played, n: int) -> dict:
    index, honba, sticks = rec.header if rec.header is not None else (None, played.honba, played.riichi_sticks)
    wind = WIND_LETTERS.index(played.round[0].upper()) if index is None else index // n
    number = played.number if index is None else index % n + 1
    scores = rec.start_scores if rec.start_scores is not None else ()
    return {"type": "start_kyoku", "bakaze": WIND_LETTERS[wind % 4], "dora_marker": mjai_tile(rec.dora[0]),
            "kyoku": number, "honba": honba, "kyotaku": sticks, "oya": played.dealer,
            "scores": list(scores) or None, "tehais": [[mjai_tile(t) for t in hand] for hand in rec.dealt]}


def _events(rec) -> list[dict]:
    """The deal's moves; kan indicators the record lists only at the win are placed where Tenhou shows them
    (a closed kan's at once, an open or added kan's after its replacement draw)."""
    has_indicators = any(type(ev) is Indicator for ev in rec.events)
    later = list(_win_indicators(rec)[1:]) if not has_indicators else []
    out: list[dict] = []
    drawn: dict[int, int] = {}
    pons: dict[tuple[int, int], tuple] = {}   # (seat, kind) -> the pon's tiles, for the kan added to it
    pending_kan = False
    for ev in rec.events:
        t = type(ev)
        if t is Draw:
            out.append({"type": "tsumo", "actor": ev.seat, "pai": mjai_tile(ev.tile)})
            drawn[ev.seat] = ev.tile
            if pending_kan and later:
                out.append({"type": "dora", "dora_marker": mjai_tile(later.pop(0))})
            pending_kan = False
        elif t is Discard:
            if ev.riichi:
                out.append({"type": "reach", "actor": ev.seat})
            tsumogiri = ev.tsumogiri if ev.tsumogiri is not None else drawn.get(ev.seat) == ev.tile
            out.append({"type": "dahai", "actor": ev.seat, "pai": mjai_tile(ev.tile), "tsumogiri": tsumogiri})
            drawn.pop(ev.seat, None)
        elif t is RiichiAccepted:
            out.append({"type": "reach_accepted", "actor": ev.seat})
        elif t is Call:
            if ev.kind == "pon":
                pons[ev.seat, kind(ev.called)] = ev.tiles
            out.append(_call(ev, pons.get((ev.seat, kind(ev.called))) if ev.kind == "added_kan" else None))
            drawn.pop(ev.seat, None)
            if ev.kind == "closed_kan" and later:
                out.append({"type": "dora", "dora_marker": mjai_tile(later.pop(0))})
            pending_kan = ev.kind in ("open_kan", "added_kan")
        elif t is Kita:
            out.append({"type": "nukidora", "actor": ev.seat, "pai": "N"})
            drawn.pop(ev.seat, None)
        elif t is Indicator:
            out.append({"type": "dora", "dora_marker": mjai_tile(ev.tile)})
    return out


def _win_indicators(rec) -> tuple:
    wins = rec.end.wins if rec.end is not None else ()
    return wins[0].dora if wins and wins[0].dora else rec.dora


def _call(ev: Call, pon) -> dict:
    """A call's event; `pon`: for an added kan, the tiles of the pon it is added to (a record may list only
    the added tile)."""
    body = {"type": CALL_TYPES[ev.kind], "actor": ev.seat}
    if ev.kind == "closed_kan":
        body["consumed"] = _tiles(ev.tiles)
        return body
    if ev.kind == "added_kan":
        rest = list(ev.tiles) if ev.tiles else list(pon or ())
        if ev.tiles and ev.called in rest:
            rest.remove(ev.called)
        body.update(pai=mjai_tile(ev.called), consumed=_tiles(rest[:3]))
        return body
    rest = list(ev.tiles)
    rest.remove(ev.called)
    body.update(target=ev.from_seat, pai=mjai_tile(ev.called), consumed=_tiles(rest))
    return body


def _end(rec, played, n: int) -> list[dict]:
    end = rec.end
    if end is None or end.kind != "win":
        deltas = rec.recorded_deltas if rec.recorded_deltas is not None else played.deltas
        return [{"type": "ryukyoku", "deltas": list(deltas)}]
    out = []
    computed = {w.winner: w for w in played.wins}
    for w in end.wins:
        deltas = w.deltas
        if deltas is None and len(end.wins) == 1 and rec.recorded_deltas is not None:
            deltas = rec.recorded_deltas
        if deltas is None:
            deltas = _computed_deltas(computed.get(w.winner), played, n)
        riichi = any(type(ev) is Discard and ev.seat == w.winner and ev.riichi for ev in rec.events)
        out.append({"type": "hora", "actor": w.winner, "target": w.from_seat, "deltas": list(deltas),
                    "ura_markers": [mjai_tile(t) for t in (w.ura or ())] if riichi else []})
    return out


def _computed_deltas(win, played, n: int) -> tuple:
    """A win's own deltas from the replay: its payments by seat (the hand's deltas for a single win)."""
    if win is None or len(played.wins) == 1:
        return played.deltas
    res = win.result
    winds = [(s - played.dealer) % n for s in range(n)]
    names = ("east", "south", "west", "north")
    return tuple((res.deltas or {}).get(names[winds[s]], 0) for s in range(n))
