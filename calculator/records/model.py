"""The neutral game model that every record format is read into (POST /v1/games).

Input: nothing (data only). Output: GameRecord, HandRecord and the events of a deal as immutable
named tuples. Seats are absolute record seats 0..n-1 (seat 0 deals first); the number of seats is
the length of `players`, so three-player records fit the same model. Tiles are tile codes
(calculator.core.tiles: red fives 34-36). A hand read from a record with tiles carries its events;
a hand of the `outcomes` format carries `result` (what a live table writes down) and no events.
The replay (calculator.records.games) reads only this model, never a record format. What a writer needs
beyond the play (a discard's tsumogiri, each win's own deltas, the names and Tenhou's GO type as recorded:
Source) is carried where the record says it, None where it does not.
"""
from __future__ import annotations

from typing import NamedTuple

from calculator.core.errors import InvalidHand, Issue

HIDDEN = 99   # a tile the record hides (mjai `?`: a log written from one player's view); never scored


class Draw(NamedTuple):
    seat: int
    tile: int


class Discard(NamedTuple):
    seat: int
    tile: int
    riichi: bool = False      # this discard declares riichi
    tsumogiri: bool | None = None     # the tile just drawn (None: the record does not say)


class Call(NamedTuple):
    seat: int
    kind: str                 # chi | pon | open_kan | closed_kan | added_kan
    tiles: tuple              # every tile of the meld (an added_kan: all four)
    called: int | None = None     # the claimed (or, for added_kan, the added) tile
    from_seat: int | None = None  # absolute seat of the claimed tile (added_kan: of the pon)


class Kita(NamedTuple):
    seat: int                 # a north set aside (three players): the seat then draws a replacement tile
    tile: int


class Indicator(NamedTuple):
    tile: int                 # a kan dora indicator turned over


class RiichiAccepted(NamedTuple):
    seat: int                 # the declarer's stick is put down (his riichi discard was not won on)


class RecordedWin(NamedTuple):
    """What the record says about one win (compared, never used to score)."""
    han: int | None = None
    fu: int | None = None
    points: int | None = None
    yaku: tuple = ()          # ((id, han), ...), dora and the like included where the record has them
    yakuman: tuple = ()       # (id, ...)
    limit: str | None = None
    place: str | None = None  # where the record states the value (a writer that cannot write it points there)


class WinEnd(NamedTuple):
    winner: int
    from_seat: int            # == winner for a self-draw
    pao: int | None = None    # the seat the record names as liable
    recorded: RecordedWin | None = None
    dora: tuple | None = None     # indicators the record shows at the win (None: those the replay saw)
    ura: tuple | None = None
    deltas: tuple | None = None   # this win's own deltas by seat as the record gives them (None: not given)
    ura_known: bool = True    # False: a riichi win whose record does not show the ura indicators (mjai)


class HandEnd(NamedTuple):
    kind: str                 # win | exhaustive_draw | nagashi_mangan | abortive_draw
    wins: tuple = ()          # WinEnd, in the record's order
    reason: str | None = None     # abortive draw kind
    shown: tuple | None = None    # seats whose hands the record shows at a draw (None: not said)


class ShortWin(NamedTuple):
    """An `outcomes` win: han/fu or yakuman, or a full /v1/score request already read."""
    winner: int
    han: int = 0
    fu: int = 0
    yakuman: int = 0
    score_request: object = None      # a ScoreRequest whose seats are still winds of this deal
    claimed: tuple = (None, None)     # the body's own (honba, riichi_sticks)
    pao: int | None = None


class ShortResult(NamedTuple):
    kind: str                 # ron | tsumo | exhaustive_draw | abortive_draw | chombo
    wins: tuple = ()
    from_seat: int | None = None
    ready: tuple = ()
    nagashi: tuple = ()
    reason: str | None = None
    offender: int | None = None


class HandRecord(NamedTuple):
    where: str                        # this hand's place in the record, e.g. "hands/3", "log/0", "line/40"
    header: tuple | None = None       # (round index, honba, riichi sticks) as the record states them
    start_scores: tuple | None = None  # as the record states them
    dealt: tuple = ()                 # per seat, the 13 dealt tiles
    dora: tuple = ()                  # indicators at the start (the first one)
    events: tuple = ()
    end: HandEnd | None = None
    riichi: tuple = ()                # outcomes: seats whose stick was put down this hand
    result: ShortResult | None = None  # outcomes
    recorded_deltas: tuple | None = None
    ura: tuple = ()                   # ura indicators the record shows for the hand (tenhou.6)
    kita: tuple = ()                  # outcomes, three players: norths each seat set aside (() : not said)
    places: tuple = ()                # per event its place in the record, then the end's (() : where/events/i)


class RecordFlags(NamedTuple):
    red_fives: bool | None = None     # None: the record does not say
    length: str | None = None         # east_only | east_south | None
    players: int = 4
    open_tanyao: bool | None = None
    preset: str | None = None         # the preset a record without `rules` is read under (None: by players)

    def options(self) -> dict:
        """The rule options the record states itself (JSON values): red fives off, open tanyao off, the length.
        They fill the options a request's rules do not name, and hold for every candidate of infer_rules."""
        stated = {}
        if self.red_fives is False:
            stated["red_fives"] = [0, 0, 0]
        if self.open_tanyao is False:
            stated["open_tanyao"] = False
        if self.length:
            stated["game_length"] = self.length
        return stated


class Source(NamedTuple):
    """What a record says about its table beyond the play (kept so that a record can be written out again)."""
    names: tuple = ()                 # the names as written (an empty name stays empty)
    go_type: int | None = None        # Tenhou's GO type bits (room, speed, rules)
    lobby: int | None = None
    room: str | None = None           # the room's name as a tenhou.6 log gives it (rule.disp, e.g. 鳳南喰赤)


class GameRecord(NamedTuple):
    format: str
    players: tuple
    flags: RecordFlags
    hands: tuple
    recorded_final: tuple | None = None   # ((scores...), (points...)) by seat
    start_scores: tuple | None = None
    source: Source | None = None


RECORD = ""   # a problem's place for the record as a whole


def bad_record(where, code: str, detail: str) -> InvalidHand:
    """The 422 of a record that cannot be read: `where` (a string, or an object whose str() is one, built only
    when there is a problem) is the place in the record ("log/0/4", "hands/3", "line/7"; RECORD for the whole
    record); the request's reader (intake.games) puts it under the record's pointer."""
    return InvalidHand([Issue(code, detail, str(where))])
