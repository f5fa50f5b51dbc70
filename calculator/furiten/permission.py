"""Furiten: may a ready hand win on each of its waits, given its own river and the tiles it let pass.

Input: a Hand (13 - 3*melds concealed tiles, without the winning tile; 16 - 3*melds under 16-tile
rules), a History (own discards, tiles passed since the last own discard and since riichi, riichi
state, sacred-discard declaration) and Rules. Output: a FuritenResult (the four sacred-discard
variants side by side, missed-discard and riichi furiten, the preset's verdict per wait for ron and
tsumo; the body of POST /v1/furiten) or a WinPermission for one candidate win (used by scoring).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from calculator.readings.decompose import WinReading
from calculator.core.errors import InvalidHand, Issue
from calculator.core.hand import Hand
from calculator.readings.partials import Partial, WaitInfo, allowed_readings, analyse, completers  # noqa: F401  (re-exported)
from calculator.rules import Rules
from calculator.core.tiles import KIND, kind

VARIANTS = ("traditional", "extended", "one_four_seven", "absolute")
RIICHI_STATES = ("none", "riichi", "double_riichi")
WIN_BY = ("ron", "tsumo", "chankan")


class Discard(NamedTuple):   # a named tuple (built several times faster than a frozen dataclass): one per river tile
    tile: int
    called: bool = False       # claimed by an opponent (still part of the river, RULES.md §3.1)
    riichi: bool = False       # the discard that declared riichi


@dataclass(frozen=True)
class History:
    discards: tuple[Discard, ...] = ()           # own river, oldest first
    missed: tuple[int, ...] = ()                 # passed since the own last discard (§2)
    missed_after_riichi: tuple[int, ...] = ()    # passed since the riichi declaration (§2.1, §4.3)
    riichi: str = "none"                         # none | riichi | double_riichi
    sacred_declared_at: int | None = None        # index into discards of a sacred declaration (§3.1)


class WinPermission(NamedTuple):
    allowed: bool
    reasons: tuple[str, ...]
    readings: tuple[WinReading, ...] | None      # the only readings that may be scored; None = any


class VariantResult(NamedTuple):
    name: str
    furiten: bool
    ron_allowed: tuple[int, ...]
    ron_blocked: tuple[int, ...]
    partials: tuple[tuple[int, tuple[Partial, ...]], ...] = ()   # 1-4-7: per allowed wait, the partials allowing it


class FuritenState(NamedTuple):
    furiten: bool
    tiles: tuple[int, ...]     # the waits that were passed (and so cause it)


class TileVerdict(NamedTuple):
    tile: int
    ron: bool
    tsumo: bool
    reasons: tuple[str, ...]


class Verdict(NamedTuple):
    variant: str
    tiles: tuple[TileVerdict, ...]


class FuritenResult(NamedTuple):
    ready: bool
    waits: tuple[int, ...]
    variants: tuple[VariantResult, ...]
    temporary: FuritenState
    riichi_furiten: FuritenState
    verdict: Verdict


# The answers above are named tuples (immutable, built on every furiten question and every scored win: a named
# tuple is built several times faster than a frozen dataclass); History and the request-side types stay dataclasses.
_new = tuple.__new__   # _new(NamedTupleClass, fields): skips the generated __new__'s Python frame (hot path)


# --- the history's side ---

def riichi_index(history: History) -> int | None:
    return next((i for i, d in enumerate(history.discards) if d.riichi), None)


def check_history(history: History, rules: Rules) -> list[Issue]:
    """Every problem that makes a history impossible or not allowed by the rules (a 422), each at its field of
    the history (`riichi`, `discards/3/riichi`, ...)."""
    issues = []
    flagged = [i for i, d in enumerate(history.discards) if d.riichi]
    if history.riichi not in RIICHI_STATES:
        issues.append(Issue("invalid_riichi", f"riichi is one of {', '.join(RIICHI_STATES)}.", "riichi"))
    elif history.riichi == "none":
        if flagged:
            issues.append(Issue("riichi_mismatch", "A discard is marked as the riichi discard but riichi is 'none': send riichi "
                                "'riichi' (or 'double_riichi'), or leave the mark out.",
                                f"discards/{flagged[0]}/riichi"))
        if history.missed_after_riichi:
            issues.append(Issue("riichi_mismatch", "Tiles passed after riichi are given but riichi is 'none': send riichi 'riichi' "
                                "(or 'double_riichi'), or leave missed_after_riichi out.",
                                "missed_after_riichi"))
    if len(flagged) > 1:
        issues.append(Issue("multiple_riichi_discards", "Only one discard can declare riichi: mark riichi true on "
                            "that discard only.", f"discards/{flagged[1]}/riichi"))
    # a double riichi is declared with the player's first discard; when another player claimed it, the next
    # discard is the one turned sideways and marked (RULES.md §4.2 A3). /v1/riichi and /v1/furiten share this rule.
    if history.riichi == "double_riichi" and flagged and not all(d.called for d in history.discards[:flagged[0]]):
        issues.append(Issue("double_riichi_not_first_discard", "A double riichi is declared with the player's first "
                            "discard: mark discard 0 (or the first discard after claimed ones), or send riichi "
                            "'riichi'.", f"discards/{flagged[0]}/riichi"))
    at = history.sacred_declared_at
    if at is not None:
        where = "sacred_declared_at"
        if not rules.sacred_discard_declaration:
            issues.append(Issue("declaration_not_allowed",
                                "These rules do not allow declaring sacred discard (option sacred_discard_declaration): leave "
                                "sacred_declared_at out, or set the option.",
                                where))
        if not 0 <= at < len(history.discards):
            issues.append(Issue("declaration_out_of_range", f"sacred_declared_at {at} is not an index into the "
                                f"{len(history.discards)} discards: give 0 to {len(history.discards) - 1}.", where))
        elif flagged and at > flagged[0]:
            # the declaration must come no later than the riichi turn (RULES.md §3.1, SEED-SD)
            issues.append(Issue("declaration_after_riichi", "A sacred-discard declaration must come no later than "
                                "the riichi discard.", where))
    return issues


def _validate(history: History, rules: Rules) -> None:
    issues = check_history(history, rules)
    if issues:
        raise InvalidHand(issues)


def _river(history: History, rules: Rules) -> tuple[set, int | None]:
    """Kinds in the river that sacred discard still counts, and the kind of the last discard if it counts.

    A declaration lifts the restrictions of the discards up to the marked one; with
    sacred_declaration_scope = whole_deal it lifts them for the rest of the deal (§3.1, §23.5).
    """
    discards = history.discards
    at = history.sacred_declared_at
    if at is not None:
        discards = () if rules.sacred_declaration_scope == "whole_deal" else discards[at + 1:]
    river = {KIND[d.tile] for d in discards}
    return river, (KIND[discards[-1].tile] if discards else None)


def _one_four_seven(info: WaitInfo, river: set) -> tuple[Partial, ...]:
    """The partials of a wait that no river tile completes (RULES.md §3.3, §3.8)."""
    if not river:   # an empty river completes none
        return info.partials
    return tuple(p for p in info.partials if p.completers.isdisjoint(river))


def _sacred_blocks(infos, waits: set, river: set, last: int | None) -> tuple[dict, list]:
    """Waits on which ron is forbidden, by sacred-discard variant (RULES.md §3.3), and each wait with the partials
    1-4-7 keeps (_one_four_seven): 1-4-7 blocks a wait none of whose partials it keeps. The variant "none" blocks
    nothing (no entry)."""
    kept = [(i.tile, _one_four_seven(i, river)) for i in infos]
    extended = river & waits
    return ({"traditional": {last} & waits, "extended": extended,
             "one_four_seven": {tile for tile, partials in kept if not partials},
             "absolute": set(waits) if extended else set()}, kept)


def _ordered(tiles, waits: set) -> tuple[int, ...]:
    """The distinct waits among `tiles` (kinds of codes), in tile order."""
    return tuple(sorted({kind(t) for t in tiles} & waits))


# missed_discard_trigger: the passed tiles (missed) that put the player in missed-discard furiten, given
# his waits. structural: any tile that completes the hand, yaku ignored (RULES.md §2.2, §23.2).
MISSED_TRIGGERS = {"structural": _ordered}


class _Bans(NamedTuple):
    sacred_ron: set
    missed_ron: set
    missed_tsumo: set
    riichi_ron: set
    dead: bool
    temporary: FuritenState
    riichi_state: FuritenState


def _bans(waits: set, sacred: set, history: History, rules: Rules, river: set) -> _Bans:
    """Every ban on the waits: `sacred` (the preset variant's), missed discard, riichi furiten, dead hand."""
    # missed discard (RULES.md §2.1-§2.2): which passed tiles trigger it, identical tile or any wait,
    # ron only or self-draws too
    passed = MISSED_TRIGGERS[rules.missed_discard_trigger](history.missed, waits) if history.missed else ()
    mode = rules.missed_discard_mode
    missed_ron = missed_tsumo = set()
    if passed and mode != "none":
        scope = set(passed) if mode.startswith("identical") else set(waits)
        missed_ron = scope
        # a ban that ends when the player takes a tile (own_draw_or_claim, any_call_or_own_draw) is over
        # by the time he could win on his own draw: only one lasting until his own discard reaches it
        reaches_draw = rules.missed_discard_expires_on == "own_discard"
        missed_tsumo = scope if mode.endswith("incl_tsumo") and reaches_draw else set()
    in_riichi = history.riichi != "none"
    passed_riichi = _ordered(history.missed_after_riichi, waits) if in_riichi else ()
    # riichi furiten: "require going out on the first possible discard" (§4.3)
    riichi_ron = set(waits) if passed_riichi and rules.riichi_first_discard_required else set()
    dead = False
    if in_riichi and rules.riichi_missed_tile_kills_hand:
        # a missed or discarded winning tile makes a declared hand dead (§3.10, §4.6)
        dead = bool(river & waits or passed_riichi or passed)
    if in_riichi and rules.riichi_first_selfdraw_required and not dead:
        # after riichi every discard is a drawn tile; throwing a winning one kills the hand (§4.3)
        r = riichi_index(history)
        dead = r is not None and any(kind(d.tile) in waits for d in history.discards[r + 1:])
    temporary = _new(FuritenState, (bool(passed) and mode != "none", passed)) if passed else _CLEAR
    state = _new(FuritenState, (bool(riichi_ron), passed_riichi)) if riichi_ron or passed_riichi else _CLEAR
    return _new(_Bans, (sacred, missed_ron, missed_tsumo, riichi_ron, dead, temporary, state))


_CLEAR = FuritenState(False, ())   # no passed tile: no missed-discard (or riichi) furiten


def _any_ban(bans: _Bans) -> bool:
    """Some wait is barred some way (most positions: none is)."""
    return bool(bans.sacred_ron or bans.missed_ron or bans.missed_tsumo or bans.riichi_ron or bans.dead)


def _filters_readings(rules: Rules) -> bool:
    """1-4-7 sacred discard scores a ron only through the readings it allows (RULES.md §3.8, §23.3)."""
    return rules.sacred_discard_variant == "one_four_seven" and rules.one_four_seven_scoring == "allowed_decomposition_only"


def _some_reading_barred(info: WaitInfo, river: set) -> bool:
    """A river tile completes some partial of this wait (so 1-4-7 leaves fewer readings to score)."""
    return len(_one_four_seven(info, river)) < len(info.partials)


def _reasons(tile: int, bans: _Bans, sacred_applies: bool = True) -> tuple[str, ...]:
    out = []
    if sacred_applies and tile in bans.sacred_ron:
        out.append("sacred_discard")
    if tile in bans.missed_ron or tile in bans.missed_tsumo:
        out.append("missed_discard")
    if tile in bans.riichi_ron:
        out.append("riichi_furiten")
    if bans.dead:
        out.append("dead_hand")
    return tuple(out)


def furiten_status(hand: Hand, history: History, rules: Rules = Rules()) -> FuritenResult:
    """The /v1/furiten answer: every variant, missed-discard and riichi furiten, and the verdict."""
    return furiten_with_context(hand, history, rules)[0]


def furiten_with_context(hand: Hand, history: History, rules: Rules) -> tuple[FuritenResult, PermissionContext]:
    """furiten_status and permission_context of one position together, from one pass over its waits and history
    (/v1/evaluate asks both)."""
    _validate(history, rules)
    infos = analyse(hand, rules)
    waits = tuple([i.tile for i in infos])
    wset = set(waits)
    river, last = _river(history, rules)
    variants = []
    by_variant, kept = _sacred_blocks(infos, wset, river, last)
    sacred = by_variant.get(rules.sacred_discard_variant, set())
    for name in VARIANTS:
        blocked = by_variant[name]
        partials = ()
        if name == "one_four_seven":
            partials = tuple([pair for pair in kept if pair[0] not in blocked])
        if blocked:
            variants.append(_new(VariantResult, (name, True, tuple([w for w in waits if w not in blocked]),
                                                 tuple([w for w in waits if w in blocked]), partials)))
        else:
            variants.append(_new(VariantResult, (name, False, waits, (), partials)))
    bans = _bans(wset, sacred, history, rules, river)
    if _any_ban(bans):
        tiles = []
        for w in waits:
            ron = not (w in bans.sacred_ron or w in bans.missed_ron or w in bans.riichi_ron or bans.dead)
            tsumo = not (w in bans.missed_tsumo or bans.dead)
            tiles.append(_new(TileVerdict, (w, ron, tsumo, _reasons(w, bans))))
    else:   # no ban at all (most positions): every wait may be won either way
        tiles = [_new(TileVerdict, (w, True, True, ())) for w in waits]
    return (_new(FuritenResult, (bool(waits), waits, tuple(variants), bans.temporary, bans.riichi_state,
                                 _new(Verdict, (rules.sacred_discard_variant, tuple(tiles))))),
            _new(PermissionContext, (infos, river, bans)))


class PermissionContext(NamedTuple):
    """What win_permission works out once for a hand and its history, whatever the winning tile."""
    infos: tuple[WaitInfo, ...]
    river: set
    bans: _Bans


def permission_context(hand: Hand, history: History, rules: Rules) -> PermissionContext:
    """The waits with their partials, the counted river and every ban (InvalidHand on a bad history)."""
    _validate(history, rules)
    infos = analyse(hand, rules)
    river, last = _river(history, rules)
    wset = {i.tile for i in infos}
    sacred = _sacred_blocks(infos, wset, river, last)[0].get(rules.sacred_discard_variant, set())
    bans = _bans(wset, sacred, history, rules, river)
    return PermissionContext(infos, river, bans)


ALLOWED = WinPermission(True, (), None)


def win_permission(hand: Hand, win_tile: int, history: History, rules: Rules, win_by: str,
                   context: PermissionContext | None = None) -> WinPermission:
    """May the hand win on `win_tile` by ron, tsumo or chankan under the rules' furiten options.

    A tile that does not complete the hand is not a furiten question (scoring refuses it as
    incomplete), so it is allowed here. `context` (permission_context of the same hand, history
    and rules) spares the shared work when several tiles or win methods are asked about.
    """
    if win_by not in WIN_BY:
        raise InvalidHand([Issue("invalid_win_by", f"win_by is one of {', '.join(WIN_BY)}.", "win_by")])
    ctx = context if context is not None else permission_context(hand, history, rules)
    k = KIND[win_tile]
    for info in ctx.infos:
        if info.tile == k:
            break
    else:
        return ALLOWED
    river, bans = ctx.river, ctx.bans
    # robbing a kan is a win on a discard for sacred discard only if the option says so (§3.2, §23.4);
    # missed-discard and riichi furiten always treat it as a ron (§2.1: a chankan tile counts as a pass)
    sacred_applies = win_by == "ron" or (win_by == "chankan" and rules.sacred_discard_applies_to_chankan)
    if win_by == "tsumo":
        if k not in bans.missed_tsumo and not bans.dead:
            return ALLOWED
        reasons = ("missed_discard",) * (k in bans.missed_tsumo) + ("dead_hand",) * bans.dead
    else:
        reasons = _reasons(k, bans, sacred_applies)
    readings = None
    if sacred_applies and _filters_readings(rules) and _some_reading_barred(info, river):
        readings = allowed_readings(hand, k, river, rules)
    if not reasons and readings is None:
        return ALLOWED
    return WinPermission(not reasons, reasons, readings)


def restricts_nothing(context: PermissionContext, rules: Rules) -> bool:
    """Whether win_permission with this context is ALLOWED for every tile and every way of winning: no ban on any
    wait (sacred discard, missed discard, riichi furiten, dead hand) and no 1-4-7 filter on any wait's readings.
    A caller scoring several wins of one position may then leave the furiten check out."""
    if _any_ban(context.bans):
        return False
    return not (_filters_readings(rules) and any(_some_reading_barred(info, context.river) for info in context.infos))
