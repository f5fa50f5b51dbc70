"""Hand model: concealed tiles plus melds, as frozen dataclasses, and its consistency check.

Input: tile codes from calculator.notation and melds. Output: Meld and Hand values, and `check_position`, which
returns every Issue that makes a position impossible (meld shapes, a fifth copy of a tile, the wrong concealed
count for the hand size); then what the rules' table allows (its tile set, chi, its seats, whom a meld is
claimed from). An Issue's field names the part of the value checked, never a request pointer: a meld's part
(`tiles`, `called`, `from`), a meld of a list by its index (`2/kind`), the Hand's parts as `hand` and
`melds/<index>/...`, or a tile group by the label its caller gave it; a request's reader (intake/) places them.
"""
from __future__ import annotations

from dataclasses import dataclass
from operator import eq

from calculator.core.errors import Issue
from calculator.core.notation import format_tiles, sort_key
from calculator.core.tiles import KIND, NUM_KINDS, counts_of, kind, name

MELD_KINDS = ("chi", "pon", "open_kan", "closed_kan", "added_kan")
SEATS = ("east", "south", "west", "north")
SUIT_NAMES = ("characters", "pins", "bamboo")


@dataclass(frozen=True)
class Meld:
    kind: str                      # chi | pon | open_kan | closed_kan | added_kan
    tiles: tuple[int, ...]         # all tile codes of the meld (3 or 4)
    called: int | None = None      # the claimed tile's code, if given
    from_seat: str | None = None   # seat the claimed tile came from, if given

    @property
    def is_open(self) -> bool:
        return self.kind != "closed_kan"

    @property
    def is_kan(self) -> bool:
        return self.kind.endswith("kan")

    @property
    def base(self) -> int:
        """Lowest tile kind of the meld (the start of a chi, the kind of a pon or kan)."""
        return min(kind(t) for t in self.tiles)


@dataclass(frozen=True)
class Hand:
    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()

    @property
    def is_closed(self) -> bool:
        return all(not m.is_open for m in self.melds)

    def counts(self) -> list[int]:
        """Counts per kind of the concealed tiles only (a new list: the caller may change it)."""
        return list(self.kind_counts)

    @property
    def kind_counts(self) -> tuple[int, ...]:
        """Counts per kind of the concealed tiles only, worked out once per Hand (the stages of one request, readiness,
        furiten and scoring, each ask for them) and kept beside its fields (functools.cached_property costs a lock
        on first use)."""
        found = self.__dict__.get("_kind_counts")
        if found is None:
            found = self.__dict__["_kind_counts"] = tuple(counts_of(self.concealed))
        return found

    def all_codes(self) -> tuple[int, ...]:
        return self.concealed + tuple(t for m in self.melds for t in m.tiles)


def overlapping(groups: list[tuple[str, tuple[int, ...]]]) -> list[tuple[str, tuple[int, ...]]]:
    """Tile groups that may describe the same physical tiles (a tile passed before and after riichi,
    a passed tile that also lies in `visible`), reduced so that each kind counts as often as the
    group holding most of it: the later groups keep only their copies beyond the earlier ones'."""
    if sum(1 for _, codes in groups if codes) <= 1:   # nothing can overlap: every group as it is
        return [(field, tuple(codes)) for field, codes in groups]
    out, most = [], {}
    for field, codes in groups:
        seen: dict[int, int] = {}
        kept = []
        for t in codes:
            k = kind(t)
            seen[k] = seen.get(k, 0) + 1
            if seen[k] > most.get(k, 0):
                kept.append(t)
        for k, n in seen.items():
            most[k] = max(most.get(k, 0), n)
        out.append((field, tuple(kept)))
    return out


