"""A player's river and passed tiles (`HistoryIn`: /v1/furiten, /v1/evaluate and /v1/riichi at the top level,
/v1/score under `history`) read into a calculator History, and its tiles as groups for the four-copies check."""
from __future__ import annotations

from dataclasses import replace

from calculator.core.hand import overlapping
from calculator.core.tiles import NUM_KINDS, kind
from calculator.furiten.permission import Discard, History, check_history
from calculator.play.declarations import closed_riichi_issues
from calculator.rules import Rules
from calculator.core.errors import Issue

from .collect import Collector, at

_new = tuple.__new__   # _new(Discard, fields): a named tuple without its generated __new__'s frame


def kan_kinds(data: dict) -> set[int]:
    """Tile kinds of the loaded kongs among `data`'s melds."""
    return {kind(m["tiles"].codes[0]) for m in data["melds"] if m["kind"].endswith("kan") and m["tiles"].codes}


def history_tiles(history: History, prefix: str = "", kans=(),
                  also_passed: tuple[tuple[str, tuple[int, ...]], ...] = ()) -> list[tuple[str, tuple[int, ...]]]:
    """The history's tiles that count towards the four-copies limit, as (field, codes) groups for
    build_hand: the own river (a discarded tile never comes back), then the passed tiles, which lie
    in others' rivers. A tile passed after riichi is usually passed since the own last discard too,
    so the two lists count as one (calculator.core.hand.overlapping); and one passed copy of each kong's kind is
    left out, since the player may have claimed or drawn it for that kong since (a kan, then a win
    on its replacement). `also_passed` are further passes that the lists may already hold (a pass
    sent as an event), counted the same way."""
    river = (prefix + "discards", tuple([d.tile for d in history.discards]))
    if not history.missed and not history.missed_after_riichi and not also_passed:   # nothing passed: no overlap
        return [river, (prefix + "missed_after_riichi", ()), (prefix + "missed", ())]
    passed = []
    for key in ("missed_after_riichi", "missed"):
        codes, spared = [], set(kans)
        for t in getattr(history, key):
            if kind(t) in spared:
                spared.discard(kind(t))
            else:
                codes.append(t)
        passed.append((prefix + key, tuple(codes)))
    return [river] + overlapping(passed + list(also_passed))


def open_riichi_issues(data: dict, rules: Rules) -> list[Issue]:
    """calculator.play.declarations.closed_riichi_issues for the loaded fields."""
    return closed_riichi_issues(data["riichi"], [m["kind"] for m in data["melds"]], rules)


def _passed(col: Collector, tiles: list, field: str, as_is: int) -> tuple[int, ...]:
    """The codes of a loaded list of passed tiles (`missed` or `missed_after_riichi`, at `field`): as build_history
    reads the river's, a tile with a problem left out."""
    codes = []
    for i, p in enumerate(tiles):
        if not p.issues and len(p.codes) == 1 and p.codes[0] < as_is:
            codes.append(p.codes[0])
        else:
            tile = col.tile(p, f"{field}/{i}")
            if tile is not None:
                codes.append(tile)
    return tuple(codes)


def build_history(col: Collector, data: dict, field_prefix: str = "", rules: Rules | None = None) -> History:
    """History from loaded HistoryIn fields; with `rules`, also the declaration checks."""
    prefix = field_prefix if not field_prefix or field_prefix.endswith("/") else field_prefix + "/"
    # a tile read as it is (one tile, no problem, no red five to fold) is taken without Collector.tile and its
    # pointer; any other goes through Collector.tile, which words its problem
    as_is = NUM_KINDS if col.plain_suits else 1 << 30
    discards, unread = [], False
    for i, d in enumerate(data["discards"]):
        parsed = d["tile"]
        codes = parsed.codes
        if not parsed.issues and len(codes) == 1 and codes[0] < as_is:
            tile = codes[0]
        else:
            tile = col.tile(parsed, f"{prefix}discards/{i}/tile")
            if tile is None:   # a problem already; a stand-in keeps the indexes of the later checks right
                tile, unread = -1, True
        discards.append(_new(Discard, (tile, d["called"], d["riichi"])))
    missed, after = data["missed"], data["missed_after_riichi"]   # most bodies pass nothing: no pass over them
    history = object.__new__(History)   # History(...) without its frozen __init__ (it has no __post_init__)
    history.__dict__.update(discards=tuple(discards),
                            missed=_passed(col, missed, prefix + "missed", as_is) if missed else (),
                            missed_after_riichi=_passed(col, after, prefix + "missed_after_riichi", as_is) if after
                            else (), riichi=data["riichi"], sacred_declared_at=data["sacred_declared_at"])
    if rules is not None:
        found = check_history(history, rules)
        if found:
            col.issues += at(prefix, found)
    if unread:
        history = replace(history, discards=tuple(d for d in history.discards if d.tile >= 0))
    return history
