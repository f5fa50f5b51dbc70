"""Seeded random ready positions (hand, melds, river, passed tiles, riichi), for tests and bench/.

A complete hand is drawn from the 136 tiles (copy 0 of each five is the red one), one tile is
taken out, so the 13 tiles (16 under 16-tile rules) wait on at least that tile; a group may become
a called chi or pon. The river and the passed tiles come from what is left of the wall. With
`full`, a pung may also become a closed kan (its fourth copy from the wall), and the counters,
riichi sticks and ura indicators vary too; without it the seeded stream is the one bench/ has
always measured.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from calculator.furiten.permission import Discard, History
from calculator.core.hand import Hand, Meld
from calculator.core.notation import format_tiles as _format
from calculator.rules import preset_rules
from calculator.core.tiles import NUM_KINDS, WINDS, kind

SEATS = WINDS


def _code(kind: int, copy: int) -> int:
    return NUM_KINDS + kind // 9 if copy == 0 and kind < 27 and kind % 9 == 4 else kind


@dataclass(frozen=True)
class Position:
    hand: Hand
    history: History
    seat_wind: str
    discarder: str | None
    dora: tuple[int, ...]
    ippatsu: bool
    ura: tuple[int, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0

    def body(self, preset: str = "tenhou") -> dict:
        """The /v1/evaluate body of this position (red fives folded for presets without them)."""
        h = self.history
        plain = not any(preset_rules(preset).red_fives)

        def format_tiles(codes):
            return _format(tuple(kind(t) for t in codes) if plain else codes)

        melds = [{"kind": m.kind, "tiles": format_tiles(m.tiles)} if m.called is None else
                 {"kind": m.kind, "tiles": format_tiles(m.tiles), "called": format_tiles((m.called,))}
                 for m in self.hand.melds]
        return {"hand": format_tiles(self.hand.concealed), "melds": melds,
                "discards": [{"tile": format_tiles((d.tile,)), "riichi": d.riichi} for d in h.discards],
                "missed": [format_tiles((t,)) for t in h.missed],
                "missed_after_riichi": [format_tiles((t,)) for t in h.missed_after_riichi],
                "riichi": h.riichi, "seat_wind": self.seat_wind, "round_wind": "east", "ippatsu": self.ippatsu,
                "dora_indicators": format_tiles(self.dora), "ura_dora_indicators": format_tiles(self.ura),
                "honba": self.honba, "riichi_sticks": self.riichi_sticks, "rules": {"preset": preset},
                **({"discarder": self.discarder} if self.discarder else {})}


def _groups(rng: random.Random, left: list[int], suit: int | None = None, groups: int = 4):
    """`groups` groups and a pair as kind lists, drawn while copies last (from one suit if `suit` is given)."""
    while True:
        pool = list(left)
        out = []
        for size in (3,) * groups + (2,):
            k = rng.randrange(34) if suit is None else 9 * suit + rng.randrange(9)
            kinds = [k] * size if size == 2 or k >= 27 or k % 9 > 6 or rng.random() < 0.3 else [k, k + 1, k + 2]
            if all(pool.count(x) >= kinds.count(x) for x in kinds):
                for x in kinds:
                    pool.remove(x)
                out.append(kinds)
        if len(out) == groups + 1:
            return out, pool


def random_position(rng: random.Random, one_suit: bool = False, hand_size: int = 13, full: bool = False) -> Position:
    """One ready position with a random history (one-suit hands wait on more tiles)."""
    wall = [k for k in range(34) for _ in range(4)]
    groups, wall = _groups(rng, wall, rng.randrange(3) if one_suit else None, (hand_size - 1) // 3)
    used: dict[int, int] = {}

    def code(k):
        used[k] = used.get(k, 0) + 1
        return _code(k, used[k] - 1 if rng.random() < 0.5 else 3)

    melds = []
    if rng.random() < 0.25:
        g = groups.pop(rng.randrange(4))
        tiles = tuple(code(k) for k in g)
        melds.append(Meld("pon" if g[0] == g[1] else "chi", tiles, tiles[rng.randrange(3)]))
    pungs = [i for i, g in enumerate(groups[:-1]) if len(g) == 3 and g[0] == g[1] and g[0] in wall]
    if full and pungs and rng.random() < 0.3:
        g = groups.pop(rng.choice(pungs))
        wall.remove(g[0])
        melds.append(Meld("closed_kan", tuple(code(k) for k in g + [g[0]])))
    flat = [k for g in groups for k in g]
    flat.pop(rng.randrange(len(flat)))
    concealed = tuple(code(k) for k in flat)
    rng.shuffle(wall)
    river = [code(k) for k in wall[:rng.randrange(13)]]
    wall = wall[len(river):]
    closed = all(m.kind == "closed_kan" for m in melds)
    riichi = "riichi" if closed and river and rng.random() < 0.4 else "none"
    at = rng.randrange(len(river)) if riichi != "none" else -1
    missed = tuple(wall[:rng.randrange(3)])
    after = tuple(wall[3:3 + rng.randrange(2)]) if riichi != "none" else ()
    history = History(tuple(Discard(t, riichi=(i == at)) for i, t in enumerate(river)), missed, after, riichi)
    seat = rng.choice(SEATS)
    discarder = rng.choice([None] + [s for s in SEATS if s != seat])
    ippatsu = riichi != "none" and rng.random() < 0.3
    if not full:
        return Position(Hand(concealed, tuple(melds)), history, seat, discarder, (wall[-1],), ippatsu)
    ura = (wall[-2],) if riichi != "none" else ()
    return Position(Hand(concealed, tuple(melds)), history, seat, discarder, (wall[-1],), ippatsu, ura,
                    rng.randrange(5), rng.randrange(4))
