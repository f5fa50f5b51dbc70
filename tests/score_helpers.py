"""Building /v1/score requests in tests: MPSZ strings and short meld notation to a ScoreResult."""
from __future__ import annotations

from dataclasses import dataclass

from calculator.core.errors import InvalidHand
from calculator.scoring.families import score_hand
from calculator.scoring.japanese import score
from intake.score import read_score

MELD_WORDS = {"chi": "chi", "pon": "pon", "kan": "open_kan", "ankan": "closed_kan", "added": "added_kan"}


SEATS = ("east", "south", "west", "north")


def meld(text: str, seat: str = "south") -> dict:
    """'pon 666z' -> {"kind": "pon", "tiles": "666z", "from": "north"} (closed kans have no source; a chi
    comes from the player on `seat`'s left)."""
    word, tiles = text.split()
    kind = MELD_WORDS[word]
    source = SEATS[SEATS.index(seat) - 1] if kind == "chi" else "north"
    return {"kind": kind, "tiles": tiles} if kind == "closed_kan" else {"kind": kind, "tiles": tiles, "from": source}


def body(hand: str, win: str, melds=(), by: str = "ron", seat: str = "south", rnd: str = "east",
         preset: str = "japanese_modern", rules: dict | None = None, **kw) -> dict:
    b = {"hand": hand, "win_tile": win, "melds": [meld(m, seat) for m in melds], "win_by": by, "seat_wind": seat,
         "round_wind": rnd, "rules": {"preset": preset, **(rules or {})}}
    if by == "ron" and "discarder" not in kw:
        b["discarder"] = "north" if seat != "north" else "west"
    b.update(kw)
    return b


def score_of(hand: str, win: str, melds=(), **kw):
    """The ScoreResult of a hand given as in RULES.md's worked examples."""
    return score(read_score(body(hand, win, melds, **kw)).request)


def ids(result) -> set[str]:
    return {i for i, _ in result.yaku} | {i for i, _ in result.yakuman}


@dataclass(frozen=True)
class Refused:
    """The codes of the problems found in reading a body (the 422 the route would answer)."""
    codes: tuple[str, ...]


def family_score(body: dict):
    """What the calculator answers to a /v1/score body under any family (score_hand: ScoreResult, TaiResult or
    EuropeanResult), or Refused when reading the body finds problems."""
    try:
        call = read_score(body)
    except InvalidHand as err:
        return Refused(tuple(i.code for i in err.issues))
    return score_hand(call.request)