def check_meld(meld: Meld) -> list[Issue]:
    """Shape problems of one meld (`bad_meld`), each at the part of the meld it concerns: `tiles`, `called` or
    `from`."""
    issues = []
    kinds = sorted(kind(t) for t in meld.tiles)
    text = format_tiles(meld.tiles)
    size = 4 if meld.is_kan else 3
    if len(kinds) != size:
        issues.append(Issue("bad_meld", f"A {meld.kind} has {size} tiles; '{text}' has {len(kinds)}.", "tiles"))
    elif meld.kind == "chi":
        if kinds[0] >= 27 or kinds[0] // 9 != kinds[2] // 9 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:
            issues.append(Issue("bad_meld", f"A chi is three consecutive tiles of one suit; '{text}' is not: send a run such as '345m', or call it a pon.", "tiles"))
    elif len(set(kinds)) != 1:
        issues.append(Issue("bad_meld", f"A {meld.kind} is {size} identical tiles; '{text}' is not: send {size} copies of one tile.", "tiles"))
    if meld.called is not None:
        if meld.kind == "closed_kan":
            issues.append(Issue("bad_meld", "A closed_kan has no called tile: leave `called` out.", "called"))
        elif kind(meld.called) not in kinds:
            issues.append(Issue("bad_meld", f"The called tile {name(meld.called)} is not in '{text}': name one of the meld's tiles.", "called"))
    if meld.from_seat is not None and meld.kind == "closed_kan":
        issues.append(Issue("bad_meld", "A closed_kan is not claimed from anybody: leave `from` out.", "from"))
    return issues


NO_SUITS: frozenset[int] = frozenset()


def fold_red_fives(codes: tuple[int, ...], plain_suits) -> tuple[tuple[int, ...], frozenset[int]]:
    """Red fives of the suits in `plain_suits` (0 m, 1 p, 2 s) read as plain fives, and the suits that had one.
    A tile set without red fives of a suit has only plain fives there: a red one sent anyway is a five.

    >>> fold_red_fives((34, 35, 4), {0})
    ((4, 35, 4), frozenset({0}))
    """
    if not plain_suits or max(codes, default=0) < NUM_KINDS:   # no red five, or the set has every one
        return codes, NO_SUITS
    folded = frozenset(c - NUM_KINDS for c in codes if c >= NUM_KINDS and c - NUM_KINDS in plain_suits)
    if not folded:
        return codes, folded
    return tuple(kind(c) if c >= NUM_KINDS and c - NUM_KINDS in folded else c for c in codes), folded


def copies_within_limits(tiles, red_limits: tuple[int, int, int] | None = None) -> bool:
    """Whether no kind occurs more than four times among the codes `tiles` and no suit holds more red fives than
    `red_limits` (None: any number): on sorted kinds, where a fifth copy sits four places after the first."""
    if tiles and max(tiles) >= NUM_KINDS:
        if red_limits is not None and any(tiles.count(NUM_KINDS + s) > n for s, n in enumerate(red_limits)):
            return False
        ordered = sorted(map(KIND.__getitem__, tiles))
    else:
        ordered = sorted(tiles)
    return not any(map(eq, ordered, ordered[4:]))


def check_copies(groups: list[tuple[str, tuple[int, ...]]], red_limits: tuple[int, int, int] | None = None) -> list[Issue]:
    """`too_many_copies` for any kind seen more than four times across all the tile groups of a
    request (hand, melds, winning tile, indicators), and `too_many_red_fives` above the rules' count.
    Each issue points at the group whose tiles push the count over, in the order the groups come."""
    tiles = [t for _, codes in groups for t in codes]
    if copies_within_limits(tiles, red_limits):
        return []   # the usual case, checked at once; the loop below finds where each problem starts
    issues = []
    total = [0] * NUM_KINDS
    reds = [0, 0, 0]
    over: dict[int, str] = {}
    red_over: dict[int, str] = {}
    for field, codes in groups:
        for t in codes:
            k = kind(t)
            total[k] += 1
            if total[k] == 5:
                over[k] = field
            if t >= NUM_KINDS:
                reds[t - NUM_KINDS] += 1
                if red_limits is not None and reds[t - NUM_KINDS] == red_limits[t - NUM_KINDS] + 1:
                    red_over[t - NUM_KINDS] = field
    for k, field in sorted(over.items()):
        issues.append(Issue("too_many_copies", f"{name(k)} appears {total[k]} times; a tile has 4 copies.", field))
    for s, field in sorted(red_over.items()):
        issues.append(Issue("too_many_red_fives", f"{reds[s]} red fives in {SUIT_NAMES[s]}; this tile set has "
                            f"{red_limits[s]}: send the others as plain fives (5{'mps'[s]}), or set the option "
                            "red_fives to your set's count.", field))
    return issues


def win_tile_hint(issue: Issue, hand: Hand, hand_size: int = 13) -> Issue:
    """A hand one tile too long most likely holds the winning tile: its wrong_tile_count says where that tile goes
    (any other Issue is returned as it is)."""
    if issue.code == "wrong_tile_count" and len(hand.concealed) == hand_size + 1 - 3 * len(hand.melds):
        return Issue(issue.code, issue.detail + " The winning tile goes in `win_tile`, not in `hand`.", issue.field)
    return issue


