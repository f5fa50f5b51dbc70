"""The season table: per player name, the games played, the average place, the total final points and the
games that disagree with their record; and the season's counts.

Fed the output lines (tools.season.replay) one by one. Places are the answer's `final.scores[].rank`, points
its `final.scores[].final` (the /v1/final result, in the preset's unit: thousands for the Japanese presets).
A game counts for every name in its `final.scores`; a game without `final` counts in the totals only.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Player:
    games: int = 0
    places: int = 0         # sum of the places (1 = top)
    points: float = 0       # sum of the final points
    disagree: int = 0       # games whose record disagrees with the replay

    @property
    def average_place(self) -> float:
        return self.places / self.games if self.games else 0.0


@dataclass
class Season:
    players: dict[str, Player] = field(default_factory=dict)
    games: int = 0
    agree: int = 0
    disagree: int = 0
    unchecked: int = 0      # nothing in the record to compare (agrees null)
    errors: list[tuple[str, str]] = field(default_factory=list)   # (where, why) of each unreadable input
    skipped: int = 0        # JSON lines that are other data records (hands, draws), not games

    def add(self, line: dict) -> None:
        """Count one output line: a game, an unreadable input, or a skipped line."""
        if "skipped" in line:
            self.skipped += 1
            return
        if "error" in line:
            self.errors.append((line["where"], error_text(line["error"])))
            return
        self.games += 1
        agrees = line.get("agrees")
        if agrees is True:
            self.agree += 1
        elif agrees is False:
            self.disagree += 1
        else:
            self.unchecked += 1
        for seat in (line.get("final") or {}).get("scores") or ():
            name = seat.get("player") or f"(no name, seat {seat.get('seat')})"
            p = self.players.setdefault(name, Player())
            p.games += 1
            p.places += seat.get("rank") or 0
            p.points += seat.get("final") or 0
            p.disagree += agrees is False

    def rows(self) -> list[tuple[str, Player]]:
        """Players by total points (highest first), then average place, then name."""
        return sorted(self.players.items(), key=lambda kv: (-kv[1].points, kv[1].average_place, kv[0]))

    def render(self) -> str:
        """The table as text, one player a line, columns aligned."""
        head = ("player", "games", "avg place", "total points", "disagree")
        body = [(name, str(p.games), f"{p.average_place:.2f}", number(p.points), str(p.disagree))
                for name, p in self.rows()]
        widths = [max(len(r[i]) for r in [head, *body]) for i in range(len(head))]
        lines = []
        for r in [head, *body]:
            lines.append("  ".join([r[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(r[1:], widths[1:])]))
        return "\n".join(lines)

    def summary(self) -> str:
        text = (f"{self.games} game{'' if self.games == 1 else 's'}: {self.agree} agree with their record, {self.disagree} disagree, "
                f"{self.unchecked} with nothing to compare; {len(self.errors)} unreadable")
        if self.skipped:
            text += f"; {self.skipped} lines skipped (data records that are not games)"
        return text


def number(x: float) -> str:
    """Points as the table prints them: signed, whole when whole, else one decimal."""
    x = round(x, 6)
    return f"{x:+.0f}" if float(x).is_integer() else f"{x:+.1f}"


def error_text(error: dict) -> str:
    """An error of an output line as one line of text: the status, then each problem's pointer, code and detail
    (or the error's detail when it lists none)."""
    problems = [f"{e.get('pointer')} {e.get('code')}: {e.get('detail')}" for e in error.get("errors") or ()]
    text = "; ".join(problems) or error.get("detail", "")
    return f"{error['status']} {text}" if "status" in error else text