def check_position(hand: Hand, hand_size: int = 13, drawn: bool | None = False,
                   extra: list[tuple[str, tuple[int, ...]]] = (),
                   red_limits: tuple[int, int, int] | None = None) -> list[Issue]:
    """Every problem that makes a position impossible.

    `hand_size` is 13 or 16. `drawn` says whether the concealed part holds the extra drawn
    tile: False (13 - 3*melds), True (14 - 3*melds) or None (either is fine). `extra` lists the
    other tile groups of the request (winning tile, indicators) as (field, codes).
    """
    issues = []
    for i, m in enumerate(hand.melds):
        issues += [Issue(x.code, x.detail, f"melds/{i}/{x.field}") for x in check_meld(m)]
    max_melds = (hand_size - 1) // 3
    if len(hand.melds) > max_melds:
        issues.append(Issue("too_many_melds", f"A {hand_size}-tile hand has at most {max_melds} melds.", "melds"))
    base = hand_size - 3 * len(hand.melds)
    allowed = {False: (base,), True: (base + 1,), None: (base, base + 1)}[drawn]
    if len(hand.concealed) not in allowed and base > 0:
        want = " or ".join(str(a) for a in allowed)
        n = len(hand.melds)
        whole = f" ({' or '.join(str(a + 3 * n) for a in allowed)} less three per meld)" if n else ""
        detail = (f"With {n} meld{'' if n == 1 else 's'} the concealed hand has {want} tiles{whole}; it has "
                  f"{len(hand.concealed)}.")
        if n and len(hand.concealed) - 3 * n in allowed:
            detail += " List a meld's tiles in `melds` only, not in `hand` as well."
        issues.append(Issue("wrong_tile_count", detail, "hand"))
    groups = [("hand", hand.concealed)] + [(f"melds/{i}/tiles", m.tiles) for i, m in enumerate(hand.melds)] + list(extra)
    issues += check_copies(groups, red_limits)
    return issues


# --- what the rules' table allows: its tile set, its claims, its seats ---

def tile_set_issues(groups: list[tuple[str, tuple[int, ...]]], rules) -> list[Issue]:
    """`tile_not_in_set` for each (field, codes) group holding a tile the rules' set lacks (three players: 2m-8m,
    0m). `rules` gives tile_copies and removed_tiles."""
    copies = rules.tile_copies
    issues = []
    for field, codes in groups:
        missing = sorted({c for c in codes if not copies[KIND[c]]}, key=sort_key)
        if missing:
            issues.append(Issue("tile_not_in_set", f"{format_tiles(missing)} is not in these rules' tile set: leave "
                                f"out {rules.removed_tiles} (removed_tiles).", field))
    return issues


def chi_issues(melds, rules) -> list[Issue]:
    """`chi_not_allowed` for each chi under rules without chi (three players), at `<index>/kind` of the melds."""
    if rules.chi:
        return []
    return [Issue("chi_not_allowed", "These rules have no chi (sequences cannot be claimed): a meld must be a pon "
                  "or a kan.", f"{i}/kind") for i, m in enumerate(melds) if m.kind == "chi"]


def no_such_seat(seat: str, seats) -> Issue:
    """A seat the rules do not seat (three players: north); the field is left to the one who read the seat."""
    return Issue("no_such_seat", f"There is no {seat!r} under these rules: a seat is one of {', '.join(seats)} "
                 f"({len(seats)} players).")


def meld_seat_issues(melds, seat: str) -> list[Issue]:
    """`bad_meld` (at `<index>/from` of the melds) for a meld claimed from the player's own seat, and for a chi
    claimed from anyone but the player on his left (the seat before his in turn order east, south, west, north)."""
    left = SEATS[(SEATS.index(seat) - 1) % len(SEATS)]
    issues = []
    for i, m in enumerate(melds):
        source = m.from_seat
        if source == seat:
            issues.append(Issue("bad_meld", f"A meld's claimed tile comes from another seat, not the player's own "
                                f"({seat}): name the seat it came from.", f"{i}/from"))
        elif source is not None and m.kind == "chi" and source != left:
            issues.append(Issue("bad_meld", f"A chi is claimed only from the player on the left: {left} for "
                                f"{seat}, not {source}.", f"{i}/from"))
    return issues
